"""End-to-end: the speech helper's windows (`scrumdinger-transcribe --live MODEL SAMPLES`), asked
for as the app asks at Save and End when the helper had fallen behind: the rest of the
recording ("FROM -1 1") is longer than the 30 s whisper hears at once. It is heard as the
meeting was, a window at a time from where each one's last words ended, so the transcript does
not depend on how far behind the helper was; and, at people's pace, no word is heard twice
across a seam."""
import array
import json
import pathlib
import re
import subprocess
import wave

from audio_capture import SPEECH
from conftest import idle_machine

HELPER = SPEECH.parents[1] / "lib" / "scrumdinger-transcribe"
PEOPLE = SPEECH.parent / "people"  # pocketsphinx's test recordings (make speech)
MODEL = SPEECH.parents[1] / "models" / "ggml-tiny.en.bin"
RATE = 16000


def heard_as_the_meeting_was(samples, threads=1):
    """What the helper hears of `samples` asked for as the rest, a window at a time on
    `threads` threads; where each window began and the next was to begin; and the helper's
    resident memory after each window, in MB."""
    helper = subprocess.Popen([str(HELPER), "--live", str(MODEL), str(samples)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    answers, said, at = [], [], 0
    with idle_machine():
        while at >= 0:
            helper.stdin.write(f"{at} -1 1 {threads}\n")
            helper.stdin.flush()
            while "done" not in (line := json.loads(helper.stdout.readline())):
                assert "error" not in line, line
                said.append(line)
            answers.append((at, line["done"], resident_mb(helper.pid)))
            at = line["done"]
    helper.stdin.close()
    assert helper.wait(timeout=60) == 0
    return said, [(began, next_at) for began, next_at, _ in answers], [mb for _, _, mb in answers]


def resident_mb(pid):
    """The resident memory of process `pid`, in MB."""
    status = (pathlib.Path("/proc") / str(pid) / "status").read_text()
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1)) // 1024


def words_of(said):
    return re.sub(r"[^a-z ]", " ", "".join(s["text"] for s in said).lower()).split()


def test_a_rest_longer_than_a_window_is_heard_a_window_at_a_time(tmp_path):
    with wave.open(str(SPEECH)) as source:
        jfk = array.array("h", source.readframes(source.getnframes()))
    # JFK's eleven seconds four times, a second of silence after each: 48 s, all recorded.
    pause = array.array("h", bytes(2 * RATE))
    samples = tmp_path / "meeting.samples"
    samples.write_bytes(array.array("f", [x / 32768 for x in (jfk + pause) * 4]).tobytes())
    total = len(samples.read_bytes()) // 4 * 1000 // RATE
    said, answers, _ = heard_as_the_meeting_was(samples)
    assert 5_000 <= answers[0][1] <= 30_000, f"the first answer says where the second window begins: {answers}"
    assert len(answers) == 2 and answers[-1][1] == -1, f"the rest, 18 s or more, is the last window: {answers}"
    assert max(s["end"] for s in said) <= total
    words = words_of(said)
    assert words.count("fellow") == 4, f"each saying heard once: {' '.join(words)}"


def test_the_rest_heard_on_two_threads_is_heard_as_on_one(tmp_path):
    """At Save and End the app asks for the rest on two threads when the machine has a core to
    spare, so that the user waits less: the transcript is the same, word for word and time for
    time."""
    with wave.open(str(SPEECH)) as source:
        jfk = array.array("h", source.readframes(source.getnframes()))
    samples = tmp_path / "meeting.samples"
    samples.write_bytes(array.array("f", [x / 32768 for x in jfk * 2]).tobytes())
    said_on_one, answers_on_one, _ = heard_as_the_meeting_was(samples)
    said_on_two, answers_on_two, _ = heard_as_the_meeting_was(samples, threads=2)
    assert said_on_two == said_on_one and answers_on_two == answers_on_one
    assert words_of(said_on_two).count("fellow") == 2


# The words that tell a recording's saying apart from the others, counted in what is heard.
TELLING = {"cards-005": ["spades", "hearts"], "reader-0870": ["dashwood"], "reader-0890": ["selfish"],
           "reader-0920": ["married"], "reader-0930": ["himself"]}


def persons_turn(tmp_path):
    """One turn of people's recorded speech, 100 s: the card player's short sayings between a
    LibriVox reader's sentences, 0.2 s apart; its samples file and the recordings said, in order."""
    cards = ["cards-003", "cards-004", "cards-005", "cards-001", "cards-002"]
    reader = ["reader-0880", "reader-0890", "reader-0920", "reader-0930", "reader-0870"]
    pause = array.array("h", bytes(2 * RATE // 5))
    turn, said_in_turn = array.array("h"), []
    while len(turn) < 100 * RATE:  # a saying, a sentence, in turn
        count = len(said_in_turn)
        recording = (cards, reader)[count % 2][count // 2 % 5]
        with wave.open(str(PEOPLE / f"{recording}.wav")) as source:
            turn += array.array("h", source.readframes(source.getnframes())) + pause
        said_in_turn.append(recording)
    samples = tmp_path / "turn.samples"
    samples.write_bytes(array.array("f", [x / 32768 for x in turn]).tobytes())
    return samples, said_in_turn


def test_a_persons_words_across_a_seam_are_heard_once(tmp_path):
    """A window whose one segment whisper ended at the window's end was taken to end at 0.25 s a
    word, espeak-ng's pace: the reader's is slower, so the next window began 12 s before the
    words heard had ended and heard 25 of them again, otherwise ("seven of hearts. Had he married
    … than he was. disposed. Eight of spades, four of close, seven of hearts. Had he married …").
    Where a window ends is now decided by when its words were said (their tokens' times), and so
    are the words a window hears again."""
    samples, said_in_turn = persons_turn(tmp_path)
    said, answers, _ = heard_as_the_meeting_was(samples)
    assert len(answers) >= 4, f"heard a window at a time: {answers}"
    words = words_of(said)
    for recording, telling in TELLING.items():
        for word in telling:
            times = said_in_turn.count(recording)
            assert times - 1 <= words.count(word) <= times, \
                f"{word!r} said {times} times, heard {words.count(word)}: {' '.join(words)} ({answers})"


def test_the_timed_model_is_let_go_once_no_window_needs_it(tmp_path):
    """The model with its tokens' times is loaded a second time for a window at an unsure seam
    and the window after it; without flash attention its buffers are large, and the helper kept
    it for the rest of the meeting: 173 MB before it, 499 MB after (tiny.en). It is let go once
    the next window is heard without times."""
    samples, _ = persons_turn(tmp_path)
    _, answers, resident = heard_as_the_meeting_was(samples)
    assert max(resident) - resident[0] > 200, f"a seam needed the timed model: {resident} MB"
    assert resident[-1] - resident[0] < 100, f"it was let go: {resident} MB after each of {answers}"
