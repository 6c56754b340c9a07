"""End-to-end: what a screen reader gets from a running meeting, and how often it is told.
The clocks are read to the second whenever asked for, but listeners are told of a change
only when their whole minutes change; the turn change is still announced as it happens, and
the warning still shows as an alert."""
import re
import time

import pyatspi
from gi.repository import GLib

from atspi_app import HANG, spoken_seconds, wait_for
from conftest import scrum, write_scrums

ELAPSED = re.compile(r"Elapsed: (.+)")
REMAINING = re.compile(r"Remaining: (.+)")


class Listener:
    """The AT-SPI events one app sends while it listens, as (type, source name, role)."""

    KINDS = ["object:property-change", "object:text-changed", "object:state-changed", "object:children-changed"]

    def __init__(self, pid):
        self.pid = pid
        self.events = []
        self._drain()  # what arrived before: not heard
        pyatspi.Registry.registerEventListener(self._heard, *self.KINDS)

    def _heard(self, event):
        try:
            if event.host_application.get_process_id() == self.pid:
                self.events.append((event.type, event.source.name, event.source.getRoleName()))
        except Exception:
            pass

    @staticmethod
    def _drain():
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass

    def listen(self, seconds):
        """Hears what comes for `seconds` (a deliberate window: what a listener is told then)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self._drain()
            time.sleep(0.01)

    def hear(self, event, limit=HANG):
        """Listens until `event` comes (or `limit`, which only a hang reaches); whether it came."""
        end = time.monotonic() + limit
        while event not in self.events and time.monotonic() < end:
            self._drain()
            time.sleep(0.01)
        return event in self.events

    def stop(self):
        pyatspi.Registry.deregisterEventListener(self._heard, *self.KINDS)


def test_the_clocks_are_read_on_demand_and_turns_still_announced(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=1)])  # 20-second turns
    app = launch()
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 3", within=app.main)

    def clocks():
        elapsed = app.find("label", ELAPSED, within=app.main).name
        remaining = app.find("label", REMAINING, within=app.main).name
        return (spoken_seconds(ELAPSED.fullmatch(elapsed).group(1)),
                spoken_seconds(REMAINING.fullmatch(remaining).group(1)))
    # Past the first second, when Remaining goes under its minute.
    wait_for(lambda: clocks()[0] >= 2, what="two seconds of the meeting")
    listener = Listener(app.pid)
    try:
        asked = time.monotonic()
        first = clocks()
        read = time.monotonic()
        listener.listen(3)
        asked_again = time.monotonic()
        later = clocks()
        read_again = time.monotonic()
        # Elapsed and Remaining add up to the minute, but for the seconds that passed between
        # their two readings (a busy machine walks the tree slowly).
        assert 60 - (read - asked) - 1 <= sum(first) <= 60, (first, read - asked)
        assert 60 - (read_again - asked_again) - 1 <= sum(later) <= 60, (later, read_again - asked_again)
        # As much time passed between the two readings as between the two askings (each reading
        # is whole seconds, taken somewhere in its asking: a busy machine walks the tree slowly).
        lowest, highest = asked_again - read - 1, read_again - asked + 1
        assert lowest <= later[0] - first[0] <= highest, \
            f"a client asking reads the clocks to the second: {later[0] - first[0]} s in {lowest:.1f}…{highest:.1f} s"
        listener.listen(max(0, 12 - later[0]))  # past the warning, 10 s before Ana's turn ends
        clock_names = [e for e in listener.events if e[0] == "object:property-change:accessible-name"
                       and e[1].startswith(("Elapsed", "Remaining"))]
        assert clock_names == [], f"listeners were not told of every second: {clock_names}"
        app.find("alert", "10 seconds left for Ana", within=app.main)
        app.press("push button", "Next speaker", within=app.main)
        assert listener.hear(("object:property-change:accessible-name", "Ben is speaking", "image")), \
            "the turn change was announced"
    finally:
        listener.stop()
