"""``kuhtheory solve preemption`` and ``kuhtheory solve auction`` (K-AUC-4, K-PAY-1).

::

    kuhtheory solve preemption --auctioneer 0,10,50 --bidder 0,10,10,50 --bid 40 --value 100 \\
        [--bidder-value 100] [--edition classic] [--view absolute|relative] [--json]
    kuhtheory solve auction --values 100,80,60 [--budgets 200,100,50 | --money "0,50;10,10;50"] \\
        [--auctioneer-value 100] [--auctioneer-money 0,10,50 | --auctioneer-budget 90] \\
        [--no-preemption] [--selection undominated|pass-on-ties] [--step 10] [--edition classic] \\
        [--verify] [--json]

The decision comes from :func:`kuhtheory.solvers.preemption.decide_preemption`, the auction from
:func:`kuhtheory.solvers.auction.compare_auction` (with and without the right side by side, and what
the right is worth to the auctioneer) or, with ``--no-preemption``,
:func:`~kuhtheory.solvers.auction.solve_auction` without the right. ``--selection`` picks the
subgame-perfect equilibrium (default: undominated, bidders stay in while the price is below their
worth). ``--json`` prints one object with ``decision``, ``payoffs``, ``price`` and ``winner``. An
impossible input, or one beyond a solver's limits, is one line ``kuhtheory: error: ...`` and exit
status 2.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="solve")
>>> register(parser.add_subparsers(dest="solver"))
>>> args = parser.parse_args("preemption --auctioneer 50 --bidder 10 --bid 10 --value 100".split())
>>> args.func(args)
Auctioneer: 50 = 50, worth 100; high bidder: 10 = 10, worth 100; bid 10 (classic, pay-bid)
  sell:    the bidder pays 10 (0 over the bid)      payoffs: auctioneer 10, bidder 90
  preempt: the auctioneer pays 50 (no-change penalty 40)  payoffs: auctioneer 50, bidder 50
Decision: preempt (absolute payoffs; a tie sells)
0
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from kuhtheory.cards import format_money
from kuhtheory.cli.options import add_edition_options
from kuhtheory.editions import get_edition
from kuhtheory.errors import SolverInputError
from kuhtheory.quoting import excerpt
from kuhtheory.solvers.auction import AuctionResult, Selection, compare_auction, solve_auction
from kuhtheory.solvers.auction_game import MAX_BIDDERS
from kuhtheory.solvers.preemption import PreemptionDecision, decide_preemption


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``preemption`` and ``auction`` parsers to the ``solve`` group."""
    p = subparsers.add_parser(
        "preemption",
        help="the auctioneer's sell-or-preempt decision after the hammer",
        description="Sell or preempt after the hammer (K-AUC-4) with no-change payments "
        "(K-PAY-1): both outcomes' payoffs and the auctioneer's choice.",
    )
    p.add_argument(
        "--auctioneer",
        required=True,
        metavar="CARDS",
        help="the auctioneer's money cards, e.g. 0,10,50",
    )
    p.add_argument(
        "--bidder",
        required=True,
        metavar="CARDS",
        help="the high bidder's money cards, e.g. 0,10,10,50",
    )
    p.add_argument("--bid", required=True, type=_int("--bid"), help="the high bid")
    p.add_argument(
        "--value", required=True, type=_int("--value"), help="the stake's worth to the auctioneer"
    )
    p.add_argument(
        "--bidder-value",
        type=_int("--bidder-value"),
        default=None,
        help="the stake's worth to the bidder (default: --value)",
    )
    add_edition_options(p, variants=False)
    p.add_argument(
        "--view",
        choices=("absolute", "relative"),
        default="absolute",
        help="own gain, or own gain minus the other's (default absolute)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run_preemption)

    a = subparsers.add_parser(
        "auction",
        help="the auction with the auctioneer's right, complete information",
        description="Subgame-perfect equilibrium of the ascending auction with (and without) "
        "the auctioneer's right (K-AUC-1..4), everyone's worths and money known.",
    )
    a.add_argument(
        "--values",
        required=True,
        type=_ints("--values"),
        metavar="W1,W2,...",
        help="each bidder's worth for the stake, in seat order",
    )
    money = a.add_mutually_exclusive_group()
    money.add_argument(
        "--budgets",
        type=_ints("--budgets"),
        default=None,
        metavar="B1,B2,...",
        help="each bidder's money as a total (default: unlimited)",
    )
    money.add_argument(
        "--money",
        type=_hands,
        default=None,
        metavar="CARDS;CARDS;...",
        help="each bidder's money cards, hands separated by ';' (no change)",
    )
    a.add_argument(
        "--auctioneer-value",
        type=_int("--auctioneer-value"),
        default=None,
        help="the stake's worth to the auctioneer (default: the largest of --values)",
    )
    a_money = a.add_mutually_exclusive_group()
    a_money.add_argument(
        "--auctioneer-money",
        default=None,
        metavar="CARDS",
        help="the auctioneer's money cards (default: unlimited)",
    )
    a_money.add_argument(
        "--auctioneer-budget",
        type=_int("--auctioneer-budget"),
        default=None,
        help="the auctioneer's money as a total",
    )
    a.add_argument(
        "--no-preemption",
        action="store_true",
        help="solve the auction without the auctioneer's right only",
    )
    a.add_argument(
        "--selection",
        default=Selection.UNDOMINATED.value,
        metavar="RULE",
        help="which subgame-perfect equilibrium: 'undominated' (default: bidders stay in while the "
        "price is below their worth) or 'pass-on-ties' (indifferent bidders pass)",
    )
    a.add_argument(
        "--verify",
        action="store_true",
        help="also check the equilibrium at every state (one-shot deviations, the selection rule)",
    )
    a.add_argument("--step", type=_int("--step"), default=10, help="bid increment (default 10)")
    add_edition_options(a, variants=False)
    a.add_argument("--json", action="store_true", help="print one JSON object")
    a.set_defaults(func=run_auction)


#: Whole numbers on these command lines have at most this many digits (amounts of money).
_MAX_DIGITS = 15


def _whole(text: str) -> int:
    digits = text.strip().lstrip("+-")
    if len(digits) > _MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"{excerpt(text, 30)} is out of range: at most {_MAX_DIGITS} digits"
        )
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a whole number") from None


def _int(option: str) -> Callable[[str], int]:
    return _whole


def _ints(option: str) -> Callable[[str], list[int]]:
    def parse(text: str) -> list[int]:
        parts = [p for p in text.replace(" ", "").split(",") if p]
        if not parts:
            raise argparse.ArgumentTypeError(f"{text!r} is empty: give comma-separated numbers")
        if len(parts) > _MAX_LIST:
            raise argparse.ArgumentTypeError(
                f"{excerpt(text)} lists {len(parts)} numbers: at most {_MAX_LIST}"
            )
        return [_whole(p) for p in parts]

    return parse


#: The longest list of numbers an option takes (the solvers refuse far fewer bidders).
_MAX_LIST = 100


def _hands(text: str) -> list[str]:
    return [hand.strip() for hand in text.split(";")]


# ---------------------------------------------------------------------------------------------


def run_preemption(args: argparse.Namespace) -> int:
    """Print the decision as text or JSON."""
    decision = decide_preemption(
        args.auctioneer,
        args.bidder,
        args.bid,
        args.value,
        args.bidder_value,
        get_edition(args.edition),
        args.view,
    )
    if args.json:
        print(json.dumps(decision.to_dict()))
    else:
        print(format_decision(decision))
    return 0


def format_decision(d: PreemptionDecision) -> str:
    """Readable text for a :class:`PreemptionDecision`."""
    style = get_edition(d.edition).preemption.value
    lines = [
        f"Auctioneer: {format_money(d.auctioneer_cards)}, worth {d.auctioneer_value}; "
        f"high bidder: {format_money(d.bidder_cards)}, worth {d.bidder_value}; "
        f"bid {d.bid} ({d.edition}, {style})",
        f"  sell:    the bidder pays {sum(d.bidder_payment)} ({d.seller_excess} over the bid)"
        f"      payoffs: {_pay(d.sell.in_view(d.view))}",
    ]
    if d.preempt is None:
        lines.append("  preempt: impossible, the auctioneer cannot pay the bid (K-PAY-1)")
    else:
        lines.append(
            f"  preempt: the auctioneer pays {sum(d.auctioneer_payment or ())} "
            f"(no-change penalty {d.penalty})  payoffs: {_pay(d.preempt.in_view(d.view))}"
        )
    if len(d.flows) > 1:
        lines.extend(f"    {flow}" for flow in d.flows)
    lines.append(f"Decision: {d.decision} ({d.view.value} payoffs; a tie sells)")
    return "\n".join(lines)


def _pay(p: object) -> str:
    return f"auctioneer {p.auctioneer}, bidder {p.bidder}"  # type: ignore[attr-defined]


#: The most (bid level, set of bidders) pairs ``solve auction`` lets the solver walk: backward
#: induction visits every level up to the largest worth for every set of bidders, even above all
#: the budgets, so ``--values 1000000000000,5 --budgets 50,20`` never answered. Two bidders and a
#: million levels take about a second here. A guard at the command line for as long as the
#: solver counts only the states with a bid in them.
MAX_LEVEL_SETS = 4_000_000


def _check_levels(args: argparse.Namespace) -> None:
    if args.budgets is None and args.money is None:
        return  # unlimited purses: the solver's own count of states covers every level
    values = list(args.values)
    if args.auctioneer_value is not None:
        values.append(args.auctioneer_value)
    if args.step is None or args.step <= 0 or min(values) < 0 or len(args.values) > MAX_BIDDERS:
        return  # the solver names these
    levels = -(-max(values) // args.step) + 1
    walked = levels * 2 ** len(args.values)
    if walked > MAX_LEVEL_SETS:
        raise SolverInputError(
            f"--values {excerpt(args.values)}: bids up to {max(values)} in steps of {args.step} "
            f"make {levels:,} levels for {len(args.values)} bidders, {walked:,} (level, bidders) "
            f"pairs to walk; the limit is {MAX_LEVEL_SETS:,}: give smaller worths, a larger "
            "--step or fewer bidders"
        )


def run_auction(args: argparse.Namespace) -> int:
    """Solve the auction and print it (with the comparison unless ``--no-preemption``)."""
    _check_levels(args)
    a_money: object = args.auctioneer_money
    if args.auctioneer_budget is not None:
        a_money = args.auctioneer_budget
    kwargs: dict[str, object] = {
        "money": args.money,
        "auctioneer_value": args.auctioneer_value,
        "auctioneer_money": a_money,
        "step": args.step,
        "edition": get_edition(args.edition),
        "selection": Selection.parse(args.selection),
        "verify": args.verify,
    }
    if args.no_preemption:
        result = solve_auction(
            args.values,
            args.budgets,
            preemption=False,
            **kwargs,  # type: ignore[arg-type]
        )
        if args.json:
            print(json.dumps(result.to_dict()))
        else:
            print(format_auction(result))
        return 0
    both = compare_auction(args.values, args.budgets, **kwargs)
    if args.json:
        out = both.with_right.to_dict()
        out["without_right"] = both.without_right.to_dict()
        out["worth_of_right"] = both.worth_of_right
        print(json.dumps(out))
    else:
        print(format_auction(both.with_right))
        print()
        print(format_auction(both.without_right))
        print()
        print(
            f"The right is worth {both.worth_of_right} to the auctioneer "
            f"({both.with_right.payoffs.auctioneer} with it, "
            f"{both.without_right.payoffs.auctioneer} without)."
        )
    return 0


def format_auction(r: AuctionResult) -> str:
    """Readable text for an :class:`AuctionResult`."""
    g = r.game
    title = "with the auctioneer's right" if g.preemption else "without the auctioneer's right"
    bidders = "; ".join(
        f"bidder {i}: worth {v}, {p.describe()}"
        for i, (v, p) in enumerate(zip(g.values, g.purses, strict=True))
    )
    winner = "the auctioneer" if r.winner is None else f"bidder {r.winner}"
    payoffs = ", ".join(f"bidder {i} {x}" for i, x in enumerate(r.payoffs.bidders))
    return "\n".join(
        [
            f"Auction {title} (step {g.step}, {g.edition}, selection {r.selection.value})",
            f"  auctioneer: worth {g.auctioneer_value}, {g.auctioneer_purse.describe()}; {bidders}",
            "  play: " + "; ".join(r.path),
            f"  price {r.price}, {r.decision}, the stake goes to {winner}",
            f"  payoffs: auctioneer {r.payoffs.auctioneer}, {payoffs}",
            f"  verified: {r.verified}",
        ]
    )
