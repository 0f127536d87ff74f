"""The immutable Kuhhandel game state, its public views and its scores.

A :class:`GameState` never changes: :meth:`GameState.apply` returns a new state (the rules live
in :mod:`kuhtheory.engine.rules` and the modules it calls). To stay fast, a state is a slotted
object whose fields are tuples and count vectors (money as counts per denomination, herds as
counts per species), copied field-by-field by a hand-written ``_copy``. The actions, each with the
public events it caused, form a chain of triples ``(previous chain, action, events)`` shared
between successive states, so an ``apply`` costs the same at the first move and the five
hundredth; ``history`` and ``events`` are read from it on demand. The running auction's high bid,
high bidder and who passed are fields of the state itself, so a bid or a pass copies nothing else.

The start of a game and hand-made positions are in :mod:`kuhtheory.engine.setup`.

>>> s = new_game(players=3, seed=7, first_player=0)
>>> s.phase, s.current_player, s.deck_size, s.money(1)
(<Phase.TURN: 'turn'>, 0, 40, (0, 0, 10, 10, 10, 10, 50))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from kuhtheory.cards import ANIMALS, DENOMINATIONS, Animal, Counts
from kuhtheory.editions import Edition, ScoreTieBreak, Scoring
from kuhtheory.engine.actions import Action
from kuhtheory.engine.views import AuctionView, Phase, TradeView
from kuhtheory.errors import InvalidSetupError

if TYPE_CHECKING:
    from kuhtheory.engine.events import Event
    from kuhtheory.engine.legal import LegalActions
    from kuhtheory.engine.observation import Observation

#: Index of each species in a herd vector.
ANIMAL_INDEX: Final[Mapping[Animal, int]] = {a: i for i, a in enumerate(ANIMALS)}
#: The same, keyed by the species' points (ints hash faster than enum members).
INDEX_BY_POINTS: Final[Mapping[int, int]] = {a.value: i for i, a in enumerate(ANIMALS)}
_N_ANIMALS: Final = len(ANIMALS)
_NO_ANIMALS: Final[tuple[int, ...]] = (0,) * _N_ANIMALS

#: The dove-bonus pairs (first, bluff): complete both families of one pair first.
DOVE_PAIRS: Final[tuple[tuple[Animal, Animal], ...]] = (
    (Animal.ROOSTER, Animal.GOOSE),
    (Animal.CAT, Animal.DOG),
    (Animal.SHEEP, Animal.GOAT),
)


# The phases as module constants, shared by the rules' modules: Final, so the compiled engine
# reads them without looking ``Phase.BIDDING`` up in the class every time.
_TURN: Final = Phase.TURN
_BIDDING: Final = Phase.BIDDING
_HAMMER: Final = Phase.HAMMER
_PAYMENT: Final = Phase.PAYMENT
_BUY_BACK: Final = Phase.BUY_BACK
_TRADE_RESPONSE: Final = Phase.TRADE_RESPONSE
_TRADE_REOFFER: Final = Phase.TRADE_REOFFER
_GAME_OVER: Final = Phase.GAME_OVER


class _Auc:
    """The running auction's fixed part (internal, treated as immutable).

    The fields that change at every bid (high bid, high bidder, who passed, who has bid) live on the
    state itself (``_hb``, ``_hbr``, ``_passed``, ``_once``) so that a bid or a pass copies nothing
    but the state. ``skip``, ``raise_by``, ``one_bid`` and ``limits`` are derived once when the
    bidding opens, for the bidding's hot path: the auctioneer's bit, the edition's minimum raise
    and 'no kidding' flag, and per seat the highest listed bid (his shown money, K-PAY-2, else
    all the money the players hold: it does not change while bidding).
    """

    __slots__ = (
        "animals",
        "auctioneer",
        "caps",
        "payer",
        "payee",
        "paid",
        "preempt",
        "skip",
        "raise_by",
        "one_bid",
        "limits",
    )

    def __init__(
        self,
        animals: tuple[Animal, ...],
        auctioneer: int,
        caps: tuple[int, ...],
        raise_by: int,
        one_bid: bool,
        limits: tuple[int, ...],
        payer: int = -1,
        payee: int = -1,
        paid: Counts | None = None,
        preempt: bool = False,
    ) -> None:
        self.animals = animals
        self.auctioneer = auctioneer
        self.caps = caps  # per seat: the money shown (K-PAY-2), -1 if none
        self.payer = payer
        self.payee = payee
        self.paid = paid  # bluff: what the bidder paid before the buy-back decision
        self.preempt = preempt
        self.skip = 1 << auctioneer
        self.raise_by = raise_by
        self.one_bid = one_bid
        self.limits = limits

    def but(
        self, payer: int = -1, payee: int = -1, paid: Counts | None = None, preempt: bool = False
    ) -> _Auc:
        """The same auction with a payment step set: who pays whom, what was paid, preemption."""
        return _Auc(
            self.animals,
            self.auctioneer,
            self.caps,
            self.raise_by,
            self.one_bid,
            self.limits,
            payer,
            payee,
            paid,
            preempt,
        )


def open_auction(
    animals: tuple[Animal, ...],
    auctioneer: int,
    caps: tuple[int, ...],
    edition: Edition,
    money: int,
) -> _Auc:
    """The auction of ``animals`` by ``auctioneer`` with the bidders' ``caps`` (K-PAY-2, -1: none).

    ``money`` is all the money the players hold: the highest bid listed for a bidder whose money
    is not shown (nobody can pay more).
    """
    limits = [money] * len(caps)
    for seat, cap in enumerate(caps):
        if cap >= 0:
            limits[seat] = cap
    return _Auc(
        animals, auctioneer, caps, edition.min_raise, edition.one_bid_per_auction, tuple(limits)
    )


class _Trd:
    """The running trade (internal, treated as immutable)."""

    __slots__ = ("offerer", "opponent", "animal", "stake", "offer", "counter", "round")

    def __init__(
        self,
        offerer: int,
        opponent: int,
        animal: Animal,
        stake: int,
        offer: Counts,
        counter: Counts | None,
        round: int,
    ) -> None:
        self.offerer = offerer
        self.opponent = opponent
        self.animal = animal
        self.stake = stake
        self.offer = offer
        self.counter = counter
        self.round = round


_CAPS: Final[dict[tuple[int, ...], tuple[int | None, ...]]] = {}


def _public_caps(caps: tuple[int, ...]) -> tuple[int | None, ...]:
    """Internal caps (-1: none) as public ones (None: none), memoised."""
    out = _CAPS.get(caps)
    if out is None:
        if len(_CAPS) > 4096:
            _CAPS.clear()
        out = _CAPS[caps] = tuple(None if c < 0 else c for c in caps)
    return out


_MASKS: Final[dict[int, tuple[int, ...]]] = {}


def _mask_tuple(mask: int) -> tuple[int, ...]:
    """The seats of a bit mask, ascending (memoised)."""
    seats = _MASKS.get(mask)
    if seats is None:
        seats = _MASKS[mask] = tuple(p for p in range(mask.bit_length()) if mask >> p & 1)
    return seats


#: The engine's own token for :class:`GameState` (see its ``__init__``).
_ENGINE: Final = object()


class GameState:
    """An immutable Kuhhandel position.

    A game starts with :func:`new_game` (or, for a study, :func:`setup_position`).
    """

    __slots__ = (
        "_edition",
        "_players",
        "_seed",
        "_first",
        "_phase",
        "_active",
        "_current",
        "_deck",
        "_pos",
        "_money",
        "_bank",
        "_herds",
        "_owners",
        "_incomplete",
        "_donkeys",
        "_dove",
        "_turn",
        "_auc",
        "_hb",
        "_hbr",
        "_passed",
        "_once",
        "_trd",
        "_shown",
        "_must_auction",
        "_log",
        "_nlog",
        "_start_events",
        "_evbuf",
        "_reveals",
        "_seen",
        "_repeated",
        "_legal",
    )

    _edition: Edition
    _players: int
    _seed: int
    _first: int
    _phase: Phase
    _active: int
    _current: int | None
    _deck: tuple[Animal, ...]
    _pos: int
    _money: tuple[Counts, ...]
    _bank: Counts
    _herds: tuple[tuple[int, ...], ...]
    _owners: tuple[int, ...]
    _incomplete: int
    _donkeys: int
    _dove: int | None
    _turn: int
    _auc: _Auc | None
    #: the running auction's high bid, high bidder (-1: none), bit masks of the bidders who passed
    #: since the last bid and of those who have bid (no kidding)
    _hb: int
    _hbr: int
    _passed: int
    _once: int
    _trd: _Trd | None
    _shown: tuple[tuple[int, ...] | None, ...]
    _must_auction: bool
    #: the actions as a chain of triples ``(previous chain, action, events it caused)``, None at
    #: the start: appending shares the past (see :func:`chain_items`)
    _log: Any
    _nlog: int
    #: events of the setup (short game deal), before any action
    _start_events: tuple[tuple[Any, tuple[Any, ...]], ...]
    #: events of the state being built by the rules (None until the first one: most moves are
    #: bids and passes, which record none)
    _evbuf: list[tuple[Any, tuple[Any, ...]]] | None
    #: per seat, the piles he saw in exchanges: ``(turn, other player, that player's cards)``
    _reveals: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]
    #: K-HOUSE-1: the deck position and how often each turn-start position ``(player, money,
    #: herds)`` has occurred since the deck last moved (a dict never changed once shared)
    _seen: tuple[int, dict[Any, int]] | None
    #: whether the game ended by K-HOUSE-1 (a position repeated a third time)
    _repeated: bool
    _legal: LegalActions | None

    def __init__(self, token: object = None) -> None:
        # Not for callers: the engine makes its states field by field (GameState(_ENGINE), then
        # the rules fill them); a state made any other way would have no cards, so it is refused.
        if token is not _ENGINE:
            raise InvalidSetupError(
                "a GameState starts with kuhtheory.engine.new_game(...) or setup_position(...)"
            )

    def _copy(self) -> GameState:
        new = GameState(_ENGINE)
        new._edition = self._edition
        new._players = self._players
        new._seed = self._seed
        new._first = self._first
        new._phase = self._phase
        new._active = self._active
        new._current = self._current
        new._deck = self._deck
        new._pos = self._pos
        new._money = self._money
        new._bank = self._bank
        new._herds = self._herds
        new._owners = self._owners
        new._incomplete = self._incomplete
        new._donkeys = self._donkeys
        new._dove = self._dove
        new._turn = self._turn
        new._auc = self._auc
        new._hb = self._hb
        new._hbr = self._hbr
        new._passed = self._passed
        new._once = self._once
        new._trd = self._trd
        new._shown = self._shown
        new._must_auction = self._must_auction
        new._log = self._log
        new._nlog = self._nlog
        new._start_events = self._start_events
        new._evbuf = None
        new._reveals = self._reveals
        new._seen = self._seen
        new._repeated = self._repeated
        new._legal = None
        return new

    # ----- setup -------------------------------------------------------------------------------
    @property
    def edition(self) -> Edition:
        """The edition (with its variants) this game is played with."""
        return self._edition

    @property
    def players(self) -> int:
        """The number of players (seats 0 .. players-1, clockwise = increasing)."""
        return self._players

    @property
    def seed(self) -> int:
        """The seed every chance event of the game was drawn from."""
        return self._seed

    @property
    def first_player(self) -> int:
        """The seat that had the first turn."""
        return self._first

    # ----- whose move --------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """What is being decided now."""
        return self._phase

    @property
    def current_player(self) -> int | None:
        """The seat to act; None once the game is over."""
        return self._current

    @property
    def active_player(self) -> int:
        """The seat whose turn it is (K-TURN-1): the auctioneer or the trade's offerer."""
        return self._active

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over: every family is complete (K-END-2), or a turn started in
        the same position for the third time (house rule K-HOUSE-1, :attr:`ended_by_repetition`)."""
        return self._current is None

    @property
    def ended_by_repetition(self) -> bool:
        """Whether the house rule K-HOUSE-1 ended the game: a turn started in the same position
        for the third time; the families still incomplete score nothing."""
        return self._repeated

    @property
    def must_auction(self) -> bool:
        """Double move (2025 variant): the active player has traded and must now auction."""
        return self._must_auction

    # ----- public and private facts -------------------------------------------------------------
    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied since :func:`new_game`, in order."""
        return tuple(action for action, _ in chain_items(self._log))

    @property
    def history_length(self) -> int:
        """``len(history)`` without building the tuple."""
        return self._nlog

    @property
    def events(self) -> tuple[Event, ...]:
        """The public log, oldest first (see :mod:`kuhtheory.engine.events`)."""
        return build_events(self._start_events, self._log)

    def money(self, player: int) -> tuple[int, ...]:
        """The sorted hand of money card values of ``player`` (god's view)."""
        counts = self._money[self._seat(player)]
        return tuple(v for v, c in zip(DENOMINATIONS, counts, strict=False) for _ in range(c))

    def money_counts(self, player: int) -> Counts:
        """``player``'s money as a count vector (god's view)."""
        return self._money[self._seat(player)]

    def money_total(self, player: int) -> int:
        """The value of ``player``'s money (god's view)."""
        counts = self._money[self._seat(player)]
        return sum(v * c for v, c in zip(DENOMINATIONS, counts, strict=False))

    def card_count(self, player: int) -> int:
        """How many money cards ``player`` holds (public)."""
        return sum(self._money[self._seat(player)])

    @property
    def bank(self) -> Counts:
        """The money cards still in the bank, as a count vector."""
        return self._bank

    def animals(self, player: int) -> dict[Animal, int]:
        """The animal cards ``player`` owns, per species (only species he owns)."""
        herd = self._herds[self._seat(player)]
        return {a: c for a, c in zip(ANIMALS, herd, strict=False) if c}

    def herd(self, player: int) -> tuple[int, ...]:
        """``player``'s animal cards as counts indexed like :data:`kuhtheory.cards.ANIMALS`."""
        return self._herds[self._seat(player)]

    def families(self, player: int) -> tuple[Animal, ...]:
        """The complete families ``player`` owns, cheapest first."""
        p = self._seat(player)
        return tuple(a for a, owner in zip(ANIMALS, self._owners, strict=False) if owner == p)

    def family_owner(self, animal: Animal | str) -> int | None:
        """Who owns the complete family of ``animal``, or None if it is not complete."""
        owner = self._owners[ANIMAL_INDEX[Animal.parse(animal)]]
        return None if owner < 0 else owner

    @property
    def dove_holder(self) -> int | None:
        """Who took the dove bonus card (first, bluff), or None."""
        return self._dove

    @property
    def deck_size(self) -> int:
        """How many animal cards are left to auction."""
        return len(self._deck) - self._pos

    @property
    def deck(self) -> tuple[Animal, ...]:
        """The animal cards left to auction, top first (god's view: hidden at the table)."""
        return self._deck[self._pos :]

    @property
    def donkeys_seen(self) -> int:
        """How many donkeys have been turned up (each paid out once, K-DONK-1)."""
        return self._donkeys

    @property
    def turn(self) -> int:
        """How many turns have been completed (a passed turn counts)."""
        return self._turn

    @property
    def shown_money(self) -> tuple[tuple[int, ...] | None, ...]:
        """Per seat, the money he last had to show as an insolvent bidder (K-PAY-2), or None."""
        return self._shown

    @property
    def auction(self) -> AuctionView | None:
        """The running auction (god's view), or None."""
        return self._auction_view(None)

    @property
    def trade(self) -> TradeView | None:
        """The running trade (god's view), or None."""
        return self._trade_view(None)

    def _auction_view(self, viewer: int | None) -> AuctionView | None:
        a = self._auc
        if a is None:
            return None
        paying = a.payer >= 0
        paid: tuple[int, ...] | None = None
        paid_count = None
        if a.paid is not None:
            paid_count = sum(a.paid)
            if viewer is None or viewer == a.auctioneer or viewer == self._hbr:
                paid = tuple(
                    v for v, c in zip(DENOMINATIONS, a.paid, strict=False) for _ in range(c)
                )
        return AuctionView(
            a.animals,
            a.auctioneer,
            self._hb,
            None if self._hbr < 0 else self._hbr,
            self._current if self._phase is _BIDDING else None,
            _mask_tuple(self._passed) if self._passed else (),
            _public_caps(a.caps),
            _mask_tuple(self._once) if self._once else (),
            a.payer if paying else None,
            a.payee if paying else None,
            self._hb if paying else None,
            paid,
            paid_count,
        )

    def _trade_view(self, viewer: int | None) -> TradeView | None:
        t = self._trd
        if t is None:
            return None

        def cards(counts: Counts | None, owner: int) -> tuple[int, ...] | None:
            if counts is None or (viewer is not None and viewer != owner):
                return None
            return tuple(v for v, c in zip(DENOMINATIONS, counts, strict=False) for _ in range(c))

        return TradeView(
            offerer=t.offerer,
            opponent=t.opponent,
            animal=t.animal,
            stake=t.stake,
            round=t.round,
            offer_count=sum(t.offer),
            counter_count=None if t.counter is None else sum(t.counter),
            offer=cards(t.offer, t.offerer),
            counter=cards(t.counter, t.opponent),
        )

    def _seat(self, player: object) -> int:
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not (0 <= player < self._players)
        ):
            raise InvalidSetupError(
                f"player {player!r} is not a seat of this {self._players}-player game"
            )
        return player

    # ----- rules (kuhtheory.engine.rules) -------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        """The legal actions now (empty when the game is over); see :class:`LegalActions`."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _rules.legal_actions(self)
        return legal

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises IllegalActionError or InvalidActionError.

        ``self`` is never changed.
        """
        return _rules.apply(self, action)

    def trade_targets(self) -> tuple[tuple[int, Animal], ...]:
        """The ``(opponent, animal)`` pairs the active player may trade for now (K-TURN-2)."""
        if self._phase is not Phase.TURN or self._must_auction:
            return ()
        return _rules._targets(self, self._active)

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        return _rules.check(self, action) is None

    def why_illegal(self, action: Action) -> str | None:
        """The error message :meth:`apply` would raise for ``action``, or None if it is legal."""
        return _rules.check(self, action)

    def observation(self, player: int) -> Observation:
        """What ``player`` knows (see :class:`kuhtheory.engine.observation.Observation`)."""
        from kuhtheory.engine.observation import observe

        return observe(self, self._seat(player))

    # ----- scores ------------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each player's score from the families complete so far, with the edition's scoring."""
        return tuple(self.score(p) for p in range(self._players))

    def score(self, player: int) -> int:
        """``player``'s score (see :func:`family_score`), plus the dove bonus if he holds it."""
        p = self._seat(player)
        fams = [a for a, owner in zip(ANIMALS, self._owners, strict=False) if owner == p]
        bonus = self._edition.dove_bonus if self._dove == p else 0
        return family_score(self._edition, fams) + bonus

    def winners(self) -> tuple[int, ...]:
        """The players with the best score, after the edition's tie-break (2025: most money)."""
        scores = self.scores()
        best = max(scores)
        top = [p for p, s in enumerate(scores) if s == best]
        if len(top) > 1 and self._edition.score_tiebreak is ScoreTieBreak.MONEY_THEN_SHARED:
            money = {p: self.money_total(p) for p in top}
            richest = max(money.values())
            top = [p for p in top if money[p] == richest]
        return tuple(top)

    # ----- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        return (
            f"<GameState {self._edition.name} players={self._players} seed={self._seed} "
            f"turn={self._turn} phase={self._phase.value} current={self._current}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        a, t = self._auc, self._trd
        auc = None if a is None else tuple(getattr(a, s) for s in _AUC_KEY)
        trd = None if t is None else tuple(getattr(t, s) for s in _TRD_KEY)
        return (
            self._edition,
            self._players,
            self._seed,
            self._first,
            self._phase,
            self._active,
            self._current,
            self._deck,
            self._pos,
            self._money,
            self._bank,
            self._herds,
            self._donkeys,
            self._dove,
            self._turn,
            auc,
            self._hb,
            self._hbr,
            self._passed,
            self._once,
            trd,
            self._shown,
            self._must_auction,
            self.history,
        )


def _new_state() -> GameState:
    """A state with no fields set, for the rules to fill."""
    return GameState(_ENGINE)


#: The fields of the running auction and trade that make a position (``GameState._key``).
_AUC_KEY: Final = ("animals", "auctioneer", "caps", "payer", "payee", "paid", "preempt")
_TRD_KEY: Final = ("offerer", "opponent", "animal", "stake", "offer", "counter", "round")


def family_score(edition: Edition, families: list[Animal] | tuple[Animal, ...]) -> int:
    """The points of a set of complete families under the edition's scoring (K-END-2).

    >>> from kuhtheory.editions import get_edition
    >>> family_score(get_edition("classic"), [Animal.PIG, Animal.DOG, Animal.ROOSTER])
    2460
    >>> family_score(get_edition("first"), [Animal.PIG, Animal.DOG, Animal.ROOSTER])
    820
    """
    base = 0
    for animal in families:
        base += animal._value_  # its points (Animal.points, read without the enum's property)
    if edition.scoring is Scoring.SUM_TIMES_FAMILIES:
        return base * len(families)
    return base


def chain_items(chain: Any) -> list[tuple[Any, tuple[Any, ...]]]:
    """The ``(action, events)`` of an action chain ``(previous, action, events)``, oldest first."""
    items = []
    while chain is not None:
        chain, action, events = chain
        items.append((action, events))
    items.reverse()
    return items


def raw_events(
    start: tuple[tuple[Any, tuple[Any, ...]], ...], log: Any
) -> tuple[tuple[Any, tuple[Any, ...]], ...]:
    """The ``(EventClass, args)`` pairs of the setup and of every action, in order.

    Bids and passes record no event of their own: their ``BidMade``/``BidPassed`` events are
    derived from the action here.
    """
    from kuhtheory.engine.actions import Bid, Pass
    from kuhtheory.engine.events import BidMade, BidPassed

    out = list(start)
    for action, evs in chain_items(log):
        kind = type(action)
        if kind is Bid:
            out.append((BidMade, (action.player, action.amount)))
        elif kind is Pass:
            out.append((BidPassed, (action.player,)))
        out.extend(evs)
    return tuple(out)


def build_events(start: tuple[tuple[Any, tuple[Any, ...]], ...], log: Any) -> tuple[Event, ...]:
    """The event objects of the setup events and an action log."""
    return tuple(cls(*args) for cls, args in raw_events(start, log))


from kuhtheory.engine import rules as _rules  # noqa: E402  (rules imports this module)
from kuhtheory.engine.setup import new_game, setup_position  # noqa: E402, F401  (re-exported)
