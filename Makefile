# kuhtheory: every command goes through the project's own virtualenv (.venv).
#   make lab    create .venv if needed, install, open JupyterLab on the student notebooks
#   make instructor  the instructor edition (solutions, guide, problem sets) in build/instructor
#   make test   create .venv if needed, install, run the whole suite (ruff and mypy, unit tests and
#               doctests, nbval on every notebook, the book built with warnings as errors)
#   make bench  print the benchmark figures (never pass/fail on time)
#   make check-gambit  Gambit's LP on the exported trades (installs pygambit: minutes, once)
#   make book   build the Jupyter Book into book/_build/html
#   make pdf    the whole book as one PDF, offline (book/_build/pdf/kuhtheory.pdf)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# Jupyter refuses to run as root unless told; these machines run as root.
ROOT_FLAG := $(shell [ "$$(id -u)" = "0" ] && echo --allow-root)

.PHONY: install lab instructor test unit notebooks-test book book-strict pdf check-browser check-gambit bench widget-js book-js notebooks lint clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,docs,rl,cluster]'
	touch $(STAMP)

# The student notebooks (notebooks/*.ipynb, generated from the .md sources, which Lab hides):
# trusted, so that their saved self-check quizzes answer without re-running the cells.
LAB_HIDDEN := ["*.md", "__pycache__", "*.pyc", ".ipynb_checkpoints"]
lab: install
	$(VENV)/bin/jupyter trust notebooks/*.ipynb
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) --ContentsManager.hide_globs='$(LAB_HIDDEN)' notebooks/

# Chapters and how-tos with the solutions after each exercise, the instructor guide, the problem
# sets with their solutions and, in handouts/, without them. Never served to students.
instructor: install
	$(PY) scripts/sync_notebooks.py --instructor build/instructor

# The book is built first so tests/test_book.py checks that build instead of making its own.
test: install
	$(MAKE) lint
	$(MAKE) book-strict
	$(MAKE) unit
	$(MAKE) notebooks-test

# On every core (pytest-xdist); the tests that read or rewrite the built book run in one worker,
# in order (their xdist_group).
unit: install
	$(PY) -m pytest -n auto --dist loadgroup

# The student notebooks of the chapters and how-tos; cells tagged nbval-check-output must print
# what they printed when the notebook was generated (make notebooks).
notebooks-test: install
	$(PY) -m pytest --nbval-lax --override-ini="testpaths=" \
	  --override-ini="addopts=-ra" notebooks/ book/howto/ book/theory/

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

book: install book-js
	$(fresh_cache)
	$(VENV)/bin/jupyter-book build book/
	$(keep_stamp)

# --all: an incremental build re-reads only changed pages and would hide their old warnings.
book-strict: install book-js
	$(fresh_cache)
	$(VENV)/bin/jupyter-book build --all -W --keep-going book/
	$(keep_stamp)

# The whole book as one PDF: the single-page build printed by headless Chromium with the network
# off (scripts/build_pdf.py); copied to book/_build/html/kuhtheory.pdf, where the book links to it.
pdf: book
	$(PY) scripts/build_pdf.py

# The browser checks alone: headless Chromium on the built book, JupyterLab via playwright-core.
check-browser: install book-js
	bash scripts/fetch_playwright.sh
	$(PY) -m pytest -m browser --override-ini="addopts=-ra" tests/test_book.py tests/test_notebooks.py \
	  tests/test_pdf.py

# Gambit's own LP (pygambit) on every trade kuhtheory exports to .efg, against solve_trade's exact
# values. Not in make test: the [gambit] extra builds pygambit from source (about 7 minutes once).
check-gambit: install
	$(PY) -m pip install --quiet -e '.[gambit]'
	$(PY) scripts/check_gambit.py

bench: install
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

notebooks: install
	$(PY) scripts/sync_notebooks.py --execute

# ruff, the layers of the package (import-linter contracts in pyproject.toml), mypy on the package
# and mypy --strict on the engine.
lint: install
	$(VENV)/bin/ruff check kuhtheory tests benchmarks scripts book/_ext
	$(VENV)/bin/ruff format --check kuhtheory tests benchmarks scripts book/_ext
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --strict kuhtheory/engine
	$(VENV)/bin/mypy --strict kuhtheory/solvers

clean:
	rm -rf book/_build .pytest_cache .hypothesis build $(STAMP)
