"""End-to-end: a recorded meeting of three turns, spoken into a PulseAudio null sink (the two
halves of whisper.cpp's samples/jfk.wav, real speech in the public domain, which
scripts/whisper/prepare.sh keeps) while the app records the sink's monitor; each turn is heard
by the real helper while the meeting runs, so soon after Save and End its page shows what
was said, transcribed on this machine and split between the speakers (how soon is `make
bench`'s figure, live_final_seconds: a machine busy with other work delays the
helper, which runs at idle priority). The app records what it
records for every user: the default microphone (GStreamer's autoaudiosrc), which here is the
sink's monitor, made the default source, and the model found where the app looks for it."""
import json
import re
import time


from atspi_app import wait_for
from audio_capture import FIRST_HALF, SECOND_HALF, say
from conftest import idle_machine, read_scrums, record_on_this_computer, scrum, write_scrums


def test_a_recorded_meeting_is_transcribed_as_it_runs_and_split_between_its_speakers(launch, data_home, pulse, tmp_path):
    standup = scrum("Standup", ["Ana", "Ben", "Cy"], minutes=2)
    write_scrums(data_home, [standup])
    record_on_this_computer(data_home, standup)
    app = launch(**pulse.env)  # the default microphone: the null sink's monitor is the default source
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Recording", within=app.main)
    # The sleeps below are the meeting's own silences, around each speaker's words.
    time.sleep(1)
    say(pulse, tmp_path, FIRST_HALF)
    time.sleep(1)
    app.press("push button", "Next speaker", within=app.main)
    app.find("label", "Speaker 2 of 3", within=app.main)
    time.sleep(1)
    say(pulse, tmp_path, SECOND_HALF)
    time.sleep(1.5)
    app.press("push button", "Next speaker", within=app.main)
    app.find("label", "Last Speaker", within=app.main)
    time.sleep(1)
    say(pulse, tmp_path, FIRST_HALF)
    time.sleep(1.5)
    app.press("push button", "End Meeting", within=app.main)
    app.press("push button", "Save and End")
    ended = time.monotonic()
    wait_for(lambda: read_scrums(data_home)[0]["history"], what="the meeting saved")
    meeting = read_scrums(data_home)[0]["history"][0]
    kept = data_home / "io.github.scrumdinger.Scrumdinger" / "transcripts" / f"{meeting['id']}.json"
    with idle_machine():
        wait_for(kept.exists, what="the transcript saved")
    print(f"transcript saved {time.monotonic() - ended:.1f} s after Save and End")

    app.press("push button", re.compile(r"Show meeting of .*"))
    app.find("label", "Duration", within=app.main)
    ana = app.find("label", re.compile(r"Ana \(0:00–0:\d\d\)"), within=app.main)
    ben = app.find("label", re.compile(r"Ben \(0:\d\d–0:\d\d\)"), within=app.main)
    cy = app.find("label", re.compile(r"Cy \(0:\d\d–0:\d\d\)"), within=app.main)
    app.screenshot("transcript.png")
    texts = app.texts(within=app.main)

    def said_under(heading):
        """The sentences under a passage's heading (one row each), up to the next heading."""
        words = []
        for text in texts[texts.index(heading) + 1:]:
            if re.fullmatch(r"\w+ \(\d+:\d\d–\d+:\d\d\)", text) or text == "Attendees":
                break
            words.append(text)
        return " ".join(words).lower()
    said_by_ana, said_by_ben, said_by_cy = said_under(ana.name), said_under(ben.name), said_under(cy.name)
    # Speech synthesized by espeak-ng was misheard under load in CI ("I fixed the build" came
    # out as "I fix the wheel"); a human voice is heard far better, but the lone first word
    # of the second half is not always ("ask" came out once as "asp"), so the test asks for
    # the words that say whose half it is.
    assert "americans" in said_by_ana and "your country can do for you" in said_by_ana, said_by_ana
    assert "what you can do for your country" in said_by_ben and "americans" not in said_by_ben, said_by_ben
    assert "americans" in said_by_cy and "what you can do" not in said_by_cy, said_by_cy
    # Kept on this computer, beside the recording; the team's file has the meeting, not what was said.
    assert "transcript" not in meeting, meeting
    segments = json.loads(kept.read_text())
    assert segments and all(s["end"] >= s["start"] for s in segments)
    # Where Next was pressed, on the meeting's clock and the recording's, which began later (the
    # microphone takes a moment to open, longer on a busy machine) but before the change; the
    # app measures, never assumes, how far apart. No segment runs across either change.
    recordings = data_home / "io.github.scrumdinger.Scrumdinger" / "recordings"
    turns = [tuple(map(int, line.split())) for line in (recordings / f"{meeting['id']}.ogg.turns").read_text().splitlines()]
    assert len(turns) == 2, turns
    for at_meeting, at_recording in turns:
        print(f"Next pressed at {at_meeting} ms of the meeting, {at_recording} ms of the recording")
        assert 0 < at_recording <= at_meeting, (at_meeting, at_recording)
        assert not any(s["start"] < at_meeting < s["end"] for s in segments), "no segment across the change of turn"
    # The samples the helper read and what it heard are let go once the transcript is saved.
    assert sorted(p.name for p in recordings.iterdir()) == [f"{meeting['id']}.ogg", f"{meeting['id']}.ogg.turns"]
    assert oct(kept.stat().st_mode & 0o777) == "0o600"
