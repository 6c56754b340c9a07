"""End-to-end: what the running app exports on the session bus is input from any other
process. Every org.gtk.Actions surface on every object path under the app's is listed
(DescribeAll) against the allow-list of what the desktop needs, and each action is called,
through org.gtk.Actions and org.freedesktop.Application, with hostile arguments: unknown ids,
empty, very long, wrong types. Nothing may start a recording, delete anything or change
consent: afterwards no microphone is open (PulseAudio lists no source output), nothing is
recorded, the meeting and the consent file are as they were, and the app still runs."""
import json
import os
import time
import uuid

from gi.repository import Gio, GLib

from atspi_app import HANG
from conftest import read_scrums, record_on_this_computer, scrum, write_scrums

APP_ID = "io.github.scrumdinger.Scrumdinger"
APP_PATH = "/io/github/scrumdinger/Scrumdinger"
# What the desktop needs: the launcher's New Scrum, a reminder's Start Meeting (which starts a
# meeting only while that reminder is on show), and the shell's Quit.
ALLOWED = {"new-scrum", "start-scheduled", "quit"}


def bus():
    return Gio.bus_get_sync(Gio.BusType.SESSION)


def call(path, interface, method, args, reply=None):
    return bus().call_sync(APP_ID, path, interface, method, args, GLib.VariantType(reply) if reply else None,
                           Gio.DBusCallFlags.NONE, int(HANG * 1000), None)


def object_paths(path=APP_PATH):
    """Every object path the app exports at or under `path`, with its interfaces."""
    xml = call(path, "org.freedesktop.DBus.Introspectable", "Introspect", None, "(s)").unpack()[0]
    node = Gio.DBusNodeInfo.new_for_xml(xml)
    found = {path: [interface.name for interface in node.interfaces]}
    for child in node.nodes:
        found.update(object_paths(path.rstrip("/") + "/" + child.path))
    return found


def exported_actions():
    """The actions on every path that has org.gtk.Actions, by path."""
    actions = {}
    for path, interfaces in object_paths().items():
        if "org.gtk.Actions" in interfaces:
            actions[path] = set(call(path, "org.gtk.Actions", "DescribeAll", None, "(a{s(bgav)})").unpack()[0])
    return actions


HOSTILE = [
    [],
    [GLib.Variant("s", "")],
    [GLib.Variant("s", str(uuid.uuid4()).upper())],
    [GLib.Variant("s", "x" * 100_000)],
    [GLib.Variant("s", "../../etc/passwd")],
    [GLib.Variant("i", 7)],
    [GLib.Variant("as", ["a", "b"])],
    [GLib.Variant("s", "a"), GLib.Variant("s", "b")],
]


def try_call(path, interface, method, args):
    try:
        call(path, interface, method, args)
    except GLib.Error:
        pass  # refused: as good as ignored


def test_the_bus_reaches_only_the_allow_list_and_nothing_it_reaches_records_or_deletes(launch, data_home, pulse):
    meeting = {"id": str(uuid.uuid4()).upper(), "date": "2026-11-23T08:42:00Z", "attendees": ["Ana"],
               "durationSeconds": 60}
    standup = scrum("Standup", ["Ana", "Ben"], minutes=2, history=[meeting])
    write_scrums(data_home, [standup])
    record_on_this_computer(data_home, standup)
    folder = data_home / APP_ID
    consent = (folder / "recording-consent.json").read_text()
    app = launch(**pulse.env)
    app.find("push button", "Standup")

    actions = exported_actions()
    assert actions, "the app exports its allow-listed actions"
    every = set().union(*actions.values())
    assert every <= ALLOWED, f"exported beyond the allow-list: {sorted(every - ALLOWED)} (by path: {actions})"
    assert "start-scheduled" in every and "new-scrum" in every

    # The window's former actions, by name, on every path: none exists any more.
    for path in actions:
        for name in ("start-meeting", "delete-meeting", "open-scrum", "delete-scrum", "edit", "undo"):
            try_call(path, "org.gtk.Actions", "Activate", GLib.Variant("(sava{sv})", (name, [], {})))
            try_call(path, "org.gtk.Actions", "Activate",
                     GLib.Variant("(sava{sv})", (name, [GLib.Variant("s", standup["id"])], {})))

    # Each allowed action (but Quit, last) with hostile arguments, both ways GLib offers.
    names = sorted(every - {"quit"})
    for name in names:
        for args in HOSTILE + [[GLib.Variant("s", standup["id"])], [GLib.Variant("s", meeting["id"])]]:
            try_call(APP_PATH, "org.gtk.Actions", "Activate", GLib.Variant("(sava{sv})", (name, args, {})))
            try_call(APP_PATH, "org.freedesktop.Application", "ActivateAction",
                     GLib.Variant("(sava{sv})", (name, args, {})))
    # Quit with arguments of the wrong kind is ignored.
    for args in HOSTILE[1:]:
        try_call(APP_PATH, "org.gtk.Actions", "Activate", GLib.Variant("(sava{sv})", ("quit", args, {})))

    # Every call above was handled once one more is answered (the bus keeps their order); the
    # wait after it is deliberate: a recording or a meeting started by one would show by then.
    call(APP_PATH, "org.gtk.Actions", "List", None)
    time.sleep(2)
    app.alive()  # fails the test, with the app's log, if it died
    assert pulse.pactl("list", "short", "source-outputs").strip() == "", "no microphone is open"
    recordings = folder / "recordings"
    assert not recordings.exists() or os.listdir(recordings) == [], "nothing recorded"
    assert app.query("label", "Speaker 1 of 2", within=app.main) is None, "no meeting started"
    assert [h["id"] for h in read_scrums(data_home)[0]["history"]] == [meeting["id"]], "nothing deleted"
    assert (folder / "recording-consent.json").read_text() == consent, "consent unchanged"
    assert json.loads(consent)["recordedScrums"] == [standup["id"]]

    # The shell's Quit: the app ends, its data intact.
    try_call(APP_PATH, "org.gtk.Actions", "Activate", GLib.Variant("(sava{sv})", ("quit", [], {})))
    assert app.proc.wait(timeout=HANG) == 0, "Quit quits, cleanly"
    assert [h["id"] for h in read_scrums(data_home)[0]["history"]] == [meeting["id"]]
