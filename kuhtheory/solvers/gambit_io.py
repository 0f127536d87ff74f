"""Export a game tree to Gambit's ``.efg`` text format, so instructors can open it in Gambit.

The format (Gambit's documentation, "The extensive game (.efg) file format"): a header
``EFG 2 R "title" { "player 1" "player 2" }`` and a comment line, then the nodes in depth-first
order, one per line:

* ``p "" player infoset "name" { "action" ... } 0`` -- a decision node (players from 1);
* ``c "" infoset "name" { "outcome" probability ... } 0`` -- a chance node (rational probabilities);
* ``t "" outcome "name" { payoff_1, payoff_2 }`` -- a leaf with its outcome's payoffs.

Information sets are numbered per player in order of first appearance; every leaf has its own
outcome. Payoffs are written as exact rationals (``-1/2``).

Gambit 16.7 refuses a label (of a player, node, information set, action or outcome) that is not
printable ASCII, begins or ends with a space, or holds two spaces in a row (its parser says so:
"a label may contain only printable ASCII characters and spaces, must not begin or end with a
space, and must not contain two consecutive spaces"). :func:`gambit_label` makes every label so:
an information set ``("J", "")`` is written ``"J"``, not ``"J "``; accents are dropped (``"é"``
becomes ``"e"``). The title and the comment may hold any text. Double quotes are escaped
(``\\"``); a backslash becomes a slash, since Gambit does not read ``\\\\`` back as one.

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

import unicodedata
from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path

from kuhtheory.errors import OutputFileError, SolverInputError
from kuhtheory.files import write_text_atomic
from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal


def _q(text: object) -> str:
    """A Gambit string literal: double quotes escaped; a backslash, which Gambit 16.7 does not
    read back as one, written as a slash."""
    return '"' + str(text).replace("\\", "/").replace('"', '\\"') + '"'


def gambit_label(text: object) -> str:
    """``text`` as a label Gambit reads: printable ASCII, single spaces, none at either end.

    >>> gambit_label("J "), gambit_label("  reply  3 "), gambit_label("Schnäppchen\tJagd")
    ('J', 'reply 3', 'Schnappchen Jagd')
    >>> gambit_label("a\\\\b")
    'a/b'
    """
    ascii_text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    printable = "".join(c if " " <= c <= "~" else " " for c in ascii_text.replace("\\", "/"))
    return " ".join(printable.split())


def infoset_label(key: Hashable) -> str:
    """The label of an information set keyed ``key`` (a tuple's parts joined by spaces).

    >>> infoset_label(("J", "")), infoset_label(("reply", 3))
    ('J', 'reply 3')
    """
    return gambit_label(_name(key))


def _name(key: Hashable) -> str:
    if isinstance(key, tuple):
        return " ".join(_name(k) for k in key)
    return str(key)


def _label(text: object) -> str:
    return _q(gambit_label(text))


def _num(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def to_efg(game: Game) -> str:
    """The game as Gambit ``.efg`` text (payoffs of player 2 are the negatives: zero-sum)."""
    lines = [
        f"EFG 2 R {_q(game.title)} {{ {_label(game.players[0])} {_label(game.players[1])} }}",
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
            payoffs = f"{_num(node.payoff)}, {_num(-node.payoff)}"
            lines.append(f't {_label(node.label)} {outcomes} "" {{ {payoffs} }}')
        elif isinstance(node, Chance):
            chance_sets += 1
            body = " ".join(f"{_label(a)} {_num(p)}" for a, p, _ in node.outcomes)
            lines.append(f'c {_label(node.label)} {chance_sets} "" {{ {body} }} 0')
            stack.extend(child for _, _, child in reversed(node.outcomes))
        elif isinstance(node, Decision):
            known = numbers[node.player]
            if node.infoset not in known:
                known[node.infoset] = len(known) + 1
            acts = " ".join(_label(a) for a in node.actions)
            lines.append(
                f"p {_label(node.label)} {node.player + 1} {known[node.infoset]} "
                f"{_q(infoset_label(node.infoset))} {{ {acts} }} 0"
            )
            stack.extend(reversed(node.children))
    return "\n".join(lines) + "\n"


def write_efg(game: Game, path: str | Path) -> Path:
    """Write :func:`to_efg` to ``path`` and return it (:class:`SolverInputError` naming the path
    when it cannot be written). The file is written atomically and a symlink at ``path`` is
    replaced, never followed (:func:`kuhtheory.files.write_text_atomic`)."""
    out = Path(path)
    try:
        write_text_atomic(out, to_efg(game))
    except OutputFileError as error:
        raise SolverInputError(f"cannot write {error}") from None
    return out
