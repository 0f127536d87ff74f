"""The whole book as one PDF, built offline: ``make pdf``.

Two steps, neither of which needs the network:

1. **The single-page build.** ``jupyter-book build --builder singlehtml`` writes every chapter,
   how-to, reference page and the appendix, in the table of contents' order, into one page
   (book/_build/singlehtml/intro.html). It reads the execution cache and the environment the page
   build left in book/_build, so nothing is executed again. The book's extension
   (book/_ext/kuhbook.py) gives that page every chapter's saved widget state and plotly.js once.
2. **Printing it.** Debian's headless Chromium opens the page with the network cut off, laid out
   for print at the paper's width, waits until MathJax has typeset every formula, plotly has drawn
   every figure and the widget manager has rendered every saved widget, opens the exercises'
   folded solutions and the self-checks' answers (as the book shows them on a click) and prints
   it (``Page.printToPDF``): A4, page numbers in the footer, and the headings as the PDF's
   outline (bookmarks). The print styles (``@media print`` in book/_ext/kuhbook_static/
   kuhbook.css) drop the navigation, the buttons, the self-checks' answer boxes and the code the
   book folds away.

The PDF is written to book/_build/pdf/kuhtheory.pdf and copied beside the book's pages
(book/_build/html/kuhtheory.pdf), where the book links to it. The DevTools client is the one the
browser checks use (tests/devtools.py).

Usage (from the repository root, with the project's virtualenv; the page build first)::

    python scripts/build_pdf.py             # both steps
    python scripts/build_pdf.py --print-only  # reprint the last single-page build
"""

from __future__ import annotations

import argparse
import base64
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SINGLE = BOOK / "_build" / "singlehtml"
PAGE = SINGLE / "intro.html"
PDF = BOOK / "_build" / "pdf" / "kuhtheory.pdf"
#: Where the book's pages link to it (book/intro.md, the download menu of every page).
PUBLISHED = BOOK / "_build" / "html" / "kuhtheory.pdf"
BUILD_TIMEOUT = 1200

sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(BOOK / "_ext"))
from devtools import Browser, DevToolsError  # noqa: E402  (tests/devtools.py)
from student_notebooks import write_book_pdf_styles  # noqa: E402  (book/_ext)

#: A4 in inches, and the margins: the text column is (8.27 - 2 * 0.55) in = 688 CSS pixels.
PAPER = {"paperWidth": 8.27, "paperHeight": 11.69}
MARGINS = {"marginTop": 0.55, "marginBottom": 0.65, "marginLeft": 0.55, "marginRight": 0.55}
#: The width the page is laid out at (CSS pixels at 96 per inch), so that the figures and
#: widgets, which size themselves when drawn, fit the printed column.
COLUMN = round((PAPER["paperWidth"] - MARGINS["marginLeft"] - MARGINS["marginRight"]) * 96)
FOOTER = (
    '<div style="width:100%;font-size:8px;color:#666;text-align:center;'
    'font-family:sans-serif"><span class="pageNumber"></span></div>'
)

#: Everything drawn: formulas typeset, plotly figures drawn, saved widgets rendered.
READY = """(() => {
    const mj = window.MathJax && MathJax.startup && MathJax.startup.document;
    const math = document.querySelectorAll('.math').length;
    const typeset = document.querySelectorAll('.math mjx-container').length;
    const figures = document.querySelectorAll('.plotly-graph-div').length;
    const drawn = document.querySelectorAll('.plotly-graph-div .main-svg').length > 0
        ? document.querySelectorAll('.js-plotly-plot').length : 0;
    const views = document.querySelectorAll(
        'script[type="application/vnd.jupyter.widget-view+json"]').length;
    const widgets = document.querySelectorAll('.widget-subarea').length;
    return {ready: !!mj && typeset >= math && drawn >= figures && widgets >= views,
            math, typeset, figures, drawn, views, widgets};
})()"""

#: Before printing: the folded solutions and self-check answers open (paper cannot unfold them);
#: plotly figures resized to the column.
PREPARE = """(() => {
    for (const s of document.querySelectorAll('.solution.dropdown.toggle-hidden'))
        s.classList.remove('toggle-hidden');
    for (const d of document.querySelectorAll('details.kt-sc-answer')) d.open = true;
    for (const gd of document.querySelectorAll('.js-plotly-plot'))
        if (window.Plotly) Plotly.Plots.resize(gd);
    return document.querySelectorAll('.solution.dropdown:not(.toggle-hidden)').length;
})()"""


def build_single_page() -> None:
    """The single-page build, with warnings as errors (as the page build)."""
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    done = subprocess.run(
        [str(jupyter_book), "build", "--builder", "singlehtml", "-W", "--keep-going", str(BOOK)],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0 or not PAGE.is_file():
        tail = (done.stdout + done.stderr)[-4000:]
        raise SystemExit(f"build_pdf: the single-page build failed:\n{tail}")


def read_stream(browser: Browser, session: str, handle: str) -> bytes:
    """The bytes of a DevTools stream (the printed PDF), read in chunks."""
    data = bytearray()
    while True:
        chunk = browser.send("IO.read", {"handle": handle, "size": 1 << 20}, session)
        piece = chunk.get("data", "")
        data += base64.b64decode(piece) if chunk.get("base64Encoded") else piece.encode()
        if chunk.get("eof"):
            break
    browser.send("IO.close", {"handle": handle}, session)
    return bytes(data)


def print_page(page_html: Path, pdf: Path, *, timeout: float = 240.0) -> dict[str, object]:
    """Print ``page_html`` offline to ``pdf``; what was drawn (see :data:`READY`)."""
    with Browser(offline=True, timeout=timeout) as browser:
        page = browser.open("about:blank", width=COLUMN, height=1100, settle=0)
        page.send("Emulation.setEmulatedMedia", {"media": "print"})
        page.send("Page.navigate", {"url": page_html.as_uri()})
        browser.wait_event("Page.loadEventFired", page.session, timeout)
        deadline = time.monotonic() + timeout
        state = page.evaluate(READY)
        while not state["ready"] and time.monotonic() < deadline:
            time.sleep(1.0)
            state = page.evaluate(READY)
        if not state["ready"]:
            raise SystemExit(f"build_pdf: still drawing after {timeout:.0f} s: {state}")
        page.evaluate(PREPARE)
        time.sleep(1.0)  # plotly redraws after a resize
        remote = [u for u in page.requested_urls() if u.startswith(("http:", "https:"))]
        if remote:
            raise SystemExit(f"build_pdf: the page asked the network for {remote[:3]}")
        printed = page.send(
            "Page.printToPDF",
            {
                **PAPER,
                **MARGINS,
                "printBackground": True,
                "displayHeaderFooter": True,
                "headerTemplate": "<div></div>",
                "footerTemplate": FOOTER,
                "generateDocumentOutline": True,
                "generateTaggedPDF": True,
                "transferMode": "ReturnAsStream",
            },
        )
        data = read_stream(browser, page.session, printed["stream"])
    pdf.parent.mkdir(parents=True, exist_ok=True)
    pdf.write_bytes(data)
    return state


def has_emoji_font() -> bool | None:
    """Whether fontconfig knows a font with the animals' emoji (the cow, U+1F404); None when
    fontconfig's ``fc-list`` is not there to ask."""
    if shutil.which("fc-list") is None:
        return None
    done = subprocess.run(
        ["fc-list", ":charset=1f404", "family"], capture_output=True, text=True, check=False
    )
    return bool(done.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--print-only", action="store_true", help="reprint the last single-page build"
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    if has_emoji_font() is False:
        print(
            "build_pdf: no emoji font installed: the animal cards will print as empty boxes"
            " (apt-get install fonts-noto-color-emoji)",
            file=sys.stderr,
        )
    if not args.print_only:
        build_single_page()
    try:
        state = print_page(PAGE, PDF)
    except (DevToolsError, RuntimeError) as error:
        raise SystemExit(f"build_pdf: printing failed: {error}") from error
    if PUBLISHED.parent.is_dir():
        shutil.copyfile(PDF, PUBLISHED)
        write_book_pdf_styles(PUBLISHED.parent, "built")  # the book's links to it now work
    size = PDF.stat().st_size / 1e6
    print(
        f"build_pdf: {PDF.relative_to(ROOT)} ({size:.1f} MB; {state['typeset']} formulas,"
        f" {state['drawn']} figures, {state['widgets']} widgets) in"
        f" {time.monotonic() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
