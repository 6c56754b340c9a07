"""Orca 43, GNOME's screen reader, run with its debug log: what it would have spoken ("SPEECH
OUTPUT: '…'" lines, no synthesizer needed) read back once it has ended, each utterance placed
between the marks the test made as it acted. Orca writes that log through an 8 KiB buffer
(what it said last was lost when it had to be killed), so it is started with the log's file
line-buffered, which also lets a test wait until Orca has caught up with the app."""
import datetime
import os
import re
import signal
import subprocess
import time

import pyatspi

from atspi_app import HANG, wait_for

SPEECH = re.compile(r"^(\d\d):(\d\d):(\d\d\.\d+) - SPEECH OUTPUT: '(.*)'(?: voice=\w+)?\{.*\}$")
# What Orca says for a control with no name of its own: its role alone, or a GTK type name.
UNNAMED = re.compile(r"^((push |toggle |menu )?button|check box|menu item|radio button)\.?$|\bGtk[A-Z]\w+")


def _seconds(hours, minutes, seconds):
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


# Orca's own program, its debug log opened line-buffered (sys.argv[1]: the log's path).
LAUNCH = """import builtins, runpy, sys
path = sys.argv[1]
opened = builtins.open
def line_buffered(file, mode="r", *args, **kwargs):
    if file == path and "w" in mode:
        return opened(file, mode, buffering=1)
    return opened(file, mode, *args, **kwargs)
builtins.open = line_buffered
sys.argv = ["orca", "--replace", "--debug-file=" + path]
runpy.run_path("/usr/bin/orca", run_name="__main__")
"""


class Orca:
    """One Orca process for a test; `said` and `between` once `stop` has run."""

    def __init__(self, folder):
        self.log_path = os.path.join(folder, "orca-debug.log")
        self.marks = []
        self.utterances = None
        self.proc = subprocess.Popen(["/usr/bin/python3", "-c", LAUNCH, self.log_path],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self._on_bus, timeout=HANG, what="Orca on the accessibility bus")
        # It registers its listeners, says "Screen reader on", then starts taking events: an
        # app that shows a window before that is not heard (2 s of sleep here were too few on
        # a busy machine: the list's window went unsaid).
        wait_for(self._listening, what="Orca to take events")

    def _listening(self):
        if not os.path.exists(self.log_path):
            return False
        with open(self.log_path, errors="replace") as log:
            return "ORCA: Starting registry" in log.read()

    @staticmethod
    def _on_bus():
        return any(app is not None and app.name == "orca" for app in pyatspi.Registry.getDesktop(0))

    def mark(self, label):
        """Notes that what follows was said after `label` happened."""
        self.marks.append((self._now(), label))

    @staticmethod
    def _now():
        now = datetime.datetime.now()
        return _seconds(now.hour, now.minute, f"{now.second}.{now.microsecond:06d}")

    def caught_up(self, quiet=1.0, timeout=6):
        """Waits until Orca has written nothing for `quiet` seconds: it has handled what the
        app told it (or `timeout` has passed: a running meeting keeps it writing)."""
        end = time.monotonic() + timeout
        size, since = -1, time.monotonic()
        while time.monotonic() < end:
            now = os.path.getsize(self.log_path)
            if now != size:
                size, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return
            time.sleep(0.1)

    def heard(self, text, timeout=HANG):
        """Waits until Orca has said `text` (a string, or a pattern it must match whole) since
        the last mark: the answer to what the test just did, however late a busy machine
        makes it."""
        since = self.marks[-1][0] if self.marks else float("-inf")
        matches = text.fullmatch if hasattr(text, "fullmatch") else text.__eq__
        wait_for(lambda: any(at >= since and matches(said) for at, said in self._read()),
                 timeout=timeout, what=f"Orca to say {text!r}")

    def _read(self):
        utterances = []
        start = self.marks[0][0] if self.marks else None
        with open(self.log_path, errors="replace") as log:
            for line in log:
                match = SPEECH.match(line.rstrip("\n"))
                if match:
                    at = _seconds(*match.group(1, 2, 3))
                    if start is not None and at < start - 12 * 3600:
                        at += 24 * 3600  # past midnight
                    utterances.append((at, match.group(4)))
        return utterances

    def stop(self):
        """Ends Orca once it has caught up and reads what it said."""
        self.caught_up()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=HANG)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=HANG)
        self.utterances = self._read()
        return self.utterances

    def said(self):
        """Every utterance, in order."""
        return [text for _, text in self.utterances]

    def between(self, first, last=None):
        """What was said after mark `first` and before mark `last` (or the end)."""
        times = dict((label, at) for at, label in self.marks)
        begin, end = times[first], times[last] if last else float("inf")
        return [text for at, text in self.utterances if begin <= at < end]

    def transcript(self):
        """The whole log as a reader of the note would want it: each mark, then what followed."""
        lines, marks = [], sorted(self.marks)
        for at, text in self.utterances:
            while marks and marks[0][0] <= at:
                lines.append(f"[{marks.pop(0)[1]}]")
            lines.append(f"  {text}")
        lines += [f"[{label}]" for _, label in marks]
        return "\n".join(lines)
