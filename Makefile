# Ludi: two commands matter.
#   make serve   set everything up, then serve the site at http://127.0.0.1:8000
#   make test    set everything up, then run every test (ruff, pytest tests/, Pyodide, e2e)
# Setup is idempotent: stamp files keyed on the lockfile / requirements content mean a second run
# installs nothing. Nothing is fetched at run time from anywhere but this server.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
# Japanese in the e2e screenshots needs a CJK font (real devices have one; Debian's chromium
# draws boxes without it)
CJK_FONT := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

hash = $(shell cat $(1) 2>/dev/null | sha256sum | cut -c1-16)
VENV_STAMP := $(VENV)/.stamp-$(call hash,requirements.txt)
NODE_STAMP := node_modules/.stamp-$(call hash,package-lock.json)
VENDOR_STAMP := vendor/.stamp-$(call hash,package-lock.json tools/vendor.py tools/stdlib.py tools/stdlib_strip.py tools/stdlib_keep.txt)
WHEELS := .cache/pyodide-wheels
WHEELS_STAMP := $(WHEELS)/.stamp-$(call hash,requirements-pyodide.txt)

# Run a pytest command; exit code 5 ("no tests collected") is not a failure.
pytest_ok = rc=0; $(1) || rc=$$?; if [ $$rc -eq 5 ]; then echo "(no tests collected)"; rc=0; fi; exit $$rc

.PHONY: help serve test setup site dist lint test-py test-pyodide test-e2e bench-boot bench-dist \
	lighthouse clean

help:
	@echo "make serve       set up and serve the site at http://$(HOST):$(PORT)"
	@echo "make test        set up and run every test (ruff, tests/, Pyodide, e2e)"
	@echo "make dist        write dist/: the site to upload to any static host"
	@echo "make bench-boot  time our boot against a bare PyScript page"
	@echo "make bench-dist  first-visit bytes of dist/, raw and compressed"
	@echo "make lighthouse  Lighthouse (mobile) on dist/ served locally (not in make test)"
	@echo "make clean       remove generated files and installs (.venv, node_modules, vendor)"

# ---- setup ----------------------------------------------------------------------------------

$(CHROMIUM):
	$(SUDO) apt-get update -q
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium

$(CJK_FONT):
	$(SUDO) apt-get update -q
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q fonts-noto-cjk

# Node and npm come with this machine kind; on a bare Debian, take Debian's.
$(NODE_STAMP): package.json package-lock.json
	command -v npm >/dev/null || { $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q nodejs npm; }
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Debian's own python3 needs python3-venv for `-m venv`; install it only if venv fails.
$(VENV_STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV) || { rm -rf $(VENV) && $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q python3-venv && \
		$(PYTHON) -m venv $(VENV); }
	rm -f $(VENV)/.stamp-*
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

$(WHEELS_STAMP): requirements-pyodide.txt | $(VENV_STAMP)
	rm -rf $(WHEELS) && mkdir -p $(WHEELS)
	$(PY) -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
		-d $(WHEELS) -r requirements-pyodide.txt
	touch $@

$(VENDOR_STAMP): $(NODE_STAMP) tools/vendor.py tools/stdlib.py tools/stdlib_strip.py \
		tools/stdlib_keep.txt
	$(PYTHON) tools/vendor.py
	rm -f vendor/.stamp-*
	touch $@

# Always regenerated (cheap): the app bundle and pyscript.toml, the Concordia coastlines (from the
# world-atlas devDependency; written only if they change), missing icons, precache.js.
site: $(VENDOR_STAMP)
	$(PYTHON) tools/site_files.py
	$(PYTHON) tools/concordia_map.py
	$(PYTHON) tools/icons.py --if-missing
	$(PYTHON) tools/precache.py

setup: site $(VENV_STAMP) $(WHEELS_STAMP) $(CHROMIUM) $(CJK_FONT)

# ---- use ------------------------------------------------------------------------------------

serve: site
	$(PYTHON) tools/serve.py --host $(HOST) --port $(PORT)

# dist/: exactly the files the site serves (+ _headers, .gz/.br copies), checked; see README.
dist: site $(VENV_STAMP)
	$(PY) tools/dist.py

# Every suite runs even if an earlier one fails (-k); the exit code reports any failure. The
# CPython and the Pyodide suites run side by side (one core each; each suite's output is shown
# whole when it ends), then the browser tests, which time the page, on a machine to themselves.
test: setup
	@status=0; $(MAKE) --no-print-directory -k -j2 --output-sync=target lint test-py \
		test-pyodide || status=$$?; $(MAKE) --no-print-directory test-e2e || status=$$?; \
		exit $$status

lint: $(VENV_STAMP)
	$(PY) -m ruff check .

# Two workers; the long tests are collected first (tests/conftest.py) and handed out one at a
# time (--maxschedchunk 1): xdist's default sends a worker a quarter of the suite in one chunk,
# so one worker got every long test and ran for minutes after the other had ended.
test-py: $(VENV_STAMP)
	@$(call pytest_ok,$(PY) -m pytest tests -q -n 2 --maxschedchunk 1 --durations=8)

# Engine tests under Pyodide in Node; LUDI_QUICK=1 (the default there) shrinks fuzz counts.
# Then the page's imports on the trimmed standard library (tools/stdlib.py): a module it lacks
# fails here, not in a player's game.
test-pyodide: site $(WHEELS_STAMP)
	@$(call pytest_ok,node tests/pyodide/run.mjs -q)
	node tests/pyodide/stdlib.mjs --stdlib vendor/pyodide/python_stdlib.zip > /dev/null
	@echo "stdlib probe: every import found in the trimmed vendor/pyodide/python_stdlib.zip"

# A test whose page's renderer process crashed ("Target crashed") runs once more: seen three times in
# full runs since 2026-12-05, never reproduced alone (docs/testing.md); any other failure fails.
# Two browsers at a time (pytest-xdist; a fifth faster: the page's own Python is most of a
# test), then the tests marked `serial`, which time the page, alone on the machine.
E2E := $(PY) -m pytest e2e -q --reruns 1 --only-rerun "Target crashed"
test-e2e: site $(VENV_STAMP) $(CHROMIUM)
	@status=0; ($(call pytest_ok,$(E2E) -m "not serial" -n 2 --maxschedchunk 1 \
		--durations=12)) || status=$$?; \
		($(call pytest_ok,$(E2E) -m serial --durations=4)) || status=$$?; exit $$status

bench-boot: site $(VENV_STAMP) $(CHROMIUM)
	$(PY) bench/boot.py $(BENCH_ARGS)

# First-visit bytes of dist/ (raw, gzip, brotli) on a stock server under a sub-path.
bench-dist: dist $(CHROMIUM)
	$(PY) bench/first_visit.py $(BENCH_ARGS)

# Lighthouse 12 (pinned in package.json) against Debian's Chromium, on dist/ served on
# 127.0.0.1 with its precompressed copies (LIGHTHOUSE_ARGS=--stock: every file raw).
lighthouse: dist $(NODE_STAMP) $(CHROMIUM)
	$(PY) bench/lighthouse.py $(LIGHTHOUSE_ARGS)

clean:
	rm -rf $(VENV) node_modules vendor .cache precache.js .pytest_cache .ruff_cache dist
