"""The rules: how a turn flows, which actions are legal, and the dispatch of each action.

The transitions live in :mod:`~kuhtheory.engine.auction` (K-AUC, K-PAY, K-DONK) and
:mod:`~kuhtheory.engine.trade` (K-TRD), on the primitives of :mod:`~kuhtheory.engine.flow`
(K-TURN, K-END); this module documents the model they implement.

The flow of a turn (K-TURN-1), as modelled here:

* **TURN** — the active player plays ``Auction`` (deck not empty) or ``Trade`` (K-TURN-2). Once the
  deck is empty he must trade (K-END-1); a player who cannot trade — he owns only complete
  families, or nothing — passes *automatically* (a ``TurnPassed`` event, no action). This cannot
  stall: with the deck empty every animal card is owned, so an incomplete family has at least two
  owners, and each of them can trade with the other; so within one round some player trades.
* **Auction** — the top ``animals_per_auction`` cards are turned up (fewer if the deck holds
  fewer); each donkey among them pays out first (K-DONK-1, :mod:`kuhtheory.engine.bank`).
* **BIDDING** (open outcry, turn by turn) — starting left of the auctioneer and going round in seat
  order, skipping the auctioneer (K-AUC-1) and the high bidder, each bidder ``Bid`` s strictly above
  the last bid by at least ``min_raise`` (K-AUC-1) or ``Pass`` es. A player who passed may bid again
  after someone else raises. The auction is hammered when every other bidder has passed in a row
  since the last bid (K-AUC-2); with no bid at all, the auctioneer takes the animal(s) for free
  (K-AUC-3). A bidder who cannot raise is skipped as if he passed: his shown money (K-PAY-2) is
  below the next legal bid, or, with 'no kidding', he has already bid once in this auction.
  A bid above one's money is legal: it is the bluff K-PAY-2 punishes.
* **HAMMER** (pay-bid editions) — the auctioneer ``Sell`` s or ``Preempt`` s (K-AUC-4). He may
  preempt only if his money reaches the bid (he could not pay otherwise); when it does not, the
  phase is skipped and the sale goes ahead.
* **PAYMENT** — the payer hands over cards totalling at least the amount (K-PAY-1). If the high
  bidder is asked to pay and his money does not reach his bid, he must show his money (an
  ``Insolvent`` event; observations keep it) and the auction runs again from the start with his
  bids capped at his money (K-PAY-2; caps accumulate within the auction, so it ends after at most
  ``players - 1`` reruns). No donkey pays out twice.
* **BUY_BACK** (bluff) — after the hammer the bidder pays first; then the auctioneer may ``BuyBack``
  (he returns exactly the cards he was paid and pays the bid again from the rest of his hand, no
  change) or ``Sell``. If the rest of his hand cannot pay the bid, the phase is skipped.
* **TRADE_RESPONSE** — B ``Accept`` s (where the edition allows it) or ``Counter`` s (K-TRD-2). The
  higher pile wins the stake (K-TRD-3, K-TRD-4: two cards if both own exactly two, else one);
  money moves by the edition's ``counter_settlement``; ties by ``trade_tie``.
* **TRADE_REOFFER** (classic, after a first tie) — the piles went back; A lays a new ``Offer``, and
  B decides again; a second tie gives the animal(s) to A for free.
* After a trade with the double-move variant (2025) the active player must auction too, if the
  deck is not empty (K-VAR-1). The game ends when every family is complete (K-END-2).
* **House rule K-HOUSE-1** (the edition's ``deadlock``; the printed rules are silent): when a turn
  starts for the third time in the same position (the player to move, every hand, every herd and
  the deck), the game ends at once; incomplete families score nothing (``ended_by_repetition``).
  Without it a 2025 game can last for ever (two owners of the last open family without money:
  every trade is a tie the offerer wins, for one card). With it every game ends, whatever the
  players do: the positions a turn can start in are finitely many (the money and the animals are
  the decks'), and every turn is finite (each bid raises the last and none exceeds
  ``MAX_AMOUNT``, K-PAY-2 reruns are at most ``players - 1``, a classic trade has at most two
  rounds), so the turns run out before any position could start a third one.

Further readings, each tested:

* A rerun after an insolvency (K-PAY-2) is a fresh auction of the same animals: bidding starts
  again left of the auctioneer and, with 'no kidding', everyone may bid once more.
* A player learns the piles of the exchanges he takes part in (``Observation.revealed``); a
  classic tie returns both piles after they were seen.
* first/bluff trades: the winner's pile goes to the loser except its 0-cards, which go back to
  the winner at once; the loser takes his own pile back. With bluff's super trade the piles are
  exchanged and kept, and a tie returns both piles and gives the animal(s) to A for free.
* The dove (first, bluff) goes *automatically* to the first player who owns both complete
  families of a pair (Rooster & Goose, Cat & Dog, Sheep & Goat), the moment the second one is
  completed: the rule's "claim it at once" is read as a claim nobody forgets.
* Animals dealt in the short game lie face up in front of their owner like every animal.

Errors: a malformed action (not an action, a seat that does not exist) raises
:class:`InvalidActionError`; a well-formed action that the rules forbid now raises
:class:`IllegalActionError` quoting the action and naming the clause. The state is never changed.
"""

from __future__ import annotations

from typing import Any, Final

from kuhtheory.engine.actions import (
    Accept,
    Action,
    Auction,
    Bid,
    BuyBack,
    Counter,
    Offer,
    Pass,
    Pay,
    Preempt,
    Sell,
    Trade,
)
from kuhtheory.engine.auction import (
    _do_auction,
    _do_bid,
    _do_buyback,
    _do_hammer_sell,
    _do_keep_sale,
    _do_pass,
    _do_pay,
    _do_preempt,
)
from kuhtheory.engine.flow import (  # noqa: F401  (state.py calls these through rules)
    _sub,
    _targets,
    _total,
    begin_turn,
    can_trade,
    deal_short_game,
    money_in_play,
)
from kuhtheory.engine.legal import (
    LegalActions,
    make_accept,
    make_auction,
    make_pass,
    make_preempt,
    make_sell,
)
from kuhtheory.engine.state import (
    _BIDDING,
    _BUY_BACK,
    _GAME_OVER,
    _HAMMER,
    _PAYMENT,
    _TRADE_REOFFER,
    _TRADE_RESPONSE,
    _TURN,
    GameState,
    Phase,
)
from kuhtheory.engine.trade import _do_accept, _do_counter, _do_offer, _do_trade
from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.payment import _minimal_payments

# ----- dispatch ----------------------------------------------------------------------------------

_ACTION_TYPES: Final = (
    Auction,
    Bid,
    Pass,
    Sell,
    Preempt,
    BuyBack,
    Pay,
    Trade,
    Offer,
    Accept,
    Counter,
)
#: What each phase takes, in types and in words (for the errors; :func:`_dispatch` runs them).
_TAKES: Final[dict[Phase, tuple[tuple[type, ...], str]]] = {
    _TURN: ((Auction, Trade), "Auction or Trade by the active player (K-TURN-1)"),
    _BIDDING: ((Bid, Pass), "Bid or Pass by the bidder to act (K-AUC-1, K-AUC-2)"),
    _HAMMER: ((Sell, Preempt), "Sell or Preempt by the auctioneer (K-AUC-4)"),
    _PAYMENT: ((Pay,), "Pay by the payer (K-PAY-1)"),
    _BUY_BACK: ((BuyBack, Sell), "BuyBack or Sell by the auctioneer (K-AUC-4)"),
    _TRADE_RESPONSE: ((Accept, Counter), "Accept or Counter by the challenged player (K-TRD-2)"),
    _TRADE_REOFFER: ((Offer,), "Offer by the offerer after a tie (K-TRD-3)"),
    _GAME_OVER: ((), "nothing: the game is over (K-END-2)"),
}


#: Each action type's place in :data:`_ACTION_TYPES`, the code :func:`_dispatch` branches on (an
#: int compares at once; the compiled engine would look a class name up at every comparison).
_KINDS: Final[dict[type, int]] = {cls: code for code, cls in enumerate(_ACTION_TYPES)}
_AUCTION: Final = 0
_BID: Final = 1
_PASS: Final = 2
_SELL: Final = 3
_PREEMPT: Final = 4
_BUYBACK: Final = 5
_PAY: Final = 6
_TRADE: Final = 7
_OFFER: Final = 8
_ACCEPT: Final = 9
_COUNTER: Final = 10


def _dispatch(s: GameState, action: Any, kind: int) -> GameState | None:
    """The state after ``action`` (of type code ``kind``) by the rule of its phase and type
    (:data:`_TAKES` lists them); None if its phase takes no action of its type."""
    phase = s._phase
    if phase is _BIDDING:
        if kind == _BID:
            return _do_bid(s, action)
        if kind == _PASS:
            return _do_pass(s, action)
    elif phase is _TURN:
        if kind == _AUCTION:
            return _do_auction(s, action)
        if kind == _TRADE:
            return _do_trade(s, action)
    elif phase is _PAYMENT:
        if kind == _PAY:
            return _do_pay(s, action)
    elif phase is _HAMMER:
        if kind == _SELL:
            return _do_hammer_sell(s, action)
        if kind == _PREEMPT:
            return _do_preempt(s, action)
    elif phase is _TRADE_RESPONSE:
        if kind == _COUNTER:
            return _do_counter(s, action)
        if kind == _ACCEPT:
            return _do_accept(s, action)
    elif phase is _TRADE_REOFFER:
        if kind == _OFFER:
            return _do_offer(s, action)
    elif phase is _BUY_BACK:
        if kind == _BUYBACK:
            return _do_buyback(s, action)
        if kind == _SELL:
            return _do_keep_sale(s, action)
    return None


def apply(s: GameState, action: Any) -> GameState:
    """The state after ``action`` (see the module docstring); ``s`` is unchanged."""
    kind = _KINDS.get(type(action), -1)
    new = _dispatch(s, action, kind) if kind >= 0 and action.player == s._current else None
    if new is None:
        raise _refusal(s, action)
    evbuf = new._evbuf
    new._log = (s._log, action, tuple(evbuf) if evbuf else ())
    new._nlog = s._nlog + 1
    return new


def _refusal(s: GameState, action: object) -> InvalidActionError | IllegalActionError:
    """Why ``s`` refuses ``action``: not an action, the game is over, the wrong phase or player.

    Every check of an action that has its phase's type and player is made by the rule itself.
    """
    if not isinstance(action, _ACTION_TYPES):
        return InvalidActionError(f"{action!r} is not a Kuhhandel action")
    if s._phase is _GAME_OVER:
        return IllegalActionError(f"{action!r}: the game is over (K-END-2)")
    kinds, expected = _TAKES[s._phase]
    if type(action) not in kinds:
        return IllegalActionError(
            f"{action!r} is not possible now: the phase is {s._phase.value}, expecting {expected}"
        )
    return IllegalActionError(
        f"{action!r}: it is P{s._current}'s move, not P{action.player}'s (expecting {expected})"
    )


def check(s: GameState, action: object) -> str | None:
    """None if ``apply`` accepts ``action``, else the error message it raises."""
    try:
        apply(s, action)
    except (IllegalActionError, InvalidActionError) as exc:
        return str(exc)
    return None


#: Bidding lists depend only on the bidder, the lowest and the highest listed bid: shared between
#: states, by ``(highest * 2**16 + lowest) * 8 + bidder`` (an int key hashes at once).
_BID_LISTS: Final[dict[int, LegalActions]] = {}


def _turn_actions(n: GameState, p: int) -> LegalActions:
    fixed = (make_auction(p),) if n._pos < len(n._deck) else ()
    if n._must_auction:
        return LegalActions(p, fixed=fixed)
    targets = _targets(n, p)
    if not targets:
        return LegalActions(p, fixed=fixed)
    return LegalActions(p, fixed=fixed, kind=LegalActions.TRADE, targets=targets, hand=n._money[p])


def legal_actions(n: GameState) -> LegalActions:
    """The listed legal actions of ``n`` (see :mod:`kuhtheory.engine.legal`)."""
    phase = n._phase
    p = n._current
    if p is None:
        return LegalActions(-1)
    if phase is _BIDDING:
        auc = n._auc
        assert auc is not None
        # The lowest listed bid: the next legal bid rounded up to a ten (money comes in tens).
        start = -(-(n._hb + auc.raise_by if n._hbr >= 0 else auc.raise_by) // 10) * 10
        upper = auc.limits[p]
        bid_key = (upper * 65536 + start) * 8 + p
        legal = _BID_LISTS.get(bid_key)
        if legal is None:
            if len(_BID_LISTS) > 65536:
                _BID_LISTS.clear()
            legal = _BID_LISTS[bid_key] = LegalActions(
                p, range(start, upper + 1, 10), (make_pass(p),)
            )
        return legal
    if phase is _TURN:
        return _turn_actions(n, p)
    if phase is _PAYMENT:
        return LegalActions.paying(p, Pay, _minimal_payments(n._money[p], n._hb))
    if phase is _HAMMER:
        return LegalActions(p, fixed=(make_sell(p), make_preempt(p)))
    if phase is _TRADE_RESPONSE:
        accept: tuple[Action, ...] = (make_accept(p),) if n._edition.responder_may_accept else ()
        return LegalActions(p, fixed=accept, kind=LegalActions.COUNTER, hand=n._money[p])
    if phase is _TRADE_REOFFER:
        return LegalActions(p, kind=LegalActions.OFFER, hand=n._money[p])
    if phase is _BUY_BACK:
        auc = n._auc
        assert auc is not None and auc.paid is not None
        backs = _minimal_payments(_sub(n._money[p], auc.paid), n._hb)
        return LegalActions.paying(p, BuyBack, backs, (make_sell(p),))
    raise AssertionError(phase)  # pragma: no cover
