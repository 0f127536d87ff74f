"""The coach (kuhtheory.coach): known losses, the equilibrium bot's zero loss, the bots' ranking.

Rule clauses: K-AUC-4 (preemption), K-PAY-1 (no change), K-TRD-1..4 (the trade), K-PAY-2.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import A, endgame
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.agents import make_agent
from kuhtheory.agents.equilibrium import MAX_CARDS, EquilibriumAgent, model_hand
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.cards import Animal, from_counts, to_counts
from kuhtheory.coach import (
    Certainty,
    Coach,
    FamilyWorth,
    FixedWorth,
    Kind,
    coach_game,
    game_steps,
)
from kuhtheory.coach.hands import held
from kuhtheory.coach.trade_model import estimate_seconds
from kuhtheory.engine import (
    Accept,
    Auction,
    Bid,
    Counter,
    GameState,
    Offer,
    Pass,
    Pay,
    Phase,
    Preempt,
    Sell,
    Trade,
    new_game,
)
from kuhtheory.errors import InvalidRecordError, SolverInputError
from kuhtheory.game import get_game
from kuhtheory.record import record_from_state, save
from kuhtheory.solvers.trade import TradeRules

ROOT = Path(__file__).resolve().parent.parent


# ----- a hand-made game with known losses ------------------------------------------------------
def lesson() -> GameState:
    """Classic, four players, 90 each (2x0, 4x10, 1x50). P0 auctions a Goat, P1 bids 50, P0
    preempts and pays 10+10+10+10+50 = 90. Then P1 auctions a Rooster, P2 bids 10, P1 sells, P2
    pays 10."""
    state = new_game(players=4, seed=1, edition="classic", first_player=0)
    assert state.deck[:2] == (Animal.GOAT, Animal.ROOSTER)  # no donkey payout first (K-DONK-1)
    for action in (
        Auction(0),
        Bid(1, 50),
        Pass(2),
        Pass(3),
        Preempt(0),
        Pay(0, (10, 10, 10, 10, 50)),
        Auction(1),
        Bid(2, 10),
        Pass(3),
        Pass(0),
        Sell(1),
        Pay(2, (10,)),
    ):
        state = state.apply(action)
    return state


def test_k_auc_4_k_pay_1_a_costly_preemption_and_an_overpay_report_exactly_their_losses():
    report = coach_game(record_from_state(lesson()), hands="public", worth=FixedWorth(20))
    verdicts = {(v.step, v.kind): v for v in report.verdicts}
    # Selling, P0 gets P1's 50-card: +50. Preempting he pays 50 (his own 50-card, the least
    # overpay) for a Goat worth 20 to him: -30. The preemption costs 50 - (-30) = 80.
    preempt = verdicts[(4, Kind.PREEMPTION)]
    assert preempt.loss == 80 and preempt.recommendation.startswith("sell")
    # He paid 90 where his 50-card pays the 50 exactly: 40 lost to the no-change rule (K-PAY-1).
    overpay = verdicts[(5, Kind.PAYMENT)]
    assert overpay.loss == 40 and overpay.recommendation == "pay 50 = 50"
    assert preempt.certainty is overpay.certainty is Certainty.EXACT
    # Everything else at the hammer and in payments was right: P1 sold the Rooster (selling gets
    # 10, preempting costs 10 for a lot worth 20: also +10, and ties sell), P2 paid 10 with a 10.
    rest = [
        v
        for v in report.verdicts
        if v.kind in (Kind.PREEMPTION, Kind.PAYMENT) and v.step not in (4, 5)
    ]
    assert [(v.step, v.loss) for v in rest] == [(10, 0.0), (11, 0.0)]
    summary = report.summary(0)
    assert summary.loss == 120 and [v.step for v in summary.costliest] == [4, 5]
    assert summary.lost(Kind.PREEMPTION) == 80


def test_k_auc_4_the_preemption_loss_with_the_default_worth_follows_the_payoffs():
    state = lesson()
    report = coach_game(state, seats=[0], hands="public", kinds=["preemption"])
    at_hammer = next(s for step, s, _ in game_steps(state) if step == 4)
    worth = FamilyWorth().worth(at_hammer.observation(0), (Animal.GOAT,), 0)
    sell, keep = 50, worth - 50  # P1 pays his 50-card; P0 pays his 50-card and keeps the Goat
    (verdict,) = report.verdicts
    assert verdict.loss == max(sell, keep) - keep
    assert verdict.points == pytest.approx(
        verdict.loss * FamilyWorth().points_per_money(at_hammer.observation(0))
    )


def test_a_bid_above_every_worth_loses_what_the_hammer_costs():
    report = coach_game(lesson(), hands="public", worth=FixedWorth(20), kinds=["bid"])
    (bid,) = [v for v in report.verdicts if v.step == 1]
    # P1 bids 50 for a Goat worth 20 to everyone; nobody outbids him, the auctioneer sells
    # (preempting would cost him 50 for a lot worth 20): P1 pays 50 for 20. Passing gets 0.
    assert (
        bid.loss == 30
        and bid.recommendation == "pass"
        and bid.model.startswith("a model of the auction")
    )


# ----- the equilibrium bot with every hand face up ----------------------------------------------
class _Table:
    state: GameState


class _OpenHandsBot(EquilibriumAgent):
    """The equilibrium bot shown every hand as it is (money played face up), each cut to the
    bot's usual MAX_CARDS for the solver."""

    def __init__(self, seed: int, table: _Table) -> None:
        super().__init__(seed)
        self.table = table

    def _hand_of(self, obs, player):  # type: ignore[no-untyped-def]
        return model_hand(to_counts(held(self.table.state, player)))


def _open_hands_game(edition: str, seed: int) -> GameState:
    table = _Table()
    state = table.state = new_game(players=4, seed=seed, edition=edition)
    bots = [_OpenHandsBot(agent_seed(seed, p), table) for p in range(4)]
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        state = table.state = state.apply(bots[p].act(state.observation(p), state.legal_actions()))
    return state


def _open_hands_verdicts(state: GameState) -> list:
    report = coach_game(
        state, hands="public", max_cards=MAX_CARDS, budget=60, kinds=["trade-offer", "trade-reply"]
    )
    assert {v.kind for v in report.verdicts} == {Kind.TRADE_OFFER, Kind.TRADE_REPLY}
    return list(report.verdicts)


def _second_round_reply(v) -> bool:  # type: ignore[no-untyped-def]
    return v.kind is Kind.TRADE_REPLY and "offered again after a tie" in v.situation


@pytest.mark.parametrize(("edition", "seed"), [("classic", 1), ("2025", 2), ("first", 3)])
def test_k_trd_the_equilibrium_bots_trade_decisions_lose_nothing_with_public_hands(
    edition: str, seed: int
):
    verdicts = _open_hands_verdicts(_open_hands_game(edition, seed))
    # The reply to a classic re-offer is left to the tests below (the bot's known slip).
    checked = [v for v in verdicts if not _second_round_reply(v)]
    assert len(checked) > 5
    assert all(v.loss is not None and abs(v.loss) < 1e-6 for v in checked), [
        v.line() for v in checked if v.loss is None or abs(v.loss) >= 1e-6
    ]


def _re_offer() -> GameState:
    """Classic, the deck empty, P0 and P1 two Roosters each. P0 challenges with 0+0, P1 counters
    0+0: a tie, the money goes back and P0 offers again, 10+100 (two cards). P1 to answer."""
    money = {0: (0, 0, 10, 10, 10, 100, 100, 100), 1: (0, 0, 50, 50), 2: ()}
    state = endgame(3, "classic", {0: {A.ROOSTER: 2}, 1: {A.ROOSTER: 2}}, money=money, rest_to=2)
    for action in (
        Trade(0, 1, A.ROOSTER, (0, 0)),
        Counter(1, (0, 0)),
        Offer(0, (10, 100)),
    ):
        state = state.apply(action)
    assert state.phase is Phase.TRADE_RESPONSE and state.trade.round == 2  # type: ignore[union-attr]
    return state


def test_k_trd_3_the_reply_to_a_classic_re_offer_is_measured_in_the_second_round():
    state = _re_offer()
    (assessment,) = Coach(hands="public").assess(5, state, None)
    # In the second round a tie gives P0 the Roosters free: P1 accepts or counters 50; his
    # counter of 100 (a first-round reply) ties with P0's likelier pile and loses the pair.
    assert assessment.advice.recommendation.startswith("accept")
    assert "counter 100" not in assessment.advice.recommendation
    assert "second round" in assessment.advice.model
    assert assessment.judge(Counter(1, (50, 50))).loss > 1
    assert abs(assessment.judge(Accept(1)).loss) < 1e-6


def test_k_trd_3_the_equilibrium_bots_reply_to_a_re_offer_follows_the_second_round():
    state = _re_offer()
    table = _Table()
    table.state = state
    (assessment,) = Coach(hands="public", max_cards=MAX_CARDS).assess(5, state, None)
    for seed in range(20):
        reply = _OpenHandsBot(seed, table).act(state.observation(1), state.legal_actions())
        loss = assessment.judge(reply).loss
        assert loss is not None and abs(loss) < 1e-6, (reply, loss)


# ----- the bots ranked at the same positions ----------------------------------------------------
@pytest.mark.slow
def test_over_50_seeded_games_random_loses_more_per_trade_decision_than_heuristic_than_equil():
    """Issue 17: over 50 seeded games the random bot's mean loss per trade decision exceeds the
    heuristic bot's, which exceeds the equilibrium bot's. Every bot takes the same trade decisions
    (compare_bots): it answers the same challenges, and lays its pile for the same trades (those
    the reference games started), in 50 games of heuristic bots; hands cut to the equilibrium
    bot's 8 cards for the solver, for every bot alike (an offer's model hand keeps the pile laid).
    About 80 s of CPU."""
    from kuhtheory.coach.compare import compare_bots

    games = [
        play(
            new_game(players=4, seed=s),
            [make_agent("heuristic", agent_seed(s, p)) for p in range(4)],
        )
        for s in range(1, 51)
    ]
    result = compare_bots(games, max_cards=MAX_CARDS)
    assert result.bots == ("random", "heuristic", "equilibrium")
    assert result.dropped < len(result.kinds) / 10  # left out for all: a counter the cut hid
    for kind in (None, Kind.TRADE_OFFER, Kind.TRADE_REPLY):
        table = {bot: (n, mean, low, high) for bot, n, mean, low, high in result.table(kind)}
        worse = result.difference("random", "heuristic", kind=kind)
        better = result.difference("heuristic", "equilibrium", kind=kind)
        label = "trade decision" if kind is None else kind.value
        print(f"mean loss per {label} (money, 95% interval):", table)
        print("  paired: random - heuristic", worse.rounded(1))
        print("  paired: heuristic - equilibrium", better.rounded(1))
        # The ordering holds per kind too. When written (1108 decisions: 586 offers, 522 replies)
        # all: random 220 [202, 238] > heuristic 176 [161, 191] > equilibrium 93 [80, 107], paired
        # differences 43.8 [25.4, 62.3] and 82.8 [68.7, 97.0]; offers 232 > 196 > 62, paired
        # 35.7 [7.7, 63.6] and 134.3 [113.3, 155.4]; replies 206 > 153 > 128, paired 53.0
        # [29.5, 76.4] and 25.0 [7.6, 42.4].
        assert table["random"][1] > table["heuristic"][1] > table["equilibrium"][1], label
        if kind is None:  # the property, over every trade decision: intervals above 0
            assert table["random"][0] > 1000  # offers and replies, the same positions for all
            assert worse.low > 0 and better.low > 0, (worse, better)


# ----- what the coach reports, and when it cannot -----------------------------------------------
def test_losses_are_never_negative_and_every_unmeasured_decision_says_why():
    for edition, bots in (("classic", "random"), ("bluff", "random"), ("2025", "heuristic")):
        game = play(
            new_game(players=3, seed=4, edition=edition),
            [make_agent(bots, agent_seed(4, p)) for p in range(3)],
        )
        report = coach_game(game)
        assert report.verdicts
        for v in report.verdicts:
            assert v.loss is None or v.loss > -1e-6, v.line()
            assert v.loss is not None or v.notes, v.line()
            assert v.model and v.recommendation and v.situation


def test_k_auc_4_bluffs_buy_back_is_judged_with_the_cards_the_auctioneer_saw():
    report = coach_game("bluff-buy-back", kinds=["preemption", "payment"])
    states = {step: state for step, state, _ in game_steps("bluff-buy-back")}
    buy_backs = [v for v in report.verdicts if states[v.step].phase is Phase.BUY_BACK]
    preemptions = [v for v in buy_backs if v.kind is Kind.PREEMPTION]
    assert preemptions and all(v.certainty is Certainty.EXACT for v in preemptions)


def test_a_tiny_budget_cuts_or_skips_big_trades_with_a_note():
    rules = TradeRules.from_edition("classic")
    small, big = to_counts((0, 10, 50)), to_counts((0, 0, 10, 10, 10, 10, 50, 50, 100, 200, 500))
    assert estimate_seconds(rules, small, small) < estimate_seconds(rules, big, big)
    report = coach_game("classic-tie-reoffer", budget=0.06, kinds=["trade-offer", "trade-reply"])
    notes = [n for v in report.verdicts for n in v.notes]
    assert any("cut from" in n for n in notes)  # hands cut down to fit the budget
    skipped = [v for v in report.verdicts if v.loss is None]
    assert skipped and all(
        any(n.startswith(("skipped", "not measured")) for n in v.notes) for v in skipped
    )


def test_k_trd_1_a_pile_the_cut_would_leave_out_is_still_measured():
    """Hands cut for the solver (here to 4 cards) keep a pile like the one being judged: all of
    P0's four 0-cards and his 50, which the equilibrium bot's cut (at most two 0-cards) leaves
    out. Before, such piles (the heuristic bot pads every pile with all its 0-cards) went
    unmeasured, and the offers left measured were not a fair sample."""
    money = {0: (0, 0, 0, 0, 10, 10, 50, 100), 1: (0, 10, 50), 2: ()}
    state = endgame(3, "classic", {0: {A.ROOSTER: 1}, 1: {A.ROOSTER: 1}}, money=money, rest_to=2)
    coach = Coach(hands="public", max_cards=4)
    for pile in ((0, 0, 0, 0, 50), (0, 0, 0, 0), (10, 10, 50, 100), (0, 100)):
        (assessment,) = coach.assess(0, state, Trade(0, 1, A.ROOSTER, pile))
        hand = assessment.setup.a_hands[0][0]
        assert sum(hand) == max(4, len(pile))
        verdict = assessment.judge(Trade(0, 1, A.ROOSTER, pile))
        assert verdict.loss is not None and verdict.loss > -1e-6, verdict.line()
    # the equilibrium bot's own cut, when it holds the pile: the pile laid changes nothing
    (plain,) = coach.assess(0, state, Trade(0, 1, A.ROOSTER, (0, 10)))
    assert from_counts(plain.setup.a_hands[0][0]) == (0, 0, 10, 50)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 6), min_size=6, max_size=6),
    st.integers(0, 30),
    st.integers(0, 30),
    st.data(),
)
def test_a_cut_hand_never_exceeds_its_room_and_keeps_the_pile(hand, cards, floor, data):
    """trade_model.cut, as the budget loop calls it: at most max(cards, floor, pile) cards, all
    from the hand, and a pile of the judged pile's count and total when the hand has one. Before,
    a room of one card kept two 0-cards (the bot's rule), and the budget loop never ended (a
    classic record with a 21-card offer of eight 0-cards hung the coach)."""
    from kuhtheory.agents.equilibrium import pile_of
    from kuhtheory.cards import contains, total
    from kuhtheory.coach.trade_model import cut

    counts = tuple(hand)
    laid = data.draw(st.tuples(*(st.integers(0, c) for c in counts)))
    pile = from_counts(laid)
    floor = min(floor, sum(counts))
    out = cut(counts, cards, floor, pile)
    assert contains(counts, out)
    assert sum(out) <= max(cards, floor, len(pile))
    if pile:
        assert pile_of(out, len(pile), total(laid)) is not None


def test_a_bidders_decisions_in_one_auction_count_once_at_the_costliest():
    from kuhtheory.coach.report import running_losses

    game = play(
        new_game(players=3, seed=4, edition="classic"),
        [make_agent("random", agent_seed(4, p)) for p in range(3)],
    )
    report = coach_game(game, kinds=["bid", "payment"])
    repeated = 0
    for summary in report.summaries:
        bids = [v for v in report.verdicts if v.seat == summary.seat and v.kind is Kind.BID]
        per_auction: dict[int, float] = {}
        for v in bids:
            if v.loss is not None:
                per_auction[v.turn] = max(per_auction.get(v.turn, 0.0), v.loss)
        row = next(r for r in summary.by_kind if r.kind is Kind.BID)
        assert row.counted == len(per_auction) and row.decisions == len(
            [v for v in bids if v.loss is not None]
        )
        assert row.loss == pytest.approx(sum(per_auction.values()))
        repeated += row.decisions - row.counted
        assert summary.loss == pytest.approx(sum(r.loss for r in summary.by_kind))
        # the replay viewer's running total ends where the summary does
        mine = [(v, x) for v, x in running_losses(report.verdicts) if v.seat == summary.seat]
        assert sum(x for _, x in mine) == pytest.approx(summary.loss)
    assert repeated > 0  # the game has bidders deciding more than once in an auction
    assert any("auction" in line for line in report.summaries[0].lines())


def test_belief_sees_the_own_hand_exactly_and_the_others_as_believed():
    state = lesson()
    coach = Coach(seats=[0])
    report = coach_game(state, seats=[0], kinds=["preemption"])
    assert report.verdicts[0].certainty is Certainty.BELIEF  # P1's hand is believed
    assert coach.settings.reader.hand(state, 0, 0).exact
    assert not coach.settings.reader.hand(state, 0, 1).exact


def test_hints_name_the_recommendation_before_the_decision():
    coach = Coach()
    seen = set()
    for step, state, action in game_steps("classic-tie-reoffer"):
        advice = coach.advise(state, step)
        coach.judge(step, state, action)
        for a in advice:
            assert a.seat == state.current_player and a.recommendation and a.model
            seen.add(a.kind)
        if state.phase is Phase.TURN and state.trade_targets():
            assert advice and all(a.kind is Kind.TRADE_OFFER for a in advice)
            values = [a.value for a in advice if a.value is not None]
            assert values == sorted(values, reverse=True)  # the best trade first
    assert seen == set(Kind)


def test_bad_input_is_one_clear_error():
    with pytest.raises(InvalidRecordError, match="not a seat"):
        coach_game("classic-preemption", seats=[7])
    with pytest.raises(SolverInputError, match="kind 'bids' is unknown"):
        coach_game("classic-preemption", kinds=["bids"])
    with pytest.raises(SolverInputError, match="budget"):
        Coach(budget=0)
    with pytest.raises(SolverInputError, match="hands='secret' is unknown"):
        Coach(hands="secret")
    spec = get_game("schnaeppchen")
    other = record_from_state(spec.new_game(players=3, seed=1))
    with pytest.raises(InvalidRecordError, match="Kuhhandel games only"):
        coach_game(other)
    with pytest.raises(InvalidRecordError, match="no shipped record"):
        coach_game("no-such-record")


# ----- the command line ---------------------------------------------------------------------------
def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kuhtheory", "coach", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def test_cli_one_line_per_decision_and_the_summary(tmp_path: Path):
    path = save(record_from_state(lesson()), tmp_path / "lesson.json")
    done = _cli(str(path), "--seat", "0")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert sum(1 for line in lines if line.startswith("step ")) == 3  # P0: preempt, pay, a pass
    assert "Summary" in lines and any(line.startswith("P0 (unknown)") for line in lines)
    assert any("payment" in line and "loss 40" in line for line in lines)


def test_cli_json_has_decisions_and_summary(tmp_path: Path):
    path = save(record_from_state(lesson()), tmp_path / "lesson.json")
    done = _cli(str(path), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"decisions", "summary"} <= set(data)
    for d in data["decisions"]:
        assert {"seat", "kind", "action", "recommendation", "loss", "model"} <= set(d)
        assert d["kind"] in {k.value for k in Kind}
    assert [s["seat"] for s in data["summary"]] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("missing.json",), "cannot read record"),
        (("classic-preemption", "--seat", "9"), "not a seat"),
        (("classic-preemption", "--budget", "-1"), "--budget"),
        (("classic-preemption", "--hands", "x"), "invalid choice"),
    ],
)
def test_cli_bad_input_is_one_error_line(argv: tuple[str, ...], message: str):
    done = _cli(*argv)
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


# ----- in the widgets and in kuhtheory play -------------------------------------------------------
def test_replay_widget_shows_the_verdict_beside_the_action_coloured_by_the_loss(tmp_path: Path):
    from kuhtheory.display import loss_colour
    from kuhtheory.widgets import ReplayViewer

    path = save(record_from_state(lesson()), tmp_path / "lesson.json")
    viewer = ReplayViewer(path, coach=False)
    assert viewer.verdict.value == "" and viewer.coach_chart.value == ""
    viewer.coach_toggle.value = True  # measured on demand
    viewer.step_slider.value = 6  # after action 5: P0's payment of 90 for 50
    (verdict,) = viewer.verdicts()
    assert verdict.kind is Kind.PAYMENT and verdict.loss is not None and verdict.loss > 0
    html = viewer.verdict.value
    assert "did: pay 10+10+10+10+50 = 90" in html and "recommended: pay 50 = 50" in html
    assert loss_colour(verdict.loss) in html
    assert viewer.coach_chart.value.count("<polyline") == 4  # one line per player
    viewer.view_select.value = 2  # P2's view: P0's verdicts (with the hands he saw) stay hidden
    assert viewer.verdicts() == [] and "measures no decision" in viewer.verdict.value
    assert viewer.coach_chart.value.count("<polyline") == 1


def test_play_widget_hint_before_the_decision_and_summary_at_the_end():
    from kuhtheory.engine import Phase as P
    from kuhtheory.widgets.play import PlayTable

    table = PlayTable(players=3, seed=2, first_player=0, bots=["random", "random"])
    controller = table.controller
    hinted = False
    while not controller.is_over:
        if controller.phase in (P.HAMMER, P.PAYMENT, P.BIDDING) and not hinted:
            table.hint_button.click()
            assert "recommended" not in table.hint.value  # the box shows the advice itself
            assert "model:" in table.hint.value
            hinted = True
        controller.act(controller.legal[0])
        table.refresh()
    assert hinted and table.hint_button.disabled
    summary = controller.coach_summary()
    assert summary is not None and summary.seat == 0
    assert (
        "coach's summary" in table.coach_box.value and "decisions measured" in table.coach_box.value
    )


def test_kuhtheory_play_gives_a_hint_when_asked():
    import argparse
    import io

    from kuhtheory.cli.play import run

    args = argparse.Namespace(
        edition="classic", variant=[], players=3, seat=0, bots="heuristic", seed=3, record=None
    )
    out = io.StringIO()
    assert run(args, stdin=io.StringIO("hint\nquit\n"), out=out) == 0
    text = out.getvalue()
    assert "hint: P0 bids for Goose" in text and "recommended: pass" in text


# ----- the other trade models: beliefs over hands, general-sum worths ----------------------------
def _game_2025() -> GameState:
    bots = [make_agent("random", agent_seed(6, p)) for p in range(3)]
    return play(new_game(players=3, seed=6, edition="2025"), bots)


def test_k_trd_a_belief_over_hands_is_solved_as_hidden_money_in_the_one_round_editions():
    report = coach_game(_game_2025(), spread=2, kinds=["trade-offer", "trade-reply"])
    believed = [v for v in report.verdicts if "chance move over the believed hands" in v.model]
    assert believed and all(v.certainty is Certainty.BELIEF for v in believed)
    assert all(v.loss is None or v.loss > -1e-6 for v in report.verdicts)
    assert report.settings["spread"] == 2


def test_k_trd_general_sum_trades_use_each_traders_own_worth():
    report = coach_game(
        _game_2025(), general_sum=True, max_cards=4, kinds=["trade-offer"], budget=30
    )
    general = [v for v in report.verdicts if v.model.startswith("general-sum")]
    assert general, [v.model for v in report.verdicts]
    assert all("W_A" in v.situation and "Lemke" in v.refinement for v in general)
    assert all(v.loss is None or v.loss > -1e-6 for v in report.verdicts)


def test_k_trd_each_traders_own_payoffs_sum_to_the_stake_in_the_zero_sum_trade():
    from kuhtheory.coach.trade_model import payoffs

    for edition in ("classic", "2025", "first", "bluff"):
        rules = TradeRules.from_edition(edition)
        for offer, reply in ((260, 250), (100, 100), (0, 50), (70, None)):
            u_a, u_b = payoffs(rules, offer, reply, (100, 100), None)
            assert u_a + u_b == 100  # the money only moves between them; one of them wins
            # B's worth lower by 60: his payoff drops by 60 exactly when he ends with the stake
            u_a2, u_b2 = payoffs(rules, offer, reply, (100, 40), None)
            assert u_a2 == u_a and u_b - u_b2 in (0, 60)
    classic = TradeRules.from_edition("classic")
    assert payoffs(classic, 260, 250, (100, 40), None) == (90.0, 10.0)  # A wins: B keeps 10 net
    assert payoffs(classic, 240, 250, (100, 40), None) == (10.0, 30.0)  # B wins, receives 240


def test_k_trd_the_header_names_the_solution_the_one_hand_trades_are_judged_by():
    # With one hand each the zero-sum trades are judged by the equilibrium bot's own solution
    # (kuhtheory.solvers.trade_round, proper): the header says so beside the requested refinement,
    # and each trade verdict names it.
    report = coach_game(_game_2025(), kinds=["trade-offer", "trade-reply"])
    assert "quasi-perfect (with one hand each: the proper solution" in report.header()[2]
    trades = [v for v in report.verdicts if v.kind.value.startswith("trade")]
    assert trades and all(v.refinement == "proper" for v in trades if v.loss is not None)
    plain = coach_game(_game_2025(), refinement="none", kinds=["trade-offer"])
    assert "trades: zero-sum, none;" in plain.header()[2]
