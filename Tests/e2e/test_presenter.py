"""End-to-end: the presenter view of the real binary on two monitors, beside GNOME's compositor
(mutter, headless, two virtual monitors: scripts/with-monitors.sh; scripts/run-tests.sh runs
this file there). Through the accessibility tree, as a user with a screen reader would: the
main menu's "Present on MONITOR", the room's window with its texts and nothing to press, the
console's "Up next", Next speaker followed in both, the monitor unplugged (a display
configuration without it, over mutter's DisplayConfig D-Bus interface) and plugged back."""
import os
import re

from gi.repository import Gio, GLib

from atspi_app import open_meeting_menu, wait_for
from conftest import scrum, write_scrums

PRESENTATION = "Standup — Presentation"


def display_config(method, parameters=None):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    return bus.call_sync("org.gnome.Mutter.DisplayConfig", "/org/gnome/Mutter/DisplayConfig",
                         "org.gnome.Mutter.DisplayConfig", method, parameters, None, 0, -1, None).unpack()


def monitors():
    """Each monitor's connector and current mode, in mutter's order."""
    _, found, _, _ = display_config("GetCurrentState")
    return [(monitor[0][0], monitor[1][0][0], monitor[1][0][1]) for monitor in found]


def use_monitors(connectors):
    """Turns on `connectors` side by side, and off the others (unplugged, to GTK)."""
    serial, _, _, _ = display_config("GetCurrentState")
    modes = {connector: (mode, width) for connector, mode, width in monitors()}
    x, logical = 0, []
    for index, connector in enumerate(connectors):
        mode, width = modes[connector]
        logical.append((x, 0, 1.0, 0, index == 0, [(connector, mode, {})]))
        x += width
    display_config("ApplyMonitorsConfig", GLib.Variant("(uua(iiduba(ssa{sv}))a{sv})", (serial, 1, logical, {})))


def presentation(app):
    return app.window(PRESENTATION)


def test_presenting_on_the_other_monitor_and_unplugging_it(launch, data_home):
    assert os.environ.get("WAYLAND_DISPLAY"), "run through scripts/with-monitors.sh: the presenter view needs two monitors"
    connectors = [connector for connector, _, _ in monitors()]
    assert len(connectors) == 2, connectors
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=5)])
    app = launch(GDK_BACKEND="wayland")
    try:
        app.press("push button", "Standup")
        app.press("push button", "Start Meeting")
        app.find("label", "Speaker 1 of 3", within=app.main)
        open_meeting_menu(app.main)
        item = app.find("menu item", re.compile(r"Present on MetaVirtualMonitor \(Meta-\d\)"))
        other = re.search(r"\((Meta-\d)\)", item.name).group(1)
        app.press("menu item", item.name)

        room = wait_for(lambda: presentation(app), what="the presentation window")
        wait_for(lambda: "Speaker 1 of 3" in app.texts(within=room), what="the room's texts")
        texts = app.texts(within=room)
        assert "Next: Ben" in texts, texts
        assert any(text.startswith("Ends at ") for text in texts), texts
        app.find("image", "Ana is speaking", within=room)
        app.find("label", re.compile(r"1 minute \d+ seconds left for Ana"), within=room)
        for role in ("push button", "toggle button", "check box", "menu item", "text", "slider"):
            assert app.find_all(role, room) == [], f"a {role} in the room's view"
        app.find("label", "Up next", within=app.main)
        app.find("label", re.compile(r"Ben at \d\d:\d\d · 1 minute 40 seconds"), within=app.main)

        app.press("push button", "Next speaker", within=app.main)
        wait_for(lambda: "Next: Cy" in app.texts(within=presentation(app)), what="Next followed in the room")
        assert "Speaker 2 of 3" in app.texts(within=presentation(app))

        use_monitors([c for c in connectors if c != other])
        wait_for(lambda: presentation(app) is None, what="the presentation to close with its monitor")
        app.find("label", f"MetaVirtualMonitor ({other}) was disconnected: the meeting goes on here", within=app.main)
        assert "Speaker 2 of 3" in app.texts(within=app.main), "the meeting goes on"
        app.alive()

        use_monitors(connectors)
        app.find("label", f"MetaVirtualMonitor ({other}) is connected", within=app.main)
        app.press("push button", "Present", within=app.main)
        room = wait_for(lambda: presentation(app), what="the presentation again")
        wait_for(lambda: "Speaker 2 of 3" in app.texts(within=room), what="the room's texts again")
    finally:
        use_monitors(connectors)
