"""End-to-end: the speech helper's windows (`scrumdinger-transcribe --live MODEL SAMPLES`), asked
for as the app asks at Save and End when the helper had fallen behind: the rest of the
recording ("FROM -1 1") is longer than the 30 s whisper hears at once. It is heard as the
meeting was, a window at a time from where each one's last words ended, so the transcript does
not depend on how far behind the helper was."""
import array
import json
import re
import subprocess
import wave

from audio_capture import SPEECH
from conftest import idle_machine

HELPER = SPEECH.parents[1] / "lib" / "scrumdinger-transcribe"
MODEL = SPEECH.parents[1] / "models" / "ggml-tiny.en.bin"
RATE = 16000


def test_a_rest_longer_than_a_window_is_heard_a_window_at_a_time(tmp_path):
    with wave.open(str(SPEECH)) as source:
        jfk = array.array("h", source.readframes(source.getnframes()))
    # JFK's eleven seconds four times, a second of silence after each: 48 s, all recorded.
    pause = array.array("h", bytes(2 * RATE))
    samples = tmp_path / "meeting.samples"
    samples.write_bytes(array.array("f", [x / 32768 for x in (jfk + pause) * 4]).tobytes())
    total = len(samples.read_bytes()) // 4 * 1000 // RATE
    helper = subprocess.Popen([str(HELPER), "--live", str(MODEL), str(samples)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    answers, said, at = [], [], 0
    with idle_machine():
        while at >= 0:
            helper.stdin.write(f"{at} -1 1\n")
            helper.stdin.flush()
            while "done" not in (line := json.loads(helper.stdout.readline())):
                assert "error" not in line, line
                said.append(line)
            answers.append((at, line["done"]))
            at = line["done"]
    helper.stdin.close()
    assert helper.wait(timeout=60) == 0
    assert 5_000 <= answers[0][1] <= 30_000, f"the first answer says where the second window begins: {answers}"
    assert len(answers) == 2 and answers[-1][1] == -1, f"the rest, 18 s or more, is the last window: {answers}"
    assert max(s["end"] for s in said) <= total
    words = re.sub(r"[^a-z ]", " ", "".join(s["text"] for s in said).lower()).split()
    assert words.count("fellow") == 4, f"each saying heard once: {' '.join(words)}"
