"""The legal actions of a state, held compactly.

A bidder may bid any amount above the last bid and a trader may lay any part of his hand, so listing
every legal action as an object would cost thousands of objects per step. :class:`LegalActions` is a
:class:`~collections.abc.Sequence` that builds actions only when asked:

* ``bid_range``: the *listed* bids, a :class:`range`. Money comes in tens, so the list holds the
  multiples of 10 from the lowest legal bid up to the bidder's cap (K-PAY-2) or, if his money is
  not shown, up to all the money the players hold (no one can pay more). ``apply`` also accepts any
  other whole amount above the last bid (a bid of 35, a bluff beyond everyone's money);
* ``fixed``: the explicit non-bid actions: ``Pass``, ``Auction``, ``Sell``, ``Preempt``, ``Accept``,
  and the payments ``Pay`` / ``BuyBack`` as the *irreducible* payments
  (:func:`kuhtheory.payment.minimal_payments`; ``apply`` accepts any larger payment too), made
  when first asked for (indexing the list makes only the payment asked for; ``payments`` lists
  them as count vectors and ``payment(i)`` makes one, so a bot can choose from the counts);
* ``piles``: for ``Trade``, ``Counter`` and ``Offer``, every distinct sub-multiset of the hand as a
  sorted tuple (the empty pile included, K-TRD-1), and for ``Trade`` the ``targets``, the
  ``(opponent, animal)`` pairs allowed by K-TURN-2. ``Trade`` actions are listed target by target,
  each with every pile.

The order is: bids, then fixed, then pile actions. ``others`` materialises every non-bid action;
``bid(j)`` and ``trade(target, pile)`` make one listed bid or trade.

>>> from kuhtheory.cards import to_counts
>>> len(submultisets(to_counts((0, 0, 10))))
6
>>> tuple(submultisets(to_counts((0, 10))))
((), (0,), (10,), (0, 10))
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, TypeVar, overload

from kuhtheory.cards import DENOMINATIONS, Animal, Counts, cards_of, contains, counts_of
from kuhtheory.engine.actions import (
    Accept,
    Action,
    Auction,
    Bid,
    BuyBack,
    Counter,
    Offer,
    Pass,
    Pay,
    Preempt,
    Sell,
    Trade,
)


class Piles(Sequence[tuple[int, ...]]):
    """Every distinct sub-multiset of a hand, as sorted card tuples, computed on demand.

    Pile ``k`` is read in mixed radix: its digits are the counts of each denomination, 0-cards
    varying fastest. ``len`` is the product of ``count + 1`` over the denominations.
    """

    __slots__ = ("hand", "_len")

    def __init__(self, hand: Counts) -> None:
        self.hand = hand
        size = 1
        for count in hand:
            size *= count + 1
        self._len = size

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> tuple[int, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[int, ...], ...]: ...

    def __getitem__(self, index: int | slice) -> tuple[int, ...] | tuple[tuple[int, ...], ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._len)))
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(f"pile index {index} out of range({self._len})")
        return pile_at(self.hand, index)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        for k in range(self._len):
            yield pile_at(self.hand, k)

    def __contains__(self, cards: object) -> bool:
        if not isinstance(cards, tuple) or not all(card in DENOMINATIONS for card in cards):
            return False
        return contains(self.hand, counts_of(cards)) and tuple(sorted(cards)) == cards

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Piles):
            return self.hand == other.hand
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.hand)

    def __repr__(self) -> str:
        return f"Piles(hand={cards_of(self.hand)!r}, {self._len} piles)"


def pile_at(hand: Counts, index: int) -> tuple[int, ...]:
    """Pile ``index`` of :class:`Piles` ``(hand)``: its digits in mixed radix are the counts."""
    cards: list[int] = []
    for value, count in zip(DENOMINATIONS, hand, strict=True):
        if count:
            index, taken = divmod(index, count + 1)
            cards.extend([value] * taken)
    return tuple(cards)


def submultisets(hand: Counts) -> Piles:
    """Every distinct sub-multiset of a hand (count vector), as a lazy sequence of card tuples."""
    return Piles(hand)


_A = TypeVar("_A", Pass, Auction, Sell, Preempt, Accept)


@functools.lru_cache(maxsize=64)
def seat_action(kind: type[_A], player: int) -> _A:
    """``kind(player)`` for the actions that name only their seat, made once and shared (actions
    are immutable values)."""
    return kind(player)


@functools.lru_cache(maxsize=4096)
def make_bid(player: int, amount: int) -> Bid:
    """``Bid(player, amount)``, made once and shared (the same bids recur all game long)."""
    return Bid(player, amount)


class LegalActions(Sequence[Action]):
    """The legal actions of one state; see the module docstring for the layout.

    The non-bid actions are the payments (``Pay`` or ``BuyBack`` of each listed payment, made
    when asked for), then the explicit actions ``extra`` (``Pass``, ``Auction``, ``Sell`` ...);
    ``fixed`` lists both.
    """

    __slots__ = (
        "player",
        "bid_range",
        "kind",
        "targets",
        "hand",
        "piles",
        "payment_kind",
        "payments",
        "_extra",
        "_fixed",
        "_others",
        "_len",
    )

    #: ``kind`` values: which action the piles make (none, Trade, Counter or Offer).
    NO_PILES: ClassVar[str] = ""
    TRADE: ClassVar[str] = "trade"
    COUNTER: ClassVar[str] = "counter"
    OFFER: ClassVar[str] = "offer"

    def __init__(
        self,
        player: int,
        bid_range: range = range(0),
        fixed: tuple[Action, ...] = (),
        kind: str = "",
        targets: tuple[tuple[int, Animal], ...] = (),
        hand: Counts | None = None,
        payment: type[Pay] | type[BuyBack] = Pay,
        payments: tuple[Counts, ...] = (),
    ) -> None:
        self.player = player
        self.bid_range = bid_range
        self.kind = kind
        self.targets = targets
        self.hand = hand
        self.piles: Sequence[tuple[int, ...]] = Piles(hand) if kind and hand is not None else ()
        #: The action each listed payment makes (``Pay``, or ``BuyBack`` in bluff).
        self.payment_kind = payment
        #: The listed payments as count vectors, in the order of their actions at the front of
        #: ``fixed``: a bot can choose one from the counts and make only that action (``payment``).
        self.payments = payments
        self._extra = fixed
        self._fixed: tuple[Action, ...] | None = None if payments else fixed
        self._others: tuple[Action, ...] | None = None
        piles = len(self.piles) * len(targets) if kind == LegalActions.TRADE else len(self.piles)
        self._len = len(bid_range) + len(payments) + len(fixed) + piles

    @classmethod
    def paying(
        cls,
        player: int,
        payment: type[Pay] | type[BuyBack],
        payments: tuple[Counts, ...],
        extra: tuple[Action, ...] = (),
    ) -> LegalActions:
        """The ``payment`` action (Pay, BuyBack) of each irreducible payment (count vectors),
        then ``extra``; the actions are made when asked for (a bot that draws one makes one)."""
        return cls(player, fixed=extra, payment=payment, payments=payments)

    @property
    def fixed(self) -> tuple[Action, ...]:
        """The explicit non-bid actions (see the module docstring), in order."""
        if self._fixed is None:
            payments = tuple(self.payment(i) for i in range(len(self.payments)))
            self._fixed = payments + self._extra
        return self._fixed

    def payment(self, i: int) -> Pay | BuyBack:
        """The action of the ``i``-th listed payment: ``payment_kind(player, its cards)``."""
        return self.payment_kind(self.player, cards_of(self.payments[i]))

    def __len__(self) -> int:
        return self._len

    def _pile_action(self, j: int) -> Action:
        if self.kind == LegalActions.TRADE:
            target, pile = divmod(j, len(self.piles))
            return self.trade(target, pile)
        if self.kind == LegalActions.COUNTER:
            return Counter(self.player, self.piles[j])
        return Offer(self.player, self.piles[j])

    def bid(self, j: int) -> Bid:
        """The ``j``-th listed bid: ``Bid(player, bid_range[j])``."""
        return make_bid(self.player, self.bid_range[j])

    def trade(self, target: int, pile: int) -> Trade:
        """The listed trade for ``targets[target]`` that lays ``piles[pile]``."""
        opponent, animal = self.targets[target]
        return Trade(self.player, opponent, animal, self.piles[pile])

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._len)))
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(f"legal action index {index} out of range({self._len})")
        # bids, then payments, then the explicit actions, then the piles
        if index < len(self.bid_range):
            return self.bid(index)
        index -= len(self.bid_range)
        if index < len(self.payments):
            return self.payment(index)
        index -= len(self.payments)
        if index < len(self._extra):
            return self._extra[index]
        return self._pile_action(index - len(self._extra))

    def __iter__(self) -> Iterator[Action]:
        for amount in self.bid_range:
            yield make_bid(self.player, amount)
        yield from self.fixed
        for j in range(self._len - len(self.bid_range) - len(self.fixed)):
            yield self._pile_action(j)

    def __contains__(self, action: object) -> bool:
        if not isinstance(
            action, (Bid, Pass, Auction, Sell, Preempt, Accept, Pay, BuyBack, Trade, Counter, Offer)
        ):
            return False
        if action.player != self.player:
            return False
        if isinstance(action, Bid):
            return action.amount in self.bid_range
        if isinstance(action, (Trade, Counter, Offer)):
            if action.kind != self.kind or self.hand is None:
                return False
            if isinstance(action, Trade) and (action.opponent, action.animal) not in self.targets:
                return False
            return contains(self.hand, counts_of(action.cards))
        return action in self.fixed

    @property
    def others(self) -> tuple[Action, ...]:
        """Every listed non-bid action as a tuple (may be long in a trade phase)."""
        if self._others is None:
            count = self._len - len(self.bid_range) - len(self.fixed)
            piles = tuple(self._pile_action(j) for j in range(count))
            self._others = self.fixed + piles
        return self._others

    def __repr__(self) -> str:
        parts = [f"player={self.player}"]
        if self.bid_range:
            r = self.bid_range
            parts.append(f"bids=range({r.start}, {r.stop}, {r.step})")
        if self.fixed:
            parts.append(f"fixed={self.fixed!r}")
        if self.kind:
            count = self._len - len(self.bid_range) - len(self.fixed)
            parts.append(f"{self.kind}={count} piles/targets")
        return f"LegalActions({', '.join(parts)})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalActions):
            return NotImplemented
        return (
            self.player == other.player
            and self.bid_range == other.bid_range
            and self.fixed == other.fixed
            and self.kind == other.kind
            and self.targets == other.targets
            and self.hand == other.hand
        )

    def __hash__(self) -> int:
        return hash((self.player, self.bid_range, self.fixed, self.kind, self.targets, self.hand))

    def count(self, value: Any) -> int:
        """How many times ``value`` is listed (0 or 1: actions are distinct)."""
        return 1 if value in self else 0
