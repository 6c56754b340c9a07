#!/usr/bin/env bash
# Runs a command beside GNOME's own compositor, mutter, headless on Wayland with two virtual
# monitors (1280×720 and 1920×1080; WITH_MONITORS="1280x720 1920x1080 1024x768" gives those
# three), inside a private D-Bus session: the presenter view's tests. GTK sees the monitors
# there and can fill any, and a test unplugs one as a cable would by applying a configuration
# without it (org.gnome.Mutter.DisplayConfig, on the same bus). Xvfb cannot do this: it has
# one output, and GTK sees monitors only through outputs.
set -euo pipefail
if [ "${WITH_MONITORS_INSIDE:-}" != 1 ]; then
  exec dbus-run-session -- env WITH_MONITORS_INSIDE=1 "$0" "$@"
fi
unset WITH_MONITORS_INSIDE
runtime="$(mktemp -d)"
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
# Settings in memory, unless the caller chose a backend: a test's choices (a sound picked in
# Preferences, a window size) never reach the user's dconf, nor the next test.
export GSETTINGS_BACKEND="${GSETTINGS_BACKEND:-memory}"
name=wayland-scrumdinger
monitors=()
for size in ${WITH_MONITORS:-1280x720 1920x1080}; do monitors+=(--virtual-monitor "$size"); done
mutter --headless --wayland --no-x11 --wayland-display="$name" "${monitors[@]}" >"$runtime/mutter.log" 2>&1 &
mutter_pid=$!
trap 'kill "$mutter_pid" 2>/dev/null && wait "$mutter_pid" 2>/dev/null; rm -rf "$runtime"' EXIT
for _ in $(seq 300); do
  [ -S "$runtime/$name" ] && break
  kill -0 "$mutter_pid" 2>/dev/null || { cat "$runtime/mutter.log" >&2; echo "with-monitors: mutter stopped" >&2; exit 1; }
  sleep 0.1
done
[ -S "$runtime/$name" ] || { echo "with-monitors: mutter did not start" >&2; exit 1; }
unset DISPLAY
export WAYLAND_DISPLAY="$name" GDK_BACKEND=wayland
"$@"
