"""The layers of the package as executable contracts (pyproject.toml, ``[tool.importlinter]``).

``make lint`` runs ``lint-imports``; these tests show that the contracts hold on the package and
that they are not vacuous: an upward import written into a copy of the package breaks them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter not installed")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package found in ``root`` with the project's contracts."""
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", "COLUMNS": "200"},
        capture_output=True,
        text=True,
        check=False,
    )


def package_copy(tmp_path: Path, module: str, line: str) -> Path:
    """A copy of the package in ``tmp_path`` with ``line`` added at the top of ``module``."""
    shutil.copytree(
        ROOT / "kuhtheory", tmp_path / "kuhtheory", ignore=shutil.ignore_patterns("__pycache__")
    )
    path = tmp_path / (module.replace(".", "/") + ".py")
    text = path.read_text()
    head, sep, rest = text.partition("from __future__ import annotations\n")
    path.write_text(head + sep + line + "\n" + rest)
    return tmp_path


def test_the_package_keeps_its_contracts():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and " 0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        # the engine may not know the bots (the bots import the engine)
        ("kuhtheory.engine.setup", "import kuhtheory.agents", "Layers"),
        # the solvers stand beside the engine, never importing it
        ("kuhtheory.solvers.trade", "import kuhtheory.engine", "Layers"),
        # money and cards are the bottom: they know no edition
        ("kuhtheory.cards", "import kuhtheory.editions", "Layers"),
        # a rule module that imports the state at run time closes the old cycle
        ("kuhtheory.engine.auction", "import kuhtheory.engine.state", "The engine"),
        # analysis is computed without the widgets' library
        ("kuhtheory.tournament", "import ipywidgets", "Only the top"),
    ],
)
def test_an_upward_import_breaks_a_contract(tmp_path, module, line, contract):
    result = lint_imports(package_copy(tmp_path, module, line))
    assert result.returncode != 0
    broken = [ln for ln in result.stdout.splitlines() if ln.endswith("BROKEN")]
    assert any(ln.startswith(contract) for ln in broken), result.stdout
    assert module in result.stdout


def test_nothing_below_the_top_imports_the_drawing_libraries_at_load():
    """Importing every module below the top leaves ipywidgets, plotly and matplotlib unloaded
    (the contract above sees every import; this checks what a notebook actually loads)."""
    top = ("kuhtheory.widgets", "kuhtheory.plots", "kuhtheory.display", "kuhtheory.cli")
    modules = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in sorted((ROOT / "kuhtheory").rglob("*.py"))
    ]
    below = [m for m in modules if not m.startswith(top) and m != "kuhtheory.__main__"]
    code = (
        "import importlib, sys\n"
        f"for name in {below!r}: importlib.import_module(name)\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'ipywidgets', 'plotly', "
        "'matplotlib'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
