"""What a plan earns: best responses and exploitability in the sequence form, float or exact.

Against a fixed realization plan of the opponent, a player's expected payoff is linear in his own
plan, with one coefficient per own sequence (``A y`` for player 0, ``A^T x`` for player 1,
:func:`coefficients`). The best response is found by backward induction over the player's
information sets, children before parents (von Stengel 1996, section 4): the value of a sequence is
its own coefficient plus, for each information set that follows it, the best of that set's action
values.

*Exploitability* of a pair ``(x, y)`` is ``BR_0(y) - BR_1(x)``: what the two players together could
gain by deviating; it is zero exactly at an equilibrium, and then both equal the game's value.

Every later stage of a solve uses these: the LP (:mod:`.lp`) and the refinement
(:mod:`.refinements`) check their answers with them, and the certificates (:mod:`.exact`,
:mod:`.certify`) run them in fractions. This module uses only :mod:`.sequence_form`.

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> from kuhtheory.solvers.sequence_form import from_game, uniform_plan
>>> sf = from_game(kuhn_poker())
>>> u0, u1 = uniform_plan(sf.infosets[0]), uniform_plan(sf.infosets[1])
>>> round(exploitability(sf, u0, u1), 4)
0.9167
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.sequence_form import Plan, SequenceForm


def coefficients(
    sf: SequenceForm, player: int, opponent_plan: Plan, exact: bool = False
) -> list[Any]:
    """Player ``player``'s payoff coefficient per own sequence against ``opponent_plan``
    (payoffs to player 0 in both cases). With ``exact`` the plan must hold fractions (or ints);
    the sums run on integers over common denominators, so they stay fast for ten-card trades."""
    if len(opponent_plan) != sf.sizes[1 - player]:
        raise SolverInputError(
            f"plan of length {len(opponent_plan)} for player {1 - player}, who has "
            f"{sf.sizes[1 - player]} sequences"
        )
    own, other = (sf.rows, sf.cols) if player == 0 else (sf.cols, sf.rows)
    if not exact:
        A = sf.payoff_matrix()
        plan = np.asarray(opponent_plan, dtype=float)
        out: list[Any] = (A @ plan if player == 0 else A.T @ plan).tolist()  # floats, not numpy's
        return out
    nums, den_v = sf.integer_vals
    weights = [Fraction(w) for w in opponent_plan]
    den_p = math.lcm(*(w.denominator for w in weights if w))
    ints = [w.numerator * (den_p // w.denominator) for w in weights]
    out = [0] * sf.sizes[player]
    for i, j, v in zip(own.tolist(), other.tolist(), nums, strict=True):
        w = ints[j]
        if w:
            out[i] += v * w
    den = den_v * den_p
    return [Fraction(v, den) for v in out]


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
    vals = list(coefficients(sf, player, opponent_plan, exact))
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
    for info, best in zip(infosets, choice, strict=True):
        if plan[info.parent]:
            plan[info.first + best] = 1
    value = vals[0]
    return (value if exact else float(value)), plan


def response_duals(sf: SequenceForm, player: int, plan: Plan) -> tuple[np.ndarray, np.ndarray]:
    """What the opponent of ``player`` can reach against ``plan`` (floats): his best-response value
    per information set (entry 0: the value of the game to player 0 when he answers best) -- the
    duals of his constraints in the LP -- and each of his sequences' slack, how much worse than
    best it is (0 where the constraint is tight).

    >>> from kuhtheory.solvers.efg import Game, Decision, Terminal
    >>> from kuhtheory.solvers.sequence_form import from_game
    >>> sf = from_game(Game(Decision(1, "B", ("l", "r"), (Terminal(2), Terminal(-1)))))
    >>> duals, slack = response_duals(sf, 0, [1])
    >>> duals.tolist(), slack.tolist()
    ([-1.0, -1.0], [0.0, 3.0, 0.0])
    """
    opp = 1 - player
    vals = np.array(coefficients(sf, opp, plan), dtype=float)
    infosets = sf.infosets[opp]
    duals = np.zeros(len(infosets) + 1)
    sign = 1.0 if opp == 0 else -1.0
    for k in reversed(range(len(infosets))):
        info = infosets[k]
        block = vals[info.first : info.first + len(info.actions)]
        best = sign * np.max(sign * block)
        duals[k + 1] = best
        vals[info.parent] += best
    duals[0] = vals[0]
    owner = sf.seq_owner(opp)
    slack = sign * (np.where(owner >= 0, duals[owner + 1], duals[0]) - vals) + 0.0  # no -0.0
    return duals, slack


def plan_payoff(sf: SequenceForm, x: Plan, y: Plan, exact: bool = False) -> Any:
    """``x^T A y``: what plan ``x`` of player 0 earns against plan ``y`` of player 1.

    >>> from kuhtheory.solvers.kuhn import kuhn_poker
    >>> from kuhtheory.solvers.sequence_form import from_game, uniform_plan
    >>> sf = from_game(kuhn_poker())
    >>> round(plan_payoff(sf, uniform_plan(sf.infosets[0]), uniform_plan(sf.infosets[1])), 12)
    0.125
    """
    coef = coefficients(sf, 0, y, exact)
    if exact:
        return sum((Fraction(w) * c for w, c in zip(x, coef, strict=True) if w), Fraction(0))
    return float(np.dot(np.asarray(x, dtype=float), np.asarray(coef, dtype=float)))


def exploitability(sf: SequenceForm, x: Plan, y: Plan, exact: bool = False) -> Any:
    """``BR_0(y) - BR_1(x)`` (>= 0; 0 exactly at an equilibrium)."""
    return best_response(sf, 0, y, exact)[0] - best_response(sf, 1, x, exact)[0]


def local_regrets(sf: SequenceForm, player: int, plan: Plan, opponent_plan: Plan) -> list[float]:
    """For each information set of ``player``: how much better (in the player's own payoff, scaled
    by the probability the opponent's plan and chance lead there) the best action is than what
    ``plan`` plays there, continuation played by ``plan``. All zero means ``plan`` is a best
    response at every information set (sequential rationality) wherever ``opponent_plan`` reaches
    it."""
    return regrets(sf, player, plan, coefficients(sf, player, opponent_plan))


def regrets(sf: SequenceForm, player: int, plan: Plan, coefs: Plan) -> list[float]:
    """:func:`local_regrets` from the player's payoff coefficients ``coefs`` (one per own
    sequence) against some opponent plan, which need not be a plan of ``sf`` itself (a tremble
    of a larger form, :mod:`.refinements`)."""
    vals = [float(v) for v in coefs]
    sign = 1 if player == 0 else -1
    out = [0.0] * len(sf.infosets[player])
    for k in reversed(range(len(sf.infosets[player]))):
        info = sf.infosets[player][k]
        block = vals[info.first : info.first + len(info.actions)]
        weights = np.asarray(plan[info.first : info.first + len(info.actions)], dtype=float)
        mass = weights.sum()
        probs = weights / mass if mass > 0 else np.full(len(block), 1 / len(block))
        played = float(np.dot(probs, block))
        best = max(sign * b for b in block)
        out[k] = best - sign * played
        vals[info.parent] += played
    return out
