"""Hidden money as the rules give it (K-TRD-1..3): the fast array builder against the tree builder,
the classic second round that has seen A's first pile, beliefs as a tracker makes them, both hands
hidden, and the aggregated LP against the plain one."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.cards import DENOMINATIONS, from_counts
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers import solve_trade
from kuhtheory.solvers.efg import Chance, Decision, Game, Terminal
from kuhtheory.solvers.hidden_model import aggregated_lp, parse_belief
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.solve import solve_game
from kuhtheory.solvers.trade import (
    TradeRules,
    counter_payoff,
    counter_totals,
    offer_classes,
    offer_label,
    parse_hand,
    trade_game,
)
from kuhtheory.solvers.trade_hidden import model_of, solve_hidden_trade

EDITIONS = ("classic", "2025", "first", "bluff", "bluff+super-trade")
ONE_ROUND = ("2025", "first", "bluff", "bluff+super-trade")
ISSUE_HANDS = [
    ("10,50,50", Fraction(1, 3)),
    ("0,0,10,10", Fraction(1, 3)),
    ("0,100", Fraction(1, 3)),
]


def test_k_trd_3_classic_tie_shows_the_first_pile():
    # Issue 13: after a tie the piles are exchanged and counted (K-TRD-3), so B has seen A's
    # first pile. The rules' model gives 1880/23 = 81.74, as the full tree does; keying B's
    # second round on count and total only gave 86.67.
    s = solve_trade("classic", ISSUE_HANDS, "50,100", 150, exact=True)
    assert s.value_exact == Fraction(1880, 23)
    tree = solve_game(trade_game("classic", ISSUE_HANDS, "50,100", 150, collapse=False), True)
    assert tree.value_exact == Fraction(1880, 23)
    old = solve_game(trade_game("classic", ISSUE_HANDS, "50,100", 150, collapse=True), True)
    assert round(float(old.value_exact), 2) == 86.67


small_hand = st.lists(st.sampled_from(DENOMINATIONS[:4]), min_size=0, max_size=3)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(EDITIONS),
    st.lists(small_hand, min_size=2, max_size=3, unique_by=lambda h: tuple(sorted(h))),
    small_hand,
    st.integers(0, 150),
    st.lists(st.integers(1, 4), min_size=3, max_size=3),
)
def test_array_builder_equals_the_tree_builder(edition, a_hands, b_hand, w, weights):
    total = sum(weights[: len(a_hands)])
    belief = [(h, Fraction(k, total)) for h, k in zip(a_hands, weights, strict=False)]
    fast = solve_hidden_trade(edition, belief, b_hand, w, exact=True)
    tree = solve_game(trade_game(edition, belief, b_hand, w, collapse=False), exact=True)
    assert fast.value_exact == tree.value_exact


def _both_hidden_tree(edition, a_belief, b_belief, w) -> Game:
    """The one-round trade with both hands drawn, written out as a tree (independent check)."""
    rules = TradeRules.from_edition(edition)
    pairs = []
    for ha, pa in a_belief:
        for hb, pb in b_belief:
            a, b = parse_hand(ha), parse_hand(hb)
            offers = []
            for c, t, _ in offer_classes(a):
                acts, kids = [], []
                if rules.responder_may_accept:
                    acts.append("accept")
                    kids.append(Terminal(w - t))
                for u in counter_totals(b):
                    acts.append(f"counter {u}")
                    kids.append(Terminal(counter_payoff(rules, t, u, Fraction(w), Fraction(w))))
                offers.append(Decision(1, ("reply", from_counts(b), c), acts, kids))
            labels = [offer_label(c, t) for c, t, _ in offer_classes(a)]
            pairs.append(
                (f"{ha}|{hb}", pa * pb, Decision(0, ("offer", from_counts(a)), labels, offers))
            )
    return Game(Chance(pairs), title="both hidden")


@pytest.mark.parametrize("edition", ONE_ROUND)
def test_both_hands_hidden_one_round(edition):
    a_belief = [("0,10,50", Fraction(1, 2)), ("10,10", Fraction(1, 2))]
    b_belief = [("0,50", Fraction(2, 3)), ("10,10,10", Fraction(1, 3))]
    fast = solve_hidden_trade(edition, a_belief, b_belief, 80, exact=True)
    tree = solve_game(_both_hidden_tree(edition, a_belief, b_belief, 80), exact=True)
    assert fast.value_exact == tree.value_exact


def test_classic_with_b_hidden_is_refused():
    with pytest.raises(SolverInputError, match="classic with B's hand hidden"):
        solve_trade("classic", "0,10", [("10", 0.5), ("50", 0.5)], 60)


def test_tracker_beliefs_are_accepted_and_renormalised_exactly():
    # MoneyTracker.belief(spread=3) gives floats that do not sum to exactly 1 in decimal.
    belief = [("0,10", 1 / 3), ("10,10", 1 / 3), ("0,50", 1 / 3 + 1e-12)]
    parsed = parse_belief(belief)
    assert sum(p for _, p in parsed) == 1
    s = solve_trade("2025", belief, "10,50", 100)
    assert len(s.a_hands) == 3 and s.exploitability < 1e-9


def test_zero_probability_hands_are_left_out():
    belief = [("0,10", 0.5), ("50,50", 0.0), ("10,10", 0.5)]
    s = solve_trade("classic", belief, "10,50", 100)
    assert [h for h, _ in s.a_hands] == [(0, 10), (10, 10)]
    with_zero = solve_trade("classic", belief, "10,50", 100).value
    without = solve_trade("classic", [("0,10", 0.5), ("10,10", 0.5)], "10,50", 100).value
    assert with_zero == pytest.approx(without)
    # One hand left with probability 1: the public solve.
    assert solve_trade("2025", [("0,10", 1.0), ("50", 0)], "10", 30).value == pytest.approx(
        solve_trade("2025", "0,10", "10", 30).value
    )


def test_bad_beliefs_name_the_input():
    with pytest.raises(SolverInputError, match="sum to 0.7"):
        parse_belief([("0", 0.5), ("10", 0.2)])
    with pytest.raises(SolverInputError, match="must be >= 0"):
        parse_belief([("0", 1.5), ("10", -0.5)])
    with pytest.raises(SolverInputError, match="money card 20"):
        parse_belief([("20", 1.0)])
    with pytest.raises(SolverInputError, match="pair"):
        parse_belief([("0", 0.5, 1)])
    deck = [0, 0, 10, 10, 50, 50, 100, 100, 200, 500]
    many = [(",".join(map(str, deck[k:] + [10] * k)), Fraction(1, 9)) for k in range(9)]
    with pytest.raises(SolverInputError, match="cells"):
        solve_trade("classic", many, "0,0,10,10,10,10,50,50,100,200,500,500", 100)


def test_aggregated_lp_equals_the_plain_lp():
    rules = TradeRules.from_edition("classic")
    belief = parse_belief(
        [("0,0,10,10,50", 0.25), ("0,10,10,10,50", 0.25), ("0,10,50,100", 0.25), ("10,50,50", 0.25)]
    )
    b = ((parse_hand("0,10,10,50,100"), Fraction(1)),)
    model = model_of(rules, belief, b, Fraction(120), exact=False)
    x, y, value = aggregated_lp(model)
    assert value == pytest.approx(solve_lp(model.sf).value, abs=1e-7)
    from kuhtheory.solvers.best_response import exploitability

    assert exploitability(model.sf, x, y) < 1e-7
    assert np.all(x >= 0) and np.all(y >= 0)


def test_many_hidden_hands_use_the_aggregated_lp():
    hands = [",".join(["0"] * k + ["10"] * (6 - k) + ["50"] * (k % 3)) for k in range(7)]
    belief = [(h, Fraction(1, 7)) for h in hands]
    s = solve_trade("2025", belief, "0,10,10,50,100", 100)
    assert s.exploitability < 1e-7 and len(s.offers) == 7


def test_both_hidden_reply_table_averages_over_bs_hands():
    a_belief = [("0,10,50", Fraction(1, 2)), ("10,10", Fraction(1, 2))]
    b_belief = [("0,50", Fraction(2, 3)), ("10,10,10", Fraction(1, 3))]
    s = solve_hidden_trade("2025", a_belief, b_belief, 80)
    assert s.b_hand == (0, 50)
    for row in s.replies:
        assert row.accept + sum(p for _, p in row.counters) == pytest.approx(1.0)
    assert len({r.count for r in s.replies}) == len(s.replies)


def test_pruned_model_keeps_the_value_and_an_equilibrium_of_the_whole_game():
    # Big classic models leave out A's second offers that another offer of the same count
    # weakly dominates (his last move: they never do better). Same value as the whole model, and
    # the plans, put back into the whole model (left-out offers at 0), are still an equilibrium.
    from kuhtheory.solvers.best_response import exploitability
    from kuhtheory.solvers.hidden_model import build_model
    from kuhtheory.solvers.trade_hidden import _public_second_round

    rules = TradeRules.from_edition("classic")
    belief = parse_belief(
        [("0,0,10,10,50", 0.25), ("0,10,10,10,50", 0.25), ("0,10,50,100", 0.25), ("10,50,50", 0.25)]
    )
    b = ((parse_hand("0,10,10,50,100"), Fraction(1)),)
    w = Fraction(120)

    def second(hand):
        return _public_second_round(rules, hand, b[0][0], w, False)

    whole = build_model(rules, belief, b, w, False, second)
    pruned = build_model(rules, belief, b, w, False, second, prune_above=0)
    assert whole.pruned == 0 and pruned.pruned > 0
    assert len(pruned.sf.rows) < len(whole.sf.rows)
    x, y, value = aggregated_lp(pruned)
    assert value == pytest.approx(solve_lp(whole.sf).value, abs=1e-7)
    # A's plan in the whole model: the same sequences by information set and label.
    where = {
        (info.key, label): info.first + k
        for info in pruned.sf.infosets[0]
        for k, label in enumerate(info.actions)
    }
    x_whole = np.zeros(whole.sf.sizes[0])
    x_whole[0] = 1.0
    for info in whole.sf.infosets[0]:
        for k, label in enumerate(info.actions):
            if (info.key, label) in where:
                x_whole[info.first + k] = x[where[(info.key, label)]]

    def b_sets(model):
        return [(i.key, i.actions, i.parent, i.first) for i in model.sf.infosets[1]]

    assert b_sets(whole) == b_sets(pruned)
    assert exploitability(whole.sf, x_whole, y) < 1e-7
