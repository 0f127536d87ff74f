"""``kuhtheory solve trade`` and ``kuhtheory solve kuhn`` (K-TRD-1..3; Kuhn 1950).

::

    kuhtheory solve trade --edition classic --a 0,0,10,10,10,10,50 --b 0,10,10,50 --value 100 \\
        [--refinement {none,quasi-perfect,proper}] [--value-b 60] [--exact] [--json] [--efg FILE]
    kuhtheory solve kuhn [--refinement {none,quasi-perfect}] [--exact] [--json] [--efg FILE]

``--a`` is A's hand, or a distribution of hands B cannot see, ``"0,10@1/2;10,10@1/2"``. The trade
comes from :func:`kuhtheory.solvers.trade_solution.solve_trade`, Kuhn poker from
:func:`kuhtheory.solvers.solve.solve_game`. ``--refinement`` picks which equilibrium strategies are
reported (:mod:`kuhtheory.solvers.refinements`; quasi-perfect by default); the text names it and
says how it was verified. ``--json`` prints one object with ``value`` (and, with ``--exact``,
``value_exact`` as a fraction string), ``offerer``, ``responder``, ``exploitability``, ``exact``,
``refinement``, ``verified`` and ``seconds``. ``--value-b W_B`` makes the stake worth ``--value``
to A and ``W_B`` to B: the general-sum trade of :mod:`kuhtheory.solvers.trade_general` (Lemke's
algorithm, a Nash equilibrium), printed with both payoffs and the same ``offerer`` /
``responder`` tables. ``--efg FILE`` also writes the game tree in Gambit's format.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="solve")
>>> register(parser.add_subparsers(dest="solver"))
>>> args = parser.parse_args("kuhn --exact --json".split())
>>> args.func(args)  # doctest: +ELLIPSIS
{"game": "Kuhn poker", "value": -0.05555..., "value_exact": "-1/18", ...}
0
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any

from kuhtheory.cards import DENOMINATIONS, format_money
from kuhtheory.editions import DEFAULT_EDITION
from kuhtheory.errors import SolverInputError
from kuhtheory.files import check_output_file
from kuhtheory.solvers.efg import Game
from kuhtheory.solvers.gambit_io import write_efg
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.refinements import Refinement
from kuhtheory.solvers.result import SolveResult
from kuhtheory.solvers.sequence_form import from_game
from kuhtheory.solvers.solve import solve_game
from kuhtheory.solvers.trade import (
    TradeRules,
    offer_label,
    parse_hand,
    trade_game,
    tree_leaves,
)
from kuhtheory.solvers.trade_solution import solve_trade
from kuhtheory.solvers.trade_tables import TradeSolution

#: Largest tree (leaves, estimated) that ``--efg`` writes for a trade.
MAX_EFG_LEAVES = 200_000


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``trade`` and ``kuhn`` parsers to the ``solve`` group."""
    trade = subparsers.add_parser(
        "trade",
        help="equilibrium of the sealed-bid trade (K-TRD-1..3)",
        description="Solve the trade between offerer A and responder B as a zero-sum game: A's "
        "payoff is his money change plus VALUE if he ends with the stake. Denominations: "
        + ", ".join(map(str, DENOMINATIONS))
        + ".",
    )
    trade.add_argument("--edition", default=DEFAULT_EDITION, help="edition (and +variants)")
    trade.add_argument(
        "--a",
        required=True,
        help='A\'s money cards "0,10,50", or hands B cannot see: "0,10@1/2;10,10@1/2"',
    )
    trade.add_argument("--b", required=True, help="B's money cards")
    trade.add_argument("--value", required=True, help="W >= 0, the stake's worth in money")
    trade.add_argument(
        "--refinement",
        choices=[r.value for r in Refinement],
        default=Refinement.QUASI_PERFECT.value,
        help="which equilibrium strategies to report: none (the LP's), quasi-perfect (both "
        "players answer every mistake of the other; the default) or proper (also B's reply to "
        "every card count best in that count's own game)",
    )
    trade.add_argument(
        "--value-b",
        metavar="W_B",
        help="the stake's worth to B when it differs from --value (then --value is A's): a "
        "general-sum trade, solved by Lemke's algorithm",
    )
    trade.add_argument(
        "--exact",
        action="store_true",
        help="exact fractions, certified: the value and every probability",
    )
    trade.add_argument("--json", action="store_true", help="print one JSON object")
    trade.add_argument("--efg", metavar="FILE", help="also write the game tree for Gambit")
    trade.add_argument(
        "--no-timing",
        action="store_true",
        help="leave out the solve time (for output that must not vary between runs)",
    )
    trade.set_defaults(func=run_trade)
    kuhn = subparsers.add_parser(
        "kuhn",
        help="Kuhn poker (Kuhn 1950), value -1/18",
        description="Solve Kuhn's three-card poker by the sequence-form LP.",
    )
    kuhn.add_argument(
        "--refinement",
        choices=[Refinement.NONE.value, Refinement.QUASI_PERFECT.value],
        default=Refinement.QUASI_PERFECT.value,
        help="which optimal strategies to report: none (the LP's) or quasi-perfect (the default)",
    )
    kuhn.add_argument(
        "--exact",
        action="store_true",
        help="exact fractions, certified: the value and every probability",
    )
    kuhn.add_argument("--json", action="store_true", help="print one JSON object")
    kuhn.add_argument("--efg", metavar="FILE", help="also write the game tree for Gambit")
    kuhn.set_defaults(func=run_kuhn)


def parse_a(text: str) -> Any:
    """``"0,10"`` -> the hand; ``"0,10@1/2;10,10@1/2"`` -> ``[(hand, probability), ...]``.

    >>> parse_a("0,10@1/3; 10@2/3")
    [('0,10', Fraction(1, 3)), ('10', Fraction(2, 3))]
    """
    if "@" not in text and ";" not in text:
        return text
    out = []
    for part in text.split(";"):
        if not part.strip():
            continue
        hand, sep, prob = part.partition("@")
        if not sep:
            raise SolverInputError(f"--a part {part!r} needs a probability: HAND@P")
        out.append(
            (hand.strip(), parse_fraction(prob, f"--a: the probability of {hand.strip()!r}", 1))
        )
    return out


#: The longest number ``--value`` or a probability may be written with (characters).
_MAX_NUMBER_TEXT = 40


def parse_fraction(text: str, what: str, high: int | None = None) -> Fraction:
    """A number from the command line (``"100"``, ``"2.5"``, ``"1/3"``, ``"1e2"``) as an exact
    fraction from 0 (to ``high``, if given); :class:`SolverInputError` naming ``what`` otherwise,
    before any arithmetic that could not end (``1e1000000``) or divides by zero (``1/0``). How
    large a stake the solver takes is the solver's limit.

    >>> parse_fraction("1/3", "p", 1), parse_fraction("2.5e1", "W", 100)
    (Fraction(1, 3), Fraction(25, 1))
    >>> parse_fraction("1/0", "--value", 100)
    Traceback (most recent call last):
    ...
    kuhtheory.errors.SolverInputError: --value '1/0': not a number (a fraction with denominator 0)
    """
    text = text.strip()
    if len(text) > _MAX_NUMBER_TEXT:
        raise SolverInputError(
            f"{what} {text[:20]!r}...: a number of at most {_MAX_NUMBER_TEXT} characters"
        )
    exponent = text.lower().partition("e")[2]
    if exponent and exponent.lstrip("+-").isdigit() and abs(int(exponent)) > 30:
        raise SolverInputError(f"{what} {text!r}: the exponent is out of range (-30 to 30)")
    try:
        value = Fraction(text)
    except ZeroDivisionError:
        raise SolverInputError(
            f"{what} {text!r}: not a number (a fraction with denominator 0)"
        ) from None
    except ValueError:
        raise SolverInputError(f"{what} {text!r} is not a number (100, 2.5 or 1/3)") from None
    if value < 0 or (high is not None and value > high):
        raise SolverInputError(
            f"{what} {text!r} must be at least 0"
            + (f" and at most {high}" if high is not None else "")
        )
    if value.denominator > 10**12:
        raise SolverInputError(f"{what} {text!r}: a denominator of at most 10**12")
    return value


def _estimated_leaves(edition: str, a: Any, b: str) -> int:
    rules = TradeRules.from_edition(edition)
    hands = [a] if isinstance(a, str) else [h for h, _ in a]
    return tree_leaves(rules, [parse_hand(h, "A's hand") for h in hands], parse_hand(b, "B's hand"))


def run_trade(args: argparse.Namespace) -> int:
    """Solve and print one trade."""
    a = parse_a(args.a)
    value = parse_fraction(args.value, "--value")
    if args.value_b is not None:
        return _run_general(args, a, value)
    if args.efg:  # checked before the solve: a bad path must not cost a long solve
        check_output_file(args.efg, "--efg")
    solution = solve_trade(
        args.edition, a, args.b, value, exact=args.exact, refinement=args.refinement
    )
    if args.efg:
        leaves = _estimated_leaves(args.edition, a, args.b)
        if leaves > MAX_EFG_LEAVES:
            raise SolverInputError(
                f"--efg: the tree would have about {leaves} leaves (limit {MAX_EFG_LEAVES}); "
                "use smaller hands"
            )
        # a belief in classic: B sees the first pile on a tie, so piles keep their cards
        write_efg(trade_game(args.edition, a, args.b, value, collapse=False), Path(args.efg))
    if args.json:
        data = solution.to_dict()
        if solution.exact:
            rounds = [exact_probabilities(r) for r in solution.results]
            data["probabilities_exact"] = [_exact_json(t) for t in rounds if t is not None]
        print(json.dumps(data))
    else:
        print(format_solution(solution, timing=not args.no_timing))
    return 0


def _run_general(args: argparse.Namespace, a: Any, value: Fraction) -> int:
    """``--value-b``: the general-sum trade (single hands), same tables as the zero-sum solve."""
    if not isinstance(a, str):
        raise SolverInputError("--value-b: A's hand must be one hand (no distribution)")
    if args.efg:
        raise SolverInputError("--efg writes zero-sum games only; leave out --value-b")
    value_b = parse_fraction(args.value_b, "--value-b")
    s = solve_trade(args.edition, a, args.b, (value, value_b), exact=args.exact)
    if args.json:
        print(json.dumps(s.to_dict()))
        return 0
    print(format_general(s, timing=not args.no_timing))
    return 0


def format_general(s: Any, title: str = "", timing: bool = True) -> str:
    """A readable table of a general-sum trade solution (both payoffs, both strategies)."""
    exact = s.payoffs_exact
    pay = [str(v) for v in exact] if exact else [f"{v:.6g}" for v in s.payoffs]
    lines = [
        title
        or f"General-sum trade ({s.edition}): A {format_money(s.a_hand)}; B "
        f"{format_money(s.b_hand)}; stake worth {s.values[0]} to A, {s.values[1]} to B",
        f"Payoffs: A {pay[0]}, B {pay[1]} ({'exact' if exact else 'float'})"
        + (f"; {1000 * s.seconds:.1f} ms" if timing else ""),
        "A offers (cards = total: probability):",
    ]
    lines += [
        f"  {offer_label(r.count, r.total)}: {r.probability:.3f}"
        for r in s.offers
        if r.probability > 1e-12
    ]
    lines.append("B replies by cards seen (accept; counter total: probability):")
    for r in s.replies:
        counters = ", ".join(f"{t}: {p:.3f}" for t, p in r.counters if p > 1e-12) or "-"
        accept = f"accept {r.accept:.3f}; " if s.rules.responder_may_accept else ""
        lines.append(f"  {r.count}{'' if r.on_path else ' (off path)'}: {accept}counter {counters}")
    lines.append(f"Solution: {s.equilibrium}")
    lines.append(f"Verified: {s.verified}")
    if s.second_round is not None:
        lines += ["", format_general(s.second_round, "After a first tie (second round):", timing)]
    return "\n".join(lines)


def _exact_json(table: ExactTable) -> dict[str, str]:
    """An exact table for JSON: ``"information set | action": "p/q"``."""
    return {f"{_key_text(key)} | {act}": str(p) for (key, act), p in table.items()}


def _key_text(key: Hashable) -> str:
    return " ".join(map(str, key)) if isinstance(key, tuple) else str(key)


#: An exact probability by (information set, action), from a certified exact solution.
ExactTable = dict[tuple[Hashable, str], Fraction]


def exact_probabilities(result: SolveResult, game: Game | None = None) -> ExactTable | None:
    """The behaviour probabilities of an exact solution as fractions, from its exact realization
    plans (the strategies it reports are floats).

    At an information set whose parent sequence has weight ``w > 0`` an action's probability is
    its sequence's weight over ``w`` (von Stengel 1996). Without ``game`` every information set
    must follow the root (each player moves once, as in the trade: the probabilities are the
    plan's entries, in the strategies' order); with ``game`` its sequence form gives the parents.
    Where the player's own earlier choice rules a set out, the reported pure completion (0 or 1)
    is exact too. Every fraction is checked against the reported float; None if the result is
    not exact or anything does not line up.

    >>> from kuhtheory.solvers.kuhn import kuhn_poker
    >>> game = kuhn_poker()
    >>> table = exact_probabilities(solve_game(game, exact=True), game)
    >>> table[(("J", ""), "bet")]
    Fraction(1, 3)
    """
    if not result.exact:
        return None
    out: ExactTable = {}
    infosets = from_game(game).infosets if game is not None else None
    for player in (0, 1):
        plan = result.plans[player]
        strategy = result.strategy(player)
        if infosets is None:
            entries = [(key, act) for key, acts in strategy.items() for act in acts]
            if len(plan) != len(entries) + 1 or plan[0] != 1:
                return None
            pairs = [((key, act), plan[1 + k], 1) for k, (key, act) in enumerate(entries)]
        else:
            pairs = [
                ((info.key, act), plan[info.first + k], plan[info.parent])
                for info in infosets[player]
                for k, act in enumerate(info.actions)
            ]
        for (key, act), weight, parent in pairs:
            reported = strategy.get(key, {}).get(act)
            if reported is None or not isinstance(weight, (Fraction, int)):
                return None
            if parent:
                exact = Fraction(weight) / Fraction(parent)
            elif reported in (0.0, 1.0):
                exact = Fraction(int(reported))  # a pure completion off the player's own path
            else:
                return None
            if abs(float(exact) - reported) > 1e-9:
                return None
            out[(key, act)] = exact
    return out


def _fmt(v: float | Fraction) -> str:
    return str(v) if isinstance(v, Fraction) else f"{v:.3f}"


def format_solution(s: TradeSolution, title: str = "", timing: bool = True) -> str:
    """A readable table of a :class:`TradeSolution` (probabilities as fractions when exact)."""
    table = (exact_probabilities(s.results[0]) if s.exact and s.results else None) or {}

    def prob(key: Hashable, action: str, reported: float) -> float | Fraction:
        # an exact solution without the action (no "accept" in bluff, K-TRD-2): exactly 0
        missing: float | Fraction = Fraction(0) if table and reported == 0 else reported
        return table.get((key, action), missing)

    offer_key = {hand: "offer" if len(s.offers) == 1 else ("offer", hand) for hand in s.offers}
    lines = []
    if len(s.a_hands) == 1:
        a_text = format_money(s.a_hands[0][0])
    else:
        a_text = "; ".join(f"{format_money(h)} (p={p})" for h, p in s.a_hands)
    value = str(s.value_exact) if s.value_exact is not None else f"{s.value:.6g}"
    lines.append(
        title
        or f"Trade ({s.edition}): A {a_text}; B {format_money(s.b_hand)}; stake worth "
        f"{s.stake_value}"
    )
    lines.append(
        f"Value to A: {value} ({'exact' if s.exact else 'float'}); exploitability "
        f"{s.exploitability:.3g}" + (f"; {1000 * s.seconds:.1f} ms" if timing else "")
    )
    lines.append(f"Refinement: {Refinement(s.refinement).description}")
    for hand, rows in s.offers.items():
        head = "A offers" if len(s.offers) == 1 else f"A offers holding {format_money(hand)}"
        lines.append(f"{head} (cards = total: probability):")
        for row in rows:
            if row.probability > 1e-12:
                label = offer_label(row.count, row.total)
                p = prob(offer_key[hand], label, row.probability)
                lines.append(f"  {label}: {_fmt(p)}")
    accepts = "accept; " if s.rules.responder_may_accept else ""
    lines.append(f"B replies by cards seen ({accepts}counter total: probability):")
    for r in s.replies:
        key = ("reply", r.count)
        counters = (
            ", ".join(
                f"{t}: {_fmt(prob(key, f'counter {t}', p))}" for t, p in r.counters if p > 1e-12
            )
            or "-"
        )
        path = "" if r.on_path else " (off path)"
        accept = (
            f"accept {_fmt(prob(key, 'accept', r.accept))}; "
            if s.rules.responder_may_accept
            else ""
        )
        lines.append(f"  {r.count}{path}: {accept}counter {counters}")
    lines.append(f"Verified: {s.verified}")
    if s.second_round is not None:
        lines.append("")
        lines.append(
            format_solution(
                s.second_round,
                "After a first tie the money goes back and A offers again "
                "(a second tie gives A the stake free):",
                timing,
            )
        )
    return "\n".join(lines)


def run_kuhn(args: argparse.Namespace) -> int:
    """Solve and print Kuhn poker."""
    if args.efg:
        check_output_file(args.efg, "--efg")
    game = kuhn_poker()
    result = solve_game(game, exact=args.exact, refinement=args.refinement)
    if args.efg:
        write_efg(game, Path(args.efg))
    data = result.to_dict()
    if args.json:
        out = {
            "game": data["game"],
            "value": data["value"],
            **({"value_exact": data["value_exact"]} if "value_exact" in data else {}),
            "first_player": data["strategies"][0],
            "second_player": data["strategies"][1],
            **(
                {"probabilities_exact": _exact_json(table)}
                if (table := exact_probabilities(result, game)) is not None
                else {}
            ),
            "exploitability": data["exploitability"],
            "exact": data["exact"],
            "seconds": data["seconds"],
            "refinement": data["refinement"],
            "verified": data["verified"],
        }
        print(json.dumps(out))
        return 0
    value = str(result.value_exact) if result.value_exact is not None else f"{result.value:.6g}"
    print(f"Kuhn poker (Kuhn 1950): value to the first player {value} (known: -1/18)")
    table = exact_probabilities(result, game) or {}
    for player, name in enumerate(game.players):
        print(f"{name} (information set: action probabilities):")
        for key, acts in result.strategy(player).items():
            card, history = key if isinstance(key, tuple) else (key, "")
            probs = ", ".join(f"{a} {_fmt(table.get((key, a), p))}" for a, p in acts.items())
            print(f"  {card} after {history or 'start'!r}: {probs}")
    print(f"Refinement: {Refinement(result.refinement).description}")
    print(f"Exploitability {result.exploitability:.3g}; {result.verified}")
    return 0
