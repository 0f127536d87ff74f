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
from html import unescape as html_unescape
from pathlib import Path

import pytest
import yaml
from browser import SCREENSHOTS, dump_dom, needs_chromium

from kuhtheory.rules_digest import CLAUSE_ID, anchor, clauses

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"
BIB = BOOK / "references.bib"
CITE = re.compile(r"\{cite(?::[a-z]+)?\}`([^`]+)`")
BIB_ENTRY = re.compile(r"^@(\w+)\{([^,\s]+),(.*?)^\}", re.M | re.S)
BUILD_TIMEOUT = 1200
WIDGET_JS = BOOK / "_wstatic" / "widgets"
MATHJAX_JS = BOOK / "_wstatic" / "mathjax"

sys.path.insert(0, str(BOOK / "_ext"))
import kuhbook  # noqa: E402  (the book's Sphinx extension, book/_ext/kuhbook.py)

# These tests read (and test_pdf rewrites) book/_build: one pytest-xdist worker runs them all.
pytestmark = pytest.mark.xdist_group("built-book")

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
def test_toc_has_the_five_parts_in_order():
    captions = [part["caption"] for part in toc()["parts"]]
    assert captions == ["Tutorial", "Theory", "How-to", "Reference", "Appendix"]
    assert "appendix/rules" in toc_files()
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


def test_config_serves_mathjax_locally_through_the_book_extension():
    cfg = config()
    assert cfg["sphinx"]["local_extensions"]["kuhbook"] == "_ext"
    assert (BOOK / "_ext" / "kuhbook.py").is_file()
    path = cfg["sphinx"]["config"]["mathjax_path"]
    assert "://" not in path and path == "mathjax/tex-svg.js"  # under _static, from _wstatic
    script = (ROOT / "scripts" / "fetch_mathjax.sh").read_text(encoding="utf-8")
    assert "book/_wstatic/mathjax" in script and "mathjax@$MATHJAX_VERSION" in script
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "scripts/fetch_mathjax.sh" in makefile and "book-strict: install book-js" in makefile


# ----- the book's extension (book/_ext/kuhbook.py), without a build ----------------------------
def test_clause_ids_are_cut_out_of_running_text():
    assert kuhbook.split_clause_ids("see K-TRD-1..3 and S-TRICK-2.") == [
        "see ",
        ("K-TRD-1",),
        "..3 and ",
        ("S-TRICK-2",),
        ".",
    ]
    assert kuhbook.split_clause_ids("K-PAY-1") == [("K-PAY-1",)]
    assert kuhbook.split_clause_ids("no clause, K-9, XK-AUC-1") == ["no clause, K-9, XK-AUC-1"]


def test_plotly_bundles_and_remote_mathjax_are_stripped_from_outputs():
    bundle = "<script>/**\n* plotly.js v4.1.1\n* Copyright\n*/\n(function(){})</script>"
    cdn = "https://cdnjs.cloudflare.com/ajax/libs/mathjax/3.2.2/es5/tex-svg.min.js"
    mathjax = f'<script src="{cdn}"></script>'
    figure = '<div class="plotly-graph-div"></div><script>Plotly.newPlot("x", [])</script>'
    html, version = kuhbook.strip_plotly_assets(f"<div>{mathjax}{bundle}{figure}</div>")
    assert (html, version) == (f"<div>{figure}</div>", "4.1.1")
    # a figure alone, and a local script, are left as they are
    assert kuhbook.strip_plotly_assets(figure) == (figure, None)
    local = '<script src="_static/mathjax/tex-svg.js"></script>'
    assert kuhbook.strip_plotly_assets(local) == (local, None)


def test_the_installed_plotly_js_is_found_with_its_version():
    path, version = kuhbook.installed_plotly_js()
    assert path.is_file() and re.fullmatch(r"\d+\.\d+\.\d+", version)


def test_thebe_scripts_are_recognised():
    class Script:
        def __init__(self, filename: str, body: str = "") -> None:
            self.filename, self.attributes = filename, ({"body": body} if body else {})

    assert kuhbook.is_thebe_script(Script("_static/sphinx-thebe.js"))
    assert kuhbook.is_thebe_script(Script("", 'const THEBE_JS_URL = "https://unpkg.com/x"'))
    assert not kuhbook.is_thebe_script(Script("_static/kuhbook.js"))


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
        if p.is_file() and not {"_build", "widgets", "mathjax"} & set(p.parts)
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
        # as `make book` does (harmless offline: the scripts warn and the pages lack the JS)
        if not (WIDGET_JS / "embed-amd.js").is_file():
            subprocess.run(["bash", str(ROOT / "scripts" / "fetch_widget_js.sh")], check=False)
        if not (MATHJAX_JS / "tex-svg.js").is_file():
            subprocess.run(["bash", str(ROOT / "scripts" / "fetch_mathjax.sh")], check=False)
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
def test_rules_chapter_figure_opens_on_a_hand_that_overpays_and_keeps_its_title(
    built_book: Path,
):
    """The overpay figure: its first hand overpays (it is not blank), each hand of the menu shows
    its bars (and, for the start money, the amounts it cannot pay), the title stays."""
    from devtools import Browser

    figure = ".tag_interactive-figure .js-plotly-plot"
    state = f"""(() => {{ const gd = document.querySelector('{figure}');
        return {{title: gd.layout.title.text, visible: gd.data.map(t => t.visible === true),
                 names: gd.data.map(t => t.name),
                 heights: [...gd.querySelectorAll('.trace.bars')].map(g =>
                     [...g.querySelectorAll('.point path')].map(p => p.getBBox().height)),
                 menu: gd.querySelector('.updatemenu-header .updatemenu-item-text').textContent}};
    }})()"""
    with Browser(offline=True) as browser:
        page = browser.open((built_book / "notebooks" / "rules.html").as_uri(), settle=1.5)
        first = page.evaluate(state)
        assert first["menu"] == "hand 0, 10, 200, 500"
        assert first["visible"][:2] == [True, True] and not any(first["visible"][2:])
        overpay_bars = first["heights"][0]
        assert len(overpay_bars) == 30 and sum(h > 20 for h in overpay_bars) >= 20
        title = first["title"]
        assert title
        page.screenshot(SCREENSHOTS / "rules-overpay-figure.png", selector=figure)
        for index, label in enumerate(["0, 10, 10, 50, 100", "50, 100, 100", "the start money"]):
            page.click(f"{figure} .updatemenu-header")
            page.wait_for(
                f"document.querySelectorAll('{figure} .updatemenu-dropdown-button').length == 4"
            )
            page.click(f"{figure} .updatemenu-dropdown-button", index + 1)
            now = page.wait_for(
                f"(() => {{ const s = {state}; return s.menu == 'hand {label}' && s; }})()"
            )
            assert now, f"the menu did not switch to {label}"
            assert now["title"] == title  # the title stays when the hand changes
            shown = [i for i, v in enumerate(now["visible"]) if v]
            assert shown == [2 * (index + 1), 2 * (index + 1) + 1]
        # the start money (90) cannot pay 100 and more: grey bars stand for those amounts
        cannot = [h for h in now["heights"] if h][-1]
        assert len(cannot) == 21 and min(cannot) > 100


#: The rules chapter's turn, step by step (issue 14): its sections, in order, by anchor.
RULES_TURN = (
    "the-auction",
    "donkeys-pay-everybody",
    "paying-without-change",
    "the-trade",
    "the-end-and-the-score",
)


@pytest.mark.browser
@needs_chromium
def test_the_rules_chapter_teaches_a_turn_with_card_pictures(built_book: Path):
    """A turn step by step (auction, donkeys, paying without change, the trade, the end and the
    score), each step with its pictures drawn: the animal cards (SVG with an emoji), the money
    cards, the face-down pile B sees; then a worked game and the editions in a player's words."""
    from devtools import Browser

    sections = """(() => [...document.querySelectorAll('#a-turn-step-by-step > section')].map(s =>
        [s.id, s.querySelectorAll('svg.kt-animal').length,
         s.querySelectorAll('svg.kt-money:not(.kt-back)').length,
         s.querySelectorAll('svg.kt-back').length]))()"""
    with Browser(offline=True) as browser:
        page = browser.open(
            (built_book / "notebooks" / "rules.html").as_uri(), width=1300, height=1000, settle=1
        )
        steps = page.evaluate(sections)
        assert tuple(step[0] for step in steps) == RULES_TURN
        pictures = {step[0]: step[1:] for step in steps}
        assert pictures["the-auction"][0] >= 1  # the cow up for auction
        assert pictures["the-trade"][0] >= 2 and pictures["the-trade"][2] == 4  # B sees 4 backs
        assert pictures["the-trade"][1] == 4  # A sees his own four cards
        cards = page.evaluate("document.querySelectorAll('#the-cards svg.kt-animal').length")
        assert cards == 10
        text = page.evaluate("document.querySelector('#four-editions-side-by-side').innerText")
        assert "B may not accept" in text and "money_deck" not in text
        assert page.evaluate("!!document.querySelector('#a-short-game-played-by-the-bots pre')")
        page.evaluate("document.querySelector('#the-trade').scrollIntoView()")
        page.screenshot(SCREENSHOTS / "rules-chapter.png", full_page=False)


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


# ----- assets: nothing remote, MathJax and plotly.js once per page from _static -------------
def book_pages(html_root: Path) -> list[Path]:
    """The built pages of the book's chapters and reference (not Sphinx's own search/index)."""
    return sorted(
        html_root / f"{docname}.html"
        for docname in toc_files()
        if (html_root / f"{docname}.html").is_file()
    )


SCRIPT_SRC = re.compile(r"<script\b[^>]*\bsrc=\"([^\"]*)\"")
REMOTE = re.compile(r"^(?:[a-z]+:)?//", re.I)


def test_no_page_loads_a_remote_script_or_stylesheet(built_book: Path):
    for page in sorted(built_book.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        remote = [src for src in SCRIPT_SRC.findall(html) if REMOTE.match(src)]
        assert not remote, f"{page.relative_to(built_book)} loads remote scripts {remote}"
        sheets = re.findall(r"<link\b[^>]*rel=\"stylesheet\"[^>]*href=\"([^\"]*)\"", html)
        assert not [h for h in sheets if REMOTE.match(h)], page
        assert "THEBE_JS_URL" not in html, f"{page.name}: sphinx-thebe's remote script URL"


def test_every_page_loads_one_local_mathjax(built_book: Path):
    assert (built_book / "_static" / "mathjax" / "tex-svg.js").is_file()
    for page in book_pages(built_book):
        srcs = SCRIPT_SRC.findall(page.read_text(encoding="utf-8"))
        mathjax = [s for s in srcs if "mathjax" in s.lower() or "tex-" in s]
        assert len(mathjax) == 1, f"{page.relative_to(built_book)}: MathJax scripts {mathjax}"
        assert mathjax[0].split("?")[0].endswith("_static/mathjax/tex-svg.js"), mathjax


def test_plotly_js_loads_once_per_figure_page_from_static(built_book: Path):
    static = built_book / "_static" / kuhbook.PLOTLY_STATIC
    assert static.is_file()
    version = kuhbook.installed_plotly_js()[1]
    assert f"plotly.js v{version}" in static.read_text(encoding="utf-8")[:200]
    figure_pages = 0
    for page in book_pages(built_book):
        html = page.read_text(encoding="utf-8")
        assert "* plotly.js v" not in html, f"{page.name} still inlines plotly.js"
        loads = [s for s in SCRIPT_SRC.findall(html) if "plotly" in s]
        if "plotly-graph-div" in html:
            figure_pages += 1
            assert len(loads) == 1, loads
            assert loads[0].split("?")[0].endswith("_static/plotly/plotly.min.js"), loads
            assert page.stat().st_size < 1_500_000, f"{page.name}: {page.stat().st_size} bytes"
        else:
            assert not loads, f"{page.name} loads plotly.js without a figure"
    assert figure_pages >= 4


# ----- clause ids link to the rules digest (appendix) -----------------------------------------
ARTICLE = re.compile(r'<article class="bd-article"[^>]*>(.*?)</article>', re.S)
CLAUSE_LINK = re.compile(
    r'<a class="kt-clause-link reference internal" href="([^"#]*)#([a-z0-9-]+)" '
    r'title="([^"]*)"><span class="std std-ref">([A-Z]-[A-Z]+-\d+)</span></a>'
)
TYPE_FIELD = re.compile(r"Type<span class=\"colon\">:</span></dt>\s*<dd[^>]*>.*?</dd>", re.S)
# Code, headings, tags, and autodoc's signatures (a constant's value shown as code is not prose).
NOT_RUNNING_TEXT = re.compile(
    r"<(pre|code|script|style|h[1-6]|title)\b.*?</\1>|<dt class=\"sig\b.*?</dt>|<[^>]+>",
    re.S | re.I,
)


def test_the_appendix_defines_every_clause_with_an_anchor(built_book: Path):
    html = (built_book / "appendix" / "rules.html").read_text(encoding="utf-8")
    for clause_id in clauses():
        definition = rf'<li class="kt-clause-def" id="{anchor(clause_id)}">\s*<p><strong>'
        assert re.search(definition + clause_id + "</strong>", html), clause_id
    assert "Edition table" in html and "Schnäppchen Jagd" in html


def test_every_clause_id_in_running_text_links_to_the_appendix(built_book: Path):
    texts = clauses()
    linked = 0
    for page in book_pages(built_book):
        article = ARTICLE.search(page.read_text(encoding="utf-8"))
        assert article, page
        body = article.group(1)
        for href, target, title, text in CLAUSE_LINK.findall(body):
            linked += 1
            assert target == anchor(text) and html_unescape(title) == texts[text], (page, text)
            if page.parent.name == "appendix":
                assert href == "", (page.name, href)  # a link within the page
            else:
                assert href.endswith("appendix/rules.html"), (page.name, href)
        # autodoc's "Type:" fields are cross-references to types, not running text
        body = re.sub(TYPE_FIELD, " ", body)
        if page.parent.name == "appendix":  # the definitions themselves are not links
            body = re.sub(r"<strong>[KS]-[A-Z]+-\d+</strong>", " ", body)
        rest = NOT_RUNNING_TEXT.sub(" ", CLAUSE_LINK.sub(" ", body))
        bare = CLAUSE_ID.findall(rest)
        assert not bare, f"{page.relative_to(built_book)}: clause ids without a link: {bare[:5]}"
    assert linked > 250  # the book cites clauses some 300 times in its running text


# ----- offline, at phone width (Chromium over the DevTools protocol) ---------------------------
def math_pages(html_root: Path) -> list[Path]:
    """Built pages with a formula (MyST's dollar math renders as ``class="math ..."``)."""
    return [p for p in book_pages(html_root) if 'class="math notranslate' in p.read_text("utf-8")]


@pytest.mark.browser
@needs_chromium
def test_formulas_render_offline_from_the_books_mathjax(built_book: Path):
    from devtools import Browser

    pages = math_pages(built_book)
    assert built_book / "notebooks" / "rules.html" in pages  # the scoring formula
    with Browser(offline=True) as browser:
        for path in pages:
            page = browser.open(path.as_uri(), settle=0.5)
            total = page.evaluate("document.querySelectorAll('.math').length")
            done = page.wait_for(
                f"document.querySelectorAll('.math mjx-container svg').length >= {total} && "
                f"document.querySelectorAll('.math mjx-container svg').length",
                timeout=20,
            )
            assert done and done >= total, f"{path.name}: {done} of {total} formulas rendered"
            raw = page.evaluate(
                "[...document.querySelectorAll('.math')].filter(e => "
                "!e.querySelector('mjx-container')).map(e => e.textContent).slice(0, 3)"
            )
            assert not raw, f"{path.name}: formulas left as TeX: {raw}"
            remote = [u for u in page.requested_urls() if u.startswith(("http:", "https:"))]
            assert not remote, f"{path.name} asked the network for {remote}"
            if path.stem == "rules":
                page.screenshot(SCREENSHOTS / "formula-offline.png", selector="div.math")


#: Chapters checked at phone width: every notebook chapter, the appendix and a how-to.
PHONE = 400
#: Every label of an SVG chart (the widgets' charts) inside its chart's view box, and every
#: plotly title, axis title and legend entry inside its figure: the texts that got cut off.
CUT_LABELS = """(() => {
    const out = [];
    for (const svg of document.querySelectorAll('svg.kt-chart')) {
        const box = svg.viewBox.baseVal;
        for (const t of svg.querySelectorAll('text')) {
            const b = t.getBBox();
            if (!t.textContent.trim() || b.width === 0) continue;
            const m = t.getCTM(), s = svg.getCTM();  // rotated labels: their box's corners
            const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                         [b.x + b.width, b.y + b.height]].map(([x, y]) => {
                const p = new DOMPoint(x, y).matrixTransform(s.inverse().multiply(m));
                return p; });
            if (pts.some(p => p.x < box.x - 1 || p.x > box.x + box.width + 1 ||
                              p.y < box.y - 1 || p.y > box.y + box.height + 1))
                out.push('chart: ' + t.textContent.slice(0, 40));
        }
    }
    for (const fig of document.querySelectorAll('.js-plotly-plot')) {
        const r = fig.getBoundingClientRect();
        for (const t of fig.querySelectorAll('.gtitle, .xtitle, .ytitle, .legendtext')) {
            const b = t.getBoundingClientRect();
            if (b.width && (b.left < r.left - 1 || b.right > r.right + 1))
                out.push('figure: ' + t.textContent.slice(0, 40));
        }
    }
    return out.slice(0, 5);
})()"""


@pytest.mark.browser
@needs_chromium
def test_pages_fit_a_phone_width_screen(built_book: Path):
    from devtools import Browser

    pages = [p for p in book_pages(built_book) if p.parent.name in ("notebooks", "appendix")]
    pages.append(built_book / "howto" / "replay.html")
    # An element sticking out to the right: fine inside an ancestor that fits and scrolls, cut
    # off (a defect) inside one that hides its overflow.
    too_wide = f"""[...document.querySelectorAll('.bd-article *')].filter(e => {{
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.right <= {PHONE} + 1) return false;
        if (e.closest('mjx-assistive-mml')) return false;  // MathML for screen readers, unseen
        for (let a = e.parentElement; a; a = a.parentElement) {{
            const overflow = getComputedStyle(a).overflowX;
            if (overflow === 'visible' || a.getBoundingClientRect().right > {PHONE} + 1) continue;
            return overflow !== 'auto' && overflow !== 'scroll';
        }}
        return true;
    }}).map(e => e.tagName + '.' + (e.getAttribute('class') || '').split(' ')[0]).slice(0, 5)"""
    with Browser(offline=True) as browser:
        for path in pages:
            page = browser.open(path.as_uri(), width=PHONE, height=860, settle=1.5)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE, f"{path.name} is {width} px wide: {page.evaluate(too_wide)}"
            assert page.evaluate(too_wide) == [], path.name
            assert page.evaluate(CUT_LABELS) == [], f"{path.name}: labels cut off"
            chapter = path.stem if path.parent.name == "notebooks" else ""
            if chapter in ("rules", "play", "trade"):
                page.screenshot(SCREENSHOTS / f"phone-{chapter}.png")
            if chapter == "rules":  # the figure and the text around it, as a phone shows it
                page.evaluate("document.querySelector('.tag_interactive-figure').scrollIntoView()")
                page.evaluate("window.scrollBy(0, -200)")
                page.screenshot(SCREENSHOTS / "phone-rules-figure.png", full_page=False)


# ----- widgets that need a kernel, on the static page -----------------------------------------
@pytest.mark.browser
@needs_chromium
def test_the_static_play_table_says_it_needs_a_kernel_and_looks_inert(built_book: Path):
    """On the static page the play table shows its notice (hidden in JupyterLab), with links to
    Binder and the terminal command, and its buttons are greyed out and ignore the pointer."""
    _need_widget_js(built_book)
    from devtools import Browser

    with Browser(offline=True) as browser:
        page = browser.open((built_book / "notebooks" / "play.html").as_uri(), settle=2.0)
        notice = page.wait_for(
            "(() => { const n = document.querySelector('.kt-needs-kernel .kt-static-only');"
            " return n && getComputedStyle(n).display !== 'none' && n.innerText; })()"
        )
        assert notice and "needs a live Python kernel" in notice and "kuhtheory play" in notice
        links = page.evaluate(
            "[...document.querySelectorAll('.kt-needs-kernel .kt-static-only a')].map(a => a.href)"
        )
        assert any(h.startswith("https://mybinder.org/v2/gh/") for h in links)
        buttons = page.evaluate(
            "[...document.querySelectorAll('.kt-needs-kernel button')].map(b => {"
            " const s = getComputedStyle(b); return [s.pointerEvents, Number(s.opacity)]; })"
        )
        assert buttons and all(events == "none" and opacity < 0.6 for events, opacity in buttons)
        page.screenshot(
            SCREENSHOTS / "static-play-table.png", selector=".kt-needs-kernel", full_page=False
        )


@pytest.mark.browser
@needs_chromium
def test_the_static_replay_viewer_shows_the_coachs_verdict_beside_the_action(built_book: Path):
    """The coach chapter's replay viewer, saved at the step after a costly decision: the verdict
    box (the action taken, the recommendation, the loss, coloured by it) and the chart of the
    money lost so far render on the static page, offline (issue 17)."""
    _need_widget_js(built_book)
    from devtools import Browser

    from kuhtheory.display import LOSS_COLOURS

    with Browser(offline=True) as browser:
        page = browser.open((built_book / "notebooks" / "coach.html").as_uri(), settle=2.0)
        verdict = page.wait_for(
            "(() => { const v = document.querySelector('.kt-needs-kernel .kt-verdict');"
            " return v && [v.innerText, getComputedStyle(v).backgroundColor]; })()"
        )
        assert verdict, "no verdict box in the saved viewer"
        text, colour = verdict
        assert "did:" in text and "recommended:" in text and "loss" in text and "model:" in text
        palette = {
            "rgb({}, {}, {})".format(*(int(c[i : i + 2], 16) for i in (1, 3, 5)))
            for _, c in LOSS_COLOURS
        }
        assert colour in palette
        lines = page.evaluate(
            "document.querySelectorAll('.kt-needs-kernel svg polyline.kt-line').length"
        )
        assert lines >= 4  # the money lost so far, one line per player (and the money charts)
        page.evaluate("document.querySelector('.kt-needs-kernel .kt-verdict').scrollIntoView()")
        page.evaluate("window.scrollBy(0, -320)")
        page.screenshot(SCREENSHOTS / "coach-replay-verdict.png", full_page=False)


def test_widget_notices_point_at_the_books_binder(built_book: Path):
    from kuhtheory.widgets.common import BINDER_URL

    cfg = config()
    owner_repo = cfg["repository"]["url"].removeprefix("https://github.com/")
    assert (
        BINDER_URL
        == f"{cfg['launch_buttons']['binderhub_url']}/v2/gh/{owner_repo}/"
        + cfg["repository"]["branch"]
    )


def test_the_record_howto_shows_each_tampering_refused():
    """The how-to's tampered records really fail the check it shows (its student notebook holds
    the executed output; nbval re-checks it)."""
    import json

    notebook = json.loads((BOOK / "howto" / "replay.ipynb").read_text(encoding="utf-8"))
    printed = "".join(
        "".join(out.get("text", ""))
        for cell in notebook["cells"]
        for out in cell.get("outputs", [])
    )
    assert "lower_a_bid: action" in printed and "(K-AUC-1)" in printed
    assert "pay_with_a_500: action" in printed and "(K-PAY-1)" in printed
    assert "add_100_points: record.result.scores" in printed and ": replayed" not in printed
