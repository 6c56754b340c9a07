"""The CPU a recording costs: the same five-minute meeting (started through AT-SPI, as a user
would) measured for 30 s while it is recorded and while it is not, one after the other, with
a PulseAudio null sink's monitor as the default microphone. Prints "recorded_meeting_cpu_pct
RECORDED PLAIN".

Then what hearing it as it runs costs the meeting: the recorded meeting with speech played
into the sink all along (the bench's stand-up talk), measured over 75 s, in which the helper
recognises two full windows of 30 s, beside the plain meeting over as long: the app's CPU, its
main thread's wake-ups and preemptions a second (a helper that took the CPU from the meeting
would preempt it), and the helper's CPU seconds and scheduling policy (SCHED_IDLE is 5)."""
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from audio_capture import SINK, PulseServer
from conftest import record_on_this_computer, scrum, write_scrums
from procfs import cpu_seconds, meeting_figures

binary = sys.argv[1]
speech = sys.argv[2] if len(sys.argv) > 2 else None
SECONDS = 30
HEARD_SECONDS = 75


def started_meeting(recorded):
    """The pid of the app, started on a new data folder with a five-minute meeting running,
    recorded on this computer or not."""
    data = pathlib.Path(tempfile.mkdtemp())
    standup = scrum("Standup", ["Ana", "Ben", "Cy"], minutes=5)
    write_scrums(data, [standup])
    if recorded:
        record_on_this_computer(data, standup)
    here = os.path.dirname(__file__)
    return int(subprocess.run(["/usr/bin/python3", os.path.join(here, "start_meeting.py"), binary, str(data)],
                              check=True, capture_output=True, text=True).stdout.split()[-1])


def meeting_cpu(recorded):
    pid = started_meeting(recorded)
    try:
        time.sleep(3)  # settle: first frames, the ding's warm-up, the recorder's start
        t0, c0 = time.monotonic(), cpu_seconds(pid)
        time.sleep(SECONDS)
        return 100 * (cpu_seconds(pid) - c0) / (time.monotonic() - t0)
    finally:
        os.kill(pid, 9)


def helper_of(pid):
    """The speech helper the app at `pid` runs (its child), if any."""
    for task in os.listdir(f"/proc/{pid}/task"):
        for child in open(f"/proc/{pid}/task/{task}/children").read().split():
            if "scrumdinger-transcribe" in open(f"/proc/{child}/cmdline").read():
                return int(child)
    return None


def heard_meeting(recorded):
    """(CPU %, wake-ups/s, preempted/s) of the app over HEARD_SECONDS of a meeting with speech
    playing, and the helper's CPU seconds and scheduling policy then (recorded only)."""
    pid = started_meeting(recorded)
    talk = subprocess.Popen(["paplay", f"--device={SINK}", speech], env=dict(os.environ, **pulse.env))
    try:
        time.sleep(3)
        helper = helper_of(pid) if recorded else None
        before = cpu_seconds(helper) if helper else 0.0
        [(cpu, wakeups, preempted)] = meeting_figures([pid], HEARD_SECONDS)
        helper_cpu = cpu_seconds(helper) - before if helper else 0.0
        policy = int(open(f"/proc/{helper}/stat").read().rsplit(")", 1)[1].split()[38]) if helper else -1
        return cpu, wakeups, preempted, helper_cpu, policy
    finally:
        talk.kill()
        os.kill(pid, 9)


pulse = PulseServer(tempfile.mkdtemp())
os.environ.update(pulse.env)
try:
    recorded = meeting_cpu(True)
    plain = meeting_cpu(False)
    if speech:
        heard = heard_meeting(True)
        unheard = heard_meeting(False)
finally:
    pulse.stop()
print(f"recorded_meeting_cpu_pct {recorded:.3f} {plain:.3f}")
if speech:
    print(f"heard_meeting_cpu_pct {heard[0]:.3f} {unheard[0]:.3f}")
    print(f"heard_meeting_wakeups_per_s {heard[1]:.2f} {unheard[1]:.2f}")
    print(f"heard_meeting_preempted_per_s {heard[2]:.2f} {unheard[2]:.2f}")
    print(f"heard_meeting_helper_cpu_s {heard[3]:.1f} {HEARD_SECONDS}")
    print(f"heard_meeting_helper_policy {heard[4]} 5")
