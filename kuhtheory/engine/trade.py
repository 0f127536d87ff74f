"""Trades: the face-down offer, accept or counter, ties, the stake (K-TRD-1..4).

The model is described in :mod:`kuhtheory.engine.rules`. Each rule takes the state and its action
and returns the next state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kuhtheory.cards import (
    ANIMAL_INDEX,
    NO_MONEY,
    add,
    cards_of,
    contains,
    counts_of,
    subtract,
    total,
)
from kuhtheory.editions import CounterSettlement, TradeTie
from kuhtheory.engine import events as ev
from kuhtheory.engine.actions import Accept, Counter, Offer, Trade
from kuhtheory.engine.flow import end_turn, give, set_money, take
from kuhtheory.engine.phases import TRADE_REOFFER, TRADE_RESPONSE, TURN, RunningTrade
from kuhtheory.errors import IllegalActionError, InvalidActionError

if TYPE_CHECKING:
    from kuhtheory.engine.state import GameState


def trade(s: GameState, a: Trade) -> GameState:
    """The active player challenges an opponent for a species with a face-down offer (K-TRD-1)."""
    p, q = a.player, a.opponent
    if q >= s._players:
        raise InvalidActionError(f"{a!r}: opponent {q} is not a seat of this game")
    if s._must_auction:
        raise IllegalActionError(
            f"{a!r}: after a trade P{p} must also auction, not trade again (2025 'double "
            "move', K-VAR-1)"
        )
    i = ANIMAL_INDEX[a.animal]
    mine, theirs = s._herds[p][i], s._herds[q][i]
    if not mine or not theirs:
        who = f"P{p}" if not mine else f"P{q}"
        raise IllegalActionError(
            f"{a!r}: {who} owns no {a.animal.label}; both must own one (K-TURN-2)"
        )
    offer = counts_of(a.cards)
    if not contains(s._money[p], offer):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{p}'s hand (K-TRD-1)")
    stake = 2 if s._edition.pair_trade and mine == 2 and theirs == 2 else 1  # K-TRD-4
    n = s._copy()
    set_money(n, p, subtract(n._money[p], offer))  # the offer is laid on the table
    n._trade = RunningTrade(p, q, a.animal, stake, offer, None, 1)
    n._phase = TRADE_RESPONSE
    n._current = q
    n.record(ev.TradeStarted, p, q, a.animal, stake, sum(offer))
    return n


def accept(s: GameState, a: Accept) -> GameState:
    """The challenged player takes the offer and hands over the stake (K-TRD-2)."""
    if not s._edition.responder_may_accept:
        raise IllegalActionError(
            f"{a!r}: in {s._edition.name!r} the challenged player cannot accept, he must lay "
            "a counter-offer (K-TRD-2)"
        )
    t = s._trade
    assert t is not None
    n = s._copy()
    set_money(n, t.opponent, add(n._money[t.opponent], t.offer))
    take(n, t.opponent, t.animal, t.stake)
    n.record(
        ev.TradeResolved,
        t.offerer,
        t.opponent,
        t.animal,
        t.stake,
        t.offerer,
        "accepted",
        0,
        sum(t.offer),
    )
    give(n, t.offerer, t.animal, t.stake)
    after_trade(n)
    return n


def counter(s: GameState, a: Counter) -> GameState:
    """The challenged player lays a counter-offer; the higher pile wins the stake (K-TRD-3)."""
    t = s._trade
    assert t is not None
    b = a.player
    pile = counts_of(a.cards)
    if not contains(s._money[b], pile):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{b}'s hand (K-TRD-2)")
    n = s._copy()
    ed = n._edition
    offerer, offer = t.offerer, t.offer
    set_money(n, b, subtract(n._money[b], pile))  # the counter-offer is laid on the table
    reveals = list(n._reveals)  # both now know both piles (K-TRD-3)
    reveals[offerer] = (*reveals[offerer], (n._turn, b, cards_of(pile)))
    reveals[b] = (*reveals[b], (n._turn, offerer, cards_of(offer)))
    n._reveals = tuple(reveals)
    n.record(ev.TradeCountered, b, sum(pile))
    offered, countered = total(offer), total(pile)
    if offered == countered and ed.trade_tie is not TradeTie.OFFERER_WINS:
        # Both piles go back to their owners.
        set_money(n, offerer, add(n._money[offerer], offer))
        set_money(n, b, add(n._money[b], pile))
        if ed.trade_tie is TradeTie.REOFFER_THEN_FREE and t.round == 1:
            n.record(ev.TradeTied, offerer, b)
            n._trade = RunningTrade(offerer, b, t.animal, t.stake, NO_MONEY, None, 2)
            n._phase = TRADE_REOFFER
            n._current = offerer
            return n
        # classic second tie, bluff super trade: A takes the animal(s) for free.
        take(n, b, t.animal, t.stake)
        n.record(ev.TradeResolved, offerer, b, t.animal, t.stake, offerer, "free", 0, 0)
        give(n, offerer, t.animal, t.stake)
        after_trade(n)
        return n
    winner = offerer if offered >= countered else b  # K-TRD-3; a tie here is OFFERER_WINS
    loser = b if winner == offerer else offerer
    money = list(n._money)
    if ed.counter_settlement is CounterSettlement.KEEP_RECEIVED:
        money[offerer] = add(money[offerer], pile)
        money[b] = add(money[b], offer)
        to_offerer, to_opponent = sum(pile), sum(offer)
    else:  # WINNER_PAYS: the winner's pile goes to the loser, its 0-cards back at once
        won_pile, lost_pile = (offer, pile) if winner == offerer else (pile, offer)
        zeros = (won_pile[0], 0, 0, 0, 0, 0)
        paid = subtract(won_pile, zeros)
        money[loser] = add(money[loser], add(paid, lost_pile))
        money[winner] = add(money[winner], zeros)
        moved = sum(paid)
        to_offerer, to_opponent = (0, moved) if winner == offerer else (moved, 0)
    n._money = tuple(money)
    take(n, loser, t.animal, t.stake)
    n.record(
        ev.TradeResolved, offerer, b, t.animal, t.stake, winner, "won", to_offerer, to_opponent
    )
    give(n, winner, t.animal, t.stake)
    after_trade(n)
    return n


def reoffer(s: GameState, a: Offer) -> GameState:
    """classic, after a tie: the offerer lays a new face-down offer (K-TRD-3)."""
    t = s._trade
    assert t is not None
    offer = counts_of(a.cards)
    if not contains(s._money[a.player], offer):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{a.player}'s hand (K-TRD-1)")
    n = s._copy()
    set_money(n, a.player, subtract(n._money[a.player], offer))
    n._trade = RunningTrade(a.player, t.opponent, t.animal, t.stake, offer, None, 2)
    n._phase = TRADE_RESPONSE
    n._current = t.opponent
    n.record(ev.TradeReoffered, a.player, sum(offer))
    return n


def after_trade(n: GameState) -> None:
    """The trade is settled: the turn ends, or (double move) the active player must auction."""
    n._trade = None
    if n._edition.double_move and n._deck_pos < len(n._deck):
        n._must_auction = True
        n._phase = TURN
        n._current = n._active
        return
    end_turn(n)
