#!/usr/bin/env bash
# build.sh BINDIR OUT — builds OUT/scrumdinger_VERSION_amd64.deb from the release build in
# BINDIR (Swift runtime linked in: the target machine needs no Swift). The files are those
# `make install` installs (scripts/install.sh is the one list), under /usr; whisper.cpp's
# libraries stay in the private /usr/lib/scrumdinger. The version is AppID.swift's. Depends
# is what dpkg-shlibdeps finds in the ELF files, plus what is opened at run time
# (GStreamer and its plugins for the sounds and the recording, libsoup for the model's
# download). The schema, icons and desktop entry are registered by the triggers of GLib,
# hicolor-icon-theme and desktop-file-utils, as Debian does it: no maintainer scripts.
set -euo pipefail
cd "$(dirname "$0")/../.."
bindir=$1 out=$2
app=io.github.scrumdinger.Scrumdinger
version=$(sed -n 's/.*appVersion = "\(.*\)"/\1/p' Sources/ScrumdingerCore/App/AppID.swift)
arch=$(dpkg --print-architecture)
work="$out/scrumdinger_$version"
root="$work/root"
rm -rf "$work"
mkdir -p "$root/DEBIAN"

scripts/install.sh install "$root" /usr "$bindir" >/dev/null
rm "$root/usr/share/glib-2.0/schemas/gschemas.compiled"  # GLib's trigger compiles the system's
# Debug symbols out (they would be 3/4 of the package); the libraries keep their dynamic symbols.
strip --remove-section=.comment --remove-section=.note "$root/usr/bin/scrumdinger"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root"/usr/lib/scrumdinger/*.so* \
  "$root/usr/lib/scrumdinger/scrumdinger-transcribe"

gzip -9n "$root/usr/share/man/man1/scrumdinger.1"

doc="$root/usr/share/doc/scrumdinger"
install -D -m 644 scripts/deb/copyright "$doc/copyright"
# A native package's changelog: this version, from the metainfo's newest release (a bullet
# for each paragraph).
notes=$(sed -n '/<release version="'"$version"'"/,/<\/release>/p' "data/$app.metainfo.xml" \
  | sed -n 's/^ *<p>\(.*\)<\/p>/\1/p')
date=$(sed -n 's/.*<release version="'"$version"'" date="\([^"]*\)".*/\1/p' "data/$app.metainfo.xml")
{
  echo "scrumdinger ($version) bookworm; urgency=medium"
  echo
  echo "$notes" | while IFS= read -r paragraph; do
    echo "$paragraph" | fold -s -w 76 | sed '1s/^/  * /; 1!s/^/    /; s/ *$//'
  done
  echo
  echo " -- The Scrumdinger for Linux developers <scrumdinger@users.noreply.github.com>  $(LC_ALL=C date -u -R -d "$date 12:00")"
} | gzip -9n >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# dpkg-shlibdeps reads a debian/control; the private libraries are found in the package.
mkdir -p "$work/debian"
printf 'Source: scrumdinger\n\nPackage: scrumdinger\nArchitecture: any\n' >"$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O -l"root/usr/lib/scrumdinger" \
  -e root/usr/bin/scrumdinger -e root/usr/lib/scrumdinger/scrumdinger-transcribe -e root/usr/lib/scrumdinger/*.so* 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
# libwhisper and ggml are in the package itself, not a dependency.
runtime="libgstreamer1.0-0, gstreamer1.0-plugins-base, gstreamer1.0-plugins-good, gstreamer1.0-pulseaudio | gstreamer1.0-pipewire, libsoup-3.0-0, iso-codes, fonts-wqy-zenhei | fonts-noto-cjk"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)

cat >"$root/DEBIAN/control" <<EOF
Package: scrumdinger
Version: $version
Architecture: $arch
Maintainer: The Scrumdinger for Linux developers <scrumdinger@users.noreply.github.com>
Installed-Size: $installed_size
Depends: $shlibs, $runtime
Section: utils
Priority: optional
Homepage: https://github.com/scrumdinger/scrumdinger
Description: timer that keeps daily stand-up meetings on time
 Scrumdinger keeps a list of scrums (title, colour, length, attendees) and
 gives every attendee an equal share of the meeting: a progress bar, a ring of
 speaker arcs, the current speaker and a ding when each turn is up. Finished
 meetings go into the scrum's history, with notes and, when asked for, a
 recording and a transcript made on this computer.
 .
 It is a GNOME application: scrums can be found from the Activities overview,
 and scheduled scrums remind their team before they start.
EOF
find "$root" -type d -exec chmod 755 {} +
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2 >DEBIAN/md5sums)
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/scrumdinger_${version}_$arch.deb" >/dev/null
echo "$out/scrumdinger_${version}_$arch.deb"
