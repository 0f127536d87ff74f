"""Gambit .efg export: the text parses back into the same game (same value)."""

from __future__ import annotations

import re
import shlex
from fractions import Fraction

from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal
from kuhtheory.solvers.gambit_io import to_efg, write_efg
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.solve import solve_game
from kuhtheory.solvers.trade import trade_game


def parse_efg(text: str) -> Game:
    """A small independent reader of the .efg lines that to_efg writes."""
    lines = [ln for ln in text.splitlines()[3:] if ln.strip()]
    pos = 0

    def node() -> Node:
        nonlocal pos
        tokens = shlex.split(lines[pos].replace("{", " { ").replace("}", " } ").replace(",", " "))
        pos += 1
        kind = tokens[0]
        body = tokens[tokens.index("{") + 1 : tokens.index("}")]
        if kind == "t":
            return Terminal(Fraction(body[0]))
        if kind == "c":
            pairs = list(zip(body[0::2], body[1::2], strict=True))
            return Chance([(a, Fraction(p), node()) for a, p in pairs])
        player, infoset = int(tokens[2]) - 1, int(tokens[3])
        return Decision(player, infoset, body, [node() for _ in body])

    return Game(node())


def test_header_and_line_kinds():
    text = to_efg(kuhn_poker())
    assert text.startswith('EFG 2 R "Kuhn poker" { "first player" "second player" }')
    kinds = [ln[0] for ln in text.splitlines()[3:] if ln]
    assert kinds.count("t") == 30 and kinds.count("c") == 1 and kinds.count("p") == 24


def test_round_trip_keeps_the_value(tmp_path):
    for game in (kuhn_poker(), trade_game("classic", "0,10", "10", 30)):
        path = write_efg(game, tmp_path / "g.efg")
        back = parse_efg(path.read_text())
        assert back.infoset_count() == game.infoset_count()
        assert solve_game(back, exact=True).value_exact == solve_game(game, exact=True).value_exact


def test_quotes_are_escaped():
    g = Game(Decision(0, 'say "hi"', ("a",), (Terminal(Fraction(-1, 2)),)), title='t"x')
    text = to_efg(g)
    assert '"t\\"x"' in text and "-1/2, 1/2" in text
    assert re.search(r'p "" 1 1 "say \\"hi\\""', text)
