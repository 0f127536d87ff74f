"""Build hook: compile the engine's hot path with mypyc (see kuhtheory/_native.py).

Everything else about the package is in pyproject.toml. The compiled modules are the same Python
sources, with their docstrings put back into mypyc's C (kuhtheory/_native_build.py). The
extensions are optional: without a C compiler, with KUHTHEORY_PURE=1 set at build time, or if
mypyc refuses the code, the package installs as pure Python and says why.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from setuptools import setup

ROOT = Path(__file__).resolve().parent
# The shared library, kuhtheory_native__mypyc.*.so, sits beside the package (at the top of
# site-packages): mypyc works out each compiled module's __file__ from that place.
GROUP = "kuhtheory_native"


def _load(name: str) -> ModuleType:
    """kuhtheory/<name>.py by path: importing the package would import the engine."""
    path = ROOT / "kuhtheory" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_kuhtheory_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _extensions() -> list:
    native, build = _load("_native"), _load("_native_build")
    if os.environ.get(native.PURE_ENV, "") not in ("", "0"):
        print(f"kuhtheory: {native.PURE_ENV} is set, installing the pure-Python engine")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("kuhtheory: mypyc is not available, installing the pure-Python engine")
        return []
    sources = {m: native.source_path(m) for m in native.COMPILED}
    sources[native.SOURCES_MODULE] = native.source_path(native.SOURCES_MODULE)
    sources[native.SOURCES_MODULE].write_text(
        build.sources_module(native.source_digests()), encoding="utf-8"
    )
    try:
        extensions = mypycify(
            [str(p.relative_to(ROOT)) for p in sources.values()], opt_level="3", group_name=GROUP
        )
    except BaseException as exc:  # mypyc exits (SystemExit) on a type error
        print(
            f"kuhtheory: mypyc refused the engine ({exc!r}); installing it as pure Python",
            file=sys.stderr,
        )
        return []
    texts = {m: p.read_text(encoding="utf-8") for m, p in sources.items()}
    for extension in extensions:
        extension.optional = True  # no C compiler: warn and install the pure-Python engine
        for c_file in extension.sources:
            path = ROOT / c_file
            if path.suffix == ".c" and path.is_file():
                c_source = path.read_text(encoding="utf-8")
                path.write_text(build.add_docstrings(c_source, texts), encoding="utf-8")
    return extensions


setup(ext_modules=_extensions())
