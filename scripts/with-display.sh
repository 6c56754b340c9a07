#!/usr/bin/env bash
# Runs a command on a private Xvfb display inside a private D-Bus session (which starts the
# accessibility bus on demand). Xvfb reports its display number through -displayfd only once
# it accepts connections, so nothing races the server's start-up; -noreset keeps it from
# resetting (and refusing connections) whenever its last client leaves.
set -euo pipefail
fifo="$(mktemp -d)/display"
mkfifo "$fifo"
# The screen is 1280×800 unless XVFB_SCREEN says otherwise (the GTK tests measure a 1920×1080
# window, which GTK will not make larger than the screen).
Xvfb -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x800x24}" -nolisten tcp -noreset 3>"$fifo" >/dev/null 2>&1 &
xvfb_pid=$!
# Wait for Xvfb to be gone, or the next run's server could lose its socket to this one's clean-up.
trap 'kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null; rm -rf "$(dirname "$fifo")"' EXIT
if ! read -r -t 30 display <"$fifo"; then
  echo "with-display: Xvfb did not start" >&2
  exit 1
fi
export DISPLAY=":$display"
# Settings in memory, unless the caller chose a backend: a test's choices (a sound picked in
# Preferences, a window size) never reach the user's dconf, nor the next test.
export GSETTINGS_BACKEND="${GSETTINGS_BACKEND:-memory}"
dbus-run-session -- "$@"
