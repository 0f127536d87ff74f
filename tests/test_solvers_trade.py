"""The trade subgame (K-TRD-1..3) for every edition: payoffs, collapsing, the classic re-offer, and
values checked against an independent brute-force normal-form solve."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from kuhtheory.cards import to_counts
from kuhtheory.editions import CounterSettlement, TradeTie
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.best_response import exploitability
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.solve import solve_game
from kuhtheory.solvers.trade import (
    TradeRules,
    _round_payoffs,
    counter_payoff,
    counter_totals,
    offer_classes,
    parse_hand,
    round_form,
    trade_game,
    undominated_columns,
)

EDITIONS = ("classic", "2025", "first", "bluff", "bluff+super-trade")
W = Fraction(100)


# --- payoffs, from the rule texts -------------------------------------------------------------


def test_k_trd_3_classic_example_260_vs_250():
    # RULES.md worked example: A offers 260, B counters 250: A wins the sheep paying net 10.
    rules = TradeRules.from_edition("classic")
    assert counter_payoff(rules, 260, 250, W, None) == W - 10
    # Had B countered 270, B would have won A's... animal for net 10: A is up 10 without the stake.
    assert counter_payoff(rules, 260, 270, W, None) == 10


def test_k_trd_3_winner_pays_first_and_bluff():
    for edition in ("first", "bluff"):
        rules = TradeRules.from_edition(edition)
        assert rules.counter_settlement is CounterSettlement.WINNER_PAYS
        assert counter_payoff(rules, 60, 50, W, None) == W - 60  # A wins, pays his own pile
        assert counter_payoff(rules, 40, 50, W, None) == 50  # B wins, pays his own pile to A


def test_k_trd_3_ties_per_edition():
    assert counter_payoff(TradeRules.from_edition("2025"), 50, 50, W, None) == W  # A wins, keep
    assert counter_payoff(TradeRules.from_edition("first"), 50, 50, W, None) == W - 50
    assert counter_payoff(TradeRules.from_edition("bluff+super-trade"), 50, 50, W, None) == W
    classic = TradeRules.from_edition("classic")
    assert classic.trade_tie is TradeTie.REOFFER_THEN_FREE
    assert counter_payoff(classic, 50, 50, W, Fraction(7)) == 7  # first tie: the re-offer's value
    assert counter_payoff(classic, 50, 50, W, None) == W  # second tie: the stake goes free


def test_k_trd_2_bluff_responder_may_not_accept():
    sf = round_form(TradeRules.from_edition("bluff"), to_counts((0, 10)), to_counts((10,)), W)
    assert all("accept" not in info.actions for info in sf.infosets[1])
    sf = round_form(TradeRules.from_edition("first"), to_counts((0, 10)), to_counts((10,)), W)
    assert all(info.actions[0] == "accept" for info in sf.infosets[1])


def test_k_trd_1_offer_classes_count_and_total():
    hand = to_counts((0, 0, 10, 10, 10, 10, 50, 50, 100, 200))
    classes = offer_classes(hand)
    assert sum(w for _, _, w in classes) == 3 * 5 * 3 * 2 * 2  # every sub-multiset, once
    assert (0, 0, 1) in classes  # the empty offer is allowed
    assert (2, 0, 1) in classes  # two 0-cards: a pure bluff
    assert len({(c, t) for c, t, _ in classes}) == len(classes)
    assert counter_totals(hand)[0] == 0 and counter_totals(hand)[-1] == 440


def test_bad_inputs_name_the_input():
    with pytest.raises(SolverInputError, match="20"):
        parse_hand("0,20", "A's hand")
    with pytest.raises(SolverInputError, match="must be >= 0"):
        trade_game("classic", "0,10", "10", -1)
    with pytest.raises(SolverInputError, match="chess"):
        TradeRules.from_edition("chess")
    with pytest.raises(SolverInputError, match="sum to 1"):
        trade_game("classic", [("0", 0.5), ("10", 0.4)], "10", 10)


# --- an independent brute force -------------------------------------------------------------


def _subsets(hand):
    return sorted(
        {tuple(sorted(c)) for r in range(len(hand) + 1) for c in itertools.combinations(hand, r)}
    )


def _payoff(edition, a, b, w, tie_value):
    """A's payoff from the rule texts, written apart from the solver."""
    sa, sb = sum(a), sum(b)
    keep = edition in ("classic", "classic, second round", "2025", "bluff+super-trade")
    if sa == sb:
        if edition == "classic, second round":  # a second tie: B gives the animal for free
            return w
        if edition == "classic":
            return tie_value
        if edition == "bluff+super-trade":
            return w
        return w if keep else w - sa  # 2025 keep-received; first/bluff: A pays his own pile
    if keep:
        return (w if sa > sb else 0) + sb - sa
    return w - sa if sa > sb else sb


def _matrix_game_value(M):
    """max_x min_j x^T M[:, j] by scipy's linprog (plain normal form, no sequence form)."""
    m, n = M.shape
    c = np.zeros(m + 1)
    c[-1] = -1
    A_ub = np.hstack([-M.T, np.ones((n, 1))])
    A_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    res = linprog(
        c,
        A_ub=A_ub,
        b_ub=np.zeros(n),
        A_eq=A_eq,
        b_eq=[1],
        bounds=[(0, None)] * m + [(None, None)],
        method="highs",
    )
    assert res.status == 0
    return -res.fun


def brute_force_value(edition, a_hand, b_hand, w, tie_value=None):
    """The trade's value from its full normal form: A's pure strategies are his distinct offers,
    B's are one reply (accept where allowed, or any distinct counter) per card count."""
    offers = _subsets(a_hand)
    replies = ([None] if edition not in ("bluff", "bluff+super-trade") else []) + _subsets(b_hand)
    counts = sorted({len(o) for o in offers})
    b_strats = list(itertools.product(replies, repeat=len(counts)))
    M = np.zeros((len(offers), len(b_strats)))
    for i, o in enumerate(offers):
        k = counts.index(len(o))
        for j, s in enumerate(b_strats):
            r = s[k]
            M[i, j] = w - sum(o) if r is None else _payoff(edition, o, r, w, tie_value)
    return _matrix_game_value(M)


def brute_force_trade(edition, a_hand, b_hand, w):
    if edition == "classic":  # the second round is the same trade where a tie gives A the stake
        v2 = brute_force_value("classic, second round", a_hand, b_hand, w)
        return brute_force_value(edition, a_hand, b_hand, w, tie_value=v2)
    return brute_force_value(edition, a_hand, b_hand, w)


SMALL = [((0, 10), (10,)), ((0, 10, 10), (0, 10)), ((0, 50), (10, 10)), ((10, 50), (0, 10, 50))]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("a_hand,b_hand", SMALL)
def test_value_matches_brute_force_normal_form(edition, a_hand, b_hand):
    w = 30
    expected = brute_force_trade(edition, a_hand, b_hand, w)
    result = solve_game(trade_game(edition, a_hand, b_hand, w), refinement="none")
    assert result.value == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("edition", EDITIONS)
def test_collapsed_and_uncollapsed_games_agree_exactly(edition):
    a, b = (0, 0, 10, 50), (0, 10, 10)
    collapsed = solve_game(trade_game(edition, a, b, 60), exact=True)
    full = solve_game(trade_game(edition, a, b, 60, collapse=False), exact=True)
    assert collapsed.value_exact == full.value_exact


@pytest.mark.parametrize("a,b", [((0, 10, 10), (0, 10)), ((0, 0, 10, 50), (0, 10, 10))])
def test_k_trd_3_classic_reoffer_decomposition_equals_full_tree(a, b):
    # The second round is a proper subgame with public hands: replacing it by its value is exact.
    rules = TradeRules.from_edition("classic")
    second = solve_game_sf(round_form(rules, to_counts(a), to_counts(b), Fraction(40)))
    first = solve_game_sf(round_form(rules, to_counts(a), to_counts(b), Fraction(40), tie=second))
    tree = solve_game(trade_game("classic", a, b, 40), exact=True)
    assert tree.value_exact == first


def solve_game_sf(sf):
    from kuhtheory.solvers.solve import solve_sequence_form

    return solve_sequence_form(sf, exact=True).value_exact


def test_round_form_matches_game_tree_for_one_round():
    rules = TradeRules.from_edition("2025")
    a, b = (0, 10, 50), (0, 10, 10)
    sf = round_form(rules, to_counts(a), to_counts(b), Fraction(70))
    assert solve_lp(sf).value == pytest.approx(solve_game(trade_game("2025", a, b, 70)).value)


def test_pruning_dominated_replies_keeps_the_value():
    rules = TradeRules.from_edition("classic")
    a = to_counts((0, 0, 10, 10, 10, 10, 50))
    b = to_counts((0, 10, 10, 50))
    full = round_form(rules, a, b, W, tie=Fraction(60))
    pruned = round_form(rules, a, b, W, tie=Fraction(60), prune=True)
    assert pruned.sizes[1] < full.sizes[1]
    assert solve_lp(pruned).value == pytest.approx(solve_lp(full).value, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda m: st.lists(
            st.lists(st.integers(0, 2), min_size=m, max_size=m), min_size=1, max_size=4
        )
    ),
    st.integers(0, 1),
)
def test_undominated_columns_by_definition(rows, compare_cells):
    # B minimises: column k is dominated by a column j that is <= it on every row and either
    # lower somewhere or equal and earlier. Small values make ties and duplicates common; the
    # chunked comparison (a tiny _COMPARE_CELLS) must agree with the one-shot one.
    m = np.array(rows, dtype=float)
    n = m.shape[1]
    expected = [
        not any(
            (m[:, j] <= m[:, k]).all() and ((m[:, j] < m[:, k]).any() or j < k)
            for j in range(n)
            if j != k
        )
        for k in range(n)
    ]
    if compare_cells:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr("kuhtheory.solvers.trade._COMPARE_CELLS", 1)
            assert undominated_columns(m).tolist() == expected
    else:
        assert undominated_columns(m).tolist() == expected


def test_hidden_hand_is_a_chance_move_and_b_cannot_tell_hands_apart():
    g = trade_game("2025", [("0,10", Fraction(1, 2)), ("10,10", Fraction(1, 2))], "10", 30)
    b_sets = g.infoset_actions(1)
    # B's information sets are keyed by the card count only: both of A's hands lead to them.
    assert set(b_sets) == {("reply", 0), ("reply", 1), ("reply", 2)}
    assert set(g.infoset_actions(0)) == {("offer", (0, 10)), ("offer", (10, 10))}


hands = st.lists(st.sampled_from([0, 0, 10, 10, 50, 100]), min_size=0, max_size=3)


@settings(max_examples=40, deadline=None)
@given(
    edition=st.sampled_from(EDITIONS),
    a=hands,
    b=hands,
    w=st.integers(min_value=0, max_value=200),
)
def test_random_small_hands_are_solved_to_1e_9(edition, a, b, w):
    rules = TradeRules.from_edition(edition)
    sf = round_form(rules, to_counts(a), to_counts(b), Fraction(w), prune=True)
    sol = solve_lp(sf)
    for plan, infosets in ((sol.x, sf.infosets[0]), (sol.y, sf.infosets[1])):
        assert np.all(plan >= 0)
        for info in infosets:  # behaviour at each information set is a probability vector
            block = plan[info.first : info.first + len(info.actions)]
            assert block.sum() == pytest.approx(plan[info.parent], abs=1e-9)
    assert exploitability(sf, sol.x, sol.y) <= 1e-9


@pytest.mark.parametrize(
    ("settlement", "tie_rule"), list(itertools.product(CounterSettlement, TradeTie))
)
@settings(max_examples=40, deadline=None)
@given(
    a=st.lists(st.integers(0, 30), min_size=1, max_size=8),
    b=st.lists(st.integers(0, 30), min_size=1, max_size=8),
    value=st.integers(0, 700),
    tie=st.integers(-100, 700),
)
def test_round_payoffs_are_counter_payoff_cell_by_cell(
    settlement: CounterSettlement,
    tie_rule: TradeTie,
    a: list[int],
    b: list[int],
    value: int,
    tie: int,
) -> None:
    """The vectorised payoffs are :func:`counter_payoff` of each (offer total, counter total),
    under every settlement and tie rule (K-TRD-3). A tie's worth is passed in (as the round
    passes it): ``tie`` under re-offer then free, the stake under offerer free."""
    rules = dataclasses.replace(
        TradeRules.from_edition("classic"), counter_settlement=settlement, trade_tie=tie_rule
    )
    a_tot, b_tot = np.array(a) * 10, np.array(b) * 10
    worth = value if tie_rule is TradeTie.OFFERER_FREE else tie
    got = _round_payoffs(rules, a_tot, b_tot, float(value), float(worth))
    want = [
        [float(counter_payoff(rules, x, y, Fraction(value), Fraction(tie))) for y in b_tot.tolist()]
        for x in a_tot.tolist()
    ]
    assert got.tolist() == want
