# oplint — build, test, demo and benchmark.
#
#   make demo    set up, build, lint and simulate the bundled example, draw its DAG and timeline,
#                write its HTML report
#   make test    set up and run the whole test suite
#   make bench   set up and run the benchmarks into docs/performance.md
#   make docs    regenerate docs/rules.md and examples/rules/ from the rules
#   make realcode DIR=…  lint a folder of public checkouts and print the evaluation table (docs/source.md)

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEBIAN_PACKAGES := libsimdjson-dev libgraphviz-dev graphviz libxml2-utils python3-pip chromium time
PYTHON_PACKAGES := jsonschema
DEMO_DIR := .build/demo
OPLINT := .build/release/oplint

.PHONY: setup build release demo test bench docs realcode clean

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

realcode: setup
	@test -n "$(DIR)" || { echo "usage: make realcode DIR=folder-of-checkouts (see examples/realcode/README.md)"; exit 2; }
	$(SWIFT) build $(RELEASE) --product oplint
	$(SWIFT) build $(RELEASE) --product oplint-bench
	.build/release/oplint-bench realcode $(DIR) --oplint $(OPLINT) --judgments examples/realcode/judgments.tsv

docs: setup
	OPLINT_UPDATE_DOCS=1 $(SWIFT) test --filter DocumentationTests

clean:
	rm -rf .build
