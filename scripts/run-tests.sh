#!/usr/bin/env bash
# Runs every test on a private X display and D-Bus session (scripts/with-display.sh), so GTK
# tests have a real display (they fail, never skip, without one) and nothing touches the
# user's session or scrums:
#   1. swift test: core tests (no display needed) and GTK widget tests (XCTest); the presenter
#      view's beside mutter with two virtual monitors (scripts/with-monitors.sh), the others
#      on Xvfb;
#   2. the end-to-end tests, which drive the real binary through AT-SPI;
#   3. beside them, the app met through GNOME's own clients (Tests/e2e/gnome): GNOME Shell's
#      overview and message tray, and Orca, in one GNOME session (scripts/with-gnome-shell.sh).
# It ends with one line counting every test of the three runners.
#
# Options:
#   --under-load  runs them beside a busy machine: `stress-ng --cpu 2` at normal priority for
#                 the whole run (resting while a test waits for idle-priority work), and a disk writer (`stress-ng --hdd 1`) while the end-to-end
#                 and GNOME-session groups run (a user compiling, or on a video call);
#   --e2e-only    runs only the end-to-end and GNOME-session groups (CI's loaded second pass).
set -euo pipefail
cd "$(dirname "$0")/.."
under_load=false e2e_only=false
for option in "$@"; do
  case "$option" in
    --under-load) under_load=true ;;
    --e2e-only) e2e_only=true ;;
    *) echo "run-tests: unknown option $option (known: --under-load, --e2e-only)" >&2; exit 2 ;;
  esac
done
# The load: each stress-ng in a process group of its own (its workers with it), started here
# and ended with the script, whatever ends it.
load_groups="$(mktemp)"
signal_load() { while read -r group; do kill "-$1" -- "-$group" 2>/dev/null || true; done <"$load_groups"; }
stop_load() {
  [ -z "${pauser:-}" ] || kill "$pauser" 2>/dev/null || true
  signal_load CONT
  signal_load TERM
  rm -rf "$load_groups" "${SCRUMDINGER_TEST_LOAD_RESTS:-}"
}
load() {
  setsid stress-ng --quiet "$@" --timeout 0 >/dev/null 2>&1 &
  echo $! >>"$load_groups"
}
if $under_load; then
  command -v stress-ng >/dev/null || { echo "run-tests: --under-load needs stress-ng (make test-deps)" >&2; exit 2; }
  load --cpu 2
  # The speech helper runs at idle priority (SCHED_IDLE: the meeting never waits for it), so
  # by design it gets no CPU while the cores are busy, and a transcript comes once the
  # machine has time. A test that waits for one says so (conftest's `idle_machine`: a file in
  # this folder while it waits); the load then rests, as a build ends, until no test waits.
  export SCRUMDINGER_TEST_LOAD_RESTS="$(mktemp -d)"
  (resting=false
   while sleep 0.2; do
     if compgen -G "$SCRUMDINGER_TEST_LOAD_RESTS/*" >/dev/null; then
       $resting || { signal_load STOP; resting=true; }
     elif $resting; then
       signal_load CONT
       resting=false
     fi
   done) &
  pauser=$!
fi
# The user's real data folder, Trash and autostart entry: the tests must leave them as they
# are (checked at the end, whatever the tests set).
real=("${XDG_DATA_HOME:-$HOME/.local/share}/io.github.scrumdinger.Scrumdinger"
  "${XDG_DATA_HOME:-$HOME/.local/share}/Trash"
  "${XDG_CONFIG_HOME:-$HOME/.config}/autostart/io.github.scrumdinger.Scrumdinger.desktop")
fingerprint() { find "${real[@]}" -printf '%p %s %T@ %m\n' 2>/dev/null | sort || true; }
before="$(fingerprint)"
export GDK_BACKEND=x11 GSK_RENDERER=cairo
export XDG_DATA_HOME="$(mktemp -d)"  # never the user's real scrums
export GSETTINGS_BACKEND=memory       # nor their remembered window (tests choose a key file)
export XDG_CONFIG_HOME="$(mktemp -d)"  # nor their autostart folder
log="$(mktemp)"
trap 'stop_load; rm -rf "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$log" "${monitors_log:-}" "${choice_log:-}" "${disk_load:-}"' EXIT

monitors_log="$(mktemp)" choice_log="$(mktemp)"
if ! $e2e_only; then
  GTK_A11Y=none XVFB_SCREEN=1920x1080x24 scripts/with-display.sh swift test --skip-build --skip 'Presenter(View|Choice)Tests' 2>&1 | tee -a "$log"
  # The presenter view's GTK tests, beside mutter with two virtual monitors (and with three
  # for the choice among them).
  GTK_A11Y=none scripts/with-monitors.sh swift test --skip-build --filter PresenterViewTests 2>&1 | tee "$monitors_log"
  GTK_A11Y=none WITH_MONITORS="1280x720 1920x1080 1024x768" scripts/with-monitors.sh swift test --skip-build \
    --filter PresenterChoiceTests 2>&1 | tee "$choice_log"
fi
if $under_load; then
  # The disk writer, in a folder of its own, while the end-to-end tests run.
  disk_load="$(mktemp -d)"
  load --hdd 1 --hdd-bytes 256M --temp-path "$disk_load"
fi
# The presenter view's end-to-end test, beside mutter with two virtual monitors.
scripts/with-monitors.sh /usr/bin/python3 -m pytest -p no:cacheprovider -p no:warnings -q Tests/e2e/test_presenter.py \
  2>&1 | tee -a "$monitors_log"
# The end-to-end tests in two halves at once, each on a display, session bus and PulseAudio
# of its own: they mostly wait for the app, so two cores run two of them as fast as one. The
# halves are split by their measured time (476 s and 400 s in a clean-clone CI run, 2026-11-26,
# test_schedule then in the first; it moved to the second). A test
# file not named in the first half runs in the second (but the presenter view's, which ran
# above).
first=(Tests/e2e/test_recorded_endings.py Tests/e2e/test_syncthing.py Tests/e2e/test_reliability.py
  Tests/e2e/test_recovery.py)
second=()
for file in Tests/e2e/test_*.py; do
  [[ " ${first[*]} Tests/e2e/test_presenter.py " == *" $file "* ]] || second+=("$file")
done
# /usr/bin/python3: Debian's, which has pyatspi (a pyenv python on PATH would not).
e2e_half() {
  local name="$1"
  shift
  scripts/with-display.sh /usr/bin/python3 -m pytest -p no:cacheprovider -p no:warnings -q \
    --basetemp="$halves/$name" "$@" >"$halves/$name.log" 2>&1
}
halves="$(mktemp -d)"
e2e_half first "${first[@]}" &
one=$!
e2e_half second "${second[@]}" &
two=$!
# The GNOME session's tests, a third group at once (the session started once for all of them).
scripts/with-gnome-shell.sh /usr/bin/python3 -m pytest -p no:cacheprovider -p no:warnings -q \
  --basetemp="$halves/gnome" Tests/e2e/gnome >"$halves/gnome.log" 2>&1 &
three=$!
status=0
wait "$one" || status=$?
wait "$two" || status=$?
wait "$three" || status=$?
cat "$halves/first.log" "$halves/second.log" "$halves/gnome.log" | tee -a "$log"
rm -rf "$halves"
[ "$status" -eq 0 ] || exit "$status"

if [ "$(fingerprint)" != "$before" ]; then
  echo "the tests changed the user's real data folder, Trash or autostart entry: ${real[*]}" >&2
  exit 1
fi

# Reaching here, all passed (set -e, pipefail). Count them for the closing line (with
# --e2e-only the Swift runners have no line to count: none is 0, not a failure).
xctest=$(grep -oE "Executed [0-9]+ tests?, with 0 failures" "$log" | tail -1 | grep -oE "[0-9]+" | head -1 || true)
presenter=$(grep -oE "Executed [0-9]+ tests?, with 0 failures" "$monitors_log" | tail -1 | grep -oE "[0-9]+" | head -1 || true)
choice=$(grep -oE "Executed [0-9]+ tests?, with 0 failures" "$choice_log" | tail -1 | grep -oE "[0-9]+" | head -1 || true)
swift_testing=$(grep -oE "Test run with [0-9]+ tests?" "$log" | tail -1 | grep -oE "[0-9]+" || true)
e2e=$(cat "$log" "$monitors_log" | grep -oE "^[0-9]+ passed" | grep -oE "[0-9]+" | awk '{ sum += $1 } END { print sum }')
echo "tests: $(( ${xctest:-0} + ${presenter:-0} + ${choice:-0} + ${swift_testing:-0} + ${e2e:-0} )) passed, 0 failed$($under_load && echo ", under load")"
