#!/usr/bin/env bash
# make bench: builds the release binaries, measures every performance figure against a
# baseline measured in the same run, and prints one table (see docs/performance.md).
# Not part of `make test`: figures are reported, not asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --scratch-path .build-release >/dev/null  # as `make install` builds it
bin="$(swift build -c release --static-swift-stdlib --scratch-path .build-release --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/baseline" scripts/bench/baseline.c $(pkg-config --cflags --libs libadwaita-1)
cc -O2 -o "$work/launch" scripts/bench/launch.c -lX11
results="$work/results.txt"
mkdir -p Tests/output
echo "measuring in-process figures (drift, store, sync, main loop)…" >&2
"$bin/scrumdinger-bench" >> "$results"
# The sync model's long run: SYNC_MODEL_SCHEDULES (a million by default) split over two
# processes, one a core (about 9 minutes on 2 cores).
schedules="${SYNC_MODEL_SCHEDULES:-1000000}"
echo "running the sync model test over $schedules schedules…" >&2
"$bin/scrumdinger-bench" --sync-model 1 $(((schedules + 1) / 2)) 2 >"$work/sync-odd.txt" &
odd=$!
"$bin/scrumdinger-bench" --sync-model 2 $((schedules / 2)) 2 >"$work/sync-even.txt"
wait "$odd"
cat "$work/sync-odd.txt" "$work/sync-even.txt" |
  awk '$1 == "sync_model_run" { n += $2; f += $3; s = ($4 > s ? $4 : s) }
       END { print "sync_model_failures", f, n; print "sync_model_long_run_s", s, n }' >> "$results"
echo "measuring start-up, memory, meeting cost, ding latency…" >&2
scripts/with-display.sh scripts/bench/desktop.sh "$bin" "$work" >> "$results"
echo "measuring GNOME Shell's overview search…" >&2
scripts/with-gnome-shell.sh /usr/bin/python3 scripts/bench/shell_search.py "$bin" >> "$results"
echo "measuring speech to text and recording…" >&2
scripts/bench/transcription.sh "$bin" "$work" >> "$results"
echo "measuring speech in the team's own language (English, German, Spanish, French)…" >&2
scripts/bench/languages.sh "$bin" "$work" >> "$results"
/usr/bin/python3 scripts/bench/table.py "$results" | tee Tests/output/bench.md
