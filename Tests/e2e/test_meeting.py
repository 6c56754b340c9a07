"""End-to-end: a real one-minute meeting, driven through AT-SPI and the keyboard."""
import json
import os
import re
import subprocess
import time

import pyatspi
import pytest

from atspi_app import HANG, spoken_seconds, wait_for
from conftest import read_scrums, scrum, write_scrums

SECONDS_ELAPSED = re.compile(r"Elapsed: (.+)")
SECONDS_REMAINING = re.compile(r"Remaining: (.+)")


def seconds_elapsed(app):
    label = app.find("label", SECONDS_ELAPSED, within=app.main)
    return spoken_seconds(SECONDS_ELAPSED.fullmatch(label.name).group(1))


def start_meeting(app, title):
    """Starts the meeting; returns our clock's readings just before the press and once the
    meeting shows: the app's meeting started between them."""
    app.press("push button", title)
    before = time.monotonic()
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 3", within=app.main)
    return before, time.monotonic()


def read_between(read):
    """`read()` with our clock's readings around it: what the app said, and when we asked
    and when we had the answer (a busy machine can put seconds between the two)."""
    before = time.monotonic()
    value = read()
    return value, before, time.monotonic()


def test_a_one_minute_meeting_runs_to_the_end_and_is_saved(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=1, theme="teal")])
    app = launch()
    pressed, _ = start_meeting(app, "Standup")
    app.find("image", "Ana is speaking", within=app.main)
    progress = app.find("progress bar", "Time remaining", within=app.main)
    # The bar fills with the meeting's time: no more of it than has passed since the press.
    filled, _, read = read_between(lambda: progress.queryValue().currentValue)
    assert filled <= (read - pressed + 1) / 60, (filled, read - pressed)

    def elapsed_plus_remaining():
        remaining = app.find("label", SECONDS_REMAINING, within=app.main).name
        return seconds_elapsed(app) + spoken_seconds(SECONDS_REMAINING.fullmatch(remaining).group(1))
    wait_for(lambda: elapsed_plus_remaining() == 60, what="elapsed + remaining = 60 s")

    # Ten seconds before Ana's turn ends (the default warning), an alert says so: never
    # before 10 s have passed, and while Ana still speaks (the app's own clock says when).
    app.find("alert", "10 seconds left for Ana", within=app.main)
    assert time.monotonic() - pressed >= 10 - 1, "the warning came early"
    assert seconds_elapsed(app) >= 10, "the warning came before the app's clock said 10 s"
    app.screenshot("meeting-warning.png")

    app.find("label", "Speaker 2 of 3", within=app.main)
    assert app.query("alert", "10 seconds left for Ana", within=app.main) is None, "the warning outlived the turn"
    assert time.monotonic() - pressed >= 20 - 1, "Ben's turn came early"
    app.find("image", "Ben is speaking", within=app.main)
    app.screenshot("meeting.png")

    # Ben talks until shortly before his turn ends, then hands over.
    skipped_at = wait_for(lambda: (e := seconds_elapsed(app)) >= 37 and e, what="Ben's turn to near its end")
    before_skip = time.monotonic()
    app.press("push button", "Next speaker", within=app.main)
    app.find("label", "Last Speaker", within=app.main)
    app.find("image", "Cy is speaking", within=app.main)
    # The skip moves the meeting on (20 s left for Cy), while Elapsed stays the time really
    # spent, as the end question and the history say: both bracketed by our clock.
    remaining, _, read = read_between(lambda: app.find("label", SECONDS_REMAINING, within=app.main).name)
    assert 20 - (read - before_skip) - 1 <= spoken_seconds(SECONDS_REMAINING.fullmatch(remaining).group(1)) <= 20
    elapsed, _, read = read_between(lambda: seconds_elapsed(app))
    assert skipped_at <= elapsed <= read - pressed + 1

    history_row = app.find("push button", re.compile(r"Show meeting of .*"))
    ended = time.monotonic()
    app.find("push button", "Start Meeting")
    entry = wait_for(lambda: read_scrums(data_home)[0]["history"], what="the history entry saved")
    assert len(entry) == 1
    # Cy's 20 s after the skip, which came after Elapsed said 37 s; all of it before we saw
    # the history.
    assert skipped_at + 20 - 1 <= entry[0]["durationSeconds"] <= ended - pressed + 1, (entry, ended - pressed)
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
    time.sleep(2.5)  # deliberate: time passes, in which a running clock would move
    assert seconds_elapsed(app) == paused_at, "Seconds Elapsed moved while paused"
    app.key("space")
    app.find("push button", "Pause", within=app.main)
    wait_for(lambda: seconds_elapsed(app) > paused_at, what="the clock to run again")

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
    time.sleep(1.5)  # deliberate: time passes, in which a running clock would move
    assert seconds_elapsed(app) == frozen, "the meeting ran on behind the question"
    app.press("push button", "Discard", within=dialog)
    app.absent("push button", "Next speaker")  # the meeting page is gone
    app.find("list item", "No meetings yet")
    time.sleep(1.0)  # deliberate: past the autosave delay, in which a save would come
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
    assert app.proc.wait(timeout=HANG) == 0
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
    pressed = time.monotonic()
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)
    app.find("label", "Next: Cy", within=app.main)
    # Two 30-second turns: Ana is warned at 20 s (never before), and goes on past 30 s.
    app.find("alert", "10 seconds left for Ana", within=app.main)
    assert time.monotonic() - pressed >= 20 - 1, "the warning came early"
    app.find("alert", re.compile(r"Ana is over by [1-9] seconds?"), within=app.main)
    app.find("label", "Speaker 1 of 2", within=app.main)
    ana_over = time.monotonic()
    app.press("push button", "Next speaker", within=app.main)
    next_pressed = time.monotonic()
    app.find("label", "Last Speaker", within=app.main)
    # Cy speaks until the app's clock says two seconds of her turn have passed.
    at_next = seconds_elapsed(app)
    wait_for(lambda: seconds_elapsed(app) >= at_next + 2, what="Cy to speak a little")
    app.press("push button", "End Meeting", within=app.main)
    ended = time.monotonic()
    question = wait_for(lambda: app.window("End meeting?"), what="the End meeting? question")
    app.press("push button", "Save and End", within=question)
    entry = wait_for(lambda: read_scrums(data_home)[0]["history"], what="the meeting saved")[0]
    assert entry["absent"] == ["Ben"]
    assert [s["name"] for s in entry["speakers"]] == ["Ana", "Cy"]
    assert [s["share"] for s in entry["speakers"]] == [30, 30]
    ana, cy = (s["seconds"] for s in entry["speakers"])
    # Ana spoke past her 30 s until Next was pressed; Cy from then until End Meeting (the
    # question stops the clock): each bracketed by our readings around the presses.
    assert 31 - 1 <= ana <= next_pressed - pressed + 1, (entry["speakers"], ana_over - pressed)
    assert 1 <= cy <= ended - ana_over + 1, entry["speakers"]
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
    app.find("alert", re.compile(r"Ana is over by \d+ seconds?"), within=app.main)
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
    server.wait(timeout=HANG)


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
            app.proc.wait(timeout=HANG)
        else:
            app.find("push button", "Start Meeting")
            app.key("alt+Left")
    inhibits = [c for c in session_calls(session_manager_log) if c["call"] == "Inhibit"]
    assert len(inhibits) == 3, "one Inhibit per meeting"
