# Two commands do everything on a fresh Debian machine with the Swift toolchain:
#   make run    install what is missing, build, and start clerk on the local store
#   make test   install what is missing, build, and run every test

# The -dev packages of every system-library target, time zones, what the tests drive (a
# terminal, the shells whose completions they try, man for the man pages), and what
# packaging uses (dpkg-shlibdeps from dpkg-dev; patchelf sets the installed programs'
# library path).
APT_PACKAGES := pkg-config libcurl4-openssl-dev libedit-dev libsqlite3-dev libical-dev zlib1g-dev libssl-dev \
                libmicrohttpd-dev tzdata tmux bash zsh fish man-db dpkg-dev patchelf
SWIFT ?= swift
CLANG ?= clang

# The commit `clerk --version` names (Packaging/commit-id: git's, or the one `git archive`
# wrote). A release build links it in as an object defining one symbol (Sources/CBuildInfo):
# only the link step sees it, so a new commit relinks and compiles nothing. A plain `swift
# build` links without it, and clerk then says "commit unknown".
COMMIT := $(shell Packaging/commit-id)
COMMIT_OBJECT := $(if $(COMMIT),.build/commit/$(COMMIT).o)
LINK_COMMIT := $(if $(COMMIT),-Xlinker $(CURDIR)/$(COMMIT_OBJECT))

# make install: where, and under which staging root (DESTDIR, for packagers).
PREFIX ?= /usr/local
DESTDIR ?=
DEB = .build/clerk_$(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/clerk/ClerkApp.swift)_$(shell dpkg --print-architecture).deb

.PHONY: run test build release deps clean bench-emulator try-google man install uninstall deb fuzz killtest bench

run: deps release
	.build/release/clerk $(ARGS)

# Every Swift test, then Google's own Python client against the emulator (Tests/Fidelity/run;
# it says so when it skips: no python3, or no PyPI to make its venv the first time), then
# make install/uninstall and a quick .deb of the debug build (Tests/Packaging/run).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	Tests/Fidelity/run
	Tests/Packaging/run

build: deps
	$(SWIFT) build

# Release builds link with full link-time optimization: the reader and `clerk parse --jsonl`
# run 5 % fewer instructions, and the binary is a fifth smaller (BENCHMARKS.md, "Link-time
# optimization"). SwiftPM has no package setting for it, so every release build here, the
# benchmarks' too (Benchmarks/run), passes the flag.
RELEASE_BUILD := $(SWIFT) build -c release --experimental-lto-mode=full

# The two programs in release (the benchmarks build their own: see BENCHMARKS.md).
release: deps $(COMMIT_OBJECT)
	$(RELEASE_BUILD) --product clerk $(LINK_COMMIT)
	$(RELEASE_BUILD) --product google-emulator $(LINK_COMMIT)

.build/commit/%.o:
	@mkdir -p .build/commit
	@printf 'const char clerk_build_commit[] = "%s";\n' '$*' > .build/commit/$*.c
	$(CLANG) -c -fPIC -o $@ .build/commit/$*.c

# The release programs, their Swift runtime (PREFIX/lib/clerk), man pages and completions:
# Packaging/stage says what goes where. make uninstall removes exactly that.
install: release
	Packaging/stage install .build/release "$(DESTDIR)" "$(PREFIX)"

uninstall:
	Packaging/stage uninstall "$(DESTDIR)" "$(PREFIX)"

# The Debian package (Packaging/build-deb), then the checks of Tests/Packaging/run on it.
deb: release
	Packaging/build-deb .build/release $(DEB)
	Tests/Packaging/run --bin .build/release --deb $(DEB) $(if $(COMMIT),--commit $(COMMIT))

# clerk.1 from the options table and ManPage.swift (a test says when it is out of date).
man:
	$(SWIFT) build --product clerk
	.build/debug/clerk --man-page > clerk.1

# Installs only what is missing; apt is not touched when everything is present.
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -q && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi

# Google mode without a Google account: the emulator with a small seeded account on
# 127.0.0.1:8787, a sign-in whose "browser" is curl following the consent redirect, and
# clerk's REPL on it. The emulator stops when the REPL ends.
TRY_DIR := .build/try-google
try-google: deps release
	@mkdir -p $(TRY_DIR)
	@.build/release/google-emulator --port 8787 --data-dir $(TRY_DIR)/emulator --seed Fixtures/emulator-seed --tz Europe/Madrid > $(TRY_DIR)/emulator.log 2>&1 & \
	  echo $$! > $(TRY_DIR)/emulator.pid; sleep 1; \
	  BROWSER="curl -sL -o /dev/null" .build/release/clerk --data-dir $(TRY_DIR)/clerk --google-endpoint http://127.0.0.1:8787 login && \
	  .build/release/clerk --data-dir $(TRY_DIR)/clerk $(ARGS); \
	  kill $$(cat $(TRY_DIR)/emulator.pid) 2>/dev/null; rm -f $(TRY_DIR)/emulator.pid

# Small requests per second over keep-alive (needs wrk; see BENCHMARKS.md).
bench-emulator: deps
	@command -v wrk >/dev/null || { if [ "$$(id -u)" -eq 0 ]; then apt-get install -y -q wrk; else sudo apt-get install -y -q wrk; fi; }
	Benchmarks/Emulator/throughput.sh

# Every fuzz target for SECONDS seconds each, one at a time, niced (Fuzz/run; ROBUSTNESS.md).
# FUZZ_TARGETS picks some: make fuzz SECONDS=600 FUZZ_TARGETS="language icalendar".
SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: deps
	Fuzz/run $(SECONDS) $(FUZZ_TARGETS)

# 200 SIGKILLs during event creation, imports, file appends and Google's outbox (ROBUSTNESS.md).
KILLS ?= 200
killtest: deps
	$(RELEASE_BUILD) --product clerk
	$(RELEASE_BUILD) --product google-emulator
	$(RELEASE_BUILD) --product clerk-killtest
	nice -n 10 .build/release/clerk-killtest --kills $(KILLS)

# The side-by-side speed table of BENCHMARKS.md: clerk's date reader next to parsedatetime and
# dateparser, clerk parse --jsonl, start-up, and scale (Benchmarks/run; 10-15 minutes).
bench: deps
	Benchmarks/run

clean:
	rm -rf .build
