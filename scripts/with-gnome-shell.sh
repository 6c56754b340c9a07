#!/usr/bin/env bash
# Runs a command inside a GNOME session of its own, so tests meet the app through GNOME's own
# clients: GNOME Shell 43 headless on Wayland with one virtual monitor (1280×800) and
# Xwayland (Orca 43 reads the keyboard's layout through X, as in a user's session), on a
# private session bus, with a private system bus where python-dbusmock plays logind and
# UPower (the shell aborts at start-up without them), as GNOME's own test suites do.
#
# The session is the caller's alone: its runtime, data, config, cache and state folders are
# temporary (settings in a key file there, never the user's dconf), and a prefix,
# $GNOME_SESSION_PREFIX, is in the data folders the shell, GLib and D-Bus activation read and
# its bin on PATH: install the app there to have the shell find its desktop entry, search
# provider and D-Bus service (then reload the shell's providers: see Tests/e2e/gnome/shell.py).
# A test-only extension (Tests/e2e/gnome/unsafe-mode@tests.scrumdinger.github.io) switches the
# shell's unsafe mode on, so org.gnome.Shell.Eval answers.
#
# COMMAND runs with WAYLAND_DISPLAY and DISPLAY (Xwayland's) set; whatever happens, everything is torn down (SIGTERM,
# then SIGKILL after 3 s: the whole session in under 10 s). A missing piece fails loudly by
# name, and so does a shell that does not come up (its log printed).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
missing=()
for command in gnome-shell gnome-extensions Xwayland dbus-daemon gdbus /usr/bin/python3; do
  command -v "$command" >/dev/null || missing+=("$command")
done
/usr/bin/python3 -c "import dbusmock" 2>/dev/null || missing+=("python3-dbusmock")
if [ ${#missing[@]} -gt 0 ]; then
  echo "with-gnome-shell: missing ${missing[*]} (make test-deps installs them)" >&2
  exit 1
fi

# The session is a process group of its own (setsid), so the teardown reaches every process
# it started, those D-Bus activated (the accessibility bus, the app) included.
if [ "$(ps -o pgid= $$ | tr -d ' ')" != "$$" ]; then
  exec setsid --wait "$0" "$@"
fi
session="$(mktemp -d)"
chmod 700 "$session"
# The group's other processes, in ${others[@]} (pgrep runs in this shell, not a subshell that
# would count itself).
list_others() {
  pgrep -g $$ >"$session/group" || true
  mapfile -t others < <(grep -vx "$$" "$session/group")
}
stop_all() {
  trap '' TERM
  list_others
  [ ${#others[@]} -eq 0 ] || kill "${others[@]}" 2>/dev/null || true
  for _ in $(seq 30); do
    list_others
    [ ${#others[@]} -eq 0 ] && break
    sleep 0.1
  done
  [ ${#others[@]} -eq 0 ] || kill -9 "${others[@]}" 2>/dev/null || true
  rm -rf "$session"
}
trap stop_all EXIT
fail() {
  echo "with-gnome-shell: $*" >&2
  exit 1
}

# A bus daemon of the session bus's configuration, its address in $bus_address.
start_bus() {
  local name=$1 fifo="$session/$1.address"
  mkfifo "$fifo"
  dbus-daemon --config-file=/usr/share/dbus-1/session.conf --nofork --print-address=3 3>"$fifo" \
    >"$session/$name-bus.log" 2>&1 &
  read -r -t 10 bus_address <"$fifo" || fail "the $name bus (dbus-daemon) did not start: $(cat "$session/$name-bus.log")"
}

# The system bus: a session-type bus (anyone may own names) that dbusmock's templates use.
start_bus system
export DBUS_SYSTEM_BUS_ADDRESS="$bus_address"
for template in logind upower; do
  /usr/bin/python3 -m dbusmock --system --template "$template" >"$session/$template.log" 2>&1 &
done
for name in org.freedesktop.login1 org.freedesktop.UPower; do
  gdbus wait --system --timeout 10 "$name" || fail "python-dbusmock did not provide $name: $(cat "$session"/*.log)"
done

# The session's own folders, and the prefix an install goes to.
export XDG_RUNTIME_DIR="$session/runtime" XDG_DATA_HOME="$session/data" XDG_CONFIG_HOME="$session/config"
export XDG_CACHE_HOME="$session/cache" XDG_STATE_HOME="$session/state"
export GNOME_SESSION_PREFIX="$session/prefix"
mkdir -m 700 "$XDG_RUNTIME_DIR"
mkdir -p "$XDG_DATA_HOME/gnome-shell/extensions" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" \
  "$GNOME_SESSION_PREFIX/bin" "$GNOME_SESSION_PREFIX/share/applications"
export XDG_DATA_DIRS="$GNOME_SESSION_PREFIX/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
export PATH="$GNOME_SESSION_PREFIX/bin:$PATH"
export GSETTINGS_BACKEND=keyfile
extension=unsafe-mode@tests.scrumdinger.github.io
cp -r "$here/Tests/e2e/gnome/$extension" "$XDG_DATA_HOME/gnome-shell/extensions/"

# The session bus (its activation reads the data folders above), then the shell on it.
start_bus session
export DBUS_SESSION_BUS_ADDRESS="$bus_address"
unset DISPLAY WAYLAND_DISPLAY
display=wayland-gnome-shell
# In a subshell whose stderr is the log: 43.9 segfaults on its way out, however it is asked to
# end, and bash's report of that belongs in the log, not among the tests' output.
(gnome-shell --headless --wayland --virtual-monitor 1280x800 --wayland-display="$display"; exit $?) \
  >"$session/gnome-shell.log" 2>&1 &
shell_pid=$!
shell_log() { tail -40 "$session/gnome-shell.log" >&2; }
started=0
for _ in $(seq 300); do
  if ! kill -0 "$shell_pid" 2>/dev/null; then
    shell_log
    fail "gnome-shell exited at start-up (its log is above)"
  fi
  if grep -q "GNOME Shell started" "$session/gnome-shell.log" && [ -S "$XDG_RUNTIME_DIR/$display" ]; then
    started=1
    break
  fi
  sleep 0.1
done
[ "$started" = 1 ] || { shell_log; fail "gnome-shell did not start within 30 s (its log is above)"; }
export WAYLAND_DISPLAY="$display" GNOME_SHELL_LOG="$session/gnome-shell.log"
# As a session does once the shell is up: what D-Bus activation starts gets the session's
# display and folders.
dbus-update-activation-environment WAYLAND_DISPLAY XDG_DATA_DIRS XDG_DATA_HOME XDG_CONFIG_HOME \
  XDG_CACHE_HOME XDG_STATE_HOME XDG_RUNTIME_DIR PATH HOME GSETTINGS_BACKEND DBUS_SYSTEM_BUS_ADDRESS
gnome-extensions enable "$extension" || fail "the shell did not enable $extension"
for _ in $(seq 50); do
  reply="$(gdbus call --session --dest org.gnome.Shell --object-path /org/gnome/Shell \
    --method org.gnome.Shell.Eval 'global.context.unsafe_mode' 2>/dev/null || true)"
  [ "$reply" = "(true, 'true')" ] && break
  sleep 0.1
done
[ "$reply" = "(true, 'true')" ] || { shell_log; fail "the shell's unsafe mode is off: Eval answered ${reply:-nothing}"; }
# Xwayland's display and the key to it, from the shell's own environment.
shell_env() {
  gdbus call --session --dest org.gnome.Shell --object-path /org/gnome/Shell \
    --method org.gnome.Shell.Eval "imports.gi.GLib.getenv('$1')" | sed -n "s/^(true, '\"\\(.*\\)\"')$/\\1/p"
}
DISPLAY="$(shell_env DISPLAY)" XAUTHORITY="$(shell_env XAUTHORITY)"
[ -n "$DISPLAY" ] && [ -f "$XAUTHORITY" ] || { shell_log; fail "the shell started no Xwayland (DISPLAY '$DISPLAY')"; }
export DISPLAY XAUTHORITY
dbus-update-activation-environment DISPLAY XAUTHORITY

status=0
"$@" || status=$?
exit "$status"
