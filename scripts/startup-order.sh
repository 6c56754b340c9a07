#!/usr/bin/env bash
# make startup-order: writes Sources/scrumdinger/startup.order, the functions the program runs
# from exec until one second after its window is mapped (the span `make bench` measures),
# which the release link lays out first (Package.swift) so that starting touches few pages.
# callgrind counts what runs, whatever the machine is doing. Rerun after larger changes;
# functions that no longer exist are skipped by the linker.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --scratch-path .build-release >/dev/null
bin="$(swift build -c release --static-swift-stdlib --scratch-path .build-release --show-bin-path)/scrumdinger"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/launch" scripts/bench/launch.c -lX11
mkdir -p "$work/data-home"
GDK_BACKEND=x11 GSK_RENDERER=cairo LANGUAGE=C GSETTINGS_BACKEND=memory XDG_DATA_HOME="$work/data-home" \
  scripts/with-display.sh "$work/launch" valgrind --tool=callgrind --demangle=no \
  --callgrind-out-file="$work/callgrind.out" "$bin" >/dev/null 2>"$work/valgrind.log"
/usr/bin/python3 scripts/startup_order.py "$work/callgrind.out" "$bin" Sources/scrumdinger/startup.order
