"""The CPU a recording costs: the same five-minute meeting (started through AT-SPI, as a user
would) measured for 30 s while it is recorded and while it is not, one after the other, with
a PulseAudio null sink's monitor as the default microphone. Prints "recorded_meeting_cpu_pct
RECORDED PLAIN"."""
import os
import subprocess
import sys
import tempfile
import time

from audio_capture import PulseServer
from conftest import record_on_this_computer, scrum, write_scrums
from procfs import cpu_seconds

binary = sys.argv[1]
SECONDS = 30


def meeting_cpu(recorded):
    data = tempfile.mkdtemp()
    standup = scrum("Standup", ["Ana", "Ben", "Cy"], minutes=5)
    write_scrums(__import__("pathlib").Path(data), [standup])
    if recorded:
        record_on_this_computer(__import__("pathlib").Path(data), standup)
    here = os.path.dirname(__file__)
    pid = int(subprocess.run(["/usr/bin/python3", os.path.join(here, "start_meeting.py"), binary, data],
                             check=True, capture_output=True, text=True).stdout.split()[-1])
    try:
        time.sleep(3)  # settle: first frames, the ding's warm-up, the recorder's start
        t0, c0 = time.monotonic(), cpu_seconds(pid)
        time.sleep(SECONDS)
        return 100 * (cpu_seconds(pid) - c0) / (time.monotonic() - t0)
    finally:
        os.kill(pid, 9)


pulse = PulseServer(tempfile.mkdtemp())
os.environ.update(pulse.env)
try:
    recorded = meeting_cpu(True)
    plain = meeting_cpu(False)
finally:
    pulse.stop()
print(f"recorded_meeting_cpu_pct {recorded:.3f} {plain:.3f}")
