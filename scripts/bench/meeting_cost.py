"""Meeting cost: CPU % and main-thread wakeups per second over 30 s of a running meeting
(started through AT-SPI, as a user would), measured at the same time as the bare libadwaita
window idling and GNOME Clocks' running timer (the stock GNOME app doing the same job).
Wake-ups are the main thread's voluntary context switches (each time it sleeps and is woken);
its involuntary ones (preempted by another thread) are printed as "preempted".
Under X (Xvfb) prints "meeting_cpu_pct APP BARE", "meeting_wakeups_per_s APP BARE", the same
against Clocks, and the wakeups with a screen-reader client; with --wayland (run inside a
Wayland compositor) "meeting_cpu_wayland_pct APP CLOCKS", "meeting_wakeups_wayland_per_s APP
CLOCKS" and the preemptions, then the same meeting switched to the compact view (pressed
through AT-SPI) for another 30 s: "compact_cpu_wayland_pct COMPACT CLOCKS", "compact_cpu_vs_page_
wayland_pct COMPACT PAGE" and the wake-ups likewise."""
import os
import subprocess
import sys
import tempfile
import time

from audio_capture import PulseServer
from conftest import scrum, write_scrums
from procfs import meeting_figures

binary, baseline = sys.argv[1], sys.argv[2]
wayland = "--wayland" in sys.argv[3:]
SECONDS = 30


data = tempfile.mkdtemp()
# A desktop has a sound server: without one the ding's failure toast would animate at 60 fps.
pulse = PulseServer(data)
os.environ.update(pulse.env)
write_scrums(__import__("pathlib").Path(data), [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=5)])
here = os.path.dirname(__file__)
pid = int(subprocess.run(["/usr/bin/python3", os.path.join(here, "start_meeting.py"), binary, data],
                         check=True, capture_output=True, text=True).stdout.split()[-1])
clocks = int(subprocess.run(["/usr/bin/python3", os.path.join(here, "clocks_timer.py")],
                            check=True, stdout=subprocess.PIPE, text=True).stdout.split()[-1])
bare = subprocess.Popen([baseline])
try:
    time.sleep(3)  # settle: first frames, the ding's warm-up
    ((app_cpu, app_wakeups, app_preempted), (bare_cpu, bare_wakeups, _),
     (clocks_cpu, clocks_wakeups, clocks_preempted)) = meeting_figures([pid, bare.pid, clocks], SECONDS)
    import pyatspi
    if wayland:
        # The same meeting beside a call: the compact view, against Clocks measured again.
        desktop = pyatspi.Registry.getDesktop(0)
        app = next(a for a in desktop if a is not None and a.get_process_id() == pid)
        toggle = next(n for n in pyatspi.findAllDescendants(app, lambda n: n.name == "Compact View")
                      if n.queryAction().nActions > 0)
        toggle.queryAction().doAction(0)
        del app, toggle, desktop
        time.sleep(3)
        (compact_cpu, compact_wakeups, _), (clocks_cpu_again, clocks_wakeups_again, _) = meeting_figures([pid, clocks], SECONDS)
    else:
        # The same meeting with an assistive-technology client attached (a screen reader's
        # view): reported, not a target.
        listener = lambda event: None
        pyatspi.Registry.registerEventListener(listener, "object:text-changed", "object:property-change")
        (at_cpu, at_wakeups, _), = meeting_figures([pid], SECONDS)
        pyatspi.Registry.deregisterEventListener(listener, "object:text-changed", "object:property-change")
finally:
    for running in (pid, clocks):
        os.kill(running, 9)
    bare.terminate()
    bare.wait(timeout=10)
    pulse.stop()
if wayland:
    print(f"meeting_cpu_wayland_pct {app_cpu:.3f} {clocks_cpu:.3f}")
    print(f"meeting_wakeups_wayland_per_s {app_wakeups:.2f} {clocks_wakeups:.2f}")
    print(f"meeting_preempted_wayland_per_s {app_preempted:.2f} {clocks_preempted:.2f}")
    print(f"compact_cpu_wayland_pct {compact_cpu:.3f} {clocks_cpu_again:.3f}")
    print(f"compact_wakeups_wayland_per_s {compact_wakeups:.2f} {clocks_wakeups_again:.2f}")
    print(f"compact_cpu_vs_page_wayland_pct {compact_cpu:.3f} {app_cpu:.3f}")
    print(f"compact_wakeups_vs_page_wayland_per_s {compact_wakeups:.2f} {app_wakeups:.2f}")
else:
    print(f"meeting_cpu_pct {app_cpu:.3f} {bare_cpu:.3f}")
    print(f"meeting_wakeups_per_s {app_wakeups:.2f} {bare_wakeups:.2f}")
    print(f"meeting_cpu_vs_clocks_pct {app_cpu:.3f} {clocks_cpu:.3f}")
    print(f"meeting_wakeups_vs_clocks_per_s {app_wakeups:.2f} {clocks_wakeups:.2f}")
    print(f"meeting_preempted_per_s {app_preempted:.2f} {clocks_preempted:.2f}")
    print(f"meeting_wakeups_with_at_client_per_s {at_wakeups:.2f} {app_wakeups:.2f}")
