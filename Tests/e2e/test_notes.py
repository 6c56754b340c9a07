"""End-to-end: notes typed during a real meeting with the keyboard (xdotool), where Space,
N and Escape type into the note and not into the meeting, and the notes saved with it."""
import re

from atspi_app import descendants, wait_for
from conftest import read_scrums, scrum, write_scrums


def test_notes_typed_during_a_meeting_are_stamped_and_saved(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben"], minutes=5)])
    app = launch()
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)

    app.key("t")
    entry = app.find("text", "Add a note", within=app.main)
    panel = wait_for(lambda: next((n for n in descendants(app.main) if n.name == "Meeting notes"), None),
                     what="the panel named Meeting notes")
    app.type_into_focused(entry, "need one more review")
    assert app.query("push button", "Resume", within=app.main) is None, "Space paused the meeting"
    app.find("label", "Speaker 1 of 2", within=app.main)  # N did not skip Ana
    app.key("Return")
    wait_for(lambda: app.text_of(entry) == "", what="Enter to add the note")
    app.find("text", re.compile(r"Ana · 0:\d\d"), within=panel)

    # Escape leaves the note (the meeting goes on); then Space and N are the meeting's again.
    app.key("Escape")
    app.key("space")
    app.find("push button", "Resume", within=app.main)
    app.key("space")
    app.key("n")
    app.find("label", "Last Speaker", within=app.main)
    app.key("t")
    app.type_into_focused(entry, "ship Friday")
    app.key("Return")
    app.find("text", re.compile(r"Ben · 0:\d\d"), within=panel)
    app.screenshot("notes-meeting.png")

    app.key("Escape", "Escape")  # out of the note, then End Meeting
    app.press("push button", "Save and End")
    wait_for(lambda: read_scrums(data_home)[0]["history"], what="the meeting saved")
    notes = read_scrums(data_home)[0]["history"][0]["notes"]
    assert [(n["speaker"], n["text"]) for n in notes] == [("Ana", "need one more review"), ("Ben", "ship Friday")]
