"""The chapters (notebooks/*.md, jupytext MyST) and the student notebooks generated from them.

Every chapter opens with what it teaches, ends with 2-4 exercises whose solutions fold away
(sphinx-exercise ``:class: dropdown``), cites sources that are in book/references.bib, tags at
least one deterministic cell ``nbval-check-output`` for nbval and is listed in book/_toc.yml.
Every chapter and how-to with code has its student notebook beside it (scripts/sync_notebooks.py):
executed, in step with the source, and free of MyST markup and of solutions, in every cell. nbval
itself runs the notebooks (``make notebooks-test``).
"""

from __future__ import annotations

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
import nbformat
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CHAPTERS = sorted(NOTEBOOKS.glob("*.md"))
sys.path.insert(0, str(ROOT / "scripts"))

import myst_markdown  # noqa: E402
import sync_notebooks as sync  # noqa: E402

# These tests read (and test_pdf rewrites) book/_build: one pytest-xdist worker runs them all.
pytestmark = pytest.mark.xdist_group("built-book")

SOURCES = sync.sources()
INDEX = myst_markdown.build_index()

EXERCISE = re.compile(r"^(`{3,}|:{3,})\{exercise\}[^\n]*\n((?::[\w-]+:[^\n]*\n)*)", re.M)
SOLUTION = re.compile(
    r"^(`{3,}|:{3,})\{solution(?:-start)?\}\s+(\S+)\s*\n((?::[\w-]+:[^\n]*\n)*)", re.M
)
CITE = re.compile(r"\{cite(?::[a-z]+)?\}`([^`]+)`")
BIB_KEY = re.compile(r"^@\w+\{([^,\s]+),", re.M)
#: What must never reach a student notebook: MyST roles, directives, label lines, options.
MYST = {
    "a role": re.compile(r"\{[a-z][\w:+-]*\}`"),
    "a directive": re.compile(r"^\s*(`{3,}|:{3,}|~{3,})\s*\{[\w:-]+\}", re.M),
    "a label line": re.compile(r"^\([^()\s]+\)=\s*$", re.M),
    "a directive option": re.compile(r"^:(label|class|tags|name|nonumber):", re.M),
    "a substitution": re.compile(r"\{\{[^}]*\}\}"),
    "an nbval marker comment": re.compile(r"#\s*NBVAL_"),
}


def _ids(paths: list[Path]) -> list[str]:
    return [p.relative_to(ROOT).with_suffix("").as_posix() for p in paths]


def toc_files() -> set[str]:
    """Every ``file:`` of book/_toc.yml."""
    toc = yaml.safe_load((ROOT / "book" / "_toc.yml").read_text(encoding="utf-8"))
    return {doc for doc, _ in myst_markdown.toc_entries(toc)}


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


def solution_lines(text: str) -> list[str]:
    """The distinctive lines of the solutions in a MyST source (what a student must not see):
    long enough to be recognised, and not also in the chapter outside its solutions."""
    found = []
    rest = text
    for match in SOLUTION.finditer(text):
        fence = match.group(1)
        body = text[match.end() :].split("\n" + fence, 1)[0]
        rest = rest.replace(body, "")
        found += [line.strip() for line in body.splitlines() if len(line.strip()) > 25]
    return [line for line in found if line not in rest]


def student(md: Path) -> nbformat.NotebookNode:
    return nbformat.read(md.with_suffix(".ipynb"), as_version=4)


def test_there_are_chapters_and_howtos_with_notebooks():
    assert {"rules", "play_basics"} <= {p.stem for p in CHAPTERS}
    assert any(p.parent.name == "howto" for p in SOURCES)


@pytest.mark.parametrize("md", SOURCES, ids=_ids(SOURCES))
def test_student_notebook_is_executed_and_in_step_with_its_source(md: Path):
    found = sync.problems(md, INDEX)
    assert not found, "\n".join(found) + "\n(run: make notebooks, or scripts/sync_notebooks.py)"


@pytest.mark.parametrize("md", SOURCES, ids=_ids(SOURCES))
def test_student_notebook_has_no_myst_markup_and_no_solution(md: Path):
    nb = student(md)
    assert nb.metadata["kuhtheory"] == {"source": sync._rel(md), "edition": "student"}
    assert "jupytext" not in nb.metadata, "a paired notebook would be overwritten by its source"
    hidden = solution_lines(md.read_text(encoding="utf-8"))
    for k, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            for what, pattern in MYST.items():
                found = pattern.search(cell.source)
                assert not found, f"{md.name} cell {k} has {what}: {found.group(0)!r}"
        for line in hidden:
            assert line not in cell.source, f"{md.name} cell {k} shows a solution: {line!r}"


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_student_notebook_numbers_its_exercises_like_the_book(md: Path):
    labels, _ = exercises_and_solutions(md.read_text(encoding="utf-8"))
    shown = [
        m.group(1)
        for cell in student(md).cells
        if cell.cell_type == "markdown"
        for m in re.finditer(r"^\*\*Exercise (\d+\.\d+)\*\*", cell.source, re.M)
    ]
    chapter = INDEX.numbers[f"notebooks/{md.stem}"]
    assert shown == [f"{chapter}.{k}" for k in range(1, len(labels) + 1)]


@pytest.mark.parametrize("md", SOURCES, ids=_ids(SOURCES))
def test_student_notebook_collapses_the_code_the_book_hides(md: Path):
    for cell in student(md).cells:
        tags = set(cell.metadata.get("tags", ()))
        if tags & sync.HIDDEN_INPUT:
            assert cell.metadata["jupyter"]["source_hidden"] is True


#: Output that changes from run to run: memory addresses, timings, speeds.
VOLATILE = re.compile(r"object at 0x|0x[0-9a-f]{8,}|games/s|\bseconds\b|\belapsed\b|\d ?ms\b")


@pytest.mark.parametrize("md", SOURCES, ids=_ids(SOURCES))
def test_student_notebook_prints_nothing_that_changes_from_run_to_run(md: Path):
    for k, cell in enumerate(student(md).cells):
        for output in cell.get("outputs", []):
            text = output.get("text", "") + str(output.get("data", {}).get("text/plain", ""))
            found = VOLATILE.search(text)
            assert not found, f"{md.name} cell {k} prints {found.group(0)!r}: a volatile output"


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_front_matter_is_unpaired_myst_with_python3(md: Path):
    nb = jupytext.read(md)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert nb.metadata["jupytext"]["text_representation"]["format_name"] == "myst"
    # Paired with an .ipynb, jupytext in JupyterLab would write the MyST over the student notebook.
    assert "formats" not in nb.metadata["jupytext"]
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
def test_tags_deterministic_cells_for_nbval(md: Path):
    nb = jupytext.read(md)
    checked = [
        c
        for c in nb.cells
        if c.cell_type == "code" and "nbval-check-output" in c.metadata.get("tags", ())
    ]
    assert checked, f"{md.name}: tag the cells with deterministic output nbval-check-output"


@pytest.mark.parametrize("md", SOURCES, ids=_ids(SOURCES))
def test_no_test_markers_in_the_code_students_read(md: Path):
    assert "NBVAL_" not in md.read_text(encoding="utf-8"), (
        f"{md.name}: mark nbval cells with the tag nbval-check-output, not a comment"
    )


@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_listed_in_the_book(md: Path):
    assert f"notebooks/{md.stem}" in toc_files(), (
        f"add '- file: notebooks/{md.stem}' to book/_toc.yml"
    )


def test_sync_check_reports_a_changed_source_and_an_unexecuted_notebook(tmp_path: Path):
    md = tmp_path / "rules.md"
    shutil.copy(NOTEBOOKS / "rules.md", md)
    shutil.copy(NOTEBOOKS / "rules.ipynb", tmp_path / "rules.ipynb")
    assert sync.problems(md, INDEX) == []
    text = md.read_text(encoding="utf-8")
    assert 'print("pig + dog + rooster:"' in text
    md.write_text(text.replace('print("pig + dog + rooster:"', 'print("pig, dog, rooster:"'))
    assert any("differs" in p for p in sync.problems(md, INDEX))
    sync.refresh(md, INDEX)  # new inputs; the changed cell and those after it lose their outputs
    assert any("never executed" in p for p in sync.problems(md, INDEX))
    (tmp_path / "rules.ipynb").unlink()
    assert any("missing" in p for p in sync.problems(md, INDEX))


def test_sync_check_reports_myst_it_cannot_convert(tmp_path: Path):
    md = tmp_path / "rules.md"
    shutil.copy(NOTEBOOKS / "rules.md", md)
    shutil.copy(NOTEBOOKS / "rules.ipynb", tmp_path / "rules.ipynb")
    md.write_text(md.read_text(encoding="utf-8") + "\n```{mermaid}\ngraph\n```\n")
    assert any("{mermaid} has no notebook form" in p for p in sync.problems(md, INDEX))


def test_exercise_parser_pairs_labels_and_solutions():
    text = (
        "```{exercise}\n:label: a\n\nQ\n```\n\n"
        "````{solution} a\n:class: dropdown\n\nA long enough answer to be recognised\n````\n\n"
        "```{exercise}\n:label: b\n```\n\n```{solution-start} b\n:class: dropdown\n```\n"
    )
    labels, solutions = exercises_and_solutions(text)
    assert labels == ["a", "b"]
    assert set(solutions) == {"a", "b"} and ":class: dropdown" in solutions["b"]
    assert solution_lines(text) == ["A long enough answer to be recognised"]


def test_instructor_edition_has_every_solution_and_the_student_one_none(tmp_path: Path):
    written = sync.instructor_edition(tmp_path / "instructor", INDEX)
    assert written
    for md in CHAPTERS:
        nb = nbformat.read(tmp_path / "instructor" / "chapters" / f"{md.stem}.ipynb", 4)
        text = "\n".join(cell.source for cell in nb.cells)
        assert "Instructor edition" in nb.cells[0].source
        labels, _ = exercises_and_solutions(md.read_text(encoding="utf-8"))
        for label in labels:
            assert f"**Solution to Exercise {INDEX.exercises[label]}**" in text, (md, label)
        for line in solution_lines(md.read_text(encoding="utf-8")):
            if not MYST["a role"].search(line):  # roles become links
                assert line in text, (md.name, line)


def test_instructor_problem_sets_run_and_their_handouts_hold_no_solution(tmp_path: Path):
    out = tmp_path / "instructor"
    sync.instructor_edition(out, INDEX, run=True)  # executes the problem sets' solutions
    sets = sorted((ROOT / "instructor" / "problem_sets").glob("ps*.md"))
    assert len(sets) >= 3
    for md in sets:
        nb = nbformat.read(out / "problem_sets" / f"{md.stem}.ipynb", 4)
        solved = [c for c in nb.cells if "solution" in c.metadata.get("tags", ())]
        labels, _ = exercises_and_solutions(md.read_text(encoding="utf-8"))
        assert len(labels) >= 3 and len(solved) >= len(labels), md.name
        for cell in solved:
            assert cell.execution_count and cell.outputs, f"{md.name}: a solution printed nothing"
            assert not [o for o in cell.outputs if o.output_type == "error"], md.name
        handout = nbformat.read(out / "handouts" / f"{md.stem}.ipynb", 4)
        text = "\n".join(c.source for c in handout.cells)
        assert "**Problem" in text and "Solution" not in text, md.name
        for line in solution_lines(md.read_text(encoding="utf-8")):
            assert line not in text, (md.name, line)
    guide = nbformat.read(out / "guide.ipynb", 4)
    headings = "\n".join(c.source for c in guide.cells)
    for section in (
        "A sequence of class meetings",
        "What the widgets are for in class",
        "Running a classroom tournament",
    ):
        assert section in headings
    assert (out / "README.md").is_file()


# ----- the built book serves the student notebooks -----------------------------------------------
BUILT = ROOT / "book" / "_build" / "html"
needs_built_book = pytest.mark.skipif(
    not (BUILT / "index.html").is_file(), reason="the book is not built: make book (make test does)"
)
LINK = re.compile(r"\]\((https?://[^)\s]+)\)")


@needs_built_book
@pytest.mark.parametrize("md", SOURCES, ids=_ids(SOURCES))
def test_the_download_button_serves_the_student_notebook(md: Path):
    page = sync.docname(md)
    served = BUILT / "_sources" / f"{page}.ipynb"
    assert served.read_bytes() == md.with_suffix(".ipynb").read_bytes(), (
        f"{served} is not the student notebook (rebuild the book after make notebooks)"
    )
    html = (BUILT / f"{page}.html").read_text(encoding="utf-8")
    assert "download-notebook-button" in html
    assert "download-source-button" not in html, "the MyST source is not for students"
    assert f"urlpath=lab/tree/book/{page}.ipynb" in html, "Binder must open the student notebook"


@needs_built_book
@pytest.mark.parametrize("md", CHAPTERS, ids=_ids(CHAPTERS))
def test_the_book_numbers_the_exercises_as_the_notebook_does(md: Path):
    html = (BUILT / "notebooks" / f"{md.stem}.html").read_text(encoding="utf-8")
    in_book = re.findall(r'<span class="caption-number">Exercise ([\d.]+) </span>', html)
    in_notebook = [
        m.group(1)
        for cell in student(md).cells
        if cell.cell_type == "markdown"
        for m in re.finditer(r"^\*\*Exercise ([\d.]+)\*\*", cell.source, re.M)
    ]
    assert in_book == in_notebook and in_book


@needs_built_book
def test_the_links_of_the_student_notebooks_land_on_the_book_pages_and_anchors():
    checked = 0
    for md in SOURCES:
        for cell in student(md).cells:
            if cell.cell_type != "markdown":
                continue
            for url in LINK.findall(cell.source):
                if not url.startswith(INDEX.base_url):
                    continue
                path, _, anchor = url[len(INDEX.base_url) :].partition("#")
                page = BUILT / path
                assert page.is_file(), f"{md.name}: {url} is no page of the book"
                if anchor:
                    html = page.read_text(encoding="utf-8")
                    assert f'id="{anchor}"' in html, f"{md.name}: {url}: no such anchor"
                checked += 1
    assert checked > 50


# ----- self-checks ----------------------------------------------------------------------------
#: Every chapter, and the Theory part's overview, ends with a self-check.
SELF_CHECKED = [*CHAPTERS, ROOT / "book" / "theory" / "overview.md"]


def self_check_outputs(nb: nbformat.NotebookNode) -> list[str]:
    return [
        output["data"]["text/html"]
        for cell in nb.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "kt-selfcheck" in str(output.get("data", {}).get("text/html", ""))
    ]


@pytest.mark.parametrize("md", SELF_CHECKED, ids=_ids(SELF_CHECKED))
def test_every_chapter_ends_with_three_self_check_questions(md: Path):
    text = md.read_text(encoding="utf-8")
    assert "\n## Self-check\n" in text, f"{md.name}: add a '## Self-check' section at its end"
    after = text.split("\n## Self-check\n", 1)[1]
    assert not re.search(r"^## (?!Exercises|Sources)", after, re.M), (
        "the self-check comes at the end: only the exercises and the sources may follow it"
    )
    quizzes = self_check_outputs(student(md))
    assert len(quizzes) == 1 and quizzes[0].count('class="kt-sc-q"') >= 3, md.name


@needs_built_book
@pytest.mark.parametrize("md", SELF_CHECKED, ids=_ids(SELF_CHECKED))
def test_the_book_page_carries_the_self_check_without_its_code(md: Path):
    html = (BUILT / f"{sync.docname(md)}.html").read_text(encoding="utf-8")
    assert html.count('class="kt-selfcheck"') == 1 and html.count('class="kt-sc-q"') >= 3
    assert "SelfCheck(" not in html, "the code that builds the self-check must not show"


@pytest.mark.browser
@needs_built_book
@pytest.mark.parametrize("page", ["notebooks/trade", "theory/overview"])
def test_self_check_answers_right_and_wrong_on_the_static_page(page: str):
    """Headless Chromium, network cut off: a wrong answer is refused, the right one accepted.

    Screenshots at 1200 and 400 px wide are left in book/_build/screenshots
    (selfcheck-*-desktop/phone.png).
    """
    reason = _lab_skip_reason()
    if reason:
        pytest.skip(reason)
    shot = browser.SCREENSHOTS / f"selfcheck-{page.replace('/', '-')}"
    shot.parent.mkdir(parents=True, exist_ok=True)
    report = run_browser_script(
        "browser_selfcheck.mjs", (BUILT / f"{page}.html").as_uri(), str(shot), timeout=90
    )
    assert report["quizzes"] == 1 and report["questions"] >= 3, report
    assert report["noscriptNoteHidden"], report
    kinds = [k for k in ("number", "choice") if k in report]
    assert kinds, report
    for kind in kinds:
        assert report[kind]["wrong"]["state"] == "wrong", report
        assert report[kind]["wrong"]["feedback"].startswith("Not quite"), report
        assert report[kind]["right"] == {"feedback": "Right.", "state": "right"}, report
    if "number" in report:
        assert report["number"]["answerShown"], report
    assert not report["phoneOverflow"], "the self-check is wider than a 400 px screen"
    assert shot.with_name(f"{shot.name}-phone.png").stat().st_size > 1000


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


def run_browser_script(script: str, *args: str, timeout: float) -> dict:
    """Run tests/<script> under node with playwright-core and Chromium; its last line's JSON."""
    done = subprocess.run(
        ["node", str(ROOT / "tests" / script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={
            **os.environ,
            "NODE_PATH": str(NODE_DIR / "node_modules"),
            "CHROMIUM": browser.chromium() or "",
        },
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


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
def test_widgets_render_in_jupyterlab(lab: tuple[str, Path], chapter: str):
    """JupyterLab in headless Chromium runs a chapter and shows its widgets, not the fallback.

    The screenshot of the run is left in book/_build/screenshots as ``lab-<chapter>-run.png``.
    """
    base, root = lab
    browser.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(NOTEBOOKS / f"{chapter}.ipynb", root / f"{chapter}.ipynb")
    report = run_browser_script(
        "browser_lab.mjs",
        base,
        f"{chapter}.ipynb",
        str(browser.SCREENSHOTS / f"lab-{chapter}-run.png"),
        timeout=150,
    )
    assert report["busy"] == 0, f"cells still running after 90 s: {report}"
    assert report["widgets"] >= 1, f"no widget rendered: {report}"
    assert report["fallback"] == 0 and report["errors"] == 0, report
    for what, least in LAB_CHAPTERS[chapter].items():
        assert report[what] >= least, f"{chapter}: fewer than {least} {what} rendered: {report}"


@pytest.mark.browser
@pytest.mark.parametrize("chapter", ["trade", "tournaments"])
def test_student_notebook_reads_right_in_jupyterlab(lab: tuple[str, Path], chapter: str):
    """A student opens the notebook in JupyterLab: the exercise is numbered Markdown with no MyST
    left, and the saved self-check answers (the notebook is trusted, as make lab and Binder do)
    without running a cell. Screenshots (Lab at 1300 px, the exercise cell, the self-check, and
    400 px) are left in book/_build/screenshots as lab-<chapter>-*.png."""
    base, root = lab
    shots = browser.SCREENSHOTS
    shots.mkdir(parents=True, exist_ok=True)
    target = root / f"student-{chapter}.ipynb"
    shutil.copy(NOTEBOOKS / f"{chapter}.ipynb", target)
    jupyter = str(Path(sys.executable).with_name("jupyter"))
    subprocess.run([jupyter, "trust", str(target)], check=True, capture_output=True)
    report = run_browser_script(
        "browser_student.mjs", base, target.name, str(shots / f"lab-{chapter}"), timeout=150
    )
    assert report["exercise"]["index"] >= 0, report
    assert re.search(r"^Exercise \d+\.1$", report["exercise"]["text"], re.M), report
    assert not report["exercise"]["raw"] and not report["rawAnywhere"], report
    assert report["selfcheck"]["ready"], "the trusted notebook's saved self-check did not start"
    assert report["selfcheck"]["wrong"]["state"] == "wrong", report
    assert report["selfcheck"]["right"] == {"feedback": "Right.", "state": "right"}, report
    for name in ("exercise-lab", "exercise", "selfcheck", "exercise-phone"):
        assert (shots / f"lab-{chapter}-{name}.png").stat().st_size > 1000
