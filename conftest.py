"""pytest at the repository root: leave out the doctests of the optional adapters whose extra
is not installed (``make install`` installs them all; a bare ``pip install -e '.[dev]'`` does not).

The tests of those adapters skip on their own (``pytest.importorskip``).
"""

from __future__ import annotations

import importlib.util

#: Each adapter module and the library its extra brings.
_OPTIONAL = {
    "kuhtheory/interop/pettingzoo.py": "pettingzoo",
    "kuhtheory/interop/openspiel.py": "pyspiel",
    "kuhtheory/interop/spiel.py": "pyspiel",
}

collect_ignore = [path for path, lib in _OPTIONAL.items() if importlib.util.find_spec(lib) is None]
