# Two commands do everything on a fresh Debian machine with the Swift toolchain:
#   make run    install what is missing, build, and start clerk on the local store
#   make test   install what is missing, build, and run every test

# The -dev packages of every system-library target, time zones, and what the tests drive.
APT_PACKAGES := pkg-config libcurl4-openssl-dev libedit-dev libsqlite3-dev libical-dev zlib1g-dev libssl-dev \
                libmicrohttpd-dev tzdata tmux
SWIFT ?= swift

.PHONY: run test build release deps clean bench-emulator

run: deps release
	.build/release/clerk $(ARGS)

# Every Swift test, then Google's own Python client against the emulator (Tests/Fidelity/run;
# it says so when it skips: no python3, or no PyPI to make its venv the first time).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	Tests/Fidelity/run

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

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

# Small requests per second over keep-alive (needs wrk; see BENCHMARKS.md).
bench-emulator: deps
	@command -v wrk >/dev/null || { if [ "$$(id -u)" -eq 0 ]; then apt-get install -y -q wrk; else sudo apt-get install -y -q wrk; fi; }
	Benchmarks/Emulator/throughput.sh

clean:
	rm -rf .build
