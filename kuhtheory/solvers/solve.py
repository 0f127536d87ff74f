"""The front door: solve a sequence form or a game tree, one straight pipeline.

Every solve runs the same stages, each a module that uses only the ones before it:

1. **build** -- the sequence form (:mod:`.sequence_form`, from a tree of :mod:`.efg`, or directly
   as :func:`kuhtheory.solvers.trade.round_form` does);
2. **solve** -- the sequence-form LP on HiGHS (:mod:`.lp`; Koller, Megiddo & von Stengel 1996),
   its answer checked by best responses (:mod:`.best_response`);
3. **refine** -- which optimal plans to report (:mod:`.refinements`: ``"none"``,
   ``"quasi-perfect"``, the default, or ``"proper"`` for one-shot games);
4. **certify** -- exploitability and the refinement's defining property, in floats or exactly in
   fractions (:mod:`.certify`, with :mod:`.exact`);
5. **report** -- a frozen :class:`~kuhtheory.solvers.result.SolveResult` with behaviour strategies
   (completed lexicographically where a player's own moves rule a set out) and a sentence saying
   how it was verified. Trades add their own tables (:mod:`.trade_solution`).

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> r = solve_game(kuhn_poker())
>>> round(r.value, 9), r.exploitability < 1e-9, r.refinement
(-0.055555556, True, 'quasi-perfect')
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from kuhtheory.solvers.certify import EXACT_BUDGET, PruningFailed, certify
from kuhtheory.solvers.efg import Game
from kuhtheory.solvers.lp import default_tolerance, solve_lp
from kuhtheory.solvers.refinements import Refinement, complete_behaviour, refine_profile
from kuhtheory.solvers.result import SolveResult, as_floats
from kuhtheory.solvers.sequence_form import SequenceForm, from_game, payoff_scale, uniform_plan

#: In exact mode, how far (relative to the largest payoff) the float candidates may be off.
CANDIDATE_TOLERANCE = 1e-6


def solve_sequence_form(
    sf: SequenceForm,
    exact: bool = False,
    refinement: str | Refinement = Refinement.QUASI_PERFECT,
    parameters: Mapping[str, Any] | None = None,
    *,
    full: SequenceForm | None = None,
    tolerance: float | None = None,
    budget: float | None = EXACT_BUDGET,
) -> SolveResult:
    """Solve ``sf`` through the stages of the module docstring.

    ``full`` is the whole game when ``sf`` leaves out weakly dominated actions of player 1 (a
    pruned trade round): the result is then reported, refined and certified in ``full``.
    ``tolerance`` is the largest exploitability (and refinement regret) a float answer may have
    (default :func:`~kuhtheory.solvers.lp.default_tolerance`); in exact mode the float stages
    only make candidates and may miss it by up to :data:`CANDIDATE_TOLERANCE` of the largest
    payoff. ``budget`` bounds the exact certificate's time in seconds (past it the result says
    it fell back to floats, which must then meet ``tolerance``).
    Raises :class:`SolverError` if an LP fails, :class:`SolverInputError` for a bad refinement.
    """
    how = Refinement.parse(refinement)
    start = time.perf_counter()
    tol = default_tolerance(sf) if tolerance is None else tolerance
    # In exact mode the float plans are only candidates (the certificate decides), so the float
    # stages may be looser; the tolerance still applies if the certificate falls back to floats.
    loose = max(tol, CANDIDATE_TOLERANCE * payoff_scale(sf)) if exact else None
    solution = solve_lp(sf, tol, loose)
    profile = refine_profile(sf, solution, how, tol, full, loose)
    try:
        cert = certify(sf, profile, solution, exact, tol, full, budget)
    except PruningFailed:  # never seen; the whole game is then solved as it is
        assert full is not None
        return solve_sequence_form(full, exact, how, parameters, tolerance=tolerance, budget=budget)
    whole = sf if full is None else full
    plans = (as_floats(cert.plans[0]), as_floats(cert.plans[1]))
    strategies = tuple(
        complete_behaviour(
            whole,
            player,
            plans[player],
            [
                plans[1 - player],
                as_floats(cert.trembles[player])
                if cert.trembles[player]
                else uniform_plan(whole.infosets[1 - player]),
            ],
            tol,
        )
        for player in (0, 1)
    )
    return SolveResult(
        game=sf.title,
        method="sequence-form LP (HiGHS)" + (", exact certificate" if cert.exact else ""),
        value=cert.value,
        value_exact=cert.value_exact,
        strategies=(strategies[0], strategies[1]),
        exploitability=cert.exploitability,
        exact=cert.exact,
        parameters=dict(parameters or {}),
        seconds=time.perf_counter() - start,
        verified=cert.verified,
        refinement=how.value,
        plans=cert.plans,
        trembles=cert.trembles,
    )


def solve_game(
    game: Game,
    exact: bool = False,
    refinement: str | Refinement = Refinement.QUASI_PERFECT,
    *,
    tolerance: float | None = None,
    budget: float | None = EXACT_BUDGET,
) -> SolveResult:
    """Solve a game tree by its sequence form (:func:`solve_sequence_form`); ``"proper"`` needs a
    one-shot game (:func:`~kuhtheory.solvers.refinements.signal_games`)."""
    start = time.perf_counter()
    result = solve_sequence_form(
        from_game(game, exact=True),
        exact,
        refinement,
        {"game": game.title},
        tolerance=tolerance,
        budget=budget,
    )
    object.__setattr__(result, "seconds", time.perf_counter() - start)
    return result
