# albumscan's front door. `make demo` scans the bundled fixtures offline; `make test` runs the suite.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT_FLAGS := -Xswiftc -warnings-as-errors
APT_PACKAGES := libturbojpeg0-dev libjpeg62-turbo-dev libpng-dev libheif-dev libsqlite3-dev libcurl4-openssl-dev libzxing-dev libvlfeat-dev libssl-dev
# The real-browser test of `albumscan serve`'s page (Tests/Browser): Debian's Chromium, its driver and Selenium.
BROWSER_PACKAGES := chromium chromium-driver python3-selenium
# The serve page's script modules: their unit tests (node --test) and their lint (Debian's eslint).
PAGE_PACKAGES := nodejs eslint
BIN := .build/debug/albumscan
RELEASE_BIN := .build/release/albumscan

.PHONY: deps build release test test-page lint-page test-browser demo install lint fixtures vocabulary clean bench bench-setup bench-check bench-baseline

## deps: install the system libraries (apt, as root); a no-op when they are already there
deps:
	@missing=""; for p in $(APT_PACKAGES) $(BROWSER_PACKAGES) $(PAGE_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "deps: all system packages present"; exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then echo "deps: missing$$missing; run 'sudo make deps' (apt-get install needs root)" >&2; exit 1; fi; \
	echo "deps: installing$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get install -y -qq $$missing >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq $$missing; }

build:
	swift build $(SWIFT_FLAGS)

## release: optimised, with the Swift runtime linked in (starts in ~17 ms instead of ~28 ms, and runs where Swift is not installed)
release:
	swift build -c release --static-swift-stdlib $(SWIFT_FLAGS)

## test: the suite, then apart from it the tests that time things in real seconds: the fault matrix's bound per case,
## and the spacing of requests at a fake server (beside the in-process scans of the main run, a case would wait for
## the cores, and the server would see its own scheduling delay as the client's spacing). They mostly wait on
## clocks, so they run side by side, except the interrupt tests: they time a signal's exit to the second, and beside
## the fault matrix's 66 cases a CI machine once took 3 s to end the process, so they run alone, one by one; the three that time MusicBrainz at the server run last, one after the other, so
## neither's process start-up delays the other's first request.
## The ledger's state-machine test keeps both cores busy for its minute, so it runs alone after the suite (beside
## the suite's servers it starved them into timeouts).
SPACING_TESTS := KeepOneSecondAtTheServer|OneSecondApartAcrossProcesses
RUN_APART := FaultMatrixTests|InterruptTests|LedgerStateMachineTests|$(SPACING_TESTS)
test: build
	$(MAKE) --no-print-directory lint-page test-page
	swift test $(SWIFT_FLAGS) --skip '$(RUN_APART)'
	swift test $(SWIFT_FLAGS) --skip-build --filter FaultMatrixTests
	swift test $(SWIFT_FLAGS) --skip-build --filter InterruptTests --no-parallel
	swift test $(SWIFT_FLAGS) --skip-build --filter LedgerStateMachineTests
	swift test $(SWIFT_FLAGS) --skip-build --filter '$(SPACING_TESTS)' --no-parallel
	$(MAKE) --no-print-directory test-browser

## test-page: the serve page's DOM-free modules (stage words, job states, shop fields, retries, the scan JSON it
## reads, against Tests/Page/fixtures/scan-result.json, which AlbumScanServeTests' PageFixtureTests keeps) under
## Node's test runner
PAGE_JS := Sources/AlbumScanServe/Page/js
test-page:
	node --test Tests/Page/*.test.mjs

## lint-page: Debian's eslint (.eslintrc.json) over the page's modules and their tests. Debian's eslint finds its own
## modules in /usr/share/nodejs, which Debian's node searches and a node from elsewhere (NodeSource's) does not.
ESLINT ?= NODE_PATH=/usr/share/nodejs eslint
lint-page:
	$(ESLINT) --ext .js,.mjs $(PAGE_JS) Tests/Page

## test-browser: headless Chromium drives `albumscan serve`'s page (Tests/Browser/serve_page.py): pair, scan a fixture
## cover, grade it, find it in the page's catalogue and in `history --json`; skips, saying why, without the browser
## (Debian's python3-selenium is installed for Debian's own python3, not for another python3 earlier on PATH)
SHOTS ?= .build/browser-shots
BROWSER_PYTHON ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
test-browser: build
	@mkdir -p $(SHOTS)
	$(BROWSER_PYTHON) Tests/Browser/serve_page.py $(BIN) $(SHOTS)
	$(BROWSER_PYTHON) Tests/Browser/pairing_pages.py $(BIN) $(SHOTS)

## demo: scan every fixture cover offline (replayed HTTP) through the whole pipeline, in a throwaway home; then eval the labelled set
## example: the library product as another package sees it. Examples/ScanOne depends on it by path, scans a fixture
## photo's bytes with recorded answers (no network, no key), reads it back from the catalogue and exports it. It
## builds albumscan a second time in its own folder, so it stays out of `make test`; CI runs it after the tests.
example:
	cd Examples/ScanOne && swift build
	cd Examples/ScanOne && env -u OPENAI_API_KEY -u ALBUMSCAN_PROVIDER .build/debug/ScanOne \
		../../Fixtures/covers/01-velvet-circuit.jpg ../../Fixtures/recordings

demo: deps build
	@home=$$(mktemp -d); trap 'rm -rf "$$home"' EXIT; export ALBUMSCAN_HOME=$$home; unset OPENAI_API_KEY ANTHROPIC_API_KEY GEMINI_API_KEY GOOGLE_API_KEY ALBUMSCAN_PROVIDER OPENAI_BASE_URL; \
	$(BIN) account set-tier ultra >/dev/null; \
	$(BIN) scan Fixtures/covers --replay Fixtures/recordings --jobs 4; status=$$?; \
	echo; echo "demo: history of this run"; $(BIN) history; \
	if [ $$status -ne 0 ] && [ $$status -ne 1 ]; then exit $$status; fi; \
	for provider in anthropic gemini openai-compatible; do \
		export ALBUMSCAN_HOME=$$home/$$provider; mkdir -p $$ALBUMSCAN_HOME; \
		$(BIN) account set-tier ultra >/dev/null; $(BIN) account advanced-search on >/dev/null; \
		echo; echo "demo: two covers through $$provider (replayed; Ultra with advanced search, a fresh home)"; \
		$(BIN) scan Fixtures/covers/01-velvet-circuit.jpg Fixtures/covers/03-mira-solenne.jpg --provider $$provider \
			--replay Fixtures/recordings --no-art --quiet; s=$$?; \
		if [ $$s -ne 0 ] && [ $$s -ne 1 ]; then exit $$s; fi; \
		echo "demo: $$provider spend:"; $(BIN) account | sed -n '/model use/,$$p' | tail -n +2; \
	done; \
	echo; echo "demo: eval of the labelled set in Fixtures/eval (replayed; eval scans in a throwaway home of its own)"; \
	$(BIN) eval Fixtures/eval/labels.csv --replay Fixtures/eval/recordings --quiet || exit $$?; \
	echo; echo "demo: done (two fixture covers are unidentifiable on purpose, and the local server cannot search for the"; \
	echo "      third: exit 1 there is expected; the eval set holds two wrong answers, two unidentified covers and a duplicate on purpose)"

## fixtures: regenerate the synthetic covers, the eval set's photos and labels, and their recordings from the loopback fakes
fixtures: build
	.build/debug/albumscan-fakes record --binary $(BIN) --covers Fixtures/covers --recordings Fixtures/recordings
	.build/debug/albumscan-fakes record-eval --binary $(BIN) --eval Fixtures/eval

## vocabulary: retrain Call 0's visual vocabulary (about 80 s on 2 cores) from shippable imagery only (generated
## covers and photos, ../shared/corpora/photos); bump VOCAB_VERSION so stored albums' words are made again
VOCAB_VERSION ?= 1
vocabulary:
	swift build $(SWIFT_FLAGS) --product albumscan-bench
	.build/debug/albumscan-bench --train-vocabulary Sources/AlbumScanMatching/Retrieval/VisualVocabulary+Trained.swift \
		--vocab-version $(VOCAB_VERSION)

## install: the binary, bash/zsh/fish completions (ArgumentParser) and the man page (from the commands' help)
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -s -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/albumscan
	$(RELEASE_BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/albumscan
	$(RELEASE_BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_albumscan
	$(RELEASE_BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/albumscan.fish
	$(RELEASE_BIN) generate-manual > $(DESTDIR)$(PREFIX)/share/man/man1/albumscan.1
	chmod 0644 $(DESTDIR)$(PREFIX)/share/man/man1/albumscan.1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions/albumscan \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_albumscan $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/albumscan.fish

lint:
	swift format lint --strict --recursive Sources Tests Prompts/EmbeddedPrompts.swift Package.swift

## check-try: every `try?` in Sources/AlbumScanCore carries a `// try?: REASON` comment on the line above, and there
## are at most 35 (scripts/check-try.sh; .ci/run runs it)
.PHONY: check-try check-public example
check-try:
	scripts/check-try.sh

## check-public: only the library product's surface is public (scripts/check-public.sh).
check-public:
	scripts/check-public.sh

clean:
	rm -rf .build

## test-ledger: the catalogue's state-machine test (Tests/AlbumScanCoreTests/Ledger) for LEDGER_SEQUENCES (100,000)
## seeded sequences of scans, edits, corrections, fills, deletes, failures and restarts against its reference model,
## outside CI (about half an hour on two cores; make test runs as many as fit in 60 s, at least 1,000)
LEDGER_SEQUENCES ?= 100000
LEDGER_SEED ?= 1
test-ledger: build
	ALBUMSCAN_LEDGER_SECONDS=0 ALBUMSCAN_LEDGER_SEQUENCES=$(LEDGER_SEQUENCES) ALBUMSCAN_LEDGER_SEED=$(LEDGER_SEED) \
		swift test $(SWIFT_FLAGS) --filter LedgerStateMachineTests

## test-real-photos: every held-out real photo of ../shared/realphotos scanned end to end (make test scans eight)
test-real-photos: build
	ALBUMSCAN_REAL_PHOTOS=all swift test $(SWIFT_FLAGS) --filter RealPhotoScanTests

## fuzz: build the libFuzzer targets in Fuzz/ and run each for SECONDS (default 60), FUZZ_JOBS at a time; prints executions and crashes
SECONDS ?= 60
FUZZ_JOBS ?= 2
.PHONY: fuzz fuzz-build fuzz-barcodes test-ledger test-asan kill-trials corpus-report test-real-photos
fuzz:
	scripts/fuzz.sh build
	scripts/fuzz.sh run $(SECONDS) $(FUZZ_JOBS)

fuzz-build:
	scripts/fuzz.sh build

## fuzz-barcodes: the barcode reader on BARCODES (default 10,000) generated EAN-13, UPC-A and EAN-8 symbols at many
## sizes, turns, blurs and cuts (release build, two threads, about two minutes); a crash prints the case that caused
## it, for Tests/AlbumScanCoreTests/Barcode/crashers.txt
BARCODES ?= 10000
BARCODE_SEED ?= 1
fuzz-barcodes:
	swift build -c release --product albumscan-bench $(SWIFT_FLAGS)
	@rm -rf .build/barcode-fuzz; .build/release/albumscan-bench --fuzz-barcodes $(BARCODES) --fuzz-seed $(BARCODE_SEED) \
		--fuzz-folder .build/barcode-fuzz || { status=$$?; for f in .build/barcode-fuzz/inflight-*.txt; do \
		[ -f "$$f" ] && echo "crashed on: $$(cat "$$f")"; done; exit $$status; }

## test-asan: the whole suite under AddressSanitizer, in its own build folder; the CLI tests run the ASan binary
test-asan:
	swift build --sanitize=address --scratch-path .build-asan --build-tests $(SWIFT_FLAGS)
	# Leak checking stays off: LeakSanitizer reports the Swift runtime's lazily built globals (static lets)
	# as leaks and turns every child process's exit status into a failure. Memory errors still abort.
	ASAN_OPTIONS=detect_leaks=0 ALBUMSCAN_BIN=$$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/albumscan \
		swift test --sanitize=address --scratch-path .build-asan --skip-build

## kill-trials: TRIALS (default 60) trials: SIGKILL, SIGINT or SIGTERM at random points of scans and keyring writes, and full-disk rounds (root)
TRIALS ?= 60
kill-trials: build
	ALBUMSCAN_KILL_TRIALS=$(TRIALS) ALBUMSCAN_BIN=$(CURDIR)/$(BIN) swift test $(SWIFT_FLAGS) --filter KillTrials

## corpus-report: every ../shared/corpora file through the decoder, with the per-folder counts table
corpus-report: build
	swift test $(SWIFT_FLAGS) --filter CorpusSuiteTests 2>&1 | grep -E '^(corpus:|\|)|passed|failed'

## bench: release build, then every benchmark row against baselines measured in the same run. bench-setup makes the
## bench's venv: Pillow for the image-prep baseline and the Python client, and opencv-python-headless for the client's
## verifying mode (row 9's peer; about 90 s and 270 MB the first time)
## (BENCH_ONLY=jobs,etiquette runs some groups: prep, overhead, critical, batch, history, jobs, etiquette, python, matcher,
##  local, quality, barcode, crate, resume, mirror, discogs, links, serve)
BENCH_VENV := .build/bench-venv
BENCH_ONLY ?=
bench-setup: deps
	@command -v djpeg >/dev/null && command -v cjpeg >/dev/null && [ -x /usr/bin/time ] || \
		{ [ "$$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjpeg-turbo-progs time >/dev/null; } || \
		{ echo "bench: needs libjpeg-turbo-progs and time (apt, as root)" >&2; exit 1; }
	@[ -x $(BENCH_VENV)/bin/python ] && $(BENCH_VENV)/bin/python -c "import PIL, cv2" 2>/dev/null || \
		{ python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install -q pillow opencv-python-headless; }

bench: bench-setup release
	.build/release/albumscan-bench --binary $(RELEASE_BIN) --python $(BENCH_VENV)/bin/python --runs 5 $(if $(BENCH_ONLY),--only $(BENCH_ONLY))

## bench-check: fails when a ratio regressed by more than 20% against Benchmarks/baseline.json (not part of make test)
bench-check: bench-setup release
	.build/release/albumscan-bench --binary $(RELEASE_BIN) --python $(BENCH_VENV)/bin/python --runs 5 --check Benchmarks/baseline.json

bench-baseline: bench-setup release
	mkdir -p Benchmarks
	.build/release/albumscan-bench --binary $(RELEASE_BIN) --python $(BENCH_VENV)/bin/python --runs 5 --save Benchmarks/baseline.json
