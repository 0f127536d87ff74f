"""The primitives every rule shares: money and herd updates, donkey payouts, turns (K-TURN-1).

Rules build a new state by copying the old one (``GameState._copy``) and changing the copy with
these functions; nothing here touches a state that another object can already see.
"""

from __future__ import annotations

from typing import Any, Final

from kuhtheory.cards import DENOMINATIONS, Animal, Counts
from kuhtheory.editions import Deadlock
from kuhtheory.engine import events as ev
from kuhtheory.engine.bank import pay_from_bank
from kuhtheory.engine.legal import (
    counts_to_cards,
)
from kuhtheory.engine.state import (
    _GAME_OVER,
    _TURN,
    ANIMAL_INDEX,
    DOVE_PAIRS,
    INDEX_BY_POINTS,
    GameState,
)

if DENOMINATIONS != (0, 10, 50, 100, 200, 500):  # pragma: no cover - guards _total below
    raise RuntimeError("flow._total assumes the denominations 0, 10, 50, 100, 200, 500")

_DONKEY: Final = Animal.DONKEY
_THIRD_REPETITION: Final = Deadlock.THIRD_REPETITION
_ANIMALS: Final = tuple(Animal)


def _total(c: Counts) -> int:
    return 10 * c[1] + 50 * c[2] + 100 * c[3] + 200 * c[4] + 500 * c[5]


def _cards(c: Counts) -> int:
    """How many cards a count vector holds."""
    return c[0] + c[1] + c[2] + c[3] + c[4] + c[5]


def _add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def _sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def _within(hand: Counts, part: Counts) -> bool:
    return (
        part[0] <= hand[0]
        and part[1] <= hand[1]
        and part[2] <= hand[2]
        and part[3] <= hand[3]
        and part[4] <= hand[4]
        and part[5] <= hand[5]
    )


def money_in_play(n: GameState) -> int:
    """All the money outside the bank: the players' hands and any pile on the table."""
    deck = n._edition.money_deck
    total = _DECK_TOTALS.get(deck)
    if total is None:
        total = _DECK_TOTALS[deck] = _total(deck)
    return total - _total(n._bank)


_DECK_TOTALS: Final[dict[Counts, int]] = {}


def _set_money(n: GameState, p: int, counts: Counts) -> None:
    money = list(n._money)
    money[p] = counts
    n._money = tuple(money)


def _move_money(n: GameState, src: int, dst: int, counts: Counts) -> None:
    money = list(n._money)
    money[src] = _sub(money[src], counts)
    money[dst] = _add(money[dst], counts)
    n._money = tuple(money)


def _event(n: GameState, cls: type, *args: Any) -> None:
    """Record a public event of the state being built (bids and passes need none: derived)."""
    buf = n._evbuf
    if buf is None:
        n._evbuf = [(cls, args)]
    else:
        buf.append((cls, args))


# ----- animals -----------------------------------------------------------------------------------


def _give(n: GameState, p: int, animal: Animal, k: int) -> None:
    """``p`` receives ``k`` cards of ``animal``; completes a family (and the dove) if it does."""
    idx = INDEX_BY_POINTS[animal._value_]
    herds = list(n._herds)
    herd = list(herds[p])
    herd[idx] += k
    herds[p] = tuple(herd)
    n._herds = tuple(herds)
    if herd[idx] == n._edition.cards_per_family:
        owners = list(n._owners)
        owners[idx] = p
        n._owners = tuple(owners)
        n._incomplete -= 1
        _event(n, ev.FamilyCompleted, p, animal)
        if n._edition.dove_bonus and n._dove is None:
            # The dove (first, bluff) goes at once to the first player to own both families of a
            # pair; the claim is automatic (a table would never let it lapse by oversight).
            for pair in DOVE_PAIRS:
                if animal in pair and all(owners[ANIMAL_INDEX[a]] == p for a in pair):
                    n._dove = p
                    _event(n, ev.DoveAwarded, p, pair, n._edition.dove_bonus)
                    break


def _take(n: GameState, p: int, animal: Animal, k: int) -> None:
    idx = INDEX_BY_POINTS[animal._value_]
    herds = list(n._herds)
    herd = list(herds[p])
    herd[idx] -= k
    herds[p] = tuple(herd)
    n._herds = tuple(herds)


def _give_all(n: GameState, p: int, animals: tuple[Animal, ...]) -> None:
    for animal in animals:
        _give(n, p, animal, 1)


def _donkey_payout(n: GameState) -> None:
    """K-DONK-1: every player, the active one last, receives the donkey money from the bank."""
    ed = n._edition
    number = n._donkeys + 1
    payouts = ed.donkey_payouts
    value = payouts[min(n._donkeys, len(payouts) - 1)]
    n._donkeys = number
    bank = n._bank
    money = list(n._money)
    given = []
    players = n._players
    for k in range(1, players + 1):
        p = (n._active + k) % players
        bank, cards = pay_from_bank(bank, value)
        money[p] = _add(money[p], cards)
        given.append((p, counts_to_cards(cards)))
    n._bank = bank
    n._money = tuple(money)
    _event(n, ev.DonkeyPayout, number, value, tuple(given))


def deal_short_game(n: GameState) -> None:
    """Classic short game: deal ``deal_animals`` cards to each player, donkeys paying out."""
    players = n._players
    for _ in range(n._edition.deal_animals):
        for k in range(players):
            if n._pos >= len(n._deck):
                return
            p = (n._first + k) % players
            animal = n._deck[n._pos]
            n._pos += 1
            _event(n, ev.AnimalsDealt, p, (animal,))
            if animal is _DONKEY:
                _donkey_payout(n)
            _give(n, p, animal, 1)


# ----- turns -------------------------------------------------------------------------------------


def can_trade(n: GameState, p: int) -> bool:
    """K-TURN-2: ``p`` and another player own a species whose family is not complete."""
    herds = n._herds
    mine = herds[p]
    for idx, owner in enumerate(n._owners):
        if owner < 0 and mine[idx]:
            for q, herd in enumerate(herds):
                if q != p and herd[idx]:
                    return True
    return False


def _targets(n: GameState, p: int) -> tuple[tuple[int, Animal], ...]:
    herds = n._herds
    mine = herds[p]
    players = n._players
    out = []
    for idx, owner in enumerate(n._owners):
        if owner < 0 and mine[idx]:
            for k in range(1, players):
                q = (p + k) % players
                if herds[q][idx]:
                    out.append((q, _ANIMALS[idx]))
    return tuple(out)


def begin_turn(n: GameState, p: int) -> None:
    """Start ``p``'s turn: game over, the turn, or automatic passes once the deck is empty."""
    n._auc = None
    n._hb = 0
    n._hbr = -1
    n._passed = 0
    n._once = 0
    n._trd = None
    n._must_auction = False
    n._active = p
    if n._incomplete == 0:  # K-END-2
        n._phase = _GAME_OVER
        n._current = None
        _event(n, ev.GameEnded, n.scores(), n.winners())
        return
    if n._pos < len(n._deck):
        _turn_starts(n, p)
        return
    players = n._players
    for _ in range(players):  # K-END-1: must trade if he can, else pass
        if can_trade(n, p):
            n._active = p
            _turn_starts(n, p)
            return
        _event(n, ev.TurnPassed, p)
        n._turn += 1
        p = (p + 1) % players
    raise RuntimeError(  # pragma: no cover - impossible, see the module docstring
        "no player can trade although a family is incomplete"
    )


def _turn_starts(n: GameState, p: int) -> None:
    """``p``'s turn begins, unless this position occurs for the third time: then the house rule
    K-HOUSE-1 ends the game (families still incomplete score nothing).

    The position is the player to move, every hand and every herd, counted since the deck last
    moved (the deck only shrinks, so a position with another deck cannot come back); the bank,
    the donkeys and the dove follow from those within one game.
    """
    if n._edition.deadlock is _THIRD_REPETITION:
        key = (p, n._money, n._herds)
        seen = n._seen
        counts = dict(seen[1]) if seen is not None and seen[0] == n._pos else {}
        times = counts.get(key, 0) + 1
        counts[key] = times
        n._seen = (n._pos, counts)
        if times >= 3:
            n._repeated = True
            n._phase = _GAME_OVER
            n._current = None
            _event(n, ev.PositionRepeated, p)
            _event(n, ev.GameEnded, n.scores(), n.winners())
            return
    n._phase = _TURN
    n._current = p


def _end_turn(n: GameState) -> None:
    n._turn += 1
    begin_turn(n, (n._active + 1) % n._players)
