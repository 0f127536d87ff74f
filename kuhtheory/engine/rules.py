"""The rules: legal actions and transitions, one function per phase, clause ids in comments.

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
  deck is not empty. The game ends when every family is complete (K-END-2).

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

from typing import Any

from kuhtheory.cards import DENOMINATIONS, NO_MONEY, Animal, Counts
from kuhtheory.editions import CounterSettlement, Preemption, TradeTie
from kuhtheory.engine import events as ev
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
from kuhtheory.engine.bank import pay_from_bank
from kuhtheory.engine.legal import (
    LegalActions,
    cards_to_counts,
    counts_to_cards,
    make_accept,
    make_auction,
    make_buyback,
    make_pass,
    make_pay,
    make_preempt,
    make_sell,
)
from kuhtheory.engine.state import (
    ANIMAL_INDEX,
    DOVE_PAIRS,
    INDEX_BY_POINTS,
    GameState,
    Phase,
    _Auc,
    _Trd,
)
from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.payment import minimal_payments

# Enum members as module constants: reading ``Phase.BIDDING`` costs a class lookup each time.
_TURN, _BIDDING, _HAMMER, _PAYMENT = Phase.TURN, Phase.BIDDING, Phase.HAMMER, Phase.PAYMENT
_BUY_BACK, _TRADE_RESPONSE = Phase.BUY_BACK, Phase.TRADE_RESPONSE
_TRADE_REOFFER, _GAME_OVER = Phase.TRADE_REOFFER, Phase.GAME_OVER
_PAY_BID, _BUY_BACK_PREEMPTION = Preemption.PAY_BID, Preemption.BUY_BACK
_KEEP_RECEIVED = CounterSettlement.KEEP_RECEIVED
_OFFERER_WINS, _REOFFER_THEN_FREE = TradeTie.OFFERER_WINS, TradeTie.REOFFER_THEN_FREE

if DENOMINATIONS != (0, 10, 50, 100, 200, 500):  # pragma: no cover - guards _total below
    raise RuntimeError("rules._total assumes the denominations 0, 10, 50, 100, 200, 500")

_DONKEY = Animal.DONKEY
_ANIMALS = tuple(Animal)


def _total(c: Counts) -> int:
    return 10 * c[1] + 50 * c[2] + 100 * c[3] + 200 * c[4] + 500 * c[5]


def _add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def _sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def _within(hand: Counts, part: Counts) -> bool:
    return (
        part[0] <= hand[0] and part[1] <= hand[1] and part[2] <= hand[2]
        and part[3] <= hand[3] and part[4] <= hand[4] and part[5] <= hand[5]
    )


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
    n._evbuf.append((cls, args))


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
        n._phase = _TURN
        n._current = p
        return
    players = n._players
    for _ in range(players):  # K-END-1: must trade if he can, else pass
        if can_trade(n, p):
            n._active = p
            n._phase = _TURN
            n._current = p
            return
        _event(n, ev.TurnPassed, p)
        n._turn += 1
        p = (p + 1) % players
    raise RuntimeError(  # pragma: no cover - impossible, see the module docstring
        "no player can trade although a family is incomplete"
    )


def _end_turn(n: GameState) -> None:
    n._turn += 1
    begin_turn(n, (n._active + 1) % n._players)


# ----- auctions ----------------------------------------------------------------------------------

def _next_bidder(n: GameState, after: int) -> int:
    """The next seat after ``after`` who may still bid, or -1: the auction is hammered (K-AUC-2)."""
    auc = n._auc
    assert auc is not None
    players = n._players
    ed = n._edition
    hbr = n._hbr
    min_next = n._hb + ed.min_raise if hbr >= 0 else ed.min_raise
    skip = n._passed | (1 << auc.auctioneer)
    if hbr >= 0:
        skip |= 1 << hbr
    if ed.one_bid_per_auction:
        skip |= n._once
    caps = auc.caps
    for k in range(1, players):
        p = (after + k) % players
        if skip >> p & 1:
            continue
        cap = caps[p]
        if 0 <= cap < min_next:
            continue
        return p
    return -1


def _open_bidding(n: GameState, animals: tuple[Animal, ...], caps: tuple[int, ...]) -> None:
    auctioneer = n._active
    n._auc = _Auc(animals, auctioneer, caps)
    n._hb = 0
    n._hbr = -1
    n._passed = 0
    n._once = 0
    nxt = _next_bidder(n, auctioneer)
    if nxt < 0:
        _free(n)
        return
    n._phase = _BIDDING
    n._current = nxt


def _free(n: GameState) -> None:
    """K-AUC-3: no bid, the auctioneer takes the animal(s) for free."""
    auc = n._auc
    assert auc is not None
    _event(n, ev.TakenFree, auc.auctioneer, auc.animals)
    _give_all(n, auc.auctioneer, auc.animals)
    _end_turn(n)


def _hammer(n: GameState) -> None:
    """K-AUC-2: nobody raises any more."""
    auc = n._auc
    assert auc is not None
    if n._hbr < 0:
        _free(n)
        return
    _event(n, ev.Hammered, auc.auctioneer, n._hbr, n._hb)
    if n._edition.preemption is _PAY_BID and (
        _total(n._money[auc.auctioneer]) >= n._hb
    ):
        n._phase = _HAMMER
        n._current = auc.auctioneer
        return
    _bidder_pays(n)


def _bidder_pays(n: GameState) -> None:
    """The high bidder must pay; if he cannot, K-PAY-2 (show money, run the auction again)."""
    auc = n._auc
    assert auc is not None
    b = n._hbr
    hand = n._money[b]
    if _total(hand) < n._hb:
        shown = counts_to_cards(hand)
        shown_list = list(n._shown)
        shown_list[b] = shown
        n._shown = tuple(shown_list)
        _event(n, ev.Insolvent, b, n._hb, shown)
        caps = list(auc.caps)
        caps[b] = _total(hand)
        _open_bidding(n, auc.animals, tuple(caps))
        return
    n._auc = _Auc(auc.animals, auc.auctioneer, auc.caps, b, auc.auctioneer)
    n._phase = _PAYMENT
    n._current = b


def _complete_sale(n: GameState, paid: Counts) -> None:
    auc = n._auc
    assert auc is not None
    _event(n, ev.Sold, n._hbr, auc.auctioneer, auc.animals, n._hb, sum(paid))
    _give_all(n, n._hbr, auc.animals)
    _end_turn(n)


def _do_auction(s: GameState, a: Auction) -> GameState:
    if s._pos >= len(s._deck):
        raise IllegalActionError(f"{a!r}: the animal deck is empty, trade instead (K-END-1)")
    n = s._copy()
    k = n._edition.animals_per_auction
    animals = n._deck[n._pos : n._pos + k]
    n._pos += len(animals)
    n._must_auction = False
    _event(n, ev.AuctionOpened, n._active, animals)
    for animal in animals:
        if animal is _DONKEY:  # K-DONK-1: pay out before the auction
            _donkey_payout(n)
    _open_bidding(n, animals, (-1,) * n._players)
    return n


def _do_bid(s: GameState, a: Bid) -> GameState:
    p = a.player
    amount = a.amount
    ed = s._edition
    hbr = s._hbr
    min_next = s._hb + ed.min_raise if hbr >= 0 else ed.min_raise
    if amount < min_next:
        if hbr < 0:
            raise IllegalActionError(f"{a!r}: the first bid must be at least {min_next} (K-AUC-1)")
        more = f" by at least {ed.min_raise}" if ed.min_raise > 1 else ""
        raise IllegalActionError(f"{a!r} must exceed the current bid {s._hb}{more} (K-AUC-1)")
    cap = s._auc.caps[p]  # type: ignore[union-attr]
    if 0 <= cap < amount:
        raise IllegalActionError(
            f"{a!r}: P{p} has shown {cap} in money and may not bid more (K-PAY-2)"
        )
    n = s._copy()
    n._hb = amount
    n._hbr = p
    n._passed = 0
    n._once |= 1 << p
    nxt = _next_bidder(n, p)
    if nxt >= 0:
        n._current = nxt
    else:
        _hammer(n)
    return n


def _do_pass(s: GameState, a: Pass) -> GameState:
    p = a.player
    n = s._copy()
    n._passed |= 1 << p
    nxt = _next_bidder(n, p)
    if nxt >= 0:
        n._current = nxt
    else:
        _hammer(n)
    return n


def _do_hammer_sell(s: GameState, a: Sell) -> GameState:
    n = s._copy()
    _bidder_pays(n)
    return n


def _do_preempt(s: GameState, a: Preempt) -> GameState:
    auc = s._auc
    assert auc is not None
    if _total(s._money[auc.auctioneer]) < s._hb:
        raise IllegalActionError(
            f"{a!r}: an auctioneer whose money does not reach the bid {s._hb} cannot "
            "preempt (K-AUC-4, K-PAY-1)"
        )
    n = s._copy()
    n._auc = _Auc(auc.animals, auc.auctioneer, auc.caps, auc.auctioneer, s._hbr, None, True)
    n._phase = _PAYMENT
    n._current = auc.auctioneer
    return n


def _do_pay(s: GameState, a: Pay) -> GameState:
    auc = s._auc
    assert auc is not None
    p = a.player
    counts = cards_to_counts(a.cards)
    hand = s._money[p]
    if not _within(hand, counts):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{p}'s hand (K-PAY-1)")
    if _total(counts) < s._hb:
        raise IllegalActionError(
            f"{a!r} pays {_total(counts)}, less than the {s._hb} due; no change is given, "
            "so the cards must total at least the amount (K-PAY-1)"
        )
    n = s._copy()
    _move_money(n, p, auc.payee, counts)
    if auc.preempt:
        _event(n, ev.Preempted, auc.auctioneer, n._hbr, auc.animals, n._hb, sum(counts))
        _give_all(n, auc.auctioneer, auc.animals)
        _end_turn(n)
        return n
    if n._edition.preemption is _BUY_BACK_PREEMPTION:
        rest = _sub(n._money[auc.auctioneer], counts)
        if _total(rest) >= n._hb:
            n._auc = _Auc(auc.animals, auc.auctioneer, auc.caps, -1, -1, counts, False)
            n._phase = _BUY_BACK
            n._current = auc.auctioneer
            return n
    _complete_sale(n, counts)
    return n


def _do_buyback(s: GameState, a: BuyBack) -> GameState:
    auc = s._auc
    assert auc is not None and auc.paid is not None
    p = a.player
    counts = cards_to_counts(a.cards)
    rest = _sub(s._money[p], auc.paid)
    if not _within(rest, counts):
        raise IllegalActionError(
            f"{a!r}: those cards are not all in P{p}'s hand besides the "
            f"{counts_to_cards(auc.paid)!r} he returns (K-AUC-4)"
        )
    if _total(counts) < s._hb:
        raise IllegalActionError(
            f"{a!r} pays {_total(counts)}, less than the bid {s._hb}; no change is given "
            "(K-AUC-4, K-PAY-1)"
        )
    n = s._copy()
    _move_money(n, p, n._hbr, _add(auc.paid, counts))
    _event(n, ev.BoughtBack, p, n._hbr, auc.animals, n._hb, sum(counts))
    _give_all(n, p, auc.animals)
    _end_turn(n)
    return n


def _do_keep_sale(s: GameState, a: Sell) -> GameState:
    auc = s._auc
    assert auc is not None and auc.paid is not None
    n = s._copy()
    _complete_sale(n, auc.paid)
    return n


# ----- trades ------------------------------------------------------------------------------------

def _do_trade(s: GameState, a: Trade) -> GameState:
    p = a.player
    q = a.opponent
    if q >= s._players:
        raise InvalidActionError(f"{a!r}: opponent {q} is not a seat of this game")
    if s._must_auction:
        raise IllegalActionError(
            f"{a!r}: after a trade P{p} must also auction (2025 'double move')"
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
    _event(n, ev.TradeStarted, p, q, a.animal, stake, sum(counts))
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
    _event(n, ev.TradeResolved, t.offerer, t.opponent, t.animal, t.stake, t.offerer, "accepted",
           0, sum(t.offer))
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
    _event(n, ev.TradeCountered, b, sum(counts))
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
        to_a, to_b = sum(counts), sum(offer)
    else:  # WINNER_PAYS: the winner's pile goes to the loser, its 0-cards back at once
        won_pile = offer if winner == A else counts
        lost_pile = counts if winner == A else offer
        zeros = (won_pile[0], 0, 0, 0, 0, 0)
        paid = _sub(won_pile, zeros)
        money[loser] = _add(money[loser], _add(paid, lost_pile))
        money[winner] = _add(money[winner], zeros)
        moved = sum(paid)
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
    _event(n, ev.TradeReoffered, p, sum(counts))
    return n


# ----- dispatch ----------------------------------------------------------------------------------

_HANDLERS: dict[Phase, dict[type, Any]] = {
    _TURN: {Auction: _do_auction, Trade: _do_trade},
    _BIDDING: {Bid: _do_bid, Pass: _do_pass},
    _HAMMER: {Sell: _do_hammer_sell, Preempt: _do_preempt},
    _PAYMENT: {Pay: _do_pay},
    _BUY_BACK: {BuyBack: _do_buyback, Sell: _do_keep_sale},
    _TRADE_RESPONSE: {Accept: _do_accept, Counter: _do_counter},
    _TRADE_REOFFER: {Offer: _do_offer},
    _GAME_OVER: {},
}
_ACTION_TYPES = (Auction, Bid, Pass, Sell, Preempt, BuyBack, Pay, Trade, Offer, Accept, Counter)
_EXPECTED = {
    _TURN: "Auction or Trade by the active player (K-TURN-1)",
    _BIDDING: "Bid or Pass by the bidder to act (K-AUC-1, K-AUC-2)",
    _HAMMER: "Sell or Preempt by the auctioneer (K-AUC-4)",
    _PAYMENT: "Pay by the payer (K-PAY-1)",
    _BUY_BACK: "BuyBack or Sell by the auctioneer (K-AUC-4)",
    _TRADE_RESPONSE: "Accept or Counter by the challenged player (K-TRD-2)",
    _TRADE_REOFFER: "Offer by the offerer after a tie (K-TRD-3)",
    _GAME_OVER: "nothing: the game is over (K-END-2)",
}


def apply(s: GameState, action: Any) -> GameState:
    """The state after ``action`` (see the module docstring); ``s`` is unchanged."""
    handler = _HANDLERS[s._phase].get(type(action))
    if handler is None or action.player != s._current:
        if not isinstance(action, _ACTION_TYPES):
            raise InvalidActionError(f"{action!r} is not a Kuhhandel action")
        if s._phase is _GAME_OVER:
            raise IllegalActionError(f"{action!r}: the game is over (K-END-2)")
        if handler is None:
            raise IllegalActionError(
                f"{action!r} is not possible now: the phase is {s._phase.value}, expecting "
                f"{_EXPECTED[s._phase]}"
            )
        raise IllegalActionError(
            f"{action!r}: it is P{s._current}'s move, not P{action.player}'s "
            f"(expecting {_EXPECTED[s._phase]})"
        )
    new: GameState = handler(s, action)
    evbuf = new._evbuf
    new._log = (s._log, (action, tuple(evbuf) if evbuf else ()))
    new._nlog = s._nlog + 1
    return new


def check(s: GameState, action: object) -> str | None:
    """None if ``apply`` accepts ``action``, else the error message it raises."""
    try:
        apply(s, action)
    except (IllegalActionError, InvalidActionError) as exc:
        return str(exc)
    return None


def money_in_play(n: GameState) -> int:
    """All the money outside the bank: the players' hands and any pile on the table."""
    return _deck_total(n._edition.money_deck) - _total(n._bank)


_deck_totals: dict[Counts, int] = {}


def _deck_total(deck: Counts) -> int:
    t = _deck_totals.get(deck)
    if t is None:
        t = _deck_totals[deck] = _total(deck)
    return t


#: Bidding lists depend only on (bidder, lowest bid, highest listed bid): shared between states.
_BID_LISTS: dict[tuple[int, int, int], LegalActions] = {}


def legal_actions(n: GameState) -> LegalActions:
    """The listed legal actions of ``n`` (see :mod:`kuhtheory.engine.legal`)."""
    phase = n._phase
    p = n._current
    if p is None:
        return LegalActions(-1)
    if phase is _BIDDING:
        auc = n._auc
        assert auc is not None
        raise_by = n._edition.min_raise
        start = -(-(n._hb + raise_by if n._hbr >= 0 else raise_by) // 10) * 10
        cap = auc.caps[p]
        upper = cap if cap >= 0 else money_in_play(n)
        key = (p, start, upper)
        legal = _BID_LISTS.get(key)
        if legal is None:
            if len(_BID_LISTS) > 65536:
                _BID_LISTS.clear()
            legal = _BID_LISTS[key] = LegalActions(p, range(start, upper + 1, 10),
                                                   (make_pass(p),))
        return legal
    if phase is _TURN:
        fixed = (make_auction(p),) if n._pos < len(n._deck) else ()
        if n._must_auction:
            return LegalActions(p, fixed=fixed)
        targets = _targets(n, p)
        if not targets:
            return LegalActions(p, fixed=fixed)
        return LegalActions(p, fixed=fixed, kind=LegalActions.TRADE, targets=targets,
                            hand=n._money[p])
    if phase is _PAYMENT:
        auc = n._auc
        assert auc is not None
        pays = tuple(make_pay(p, counts_to_cards(c))
                     for c in minimal_payments(n._money[p], n._hb))
        return LegalActions(p, fixed=pays)
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
        rest = _sub(n._money[p], auc.paid)
        backs = tuple(make_buyback(p, counts_to_cards(c))
                      for c in minimal_payments(rest, n._hb))
        return LegalActions(p, fixed=(*backs, make_sell(p)))
    raise AssertionError(phase)  # pragma: no cover
