"""Fuzzing (issue 16, item 7): seeded generators of malformed records, illegal actions and bad
command lines. Every case must end in success or in the package's own error for it, one short
line (InvalidRecordError; InvalidActionError / IllegalActionError; exit status 2), and a refused
action must leave the state as it was; a refused command line writes no file.

``make test`` runs :data:`CASES` cases per generator (300; a tenth of them, 30, as record files
through ``kuhtheory replay``): 930 cases, the four tests about 5 s (8 s with pytest's start) on
a loaded 2-core machine. ``KUHTHEORY_FUZZ_CASES=5000 pytest tests/test_fuzz.py`` runs 15,500
(about 70 s, 40 s of it CPU); ``KUHTHEORY_FUZZ_SEED`` changes the seed (default 16). A failure
prints the case's number and the input, so it can be replayed alone. The command lines cover
every command but the interactive ``play`` (simulate, tournament, replay, coach, trajectories,
rules, the four solve commands).
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kuhtheory import record as rec
from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.agents.random import random_playout
from kuhtheory.cards import ANIMALS, DENOMINATIONS
from kuhtheory.cli import main
from kuhtheory.engine import ACTION_TYPES, new_game
from kuhtheory.engine.actions import MAX_AMOUNT
from kuhtheory.errors import IllegalActionError, InvalidActionError, InvalidRecordError
from kuhtheory.game import get_game

#: Cases per generator in ``make test``; more with the environment variable.
CASES = int(os.environ.get("KUHTHEORY_FUZZ_CASES", "300"))
SEED = int(os.environ.get("KUHTHEORY_FUZZ_SEED", "16"))
#: An error line is one line of at most this many characters.
MAX_LINE = 1100


def one_line(text: str, where: str) -> None:
    assert "\n" not in text.rstrip("\n") and len(text) <= MAX_LINE, f"{where}: {text[:300]!r}"


def deep(levels: int) -> list[Any]:
    """A list nested ``levels`` deep, built without recursion."""
    top: list[Any] = []
    node = top
    for _ in range(levels):
        node.append([])
        node = node[0]
    return top


#: Values a careless or hostile writer puts anywhere.
WEIRD: tuple[Callable[[], Any], ...] = (
    lambda: None,
    lambda: True,
    lambda: -1,
    lambda: 0,
    lambda: 7,
    lambda: 2**63,
    lambda: 10**30,
    lambda: 10**5000,
    lambda: 1.5,
    lambda: float("nan"),
    lambda: float("inf"),
    lambda: "",
    lambda: "x" * 100_000,
    lambda: "\x1b[2J\u202e\ud800\x07",
    lambda: [],
    lambda: {},
    lambda: [10] * 70,
    lambda: deep(2000),
    lambda: {"type": "bid", "player": 0, "amount": 10},
    lambda: ["cow", "Kuh", "horse"],
)


def weird(rng: random.Random) -> Any:
    return rng.choice(WEIRD)()


# ----- malformed records -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def base_records() -> list[dict[str, Any]]:
    out = []
    for edition, players, bots in (
        ("classic", 4, ("random", "heuristic")),
        ("2025", 3, ("heuristic",)),
        ("bluff", 5, ("random",)),
    ):
        start = new_game(players=players, seed=11, edition=edition)
        agents = [make_agent(bots[k % len(bots)], agent_seed(11, k)) for k in range(players)]
        out.append(rec.record_from_state(play(start, agents), seats=["bot"] * players))
    spec = get_game("schnaeppchen")
    end = random_playout(spec.new_game(players=3, seed=4), 4)
    out.append(rec.record_from_state(end))
    return out


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list) and value:
        # a few items only: the actions list has hundreds
        for index in sorted({0, len(value) - 1, len(value) // 2}):
            yield from _paths(value[index], (*path, index))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def mutate_record(rng: random.Random, record: dict[str, Any]) -> Any:
    """One malformed (or, by chance, still valid) record: a value replaced, a field removed or
    added, the actions cut, doubled, shuffled or retyped."""
    data = copy.deepcopy(record)
    paths = list(_paths(data))
    op = rng.randrange(6)
    path = rng.choice(paths[1:])
    parent, key = _at(data, path[:-1]), path[-1]
    if op == 0:
        parent[key] = weird(rng)
    elif op == 1 and isinstance(parent, dict):
        del parent[key]
    elif op == 2 and isinstance(parent, dict):
        parent[rng.choice(["extra", "x" * 1000, "", "type"])] = weird(rng)
    elif op == 3:
        actions = data["actions"]
        choice = rng.randrange(4)
        if choice == 0:
            del actions[rng.randrange(len(actions)) :]
        elif choice == 1:
            actions.extend(actions[: rng.randrange(1, 20)])
        elif choice == 2:
            i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
            actions[i], actions[j] = actions[j], actions[i]
        else:
            action = rng.choice(actions)
            action[rng.choice(list(action))] = weird(rng)
    elif op == 4:
        action = rng.choice(data["actions"])
        for field in action:
            if isinstance(action[field], int) and not isinstance(action[field], bool):
                action[field] += rng.choice([-1, 1, 10, -10, 1000])
    else:
        data["setup"][rng.choice(["players", "seed", "edition", "variants", "first_player"])] = (
            weird(rng)
        )
    return data


def mutate_text(rng: random.Random, text: str) -> str | bytes:
    """The record's JSON text, damaged: cut, a character replaced or inserted, junk around it."""
    op = rng.randrange(5)
    at = rng.randrange(len(text))
    if op == 0:
        return text[:at]
    if op == 1:
        return text[:at] + rng.choice('{}[]",:0-9eE\\\x00\ud800') + text[at + 1 :]
    if op == 2:
        return (
            text[:at]
            + rng.choice(["9" * 5000, "[" * 3000, "NaN", "1e999", '"\\ud800"'])
            + text[at:]
        )
    if op == 3:
        return text.encode("utf-8")[:at] + bytes([rng.randrange(256)]) + text.encode()[at:]
    return "\ufeff" + text if rng.random() < 0.5 else text + rng.choice(["x", "}", " " * 10])


def _check_record_case(case: int, data: Any) -> None:
    try:
        state = rec.replay(rec.loads(data)) if isinstance(data, (str, bytes)) else rec.replay(data)
    except InvalidRecordError as exc:
        one_line(str(exc), f"record case {case}")
    except Exception as exc:  # pragma: no cover - the failure the fuzzing is for
        raise AssertionError(f"record case {case}: {type(exc).__name__}: {exc!s:.300}") from exc
    else:
        assert state.players >= 1


def test_fuzz_malformed_records(base_records):
    rng = random.Random(SEED)
    for case in range(CASES):
        base = rng.choice(base_records)
        if case % 3 == 2:
            data: Any = mutate_text(rng, json.dumps(base))
        else:
            data = mutate_record(rng, base)
        _check_record_case(case, data)


def test_fuzz_malformed_record_files_through_replay(base_records, tmp_path, capsys):
    rng = random.Random(SEED + 1)
    path = tmp_path / "game.json"
    for case in range(max(10, CASES // 10)):
        data = mutate_record(rng, rng.choice(base_records))
        try:
            text: str | bytes = json.dumps(data)
        except (ValueError, RecursionError):  # 10**5000 or a deep list: write damaged text
            text = mutate_text(rng, json.dumps(rng.choice(base_records)))
        path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
        status = main(["replay", str(path)])
        out, err = capsys.readouterr()
        assert status in (0, 2), f"replay case {case}: exit {status}"
        if status == 2:
            assert out == "" and err.startswith("kuhtheory: error: ")
            one_line(err, f"replay case {case}")
        else:
            assert not any(ch in out for ch in "\x1b\x07\u202e")


# ----- illegal actions ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def states() -> list[Any]:
    """Positions of every phase: the states of a few random games of each edition."""
    out = []
    for k, edition in enumerate(("classic", "2025", "first", "bluff", "classic+quick")):
        rng = random.Random(k)
        state = new_game(players=3 + k % 3, seed=k, edition=edition)
        step = 0
        while not state.is_terminal:
            if step % 7 == 0:
                out.append(state)
            state = state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
            step += 1
        out.append(state)
    return out


PLAYERS = (-1, 0, 1, 2, 3, 4, 5, 15, 16, 10**20, 10**5000, True, "0", None, 1.0)
AMOUNTS = (0, 1, 5, 10, 15, 20, 90, 100, 5000, MAX_AMOUNT, MAX_AMOUNT + 1, 10**5000, -10, 2.5, "10")


def random_cards(rng: random.Random) -> Any:
    kind = rng.randrange(6)
    if kind < 3:
        return tuple(rng.choice(DENOMINATIONS) for _ in range(rng.randrange(8)))
    if kind == 3:
        return [rng.choice([20, -10, 10**5000, "10", None, 10.0]) for _ in range(rng.randrange(4))]
    if kind == 4:
        return (10,) * rng.choice([65, 1000])
    return weird(rng)


def random_action(rng: random.Random, state: Any) -> Any:
    """A random action, often near a legal one (a legal action with one field changed)."""
    legal = state.legal_actions()
    if len(legal) and rng.random() < 0.5:
        base = legal[rng.randrange(len(legal))]
        fields = dict(vars(base))
        name = rng.choice(list(fields))
        if name == "player":
            fields[name] = rng.choice(PLAYERS)
        elif name == "amount":
            fields[name] = rng.choice([*AMOUNTS, fields[name] - 1, fields[name] + 10**4])
        elif name == "cards":
            fields[name] = random_cards(rng)
        elif name == "opponent":
            fields[name] = rng.choice(PLAYERS)
        elif name == "animal":
            fields[name] = rng.choice([*ANIMALS, "unicorn", 7, None])
        return type(base)(**fields)
    cls = rng.choice(list(ACTION_TYPES.values()))
    kwargs: dict[str, Any] = {"player": rng.choice(PLAYERS)}
    names = set(cls.__dataclass_fields__)
    if "amount" in names:
        kwargs["amount"] = rng.choice(AMOUNTS)
    if "cards" in names:
        kwargs["cards"] = random_cards(rng)
    if "opponent" in names:
        kwargs["opponent"] = rng.choice(PLAYERS)
    if "animal" in names:
        kwargs["animal"] = rng.choice([*ANIMALS, "cow", "unicorn", 3, None])
    return cls(**kwargs)


def test_fuzz_illegal_actions(states):
    rng = random.Random(SEED + 2)
    refused = 0
    for case in range(CASES):
        state = rng.choice(states)
        try:
            action = random_action(rng, state)
        except InvalidActionError as exc:  # refused as it is made
            one_line(str(exc), f"action case {case}")
            refused += 1
            continue
        before = state._key()
        reason = state.why_illegal(action)
        try:
            after = state.apply(action)
        except (IllegalActionError, InvalidActionError) as exc:
            one_line(str(exc), f"action case {case} {action!r:.200}")
            assert str(exc) == reason
            assert state._key() == before, f"action case {case}: the state changed"
            refused += 1
        except Exception as exc:  # pragma: no cover - the failure the fuzzing is for
            raise AssertionError(f"action case {case} {action!r:.200}: {exc!r:.300}") from exc
        else:
            assert reason is None and after.history[-1] == action
            assert state._key() == before
    assert refused > CASES // 2  # the generator makes mostly bad actions


# ----- bad command lines -------------------------------------------------------------------------
JUNK = ("", "-", "--", "x" * 5000, "\x1b[2J", "\u202e", "-1", "0", "1e9", "9" * 40, "nan", "+")
COMMANDS: dict[str, dict[str, tuple[str, ...]]] = {
    "simulate": {
        "--games": ("1", "2", "0", "-1", "x", "1.5", "9" * 25, "1000001"),
        "--players": ("3", "2", "6", "-3", "four", "9" * 30),
        "--seed": ("1", "-1", "9" * 19, "9" * 5000, "x"),
        "--edition": ("2025", "", "chess", "classic+quick", "first+x", "\x1b"),
        "--variant": ("quick", "turbo", "", "original"),
        "--bots": ("random", "heuristic,random", "clever", "", ",,", "random," * 40),
        "--max-actions": ("10", "0", "-5", "x"),
        "--record": ("{tmp}", "{tmp}/file.txt", "{tmp}/new/dir", "{tmp}/nonexistent/" + "x" * 300),
        "--game": ("kuhhandel", "schnaeppchen", "chess"),
    },
    "tournament": {
        "--games": ("1", "2", "0", "1000000000", "x"),
        "--players": ("3", "6", "0", "-1"),
        "--bots": ("random", "random,heuristic,random", "clever", "", "random,random"),
        "--jobs": ("1", "0", "-4", "x"),
        "--max-actions": ("20", "0", "9" * 30),
        "--shared": ("fraction", "win", "half"),
        "--edition": ("first", "", "chess"),
        "--csv": ("{tmp}", "{tmp}/t.csv", "{tmp}/nonexistent/t.csv", ""),
        "--csv-games": ("{tmp}/g.csv", "{tmp}/file.txt/g.csv"),
        "--seed": ("3", "-3", "x"),
    },
    "replay": {
        "": ("{tmp}", "/dev/zero", "/nonexistent.json", "{tmp}/file.txt", "-x"),
        "--json": (),
    },
    "coach": {
        "": (
            "{tmp}/good.json",
            "{tmp}/file.txt",
            "/dev/zero",
            "/nonexistent.json",
            "-",
            "{tmp}",
            "no-such-shipped-record",
        ),
        "--budget": ("0.01", "0", "-1", "nan", "x"),
        "--seat": ("0", "9", "-1", "x"),
        "--hands": ("public", "belief", "psychic"),
        "--spread": ("1", "5", "-1"),
        "--json": (),
    },
    "trajectories": {
        "": ("{tmp}/good.json", "{tmp}/file.txt", "/dev/zero", "/nonexistent.json", "{tmp}"),
        "--out": ("{tmp}/t.jsonl", "{tmp}", "{tmp}/missing/t.jsonl", "", "{tmp}/file.txt/t"),
        "--observations": ("none", "string", "pictures"),
    },
    "rules": {
        "--edition": ("2025", "", "chess", "\u202e"),
        "--variant": ("quick", "turbo", ""),
        "--json": (),
    },
    "solve trade": {
        "--a": ("0,10", "0,10@1/2;10@1/2", "0,10@1/0;10@1/2", "20", "", "x", "0,10@2;10@-1"),
        "--b": ("10", "0,0,10", "", "7", "500,500"),
        "--value": ("10", "1/0", "1e1000", "-1", "x", "9" * 50, "1/3", "0"),
        "--edition": ("2025", "bluff", "chess", ""),
        "--efg": ("{tmp}", "{tmp}/missing/t.efg"),
        "--exact": (),
        "--json": (),
    },
    "solve kuhn": {"--efg": ("{tmp}", "{tmp}/k.efg", "{tmp}/nonexistent/k.efg"), "--json": ()},
    "solve auction": {
        "--values": ("100,80", ",".join(["10"] * 50), "1000000000000,5", "x", "", "-5,3"),
        "--budgets": ("50,20", "-1,2", "x", "1,2,3"),
        "--step": ("10", "0", "-10", "x"),
        "--edition": ("2025", "chess"),
    },
    "solve preemption": {
        "--auctioneer": ("0,10,50", "x", "", "20"),
        "--bidder": ("10", "0,10,10,50", "x"),
        "--bid": ("40", "0", "-1", "9" * 5000),
        "--value": ("100", "-1", "x"),
        "--view": ("absolute", "sideways"),
    },
}
#: The options a command needs to run at all, so that most cases reach its deeper checks.
REQUIRED = {
    "solve trade": ("--a", "--b", "--value"),
    "solve auction": ("--values",),
    "solve preemption": ("--auctioneer", "--bidder", "--bid", "--value"),
    "replay": ("",),
    "coach": ("", "--budget"),
    "trajectories": ("", "--out"),
}
#: Options that make every case quick (small games, one process, no progress bar).
QUICK = {
    "simulate": ["--games", "2", "--players", "3", "--bots", "random"],
    "tournament": ["--games", "2", "--players", "3", "--bots", "random", "--jobs", "1"],
}


def random_command_line(rng: random.Random, tmp: str) -> list[str]:
    command = rng.choice(list(COMMANDS))
    options = COMMANDS[command]
    argv = command.split()
    if command in QUICK:
        argv += QUICK[command]
    chosen = set(REQUIRED.get(command, ())) | set(
        rng.sample(list(options), k=rng.randrange(1, min(4, len(options)) + 1))
    )
    for option in sorted(chosen):
        values = options[option]
        if option and not values:
            argv.append(option)
            continue
        value = rng.choice(values) if rng.random() < 0.85 else rng.choice(JUNK)
        argv += [value.format(tmp=tmp)] if not option else [option, value.format(tmp=tmp)]
    if rng.random() < 0.1:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice([*JUNK, "--bogus"]))
    if command in ("simulate", "tournament"):
        argv.append("--no-progress")
    return argv


def written(folder: Any) -> dict[Any, int]:
    """Every file under ``folder`` and when it was last written."""
    return {p: p.stat().st_mtime_ns for p in folder.rglob("*") if not p.is_dir()}


def test_fuzz_bad_command_lines(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a junk value such as "nan" may name a file to write: here
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\0" * 100)))  # "-" reads it
    rng = random.Random(SEED + 3)
    out_dir = tmp_path / "out"
    (out_dir).mkdir()
    (out_dir / "file.txt").write_text("x")
    # a good record to refer to: the first 40 actions of a game (auctions only), so that coach
    # and trajectories run quickly on it; coaching trades is for the coach's own tests
    bots = [make_agent("random", agent_seed(2, k)) for k in range(3)]
    small = play(new_game(players=3, seed=2), bots, max_actions=40, stop_at_limit=True)
    rec.save(rec.record_from_state(small, seats=["random"] * 3), out_dir / "good.json")
    statuses = {0: 0, 2: 0}
    for case in range(CASES):
        argv = random_command_line(rng, str(out_dir))
        files = written(tmp_path)
        try:
            status = main(argv)
        except Exception as exc:  # pragma: no cover - the failure the fuzzing is for
            raise AssertionError(f"command case {case} {argv!r:.300}: {exc!r:.300}") from exc
        out, err = capsys.readouterr()
        assert status in statuses, f"command case {case} {argv!r:.300}: exit {status}"
        statuses[status] += 1
        if status == 2:
            assert err.startswith("kuhtheory: error: "), f"command case {case}: {err[:300]!r}"
            one_line(err, f"command case {case} {argv!r:.300}")
            # a refused command line wrote no file and changed none (an atomic write that
            # failed half way made and removed a temporary file: only its folder's time moved)
            assert written(tmp_path) == files, argv
    assert statuses[2] > CASES // 2 and statuses[0] > 0
