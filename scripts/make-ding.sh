#!/usr/bin/env bash
# Synthesises the project's own sounds:
# - Resources/ding.ogg, the bell at each change of speaker: three sine partials of E6 with a
#   sharp 2 ms attack and a long fade, so its onset is easy to hear and to measure;
# - Resources/warning.ogg, the turn warning: two soft low taps (A4), short and quiet, so it
#   cannot be mistaken for the ding;
# - the other end-of-turn sounds Preferences offers, each of its own length so they are told
#   apart by ear and by the tests: Resources/bell.ogg (a low bell's inharmonic partials,
#   ringing 2.5 s), Resources/chime.ogg (two rising notes, C6 then G6, 1 s) and
#   Resources/wood-block.ogg (one dry knock, 0.15 s).
# Needs sox with Ogg Vorbis support (Debian: sox libsox-fmt-all).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp --suffix=.wav)"
tap="$(mktemp --suffix=.wav)"
note="$(mktemp --suffix=.wav)"
trap 'rm -f "$tmp" "$tap" "$note"' EXIT
sox -n -r 48000 -c 3 "$tmp" synth 1.2 sine 1318.5 sine 2637 sine 3955.5
sox "$tmp" -c 1 Resources/ding.ogg remix 1v0.6,2v0.25,3v0.12 fade q 0.002 1.2 1.15 gain -n -3
echo "wrote Resources/ding.ogg"
sox -n -r 48000 -c 1 "$tap" synth 0.12 sine 440 fade h 0.01 0.12 0.09 pad 0 0.08
sox "$tap" "$tap" Resources/warning.ogg gain -n -14
echo "wrote Resources/warning.ogg"
sox -n -r 48000 -c 4 "$tmp" synth 2.5 sine 523.25 sine 1250 sine 1660 sine 2620
sox "$tmp" -c 1 Resources/bell.ogg remix 1v0.45,2v0.25,3v0.15,4v0.1 fade q 0.003 2.5 2.45 gain -n -3
echo "wrote Resources/bell.ogg"
sox -n -r 48000 -c 1 "$tap" synth 0.5 sine 1046.5 fade q 0.004 0.5 0.45
sox -n -r 48000 -c 1 "$note" synth 0.5 sine 1568 fade q 0.004 0.5 0.45
sox "$tap" "$note" Resources/chime.ogg gain -n -3
echo "wrote Resources/chime.ogg"
sox -n -r 48000 -c 2 "$tmp" synth 0.15 sine 880 sine 1800
sox "$tmp" -c 1 Resources/wood-block.ogg remix 1v0.6,2v0.3 fade p 0.001 0.15 0.14 gain -n -3
echo "wrote Resources/wood-block.ogg"
