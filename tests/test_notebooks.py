"""The chapters (notebooks/*.md, jupytext MyST) and their paired, executed notebooks/*.ipynb.

Every chapter: its .ipynb exists, was executed and has the same cells as the .md
(scripts/sync_notebooks.py --check); it opens with what it teaches, ends with 2-4 exercises whose
solutions fold away (sphinx-exercise ``:class: dropdown``), cites sources that are in
book/references.bib, marks at least one deterministic cell for nbval (``# NBVAL_CHECK_OUTPUT``)
and is listed in book/_toc.yml. nbval itself runs the notebooks (``make notebooks-test``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import browser
import jupytext
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CHAPTERS = sorted(NOTEBOOKS.glob("*.md"))

_spec = importlib.util.spec_from_file_location(
    "sync_notebooks", ROOT / "scripts" / "sync_notebooks.py"
)
assert _spec is not None and _spec.loader is not None
sync = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sync)

EXERCISE = re.compile(r"^(`{3,}|:{3,})\{exercise\}[^\n]*\n((?::[\w-]+:[^\n]*\n)*)", re.M)
SOLUTION = re.compile(
    r"^(`{3,}|:{3,})\{solution(?:-start)?\}\s+(\S+)\s*\n((?::[\w-]+:[^\n]*\n)*)", re.M
)
CITE = re.compile(r"\{cite(?::[a-z]+)?\}`([^`]+)`")
BIB_KEY = re.compile(r"^@\w+\{([^,\s]+),", re.M)


def _ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def toc_files() -> set[str]:
    """Every ``file:`` of book/_toc.yml."""
    toc = yaml.safe_load((ROOT / "book" / "_toc.yml").read_text(encoding="utf-8"))
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "file" in node:
                found.add(str(node["file"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(toc)
    found.add(str(toc["root"]))
    return found


def bib_keys() -> set[str]:
    return set(BIB_KEY.findall((ROOT / "book" / "references.bib").read_text(encoding="utf-8")))


def exercises_and_solutions(text: str) -> tuple[list[str], dict[str, str]]:
    """The exercise labels, and solution label -> its option lines."""
    labels = []
    for match in EXERCISE.finditer(text):
        found = re.search(r":label:\s*(\S+)", match.group(2))
        labels.append(found.group(1) if found else "")
    solutions = {m.group(2): m.group(3) for m in SOLUTION.finditer(text)}
    return labels, solutions


def test_there_are_chapters():
    assert {"rules", "play_basics"} <= {p.stem for p in CHAPTERS}


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_paired_ipynb_is_executed_and_in_sync(md: Path):
    found = sync.problems(md)
    assert not found, "\n".join(found) + "\n(run: make notebooks, or scripts/sync_notebooks.py)"


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_front_matter_is_paired_myst_with_python3(md: Path):
    nb = jupytext.read(md)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert nb.metadata["jupytext"]["formats"] == "ipynb,md:myst"
    assert md.read_text(encoding="utf-8").startswith("---\njupytext:")


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_opens_with_what_it_teaches(md: Path):
    text = md.read_text(encoding="utf-8")
    headings = re.findall(r"^(#{1,6}) (.+)$", text, re.M)
    assert headings and headings[0][0] == "#", "a chapter starts with its title (# ...)"
    assert len(headings) > 1 and headings[1][0] == "##"
    assert headings[1][1].strip().lower() in {"what you will learn", "learning goals"}, (
        f"the first section of {md.name} is {headings[1][1]!r}: say what the chapter teaches"
    )
    section = text.split(headings[1][1], 1)[1].split("\n#", 1)[0]
    assert len(re.findall(r"^- ", section, re.M)) >= 2, "list the goals, one bullet each"


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_ends_with_two_to_four_exercises_with_folded_solutions(md: Path):
    text = md.read_text(encoding="utf-8")
    labels, solutions = exercises_and_solutions(text)
    assert 2 <= len(labels) <= 4, f"{md.name} has {len(labels)} exercises, 2-4 wanted"
    assert all(labels), "every exercise needs a :label: for its solution"
    for label in labels:
        assert label in solutions, f"exercise {label!r} has no solution"
        assert ":class: dropdown" in solutions[label], f"solution {label!r} must fold away"
    first_exercise = text.index("{exercise}")
    assert "## Exercises" in text[:first_exercise], "exercises sit under an 'Exercises' heading"


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_cites_sources_from_the_bibliography(md: Path):
    cited = {
        k.strip()
        for group in CITE.findall(md.read_text(encoding="utf-8"))
        for k in group.split(",")
    }
    assert cited, f"{md.name} cites nothing: add {{cite}}`key` for its sources"
    unknown = cited - bib_keys()
    assert not unknown, f"{md.name} cites keys missing from book/references.bib: {sorted(unknown)}"


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_marks_deterministic_cells_for_nbval(md: Path):
    nb = jupytext.read(md)
    checked = [
        c
        for c in nb.cells
        if c.cell_type == "code"
        and (
            "# NBVAL_CHECK_OUTPUT" in c.source or "nbval-check-output" in c.metadata.get("tags", ())
        )
    ]
    assert checked, f"{md.name}: mark the cells with deterministic output # NBVAL_CHECK_OUTPUT"


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_listed_in_the_book(md: Path):
    assert f"notebooks/{md.stem}" in toc_files(), (
        f"add '- file: notebooks/{md.stem}' to book/_toc.yml"
    )


def test_sync_check_reports_a_changed_source_and_an_unexecuted_notebook(tmp_path: Path):
    md = tmp_path / "rules.md"
    shutil.copy(NOTEBOOKS / "rules.md", md)
    shutil.copy(NOTEBOOKS / "rules.ipynb", tmp_path / "rules.ipynb")
    assert sync.problems(md) == []
    md.write_text(
        md.read_text(encoding="utf-8").replace(
            'print("money denominations:"', 'print("denominations:"'
        )
    )
    assert any("differs" in p for p in sync.problems(md))
    sync.write(md, sync.refresh(md))  # new inputs; the changed cell loses its outputs
    assert any("never executed" in p for p in sync.problems(md))
    (tmp_path / "rules.ipynb").unlink()
    assert any("missing" in p for p in sync.problems(md))


def test_exercise_parser_pairs_labels_and_solutions():
    text = (
        "```{exercise}\n:label: a\n\nQ\n```\n\n"
        "````{solution} a\n:class: dropdown\n\nA\n````\n\n"
        "```{exercise}\n:label: b\n```\n\n```{solution-start} b\n:class: dropdown\n```\n"
    )
    labels, solutions = exercises_and_solutions(text)
    assert labels == ["a", "b"]
    assert set(solutions) == {"a", "b"} and ":class: dropdown" in solutions["b"]


# ----- JupyterLab: the widgets render in a live notebook ------------------------------------------
NODE_DIR = Path(
    os.environ.get("KUHTHEORY_NODE_DIR", Path.home() / ".cache" / "kuhtheory" / "playwright")
)
#: Chapters whose cells build widgets (issue 6), with what their widgets must show at least: the
#: play table; the trade explorer's slider over the stake's worth and its four SVG charts.
LAB_CHAPTERS = {
    "play": {"widgets": 1},
    "trade": {"widgets": 1, "sliders": 1, "charts": 4},
}


def _lab_skip_reason() -> str | None:
    if browser.chromium() is None:
        return browser.SKIP_REASON
    if shutil.which("node") is None:
        return "node not found: install Debian's nodejs and npm to run the JupyterLab check"
    if not (NODE_DIR / "node_modules" / "playwright-core").is_dir():
        return f"playwright-core not in {NODE_DIR}: run scripts/fetch_playwright.sh"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory):
    """One JupyterLab server for the module's browser checks: (base URL, its root folder).

    Started with --allow-root (the machines run as root) and no token, on a free port, serving a
    temporary folder; stopped by its process id when the module's tests are done.
    """
    reason = _lab_skip_reason()
    if reason:
        pytest.skip(reason)
    root = tmp_path_factory.mktemp("lab")
    port = _free_port()
    env = {
        **os.environ,
        "JUPYTERLAB_WORKSPACES_DIR": str(root / ".workspaces"),
        "JUPYTER_RUNTIME_DIR": str(root / ".runtime"),
    }
    server = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("jupyter")),
            "lab",
            "--no-browser",
            "--allow-root",
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--LabApp.expose_app_in_browser=True",
            f"--port={port}",
            "--ip=127.0.0.1",
            f"--ServerApp.root_dir={root}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("JupyterLab did not start within 60 s")
                time.sleep(0.5)
        yield base, root
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.mark.browser
@pytest.mark.parametrize("chapter", sorted(LAB_CHAPTERS))
def test_widgets_render_in_jupyterlab(lab: tuple[str, Path], chapter: str, tmp_path: Path):
    """JupyterLab in headless Chromium runs a chapter and shows its widgets, not the fallback.

    The screenshot of the run is left in the test's tmp_path as ``lab-<chapter>.png``.
    """
    base, root = lab
    shutil.copy(NOTEBOOKS / f"{chapter}.ipynb", root / f"{chapter}.ipynb")
    done = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "browser_lab.mjs"),
            base,
            f"{chapter}.ipynb",
            str(tmp_path / f"lab-{chapter}.png"),
        ],
        capture_output=True,
        text=True,
        timeout=150,
        check=False,
        env={
            **os.environ,
            "NODE_PATH": str(NODE_DIR / "node_modules"),
            "CHROMIUM": browser.chromium() or "",
        },
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["busy"] == 0, f"cells still running after 90 s: {report}"
    assert report["widgets"] >= 1, f"no widget rendered: {report}"
    assert report["fallback"] == 0 and report["errors"] == 0, report
    for what, least in LAB_CHAPTERS[chapter].items():
        assert report[what] >= least, f"{chapter}: fewer than {least} {what} rendered: {report}"
