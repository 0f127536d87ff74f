"""The immutable Kuhhandel game state, its public views and its scores.

A :class:`GameState` never changes once a caller holds it: :meth:`GameState.apply` returns a new
state. The rules (:mod:`kuhtheory.engine.rules` and the modules it dispatches to) build that new
state from a copy of the old one (``_copy``) before anyone else can see it. The fields are tuples
and count vectors (money as counts per denomination, herds as counts per species), which the copy
shares with the old state. The actions, each with the public events it caused, form a chain of
:class:`~kuhtheory.engine.events.LogEntry` shared between successive states; ``history`` and
``events`` are read from it on demand.

The start of a game and hand-made positions are in :mod:`kuhtheory.engine.setup`.

>>> from kuhtheory.engine import new_game
>>> s = new_game(players=3, seed=7, first_player=0)
>>> s.phase, s.current_player, s.deck_size, s.money(1)
(<Phase.TURN: 'turn'>, 0, 40, (0, 0, 10, 10, 10, 10, 50))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kuhtheory.cards import ANIMAL_INDEX, ANIMALS, Animal, Counts, cards_of
from kuhtheory.editions import Edition, ScoreTieBreak, Scoring
from kuhtheory.engine import flow, rules
from kuhtheory.engine.actions import Action
from kuhtheory.engine.events import (
    SELF_NARRATING,
    Event,
    EventLog,
    LogEntry,
    RawEvent,
    log_entries,
)
from kuhtheory.engine.legal import LegalActions
from kuhtheory.engine.observation import Observation
from kuhtheory.engine.phases import (
    BIDDING,
    TURN,
    AuctionView,
    Phase,
    RunningAuction,
    RunningTrade,
    TradeView,
)
from kuhtheory.errors import IllegalActionError, InvalidActionError, InvalidSetupError

#: A herd: how many cards of each species a player owns, indexed like
#: :data:`kuhtheory.cards.ANIMALS`.
Herd = tuple[int, ...]
#: A turn-start position for the house rule K-HOUSE-1: the player to move, every hand, every herd.
Position = tuple[int, tuple[Counts, ...], tuple[Herd, ...]]


class GameState:
    """An immutable Kuhhandel position.

    A game starts with :func:`~kuhtheory.engine.new_game` (or, for a study,
    :func:`~kuhtheory.engine.setup_position`).
    """

    __slots__ = (
        "_edition",
        "_players",
        "_seed",
        "_first_player",
        "_phase",
        "_active",
        "_current",
        "_deck",
        "_deck_pos",
        "_money",
        "_bank",
        "_herds",
        "_owners",
        "_donkeys",
        "_dove",
        "_turn",
        "_must_auction",
        "_shown",
        "_reveals",
        "_seen",
        "_repeated",
        "_auction",
        "_high_bid",
        "_high_bidder",
        "_passed",
        "_has_bid",
        "_trade",
        "_log",
        "_new_events",
        "_legal",
    )

    _edition: Edition
    _players: int
    _seed: int
    _first_player: int
    _phase: Phase
    #: whose turn it is (K-TURN-1): the auctioneer or the trade's offerer
    _active: int
    #: who is to act now, None once the game is over
    _current: int | None
    #: the shuffled animal deck; the cards from ``_deck_pos`` on are still to be auctioned
    _deck: tuple[Animal, ...]
    _deck_pos: int
    _money: tuple[Counts, ...]
    _bank: Counts
    _herds: tuple[Herd, ...]
    #: per species, the seat owning its complete family, -1 while it is incomplete
    _owners: tuple[int, ...]
    _donkeys: int
    _dove: int | None
    _turn: int
    _must_auction: bool
    #: per seat, the money he last had to show as an insolvent bidder (K-PAY-2), or None
    _shown: tuple[tuple[int, ...] | None, ...]
    #: per seat, the piles he saw in exchanges: ``(turn, other player, that player's cards)``
    _reveals: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]
    #: K-HOUSE-1: the deck position and the turn-start positions since the deck last moved,
    #: oldest first
    _seen: tuple[int, tuple[Position, ...]] | None
    #: whether the game ended by K-HOUSE-1 (a position repeated a third time)
    _repeated: bool
    _auction: RunningAuction | None
    #: the running auction's bidding: the high bid and bidder, who passed since the last bid, and
    #: who has bid at all (it matters with 'no kidding')
    _high_bid: int
    _high_bidder: int | None
    _passed: frozenset[int]
    _has_bid: frozenset[int]
    _trade: RunningTrade | None
    #: the newest entry of the game's log (the setup's entry before any action)
    _log: LogEntry
    #: the events of the action whose state the rules are building (see ``record``)
    _new_events: tuple[RawEvent, ...]
    #: the legal actions, listed when first asked for
    _legal: LegalActions | None

    def __init__(self) -> None:
        raise InvalidSetupError(
            "a GameState starts with kuhtheory.engine.new_game(...) or setup_position(...)"
        )

    @classmethod
    def _blank(cls) -> GameState:
        """A state with no field set yet, for :mod:`kuhtheory.engine.setup` to fill."""
        state: GameState = cls.__new__(cls)
        return state

    def _copy(self) -> GameState:
        """A copy for the rules to change into the next state (no legal actions, no events)."""
        new = GameState.__new__(GameState)
        new._edition = self._edition
        new._players = self._players
        new._seed = self._seed
        new._first_player = self._first_player
        new._phase = self._phase
        new._active = self._active
        new._current = self._current
        new._deck = self._deck
        new._deck_pos = self._deck_pos
        new._money = self._money
        new._bank = self._bank
        new._herds = self._herds
        new._owners = self._owners
        new._donkeys = self._donkeys
        new._dove = self._dove
        new._turn = self._turn
        new._must_auction = self._must_auction
        new._shown = self._shown
        new._reveals = self._reveals
        new._seen = self._seen
        new._repeated = self._repeated
        new._auction = self._auction
        new._high_bid = self._high_bid
        new._high_bidder = self._high_bidder
        new._passed = self._passed
        new._has_bid = self._has_bid
        new._trade = self._trade
        new._log = self._log
        new._new_events = ()
        new._legal = None
        return new

    def record(self, event: type[Event], *args: Any) -> None:
        """Record a public event of the state the rules are building."""
        self._new_events += ((event, args),)

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
        return self._first_player

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
        return tuple(action for _, action, *_ in log_entries(self._log) if action is not None)

    @property
    def history_length(self) -> int:
        """``len(history)`` without building the tuple."""
        _, _, _, _, actions = self._log
        return actions

    @property
    def events(self) -> tuple[Event, ...]:
        """The public log, oldest first (see :mod:`kuhtheory.engine.events`)."""
        return EventLog(self._log).events()

    def money(self, player: int) -> tuple[int, ...]:
        """The sorted hand of money card values of ``player`` (god's view)."""
        return cards_of(self._money[self._seat(player)])

    def money_counts(self, player: int) -> Counts:
        """``player``'s money as a count vector (god's view)."""
        return self._money[self._seat(player)]

    def money_total(self, player: int) -> int:
        """The value of ``player``'s money (god's view)."""
        return sum(self.money(player))

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
        return {animal: count for animal, count in zip(ANIMALS, herd, strict=True) if count}

    def herd(self, player: int) -> Herd:
        """``player``'s animal cards as counts indexed like :data:`kuhtheory.cards.ANIMALS`."""
        return self._herds[self._seat(player)]

    def families(self, player: int) -> tuple[Animal, ...]:
        """The complete families ``player`` owns, cheapest first."""
        seat = self._seat(player)
        return tuple(
            animal for animal, owner in zip(ANIMALS, self._owners, strict=True) if owner == seat
        )

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
        return len(self._deck) - self._deck_pos

    @property
    def deck(self) -> tuple[Animal, ...]:
        """The animal cards left to auction, top first (god's view: hidden at the table)."""
        return self._deck[self._deck_pos :]

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
        return self.auction_view(None)

    @property
    def trade(self) -> TradeView | None:
        """The running trade (god's view), or None."""
        return self.trade_view(None)

    def auction_view(self, viewer: int | None) -> AuctionView | None:
        """The running auction as ``viewer`` sees it (None: god), or None if there is none."""
        auction = self._auction
        if auction is None:
            return None
        paying = auction.payer is not None
        paid: tuple[int, ...] | None = None
        paid_count = None
        if auction.paid is not None:
            paid_count = sum(auction.paid)
            if viewer is None or viewer in (auction.auctioneer, self._high_bidder):
                paid = cards_of(auction.paid)
        return AuctionView(
            auction.animals,
            auction.auctioneer,
            self._high_bid,
            self._high_bidder,
            self._current if self._phase is BIDDING else None,  # to_act
            tuple(sorted(self._passed)) if self._passed else (),
            auction.caps,
            tuple(sorted(self._has_bid)) if self._has_bid else (),
            auction.payer,
            auction.payee,
            self._high_bid if paying else None,  # amount
            paid,
            paid_count,
        )

    def trade_view(self, viewer: int | None) -> TradeView | None:
        """The running trade as ``viewer`` sees it (None: god), or None if there is none."""
        trade = self._trade
        if trade is None:
            return None

        def pile(counts: Counts | None, owner: int) -> tuple[int, ...] | None:
            if counts is None or (viewer is not None and viewer != owner):
                return None
            return cards_of(counts)

        return TradeView(
            offerer=trade.offerer,
            opponent=trade.opponent,
            animal=trade.animal,
            stake=trade.stake,
            round=trade.round,
            offer_count=sum(trade.offer),
            counter_count=None if trade.counter is None else sum(trade.counter),
            offer=pile(trade.offer, trade.offerer),
            counter=pile(trade.counter, trade.opponent),
        )

    def _seat(self, player: int) -> int:
        """``player`` if it is a seat of this game, else :class:`InvalidSetupError`."""
        if isinstance(player, bool) or not isinstance(player, int):
            raise InvalidSetupError(f"player {player!r} is not a seat number")
        if not 0 <= player < self._players:
            raise InvalidSetupError(
                f"player {player!r} is not a seat of this {self._players}-player game"
            )
        return player

    # ----- rules (kuhtheory.engine.rules) -------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        """The legal actions now (empty when the game is over); see :class:`LegalActions`."""
        if self._legal is None:
            if self._current is None:
                self._legal = LegalActions(-1)
            else:
                self._legal = rules.LEGAL_ACTIONS[self._phase](self, self._current)
        return self._legal

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises IllegalActionError or InvalidActionError.

        ``self`` is never changed: the rule of the phase and the action's type
        (:data:`kuhtheory.engine.rules.RULES`) builds the next state.
        """
        rule = rules.RULES[self._phase].get(type(action))
        if rule is None or action.player != self._current:
            raise rules.refusal(self, action)
        new = rule(self, action)
        events = new._new_events
        _, _, _, events_before, actions_before = self._log
        # (a bid or a pass is its own event, derived from the action: see kuhtheory.engine.events)
        count = events_before + len(events) + isinstance(action, SELF_NARRATING)
        new._log = (self._log, action, events, count, actions_before + 1)
        return new

    def trade_targets(self) -> tuple[tuple[int, Animal], ...]:
        """The ``(opponent, animal)`` pairs the active player may trade for now (K-TURN-2)."""
        if self._phase is not TURN or self._must_auction:
            return ()
        return flow.trade_targets(self, self._active)

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        """The error message :meth:`apply` would raise for ``action``, or None if it is legal."""
        try:
            self.apply(action)
        except (IllegalActionError, InvalidActionError) as exc:
            return str(exc)
        return None

    def observation(self, player: int) -> Observation:
        """What ``player`` knows (see :class:`kuhtheory.engine.observation.Observation`)."""
        return Observation(self, self._seat(player))

    # ----- scores ------------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each player's score from the families complete so far, with the edition's scoring."""
        return tuple(self.score(p) for p in range(self._players))

    def score(self, player: int) -> int:
        """``player``'s score (see :func:`family_score`), plus the dove bonus if he holds it."""
        bonus = self._edition.dove_bonus if self._dove == self._seat(player) else 0
        return family_score(self._edition, self.families(player)) + bonus

    def winners(self) -> tuple[int, ...]:
        """The players with the best score, after the edition's tie-break (2025: most money)."""
        return self._winners(self.scores())

    def _winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """:meth:`winners` given the :meth:`scores` (the end of a game records both)."""
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
        """Everything that makes the position, its history included (not the caches)."""
        return (
            self._edition,
            self._players,
            self._seed,
            self._first_player,
            self._phase,
            self._active,
            self._current,
            self._deck,
            self._deck_pos,
            self._money,
            self._bank,
            self._herds,
            self._donkeys,
            self._dove,
            self._turn,
            self._auction,
            self._high_bid,
            self._high_bidder,
            self._passed,
            self._has_bid,
            self._trade,
            self._shown,
            self._must_auction,
            self.history,
        )


def family_score(edition: Edition, families: Iterable[Animal]) -> int:
    """The points of a set of complete families under the edition's scoring (K-END-2).

    >>> from kuhtheory.editions import get_edition
    >>> family_score(get_edition("classic"), [Animal.PIG, Animal.DOG, Animal.ROOSTER])
    2460
    >>> family_score(get_edition("first"), [Animal.PIG, Animal.DOG, Animal.ROOSTER])
    820
    """
    points = [animal.points for animal in families]
    if edition.scoring is Scoring.SUM_TIMES_FAMILIES:
        return sum(points) * len(points)
    return sum(points)


__all__ = ["GameState", "Herd", "family_score"]
