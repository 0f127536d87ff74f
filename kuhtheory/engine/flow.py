"""The primitives every rule shares: money and herd updates, donkey payouts, turns (K-TURN-1).

A rule builds the next state from a copy of the old one (``GameState._copy``) and changes the copy
with these functions; nothing here touches a state that a caller can already see.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from kuhtheory.cards import ANIMAL_INDEX, ANIMALS, Animal, Counts, add, cards_of, subtract, total
from kuhtheory.editions import Deadlock
from kuhtheory.engine import events as ev
from kuhtheory.engine.bank import pay_from_bank
from kuhtheory.engine.phases import GAME_OVER, TURN

if TYPE_CHECKING:
    from kuhtheory.engine.state import GameState

#: The dove-bonus pairs (first, bluff): complete both families of one pair first.
DOVE_PAIRS: tuple[tuple[Animal, Animal], ...] = (
    (Animal.ROOSTER, Animal.GOOSE),
    (Animal.CAT, Animal.DOG),
    (Animal.SHEEP, Animal.GOAT),
)


# ----- money -------------------------------------------------------------------------------------


def money_in_play(n: GameState) -> int:
    """All the money outside the bank: the players' hands and any pile on the table."""
    return n._edition.money_total - total(n._bank)


def set_money(n: GameState, p: int, counts: Counts) -> None:
    """``p``'s money is now ``counts``."""
    money = list(n._money)
    money[p] = counts
    n._money = tuple(money)


def move_money(n: GameState, src: int, dst: int, counts: Counts) -> None:
    """``src`` hands the cards ``counts`` to ``dst``."""
    money = list(n._money)
    money[src] = subtract(money[src], counts)
    money[dst] = add(money[dst], counts)
    n._money = tuple(money)


@functools.lru_cache(maxsize=64)
def seats_after(p: int, players: int) -> tuple[int, ...]:
    """The other seats in the order of play, starting left of ``p`` (K-DONK-1, K-AUC-1)."""
    return tuple((p + k) % players for k in range(1, players))


# ----- animals -----------------------------------------------------------------------------------


def give(n: GameState, p: int, animal: Animal, k: int = 1) -> None:
    """``p`` receives ``k`` cards of ``animal``; completes a family (and the dove) if it does."""
    i = ANIMAL_INDEX[animal]
    herd = list(n._herds[p])
    herd[i] += k
    herds = list(n._herds)
    herds[p] = tuple(herd)
    n._herds = tuple(herds)
    if herd[i] == n._edition.cards_per_family:
        owners = list(n._owners)
        owners[i] = p
        n._owners = tuple(owners)
        n.record(ev.FamilyCompleted, p, animal)
        if n._edition.dove_bonus and n._dove is None:
            # The dove (first, bluff) goes at once to the first player to own both families of a
            # pair; the claim is automatic (a table would never let it lapse by oversight).
            for pair in DOVE_PAIRS:
                if animal in pair and all(owners[ANIMAL_INDEX[a]] == p for a in pair):
                    n._dove = p
                    n.record(ev.DoveAwarded, p, pair, n._edition.dove_bonus)
                    break


def take(n: GameState, p: int, animal: Animal, k: int) -> None:
    """``p`` hands over ``k`` cards of ``animal``."""
    i = ANIMAL_INDEX[animal]
    herd = list(n._herds[p])
    herd[i] -= k
    herds = list(n._herds)
    herds[p] = tuple(herd)
    n._herds = tuple(herds)


def give_all(n: GameState, p: int, animals: tuple[Animal, ...]) -> None:
    """``p`` receives one card of each of ``animals``."""
    for animal in animals:
        give(n, p, animal)


def donkey_payout(n: GameState) -> None:
    """K-DONK-1: every player, the active one last, receives the donkey money from the bank."""
    payouts = n._edition.donkey_payouts
    value = payouts[min(n._donkeys, len(payouts) - 1)]
    n._donkeys += 1
    bank = n._bank
    money = list(n._money)
    given = []
    for p in (*seats_after(n._active, n._players), n._active):
        bank, cards = pay_from_bank(bank, value)
        money[p] = add(money[p], cards)
        given.append((p, cards_of(cards)))
    n._bank = bank
    n._money = tuple(money)
    n.record(ev.DonkeyPayout, n._donkeys, value, tuple(given))


def deal_short_game(n: GameState) -> None:
    """Classic short game: deal ``deal_animals`` cards to each player, donkeys paying out."""
    for _ in range(n._edition.deal_animals):
        for k in range(n._players):
            if n._deck_pos >= len(n._deck):
                return
            p = (n._first_player + k) % n._players
            animal = n._deck[n._deck_pos]
            n._deck_pos += 1
            n.record(ev.AnimalsDealt, p, (animal,))
            if animal is Animal.DONKEY:
                donkey_payout(n)
            give(n, p, animal)


# ----- turns -------------------------------------------------------------------------------------


def trade_targets(n: GameState, p: int) -> tuple[tuple[int, Animal], ...]:
    """The ``(opponent, animal)`` pairs ``p`` may trade for (K-TURN-2): both own a card of a
    species whose family is not complete. Species cheapest first, opponents from ``p``'s left."""
    herds = n._herds
    mine = herds[p]
    others = seats_after(p, n._players)
    targets = []
    for i, owner in enumerate(n._owners):
        if owner < 0 and mine[i]:
            for q in others:
                if herds[q][i]:
                    targets.append((q, ANIMALS[i]))
    return tuple(targets)


def begin_turn(n: GameState, p: int) -> None:
    """Start ``p``'s turn: game over, the turn, or automatic passes once the deck is empty."""
    n._auction = None
    n._high_bid = 0
    n._high_bidder = None
    n._passed = frozenset()
    n._has_bid = frozenset()
    n._trade = None
    n._must_auction = False
    n._active = p
    if -1 not in n._owners:  # K-END-2
        game_over(n)
        return
    if n._deck_pos < len(n._deck):
        _turn_starts(n, p)
        return
    for _ in range(n._players):  # K-END-1: must trade if he can, else pass
        if trade_targets(n, p):
            n._active = p
            _turn_starts(n, p)
            return
        n.record(ev.TurnPassed, p)
        n._turn += 1
        p = (p + 1) % n._players
    raise RuntimeError(  # pragma: no cover - impossible, see kuhtheory.engine.rules
        "no player can trade although a family is incomplete"
    )


def _turn_starts(n: GameState, p: int) -> None:
    """``p``'s turn begins, unless this position occurs for the third time: then the house rule
    K-HOUSE-1 ends the game (families still incomplete score nothing).

    The position is the player to move, every hand and every herd, counted since the deck last
    moved (the deck only shrinks, so a position with another deck cannot come back); the bank,
    the donkeys and the dove follow from those within one game.
    """
    if n._edition.deadlock is Deadlock.THIRD_REPETITION:
        position = (p, n._money, n._herds)
        seen = n._seen
        before = seen[1] if seen is not None and seen[0] == n._deck_pos else ()
        # Counted in a tuple rather than a dict: no hashing of the hands and herds, and a hand
        # that has not changed is the same object, so it compares at once.
        n._seen = (n._deck_pos, (*before, position))
        if before.count(position) >= 2:
            n._repeated = True
            n.record(ev.PositionRepeated, p)
            game_over(n)
            return
    n._phase = TURN
    n._current = p


def game_over(n: GameState) -> None:
    """The game ends (K-END-2, or K-HOUSE-1): nobody is to act; the scores are recorded."""
    n._phase = GAME_OVER
    n._current = None
    scores = n.scores()
    n.record(ev.GameEnded, scores, n._winners(scores))


def end_turn(n: GameState) -> None:
    """The active player's turn is over: the next seat's begins."""
    n._turn += 1
    begin_turn(n, (n._active + 1) % n._players)
