"""End-to-end: speech to text runs in its own process. A bad model found where the app looks
for one (a truncated file, random bytes behind the right magic, an empty file) never takes the
app down: the meeting's page says so, the recording is kept, and the next start does not run
the helper on it again."""
import os
import re
import uuid

import gi
import pytest

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

from audio_capture import SPEECH  # noqa: E402
from conftest import scrum, write_scrums  # noqa: E402

MODEL = SPEECH.parents[1] / "models" / "ggml-tiny.en.bin"
SAID = "Not transcribed: the speech model could not be read"


def encode(wav, ogg):
    """`wav` encoded as the app records (Ogg Opus) into `ogg`."""
    Gst.init(None)
    pipeline = Gst.parse_launch(
        f"filesrc location={wav} ! wavparse ! audioconvert ! audioresample ! opusenc ! oggmux ! filesink location={ogg}")
    pipeline.set_state(Gst.State.PLAYING)
    message = pipeline.get_bus().timed_pop_filtered(20 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    assert message and message.type == Gst.MessageType.EOS, message


def bad_model(kind):
    model = MODEL.read_bytes()
    return {
        "truncated": model[: len(model) // 3],
        "random": b"lmgg" + os.urandom(3_000_000),
        "empty": b"",
    }[kind]


@pytest.mark.parametrize("kind", ["truncated", "random", "empty"])
def test_a_bad_model_is_said_once_and_the_recording_kept(launch, data_home, kind):
    meeting = str(uuid.uuid4()).upper()
    entry = {"id": meeting, "date": "2026-11-23T08:42:00Z", "attendees": ["Ana"], "durationSeconds": 60}
    write_scrums(data_home, [scrum("Standup", ["Ana"], history=[entry])])
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    (folder / "recordings").mkdir(mode=0o700)
    (folder / "models").mkdir(mode=0o700)
    recording = folder / "recordings" / f"{meeting}.ogg"
    encode(SPEECH, recording)
    (folder / "models" / "ggml-bad.bin").write_bytes(bad_model(kind))

    for start in (1, 2):
        app = launch()
        app.press("push button", "Standup")
        app.press("push button", re.compile(r"Show meeting of .*"))
        app.find("label", SAID, within=app.main, timeout=60)
        app.find("push button", "Transcribe Again", within=app.main)
        assert app.proc.poll() is None, "the app goes on"
        assert recording.exists(), "the recording is kept"
        aside = (folder / "models" / "set-aside").read_text().split()
        assert aside == [str(folder / "models" / "ggml-bad.bin")], aside
        app.kill()
