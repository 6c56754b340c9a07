#!/usr/bin/env python3
"""transcript_runs.py BENCH HELPER RUNS MINUTES TURNS MODEL... — the transcript's word error
rate over RUNS meetings (issue 51: "no run worse than 12 %"), for each MODEL: meeting k is the
bench's speech in its k-th order (speech.py OUT MINUTES k), of TURNS turns, heard as it runs by
the app's own LiveTranscript and the helper (`scrumdinger-bench --live-transcribe`, the audio
written LIVE_PACE times its real pace: the windows follow the audio, not the clock, so the pace
changes when the words come, not which). Says every run's WER on standard error, then prints
"transcript_runs_NAME_pct WORST MEDIAN" for each model (NAME: the model's file name without
"ggml-" and ".bin", dots and dashes as underscores). With PEOPLE set to whisper.cpp's JFK
sample, the meetings are people's recorded speech instead (people.py OUT JFK k TURNS; MINUTES
is then theirs, about 5), and the rows "transcript_people_NAME_pct WORST MEDIAN" and
"transcript_people_NAME_twice_words TWICE SAID": the words heard twice (in runs of three or
more: wer.py --twice) over all the meetings, beside the words said in them."""
import os
import statistics
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
bench, helper, runs, minutes, turns = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
models = sys.argv[6:]
pace = os.environ.get("LIVE_PACE", "8")
folder = tempfile.mkdtemp()
rates = {model: [] for model in models}
twice = {model: 0 for model in models}
said = 0
people = os.environ.get("PEOPLE")
for run in range(runs):
    speech = os.path.join(folder, f"meeting-{run}.wav")
    if people:
        subprocess.run([sys.executable, os.path.join(here, "people.py"), speech, people, str(run), turns], check=True)
    else:
        subprocess.run([sys.executable, os.path.join(here, "speech.py"), speech, minutes, str(run)], check=True)
    with open(speech + ".txt") as reference:
        said += len(reference.read().split())
    for model in models:
        subprocess.run([bench, "--live-transcribe", speech + ".f32", speech, os.path.abspath(model),
                        os.path.abspath(helper), turns, pace, "--heard-only"], check=True, stdout=subprocess.DEVNULL)
        heard = f"{speech}.{os.path.basename(model)}.txt"
        os.replace(speech + ".f32.live.txt", heard)
        wer, words = subprocess.run([sys.executable, os.path.join(here, "wer.py"), speech + ".txt", heard, "--twice"],
                                    capture_output=True, text=True, check=True).stdout.split()
        rates[model].append(float(wer))
        twice[model] += int(words)
        print(f"meeting {run}, {os.path.basename(model)}: {wer} %, {words} words twice", file=sys.stderr, flush=True)
for model, rate in rates.items():
    name = os.path.basename(model).removeprefix("ggml-").removesuffix(".bin").replace(".", "_").replace("-", "_")
    print(f"{os.path.basename(model)}: " + " ".join(f"{r:.2f}" for r in rate), file=sys.stderr)
    if people:
        print(f"transcript_people_{name}_pct {max(rate):.2f} {statistics.median(rate):.2f}")
        print(f"transcript_people_{name}_twice_words {twice[model]} {said}")
    else:
        print(f"transcript_runs_{name}_pct {max(rate):.2f} {statistics.median(rate):.2f}")
