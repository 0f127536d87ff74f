"""The legal actions of a state, held compactly, and cached action constructors.

A bidder may bid any amount above the last bid and a trader may lay any part of his hand, so listing
every legal action as an object would cost thousands of objects per step. :class:`LegalActions` is a
:class:`~collections.abc.Sequence` that builds actions only when asked:

* ``bid_range``: the *listed* bids, a :class:`range`. Money comes in tens, so the list holds the
  multiples of 10 from the lowest legal bid up to the bidder's cap (K-PAY-2) or, if his money is
  not shown, up to all the money the players hold (no one can pay more). ``apply`` also accepts any
  other whole amount above the last bid (a bid of 35, a bluff beyond everyone's money);
* ``fixed``: the explicit non-bid actions: ``Pass``, ``Auction``, ``Sell``, ``Preempt``, ``Accept``,
  and the payments ``Pay`` / ``BuyBack`` as the *irreducible* payments
  (:func:`kuhtheory.payment.minimal_payments`; ``apply`` accepts any larger payment too);
* ``piles``: for ``Trade``, ``Counter`` and ``Offer``, every distinct sub-multiset of the hand as a
  sorted tuple (the empty pile included, K-TRD-1), and for ``Trade`` the ``targets``, the
  ``(opponent, animal)`` pairs allowed by K-TURN-2. ``Trade`` actions are listed target by target,
  each with every pile.

The order is: bids, then fixed, then pile actions. ``others`` materialises every non-bid action.

>>> from kuhtheory.cards import to_counts
>>> len(submultisets(to_counts((0, 0, 10))))
6
>>> tuple(submultisets(to_counts((0, 10))))
((), (0,), (10,), (0, 10))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from typing import Any, ClassVar, overload

from kuhtheory.cards import DENOMINATIONS, Animal, Counts
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

_N = len(DENOMINATIONS)


class Piles(Sequence[tuple[int, ...]]):
    """Every distinct sub-multiset of a hand, as sorted card tuples, computed on demand.

    Pile ``k`` is read in mixed radix: its digits are the counts of each denomination, 0-cards
    varying fastest. ``len`` is the product of ``count + 1`` over the denominations.
    """

    __slots__ = ("hand", "_len")

    def __init__(self, hand: Counts) -> None:
        self.hand = hand
        size = 1
        for c in hand:
            size *= c + 1
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
        return _pile(self.hand, index)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        hand = self.hand
        for k in range(self._len):
            yield _pile(hand, k)

    def __contains__(self, cards: object) -> bool:
        if not isinstance(cards, tuple):
            return False
        try:
            counts = cards_to_counts(cards)
        except (KeyError, TypeError):
            return False
        return _contains(self.hand, counts) and tuple(sorted(cards)) == cards

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Piles):
            return self.hand == other.hand
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.hand)

    def __repr__(self) -> str:
        return f"Piles(hand={counts_to_cards(self.hand)!r}, {self._len} piles)"


@lru_cache(maxsize=65536)
def _pile(hand: Counts, index: int) -> tuple[int, ...]:
    cards: list[int] = []
    for value, c in zip(DENOMINATIONS, hand, strict=False):
        if c:
            index, k = divmod(index, c + 1)
            if k:
                cards += (value,) * k
    return tuple(cards)


def submultisets(hand: Counts) -> Piles:
    """Every distinct sub-multiset of a hand (count vector), as a lazy sequence of card tuples."""
    return Piles(hand)


@cache
def cards_to_counts(cards: tuple[int, ...]) -> Counts:
    """The count vector of a sorted tuple of valid card values (cached; validated by actions)."""
    counts = [0] * _N
    index = _INDEX
    for card in cards:
        counts[index[card]] += 1
    return tuple(counts)


_INDEX = {v: i for i, v in enumerate(DENOMINATIONS)}


@cache
def counts_to_cards(counts: Counts) -> tuple[int, ...]:
    """The sorted card tuple of a count vector (cached)."""
    return tuple(v for v, c in zip(DENOMINATIONS, counts, strict=False) for _ in range(c))


# Cached constructors: actions are immutable values, so equal actions may be shared.
make_pass = lru_cache(maxsize=None)(Pass)
make_auction = lru_cache(maxsize=None)(Auction)
make_sell = lru_cache(maxsize=None)(Sell)
make_preempt = lru_cache(maxsize=None)(Preempt)
make_accept = lru_cache(maxsize=None)(Accept)
make_bid = lru_cache(maxsize=65536)(Bid)


@lru_cache(maxsize=65536)
def make_pay(player: int, cards: tuple[int, ...]) -> Pay:
    """A cached ``Pay`` action."""
    return Pay(player, cards)


@lru_cache(maxsize=65536)
def make_buyback(player: int, cards: tuple[int, ...]) -> BuyBack:
    """A cached ``BuyBack`` action."""
    return BuyBack(player, cards)


@lru_cache(maxsize=131072)
def make_counter(player: int, cards: tuple[int, ...]) -> Counter:
    """A cached ``Counter`` action."""
    return Counter(player, cards)


@lru_cache(maxsize=65536)
def make_offer(player: int, cards: tuple[int, ...]) -> Offer:
    """A cached ``Offer`` action."""
    return Offer(player, cards)


@lru_cache(maxsize=262144)
def make_trade(player: int, opponent: int, animal: Animal, cards: tuple[int, ...]) -> Trade:
    """A cached ``Trade`` action."""
    return Trade(player, opponent, animal, cards)


def _contains(hand: Counts, part: Counts) -> bool:
    for p, h in zip(part, hand, strict=False):
        if p > h:
            return False
    return True


class LegalActions(Sequence[Action]):
    """The legal actions of one state; see the module docstring for the layout."""

    __slots__ = ("player", "bid_range", "fixed", "kind", "targets", "piles", "hand", "_others",
                 "_len")

    #: ``kind`` values: which action the piles make.
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
    ) -> None:
        self.player = player
        self.bid_range = bid_range
        self.fixed = fixed
        self.kind = kind
        self.targets = targets
        self.hand = hand
        self.piles: Sequence[tuple[int, ...]] = Piles(hand) if kind and hand is not None else ()
        self._others: tuple[Action, ...] | None = None
        self._len = -1

    def _pile_len(self) -> int:
        if not self.kind:
            return 0
        if self.kind == "trade":
            return len(self.targets) * len(self.piles)
        return len(self.piles)

    def __len__(self) -> int:
        n = self._len
        if n < 0:
            n = self._len = len(self.bid_range) + len(self.fixed) + self._pile_len()
        return n

    def _pile_action(self, j: int) -> Action:
        kind = self.kind
        if kind == "trade":
            t, k = divmod(j, len(self.piles))
            opponent, animal = self.targets[t]
            return make_trade(self.player, opponent, animal, self.piles[k])
        if kind == "counter":
            return make_counter(self.player, self.piles[j])
        return make_offer(self.player, self.piles[j])

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(f"legal action index {index} out of range({n})")
        nb = len(self.bid_range)
        if index < nb:
            return make_bid(self.player, self.bid_range[index])
        index -= nb
        nf = len(self.fixed)
        if index < nf:
            return self.fixed[index]
        return self._pile_action(index - nf)

    def __iter__(self) -> Iterator[Action]:
        player = self.player
        for amount in self.bid_range:
            yield make_bid(player, amount)
        yield from self.fixed
        for j in range(self._pile_len()):
            yield self._pile_action(j)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, (Bid, Pass, Auction, Sell, Preempt, Accept, Pay, BuyBack,
                                   Trade, Counter, Offer)):
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
            return _contains(self.hand, cards_to_counts(action.cards))
        return action in self.fixed

    @property
    def others(self) -> tuple[Action, ...]:
        """Every listed non-bid action as a tuple (may be long in a trade phase)."""
        if self._others is None:
            self._others = self.fixed + tuple(
                self._pile_action(j) for j in range(self._pile_len())
            )
        return self._others

    def __repr__(self) -> str:
        parts = [f"player={self.player}"]
        if self.bid_range:
            r = self.bid_range
            parts.append(f"bids=range({r.start}, {r.stop}, {r.step})")
        if self.fixed:
            parts.append(f"fixed={self.fixed!r}")
        if self.kind:
            parts.append(f"{self.kind}={self._pile_len()} piles/targets")
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
