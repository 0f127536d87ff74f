"""The notebooks students and instructors open, generated from the book's MyST sources.

The sources are the only thing anyone edits: notebooks/<name>.md (the chapters) and the how-tos
with code, book/howto/<name>.md. Each gets a **student notebook** beside it, <name>.ipynb:
executed, committed, and written for JupyterLab (scripts/myst_markdown.py): exercises numbered
as in the book, links instead of cross-reference roles, no solutions, helper cells collapsed.
It is what ``make lab``, the Binder button and the book's download button open, and what nbval
re-runs (``make notebooks-test``: cells tagged ``nbval-check-output`` must print the same).

The **instructor edition** (``make instructor``, never committed) adds the solutions after each
exercise, their Python as runnable cells, with the instructor guide and the problem sets
(instructor/*.md) and the problem sets' student handouts.

Usage (from the repository root, with the project's virtualenv)::

    python scripts/sync_notebooks.py            # rewrite each student notebook from its source,
                                                # keeping the outputs of unchanged code cells
    python scripts/sync_notebooks.py --execute  # re-execute them too (make notebooks)
    python scripts/sync_notebooks.py --check    # exit 1: a notebook missing, stale or unexecuted
    python scripts/sync_notebooks.py --execute notebooks/rules.md   # only some sources
    python scripts/sync_notebooks.py --instructor build/instructor  # the instructor edition

Outputs larger than :data:`MAX_OUTPUT_BYTES` (the plotly.js bundle a page embeds, about 4.6 MB) are
dropped from the committed notebooks: the book executes the .md itself and embeds them there.
"""

from __future__ import annotations

import argparse
import copy
import shutil
import sys
from pathlib import Path
from typing import Any

import jupytext
import nbformat
from myst_markdown import BOOK, ROOT, BookIndex, Context, ConversionError, build_index, convert

NOTEBOOKS = ROOT / "notebooks"
HOWTO = BOOK / "howto"
INSTRUCTOR = ROOT / "instructor"
MAX_OUTPUT_BYTES = 500_000
TIMEOUT = 600
#: Tags under which the book hides a cell's code: the notebook collapses it (one click opens it).
HIDDEN_INPUT = {"hide-input", "remove-input", "remove-cell"}
LANGUAGE_INFO = {"name": "python", "pygments_lexer": "ipython3"}
BANNER = {
    "student": None,
    "instructor": (
        "> **Instructor edition**: this notebook holds the solutions. Hand students the notebook "
        "of the same name in `notebooks/` (or the book's download button), which has none."
    ),
}


def is_notebook_source(md: Path) -> bool:
    """A MyST file jupytext reads as a notebook with code: front matter with a kernel."""
    text = md.read_text(encoding="utf-8")
    return text.startswith("---\n") and "kernelspec:" in text.split("\n---", 2)[0]


def sources(paths: list[str] | None = None) -> list[Path]:
    """The sources to handle: the given ones, or every chapter and every how-to with code."""
    if paths:
        out = []
        for p in paths:
            path = Path(p).resolve()
            if path.suffix == ".ipynb":
                path = path.with_suffix(".md")
            if not path.is_file():
                raise SystemExit(f"sync_notebooks: no such source {p!r}")
            out.append(path)
        return out
    howtos = [md for md in sorted(HOWTO.glob("*.md")) if is_notebook_source(md)]
    return sorted(NOTEBOOKS.glob("*.md")) + howtos


def docname(md: Path) -> str:
    """The page's name in the book (notebooks/trade, howto/replay; book/notebooks -> notebooks)."""
    if md.is_relative_to(BOOK):
        return md.relative_to(BOOK).with_suffix("").as_posix()
    if md.is_relative_to(ROOT) and md.parent != NOTEBOOKS:
        return md.relative_to(ROOT).with_suffix("").as_posix()
    return f"notebooks/{md.stem}"  # a chapter, or a copy of one (the tests make some)


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _code_cell(cell: Any) -> Any:
    tags = list(cell.metadata.get("tags", []))
    new = nbformat.v4.new_code_cell(source=cell.source)
    if tags:
        new.metadata["tags"] = tags
    if HIDDEN_INPUT & set(tags):
        new.metadata["jupyter"] = {"source_hidden": True}
    return new


def build(md: Path, index: BookIndex, edition: str = "student") -> Any:
    """The ``edition`` ("student" or "instructor") notebook of ``md``, without outputs."""
    source = jupytext.read(md)
    ctx = Context(docname(md), index, instructor=edition == "instructor", path=_rel(md))
    cells = []
    if BANNER[edition]:
        cells.append(nbformat.v4.new_markdown_cell(BANNER[edition]))
    for k, cell in enumerate(source.cells):
        ctx.cell = k
        if cell.cell_type == "code":
            cells.append(_code_cell(cell))
        elif cell.cell_type == "markdown":
            for part in convert(cell.source, ctx):
                if part.kind == "code":
                    new = nbformat.v4.new_code_cell(part.source)
                    new.metadata["tags"] = ["solution"]
                    cells.append(new)
                else:
                    cells.append(nbformat.v4.new_markdown_cell(part.source))
        else:
            cells.append(nbformat.v4.new_raw_cell(cell.source))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = dict(source.metadata["kernelspec"])
    nb.metadata["language_info"] = dict(LANGUAGE_INFO)
    nb.metadata["kuhtheory"] = {"source": _rel(md), "edition": edition}
    for cell in nb.cells:  # stable ids: a rebuild changes nothing that did not change
        cell.pop("id", None)
    nb.nbformat_minor = 4
    return nb


def signature(nb: Any) -> list[tuple[str, str, tuple[str, ...], bool]]:
    """What must agree between a built and a committed notebook: each cell's text and tags."""
    return [
        (
            cell.cell_type,
            cell.source.strip(),
            tuple(cell.metadata.get("tags", ())),
            bool(cell.metadata.get("jupyter", {}).get("source_hidden")),
        )
        for cell in nb.cells
    ]


def problems(md: Path, index: BookIndex | None = None) -> list[str]:
    """Why ``md``'s student notebook is not what the source makes (empty when it is)."""
    ipynb = md.with_suffix(".ipynb")
    if not ipynb.is_file():
        return [f"{_rel(ipynb)} is missing (run: make notebooks)"]
    try:
        expected = build(md, index or build_index())
    except ConversionError as error:
        return [str(error)]
    committed = nbformat.read(ipynb, as_version=4)
    found = []
    a, b = signature(expected), signature(committed)
    if a != b:
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                found.append(f"{_rel(ipynb)}: cell {i} differs from what {md.name} makes")
                break
        else:
            found.append(f"{_rel(ipynb)}: {len(b)} cells, {md.name} makes {len(a)}")
    unexecuted = [
        i
        for i, cell in enumerate(committed.cells)
        if cell.cell_type == "code" and cell.source.strip() and cell.get("execution_count") is None
    ]
    if unexecuted:
        found.append(f"{_rel(ipynb)}: cells {unexecuted} were never executed")
    return found


def _trim_outputs(nb: Any) -> None:
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data:
                for mime in [m for m, v in data.items() if len(str(v)) > MAX_OUTPUT_BYTES]:
                    del data[mime]
                if not data:
                    continue
            kept.append(output)
        cell.outputs = kept
        cell.metadata.pop("execution", None)


def with_outputs(nb: Any, old: Any) -> Any:
    """``nb`` with the outputs of ``old``'s code cells whose source did not change, in order.

    A changed cell, and every cell after it, loses its outputs: later cells may print what the
    changed one computed. The saved widget state stays only when nothing changed.
    """
    done = [c for c in old.cells if c.cell_type == "code"]
    todo = [c for c in nb.cells if c.cell_type == "code"]
    same = 0
    for new, before in zip(todo, done, strict=False):
        if new.source != before.source:
            break
        new.outputs = copy.deepcopy(before.get("outputs", []))
        new.execution_count = before.get("execution_count")
        same += 1
    if same == len(todo) == len(done) and "widgets" in old.metadata:
        nb.metadata["widgets"] = copy.deepcopy(old.metadata["widgets"])
    return nb


def execute(nb: Any, cwd: Path) -> Any:
    """``nb`` executed in ``cwd`` with a fresh python3 kernel (widget state saved)."""
    from nbclient import NotebookClient

    client = NotebookClient(
        nb,
        timeout=TIMEOUT,
        kernel_name="python3",
        record_timing=False,
        resources={"metadata": {"path": str(cwd)}},
    )
    client.execute()
    return nb


def write(nb: Any, path: Path) -> Path:
    _trim_outputs(nb)
    nbformat.validate(nb)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def refresh(md: Path, index: BookIndex, run: bool = False) -> Path:
    """Rewrite ``md``'s student notebook (re-executed when ``run``)."""
    nb = build(md, index)
    ipynb = md.with_suffix(".ipynb")
    if run:
        execute(nb, md.parent)
    elif ipynb.is_file():
        with_outputs(nb, nbformat.read(ipynb, as_version=4))
    return write(nb, ipynb)


def instructor_edition(out: Path, index: BookIndex, run: bool = False) -> list[Path]:
    """Write the instructor edition into ``out``: chapters with solutions, guide, problem sets."""
    written = []
    if out.exists():
        shutil.rmtree(out)
    for md in sources():
        nb = build(md, index, "instructor")
        student = md.with_suffix(".ipynb")
        if student.is_file():
            with_outputs(nb, nbformat.read(student, as_version=4))
        folder = "chapters" if md.parent == NOTEBOOKS else "howto"
        written.append(write(nb, out / folder / f"{md.stem}.ipynb"))
    for md in sorted(INSTRUCTOR.rglob("*.md")):
        if md.name == "README.md":
            continue
        rel = md.relative_to(INSTRUCTOR).with_suffix(".ipynb")
        nb = build(md, index, "instructor")
        nb.cells.pop(0)  # the guide and the problem sets are instructor material throughout
        if run:
            execute(nb, md.parent)
        written.append(write(nb, out / rel))
        if rel.parts[0] == "problem_sets":
            written.append(write(build(md, index), out / "handouts" / rel.name))
    readme = INSTRUCTOR / "README.md"
    if readme.is_file():
        shutil.copy(readme, out / "README.md")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="sources (default: every chapter and how-to)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--execute", action="store_true", help="re-execute the notebooks too")
    mode.add_argument("--check", action="store_true", help="only report stale notebooks")
    mode.add_argument("--instructor", metavar="DIR", help="write the instructor edition to DIR")
    parser.add_argument(
        "--run-solutions", action="store_true", help="with --instructor: execute the problem sets"
    )
    args = parser.parse_args(argv)
    try:
        index = build_index()
        if args.instructor:
            out = Path(args.instructor).resolve()
            written = instructor_edition(out, index, run=args.run_solutions)
            print(f"instructor edition: {len(written)} notebooks in {_rel(out)}")
            return 0
        todo = sources(args.paths)
        if args.check:
            found = [p for md in todo for p in problems(md, index)]
            for line in found:
                print(line, file=sys.stderr)
            return 1 if found else 0
        for md in todo:
            path = refresh(md, index, run=args.execute)
            print(f"{'executed' if args.execute else 'refreshed'} {_rel(path)}")
    except ConversionError as error:
        print(f"sync_notebooks: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
