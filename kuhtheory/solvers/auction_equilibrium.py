"""The complete-information auction solved: backward induction under an equilibrium selection,
and the checks that certify the result.

Backward induction runs level by level from the top bid down (:func:`backward_induction`; no
recursion, one entry per state, the best bid above each level kept as a running maximum, so the
work grows with the number of states, not their square). Ties are broken by a :class:`Selection`
(:mod:`kuhtheory.solvers.auction` explains the two). :func:`check_equilibrium` certifies a solution
exactly at every state; :func:`verify_by_paths` is the brute force for small games.

>>> from kuhtheory.solvers.auction_game import make_game
>>> eq = backward_induction(make_game([60, 40], auctioneer_value=100))
>>> eq.outcome(eq.game.root()), eq.value(eq.game.root())
((4, 0), (60, 40, 0))
>>> check_equilibrium(eq).startswith("exact integer backward induction; one-shot")
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers.auction_game import PASS, AuctionGame, State
from kuhtheory.solvers.choices import parse_choice
from kuhtheory.solvers.preemption import outcome_payoffs

MAX_CHECK_MOVES = 5_000_000
"""The most (state, move) pairs :func:`check_equilibrium` compares (about 5 s at the limit)."""

MAX_PATH_LEVELS = 12
"""The most bid levels :func:`verify_by_paths` accepts (its work doubles with every level)."""


class Selection(enum.Enum):
    """Which subgame-perfect equilibrium backward induction returns (module docstring)."""

    #: Stay in while the price is below your worth (no weakly dominated pass); the default.
    UNDOMINATED = "undominated"
    #: A bidder indifferent between moves passes: losers drop out once staying in gains nothing.
    PASS_ON_TIES = "pass-on-ties"

    @classmethod
    def parse(cls, selection: str | Selection) -> Selection:
        """A selection from its name; :class:`SolverInputError` otherwise."""
        return parse_choice(cls, selection, "selection")


@dataclass(frozen=True)
class AuctionEquilibrium:
    """A solved auction: at every state the equilibrium move and the outcome it leads to.

    ``table[state] = (level, high, action)``: the hammer the equilibrium reaches from ``state``
    (``high == -1``: nobody bid) and the mover's move there (``PASS`` at a hammered state).
    """

    game: AuctionGame
    selection: Selection
    table: Mapping[State, tuple[int, int, int]] = field(repr=False, compare=False)

    def action(self, state: State) -> int:
        """The equilibrium move at ``state``."""
        return self.table[state][2]

    def outcome(self, state: State) -> tuple[int, int]:
        """The ``(level, high)`` at which the hammer falls in the equilibrium from ``state``."""
        level, high, _ = self.table[state]
        return level, high

    def value(self, state: State) -> tuple[int, ...]:
        """The equilibrium payoffs ``(auctioneer, bidder 0, ...)`` of the subgame at ``state``."""
        return self.game.payoffs(*self.outcome(state))


def backward_induction(
    game: AuctionGame, selection: str | Selection = Selection.UNDOMINATED
) -> AuctionEquilibrium:
    """The subgame-perfect equilibrium of ``game`` under ``selection``, computed iteratively.

    Levels are solved from the top down; within a level, sets of active bidders from the smallest
    up (a pass removes the mover and keeps the level, a bid raises the level), so every state's
    successors are solved before it. ``best[(m, active)]`` holds, for bidder ``m`` to move with
    ``active`` in, his best bid above the level being solved: its gain, the lowest bid reaching it
    and the lowest *safe* bid reaching it (one whose hammer payoff is >= 0; 0 if none).
    """
    rule = Selection.parse(selection)
    n = game.n
    masks = sorted(range(1 << n), key=lambda mask: (bin(mask).count("1"), mask))
    holding = [[mask for mask in masks if mask >> m & 1] for m in range(n)]
    table: dict[State, tuple[int, int, int]] = {}
    best: dict[tuple[int, int], tuple[int, int, int]] = {}
    for level in range(game.max_level, -1, -1):
        highs = [-1] if level == 0 else [h for h in range(n) if game.top_level[h] >= level]
        for active in masks:
            for high in highs:
                if high >= 0 and not active >> high & 1:
                    continue
                movers = [i for i in range(n) if active >> i & 1 and i != high]
                if not movers:
                    table[(level, high, active, -1)] = (level, high, PASS)
                for mover in movers:
                    passed = table[game.after(level, high, active & ~(1 << mover), mover)]
                    action = _choose(
                        rule, game.gain(mover, passed[0], passed[1]), best.get((mover, active))
                    )
                    if action == PASS:
                        outcome = passed
                    else:
                        outcome = table[game.after(action, mover, active, mover)]
                    table[(level, high, active, mover)] = (outcome[0], outcome[1], action)
        if level == 0:
            break
        for mover in range(n):
            hammer = game.hammers[mover][level] if game.top_level[mover] >= level else None
            if hammer is None:
                continue
            safe = level if hammer.bidder >= 0 else 0
            for active in holding[mover]:
                reached = table[game.after(level, mover, active, mover)]
                gain = game.gain(mover, reached[0], reached[1])
                known = best.get((mover, active))
                if known is None or gain > known[0]:
                    best[(mover, active)] = (gain, level, safe)
                elif gain == known[0]:
                    best[(mover, active)] = (gain, level, safe or known[2])
    return AuctionEquilibrium(game, rule, table)


def _choose(rule: Selection, pass_gain: int, bid: tuple[int, int, int] | None) -> int:
    """The move: ``PASS`` or a bid level, from the pass's gain and the best bid ``(gain, lowest,
    lowest safe)`` (None: no bid is open)."""
    if bid is None:
        return PASS
    gain, lowest, lowest_safe = bid
    if rule is Selection.PASS_ON_TIES:
        return lowest if gain > pass_gain else PASS
    if gain > pass_gain:
        return lowest_safe or lowest
    return lowest_safe if gain == pass_gain and lowest_safe else PASS


def check_equilibrium(eq: AuctionEquilibrium) -> str:
    """Check ``eq`` exactly; return what was checked, or raise :class:`SolverError`.

    At every state of the table: the outcome is that of the equilibrium move's successor; no move
    of the mover reaches an outcome he likes better (one-shot deviation property: subgame
    perfection, the game being finite); at every hammer the auctioneer's choice is his better one
    (ties sell); and the selection's rule: ``"undominated"`` -- a bidder passes only when every bid
    open to him would cost him money were the hammer to fall on it; ``"pass-on-ties"`` -- a bidder
    bids only when that is strictly better than passing. Raises :class:`SolverInputError` when the
    game has more than :data:`MAX_CHECK_MOVES` (state, move) pairs.
    """
    game = eq.game
    moves = sum(len(game.actions(state)) for state in eq.table)
    if moves > MAX_CHECK_MOVES:
        raise SolverInputError(
            f"verify=True compares {moves:,} (state, move) pairs; the check is limited to "
            f"{MAX_CHECK_MOVES:,} (solve without verify, or a smaller game)"
        )
    for state, (level, high, action) in eq.table.items():
        mover = state[3]
        if mover < 0:
            if (level, high) != (state[0], state[1]):
                raise SolverError(f"state {state}: a hammered state's outcome must be itself")
            if hammer_regret(game, level, high) > 0:
                raise SolverError(f"hammer {state}: the auctioneer's choice is not his best")
            continue
        if eq.outcome(game.play(state, action)) != (level, high):
            raise SolverError(f"state {state}: its outcome is not that of its move {action}")
        here = game.gain(mover, level, high)
        gains = {a: game.gain(mover, *eq.outcome(game.play(state, a))) for a in game.actions(state)}
        if max(gains.values()) > here:
            raise SolverError(
                f"state {state}: bidder {mover} gains {max(gains.values()) - here} by deviating"
            )
        _check_rule(eq, state, action, gains)
    rule = (
        "a bidder passes only when every bid open to him would cost him money at the hammer"
        if eq.selection is Selection.UNDOMINATED
        else "a bidder bids only when strictly better than passing"
    )
    return (
        f"exact integer backward induction; one-shot deviation check at all {len(eq.table):,} "
        f"states ({moves:,} moves) and every hammer: no profitable deviation (subgame perfect); "
        f"selection {eq.selection.value!r} checked: {rule}"
    )


def hammer_regret(game: AuctionGame, level: int, high: int) -> int:
    """What the auctioneer would gain at the hammer ``(level, high)`` by the choice he did not
    make (sell or preempt, recomputed from the purses): 0 when his choice is best."""
    if high < 0 or not game.preemption:
        return 0
    sell, preempt = outcome_payoffs(
        game.auctioneer_purse,
        game.purses[high],
        level * game.step,
        game.auctioneer_value,
        game.values[high],
    )
    options = [p.auctioneer for p in (sell, preempt) if p is not None]
    return max(options) - game.payoffs(level, high)[0]


def _check_rule(
    eq: AuctionEquilibrium, state: State, action: int, gains: Mapping[int, int]
) -> None:
    game, mover = eq.game, state[3]
    if eq.selection is Selection.UNDOMINATED:
        safe = [
            a
            for a in gains
            if a != PASS and (h := game.hammers[mover][a]) is not None and h.bidder >= 0
        ]
        if action == PASS and safe:
            raise SolverError(
                f"state {state}: bidder {mover} passes although he could bid {safe[0] * game.step} "
                "without losing at the hammer (selection 'undominated')"
            )
    elif action != PASS and gains[action] <= gains[PASS]:
        raise SolverError(f"state {state}: bidder {mover} bids although passing is as good")


def _best_deviation(eq: AuctionEquilibrium, state: State, player: int) -> int:
    """Bidder ``player``'s best payoff from ``state`` over every path of his own moves."""
    game = eq.game
    mover = state[3]
    if mover < 0:
        return game.payoffs(state[0], state[1])[1 + player]
    if mover != player:
        return _best_deviation(eq, game.play(state, eq.action(state)), player)
    return max(_best_deviation(eq, game.play(state, a), player) for a in game.actions(state))


def verify_by_paths(eq: AuctionEquilibrium) -> int:
    """The largest gain any bidder gets by deviating, over every reachable subgame (0: SPE).

    Enumerates, from every state reachable by any moves, every path of one bidder's own moves
    with the others following the equilibrium, without memoisation; exponential, so limited to
    games with at most :data:`MAX_PATH_LEVELS` bid levels (:func:`check_equilibrium` is the
    polynomial check). Also checks the auctioneer's hammer choice against its alternative.
    """
    game = eq.game
    if game.max_level > MAX_PATH_LEVELS:
        raise SolverInputError(
            f"verify_by_paths enumerates every bid path: bids up to {game.max_level * game.step} "
            f"make {game.max_level} levels, more than its limit {MAX_PATH_LEVELS} (use "
            "check_equilibrium)"
        )
    worst = 0
    for state in game.states():
        if state[3] < 0:
            worst = max(worst, hammer_regret(game, state[0], state[1]))
            continue
        value = eq.value(state)
        for player in range(game.n):
            worst = max(worst, _best_deviation(eq, state, player) - value[1 + player])
    return worst
