"""End-to-end: a real one-minute meeting, driven through AT-SPI and the keyboard."""
import json
import os
import re
import subprocess
import time

import pyatspi
import pytest

from atspi_app import spoken_seconds, wait_for
from conftest import read_scrums, scrum, write_scrums

SECONDS_ELAPSED = re.compile(r"Elapsed: (.+)")
SECONDS_REMAINING = re.compile(r"Remaining: (.+)")


def seconds_elapsed(app):
    label = app.find("label", SECONDS_ELAPSED, within=app.main)
    return spoken_seconds(SECONDS_ELAPSED.fullmatch(label.name).group(1))


def start_meeting(app, title):
    app.press("push button", title)
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 3", within=app.main)
    return time.monotonic()


def test_a_one_minute_meeting_runs_to_the_end_and_is_saved(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=1, theme="teal")])
    app = launch()
    started = start_meeting(app, "Standup")
    app.find("image", "Ana is speaking", within=app.main)
    progress = app.find("progress bar", "Time remaining", within=app.main)
    assert progress.queryValue().currentValue < 0.1

    def elapsed_plus_remaining():
        remaining = app.find("label", SECONDS_REMAINING, within=app.main).name
        return seconds_elapsed(app) + spoken_seconds(SECONDS_REMAINING.fullmatch(remaining).group(1))
    wait_for(lambda: elapsed_plus_remaining() == 60, timeout=3, what="elapsed + remaining = 60 s")

    # Ten seconds before Ana's turn ends (the default warning), an alert says so.
    app.find("alert", "10 seconds left for Ana", within=app.main, timeout=15)
    assert 9 <= time.monotonic() - started <= 13
    app.screenshot("meeting-warning.png")

    app.find("label", "Speaker 2 of 3", within=app.main, timeout=25)
    assert app.query("alert", "10 seconds left for Ana", within=app.main) is None, "the warning outlived the turn"
    assert 19 <= time.monotonic() - started <= 23
    app.find("image", "Ben is speaking", within=app.main)
    app.screenshot("meeting.png")

    # Ben talks until shortly before his turn ends, then hands over.
    wait_for(lambda: seconds_elapsed(app) >= 37, timeout=25, what="Ben's turn to near its end")
    app.press("push button", "Next speaker", within=app.main)
    app.find("label", "Last Speaker", within=app.main)
    app.find("image", "Cy is speaking", within=app.main)
    # The skip moves the meeting on (20 s left for Cy), while Elapsed stays the time really
    # spent, as the end question and the history say.
    remaining = app.find("label", SECONDS_REMAINING, within=app.main).name
    assert 19 <= spoken_seconds(SECONDS_REMAINING.fullmatch(remaining).group(1)) <= 20
    assert 37 <= seconds_elapsed(app) <= 39

    history_row = app.find("push button", re.compile(r"Show meeting of .*"), timeout=30)
    real_seconds = time.monotonic() - started
    app.find("push button", "Start Meeting")
    entry = wait_for(lambda: read_scrums(data_home)[0]["history"], what="the history entry saved")
    assert len(entry) == 1
    assert abs(entry[0]["durationSeconds"] - real_seconds) <= 2, (entry, real_seconds)
    assert 55 <= entry[0]["durationSeconds"] <= 60
    assert entry[0]["attendees"] == ["Ana", "Ben", "Cy"]
    history_row.queryAction().doAction(0)
    app.find("label", re.compile(r"\d+ seconds|\d+ minutes?( \d+ seconds?)?"))


def test_keyboard_pauses_skips_and_discards(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=1)])
    app = launch()
    app.press("push button", "Standup")
    app.find("push button", "Start Meeting")
    app.key("ctrl+Return")  # Start Meeting from the keyboard
    app.find("label", "Speaker 1 of 3", within=app.main)
    wait_for(lambda: seconds_elapsed(app) >= 2, what="two seconds to pass")

    app.key("space")
    app.find("push button", "Resume", within=app.main)
    paused_at = seconds_elapsed(app)
    time.sleep(2.5)
    assert seconds_elapsed(app) == paused_at, "Seconds Elapsed moved while paused"
    app.key("space")
    app.find("push button", "Pause", within=app.main)
    wait_for(lambda: seconds_elapsed(app) > paused_at, timeout=3, what="the clock to run again")

    app.key("m")
    app.find("push button", "Unmute ding", within=app.main)
    app.key("m")
    app.find("push button", "Mute ding", within=app.main)

    app.key("n")
    app.find("label", "Speaker 2 of 3", within=app.main)
    app.key("Page_Down")
    app.find("label", "Last Speaker", within=app.main)

    app.key("ctrl+question")
    shortcuts = wait_for(lambda: app.window("Keyboard Shortcuts"), what="the keyboard shortcuts window")
    for title in ("Pause or resume", "Next speaker", "End meeting", "New scrum"):
        app.find("label", title, within=shortcuts)
    app.key("Escape")
    wait_for(lambda: app.window("Keyboard Shortcuts") is None, what="the shortcuts window to close")

    app.key("Escape")
    dialog = wait_for(lambda: app.window("End meeting?"), what="the End meeting? question")
    frozen = seconds_elapsed(app)
    time.sleep(1.5)
    assert seconds_elapsed(app) == frozen, "the meeting ran on behind the question"
    app.press("push button", "Discard", within=dialog)
    app.absent("push button", "Next speaker")  # the meeting page is gone
    app.find("list item", "No meetings yet")
    time.sleep(1.0)  # past the autosave delay
    assert read_scrums(data_home)[0]["history"] == []


def end_with(app, answer, question="End meeting?"):
    """Asks to end the meeting (Escape, or Ctrl+Q when quitting) and gives `answer`."""
    app.key("ctrl+q" if question.startswith("Quit") else "Escape")
    dialog = wait_for(lambda: app.window(question), what=f"the {question} question")
    app.press("push button", answer, within=dialog)


def test_the_end_is_said_with_view_and_undo(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=1)])
    app = launch()
    start_meeting(app, "Standup")
    wait_for(lambda: seconds_elapsed(app) >= 2, what="two seconds to pass")
    end_with(app, "Save and End")
    app.find("label", re.compile(r"Meeting saved: \d{1,2}:\d{2}(\s?[AP]M)?"), within=app.main)
    app.find("push button", re.compile(r"Show meeting of .*"))
    app.screenshot("meeting-saved.png")
    app.press("push button", "View", within=app.main)
    app.find("push button", "Delete this meeting", within=app.main)  # the meeting's own page

    app.key("alt+Left")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 3", within=app.main)
    wait_for(lambda: seconds_elapsed(app) >= 1, what="a second to pass")
    end_with(app, "Save and End")
    wait_for(lambda: len(read_scrums(data_home)[0]["history"]) == 2, what="the second meeting saved")
    app.press("push button", "Undo", within=app.main)
    wait_for(lambda: len(read_scrums(data_home)[0]["history"]) == 1, what="Undo to remove the meeting just saved")


def test_quitting_during_a_meeting_asks_to_end_it(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=1)])
    app = launch()
    start_meeting(app, "Standup")
    app.key("ctrl+q")
    dialog = wait_for(lambda: app.window("Quit and end the meeting?"), what="the quit question")
    for answer in ("Save and Quit", "Discard and Quit", "Cancel"):
        app.find("push button", answer, within=dialog)
    app.press("push button", "Cancel", within=dialog)
    app.find("push button", "Next speaker", within=app.main)  # still in the meeting
    wait_for(lambda: seconds_elapsed(app) >= 2, what="the meeting to run on")
    end_with(app, "Save and Quit", question="Quit and end the meeting?")
    assert app.proc.wait(timeout=10) == 0
    history = read_scrums(data_home)[0]["history"]
    assert len(history) == 1 and history[0]["durationSeconds"] >= 2


def test_a_stand_up_with_someone_away_a_warning_and_overtime(launch, data_home):
    standup = scrum("Standup", ["Ana", "Ben", "Cy"], minutes=1, warning=10)
    standup["whenTurnRunsOut"] = "letFinish"
    write_scrums(data_home, [standup])
    app = launch()
    app.press("push button", "Standup")
    ben = app.find("check box", "Ben is here")
    assert ben.getState().contains(pyatspi.STATE_CHECKED), "everyone is here by default"
    app.click(ben)
    wait_for(lambda: not ben.getState().contains(pyatspi.STATE_CHECKED), what="Ben to be unchecked")
    app.press("push button", "Start Meeting")
    started = time.monotonic()
    app.find("label", "Speaker 1 of 2", within=app.main)
    app.find("label", "Next: Cy", within=app.main)
    # Two 30-second turns: Ana is warned at 20 s, and goes on past 30 s.
    app.find("alert", "10 seconds left for Ana", within=app.main, timeout=25)
    assert 19 <= time.monotonic() - started <= 23
    app.find("alert", re.compile(r"Ana is over by [1-9] seconds?"), within=app.main, timeout=15)
    app.find("label", "Speaker 1 of 2", within=app.main)
    app.press("push button", "Next speaker", within=app.main)
    app.find("label", "Last Speaker", within=app.main)
    time.sleep(2)
    app.press("push button", "End Meeting", within=app.main)
    question = wait_for(lambda: app.window("End meeting?"), what="the End meeting? question")
    app.press("push button", "Save and End", within=question)
    entry = wait_for(lambda: read_scrums(data_home)[0]["history"], what="the meeting saved")[0]
    assert entry["absent"] == ["Ben"]
    assert [s["name"] for s in entry["speakers"]] == ["Ana", "Cy"]
    assert [s["share"] for s in entry["speakers"]] == [30, 30]
    ana, cy = (s["seconds"] for s in entry["speakers"])
    assert 31 <= ana <= 36 and 1 <= cy <= 4, entry["speakers"]
    assert ana + cy == entry["durationSeconds"]
    assert [a["name"] for a in read_scrums(data_home)[0]["attendees"]] == ["Ana", "Ben", "Cy"], "the team changed"
    ben = app.find("check box", "Ben is here")
    wait_for(lambda: ben.getState().contains(pyatspi.STATE_CHECKED), what="Ben to be back for the next meeting")


def test_let_the_speaker_finish_shows_the_overrun(launch, data_home):
    standup = scrum("Standup", ["Ana", "Ben", "Cy", "Dee"], minutes=1, warning=0)  # 15-second shares
    standup["whenTurnRunsOut"] = "letFinish"
    write_scrums(data_home, [standup])
    app = launch()
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 4", within=app.main)
    app.find("alert", re.compile(r"Ana is over by [1-3] seconds?"), within=app.main, timeout=20)
    app.find("label", "Speaker 1 of 4", within=app.main)  # Ana still speaks
    app.screenshot("meeting-overtime.png")
    app.press("push button", "Next speaker", within=app.main)
    app.find("label", "Speaker 2 of 4", within=app.main)
    app.absent("alert", re.compile(r"Ana is over by .*"), within=app.main)


@pytest.fixture
def session_manager_log(tmp_path):
    log = tmp_path / "session-manager.log"
    server = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "fake_session_manager.py"),
                               str(log)])
    wait_for(lambda: log.exists(), what="the fake session manager on the bus")
    yield log
    server.terminate()
    server.wait(timeout=10)


def session_calls(log):
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_the_screen_stays_awake_while_a_meeting_runs(launch, data_home, session_manager_log):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben"], minutes=1)])
    app = launch()
    assert session_calls(session_manager_log) == []
    for how in ("save", "discard", "quit"):
        app.press("push button", "Standup")
        app.press("push button", "Start Meeting")
        app.find("label", "Speaker 1 of 2", within=app.main)
        inhibit = wait_for(lambda: [c for c in session_calls(session_manager_log) if c["call"] == "Inhibit"],
                           what=f"an Inhibit call ({how})")[-1]
        assert inhibit["app"] == "io.github.scrumdinger.Scrumdinger"
        assert inhibit["reason"] == "A meeting is running"
        assert inhibit["flags"] == 4 | 8, "suspend and idle"
        if how == "quit":
            app.key("ctrl+q")
        else:
            app.press("push button", "End Meeting", within=app.main)
        asked = "Quit and end the meeting?" if how == "quit" else "End meeting?"
        question = wait_for(lambda: app.window(asked), what=f"the {asked} question")
        answer = {"save": "Save and End", "discard": "Discard", "quit": "Save and Quit"}[how]
        app.press("push button", answer, within=question)
        wait_for(lambda: {"call": "Uninhibit", "cookie": inhibit["cookie"]} in session_calls(session_manager_log),
                 what=f"the Uninhibit call after {how}")
        if how == "quit":
            app.proc.wait(timeout=10)
        else:
            app.find("push button", "Start Meeting")
            app.key("alt+Left")
    inhibits = [c for c in session_calls(session_manager_log) if c["call"] == "Inhibit"]
    assert len(inhibits) == 3, "one Inhibit per meeting"
