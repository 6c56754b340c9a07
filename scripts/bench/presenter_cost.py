"""Presenter view cost: the same running meeting measured for 30 s in one window, then for 30 s
presented on the second monitor (the room's window full screen there, the console beside it),
inside mutter headless with two virtual monitors (run through scripts/with-monitors.sh). The
meeting is started and presented through AT-SPI, as a user would, by helper processes that
have exited before each measurement (no accessibility client attached while measuring).
Prints "presenter_cpu_pct PRESENTED ONE_WINDOW" and "presenter_wakeups_per_s PRESENTED
ONE_WINDOW" (main-thread wakeups, as meeting_cost.py counts them)."""
import os
import subprocess
import sys
import tempfile
import time

from audio_capture import PulseServer
from conftest import scrum, write_scrums
from procfs import meeting_figures

binary = sys.argv[1]
SECONDS = 30


def measure(pid):
    (cpu, wakeups, _), = meeting_figures([pid], SECONDS)
    return cpu, wakeups


data = tempfile.mkdtemp()
# The sound server moves XDG_RUNTIME_DIR: the compositor's socket by its full path.
os.environ["WAYLAND_DISPLAY"] = os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ["WAYLAND_DISPLAY"])
pulse = PulseServer(data)  # a desktop has a sound server (no failure toast animating)
os.environ.update(pulse.env)
write_scrums(__import__("pathlib").Path(data), [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=30)])
here = os.path.dirname(__file__)
pid = int(subprocess.run(["/usr/bin/python3", os.path.join(here, "start_meeting.py"), binary, data],
                         check=True, capture_output=True, text=True, env=dict(os.environ, GDK_BACKEND="wayland")).stdout.split()[-1])
try:
    time.sleep(3)  # settle: first frames, the ding's warm-up
    one_cpu, one_wakeups = measure(pid)
    subprocess.run(["/usr/bin/python3", os.path.join(here, "present_meeting.py"), str(pid)], check=True)
    time.sleep(3)
    presented_cpu, presented_wakeups = measure(pid)
finally:
    os.kill(pid, 9)
    pulse.stop()
print(f"presenter_cpu_pct {presented_cpu:.3f} {one_cpu:.3f}")
print(f"presenter_wakeups_per_s {presented_wakeups:.2f} {one_wakeups:.2f}")
