"""One decision in front of the coach: :class:`DecisionPoint`, and what each kind returns.

A :class:`DecisionPoint` holds the position before the decision, the seat deciding, and the
coach's settings (which hands he sees, the worth model, the time budget). Each kind of decision
(:mod:`.trade_decisions`, :mod:`.hammer`, :mod:`.payments`, :mod:`.bids`) turns a point into an
:class:`Assessment`: the :class:`~kuhtheory.coach.verdict.Advice` for it, and a ``judge`` that
measures the action taken against it. A decision that cannot be solved within its limits is a
:class:`Skipped` assessment: its verdict has no loss and a note saying why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

from kuhtheory.cards import format_money
from kuhtheory.coach.hands import HandGuess, HandReader
from kuhtheory.coach.verdict import Advice, Certainty, Kind, Verdict
from kuhtheory.coach.worth import WorthModel
from kuhtheory.engine.actions import Action
from kuhtheory.engine.observation import Observation
from kuhtheory.engine.state import GameState

__all__ = [
    "Assessment",
    "DecisionPoint",
    "Settings",
    "Skipped",
    "action_text",
    "cards_text",
    "guess_text",
]


@dataclass(frozen=True)
class Settings:
    """The coach's settings shared by every decision point."""

    reader: HandReader
    worth: WorthModel
    #: seconds a decision's solve may take (estimated before solving; larger ones are cut down
    #: or skipped with a note)
    budget: float
    #: hands with more cards are cut for the trade solver (None: never, only the budget cuts)
    max_cards: int | None
    #: the trade with the stake worth differently to the two (Lemke) rather than zero-sum
    general_sum: bool = False
    #: the other trader's hand as a belief over hands (0: the most likely hand)
    spread: int = 0
    #: the zero-sum trade's refinement (kuhtheory.solvers.Refinement)
    refinement: str = "quasi-perfect"


@dataclass(frozen=True)
class DecisionPoint:
    """The position before decision ``step`` of the game, seen by ``seat``."""

    step: int
    state: GameState
    seat: int
    settings: Settings = field(repr=False)

    @cached_property
    def obs(self) -> Observation:
        """The deciding seat's observation."""
        return self.state.observation(self.seat)

    def hand(self, player: int) -> HandGuess:
        """``player``'s hand as the deciding seat takes it (his own: exactly)."""
        return self.settings.reader.hand(self.state, self.seat, player)

    def advice(
        self,
        kind: Kind,
        recommendation: str,
        *,
        model: str,
        certainty: Certainty,
        situation: str,
        refinement: str = "none",
        notes: tuple[str, ...] = (),
        value: float | None = None,
        seconds: float = 0.0,
    ) -> Advice:
        """An :class:`Advice` for this point (step, turn, seat and money-to-points rate filled)."""
        return Advice(
            step=self.step,
            turn=self.state.turn,
            seat=self.seat,
            kind=kind,
            recommendation=recommendation,
            model=model,
            refinement=refinement,
            certainty=certainty,
            situation=situation,
            notes=notes,
            value=value,
            points_per_money=self.settings.worth.points_per_money(self.obs),
            seconds=seconds,
        )


class Assessment(Protocol):
    """A decision's advice, and the measure of any action taken there."""

    @property
    def advice(self) -> Advice:
        """The recommendation and its model."""
        ...

    def judge(self, action: Action) -> Verdict:
        """The verdict on ``action`` (one of the decision's legal actions)."""
        ...


@dataclass(frozen=True)
class Skipped:
    """A decision the coach could not solve (too large for its budget, or outside the model)."""

    advice: Advice

    def judge(self, action: Action) -> Verdict:
        return Verdict.of(self.advice, action_text(action), None)


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    """Money cards for reading: ``0+10+50 = 60``, or ``nothing``.

    >>> cards_text((0, 10, 50)), cards_text(())
    ('0+10+50 = 60', 'nothing')
    """
    return format_money(tuple(cards)) if cards else "nothing"


def guess_text(player: int, guess: HandGuess) -> str:
    """``P2 holds 0+10 = 10``, or ``P2 holds 2 cards (taken as 0+10 = 10)`` for a belief."""
    if guess.exact:
        return f"P{player} holds {cards_text(guess.cards)}"
    return f"P{player} holds {len(guess.cards)} cards (taken as {cards_text(guess.cards)})"


def action_text(action: Action) -> str:
    """An action in a few words: ``bid 40``, ``pay 50``, ``counter 10+50 = 60``..."""
    kind = type(action).__name__
    cards = getattr(action, "cards", None)
    if kind == "Bid":
        return f"bid {action.amount}"  # type: ignore[union-attr]
    if kind == "Trade":
        return (
            f"challenge P{action.opponent} for {action.animal.label}, "  # type: ignore[union-attr]
            f"lay {len(cards or ())} card(s): {cards_text(cards or ())}"
        )
    if kind == "Offer":
        return f"lay {len(cards or ())} card(s): {cards_text(cards or ())}"
    if kind == "BuyBack":
        return f"buy back, paying {cards_text(cards or ())}"
    if cards is not None:
        return f"{kind.lower()} {cards_text(cards)}"
    return kind.lower()
