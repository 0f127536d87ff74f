"""The game-tree description: checks on construction (probabilities, information sets, recall)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.efg import Chance, Decision, Game, Terminal, to_fraction, walk


def leaf(v):
    return Terminal(v)


def test_fractions_are_exact():
    assert to_fraction(0.25) == Fraction(1, 4)
    assert Terminal(0.1).payoff == Fraction(1, 10)
    with pytest.raises(SolverInputError, match="nan"):
        to_fraction(float("nan"))
    with pytest.raises(SolverInputError, match="'x'"):
        to_fraction("x")


def test_chance_probabilities_must_sum_to_one():
    with pytest.raises(SolverInputError, match="sum to 1"):
        Game(Chance([("a", Fraction(1, 2), leaf(1)), ("b", Fraction(1, 3), leaf(0))]))
    with pytest.raises(SolverInputError, match="non-negative"):
        Game(Chance([("a", Fraction(3, 2), leaf(1)), ("b", Fraction(-1, 2), leaf(0))]))


def test_information_set_actions_must_agree():
    root = Chance(
        [
            ("x", Fraction(1, 2), Decision(0, "I", ("a", "b"), (leaf(1), leaf(2)))),
            ("y", Fraction(1, 2), Decision(0, "I", ("a", "c"), (leaf(1), leaf(2)))),
        ]
    )
    with pytest.raises(SolverInputError, match="'I'"):
        Game(root)


def test_perfect_recall_is_required():
    # Player 0 forgets his own first choice: the same set after "a" and after "b".
    inner = Decision(0, "J", ("c", "d"), (leaf(1), leaf(0)))
    root = Decision(0, "I", ("a", "b"), (inner, Decision(0, "J", ("c", "d"), (leaf(0), leaf(1)))))
    with pytest.raises(SolverInputError, match="perfect recall"):
        Game(root)


def test_empty_game_and_bad_players():
    with pytest.raises(SolverInputError, match="empty game"):
        Game(leaf(1))
    with pytest.raises(SolverInputError, match="player 2"):
        Game(Decision(2, "I", ("a",), (leaf(0),)))
    with pytest.raises(SolverInputError, match="1 actions for 2 children"):
        Game(Decision(0, "I", ("a",), (leaf(0), leaf(1))))


def test_walk_and_counts():
    g = Game(Decision(0, "I", ("a", "b"), (leaf(1), Decision(1, "J", ("c",), (leaf(2),)))))
    assert g.infoset_count() == (1, 1)
    assert g.terminal_count() == 2
    assert len(list(walk(g.root))) == 4
