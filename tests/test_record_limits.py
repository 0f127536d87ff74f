"""Game records under attack (issue 16): bounded size, depth and integers, one schema pass, error
lines that quote a bounded excerpt, seat names printed with control characters escaped, the seed's
sign checked. Every failure is one InvalidRecordError line; ``kuhtheory replay`` exits 2."""

from __future__ import annotations

import json
import time

import pytest

from kuhtheory import record as rec
from kuhtheory.agents.random import random_playout
from kuhtheory.cli import main
from kuhtheory.engine import new_game
from kuhtheory.errors import InvalidRecordError


@pytest.fixture(scope="module")
def record():

    end = random_playout(new_game(players=3, seed=5), 5)
    return rec.record_from_state(end, seats=["random", "random", "random"])


def _one_line(message: str, limit: int = 400) -> None:
    assert "\n" not in message and len(message) <= limit, message[:500]


def _refused(text_or_record, match: str | None) -> str:
    with pytest.raises(InvalidRecordError, match=match) as info:
        if isinstance(text_or_record, (str, bytes)):
            rec.loads(text_or_record)
        else:
            rec.validate(text_or_record)
    _one_line(str(info.value))
    return str(info.value)


# ----- depth --------------------------------------------------------------------------------------
def test_a_record_nested_1000_levels_deep_is_an_invalid_record_not_a_recursion_error(record):
    text = json.dumps(record)[:-1] + ', "meta": {"x": ' + "[" * 1000 + "]" * 1000 + "}}"
    _refused(text, "nests deeper than 32 levels")
    _refused("[" * 100_000 + "]" * 100_000, "nests deeper")


def test_a_record_nested_past_the_depth_limit_in_python_is_refused(record):
    deep: list = []
    node = deep
    for _ in range(5000):  # built without recursion; json.dumps of it would overflow the stack
        node.append([])
        node = node[0]
    _refused({**record, "meta": {"notes": deep}}, "nests deeper than 32 levels")
    fine = {**record, "meta": {"notes": [[[["a"]]]]}}
    assert rec.validate(fine) is fine


def test_a_record_that_contains_itself_is_refused(record):
    looped = json.loads(json.dumps(record))
    looped["meta"] = {}
    looped["meta"]["self"] = looped["meta"]
    _refused(looped, "nests deeper")


# ----- integers -----------------------------------------------------------------------------------
def test_an_integer_over_4300_digits_is_an_invalid_record(record):
    text = json.dumps(record).replace('"seed": 5', '"seed": ' + "7" * 5000)
    _refused(text, "integer of more than 4300 digits")


def test_an_integer_beyond_64_bits_is_an_invalid_record_in_text_and_in_python(record):
    _refused(json.dumps(record).replace('"seed": 5', '"seed": ' + "9" * 30), "out of bounds")
    message = _refused({**record, "setup": {**record["setup"], "seed": 10**5000}}, "bounds")
    assert "5001 digits" in message
    action = {"type": "bid", "player": 1, "amount": 10**5000}
    _refused({**record, "actions": [action]}, "out of bounds")


def test_non_finite_numbers_are_refused(record):
    _refused(json.dumps(record).replace('"seed": 5', '"seed": NaN'), "NaN is not a JSON value")
    _refused(json.dumps(record).replace('"seed": 5', '"seed": 1e999'), "not finite")
    _refused({**record, "meta": {"x": float("inf")}}, "not finite")


def test_values_that_are_not_json_are_refused(record):
    _refused({**record, "meta": {"x": {1, 2}}}, "is not a JSON value")
    _refused({**record, "meta": {3: "x"}}, "key 3 is not a string")


def test_the_seed_must_not_be_negative(record):
    _refused(
        {**record, "setup": {**record["setup"], "seed": -5}}, r"setup.seed: -5 must be at least 0"
    )


# ----- size ---------------------------------------------------------------------------------------
def test_reading_stops_past_the_size_limit(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (rec.MAX_RECORD_BYTES + 10))
    with pytest.raises(InvalidRecordError, match="larger than 8 MiB"):
        rec.load(big)
    reads = []

    class Endless:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def read(self, size=-1):
            assert size > 0, "an unbounded read"
            reads.append(size)
            return b"0" * size

    monkeypatch.setattr("builtins.open", lambda *a, **k: Endless())
    with pytest.raises(InvalidRecordError, match="larger than"):
        rec.load("/dev/zero")
    assert reads == [rec.MAX_RECORD_BYTES + 1]


def test_replay_of_dev_zero_is_one_error_line(capsys):
    start = time.perf_counter()
    assert main(["replay", "/dev/zero"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("kuhtheory: error: /dev/zero: record is larger than 8 MiB")
    _one_line(err.rstrip("\n"))
    assert time.perf_counter() - start < 30  # it stops reading: no minute-long memory fill


def test_the_cli_checks_the_schema_once(record, tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.json"
    rec.save(record, path)
    calls = []
    real = rec._check_actions

    def counting(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(rec, "_check_actions", counting)
    assert main(["replay", str(path)]) == 0
    assert len(calls) == 1


def test_a_long_record_fails_fast_on_its_first_bad_action(record):
    # 120,000 actions (about 4 MB): the schema pass is one quick loop, and replay stops at the
    # first action the rules refuse.
    long = {**record, "actions": [{"type": "pass", "player": 0}] * 120_000}
    del long["result"]
    text = json.dumps(long)
    start = time.perf_counter()
    with pytest.raises(InvalidRecordError, match="action 0 Pass"):
        rec.replay(rec.parse(text))
    assert time.perf_counter() - start < 20


# ----- error lines --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("version", "v" * 20_000_000),
        ("game", ["x"] * 1_000_000),
        ("seats", ["random", "random", "random", "r" * 1_000_000]),
        ("extra", {"k" * 100_000: 1}),
    ],
)
def test_error_lines_quote_a_bounded_excerpt(record, field, value):
    message = _refused({**record, field: value}, None)
    assert len(message) < 300


def test_an_action_error_quotes_a_bounded_excerpt(record):
    bad = {**record, "actions": [{"type": "x" * 10_000_000, "player": 0}]}
    with pytest.raises(InvalidRecordError, match="unknown type") as info:
        rec.replay(bad)
    _one_line(str(info.value))
    bad = {**record, "actions": [{"type": "pay", "player": 0, "cards": [10] * 1_000_000}]}
    with pytest.raises(InvalidRecordError) as info:
        rec.replay(bad)
    _one_line(str(info.value))


# ----- printing seat names ------------------------------------------------------------------------
def test_replay_escapes_control_characters_and_lone_surrogates_in_seat_names(
    record, tmp_path, capsys
):
    names = ["Eve\x1b[2J\x07", "\u202eevil", "half\ud800"]
    text = json.dumps({**record, "seats": names})  # the surrogate is written as \ud800
    path = tmp_path / "names.json"
    path.write_text(text, encoding="ascii")
    assert main(["replay", str(path)]) == 0
    out, _ = capsys.readouterr()
    first = out.splitlines()[0]
    assert "Eve\\x1b[2J\\x07" in first and "\\u202eevil" in first and "half\\ud800" in first
    assert not any(ch in out for ch in "\x1b\x07\u202e")
    assert main(["replay", "--json", str(path)]) == 0
    out, _ = capsys.readouterr()
    assert json.loads(out)["seats"] == names and out.isascii()


def test_coach_escapes_control_characters_and_lone_surrogates_in_seat_names(tmp_path, capsys):
    names = ["Eve\x1b[2J\x07", "\u202eevil", "half\ud800", "ok"]
    lesson = {**rec.load_bundled("classic-coach-lesson"), "seats": names}
    path = tmp_path / "names.json"
    path.write_text(json.dumps(lesson), encoding="ascii")
    argv = ["coach", str(path), "--seat", "1", "--hands", "public", "--budget", "0.05"]
    assert main(argv) == 0
    out, _ = capsys.readouterr()
    assert "P0 Eve\\x1b[2J\\x07, P1 \\u202eevil, P2 half\\ud800" in out.splitlines()[0]
    assert "P1 (\\u202eevil): " in out
    assert not any(ch in out for ch in "\x1b\x07\u202e")


# ----- the 40 MB record -------------------------------------------------------------------
def test_a_40_mb_record_is_refused_at_the_size_limit_without_being_parsed(
    record, tmp_path, capsys, monkeypatch
):
    # 40 MB of well-formed actions took 27 s before its error (each action schema-checked
    # twice); now reading stops at MAX_RECORD_BYTES + 1 bytes, before any JSON is parsed
    one_game = json.dumps(record["actions"])[1:-1]  # the game's actions, without brackets
    actions = ", ".join([one_game] * (40_000_000 // len(one_game) + 1))
    path = tmp_path / "big.json"
    path.write_text(
        json.dumps({**record, "actions": []}).replace('"actions": []', f'"actions": [{actions}]')
    )
    assert path.stat().st_size > 40_000_000

    def no_parsing(*args, **kwargs):
        raise AssertionError("a record past the size limit was parsed")

    monkeypatch.setattr(json, "loads", no_parsing)
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"kuhtheory: error: {path}: record is larger than 8 MiB")
    _one_line(err.rstrip("\n"))
