#!/usr/bin/env bash
# Runs every test against a private X server and D-Bus session, so GTK tests have a real
# display (they fail, never skip, without one) and nothing touches the user's session.
set -euo pipefail
cd "$(dirname "$0")/.."
export GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1 GTK_A11Y=none
export XDG_DATA_HOME="$(mktemp -d)"  # never the user's real scrums
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- swift test --skip-build "$@"
