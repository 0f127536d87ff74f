"""The action encoding and the coded game (kuhtheory.interop.encoding, kuhtheory.interop.coded).

The central property: from any position, the action sequences the masks allow lead to exactly the
engine's listed legal actions, each by exactly one sequence, and no allowed sequence is a dead
end. Checked on positions of random games of every edition and variant.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from interop_helpers import EDITION_NAMES

from kuhtheory.agents.play import agent_seed
from kuhtheory.agents.random import RandomAgent, random_playout
from kuhtheory.cards import ANIMALS, DENOMINATIONS, Animal
from kuhtheory.editions import get_edition
from kuhtheory.engine import (
    Action,
    Bid,
    GameState,
    Pay,
    Phase,
    new_game,
    setup_position,
)
from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.interop.coded import CodedState, new_coded_game
from kuhtheory.interop.encoding import (
    BID_STEP,
    CARD_0,
    DONE,
    TRADE_0,
    ActionEncoding,
    Move,
    MoveKind,
)

# ---------------------------------------------------------------------------------------------
# The code table


def test_the_table_has_every_code_once_and_decodes_back() -> None:
    for name in ("classic", "first"):
        enc = ActionEncoding.for_edition(name)
        moves = [enc.decode(code) for code in range(enc.num_actions)]
        assert len(set(moves)) == enc.num_actions
        assert [enc.encode(m) for m in moves] == list(range(enc.num_actions))


def test_the_documented_layout() -> None:
    enc = ActionEncoding.for_edition("classic")
    assert enc.num_actions == 522 and ActionEncoding.for_edition("bluff").num_actions == 502
    assert [enc.describe(c) for c in range(CARD_0)] == [
        "AUCTION",
        "PASS",
        "SELL",
        "PREEMPT",
        "ACCEPT",
    ]
    assert [enc.decode(CARD_0 + i).card for i in range(len(DENOMINATIONS))] == list(DENOMINATIONS)
    assert enc.describe(DONE) == "DONE"
    assert enc.decode(TRADE_0) == Move.trade(1, Animal.ROOSTER)
    assert enc.decode(TRADE_0 + 10 * 3 + 9) == Move.trade(4, Animal.HORSE)
    assert enc.bid_0 == TRADE_0 + 40
    assert enc.decode(enc.bid_0) == Move.bid(BID_STEP)
    assert enc.decode(enc.num_actions - 1) == Move.bid(4700)  # the whole classic money deck


@pytest.mark.parametrize("code", [-1, 522, 1.0, "3", None, True])
def test_a_value_that_is_not_a_code_is_refused(code: object) -> None:
    with pytest.raises(
        InvalidActionError, match=r"is not an action code: codes are whole numbers 0\.\.521"
    ):
        ActionEncoding.for_edition("classic").decode(code)


def test_numpy_integers_are_codes() -> None:
    enc = ActionEncoding.for_edition("classic")
    assert enc.decode(np.int64(57)) == enc.decode(57) == Move.bid(60)


def test_moves_without_a_code_are_refused() -> None:
    enc = ActionEncoding.for_edition("classic")
    for move in (
        Move.bid(35),
        Move.bid(0),
        Move.bid(4710),
        Move.trade(5, Animal.COW),
        Move.card_of(20),
    ):
        with pytest.raises(InvalidActionError):
            enc.encode(move)


# ---------------------------------------------------------------------------------------------
# Masks and the engine's legal actions


def completions(g: CodedState) -> list[Action]:
    """The engine actions every allowed code sequence from ``g`` leads to (depth first)."""
    out: list[Action] = []
    stack = [g]
    while stack:
        h = stack.pop()
        codes = h.legal_codes()
        assert codes, f"dead end: nothing allowed after laying {h.pile_cards} in {h.state!r}"
        assert np.flatnonzero(h.mask()).tolist() == list(codes)
        for code in codes:
            k = h.apply(code)
            if k.state is h.state:
                stack.append(k)
            else:
                out.append(k.state.history[-1])
    return out


def sampled_positions(edition: str, seed: int, every: int) -> Iterator[GameState]:
    """Every ``every``-th position of a random game (the random bot's play)."""
    s = new_game(
        players=4 if get_edition(edition).max_players >= 4 else 3, seed=seed, edition=edition
    )
    bot = RandomAgent(seed)
    step = 0
    while not s.is_terminal:
        if step % every == 0 or s.phase in (Phase.PAYMENT, Phase.BUY_BACK, Phase.TRADE_REOFFER):
            yield s
        s = s.apply(bot.act(None, s.legal_actions()))
        step += 1


@pytest.mark.parametrize("edition", EDITION_NAMES)
def test_allowed_sequences_are_exactly_the_listed_legal_actions(edition: str) -> None:
    checked = 0
    for s in sampled_positions(edition, seed=3, every=7):
        legal = s.legal_actions()
        if len(legal) > 2000:  # a trade with a large hand: the same rule, just slower to list
            continue
        reached = completions(CodedState.start(s))
        assert len(reached) == len(set(reached)), "a pile laid in two ways"
        assert set(reached) == set(legal)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "edition", ["classic", "2025+double-move", "bluff+super-trade", "classic+short"]
)
def test_codes_replay_a_random_game_to_the_same_state(edition: str) -> None:
    # The random bots' play, step by step through the codes, ends where random_playout does.
    seed = 11
    end = random_playout(new_game(players=4, seed=seed, edition=edition), seed)
    g = new_coded_game(players=4, seed=seed, edition=edition)
    bots = [RandomAgent(agent_seed(seed, seat)) for seat in range(4)]
    while not g.is_terminal:
        action = bots[g.state.current_player].act(None, g.state.legal_actions())
        for code in g.codes_for(action):
            g = g.apply(code)
        assert g.state.history[-1] == action
    assert g.state == end and g.state.scores() == end.scores()


# ---------------------------------------------------------------------------------------------
# Laying piles


def hammered() -> GameState:
    """Classic, 3 players: P1 bid 60 for P0's first animal and must pay (K-PAY-1)."""
    s = new_game(players=3, seed=4, first_player=0)
    s = s.apply(s.legal_actions()[0])  # Auction
    s = s.apply(Bid(1, 60))
    while s.phase is Phase.BIDDING:
        s = s.apply(s.legal_actions().fixed[0])  # Pass
    s = s.apply(s.legal_actions().fixed[0])  # Sell
    assert s.phase is Phase.PAYMENT and s.current_player == 1
    return s


def test_a_payment_is_laid_smallest_card_first_and_only_irreducible_ones_finish() -> None:
    # P1 holds 0,0,10,10,10,10,50 and owes 60: the one irreducible payment is 10+50 (K-PAY-1), so
    # the mask allows CARD 10, then CARD 50, and DONE only once the pile is that payment.
    g = CodedState.start(hammered())
    enc = g.encoding
    pays = {a.cards for a in g.state.legal_actions().fixed if isinstance(a, Pay)}
    assert pays == {(10, 50)}
    assert enc.describe(DONE) not in [enc.describe(c) for c in g.legal_codes()]
    g10 = g.apply(enc.encode(Move.card_of(10)))
    assert g10.pile_cards == (10,) and g10.floor == 1 and g10.state is g.state
    assert Move.card_of(0) not in g10.legal_moves()  # smallest first
    g60 = g10.apply(enc.encode(Move.card_of(50)))
    assert g60.legal_moves() == (Move(MoveKind.DONE),)
    paid = g60.apply(DONE)
    assert paid.state.history[-1] == Pay(1, (10, 50)) and not paid.laying


def test_a_trade_is_named_then_laid() -> None:
    s = setup_position(3, herds={0: {Animal.COW: 1}, 2: {Animal.COW: 1}}, money={0: (0, 10, 50)})
    g = CodedState.start(s)
    enc = g.encoding
    assert [enc.describe(c) for c in g.legal_codes()] == ["AUCTION", "TRADE +2 cow"]
    g = g.apply(enc.encode(Move.trade(2, Animal.COW)))
    assert g.target == (2, Animal.COW) and g.laying
    assert [enc.describe(c) for c in g.legal_codes()] == ["CARD 0", "CARD 10", "CARD 50", "DONE"]
    g = g.apply(enc.encode(Move.card_of(10))).apply(DONE)
    assert g.state.phase is Phase.TRADE_RESPONSE and g.state.current_player == 2
    assert g.state.trade is not None and g.state.trade.offer == (10,)
    assert g.steps == 3


def test_a_code_outside_the_mask_is_refused_and_nothing_changes() -> None:
    g = CodedState.start(hammered())
    before = (g.state, g.pile, g.floor, g.steps)
    with pytest.raises(
        IllegalActionError,
        match=r"action 0 \(AUCTION\) is not allowed now: P1 is to act in the payment phase; "
        r"the mask allows CARD 10$",
    ):
        g.apply(0)
    laid = g.apply(CARD_0 + 1)
    with pytest.raises(
        IllegalActionError, match=r"pile laid so far \[10\]; the mask allows CARD 50$"
    ):
        laid.apply(CARD_0)
    assert (g.state, g.pile, g.floor, g.steps) == before
    with pytest.raises(InvalidActionError, match="not an action code"):
        g.apply(10_000)


def test_after_the_end_nothing_is_allowed() -> None:
    end = random_playout(new_game(players=3, seed=2), 2)
    g = CodedState.start(end)
    assert g.legal_codes() == () and not g.mask().any()
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.apply(0)


def test_actions_without_codes_say_why() -> None:
    s = new_game(players=3, seed=4, first_player=0)
    s = s.apply(s.legal_actions()[0])
    g = CodedState.start(s)
    with pytest.raises(
        IllegalActionError,
        match=r"Bid\(player=1, amount=35\) has no action code here: "
        "the encoding lists bids in steps of 10",
    ):
        g.codes_for(Bid(1, 35))  # classic: legal (min raise 1) but not listed
    with pytest.raises(IllegalActionError, match="it is P1's move, not P2's"):
        g.codes_for(Bid(2, 40))
    paying = CodedState.start(hammered())
    with pytest.raises(IllegalActionError, match="has no action code here"):
        paying.codes_for(Pay(1, (0, 10, 50)))  # an overpayment: accepted by apply, not listed


def test_relative_trade_offsets_mean_the_same_from_every_seat() -> None:
    for active in range(3):
        other = (active + 1) % 3
        s = setup_position(
            3, herds={active: {Animal.DOG: 1}, other: {Animal.DOG: 1}}, active=active
        )
        g = CodedState.start(s)
        assert Move.trade(1, Animal.DOG) in g.legal_moves()
        assert g.apply(g.encoding.encode(Move.trade(1, Animal.DOG))).target == (other, Animal.DOG)


def test_the_mask_has_one_bid_code_per_listed_bid() -> None:
    s = new_game(players=4, seed=9, first_player=0)
    s = s.apply(s.legal_actions()[0])
    g = CodedState.start(s)
    legal = s.legal_actions()
    bids = [
        g.encoding.decode(c).amount
        for c in np.flatnonzero(g.mask())
        if g.encoding.decode(c).kind is MoveKind.BID
    ]
    assert bids == list(legal.bid_range) and len(ANIMALS) == 10
