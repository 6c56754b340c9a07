#!/usr/bin/env bash
# Runs every test on a private X display and D-Bus session (scripts/with-display.sh), so GTK
# tests have a real display (they fail, never skip, without one) and nothing touches the
# user's session or scrums:
#   1. swift test: core tests (no display needed) and GTK widget tests (XCTest);
#   2. the end-to-end tests, which drive the real binary through AT-SPI.
set -euo pipefail
cd "$(dirname "$0")/.."
export GDK_BACKEND=x11 GSK_RENDERER=cairo
export XDG_DATA_HOME="$(mktemp -d)"  # never the user's real scrums
trap 'rm -rf "$XDG_DATA_HOME"' EXIT

GTK_A11Y=none scripts/with-display.sh swift test --skip-build
# /usr/bin/python3: Debian's, which has pyatspi (a pyenv python on PATH would not).
scripts/with-display.sh /usr/bin/python3 -m pytest -p no:cacheprovider -p no:warnings -q Tests/e2e
