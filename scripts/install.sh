#!/usr/bin/env bash
# install.sh install DESTDIR PREFIX BINDIR  — copies the app into DESTDIR/PREFIX
# install.sh uninstall DESTDIR PREFIX       — removes exactly what `install` puts there
# The file list is printed by `install.sh files PREFIX`, and is the one source of truth.
set -euo pipefail
cd "$(dirname "$0")/.."
app=io.github.scrumdinger.Scrumdinger
mode=$1 destdir=${2:-} prefix=${3:-$HOME/.local}

files() {  # "source destination" pairs, destination relative to PREFIX
  echo ".bin/scrumdinger bin/scrumdinger"
  echo "Resources/style.css share/$app/style.css"
  for sound in ding bell chime wood-block warning; do
    echo "Resources/$sound.ogg share/$app/$sound.ogg"
  done
  echo ".build/data/$app.desktop share/applications/$app.desktop"
  echo ".build/data/$app.metainfo.xml share/metainfo/$app.metainfo.xml"
  # D-Bus activation (the desktop entry is DBusActivatable) and the Activities overview's search.
  echo "data/$app.service.in share/dbus-1/services/$app.service"
  echo "data/$app.search-provider.ini share/gnome-shell/search-providers/$app.search-provider.ini"
  echo "data/$app.gschema.xml share/glib-2.0/schemas/$app.gschema.xml"
  # The app's own file type (*.scrums.json), so that it opens those and not every JSON file.
  echo "data/$app.mime.xml share/mime/packages/$app.xml"
  echo "data/scrumdinger.1 share/man/man1/scrumdinger.1"
  echo "data/icons/hicolor/scalable/apps/$app.svg share/icons/hicolor/scalable/apps/$app.svg"
  echo "data/icons/hicolor/128x128/apps/$app-symbolic.symbolic.png share/icons/hicolor/128x128/apps/$app-symbolic.symbolic.png"
  # Speech to text: the helper process and whisper.cpp in a private folder, not the system's
  # library path (the helper finds its libraries beside it).
  for lib in scrumdinger-transcribe libwhisper.so.1 libggml.so.0 libggml-base.so.0 libggml-cpu.so.0; do
    echo ".build/whisper/lib/$lib lib/scrumdinger/$lib"
  done
  # Silero's voice activity model (MIT), which tells live captions speech from silence and noise.
  echo ".build/whisper/models/ggml-silero-v6.2.0.bin share/$app/ggml-silero-v6.2.0.bin"
  for lang in $(cat po/LINGUAS); do
    echo ".build/locale/$lang/LC_MESSAGES/scrumdinger.mo share/locale/$lang/LC_MESSAGES/scrumdinger.mo"
  done
}

# Caches are refreshed only for a real install (no DESTDIR: packagers refresh their own), and
# only where they already exist, so uninstall leaves the tree as it found it.
refresh_caches() {
  [ -z "$destdir" ] || return 0
  local root=$prefix/share
  if command -v gtk-update-icon-cache >/dev/null && [ -f "$root/icons/hicolor/icon-theme.cache" ]; then
    gtk-update-icon-cache -q -t -f "$root/icons/hicolor" || true
  fi
  if command -v update-desktop-database >/dev/null && [ -f "$root/applications/mimeinfo.cache" ]; then
    update-desktop-database -q "$root/applications" || true
  fi
  if command -v update-mime-database >/dev/null && [ -f "$root/mime/mime.cache" ]; then
    update-mime-database "$root/mime" || true
  fi
}

# GSettings reads compiled schemas only: compile the prefix's schema folder after a change
# (the compiled file is shared with other apps there, so uninstall recompiles it, and removes
# it only when no schema is left).
schemas=share/glib-2.0/schemas
compile_schemas() {
  local dir=$destdir$prefix/$schemas
  if compgen -G "$dir/*.gschema.xml" >/dev/null; then
    glib-compile-schemas "$dir"
  else
    rm -f "$dir/gschemas.compiled"
  fi
}

case $mode in
  files)
    files | awk '{print $2}'
    echo "$schemas/gschemas.compiled" ;;
  install)
    bindir=$4
    files | while read -r source target; do
      [ "$source" = .bin/scrumdinger ] && source=$bindir/scrumdinger
      mode_bits=644
      case $target in bin/scrumdinger | lib/scrumdinger/scrumdinger-transcribe) mode_bits=755 ;; esac
      if [ "${source%.in}" != "$source" ]; then  # a template: the install's own paths filled in
        install -d "$(dirname "$destdir$prefix/$target")"
        sed "s|@bindir@|$prefix/bin|g" "$source" >"$destdir$prefix/$target"
        chmod "$mode_bits" "$destdir$prefix/$target"
      else
        install -D -m "$mode_bits" "$source" "$destdir$prefix/$target"
      fi
      echo "installed $prefix/$target"
    done
    compile_schemas
    refresh_caches ;;
  uninstall)
    files | while read -r _ target; do
      rm -f "$destdir$prefix/$target"
      echo "removed $prefix/$target"
    done
    rmdir "$destdir$prefix/share/$app" "$destdir$prefix/lib/scrumdinger" 2>/dev/null || true
    compile_schemas
    refresh_caches ;;
  *)
    echo "usage: $0 install|uninstall|files DESTDIR PREFIX [BINDIR]" >&2
    exit 2 ;;
esac
