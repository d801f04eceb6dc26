# oplint — build, test, demo and benchmark.
#
#   make demo    set up, build, lint and simulate the bundled example, draw its DAG and timeline,
#                write its HTML report
#   make test    set up and run the whole test suite
#   make bench   set up and run the benchmarks into docs/performance.md
#   make docs    regenerate docs/rules.md and examples/rules/ from the rules
#   make fuzz    build the fuzz targets with libFuzzer and AddressSanitizer and run each for
#                FUZZ_SECONDS (docs/fuzzing.md)

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEBIAN_PACKAGES := libsimdjson-dev libgraphviz-dev graphviz libxml2-utils python3-pip chromium time
PYTHON_PACKAGES := jsonschema
DEMO_DIR := .build/demo
OPLINT := .build/release/oplint

.PHONY: setup build release demo test bench docs clean fuzz fuzz-build fuzz-corpus

setup:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@for p in $(PYTHON_PACKAGES); do \
		python3 -c "import $$p" 2>/dev/null || python3 -m pip install --quiet $$p \
			|| python3 -m pip install --quiet --break-system-packages $$p; \
	done

build: setup
	$(SWIFT) build

# Release builds link the Swift runtime and Foundation statically: oplint starts in about
# 7 ms instead of 14 (docs/performance.md), which counts in hooks and small renders.
RELEASE := -c release --static-swift-stdlib

release: setup
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

bench: setup
	$(SWIFT) build $(RELEASE) --product oplint
	$(SWIFT) build $(RELEASE) --product oplint-bench
	.build/release/oplint-bench lint --oplint $(OPLINT)
	.build/release/oplint-bench render --oplint $(OPLINT) --sizes 100,200 --runs 11

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
FUZZ_TARGETS ?= baseline configuration escaping json-engines json-load lint-reports lint-simulate source
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 10
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
