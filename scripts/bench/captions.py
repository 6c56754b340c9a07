"""Live captions' figures (issue 51): the bench's speech written at its real pace into a growing
samples file, as the recording's pipeline writes it, heard by the helper as the app starts it
(`scrumdinger-transcribe --live MODEL SAMPLES VAD`, idle priority, one thread); then 60 s of
silence and 60 s of pink noise at the speech's level −20 dB. Prints "name value goal" lines:
- captions_latency_median_s / _p90_s: from the end of a word in the audio (whisper-cli's word
  times on the whole file, -ml 1) to the first time the captions showed it (as changing or
  final words), over the words the captions and whisper-cli share: each final line aligned
  with what whisper-cli heard in the 20 s before it was first shown (the speech repeats its
  sentences, so a word is never matched with its repeat a minute away) and after the words
  earlier lines matched: each word said is matched once, in order (a garbled word, the "to"
  of "yes to" for "yesterday", was matched with the same word said up to 20 s before, often
  one an earlier line had matched already);
- captions_final_latency_median_s / _p90_s: the same to when the word became final, what a
  reader would wait for if only final words were shown; captions_withdrawn_pct: of the
  changing words shown, how many were taken back (replaced or dropped) before the line was
  final, what a reader of the greyed words sees change;
- captions_wer_pct: the captions' final words against the reference, beside 1.5 × the
  transcript's WER (TRANSCRIPT_WER, from the same run); the words are kept in
  SPEECH.captions.txt, one final line a line, each with when it was first shown;
- captions_noise_words: words captioned over the silence and the noise (goal 0);
- captions_cpu_pct: the helper's CPU over the audio's length, in % of one core (goal 50).
With LANGUAGE (Whisper's code), the speech is heard in that language (the helper's and
whisper-cli's language set) and each name ends in "_LANGUAGE".
Usage: captions.py HELPER MODEL VAD SPEECH.wav REFERENCE.txt WHISPER_CLI TRANSCRIPT_WER [LANGUAGE]"""
import array
import difflib
import json
import math
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
import wave

from wer import words  # the words as the word error rate counts them (this script's folder)

RATE = 16000
helper, model, vad, speech, reference, cli, transcript_wer = sys.argv[1:8]
language = sys.argv[8] if len(sys.argv) > 8 else None
suffix = f"_{language}" if language else ""


def figure(name, value, goal):
    print(f"{name}{suffix} {value} {goal}")


def floats(path):
    with wave.open(path) as source:
        return [x / 32768 for x in array.array("h", source.readframes(source.getnframes()))]


def caption(audio):
    """Feeds `audio` at its real pace to the helper; returns the final lines, each a list of
    words with when each was first shown (seconds from the start of the audio), and the
    helper's CPU seconds."""
    folder = tempfile.mkdtemp()
    samples = os.path.join(folder, "meeting.samples")
    open(samples, "wb").close()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    heard_in = ["--language", language] if language else []
    process = subprocess.Popen([helper, *heard_in, "--live", model, samples, vad], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    lines = []

    def read():
        for line in process.stdout:
            lines.append((time.monotonic(), json.loads(line)))

    reader = threading.Thread(target=read)
    reader.start()
    step = RATE // 10
    with open(samples, "ab", buffering=0) as out:
        began = time.monotonic()
        for at in range(0, len(audio), step):
            out.write(array.array("f", audio[at:at + step]).tobytes())
            time.sleep(max(0.0, began + (at + step) / RATE - time.monotonic()))
        end = len(audio) * 1000 // RATE
        # All heard but the last step's worth (1.5 s), which comes only with more audio.
        while not any(c.get("to", 0) >= end - 2000 for _, c in lines) and process.poll() is None:
            time.sleep(0.1)
    process.stdin.close()
    process.wait()
    reader.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    os.remove(samples)
    os.rmdir(folder)
    # Each final word's first showing: the changing words are redecoded each step, so a word is
    # followed by its place in the line's order (aligned with what the line showed before, never
    # matched by its text alone: "the" a minute earlier is another word). A final message takes
    # the words it makes final; what follows them stays shown as changing.
    pending, final, changing, withdrawn = [], [], 0, 0
    for at, line in lines:
        if "caption" not in line:
            continue
        shown, rest = aligned(pending, words(line["caption"]), at - began)
        kept = sum(1 for _, first in shown if first < at - began)
        if line["final"]:
            final.append([(w, first, at - began) for w, first in shown])
            withdrawn += len(pending) - kept - len(rest)
            pending = rest
        else:
            withdrawn += len(pending) - kept
            changing += len(shown) - kept
            pending = shown
    return final, cpu, (changing, withdrawn)


def aligned(before, said, now):
    """`said` with when each word was first shown: a word the line showed `before` at its place
    in the order keeps that time, another is new `now`; and what of `before` comes after the
    last word kept."""
    matcher = difflib.SequenceMatcher(a=[w for w, _ in before], b=said, autojunk=False)
    times, last = [now] * len(said), -1
    for block in matcher.get_matching_blocks():
        for i in range(block.size):
            times[block.b + i] = before[block.a + i][1]
            last = block.a + i
    return list(zip(said, times)), before[last + 1:]


def share(values, fraction):
    """The value `fraction` of the way up `values` (0.5: the median, 0.9: the 90th percentile)."""
    return sorted(values)[int(len(values) * fraction)]


def word_ends(path):
    """Each word of the file as whisper-cli hears it whole, with where it ends (seconds)."""
    out = subprocess.run([cli, "-m", model, "-f", path, "-ml", "1", "-sow", "-t", "2", "-l", language or "en"],
                         capture_output=True, text=True, check=True,
                         env=dict(os.environ, LD_LIBRARY_PATH=os.path.dirname(helper))).stdout
    ends = []
    for match in re.finditer(r"\[\d+:\d+:[\d.]+ --> (\d+):(\d+):([\d.]+)\]\s*(.*)", out):
        seconds = int(match.group(1)) * 3600 + int(match.group(2)) * 60 + float(match.group(3))
        ends += [(word, seconds) for word in words(match.group(4))]
    return ends


def pink_noise(seconds, rms):
    rows, total, out = [0.0] * 16, 0.0, []
    chance = random.Random(1)
    for i in range(int(seconds * RATE)):
        row = min(15, (i & -i).bit_length() - 1) if i else 0
        new = chance.uniform(-1, 1)
        total += new - rows[row]
        rows[row] = new
        out.append(total + chance.uniform(-1, 1))
    scale = rms / math.sqrt(sum(x * x for x in out) / len(out))
    return [x * scale for x in out]


audio = floats(speech)
# The speaker stops at the end (3 s of silence), as a meeting goes on after its last words: the
# last line is then made final by the pause, as every other line that ends in one is.
final, cpu, (changing, withdrawn) = caption(audio + [0.0] * 3 * RATE)
heard = word_ends(speech)
latencies, final_latencies = [], []
unheard = 0  # the first of whisper-cli's words no final line has matched yet
for line in filter(None, final):
    shown_from = min(at for _, at, _ in line)
    near = [k for k in range(unheard, len(heard)) if shown_from - 20 <= heard[k][1] <= max(at for _, at, _ in line) + 1]
    matcher = difflib.SequenceMatcher(a=[w for w, _, _ in line], b=[heard[k][0] for k in near], autojunk=False)
    for block in matcher.get_matching_blocks():
        for i in range(block.size):
            _, shown, made_final = line[block.a + i]
            latencies.append(shown - heard[near[block.b + i]][1])
            final_latencies.append(made_final - heard[near[block.b + i]][1])
            unheard = near[block.b + i] + 1
with open(speech + ".captions.txt", "w") as said:
    said.write("".join(f"{min(at for _, at, _ in line):8.2f}  {' '.join(w for w, _, _ in line)}\n"
                       for line in final if line))
figure("captions_latency_median_s", f"{share(latencies, 0.5):.2f}", 2.5)
figure("captions_latency_p90_s", f"{share(latencies, 0.9):.2f}", 4)
figure("captions_latency_words", len(latencies), sum(len(line) for line in final))
figure("captions_final_latency_median_s", f"{share(final_latencies, 0.5):.2f}", 2.5)
figure("captions_final_latency_p90_s", f"{share(final_latencies, 0.9):.2f}", 4)
figure("captions_withdrawn_pct", f"{100 * withdrawn / max(1, changing):.1f}", 0)
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as said:
    said.write(" ".join(w for line in final for w, _, _ in line))
captions_wer = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "wer.py"), reference, said.name],
                              capture_output=True, text=True, check=True).stdout.strip()
figure("captions_wer_pct", captions_wer, f"{1.5 * float(transcript_wer):.1f}")
os.remove(said.name)
figure("captions_cpu_pct", f"{100 * cpu / (len(audio) / RATE):.0f}", 50)
level = math.sqrt(sum(x * x for x in audio) / len(audio)) / 10
quiet, _, _ = caption([0.0] * 60 * RATE + pink_noise(60, level))
figure("captions_noise_words", sum(len(line) for line in quiet), 0)
