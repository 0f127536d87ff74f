"""kuhtheory.editions: the edition table of RULES.md as data, and the variants."""

from __future__ import annotations

import pytest

from kuhtheory.editions import (
    DEFAULT_EDITION,
    EDITIONS,
    VARIANTS,
    CounterSettlement,
    Preemption,
    ScoreTieBreak,
    Scoring,
    TradeTie,
    get_edition,
)
from kuhtheory.errors import UnknownEditionError


def test_edition_table_rows():
    c, y, f, b = (get_edition(k) for k in ("classic", "2025", "first", "bluff"))
    assert [e.cards_per_family for e in (f, b, c, y)] == [4, 4, 4, 3]
    assert f.money_deck == b.money_deck == (10, 25, 5, 5, 5, 5)
    assert c.money_deck == y.money_deck == (10, 20, 10, 5, 5, 5)
    assert f.start_money == b.start_money == (2, 5, 0, 0, 0, 0)
    assert c.start_money == (2, 4, 1, 0, 0, 0) and y.start_money == (2, 4, 2, 0, 0, 0)
    assert [e.animals_per_auction for e in (f, b, c, y)] == [1, 1, 1, 2]
    assert [e.min_raise for e in (f, b, c, y)] == [1, 1, 1, 10]
    assert b.preemption is Preemption.BUY_BACK
    assert f.preemption is c.preemption is y.preemption is Preemption.PAY_BID
    assert not b.responder_may_accept and f.responder_may_accept and c.responder_may_accept
    assert f.counter_settlement is b.counter_settlement is CounterSettlement.WINNER_PAYS
    assert c.counter_settlement is y.counter_settlement is CounterSettlement.KEEP_RECEIVED
    assert c.trade_tie is TradeTie.REOFFER_THEN_FREE
    assert y.trade_tie is f.trade_tie is b.trade_tie is TradeTie.OFFERER_WINS
    assert f.scoring is b.scoring is Scoring.SUM and f.dove_bonus == b.dove_bonus == 500
    assert c.scoring is y.scoring is Scoring.SUM_TIMES_FAMILIES and c.dove_bonus == 0
    assert y.score_tiebreak is ScoreTieBreak.MONEY_THEN_SHARED
    assert c.score_tiebreak is ScoreTieBreak.SHARED
    assert all(e.donkey_payouts == (50, 100, 200, 500) for e in (f, b, c, y))


def test_default_and_names():
    assert DEFAULT_EDITION == "classic" and get_edition().key == "classic"
    assert set(EDITIONS) == {"classic", "2025", "first", "bluff"}
    assert get_edition("classic+quick").name == "classic+quick"


@pytest.mark.parametrize(
    ("name", "field", "value"),
    [
        ("classic+quick", "animals_per_auction", 2),
        ("classic+short", "deal_animals", 4),
        ("bluff+super-trade", "trade_tie", TradeTie.OFFERER_FREE),
        ("2025+double-move", "double_move", True),
        ("2025+no-kidding", "one_bid_per_auction", True),
        ("2025+donkey-100", "donkey_payouts", (100, 100, 200, 500)),
        ("2025+original", "cards_per_family", 4),
    ],
)
def test_variants(name, field, value):
    assert getattr(get_edition(name), field) == value


def test_super_trade_keeps_the_piles():
    assert get_edition("bluff+super-trade").counter_settlement is CounterSettlement.KEEP_RECEIVED


def test_original_variant_changes_what_the_leaflet_lists():
    o = get_edition("2025", ["original"])
    assert (o.cards_per_family, o.start_money, o.animals_per_auction) == (4, (2, 4, 1, 0, 0, 0), 1)
    assert o.min_raise == 10 and o.trade_tie is TradeTie.OFFERER_WINS


@pytest.mark.parametrize("bad", ["chess", "classic+turbo", "2025+quick", "classic+quick+quick"])
def test_unknown_or_misplaced_variants(bad):
    with pytest.raises(UnknownEditionError, match="unknown|belongs|twice"):
        get_edition(bad)


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_edition_seats_3_to_5(edition, players):
    assert get_edition(edition).check_players(players) == players


@pytest.mark.parametrize("players", [2, 6, 7, "4", True])
def test_other_player_counts_refused(players):
    with pytest.raises(UnknownEditionError):
        get_edition("classic").check_players(players)


def test_six_players_message_explains_the_money_deck():
    with pytest.raises(UnknownEditionError, match="12 zero-cards"):
        get_edition("classic").check_players(6)


def test_describe_is_json_ready():
    import json

    data = get_edition("2025+no-kidding").describe()
    assert json.loads(json.dumps(data))["one_bid_per_auction"] is True
    assert data["variants"] == ["no-kidding"] and data["denominations"][-1] == 500


def test_variant_registry_names_its_editions():
    assert VARIANTS["quick"].editions == ("classic",)
    assert VARIANTS["super-trade"].editions == ("bluff",)
