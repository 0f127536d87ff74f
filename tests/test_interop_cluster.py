"""Tournaments on a Dask cluster (kuhtheory.interop.cluster, ``kuhtheory tournament --scheduler``):
a local cluster of two worker processes gives the same result as one process, and a scheduler
that is not there, or has no workers, is one clear error within the timeout."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from kuhtheory.cli import main  # noqa: E402
from kuhtheory.errors import InvalidSetupError  # noqa: E402
from kuhtheory.interop.cluster import (  # noqa: E402
    cluster_tournament,
    dask_executor,
    load_bot_file,
)
from kuhtheory.tournament import run_tournament  # noqa: E402

#: The execution fields of a tournament's JSON: how it ran, not what it found (they take no part in
#: TournamentResult's equality either).
EXECUTION = ("seconds", "jobs")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


@pytest.fixture(autouse=True)
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots a test registers are forgotten after it (other tests list the bot names)."""
    from kuhtheory import agents

    monkeypatch.setattr(agents, "AGENT_NAMES", agents.AGENT_NAMES)
    monkeypatch.setattr(agents, "_FACTORIES", dict(agents._FACTORIES))


def results(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in EXECUTION}


def test_the_cli_on_a_cluster_prints_the_json_of_one_process(
    scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["tournament", "--players", "3", "--bots", "heuristic,random,random"]
    args += ["--games", "8", "--seed", "4", "--json", "--no-progress"]
    assert main([*args, "--scheduler", scheduler]) == 0
    on_cluster = json.loads(capsys.readouterr().out)
    assert main([*args, "--jobs", "1"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert on_cluster["jobs"] == 2 and alone["jobs"] == 1  # two worker processes (one thread each)
    assert results(on_cluster) == results(alone)


def test_the_python_api_gives_every_game_as_one_process_does(scheduler: str) -> None:
    options = {"seed": 9, "edition": "2025", "variants": ["no-kidding"], "chunk_size": 1}
    on_cluster = cluster_tournament(scheduler, ["random"] * 4, 6, **options)
    alone = run_tournament(["random"] * 4, 6, jobs=1, **options)
    assert on_cluster == alone
    assert results(on_cluster.to_json(games=True)) == results(alone.to_json(games=True))
    with dask_executor(scheduler) as cluster:
        assert (cluster.workers, cluster.threads, cluster.address) == (2, 2, scheduler)


def test_an_unreachable_scheduler_is_one_error_within_the_timeout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    start = time.perf_counter()
    with pytest.raises(
        InvalidSetupError,
        match=r"cannot reach the Dask scheduler at 'tcp://127\.0\.0\.1:9' within 1 s",
    ):
        cluster_tournament("tcp://127.0.0.1:9", ["random"] * 3, 3, timeout=1)
    assert time.perf_counter() - start < 10
    args = ["tournament", "--scheduler", "tcp://127.0.0.1:9", "--scheduler-timeout", "1"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "kuhtheory: error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9' within 1 s: "
        "start one with 'dask scheduler' and its workers with 'dask worker ADDRESS'"
    ]


def test_a_scheduler_without_workers_is_refused_not_waited_for() -> None:
    empty = distributed.LocalCluster(
        n_workers=0, processes=False, dashboard_address=":0", silence_logs=logging.ERROR
    )
    try:
        with pytest.raises(InvalidSetupError, match="has no workers after 1 s: start some with"):
            cluster_tournament(empty.scheduler_address, ["random"] * 3, 3, timeout=1)
    finally:
        empty.close()


def test_bad_addresses_and_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(InvalidSetupError, match="unknown address scheme 'nonsense'"):
        cluster_tournament("nonsense://x", ["random"] * 3, 3)
    with pytest.raises(InvalidSetupError, match="missing port number"):
        cluster_tournament("myhost", ["random"] * 3, 3)
    with pytest.raises(InvalidSetupError, match="jobs= is set by the cluster"):
        cluster_tournament("tcp://127.0.0.1:9", ["random"] * 3, 3, jobs=4)
    assert main(["tournament", "--scheduler", "tcp://127.0.0.1:9", "--jobs", "3"]) == 2
    assert "not allowed with argument --scheduler" in capsys.readouterr().err


BOT_FILE = """
from kuhtheory.agents import register_agent
from kuhtheory.agents.random import RandomAgent


class Student(RandomAgent):
    name = "{name}"


register_agent("{name}", Student)
"""


def test_a_class_bot_file_is_played_on_the_workers(scheduler: str, tmp_path: Path) -> None:
    # A student's bot, registered by a file the workers never had: sent to them and imported.
    file = tmp_path / "class_bots_alice.py"
    file.write_text(BOT_FILE.format(name="alice"), encoding="utf-8")
    bots = ["alice", "random", "heuristic"]
    on_cluster = cluster_tournament(scheduler, bots, 6, seed=2, bot_files=[file])
    alone = run_tournament(bots, 6, seed=2, jobs=1)
    assert on_cluster == alone and on_cluster.row("alice").seats == 6


def test_bot_files_that_fail_are_one_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "class_bots_broken.py"
    broken.write_text("import no_such_module_here\n", encoding="utf-8")
    with pytest.raises(InvalidSetupError, match="fails on import: ModuleNotFoundError"):
        load_bot_file(broken)
    with pytest.raises(InvalidSetupError, match="must be an existing Python file"):
        load_bot_file(tmp_path / "missing.py")
    good = tmp_path / "class_bots_bob.py"
    good.write_text(BOT_FILE.format(name="bob"), encoding="utf-8")
    args = ["tournament", "--players", "3", "--bots", "bob,random,random", "--games", "3"]
    assert main([*args, "--jobs", "1", "--no-progress", "--bots-file", str(good)]) == 0
    assert "bob" in capsys.readouterr().out
