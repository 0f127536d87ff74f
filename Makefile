# kuhtheory: every command goes through the project's own virtualenv (.venv).
#   make lab    create .venv if needed, install, open JupyterLab on notebooks/
#   make test   create .venv if needed, install, run the whole suite (ruff and mypy, unit tests and
#               doctests, nbval on every notebook, the book built with warnings as errors)
#   make bench  print the benchmark figures (never pass/fail on time)
#   make book   build the Jupyter Book into book/_build/html
# Installing compiles the engine's hot path with mypyc (setup.py, kuhtheory/_native.py); the
# install is redone when one of those sources changes, so the extensions never lag behind.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# Jupyter refuses to run as root unless told; these machines run as root.
ROOT_FLAG := $(shell [ "$$(id -u)" = "0" ] && echo --allow-root)

.PHONY: install lab test unit notebooks-test book book-strict check-browser bench widget-js book-js notebooks lint clean

install: $(STAMP)

# The sources mypyc compiles (kuhtheory/_native.py lists them).
NATIVE_SOURCES := $(shell $(PYTHON) kuhtheory/_native.py --sources)
# What the unit tests run a second time on the pure-Python engine: the tests of the compiled
# modules and their doctests (the compiled pass cannot collect those).
PURE_TESTS := tests/test_engine_*.py tests/test_payment.py tests/test_record.py tests/test_agents.py \
	tests/test_native.py $(NATIVE_SOURCES)

$(STAMP): pyproject.toml setup.py kuhtheory/_native.py $(NATIVE_SOURCES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,docs]'
	touch $(STAMP)

lab: install
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/

# The book is built first so tests/test_book.py checks that build instead of making its own.
test: install
	$(MAKE) lint
	$(MAKE) book-strict
	$(MAKE) unit
	$(MAKE) notebooks-test

# Twice over the engine: compiled (the whole suite), then pure Python (KUHTHEORY_PURE=1).
unit: install
	$(PY) -m pytest
	KUHTHEORY_PURE=1 $(PY) -m pytest -q $(PURE_TESTS)

notebooks-test: install
	$(PY) -m pytest --nbval-lax --override-ini="testpaths=" \
	  --override-ini="addopts=-ra" notebooks/

widget-js:
	bash scripts/fetch_widget_js.sh

# Everything the static book loads from its own files: the widget manager and MathJax.
book-js: widget-js
	bash scripts/fetch_mathjax.sh

# The executed chapters are cached in $(NBCACHE), keyed on their code cells only: a change to the
# package would leave a page showing what the old code printed. So the cache is dropped when a
# file under kuhtheory/ is newer than the last build's stamp (taken before the build started).
NBCACHE := book/_build/.jupyter_cache
define fresh_cache
	@if [ -n "$$(find kuhtheory -type f -not -path '*/__pycache__/*' -newer $(NBCACHE)/.package-stamp 2>/dev/null | head -n 1)" ] \
	  || [ ! -f $(NBCACHE)/.package-stamp ]; then rm -rf $(NBCACHE); fi
	@mkdir -p book/_build && touch book/_build/.package-stamp.next
endef
define keep_stamp
	@mkdir -p $(NBCACHE) && mv book/_build/.package-stamp.next $(NBCACHE)/.package-stamp
endef

# The book documents the Python sources (autodoc and its [source] links read them), so it is
# built on the pure-Python engine.
book: install book-js
	$(fresh_cache)
	KUHTHEORY_PURE=1 $(VENV)/bin/jupyter-book build book/
	$(keep_stamp)

# --all: an incremental build re-reads only changed pages and would hide their old warnings.
book-strict: install book-js
	$(fresh_cache)
	KUHTHEORY_PURE=1 $(VENV)/bin/jupyter-book build --all -W --keep-going book/
	$(keep_stamp)

# The browser checks alone: headless Chromium on the built book, JupyterLab via playwright-core.
check-browser: install book-js
	bash scripts/fetch_playwright.sh
	$(PY) -m pytest -m browser --override-ini="addopts=-ra" tests/test_book.py tests/test_notebooks.py

# Every benchmark on the engine as installed (compiled), then the engine's throughput again on the
# pure-Python engine, for the comparison.
bench: install
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done
	@echo "== benchmarks/bench_engine.py, pure-Python engine (KUHTHEORY_PURE=1)"
	@KUHTHEORY_PURE=1 $(PY) benchmarks/bench_engine.py --games 0 --bot-games 0 --throughput-games 300

notebooks: install
	$(PY) scripts/sync_notebooks.py --execute

lint: install
	$(VENV)/bin/ruff check kuhtheory tests benchmarks scripts book/_ext
	$(VENV)/bin/ruff format --check kuhtheory tests benchmarks scripts book/_ext conftest.py setup.py
	$(VENV)/bin/mypy

clean:
	rm -rf book/_build .pytest_cache .hypothesis build $(STAMP)
	find kuhtheory -name '*.so' -delete
	rm -f kuhtheory_native__mypyc*.so
	rm -f kuhtheory/_native_sources.py
