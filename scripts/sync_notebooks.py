"""Keep the chapters' paired notebooks in sync: notebooks/<name>.md (jupytext MyST, the source)
and notebooks/<name>.ipynb (executed, committed; nbval re-runs it and compares the marked cells).

Usage (from the repository root, with the project's virtualenv)::

    python scripts/sync_notebooks.py            # refresh each .ipynb's inputs from its .md,
                                                # keeping the outputs of unchanged cells
    python scripts/sync_notebooks.py --execute  # re-execute, rewrite each .ipynb (make notebooks)
    python scripts/sync_notebooks.py --check    # exit 1: an .ipynb missing, stale or unexecuted
    python scripts/sync_notebooks.py --execute notebooks/rules.md   # only some chapters

Adding a chapter: write notebooks/<name>.md (copy the front matter of an existing chapter), run
``make notebooks`` and list ``notebooks/<name>`` in book/_toc.yml.

Outputs larger than :data:`MAX_OUTPUT_BYTES` (the plotly.js bundle a page embeds, about 4.6 MB) are
dropped from the committed .ipynb: the book executes the .md itself and embeds them there, and
GitHub's notebook viewer would not run them anyway.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
MAX_OUTPUT_BYTES = 500_000
TIMEOUT = 600


def chapters(paths: list[str] | None = None) -> list[Path]:
    """The .md sources to handle: the given ones, or every notebooks/*.md."""
    if paths:
        out = []
        for p in paths:
            path = Path(p).resolve()
            if path.suffix == ".ipynb":
                path = path.with_suffix(".md")
            if not path.is_file():
                raise SystemExit(f"sync_notebooks: no such chapter source {p!r}")
            out.append(path)
        return out
    return sorted(NOTEBOOKS.glob("*.md"))


def cell_signature(nb: Any) -> list[tuple[str, str, tuple[str, ...]]]:
    """What must agree between the .md and the .ipynb: each cell's type, source and tags."""
    return [
        (cell.cell_type, cell.source.strip(), tuple(cell.metadata.get("tags", ())))
        for cell in nb.cells
    ]


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def problems(md: Path) -> list[str]:
    """Why ``md``'s paired .ipynb is not in sync (empty when it is)."""
    ipynb = md.with_suffix(".ipynb")
    if not ipynb.is_file():
        return [f"{_rel(ipynb)} is missing (run: make notebooks)"]
    source = jupytext.read(md)
    paired = nbformat.read(ipynb, as_version=4)
    found = []
    a, b = cell_signature(source), cell_signature(paired)
    if a != b:
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                found.append(f"{_rel(ipynb)}: cell {i} differs from {md.name}")
                break
        else:
            found.append(f"{_rel(ipynb)}: {len(b)} cells, {md.name} has {len(a)}")
    unexecuted = [
        i
        for i, cell in enumerate(paired.cells)
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


def execute(md: Path) -> Any:
    """The chapter's notebook, executed in notebooks/ with a fresh python3 kernel."""
    from nbclient import NotebookClient

    nb = jupytext.read(md)
    client = NotebookClient(
        nb,
        timeout=TIMEOUT,
        kernel_name="python3",
        record_timing=False,
        resources={"metadata": {"path": str(md.parent)}},
    )
    client.execute()
    return nb


def refresh(md: Path) -> Any:
    """The chapter's notebook with inputs from ``md`` and outputs of unchanged cells kept."""
    from jupytext.combine import combine_inputs_with_outputs

    nb = jupytext.read(md)
    ipynb = md.with_suffix(".ipynb")
    if ipynb.is_file():
        old = nbformat.read(ipynb, as_version=4)
        nb = combine_inputs_with_outputs(nb, old, fmt="md:myst")
        # jupytext keeps outputs by position too; a cell whose code changed must run again.
        ran = {c.source for c in old.cells if c.cell_type == "code"}
        for cell in nb.cells:
            if cell.cell_type == "code" and cell.source not in ran:
                cell.outputs, cell.execution_count = [], None
    return nb


def write(md: Path, nb: Any) -> Path:
    _trim_outputs(nb)
    nb.metadata.setdefault("jupytext", {})["formats"] = "ipynb,md:myst"
    nb.metadata["jupytext"].pop("text_representation", None)
    ipynb = md.with_suffix(".ipynb")
    nbformat.validate(nb)
    nbformat.write(nb, ipynb)
    return ipynb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="chapter sources (default: notebooks/*.md)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--execute", action="store_true", help="re-execute and rewrite the .ipynb")
    mode.add_argument("--check", action="store_true", help="only report notebooks out of sync")
    args = parser.parse_args(argv)
    sources = chapters(args.paths)
    if args.check:
        found = [p for md in sources for p in problems(md)]
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    for md in sources:
        nb = execute(md) if args.execute else refresh(md)
        print(f"{'executed' if args.execute else 'refreshed'} {_rel(write(md, nb))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
