"""Shared helpers for the engine tests: positions with a chosen deck, money and herds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from kuhtheory.cards import ANIMALS, DENOMINATIONS, Animal, total
from kuhtheory.editions import get_edition
from kuhtheory.engine import GameState, setup_position

A = Animal


def deck_with(
    top: Iterable[Animal],
    edition: str = "classic",
    herds: Mapping[int, Mapping[Animal, int]] | None = None,
) -> tuple[Animal, ...]:
    """``top`` first, then every other card not in ``herds``, cheapest species first."""
    ed = get_edition(edition)
    top = tuple(top)
    left = {a: ed.cards_per_family for a in ANIMALS}
    for herd in (herds or {}).values():
        for animal, count in herd.items():
            left[animal] -= count
    for animal in top:
        left[animal] -= 1
    return top + tuple(a for a in ANIMALS for _ in range(left[a]))


def endgame(
    players: int,
    edition: str,
    herds: Mapping[int, Mapping[Animal, int]],
    money: Mapping[int, tuple[int, ...]] | None = None,
    active: int = 0,
    park: int | None = None,
    variants: tuple[str, ...] = (),
    rest_to: int | None = None,
) -> GameState:
    """An empty-deck position: ``herds`` as given, every other card parked as complete families.

    The families not mentioned in ``herds`` go, complete, to seat ``park`` (default: the last
    seat), so only the given species are still in play.
    """
    ed = get_edition(edition, variants)
    park = players - 1 if park is None else park
    full = {p: dict(h) for p, h in herds.items()}
    mentioned = {a for h in herds.values() for a, c in h.items() if c}
    if rest_to is not None:
        for animal in mentioned:
            owned = sum(h.get(animal, 0) for h in herds.values())
            if owned < ed.cards_per_family:
                row = full.setdefault(rest_to, {})
                row[animal] = row.get(animal, 0) + ed.cards_per_family - owned
    for animal in ANIMALS:
        if animal not in mentioned:
            full.setdefault(park, {})[animal] = ed.cards_per_family
    return setup_position(
        players, edition, variants, money=money, herds=full, deck=(), active=active
    )


def play(state: GameState, *actions: object) -> GameState:
    """Apply actions in order."""
    for action in actions:
        state = state.apply(action)  # type: ignore[arg-type]
    return state


def money_everywhere(state: GameState) -> tuple[int, ...]:
    """Count vector of the bank + every hand + every pile on the table."""
    counts = list(state.bank)
    for p in range(state.players):
        for i, c in enumerate(state.money_counts(p)):
            counts[i] += c
    trade = state.trade
    if trade is not None:
        for cards in (trade.offer, trade.counter):
            for card in cards or ():
                counts[DENOMINATIONS.index(card)] += 1
    return tuple(counts)


def animals_everywhere(state: GameState) -> dict[Animal, int]:
    """Every animal card: in the deck, in herds, on offer in a running auction."""
    out = {a: 0 for a in ANIMALS}
    for a in state.deck:
        out[a] += 1
    for p in range(state.players):
        for a, c in state.animals(p).items():
            out[a] += c
    auction = state.auction
    if auction is not None and not state.is_terminal:
        for a in auction.animals:
            out[a] += 1
    return out


def hand_total(state: GameState, player: int) -> int:
    return total(state.money_counts(player))
