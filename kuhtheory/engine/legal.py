"""The legal actions of a state, held compactly, and the engine's action constructors.

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
  when first asked for (indexing the list makes only the payment asked for);
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

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Final, overload

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
from kuhtheory.payment import remember

_N: Final = len(DENOMINATIONS)
_VALUES: Final[tuple[int, ...]] = DENOMINATIONS


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


def _pile(hand: Counts, index: int) -> tuple[int, ...]:
    cards: list[int] = []
    for i in range(_N):
        c = hand[i]
        if c:
            k = index % (c + 1)
            index //= c + 1
            value = _VALUES[i]
            for _ in range(k):
                cards.append(value)
    return tuple(cards)


def submultisets(hand: Counts) -> Piles:
    """Every distinct sub-multiset of a hand (count vector), as a lazy sequence of card tuples."""
    return Piles(hand)


_INDEX: Final = {v: i for i, v in enumerate(DENOMINATIONS)}


def cards_to_counts(cards: tuple[int, ...]) -> Counts:
    """The count vector of a tuple of valid card values (the actions check the values)."""
    counts = [0] * _N
    for card in cards:
        counts[_INDEX[card]] += 1
    return tuple(counts)


def counts_to_cards(counts: Counts) -> tuple[int, ...]:
    """The sorted card tuple of a count vector."""
    cards: list[int] = []
    for i in range(_N):
        value = _VALUES[i]
        for _ in range(counts[i]):
            cards.append(value)
    return tuple(cards)


# ----- action constructors -----------------------------------------------------------------------
# The ``make_*`` functions build actions as their classes do, checks included, and share the ones
# that recur (a bid, a seat's Pass): actions are immutable values. The ``_listed_*`` ones build the
# actions :class:`LegalActions` lists, from values the rules made themselves (a seat, an opponent
# and species from the targets, a pile or a payment of the hand), so they skip the checks and the
# sharing: most trades, counter-offers and payments are new, and checking and caching them cost
# more than the rest of a move. A frozen dataclass refuses ``setattr``; they fill its ``__dict__``.

#: Seats whose simple actions (Pass, Auction, Sell, Preempt, Accept) are made once, at import.
_SEATS: Final = 8
_PASSES: Final = tuple(Pass(p) for p in range(_SEATS))
_AUCTIONS: Final = tuple(Auction(p) for p in range(_SEATS))
_SELLS: Final = tuple(Sell(p) for p in range(_SEATS))
_PREEMPTS: Final = tuple(Preempt(p) for p in range(_SEATS))
_ACCEPTS: Final = tuple(Accept(p) for p in range(_SEATS))
#: Bids by ``amount * _SEATS + player`` (an int key hashes at once; see ``payment.remember``).
_BIDS: Final[dict[int, Bid]] = {}


def make_bid(player: int, amount: int) -> Bid:
    """``Bid(player, amount)``, shared."""
    if not (0 <= player < _SEATS and amount > 0):
        return Bid(player, amount)  # its own checks say what is wrong
    key = amount * _SEATS + player
    bid = _BIDS.get(key)
    if bid is None:
        bid = remember(_BIDS, key, Bid(player, amount))
    return bid


def make_pass(player: int) -> Pass:
    """``Pass(player)``, shared."""
    return _PASSES[player] if 0 <= player < _SEATS else Pass(player)


def make_auction(player: int) -> Auction:
    """``Auction(player)``, shared."""
    return _AUCTIONS[player] if 0 <= player < _SEATS else Auction(player)


def make_sell(player: int) -> Sell:
    """``Sell(player)``, shared."""
    return _SELLS[player] if 0 <= player < _SEATS else Sell(player)


def make_preempt(player: int) -> Preempt:
    """``Preempt(player)``, shared."""
    return _PREEMPTS[player] if 0 <= player < _SEATS else Preempt(player)


def make_accept(player: int) -> Accept:
    """``Accept(player)``, shared."""
    return _ACCEPTS[player] if 0 <= player < _SEATS else Accept(player)


def make_counter(player: int, cards: tuple[int, ...]) -> Counter:
    """``Counter(player, cards)``."""
    return Counter(player, cards)


def make_offer(player: int, cards: tuple[int, ...]) -> Offer:
    """``Offer(player, cards)``."""
    return Offer(player, cards)


def make_trade(player: int, opponent: int, animal: Animal, cards: tuple[int, ...]) -> Trade:
    """``Trade(player, opponent, animal, cards)``."""
    return Trade(player, opponent, animal, cards)


_new_action: Final = object.__new__


def _listed_trade(player: int, opponent: int, animal: Animal, cards: tuple[int, ...]) -> Trade:
    action: Trade = _new_action(Trade)
    fields = action.__dict__
    fields["player"] = player
    fields["opponent"] = opponent
    fields["animal"] = animal
    fields["cards"] = cards
    return action


def _listed_cards(
    cls: type[Pay | BuyBack | Counter | Offer], player: int, cards: tuple[int, ...]
) -> Pay | BuyBack | Counter | Offer:
    """``cls(player, cards)`` for a :class:`Pay`, :class:`BuyBack`, :class:`Counter` or
    :class:`Offer` of cards the rules listed (sorted, from the hand), without the checks."""
    action: Pay | BuyBack | Counter | Offer = _new_action(cls)
    fields = action.__dict__
    fields["player"] = player
    fields["cards"] = cards
    return action


def _contains(hand: Counts, part: Counts) -> bool:
    for p, h in zip(part, hand, strict=False):
        if p > h:
            return False
    return True


class LegalActions(Sequence[Action]):
    """The legal actions of one state; see the module docstring for the layout."""

    __slots__ = (
        "player",
        "bid_range",
        "_fixed",
        "kind",
        "targets",
        "piles",
        "hand",
        "_others",
        "_len",
        "_nfixed",
        "_pay",
        "_payments",
        "_extra",
    )

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
        self._fixed: tuple[Action, ...] | None = fixed
        self._nfixed = len(fixed)
        self.kind = kind
        self.targets = targets
        self.hand = hand
        self.piles: Sequence[tuple[int, ...]] = Piles(hand) if kind and hand is not None else ()
        self._others: tuple[Action, ...] | None = None
        self._len = -1
        self._pay: type[Pay] | type[BuyBack] = Pay
        self._payments: tuple[Counts, ...] = ()
        self._extra: tuple[Action, ...] = ()

    @classmethod
    def paying(
        cls,
        player: int,
        action: type[Pay] | type[BuyBack],
        payments: tuple[Counts, ...],
        extra: tuple[Action, ...] = (),
    ) -> LegalActions:
        """The ``action`` (Pay, BuyBack) of each irreducible payment (count vectors), then
        ``extra``; the actions are made when asked for (a bot that draws one makes one)."""
        legal = cls(player)
        legal._fixed = None
        legal._nfixed = len(payments) + len(extra)
        legal._pay = action
        legal._payments = payments
        legal._extra = extra
        return legal

    @property
    def fixed(self) -> tuple[Action, ...]:
        """The explicit non-bid actions (see the module docstring), in order."""
        fixed = self._fixed
        if fixed is None:
            fixed = self._fixed = (
                tuple([self._payment(i) for i in range(len(self._payments))]) + self._extra
            )
        return fixed

    def _payment(self, i: int) -> Action:
        return _listed_cards(self._pay, self.player, counts_to_cards(self._payments[i]))

    def _pile_len(self) -> int:
        if not self.kind:
            return 0
        if self.kind == "trade":
            return len(self.targets) * len(self.piles)
        return len(self.piles)

    def __len__(self) -> int:
        n = self._len
        if n < 0:
            n = self._len = len(self.bid_range) + self._nfixed + self._pile_len()
        return n

    def _pile_action(self, j: int) -> Action:
        kind = self.kind
        if kind == "trade":
            t, k = divmod(j, len(self.piles))
            return self.trade(t, k)
        return _listed_cards(Counter if kind == "counter" else Offer, self.player, self.piles[j])

    def bid(self, j: int) -> Bid:
        """The ``j``-th listed bid: ``Bid(player, bid_range[j])``."""
        return make_bid(self.player, self.bid_range[j])

    def trade(self, target: int, pile: int) -> Trade:
        """The listed trade for ``targets[target]`` that lays ``piles[pile]``."""
        opponent, animal = self.targets[target]
        return _listed_trade(self.player, opponent, animal, self.piles[pile])

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
            return self.bid(index)
        index -= nb
        if index < self._nfixed:
            fixed = self._fixed
            if fixed is not None:
                return fixed[index]
            paid = len(self._payments)
            return self._payment(index) if index < paid else self._extra[index - paid]
        return self._pile_action(index - self._nfixed)

    def __iter__(self) -> Iterator[Action]:
        player = self.player
        for amount in self.bid_range:
            yield make_bid(player, amount)
        yield from self.fixed
        for j in range(self._pile_len()):
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
            return _contains(self.hand, cards_to_counts(action.cards))
        return action in self.fixed

    @property
    def others(self) -> tuple[Action, ...]:
        """Every listed non-bid action as a tuple (may be long in a trade phase)."""
        if self._others is None:
            self._others = self.fixed + tuple(self._pile_action(j) for j in range(self._pile_len()))
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
