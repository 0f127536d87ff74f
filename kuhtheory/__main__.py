"""``python -m kuhtheory``: the same as the ``kuhtheory`` command."""

from kuhtheory.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
