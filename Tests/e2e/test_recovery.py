"""End-to-end: a meeting the app did not live to end (kill -9, a crash, a dead battery) is
offered back at the next start from its journal, saved with the time it really ran, or
discarded; a journal that cannot be read is kept aside and said."""
import json
import os
import re
import signal
import time
import uuid

from atspi_app import HANG, wait_for
from conftest import read_scrums, scrum, write_scrums

JOURNAL = "meeting-journal.json"


def question(app):
    """The "The meeting of … was interrupted at …" window."""
    return wait_for(lambda: next((w for w in app.windows() if w.name.startswith("The meeting of")), None),
                    what="the interrupted meeting's question")


def test_a_meeting_killed_20_s_in_is_offered_back_and_saved(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben"], minutes=2)])
    app = launch()
    app.press("push button", "Standup")
    pressed = time.monotonic()
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)
    shown = time.monotonic()
    time.sleep(10)  # deliberate: Ana's turn, as the scenario says
    before_next = time.monotonic()
    app.press("push button", "Next speaker", within=app.main)  # written down, and 10 s after
    after_next = time.monotonic()
    app.find("label", "Last Speaker", within=app.main)
    journal = os.path.join(app.data_dir, JOURNAL)

    def journaled_seconds():
        with open(journal) as kept:
            return json.load(kept)["scrums"][0]["history"][0]["durationSeconds"]
    # Killed once the journal has the meeting 20 s in (the app writes it every 10 s).
    wait_for(lambda: os.path.exists(journal) and journaled_seconds() >= 20, what="the journal 20 s in")
    killed = time.monotonic()
    os.kill(app.pid, signal.SIGKILL)
    app.proc.wait(timeout=HANG)
    assert read_scrums(data_home)[0]["history"] == []
    kept = journaled_seconds()
    assert 20 <= kept <= killed - pressed + 1, (kept, killed - pressed)

    again = launch()
    asked = question(again)
    assert re.fullmatch(rf"The meeting of Standup was interrupted at \d\d:\d\d, {kept // 60}:{kept % 60:02d} in",
                        asked.name), (asked.name, kept)
    again.press("push button", "Save It", within=asked)
    history = wait_for(lambda: read_scrums(data_home)[0]["history"], what="the meeting saved")
    meeting = history[0]
    assert meeting["durationSeconds"] == kept, (meeting, kept)
    seconds = {s["name"]: s["seconds"] for s in meeting["speakers"]}
    # Ana spoke from the start to Next, Ben from then on: bracketed by our readings around both.
    assert before_next - shown - 1 <= seconds["Ana"] <= after_next - pressed + 1, seconds
    assert seconds["Ana"] + seconds["Ben"] == kept, seconds
    wait_for(lambda: not os.path.exists(journal), what="the journal to go once the meeting is saved")
    again.find("push button", "Standup")


def write_journal(data_home, standup, seconds):
    """The journal of a meeting of `standup` that ran `seconds`, as the app writes it."""
    meeting = {"id": str(uuid.uuid4()).upper(), "date": "2026-11-23T08:42:00Z",
               "attendees": [a["name"] for a in standup["attendees"]], "durationSeconds": seconds}
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    journal = dict(standup, history=[meeting])
    (folder / JOURNAL).write_text(json.dumps({"version": 1, "scrums": [journal]}))
    return meeting


def test_discard_deletes_the_interrupted_meeting_and_its_recording(launch, data_home):
    standup = scrum("Standup", ["Ana", "Ben"], minutes=2)
    write_scrums(data_home, [standup])
    meeting = write_journal(data_home, standup, 370)
    recordings = data_home / "io.github.scrumdinger.Scrumdinger" / "recordings"
    recordings.mkdir()
    recording = recordings / f"{meeting['id']}.ogg"
    recording.write_bytes(b"OggS")
    app = launch()
    asked = question(app)
    assert asked.name.endswith(", 6:10 in")
    app.press("push button", "Discard", within=asked)
    wait_for(lambda: not (data_home / "io.github.scrumdinger.Scrumdinger" / JOURNAL).exists(),
             what="the journal to go")
    assert not recording.exists()
    assert read_scrums(data_home)[0]["history"] == []


def test_a_journal_that_cannot_be_read_is_kept_aside_and_said(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana"])])
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    (folder / JOURNAL).write_text('{"version": 1, "scrums": [{"title": ')
    app = launch()
    app.find("label", re.compile(r"An interrupted meeting could not be read .*"))
    app.find("push button", "Standup")
    kept = [name for name in os.listdir(folder) if name.startswith(JOURNAL + ".unreadable-")]
    assert len(kept) == 1 and not (folder / JOURNAL).exists()
