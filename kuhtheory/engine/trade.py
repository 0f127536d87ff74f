"""Trades: the face-down offer, accept or counter, ties, the stake (K-TRD-1..4).

The model is described in :mod:`kuhtheory.engine.rules`.
"""

from __future__ import annotations

from typing import Final

from kuhtheory.cards import NO_MONEY
from kuhtheory.editions import CounterSettlement, TradeTie
from kuhtheory.engine import events as ev
from kuhtheory.engine.actions import (
    Accept,
    Counter,
    Offer,
    Trade,
)
from kuhtheory.engine.flow import (
    _add,
    _cards,
    _end_turn,
    _event,
    _give,
    _set_money,
    _sub,
    _take,
    _total,
    _within,
)
from kuhtheory.engine.legal import (
    cards_to_counts,
    counts_to_cards,
)
from kuhtheory.engine.state import (
    _TRADE_REOFFER,
    _TRADE_RESPONSE,
    _TURN,
    INDEX_BY_POINTS,
    GameState,
    _Trd,
)
from kuhtheory.errors import IllegalActionError, InvalidActionError

_KEEP_RECEIVED: Final = CounterSettlement.KEEP_RECEIVED
_OFFERER_WINS: Final = TradeTie.OFFERER_WINS
_REOFFER_THEN_FREE: Final = TradeTie.REOFFER_THEN_FREE

# ----- trades ------------------------------------------------------------------------------------


def _do_trade(s: GameState, a: Trade) -> GameState:
    p = a.player
    q = a.opponent
    if q >= s._players:
        raise InvalidActionError(f"{a!r}: opponent {q} is not a seat of this game")
    if s._must_auction:
        raise IllegalActionError(
            f"{a!r}: after a trade P{p} must also auction, not trade again (2025 'double "
            "move', K-VAR-1)"
        )
    idx = INDEX_BY_POINTS[a.animal._value_]
    mine, theirs = s._herds[p][idx], s._herds[q][idx]
    if not mine or not theirs:
        who = f"P{p}" if not mine else f"P{q}"
        raise IllegalActionError(
            f"{a!r}: {who} owns no {a.animal.label}; both must own one (K-TURN-2)"
        )
    counts = cards_to_counts(a.cards)
    if not _within(s._money[p], counts):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{p}'s hand (K-TRD-1)")
    stake = 2 if s._edition.pair_trade and mine == 2 and theirs == 2 else 1  # K-TRD-4
    n = s._copy()
    _set_money(n, p, _sub(n._money[p], counts))
    n._trd = _Trd(p, q, a.animal, stake, counts, None, 1)
    n._phase = _TRADE_RESPONSE
    n._current = q
    _event(n, ev.TradeStarted, p, q, a.animal, stake, _cards(counts))
    return n


def _after_trade(n: GameState) -> None:
    n._trd = None
    if n._edition.double_move and n._pos < len(n._deck):
        n._must_auction = True
        n._phase = _TURN
        n._current = n._active
        return
    _end_turn(n)


def _do_accept(s: GameState, a: Accept) -> GameState:
    if not s._edition.responder_may_accept:
        raise IllegalActionError(
            f"{a!r}: in {s._edition.name!r} the challenged player cannot accept, he must lay "
            "a counter-offer (K-TRD-2)"
        )
    t = s._trd
    assert t is not None
    n = s._copy()
    _set_money(n, t.opponent, _add(n._money[t.opponent], t.offer))
    _take(n, t.opponent, t.animal, t.stake)
    _event(
        n,
        ev.TradeResolved,
        t.offerer,
        t.opponent,
        t.animal,
        t.stake,
        t.offerer,
        "accepted",
        0,
        _cards(t.offer),
    )
    _give(n, t.offerer, t.animal, t.stake)
    _after_trade(n)
    return n


def _do_counter(s: GameState, a: Counter) -> GameState:
    t = s._trd
    assert t is not None
    b = a.player
    counts = cards_to_counts(a.cards)
    if not _within(s._money[b], counts):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{b}'s hand (K-TRD-2)")
    n = s._copy()
    ed = n._edition
    A = t.offerer
    offer = t.offer
    _set_money(n, b, _sub(n._money[b], counts))  # the counter-offer is laid on the table
    reveals = list(n._reveals)  # both now know both piles (K-TRD-3)
    reveals[A] = (*reveals[A], (n._turn, b, counts_to_cards(counts)))
    reveals[b] = (*reveals[b], (n._turn, A, counts_to_cards(offer)))
    n._reveals = tuple(reveals)
    _event(n, ev.TradeCountered, b, _cards(counts))
    ta, tb = _total(offer), _total(counts)
    if ta == tb and ed.trade_tie is not _OFFERER_WINS:
        # Both piles go back to their owners.
        _set_money(n, A, _add(n._money[A], offer))
        _set_money(n, b, _add(n._money[b], counts))
        if ed.trade_tie is _REOFFER_THEN_FREE and t.round == 1:
            _event(n, ev.TradeTied, A, b)
            n._trd = _Trd(A, b, t.animal, t.stake, NO_MONEY, None, 2)
            n._phase = _TRADE_REOFFER
            n._current = A
            return n
        # classic second tie, bluff super trade: A takes the animal(s) for free.
        _take(n, b, t.animal, t.stake)
        _event(n, ev.TradeResolved, A, b, t.animal, t.stake, A, "free", 0, 0)
        _give(n, A, t.animal, t.stake)
        _after_trade(n)
        return n
    winner = A if ta >= tb else b  # K-TRD-3; a tie here is OFFERER_WINS
    loser = b if winner == A else A
    money = list(n._money)
    if ed.counter_settlement is _KEEP_RECEIVED:
        money[A] = _add(money[A], counts)
        money[b] = _add(money[b], offer)
        to_a, to_b = _cards(counts), _cards(offer)
    else:  # WINNER_PAYS: the winner's pile goes to the loser, its 0-cards back at once
        won_pile = offer if winner == A else counts
        lost_pile = counts if winner == A else offer
        zeros = (won_pile[0], 0, 0, 0, 0, 0)
        paid = _sub(won_pile, zeros)
        money[loser] = _add(money[loser], _add(paid, lost_pile))
        money[winner] = _add(money[winner], zeros)
        moved = _cards(paid)
        to_a, to_b = (0, moved) if winner == A else (moved, 0)
    n._money = tuple(money)
    _take(n, loser, t.animal, t.stake)
    _event(n, ev.TradeResolved, A, b, t.animal, t.stake, winner, "won", to_a, to_b)
    _give(n, winner, t.animal, t.stake)
    _after_trade(n)
    return n


def _do_offer(s: GameState, a: Offer) -> GameState:
    t = s._trd
    assert t is not None
    p = a.player
    counts = cards_to_counts(a.cards)
    if not _within(s._money[p], counts):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{p}'s hand (K-TRD-1)")
    n = s._copy()
    _set_money(n, p, _sub(n._money[p], counts))
    n._trd = _Trd(p, t.opponent, t.animal, t.stake, counts, None, 2)
    n._phase = _TRADE_RESPONSE
    n._current = t.opponent
    _event(n, ev.TradeReoffered, p, _cards(counts))
    return n
