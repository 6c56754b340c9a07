"""Meeting cost: CPU % and main-thread wakeups per second over 30 s of a running meeting
(started through AT-SPI, as a user would), beside the bare libadwaita window idling for the
same 30 s. Prints "meeting_cpu_pct APP BASE" and "meeting_wakeups_per_s APP BASE"."""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "e2e"))
from audio_capture import PulseServer  # noqa: E402
from conftest import scrum, write_scrums  # noqa: E402

binary, baseline = sys.argv[1], sys.argv[2]
SECONDS = 30
TICK = os.sysconf("SC_CLK_TCK")


def sample(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICK  # utime + stime, all threads
    switches = 0
    with open(f"/proc/{pid}/task/{pid}/status") as status:  # the main thread only
        for line in status:
            if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                switches += int(line.split()[1])
    return time.monotonic(), cpu, switches


def measure(pids):
    start = [sample(pid) for pid in pids]
    time.sleep(SECONDS)
    end = [sample(pid) for pid in pids]
    return [(100 * (c1 - c0) / (t1 - t0), (w1 - w0) / (t1 - t0))
            for (t0, c0, w0), (t1, c1, w1) in zip(start, end)]


data = tempfile.mkdtemp()
# A desktop has a sound server: without one the ding's failure toast would animate at 60 fps.
pulse = PulseServer(data)
os.environ.update(pulse.env)
write_scrums(__import__("pathlib").Path(data), [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=5)])
here = os.path.dirname(__file__)
pid = int(subprocess.run(["/usr/bin/python3", os.path.join(here, "start_meeting.py"), binary, data],
                         check=True, capture_output=True, text=True).stdout.split()[-1])
bare = subprocess.Popen([baseline], env=dict(os.environ, GDK_BACKEND="x11"))
try:
    time.sleep(3)  # settle: first frames, the ding's warm-up
    (app_cpu, app_wakeups), (bare_cpu, bare_wakeups) = measure([pid, bare.pid])
    # The same meeting with an assistive-technology client attached (a screen reader's view):
    # reported, not a target.
    import pyatspi
    listener = lambda event: None
    pyatspi.Registry.registerEventListener(listener, "object:text-changed", "object:property-change")
    (at_cpu, at_wakeups), = measure([pid])
    pyatspi.Registry.deregisterEventListener(listener, "object:text-changed", "object:property-change")
finally:
    os.kill(pid, 9)
    bare.terminate()
    bare.wait(timeout=10)
    pulse.stop()
print(f"meeting_cpu_pct {app_cpu:.3f} {bare_cpu:.3f}")
print(f"meeting_wakeups_per_s {app_wakeups:.2f} {bare_wakeups:.2f}")
print(f"meeting_wakeups_with_at_client_per_s {at_wakeups:.2f} {app_wakeups:.2f}")
