"""Refinements (van Damme 1984; Myerson 1978; Miltersen & Sørensen 2010): the refinement LPs,
and the defining properties checked exactly in fractions on small games.

The exact checks are written here apart from the solver: weak dominance by its own linear program
in the sequence form (a plan is weakly dominated iff some plan does at least as well against every
pure strategy of the opponent and better against one), solved by the fraction simplex; a signal
game's value by the matrix game's own LP.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import classic_first_round, failing_highs

from kuhtheory.cards import to_counts
from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers import highs
from kuhtheory.solvers.best_response import best_response, coefficients, local_regrets
from kuhtheory.solvers.efg import Decision, Game, Terminal
from kuhtheory.solvers.exact import simplex
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.refinements import (
    complete_behaviour,
    refine,
    signal_games,
)
from kuhtheory.solvers.sequence_form import (
    SequenceForm,
    constraint_matrix,
    from_game,
    payoff_scale,
    uniform_plan,
)
from kuhtheory.solvers.solve import solve_game
from kuhtheory.solvers.trade import TradeRules, counter_payoff, round_form, trade_game
from kuhtheory.solvers.trade_solution import solve_trade

F = Fraction
EDITIONS = ("classic", "2025", "first", "bluff", "bluff+super-trade")


@pytest.fixture(scope="module")
def kuhn():
    return from_game(kuhn_poker())


# --- exact checks, written apart from the solver ----------------------------------------------


def _constraints(sf: SequenceForm, player: int) -> list[list[int]]:
    E, _ = constraint_matrix(sf.infosets[player])
    return [[int(v) for v in row] for row in E.toarray()]


def _dense(sf: SequenceForm) -> list[list[Fraction]]:
    A = [[F(0)] * sf.sizes[1] for _ in range(sf.sizes[0])]
    for i, j, v in zip(sf.rows.tolist(), sf.cols.tolist(), sf.exact_vals, strict=True):
        A[i][j] += v
    return A


def weakly_dominated(sf: SequenceForm, player: int, plan) -> bool:
    """Whether the exact plan is weakly dominated: some plan z' of the same player does at least
    as well against every plan of the opponent (by LP duality: a vector q of the opponent's
    best-response values with E_opp^T q bounded by the payoff difference and the root's value at
    least 0) and strictly better against his uniform plan (fully mixed: better against some pure
    strategy). One exact LP: maximise the gain against the uniform plan."""
    A = _dense(sf)
    opp = 1 - player
    sign = 1 if player == 0 else -1  # player 1 wants A's payoff low
    own_c, opp_c = _constraints(sf, player), _constraints(sf, opp)
    n, k, m = sf.sizes[player], sf.sizes[opp], len(opp_c)
    pay = (lambda i, j: A[i][j]) if player == 0 else (lambda i, j: A[j][i])
    u = [F(v).limit_denominator(10**6) for v in uniform_plan(sf.infosets[opp])]
    # variables: z' (n), q+ (m), q- (m), s (k), t (1)
    width = n + 2 * m + k + 1
    eqs, rhs = [], []
    base = [sum(sign * pay(i, j) * F(plan[i]) for i in range(n)) for j in range(k)]
    for j in range(k):  # sign * (payoff of z' against opp seq j) - (E_opp^T q)_j - s_j = base_j
        r = [F(0)] * width
        for i in range(n):
            r[i] = sign * pay(i, j)
        for row_ in range(m):
            r[n + row_] = F(-opp_c[row_][j])
            r[n + m + row_] = F(opp_c[row_][j])
        r[n + 2 * m + j] = F(-1)
        eqs.append(r)
        rhs.append(base[j])
    r = [F(0)] * width  # q_root - t = 0: the guaranteed difference is >= 0
    r[n], r[n + m], r[-1] = F(1), F(-1), F(-1)
    eqs.append(r)
    rhs.append(F(0))
    for row_ in own_c:  # z' is a plan
        eqs.append([F(v) for v in row_] + [F(0)] * (width - n))
        rhs.append(F(int(row_ is own_c[0])))
    gain = [sum(sign * pay(i, j) * u[j] for j in range(k)) for i in range(n)]
    cost = [-g for g in gain] + [F(0)] * (width - n)
    best, _ = simplex(cost, eqs, rhs)
    current = sum(g * F(plan[i]) for i, g in enumerate(gain))
    return -best > current


def matrix_value(M: list[list[Fraction]]) -> Fraction:
    """The exact value of a matrix game (rows maximise), by its own LP."""
    rows, cols = len(M), len(M[0])
    # variables x (rows), v+ , v-, s (cols): M^T x - v - s = 0, sum x = 1; max v
    width = rows + 2 + cols
    eqs, rhs = [], []
    for j in range(cols):
        r = [F(0)] * width
        for i in range(rows):
            r[i] = M[i][j]
        r[rows], r[rows + 1], r[rows + 2 + j] = F(-1), F(1), F(-1)
        eqs.append(r)
        rhs.append(F(0))
    eqs.append([F(1)] * rows + [F(0)] * (width - rows))
    rhs.append(F(1))
    cost = [F(0)] * width
    cost[rows], cost[rows + 1] = F(-1), F(1)
    best, _ = simplex(cost, eqs, rhs)
    return -best


def count_game_excess(rules, a_hand, b_hand, w, tie, replies) -> Fraction:
    """The most by which B's reply at some card count lets A exceed that count's own matrix game's
    value (written from the rules: A's distinct offers of that count against B's replies)."""
    from kuhtheory.solvers.trade import counter_totals, offer_classes

    totals = counter_totals(b_hand)
    actions = ([None] if rules.responder_may_accept else []) + list(totals)
    worst = F(-1)
    for count in sorted({c for c, _, _ in offer_classes(a_hand)}):
        offers = [t for c, t, _ in offer_classes(a_hand) if c == count]
        M = [
            [w - t if r is None else counter_payoff(rules, t, r, w, tie) for r in actions]
            for t in offers
        ]
        reply = replies[count]
        got = max(sum(p * M[i][k] for k, p in enumerate(reply)) for i in range(len(offers)))
        worst = max(worst, got - matrix_value(M))
    return worst


def test_the_dominance_check_finds_a_dominated_plan():
    # A: "a" pays 1 against either reply, "b" pays 1 or 0: "b" is weakly dominated by "a".
    b = lambda x, y: Decision(1, "B", ("l", "r"), (Terminal(x), Terminal(y)))  # noqa: E731
    sf = from_game(Game(Decision(0, "A", ("a", "b"), (b(1, 1), b(1, 0)))))
    assert weakly_dominated(sf, 0, [1, 0, 1])
    assert not weakly_dominated(sf, 0, [1, 1, 0])
    # B: "r" holds A to 1 after "a" and 0 after "b"; "l" to 1 and 1: "l" is dominated for B.
    assert weakly_dominated(sf, 1, [1, 1, 0])
    assert not weakly_dominated(sf, 1, [1, 0, 1])


def test_matrix_value_of_matching_pennies():
    assert matrix_value([[F(1), F(-1)], [F(-1), F(1)]]) == 0


# --- the refinement LPs ------------------------------------------------------------------------


def test_refined_plans_stay_optimal_and_answer_a_fully_mixed_tremble(kuhn):
    v = solve_lp(kuhn).value
    for player in (0, 1):
        r = refine(kuhn, player, v)
        opp = 1 - player
        assert np.all(r.tremble > 0)  # fully mixed
        E, e = constraint_matrix(kuhn.infosets[opp])
        np.testing.assert_allclose(E @ r.tremble, e, atol=1e-9)
        assert best_response(kuhn, opp, r.plan)[0] == pytest.approx(v, abs=1e-9)
        regrets = local_regrets(kuhn, player, r.plan, r.tremble)
        own_reached = [
            k for k, info in enumerate(kuhn.infosets[player]) if r.plan[info.parent] > 1e-12
        ]
        assert max(regrets[k] for k in own_reached) <= 1e-9


def test_trade_off_path_replies_are_best_responses_to_the_tremble():
    # Classic, A = {0,0,10,10,10,10,50}: A always lays 3 cards, so B's other counts are off path;
    # the refinement still makes every reply a best response to a fully mixed plan of A.
    rules = TradeRules.from_edition("classic")
    sf = round_form(
        rules,
        to_counts((0, 0, 10, 10, 10, 10, 50)),
        to_counts((0, 10, 10, 50)),
        Fraction(100),
        tie=Fraction(60),
        prune=True,
    )
    sol = solve_lp(sf)
    used = {info.key for info in sf.infosets[1]}
    assert len(used) == 8
    r = refine(sf, 1, sol.value)
    assert np.all(r.tremble > 0)
    assert max(local_regrets(sf, 1, r.plan, r.tremble)) <= 1e-7
    # ... whereas against A's equilibrium plan the off-path counts are not even reached.
    reached = sol.x[1:] > 1e-12
    assert reached.sum() < len(sol.x) - 1


def test_refinement_at_w_12710_stays_optimal_and_answers_its_tremble():
    # HiGHS's presolve called this refinement LP infeasible (the equilibrium bot's W cap).
    sf = classic_first_round((0, 0, 10, 10, 50, 100, 200, 500), (0, 0, 10), 12710)
    v = solve_lp(sf).value
    r = refine(sf, 1, v)
    scale = payoff_scale(sf)
    assert best_response(sf, 0, r.plan)[0] <= v + 1e-9 * scale
    assert np.all(r.tremble > 0) and r.slack == 0.0
    assert max(local_regrets(sf, 1, r.plan, r.tremble)) <= 1e-7 * scale


def test_refine_tries_again_without_presolve(kuhn, monkeypatch):
    v = solve_lp(kuhn).value
    expected = refine(kuhn, 1, v)
    monkeypatch.setattr(highs, "solve", failing_highs(lambda presolve, c: presolve))
    r = refine(kuhn, 1, v)
    assert best_response(kuhn, 0, r.plan)[0] == pytest.approx(v, abs=1e-9)
    assert max(local_regrets(kuhn, 1, r.plan, r.tremble)) <= 1e-9
    np.testing.assert_allclose(r.plan, expected.plan, atol=1e-9)


def test_refine_reports_every_attempt_when_all_fail(kuhn, monkeypatch):
    v = solve_lp(kuhn).value
    monkeypatch.setattr(highs, "solve", failing_highs(lambda presolve, c: True))
    with pytest.raises(SolverError, match=r"refinement LP of player 0.*presolve on\).*scaled\)"):
        refine(kuhn, 0, v)


def test_refine_rejects_plans_short_of_the_value(kuhn):
    # Asked to guarantee more than the value, no plan passes the best-response check.
    with pytest.raises(SolverError, match="short of the value|nfeasible"):
        refine(kuhn, 1, solve_lp(kuhn).value - 0.01)


# --- quasi-perfect and proper, exactly ----------------------------------------------------------


def test_kuhn_quasi_perfect_plans_are_undominated_and_answer_exact_trembles(kuhn):
    r = solve_game(kuhn_poker(), exact=True)
    assert r.refinement == "quasi-perfect" and r.value_exact == F(-1, 18)
    assert "exact fully mixed tremble" in r.verified
    for player in (0, 1):
        assert not weakly_dominated(kuhn, player, r.plans[player])
        t = r.trembles[player]
        assert all(isinstance(v, Fraction) and v > 0 for v in t)
        own = coefficients(kuhn, player, t, exact=True)
        earned = sum(w * c for w, c in zip(r.plans[player], own, strict=True))
        assert earned == best_response(kuhn, player, t, exact=True)[0]


def test_proper_needs_a_one_shot_game():
    with pytest.raises(SolverInputError, match="one-shot"):
        solve_game(kuhn_poker(), refinement="proper")
    with pytest.raises(SolverInputError, match="refinement='perfect' is unknown"):
        solve_game(kuhn_poker(), refinement="perfect")


def test_signal_games_are_the_card_counts():
    sf = round_form(TradeRules.from_edition("2025"), to_counts((0, 0, 10)), to_counts((10,)), F(30))
    games = signal_games(sf)
    assert [g.form.infosets[1][0].key for g in games] == [("reply", c) for c in range(4)]
    assert [len(g.rows) for g in games] == [1, 2, 2, 1]  # counts 0..3: {0}, {0,10}, {0,10}, {10}


def test_completion_of_own_excluded_sets_is_lexicographic():
    # A stops at once; were he to go on, B's choice l or r comes before A's set "j". Against B's
    # equilibrium plan (l) "b" is better, against the tremble (mostly r) "a": the lexicographic
    # completion answers the equilibrium plan first.
    j = lambda x, y: Decision(0, "j", ("a", "b"), (Terminal(x), Terminal(y)))  # noqa: E731
    go = Decision(1, "B", ("l", "r"), (j(0, 1), j(5, -5)))
    sf = from_game(Game(Decision(0, "i", ("stop", "go"), (Terminal(2), go))))
    x = [1, 1, 0, 0, 0]
    y_star, tremble = [1, 1, 0], [1, 0.1, 0.9]
    assert complete_behaviour(sf, 0, x, [y_star, tremble])["j"] == {"a": 0.0, "b": 1.0}
    assert complete_behaviour(sf, 0, x, [tremble])["j"] == {"a": 1.0, "b": 0.0}


# The two examples (issue 13): the unrefined LP's A laid his 500 alone with probability
# 0.711, though a 0-card does as well against every reply and better against some; the
# quasi-perfect B answered A's lone 200-card so that it still earned the game's value 315.2.
CLASSIC_A, CLASSIC_B = "0,0,0,10,50,500", "0,10,10,100"
ONE_A, ONE_B = "0,10,50,50,50,100,200", "10,10,10,10,100,100"


def _first_round(edition, a, b, w, s):
    rules = TradeRules.from_edition(edition)
    tie = s.second_round.value_exact if s.second_round is not None else None
    return rules, round_form(rules, to_counts(_cards(a)), to_counts(_cards(b)), F(w), tie)


def _cards(text):
    return tuple(int(v) for v in text.split(",")) if text else ()


def _offer_plan(sf, label):
    plan = [F(0)] * sf.sizes[0]
    plan[0] = F(1)
    plan[1 + sf.infosets[0][0].actions.index(label)] = F(1)
    return plan


def test_k_trd_1_quasi_perfect_a_does_not_lay_his_500_alone():
    s = solve_trade("classic", CLASSIC_A, CLASSIC_B, 500, exact=True)
    assert s.refinement == "quasi-perfect" and s.exact
    assert dict(((c, t), p) for c, t, p in s.offer_table())[(1, 500)] == 0
    _, sf = _first_round("classic", CLASSIC_A, CLASSIC_B, 500, s)
    assert weakly_dominated(sf, 0, _offer_plan(sf, "1 card = 500"))
    assert not weakly_dominated(sf, 0, s.results[0].plans[0])
    assert not weakly_dominated(sf, 1, s.results[0].plans[1])


def _pays(rules, w, total, reply: tuple[float, dict[int, float]]) -> Fraction:
    accept, counters = reply
    out = F(accept) * (w - total) if accept else F(0)
    for t, p in counters.items():
        out += F(p) * counter_payoff(rules, total, t, F(w), None)
    return out


def _exact_reply(result, sf, count):
    info = next(i for i in sf.infosets[1] if i.key == ("reply", count))
    plan = result.plans[1]
    return {act: plan[info.first + k] for k, act in enumerate(info.actions)}


def test_k_trd_2_proper_one_card_reply_holds_a_to_159_8():
    rules = TradeRules.from_edition("2025")
    values = {}
    for refinement in ("quasi-perfect", "proper"):
        s = solve_trade("2025", ONE_A, ONE_B, 500, exact=True, refinement=refinement)
        assert s.value_exact == F(1576, 5)
        _, sf = _first_round("2025", ONE_A, ONE_B, 500, s)
        reply = _exact_reply(s.results[0], sf, 1)
        accept = reply.get("accept", F(0))
        counters = {int(a.split()[1]): p for a, p in reply.items() if a != "accept"}
        values[refinement] = _pays(rules, 500, 200, (accept, counters))
        assert not [r for r in s.replies if r.count == 1][0].on_path
    assert values["quasi-perfect"] == F(1576, 5)  # "only just deters": the full value 315.2
    assert values["proper"] == F(799, 5)  # the one-card game's own value, 159.8


def test_solve_game_proper_on_a_one_shot_tree_agrees_with_solve_trade():
    game = trade_game("2025", "0,10,50", "10,10", 60)
    r = solve_game(game, exact=True, refinement="proper")
    s = solve_trade("2025", "0,10,50", "10,10", 60, exact=True, refinement="proper")
    assert r.value_exact == s.value_exact
    assert "signal game" in r.verified


# --- hypothesis: the defining properties over random small hands, every edition -------------

small = st.lists(st.sampled_from([0, 0, 10, 10, 50]), max_size=3)


def _round_forms(edition, a, b, w, s):
    """Each round's whole sequence form with its solved result: (rules, tie, sf, result)."""
    rules = TradeRules.from_edition(edition)
    out = []
    if s.second_round is not None:
        out.append((rules, None, round_form(rules, to_counts(a), to_counts(b), F(w)), s.results[1]))
        tie = s.second_round.value_exact
    else:
        tie = None
    sf = round_form(rules, to_counts(a), to_counts(b), F(w), tie)
    out.append((rules, tie, sf, s.results[0]))
    return out


@pytest.mark.parametrize("edition", EDITIONS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a=small,
    b=st.lists(st.sampled_from([0, 10, 10, 50]), max_size=2),
    w=st.integers(0, 150),
    refinement=st.sampled_from(["quasi-perfect", "proper"]),
)
def test_refined_trades_meet_their_definition_exactly(edition, a, b, w, refinement):
    s = solve_trade(edition, a, b, w, exact=True, refinement=refinement)
    assert s.exact and s.refinement == refinement
    for rules, tie, sf, result in _round_forms(edition, a, b, w, s):
        x, y = result.plans
        # No weakly dominated strategy for either player (quasi-perfect and proper alike).
        assert not weakly_dominated(sf, 0, x), (rules, tie)
        assert not weakly_dominated(sf, 1, y), (rules, tie)
        if refinement == "proper":
            replies = {}
            for info in sf.infosets[1]:
                replies[info.key[1]] = [y[info.first + k] for k in range(len(info.actions))]
            excess = count_game_excess(rules, to_counts(a), to_counts(b), F(w), tie, replies)
            assert excess == 0


@pytest.mark.parametrize("edition", EDITIONS)
@settings(max_examples=6, deadline=None)
@given(
    a=st.lists(st.sampled_from([0, 0, 10, 10, 50, 100, 200]), max_size=7),
    b=st.lists(st.sampled_from([0, 10, 10, 50, 100]), max_size=5),
    w=st.integers(0, 600),
    refinement=st.sampled_from(["quasi-perfect", "proper"]),
)
def test_refined_trades_answer_fully_mixed_trembles_in_floats(edition, a, b, w, refinement):
    s = solve_trade(edition, a, b, w, refinement=refinement)
    assert s.exploitability <= 1e-9 * (w + sum(a) + sum(b) + 1)
    for result in s.results:
        assert all(min(t) > 0 for t in result.trembles)
        assert refinement in result.verified
