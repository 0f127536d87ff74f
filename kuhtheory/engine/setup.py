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

from kuhtheory.cards import ANIMAL_INDEX, ANIMALS, DENOMINATIONS, Animal, Counts, animal_deck
from kuhtheory.editions import Edition, get_edition
from kuhtheory.engine.flow import begin_turn, deal_short_game
from kuhtheory.engine.phases import TURN
from kuhtheory.engine.state import GameState, Herd
from kuhtheory.errors import InvalidSetupError

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
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSetupError(f"seed {seed!r} must be a whole number")
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
            f"first_player {first_player!r} must be a seat 0..{seats - 1} or None"
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
    for seat in (*(money or {}), *(herds or {})):
        _check_seat(seat, players)
    first = _check_seat(active, players)
    hands = []
    for p in range(players):
        if money is not None and p in money:
            counts = [0] * len(DENOMINATIONS)
            for card in money[p]:
                if card not in DENOMINATIONS:
                    raise InvalidSetupError(
                        f"money card {card!r} of seat {p} is not a denomination"
                    )
                counts[DENOMINATIONS.index(card)] += 1
            hands.append(tuple(counts))
        else:
            hands.append(ed.start_money)
    bank = tuple(d - sum(h[i] for h in hands) for i, d in enumerate(ed.money_deck))
    if min(bank) < 0:
        raise InvalidSetupError(
            f"the hands {money!r} hold more cards than the money deck {ed.money_deck!r}"
        )
    herd_rows = []
    for p in range(players):
        row = [0] * len(ANIMALS)
        for animal, count in (herds or {}).get(p, {}).items():
            row[ANIMAL_INDEX[Animal.parse(animal)]] = count
        herd_rows.append(tuple(row))
    owned = [sum(r[i] for r in herd_rows) for i in range(len(ANIMALS))]
    if deck is None:
        rest = [a for i, a in enumerate(ANIMALS) for _ in range(ed.cards_per_family - owned[i])]
        if any(ed.cards_per_family - o < 0 for o in owned):
            raise InvalidSetupError(
                f"herds {herds!r} hold more than {ed.cards_per_family} cards of a family"
            )
        random.Random(seed).shuffle(rest)
        deck = tuple(rest)
    deck = tuple(Animal.parse(a) for a in deck)
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


def _check_seat(seat: object, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidSetupError(f"seat {seat!r} is not a seat of a {players}-player game")
    return seat


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
    s._new_events = []
    s._legal = None
    if deal:
        deal_short_game(s)
    begin_turn(s, first)  # (sets the turn's fields: no auction, no trade, no bid yet)
    s._log = (None, None, tuple(s._new_events), len(s._new_events), 0)  # the setup's entry
    s._new_events = []
    return s
