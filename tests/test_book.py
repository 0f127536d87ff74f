"""The Jupyter Book (book/): its configuration, table of contents and bibliography, and the built
HTML: every chapter of _toc.yml is there, exercises fold, launch buttons point to Binder, and the
interactive figures render in headless Chromium without a kernel.

The built-book tests use book/_build/html when it is newer than every source of the book (as after
``make book-strict``); otherwise they build it once, with warnings as errors
(``jupyter-book build --all -W --keep-going book/``; notebook outputs come from the execution cache
in book/_build/.jupyter_cache, so a rebuild without code changes takes well under a minute).
"""

from __future__ import annotations

import fcntl
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import yaml
from browser import dump_dom, needs_chromium

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"
BIB = BOOK / "references.bib"
CITE = re.compile(r"\{cite(?::[a-z]+)?\}`([^`]+)`")
BIB_ENTRY = re.compile(r"^@(\w+)\{([^,\s]+),(.*?)^\}", re.M | re.S)
BUILD_TIMEOUT = 1200
WIDGET_JS = BOOK / "_wstatic" / "widgets"

#: Works the issues ask the book to cite.
REQUIRED_KEYS = {
    "koller1996efficient",
    "vonstengel1996efficient",
    "kuhn1950simplified",
    "miltersen2010computing",
    "bikhchandani2005right",
    "choi2009rent",
    "krishna2010auction",
    "koltze1999kuhhandel",
    "koltze1985bluff",
    "koltze2025kuhhandel",
}


def config() -> dict:
    return yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))


def toc() -> dict:
    return yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))


def toc_files() -> list[str]:
    found: list[str] = [toc()["root"]]

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "file" in node:
                found.append(str(node["file"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(toc()["parts"])
    return found


def source_of(docname: str) -> Path:
    for suffix in (".md", ".ipynb"):
        path = BOOK / f"{docname}{suffix}"
        if path.is_file():
            return path
    raise FileNotFoundError(f"book/_toc.yml lists {docname!r}: no book/{docname}.md or .ipynb")


def bib_entries() -> dict[str, tuple[str, str]]:
    """key -> (entry type, body)."""
    text = BIB.read_text(encoding="utf-8")
    return {m.group(2): (m.group(1).lower(), m.group(3)) for m in BIB_ENTRY.finditer(text)}


# ----- sources -------------------------------------------------------------------------------
def test_toc_has_the_four_parts_in_order():
    captions = [part["caption"] for part in toc()["parts"]]
    assert captions == ["Tutorial", "Theory", "How-to", "Reference"]
    assert all(part["chapters"] for part in toc()["parts"])


def test_every_toc_entry_has_a_source():
    for docname in toc_files():
        assert source_of(docname).is_file()


def test_chapters_reach_the_book_through_the_notebooks_link():
    link = BOOK / "notebooks"
    assert link.is_symlink() and link.resolve() == (ROOT / "notebooks").resolve()
    assert "notebooks/rules" in toc_files() and "notebooks/play_basics" in toc_files()
    # the paired .ipynb must not be read as a second copy of the chapter
    assert "notebooks/*.ipynb" in config()["exclude_patterns"]


def test_config_executes_with_cache_and_loads_the_extensions():
    cfg = config()
    assert cfg["execute"]["execute_notebooks"] == "cache"
    assert cfg["bibtex_bibfiles"] == ["references.bib"]
    extensions = cfg["sphinx"]["extra_extensions"]
    assert {"sphinx_exercise", "sphinx.ext.autodoc", "sphinx.ext.napoleon"} <= set(extensions)
    assert cfg["only_build_toc_files"] is True


def test_config_launches_binder_from_the_repository():
    cfg = config()
    assert cfg["launch_buttons"]["binderhub_url"] == "https://mybinder.org"
    assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", cfg["repository"]["url"])
    assert cfg["repository"]["path_to_book"] == "book"
    assert (ROOT / "environment.yml").is_file()


def test_config_serves_the_widget_manager_locally():
    sphinx = config()["sphinx"]["config"]
    assert sphinx["html_static_path"] == ["_wstatic"]
    assert (BOOK / "_wstatic").is_dir()
    assert set(sphinx["nb_ipywidgets_js"]) == {"widgets/require.js", "widgets/embed-amd.js"}
    script = (ROOT / "scripts" / "fetch_widget_js.sh").read_text(encoding="utf-8")
    assert "book/_wstatic/widgets" in script and "html-manager@$HTML_MANAGER_VERSION" in script


def test_bibliography_has_the_cited_literature_with_authors_titles_years():
    entries = bib_entries()
    assert REQUIRED_KEYS <= set(entries), sorted(REQUIRED_KEYS - set(entries))
    for key, (_, body) in entries.items():
        for field in ("author", "title", "year"):
            assert re.search(rf"^\s*{field}\s*=", body, re.M), f"{key} has no {field}"


def test_every_citation_in_the_book_is_in_the_bibliography():
    keys = set(bib_entries())
    pages = [p for p in BOOK.rglob("*.md") if "_build" not in p.parts and p.name != "README.md"]
    pages += list((ROOT / "notebooks").glob("*.md"))
    for page in pages:
        for group in CITE.findall(page.read_text(encoding="utf-8")):
            for key in group.split(","):
                assert key.strip() in keys, f"{page.name} cites unknown {key.strip()!r}"


# ----- the built book ------------------------------------------------------------------------
def _newest_source() -> float:
    paths = [
        p
        for p in BOOK.rglob("*")
        if p.is_file() and "_build" not in p.parts and "widgets" not in p.parts
    ]
    paths += list((ROOT / "notebooks").glob("*.md"))
    return max(p.stat().st_mtime for p in paths)


@pytest.fixture(scope="session")
def built_book() -> Path:
    """book/_build/html, built with warnings as errors unless it is newer than its sources."""
    HTML.parent.mkdir(parents=True, exist_ok=True)
    with open(HTML.parent / ".test-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another pytest process may be building it
        # Sphinx rewrites these two at the end of every build, incremental or not.
        stamps = [HTML / ".buildinfo", HTML / "searchindex.js"]
        if (
            all(p.is_file() for p in stamps)
            and min(p.stat().st_mtime for p in stamps) > _newest_source()
        ):
            return HTML
        if not (WIDGET_JS / "embed-amd.js").is_file():  # as `make book` does; harmless offline
            subprocess.run(["bash", str(ROOT / "scripts" / "fetch_widget_js.sh")], check=False)
        jupyter_book = Path(sys.executable).with_name("jupyter-book")
        done = subprocess.run(
            [str(jupyter_book), "build", "--all", "-W", "--keep-going", str(BOOK)],
            capture_output=True,
            text=True,
            timeout=BUILD_TIMEOUT,
            cwd=ROOT,
            check=False,
        )
        if done.returncode != 0:
            pytest.fail(
                "the book does not build with warnings as errors:\n"
                + (done.stdout + done.stderr)[-4000:]
            )
    return HTML


def test_built_book_has_every_chapter_of_the_toc(built_book: Path):
    for docname in toc_files():
        page = built_book / f"{docname}.html"
        assert page.is_file(), f"{docname} is in _toc.yml but not in the built book"
        assert "<h1" in page.read_text(encoding="utf-8")


def test_built_chapters_fold_their_solutions_and_link_to_binder(built_book: Path):
    for docname in [d for d in toc_files() if d.startswith("notebooks/")]:
        html = (built_book / f"{docname}.html").read_text(encoding="utf-8")
        assert html.count('class="exercise admonition"') >= 2, docname
        assert 'class="solution dropdown' in html, docname
        assert "mybinder.org/v2/gh/" in html and f"book/{docname}.ipynb" in html, docname


def test_built_reference_documents_the_api(built_book: Path):
    html = (built_book / "reference" / "payment.html").read_text(encoding="utf-8")
    assert 'id="kuhtheory.payment.least_overpay"' in html


def test_built_bibliography_lists_every_entry(built_book: Path):
    html = (built_book / "bibliography.html").read_text(encoding="utf-8")
    assert "efficient computation of behavior strategies" in html.lower()
    listed = html.count('class="citation"')
    assert listed == len(bib_entries()), "the bibliography page lists every entry (:all:)"


_DOMS: dict[Path, str] = {}


def rendered(page: Path) -> str:
    """The page's DOM after its scripts ran, once per page and session.

    The first call renders every chapter with a figure or widgets at once, three Chromiums at a
    time (each takes about 4 s, mostly start-up).
    """
    if page not in _DOMS:
        pages = {page, *interactive_pages(page.parent.parent), *widget_pages(page.parent.parent)}
        todo = [p for p in pages if p not in _DOMS]
        with ThreadPoolExecutor(max_workers=3) as pool:
            for p, dom in zip(todo, pool.map(lambda p: dump_dom(p.as_uri()), todo), strict=True):
                _DOMS[p] = dom
    return _DOMS[page]


def interactive_pages(html_root: Path) -> list[Path]:
    """Built chapters with a cell tagged ``interactive-figure`` (a plotly figure for the page)."""
    return sorted(
        p
        for p in (html_root / "notebooks").glob("*.html")
        if "tag_interactive-figure" in p.read_text(encoding="utf-8")
    )


def figure_cells(dom: str) -> list[str]:
    """The rendered DOM of each cell tagged ``interactive-figure``."""
    parts = re.split(r'<div class="cell [^"]*"', dom)
    starts = re.findall(r'<div class="cell [^"]*"', dom)
    cells = zip(starts, parts[1:], strict=True)
    return [body for start, body in cells if "tag_interactive-figure" in start]


@pytest.mark.browser
@needs_chromium
def test_interactive_figures_render_without_a_kernel(built_book: Path):
    pages = interactive_pages(built_book)
    assert {p.stem for p in pages} >= {"rules", "play_basics", "editions"}
    for page in pages:
        cells = figure_cells(rendered(page))
        assert cells, f"{page.name}: no interactive-figure cell in the rendered page"
        for cell in cells:
            # plotly drew the figure (SVG and its toolbar), not only the embedded JSON/source
            assert 'class="main-svg"' in cell, f"{page.name}: the plotly figure did not render"
            assert "modebar" in cell, f"{page.name}: the figure is not interactive"


@pytest.mark.browser
@needs_chromium
def test_rules_chapter_figure_has_its_slider_over_hands(built_book: Path):
    (cell,) = figure_cells(rendered(built_book / "notebooks" / "rules.html"))
    assert 'class="slider-container"' in cell
    labels = re.findall(r'<text class="slider-label"[^>]*>([^<]*)', cell)
    # the current value, then one label per precomputed hand
    assert labels[0] == "hand: classic start money"
    assert labels[1:] == [
        "classic start money",
        "0, 10, 200, 500",
        "50, 100, 100",
        "0, 0, 10, 10, 50, 50, 100",
    ]
    assert cell.count('class="point"') >= 9  # the overpay bars (classic start: 10..90)


def widget_pages(html_root: Path) -> list[Path]:
    """Built chapters that show ipywidgets (saved widget state, rendered by the html-manager)."""
    return sorted(
        p
        for p in (html_root / "notebooks").glob("*.html")
        if "application/vnd.jupyter.widget-view+json" in p.read_text(encoding="utf-8")
    )


def _need_widget_js(html_root: Path) -> None:
    if not (html_root / "_static" / "widgets" / "embed-amd.js").is_file():
        pytest.skip(
            "the book was built without the widget manager: run scripts/fetch_widget_js.sh"
            " (needs npm and its registry) and rebuild"
        )


@pytest.mark.browser
@needs_chromium
def test_widgets_render_from_their_saved_state_without_a_kernel(built_book: Path):
    _need_widget_js(built_book)
    for page in widget_pages(built_book):
        source = page.read_text(encoding="utf-8")
        views = source.count('type="application/vnd.jupyter.widget-view+json"')
        dom = rendered(page)
        assert dom.count('class="widget-subarea"') >= views, (
            f"{page.name}: {views} widget views saved, fewer rendered ('Loading widget' fallback)"
        )


@pytest.mark.browser
@needs_chromium
def test_trade_chapter_shows_its_interactive_figure(built_book: Path):
    _need_widget_js(built_book)
    page = built_book / "notebooks" / "trade.html"
    if not page.is_file():
        pytest.fail("the trade chapter (notebooks/trade) is missing from the built book")
    dom = rendered(page)
    # the explorer's slider and its SVG charts, drawn by the widget manager in the browser: the
    # static HTML only carries them as escaped JSON of the saved widget state
    assert "widget-hslider" in dom or "widget-slider" in dom
    charts = dom.count('class="kt-chart"')
    assert charts >= 1 and page.read_text(encoding="utf-8").count('class="kt-chart"') == 0
