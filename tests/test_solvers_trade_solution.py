"""solve_trade: readable tables, exact mode, caching, hidden hands, bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.solve import solve_game
from kuhtheory.solvers.trade import trade_game
from kuhtheory.solvers.trade_solution import TRADE_ACCURACY, solve_trade

A7 = "0,0,10,10,10,10,50"
B4 = "0,10,10,50"
EDITIONS = ("classic", "2025", "first", "bluff", "bluff+super-trade")


@pytest.mark.parametrize("edition", EDITIONS)
def test_tables_are_probability_distributions(edition):
    s = solve_trade(edition, A7, B4, 100)
    assert sum(p for _, _, p in s.offer_table()) == pytest.approx(1)
    assert all(p >= -1e-12 for _, _, p in s.offer_table())
    for _count, accept, counters in s.reply_table():
        assert accept + sum(counters.values()) == pytest.approx(1)
    assert [r[0] for r in s.reply_table()] == list(range(8))
    assert s.exploitability <= 1e-9


def test_exact_values_and_certificate():
    s = solve_trade("classic", A7, B4, 100, exact=True)
    assert s.value_exact == 55 and s.second_round.value_exact == 60
    assert s.exact and s.exploitability == 0.0
    assert "best-response values equal 55" in s.verified
    assert s.value == pytest.approx(solve_trade("classic", A7, B4, 100).value)


def test_k_trd_2_bluff_never_accepts():
    s = solve_trade("bluff", A7, B4, 100)
    assert all(accept == 0 for _, accept, _ in s.reply_table())


def test_bluff_rate_counts_only_zero_card_offers_by_default():
    s = solve_trade("2025", "0,0,10", "0,10", 40)
    by_hand = sum(p for c, t, p in s.offer_table() if c > 0 and t == 0)
    assert s.bluff_rate() == pytest.approx(by_hand)
    assert s.bluff_rate(threshold=10) >= s.bluff_rate()


def test_off_path_counts_are_marked():
    s = solve_trade("classic", A7, B4, 100)
    used = {c for c, _, p in s.offer_table() if p > 1e-12}
    assert {r.count for r in s.replies if r.on_path} == used
    assert any(not r.on_path for r in s.replies)


def test_cached_per_rules_hands_and_value():
    assert solve_trade("2025", A7, B4, 100) is solve_trade("2025", "0,0,10,10,10,10,50", B4, 100)
    assert solve_trade("2025", A7, B4, 100) is not solve_trade("2025", A7, B4, 90)


def test_to_dict_has_the_cli_fields():
    d = solve_trade("classic", A7, B4, 100, exact=True).to_dict()
    for key in (
        "value",
        "value_exact",
        "offerer",
        "responder",
        "exploitability",
        "exact",
        "seconds",
    ):
        assert key in d
    assert d["value_exact"] == "55" and d["second_round"]["value_exact"] == "60"


def test_hidden_hands_give_b_a_chance_move():
    s = solve_trade("2025", [("0,10", Fraction(1, 2)), ("10,10", Fraction(1, 2))], "0,10", 30)
    assert set(s.offers) == {(0, 10), (10, 10)}
    assert sum(p for _, _, p in s.offer_table(hand=(10, 10))) == pytest.approx(1)
    with pytest.raises(SolverInputError, match="hand="):
        s.offer_table()
    # A degenerate distribution is the public-hand game.
    one = solve_trade("2025", [("0,10", 1)], "0,10", 30)
    assert one.value == pytest.approx(solve_trade("2025", "0,10", "0,10", 30).value)


def test_hidden_hands_are_worth_at_least_the_average_of_public_hands():
    # Hiding information cannot hurt the player who holds it.
    hands = [("0,10", Fraction(1, 2)), ("10,10", Fraction(1, 2))]
    hidden = solve_trade("2025", hands, "0,10", 30, exact=True).value_exact
    public = sum(p * solve_trade("2025", h, "0,10", 30, exact=True).value_exact for h, p in hands)
    assert hidden >= public


@pytest.mark.parametrize(
    "args,match",
    [
        (("classic", "0,20", B4, 100), "20"),
        (("classic", A7, "7", 100), "7"),
        (("classic", A7, B4, -5), "must be >= 0"),
        (("monopoly", A7, B4, 100), "monopoly"),
        (("classic", A7, B4, "lots"), "lots"),
    ],
)
def test_bad_input_is_one_clear_error(args, match):
    with pytest.raises(SolverInputError, match=match):
        solve_trade(*args)


def test_edition_without_a_trade_is_refused():
    import dataclasses

    from kuhtheory.editions import Edition, get_edition
    from kuhtheory.solvers.trade import TradeRules

    class NoTrade(Edition):
        @property
        def has_trade(self) -> bool:
            return False

    edition = NoTrade(
        **{f.name: getattr(get_edition("classic"), f.name) for f in dataclasses.fields(Edition)}
    )
    with pytest.raises(SolverInputError, match="no trade rule"):
        TradeRules.from_edition(edition)


tiny = st.lists(st.sampled_from([0, 10, 10, 50]), min_size=0, max_size=2)


@settings(max_examples=15, deadline=None)
@given(edition=st.sampled_from(EDITIONS), a=tiny, b=tiny, w=st.integers(0, 120))
def test_exact_fast_path_equals_the_uncollapsed_tree(edition, a, b, w):
    fast = solve_trade(edition, a, b, w, exact=True)
    tree = solve_game(trade_game(edition, a, b, w, collapse=False), exact=True)
    assert fast.value_exact == tree.value_exact
    assert fast.value == pytest.approx(solve_trade(edition, a, b, w).value, abs=1e-9)


# --- the refinement at large worths (issue 3): its LP sits on the optimal face, which HiGHS's
# presolve once called infeasible for this trade (the equilibrium bot then capped W).
BIG_A, BIG_B = (0, 0, 10, 10, 50, 100, 200, 500), (0, 0, 10)


def _scale(a, b, w) -> float:
    return w + sum(a) + sum(b)


def test_k_trd_3_refined_classic_trade_at_w_12710():
    s = solve_trade("classic", BIG_A, BIG_B, 12710)
    plain = solve_trade("classic", BIG_A, BIG_B, 12710, refinement="none")
    assert s.value == pytest.approx(plain.value, abs=1e-9 * _scale(BIG_A, BIG_B, 12710))
    assert s.exploitability <= 1e-9 * _scale(BIG_A, BIG_B, 12710)
    assert s.refinement == s.second_round.refinement == "quasi-perfect"
    assert "quasi-perfect: each plan a best response" in s.second_round.verified
    # every count B can see gets a reply, on the path or off it
    assert [r.count for r in s.replies] == list(range(len(BIG_A) + 1))
    assert any(not r.on_path for r in s.replies)


def _money_hand(max_size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from([0, 0, 10, 10, 50, 100, 200, 500]), max_size=max_size)


@settings(max_examples=30, deadline=None)
@given(
    edition=st.sampled_from(EDITIONS),
    a=_money_hand(8),
    b=_money_hand(6),
    w=st.integers(1_000, 1_000_000),
)
def test_refined_solve_succeeds_at_large_worths(edition, a, b, w):
    s = solve_trade(edition, a, b, w)
    scale = _scale(a, b, w)
    assert s.exploitability <= 1e-7 * scale
    assert s.value == pytest.approx(
        solve_trade(edition, a, b, w, refinement="none").value, abs=1e-8 * scale
    )
    for _count, accept, counters in s.reply_table():
        assert accept + sum(counters.values()) == pytest.approx(1)


@settings(max_examples=25, deadline=None)
@given(a=_money_hand(8), b=_money_hand(4), w=st.integers(200_000, 1_000_000))
def test_k_trd_3_refined_classic_trade_at_huge_worths(a, b, w):
    # Classic's re-offer makes the first round's tie pay the second round's value, a float: here
    # the refinement LP stalls or is called infeasible unless its payoffs are scaled down.
    s = solve_trade("classic", a, b, w)
    assert s.exploitability <= 1e-7 * _scale(a, b, w)


# --- numerics you can trust (issue 13, item 4): checked, refused, budgeted ---------------------

TEN = "0,0,10,10,10,10,50,50,100,200"


@pytest.mark.parametrize("edition", ["classic", "2025"])
def test_a_huge_stake_is_refused_not_answered_wrongly(edition):
    # At W = 1e12 the float answer was 999999999990 instead of ...940 with exploitability 60.
    with pytest.raises(SolverInputError, match=r"value W=1000000000000: .* best-response check"):
        solve_trade(edition, TEN, TEN, 10**12)
    with pytest.raises(SolverInputError, match=r"above the limit 10\*\*15"):
        solve_trade(edition, TEN, TEN, 10**16)


def test_without_refinement_the_lp_alone_reaches_w_1e12_within_the_accuracy():
    s = solve_trade("2025", TEN, TEN, 10**12, refinement="none")
    assert s.exploitability <= TRADE_ACCURACY
    assert s.value == pytest.approx(10**12 - 440, abs=TRADE_ACCURACY)


@settings(max_examples=30, deadline=None)
@given(
    edition=st.sampled_from(EDITIONS),
    a=st.lists(st.sampled_from([0, 10, 10, 50, 100]), max_size=3),
    b=st.lists(st.sampled_from([0, 10, 50]), max_size=2),
    exponent=st.integers(4, 14),
)
def test_a_float_answer_at_any_stake_is_within_the_accuracy_of_the_exact_one(
    edition, a, b, exponent
):
    w = 10**exponent + 7
    try:
        s = solve_trade(edition, a, b, w)
    except SolverInputError as exc:  # refused: it must say why
        assert f"value W={w}" in str(exc)
        return
    assert s.exploitability <= TRADE_ACCURACY
    exact = solve_trade(edition, a, b, w, exact=True, budget=10)
    if exact.exact:
        assert abs(s.value - float(exact.value_exact)) <= 2 * TRADE_ACCURACY


def test_the_exact_budget_falls_back_to_floats_and_says_so():
    s = solve_trade("2025", TEN, TEN, 100, exact=True, budget=0)
    assert not s.exact and s.value_exact is None
    assert s.verified.startswith(
        "exact certificate not found (not finished within its budget of 0 s)"
    )
    assert s.value == pytest.approx(50, abs=1e-9)


def test_huge_hands_are_refused_with_the_limit():
    # the classic money deck, all 55 cards: 7,767,232 cells
    deck = ",".join(
        ["0"] * 10 + ["10"] * 20 + ["50"] * 10 + ["100"] * 5 + ["200"] * 5 + ["500"] * 5
    )
    with pytest.raises(SolverInputError, match=r"A's 55 cards against B's 55.*limit 2000000"):
        solve_trade("classic", deck, deck, 100)
    twenty = "0,0,0,10,10,10,10,10,10,50,50,50,50,100,100,100,200,200,500,500"
    with pytest.raises(SolverInputError, match="limit 200000 for exact=True"):
        solve_trade("2025", twenty, twenty, 100, exact=True)
    with pytest.raises(SolverInputError, match=r"hidden-hand trade .* cells \(limit 5e\+06\)"):
        solve_trade("classic", [(twenty, 0.5), (TEN, 0.5)], TEN, 100)
    with pytest.raises(SolverInputError, match="game tree .* more than the limit"):
        trade_game("classic", [(twenty, 0.5), (TEN, 0.5)], TEN, 100, collapse=False)
