"""The start of a game (:func:`new_game`) and hand-made positions (:func:`setup_position`).

Chance: ``new_game`` shuffles the animal deck with ``random.Random(seed)`` and, when
``first_player`` is None, then draws the first player from the same generator (so giving the first
player explicitly does not change the deck). The short game (classic variant) then deals
``deal_animals`` cards to each player, one at a time round the table from the first player; the
cards are placed face up in front of their owner like every animal (the source says they are drawn
face down, and every animal a player owns lies face up), and each donkey among them pays out at
once, in the order dealt (K-DONK-1).

>>> s = new_game(players=3, seed=7, first_player=0)
>>> s.phase, s.current_player, s.deck_size, s.money(1)
(<Phase.TURN: 'turn'>, 0, 40, (0, 0, 10, 10, 10, 10, 50))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kuhtheory.cards import ANIMAL_INDEX, ANIMALS, DENOMINATIONS, Animal, Counts, animal_deck
from kuhtheory.editions import Edition, get_edition
from kuhtheory.engine.flow import DOVE_PAIRS, begin_turn, deal_short_game
from kuhtheory.engine.phases import TURN
from kuhtheory.engine.state import GameState, Herd
from kuhtheory.errors import InvalidSetupError, KuhtheoryError
from kuhtheory.quoting import excerpt

_NO_ANIMALS: Herd = (0,) * len(ANIMALS)


def new_game(
    players: int = 4,
    seed: int = 1,
    edition: str | Edition = "classic",
    variants: tuple[str, ...] | list[str] = (),
    first_player: int | None = None,
) -> GameState:
    """The start of a game: money dealt, animal deck shuffled from ``random.Random(seed)``.

    ``edition`` is a key (``"classic"``, ``"2025+no-kidding"``) or an :class:`Edition`; variants
    are applied on top. ``first_player`` None draws the first seat from the seed (after the
    shuffle). Raises :class:`~kuhtheory.errors.UnknownEditionError` for an unknown edition or a
    player count the edition cannot seat, :class:`~kuhtheory.errors.InvalidSetupError` for a bad
    seed or seat.
    """
    ed = get_edition(edition, variants)
    seats = ed.check_players(players)
    _check_seed(seed)
    rng = random.Random(seed)
    deck = list(animal_deck(ed.cards_per_family))
    rng.shuffle(deck)
    if first_player is None:
        first = rng.randrange(seats)
    elif (
        isinstance(first_player, bool)
        or not isinstance(first_player, int)
        or not (0 <= first_player < seats)
    ):
        raise InvalidSetupError(
            f"first_player {excerpt(first_player)} must be a seat 0..{seats - 1} or None"
        )
    else:
        first = first_player
    start = ed.start_money
    return _start(
        ed,
        seats,
        seed,
        first,
        tuple(deck),
        money=(start,) * seats,
        bank=tuple(d - seats * c for d, c in zip(ed.money_deck, start, strict=False)),
        herds=(_NO_ANIMALS,) * seats,
        owners=(-1,) * len(ANIMALS),
        donkeys=0,
        dove=None,
        deal=bool(ed.deal_animals),
    )


def setup_position(
    players: int = 3,
    edition: str | Edition = "classic",
    variants: tuple[str, ...] | list[str] = (),
    *,
    money: Mapping[int, tuple[int, ...]] | None = None,
    herds: Mapping[int, Mapping[Animal, int]] | None = None,
    deck: tuple[Animal, ...] | None = None,
    active: int = 0,
    dove_holder: int | None = None,
    seed: int = 0,
) -> GameState:
    """A position to study or test: given hands, herds and deck, ``active`` to play (TURN).

    ``money`` maps seats to hands (others get the start money); ``herds`` maps seats to animals
    owned; ``deck`` lists the cards left to auction, top first (default: every card not in a
    herd, shuffled from ``seed``). The bank holds the rest of the money deck; the donkeys not in
    the deck count as turned up. Every card must be somewhere exactly once
    (:class:`~kuhtheory.errors.InvalidSetupError` otherwise). Such a state has no history: its
    start is not a ``new_game`` setup, so it cannot be replayed from a record.

    >>> s = setup_position(3, herds={0: {Animal.COW: 2}, 1: {Animal.COW: 2}})
    >>> s.phase.name, s.current_player, s.deck_size, s.trade_targets()
    ('TURN', 0, 36, ((1, <Animal.COW: 800>),))
    """
    ed = get_edition(edition, variants)
    players = ed.check_players(players)
    _check_seed(seed)
    first = _check_seat(active, players)
    hands = _hands(ed, players, money)
    bank = tuple(d - sum(h[i] for h in hands) for i, d in enumerate(ed.money_deck))
    if min(bank) < 0:
        raise InvalidSetupError(
            f"the hands {excerpt(money)} hold more cards than the money deck {ed.money_deck!r}"
        )
    herd_rows = _herds(ed, players, herds)
    owned = [sum(r[i] for r in herd_rows) for i in range(len(ANIMALS))]
    if any(o > ed.cards_per_family for o in owned):
        raise InvalidSetupError(
            f"herds {excerpt(herds)} hold more than {ed.cards_per_family} cards of a family"
        )
    if deck is None:
        rest = [a for i, a in enumerate(ANIMALS) for _ in range(ed.cards_per_family - owned[i])]
        random.Random(seed).shuffle(rest)
        deck = tuple(rest)
    deck = _deck(deck, ed)
    for i, animal in enumerate(ANIMALS):
        if owned[i] + deck.count(animal) != ed.cards_per_family:
            raise InvalidSetupError(
                f"{animal.label}: herds hold {owned[i]} and the deck {deck.count(animal)}; "
                f"every one of the {ed.cards_per_family} cards must be somewhere exactly once"
            )
    owners = tuple(
        next((p for p in range(players) if herd_rows[p][i] == ed.cards_per_family), -1)
        for i in range(len(ANIMALS))
    )
    _check_dove(ed, players, dove_holder, owners)
    return _start(
        ed,
        players,
        seed,
        first,
        deck,
        money=tuple(hands),
        bank=bank,
        herds=tuple(herd_rows),
        owners=owners,
        donkeys=owned[ANIMAL_INDEX[Animal.DONKEY]],
        dove=dove_holder,
        deal=False,
    )


#: Seeds are whole numbers from 0 to this (64 bits, what a record holds). A negative seed is
#: refused: ``random.Random(-s)`` shuffles exactly as ``random.Random(s)``, so two different
#: seeds would name one game.
MAX_SEED = 2**63 - 1


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidSetupError(
            f"seed {excerpt(seed)} must be a whole number from 0 to {MAX_SEED} (2**63 - 1)"
        )
    return seed


def _check_seat(seat: object, players: int, what: str = "seat") -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidSetupError(f"{what} {excerpt(seat)} is not a seat of a {players}-player game")
    return seat


def _seats_of(mapping: object, players: int, what: str) -> Mapping[int, Any]:
    """``mapping`` (None: empty) if it maps seats of the game to something, else an error."""
    if mapping is None:
        return {}
    if not isinstance(mapping, Mapping):
        raise InvalidSetupError(f"{what}={excerpt(mapping)} must map seats to {what}")
    for seat in mapping:
        _check_seat(seat, players, f"{what}: seat")
    return mapping


def _hands(ed: Edition, players: int, money: object) -> list[Counts]:
    """Each seat's money as counts: the given hand, or the edition's start money."""
    given = _seats_of(money, players, "money")
    hands = []
    for p in range(players):
        if p not in given:
            hands.append(ed.start_money)
            continue
        cards = given[p]
        if not isinstance(cards, (tuple, list)) or len(cards) > sum(ed.money_deck):
            raise InvalidSetupError(
                f"money of seat {p}: {excerpt(cards)} must be a tuple of at most "
                f"{sum(ed.money_deck)} money cards"
            )
        counts = [0] * len(DENOMINATIONS)
        for card in cards:
            if type(card) is not int or card not in DENOMINATIONS:
                raise InvalidSetupError(
                    f"money card {excerpt(card)} of seat {p} is not a denomination "
                    f"({', '.join(map(str, DENOMINATIONS))})"
                )
            counts[DENOMINATIONS.index(card)] += 1
        hands.append(tuple(counts))
    return hands


def _herds(ed: Edition, players: int, herds: object) -> list[tuple[int, ...]]:
    """Each seat's animals as counts per species (K-TURN-2: animals lie face up)."""
    given = _seats_of(herds, players, "herds")
    rows = []
    for p in range(players):
        row = [0] * len(ANIMALS)
        herd = given.get(p, {})
        if not isinstance(herd, Mapping):
            raise InvalidSetupError(
                f"herds of seat {p}: {excerpt(herd)} must map animals to card counts"
            )
        for animal, count in herd.items():
            try:
                kind = Animal.parse(animal)
            except KuhtheoryError as exc:
                raise InvalidSetupError(f"herds of seat {p}: {exc}") from None
            if type(count) is not int or not 0 <= count <= ed.cards_per_family:
                raise InvalidSetupError(
                    f"herds of seat {p}: {excerpt(count)} {kind.label} cards: a count must be a "
                    f"whole number from 0 to {ed.cards_per_family}"
                )
            index = ANIMAL_INDEX[kind]
            row[index] = count
        rows.append(tuple(row))
    return rows


def _deck(deck: object, ed: Edition) -> tuple[Animal, ...]:
    """The animal deck, top first, as animals."""
    limit = len(ANIMALS) * ed.cards_per_family
    if not isinstance(deck, (tuple, list)) or len(deck) > limit:
        raise InvalidSetupError(f"deck={excerpt(deck)} must be a tuple of at most {limit} animals")
    try:
        return tuple(Animal.parse(a) for a in deck)
    except KuhtheoryError as exc:
        raise InvalidSetupError(f"deck: {exc}") from None


def _check_dove(ed: Edition, players: int, holder: object, owners: tuple[int, ...]) -> None:
    """The dove holder (first, bluff) must be a seat that owns both families of a pair."""
    if holder is None:
        return
    seat = _check_seat(holder, players, "dove_holder")
    if not ed.dove_bonus:
        raise InvalidSetupError(f"dove_holder={seat}: {ed.name!r} has no dove bonus card")
    if not any(all(owners[ANIMAL_INDEX[a]] == seat for a in pair) for pair in DOVE_PAIRS):
        raise InvalidSetupError(
            f"dove_holder={seat}: P{seat} owns no complete pair of families (rooster and goose, "
            "cat and dog, sheep and goat), the dove goes to the first who does"
        )


def _start(
    ed: Edition,
    players: int,
    seed: int,
    first: int,
    deck: tuple[Animal, ...],
    *,
    money: tuple[Counts, ...],
    bank: Counts,
    herds: tuple[Herd, ...],
    owners: tuple[int, ...],
    donkeys: int,
    dove: int | None,
    deal: bool,
) -> GameState:
    """A state with these cards, before any action, at the start of ``first``'s turn.

    ``deal``: the short game deals animals first (their events are the setup's own events).
    """
    s = GameState._blank()
    s._edition = ed
    s._players = players
    s._seed = seed
    s._first_player = first
    s._phase = TURN
    s._active = first
    s._current = first
    s._deck = deck
    s._deck_pos = 0
    s._money = money
    s._bank = bank
    s._herds = herds
    s._owners = owners
    s._donkeys = donkeys
    s._dove = dove
    s._turn = 0
    s._shown = (None,) * players
    s._reveals = ((),) * players
    s._seen = None
    s._repeated = False
    s._new_events = ()
    s._legal = None
    if deal:
        deal_short_game(s)
    begin_turn(s, first)  # (sets the turn's fields: no auction, no trade, no bid yet)
    s._log = (None, None, s._new_events, len(s._new_events), 0)  # the setup's entry
    s._new_events = ()
    return s
