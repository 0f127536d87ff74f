"""The compiled engine (kuhtheory._native, kuhtheory._native_build, setup.py).

The pure-Python sources are the reference: the compiled modules must play the very same games,
keep every docstring, never run once their source has changed, and step aside when asked.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kuhtheory
from kuhtheory import _native
from kuhtheory._native_build import add_docstrings, c_text, docstrings, sources_module

ROOT = Path(__file__).resolve().parent.parent
COMPILED = kuhtheory.ENGINE_MODE == "compiled"
needs_compiled = pytest.mark.skipif(
    not COMPILED,
    reason=f"the engine runs {kuhtheory.ENGINE_MODE}: 'make install' (or pip install -e .) "
    "with a C compiler builds the compiled one",
)


def _python(
    code: str, *, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (so the engine is chosen anew)."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=cwd,
        timeout=600,
        check=False,
    )


# ----- choosing the engine -----------------------------------------------------------------------


def test_every_compiled_module_has_a_source_and_the_makefile_gets_the_list():
    for module in _native.COMPILED:
        assert _native.source_path(module).is_file(), module
    out = subprocess.run(
        [sys.executable, "kuhtheory/_native.py", "--sources"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out == [_native.source_file(m) for m in _native.COMPILED]
    assert out[0] == "kuhtheory/payment.py"


def test_stale_modules_are_those_whose_source_changed_or_was_not_recorded(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "a.py").write_text("A = 1\n")
    (tmp_path / "engine" / "b.py").write_text("B = 2\n")
    modules = ("kuhtheory.a", "kuhtheory.engine.b")
    recorded = _native.source_digests(modules, tmp_path)
    assert _native.stale_modules(recorded, modules, tmp_path) == []
    (tmp_path / "engine" / "b.py").write_text("B = 3\n")
    assert _native.stale_modules(recorded, modules, tmp_path) == ["kuhtheory.engine.b"]
    assert _native.stale_modules({}, modules, tmp_path) == list(modules)


def test_source_path_refuses_other_packages():
    with pytest.raises(ValueError, match="not a kuhtheory module"):
        _native.source_path("numpy.linalg")


def test_kuhtheory_pure_runs_the_python_sources():
    result = _python(
        "import kuhtheory, kuhtheory.engine.state as s, kuhtheory.agents.play as p\n"
        "print(kuhtheory.ENGINE_MODE); print(s.__file__); print(p.__file__)",
        env={_native.PURE_ENV: "1"},
    )
    mode, state_file, play_file = result.stdout.split("\n")[:3]
    assert mode == "pure (KUHTHEORY_PURE=1)", result.stderr
    assert state_file.endswith("engine/state.py") and play_file.endswith("agents/play.py")


def test_ci_builds_the_compiled_engine():
    """CI must measure and test what a user with a C compiler gets (the benchmark's engine)."""
    if os.environ.get(_native.PURE_ENV, "") not in ("", "0"):
        pytest.skip(f"the pure-Python pass ({_native.PURE_ENV} is set)")
    if os.environ.get("CI") != "true" and not COMPILED:
        pytest.skip(f"not in CI and the engine runs {kuhtheory.ENGINE_MODE}")
    assert kuhtheory.ENGINE_MODE == "compiled"
    for module in _native.COMPILED:
        assert importlib.import_module(module).__file__ == str(_native.extension_path(module))


@needs_compiled
def test_a_changed_source_falls_back_to_the_pure_engine_with_a_warning(tmp_path):
    """A copy of the installed package with one source edited: the .so files must not run."""
    shutil.copytree(
        ROOT / "kuhtheory", tmp_path / "kuhtheory", ignore=shutil.ignore_patterns("__pycache__")
    )
    group = importlib.util.find_spec("kuhtheory_native__mypyc")
    assert group is not None and group.origin is not None
    shutil.copy(group.origin, tmp_path)
    code = (
        "import kuhtheory, kuhtheory.engine.bank as b\n"
        "print(kuhtheory.__file__); print(kuhtheory.ENGINE_MODE); print(b.__file__)"
    )
    env = {"PYTHONPATH": str(tmp_path), _native.PURE_ENV: ""}
    fresh = _python(code, env=env, cwd=tmp_path).stdout.split("\n")
    assert fresh[0].startswith(str(tmp_path)) and fresh[1] == "compiled"
    bank = tmp_path / "kuhtheory" / "engine" / "bank.py"
    bank.write_text(bank.read_text() + "\n# edited after the build\n")
    result = _python(code, env=env, cwd=tmp_path)
    package, mode, bank_file = result.stdout.split("\n")[:3]
    assert mode == "pure (compiled modules out of date)"
    assert bank_file == str(bank)
    assert "kuhtheory/engine/bank.py" in result.stderr and "make install" in result.stderr


# ----- the same games ----------------------------------------------------------------------------

_GAMES = """
import json, sys
from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.editions import VARIANTS
from kuhtheory.engine import new_game
from kuhtheory.record import record_from_state
out = []
combos = [(e, ()) for e in ("classic", "2025", "first", "bluff")]
combos += [(v.editions[0], (k,)) for k, v in VARIANTS.items()]
for edition, variants in combos:
    for bot, seeds in (("random", range(3)), ("heuristic", range(1))):
        for seed in seeds:
            players = 3 + seed % 3
            bots = [make_agent(bot, agent_seed(seed, k)) for k in range(players)]
            end = play(new_game(players, seed, edition, variants), bots)
            out.append(record_from_state(end, [bot] * players))
json.dump(out, sys.stdout)
"""


@needs_compiled
def test_compiled_and_pure_engines_play_identical_games():
    """Every edition and variant, random and heuristic bots: the same actions, the same end."""
    compiled = _python(_GAMES)
    pure = _python(_GAMES, env={_native.PURE_ENV: "1"})
    assert compiled.returncode == 0 and pure.returncode == 0, compiled.stderr + pure.stderr
    compiled_games, pure_games = json.loads(compiled.stdout), json.loads(pure.stdout)
    assert len(compiled_games) == 4 * 4 + len(_native_variants()) * 4
    for a, b in zip(compiled_games, pure_games, strict=True):
        assert a == b, (a["setup"], a["seats"])


def _native_variants() -> list[str]:
    from kuhtheory.editions import VARIANTS

    return list(VARIANTS)


# ----- docstrings --------------------------------------------------------------------------------


def _documented_objects():
    for module_name in _native.COMPILED:
        module = importlib.import_module(module_name)
        source = _native.source_path(module_name).read_text(encoding="utf-8")
        for (cls, name), doc in docstrings(source).items():
            if cls is None and name == "":
                yield f"{module_name}", module, doc
            elif cls is None:
                yield f"{module_name}.{name}", getattr(module, name), doc
            else:
                owner = getattr(module, cls)
                yield f"{module_name}.{cls}.{name}", vars(owner)[name], doc


def test_every_docstring_of_the_sources_is_on_the_running_objects():
    """mypyc drops docstrings; the build puts them back (``help()`` and ``?`` must work)."""
    wrong = [where for where, obj, doc in _documented_objects() if obj.__doc__ != doc]
    assert wrong == []
    from kuhtheory.engine.state import GameState

    assert "immutable Kuhhandel position" in GameState.__doc__
    assert "never changed" in GameState.apply.__doc__


# ----- the build helpers -------------------------------------------------------------------------


def test_sources_module_records_the_digests():
    text = sources_module({"kuhtheory.payment": "ab" * 32})
    namespace: dict[str, object] = {}
    exec(text, namespace)  # noqa: S102 - the generated module is plain data
    assert namespace["SOURCES"] == {"kuhtheory.payment": "ab" * 32}


def test_c_text_escapes_quotes_backslashes_trigraphs_and_utf8():
    assert c_text('a "b" \\ c') == "a \\042b\\042 \\134 c"
    assert c_text("??=") == "\\077\\077="
    assert c_text("ä\n") == "\\303\\244\\012"


_MYPYC_C = r"""
static PyMethodDef roommodule_methods[] = {
    {"knock", (PyCFunction)CPyPy_room___knock, F, PyDoc_STR("knock(times)\n--\n\n") /* doc */},
    {"_hidden", (PyCFunction)CPyPy_room____hidden, F, PyDoc_STR(NULL) /* docstring */},
    {NULL, NULL, 0, NULL}
};
static PyGetSetDef room___Door_getseters[] = {
    {"_width",
     (getter)room___Door_get__width, (setter)room___Door_set__width,
     NULL, NULL},
    {"is_open",
     (getter)room___Door_get_is_open,
    NULL, NULL, NULL},
    {NULL}  /* Sentinel */
};
static PyMethodDef room___Door_methods[] = {
    {"open",
     (PyCFunction)CPyPy_room___Door___open,
     METH_FASTCALL | METH_KEYWORDS, PyDoc_STR("open($self)\n--\n\n")},
    {NULL}  /* Sentinel */
};
static PyTypeObject CPyType_room___Door_template_ = {
    .tp_name = "Door",
    .tp_doc = PyDoc_STR("Door()\n--\n\n"),
};
static struct PyModuleDef roommodule = {
    PyModuleDef_HEAD_INIT,
    "kuhtheory.room",
            NULL, /* docstring */
};
"""

_ROOM = '''"""A room."""


def knock(times):
    """Knock "times" times."""


def _hidden():
    pass


class Door:
    """A door."""

    @property
    def is_open(self):
        """Whether it is open."""

    def open(self):
        """Open it."""
'''


def test_add_docstrings_fills_mypycs_tables():
    out = add_docstrings(_MYPYC_C, {"kuhtheory.room": _ROOM})
    assert 'PyDoc_STR("knock(times)\\n--\\n\\nKnock \\042times\\042 times.")' in out
    assert "PyDoc_STR(NULL) /* docstring */" in out  # _hidden has no docstring
    assert '(getter)room___Door_get_is_open,\n    NULL, "Whether it is open.", NULL}' in out
    assert "(setter)room___Door_set__width,\n     NULL, NULL}" in out
    assert 'PyDoc_STR("open($self)\\n--\\n\\nOpen it.")' in out
    assert '.tp_doc = PyDoc_STR("Door()\\n--\\n\\nA door.")' in out
    assert '"kuhtheory.room",\n            "A room.", /* docstring */' in out


def test_add_docstrings_leaves_unknown_tables_alone():
    assert add_docstrings(_MYPYC_C, {"kuhtheory.other": _ROOM}) == _MYPYC_C
