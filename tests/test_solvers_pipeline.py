"""The solvers' layering, executable (issue 13, item 9): one straight pipeline, no import cycles.

A zero-sum solve -- a trade from its rules to its table -- runs build -> solve -> refine ->
certify -> report, and each module of that pipeline imports only the modules before it. Every
import between solver modules counts, those inside functions too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kuhtheory.solvers

SOLVERS = Path(kuhtheory.solvers.__file__).parent

#: The pipeline in order, by stage.
STAGES = {
    "build": ["choices", "efg", "sequence_form", "best_response", "trade"],
    "solve": ["highs", "lp"],
    "refine": ["refinements"],
    "certify": ["exact", "certify"],
    "report": [
        "result",
        "solve",
        "trade_tables",
        "lemke",
        "trade_general",
        "hidden_model",
        "trade_hidden",
        "trade_solution",
    ],
}
PIPELINE = [name for names in STAGES.values() for name in names]


def imports_of(name: str) -> set[str]:
    """The solver modules that module ``name`` imports, anywhere in it."""
    tree = ast.parse((SOLVERS / f"{name}.py").read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("kuhtheory.solvers."):
                out.add(node.module.split(".")[2])
            elif node.module == "kuhtheory.solvers":
                out |= {
                    alias.name for alias in node.names if (SOLVERS / f"{alias.name}.py").exists()
                }
        elif isinstance(node, ast.Import):
            out |= {
                alias.name.split(".")[2]
                for alias in node.names
                if alias.name.startswith("kuhtheory.solvers.")
            }
    return out - {name}


def modules() -> list[str]:
    return sorted(p.stem for p in SOLVERS.glob("*.py") if p.stem != "__init__")


def test_every_pipeline_module_exists():
    assert set(PIPELINE) <= set(modules())


def test_each_pipeline_module_imports_only_the_ones_before_it():
    for k, name in enumerate(PIPELINE):
        later = imports_of(name) - set(PIPELINE[:k])
        assert not later, f"{name} imports {sorted(later)}, not before it in {PIPELINE}"


def test_no_import_cycle_among_the_solvers():
    graph = {name: imports_of(name) & set(modules()) for name in modules()}
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        assert state.get(name) != 1, "import cycle: " + " -> ".join([*path, name])
        state[name] = 1
        for other in sorted(graph[name]):
            visit(other, [*path, name])
        state[name] = 2

    for name in graph:
        visit(name, [])


def test_the_trade_stages_are_named_in_the_package_docstring():
    doc = kuhtheory.solvers.__doc__ or ""
    for stage in STAGES:
        assert f"**{stage}**" in doc
    for name in PIPELINE:
        assert f":mod:`.{name}`" in doc, name
