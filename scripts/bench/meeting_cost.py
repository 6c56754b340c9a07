"""Meeting cost: CPU % and main-thread wakeups per second over 30 s of a running meeting
(started through AT-SPI, as a user would), beside the bare libadwaita window idling for the
same 30 s. Prints "meeting_cpu_pct APP BASE" and "meeting_wakeups_per_s APP BASE"."""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "e2e"))
from atspi_app import App  # noqa: E402
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


data = tempfile.mkdtemp()
write_scrums(__import__("pathlib").Path(data), [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=5)])
os.environ["SCRUMDINGER_BIN"] = binary
app = App(data, command=[binary])
bare = subprocess.Popen([baseline], env=dict(os.environ, GDK_BACKEND="x11"))
try:
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 3", within=app.main)
    time.sleep(3)  # settle: first frames, the ding's warm-up
    start = sample(app.pid), sample(bare.pid)
    time.sleep(SECONDS)
    end = sample(app.pid), sample(bare.pid)
    app.find("label", "Speaker 2 of 3", within=app.main, timeout=120)  # it really ran
finally:
    app.kill()
    bare.terminate()
    bare.wait(timeout=10)
rates = []
for (t0, cpu0, sw0), (t1, cpu1, sw1) in zip(start, end):
    rates.append((100 * (cpu1 - cpu0) / (t1 - t0), (sw1 - sw0) / (t1 - t0)))
print(f"meeting_cpu_pct {rates[0][0]:.3f} {rates[1][0]:.3f}")
print(f"meeting_wakeups_per_s {rates[0][1]:.2f} {rates[1][1]:.2f}")
