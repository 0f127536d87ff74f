"""Export a game tree to Gambit's ``.efg`` text format, so instructors can open it in Gambit.

The format (Gambit's documentation, "The extensive game (.efg) file format"): a header
``EFG 2 R "title" { "player 1" "player 2" }`` and a comment line, then the nodes in depth-first
order, one per line:

* ``p "" player infoset "name" { "action" ... } 0`` -- a decision node (players from 1);
* ``c "" infoset "name" { "outcome" probability ... } 0`` -- a chance node (rational probabilities);
* ``t "" outcome "name" { payoff_1, payoff_2 }`` -- a leaf with its outcome's payoffs.

Information sets are numbered per player in order of first appearance; every leaf has its own
outcome. Payoffs are written as exact rationals (``-1/2``).

>>> from kuhtheory.solvers.efg import Game, Decision, Terminal
>>> print(to_efg(Game(Decision(0, "i", ("L", "R"), (Terminal(1), Terminal(-1))), title="toy")))
EFG 2 R "toy" { "A" "B" }
""
<BLANKLINE>
p "" 1 1 "i" { "L" "R" } 0
t "" 1 "" { 1, -1 }
t "" 2 "" { -1, 1 }
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path

from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal


def _q(text: object) -> str:
    """A Gambit string literal (backslash and double quote escaped)."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _name(key: Hashable) -> str:
    if isinstance(key, tuple):
        return " ".join(_name(k) for k in key)
    return str(key)


def _num(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def to_efg(game: Game) -> str:
    """The game as Gambit ``.efg`` text (payoffs of player 2 are the negatives: zero-sum)."""
    lines = [
        f"EFG 2 R {_q(game.title)} {{ {_q(game.players[0])} {_q(game.players[1])} }}",
        '""',
        "",
    ]
    numbers: tuple[dict[Hashable, int], ...] = ({}, {})
    chance_sets = 0
    outcomes = 0
    stack: list[Node] = [game.root]
    while stack:
        node = stack.pop()
        if isinstance(node, Terminal):
            outcomes += 1
            lines.append(
                f't {_q(node.label)} {outcomes} "" {{ {_num(node.payoff)}, {_num(-node.payoff)} }}'
            )
        elif isinstance(node, Chance):
            chance_sets += 1
            body = " ".join(f"{_q(a)} {_num(p)}" for a, p, _ in node.outcomes)
            lines.append(f'c {_q(node.label)} {chance_sets} "" {{ {body} }} 0')
            stack.extend(child for _, _, child in reversed(node.outcomes))
        elif isinstance(node, Decision):
            known = numbers[node.player]
            if node.infoset not in known:
                known[node.infoset] = len(known) + 1
            acts = " ".join(_q(a) for a in node.actions)
            lines.append(
                f"p {_q(node.label)} {node.player + 1} {known[node.infoset]} "
                f"{_q(_name(node.infoset))} {{ {acts} }} 0"
            )
            stack.extend(reversed(node.children))
    return "\n".join(lines) + "\n"


def write_efg(game: Game, path: str | Path) -> Path:
    """Write :func:`to_efg` to ``path`` and return it."""
    out = Path(path)
    out.write_text(to_efg(game), encoding="utf-8")
    return out
