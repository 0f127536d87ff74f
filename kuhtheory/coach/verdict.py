"""What the coach says about one decision: :class:`Advice` before it, :class:`Verdict` after it.

An :class:`Advice` is the solved subgame's recommendation for the decision in front of a player,
with the model it comes from; a :class:`Verdict` adds the action taken and its expected loss in
money against that recommendation. Both say which model and refinement they used and how sure the
figures are (:class:`Certainty`).

>>> v = Verdict(step=4, turn=1, seat=1, kind=Kind.PAYMENT, action="pay 50", recommendation="pay 10",
...             loss=40.0, model="no-change payment (K-PAY-1)", refinement="none",
...             certainty=Certainty.EXACT, situation="P1 pays 10 for a Cow", notes=(), points=None,
...             seconds=0.0)
>>> v.line()
'step    4  P1 payment       pay 50  | recommended: pay 10  | loss 40 (exact)'
>>> v.to_dict()["kind"], v.to_dict()["loss"]
('payment', 40.0)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

__all__ = ["Advice", "Certainty", "Kind", "Verdict", "format_money_loss"]


class Kind(enum.Enum):
    """The kinds of decision the coach measures (each has a solver or an exact rule)."""

    #: The offerer's face-down pile (K-TRD-1), also the classic re-offer after a tie.
    TRADE_OFFER = "trade-offer"
    #: The challenged player's accept or counter-offer (K-TRD-2, K-TRD-3).
    TRADE_REPLY = "trade-reply"
    #: The auctioneer's sell or preempt after the hammer (K-AUC-4; bluff's buy-back too).
    PREEMPTION = "preemption"
    #: The cards handed over for an amount due, no change given (K-PAY-1).
    PAYMENT = "payment"
    #: A bid or a pass in an auction (K-AUC-1, K-AUC-2), under an auction model.
    BID = "bid"


class Certainty(enum.Enum):
    """How sure a verdict's figures are, given its model."""

    #: Every input known; whole numbers or fractions, nothing estimated.
    EXACT = "exact"
    #: Every input known; the figures are an LP's floats, checked by best responses.
    FLOAT = "float"
    #: The figures rest on the decision maker's belief about money he cannot see.
    BELIEF = "belief"


@dataclass(frozen=True)
class Advice:
    """The recommendation for one decision, before it is taken.

    ``step`` is the index of the decision in the game's actions; ``value`` the decision maker's
    expected payoff (money) of following the recommendation in the model, where it has one;
    ``points_per_money`` converts money to points at that moment (None when the worth model gives
    no such rate).
    """

    step: int
    turn: int
    seat: int
    kind: Kind
    recommendation: str
    model: str
    refinement: str
    certainty: Certainty
    situation: str
    notes: tuple[str, ...] = ()
    value: float | None = None
    points_per_money: float | None = None
    seconds: float = 0.0

    def text(self) -> str:
        """The advice for a player: what to do, and under which model."""
        notes = "".join(f"\n  note: {n}" for n in self.notes)
        return (
            f"{self.situation}\n  recommended: {self.recommendation}\n"
            f"  model: {self.model} ({self.certainty.value})" + notes
        )


@dataclass(frozen=True)
class Verdict:
    """One decision measured: the action taken, the recommendation and the expected loss.

    ``loss`` is in money: the expected payoff of the recommendation minus that of the action taken,
    both against the other side's play in the model (None: not measured, ``notes`` say why);
    ``points`` is its points-equivalent where the worth model gives one.
    """

    step: int
    turn: int
    seat: int
    kind: Kind
    action: str
    recommendation: str
    loss: float | None
    model: str
    refinement: str
    certainty: Certainty
    situation: str
    notes: tuple[str, ...]
    points: float | None
    seconds: float

    @classmethod
    def of(
        cls, advice: Advice, action: str, loss: float | None, notes: tuple[str, ...] = ()
    ) -> Verdict:
        """The verdict on ``action`` taken where ``advice`` was given."""
        rate = advice.points_per_money
        return cls(
            step=advice.step,
            turn=advice.turn,
            seat=advice.seat,
            kind=advice.kind,
            action=action,
            recommendation=advice.recommendation,
            loss=loss,
            model=advice.model,
            refinement=advice.refinement,
            certainty=advice.certainty,
            situation=advice.situation,
            notes=advice.notes + notes,
            points=None if loss is None or rate is None else loss * rate,
            seconds=advice.seconds,
        )

    @property
    def measured(self) -> bool:
        """Whether a loss was computed (False: skipped, see the notes)."""
        return self.loss is not None

    def line(self) -> str:
        """One line: step, seat, kind, action, recommendation, loss and certainty."""
        loss = (
            "not measured" if self.loss is None else f"loss {format_money_loss(self.loss)}"
        ) + f" ({self.certainty.value})"
        return (
            f"step {self.step:>4}  P{self.seat} {self.kind.value:<12}  {self.action}  "
            f"| recommended: {self.recommendation}  | {loss}"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``seat``, ``kind``, ``action``, ``recommendation``, ``loss``, ``model``..."""
        return {
            "step": self.step,
            "turn": self.turn,
            "seat": self.seat,
            "kind": self.kind.value,
            "action": self.action,
            "recommendation": self.recommendation,
            "loss": None if self.loss is None else round(float(self.loss), 9),
            "points": None if self.points is None else round(self.points, 6),
            "model": self.model,
            "refinement": self.refinement,
            "certainty": self.certainty.value,
            "situation": self.situation,
            "notes": list(self.notes),
            "seconds": round(self.seconds, 4),
        }


def format_money_loss(loss: float) -> str:
    """A loss in money for reading: whole numbers as such, else two decimals.

    >>> format_money_loss(40.0), format_money_loss(12.3456), format_money_loss(-1e-12)
    ('40', '12.35', '0')
    """
    if abs(loss) < 5e-7:
        return "0"
    if abs(loss - round(loss)) < 5e-7:
        return str(int(round(loss)))
    return f"{loss:.2f}"
