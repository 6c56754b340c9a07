"""End-to-end: the scrum list, editor sheet and detail page, driven through AT-SPI."""
import os
import re
import time

import pyatspi

from atspi_app import HANG, GTYPE_NAME, INTERACTIVE_ROLES, descendants, wait_for
from conftest import read_scrums, scrum, write_scrums


def add_attendee(app, editor, name, with_enter=False):
    """Adds `name` with the button, or by typing it and pressing Enter (focus must be there)."""
    entry = app.find("text", "New Attendee", within=editor)
    if with_enter:
        app.type_into_focused(entry, name)
        app.key("Return")
    else:
        app.type_into("New Attendee", name, within=editor)
        app.press("push button", "Add attendee", within=editor)
    wait_for(lambda: app.text_of(entry) == "", what="the New Attendee entry to clear")


def test_create_a_scrum_with_three_attendees(launch, data_home):
    app = launch()
    app.find("label", "No Scrums")
    app.screenshot("empty-list.png")
    app.press("push button", "New Scrum")
    editor = wait_for(lambda: app.window("New Scrum"), what="the editor sheet")
    add_button = app.find("push button", "Add", within=editor)
    app.find("push button", "Dismiss", within=editor)
    assert not app.is_sensitive(add_button), "Add must wait for a title"
    app.type_into("Title", "   ", within=editor)
    assert not app.is_sensitive(add_button), "a blank title is not a title"
    app.type_into("Title", "Design", within=editor)
    wait_for(lambda: app.is_sensitive(add_button), what="Add to become sensitive")

    app.type_into("New Attendee", "  ", within=editor)
    assert not app.is_sensitive(app.find("push button", "Add attendee", within=editor))
    add_attendee(app, editor, "Ana")
    add_attendee(app, editor, "  Ben  ")
    add_attendee(app, editor, "Cy", with_enter=True)
    for name in ("Ana", "Ben", "Cy"):
        app.find("push button", f"Remove {name}", within=editor)

    slider = app.find("slider", "Length", within=editor)
    slider.queryValue().currentValue = 10
    app.find("label", "10 minutes", within=editor)
    app.press("push button", "Sky", within=editor)
    sky = app.find("push button", "Sky", within=editor)
    wait_for(lambda: sky.getState().contains(pyatspi.STATE_PRESSED) or sky.getState().contains(pyatspi.STATE_CHECKED),
             what="Sky to be chosen")
    app.screenshot("editor.png")
    app.press("push button", "Add", within=editor)

    wait_for(lambda: app.window("New Scrum") is None, what="the sheet to close")
    card = app.find("push button", "Design")
    app.find("label", "3 attendees", within=card)
    app.find("label", "10 minute meeting", within=card)
    app.screenshot("main-window.png")

    wait_for(lambda: os.path.exists(app.scrums_path), what="the save")
    saved = wait_for(lambda: read_scrums(data_home), what="a saved scrum")
    assert saved[0]["title"] == "Design"
    assert [a["name"] for a in saved[0]["attendees"]] == ["Ana", "Ben", "Cy"]
    assert saved[0]["lengthInMinutes"] == 10
    assert saved[0]["theme"] == "sky"


def test_keyboard_opens_dismisses_and_confirms_the_editor(launch):
    app = launch()
    app.find("label", "No Scrums")
    app.key("ctrl+n")
    editor = wait_for(lambda: app.window("New Scrum"), what="Ctrl+N to open the editor")
    app.type_into("Title", "Throwaway", within=editor)
    app.key("Escape")
    wait_for(lambda: app.window("New Scrum") is None, what="Escape to dismiss")
    assert app.query("push button", "Throwaway") is None

    app.key("ctrl+n")
    editor = wait_for(lambda: app.window("New Scrum"), what="the editor again")
    app.type_into_focused(app.find("text", "Title", within=editor), "Retro")  # focus starts there
    app.key("ctrl+Return")
    wait_for(lambda: app.window("New Scrum") is None, what="Ctrl+Enter to add")
    app.press("push button", "Retro")
    app.find("push button", "Start Meeting")
    app.key("alt+Left")
    app.find("push button", "Retro")
    app.absent("push button", "Start Meeting")


def test_edit_title_and_theme(launch, data_home):
    write_scrums(data_home, [scrum("Design", ["Ana", "Ben"], theme="sky")])
    app = launch()
    app.press("push button", "Design")
    app.find("label", "Sky")
    app.press("push button", "Edit")
    editor = wait_for(lambda: app.window("Edit Scrum"), what="the edit sheet")
    app.find("push button", "Cancel", within=editor)
    app.type_into("Title", "Throwaway edit", within=editor)
    app.press("push button", "Cancel", within=editor)
    wait_for(lambda: app.window("Edit Scrum") is None, what="Cancel to close")
    app.find("label", "Design")

    app.key("ctrl+e")
    editor = wait_for(lambda: app.window("Edit Scrum"), what="Ctrl+E to open the editor")
    app.type_into("Title", "Design Review", within=editor)
    app.press("push button", "Navy", within=editor)
    app.press("push button", "Done", within=editor)
    wait_for(lambda: app.window("Edit Scrum") is None, what="Done to close")
    app.find("label", "Design Review")
    app.find("label", "Navy")
    wait_for(lambda: read_scrums(data_home)[0]["theme"] == "navy", what="the edit saved")
    assert read_scrums(data_home)[0]["title"] == "Design Review"


def test_reorder_and_remove_an_attendee(launch, data_home):
    write_scrums(data_home, [scrum("Design", ["Ana", "Ben", "Cy"])])
    app = launch()
    app.press("push button", "Design")
    app.press("push button", "Edit")
    editor = wait_for(lambda: app.window("Edit Scrum"), what="the edit sheet")
    ana = app.find("list item", "Ana", within=editor)
    assert not app.is_sensitive(app.find("push button", "Move Ana up", within=ana))
    app.press("push button", "Move Ana down", within=ana)
    wait_for(lambda: [n.name for n in app.find_all("list item", editor) if n.name in ("Ana", "Ben", "Cy")]
             == ["Ben", "Ana", "Cy"], what="Ana to move down")
    app.press("push button", "Remove Cy", within=editor)
    app.absent("list item", "Cy", within=editor)
    # A name typed but not added is kept; Enter in Title is Done.
    app.type_into("New Attendee", "Dee", within=editor)
    app.click(app.find("text", "Title", within=editor))
    app.key("Return")
    wait_for(lambda: app.window("Edit Scrum") is None, what="Enter in Title to close the editor")
    wait_for(lambda: [a["name"] for a in read_scrums(data_home)[0]["attendees"]] == ["Ben", "Ana", "Dee"],
             what="the new order and the typed name saved")
    detail_names = [n.name for n in app.find_all("list item", app.main) if n.name in ("Ana", "Ben", "Cy", "Dee")]
    assert detail_names == ["Ben", "Ana", "Dee"]


def test_delete_and_undo(launch, data_home):
    write_scrums(data_home, [scrum("Design"), scrum("Retro")])
    app = launch()
    app.press("push button", "Design")
    app.press("push button", "Delete")
    dialog = wait_for(lambda: app.window("Delete “Design”?"), what="the delete question")
    app.press("push button", "Cancel", within=dialog)
    wait_for(lambda: app.window("Delete “Design”?") is None, what="Cancel to close the question")
    app.find("push button", "Start Meeting")
    app.press("push button", "Delete")
    dialog = wait_for(lambda: app.window("Delete “Design”?"), what="the delete question again")
    app.press("push button", "Delete", within=dialog)
    app.find("label", "“Design” deleted")
    app.absent("push button", "Design")
    # The toast names its own buttons and nothing else: the menu keeps its name.
    app.find("push button", "Main Menu", within=app.main)
    assert app.query("push button", "Menu", within=app.main) is None
    wait_for(lambda: [s["title"] for s in read_scrums(data_home)] == ["Retro"], what="the deletion saved")
    app.press("push button", "Undo")
    app.find("push button", "Design")
    wait_for(lambda: [s["title"] for s in read_scrums(data_home)] == ["Design", "Retro"], what="the undo saved")


def test_everything_is_there_after_a_restart(launch, data_home):
    app = launch()
    app.press("push button", "New Scrum")
    editor = wait_for(lambda: app.window("New Scrum"), what="the editor")
    app.type_into("Title", "Standup", within=editor)
    add_attendee(app, editor, "Dee")
    add_attendee(app, editor, "Eli")
    app.press("push button", "Purple", within=editor)
    app.press("push button", "Add", within=editor)
    app.find("push button", "Standup")
    app.close()  # quitting flushes a save still pending

    again = launch()
    card = again.find("push button", "Standup")
    again.find("label", "2 attendees", within=card)
    again.press("push button", "Standup")
    again.find("label", "Purple")
    again.find("list item", "Dee")
    again.find("list item", "Eli")
    again.find("list item", "No meetings yet")


def test_a_corrupt_file_is_reported_and_kept(launch, data_home):
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    folder.mkdir(parents=True)
    path = folder / "scrums.json"
    damaged = b'{"version": 1, "scrums": [{"title": "Des'
    path.write_bytes(damaged)

    app = launch()
    dialog = wait_for(lambda: app.window("Your Scrums Could Not Be Read"), what="the load-error dialog")
    body = " ".join(app.texts(dialog))
    assert str(path) in body and "not valid JSON" in body
    app.find("push button", "Start Fresh", within=dialog)
    time.sleep(1.0)  # the autosave delay passes: still nothing may be written
    assert path.read_bytes() == damaged
    app.press("push button", "Quit", within=dialog)
    app.proc.wait(timeout=HANG)
    assert path.read_bytes() == damaged
    assert sorted(os.listdir(folder)) == ["scrums.json", "scrums.json.lock"]  # the lock says who writes

    again = launch()
    dialog = wait_for(lambda: again.window("Your Scrums Could Not Be Read"), what="the load-error dialog again")
    again.press("push button", "Start Fresh", within=dialog)
    again.find("label", re.compile(r"The old file was kept as “.*scrums\.json\.unreadable-.*”"))
    again.find("label", "No Scrums")
    kept = [f for f in os.listdir(folder) if f.startswith("scrums.json.unreadable-")]
    assert len(kept) == 1 and (folder / kept[0]).read_bytes() == damaged
    again.press("push button", "New Scrum")
    editor = wait_for(lambda: again.window("New Scrum"), what="the editor")
    again.type_into("Title", "Fresh", within=editor)
    again.press("push button", "Add", within=editor)
    wait_for(lambda: path.exists() and [s["title"] for s in read_scrums(data_home)] == ["Fresh"], what="the fresh save")
    assert (folder / kept[0]).read_bytes() == damaged


def test_every_control_has_a_real_accessible_name(launch, data_home):
    write_scrums(data_home, [scrum("Design", ["Ana"], history=[{
        "id": "3D6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D04", "date": "2026-11-20T09:00:00Z",
        "attendees": [], "durationSeconds": 597}])])
    app = launch()
    problems = []

    def scan(label):
        for window in app.windows():
            for node in descendants(window):
                try:
                    role, name = node.getRoleName(), node.name
                except Exception:
                    continue
                if role in INTERACTIVE_ROLES and (not name.strip() or GTYPE_NAME.match(name)):
                    problems.append(f"{label}: [{role}] {name!r}")

    scan("list")
    app.press("push button", "Design")
    app.find("push button", "Start Meeting")
    scan("detail")
    app.press("push button", re.compile(r"Show meeting of .*2026.*"))
    app.find("label", "9 minutes 57 seconds")
    scan("history")
    app.key("alt+Left")
    app.press("push button", "Edit")
    editor = wait_for(lambda: app.window("Edit Scrum"), what="the editor")
    scan("editor")
    app.press("push button", "Cancel", within=editor)
    wait_for(lambda: app.window("Edit Scrum") is None, what="the editor to close")
    app.press("push button", "Start Meeting")
    app.find("push button", "Next speaker", within=app.main)
    scan("meeting")
    app.key("ctrl+question")
    wait_for(lambda: app.window("Keyboard Shortcuts"), what="the shortcuts window")
    scan("shortcuts")
    app.key("Escape")
    wait_for(lambda: app.window("Keyboard Shortcuts") is None, what="the shortcuts window to close")
    app.key("Escape")
    wait_for(lambda: app.window("End meeting?"), what="the End meeting? question")
    scan("end question")
    assert problems == [], "\n".join(problems)


def test_a_past_meeting_is_deleted_and_ctrl_z_brings_it_back(launch, data_home):
    meetings = [{"id": f"3D6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D0{i}", "date": f"2026-11-1{i}T09:00:00Z",
                 "attendees": ["Ana"], "durationSeconds": 60 + i} for i in range(3)]
    write_scrums(data_home, [scrum("Design", ["Ana"], history=meetings)])
    app = launch()
    app.press("push button", "Design")
    app.press("push button", re.compile(r"Show meeting of .*11 Nov 2026.*|Show meeting of .*Nov 11, 2026.*"))
    app.press("push button", "Delete this meeting")
    app.find("label", "Meeting deleted")
    app.find("push button", "Start Meeting")  # back on the detail page
    wait_for(lambda: [h["id"][-1] for h in read_scrums(data_home)[0]["history"]] == ["0", "2"],
             what="the deletion saved")
    app.key("ctrl+z")
    wait_for(lambda: [h["id"][-1] for h in read_scrums(data_home)[0]["history"]] == ["0", "1", "2"],
             what="Ctrl+Z to bring it back in its place")
