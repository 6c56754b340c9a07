#!/usr/bin/env bash
# Lints the desktop data and translations, and checks `make install` / `make uninstall`
# into a temporary DESTDIR: exactly the expected files, an installed binary that runs, and
# nothing left behind.
set -euo pipefail
cd "$(dirname "$0")/.."
app=io.github.scrumdinger.Scrumdinger
fail() { echo "check-data: $*" >&2; exit 1; }

# The translated copies `make` builds (and installs) are valid, and carry the translations.
desktop-file-validate ".build/data/$app.desktop"
appstreamcli validate --no-net --pedantic ".build/data/$app.metainfo.xml"
for lang in $(cat po/LINGUAS); do
  for key in Comment GenericName Keywords; do
    grep -q "^$key\[$lang\]=" ".build/data/$app.desktop" || fail "the desktop entry has no $key[$lang]"
  done
  grep -q "xml:lang=\"$lang\">" ".build/data/$app.metainfo.xml" || fail "the metainfo has no $lang text"
done

# No `unowned` reference anywhere in the code: a closure handed to a GObject (a signal, a
# shortcut) or kept by one can run after the Swift object it names has gone, and reading an
# unowned reference then aborts the app. Captures are weak (see Platform/Signals.swift).
unowned=$(grep -rnE '\bunowned\b' --include='*.swift' Sources | grep -vE '^[^:]+:[0-9]+:\s*//' || true)
[ -z "$unowned" ] || fail "unowned references (use weak):
$unowned"

# The version is written once (AppID.swift); the metainfo's newest release must say it.
version=$(sed -n 's/.*appVersion = "\(.*\)"/\1/p' Sources/ScrumdingerCore/App/AppID.swift)
newest=$(grep -o '<release version="[^"]*"' "data/$app.metainfo.xml" | head -1 | cut -d'"' -f2)
[ "$newest" = "$version" ] || fail "the metainfo's newest release is $newest, the app says $version"
# NEWS (GNOME's form: "Version X" over a dashed line) opens with the same version.
[ "$(head -1 NEWS)" = "Version $version" ] || fail "NEWS opens with '$(head -1 NEWS)', the app says $version"
grep -q "^ObjectPath=/$(echo "$app" | tr . /)/SearchProvider$" "data/$app.search-provider.ini" \
  || fail "the search provider file names another object path"

# The template matches the sources, and every catalogue translates all of it.
fresh_pot="$(mktemp --suffix=.pot)"
trap 'rm -f "$fresh_pot"' EXIT
scripts/make-pot.sh "$fresh_pot"
diff <(msgcat --no-location --sort-output -u "$fresh_pot" | grep -E '^msgid') \
     <(msgcat --no-location --sort-output -u po/scrumdinger.pot | grep -E '^msgid') \
  || fail "po/scrumdinger.pot is out of date: run make pot"
for lang in $(cat po/LINGUAS); do
  msgcmp "po/$lang.po" "$fresh_pot" || fail "po/$lang.po misses translations"
  stats=$(msgfmt --check --statistics -o /dev/null "po/$lang.po" 2>&1)
  case $stats in *untranslated*|*fuzzy*) fail "po/$lang.po: $stats" ;; esac
  echo "po/$lang.po: $stats"
done

# Install into a temporary DESTDIR and compare with the expected list.
stage="$(mktemp -d)"
trap 'rm -f "$fresh_pot"; rm -rf "$stage"' EXIT
prefix=/usr/local
make --no-print-directory install DESTDIR="$stage" PREFIX="$prefix" >/dev/null
expected=$(scripts/install.sh files "$prefix" | sed "s|^|$prefix/|" | sort)
actual=$(cd "$stage" && find . -type f | sed 's|^\.||' | sort)
[ "$expected" = "$actual" ] || fail "installed files differ:"$'\n'"$(diff <(echo "$expected") <(echo "$actual"))"
echo "make install put $(echo "$actual" | wc -l) files under DESTDIR$prefix"
said=$("$stage$prefix/bin/scrumdinger" --version)
[ "$said" = "scrumdinger $version" ] || fail "installed binary says '$said'"
grep -qx "Exec=$prefix/bin/scrumdinger --gapplication-service" "$stage$prefix/share/dbus-1/services/$app.service" \
  || fail "the D-Bus service file does not start the installed binary"
make --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix" >/dev/null
left=$(cd "$stage" && find . -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "check-data: all good"
