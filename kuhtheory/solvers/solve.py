"""The front door: solve a sequence form or a game tree, float or exact, with the refinement.

Steps (each a small function of :mod:`.sequence_form`, :mod:`.best_response`, :mod:`.exact`):

1. the sequence-form LP on HiGHS (Koller, Megiddo & von Stengel 1996) gives plans and the value;
2. unless ``refined=False``, one more LP per player picks, among his optimal plans, one that is a
   best response at every information set to a fully mixed plan of the opponent
   (:func:`.sequence_form.refine`, after Miltersen & Sørensen 2010); information sets that a
   player's own choices rule out get the best action against that same tremble
   (:func:`.best_response.complete_behaviour`);
3. exploitability of the pair by best responses (von Stengel 1996);
4. with ``exact=True`` the plans become fractions and are certified (:mod:`.exact`).

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> r = solve_game(kuhn_poker())
>>> round(r.value, 9), r.exploitability < 1e-9
(-0.055555556, True)
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from kuhtheory.solvers.best_response import complete_behaviour, exploitability
from kuhtheory.solvers.efg import Game
from kuhtheory.solvers.exact import exact_equilibrium
from kuhtheory.solvers.result import SolveResult, as_floats
from kuhtheory.solvers.sequence_form import (
    Plan,
    SequenceForm,
    from_game,
    refine,
    solve_lp,
    uniform_plan,
)

REFINEMENT = (
    "optimal plans that best-respond, at every information set, to a fully mixed plan of the "
    "opponent (second-stage LP against the uniform plan; Miltersen & Sørensen 2010)"
)


def solve_sequence_form(
    sf: SequenceForm,
    exact: bool = False,
    refined: bool | tuple[int, ...] = True,
    parameters: Mapping[str, Any] | None = None,
) -> SolveResult:
    """Solve ``sf`` (see the module docstring); raises SolverError if an LP fails.

    ``refined`` is True (refine both players), False, or the players to refine (a player without
    off-path information sets gains nothing from it: the trade refines only B).
    """
    players = (0, 1) if refined is True else () if refined is False else tuple(refined)
    start = time.perf_counter()
    sol = solve_lp(sf)
    xs, ys = [sol.x], [sol.y]
    trembles = (uniform_plan(sf.infosets[1]), uniform_plan(sf.infosets[0]))
    t0, t1 = trembles
    if 0 in players:
        r0 = refine(sf, 0, sol.value)
        xs.insert(0, r0.plan)
        t0 = r0.tremble
    if 1 in players:
        r1 = refine(sf, 1, sol.value)
        ys.insert(0, r1.plan)
        t1 = r1.tremble
    trembles = (t0, t1)
    x: Plan
    y: Plan
    if exact:
        eq = exact_equilibrium(sf, xs, ys)
        x, y = eq.x, eq.y
        value, value_exact = float(eq.value), eq.value
        gap = 0.0
        verified = f"exact: best-response values equal {eq.value} in fractions ({eq.method})"
        method = "sequence-form LP (HiGHS), exact certificate"
    else:
        x, y = xs[0], ys[0]
        value, value_exact = sol.value, None
        gap = max(0.0, float(exploitability(sf, x, y)))
        verified = f"float: exploitability {gap:.3g} by best responses"
        method = "sequence-form LP (HiGHS)"
    xf, yf = as_floats(x), as_floats(y)
    return SolveResult(
        game=sf.title,
        method=method,
        value=value,
        value_exact=value_exact,
        strategies=(
            complete_behaviour(sf, 0, xf, trembles[0]),
            complete_behaviour(sf, 1, yf, trembles[1]),
        ),
        exploitability=gap,
        exact=exact,
        parameters=dict(parameters or {}),
        seconds=time.perf_counter() - start,
        verified=verified,
        refinement=(REFINEMENT + f" for player(s) {', '.join(map(str, players))}")
        if players
        else "none",
        plans=(tuple(x), tuple(y)),
    )


def solve_game(
    game: Game, exact: bool = False, refined: bool | tuple[int, ...] = True
) -> SolveResult:
    """Solve a game tree by its sequence form (:func:`solve_sequence_form`)."""
    start = time.perf_counter()
    result = solve_sequence_form(from_game(game, exact=True), exact, refined, {"game": game.title})
    object.__setattr__(result, "seconds", time.perf_counter() - start)
    return result
