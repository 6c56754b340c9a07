#!/usr/bin/env bash
# The speech figures of `make bench` in the team's own language (issue 68): two minutes of the
# stand-up's sentences in English, German, Spanish and French (speech.py: espeak-ng, four voices
# in turns), heard with the multilingual base model in 5 bits, as a scrum in that language is:
# the transcript as the app makes it beside whisper-cli on the whole file (same model, threads
# and language); then its live captions (captions.py, names ending in _LANGUAGE). Then a
# 15-minute German meeting heard as it runs with captions on (scrumdinger-bench
# --live-transcribe): Save and End → transcript saved, beside the whole recording transcribed
# after the meeting. The texts go to Tests/output/. Prints "name value baseline" lines.
set -euo pipefail
bin=$1 work=$2
export PYTHONPATH="$PWD/Tests/e2e"
helper=.build/whisper/lib/scrumdinger-transcribe
base=.build/whisper/models/ggml-base-q5_1.bin
vad=.build/whisper/models/ggml-silero-v6.2.0.bin
for language in ${LANGUAGES:-en de es fr}; do
  said="$work/speech-$language.wav"
  /usr/bin/python3 scripts/bench/speech.py "$said" "${LANGUAGE_MINUTES:-2}" 0 "$language"
  "$bin/scrumdinger-bench" --transcribe "$said" "$(pwd)/$base" "$(pwd)/$helper" "$(pwd)/Resources/ding.ogg" \
    "$(pwd)/.build/whisper/samples/jfk.wav" 2 --language "$language" >/dev/null
  LD_LIBRARY_PATH=.build/whisper/lib .build/whisper/bin/whisper-cli -m "$base" -f "$said" -t 2 -l "$language" -nt \
    -bs 1 -bo 1 -mc 0 >"$said.cli.txt" 2>/dev/null
  wer=$(/usr/bin/python3 scripts/bench/wer.py "$said.txt" "$said.ours.txt")
  echo "language_wer_pct_$language $wer $(/usr/bin/python3 scripts/bench/wer.py "$said.txt" "$said.cli.txt")"
  /usr/bin/python3 scripts/bench/captions.py "$helper" "$base" "$vad" "$said" "$said.txt" .build/whisper/bin/whisper-cli \
    "$wer" "$language"
  cp "$said.txt" "$said.ours.txt" "$said.cli.txt" "$said.captions.txt" Tests/output/ 2>/dev/null || true
done
german="$work/meeting-de.wav"
/usr/bin/python3 scripts/bench/speech.py "$german" 15 0 de
"$bin/scrumdinger-bench" --live-transcribe "$german.f32" "$german" "$(pwd)/$base" "$(pwd)/$helper" 8 1 \
  --with-captions "$(pwd)/$vad" --language de | sed -n 's/^live_\(final_seconds\|helper_cpu_seconds\|stall_ms\) /language_live_\1_de /p'
echo "language_live_wer_pct_de $(/usr/bin/python3 scripts/bench/wer.py "$german.txt" "$german.f32.live.txt") 0"
