# albumscan's front door. `make demo` scans the bundled fixtures offline; `make test` runs the suite.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT_FLAGS := -Xswiftc -warnings-as-errors
APT_PACKAGES := libturbojpeg0-dev libjpeg62-turbo-dev libsqlite3-dev libcurl4-openssl-dev
BIN := .build/debug/albumscan
RELEASE_BIN := .build/release/albumscan

.PHONY: deps build release test demo install lint fixtures covers clean

## deps: install the system libraries (apt, as root); a no-op when they are already there
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "deps: all system packages present"; exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then echo "deps: missing$$missing; run 'sudo make deps' (apt-get install needs root)" >&2; exit 1; fi; \
	echo "deps: installing$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get install -y -qq $$missing >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq $$missing; }

build:
	swift build $(SWIFT_FLAGS)

release:
	swift build -c release $(SWIFT_FLAGS)

test: build
	swift test $(SWIFT_FLAGS)

## demo: scan every fixture cover offline (replayed HTTP) through the whole pipeline, in a throwaway home
demo: deps build
	@home=$$(mktemp -d); trap 'rm -rf "$$home"' EXIT; export ALBUMSCAN_HOME=$$home; unset OPENAI_API_KEY; \
	$(BIN) account set-tier ultra >/dev/null; \
	$(BIN) scan Fixtures/covers --replay Fixtures/recordings --jobs 4; status=$$?; \
	echo; echo "demo: history of this run"; $(BIN) history; \
	if [ $$status -ne 0 ] && [ $$status -ne 1 ]; then exit $$status; fi; \
	echo "demo: done (two fixture covers are unidentifiable on purpose: exit 1 there is expected)"

## fixtures: regenerate the synthetic covers and the recordings from the loopback fakes
fixtures: build
	.build/debug/albumscan-fakes record --binary $(BIN) --covers Fixtures/covers --recordings Fixtures/recordings

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/albumscan

lint:
	swift format lint --strict --recursive Sources Tests Prompts/EmbeddedPrompts.swift Package.swift

clean:
	rm -rf .build
