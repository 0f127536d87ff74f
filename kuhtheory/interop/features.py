"""A player's observation as a fixed-length vector and as text, for learning code.

The vector is built from the engine's :class:`~kuhtheory.engine.Observation` alone (so it hides the
other players' money, as the observation does) and from the pile the player is laying himself.
Seats are **relative to the observer**: index 0 is the player himself, index 1 the player to his
left, and so on, so that one policy can play every seat; his own seat number is given once, one-hot
(``seat``). Every part has an upper bound (a count of cards, a money total), so the observation
space is a bounded box; :meth:`ObservationLayout.parts` names the slices.

===================  ===========  ===============================================================
part                 size         content
===================  ===========  ===============================================================
seat                 P            the observer's own seat (one-hot)
phase                8            the phase, one-hot (order of :class:`~kuhtheory.engine.Phase`)
to_act, active       P, P         who is to act, whose turn it is (one-hot, relative)
money                6            the observer's money cards per denomination
card_counts          P            how many money cards each player holds (public)
herds                P x 10       each player's animal cards per species
families             P x 10       who owns each complete family (one-hot per species)
deck, donkeys        1, 1         cards left in the deck, donkeys turned up
bank                 6            the bank's money cards
dove, must_auction   P, 1         the dove holder (first, bluff); the double move's forced auction
shown                P x 7        per player: showed his money (K-PAY-2), and those cards
revealed             P x 7        per player: a pile of his was seen, and the last one seen
auction              ...          running auction: lot, auctioneer, high bid and bidder, passes,
                                  caps, who has bid, payer, payee, amount, the paid cards if seen
trade                ...          running trade: offerer, opponent, species, stake, round, card
                                  counts, the piles the observer knows
laying               1 + P + 16   the observer's own pile being laid: its opponent and species
                                  (a trade), its cards, the smallest card he may still lay
===================  ===========  ===============================================================

>>> from kuhtheory.engine import new_game
>>> layout = ObservationLayout.for_game("classic", players=4)
>>> vec = layout.vector(new_game(players=4, seed=1, first_player=2).observation(3))
>>> vec.shape == (layout.size,), layout.part(vec, "money").tolist()
(True, [2.0, 4.0, 1.0, 0.0, 0.0, 0.0])
>>> layout.part(vec, "to_act").tolist()  # P2 is to act: three seats to P3's left
[0.0, 0.0, 0.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from kuhtheory.cards import ANIMALS, DENOMINATIONS, Animal, Counts, format_money
from kuhtheory.editions import Edition, get_edition
from kuhtheory.engine import Action, Observation, Phase, action_to_json
from kuhtheory.engine.observation import FACTS as OBSERVATION_FACTS
from kuhtheory.interop.encoding import ActionEncoding

_PHASES: tuple[Phase, ...] = tuple(Phase)
_NA = len(ANIMALS)
_ND = len(DENOMINATIONS)
_ANIMAL_INDEX = {a: i for i, a in enumerate(ANIMALS)}


@dataclass(frozen=True)
class Laying:
    """The pile a player is laying (see :class:`kuhtheory.interop.coded.CodedState`)."""

    target_offset: int | None
    target_animal_index: int | None
    pile: Counts
    floor: int


@dataclass(frozen=True)
class ObservationLayout:
    """Where each part of the vector lies, and its upper bounds, for one edition and table size."""

    players: int
    #: ``(name, start, stop)`` of each part, in order
    slices: tuple[tuple[str, int, int], ...]
    high: tuple[float, ...]

    @classmethod
    def for_game(cls, edition: str | Edition, players: int) -> ObservationLayout:
        """The layout for ``players`` seats of ``edition`` (``"classic+quick"`` or an Edition)."""
        ed = get_edition(edition)
        ed.check_players(players)
        P = players
        deck = tuple(float(c) for c in ed.money_deck)
        cards = float(sum(ed.money_deck))
        cpf = float(ed.cards_per_family)
        max_bid = float(ActionEncoding.for_edition(ed).max_bid)
        parts: list[tuple[str, Sequence[float]]] = [
            ("seat", [1.0] * P),
            ("phase", [1.0] * len(_PHASES)),
            ("to_act", [1.0] * P),
            ("active", [1.0] * P),
            ("money", deck),
            ("card_counts", [cards] * P),
            ("herds", [cpf] * (P * _NA)),
            ("families", [1.0] * (P * _NA)),
            ("deck", [cpf * _NA]),
            ("donkeys", [cpf]),
            ("bank", deck),
            ("dove", [1.0] * P),
            ("must_auction", [1.0]),
            ("shown", (1.0, *deck) * P),
            ("revealed", (1.0, *deck) * P),
            ("auction", [1.0]),
            ("lot", [cpf] * _NA),
            ("auctioneer", [1.0] * P),
            ("high_bid", [max_bid]),
            ("high_bidder", [1.0] * P),
            ("passed", [1.0] * P),
            ("caps", (1.0, max_bid) * P),
            ("has_bid", [1.0] * P),
            ("payer", [1.0] * P),
            ("payee", [1.0] * P),
            ("amount", [max_bid]),
            ("paid", (1.0, *deck)),
            ("paid_count", [cards]),
            ("trade", [1.0]),
            ("offerer", [1.0] * P),
            ("opponent", [1.0] * P),
            ("species", [1.0] * _NA),
            ("stake", [2.0]),
            ("round", [2.0]),
            ("offer_count", [cards]),
            ("counter_count", (1.0, cards)),
            ("offer", (1.0, *deck)),
            ("counter", (1.0, *deck)),
            ("laying", [1.0]),
            ("target", [1.0] * P),
            ("target_species", [1.0] * _NA),
            ("pile", deck),
            ("floor", [1.0] * _ND),
        ]
        slices = []
        high: list[float] = []
        for name, bounds in parts:
            slices.append((name, len(high), len(high) + len(bounds)))
            high.extend(bounds)
        return cls(players, tuple(slices), tuple(high))

    @property
    def size(self) -> int:
        """The length of the vector."""
        return len(self.high)

    def parts(self) -> dict[str, slice]:
        """The slice of each named part."""
        return {name: slice(a, b) for name, a, b in self.slices}

    def part(self, vector: np.ndarray, name: str) -> np.ndarray:
        """The part ``name`` of ``vector`` (a view)."""
        for n, a, b in self.slices:
            if n == name:
                return vector[a:b]
        raise KeyError(f"no part {name!r}: parts are {', '.join(n for n, _, _ in self.slices)}")

    @cached_property
    def starts(self) -> dict[str, int]:
        """Where each part starts."""
        return {name: a for name, a, _ in self.slices}

    def vector(self, obs: Observation, laying: Laying | None = None) -> np.ndarray:
        """The ``float32`` vector of ``obs`` (and of the observer's own pile being laid)."""
        out = [0.0] * self.size  # filled as a list (a numpy item costs more to set), then copied
        _Writer(self, out, obs.player).fill(obs, laying)
        return np.array(out, dtype=np.float32)


#: Each money card's index in a count vector.
_CARD_INDEX = {value: i for i, value in enumerate(DENOMINATIONS)}


def count_cards(cards: Sequence[int]) -> list[int]:
    """The count vector of cards the engine gave (valid values, so unchecked: this runs for
    every observation and payment; :func:`kuhtheory.cards.to_counts` checks user input)."""
    counts = [0] * _ND
    for card in cards:
        counts[_CARD_INDEX[card]] += 1
    return counts


class _Writer:
    """Fills one vector, part by part (seats made relative to the observer)."""

    def __init__(self, layout: ObservationLayout, out: list[float], me: int) -> None:
        self.start = layout.starts
        self.out = out
        self.me = me
        self.players = layout.players

    def rel(self, seat: int) -> int:
        return (seat - self.me) % self.players

    def put(self, name: str, offset: int, value: float) -> None:
        self.out[self.start[name] + offset] = value

    def seat(self, name: str, seat: int | None, stride: int = 1, offset: int = 0) -> None:
        if seat is not None and seat >= 0:
            self.put(name, self.rel(seat) * stride + offset, 1.0)

    def counts(self, name: str, counts: Sequence[int], offset: int = 0) -> None:
        a = self.start[name] + offset
        self.out[a : a + len(counts)] = counts

    def flagged(self, name: str, cards: Sequence[int] | None, offset: int = 0) -> None:
        if cards is not None:
            self.put(name, offset, 1.0)
            self.counts(name, count_cards(cards), offset + 1)

    def fill(self, obs: Observation, laying: Laying | None) -> None:
        P = self.players
        self.put("seat", obs.player, 1.0)
        self.put("phase", _PHASES.index(obs.phase), 1.0)
        self.seat("to_act", obs.current_player)
        self.seat("active", obs.active_player)
        self.counts("money", count_cards(obs.money))
        for seat in range(P):
            r = self.rel(seat)
            self.put("card_counts", r, obs.card_counts[seat])
            self.counts("herds", obs.herds[seat], r * _NA)
            self.flagged("shown", obs.shown_money[seat], r * (1 + _ND))
        for i, owner in enumerate(obs.family_owners):
            self.seat("families", owner, _NA, i)
        self.put("deck", 0, obs.deck_size)
        self.put("donkeys", 0, obs.donkeys_seen)
        self.counts("bank", obs.bank)
        self.seat("dove", obs.dove_holder)
        self.put("must_auction", 0, float(obs.must_auction))
        shown: set[int] = set()
        for _turn, other, cards in reversed(obs.revealed):  # the last pile seen of each player
            if other not in shown:
                shown.add(other)
                self.flagged("revealed", cards, self.rel(other) * (1 + _ND))
        self.auction(obs)
        self.trade(obs)
        if laying is not None:
            self.put("laying", 0, 1.0)
            if laying.target_offset is not None:
                self.put("target", laying.target_offset, 1.0)
            if laying.target_animal_index is not None:
                self.put("target_species", laying.target_animal_index, 1.0)
            self.counts("pile", laying.pile)
            self.put("floor", laying.floor, 1.0)

    def auction(self, obs: Observation) -> None:
        a = obs.auction
        if a is None:
            return
        self.put("auction", 0, 1.0)
        for animal in a.animals:
            self.out[self.start["lot"] + _ANIMAL_INDEX[animal]] += 1.0
        self.seat("auctioneer", a.auctioneer)
        self.put("high_bid", 0, a.high_bid)
        self.seat("high_bidder", a.high_bidder)
        for seat in a.passed:
            self.seat("passed", seat)
        for seat, cap in enumerate(a.caps):
            if cap is not None:
                self.put("caps", self.rel(seat) * 2, 1.0)
                self.put("caps", self.rel(seat) * 2 + 1, cap)
        for seat in a.has_bid:
            self.seat("has_bid", seat)
        self.seat("payer", a.payer)
        self.seat("payee", a.payee)
        self.put("amount", 0, a.amount or 0)
        self.flagged("paid", a.paid)
        self.put("paid_count", 0, a.paid_count or 0)

    def trade(self, obs: Observation) -> None:
        t = obs.trade
        if t is None:
            return
        self.put("trade", 0, 1.0)
        self.seat("offerer", t.offerer)
        self.seat("opponent", t.opponent)
        self.put("species", _ANIMAL_INDEX[t.animal], 1.0)
        self.put("stake", 0, t.stake)
        self.put("round", 0, t.round)
        self.put("offer_count", 0, t.offer_count)
        if t.counter_count is not None:
            self.put("counter_count", 0, 1.0)
            self.put("counter_count", 1, t.counter_count)
        self.flagged("offer", t.offer)
        self.flagged("counter", t.counter)


# ----- text ---------------------------------------------------------------------------------------


def observation_text(obs: Observation, laying_cards: Sequence[int] | None = None) -> str:
    """A few lines saying what ``obs`` shows: the player's money, every herd, the running auction
    or trade, and the pile he is laying (``laying_cards``, if any)."""
    lines = [
        f"P{obs.player} ({obs.edition.name}), {obs.phase.value}, "
        + (f"P{obs.current_player} to act" if obs.current_player is not None else "game over")
        + f", deck {obs.deck_size}",
        f"  my money: {format_money(obs.money)}",
    ]
    for seat in range(obs.players):
        herd = ", ".join(
            f"{count} {animal.name.lower()}" for animal, count in obs.animals(seat).items()
        )
        lines.append(f"  P{seat}: {obs.card_counts[seat]} money cards; {herd or 'no animals'}")
    a = obs.auction
    if a is not None:
        lot = "+".join(x.name.lower() for x in a.animals)
        bidder = f" by P{a.high_bidder}" if a.high_bidder is not None else ""
        lines.append(f"  auction by P{a.auctioneer} of {lot}: high bid {a.high_bid}{bidder}")
    t = obs.trade
    if t is not None:
        lines.append(
            f"  trade P{t.offerer} vs P{t.opponent} for {t.stake} {t.animal.name.lower()}: "
            f"{t.offer_count} cards offered"
            + (f", {t.counter_count} countered" if t.counter_count is not None else "")
        )
    if laying_cards is not None:
        lines.append(f"  laying: {format_money(laying_cards)}")
    return "\n".join(lines)


#: The fields of an observation that a change report lists (``event_log`` is left out: every
#: public event shows in these fields or in the action that caused it).
_REPORTED: tuple[str, ...] = tuple(
    f for f in OBSERVATION_FACTS if f not in ("edition", "event_log")
)


def observation_changes(before: Observation | None, after: Observation) -> str:
    """What differs in ``after`` from ``before`` (everything when ``before`` is None), as
    ``field=value`` items; a running auction or trade is compared field by field, and only the
    piles revealed since ``before`` are listed. Joined in order from the first observation, the
    reports give back every observation of the sequence (the pieces of information-state strings).

    >>> from kuhtheory.engine import new_game, Auction
    >>> s = new_game(players=3, seed=4, first_player=0)
    >>> t = s.apply(Auction(0))
    >>> u = t.apply(t.legal_actions().bid(0))
    >>> print(observation_changes(t.observation(2), u.observation(2)).replace(" ", "\\n"))
    current_player=2
    auction.high_bid=10
    auction.high_bidder=1
    auction.to_act=2
    auction.has_bid=(1)
    """
    items = []
    for name in _REPORTED:
        value = getattr(after, name)
        old = None if before is None else getattr(before, name)
        if before is not None and value == old:
            continue
        if name == "revealed":
            items.append(f"{name}+={_fmt(value[len(old or ()) :])}")
        elif name in ("auction", "trade") and value is not None:
            items.extend(
                f"{name}.{field}={_fmt(v)}"
                for field, v, w in zip(
                    value._fields, value, old or (None,) * len(value), strict=True
                )
                if old is None or v != w
            )
        else:
            items.append(f"{name}={_fmt(value)}")
    return " ".join(items)


def public_action_text(action: Action) -> str:
    """What every player sees of ``action``: money cards laid face down as their number only
    (K-TRD-1; a payment's cards reach the payee alone).

    >>> from kuhtheory.engine import Trade
    >>> public_action_text(Trade(0, 2, Animal.COW, (0, 10, 50)))
    'P0 trade opponent=2 animal=cow cards=3'
    """
    data = action_to_json(action)
    kind, player = data.pop("type"), data.pop("player")
    if "cards" in data:
        data["cards"] = len(data["cards"])
    return " ".join([f"P{player} {kind}", *(f"{k}={v}" for k, v in data.items())])


def _fmt(value: object) -> str:
    """A compact text of a field's value: enum members by value or name, tuples in brackets."""
    if isinstance(value, tuple):
        if all(type(v) is int for v in value):
            return "(" + ",".join(map(str, value)) + ")"
        return "(" + ",".join(_fmt(v) for v in value) + ")"
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, Animal):
        return value.name.lower()
    return str(value)


__all__ = [
    "Laying",
    "count_cards",
    "ObservationLayout",
    "observation_changes",
    "public_action_text",
    "observation_text",
]
