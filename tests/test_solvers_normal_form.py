"""Reduced normal form, its size without building it, and the nashpy bridge."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kuhtheory.cards import to_counts
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.normal_form import (
    normal_form_size,
    reduced_normal_form,
    solve_with_nashpy,
    strategy_count,
)
from kuhtheory.solvers.sequence_form import from_game
from kuhtheory.solvers.trade import TradeRules, round_form, trade_game


def test_kuhn_sizes_match_the_literature():
    # First player: per card bet / check-fold / check-call = 3^3; second: 4^3.
    assert normal_form_size(kuhn_poker()) == (27, 64)
    assert normal_form_size(kuhn_poker(), reduced=False) == (64, 64)


def test_counted_size_equals_built_size():
    g = trade_game("classic", "0,50", "10", 20)  # the re-offer makes it 10 x 2523
    nf = reduced_normal_form(g)
    assert (len(nf.matrix), len(nf.matrix[0])) == normal_form_size(g)


def test_nashpy_agrees_with_the_sequence_form():
    for edition, a in (
        ("classic", "0,50"),
        ("2025", "0,10,10"),
        ("first", "0,10,10"),
        ("bluff", "0,10,10"),
    ):
        g = trade_game(edition, a, "0,10", 30)
        assert solve_with_nashpy(g).value == pytest.approx(solve_lp(from_game(g)).value, abs=1e-7)
    assert solve_with_nashpy(kuhn_poker()).value == pytest.approx(-1 / 18, abs=1e-9)


def test_ten_card_trade_normal_form_explodes():
    rules = TradeRules.from_edition("2025")
    hand = to_counts((0, 0, 10, 10, 10, 10, 50, 50, 100, 200))
    sf = round_form(rules, hand, hand, Fraction(100))
    rows, cols = normal_form_size(sf)
    assert rows == len(sf.infosets[0][0].actions)  # A: one pure strategy per offer class
    assert cols > 10**18  # B: a reply per card count, multiplied out
    assert cols == strategy_count(sf.infosets[1])
    with pytest.raises(SolverInputError, match="use the sequence form"):
        reduced_normal_form(sf)


def test_strategies_are_named():
    nf = reduced_normal_form(kuhn_poker())
    assert {"J", "Q", "K"} == {key[0] for s in nf.strategies[0] for key in s}
