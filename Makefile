# oplint — build, test, demo and benchmark.
#
#   make demo    set up, build, lint and simulate the bundled example, draw its DAG and timeline,
#                write its HTML report
#   make test    set up and run the whole test suite
#   make bench   set up and run the benchmarks into docs/performance.md
#   make bench-shapes   only the adversarial graph shapes (lint and simulate at 10k, 100k, 1M)
#   make bench-extract  only source extraction against grep and ripgrep (100k, 300k, 1M lines)
#   make docs    regenerate docs/rules.md and examples/rules/ from the rules
#   make realcode DIR=…  lint a folder of public checkouts and print the evaluation table (docs/source.md)
#   make install PREFIX=/usr/local   the release binary, oplint(1) and shell completions
#   make uninstall PREFIX=/usr/local
#   make dist    a release tarball in .build/dist/ (binary, man page, completions, README)
#   make fuzz    build the fuzz targets with libFuzzer and AddressSanitizer and run each for
#                FUZZ_SECONDS (docs/fuzzing.md)

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SYSTEM := $(shell uname -s)
# What building needs (simdjson and Graphviz are found through pkg-config), then what the
# tests and benchmarks add.
BUILD_DEBIAN_PACKAGES := libsimdjson-dev libgraphviz-dev pkg-config
BUILD_BREW_PACKAGES := simdjson graphviz pkgconf
DEBIAN_PACKAGES := graphviz libxml2-utils python3-pip chromium time groff-base
# Python modules the tests import, as module=pip-package when the names differ.
PYTHON_PACKAGES := jsonschema yaml=PyYAML
DEMO_DIR := .build/demo
# Where release builds go; the tests build the package here under .build/packaging.
SCRATCH ?= .build
OPLINT := $(SCRATCH)/release/oplint

.PHONY: build-deps setup build release demo test bench bench-shapes bench-extract docs realcode clean generated install uninstall dist check-fresh-debian fuzz fuzz-build fuzz-corpus

build-deps:
ifeq ($(SYSTEM),Darwin)
	@missing=$$(for p in $(BUILD_BREW_PACKAGES); do brew list --versions $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then echo "Installing Homebrew formulae:" $$missing; brew install $$missing; fi
else
	@missing=$$(for p in $(BUILD_DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endif

setup: build-deps
ifneq ($(SYSTEM),Darwin)
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endif
	@for entry in $(PYTHON_PACKAGES); do \
		module=$${entry%%=*}; package=$${entry#*=}; \
		python3 -c "import $$module" 2>/dev/null || python3 -m pip install --quiet $$package \
			|| python3 -m pip install --quiet --break-system-packages $$package; \
	done

build: setup
	$(SWIFT) build

# Release builds link the Swift runtime and FoundationEssentials statically on Linux: oplint starts in
# about 7 ms instead of 14 (docs/performance.md), which counts in hooks and small renders.
# Debian ships simdjson only as a shared library; the binary looks for it in ../lib/oplint
# first, where `make dist` puts a copy. macOS has the Swift runtime in the system.
ifeq ($(SYSTEM),Darwin)
RELEASE := -c release --scratch-path $(SCRATCH)
else
RELEASE := -c release --scratch-path $(SCRATCH) --static-swift-stdlib -Xlinker -rpath -Xlinker '$$ORIGIN/../lib/oplint'
endif

release: build-deps
	$(SWIFT) build $(RELEASE) --product oplint

demo: release
	@mkdir -p $(DEMO_DIR)
	@echo "== oplint examples/image-pipeline/graph.json"
	@$(OPLINT) examples/image-pipeline/graph.json
	@echo
	@echo "== oplint simulate examples/image-pipeline/graph.json --timeline $(DEMO_DIR)/timeline.svg"
	@$(OPLINT) simulate examples/image-pipeline/graph.json --timeline $(DEMO_DIR)/timeline.svg
	@$(OPLINT) render examples/image-pipeline/graph.json -o $(DEMO_DIR)/deps.svg
	@echo
	@echo "== oplint examples/image-pipeline/broken.json"
	@$(OPLINT) examples/image-pipeline/broken.json \
		--format text --format json:$(DEMO_DIR)/broken-findings.json || [ $$? -eq 1 ]
	@$(OPLINT) render examples/image-pipeline/broken.json -o $(DEMO_DIR)/broken.svg
	@echo
	@echo "== oplint report examples/image-pipeline/graph.json -o $(DEMO_DIR)/report.html"
	@$(OPLINT) report examples/image-pipeline/graph.json -o $(DEMO_DIR)/report.html
	@$(OPLINT) report examples/image-pipeline/broken.json -o $(DEMO_DIR)/broken-report.html || [ $$? -eq 1 ]
	@echo
	@echo "Wrote $(DEMO_DIR)/deps.svg, timeline.svg, report.html, broken.svg, broken-report.html and broken-findings.json"

# The ground-truth tests time real OperationQueues, so they run on their own, after the rest:
# other tests running in parallel would take the dispatch threads those queues need.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip GroundTruthTests
	$(SWIFT) test --filter GroundTruthTests

# The benchmarks write their graphs and reports to BENCH_TMPDIR: memory when /dev/shm is
# there, so that gigabytes of reports measure oplint rather than the disk's write-back.
BENCH_TMPDIR ?= $(shell test -d /dev/shm -a -w /dev/shm && echo /dev/shm || echo /tmp)

bench: setup
	$(SWIFT) build $(RELEASE) --product oplint
	$(SWIFT) build $(RELEASE) --product oplint-bench
	TMPDIR=$(BENCH_TMPDIR) $(SCRATCH)/release/oplint-bench lint --oplint $(OPLINT)
	$(SCRATCH)/release/oplint-bench render --oplint $(OPLINT) --sizes 100,200 --runs 11
	TMPDIR=$(BENCH_TMPDIR) $(SCRATCH)/release/oplint-bench shapes --oplint $(OPLINT)
	$(SCRATCH)/release/oplint-bench formats --oplint $(OPLINT)
	$(SCRATCH)/release/oplint-bench extract --oplint $(OPLINT)

# Every adversarial graph shape (docs/performance.md, "Graph shapes"): lint, lint with every
# format and simulate, at 10,000, 100,000 and 1,000,000 operations, each run stopped after 60 s
# of CPU time.
bench-shapes: setup
	$(SWIFT) build $(RELEASE) --product oplint
	$(SWIFT) build $(RELEASE) --product oplint-bench
	TMPDIR=$(BENCH_TMPDIR) $(SCRATCH)/release/oplint-bench shapes --oplint $(OPLINT)

# Source extraction on generated trees of 100,000 to 1,000,000 lines of Swift and Objective-C,
# against grep -rc addDependency and ripgrep (when installed) on the same tree
# (docs/source.md, "Performance").
bench-extract: setup
	$(SWIFT) build $(RELEASE) --product oplint
	$(SWIFT) build $(RELEASE) --product oplint-bench
	$(SCRATCH)/release/oplint-bench extract --oplint $(OPLINT)

realcode: setup
	@test -n "$(DIR)" || { echo "usage: make realcode DIR=folder-of-checkouts (see examples/realcode/README.md)"; exit 2; }
	$(SWIFT) build $(RELEASE) --product oplint
	$(SWIFT) build $(RELEASE) --product oplint-bench
	$(SCRATCH)/release/oplint-bench realcode $(DIR) --oplint $(OPLINT) --judgments examples/realcode/judgments.tsv

docs: setup
	OPLINT_UPDATE_DOCS=1 $(SWIFT) test --filter DocumentationTests

# Fuzzing (docs/fuzzing.md). The targets are built into their own scratch directory with
# libFuzzer's coverage instrumentation and AddressSanitizer (which includes LeakSanitizer);
# libFuzzer's driver comes from the Swift toolchain's compiler-rt, so nothing is installed
# beyond `make setup`. Each target runs FUZZ_SECONDS under nice on its seeds
# (Tests/OpLintFuzzingTests/Corpus/TARGET, the examples or fixtures `oplint-fuzz --seeds
# TARGET` names, Regressions/TARGET) plus what earlier runs kept (.build/fuzz/corpus/TARGET);
# an input that crashes, leaks, breaks a checked promise or runs past FUZZ_TIMEOUT seconds is
# written to .build/fuzz/findings/TARGET. `make fuzz-corpus` merges the kept inputs that add
# coverage into Tests/OpLintFuzzingTests/Corpus, which `make test` replays.
FUZZ_TARGETS ?= baseline configuration escaping json-engines json-halves json-load lint-reports lint-simulate skim source
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 60
FUZZ_RSS_MB ?= 2048
FUZZ_DIR := .build/fuzz
FUZZ_BIN := $(FUZZ_DIR)/release/oplint-fuzz
FUZZ_SEEDS := Tests/OpLintFuzzingTests
FUZZ_CLANG := $(dir $(realpath $(shell command -v swiftc)))clang
FUZZ_DRIVER = $(shell $(FUZZ_CLANG) -print-file-name=libclang_rt.fuzzer_no_main-x86_64.a)
FUZZ_ENV := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:handle_abort=1

fuzz-build: setup
	$(SWIFT) build -c release --scratch-path $(FUZZ_DIR) --product oplint-fuzz \
		-Xswiftc -DOPLINT_FUZZING -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer \
		-Xcxx -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld -Xlinker $(FUZZ_DRIVER) -Xlinker -lstdc++

fuzz: fuzz-build
	@failed=""; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/findings/$$t $(FUZZ_DIR)/logs; \
		dict=$$(ls $(FUZZ_SEEDS)/Dictionaries/$$t.dict $(FUZZ_SEEDS)/Dictionaries/$${t%%-*}.dict 2>/dev/null | head -1); \
		echo "== fuzz $$t for $(FUZZ_SECONDS) s (log: $(FUZZ_DIR)/logs/$$t.log)"; \
		$(FUZZ_ENV) nice -n 19 $(FUZZ_BIN) $$t -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) \
			-rss_limit_mb=$(FUZZ_RSS_MB) -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/findings/$$t/ \
			$${dict:+-dict=$$dict} $(FUZZ_DIR)/corpus/$$t $(FUZZ_SEEDS)/Corpus/$$t $$($(FUZZ_BIN) --seeds $$t) \
			$$(ls -d $(FUZZ_SEEDS)/Regressions/$$t 2>/dev/null) > $(FUZZ_DIR)/logs/$$t.log 2>&1 || failed="$$failed $$t"; \
		grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' $(FUZZ_DIR)/logs/$$t.log | tail -1; \
		grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' $(FUZZ_DIR)/logs/$$t.log | tr '\n' ' '; echo; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: problems found in:$$failed (inputs in $(FUZZ_DIR)/findings/)"; exit 1; fi

fuzz-corpus: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$t; \
		$(FUZZ_ENV) nice -n 19 $(FUZZ_BIN) $$t -merge=1 $(FUZZ_SEEDS)/Corpus/$$t $(FUZZ_DIR)/corpus/$$t 2>&1 | grep -E 'MERGE-OUTER: [0-9]+ new files'; \
	done

clean:
	rm -rf .build

# Installation: DESTDIR is prepended to every path, for staging and packaging.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
GENERATED := $(SCRATCH)/generated

# The binary is rebuilt only when a source is newer, so that `make release && sudo make
# install` runs no build as root.
$(OPLINT): Package.swift $(shell find Sources -type f)
	$(MAKE) --no-print-directory release
	@touch $@

# The manual page and the completions, generated by the release binary from its declarations.
$(GENERATED)/oplint.1: $(OPLINT)
	@mkdir -p $(GENERATED)
	$(OPLINT) help --man > $@.new && mv $@.new $@
$(GENERATED)/oplint.bash: $(OPLINT)
	@mkdir -p $(GENERATED)
	$(OPLINT) completion bash > $@.new && mv $@.new $@
$(GENERATED)/_oplint: $(OPLINT)
	@mkdir -p $(GENERATED)
	$(OPLINT) completion zsh > $@.new && mv $@.new $@
$(GENERATED)/oplint.fish: $(OPLINT)
	@mkdir -p $(GENERATED)
	$(OPLINT) completion fish > $@.new && mv $@.new $@

generated: $(GENERATED)/oplint.1 $(GENERATED)/oplint.bash $(GENERATED)/_oplint $(GENERATED)/oplint.fish

install: generated
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(BASH_COMPLETION_DIR)" \
		"$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"
	install -m 755 $(OPLINT) "$(DESTDIR)$(BINDIR)/oplint"
	install -m 644 $(GENERATED)/oplint.1 "$(DESTDIR)$(MANDIR)/man1/oplint.1"
	install -m 644 $(GENERATED)/oplint.bash "$(DESTDIR)$(BASH_COMPLETION_DIR)/oplint"
	install -m 644 $(GENERATED)/_oplint "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_oplint"
	install -m 644 $(GENERATED)/oplint.fish "$(DESTDIR)$(FISH_COMPLETION_DIR)/oplint.fish"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/oplint" "$(DESTDIR)$(MANDIR)/man1/oplint.1" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)/oplint" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_oplint" \
		"$(DESTDIR)$(FISH_COMPLETION_DIR)/oplint.fish"

# The release tarball: the installed tree (bin/, share/) under oplint-VERSION-SYSTEM-ARCH/,
# the shared libraries a fresh machine lacks in lib/oplint/ with their licences, and README.
VERSION = $(shell sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/OpLintCore/OpLintVersion.swift)
DIST_DIR ?= $(SCRATCH)/dist
DIST_NAME = oplint-$(VERSION)-$(shell uname -s | tr '[:upper:]' '[:lower:]')-$(shell uname -m)
DIST_ROOT = $(abspath $(DIST_DIR))/$(DIST_NAME)
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
TAR_ORDER = $(if $(shell tar --version 2>/dev/null | grep GNU),--sort=name --owner=0 --group=0 --numeric-owner --mtime=@$(SOURCE_DATE_EPOCH))

dist: generated
	rm -rf "$(DIST_ROOT)" "$(DIST_ROOT).tar.gz"
	$(MAKE) --no-print-directory install DESTDIR="$(DIST_ROOT)" PREFIX=
	.ci/bundle-libraries.sh "$(DIST_ROOT)"
	cp README.md "$(DIST_ROOT)/"
	@for licence in LICENSE LICENSE.md LICENSE.txt COPYING; do [ ! -f $$licence ] || cp $$licence "$(DIST_ROOT)/"; done
	tar $(TAR_ORDER) -cf "$(DIST_ROOT).tar" -C "$(abspath $(DIST_DIR))" "$(DIST_NAME)"
	gzip -n -f "$(DIST_ROOT).tar"
	@echo "Wrote $(DIST_DIR)/$(DIST_NAME).tar.gz"

# On a minimal Debian made with debootstrap outside the repository (needs root and the
# network; not part of `make test`): the tarball with only Graphviz's runtime library
# installed; the binary with only the Dockerfile's runtime packages; then `make install`
# from these sources and `man oplint` against `oplint help`.
check-fresh-debian: dist
	.ci/check-fresh-debian.sh tarball "$(DIST_ROOT).tar.gz"
	.ci/check-fresh-debian.sh image $(OPLINT)
	.ci/check-fresh-debian.sh install .
