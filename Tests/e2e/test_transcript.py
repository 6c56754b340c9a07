"""End-to-end: a recorded two-speaker meeting, spoken into a PulseAudio null sink (the two
halves of whisper.cpp's samples/jfk.wav, real speech in the public domain, which
scripts/whisper/prepare.sh keeps) while the app records the sink's monitor; afterwards its page
shows what was said, transcribed on this machine and split between the two speakers."""
import os
import re
import subprocess
import time
import wave
from pathlib import Path

import pytest

from atspi_app import wait_for
from audio_capture import SINK, PulseServer
from conftest import read_scrums, scrum, write_scrums


@pytest.fixture
def pulse(tmp_path):
    server = PulseServer(tmp_path)
    yield server
    server.stop()


SPEECH = Path(__file__).resolve().parents[2] / ".build/whisper/samples/jfk.wav"
# "And so my fellow Americans, ask not what your country can do for you," | "ask what you
# can do for your country." (the pause between them is at 7.6–8.1 s)
FIRST_HALF, SECOND_HALF = (0.0, 7.8), (7.8, 11.0)


def say(pulse, tmp_path, span):
    """Plays the seconds `span` of the speech into the null sink, and waits until it has played."""
    part = str(tmp_path / f"speech-{time.monotonic_ns()}.wav")
    with wave.open(str(SPEECH)) as source, wave.open(part, "wb") as cut:
        cut.setparams(source.getparams())
        rate = source.getframerate()
        source.setpos(int(span[0] * rate))
        cut.writeframes(source.readframes(int((span[1] - span[0]) * rate)))
    subprocess.run(["paplay", f"--device={SINK}", part], env=dict(os.environ, **pulse.env), check=True, timeout=30)


def test_a_recorded_meeting_is_transcribed_and_split_between_its_speakers(launch, data_home, pulse, tmp_path):
    standup = scrum("Standup", ["Ana", "Ben"], minutes=2)
    standup["recordMeetings"] = True
    write_scrums(data_home, [standup])
    app = launch(SCRUMDINGER_AUDIO_SOURCE=f"pulsesrc device={SINK}.monitor", **pulse.env)
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Recording", within=app.main)
    time.sleep(1)
    say(pulse, tmp_path, FIRST_HALF)
    time.sleep(1)
    app.press("push button", "Next speaker", within=app.main)
    app.find("label", "Last Speaker", within=app.main)
    time.sleep(1)
    say(pulse, tmp_path, SECOND_HALF)
    time.sleep(1.5)
    app.press("push button", "End Meeting", within=app.main)
    app.press("push button", "Save and End")
    wait_for(lambda: read_scrums(data_home)[0]["history"], what="the meeting saved")

    app.press("push button", re.compile(r"Show meeting of .*"))
    app.find("label", "Duration", within=app.main)
    ana = app.find("label", re.compile(r"Ana \(0:00–0:\d\d\)"), within=app.main, timeout=90)
    ben = app.find("label", re.compile(r"Ben \(0:\d\d–0:\d\d\)"), within=app.main)
    app.screenshot("transcript.png")
    texts = app.texts(within=app.main)
    said_by_ana = texts[texts.index(ana.name) + 1].lower()
    said_by_ben = texts[texts.index(ben.name) + 1].lower()
    # Speech synthesized by espeak-ng was misheard under load in CI ("I fixed the build" came
    # out as "I fix the wheel"); a human voice is heard far better, but the lone first word
    # of the second half is not always ("ask" came out once as "asp"), so the test asks for
    # the words that say whose half it is.
    assert "americans" in said_by_ana and "your country can do for you" in said_by_ana, said_by_ana
    assert "what you can do for your country" in said_by_ben and "americans" not in said_by_ben, said_by_ben
    segments = read_scrums(data_home)[0]["history"][0]["transcript"]
    assert segments and all(s["end"] >= s["start"] for s in segments)
