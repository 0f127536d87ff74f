"""The whole book as one PDF (``make pdf``, scripts/build_pdf.py), and the links to it.

Without a browser: every page's download menu offers the student notebook, the page printed and
the whole book's PDF, and the single-page build draws every node the page build draws. With
Debian's chromium: the PDF is built (when it is missing or older than the book) and read back
with pypdf: every chapter, in the table of contents' order, as a bookmark and as text; formulas
typeset (no TeX left), widgets rendered (no "Loading widget"), figures drawn, the folded code
left out, the solutions shown, the exercises numbered as in the book's pages, clause ids still
links within the PDF.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from types import SimpleNamespace

import pytest
from browser import needs_chromium
from test_book import built_book, toc_files  # noqa: F401  (the fixture: the built book)

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
PDF = BOOK / "_build" / "pdf" / "kuhtheory.pdf"
BUILD_TIMEOUT = 1500

sys.path.insert(0, str(BOOK / "_ext"))
import kuhbook  # noqa: E402
import student_notebooks  # noqa: E402

# These tests read (and test_pdf rewrites) book/_build: one pytest-xdist worker runs them all.
pytestmark = pytest.mark.xdist_group("built-book")


# ----- without a browser ------------------------------------------------------------------------
def test_the_download_menu_offers_the_notebook_the_page_and_the_whole_book():
    group = {
        "label": "download-buttons",
        "buttons": [
            {"label": student_notebooks.NOTEBOOK_BUTTON, "text": ".ipynb"},
            {"label": student_notebooks.SOURCE_BUTTON, "text": ".md"},
            {"label": student_notebooks.PRINT_BUTTON, "text": ".pdf"},
        ],
    }
    other = {"label": "fullscreen-button"}
    buttons = student_notebooks.adjust_downloads([group, other], True, "../kuhtheory.pdf")
    assert buttons[1] == other
    shown = {b["label"]: b for b in buttons[0]["buttons"]}
    assert list(shown) == [
        student_notebooks.NOTEBOOK_BUTTON,
        student_notebooks.PRINT_BUTTON,
        student_notebooks.BOOK_PDF_BUTTON,
    ]
    assert shown[student_notebooks.PRINT_BUTTON]["text"] == "page .pdf"
    book = shown[student_notebooks.BOOK_PDF_BUTTON]
    assert book["url"] == "../kuhtheory.pdf" and book["type"] == "link"
    # a page without a student notebook offers no notebook, and still the book
    group["buttons"] = [{"label": student_notebooks.NOTEBOOK_BUTTON}]
    (only,) = student_notebooks.adjust_downloads([group], False, "kuhtheory.pdf")[0]["buttons"]
    assert only["label"] == student_notebooks.BOOK_PDF_BUTTON
    assert doctest.testmod(student_notebooks).failed == 0


def test_the_links_to_the_pdf_show_only_when_the_book_has_one(tmp_path: Path):
    """A plain ``make book`` makes no PDF: its pages hide the links to it and say so (the intro's
    note); once the PDF is there they show the links; the printed single page shows neither."""

    def hidden(state: str) -> set[str]:
        css = student_notebooks.book_pdf_styles(state)  # type: ignore[arg-type]
        rule = re.search(r"^(.*) \{ display: none !important; \}$", css, re.MULTILINE)
        assert rule, css
        return {selector.strip() for selector in rule.group(1).split(",")}

    links, note = set(student_notebooks.LINKS_TO_PDF), student_notebooks.NO_PDF_NOTE
    assert hidden("missing") == links and hidden("built") == {note}
    assert hidden("print") == links | {note}
    assert any(f"btn-{student_notebooks.BOOK_PDF_BUTTON}" in s for s in links)
    written = student_notebooks.write_book_pdf_styles(tmp_path)
    assert written.read_text(encoding="utf-8") == student_notebooks.book_pdf_styles("missing")
    (tmp_path / student_notebooks.BOOK_PDF).write_bytes(b"%PDF-1.4")
    student_notebooks.write_book_pdf_styles(tmp_path)
    assert written.read_text(encoding="utf-8") == student_notebooks.book_pdf_styles("built")
    intro = (BOOK / "intro.md").read_text(encoding="utf-8")
    assert '<span class="kt-book-pdf">' in intro and '<span class="kt-no-book-pdf">' in intro


def test_the_built_book_shows_its_pdf_links_as_it_has_the_pdf(built_book: Path):  # noqa: F811
    css = (built_book / "_static" / student_notebooks.BOOK_PDF_STYLES).read_text("utf-8")
    has_pdf = (built_book / student_notebooks.BOOK_PDF).is_file()
    assert css == student_notebooks.book_pdf_styles("built" if has_pdf else "missing")
    page = (built_book / "intro.html").read_text(encoding="utf-8")
    assert f"_static/{student_notebooks.BOOK_PDF_STYLES}" in page


def test_the_single_page_build_gets_the_visitors_the_page_build_has():
    def visit(self, node):  # pragma: no cover - never called
        pass

    registry = SimpleNamespace(
        translation_handlers={
            "html": {"HideCodeCellNode": (visit, None), "exercise_node": (visit, None)},
            "singlehtml": {"exercise_node": (print, None)},
        }
    )
    single = SimpleNamespace(builder=SimpleNamespace(name="singlehtml", format="html"))
    single.registry = registry
    kuhbook.share_html_visitors(single)  # type: ignore[arg-type]
    handlers = registry.translation_handlers["singlehtml"]
    assert handlers["HideCodeCellNode"] == (visit, None)
    assert handlers["exercise_node"] == (print, None)  # its own stays
    latex = SimpleNamespace(builder=SimpleNamespace(name="latex", format="latex"))
    latex.registry = registry
    kuhbook.share_html_visitors(latex)  # type: ignore[arg-type]
    assert "latex" not in registry.translation_handlers


def test_the_book_links_to_the_pdf_that_make_pdf_writes():
    intro = (BOOK / "intro.md").read_text(encoding="utf-8")
    assert f'href="{student_notebooks.BOOK_PDF}"' in intro
    script = (ROOT / "scripts" / "build_pdf.py").read_text(encoding="utf-8")
    assert 'PUBLISHED = BOOK / "_build" / "html" / "kuhtheory.pdf"' in script
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pdf: book\n\t$(PY) scripts/build_pdf.py" in makefile


# ----- the PDF ----------------------------------------------------------------------------------
def _pdf_sources() -> list[Path]:
    """What the PDF is made from besides the book's pages: the print script and the styles."""
    return [
        ROOT / "scripts" / "build_pdf.py",
        *(BOOK / "_ext").glob("*.py"),
        *(BOOK / "_ext" / "kuhbook_static").glob("*"),
    ]


@pytest.fixture(scope="session")
def built_pdf(built_book: Path) -> Path:  # noqa: F811
    """book/_build/pdf/kuhtheory.pdf, built unless it is newer than the book and its sources."""
    newest = max(p.stat().st_mtime for p in [built_book / ".buildinfo", *_pdf_sources()])
    if PDF.is_file() and PDF.stat().st_mtime > newest:
        return PDF
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_pdf.py")],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail("make pdf failed:\n" + (done.stdout + done.stderr)[-4000:])
    return PDF


def _squeeze(text: str) -> str:
    """``text`` without white space: a bookmark or a line of the PDF may lose or gain a space
    where the printed heading wrapped, and ligatures (the font's "ﬃ") are spelled out."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def _chapter_titles(html_root: Path) -> list[str]:
    """The title of every page of the table of contents but the root, as the book numbers it."""
    titles = []
    for docname in toc_files()[1:]:
        html = (html_root / f"{docname}.html").read_text(encoding="utf-8")
        article = html[html.index('<article class="bd-article"') :]
        h1 = re.search(r"<h1[^>]*>(.*?)<a class=\"headerlink\"", article, re.S)
        assert h1, docname
        titles.append(re.sub(r"<[^>]+>", "", h1.group(1)).strip())
    return titles


@pytest.mark.browser
@needs_chromium
def test_the_pdf_holds_the_whole_book_in_order_with_bookmarks(built_pdf: Path, built_book: Path):  # noqa: F811
    from pypdf import PdfReader

    reader = PdfReader(built_pdf)
    assert len(reader.pages) > 150
    assert reader.metadata.title == "Kuhhandel and game theory"
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (596, 842)  # A4

    bookmarks: list[tuple[str, int]] = []

    def walk(outline: list) -> None:
        for item in outline:
            if isinstance(item, list):
                walk(item)
            else:
                bookmarks.append((_squeeze(item.title), reader.get_destination_page_number(item)))

    walk(reader.outline)
    titles = _chapter_titles(built_book)
    pages = []
    for title in titles:
        found = [page for name, page in bookmarks if name == _squeeze(title)]
        assert found, f"no bookmark for {title!r}"
        pages.append(found[0])
    assert pages == sorted(pages), "the chapters are out of the table of contents' order"
    assert len(set(pages)) == len(pages)

    texts = [page.extract_text() or "" for page in reader.pages]
    for title, page in zip(titles, pages, strict=True):
        assert _squeeze(title) in _squeeze(texts[page]), f"{title!r} is not on page {page + 1}"
    every = "\n".join(texts)
    # formulas typeset (MathJax draws them; their TeX is gone), widgets rendered, figures drawn
    assert "\\text{score}" not in every and "\\frac" not in every and "$$" not in every
    assert "Loading widget" not in every
    assert "needs a live Python kernel" in every  # the play table, drawn from its saved state
    assert "What paying each amount really costs" in every  # the rules chapter's plotly figure
    # the code the book folds away is left out (the reference shows SelfCheck's own example);
    # the solutions the book folds are shown
    reference = pages[titles.index("API reference")]
    chapters = "\n".join(texts[:reference])
    assert "Show code cell" not in every and "SelfCheck(" not in chapters
    assert "Solution to Exercise 1.1" in every
    # the exercises are numbered as in the book's pages (and so as in the student notebooks)
    printed = re.findall(r"Exercise (\d+\.\d+)\u270f", every)
    in_pages = [
        number
        for docname in toc_files()
        for number in re.findall(
            r'<span class="caption-number">Exercise ([\d.]+) </span>',
            (built_book / f"{docname}.html").read_text(encoding="utf-8"),
        )
    ]
    assert printed == in_pages and len(printed) >= 20
    # the page's own buttons and navigation are not printed
    assert "Search Ctrl" not in every and "Download this page" not in every


@pytest.mark.browser
@needs_chromium
def test_the_pdf_keeps_its_links_and_is_where_the_book_links_to_it(built_pdf: Path):
    from pypdf import PdfReader

    reader = PdfReader(built_pdf)
    internal = 0
    for page in reader.pages[:40]:
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            if link.get("/Subtype") == "/Link" and "/Dest" in link:
                internal += 1
    assert internal > 100, "clause ids, citations and cross-references link within the PDF"
    published = BOOK / "_build" / "html" / "kuhtheory.pdf"
    assert published.read_bytes() == built_pdf.read_bytes()
    css = BOOK / "_build" / "html" / "_static" / student_notebooks.BOOK_PDF_STYLES
    assert css.read_text(encoding="utf-8") == student_notebooks.book_pdf_styles("built")
    page = (BOOK / "_build" / "html" / "notebooks" / "rules.html").read_text(encoding="utf-8")
    assert 'href="../kuhtheory.pdf"' in page and "download-book-pdf-button" in page
