#!/usr/bin/env bash
# Runs every test on a private X display and D-Bus session (scripts/with-display.sh), so GTK
# tests have a real display (they fail, never skip, without one) and nothing touches the
# user's session or scrums:
#   1. swift test: core tests (no display needed) and GTK widget tests (XCTest);
#   2. the end-to-end tests, which drive the real binary through AT-SPI.
# It ends with one line counting every test of the three runners.
set -euo pipefail
cd "$(dirname "$0")/.."
export GDK_BACKEND=x11 GSK_RENDERER=cairo
export XDG_DATA_HOME="$(mktemp -d)"  # never the user's real scrums
export GSETTINGS_BACKEND=memory       # nor their remembered window (tests choose a key file)
export XDG_CONFIG_HOME="$(mktemp -d)"  # nor their autostart folder
log="$(mktemp)"
trap 'rm -rf "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$log"' EXIT

GTK_A11Y=none XVFB_SCREEN=1920x1080x24 scripts/with-display.sh swift test --skip-build 2>&1 | tee -a "$log"
# /usr/bin/python3: Debian's, which has pyatspi (a pyenv python on PATH would not).
scripts/with-display.sh /usr/bin/python3 -m pytest -p no:cacheprovider -p no:warnings -q Tests/e2e 2>&1 | tee -a "$log"

# Reaching here, all passed (set -e, pipefail). Count them for the closing line.
xctest=$(grep -oE "Executed [0-9]+ tests?, with 0 failures" "$log" | tail -1 | grep -oE "[0-9]+" | head -1)
swift_testing=$(grep -oE "Test run with [0-9]+ tests?" "$log" | tail -1 | grep -oE "[0-9]+")
e2e=$(grep -oE "^[0-9]+ passed" "$log" | tail -1 | grep -oE "[0-9]+")
echo "tests: $(( ${xctest:-0} + ${swift_testing:-0} + ${e2e:-0} )) passed, 0 failed"
