"""The *refine* stage: which of the optimal strategies to report, and why.

The LP (:mod:`.lp`) returns *some* optimal plans. In a zero-sum game every pair of optimal plans is
an equilibrium, but an optimal plan may be careless wherever the opponent's optimal play never
goes: it may play a weakly dominated strategy, or reply to an offer nobody makes in a way that only
just deters it. A refinement picks optimal plans that also answer the opponent's mistakes
(Selten 1975). Three are offered (:class:`Refinement`):

``none``
    the LP's plans as they come.

``quasi-perfect`` (van Damme 1984)
    a profile is quasi-perfect if there are fully mixed profiles converging to it against which,
    at every information set, each player's continuation is a best response (his own later moves
    chosen freely, his own trembles ignored). Construction, per player ``i``: among his optimal
    plans, one LP picks the plan best against the opponent's uniform plan ``u``. Its Lagrangian
    shows what that buys: with ``mu >= 0`` the duals of the optimality constraints and ``nu`` that
    of the value constraint, ``t = (u + mu) / (1 + nu)`` is a fully mixed plan of the opponent and
    the chosen plan is a best response to ``t`` (:func:`refine`). It is also a best response to the
    opponent's optimal plan (any optimal plan is, in a zero-sum game), hence to every mixture
    ``(1 - e) y* + e t``: against this tremble it is sequentially rational at every information
    set it reaches. Information sets that the player's *own* moves rule out are completed
    lexicographically, best response to ``y*`` first, then to ``t``
    (:func:`complete_behaviour`). With *both* players refined so, the profile is quasi-perfect:
    the limit that Miltersen & Sørensen (2010) reach by a symbolic perturbation of the LP, here
    from one extra LP per player. In particular neither plan is weakly dominated: each is a best
    response to a fully mixed plan of the opponent.

``proper`` (Myerson 1978), for the one-shot games of a trade round
    player 0 (A) moves once, player 1 (B) once after a signal of A's move (the card count). In a
    proper equilibrium costlier mistakes are infinitely less likely, so after a signal that
    equilibrium play never sends, B must expect A's *best* moves among those that send it: B's
    reply to every signal is optimal in that signal's own matrix game, A's moves that send it
    against B's replies (:func:`signal_games`). On the path any optimal reply is, off the path a
    quasi-perfect one need not be: it only has to keep each such move at or below the value.
    Here each signal game is solved (a small LP) and refined as above inside it, and A is refined
    as under ``quasi-perfect``; the profile is quasi-perfect *and* meets the signal-game condition
    of properness. It is not checked against Myerson's whole definition (how B's own mistakes are
    ordered among themselves).

The certificates (:mod:`.certify`) check each defining property after this stage, in floats or
exactly in fractions.

References: R. Selten (1975), "Reexamination of the perfectness concept for equilibrium points in
extensive games", *IJGT* 4; R. B. Myerson (1978), "Refinements of the Nash equilibrium concept",
*IJGT* 7; E. van Damme (1984), "A relation between perfect equilibria in extensive form games and
proper equilibria in normal form games", *IJGT* 13; P. B. Miltersen and T. B. Sørensen (2010),
"Computing a quasi-perfect equilibrium of a two-player game", *Economic Theory* 42.

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> from kuhtheory.solvers.lp import solve_lp
>>> from kuhtheory.solvers.sequence_form import from_game
>>> sf = from_game(kuhn_poker())
>>> profile = refine_profile(sf, solve_lp(sf), "quasi-perfect")
>>> profile.refinement.value, bool(profile.trembles[0].min() > 0)
('quasi-perfect', True)
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers import highs
from kuhtheory.solvers.best_response import best_response, coefficients, regrets
from kuhtheory.solvers.choices import parse_choice
from kuhtheory.solvers.highs import LPResult
from kuhtheory.solvers.lp import (
    ATTEMPTS,
    LPSolution,
    attempt_name,
    bounds,
    default_tolerance,
    polish,
    row,
    solve_lp,
    stack,
)
from kuhtheory.solvers.sequence_form import (
    Infoset,
    Plan,
    SequenceForm,
    embedding,
    payoff_scale,
    uniform_plan,
    unit,
)


class RefinementFailed(SolverError):
    """No attempt of a refinement LP passed its checks (the LP's own answer did)."""


class Refinement(enum.Enum):
    """Which optimal strategies a solve reports (see the module docstring)."""

    NONE = "none"
    QUASI_PERFECT = "quasi-perfect"
    PROPER = "proper"

    @classmethod
    def parse(cls, value: str | Refinement) -> Refinement:
        """A refinement from its name; :class:`SolverInputError` naming the choices otherwise.

        >>> Refinement.parse("Quasi-Perfect")
        <Refinement.QUASI_PERFECT: 'quasi-perfect'>
        """
        return parse_choice(cls, value, "refinement")

    @property
    def description(self) -> str:
        """What the refinement asks of the reported strategies, in one sentence."""
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    Refinement.NONE: "none: the LP's optimal plans as they come (a Nash equilibrium; off the path "
    "and at dominated strategies anything optimal may be reported)",
    Refinement.QUASI_PERFECT: "quasi-perfect (van Damme 1984): both players' plans optimal and "
    "best responses to a fully mixed tremble of the opponent (so neither is weakly dominated); "
    "information sets a player's own moves rule out completed lexicographically, against the "
    "opponent's optimal plan first, then the tremble",
    Refinement.PROPER: "proper (Myerson 1978) in the trade's sense: quasi-perfect, and B's reply "
    "to every signal (card count) optimal in that signal's own matrix game",
}


# --- one player's refinement LP ---------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Base:
    """The fully mixed opponent plan a refinement LP starts from.

    ``plan`` is the opponent's plan in the sequences of the *whole* game (a form whose dominated
    actions were left out, :func:`kuhtheory.solvers.trade.round_form`, still trembles to them),
    ``where`` the position in ``plan`` of each opponent sequence of the LP's form, and
    ``coefficients`` the player's payoff per own sequence against ``plan``.
    """

    plan: np.ndarray
    where: np.ndarray
    coefficients: np.ndarray


def uniform_base(sf: SequenceForm, player: int, full: SequenceForm | None = None) -> Base:
    """The opponent's uniform plan over the sequences of ``full`` (default ``sf``), a form of the
    same game that may have more actions (:func:`~.sequence_form.embedding`).

    >>> from kuhtheory.solvers.kuhn import kuhn_poker
    >>> from kuhtheory.solvers.sequence_form import from_game
    >>> base = uniform_base(from_game(kuhn_poker()), 1)
    >>> base.plan[:3].tolist(), len(base.coefficients)
    ([1.0, 0.5, 0.5], 13)
    """
    whole = sf if full is None else full
    opp = 1 - player
    u = uniform_plan(whole.infosets[opp])
    where = np.arange(sf.sizes[opp]) if whole is sf else embedding(sf, whole, opp)
    coefs = np.asarray(coefficients(whole, player, u), dtype=float)
    if whole is not sf:
        coefs = coefs[embedding(sf, whole, player)]
    return Base(u, where, coefs)


@dataclass(frozen=True, eq=False)
class Refined:
    """A refined optimal plan of one player, the fully mixed opponent plan it answers best
    (``tremble``, in the sequences of the base's game) and the player's payoff coefficients
    against it; ``slack`` is how far (in payoff) the value constraint was relaxed (mostly 0)."""

    plan: np.ndarray
    tremble: np.ndarray
    coefficients: np.ndarray
    slack: float = 0.0


def refine(
    sf: SequenceForm,
    player: int,
    value: float,
    tolerance: float | None = None,
    base: Base | None = None,
    accept: float | None = None,
) -> Refined:
    """Among ``player``'s plans that guarantee ``value``, the one best against ``base`` (default:
    the opponent's uniform plan): the second-stage LP of the module docstring.

    The LP lives on the optimal face, a degenerate corner, and large payoffs make HiGHS stumble on
    it (presolve calls it infeasible; the simplex stalls). So it is tried as the main LP is
    (:data:`~.lp.ATTEMPTS`), then once more with the value constraint relaxed by half the
    tolerance. An attempt is taken if its plan guarantees ``value`` within half of ``tolerance``
    (default :func:`~.lp.default_tolerance`; two refined plans are then at most that far from an
    equilibrium together) and is, within it, a best response to its tremble at every information
    set the plan reaches; an attempt that falls short is first polished (:func:`~.lp.polish`).
    Failing that, the best attempt within ``accept`` is taken (the candidates of an exact
    certificate may be looser). Raises :class:`RefinementFailed` naming each attempt's problem if
    none passes.
    """
    tol = default_tolerance(sf) if tolerance is None else tolerance
    base = uniform_base(sf, player) if base is None else base
    scale = payoff_scale(sf)
    attempts = [(*attempt, 0.0) for attempt in ATTEMPTS]
    attempts.append((False, True, None, tol / 2))
    problems = []
    best: tuple[float, Refined] | None = None
    for presolve, scaled, highs_tol, slack in attempts:
        how = attempt_name(presolve, scaled, highs_tol) + (f", slack {slack:.3g}" if slack else "")
        res, out = _refine_lp(
            sf, player, value, slack, presolve, scale if scaled else 1.0, base, highs_tol
        )
        if out is None:
            problems.append(f"{res.message} ({how})")
            continue
        loss, regret = _shortfall(sf, player, value, out)
        if loss > tol / 2:  # large payoffs: the same support, solved again in floats, may do better
            polished = Refined(polish(sf, player, out.plan, loss), *_rest(out))
            better = _shortfall(sf, player, value, polished)
            if max(better) < max(loss, regret):
                out, (loss, regret) = polished, better
                how += ", polished"
        if out.tremble.min() > 0:
            if loss <= tol / 2 and regret <= tol:
                return out
            if best is None or max(loss, regret) < best[0]:
                best = (max(loss, regret), out)
        problems.append(f"a plan {loss:.3g} short of the value, regret {regret:.3g} ({how})")
    if best is not None and accept is not None and best[0] <= accept:
        return best[1]
    raise RefinementFailed(
        f"HiGHS failed on the refinement LP of player {player} in {sf.title!r} (tolerance "
        f"{tol:.3g}): " + "; ".join(problems)
    )


def _shortfall(sf: SequenceForm, player: int, value: float, out: Refined) -> tuple[float, float]:
    """How far a refined plan is from guaranteeing ``value``, and its largest regret against its
    tremble at the information sets it reaches."""
    guaranteed = best_response(sf, 1 - player, out.plan)[0]
    loss = (guaranteed - value) if player == 1 else (value - guaranteed)
    own = regrets(sf, player, out.plan, out.coefficients)
    regret = max(
        (r for r, info in zip(own, sf.infosets[player], strict=True) if out.plan[info.parent]),
        default=0.0,
    )
    return max(0.0, loss), regret


def _rest(out: Refined) -> tuple[np.ndarray, np.ndarray, float]:
    return out.tremble, out.coefficients, out.slack


def _refine_lp(
    sf: SequenceForm,
    player: int,
    value: float,
    slack: float,
    presolve: bool,
    divide: float,
    base: Base,
    highs_tol: float | None = None,
) -> tuple[LPResult, Refined | None]:
    """One refinement LP, its payoffs (and value, slack) divided by ``divide``; the duals, hence
    the tremble, do not depend on that division."""
    A = sf.payoff_matrix()
    At = (sf.rows, sf.cols, sf.vals)
    Et, Ft = sf.triplets(0), sf.triplets(1)
    k = 1.0 / divide
    n0, n1 = sf.sizes
    m0, m1 = len(sf.infosets[0]) + 1, len(sf.infosets[1]) + 1
    e, f = unit(m0), unit(m1)
    if player == 1:
        # variables (y, p): min c^T y  s.t.  A y - E^T p <= 0, e^T p <= v, F y = f
        c = np.concatenate([base.coefficients * k, np.zeros(m0)])
        M = stack(
            [
                (At, 0, 0, False, k),
                (Et, 0, n1, True, -1.0),
                (row(e), n0, n1, False, 1.0),
                (Ft, n0 + 1, 0, False, 1.0),
            ],
            (n0 + 1 + m1, n1 + m0),
        )
        b = np.concatenate([np.zeros(n0), [(value + slack) * k], f])
        res = highs.solve(c, M, n0 + 1, b, *bounds(n1, m0), presolve=presolve, tolerance=highs_tol)
        n_own, n_opp = n1, n0
    else:
        # variables (x, q): min -c^T x  s.t.  F^T q - A^T x <= 0, -f^T q <= -v, E x = e
        c = np.concatenate([-base.coefficients * k, np.zeros(m1)])
        M = stack(
            [
                (At, 0, 0, True, -k),
                (Ft, 0, n0, True, 1.0),
                (row(f), n1, n0, False, -1.0),
                (Et, n1 + 1, 0, False, 1.0),
            ],
            (n1 + 1 + m0, n0 + m1),
        )
        b = np.concatenate([np.zeros(n1), [-(value - slack) * k], e])
        res = highs.solve(c, M, n1 + 1, b, *bounds(n0, m1), presolve=presolve, tolerance=highs_tol)
        n_own, n_opp = n0, n1
    if not res.optimal:
        return res, None
    duals = -res.row_duals[: n_opp + 1]
    mu, nu = np.clip(duals[:-1], 0.0, None), max(0.0, float(duals[-1]))
    plan = np.clip(res.x[:n_own], 0.0, None)
    tremble = base.plan.copy()
    np.add.at(tremble, base.where, mu)
    own_vs_mu = A @ mu if player == 0 else A.T @ mu
    coefs = (base.coefficients + own_vs_mu) / (1.0 + nu)
    return res, Refined(plan, tremble / (1.0 + nu), coefs, slack)


# --- the signal games of a one-shot game (proper) ---------------------------------------------


@dataclass(frozen=True, eq=False)
class SignalGame:
    """The matrix game at one information set of player 1 in a one-shot game: player 0's moves
    that lead there (``rows``, his sequences) against the set's actions, as a sequence form of its
    own (player 0's actions named by his sequence numbers)."""

    infoset: int
    rows: np.ndarray
    form: SequenceForm


def signal_games(sf: SequenceForm) -> tuple[SignalGame, ...]:
    """One :class:`SignalGame` per information set of player 1, for a game in which player 0
    moves once (one information set) and player 1 once, after a signal of player 0's move that
    each move of player 0 sends to at most one of player 1's sets (a trade round: the card count).
    SolverInputError for any other game.

    >>> from kuhtheory.cards import to_counts
    >>> from kuhtheory.solvers.trade import TradeRules, round_form
    >>> sf = round_form(TradeRules.from_edition("2025"), to_counts((0, 10)), to_counts((10,)), 30)
    >>> [(g.form.infosets[1][0].key, g.rows.tolist()) for g in signal_games(sf)]
    [(('reply', 0), [1]), (('reply', 1), [2, 3]), (('reply', 2), [4])]
    """
    a_sets, b_sets = sf.infosets
    if len(a_sets) != 1 or a_sets[0].parent != 0 or any(i.parent != 0 for i in b_sets):
        raise SolverInputError(
            f"refinement 'proper' needs a one-shot game (player 0 moves once, player 1 once "
            f"after a signal of that move, as in a trade round); {sf.title!r} is not one"
        )
    owner = sf.seq_owner(1)
    set_of = owner[sf.cols]
    meets: dict[int, set[int]] = {}
    for i, k in zip(sf.rows.tolist(), set_of.tolist(), strict=True):
        if k >= 0:
            meets.setdefault(i, set()).add(k)
    if any(len(sets) > 1 for sets in meets.values()):
        raise SolverInputError(
            f"refinement 'proper': in {sf.title!r} a move of player 0 reaches several "
            "information sets of player 1 (the signal is not a function of the move)"
        )
    games = []
    for k, info in enumerate(b_sets):
        rows = np.array(sorted(i for i, sets in meets.items() if k in sets), dtype=np.int64)
        games.append(SignalGame(k, rows, _matrix_game(sf, info, rows, set_of == k)))
    return tuple(games)


def _matrix_game(
    sf: SequenceForm, info: Infoset, rows: np.ndarray, mask: np.ndarray
) -> SequenceForm:
    """The sequence form of the matrix game at ``info``: entries of ``sf`` in ``mask``."""
    row_of = {int(s): r + 1 for r, s in enumerate(rows.tolist())}
    a = Infoset(("signal", info.key), tuple(str(s) for s in rows.tolist()), 0, 1)
    b = Infoset(info.key, info.actions, 0, 1)
    picked = np.flatnonzero(mask)
    exact = None if sf.exact_vals is None else tuple(sf.exact_vals[j] for j in picked.tolist())
    return SequenceForm(
        ((a,), (b,)),
        np.array([row_of[int(s)] for s in sf.rows[picked].tolist()], dtype=np.int64),
        sf.cols[picked] - info.first + 1,
        sf.vals[picked],
        exact,
        f"{sf.title}, signal {info.key}",
    )


@dataclass(frozen=True, eq=False)
class SignalReplies:
    """Player 1's replies, each optimal and refined in its signal game: the plan, the fully
    mixed plan of player 0 it answers best, the games, each game's value (nan where no move of
    player 0 leads) and player 0's optimal plan there (kept for the exact certificate)."""

    plan: np.ndarray
    tremble: np.ndarray
    games: tuple[SignalGame, ...]
    values: tuple[float, ...]
    row_plans: tuple[np.ndarray | None, ...]


def signal_reply(sf: SequenceForm, game: SignalGame, y: Plan) -> list[Any]:
    """Player 1's plan in ``game`` (its signal game in ``sf``) taken from his plan ``y`` of
    ``sf``: the empty sequence, then the set's actions."""
    info = sf.infosets[1][game.infoset]
    return [y[0], *y[info.first : info.first + len(info.actions)]]


def signal_replies(
    sf: SequenceForm, tolerance: float | None = None, accept: float | None = None
) -> SignalReplies:
    """Player 1's reply to each signal: optimal in that signal's matrix game, and among those the
    best against player 0's uniform mix of the moves that send it (:func:`refine` inside the game).
    The tremble puts equal weight on each signal and, within one, the game's own tremble."""
    tol = default_tolerance(sf) if tolerance is None else tolerance
    games = signal_games(sf)
    y = np.zeros(sf.sizes[1])
    y[0] = 1.0
    t = np.zeros(sf.sizes[0])
    t[0] = 1.0
    used = np.concatenate([g.rows for g in games]) if games else np.zeros(0, dtype=np.int64)
    lone = np.setdiff1d(np.arange(1, sf.sizes[0]), used)
    groups = len(games) + (1 if len(lone) else 0)
    values: list[float] = []
    row_plans: list[np.ndarray | None] = []
    for g in games:
        info = sf.infosets[1][g.infoset]
        if not len(g.rows):  # a set no move leads to: every reply is optimal; the first one
            y[info.first] = 1.0
            values.append(float("nan"))
            row_plans.append(None)
            continue
        sol = solve_lp(g.form, tol, accept)
        r = refine(g.form, 1, sol.value, tol, accept=accept)
        y[info.first : info.first + len(info.actions)] = r.plan[1:]
        t[g.rows] = r.tremble[1:] / groups
        values.append(sol.value)
        row_plans.append(sol.x)
    if len(lone):
        t[lone] = 1.0 / (groups * len(lone))
    return SignalReplies(y, t, games, tuple(values), tuple(row_plans))


# --- both players ------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Profile:
    """The refined optimal plans of both players and what they were refined against.

    ``trembles[i]`` is the fully mixed plan of player ``1 - i`` (in the sequences of the whole
    game) that ``plans[i]`` best-responds to, or None where nothing was refined; ``candidates``
    are the LP's own optimal plans, kept as a second choice for the exact certificate;
    ``signals`` holds the signal games and their values under ``proper``.
    """

    refinement: Refinement
    plans: tuple[np.ndarray, np.ndarray]
    trembles: tuple[np.ndarray | None, np.ndarray | None]
    candidates: tuple[np.ndarray, np.ndarray]
    signals: SignalReplies | None = None


def refine_profile(
    sf: SequenceForm,
    solution: LPSolution,
    refinement: str | Refinement,
    tolerance: float | None = None,
    full: SequenceForm | None = None,
    accept: float | None = None,
) -> Profile:
    """Refine both players' optimal plans from the LP's ``solution`` (module docstring).

    ``full`` is the whole game when ``sf`` leaves out weakly dominated actions of player 1 (a
    pruned trade round): player 0's tremble then covers player 1's left-out actions too, so
    player 0's plan is undominated in the whole game. ``accept`` is passed on to :func:`refine`.
    """
    how = Refinement.parse(refinement)
    lp_plans = (solution.x, solution.y)
    if how is Refinement.NONE:
        return Profile(how, lp_plans, (None, None), lp_plans)
    tol = default_tolerance(sf) if tolerance is None else tolerance
    a = refine(sf, 0, solution.value, tol, uniform_base(sf, 0, full), accept)
    if how is Refinement.PROPER:
        signals = signal_replies(sf, tol, accept)
        return Profile(how, (a.plan, signals.plan), (a.tremble, signals.tremble), lp_plans, signals)
    b = refine(sf, 1, solution.value, tol, uniform_base(sf, 1, full), accept)
    return Profile(how, (a.plan, b.plan), (a.tremble, b.tremble), lp_plans)


# --- behaviour strategies with the lexicographic completion ------------------------------------


def complete_behaviour(
    sf: SequenceForm,
    player: int,
    plan: Plan,
    lexicographic: Sequence[Plan],
    tolerance: float | None = None,
) -> dict[Hashable, dict[str, float]]:
    """The behaviour strategy of ``plan`` (von Stengel 1996), completed where the player's *own*
    earlier choices rule an information set out (a realization plan says nothing there): such a set
    gets the action best against the opponent plans of ``lexicographic`` taken in order (the
    opponent's optimal plan, then a fully mixed tremble), its continuation completed the same way,
    ties to the first action. Values within ``tolerance`` (default :func:`~.lp.default_tolerance`)
    count as equal at each level.

    >>> from kuhtheory.solvers.efg import Game, Decision, Terminal
    >>> from kuhtheory.solvers.sequence_form import from_game
    >>> g = Game(Decision(0, "i", ("stop", "go"), (Terminal(1),
    ...          Decision(0, "j", ("bad", "good"), (Terminal(-5), Terminal(0))))))
    >>> complete_behaviour(from_game(g), 0, [1, 1, 0, 0, 0], [[1]])["j"]
    {'bad': 0.0, 'good': 1.0}
    """
    levels = [list(coefficients(sf, player, opp)) for opp in lexicographic]
    tol = default_tolerance(sf) if tolerance is None else tolerance
    sign = 1 if player == 0 else -1
    out: dict[Hashable, dict[str, float]] = {}
    for info in reversed(sf.infosets[player]):
        k = len(info.actions)
        weights = [max(0.0, float(plan[info.first + a])) for a in range(k)]
        mass = sum(weights)
        if float(plan[info.parent]) > 0 and mass > 0:
            probs = [w / mass for w in weights]
        else:
            best = _lexicographic_best(
                [[sign * lv[info.first + a] for lv in levels] for a in range(k)], tol
            )
            probs = [float(a == best) for a in range(k)]
        out[info.key] = dict(zip(info.actions, probs, strict=True))
        for lv in levels:
            lv[info.parent] += sum(p * lv[info.first + a] for a, p in enumerate(probs))
    return {info.key: out[info.key] for info in sf.infosets[player]}


def _lexicographic_best(values: list[list[float]], tol: float) -> int:
    """The first of the options whose value vectors are lexicographically largest, entries within
    ``tol`` of the best counting as equal.

    >>> _lexicographic_best([[1.0, 0.0], [1.0 + 1e-12, -1.0], [0.5, 9.0]], 1e-9)
    0
    """
    candidates = list(range(len(values)))
    for level in range(len(values[0]) if values else 0):
        top = max(values[a][level] for a in candidates)
        candidates = [a for a in candidates if values[a][level] >= top - tol]
    return candidates[0]
