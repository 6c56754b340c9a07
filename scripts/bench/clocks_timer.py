"""Starts GNOME Clocks and, through AT-SPI as a user would, opens the Timer tab, picks the
5-minute preset and starts it; waits until the countdown shows, prints Clocks' pid and exits
(leaving Clocks counting down, and this AT-SPI client gone). The peer baseline of the meeting
cost: the stock GNOME timer doing the same job as a running meeting."""
import subprocess
import time

import pyatspi
from atspi_app import descendants, wait_for

clocks = subprocess.Popen(["gnome-clocks"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
# By process: an earlier Clocks (killed after the X figures) can still be listed.
app = wait_for(lambda: next((a for a in pyatspi.Registry.getDesktop(0)
                             if a is not None and a.get_process_id() == clocks.pid), None),
               timeout=20, what="Clocks on the bus")


def named(role, name):
    return [n for n in descendants(app) if n.getRoleName() == role and n.name == name]


wait_for(lambda: named("page tab", "Timer"), timeout=20, what="the Timer tab")[0].queryAction().doAction(0)
wait_for(lambda: named("push button", "5 m"), timeout=20, what="the 5-minute preset")[0].queryAction().doAction(0)
# Clocks 43's start button is the round play button at the end of the timer setup; it has no
# accessible name of its own.
time.sleep(0.5)
named("push button", "GtkImage")[-1].queryAction().doAction(0)
wait_for(lambda: [n for n in descendants(app) if n.getRoleName() == "label" and "04" in (n.name or "")
                  and "∶" in n.name], timeout=20, what="the running countdown")
print(clocks.pid)
