"""The complete-information auction with the right (K-AUC-1..4), checked by brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.auction import (
    AuctionPayoffs,
    Selection,
    compare_auction,
    make_game,
    solve_auction,
    solve_auction_game,
    verify_by_paths,
)
from kuhtheory.solvers.preemption import Purse

# ---------------------------------------------------------------------------------------------
# An independent brute force: the rules replayed on explicit histories (no states, no memo).


def _brute_force(values, purses, a_value, a_purse, step, right, cap, undominated=False):  # type: ignore[no-untyped-def]
    """Backward induction over every bid path, written from the rules in the module docstring.

    Ties: with ``undominated`` a bidder prefers, among his best moves, the lowest bid at which the
    hammer would not cost him (a "safe" bid), then passing, then the lowest bid; otherwise he
    passes, then makes the lowest bid.
    """
    n = len(values)

    def hammer(history):  # type: ignore[no-untyped-def]
        bids = [(who, amount) for who, amount in history if amount > 0]
        if not bids:
            return (a_value, *[0] * n), "no bid", 0
        who, price = bids[-1]
        paid = purses[who].cost(price)
        a_paid = a_purse.cost(price)
        out = [0] * n
        if right and a_paid is not None and a_value - a_paid > paid:
            out[who] = a_paid
            return (a_value - a_paid, *out), "preempt", price
        out[who] = values[who] - paid
        return (paid, *out), "sell", price

    def next_mover(history):  # type: ignore[no-untyped-def]
        out = {who for who, amount in history if amount == 0}
        bids = [(who, amount) for who, amount in history if amount > 0]
        high = bids[-1][0] if bids else None
        last = history[-1][0] if history else -1
        for k in range(1, n + 1):
            i = (last + k) % n
            if i not in out and i != high:
                return i
        return None

    def safe(mover, price):  # type: ignore[no-untyped-def]
        return hammer(((mover, price),))[0][1 + mover] >= 0

    def solve(history):  # type: ignore[no-untyped-def]
        mover = next_mover(history)
        if mover is None:
            return hammer(history), history
        standing = max([amount for _, amount in history if amount > 0], default=0)
        moves = [0] + [
            p for p in range(standing + step, cap + 1, step) if purses[mover].cost(p) is not None
        ]
        results = {move: solve((*history, (mover, move))) for move in moves}
        top = max(r[0][0][1 + mover] for r in results.values())
        best_moves = [m for m in moves if results[m][0][0][1 + mover] == top]
        if undominated:
            safe_moves = [m for m in best_moves if m > 0 and safe(mover, m)]
            choice = safe_moves[0] if safe_moves else best_moves[0]
        else:
            choice = best_moves[0]
        return results[choice]

    return solve(())


cases = [
    ([60], 100, None, None),
    ([100, 60], 100, None, None),
    ([60, 60], 100, None, None),
    ([30, 80], 50, None, None),
    ([60], 100, None, (500,)),
    ([60, 40], 100, [(10, 10, 50), (0, 50)], (0, 50)),
    ([50, 50, 30], 60, None, None),
]


@pytest.mark.parametrize("selection", list(Selection))
@pytest.mark.parametrize("right", [True, False])
@pytest.mark.parametrize("values,a_value,money,a_money", cases)
def test_k_auc_4_equilibrium_matches_brute_force_of_all_bid_paths(
    values: list[int],
    a_value: int,
    money: list | None,
    a_money: tuple | None,
    right: bool,
    selection: Selection,
) -> None:
    game = make_game(
        values, money=money, auctioneer_value=a_value, auctioneer_money=a_money, preemption=right
    )
    result = solve_auction_game(game, selection, verify=True)
    (payoffs, decision, price), history = _brute_force(
        game.values,
        game.purses,
        game.auctioneer_value,
        game.auctioneer_purse,
        game.step,
        right,
        game.max_level * game.step,
        undominated=selection is Selection.UNDOMINATED,
    )
    assert result.payoffs.as_tuple() == payoffs
    assert result.decision == decision
    assert result.price == price
    assert len(result.path) == len(history) + 1
    assert verify_by_paths(result.equilibrium) == 0


def test_k_auc_4_lone_bidder_bids_up_to_be_preempted() -> None:
    # The auctioneer (worth 100, cash) preempts while 100 - p > p, up to 40: the bidder bids 40.
    r = solve_auction([0], auctioneer_value=100)
    assert r.price == 40 and r.preempted and r.winner is None
    assert r.payoffs == AuctionPayoffs(auctioneer=60, bidders=(40,))


def test_k_pay_1_auctioneer_with_only_a_500_never_preempts() -> None:
    # Preempting any bid costs 500 > 100: the bidder opens at the step and is sold the stake.
    r = solve_auction([60], auctioneer_value=100, auctioneer_money=(500,))
    assert not r.preempted and r.price == 10 and r.winner == 0
    assert r.payoffs == AuctionPayoffs(auctioneer=10, bidders=(50,))


def test_k_pay_1_auctioneer_with_a_50_card() -> None:
    # He pays any bid up to 50 with his 50 card (no change): worth 100, he preempts while
    # 100 - 50 > p. The bidder receives 50 for any bid up to 40, so he opens at 10 and the
    # auctioneer pays five times the bid.
    r = solve_auction([0], auctioneer_value=100, auctioneer_money=(50,))
    assert r.preempted and r.price == 10
    assert r.payoffs == AuctionPayoffs(auctioneer=50, bidders=(50,))


def test_k_auc_3_no_bid_auctioneer_takes_free() -> None:
    r = solve_auction([0, 0], auctioneer_value=0)
    assert r.decision == "no bid" and r.price == 0
    assert r.payoffs == AuctionPayoffs(auctioneer=0, bidders=(0, 0))


def test_without_the_right_the_keenest_bidder_wins_at_the_second_worth() -> None:
    # Undominated: the losers stay in up to their worths, so the price is the second worth (the
    # English auction); the right is worth nothing here, the competition already pays more than
    # the auctioneer would preempt at (100 - p > p only below 50).
    c = compare_auction([100, 80, 60], auctioneer_value=100)
    assert c.without_right.price == 80 and c.without_right.winner == 0
    assert c.with_right.price == 80 and c.with_right.decision == "sell"
    assert c.worth_of_right == 0
    # Passing on ties, the losers drop out at once: the opening bid without the right.
    c = compare_auction([100, 80, 60], auctioneer_value=100, selection="pass-on-ties")
    assert c.without_right.price == 10 and c.without_right.winner == 0
    assert c.with_right.price == 50
    assert c.worth_of_right == 40


def test_k_auc_4_the_right_is_worth_20_not_50_with_worths_60_and_40() -> None:
    # Issue 13: under "pass on ties" the right looked worth 50 (60 against the opening bid 10);
    # with the losers staying in while the price is below their worth it is worth 20.
    c = compare_auction([60, 40], auctioneer_value=100, verify=True)
    assert (c.with_right.price, c.with_right.decision) == (40, "preempt")
    assert (c.without_right.price, c.without_right.winner) == (40, 0)
    assert c.worth_of_right == 20
    assert c.with_right.selection is Selection.UNDOMINATED
    other = compare_auction([60, 40], auctioneer_value=100, selection="pass-on-ties", verify=True)
    assert (other.without_right.price, other.worth_of_right) == (10, 50)
    assert other.to_dict()["worth_of_right"] == 50
    assert other.with_right.to_dict()["selection"] == "pass-on-ties"


def test_k_pay_2_budgets_cap_the_bids() -> None:
    r = solve_auction([100, 100], budgets=[30, 20], auctioneer_value=0, preemption=False)
    game = r.game
    assert game.top_level == (3, 2)
    assert verify_by_paths(r.equilibrium) == 0
    # Bidder 1 can bid at most 20 and stays in up to it, so bidder 0 wins at 20 (he jumps there
    # at once); passing on ties, bidder 1 drops out and bidder 0 opens at 10.
    assert r.winner == 0 and r.price == 20
    r = solve_auction(
        [100, 100], budgets=[30, 20], auctioneer_value=0, preemption=False, selection="pass-on-ties"
    )
    assert r.winner == 0 and r.price == 10


def test_2025_step_must_be_a_multiple_of_ten() -> None:
    with pytest.raises(SolverInputError, match="step=5"):
        solve_auction([50], step=5, edition="2025")
    assert solve_auction([50], step=20, edition="2025").game.step == 20


@pytest.mark.parametrize(
    "kwargs,needle",
    [
        ({"values": [-10]}, "values[0]=-10"),
        ({"values": []}, "values=[]"),
        ({"values": [10], "budgets": [-1]}, "budgets[0]=-1"),
        ({"values": [10, 20], "budgets": [10]}, "budgets=(10,)"),
        ({"values": [10], "auctioneer_value": -3}, "auctioneer_value=-3"),
        ({"values": [10], "step": 0}, "step=0"),
        ({"values": [10], "money": [(30,)]}, "money[0]"),
    ],
)
def test_bad_input_names_the_parameter(kwargs: dict, needle: str) -> None:
    with pytest.raises(SolverInputError) as info:
        solve_auction(**kwargs)
    assert needle in str(info.value)


def test_to_dict_has_the_cli_keys() -> None:
    out = solve_auction([60], auctioneer_value=100).to_dict()
    assert out["decision"] == "preempt" and out["winner"] == "auctioneer" and out["price"] == 40
    assert out["payoffs"] == {"auctioneer": 60, "bidders": [40]}


@settings(max_examples=25, deadline=None)
@given(
    values=st.lists(st.integers(0, 5).map(lambda k: 10 * k), min_size=1, max_size=2),
    a_value=st.integers(0, 6).map(lambda k: 10 * k),
    right=st.booleans(),
    budgets=st.lists(st.integers(0, 60), min_size=2, max_size=2),
    selection=st.sampled_from(list(Selection)),
)
def test_spe_has_no_profitable_deviation_on_random_small_games(
    values: list[int], a_value: int, right: bool, budgets: list[int], selection: Selection
) -> None:
    game = make_game(values, budgets[: len(values)], auctioneer_value=a_value, preemption=right)
    result = solve_auction_game(game, selection, verify=True)
    assert verify_by_paths(result.equilibrium) == 0
    (payoffs, _, price), _ = _brute_force(
        game.values,
        game.purses,
        a_value,
        Purse(),
        game.step,
        right,
        game.max_level * game.step,
        undominated=selection is Selection.UNDOMINATED,
    )
    assert result.payoffs.as_tuple() == payoffs and result.price == price


def test_k_auc_4_the_right_can_hurt_the_auctioneer() -> None:
    # Found by the property test above: a worthless bidder would not bid without the right (the
    # auctioneer keeps his worth-30 stake free, K-AUC-3); with it he bids 10 to be bought out.
    c = compare_auction([0], [10], auctioneer_value=30)
    assert c.without_right.decision == "no bid"
    assert c.without_right.payoffs == AuctionPayoffs(auctioneer=30, bidders=(0,))
    assert c.with_right.decision == "preempt" and c.with_right.price == 10
    assert c.with_right.payoffs == AuctionPayoffs(auctioneer=20, bidders=(10,))


# ---------------------------------------------------------------------------------------------
# The command line: kuhtheory solve auction


def _run(argv: str) -> int:
    import argparse

    from kuhtheory.cli.solve_preemption import register

    parser = argparse.ArgumentParser(prog="solve")
    register(parser.add_subparsers(dest="solver"))
    args = parser.parse_args(argv.split())
    return int(args.func(args))


def test_cli_auction_json_compares_with_and_without(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert _run("auction --values 100,80,60 --auctioneer-value 100 --json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["price"] == 80 and out["winner"] == 0 and out["decision"] == "sell"
    assert out["payoffs"] == {"auctioneer": 80, "bidders": [20, 0, 0]}
    assert out["without_right"]["price"] == 80


def test_cli_auction_no_preemption_money_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run("auction --values 60 --auctioneer-value 100 --auctioneer-money 500") == 0
    text = capsys.readouterr().out
    assert "with the auctioneer's right" in text and "price 10, sell" in text
    assert _run("auction --values 60,50 --money 0,50;10,10 --no-preemption --json") == 0
    out = capsys.readouterr().out
    assert '"preemption": false' in out and "without_right" not in out


def test_cli_auction_bad_budget_via_main(capsys: pytest.CaptureFixture[str]) -> None:
    from kuhtheory.cli import main

    assert main("solve auction --values 100,80 --budgets 50,-1".split()) == 2
    assert (
        capsys.readouterr().err == "kuhtheory: error: budgets[1]=-1 must be a whole number >= 0\n"
    )


def test_verify_flag_records_the_check() -> None:
    r = solve_auction([60, 40], auctioneer_value=100, verify=True)
    assert "one-shot deviation check" in r.verified and "no profitable deviation" in r.verified
    assert "selection 'undominated' checked" in r.verified
    assert "not checked" in solve_auction([60, 40], auctioneer_value=100).verified


def test_auction_sweep_matches_single_solves() -> None:
    from kuhtheory.solvers.auction import auction_sweep

    s = auction_sweep([60, 30], [0, 40, 90, 150], budgets=[100, 100])
    for k, worth in enumerate(s.auctioneer_values):
        c = compare_auction([60, 30], [100, 100], auctioneer_value=worth)
        assert s.price_with[k] == c.with_right.price
        assert s.price_without[k] == c.without_right.price
        assert s.auctioneer_with[k] == c.with_right.payoffs.auctioneer
        assert s.bidders_without[k] == c.without_right.payoffs.bidders
    # A worth-0 auctioneer never preempts; then the right changes nothing.
    assert not s.preempted[0] and s.price_with[0] == s.price_without[0]
    with pytest.raises(SolverInputError, match="auctioneer_values"):
        auction_sweep([10], [])


# ---------------------------------------------------------------------------------------------
# The selections' outcomes (their rules and the checks: tests/test_solvers_auction_equilibrium.py)


@settings(max_examples=60, deadline=None)
@given(worths=st.lists(st.integers(0, 100), min_size=2, max_size=3))
def test_undominated_without_the_right_is_the_english_auction(worths: list[int]) -> None:
    # Without the right the price is the second-highest worth rounded down to the step (at least
    # the opening bid), as when every bidder bids his worth in an English auction (Krishna 2010,
    # ch. 2) -- exactly so when the keenest bidder (to the step) moves first: he jumps to the
    # others' highest safe bid at once. Otherwise it may be one step more: a losing bidder whose
    # lowest bid is already his highest safe one makes it before the winner can (K-AUC-1: the next
    # bid must be strictly higher).
    r = solve_auction(worths, auctioneer_value=0, preemption=False, verify=True)
    top, second = sorted(worths, reverse=True)[:2]
    if top < 10:  # nobody can bid without losing: no bid
        assert r.decision == "no bid"
        return
    floor = max(10, second // 10 * 10)
    assert r.price in (floor, floor + 10) and r.payoffs.auctioneer == r.price
    assert r.winner is not None and worths[r.winner] >= r.price
    if worths[0] // 10 > max(worths[1:]) // 10:
        assert r.price == floor and r.winner == 0
    lazy = solve_auction(worths, auctioneer_value=0, preemption=False, selection="pass-on-ties")
    assert lazy.price <= r.price  # the losers give up at once, so the winner pays no more


@settings(max_examples=40, deadline=None)
@given(
    worths=st.lists(st.integers(0, 100), min_size=1, max_size=3),
    a_value=st.integers(0, 150),
    right=st.booleans(),
)
def test_passing_on_ties_never_raises_the_price(
    worths: list[int], a_value: int, right: bool
) -> None:
    r = solve_auction(worths, auctioneer_value=a_value, preemption=right)
    lazy = solve_auction(
        worths, auctioneer_value=a_value, preemption=right, selection="pass-on-ties", verify=True
    )
    assert lazy.price <= r.price


# ---------------------------------------------------------------------------------------------
# Limits: a clear error naming the input, never a RecursionError, a MemoryError or a hang


def test_large_worths_are_solved_iteratively() -> None:
    # Issue 13: this raised RecursionError. Two equal worths: they raise each other to 10000.
    r = solve_auction([10000, 10000])
    assert r.price == 10000 and r.payoffs.bidders == (0, 0)
    assert r.equilibrium.game.state_count() == len(r.equilibrium.table)
    r = solve_auction([2000, 1500], auctioneer_value=1000, verify=True)
    assert (r.price, r.decision) == (1500, "sell") and "no profitable deviation" in r.verified


def test_cli_auction_beyond_the_limit_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from kuhtheory.cli import main

    assert main("solve auction --values 1000000000000,5".split()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("kuhtheory: error: values=[1000000000000, 5]")
    assert "limited to 300,000" in err
    assert main("solve auction --values 60,40 --selection lazy".split()) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_cli_auction_selection(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert _run("auction --values 60,40 --auctioneer-value 100 --json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["selection"] == "undominated" and out["worth_of_right"] == 20
    assert _run("auction --values 60,40 --auctioneer-value 100 --selection pass-on-ties") == 0
    text = capsys.readouterr().out
    assert "selection pass-on-ties" in text and "The right is worth 50" in text


def test_k_auc_4_a_lone_bidder_is_bought_out_or_buys_just_above_the_range() -> None:
    # The preemption chapter's exercise: a bidder worth 60, the auctioneer's worth W. He takes the
    # better of being paid the highest price p < W/2 and buying one step above it (60 - p - 10).
    expected = {
        0: (10, "sell"),
        25: (20, "sell"),
        50: (30, "sell"),
        75: (30, "preempt"),
        100: (40, "preempt"),
        200: (90, "preempt"),
    }
    for worth, (price, decision) in expected.items():
        c = compare_auction([60], auctioneer_value=worth)
        assert (c.with_right.price, c.with_right.decision) == (price, decision)
        assert c.without_right.price == 10
