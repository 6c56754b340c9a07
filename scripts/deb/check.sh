#!/usr/bin/env bash
# check.sh DEB CACHE — proves the package on a bare Debian 12: a minimal root made by
# debootstrap from Debian's mirror (kept in CACHE/base, with the packages apt fetched in
# CACHE/archives, so a second run downloads nothing), copied afresh for each run. There:
#   1. apt-get install ./DEB resolves the dependencies; `scrumdinger --version` runs;
#   2. the app starts on this machine's Xvfb (its abstract socket reaches into the root)
#      inside the root's own D-Bus session, its window appears (xdotool), and a scrum typed
#      into its editor is saved to disk;
#   3. apt-get remove leaves none of the package's files.
# It runs as root and bind-mounts /proc, /sys and /dev into the root, so it never removes the
# root while anything is mounted under it (a run killed midway leaves its mounts: the next
# run takes them down first and stops if one stays), and removes it on its own file system
# only.
set -euo pipefail
deb=$(realpath "$1")
cache=$(mkdir -p "$2" && realpath "$2")
mirror=http://deb.debian.org/debian
root="$cache/root"
app=io.github.scrumdinger.Scrumdinger
step() { printf '[check-deb %3ds] %s\n' "$SECONDS" "$*"; }
fail() { echo "check-deb: $*" >&2; exit 1; }

# Every mount point at or under the root, deepest first, one a line. findmnt's raw list
# escapes a space (a checkout path like "/home/ana/my projects") as \x20: decoded first.
mounts_under_root() {
  findmnt -rn -o TARGET | while IFS= read -r listed; do printf '%b\n' "$listed"; done |
    root="$root" awk '$0 == ENVIRON["root"] || index($0, ENVIRON["root"] "/") == 1' | sort -r
}
# Takes down whatever is mounted under the root, then removes it; stops if a mount stays.
remove_root() {
  local target
  while IFS= read -r target; do
    umount "$target" 2>/dev/null || umount -l "$target"
  done < <(mounts_under_root)
  [ -z "$(mounts_under_root)" ] || fail "still mounted under $root: $(mounts_under_root | tr '\n' ' ')"
  rm -rf --one-file-system "$root"
}
work=$(mktemp -d)
cleanup() {
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
  remove_root
}
trap cleanup EXIT

if [ ! -e "$cache/base/.complete" ]; then
  step "debootstrap bookworm (minbase) from $mirror"
  rm -rf "$cache/base"
  debootstrap --variant=minbase --keyring /usr/share/keyrings/debian-archive-keyring.gpg bookworm "$cache/base" \
    "$mirror" >"$cache/debootstrap.log" 2>&1 \
    || { tail -20 "$cache/debootstrap.log"; fail "debootstrap failed"; }
  cat >"$cache/base/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  rm -f "$cache/base/var/cache/apt/archives/"*.deb
  touch "$cache/base/.complete"
fi

step "a fresh copy of the bare root"
remove_root
cp -a "$cache/base" "$root"
for fs in proc sys dev dev/pts; do mount --bind "/$fs" "$root/$fs"; done
cp /etc/resolv.conf "$root/etc/resolv.conf"
# No package's maintainer script may start a service in the root (dbus's would, on this
# machine's kernel): invoke-rc.d asks policy-rc.d, and 101 says "not allowed".
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
mkdir -p "$cache/archives"
cp -l "$cache/archives/"*.deb "$root/var/cache/apt/archives/" 2>/dev/null || true
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

step "apt-get install ./$(basename "$deb") (and dbus, for the session bus a desktop has)"
cp "$deb" "$root/tmp/"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  "./tmp/$(basename "$deb")" dbus >"$cache/install.log" 2>&1 || { tail -20 "$cache/install.log"; fail "apt-get install failed"; }
cp -l -n "$root/var/cache/apt/archives/"*.deb "$cache/archives/" 2>/dev/null || true
step "$(grep -c '^Setting up' "$cache/install.log") packages set up"

said=$(in_root scrumdinger --version)
version=$(dpkg-deb -f "$deb" Version)
[ "$said" = "scrumdinger $version" ] || fail "scrumdinger --version said '$said'"
step "scrumdinger --version: $said"

step "the app on Xvfb, its window, a scrum saved"
fifo="$work/display"
mkfifo "$fifo"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$fifo" >/dev/null 2>&1 &
xvfb=$!
read -r -t 30 display <"$fifo" || fail "Xvfb did not start"
export DISPLAY=":$display"
in_root env DISPLAY=":$display" GDK_BACKEND=x11 NO_AT_BRIDGE=1 GTK_A11Y=none \
  dbus-run-session -- scrumdinger --new-scrum >"$cache/app.log" 2>&1 &
editor=$(timeout 30 xdotool search --sync --onlyvisible --name '^New Scrum$' | head -1) \
  || { cat "$cache/app.log"; fail "the editor window did not appear"; }
xdotool search --onlyvisible --name '^Scrumdinger$' >/dev/null || fail "the main window did not appear"
xdotool windowfocus --sync "$editor"
sleep 0.5
xdotool type --delay 20 "Checked on bare Debian"
xdotool key ctrl+Return
saved="$root/root/.local/share/$app/scrums.json"
for _ in $(seq 50); do grep -q "Checked on bare Debian" "$saved" 2>/dev/null && break; sleep 0.2; done
grep -q "Checked on bare Debian" "$saved" || { cat "$cache/app.log"; fail "the new scrum is not in $saved"; }
step "saved: $(grep -o '"title" *: *"[^"]*"' "$saved")"
main=$(xdotool search --onlyvisible --name '^Scrumdinger$' | head -1)
xdotool windowfocus --sync "$main" key ctrl+q
for _ in $(seq 50); do pgrep -f "^scrumdinger --new-scrum" >/dev/null || break; sleep 0.2; done
! pgrep -f "^scrumdinger --new-scrum" >/dev/null || fail "the app did not quit"

step "apt-get remove scrumdinger"
in_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq scrumdinger >>"$cache/install.log" 2>&1
left=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print substr($6, 2)}' | while read -r file; do
  [ -e "$root$file" ] && echo "$file"
done || true)
[ -z "$left" ] || fail "left behind: $left"
[ ! -e "$root/usr/lib/scrumdinger" ] || fail "left behind: /usr/lib/scrumdinger"
step "none of the package's $(dpkg-deb -c "$deb" | grep -vc '^d') files is left"
echo "check-deb: all good"
