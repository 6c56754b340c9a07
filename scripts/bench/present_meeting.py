"""Presents the meeting running in the app with pid PID on the other monitor, through AT-SPI
as a user would (the meeting's main menu, "Present on …"); exits once the presentation shows
the meeting, so this AT-SPI client is gone before what is measured next."""
import sys

import pyatspi

from atspi_app import descendants, open_meeting_menu, wait_for

pid = int(sys.argv[1])
app = wait_for(lambda: next((a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.get_process_id() == pid), None),
               what="the app on the accessibility bus")
main = next(w for w in app if w is not None and w.name.endswith(" — Meeting"))
open_meeting_menu(main)
item = wait_for(lambda: next((n for w in app if w is not None for n in descendants(w)
                              if n.getRoleName() == "menu item" and n.name.startswith("Present on ")
                              and n.queryAction().nActions), None), what="Present on …")
item.queryAction().doAction(0)
wait_for(lambda: any(w is not None and w.name.endswith(" — Presentation") and
                     any(n.name == "Speaker 1 of 3" for n in descendants(w)) for w in app),
         what="the presentation showing the meeting")
