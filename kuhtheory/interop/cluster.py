"""Tournaments on a Dask distributed cluster (``pip install 'kuhtheory[cluster]'``).

:func:`kuhtheory.tournament.run_tournament` runs its chunks of games on any
:class:`concurrent.futures.Executor`; :func:`dask_executor` connects to a Dask scheduler and gives
the cluster's executor, and :func:`cluster_tournament` runs a whole tournament there. The games'
seeds come from the tournament seed and the game's number, so the result is the same as on one
process (tested against ``jobs=1`` with a local cluster of two worker processes); only the
wall-clock time and the number of workers differ.

From the command line: ``kuhtheory tournament --scheduler tcp://HOST:8786 ...``. Start the
cluster with ``dask scheduler`` on one machine and ``dask worker tcp://HOST:8786`` on each of
the others; every worker needs the same version of kuhtheory installed.

Connecting checks, each with one clear error (:class:`~kuhtheory.errors.InvalidSetupError`) and
within ``timeout`` seconds, never a hang: that the scheduler answers, that it has at least one
worker, and that every worker runs this version of kuhtheory.

A class's own bots: each student's bot lives in a Python file that registers it when imported
(``register_agent("alice", AliceBot)``, :func:`kuhtheory.agents.register_agent`).
:func:`load_bot_file` imports such a file here, and ``bot_files=`` (``--bots-file``) also sends it
to every worker of the cluster, which imports it too, so the names can be used in ``bots``.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from kuhtheory.errors import InvalidSetupError
from kuhtheory.tournament import TournamentResult, run_tournament

#: Seconds to wait for the scheduler and its first worker (``--scheduler-timeout``).
TIMEOUT: Final = 10.0


@dataclass(frozen=True)
class Cluster:
    """A connected cluster: its executor, the scheduler's address and its worker threads."""

    executor: Executor
    address: str
    workers: int
    threads: int


def _kuhtheory_version() -> str:
    """Run on each worker: the kuhtheory it imports."""
    from kuhtheory import __version__

    return __version__


def load_bot_file(path: str | Path) -> tuple[str, ...]:
    """Import the Python file ``path`` (its module is named after the file, as on the workers)
    and return the bot names it registered with :func:`kuhtheory.agents.register_agent`."""
    from kuhtheory import agents

    file = Path(path)
    if file.suffix != ".py" or not file.is_file():
        raise InvalidSetupError(f"bots file {str(file)!r} must be an existing Python file (.py)")
    spec = importlib.util.spec_from_file_location(file.stem, file)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py file always has one
        raise InvalidSetupError(f"bots file {str(file)!r} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    before = set(agents.AGENT_NAMES)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the file's own error, said in one line
        raise InvalidSetupError(
            f"bots file {str(file)!r} fails on import: {type(exc).__name__}: {exc}"
        ) from None
    sys.modules[file.stem] = module
    return tuple(name for name in agents.AGENT_NAMES if name not in before)


@contextmanager
def dask_executor(
    address: str, timeout: float = TIMEOUT, bot_files: Sequence[str | Path] = ()
) -> Iterator[Cluster]:
    """Connect to the Dask scheduler at ``address`` (``tcp://host:8786``) and yield the
    :class:`Cluster`; the connection is closed on leaving (the cluster keeps running).

    ``bot_files``: Python files registering bots, sent to every worker, which imports them (load
    them here with :func:`load_bot_file` first: the tournament checks the names here)."""
    try:
        from distributed import Client
    except ImportError:
        raise InvalidSetupError(
            "a Dask cluster needs the [cluster] extra: pip install 'kuhtheory[cluster]'"
        ) from None
    _check_address(address)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
        raise InvalidSetupError(
            f"scheduler timeout {timeout!r} must be a positive number of seconds"
        )
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError):
        raise InvalidSetupError(
            f"cannot reach the Dask scheduler at {address!r} within {timeout:g} s: start one "
            "with 'dask scheduler' and its workers with 'dask worker ADDRESS'"
        ) from None
    try:
        _check_workers(client, address, timeout)
        for file in bot_files:
            try:
                client.upload_file(str(file), load=True)
            except Exception as exc:  # the worker's import error, in one line
                raise InvalidSetupError(
                    f"bots file {str(file)!r} fails on the workers: {type(exc).__name__}: {exc}"
                ) from None
        threads = client.nthreads()
        yield Cluster(
            client.get_executor(),
            address,
            workers=len(threads),
            threads=sum(threads.values()),
        )
    finally:
        client.close()


def _check_address(address: object) -> None:
    """Refuse an address Dask cannot read before connecting (a client made with one lingers)."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    if not isinstance(address, str) or not address.strip():
        raise InvalidSetupError(f"scheduler address {address!r} must be like tcp://host:8786")
    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError as exc:
        raise InvalidSetupError(
            f"scheduler address {address!r}: {exc} (write it like tcp://host:8786)"
        ) from None


def _check_workers(client: Any, address: str, timeout: float) -> None:
    from kuhtheory import __version__

    try:
        client.wait_for_workers(1, timeout=timeout)
    except (OSError, TimeoutError):
        raise InvalidSetupError(
            f"the Dask scheduler at {address!r} has no workers after {timeout:g} s: "
            f"start some with 'dask worker {address}'"
        ) from None
    try:
        versions = client.run(_kuhtheory_version)
    except Exception as exc:  # a worker that cannot import kuhtheory: its error says why
        raise InvalidSetupError(
            f"the workers of {address!r} cannot run kuhtheory ({type(exc).__name__}: {exc}); "
            "install it on every worker"
        ) from None
    wrong = {worker: v for worker, v in versions.items() if v != __version__}
    if wrong:
        raise InvalidSetupError(
            f"workers of {address!r} run another kuhtheory than this {__version__}: {wrong!r}"
        )


def cluster_tournament(
    address: str,
    bots: Sequence[str] | str,
    games: int,
    *,
    timeout: float = TIMEOUT,
    bot_files: Sequence[str | Path] = (),
    **options: Any,
) -> TournamentResult:
    """:func:`~kuhtheory.tournament.run_tournament` on the Dask cluster at ``address``, the
    chunks sized for its worker threads; ``bot_files`` register bots here and on the workers
    (:func:`load_bot_file`); ``options`` are ``run_tournament``'s (``seed``, ``edition``,
    ``variants``, ``shared``, ...) except ``executor`` and ``jobs``."""
    for taken in ("executor", "jobs"):
        if taken in options:
            raise InvalidSetupError(f"{taken}= is set by the cluster: leave it out")
    for file in bot_files:
        load_bot_file(file)
    with dask_executor(address, timeout, bot_files) as cluster:
        return run_tournament(
            bots, games, executor=cluster.executor, jobs=cluster.threads, **options
        )


__all__ = ["TIMEOUT", "Cluster", "cluster_tournament", "dask_executor", "load_bot_file"]
