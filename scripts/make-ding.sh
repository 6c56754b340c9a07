#!/usr/bin/env bash
# Synthesises the project's own sounds:
# - Resources/ding.ogg, the bell at each change of speaker: three sine partials of E6 with a
#   sharp 2 ms attack and a long fade, so its onset is easy to hear and to measure;
# - Resources/warning.ogg, the turn warning: two soft low taps (A4), short and quiet, so it
#   cannot be mistaken for the ding.
# Needs sox with Ogg Vorbis support (Debian: sox libsox-fmt-all).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp --suffix=.wav)"
tap="$(mktemp --suffix=.wav)"
trap 'rm -f "$tmp" "$tap"' EXIT
sox -n -r 48000 -c 3 "$tmp" synth 1.2 sine 1318.5 sine 2637 sine 3955.5
sox "$tmp" -c 1 Resources/ding.ogg remix 1v0.6,2v0.25,3v0.12 fade q 0.002 1.2 1.15 gain -n -3
echo "wrote Resources/ding.ogg"
sox -n -r 48000 -c 1 "$tap" synth 0.12 sine 440 fade h 0.01 0.12 0.09 pad 0 0.08
sox "$tap" "$tap" Resources/warning.ogg gain -n -14
echo "wrote Resources/warning.ogg"
