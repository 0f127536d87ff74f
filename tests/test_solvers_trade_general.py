"""The general-sum trade (K-TRD-1..3 with the stake worth W_A to A and W_B to B): payoffs from the
rules, the zero-sum special case equal to the LP value, exact certificates, the CLI."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.cards import to_counts
from kuhtheory.cli import main
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers import solve_trade
from kuhtheory.solvers.lemke import regrets
from kuhtheory.solvers.trade import TradeRules, counter_payoff
from kuhtheory.solvers.trade_general import round_bimatrix, settle, solve_general_trade

EDITIONS = ("classic", "2025", "first", "bluff", "bluff+super-trade")
hands = st.lists(st.sampled_from([0, 0, 10, 10, 50, 100]), min_size=0, max_size=4)


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_trd_3_payoffs_add_up_to_w_when_worths_agree(edition):
    # With W_A == W_B == W each outcome pays A his zero-sum payoff and B the rest of W.
    rules = TradeRules.from_edition(edition)
    w = Fraction(70)
    for a in (0, 10, 50, 60):
        for b in (0, 10, 50, 60):
            money, wins, tie = (v.item() for v in settle(rules, np.array(a), np.array(b)))
            if tie:
                continue
            assert money + w * wins == counter_payoff(rules, a, b, w, None)


def test_k_trd_3_classic_example_general_sum():
    # RULES.md: A offers 260, B counters 250: A wins the stake and is 10 down in money.
    rules = TradeRules.from_edition("classic")
    money, wins, tie = (v.item() for v in settle(rules, np.array(260), np.array(250)))
    assert (money, wins, tie) == (-10, True, False)


@pytest.mark.parametrize("edition", EDITIONS)
def test_zero_sum_special_case_equals_the_lp_value(edition):
    hand = "0,0,10,10,10,10,50"
    general = solve_general_trade(edition, hand, "0,10,10,50", 100, 100)
    lp = solve_trade(edition, hand, "0,10,10,50", 100, exact=True)
    assert general.payoffs_exact is not None
    assert general.payoffs_exact[0] == lp.value_exact
    assert sum(general.payoffs_exact) == 100  # constant-sum: B gets the rest of W


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(EDITIONS), hands, hands, st.integers(0, 120), st.integers(0, 120))
def test_random_general_sum_trades_are_certified_equilibria(edition, a, b, wa, wb):
    s = solve_general_trade(edition, a, b, wa, wb)
    assert s.result.regret <= 1e-7 * max(1, wa, wb, sum(a) + sum(b))
    rules = TradeRules.from_edition(edition)
    tie = s.second_round.payoffs_exact if s.second_round is not None else None
    if s.payoffs_exact is not None and (tie is not None or s.second_round is None):
        # The certificate also holds on the unpruned round (every counter of B).
        game = round_bimatrix(
            rules, to_counts(a), to_counts(b), Fraction(wa), Fraction(wb), tie, prune=False
        )
        pruned = round_bimatrix(rules, to_counts(a), to_counts(b), Fraction(wa), Fraction(wb), tie)
        x, y = s.result.plans_exact
        index = {
            (i.key, act): i.first + k for i in game.infosets[1] for k, act in enumerate(i.actions)
        }
        y_full = [Fraction(0)] * game.sizes[1]
        y_full[0] = Fraction(1)
        for info in pruned.infosets[1]:
            for k, act in enumerate(info.actions):
                y_full[index[(info.key, act)]] = y[info.first + k]
        assert regrets(game, list(x), y_full, exact=True) == (0, 0)
    if wa == wb:
        assert s.value == pytest.approx(solve_trade(edition, a, b, wa).value, abs=1e-6)


def test_ten_card_trade_general_sum():
    hand = "0,0,10,10,10,10,50,50,100,200"
    s = solve_trade("classic", hand, hand, (100, 60))
    assert s.payoffs[0] > solve_trade("classic", hand, hand, 100).value  # B cares less: A gains
    assert s.exact and s.result.starts == 4
    assert "Nash equilibrium" in s.equilibrium and "not refined" in s.equilibrium


def test_bad_input():
    with pytest.raises(SolverInputError, match="pair"):
        solve_trade("2025", "0,10", "10", (100, 60, 5))
    with pytest.raises(SolverInputError, match="must be >= 0"):
        solve_trade("2025", "0,10", "10", (100, -1))


def test_cli_value_b_prints_the_same_tables(capsys):
    args = "solve trade --edition 2025 --a 0,10,50 --b 10,50 --value 100 --value-b 60 --json"
    assert main(args.split()) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["payoffs_exact"] == ["71", "15"]
    assert {"offerer", "responder", "verified", "equilibria_reached"} <= set(data)
    assert sum(r["probability"] for r in data["offerer"]) == pytest.approx(1)
    assert main(args.replace(" --json", " --no-timing").split()) == 0
    text = capsys.readouterr().out
    assert "Payoffs: A 71, B 15 (exact)" in text and "B replies by cards seen" in text
