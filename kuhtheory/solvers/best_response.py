"""Best responses and exploitability in the sequence form, in floats or exactly in fractions.

Against a fixed realization plan of the opponent, a player's expected payoff is linear in his own
plan, with one coefficient per own sequence (``A y`` for player 0, ``A^T x`` for player 1). The best
response is found by backward induction over the player's information sets, children before parents
(von Stengel 1996, section 4): the value of a sequence is its own coefficient plus, for each
information set that follows it, the best of that set's action values.

*Exploitability* of a pair ``(x, y)`` is ``BR_0(y) - BR_1(x)``: what the two players together could
gain by deviating; it is zero exactly at an equilibrium, and then both equal the game's value.

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> from kuhtheory.solvers.sequence_form import from_game, solve_lp
>>> sf = from_game(kuhn_poker())
>>> sol = solve_lp(sf)
>>> exploitability(sf, sol.x, sol.y) < 1e-9
True
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import numpy as np

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.sequence_form import Plan, SequenceForm, payoff_matrix


def coefficients(
    sf: SequenceForm, player: int, opponent_plan: Plan, exact: bool = False
) -> list[Any]:
    """Player ``player``'s payoff coefficient per own sequence against ``opponent_plan``
    (payoffs to player 0 in both cases). With ``exact`` the plan must hold fractions."""
    n = sf.sizes[player]
    if len(opponent_plan) != sf.sizes[1 - player]:
        raise SolverInputError(
            f"plan of length {len(opponent_plan)} for player {1 - player}, who has "
            f"{sf.sizes[1 - player]} sequences"
        )
    if not exact:
        A = payoff_matrix(sf)
        plan = np.asarray(opponent_plan, dtype=float)
        return (A @ plan if player == 0 else A.T @ plan).tolist()  # floats, not numpy scalars
    if sf.exact_vals is None:
        raise SolverInputError(f"{sf.title!r} was built without exact payoffs")
    out = [Fraction(0)] * n
    own, other = (sf.rows, sf.cols) if player == 0 else (sf.cols, sf.rows)
    for i, j, v in zip(own.tolist(), other.tolist(), sf.exact_vals, strict=False):
        w = opponent_plan[j]
        if w:
            out[i] += v * w
    return out


def best_response(
    sf: SequenceForm, player: int, opponent_plan: Plan, exact: bool = False
) -> tuple[Any, list[Any]]:
    """``(value, plan)``: the best-response payoff (to player 0; player 0 maximises, player 1
    minimises) and a pure best-response realization plan of ``player``.

    >>> from kuhtheory.solvers.efg import Game, Decision, Terminal
    >>> from kuhtheory.solvers.sequence_form import from_game
    >>> sf = from_game(Game(Decision(0, "i", ("a", "b"), (Terminal(2), Terminal(-1)))))
    >>> best_response(sf, 0, [1])
    (2.0, [1, 1, 0])
    """
    vals = coefficients(sf, player, opponent_plan, exact)
    vals = list(vals)
    choice: list[int] = []
    sign = 1 if player == 0 else -1
    infosets = sf.infosets[player]
    for info in reversed(infosets):
        block = vals[info.first : info.first + len(info.actions)]
        best = max(range(len(block)), key=lambda k: sign * block[k])
        choice.append(best)
        vals[info.parent] += block[best]
    choice.reverse()
    plan = [0] * sf.sizes[player]
    plan[0] = 1
    for info, best in zip(infosets, choice, strict=False):
        if plan[info.parent]:
            plan[info.first + best] = 1
    value = vals[0]
    return (value if exact else float(value)), plan


def exploitability(sf: SequenceForm, x: Plan, y: Plan, exact: bool = False) -> Any:
    """``BR_0(y) - BR_1(x)`` (>= 0; 0 exactly at an equilibrium)."""
    return best_response(sf, 0, y, exact)[0] - best_response(sf, 1, x, exact)[0]


def local_regrets(sf: SequenceForm, player: int, plan: Plan, opponent_plan: Plan) -> list[float]:
    """For each information set of ``player``: how much better (in the player's own payoff, scaled
    by the probability the opponent's plan and chance lead there) the best action is than what
    ``plan`` plays there, continuation played by ``plan``. All zero means ``plan`` is a best
    response
    at every information set (sequential rationality) wherever ``opponent_plan`` reaches it."""
    vals = list(coefficients(sf, player, opponent_plan))
    sign = 1 if player == 0 else -1
    regrets = [0.0] * len(sf.infosets[player])
    for k in reversed(range(len(sf.infosets[player]))):
        info = sf.infosets[player][k]
        block = vals[info.first : info.first + len(info.actions)]
        weights = np.asarray(plan[info.first : info.first + len(info.actions)], dtype=float)
        mass = weights.sum()
        probs = weights / mass if mass > 0 else np.full(len(block), 1 / len(block))
        played = float(np.dot(probs, block))
        best = max(sign * b for b in block)
        regrets[k] = best - sign * played
        vals[info.parent] += played
    return regrets


def complete_behaviour(
    sf: SequenceForm, player: int, plan: Plan, opponent_plan: Plan
) -> dict[Hashable, dict[str, float]]:
    """The behaviour strategy of ``plan`` (von Stengel 1996), completed where the player's *own*
    earlier choices rule an information set out (a realization plan says nothing there): such a set
    gets the best action against ``opponent_plan`` (a fully mixed tremble), its continuation
    completed the same way, ties to the first action.

    >>> from kuhtheory.solvers.efg import Game, Decision, Terminal
    >>> from kuhtheory.solvers.sequence_form import from_game
    >>> g = Game(Decision(0, "i", ("stop", "go"), (Terminal(1),
    ...          Decision(0, "j", ("bad", "good"), (Terminal(-5), Terminal(0))))))
    >>> complete_behaviour(from_game(g), 0, [1, 1, 0, 0, 0], [1])["j"]
    {'bad': 0.0, 'good': 1.0}
    """
    vals = list(coefficients(sf, player, opponent_plan))
    sign = 1 if player == 0 else -1
    out: dict[Hashable, dict[str, float]] = {}
    for info in reversed(sf.infosets[player]):
        k = len(info.actions)
        block = vals[info.first : info.first + k]
        weights = [max(0.0, float(plan[info.first + a])) for a in range(k)]
        mass = sum(weights)
        if float(plan[info.parent]) > 0 and mass > 0:
            probs = [w / mass for w in weights]
        else:
            best = max(range(k), key=lambda a: (sign * block[a], -a))
            probs = [float(a == best) for a in range(k)]
        out[info.key] = dict(zip(info.actions, probs, strict=False))
        vals[info.parent] += sum(p * b for p, b in zip(probs, block, strict=False))
    return {info.key: out[info.key] for info in sf.infosets[player]}
