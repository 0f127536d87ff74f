"""Sphinx extension: the book's download menu serves the student notebook of each page and the
whole book as a PDF.

sphinx-book-theme offers, for a page written as a MyST notebook, the notebook myst-nb executed
(which still holds the MyST markup and the solutions) and the .md source. This replaces the first
with the page's student notebook (``<page>.ipynb`` beside the source, written by
scripts/sync_notebooks.py) and drops the source download, so that a student who downloads a page
gets what JupyterLab renders and no solutions. Pages without a student notebook offer none.
The Binder button already opens the student notebook: the theme prefers an .ipynb beside the
source.

Every page's download menu also links to the whole book as one PDF (``kuhtheory.pdf`` at the
root of the built book, written there by ``make pdf``, scripts/build_pdf.py), beside the theme's
entry that prints the page alone. A plain ``make book`` makes no PDF, so the links to it are
shown only when there is one: every page loads ``_static/kt-book-pdf.css``, which the build
writes to hide them (and show the intro's note that this build has none) when the built book
holds no ``kuhtheory.pdf``; scripts/build_pdf.py rewrites it to show them once it has put the
PDF there (:func:`write_book_pdf_styles`). The single-page build that is printed shows neither:
the PDF need not talk about itself.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Literal

#: The download entries sphinx-book-theme labels; the source (.md) is not for students.
NOTEBOOK_BUTTON = "download-notebook-button"
SOURCE_BUTTON = "download-source-button"
PRINT_BUTTON = "download-pdf-button"
#: The whole book as a PDF, at the root of the built book (scripts/build_pdf.py puts it there).
BOOK_PDF = "kuhtheory.pdf"
BOOK_PDF_BUTTON = "download-book-pdf-button"
#: The stylesheet (under _static) that shows or hides the links to the book's PDF.
BOOK_PDF_STYLES = "kt-book-pdf.css"
#: What links to the PDF: the intro's sentence and the download menu's entry (the theme gives
#: the link the class ``btn-<label>`` inside an ``li`` of its own).
LINKS_TO_PDF = (
    ".kt-book-pdf",
    f".btn-{BOOK_PDF_BUTTON}",
    f"li:has(> .btn-{BOOK_PDF_BUTTON})",
)
#: What says that there is no PDF (the intro's note).
NO_PDF_NOTE = ".kt-no-book-pdf"

PdfState = Literal["built", "missing", "print"]


def student_notebook(srcdir: str | Path, pagename: str) -> Path | None:
    """The page's student notebook, if it has one."""
    path = Path(srcdir) / f"{pagename}.ipynb"
    return path if path.is_file() else None


def adjust_downloads(
    buttons: list[dict[str, Any]], has_notebook: bool, book_pdf_url: str
) -> list[dict[str, Any]]:
    """The header buttons with the download group holding only what a student should get: the
    page's student notebook (if it has one), the page printed, and the whole book's PDF.

    >>> group = {"label": "download-buttons", "buttons": [{"label": SOURCE_BUTTON},
    ...          {"label": PRINT_BUTTON, "text": ".pdf"}]}
    >>> [b["label"] for b in adjust_downloads([group], False, "../kuhtheory.pdf")[0]["buttons"]]
    ['download-pdf-button', 'download-book-pdf-button']
    """
    for group in buttons:
        if group.get("label") != "download-buttons":
            continue
        kept = []
        for button in group.get("buttons", []):
            label = button.get("label")
            if label == SOURCE_BUTTON or (label == NOTEBOOK_BUTTON and not has_notebook):
                continue
            if label == PRINT_BUTTON:
                button = {**button, "text": "page .pdf"}
            kept.append(button)
        kept.append(
            {
                "type": "link",
                "url": book_pdf_url,
                "text": "book .pdf",
                "tooltip": "The whole book as one PDF",
                "icon": "fas fa-book",
                "label": BOOK_PDF_BUTTON,
            }
        )
        group["buttons"] = kept
    return buttons


def serve_student_notebook(app: Any, pagename: str, templatename: str, context: dict, doctree: Any):
    notebook = student_notebook(app.srcdir, pagename)
    book_pdf_url = context["pathto"](BOOK_PDF, 1) if "pathto" in context else BOOK_PDF
    adjust_downloads(context.get("header_buttons", []), notebook is not None, book_pdf_url)
    if notebook is not None and context.get("ipynb_source"):
        target = Path(app.outdir) / "_sources" / context["ipynb_source"]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(notebook, target)


def book_pdf_styles(state: PdfState) -> str:
    """The stylesheet for a built book with the PDF (``built``), without it (``missing``) or
    printed as the PDF (``print``).

    >>> "kt-no-book-pdf" in book_pdf_styles("built"), "kt-no-book-pdf" in book_pdf_styles("missing")
    (True, False)
    """
    hidden = {
        "built": [NO_PDF_NOTE],
        "missing": list(LINKS_TO_PDF),
        "print": [NO_PDF_NOTE, *LINKS_TO_PDF],
    }[state]
    return (
        "/* Written by book/_ext/student_notebooks.py or scripts/build_pdf.py: the links to the\n"
        f"   book's PDF as this build has it ({state}). */\n"
        f"{', '.join(hidden)} {{ display: none !important; }}\n"
    )


def write_book_pdf_styles(outdir: Path, state: PdfState | None = None) -> Path:
    """Write ``_static/kt-book-pdf.css`` into the built book ``outdir``; by default ``built``
    when ``outdir`` holds the PDF, else ``missing``."""
    if state is None:
        state = "built" if (outdir / BOOK_PDF).is_file() else "missing"
    path = outdir / "_static" / BOOK_PDF_STYLES
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(book_pdf_styles(state), encoding="utf-8")
    return path


def pdf_styles_after_build(app: Any, exception: Exception | None) -> None:
    # After the static files are copied (they are, before build-finished), so nothing
    # overwrites it.
    if exception is None and app.builder.format == "html":
        state: PdfState | None = "print" if app.builder.name == "singlehtml" else None
        write_book_pdf_styles(Path(app.outdir), state)


def setup(app: Any) -> dict[str, Any]:
    # After the theme (priority 501), which copies myst-nb's notebook and builds the buttons.
    app.connect("html-page-context", serve_student_notebook, priority=900)
    app.connect("build-finished", pdf_styles_after_build)
    app.add_css_file(BOOK_PDF_STYLES)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
