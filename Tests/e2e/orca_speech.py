"""Orca 43, GNOME's screen reader, run with its debug log: what it would have spoken ("SPEECH
OUTPUT: '…'" lines, no synthesizer needed) read back once it has ended (the log is written
through a buffer, so it is complete only then), each utterance placed between the marks the
test made as it acted."""
import datetime
import os
import re
import signal
import subprocess
import time

import pyatspi

from atspi_app import wait_for

SPEECH = re.compile(r"^(\d\d):(\d\d):(\d\d\.\d+) - SPEECH OUTPUT: '(.*)'(?: voice=\w+)?\{.*\}$")
# What Orca says for a control with no name of its own: its role alone, or a GTK type name.
UNNAMED = re.compile(r"^((push |toggle |menu )?button|check box|menu item|radio button)\.?$|\bGtk[A-Z]\w+")


def _seconds(hours, minutes, seconds):
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


class Orca:
    """One Orca process for a test; `said` and `between` once `stop` has run."""

    def __init__(self, folder):
        self.log_path = os.path.join(folder, "orca-debug.log")
        self.marks = []
        self.utterances = None
        self.proc = subprocess.Popen(["orca", "--replace", f"--debug-file={self.log_path}"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self._on_bus, timeout=20, what="Orca on the accessibility bus")
        time.sleep(2)  # it reads its settings and says "Screen reader on" before it listens

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

    def stop(self):
        """Ends Orca (SIGTERM: it writes out its log) and reads what it said."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.utterances = []
        start = self.marks[0][0] if self.marks else None
        with open(self.log_path, errors="replace") as log:
            for line in log:
                match = SPEECH.match(line.rstrip("\n"))
                if match:
                    at = _seconds(*match.group(1, 2, 3))
                    if start is not None and at < start - 12 * 3600:
                        at += 24 * 3600  # past midnight
                    self.utterances.append((at, match.group(4)))
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
