"""Editions of Kuhhandel as data (RULES.md, "Edition table" and its notes).

Each published edition is one frozen :class:`Edition`; each variant is a :class:`Variant` that
returns a changed copy of an edition. The engine and the solvers branch on the *fields* of an
edition (cards per family, money deck, preemption style, tie rule, ...), never on its name, so a
variant or a new edition needs no engine change.

Readings where the sources are silent (each is a field, so it can be changed):

* ``classic`` "any higher bid" is read as any whole amount above the last bid (``min_raise=1``);
  the 2025 box says every bid exceeds the last by at least 10 (``min_raise=10``).
* ``first`` (1985): its trade tie is not spelled out in the English summary; the bluff box says the
  offerer wins a tie, and we use that for both (RULES.md note).
* ``bluff``: "once a trade is announced no auction may happen that turn" restates that a turn is
  one action (K-TURN-1); it needs no field.
* ``original`` (2025 box played the old way) changes exactly what the 2025 leaflet lists: four
  cards a family, start money with one 50, one animal per auction; the pair rule K-TRD-4 already
  holds in 2025 (with three cards a family no two players can both hold a pair). The +10 raise
  and the 2025 tie and score tie-break stay.
* 2025's starting player ("who owns the heaviest animal") is a seat given to the engine or drawn
  from the seed.
* A game the printed rules let run for ever (in 2025, the last open family split two and one
  between two players without money: every trade is a tie the offerer wins, and the card goes
  back and forth) ends by the house rule K-HOUSE-1, the third time a turn starts in the same
  position (the field ``deadlock``, the same in every edition;
  ``dataclasses.replace(edition, deadlock=Deadlock.NONE)`` plays the printed rules alone).

>>> get_edition("classic").scoring
<Scoring.SUM_TIMES_FAMILIES: 'sum-times-families'>
>>> get_edition("2025", ["no-kidding"]).one_bid_per_auction
True
>>> get_edition("2025", ["original"]).cards_per_family
4
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from kuhtheory.cards import DENOMINATIONS, Counts, total
from kuhtheory.errors import UnknownEditionError
from kuhtheory.quoting import excerpt


class Preemption(enum.Enum):
    """What the auctioneer's right after the hammer is (K-AUC-4)."""

    #: The auctioneer pays the high bid to the high bidder and keeps the animal(s).
    PAY_BID = "pay-bid"
    #: bluff: the high bidder pays first; the auctioneer hands back those same cards and pays the
    #: bid once more (no change), or gives up the right.
    BUY_BACK = "buy-back"


class CounterSettlement(enum.Enum):
    """Where the money goes after a counter-offer (K-TRD-3)."""

    #: classic, 2025, bluff's super trade: the piles are exchanged, each keeps what he received.
    KEEP_RECEIVED = "keep-received"
    #: first, bluff: the winner pays his own pile to the loser; the loser keeps his own pile;
    #: 0-cards go back at once.
    WINNER_PAYS = "winner-pays"


class TradeTie(enum.Enum):
    """What happens when offer and counter-offer have the same total."""

    #: 2025, first, bluff: the offerer (A) wins, the money moves as on a win.
    OFFERER_WINS = "offerer-wins"
    #: classic: the money goes back, A offers again, B decides again; a second tie: B gives the
    #: animal(s) to A for free.
    REOFFER_THEN_FREE = "reoffer-then-free"
    #: bluff's super trade: the money goes back and A takes the animal(s) for free.
    OFFERER_FREE = "offerer-free"


class Scoring(enum.Enum):
    """How complete families become points (K-END-2)."""

    #: classic, 2025: the sum of the families' points times the number of families.
    SUM_TIMES_FAMILIES = "sum-times-families"
    #: first, bluff: the sum of the families' points (plus the dove bonus).
    SUM = "sum"


class Deadlock(enum.Enum):
    """What ends a game the printed rules let run for ever (the sources are silent)."""

    #: House rule K-HOUSE-1: the third time a turn starts in the same position (the same player
    #: to move, the same animals before every player, the same money in every hand, the same
    #: cards left in the deck) the game ends; incomplete families score nothing.
    THIRD_REPETITION = "third-repetition"
    #: The printed rules only: nothing ends such a game (a bot loop or a 2025 deadlock runs on
    #: until the caller's action limit).
    NONE = "none"


class ScoreTieBreak(enum.Enum):
    """Who wins when the top scores are equal."""

    #: No tie-break: the tied players share the win.
    SHARED = "shared"
    #: 2025: the most money left wins; a further tie is shared.
    MONEY_THEN_SHARED = "money-then-shared"


@dataclass(frozen=True)
class Edition:
    """One edition's rules as data. Build one with :func:`get_edition`.

    Money fields are count vectors indexed like :data:`kuhtheory.cards.DENOMINATIONS`
    (0, 10, 50, 100, 200, 500).
    """

    key: str
    title: str
    source: str
    cards_per_family: int
    money_deck: Counts
    start_money: Counts
    animals_per_auction: int
    min_raise: int
    preemption: Preemption
    responder_may_accept: bool
    counter_settlement: CounterSettlement
    trade_tie: TradeTie
    scoring: Scoring
    score_tiebreak: ScoreTieBreak
    dove_bonus: int
    donkey_payouts: tuple[int, ...]
    pair_trade: bool = True
    min_players: int = 3
    max_players: int = 5
    deal_animals: int = 0
    double_move: bool = False
    one_bid_per_auction: bool = False
    deadlock: Deadlock = Deadlock.THIRD_REPETITION
    variants: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The edition key followed by its variants: ``"classic+quick"``."""
        return "+".join((self.key, *self.variants))

    @property
    def has_trade(self) -> bool:
        """Whether the edition has a sealed-bid trade at all (every published one does)."""
        return True

    @functools.cached_property
    def money_total(self) -> int:
        """The value of the whole money deck (what the players and the bank hold together)."""
        return total(self.money_deck)

    @property
    def start_money_total(self) -> int:
        """The value of one player's start money."""
        return total(self.start_money)

    def check_players(self, players: object) -> int:
        """``players`` if the edition seats that many, else :class:`UnknownEditionError`."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise UnknownEditionError(f"players={excerpt(players)} must be a whole number")
        if not self.min_players <= players <= self.max_players:
            players_text = excerpt(players)
            hint = ""
            if players == 6:
                hint = (
                    ": no edition's money deck seats six (the review's 3-6 would need 12 zero-cards"
                    " and the deck has 10)"
                )
            raise UnknownEditionError(
                f"players={players_text} is not possible in {self.name!r}: it seats "
                f"{self.min_players}-{self.max_players}{hint}"
            )
        needed = tuple(c * players for c in self.start_money)
        short = [
            f"{n} x {v} (deck has {d})"
            for v, n, d in zip(DENOMINATIONS, needed, self.money_deck, strict=False)
            if n > d
        ]
        if short:
            raise UnknownEditionError(
                f"players={players}: the {self.name!r} money deck cannot pay the start money: "
                + ", ".join(short)
            )
        return players

    def describe(self) -> dict[str, object]:
        """The edition's parameters as plain JSON-ready data (``kuhtheory rules``)."""
        out: dict[str, object] = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if isinstance(value, enum.Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            out[field.name] = value
        out["denominations"] = list(DENOMINATIONS)
        return out


_CLASSIC_DECK: Counts = (10, 20, 10, 5, 5, 5)
_FIRST_DECK: Counts = (10, 25, 5, 5, 5, 5)

CLASSIC = Edition(
    key="classic",
    title="Kuhhandel (Ravensburger 27109, 1999/2001)",
    source="kuhhandel-1999-2001-fr.txt",
    cards_per_family=4,
    money_deck=_CLASSIC_DECK,
    start_money=(2, 4, 1, 0, 0, 0),
    animals_per_auction=1,
    min_raise=1,
    preemption=Preemption.PAY_BID,
    responder_may_accept=True,
    counter_settlement=CounterSettlement.KEEP_RECEIVED,
    trade_tie=TradeTie.REOFFER_THEN_FREE,
    scoring=Scoring.SUM_TIMES_FAMILIES,
    score_tiebreak=ScoreTieBreak.SHARED,
    dove_bonus=0,
    donkey_payouts=(50, 100, 200, 500),
)

EDITION_2025 = dataclasses.replace(
    CLASSIC,
    key="2025",
    title="Kuhhandel (Ravensburger, 2025)",
    source="kuhhandel-2025-fr.txt",
    cards_per_family=3,
    start_money=(2, 4, 2, 0, 0, 0),
    animals_per_auction=2,
    min_raise=10,
    trade_tie=TradeTie.OFFERER_WINS,
    score_tiebreak=ScoreTieBreak.MONEY_THEN_SHARED,
)

FIRST = Edition(
    key="first",
    title="Kuhhandel (first edition, 1985)",
    source="kuhhandel-editions-review-en-fr.txt",
    cards_per_family=4,
    money_deck=_FIRST_DECK,
    start_money=(2, 5, 0, 0, 0, 0),
    animals_per_auction=1,
    min_raise=1,
    preemption=Preemption.PAY_BID,
    responder_may_accept=True,
    counter_settlement=CounterSettlement.WINNER_PAYS,
    trade_tie=TradeTie.OFFERER_WINS,
    scoring=Scoring.SUM,
    score_tiebreak=ScoreTieBreak.SHARED,
    dove_bonus=500,
    donkey_payouts=(50, 100, 200, 500),
)

BLUFF = dataclasses.replace(
    FIRST,
    key="bluff",
    title="Bluff (Ravensburger 01 081 3)",
    source="bluff-first-edition-fr.txt",
    preemption=Preemption.BUY_BACK,
    responder_may_accept=False,
)

#: The published editions by key; ``classic`` is the default.
EDITIONS: Mapping[str, Edition] = {e.key: e for e in (CLASSIC, EDITION_2025, FIRST, BLUFF)}
DEFAULT_EDITION = "classic"


@dataclass(frozen=True)
class Variant:
    """A named change to one edition's rules."""

    key: str
    editions: tuple[str, ...]
    summary: str
    change: Callable[[Edition], Edition]

    def apply(self, edition: Edition) -> Edition:
        """The edition with this variant played; :class:`UnknownEditionError` if it does not fit."""
        if edition.key not in self.editions:
            raise UnknownEditionError(
                f"variant {self.key!r} belongs to {', '.join(self.editions)}, "
                f"not to edition {edition.key!r}"
            )
        if self.key in edition.variants:
            raise UnknownEditionError(f"variant {self.key!r} is given twice")
        changed = self.change(edition)
        return dataclasses.replace(changed, variants=(*edition.variants, self.key))


def _replace(**changes: object) -> Callable[[Edition], Edition]:
    return lambda edition: dataclasses.replace(edition, **changes)  # type: ignore[arg-type]


def _first_donkey_100(edition: Edition) -> Edition:
    return dataclasses.replace(edition, donkey_payouts=(100, *edition.donkey_payouts[1:]))


VARIANTS: Mapping[str, Variant] = {
    v.key: v
    for v in (
        Variant(
            "quick",
            ("classic",),
            "quick game: two animal cards per auction",
            _replace(animals_per_auction=2),
        ),
        Variant(
            "short",
            ("classic",),
            "short game: deal 4 face-down animals to each player "
            "at the start (donkeys among them pay out as usual)",
            _replace(deal_animals=4),
        ),
        Variant(
            "super-trade",
            ("bluff",),
            "super trade: the piles are exchanged and kept, the "
            "higher offer wins; a tie gives A the animal(s) for free",
            _replace(
                counter_settlement=CounterSettlement.KEEP_RECEIVED, trade_tie=TradeTie.OFFERER_FREE
            ),
        ),
        Variant(
            "double-move",
            ("2025",),
            "double move: after a trade the active player must also run an auction",
            _replace(double_move=True),
        ),
        Variant(
            "no-kidding",
            ("2025",),
            "no kidding: each bidder may bid only once per auction",
            _replace(one_bid_per_auction=True),
        ),
        Variant(
            "donkey-100", ("2025",), "the first donkey pays 100 instead of 50", _first_donkey_100
        ),
        Variant(
            "original",
            ("2025",),
            "original: 4 cards per family, start money with one 50, "
            "one animal per auction, pair-vs-pair trades for two",
            _replace(
                cards_per_family=4,
                start_money=(2, 4, 1, 0, 0, 0),
                animals_per_auction=1,
                pair_trade=True,
            ),
        ),
    )
}


def get_edition(name: str | Edition = DEFAULT_EDITION, variants: Iterable[str] = ()) -> Edition:
    """The edition ``name`` (a key, or ``"classic+quick"``) with the named variants applied.

    >>> get_edition("classic+quick").animals_per_auction
    2
    >>> get_edition("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kuhtheory.errors.UnknownEditionError: unknown edition 'chess': choose one of classic, 2025, ...
    """
    if isinstance(variants, str) or not isinstance(variants, Iterable):
        raise UnknownEditionError(
            f"variants={excerpt(variants)} must be a list of variant names: {', '.join(VARIANTS)}"
        )
    if isinstance(name, Edition):
        edition = name
    else:
        key, *inline = str(name).split("+")
        try:
            edition = EDITIONS[key.strip().lower()]
        except KeyError:
            raise UnknownEditionError(
                f"unknown edition {excerpt(name)}: choose one of {', '.join(EDITIONS)}"
            ) from None
        variants = (*inline, *variants)
    for variant_name in variants:
        if not isinstance(variant_name, str):
            raise UnknownEditionError(f"variant {excerpt(variant_name)} is not a variant name")
        key = variant_name.strip().lower()
        if not key:
            continue
        try:
            variant = VARIANTS[key]
        except KeyError:
            raise UnknownEditionError(
                f"unknown variant {excerpt(variant_name)}: choose one of {', '.join(VARIANTS)}"
            ) from None
        edition = variant.apply(edition)
    return edition
