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

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kuhtheory.action_base import BaseAction
from kuhtheory.cards import subtract
from kuhtheory.engine import auction, trade
from kuhtheory.engine.actions import (
    ACTION_TYPES,
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
from kuhtheory.engine.flow import trade_targets
from kuhtheory.engine.legal import LegalActions, seat_action
from kuhtheory.engine.phases import GAME_OVER, Phase
from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.payment import payments_of

if TYPE_CHECKING:
    from kuhtheory.engine.state import GameState

#: A rule: the state and an action of the type it takes give the next state.
Rule = Callable[["GameState", Any], "GameState"]

#: What each phase takes: per action type, the rule that applies it.
RULES: dict[Phase, dict[type[Action], Rule]] = {
    Phase.TURN: {Auction: auction.auction, Trade: trade.trade},
    Phase.BIDDING: {Bid: auction.bid, Pass: auction.pass_bid},
    Phase.HAMMER: {Sell: auction.sell_at_hammer, Preempt: auction.preempt},
    Phase.PAYMENT: {Pay: auction.pay},
    Phase.BUY_BACK: {BuyBack: auction.buy_back, Sell: auction.let_sale_stand},
    Phase.TRADE_RESPONSE: {Accept: trade.accept, Counter: trade.counter},
    Phase.TRADE_REOFFER: {Offer: trade.reoffer},
    Phase.GAME_OVER: {},
}

#: What each phase takes, in words (for the errors).
EXPECTED: dict[Phase, str] = {
    Phase.TURN: "Auction or Trade by the active player (K-TURN-1)",
    Phase.BIDDING: "Bid or Pass by the bidder to act (K-AUC-1, K-AUC-2)",
    Phase.HAMMER: "Sell or Preempt by the auctioneer (K-AUC-4)",
    Phase.PAYMENT: "Pay by the payer (K-PAY-1)",
    Phase.BUY_BACK: "BuyBack or Sell by the auctioneer (K-AUC-4)",
    Phase.TRADE_RESPONSE: "Accept or Counter by the challenged player (K-TRD-2)",
    Phase.TRADE_REOFFER: "Offer by the offerer after a tie (K-TRD-3)",
    Phase.GAME_OVER: "nothing: the game is over (K-END-2)",
}


def refusal(s: GameState, action: object) -> InvalidActionError | IllegalActionError:
    """Why ``s`` refuses ``action``: not an action, the game is over, the wrong phase or player.

    Every other check of an action is made by its rule.
    """
    if not isinstance(action, BaseAction) or type(action) not in ACTION_TYPES.values():
        return InvalidActionError(f"{action!r} is not a Kuhhandel action")
    if s._phase is GAME_OVER:
        return IllegalActionError(f"{action!r}: the game is over (K-END-2)")
    expected = EXPECTED[s._phase]
    if type(action) not in RULES[s._phase]:
        return IllegalActionError(
            f"{action!r} is not possible now: the phase is {s._phase.value}, expecting {expected}"
        )
    return IllegalActionError(
        f"{action!r}: it is P{s._current}'s move, not P{action.player}'s (expecting {expected})"
    )


# ----- the listed legal actions (kuhtheory.engine.legal) -----------------------------------------


@functools.lru_cache(maxsize=4096)
def bid_list(player: int, lowest: int, highest: int) -> LegalActions:
    """A bidder's list: the multiples of 10 from ``lowest`` to ``highest``, then Pass. It depends
    on nothing else, so states share it."""
    return LegalActions(player, range(lowest, highest + 1, 10), (seat_action(Pass, player),))


def bidding_actions(n: GameState, p: int) -> LegalActions:
    running = n._auction
    assert running is not None
    # The lowest listed bid: the least legal bid rounded up to a ten (money comes in tens).
    lowest = -(-auction.lowest_bid(n) // 10) * 10
    return bid_list(p, lowest, running.top_bids[p])


def turn_actions(n: GameState, p: int) -> LegalActions:
    auctions = (seat_action(Auction, p),) if n._deck_pos < len(n._deck) else ()
    targets = () if n._must_auction else trade_targets(n, p)
    if not targets:
        return LegalActions(p, fixed=auctions)
    return LegalActions(
        p, fixed=auctions, kind=LegalActions.TRADE, targets=targets, hand=n._money[p]
    )


def hammer_actions(n: GameState, p: int) -> LegalActions:
    return LegalActions(p, fixed=(seat_action(Sell, p), seat_action(Preempt, p)))


def payment_actions(n: GameState, p: int) -> LegalActions:
    return LegalActions.paying(p, Pay, payments_of(n._money[p], n._high_bid))


def buy_back_actions(n: GameState, p: int) -> LegalActions:
    running = n._auction
    assert running is not None and running.paid is not None
    rest = subtract(n._money[p], running.paid)
    backs = payments_of(rest, n._high_bid)
    return LegalActions.paying(p, BuyBack, backs, (seat_action(Sell, p),))


def response_actions(n: GameState, p: int) -> LegalActions:
    accept: tuple[Action, ...] = ()
    if n._edition.responder_may_accept:
        accept = (seat_action(Accept, p),)
    return LegalActions(p, fixed=accept, kind=LegalActions.COUNTER, hand=n._money[p])


def reoffer_actions(n: GameState, p: int) -> LegalActions:
    return LegalActions(p, kind=LegalActions.OFFER, hand=n._money[p])


#: Each phase's list of legal actions for the player to act.
LEGAL_ACTIONS: dict[Phase, Callable[[GameState, int], LegalActions]] = {
    Phase.TURN: turn_actions,
    Phase.BIDDING: bidding_actions,
    Phase.HAMMER: hammer_actions,
    Phase.PAYMENT: payment_actions,
    Phase.BUY_BACK: buy_back_actions,
    Phase.TRADE_RESPONSE: response_actions,
    Phase.TRADE_REOFFER: reoffer_actions,
}


__all__ = ["EXPECTED", "LEGAL_ACTIONS", "RULES", "refusal"]
