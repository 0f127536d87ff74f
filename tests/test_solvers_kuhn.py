"""Kuhn poker (Kuhn 1950): value -1/18, the known shape of the optimal strategies and Kuhn's
family of equilibria."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.kuhn import family_value, kuhn_family, kuhn_poker, pair_exploitability
from kuhtheory.solvers.solve import solve_game


@pytest.fixture(scope="module")
def exact():
    return solve_game(kuhn_poker(), exact=True)


def test_kuhn_value_is_minus_one_eighteenth_exactly(exact):
    assert exact.value_exact == Fraction(-1, 18)
    assert exact.exact and exact.exploitability == 0.0
    assert "best-response values equal -1/18" in exact.verified


def test_kuhn_float_value():
    assert solve_game(kuhn_poker()).value == pytest.approx(-1 / 18, abs=1e-12)


def test_kuhn_strategies_have_the_known_shape(exact):
    first, second = exact.strategy(0), exact.strategy(1)
    alpha = first[("J", "")]["bet"]  # the first player's bluffing frequency, in [0, 1/3]
    assert 0 <= alpha <= 1 / 3 + 1e-12
    assert first[("K", "")]["bet"] == pytest.approx(3 * alpha)
    assert first[("Q", "")]["bet"] == pytest.approx(0)
    assert first[("Q", "cb")]["call"] == pytest.approx(alpha + 1 / 3)
    assert first[("J", "cb")]["call"] == pytest.approx(0)
    # The second player: always bets and calls with K, bluffs with J 1/3, calls with Q 1/3.
    assert second[("K", "b")]["call"] == pytest.approx(1)
    assert second[("K", "c")]["bet"] == pytest.approx(1)
    assert second[("J", "c")]["bet"] == pytest.approx(1 / 3)
    assert second[("Q", "b")]["call"] == pytest.approx(1 / 3)
    assert second[("J", "b")]["call"] == pytest.approx(0)


def test_kuhn_off_path_sets_get_a_best_action(exact):
    # With K the first player bets with probability 3*alpha; if that is 1 his "K after check-bet"
    # set is ruled out by his own choice and is completed by the best action: call.
    first = exact.strategy(0)
    assert first[("K", "cb")]["call"] == pytest.approx(1)


# ---------------------------------------------------------------------------------------------
# Kuhn's family of equilibria (Kuhn 1950): alpha in [0, 1/3]


@pytest.mark.parametrize(
    "alpha", [Fraction(0), Fraction(1, 12), Fraction(1, 6), Fraction(1, 4), Fraction(1, 3)]
)
def test_every_member_of_kuhns_family_is_an_equilibrium(alpha: Fraction) -> None:
    first, second = kuhn_family(alpha)
    assert pair_exploitability(first, second) == 0
    assert family_value(alpha) == Fraction(-1, 18)


def test_the_solver_lands_in_the_family(exact):
    # The LP's first player is one member: his jack's bluff rate alpha fixes every other number.
    first, second = exact.strategy(0), exact.strategy(1)
    alpha = Fraction(first[("J", "")]["bet"]).limit_denominator(1000)
    mine, theirs = kuhn_family(alpha)
    for key, probs in mine.items():
        for action, p in probs.items():
            assert first[key][action] == pytest.approx(float(p), abs=1e-9)
    for key, probs in theirs.items():
        for action, p in probs.items():
            assert second[key][action] == pytest.approx(float(p), abs=1e-9)


@pytest.mark.parametrize(
    "key,action,p",
    [
        (("K", ""), "bet", Fraction(1, 3)),  # the king bet twice (not three times) as often
        (("Q", "cb"), "call", Fraction(1, 3)),  # the queen called less than alpha + 1/3
        (("Q", ""), "bet", Fraction(1, 2)),  # betting the queen
    ],
)
def test_leaving_the_family_is_exploitable(key: tuple, action: str, p: Fraction) -> None:
    first, second = kuhn_family(Fraction(1, 6))
    other = next(a for a in first[key] if a != action)
    first[key] = {action: p, other: 1 - p}
    assert pair_exploitability(first, second) > 0


def test_the_second_players_strategy_is_unique_up_to_his_bluff() -> None:
    first, second = kuhn_family(Fraction(1, 6))
    second[("J", "c")] = {"check": Fraction(1, 2), "bet": Fraction(1, 2)}  # bluffs too often
    assert pair_exploitability(first, second) > 0


def test_alpha_outside_the_family_is_refused() -> None:
    for alpha in (Fraction(1, 2), -0.1):
        with pytest.raises(SolverInputError, match="must lie in \\[0, 1/3\\]"):
            kuhn_family(alpha)


@pytest.mark.parametrize(
    "argv,needle",
    [
        ("solve kuhn --bogus", "unrecognized arguments: --bogus"),
        (
            "solve kuhn --efg /no/such/folder/kuhn.efg",
            "the folder '/no/such/folder' does not exist",
        ),
    ],
)
def test_cli_kuhn_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: str, needle: str):
    from kuhtheory.cli import main

    assert main(argv.split()) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("kuhtheory: error: ") and needle in captured.err
