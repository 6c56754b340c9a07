#!/usr/bin/env bash
# The speech figures of `make bench`: 15 minutes of stand-up talk (espeak-ng) transcribed as
# the app does it (scrumdinger-bench --transcribe: GStreamer decodes, whisper.cpp in the
# scrumdinger-transcribe process, the main loop probed meanwhile) beside whisper.cpp's own
# command line on the same model, file and thread count; the word error rate of both; every model prepared or offered
# (those present) with 1 and 2 threads, the helper beside whisper-cli (speech_models.py);
# the meeting heard as it runs (below), its live captions (captions.py); and the CPU a recording and its hearing cost a
# running meeting.
# Prints "name value baseline" lines.
set -euo pipefail
bin=$1 work=$2
export PYTHONPATH="$PWD/Tests/e2e"  # the scripts share the end-to-end tests' helpers (PulseAudio, scrums)
# The models the app offers, where the user has downloaded them.
data="${XDG_DATA_HOME:-$HOME/.local/share}/io.github.scrumdinger.Scrumdinger"
scripts/whisper/prepare.sh .build/whisper --with-cli >&2
model=.build/whisper/models/ggml-tiny.en.bin
speech="$work/speech.wav"
/usr/bin/python3 scripts/bench/speech.py "$speech" 15
threads=$(/usr/bin/python3 -c 'import os; print(2 if os.getloadavg()[0] < os.cpu_count() - 1 else 1)')
cli=$(LD_LIBRARY_PATH=.build/whisper/lib /usr/bin/python3 - "$model" "$speech" "$threads" "$speech.cli.txt" <<'PY'
import resource, subprocess, sys, time
model, speech, threads, out = sys.argv[1:5]
started = time.monotonic()
text = subprocess.run([".build/whisper/bin/whisper-cli", "-m", model, "-f", speech, "-t", threads, "-l", "en", "-nt", "-bs", "1", "-bo", "1",
                       "-mc", "0"], capture_output=True, text=True, check=True).stdout
print(time.monotonic() - started, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
open(out, "w").write(text)
PY
)
ours=$("$bin/scrumdinger-bench" --transcribe "$speech" "$(pwd)/$model" "$(pwd)/.build/whisper/lib/scrumdinger-transcribe" \
  "$(pwd)/Resources/ding.ogg" "$(pwd)/.build/whisper/samples/jfk.wav" "$threads")
echo "$ours" | grep transcribe_stall_ms
seconds=$(echo "$ours" | awk '/transcribe_seconds/{print $2}')
audio=$(echo "$ours" | awk '/transcribe_seconds/{print $3}')
echo "transcribe_real_time $(awk -v s="$seconds" -v a="$audio" 'BEGIN{print s/a}') $(awk -v s="${cli% *}" -v a="$audio" 'BEGIN{print s/a}')"
echo "transcribe_peak_mib_vs_cli $(echo "$ours" | awk '/transcribe_peak_kib/{print $2}') ${cli#* }"
echo "transcribe_wer_pct $(/usr/bin/python3 scripts/bench/wer.py "$speech.txt" "$speech.ours.txt") $(/usr/bin/python3 scripts/bench/wer.py "$speech.txt" "$speech.cli.txt")"
echo "transcribe_app_rss_after_kib $(echo "$ours" | awk '/transcribe_app_rss_kib/{print $4, $2}')"
echo "transcribe_app_rss_during_kib $(echo "$ours" | awk '/transcribe_app_rss_kib/{print $3, $2}')"
echo "transcribe_app_rss_first_kib $(echo "$ours" | awk '/transcribe_app_rss_kib/{print $2, $5}')"
echo "transcribe_audio_min $(awk -v a="$audio" 'BEGIN{print a/60}') 0"
# Heard as the meeting runs (the helper's --live windows): the word error rate over one-minute
# turns (changing where a speaker stops) beside the whole recording at once; with 20 s windows
# beside 30 s; then a 15-minute meeting of 8 turns whose audio is written at its real pace
# (scrumdinger-bench --live-transcribe: a thread appends a tenth of a second every 100 ms),
# the time from Save and End to the transcript beside today's after-the-meeting transcription.
# (speech.py wrote the samples as the helper reads them, $speech.f32.)
helper=.build/whisper/lib/scrumdinger-transcribe
/usr/bin/python3 scripts/bench/live_wer.py "$helper" "$model" "$speech.f32" "$speech.live30.txt" 30000 >&2
/usr/bin/python3 scripts/bench/live_wer.py "$helper" "$model" "$speech.f32" "$speech.live20.txt" 20000 >&2
live30=$(/usr/bin/python3 scripts/bench/wer.py "$speech.txt" "$speech.live30.txt")
echo "live_wer_pct $live30 $(/usr/bin/python3 scripts/bench/wer.py "$speech.txt" "$speech.ours.txt")"
echo "live_wer_20s_window_pct $(/usr/bin/python3 scripts/bench/wer.py "$speech.txt" "$speech.live20.txt") $live30"
"$bin/scrumdinger-bench" --live-transcribe "$speech.f32" "$speech" "$(pwd)/$model" "$(pwd)/$helper" 8 "${LIVE_PACE:-1}"
paced=$(/usr/bin/python3 scripts/bench/wer.py "$speech.txt" "$speech.f32.live.txt")
echo "live_paced_wer_pct $paced $live30"
# The same meeting with live captions on (the helper captions it too): what they cost the
# transcript (its time after Save and End, the main loop, its words).
"$bin/scrumdinger-bench" --live-transcribe "$speech.f32" "$speech" "$(pwd)/$model" "$(pwd)/$helper" 8 "${LIVE_PACE:-1}" \
  --with-captions "$(pwd)/.build/whisper/models/ggml-silero-v6.2.0.bin" | sed -n 's/^live_\(final_seconds\|stall_ms\|helper_cpu_seconds\) /live_captions_\1 /p'
echo "live_captions_wer_pct $(/usr/bin/python3 scripts/bench/wer.py "$speech.txt" "$speech.f32.live.txt") $paced"
# The transcript over 10 meetings (the same sentences in 10 orders, 5 minutes in 3 turns), each
# model prepared or downloaded: the worst run beside the median (transcript_runs.py).
models=(.build/whisper/models/ggml-tiny.en.bin .build/whisper/models/ggml-tiny.en-q8_0.bin)
[ -e "$data/models/ggml-base.en-q5_1.bin" ] && models+=("$data/models/ggml-base.en-q5_1.bin")
/usr/bin/python3 scripts/bench/transcript_runs.py "$bin/scrumdinger-bench" "$helper" 10 5 3 "${models[@]}"
# The same over 10 meetings of people's recorded speech (people.py), whose pace is not
# espeak-ng's: where a window's seam falls is decided by the tokens' times (bridge.c).
PEOPLE="$(pwd)/.build/whisper/samples/jfk.wav" /usr/bin/python3 scripts/bench/transcript_runs.py \
  "$bin/scrumdinger-bench" "$helper" 10 5 3 .build/whisper/models/ggml-tiny.en.bin .build/whisper/models/ggml-tiny.en-q8_0.bin
# Live captions of the same speech at its real pace, then silence and noise (captions.py).
/usr/bin/python3 scripts/bench/captions.py "$helper" "$model" .build/whisper/models/ggml-silero-v6.2.0.bin "$speech" \
  "$speech.txt" .build/whisper/bin/whisper-cli "$live30"
/usr/bin/python3 scripts/bench/speech_models.py "$speech" .build/whisper/lib/scrumdinger-transcribe \
  .build/whisper/bin/whisper-cli .build/whisper/models/ggml-tiny.en.bin .build/whisper/models/ggml-tiny.en-q8_0.bin \
  "$data/models/ggml-base.en-q5_1.bin" "$data/models/ggml-base.en.bin"
scripts/with-display.sh /usr/bin/python3 scripts/bench/recorded_meeting.py "$bin/scrumdinger" "$speech"
