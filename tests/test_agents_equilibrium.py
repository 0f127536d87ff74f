"""Tests of the equilibrium bot (kuhtheory.agents.equilibrium) and its belief model (.belief)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.agents import make_agent
from kuhtheory.agents.belief import MoneyTracker, likely_hand, unseen_pool
from kuhtheory.agents.equilibrium import (
    MAX_CARDS,
    EquilibriumAgent,
    model_hand,
    pile_of,
    stake_points,
)
from kuhtheory.cards import DENOMINATIONS, Animal, add, contains, from_counts, to_counts
from kuhtheory.engine import new_game, setup_position
from kuhtheory.payment import least_overpay

BOTS = ["equilibrium", "heuristic", "heuristic", "random"]


def _play(edition: str, seed: int, bots=BOTS, players: int = 4, checks=None, cap: int = 3000):
    """Play one game (every action goes through GameState.apply, which raises
    IllegalActionError on any illegal action); ``checks(state, seat, action)`` runs on the
    equilibrium bot's moves."""
    state = new_game(players=players, seed=seed, edition=edition)
    agents = [make_agent(b, seed * 10 + s) for s, b in enumerate(bots[:players])]
    while not state.is_terminal and len(state.history) < cap:
        p = state.current_player
        action = agents[p].act(state.observation(p), state.legal_actions())
        if checks is not None and agents[p].name == "equilibrium":
            checks(state, p, action)
        state = state.apply(action)
    return state


# ----- legality over many games -----------------------------------------------------------------
@pytest.mark.parametrize(
    "edition", ["classic", "2025", "first", "bluff", "2025+no-kidding", "classic+quick"]
)
def test_k_turn_1_only_legal_actions_in_every_edition(edition: str) -> None:
    # A few games per edition here; benchmarks/bench_tournament.py plays hundreds more.
    seen = set()

    def check(state, p, action) -> None:
        seen.add(type(action).__name__)
        assert action.player == p

    for seed in range(3):
        end = _play(edition, seed, checks=check)
        assert end.is_terminal or len(end.history) >= 3000
    assert {"Auction", "Trade"} <= seen  # it both auctions and trades


def test_k_trd_2_bluff_never_accepts_and_classic_responds() -> None:
    kinds = {"bluff": set(), "classic": set()}
    for edition in kinds:

        def check(state, p, action, edition=edition) -> None:
            if state.phase.name == "TRADE_RESPONSE":
                kinds[edition].add(type(action).__name__)

        _play(edition, 1, bots=["equilibrium"] * 3, players=3, checks=check)
    assert "Accept" not in kinds["bluff"] and "Counter" in kinds["bluff"]
    assert kinds["classic"] <= {"Accept", "Counter"} and kinds["classic"]


def test_three_equilibrium_bots_finish_a_game() -> None:
    end = _play("2025", 4, bots=["equilibrium"] * 3, players=3)
    assert end.is_terminal


# ----- determinism --------------------------------------------------------------------------------
def test_deterministic_given_its_seed() -> None:
    a = _play("classic", 9, cap=250)
    b = _play("classic", 9, cap=250)
    assert a.history == b.history


def test_registry_builds_it() -> None:
    bot = make_agent("equilibrium", seed=3)
    assert isinstance(bot, EquilibriumAgent) and bot.name == "equilibrium" and bot.seed == 3


# ----- payment and preemption ---------------------------------------------------------------------
def test_k_pay_1_pays_with_least_overpay() -> None:
    def check(state, p, action) -> None:
        if state.phase.name == "PAYMENT":
            hand = to_counts(state.observation(p).money)
            best = least_overpay(hand, state.observation(p).auction.amount)
            assert sum(action.cards) == sum(from_counts(best[0]))

    _play("classic", 2, checks=check)


def test_k_auc_4_preempts_only_what_it_can_pay() -> None:
    preempts = []

    def check(state, p, action) -> None:
        if type(action).__name__ == "Preempt":
            obs = state.observation(p)
            preempts.append(obs.auction.high_bid)
            assert obs.money_total >= obs.auction.high_bid

    for seed in range(3):
        _play("2025", seed, checks=check)
    assert preempts  # the preemption solver does tell it to preempt sometimes


def _keeps_lot_by_the_full_rule(bot: EquilibriumAgent, obs, keep) -> bool:
    """K-AUC-4's comparison as the bot made it before it learnt to skip the bidder's hand:
    always against the bidder's likely hand (or the pile he paid, on a buy-back)."""
    from kuhtheory.solvers.preemption import Purse, outcome_payoffs, prefers_preempt

    auction = obs.auction
    bidder = auction.high_bidder
    worth = int(bot._lot_worth(obs))
    bidder_worth = int(
        bot.money_worth(obs, sum(stake_points(obs, a, bidder) for a in auction.animals))
    )
    if type(keep).__name__ == "BuyBack" and auction.paid is not None:
        theirs = Purse.of(auction.paid)
    else:
        hand = bot._belief.likely_hand(obs, bidder)
        theirs = Purse.of(hand) if sum(hand) >= auction.high_bid else Purse.of(auction.high_bid)
    sell, preempt = outcome_payoffs(
        Purse.of(obs.money), theirs, auction.high_bid, worth, bidder_worth
    )
    return sell is not None and prefers_preempt(sell, preempt)


@pytest.mark.parametrize("edition", ["2025", "bluff"])
def test_k_auc_4_keeps_lot_as_the_full_comparison(edition: str, monkeypatch) -> None:
    # keeps_lot skips the bidder's likely hand when preempting cannot beat the bid (selling
    # brings in at least the bid, K-PAY-1): the same answer as the full comparison, and the
    # belief left as the full comparison leaves it (it reads the events when asked).
    import copy

    answers = []
    fast = EquilibriumAgent.keeps_lot

    def both(self, obs, keep) -> bool:
        other = copy.deepcopy(self)
        full = _keeps_lot_by_the_full_rule(other, obs, keep)
        mine = fast(self, obs, keep)
        assert mine == full
        assert (self._belief._seen, self._belief._est) == (other._belief._seen, other._belief._est)
        answers.append(mine)
        return mine

    monkeypatch.setattr(EquilibriumAgent, "keeps_lot", both)
    for seed in range(4):
        _play(edition, seed)
    assert True in answers and False in answers


# ----- valuation ---------------------------------------------------------------------------------
def test_k_end_2_a_complete_family_is_worth_nothing_more() -> None:
    # three horses of four
    obs3 = setup_position(3, herds={0: {Animal.HORSE: 3}}).observation(0)
    # The fourth horse completes the family: its whole value (x1 with no other family owned).
    assert stake_points(obs3, Animal.HORSE, 0) == 1000
    # and player 0 owns the rooster family
    obs4 = setup_position(3, herds={0: {Animal.HORSE: 3, Animal.ROOSTER: 4}}).observation(0)
    assert stake_points(obs4, Animal.ROOSTER, 1) == 0
    # Classic multiplies: with the roosters owned, completing horses gives 1000 x 2 + 10.
    assert stake_points(obs4, Animal.HORSE, 0) == 2010


# ----- the solver's hands -------------------------------------------------------------------------
hands = st.lists(st.integers(0, 5), min_size=6, max_size=6).map(tuple)


@settings(max_examples=80, deadline=None)
@given(hands)
def test_model_hand_is_part_of_the_hand(hand) -> None:
    m = model_hand(hand)
    assert contains(hand, m)
    # At most two 0-cards are kept once the hand is cut down (bluffing needs no more).
    assert m == hand or (m[0] <= 2 and sum(m) == min(min(hand[0], 2) + sum(hand[1:]), MAX_CARDS))
    assert sum(m) <= MAX_CARDS


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=6, max_size=6).map(tuple),
    st.integers(-1, 6),
    st.integers(0, 40),
)
def test_pile_of_finds_a_pile_exactly_when_one_exists(hand, count, tens) -> None:
    amount = tens * 10
    pile = pile_of(hand, count, amount)
    from itertools import product

    exists = [
        sub
        for sub in product(*(range(c + 1) for c in hand))
        if sum(v * k for v, k in zip(DENOMINATIONS, sub, strict=True)) == amount
        and (count < 0 or sum(sub) == count)
    ]
    assert (pile is None) == (not exists)
    if pile is not None:
        assert contains(hand, to_counts(pile)) and sum(pile) == amount
        if count >= 0:
            assert len(pile) == count
        else:
            assert len(pile) == min(sum(s) for s in exists)


# ----- the belief model ---------------------------------------------------------------------------
def test_unseen_pool_is_exactly_what_the_opponents_hold() -> None:
    state = _play("classic", 5, cap=150)
    obs = state.observation(1)
    held = (0,) * 6
    for p in range(4):
        if p != 1:
            held = add(held, to_counts(state.money(p)))
    assert unseen_pool(obs) == held


def test_tracker_starts_at_the_start_money_and_follows_donkeys() -> None:
    state = new_game(players=4, seed=3, edition="classic")
    tracker = MoneyTracker()
    assert tracker.totals(state.observation(0)) == {1: 90.0, 2: 90.0, 3: 90.0}
    mid = _play("classic", 3, cap=200)
    obs = mid.observation(0)
    totals = tracker.totals(obs)  # a new game for the tracker: it resets
    assert sum(totals.values()) == pytest.approx(sum(from_counts(unseen_pool(obs))))
    assert all(v >= 0 for v in totals.values())


def test_tracker_estimates_beat_an_even_split() -> None:
    # Over a few mid-game positions the tracked totals are closer to the truth than splitting
    # the unseen pool by card count.
    err_tracked = err_even = 0.0
    for seed in range(4):
        state = _play("2025", seed, cap=120)
        obs = state.observation(0)
        totals = MoneyTracker().totals(obs)
        pool = sum(from_counts(unseen_pool(obs)))
        cards = sum(obs.card_counts[p] for p in totals) or 1
        for p, est in totals.items():
            truth = sum(state.money(p))
            err_tracked += abs(est - truth)
            err_even += abs(pool * obs.card_counts[p] / cards - truth)
    assert err_tracked < err_even


def test_likely_hand_has_the_card_count_and_comes_from_the_pool() -> None:
    pool = to_counts((0, 0, 0, 10, 10, 10, 10, 50, 50, 100, 200))
    hand = likely_hand(pool, 4, 120)
    assert sum(hand) == 4 and contains(pool, hand)
    assert sum(from_counts(hand)) in (120, 110, 130)
    assert likely_hand(pool, 20, 0) == pool


def _likely_hand_by_enumeration(
    pool: tuple[int, ...], cards: int, target: int
) -> tuple[int, float, int] | None:
    """The best (distance to the target, penalty, total) over every composition of ``cards``
    cards from ``pool``, written out by brute force (the DP's definition, not its method)."""
    size = sum(pool)
    best = None
    for counts in itertools.product(*(range(n + 1) for n in pool)):
        if sum(counts) != cards:
            continue
        tot = sum(k * v for k, v in zip(counts, DENOMINATIONS, strict=True))
        pen = 0.0
        for k, n in zip(counts, pool, strict=True):  # summed in denomination order, as the DP
            pen += (k - cards * (n / size)) ** 2
        key = (abs(tot - target), pen, tot)
        best = key if best is None else min(best, key)
    return best


@settings(max_examples=150, deadline=None)
@given(
    st.tuples(*(st.integers(0, 4) for _ in DENOMINATIONS)).filter(lambda p: sum(p) > 0),
    st.integers(0, 12),
    st.integers(0, 200),
)
def test_likely_hand_is_the_closest_total_then_the_pool_share(
    pool: tuple[int, ...], cards: int, tens: int
) -> None:
    cards = min(cards, sum(pool) - 1) if sum(pool) > 1 else 0
    hand = likely_hand(pool, cards, 10 * tens)
    size = sum(pool)
    tot = sum(k * v for k, v in zip(hand, DENOMINATIONS, strict=True))
    pen = 0.0
    for k, n in zip(hand, pool, strict=True):
        pen += (k - cards * (n / size)) ** 2
    assert sum(hand) == cards and contains(pool, hand)
    assert (abs(tot - 10 * tens), pen, tot) == _likely_hand_by_enumeration(pool, cards, 10 * tens)


def test_belief_with_spread_is_a_distribution() -> None:
    obs = _play("classic", 1, cap=100).observation(0)
    belief = MoneyTracker().belief(obs, 2, spread=1)
    assert sum(p for _, p in belief) == pytest.approx(1.0)
    assert all(len(h) == obs.card_counts[2] for h, _ in belief)


# ----- the belief pipeline (issue 13 item 6) ----------------------------------------------------
@pytest.mark.parametrize("spread", [3, 4])
def test_tracker_beliefs_go_straight_into_the_solver(spread) -> None:
    # The tracker's float probabilities need not sum to exactly 1 in decimal: the solver
    # renormalises them exactly (within 1e-6) and leaves out hands of probability 0.
    from kuhtheory.solvers import solve_trade

    state = _play("2025", 2, cap=150)
    obs = state.observation(0)
    belief = MoneyTracker().belief(obs, 1, spread=spread)
    assert len(belief) > 1
    s = solve_trade("2025", belief + [(belief[0][0][:1], 0.0)], obs.money, 60)
    assert s.exploitability < 1e-7
    assert set(s.offers) == {tuple(h) for h, _ in belief}


def _observe_solves(monkeypatch):
    """Record what the bot hands the solver."""
    from kuhtheory.agents import equilibrium

    seen = []
    real = equilibrium._solve.__wrapped__

    def spy(edition, a, b, w, refined=True):
        seen.append((a, b, w))
        return real(edition, a, b, w, refined)

    monkeypatch.setattr(equilibrium, "_solve", spy)
    return seen


@pytest.mark.parametrize("edition", ["classic", "2025"])
def test_spread_makes_the_bot_solve_against_its_belief(monkeypatch, edition) -> None:
    from kuhtheory.agents import register_agent
    from kuhtheory.agents.equilibrium import EquilibriumAgent

    seen = _observe_solves(monkeypatch)
    register_agent("eq-spread-test", lambda s: EquilibriumAgent(s, spread=2))
    for seed in range(2):
        _play(edition, seed, bots=["eq-spread-test", "heuristic", "heuristic", "random"])
    beliefs = [(a, b) for a, b, _ in seen if isinstance(a[0], tuple) or isinstance(b[0], tuple)]
    assert beliefs, "the bot never solved against a belief"
    if edition == "classic":  # B's hand hidden from A is modelled only in one-round editions
        assert all(not isinstance(b[0], tuple) for _, b in beliefs)
    else:
        assert any(isinstance(b[0], tuple) for _, b in beliefs)


def test_general_sum_bot_solves_with_each_sides_worth(monkeypatch) -> None:
    from kuhtheory.agents import register_agent
    from kuhtheory.agents.equilibrium import EquilibriumAgent

    seen = _observe_solves(monkeypatch)
    register_agent("eq-gs-test", lambda s: EquilibriumAgent(s, general_sum=True))
    end = _play("classic", 3, bots=["eq-gs-test", "heuristic", "heuristic", "random"])
    assert end.is_terminal or len(end.history) >= 3000
    worths = [w for _, _, w in seen]
    assert worths and all(isinstance(w, tuple) and len(w) == 2 for w in worths)
    assert any(wa != wb for wa, wb in worths)


def test_spread_is_checked() -> None:
    from kuhtheory.agents.equilibrium import EquilibriumAgent
    from kuhtheory.errors import InvalidSetupError

    with pytest.raises(InvalidSetupError, match="spread"):
        EquilibriumAgent(0, spread=7)
    assert "spread=2" in repr(EquilibriumAgent(0, spread=2))


# ----- a challenge as the challenged bot sees it (K-TRD-1..3) ------------------------------------
def _challenge(pile: tuple[int, ...]):
    """Classic, the deck empty, P0 and P1 two Roosters each; P2 holds no money, so P0's hand is
    exactly the money the bot (P1) does not see. P0 challenges P1 laying ``pile``."""
    from engine_helpers import endgame

    from kuhtheory.engine.actions import Trade

    money = {0: (0, 0, 0, 0, 10, 10, 10, 10, 10, 10, 50, 50), 1: (0, 0, 50, 50), 2: ()}
    herds = {0: {Animal.ROOSTER: 2}, 1: {Animal.ROOSTER: 2}}
    state = endgame(3, "classic", herds, money, rest_to=2)
    return state.apply(Trade(0, 1, Animal.ROOSTER, pile)), money[0]


def test_k_trd_1_the_challengers_hand_is_modelled_with_the_pile_he_laid() -> None:
    """The laid pile is still the challenger's (K-TRD-1: face down, its count public): the
    tracker's hand for him has his cards and total with the pile, and the model hand the solver
    sees keeps room for a pile of that count however far it is cut (MAX_CARDS); before, the
    pile's cards were left out of his hand and the cut could leave fewer cards than he laid."""
    pile = (0, 0, 0, 0, 10, 10, 10, 10, 10)  # nine cards, more than MAX_CARDS
    state, p0_money = _challenge(pile)
    obs = state.observation(1)
    bot = EquilibriumAgent(seed=0)
    likely = bot._belief.likely_hand(obs, 0)
    assert likely == p0_money  # count and total, the pile included
    modelled = bot._hand_of(obs, 0)
    assert sum(modelled) >= len(pile) > MAX_CARDS
    assert contains(to_counts(p0_money), modelled)
    assert modelled[DENOMINATIONS.index(50)] == 2  # the cut keeps his largest cards
    for seed in range(10):
        action = EquilibriumAgent(seed).act(obs, state.legal_actions())
        assert action in state.legal_actions()


def test_k_trd_3_the_reply_to_a_re_offer_is_the_second_rounds() -> None:
    """After a classic tie the money goes back and A offers again; a second tie gives A the
    stake free (K-TRD-3). P0 re-offers 10+100; P1 holds 0,0,50,50: a counter of 100 ties with
    P0's 0+100 and loses the Roosters, so the second round's reply never plays it (the first
    round's, where a tie only leads to the re-offer, does)."""
    from engine_helpers import endgame

    from kuhtheory.engine.actions import Counter, Offer, Trade
    from kuhtheory.solvers import trade_round
    from kuhtheory.solvers.trade import TradeRules

    money = {0: (0, 0, 10, 10, 10, 100, 100, 100), 1: (0, 0, 50, 50), 2: ()}
    herds = {0: {Animal.ROOSTER: 2}, 1: {Animal.ROOSTER: 2}}
    state = endgame(3, "classic", herds, money, rest_to=2)
    for action in (Trade(0, 1, Animal.ROOSTER, (0, 0)), Counter(1, (0, 0)), Offer(0, (10, 100))):
        state = state.apply(action)
    assert state.trade is not None and state.trade.round == 2
    obs = state.observation(1)
    replies = [EquilibriumAgent(seed).act(obs, state.legal_actions()) for seed in range(30)]
    assert not any(isinstance(r, Counter) and sum(r.cards) == 100 for r in replies)
    # ... where the first round's reply to two cards does counter 100 (the slip this fixes)
    plan, _ = EquilibriumAgent(0)._plan(obs, 0, 1, Animal.ROOSTER, 2)
    rules = TradeRules.from_edition("classic")
    first = dict(trade_round.reply(rules, plan.a, plan.b, float(plan.w), 2).table())
    assert first.get(100, 0.0) > 0.01
    assert dict(plan.reply(2, second=True)).get(100, 0.0) < 1e-9
