"""Presents the meeting running in the app with pid PID on the other monitor, through AT-SPI
as a user would (the meeting's main menu, "Present on …"); exits once the presentation shows
the meeting, so this AT-SPI client is gone before what is measured next."""
import sys

import pyatspi

from atspi_app import descendants, wait_for

pid = int(sys.argv[1])
app = wait_for(lambda: next((a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.get_process_id() == pid), None),
               what="the app on the accessibility bus")
main = next(w for w in app if w is not None and w.name.endswith(" — Meeting"))


def actionable(root, role, test):
    return [n for n in descendants(root) if n.getRoleName() == role and test(n.name) and n.queryAction().nActions]


# The pages along the route each have a main menu: the meeting's is the last.
actionable(main, "push button", lambda name: name == "Main Menu")[-1].queryAction().doAction(0)
item = wait_for(lambda: next(iter(sum((actionable(w, "menu item", lambda name: name.startswith("Present on "))
                                       for w in app if w is not None), [])), None), what="Present on …")
item.queryAction().doAction(0)
wait_for(lambda: any(w is not None and w.name.endswith(" — Presentation") and
                     any(n.name == "Speaker 1 of 3" for n in descendants(w)) for w in app),
         what="the presentation showing the meeting")
