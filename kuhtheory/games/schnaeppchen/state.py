"""The immutable state of a Schnäppchen Jagd game, what each player observes, and the start.

A state holds every card: the hands, the pool (cards not dealt yet plus cards discarded while
sorting, S-SORT-3), each player's bargain pile (face up; its top card's value is what he collects)
and junk pile (face down), and the trick on the table. Every method returns a new state or a value;
the rules themselves are in :mod:`kuhtheory.games.schnaeppchen.rules`.

Chance: the first dealer is drawn from the seed (unless given), and each round's deal shuffles the
pool, in its canonical order, with a generator seeded by ``(seed, round)``; so a game is its setup
``(players, seed, first_dealer)`` plus its actions, and replaying them reproduces every deal.

>>> state = new_game(players=3, seed=7)
>>> state.phase, state.round, [len(h) for h in state.hands], len(state.pool)
(<Phase.PRELIMINARY: 'preliminary'>, 1, [8, 8, 8], 86)
>>> state.current_player == (state.dealer + 1) % 3
True
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kuhtheory.errors import InvalidActionError
from kuhtheory.games.schnaeppchen.actions import Action
from kuhtheory.games.schnaeppchen.cards import Card, full_deck, sort_cards
from kuhtheory.games.schnaeppchen.events import Event
from kuhtheory.games.schnaeppchen.tricks import CompletedTrick, Play

#: Rounds by number of players (S-ROUND-1).
ROUNDS: Mapping[int, int] = {3: 6, 4: 4}
#: Cards dealt to each player when the pool allows (S-ROUND-1).
HAND_SIZE = 8


class Phase(enum.Enum):
    """Where a round stands."""

    PRELIMINARY = "preliminary"  # first round: each reveals his first bargain (S-PRE-1)
    TRICKS = "tricks"  # the trick-taking (S-TRICK-*)
    SORT = "sort"  # converting junk after the tricks (S-SORT-*), twice each after the last round
    OVER = "over"


def check_players(players: object) -> int:
    """``players`` if the game seats it (3 or 4), else :class:`InvalidActionError`."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in ROUNDS:
        raise InvalidActionError(
            f"players={players!r}: Schnäppchen Jagd is for 3 or 4 players (S-ROUND-1)"
        )
    return players


@dataclass(frozen=True)
class Observation:
    """What one player knows: everything public, his own hand and junk, others' pile sizes.

    Opponents' hands and junk piles and the order of the pool are hidden; the cards of finished
    tricks are public (``tricks``: this round's tricks).
    """

    player: int
    players: int
    round: int
    rounds: int
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    junk: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    junk_sizes: tuple[int, ...]
    bargain: tuple[tuple[Card, ...], ...]
    collecting: tuple[int | None, ...]
    junk_was_empty: tuple[bool, ...]
    leader: int
    trick: tuple[Play, ...]
    tricks: tuple[CompletedTrick, ...]
    pool_size: int
    queue: tuple[int, ...]


@dataclass(frozen=True)
class SchnaeppchenState:
    """A Schnäppchen Jagd position; satisfies :class:`kuhtheory.game.GameStateProtocol`."""

    players: int
    seed: int
    first_dealer: int
    round: int
    dealer: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    pool: tuple[Card, ...]
    bargain: tuple[tuple[Card, ...], ...]
    junk: tuple[tuple[Card, ...], ...]
    #: Per seat: the junk pile was empty when this round was dealt (S-SORT-2).
    junk_was_empty: tuple[bool, ...]
    leader: int
    trick: tuple[Play, ...] = ()
    #: This round's finished tricks.
    tricks: tuple[CompletedTrick, ...] = ()
    #: Seats still to reveal (preliminary) or to sort (sort phase), in order.
    queue: tuple[int, ...] = ()
    history: tuple[Action, ...] = ()
    events: tuple[Event, ...] = field(default=(), repr=False)

    # -- the GameStateProtocol --------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """Rounds in this game: 6 with 3 players, 4 with 4 (S-ROUND-1)."""
        return ROUNDS[self.players]

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def current_player(self) -> int | None:
        """The seat to act; None once the game is over."""
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.TRICKS:
            return (self.leader + len(self.trick)) % self.players
        return self.queue[0]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to act, in a fixed order; () when over."""
        from kuhtheory.games.schnaeppchen import rules

        return rules.legal_actions(self)

    def apply(self, action: Action) -> SchnaeppchenState:
        """The next state; IllegalActionError (naming the S-clause) or InvalidActionError."""
        from kuhtheory.games.schnaeppchen import rules

        return rules.apply(self, action)

    def collecting(self, player: int) -> int | None:
        """The value ``player`` collects: the top card of his bargain pile (None before S-PRE-1)."""
        pile = self.bargain[player]
        return pile[-1].value if pile else None

    def scores(self) -> tuple[int, ...]:
        """Bargain cards +1 each, junk cards -1 each (S-END-1); meaningful at any time."""
        return tuple(len(b) - len(j) for b, j in zip(self.bargain, self.junk, strict=True))

    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score (all of them on a tie) (S-END-1)."""
        scores = self.scores()
        best = max(scores)
        return tuple(i for i, s in enumerate(scores) if s == best)

    def observation(self, player: int) -> Observation:
        """What ``player`` knows (see :class:`Observation`)."""
        if isinstance(player, bool) or player not in range(self.players):
            raise InvalidActionError(f"player {player!r} is not a seat 0-{self.players - 1}")
        return Observation(
            player=player,
            players=self.players,
            round=self.round,
            rounds=self.rounds,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.current_player,
            hand=self.hands[player],
            junk=sort_cards(self.junk[player]),
            hand_sizes=tuple(len(h) for h in self.hands),
            junk_sizes=tuple(len(j) for j in self.junk),
            bargain=self.bargain,
            collecting=tuple(self.collecting(i) for i in range(self.players)),
            junk_was_empty=self.junk_was_empty,
            leader=self.leader,
            trick=self.trick,
            tricks=self.tricks,
            pool_size=len(self.pool),
            queue=self.queue,
        )

    def all_cards(self) -> Counter[Card]:
        """Every card the state holds, wherever it is (always the 110 of :func:`full_deck`)."""
        total: Counter[Card] = Counter(self.pool)
        for pile in (*self.hands, *self.bargain, *self.junk):
            total.update(pile)
        total.update(p.card for p in self.trick)
        return total

    def text(self) -> str:
        """A few lines for a person: round, phase, piles, the trick."""
        lines = [f"Round {self.round}/{self.rounds}, dealer seat {self.dealer}, {self.phase.value}"]
        for i in range(self.players):
            lines.append(
                f"  seat {i}: collects {self.collecting(i)}, bargain {len(self.bargain[i])}, "
                f"junk {len(self.junk[i])}, hand {' '.join(c.code for c in self.hands[i])}"
            )
        if self.trick:
            lines.append("  trick: " + " ".join(f"{p.player}:{p.card.code}" for p in self.trick))
        return "\n".join(lines)


def round_rng(seed: int, round_number: int) -> random.Random:
    """The generator of one round's shuffle, derived from the game's seed (S-SORT-3)."""
    return random.Random(f"schnaeppchen:{seed}:round:{round_number}")


def new_game(players: int = 3, seed: int = 0, first_dealer: int | None = None) -> SchnaeppchenState:
    """The start of a game: the first deal, waiting for the first preliminary reveal.

    ``first_dealer`` stands for the draw of S-ROUND-1 ("each draws a card, the highest deals");
    None draws it from the seed.

    >>> new_game(players=4, seed=1, first_dealer=2).current_player
    3
    """
    from kuhtheory.games.schnaeppchen import rules

    check_players(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidActionError(f"seed={seed!r} must be a whole number")
    if first_dealer is None:
        first_dealer = random.Random(f"schnaeppchen:{seed}:dealer").randrange(players)
    elif (
        isinstance(first_dealer, bool)
        or not isinstance(first_dealer, int)
        or not 0 <= first_dealer < players
    ):
        raise InvalidActionError(f"first_dealer={first_dealer!r} must be a seat 0-{players - 1}")
    empty: tuple[tuple[Card, ...], ...] = ((),) * players
    blank = SchnaeppchenState(
        players=players,
        seed=seed,
        first_dealer=first_dealer,
        round=0,
        dealer=(first_dealer - 1) % players,
        phase=Phase.SORT,
        hands=empty,
        pool=full_deck(),
        bargain=empty,
        junk=empty,
        junk_was_empty=(True,) * players,
        leader=first_dealer,
    )
    return rules.start_round(blank)


def setup_of(state: Any) -> dict[str, Any]:
    """The JSON-ready keywords that, with ``players`` and ``seed``, rebuild the start."""
    if not isinstance(state, SchnaeppchenState):
        raise InvalidActionError(f"{type(state).__name__} is not a Schnäppchen Jagd state")
    return {"first_dealer": state.first_dealer}


def position(
    hands: Sequence[Sequence[Card | str]],
    bargain: Sequence[Sequence[Card | str]],
    junk: Sequence[Sequence[Card | str]] | None = None,
    *,
    phase: Phase | str = Phase.TRICKS,
    leader: int = 0,
    trick: Sequence[Play] = (),
    queue: Sequence[int] | None = None,
    round: int = 1,
    dealer: int | None = None,
    junk_was_empty: Sequence[bool] | None = None,
    seed: int = 0,
) -> SchnaeppchenState:
    """A position set up by hand (rule examples, notebooks' what-ifs); the pool gets the rest.

    Cards may be codes (``"G7"``). In the sort phase ``queue`` defaults to every seat once (twice
    in a row in the last round), starting at ``leader``.

    >>> s = position([["G2"], ["G7"], ["G7"], ["Y6"]], [["G1"], ["B1"], ["G6"], ["R1"]])
    >>> s.current_player, len(s.pool)
    (0, 102)
    """
    from kuhtheory.games.schnaeppchen import rules

    players = check_players(len(hands))
    phase = Phase(phase) if not isinstance(phase, Phase) else phase
    junk = junk if junk is not None else [[] for _ in range(players)]
    if len(bargain) != players or len(junk) != players:
        raise InvalidActionError("position: hands, bargain and junk need one entry per seat")
    seats = range(players)
    if leader not in seats or (dealer is not None and dealer not in seats):
        raise InvalidActionError(f"position: leader={leader!r}, dealer={dealer!r} must be seats")
    if queue is not None and any(seat not in seats for seat in queue):
        raise InvalidActionError(f"position: queue={queue!r} must hold seats 0-{players - 1}")
    if len(trick) >= players or any(
        play.player != (leader + i) % players for i, play in enumerate(trick)
    ):
        raise InvalidActionError(
            f"position: trick={tuple(trick)!r} must be played in turn from leader={leader}"
        )
    if not 1 <= round <= ROUNDS[players]:
        raise InvalidActionError(f"position: round={round!r} must be 1-{ROUNDS[players]}")

    def cards(pile: Sequence[Card | str]) -> tuple[Card, ...]:
        return tuple(Card.parse(c) for c in pile)

    hands_t = tuple(sort_cards(cards(h)) for h in hands)
    bargain_t = tuple(cards(b) for b in bargain)
    junk_t = tuple(cards(j) for j in junk)
    if phase in (Phase.TRICKS, Phase.SORT) and not all(bargain_t):
        raise InvalidActionError("position: every seat needs a bargain pile after S-PRE-1")
    if any(c.is_super for b in bargain_t for c in b):
        raise InvalidActionError("position: a super offer is never a bargain (S-PRE-1, S-TRICK-6)")
    used: Counter[Card] = Counter(p.card for p in trick)
    for pile in (*hands_t, *bargain_t, *junk_t):
        used.update(pile)
    left = Counter(full_deck())
    left.subtract(used)
    if any(n < 0 for n in left.values()):
        extra = sorted((c.code for c, n in left.items() if n < 0))
        raise InvalidActionError(f"position: more copies than the deck holds of {extra} (S-DECK-1)")
    dealer = (leader - 1) % players if dealer is None else dealer
    if queue is None:
        final = round == ROUNDS[players]
        queue = rules.sort_order(players, leader, final) if phase is Phase.SORT else ()
    state = SchnaeppchenState(
        players=players,
        seed=seed,
        first_dealer=dealer,
        round=round,
        dealer=dealer,
        phase=phase,
        hands=hands_t,
        pool=sort_cards(left.elements()),
        bargain=bargain_t,
        junk=junk_t,
        junk_was_empty=tuple(junk_was_empty)
        if junk_was_empty is not None
        else tuple(not j for j in junk_t),
        leader=leader,
        trick=tuple(trick),
        queue=tuple(queue),
    )
    if phase is Phase.TRICKS and state.current_player is not None:
        if not state.hands[state.current_player]:
            raise InvalidActionError("position: the player to act has no card (S-TRICK-1)")
    return state
