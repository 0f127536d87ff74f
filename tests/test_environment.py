"""environment.yml (Binder, repo2docker) and pyproject.toml list the same dependencies.

pyproject.toml is the source: its ``[project] dependencies`` and the extras the Makefile's install
line installs (``pip install -e '.[dev,docs,rl,cluster]'``) must each appear in environment.yml's
pip section with the same version specifier, and nothing else may. Every extra the Makefile names
exists, and the optional ``gambit`` extra (``make check-gambit`` only) stays out of both.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the project's venv is 3.11
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def makefile_extras(text: str) -> tuple[str, ...]:
    r"""The extras of the ``pip install ... -e '.[a,b]'`` line in the Makefile's install rule
    (``$(STAMP): pyproject.toml``: what ``make install`` runs, so what ``make test`` tests with).

    >>> makefile_extras("$(STAMP): pyproject.toml\n\t$(PY) -m pip install -e '.[dev,docs]'\n")
    ('dev', 'docs')
    """
    rule = re.search(r"^\$\(STAMP\):[^\n]*\n((?:\t[^\n]*\n)*)", text, re.M)
    recipe = rule.group(1) if rule else ""
    found = re.findall(r"pip install [^\n]*-e '\.\[([a-z0-9_,-]+)\]'", recipe)
    if len(found) != 1:
        raise ValueError(f"the install rule needs one 'pip install -e .[extras]' line: {found!r}")
    return tuple(e.strip() for e in found[0].split(","))


EXTRAS = makefile_extras((ROOT / "Makefile").read_text(encoding="utf-8"))

Requirements = dict[str, SpecifierSet]


def pyproject_requirements(data: dict) -> Requirements:
    """Name -> specifier of the project's dependencies and the dev/docs extras."""
    project = data["project"]
    lines = list(project["dependencies"])
    for extra in EXTRAS:
        lines += project["optional-dependencies"][extra]
    return _merge(lines, "pyproject.toml")


def environment_requirements(data: dict) -> Requirements:
    """Name -> specifier of environment.yml's pip section."""
    pip_lists = [d["pip"] for d in data["dependencies"] if isinstance(d, dict) and "pip" in d]
    if len(pip_lists) != 1:
        raise ValueError(f"environment.yml needs exactly one pip section, found {len(pip_lists)}")
    return _merge(pip_lists[0], "environment.yml")


def _merge(lines: list[str], where: str) -> Requirements:
    out: Requirements = {}
    for line in lines:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        if name in out and out[name] != req.specifier:
            raise ValueError(f"{where}: {name!r} listed twice with {out[name]} and {req.specifier}")
        out[name] = req.specifier
    return out


def differences(expected: Requirements, found: Requirements) -> list[str]:
    """What environment.yml (``found``) must change to match pyproject.toml (``expected``)."""
    out = [f"missing {n}{expected[n]}" for n in sorted(expected.keys() - found.keys())]
    out += [f"not in pyproject.toml: {n}{found[n]}" for n in sorted(found.keys() - expected.keys())]
    out += [
        f"{n}: pyproject.toml says {expected[n] or 'any'!s}, environment.yml {found[n] or 'any'!s}"
        for n in sorted(expected.keys() & found.keys())
        if expected[n] != found[n]
    ]
    return out


@pytest.fixture(scope="module")
def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def test_environment_lists_the_same_dependencies_as_pyproject(pyproject, environment):
    found = differences(pyproject_requirements(pyproject), environment_requirements(environment))
    assert not found, "environment.yml and pyproject.toml disagree:\n  " + "\n  ".join(found)


def test_environment_python_satisfies_requires_python(pyproject, environment):
    pythons = [
        d
        for d in environment["dependencies"]
        if isinstance(d, str) and d.split("=")[0].strip() == "python"
    ]
    assert len(pythons) == 1, f"environment.yml pins python once, found {pythons!r}"
    version = pythons[0].split("=", 1)[1].strip("= ")
    assert Version(version) in SpecifierSet(pyproject["project"]["requires-python"])


def test_environment_has_pip_and_conda_forge(environment):
    assert "pip" in environment["dependencies"]
    assert environment["channels"] == ["conda-forge"]


def test_binder_postbuild_installs_the_package():
    post = ROOT / "postBuild"
    assert post.is_file(), "repo2docker runs postBuild to install the package on Binder"
    assert "pip install" in post.read_text() and "-e ." in post.read_text()


def test_differences_reports_missing_extra_and_changed_specifiers():
    expected = _merge(["numpy>=1.24", "plotly>=5.18", "jupyter-book>=1.0,<2"], "a")
    found = _merge(["NumPy>=1.24", "jupyter_book>=1.0,<3", "pandas"], "b")
    assert differences(expected, found) == [
        "missing plotly>=5.18",
        "not in pyproject.toml: pandas",
        "jupyter-book: pyproject.toml says <2,>=1.0, environment.yml <3,>=1.0",
    ]
    assert differences(expected, expected) == []


def test_a_name_listed_twice_with_different_specifiers_is_refused():
    with pytest.raises(ValueError, match="listed twice"):
        _merge(["jupytext>=1.16", "jupytext>=1.0"], "pyproject.toml")


def test_the_makefile_installs_the_optional_extras_so_their_tests_run(pyproject):
    extras = pyproject["project"]["optional-dependencies"]
    assert set(EXTRAS) <= set(extras), f"the Makefile installs unknown extras {EXTRAS!r}"
    assert {"rl", "cluster"} <= set(EXTRAS)
    # pygambit builds from source for minutes: make check-gambit installs it, make test does not.
    assert "gambit" in extras and "gambit" not in EXTRAS
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install --quiet -e '.[gambit]'" in makefile.split("check-gambit: install")[1]
