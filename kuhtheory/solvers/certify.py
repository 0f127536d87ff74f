"""The *certify* stage: check that the refined plans are what the result will say they are.

After :mod:`.refinements` a solve has two optimal plans and, for each refined player, the fully
mixed plan of the opponent his plan answers best (the *tremble*). :func:`certify` checks, and
states in :attr:`Certificate.verified`:

* **optimality**: the exploitability of the pair by best responses (von Stengel 1996). In floats it
  must be at most the tolerance; in exact mode the plans become fractions
  (:func:`~.exact.exact_equilibrium`) and both best-response values must be *equal*, the value
  with no tolerance at all;
* **quasi-perfection** (both refinements): each refined plan is a best response to its tremble
  at every information set it reaches, and the tremble is fully mixed. In floats the largest
  regret is reported; in exact mode an exact fully mixed tremble is solved for from the support
  equations (:func:`~.exact.exact_tremble`) and the best response checked in fractions;
* **properness in the trade's sense**: B's reply to each signal holds A to that signal game's
  value, measured in floats, or exactly against the game's exact value.

When the solve left out weakly dominated actions of player 1 (a pruned trade round), every check is
made in the whole game ``full``, with the left-out actions played with probability 0 and trembled
to. Exact work runs against a time budget; past it the certificate falls back to the float checks
and says so (:attr:`Certificate.exact` is then False).

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> from kuhtheory.solvers.lp import solve_lp
>>> from kuhtheory.solvers.refinements import refine_profile
>>> from kuhtheory.solvers.sequence_form import from_game
>>> sf = from_game(kuhn_poker())
>>> sol = solve_lp(sf)
>>> cert = certify(sf, refine_profile(sf, sol, "quasi-perfect"), sol, exact=True)
>>> cert.value_exact, cert.exact
(Fraction(-1, 18), True)
>>> "exact fully mixed tremble" in cert.verified
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from kuhtheory.errors import SolverError
from kuhtheory.solvers.best_response import best_response, coefficients, exploitability, regrets
from kuhtheory.solvers.exact import (
    Deadline,
    OutOfTime,
    certified_value,
    exact_equilibrium,
    exact_tremble,
)
from kuhtheory.solvers.lp import LPSolution, default_tolerance
from kuhtheory.solvers.refinements import Profile, Refinement, signal_reply
from kuhtheory.solvers.sequence_form import SequenceForm, embed_plan, embedding

#: The default time budget of an exact certificate, in seconds.
EXACT_BUDGET = 20.0


@dataclass(frozen=True, eq=False)
class Certificate:
    """What was checked about a solve, and the plans it was checked on.

    ``plans`` and ``trembles`` are in the sequences of the reported game (the whole game when a
    pruned form was solved): fractions where they were certified exactly, floats otherwise
    (``trembles[i]`` is empty where player ``i`` was not refined). ``method`` says how the exact
    plans were found (``"rounded"``, ``"support equations"``, ``"exact LP"``) or ``"float"``.
    """

    plans: tuple[tuple[Any, ...], tuple[Any, ...]]
    trembles: tuple[tuple[Any, ...], tuple[Any, ...]]
    value: float
    value_exact: Fraction | None
    exploitability: float
    exact: bool
    verified: str
    method: str


class PruningFailed(SolverError):
    """The exact plans of a pruned form are not optimal in the whole game (solve that instead)."""


def certify(
    sf: SequenceForm,
    profile: Profile,
    solution: LPSolution,
    exact: bool = False,
    tolerance: float | None = None,
    full: SequenceForm | None = None,
    budget: float | None = EXACT_BUDGET,
) -> Certificate:
    """Check ``profile`` (refined from ``solution``, the LP's answer on ``sf``) as the module
    docstring says; ``full`` is the whole game when ``sf`` is pruned. With ``exact``, the exact
    work stops after ``budget`` seconds (None: no limit) and the float checks stand in.

    Raises :class:`SolverError` if a float check misses ``tolerance`` (default
    :func:`~.lp.default_tolerance`), :class:`PruningFailed` if exact plans of the pruned form
    fail in the whole game.
    """
    tol = default_tolerance(sf) if tolerance is None else tolerance
    whole = sf if full is None else full
    where = embedding(sf, whole, 1) if full is not None else None
    if not exact:
        return _float_certificate(sf, whole, where, profile, solution, tol)
    deadline = Deadline.after(budget)
    try:
        return _exact_certificate(sf, whole, where, profile, solution, tol, deadline)
    except OutOfTime as exc:
        floats = _float_certificate(sf, whole, where, profile, solution, tol)
        return Certificate(
            floats.plans,
            floats.trembles,
            floats.value,
            None,
            floats.exploitability,
            False,
            f"exact certificate not found ({exc}), fell back to the float answer; "
            f"{floats.verified}",
            "float (exact certificate not found)",
        )


def _embedded(plan: Any, where: np.ndarray | None, size: int) -> list[Any]:
    return list(plan) if where is None else embed_plan(list(plan), where, size)


def _float_certificate(
    sf: SequenceForm,
    whole: SequenceForm,
    where: np.ndarray | None,
    profile: Profile,
    solution: LPSolution,
    tol: float,
) -> Certificate:
    x = [float(v) for v in profile.plans[0]]
    y = [float(v) for v in _embedded(profile.plans[1], where, whole.sizes[1])]
    gap = max(0.0, float(exploitability(whole, x, y)))
    if gap > tol:
        raise SolverError(
            f"the plans of {sf.title!r} are exploitable by {gap:.3g}, more than the tolerance "
            f"{tol:.3g}"
        )
    checks = [f"float: exploitability {gap:.3g} by best responses (tolerance {tol:.3g})"]
    if profile.refinement is not Refinement.NONE:
        worst = max(
            _regret(whole, i, plan, t)
            for i, (plan, t) in enumerate(((x, profile.trembles[0]), (y, profile.trembles[1])))
        )
        checks.append(
            f"{profile.refinement.value}: each plan a best response to a fully mixed tremble of "
            f"the opponent (largest regret {worst:.3g})"
        )
        if worst > tol:
            raise SolverError(
                f"the refined plans of {sf.title!r} miss their trembles by {worst:.3g} "
                f"(tolerance {tol:.3g})"
            )
    if profile.signals is not None:
        excess = _signal_excess(sf, profile, [float(v) for v in profile.plans[1]])
        checks.append(
            f"every signal game's reply holds A to that game's value (largest excess {excess:.3g})"
        )
        if excess > tol:
            raise SolverError(f"a signal reply of {sf.title!r} misses its game by {excess:.3g}")
    trembles = tuple(() if t is None else tuple(float(v) for v in t) for t in profile.trembles)
    return Certificate(
        (tuple(x), tuple(y)),
        (trembles[0], trembles[1]),
        solution.value,
        None,
        gap,
        False,
        "; ".join(checks),
        "float",
    )


def _regret(sf: SequenceForm, player: int, plan: list[float], tremble: Any) -> float:
    """The largest regret of ``plan`` against ``tremble`` at the sets ``plan`` reaches, or
    infinity if the tremble is not fully mixed."""
    t = np.asarray(tremble, dtype=float)
    if t.min() <= 0:
        return float("inf")
    own = regrets(sf, player, plan, coefficients(sf, player, t))
    return max(
        (r for r, info in zip(own, sf.infosets[player], strict=True) if plan[info.parent] > 0),
        default=0.0,
    )


def _signal_excess(sf: SequenceForm, profile: Profile, y: list[float]) -> float:
    """How far above its signal game's value B's reply lets A go, at worst (floats)."""
    assert profile.signals is not None
    signals = profile.signals
    return max(
        (
            best_response(game.form, 0, signal_reply(sf, game, y))[0] - value
            for game, value in zip(signals.games, signals.values, strict=True)
            if len(game.rows)
        ),
        default=0.0,
    )


def _exact_signal_check(
    sf: SequenceForm, profile: Profile, y: list[Fraction], deadline: Deadline
) -> Fraction:
    """The same in fractions: each game's exact value from the certificate of its own LP's plan
    for A and B's exact reply; the largest amount by which a reply lets A exceed it."""
    assert profile.signals is not None
    signals = profile.signals
    worst = Fraction(0)
    for game, a_plan in zip(signals.games, signals.row_plans, strict=True):
        if a_plan is None:
            continue
        reply = signal_reply(sf, game, y)
        value = exact_equilibrium(game.form, [a_plan], [[float(v) for v in reply]], deadline).value
        worst = max(worst, best_response(game.form, 0, reply, exact=True)[0] - value)
    return worst


def _exact_certificate(
    sf: SequenceForm,
    whole: SequenceForm,
    where: np.ndarray | None,
    profile: Profile,
    solution: LPSolution,
    tol: float,
    deadline: Deadline,
) -> Certificate:
    eq = exact_equilibrium(
        sf,
        [profile.plans[0], profile.candidates[0]],
        [profile.plans[1], profile.candidates[1]],
        deadline,
    )
    x = list(eq.x)
    y = _embedded(eq.y, where, whole.sizes[1])
    checks = [f"exact: best-response values equal {eq.value} in fractions ({eq.method})"]
    if where is not None:
        if certified_value(whole, x, y) != eq.value:
            raise PruningFailed(f"{sf.title!r}: the pruned form's exact plans fail in the whole")
        checks[0] += ", also in the whole game with every action"
    trembles: list[tuple[Any, ...]] = [(), ()]
    if profile.refinement is not Refinement.NONE:
        exact_parts = []
        for player, plan in ((0, x), (1, y)):
            float_t = profile.trembles[player]
            assert float_t is not None
            t = exact_tremble(whole, player, plan, float_t, deadline=deadline)
            trembles[player] = tuple(float(v) for v in float_t) if t is None else tuple(t)
            exact_parts.append(t is not None)
        if all(exact_parts):
            checks.append(
                f"{profile.refinement.value}: each plan an exact best response to an exhibited "
                "exact fully mixed tremble of the opponent"
            )
        else:
            worst = max(
                _regret(whole, i, [float(v) for v in p], trembles[i]) for i, p in enumerate((x, y))
            )
            if worst > tol:  # the exact plans are optimal but not the refined ones: report those
                floats = _float_certificate(sf, whole, where, profile, solution, tol)
                return Certificate(
                    floats.plans,
                    floats.trembles,
                    float(eq.value),
                    eq.value,
                    floats.exploitability,
                    False,
                    f"{checks[0]} for other optimal plans; the refined plans reported: "
                    f"{floats.verified}",
                    "float (value exact)",
                )
            checks.append(
                f"{profile.refinement.value}: each plan a best response to a fully mixed tremble "
                f"of the opponent, checked in floats only (largest regret {worst:.3g}; no exact "
                "tremble from the support equations)"
            )
    if profile.signals is not None:
        excess = _exact_signal_check(sf, profile, list(eq.y), deadline)
        if excess:
            raise SolverError(f"a signal reply of {sf.title!r} lets A exceed its game by {excess}")
        checks.append("every signal game's reply holds A exactly to that game's exact value")
    return Certificate(
        (tuple(x), tuple(y)),
        (trembles[0], trembles[1]),
        float(eq.value),
        eq.value,
        0.0,
        True,
        "; ".join(checks),
        eq.method,
    )
