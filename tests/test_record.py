"""Game records (kuhtheory.record): schema, round trips, tampering, the shipped records."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory import record as rec
from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.engine import Bid, new_game
from kuhtheory.errors import InvalidRecordError
from kuhtheory.game import get_game


def _played(
    seed: int = 3, players: int = 4, edition: str = "classic", bots=("random",) * 4, variants=()
):
    state = new_game(players=players, seed=seed, edition=edition, variants=variants)
    agents = [make_agent(b, agent_seed(seed, k)) for k, b in enumerate(bots[:players])]
    return play(state, agents)


@pytest.fixture(scope="module")
def finished():
    return _played(seed=11, bots=("heuristic", "random", "heuristic", "random"))


@pytest.fixture(scope="module")
def record(finished):
    return rec.record_from_state(finished, seats=["heuristic", "random", "heuristic", "random"])


# ----- the record's shape ------------------------------------------------------------------------
def test_record_fields(record, finished):
    assert record["format"] == "kuhtheory-record" and record["version"] == 1
    assert record["game"] == "kuhhandel"
    assert record["setup"] == {
        "players": 4,
        "seed": 11,
        "edition": "classic",
        "variants": [],
        "first_player": finished.first_player,
    }
    assert len(record["actions"]) == len(finished.history)
    assert record["result"] == {
        "scores": list(finished.scores()),
        "winners": list(finished.winners()),
        "terminal": True,
    }


def test_schema_is_valid_draft_2020_12_and_agrees_with_validate(record):
    jsonschema = pytest.importorskip("jsonschema")
    schema = rec.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(record)
    bad = dict(record, version=2)
    assert not jsonschema.Draft202012Validator(schema).is_valid(bad)
    with pytest.raises(InvalidRecordError):
        rec.validate(bad)


def test_schema_ships_with_the_package():
    text = (resources.files("kuhtheory") / "data" / "record.schema.json").read_text("utf-8")
    assert json.loads(text)["$schema"].endswith("2020-12/schema")


# ----- round trips -------------------------------------------------------------------------------
def test_record_state_record_round_trip(record, finished):
    state = rec.replay(record)
    assert state == finished
    assert rec.record_from_state(state, seats=record["seats"]) == record


def test_record_text_record_round_trip(record):
    text = rec.dumps(record)
    assert rec.loads(text) == record
    assert json.loads(text) == record  # plain JSON, one action per line
    assert text.count("\n") >= len(record["actions"])


def test_save_and_load(tmp_path, record):
    path = rec.save(record, tmp_path / "game.json")
    assert rec.load(path) == record
    assert rec.replay(rec.load(path)).scores() == tuple(record["result"]["scores"])


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(3, 5),
    edition=st.sampled_from(
        [
            "classic",
            "2025",
            "first",
            "bluff",
            "classic+quick",
            "classic+short",
            "2025+double-move",
            "bluff+super-trade",
        ]
    ),
    cut=st.floats(0, 1),
)
def test_round_trip_any_game_and_any_prefix(seed, players, edition, cut):
    end = _played(seed=seed, players=players, edition=edition, bots=("random",) * 5)
    # A record of an unfinished game (a prefix of the actions) replays too.
    k = int(cut * len(end.history))
    state = rec.replay(_prefix_record(end, k))
    assert state.history == end.history[:k]
    again = rec.record_from_state(state)
    assert rec.loads(rec.dumps(again)) == again
    assert rec.replay(again) == state


def _prefix_record(end, k):
    r = rec.record_from_state(end)
    r["actions"] = r["actions"][:k]
    del r["result"]
    return r


def test_replay_states_yields_every_state(record, finished):
    states = list(rec.replay_states(record))
    assert len(states) == len(record["actions"]) + 1
    assert states[-1] == finished
    assert states[0].history == ()


def test_schnaeppchen_records_are_generic():
    spec = get_game("schnaeppchen")
    state = spec.new_game(players=3, seed=4)
    end = play(state, [make_agent("greedy", k, game=spec.name) for k in range(3)])
    r = rec.record_from_state(end, seats=["greedy"] * 3)
    assert r["game"] == "schnaeppchen"
    assert rec.replay(rec.loads(rec.dumps(r))).scores() == end.scores()


# ----- malformed and tampered records ------------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="pgn"), "record.format: 'pgn' must be 'kuhtheory-record'"),
        (lambda r: r.update(version=2), "record.version: 2 must be 1"),
        (lambda r: r.update(version="1"), "record.version: '1' must be 1"),
        (lambda r: r.pop("actions"), "record: missing field 'actions'"),
        (lambda r: r.update(game="chess"), "record.game: 'chess' is not one of"),
        (lambda r: r.update(extra=1), "record: unknown fields ['extra']"),
        (lambda r: r["setup"].update(players="four"), "record.setup.players: 'four' must be"),
        (lambda r: r["setup"].update(seed=1.5), "record.setup.seed: 1.5 must be of type integer"),
        (lambda r: r["setup"].update(seed=True), "record.setup.seed: True must be"),
        (lambda r: r.update(seats=["random"]), "record.seats: ['random'] names 1 seats for 4"),
        (lambda r: r["actions"].__setitem__(3, "bid"), "record.actions[3]: 'bid' must be"),
        (lambda r: r["actions"][5].pop("player"), "record.actions[5]: missing field 'player'"),
        (lambda r: r["actions"][2].update(player=-1), "record.actions[2].player: -1 must be at"),
    ],
)
def test_malformed_records_name_the_field(record, change, message):
    bad = copy.deepcopy(record)
    change(bad)
    with pytest.raises(InvalidRecordError) as info:
        rec.replay(bad)
    assert message in str(info.value)


def test_not_a_json_object():
    with pytest.raises(InvalidRecordError, match="record: \\[1, 2\\] must be of type object"):
        rec.validate([1, 2])
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        rec.loads("{not json")


def test_impossible_setup_is_a_record_error(record):
    bad = copy.deepcopy(record)
    bad["setup"]["players"] = 6
    bad["seats"] = ["random"] * 6
    with pytest.raises(InvalidRecordError, match="record.setup .*players=6 is not possible"):
        rec.replay(bad)
    bad = copy.deepcopy(record)
    bad["setup"]["edition"] = "chess"
    with pytest.raises(InvalidRecordError, match="unknown edition 'chess'"):
        rec.replay(bad)
    bad = copy.deepcopy(record)
    bad["setup"]["colour"] = "red"
    with pytest.raises(InvalidRecordError, match="record.setup .*colour"):
        rec.replay(bad)


def test_k_auc_1_a_low_bid_is_refused_with_its_index_and_clause(record, finished):
    bad = copy.deepcopy(record)
    # Find a real bid that raised an earlier bid and lower it to the bid it had to beat.
    states = list(rec.replay_states(record))
    for i, action in enumerate(finished.history):
        auction = states[i].auction
        if isinstance(action, Bid) and auction is not None and auction.high_bid > 0:
            bad["actions"][i]["amount"] = auction.high_bid
            break
    else:  # pragma: no cover - the seeded game has raises
        pytest.fail("no raise in the game")
    with pytest.raises(InvalidRecordError) as info:
        rec.replay(bad)
    text = str(info.value)
    assert text.startswith(f"action {i} Bid(player={action.player}, amount={auction.high_bid}): ")
    assert "K-AUC-1" in text


def test_an_action_of_the_wrong_player_is_refused(record):
    bad = copy.deepcopy(record)
    bad["actions"][0]["player"] = (bad["actions"][0]["player"] + 1) % 4
    with pytest.raises(InvalidRecordError, match="^action 0 Auction"):
        rec.replay(bad)


def test_an_unknown_action_type_is_refused(record):
    bad = copy.deepcopy(record)
    bad["actions"][4] = {"type": "steal", "player": 0}
    with pytest.raises(InvalidRecordError, match="^action 4: .*unknown type 'steal'"):
        rec.replay(bad)


def test_a_tampered_result_is_refused(record):
    bad = copy.deepcopy(record)
    bad["result"]["scores"][0] += 10
    with pytest.raises(InvalidRecordError, match="record.result.scores: the record says"):
        rec.replay(bad)
    bad = copy.deepcopy(record)
    bad["result"]["winners"] = [(record["result"]["winners"][0] + 1) % 4]
    with pytest.raises(InvalidRecordError, match="record.result.winners"):
        rec.replay(bad)
    assert rec.replay(bad, check_result=False).scores() == tuple(record["result"]["scores"])


def test_extra_actions_after_the_end_are_refused(record):
    bad = copy.deepcopy(record)
    bad["actions"].append({"type": "auction", "player": 0})
    with pytest.raises(InvalidRecordError, match=f"^action {len(record['actions'])} "):
        rec.replay(bad)


def test_seats_must_match_the_players(finished):
    with pytest.raises(InvalidRecordError, match="one agent"):
        rec.record_from_state(finished, seats=["random"])


def test_missing_file_is_a_record_error(tmp_path):
    with pytest.raises(InvalidRecordError, match="cannot read record"):
        rec.load(tmp_path / "nothing.json")


# ----- the shipped records -----------------------------------------------------------------------
SHIPPED = sorted(
    (resources.files("kuhtheory") / "data" / "records").iterdir(), key=lambda p: p.name
)


def test_there_are_three_to_six_shipped_records():
    names = [p.name for p in SHIPPED if p.name.endswith(".json")]
    assert 3 <= len(names) <= 6, names  # the sixth: the coach chapter's game (issue 17)


@pytest.mark.parametrize(
    "path", [p for p in SHIPPED if p.name.endswith(".json")], ids=lambda p: p.name
)
def test_shipped_records_replay(path):
    record = rec.loads(path.read_text("utf-8"))
    state = rec.replay(record)
    assert state.is_terminal
    assert record["meta"]["shows"]


# ----- the records shipped with the package ------------------------------------------------------
def test_shipped_records_are_listed_and_load_validated():
    names = rec.bundled_records()
    assert "classic-preemption" in names and names == tuple(sorted(names))
    for name in names:
        record = rec.load_bundled(name)
        assert rec.replay(record).history_length == len(record["actions"])


def test_unknown_shipped_record_names_the_choices():
    with pytest.raises(InvalidRecordError, match="classic-preemption"):
        rec.load_bundled("no-such-game")
