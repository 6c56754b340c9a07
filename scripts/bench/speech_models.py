#!/usr/bin/env python3
"""speech_models.py SPEECH.wav HELPER CLI MODEL... — each model the tests prepare or the app
offers (those present), with 1 and 2 threads: the time the helper process takes over the
audio's length, its peak resident memory and its word error rate, beside whisper.cpp's own
whisper-cli on the same file, model and threads. Prints one line a run:
"model NAME THREADS rt rt_cli peak_mib peak_cli_mib wer wer_cli" (table.py makes the table).
Then, as a meeting of one-minute turns is recognised (cut at the pause between sentences
nearest each minute: segments across a cut recognised again in pieces), each model's word
error rate beside the same run's without cuts (2 threads): "turns NAME wer wer_uncut".
The reference words are in SPEECH.wav.txt."""
import array
import json
import os
import subprocess
import sys
import time
import wave

HERE = os.path.dirname(os.path.abspath(__file__))
speech, helper, cli, models = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
env = dict(os.environ, LD_LIBRARY_PATH=os.path.dirname(os.path.abspath(helper)))

# The helper reads raw 16 kHz mono 32-bit floats, as the app decodes a recording: speech.py
# wrote them beside the WAV.
with wave.open(speech) as audio:
    assert audio.getframerate() == 16000 and audio.getnchannels() == 1 and audio.getsampwidth() == 2
    pcm = array.array("h", audio.readframes(audio.getnframes()))
samples = speech + ".f32"
seconds = len(pcm) / 16000


def pause_cuts(every=60.0, frame=160):
    """Milliseconds of the middle of the silent stretch (frames of 10 ms under 1 % of full
    scale, 0.2 s or more) nearest each `every` seconds: where a speaker would hand over."""
    quiet = [max(abs(s) for s in pcm[i:i + frame]) < 328 for i in range(0, len(pcm) - frame, frame)]
    pauses, start = [], None
    for index, silent in enumerate(quiet + [False]):
        if silent and start is None:
            start = index
        elif not silent and start is not None:
            if index - start >= 20:
                pauses.append((start + index) * 5)  # the middle, in ms (10 ms frames)
            start = None
    marks = [int(m * every * 1000) for m in range(1, int(seconds // every) + 1)]
    return sorted({min(pauses, key=lambda p: abs(p - mark)) for mark in marks}) if pauses else []


def run(command):
    """The text `command` printed, its wall time and its peak RSS in MiB (its own, by wait4)."""
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    assert status == 0, f"{command[0]} ended with {status}"
    return output, time.monotonic() - started, usage.ru_maxrss / 1024


def wer(heard):
    path = speech + ".heard.txt"
    open(path, "w").write(heard)
    return float(subprocess.check_output([sys.executable, os.path.join(HERE, "wer.py"), speech + ".txt", path], text=True))


def said(lines):
    return "".join(json.loads(line).get("text", "") for line in lines.splitlines())


cuts = ",".join(map(str, pause_cuts()))
whole = {}
for model in models:
    if not os.path.exists(model):
        continue
    name = os.path.basename(model).removeprefix("ggml-").removesuffix(".bin")
    for threads in (1, 2):
        lines, ours, peak = run([helper, model, samples, str(threads)])
        heard, theirs, peak_cli = run([cli, "-m", model, "-f", speech, "-t", str(threads), "-l", "en", "-nt",
                                       "-bs", "1", "-bo", "1", "-mc", "0"])
        whole[name] = wer(said(lines))
        print(f"model {name} {threads} {ours / seconds:.4f} {theirs / seconds:.4f} {peak:.1f} {peak_cli:.1f} "
              f"{whole[name]:.2f} {wer(heard):.2f}", flush=True)
for model in models:
    name = os.path.basename(model).removeprefix("ggml-").removesuffix(".bin")
    if name in whole:
        lines, _, _ = run([helper, model, samples, "2", cuts])
        print(f"turns {name} {wer(said(lines)):.2f} {whole[name]:.2f}", flush=True)
os.remove(samples)
