"""Output files: checked before the work starts, written atomically, never through a symlink.

Every file kuhtheory writes (game records, tournament CSV tables, trajectories, Gambit ``.efg``
files) goes through :func:`write_text_atomic`: the text is written to a new temporary file in
the target's own directory and then renamed over the target. A reader never sees half a file, a
run stopped half way leaves the old file as it was, and a symlink already standing at the target
is replaced by the new file instead of having its target overwritten (the temporary file is
created with ``O_EXCL`` and the rename does not follow links).

Commands call :func:`check_output_file` (or :func:`check_output_dir`) on their output paths
before playing or solving anything, so that a typing mistake costs an error line, not a run.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text_atomic(folder / "table.csv", "bot,wins\\n").read_text()
'bot,wins\\n'
>>> check_output_file(folder, "--csv")
Traceback (most recent call last):
...
kuhtheory.errors.OutputFileError: --csv ...: is a directory, not a file
"""

from __future__ import annotations

import contextlib
import functools
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from kuhtheory.errors import OutputFileError
from kuhtheory.quoting import excerpt

__all__ = ["check_output_dir", "check_output_file", "write_text_atomic"]


def _name(path: Path, option: str) -> str:
    return f"{option} {excerpt(str(path))}".strip()


def check_output_file(path: str | Path, option: str = "") -> Path:
    """``path`` as a :class:`~pathlib.Path` if a file can be written there, else
    :class:`~kuhtheory.errors.OutputFileError` naming ``option`` and the reason: the path is a
    directory, its folder does not exist or is not a folder, or the folder is not writable (or
    the system refuses the name: too long, a NUL character)."""
    target = Path(path)
    if str(path) == "":
        raise OutputFileError(f"{option}: an empty file name".strip())
    try:
        return _check_file(target, option)
    except OutputFileError:
        raise
    except OSError as exc:
        raise OutputFileError(f"{_name(target, option)}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL character in the name
        raise OutputFileError(f"{_name(target, option)}: {exc}") from None


def _check_file(target: Path, option: str) -> Path:
    if target.is_dir():
        raise OutputFileError(f"{_name(target, option)}: is a directory, not a file")
    folder = target.parent
    if not folder.exists():
        raise OutputFileError(
            f"{_name(target, option)}: the folder {excerpt(str(folder))} does not exist"
        )
    if not folder.is_dir():
        raise OutputFileError(f"{_name(target, option)}: {excerpt(str(folder))} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputFileError(f"{_name(target, option)}: the folder is not writable")
    return target


def check_output_dir(path: str | Path, option: str = "") -> Path:
    """``path`` as a writable folder, created (with its parents) if it does not exist; else
    :class:`~kuhtheory.errors.OutputFileError` naming ``option`` and the reason."""
    folder = Path(path)
    if str(path) == "":
        raise OutputFileError(f"{option}: an empty folder name".strip())
    try:
        _make_folder(folder, option)
    except OutputFileError:
        raise
    except OSError as exc:
        raise OutputFileError(f"{_name(folder, option)}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL character in the name
        raise OutputFileError(f"{_name(folder, option)}: {exc}") from None
    return folder


def _make_folder(folder: Path, option: str) -> None:
    """Create ``folder`` and its missing parents, after checking that all of them can be made:
    a failure half way would leave folders behind."""
    if folder.exists():
        if not folder.is_dir():
            raise OutputFileError(f"{_name(folder, option)}: is a file, not a folder")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise OutputFileError(f"{_name(folder, option)}: the folder is not writable")
        return
    missing = [folder]
    base = folder.parent
    while not base.exists() and base != base.parent:
        missing.append(base)
        base = base.parent
    if not base.is_dir():
        raise OutputFileError(f"{_name(folder, option)}: {excerpt(str(base))} is not a folder")
    if not os.access(base, os.W_OK | os.X_OK):
        raise OutputFileError(f"{_name(folder, option)}: {excerpt(str(base))} is not writable")
    longest = os.pathconf(base, "PC_NAME_MAX")
    if any(len(os.fsencode(part.name)) > longest for part in missing):
        raise OutputFileError(f"{_name(folder, option)}: a folder name is longer than {longest}")
    folder.mkdir(parents=True)


@functools.cache
def _file_mode() -> int:
    """The mode an ordinary new file gets here: ``0o666`` less the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_text_atomic(path: str | Path, text: str | Iterable[str], option: str = "") -> Path:
    """Write ``text`` (UTF-8; a string, or pieces written one after the other, so that a large
    file need not be held whole) to ``path`` atomically (module docstring); returns the path.

    :class:`~kuhtheory.errors.OutputFileError` names the path when it cannot be written; nothing
    is left behind then (the temporary file is removed), also when making a piece fails.
    """
    target = check_output_file(path, option)
    try:
        fd, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".tmp"
        )
    except OSError as exc:
        raise OutputFileError(f"{_name(target, option)}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
            for piece in [text] if isinstance(text, str) else text:
                stream.write(piece)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _file_mode())
        os.replace(temporary, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise OutputFileError(f"{_name(target, option)}: {exc.strerror or exc}") from None
        raise
    return target
