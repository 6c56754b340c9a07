"""The app running in the background for reminders (`scrumdinger --background`, a scrum on a
schedule whose reminder is hours away): its memory (RSS) 3 s after start and the wake-ups of
all its threads over 30 s (a worker pool's timer counts as much as the main loop's), beside the app with its window open and idle (the same scrums, the same
30 s afterwards). Prints "background_rss_kib BG WINDOW" and "background_wakeups_per_s BG WINDOW"."""
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from procfs import rss_kib, voluntary_switches

binary = sys.argv[1]
SECONDS = 30


def measure(arguments):
    """RSS after 3 s, and the process's wake-ups a second over the next 30 s."""
    proc = subprocess.Popen([binary, *arguments], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(3)
        memory = rss_kib(proc.pid)
        before, started = voluntary_switches(proc.pid), time.monotonic()
        time.sleep(SECONDS)
        after = voluntary_switches(proc.pid)
        # A thread started meanwhile counts whole; one that ended drops out (its last wake-ups
        # uncounted, rather than its whole past taken off the sum).
        wakeups = sum(count - before.get(task, 0) for task, count in after.items()) / (time.monotonic() - started)
        return memory, wakeups
    finally:
        proc.kill()
        proc.wait(timeout=10)


data = tempfile.mkdtemp()
start = datetime.datetime.now() + datetime.timedelta(hours=3)
folder = os.path.join(data, "io.github.scrumdinger.Scrumdinger")
os.makedirs(folder)
with open(os.path.join(folder, "scrums.json"), "w") as file:
    json.dump({"version": 1, "scrums": [{
        "id": str(uuid.uuid4()).upper(), "title": "Standup", "lengthInMinutes": 15, "theme": "sky", "history": [],
        "attendees": [{"id": str(uuid.uuid4()).upper(), "name": name} for name in ["Ana", "Ben", "Cy"]],
        "schedule": {"days": [1, 2, 3, 4, 5, 6, 7], "hour": start.hour, "minute": start.minute, "remind": 5}}]}, file)
env = dict(os.environ, XDG_DATA_HOME=data, XDG_CONFIG_HOME=tempfile.mkdtemp())
background = measure(["--background"])
window = measure([])
print(f"background_rss_kib {background[0]} {window[0]}")
print(f"background_wakeups_per_s {background[1]:.2f} {window[1]:.2f}")
