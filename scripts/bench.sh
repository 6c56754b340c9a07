#!/usr/bin/env bash
# make bench: builds the release binaries, measures every performance figure against a
# baseline measured in the same run, and prints one table (see README "Performance").
# Not part of `make test`: figures are reported, not asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib >/dev/null  # as `make install` builds it
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/baseline" scripts/bench/baseline.c $(pkg-config --cflags --libs libadwaita-1)
cc -O2 -o "$work/launch" scripts/bench/launch.c -lX11
results="$work/results.txt"
mkdir -p Tests/output
echo "measuring in-process figures (drift, store, main loop)…" >&2
"$bin/scrumdinger-bench" >> "$results"
echo "measuring start-up, memory, meeting cost, ding latency…" >&2
scripts/with-display.sh scripts/bench/desktop.sh "$bin" "$work" >> "$results"
echo "measuring speech to text and recording…" >&2
scripts/bench/transcription.sh "$bin" "$work" >> "$results"
/usr/bin/python3 scripts/bench/table.py "$results" | tee Tests/output/bench.md
