"""The fixed action encoding: every move of Kuhhandel as one integer code, money laid card by card.

Learning code wants a fixed, finite set of actions and a mask of the legal ones. The engine's
moves do not fit one list: a trade lays *any* part of a hand face down (K-TRD-1), and the classic
money deck alone has 548,856 sub-multisets. So a pile of money cards is laid **one card at a
time, smallest value first**, and handed over with ``DONE``; every other move is one code. For an
edition whose money deck totals ``M`` (4,700 in classic and 2025, 4,500 in first and bluff) and
that seats at most ``S`` players:

=====================  ============================================================================
code                   move
=====================  ============================================================================
0 ``AUCTION``          auction the top animal card(s) (K-TURN-1, K-AUC-1)
1 ``PASS``             do not raise in the auction (K-AUC-2)
2 ``SELL``             after the hammer: let the high bidder have the lot; bluff: forgo the
                       buy-back (K-AUC-4)
3 ``PREEMPT``          after the hammer: take the lot by paying the high bid (K-AUC-4)
4 ``ACCEPT``           take the trade's offer and hand over the animal(s) (K-TRD-2)
5 .. 10 ``CARD v``     lay one money card of value ``v`` = 0, 10, 50, 100, 200, 500 on the pile
                       being built: a payment (K-PAY-1), a buy-back, a trade's offer, a
                       counter-offer or a classic re-offer; the values laid never decrease
11 ``DONE``            hand the pile over (the payment, offer or counter-offer is made)
12 ..                  ``TRADE +k animal``: challenge the player ``k`` seats to the left
                       (``k = 1 .. S - 1``) for a species (K-TRD-1), code ``12 + 10 (k - 1) + i``
                       for the ``i``-th species of :data:`~kuhtheory.cards.ANIMALS`; the offer is
                       then laid with ``CARD`` and ``DONE``
``BID_0`` ..           ``BID a``: bid ``a = 10, 20, ..., M``, code ``BID_0 + a / 10 - 1`` where
                       ``BID_0 = 12 + 10 (S - 1)``
=====================  ============================================================================

Classic and 2025 (up to five players) have 522 codes; first and bluff 502. Seats in ``TRADE``
codes are relative to the mover, so the same code means the same thing from every seat.

What is listed is exactly what the engine lists (:class:`kuhtheory.engine.LegalActions`): bids in
steps of ten, the irreducible payments (a card is allowed only if the pile can still become one),
every pile of the hand for trades. ``apply`` also accepts other amounts (a bid of 35 where the
minimum raise is 1, an overpayment); those have no code.

>>> enc = ActionEncoding.for_edition("classic")
>>> enc.num_actions, enc.decode(57), enc.describe(57)
(522, Move(kind=MoveKind.BID, amount=60), 'BID 60')
>>> enc.describe(enc.encode(Move.trade(1, Animal.COW)))
'TRADE +1 cow'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kuhtheory.cards import ANIMALS, DENOMINATIONS, Animal, total
from kuhtheory.editions import Edition, get_edition
from kuhtheory.errors import InvalidActionError


class MoveKind(enum.Enum):
    """What a code does (see the module's table)."""

    AUCTION = "auction"
    PASS = "pass"
    SELL = "sell"
    PREEMPT = "preempt"
    ACCEPT = "accept"
    CARD = "card"
    DONE = "done"
    TRADE = "trade"
    BID = "bid"

    def __repr__(self) -> str:
        return f"MoveKind.{self.name}"


#: The kinds that are one fixed code each, in code order (codes 0 .. 4).
_SIMPLE: tuple[MoveKind, ...] = (
    MoveKind.AUCTION,
    MoveKind.PASS,
    MoveKind.SELL,
    MoveKind.PREEMPT,
    MoveKind.ACCEPT,
)
CARD_0 = len(_SIMPLE)
DONE = CARD_0 + len(DENOMINATIONS)
TRADE_0 = DONE + 1
#: The amount one bid code adds: bids are listed in tens (money comes in tens).
BID_STEP = 10


@dataclass(frozen=True)
class Move:
    """A decoded code: its kind and, for some kinds, one parameter.

    ``card`` is a money value (``CARD``), ``offset`` how many seats to the left the challenged
    player sits and ``animal`` the species (``TRADE``), ``amount`` the bid (``BID``).
    """

    kind: MoveKind
    card: int | None = None
    offset: int | None = None
    animal: Animal | None = None
    amount: int | None = None

    @classmethod
    def card_of(cls, value: int) -> Move:
        """Lay one money card of ``value``."""
        return cls(MoveKind.CARD, card=value)

    @classmethod
    def trade(cls, offset: int, animal: Animal) -> Move:
        """Challenge the player ``offset`` seats to the left for ``animal``."""
        return cls(MoveKind.TRADE, offset=offset, animal=animal)

    @classmethod
    def bid(cls, amount: int) -> Move:
        """Bid ``amount``."""
        return cls(MoveKind.BID, amount=amount)

    def __repr__(self) -> str:
        extra = [
            f"{name}={value!r}"
            for name, value in (
                ("card", self.card),
                ("offset", self.offset),
                ("animal", self.animal),
                ("amount", self.amount),
            )
            if value is not None
        ]
        return f"Move({', '.join([f'kind={self.kind!r}', *extra])})"


@dataclass(frozen=True)
class ActionEncoding:
    """The code table of one edition: ``max_opponents`` trade offsets, bids up to ``max_bid``."""

    max_opponents: int
    max_bid: int

    @classmethod
    def for_edition(cls, edition: str | Edition = "classic") -> ActionEncoding:
        """The encoding of an edition (a key such as ``"classic+quick"`` or an Edition): trade
        offsets for its largest table, bids up to the whole of its money deck (nobody can hold
        more, so no listed bid is higher)."""
        ed = get_edition(edition)
        return cls(ed.max_players - 1, total(ed.money_deck))

    @property
    def bid_0(self) -> int:
        """The code of the bid 10."""
        return TRADE_0 + len(ANIMALS) * self.max_opponents

    @property
    def num_actions(self) -> int:
        """How many codes there are (the size of the action space and of the mask)."""
        return self.bid_0 + self.max_bid // BID_STEP

    # ----- code <-> move ------------------------------------------------------------------------
    def decode(self, code: object) -> Move:
        """The move of ``code``; :class:`InvalidActionError` if it is not a code of this table."""
        index = _as_index(code)
        if index is None or not 0 <= index < self.num_actions:
            raise InvalidActionError(
                f"action {code!r} is not an action code: codes are whole numbers "
                f"0..{self.num_actions - 1}"
            )
        if index < CARD_0:
            return Move(_SIMPLE[index])
        if index < DONE:
            return Move.card_of(DENOMINATIONS[index - CARD_0])
        if index == DONE:
            return Move(MoveKind.DONE)
        if index < self.bid_0:
            k, i = divmod(index - TRADE_0, len(ANIMALS))
            return Move.trade(k + 1, ANIMALS[i])
        return Move.bid((index - self.bid_0 + 1) * BID_STEP)

    def encode(self, move: Move) -> int:
        """The code of ``move``; :class:`InvalidActionError` if the table has none for it."""
        kind = move.kind
        if kind in _SIMPLE:
            return _SIMPLE.index(kind)
        if kind is MoveKind.DONE:
            return DONE
        if kind is MoveKind.CARD:
            if move.card not in DENOMINATIONS:
                raise InvalidActionError(f"{move!r}: card {move.card!r} is not a money card")
            return CARD_0 + DENOMINATIONS.index(move.card)
        if kind is MoveKind.TRADE:
            offset = move.offset
            if not isinstance(offset, int) or not 1 <= offset <= self.max_opponents:
                raise InvalidActionError(
                    f"{move!r}: the opponent must sit 1..{self.max_opponents} seats to the left"
                )
            if move.animal is None:
                raise InvalidActionError(f"{move!r}: a trade names a species")
            return TRADE_0 + (offset - 1) * len(ANIMALS) + ANIMALS.index(move.animal)
        amount = move.amount
        if (
            not isinstance(amount, int)
            or amount % BID_STEP
            or not BID_STEP <= amount <= self.max_bid
        ):
            raise InvalidActionError(
                f"{move!r}: bids have codes in steps of {BID_STEP} from {BID_STEP} to "
                f"{self.max_bid} (the whole money deck)"
            )
        return self.bid_0 + amount // BID_STEP - 1

    def describe(self, code: object) -> str:
        """A short name of ``code``: ``"BID 60"``, ``"CARD 10"``, ``"TRADE +2 horse"``."""
        return describe_move(self.decode(code))


def describe_move(move: Move) -> str:
    """A short name of a move (see :meth:`ActionEncoding.describe`)."""
    kind = move.kind
    if kind is MoveKind.CARD:
        return f"CARD {move.card}"
    if kind is MoveKind.TRADE:
        assert move.animal is not None
        return f"TRADE +{move.offset} {move.animal.name.lower()}"
    if kind is MoveKind.BID:
        return f"BID {move.amount}"
    return kind.name


def _as_index(code: object) -> int | None:
    """``code`` as an int if it is a whole number (an int or a numpy integer, not a bool)."""
    if isinstance(code, bool):
        return None
    if isinstance(code, int):
        return code
    index = getattr(code, "__index__", None)
    if index is None or isinstance(code, float):
        return None
    try:
        value = index()
    except TypeError:
        return None
    return value if isinstance(value, int) else None


__all__ = ["BID_STEP", "CARD_0", "DONE", "TRADE_0", "ActionEncoding", "Move", "MoveKind"]
