# Two entry points for people: `make run` and `make test`. Each installs the Debian
# packages it is missing first (with sudo when not root).

SWIFT ?= swift
BUILD_PACKAGES := libgtk-4-dev libadwaita-1-dev libgstreamer1.0-dev \
  libgstreamer-plugins-base1.0-dev pkg-config
RUN_PACKAGES := $(BUILD_PACKAGES) gstreamer1.0-plugins-base gstreamer1.0-plugins-good
TEST_PACKAGES := $(RUN_PACKAGES) xvfb dbus dbus-x11 at-spi2-core python3-pyatspi \
  python3-pytest python3-gi gir1.2-gstreamer-1.0 xdotool imagemagick pulseaudio \
  pulseaudio-utils gstreamer1.0-pulseaudio

.PHONY: run test build deps test-deps clean

run: deps build
	.build/debug/scrumdinger

test: test-deps
	$(SWIFT) build --build-tests
	scripts/run-tests.sh

build:
	$(SWIFT) build

deps:
	scripts/install-deps.sh $(RUN_PACKAGES)

test-deps:
	scripts/install-deps.sh $(TEST_PACKAGES)

clean:
	rm -rf .build
