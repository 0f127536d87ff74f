"""The auctioneer's preemption decision (K-AUC-4) under the no-change rule (K-PAY-1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.cards import DENOMINATIONS, to_counts
from kuhtheory.errors import SolverInputError
from kuhtheory.payment import cheapest_total
from kuhtheory.solvers.preemption import (
    PREEMPT,
    SELL,
    Payoffs,
    Purse,
    View,
    decide_preemption,
    decision_regions,
)


def test_k_auc_4_only_a_500_card_does_not_preempt_a_bid_of_10() -> None:
    d = decide_preemption((500,), (10,), bid=10, value=100)
    assert d.decision == SELL
    assert d.auctioneer_payment == (500,)
    assert d.preempt == Payoffs(auctioneer=-400, bidder=500)
    assert d.sell == Payoffs(auctioneer=10, bidder=90)
    assert d.penalty == 490


def test_k_auc_4_a_50_card_preempts_a_bid_of_10() -> None:
    d = decide_preemption((50,), (10,), bid=10, value=100)
    assert d.decision == PREEMPT
    assert d.payoffs == Payoffs(auctioneer=50, bidder=50)
    assert d.penalty == 40
    assert d.winner == "auctioneer" and d.price == 50


def test_k_pay_1_auctioneer_who_cannot_pay_cannot_preempt() -> None:
    d = decide_preemption((0, 10), (50,), bid=40, value=1000)
    assert not d.can_preempt and d.preempt is None and d.penalty is None
    assert d.decision == SELL


def test_k_pay_1_bidder_overpays_with_cheapest_payment() -> None:
    d = decide_preemption((500,), (0, 50, 100), bid=20, value=30)
    assert d.bidder_payment == (50,)
    assert d.seller_excess == 30
    assert d.sell == Payoffs(auctioneer=50, bidder=-20)


def test_k_auc_4_tie_sells() -> None:
    d = decide_preemption((0, 10, 50), (0, 10, 10, 50), 40, 100)
    assert d.sell == d.preempt == Payoffs(50, 50)
    assert d.decision == SELL


def test_relative_view_changes_the_decision() -> None:
    # Absolute: sell gives A 50, preempting gives 100 - 50 = 50: a tie, so sell... with worth 110
    # preempting gives 60 > 50; relative: sell 50 - (110 - 50) = -10, preempt 60 - 50 = 10.
    absolute = decide_preemption((50,), (50,), 50, 110)
    relative = decide_preemption((50,), (50,), 50, 110, view="relative")
    assert absolute.decision == relative.decision == PREEMPT
    # A case where the views disagree: a cheap-for-A stake the bidder wants badly.
    a = decide_preemption((10,), (10,), 10, 15, bidder_value=100)
    r = decide_preemption((10,), (10,), 10, 15, bidder_value=100, view=View.RELATIVE)
    assert a.decision == SELL  # 15 - 10 = 5 < 10
    assert r.decision == PREEMPT  # 5 - 10 = -5 > 10 - 90 = -80
    assert r.payoffs == Payoffs(auctioneer=-5, bidder=5)


def test_bluff_buy_back_returns_the_same_cards_and_pays_again() -> None:
    d = decide_preemption((50,), (0, 100), bid=30, value=200, edition="bluff")
    assert d.decision == PREEMPT
    assert d.bidder_payment == (100,)
    assert d.auctioneer_payment == (50,)
    assert d.payoffs == Payoffs(auctioneer=150, bidder=50)
    assert d.cost_of_preempting == 150  # the box's "double": 100 handed back plus 50 paid
    assert "same cards 100" in d.flows[1]
    classic = decide_preemption((50,), (0, 100), bid=30, value=200, edition="classic")
    assert classic.payoffs == d.payoffs and len(classic.flows) == 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"bid": 0},
        {"bid": -10},
        {"value": -1},
        {"bidder_value": -5},
        {"bid": 15, "edition": "2025"},
        {"bid": 500},  # above the bidder's money: K-PAY-2
        {"view": "sideways"},
    ],
)
def test_bad_input_raises_solver_input_error(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {
        "auctioneer_cards": (50,),
        "bidder_cards": (10, 50),
        "bid": 10,
        "value": 100,
    }
    args.update(kwargs)
    with pytest.raises(SolverInputError) as info:
        decide_preemption(**args)  # type: ignore[arg-type]
    bad = next(v for k, v in kwargs.items() if k != "edition")
    assert repr(bad) in str(info.value)


def test_unknown_money_card_names_the_input() -> None:
    with pytest.raises(SolverInputError, match="auctioneer_cards"):
        decide_preemption((30,), (10,), 10, 100)


def test_2025_accepts_multiples_of_ten() -> None:
    d = decide_preemption((50,), (50,), 20, 120, edition="2025")
    assert d.decision == PREEMPT and d.payoffs == Payoffs(70, 50)


def test_decision_regions_grid_and_penalty() -> None:
    r = decision_regions((0, 50, 100), (10, 10, 10, 50), bids=(10, 30, 60, 70), worths=(0, 80, 200))
    assert r.penalty == (40, 20, 40, 30)
    assert r.seller_excess == (0, 0, 0, 0)
    # Worth 80: preempting a bid of 10 costs 50 (80-50=30 > 10); at 30: 80-50=30 = 30, tie: sell.
    assert r.preempt[1] == (True, False, False, False)
    assert r.preempt[0] == (False, False, False, False)
    # Worth 200: 200-50 > 10, 200-50 > 30, 200-100 > 60, 200-100 = 100 > 70.
    assert r.preempt[2] == (True, True, True, True)
    assert r.gain[2][0] == 200 - 50 - 10


def test_decision_regions_rejects_empty_grids() -> None:
    with pytest.raises(SolverInputError):
        decision_regions((50,), (50,), bids=(), worths=(10,))


def test_purse_kinds() -> None:
    assert Purse.of((0, 50)).cost(10) == 50
    assert Purse.of(30).cost(40) is None
    assert Purse.of(None).cost(10**6) == 10**6
    with pytest.raises(SolverInputError):
        Purse.of(-1)


hands = st.lists(st.sampled_from(DENOMINATIONS), min_size=0, max_size=6)


@settings(max_examples=150, deadline=None)
@given(
    a=hands,
    b=hands.filter(lambda h: sum(h) >= 10),
    value=st.integers(0, 600),
    bidder_value=st.integers(0, 600),
    data=st.data(),
)
def test_decision_maximises_the_auctioneer_payoff(
    a: list[int], b: list[int], value: int, bidder_value: int, data: st.DataObject
) -> None:
    bid = data.draw(st.integers(1, sum(b)))
    for view in ("absolute", "relative"):
        d = decide_preemption(a, b, bid, value, bidder_value, view=view)
        a_cost = cheapest_total(to_counts(a), bid)
        b_cost = cheapest_total(to_counts(b), bid)
        assert b_cost is not None
        sell = Payoffs(b_cost, bidder_value - b_cost)
        options = {SELL: sell.in_view(View(view)).auctioneer}
        if a_cost is not None:
            options[PREEMPT] = Payoffs(value - a_cost, a_cost).in_view(View(view)).auctioneer
        assert d.payoffs.auctioneer == max(options.values())
        if d.decision == PREEMPT:
            assert options[PREEMPT] > options[SELL]
        assert (d.penalty is None) == (a_cost is None)
        # The transfer is the same whichever edition models the right (pay-bid or buy-back).
        assert decide_preemption(a, b, bid, value, bidder_value, "bluff", view).payoffs == d.payoffs


@settings(max_examples=40, deadline=None)
@given(
    a=hands,
    b=hands.filter(lambda h: sum(h) >= 10),
    bidder_value=st.one_of(st.none(), st.integers(0, 300)),
    view=st.sampled_from(["absolute", "relative"]),
    data=st.data(),
)
def test_decision_regions_is_decide_preemption_cell_by_cell(
    a: list[int], b: list[int], bidder_value: int | None, view: str, data: st.DataObject
) -> None:
    bids = data.draw(st.lists(st.integers(1, sum(b)), min_size=1, max_size=4))
    worths = data.draw(st.lists(st.integers(0, 300), min_size=1, max_size=4))
    r = decision_regions(a, b, bids, worths, bidder_value=bidder_value, view=view)
    for i, worth in enumerate(worths):
        for j, bid in enumerate(bids):
            d = decide_preemption(a, b, bid, worth, bidder_value, view=view)
            assert r.preempt[i][j] == (d.decision == PREEMPT)
            assert r.penalty[j] == d.penalty and r.seller_excess[j] == d.seller_excess
            if d.preempt is None:
                assert r.gain[i][j] is None
            else:
                assert r.gain[i][j] == (
                    d.preempt.in_view(d.view).auctioneer - d.sell.in_view(d.view).auctioneer
                )


def test_decision_regions_limits() -> None:
    # A grid too large to draw is refused before it is listed (range(10, 10**12) is never built).
    with pytest.raises(SolverInputError, match="bids has more than 1,000,000 values"):
        decision_regions("0,10", "50", range(10, 10**12, 10), (100,))
    with pytest.raises(SolverInputError, match="2,000 bids x 1,000 worths make 2,000,000 cells"):
        decision_regions("0,10", "500,500,500,500", range(1, 2001), range(1000))
    with pytest.raises(SolverInputError, match="bids: 60 exceeds the high bidder's money 50"):
        decision_regions("0,10", "50", (10, 60), (100,))


def test_to_dict_has_the_cli_keys() -> None:
    out = decide_preemption((0, 10, 50), (0, 10, 10, 50), 40, 100).to_dict()
    assert {"decision", "payoffs", "price", "winner"} <= set(out)
    assert out["payoffs"] == {"auctioneer": 50, "bidder": 50}


# ---------------------------------------------------------------------------------------------
# The command line: kuhtheory solve preemption (register() in a small argparse harness, then main)


def _parser():  # type: ignore[no-untyped-def]
    import argparse

    from kuhtheory.cli.solve_preemption import register

    parser = argparse.ArgumentParser(prog="solve")
    register(parser.add_subparsers(dest="solver"))
    return parser


def test_cli_preemption_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    args = _parser().parse_args(
        "preemption --auctioneer 0,10,50 --bidder 0,10,10,50 --bid 40 --value 100 --json".split()
    )
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decision"] == "sell" and out["winner"] == "bidder" and out["price"] == 50
    assert out["payoffs"] == {"auctioneer": 50, "bidder": 50}
    assert out["penalty"] == 10


def test_cli_preemption_text_bluff(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parser().parse_args(
        "preemption --auctioneer 50 --bidder 0,100 --bid 30 --value 200 --edition bluff".split()
    )
    assert args.func(args) == 0
    text = capsys.readouterr().out
    assert "buy-back" in text and "same cards 100" in text
    assert text.strip().endswith("Decision: preempt (absolute payoffs; a tie sells)")


def test_cli_main_reports_bad_input_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from kuhtheory.cli import main

    argv = "solve preemption --auctioneer 50 --bidder 10,50 --bid 15 --value 100 --edition 2025"
    status = main(argv.split())
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("kuhtheory: error: bid=15")
    assert main("solve preemption --auctioneer 50 --bidder 10 --bid 10 --value 100".split()) == 0


@pytest.mark.parametrize(
    "argv,needle",
    [
        ("solve preemption --auctioneer 0,10 --bidder 10 --bid 20 --value 50", "bid=20 exceeds"),
        ("solve preemption --auctioneer 0,7 --bidder 10 --bid 10 --value 50", "auctioneer_cards"),
        ("solve preemption --auctioneer 0,10 --bidder 10 --bid ten --value 50", "argument --bid"),
        ("solve preemption --auctioneer 0,10 --bidder 10 --value 50", "required: --bid"),
        ("solve preemption --auctioneer 0 --bidder 10 --bid 10 --value 5 --view odd", "--view"),
    ],
)
def test_cli_preemption_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: str, needle: str
) -> None:
    from kuhtheory.cli import main

    assert main(argv.split()) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("kuhtheory: error: ") and needle in captured.err


def test_k_pay_1_the_chapters_penalty_exercise() -> None:
    # The auctioneer holds 0, 10, 100 and the bidder the start money (90): bids 10..90 only
    # (K-PAY-2); only 10 is paid exactly, from 20 on he hands over the 100.
    r = decision_regions((0, 10, 100), (0, 0, 10, 10, 10, 10, 50), range(10, 91, 10), (100, 150))
    assert dict(zip(r.bids, r.penalty, strict=True)) == {
        10: 0,
        20: 80,
        30: 70,
        40: 60,
        50: 50,
        60: 40,
        70: 30,
        80: 20,
        90: 10,
    }
    preempted = [[b for b, yes in zip(r.bids, row, strict=True) if yes] for row in r.preempt]
    assert preempted == [[10], [10, 20, 30, 40]]
