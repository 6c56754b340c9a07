#!/usr/bin/env bash
# The figures that need a display: start-up and memory (7 runs each after a warm-up,
# alternating app and baseline), meeting cost, ding latency. Run by bench.sh under
# with-display.sh. Prints "name value baseline" lines (start-up/memory once per run).
set -euo pipefail
bin=$1 work=$2
export GDK_BACKEND=x11 GSK_RENDERER=cairo LANGUAGE=C
export XDG_DATA_HOME="$work/data-home"
mkdir -p "$XDG_DATA_HOME"
"$work/launch" "$work/baseline" >/dev/null
"$work/launch" "$bin/scrumdinger" >/dev/null
for _ in 1 2 3 4 5 6 7; do
  base=$("$work/launch" "$work/baseline")
  app=$("$work/launch" "$bin/scrumdinger")
  echo "startup_ms $(echo "$app" | awk '/startup_ms/{print $2}') $(echo "$base" | awk '/startup_ms/{print $2}')"
  echo "rss_kib $(echo "$app" | awk '/rss_kib/{print $2}') $(echo "$base" | awk '/rss_kib/{print $2}')"
done
/usr/bin/python3 scripts/bench/meeting_cost.py "$bin/scrumdinger" "$work/baseline"
/usr/bin/python3 scripts/bench/ding_latency.py "$bin/scrumdinger" "$PWD/Resources/ding.ogg"
