#!/usr/bin/env bash
# The figures that need a display: start-up and memory (7 runs each after a warm-up,
# alternating app and baseline), the detail page of 10 vs 10,000 meetings, meeting cost
# (under Xvfb and on Wayland, beside GNOME Clocks' timer; presented on a second monitor under
# mutter, beside itself in one window), the area repainted each second on
# Wayland, the search provider's answers, two computers converging through Syncthing,
# ding latency. Run by bench.sh under with-display.sh. Prints "name value baseline" lines (start-up/memory once per run).
set -euo pipefail
bin=$1 work=$2
export GDK_BACKEND=x11 GSK_RENDERER=cairo LANGUAGE=C GSETTINGS_BACKEND=memory
export PYTHONPATH="$PWD/Tests/e2e"  # the scripts share the end-to-end tests' helpers (AT-SPI, PulseAudio, scrums)
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
# Start-up with a 200 MB scrums file against an empty data folder: the window must not wait.
big_home="$work/big-data-home"
"$bin/scrumdinger-bench" --write-big-file "$big_home"
echo "big_file_mib $(( $(stat -c %s "$big_home/io.github.scrumdinger.Scrumdinger/scrums.json") / 1048576 )) 0"
for _ in 1 2 3; do
  empty=$("$work/launch" "$bin/scrumdinger" | awk '/startup_ms/{print $2}')
  big=$(XDG_DATA_HOME="$big_home" "$work/launch" "$bin/scrumdinger" | awk '/startup_ms/{print $2}')
  echo "startup_big_file_ms $big $empty"
done
LANGUAGE=C "$bin/scrumdinger-bench" --display-figures
/usr/bin/python3 scripts/bench/background.py "$bin/scrumdinger"
/usr/bin/python3 scripts/bench/search_provider.py "$bin/scrumdinger"
/usr/bin/python3 scripts/bench/sync_convergence.py "$bin/scrumdinger"
/usr/bin/python3 scripts/bench/meeting_cost.py "$bin/scrumdinger" "$work/baseline"
# The same meeting where GNOME runs, on Wayland: weston's headless compositor in this D-Bus
# session (its own runtime folder; the socket by full path, as the sound server moves
# XDG_RUNTIME_DIR).
runtime="$work/wayland-runtime"
mkdir -m 700 "$runtime"
XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so --socket=scrumdinger-bench --idle-time=0 \
  --width=1280 --height=800 >"$work/weston.log" 2>&1 &
weston_pid=$!
for _ in $(seq 100); do [ -S "$runtime/scrumdinger-bench" ] && break; sleep 0.1; done
WAYLAND_DISPLAY="$runtime/scrumdinger-bench" GDK_BACKEND=wayland \
  /usr/bin/python3 scripts/bench/meeting_cost.py "$bin/scrumdinger" "$work/baseline" --wayland
WAYLAND_DISPLAY="$runtime/scrumdinger-bench" /usr/bin/python3 scripts/bench/ring_damage.py "$bin/scrumdinger"
kill "$weston_pid"
# A meeting presented on a second monitor beside the same meeting in one window: GNOME's
# compositor, headless, with two virtual monitors.
scripts/with-monitors.sh /usr/bin/python3 scripts/bench/presenter_cost.py "$bin/scrumdinger"
/usr/bin/python3 scripts/bench/memory.py "$bin/scrumdinger-bench"
/usr/bin/python3 scripts/bench/ding_latency.py "$bin/scrumdinger" "$PWD/Resources/ding.ogg"
