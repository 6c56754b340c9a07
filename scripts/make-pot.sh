#!/usr/bin/env bash
# make-pot.sh OUTPUT — writes the translation template: every tr()/trn() of the Swift sources,
# then the launcher entry's and the AppStream metainfo's texts (msgfmt --desktop / --xml put
# the translations back into the installed copies). `make pot` and the data check share it.
set -euo pipefail
cd "$(dirname "$0")/.."
app=io.github.scrumdinger.Scrumdinger
out=$1
version=$(sed -n 's/.*appVersion = "\(.*\)"/\1/p' Sources/ScrumdingerCore/App/AppID.swift)
xgettext -L C --add-comments=Translators: --keyword=tr --keyword=trn:1,2 --from-code=UTF-8 --package-name=scrumdinger \
  --package-version="$version" --msgid-bugs-address=none -o "$out" \
  $(find Sources -name "*.swift" -not -path "Sources/GtkShim/*" -not -path "Sources/Platform/*" | LC_ALL=C sort)  # the shim and the platform layer say nothing of their own
xgettext -j -L Desktop --from-code=UTF-8 -o "$out" "data/$app.desktop"
xgettext -j --its=/usr/share/gettext/its/metainfo.its --from-code=UTF-8 -o "$out" "data/$app.metainfo.xml"
