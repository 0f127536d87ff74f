"""Sphinx extension: the book's download button serves the student notebook of each page.

sphinx-book-theme offers, for a page written as a MyST notebook, the notebook myst-nb executed
(which still holds the MyST markup and the solutions) and the .md source. This replaces the first
with the page's student notebook (``<page>.ipynb`` beside the source, written by
scripts/sync_notebooks.py) and drops the source download, so that a student who downloads a page
gets what JupyterLab renders and no solutions. Pages without a student notebook offer none.
The Binder button already opens the student notebook: the theme prefers an .ipynb beside the
source.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

#: The download entries sphinx-book-theme labels; the source (.md) is not for students.
NOTEBOOK_BUTTON = "download-notebook-button"
SOURCE_BUTTON = "download-source-button"


def student_notebook(srcdir: str | Path, pagename: str) -> Path | None:
    """The page's student notebook, if it has one."""
    path = Path(srcdir) / f"{pagename}.ipynb"
    return path if path.is_file() else None


def adjust_downloads(buttons: list[dict[str, Any]], has_notebook: bool) -> list[dict[str, Any]]:
    """The header buttons with the download group holding only what a student should get."""
    for group in buttons:
        if group.get("label") != "download-buttons":
            continue
        group["buttons"] = [
            b
            for b in group.get("buttons", [])
            if b.get("label") != SOURCE_BUTTON
            and (has_notebook or b.get("label") != NOTEBOOK_BUTTON)
        ]
    return buttons


def serve_student_notebook(app: Any, pagename: str, templatename: str, context: dict, doctree: Any):
    notebook = student_notebook(app.srcdir, pagename)
    adjust_downloads(context.get("header_buttons", []), notebook is not None)
    if notebook is not None and context.get("ipynb_source"):
        target = Path(app.outdir) / "_sources" / context["ipynb_source"]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(notebook, target)


def setup(app: Any) -> dict[str, Any]:
    # After the theme (priority 501), which copies myst-nb's notebook and builds the buttons.
    app.connect("html-page-context", serve_student_notebook, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
