"""Sequence form (Koller, Megiddo & von Stengel 1996): sequences, constraint and payoff matrices."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from kuhtheory.cards import to_counts
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.efg import Chance, Decision, Game, Terminal
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.sequence_form import (
    behaviour,
    constraint_matrix,
    embed_plan,
    embedding,
    from_game,
    uniform_plan,
)
from kuhtheory.solvers.trade import TradeRules, round_form


@pytest.fixture(scope="module")
def kuhn():
    return from_game(kuhn_poker())


def test_kuhn_sequence_counts(kuhn):
    # 6 information sets with 2 actions each, plus the empty sequence.
    assert kuhn.sizes == (13, 13)


def test_constraint_matrices_accept_plans(kuhn):
    for player in (0, 1):
        E, e = constraint_matrix(kuhn.infosets[player])
        u = uniform_plan(kuhn.infosets[player])
        np.testing.assert_allclose(E @ u, e)
        assert E.shape == (len(kuhn.infosets[player]) + 1, kuhn.sizes[player])


def test_payoff_matrix_gives_expected_payoff_of_uniform_play(kuhn):
    # Uniform play in Kuhn poker, computed by hand over the six deals: the matrix must agree with
    # the best-response recursion evaluated on a fixed plan.
    u0, u1 = uniform_plan(kuhn.infosets[0]), uniform_plan(kuhn.infosets[1])
    A = kuhn.payoff_matrix()
    by_matrix = u0 @ A @ u1
    vals = np.asarray(A.T @ u0)
    assert by_matrix == pytest.approx(float(vals @ u1))
    assert A.shape == kuhn.sizes


def test_zero_payoff_leaves_keep_their_entry():
    # The triplets record which sequences meet, even where the payoff is 0 (the signal games of
    # the proper refinement read them).
    g = Game(Decision(0, "i", ("a", "b"), (Terminal(0), Terminal(3))))
    sf = from_game(g)
    assert sorted(zip(sf.rows.tolist(), sf.vals.tolist(), strict=True)) == [(1, 0.0), (2, 3.0)]


def test_chance_weights_multiply_payoffs():
    g = Game(
        Chance(
            [
                ("x", Fraction(1, 4), Decision(0, "I", ("a",), (Terminal(4),))),
                ("y", Fraction(3, 4), Decision(0, "J", ("a",), (Terminal(8),))),
            ]
        )
    )
    sf = from_game(g)
    assert sorted(sf.exact_vals) == [Fraction(1), Fraction(6)]


def test_behaviour_of_a_plan_is_uniform_where_the_parent_has_no_weight(kuhn):
    plan = np.zeros(kuhn.sizes[0])
    plan[0] = 1.0
    out = behaviour(kuhn.infosets[0], plan)
    assert all(sum(acts.values()) == pytest.approx(1) for acts in out.values())


def test_pruned_round_embeds_in_the_full_round():
    rules = TradeRules.from_edition("2025")
    a, b = to_counts((0, 0, 10, 50)), to_counts((0, 10, 10))
    full = round_form(rules, a, b, Fraction(80))
    pruned = round_form(rules, a, b, Fraction(80), prune=True)
    where = embedding(pruned, full, 1)
    assert len(where) == pruned.sizes[1] < full.sizes[1]
    keys = full.sequence_index(1)
    back = {v: k for k, v in keys.items()}
    for info in pruned.infosets[1]:
        for k, act in enumerate(info.actions):
            assert back[int(where[info.first + k])] == (info.key, act)
    plan = embed_plan([Fraction(1)] * pruned.sizes[1], where, full.sizes[1])
    assert sum(plan) == pruned.sizes[1]
    with pytest.raises(SolverInputError, match="is not in"):
        embedding(full, pruned, 1)
