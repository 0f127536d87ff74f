"""JSON game records: a game is its starting setup plus its actions.

A record is a JSON object (schema: ``kuhtheory/data/record.schema.json``, JSON Schema draft
2020-12)::

    {"format": "kuhtheory-record", "version": 1, "game": "kuhhandel",
     "setup": {"players": 4, "seed": 1, "edition": "classic", "variants": [], "first_player": 2},
     "seats": ["random", "heuristic", "heuristic", "human"],
     "actions": [{"type": "auction", "player": 2}, {"type": "bid", "player": 3, "amount": 10}, ...],
     "result": {"scores": [...], "winners": [...], "terminal": true}}

It is generic over the games of the collection (:func:`kuhtheory.game.get_game`): ``setup`` holds
``players``, ``seed`` and the game's ``setup_of(state)``, ``actions`` the game's
``action_to_json``. :func:`replay` rebuilds the start with the game's ``new_game`` and applies
every action, so each one is re-checked against the rules; a record whose ``result`` differs from
the replayed game's (a tampered score) is refused. Errors are :class:`InvalidRecordError` naming the
field (``record.setup.players``) or the action index with the engine's message.

Round trips, as in python-chess's PGN: ``replay(record_from_state(s)) == s`` and
``loads(dumps(r)) == r``.

>>> from kuhtheory.engine import new_game
>>> s = new_game(players=3, seed=4, first_player=0)
>>> s = s.apply(s.legal_actions()[0])
>>> r = record_from_state(s, seats=["random", "heuristic", "human"])
>>> r["actions"]
[{'type': 'auction', 'player': 0}]
>>> replay(loads(dumps(r))) == s
True
>>> r["actions"][0]["player"] = 1
>>> replay(r)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kuhtheory.errors.InvalidRecordError: action 0 Auction(player=1): ...
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, cast

from kuhtheory.errors import InvalidRecordError, KuhtheoryError
from kuhtheory.files import write_text_atomic
from kuhtheory.game import GameSpec, GameStateProtocol, game_names, get_game
from kuhtheory.quoting import clip, excerpt

FORMAT = "kuhtheory-record"
VERSION = 1

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "MAX_INTEGER",
    "MAX_RECORD_BYTES",
    "VERSION",
    "about_file",
    "bundled_records",
    "dumps",
    "game_of",
    "load",
    "load_bundled",
    "loads",
    "parse",
    "read",
    "record_from_state",
    "replay",
    "replay_states",
    "result_of",
    "save",
    "schema",
    "validate",
]


# ----- bounds ------------------------------------------------------------------------------------
#: Reading a record stops past this many bytes: a real game's record is tens of kilobytes (a
#: 50,000-action game, the longest :func:`kuhtheory.agents.play.play` allows, about 2.5 MB).
MAX_RECORD_BYTES = 8 * 1024 * 1024
#: How deeply a record's JSON may nest: a record nests four levels, ``meta`` leaves room for notes.
MAX_DEPTH = 32
#: Every integer in a record lies within ``-MAX_INTEGER .. MAX_INTEGER`` (a 64-bit whole number).
MAX_INTEGER = 2**63 - 1


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidRecordError(f"record: the number {excerpt(text, 30)} is not finite")
    return value


def _parse_constant(text: str) -> Any:
    raise InvalidRecordError(f"record: {text} is not a JSON value")


def parse(text: str | bytes) -> Any:
    """The JSON value of ``text``, not yet checked against the schema (:func:`validate` checks
    it and the bounds on depth and integers): :class:`InvalidRecordError` if ``text`` is larger
    than :data:`MAX_RECORD_BYTES`, is not JSON, has non-finite numbers, integers beyond Python's
    4,300-digit limit or nests beyond Python's recursion limit."""
    if len(text) > MAX_RECORD_BYTES:
        raise InvalidRecordError(
            f"record is larger than {MAX_RECORD_BYTES // 2**20} MiB (MAX_RECORD_BYTES): "
            "not a game record"
        )
    try:
        data = json.loads(
            text,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except InvalidRecordError:
        raise
    except RecursionError:
        raise InvalidRecordError(f"record nests deeper than {MAX_DEPTH} levels") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidRecordError(f"record is not valid JSON: {clip(str(exc), 120)}") from None
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits
        raise InvalidRecordError(
            f"record holds an integer of more than 4300 digits (integers in a record lie within "
            f"+-{MAX_INTEGER})"
        ) from None
    return data


def _check_tree(data: object) -> None:
    """Check that ``data`` is plain JSON within the bounds: dicts with string keys, lists,
    strings, booleans, None, integers within :data:`MAX_INTEGER`, finite floats, nested at most
    :data:`MAX_DEPTH` deep (a structure that contains itself is too deep). Iterative: no
    recursion however deep the input."""
    stack: list[tuple[object, int, str]] = [(data, 1, "record")]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, dict):
            items: Any = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            continue
        if depth > MAX_DEPTH:
            raise InvalidRecordError(f"{path}: the record nests deeper than {MAX_DEPTH} levels")
        for key, item in items:
            if isinstance(value, dict) and not isinstance(key, str):
                raise InvalidRecordError(f"{path}: the key {excerpt(key)} is not a string")
            kind = type(item)
            if kind is str or kind is bool or item is None:
                continue
            if kind is int:
                if not -MAX_INTEGER <= item <= MAX_INTEGER:  # type: ignore[operator]
                    raise InvalidRecordError(
                        f"{path}: the integer {excerpt(item)} is out of bounds "
                        f"(within +-{MAX_INTEGER})"
                    )
            elif kind is float:
                if not math.isfinite(item):  # type: ignore[arg-type]
                    raise InvalidRecordError(f"{path}: the number {item!r} is not finite")
            elif kind is dict or kind is list:
                sub = f"{path}.{excerpt(key, 40)}" if isinstance(key, str) else f"{path}[{key}]"
                stack.append((item, depth + 1, sub))
            else:
                raise InvalidRecordError(
                    f"{path}: {excerpt(item)} ({kind.__name__}) is not a JSON value"
                )


# ----- the schema and a small validator for the keywords it uses --------------------------------
@lru_cache(maxsize=1)
def _schema_text() -> str:
    return (resources.files("kuhtheory") / "data" / "record.schema.json").read_text("utf-8")


def schema() -> dict[str, Any]:
    """The record's JSON Schema (draft 2020-12), a fresh copy.

    >>> schema()["properties"]["format"]
    {'const': 'kuhtheory-record'}
    """
    result: dict[str, Any] = json.loads(_schema_text())
    return result


@lru_cache(maxsize=1)
def _root() -> dict[str, Any]:
    """The schema, parsed once (never handed out: :func:`schema` gives copies)."""
    return schema()


_TYPES: Mapping[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def _is_type(value: object, name: str) -> bool:
    if name in ("integer", "number") and isinstance(value, bool):
        return False
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _TYPES[name])


def _check(value: object, node: Mapping[str, Any], root: Mapping[str, Any], path: str) -> None:
    """Check ``value`` against one schema node (the subset of draft 2020-12 the schema uses).

    Messages quote the value as a bounded excerpt (:func:`kuhtheory.quoting.excerpt`)."""
    ref = node.get("$ref")
    if ref is not None:
        target: Any = root
        for part in ref.removeprefix("#/").split("/"):
            target = target[part]
        _check(value, target, root, path)
    if "const" in node and (value != node["const"] or type(value) is not type(node["const"])):
        raise InvalidRecordError(f"{path}: {excerpt(value)} must be {node['const']!r}")
    if "enum" in node and value not in node["enum"]:
        raise InvalidRecordError(
            f"{path}: {excerpt(value)} is not one of {', '.join(map(repr, node['enum']))}"
        )
    if "type" in node:
        names = node["type"] if isinstance(node["type"], list) else [node["type"]]
        if not any(_is_type(value, n) for n in names):
            raise InvalidRecordError(
                f"{path}: {excerpt(value)} must be of type {' or '.join(names)}"
            )
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in node and value < node["minimum"]:
            raise InvalidRecordError(f"{path}: {excerpt(value)} must be at least {node['minimum']}")
    if isinstance(value, str) and len(value) < node.get("minLength", 0):
        raise InvalidRecordError(f"{path}: {excerpt(value)} must not be empty")
    if isinstance(value, dict):
        for key in node.get("required", ()):
            if key not in value:
                raise InvalidRecordError(f"{path}: missing field {key!r}")
        props = node.get("properties", {})
        if node.get("additionalProperties") is False:
            extra = sorted(set(value) - set(props))
            if extra:
                raise InvalidRecordError(f"{path}: unknown fields {excerpt(extra)}")
        for key, sub in props.items():
            if key in value:
                _check(value[key], sub, root, f"{path}.{key}")
    if isinstance(value, list) and "items" in node:
        items = node["items"]
        if items.get("$ref") == "#/$defs/action":
            _check_actions(value, items, root, path)
            return
        for i, item in enumerate(value):
            _check(item, items, root, f"{path}[{i}]")


def _check_actions(
    actions: list[Any], node: Mapping[str, Any], root: Mapping[str, Any], path: str
) -> None:
    """The schema's ``actions`` items, checked in one quick pass: the generic :func:`_check`
    (and its message) only for an action that fails the quick test. The quick test is the
    action schema itself: an object with a non-empty string ``type`` and a seat ``player``."""
    for i, item in enumerate(actions):
        if type(item) is dict:
            kind, player = item.get("type"), item.get("player")
            if type(kind) is str and kind and type(player) is int and player >= 0:
                continue
        _check(item, node, root, f"{path}[{i}]")


def validate(record: object) -> dict[str, Any]:
    """``record`` if it has the record's shape (the schema, and one seat per player), else an error.

    Only the form is checked here; :func:`replay` also checks every action against the rules.
    The record must be plain JSON within the bounds (:data:`MAX_DEPTH`, :data:`MAX_INTEGER`).

    >>> validate({"format": "kuhtheory-record", "version": 2})
    Traceback (most recent call last):
    ...
    kuhtheory.errors.InvalidRecordError: record.version: 2 must be 1
    """
    root = _root()
    if isinstance(record, dict) and "version" in record and record.get("format") == FORMAT:
        # Say "wrong version" before "missing field": a newer record has other fields.
        _check(record["version"], root["properties"]["version"], root, "record.version")
    _check(record, root, root, "record")
    _check_tree(record)
    record = cast(dict[str, Any], record)  # _check proved it is an object
    players = record["setup"]["players"]
    if len(record["seats"]) != players:
        raise InvalidRecordError(
            f"record.seats: {excerpt(record['seats'])} names {len(record['seats'])} seats "
            f"for {players} players"
        )
    return record


# ----- state -> record ---------------------------------------------------------------------------
def game_of(state: object) -> GameSpec:
    """The :class:`GameSpec` whose ``new_game`` built ``state`` (by the state type's package)."""
    module = type(state).__module__
    for name in game_names():
        spec = get_game(name)
        package = spec.new_game.__module__.rsplit(".", 1)[0]
        if module == package or module.startswith(package + "."):
            return spec
    raise InvalidRecordError(f"{type(state).__name__} is not a state of any game in kuhtheory")


def result_of(state: GameStateProtocol) -> dict[str, Any]:
    """The ``result`` field of a record of ``state``: scores, winners and whether it is over."""
    return {
        "scores": list(state.scores()),
        "winners": list(state.winners()),
        "terminal": bool(state.is_terminal),
    }


def record_from_state(
    state: GameStateProtocol,
    seats: Sequence[str] | None = None,
    *,
    meta: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of ``state``: its setup, ``seats`` (default ``"unknown"``), actions and result."""
    spec = game_of(state)
    if seats is None:
        seats = ["unknown"] * state.players
    seats = [str(s) for s in seats]
    if len(seats) != state.players:
        raise InvalidRecordError(
            f"seats {seats!r} must name one agent (or 'human') per player: {state.players} players"
        )
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": spec.name,
        "setup": {"players": state.players, "seed": state.seed, **spec.setup_of(state)},
        "seats": seats,
        "actions": [spec.action_to_json(a) for a in state.history],
        "result": result_of(state),
    }
    if meta:
        record["meta"] = dict(meta)
    return record


# ----- record -> state ---------------------------------------------------------------------------
def replay_states(record: object) -> Iterator[GameStateProtocol]:
    """The start state and then the state after each action; every action is re-checked.

    Does not check ``result`` (see :func:`replay`).
    """
    rec = validate(record)
    spec = get_game(rec["game"])
    try:
        state = spec.new_game(**rec["setup"])
    except (TypeError, KuhtheoryError) as exc:
        raise InvalidRecordError(
            f"record.setup {excerpt(rec['setup'])}: {clip(str(exc), 200)}"
        ) from None
    yield state
    for i, data in enumerate(rec["actions"]):
        try:
            action = spec.action_from_json(data)
        except KuhtheoryError as exc:
            raise InvalidRecordError(f"action {i}: {clip(str(exc), 300)}") from None
        try:
            state = state.apply(action)
        except KuhtheoryError as exc:
            # the engine's message mostly starts with the action already: name it once
            shown, text = repr(action), str(exc)
            rest = text[len(shown) :] if text.startswith(shown) else f": {text}"
            raise InvalidRecordError(clip(f"action {i} {shown}{rest}", 400)) from None
        yield state


def replay(record: object, *, check_result: bool = True) -> GameStateProtocol:
    """The state the record's actions lead to, each re-checked; the ``result`` must match."""
    state = None
    for state in replay_states(record):  # noqa: B007 (the last state is the one we want)
        pass
    record = cast(dict[str, Any], record)  # replay_states validated it
    state = cast(GameStateProtocol, state)  # replay_states yields the start state at least
    if check_result and "result" in record:
        expected = result_of(state)
        for key, value in expected.items():
            if record["result"][key] != value:
                raise InvalidRecordError(
                    f"record.result.{key}: the record says {excerpt(record['result'][key])} but "
                    f"the actions give {excerpt(value)} (tampered or from another setup)"
                )
    return state


# ----- text and files ----------------------------------------------------------------------------
def dumps(record: Mapping[str, Any]) -> str:
    """The record as JSON text: one field per line, one action per line.

    >>> print(dumps({"format": "kuhtheory-record", "actions": [{"type": "pass", "player": 1}]}))
    {
      "format": "kuhtheory-record",
      "actions": [
        {"type": "pass", "player": 1}
      ]
    }
    """

    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    lines = []
    for key, value in record.items():
        if key == "actions" and isinstance(value, list) and value:
            items = ",\n".join("    " + one(a) for a in value)
            lines.append(f"  {one(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def loads(text: str | bytes) -> dict[str, Any]:
    """The record in JSON ``text``, checked by :func:`validate` (not yet replayed).

    Within the bounds of :func:`parse`; every failure is an :class:`InvalidRecordError`.
    """
    return validate(parse(text))


def save(record: Mapping[str, Any], path: str | Path) -> Path:
    """Write ``record`` (validated first) to ``path`` as UTF-8 JSON; returns the path.

    The file is written atomically and a symlink at ``path`` is replaced, never followed
    (:func:`kuhtheory.files.write_text_atomic`).
    """
    validate(dict(record))
    return write_text_atomic(path, dumps(record) + "\n")


def _file_name(path: str | Path) -> str:
    """How messages name the record file ``path`` (``"-"`` is the standard input)."""
    return "<stdin>" if str(path) == "-" else clip(str(path), 120)


@contextmanager
def about_file(path: str | Path) -> Iterator[None]:
    """Within the block, an :class:`InvalidRecordError` names the file ``path`` it is about, in
    front of its message (``game.json: record.setup.seed: -7 must be at least 0``): a command
    given several records says which one is wrong.

    >>> with about_file("game.json"):
    ...     validate([])
    Traceback (most recent call last):
    ...
    kuhtheory.errors.InvalidRecordError: game.json: record: [] must be of type object
    """
    prefix = _file_name(path) + ": "
    try:
        yield
    except InvalidRecordError as exc:
        if str(exc).startswith(prefix):
            raise
        raise InvalidRecordError(prefix + str(exc)) from None


def read(path: str | Path) -> Any:
    """The JSON value in the file ``path`` (``"-"``: standard input) within the bounds of
    :func:`parse`, not yet validated; errors name the file (:func:`about_file`). At most
    :data:`MAX_RECORD_BYTES` + 1 bytes are read, so ``/dev/zero`` or a huge file costs no more
    than that."""
    name = str(path)
    try:
        if name == "-":
            text = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as stream:
                text = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        # named as about_file names it, so that the name is not repeated
        raise InvalidRecordError(
            f"{_file_name(path)}: cannot read record: {exc.strerror or exc}"
        ) from None
    with about_file(path):
        return parse(text)


def load(path: str | Path) -> dict[str, Any]:
    """The record in the file ``path`` (validated, not yet replayed; errors name the file); see
    :func:`read`."""
    with about_file(path):
        return validate(read(path))


def bundled_records() -> tuple[str, ...]:
    """The names of the records shipped in ``kuhtheory/data/records`` (without ``.json``).

    >>> "classic-preemption" in bundled_records()
    True
    """
    folder = resources.files("kuhtheory") / "data" / "records"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


def load_bundled(name: str) -> dict[str, Any]:
    """A shipped record by name (see :func:`bundled_records`), validated, not yet replayed."""
    if name not in bundled_records():
        raise InvalidRecordError(
            f"no shipped record {excerpt(name)}: choose one of {', '.join(bundled_records())}"
        )
    path = resources.files("kuhtheory") / "data" / "records" / f"{name}.json"
    return loads(path.read_bytes())
