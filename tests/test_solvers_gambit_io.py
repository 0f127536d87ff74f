"""Gambit .efg export: every game the package writes parses back into the same tree.

The reader below is written from the format's grammar (Gambit's documentation, "The extensive game
(.efg) file format"), independently of the writer: a tokenizer (quoted strings with backslash
escapes, braces, commas, numbers and words) and a recursive-descent parser of the header and the
three node kinds with their optional information-set and outcome parts::

    file     := "EFG" "2" ("R" | "D") STRING "{" STRING* "}" STRING node
    node     := personal | chance | terminal        (depth first, children in action order)
    personal := "p" STRING INT INT [STRING "{" STRING* "}"] INT [STRING "{" payoffs "}"]
    chance   := "c" STRING INT [STRING "{" (STRING NUMBER)* "}"] INT [STRING "{" payoffs "}"]
    terminal := "t" STRING INT [STRING "{" payoffs "}"]

The information set's name and actions may be left out where the set already appeared, and an
outcome's name and payoffs where the outcome already appeared; outcome 0 is none. Gambit 16.7
itself reads every file (checked with pygambit when it is installed; see the last test).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction

import pytest

from kuhtheory.editions import EDITIONS, VARIANTS, CounterSettlement, TradeTie
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal
from kuhtheory.solvers.gambit_io import gambit_label, infoset_label, to_efg, write_efg
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.solve import solve_game
from kuhtheory.solvers.trade import TradeRules, trade_game

# ---------------------------------------------------------------------------------------------
# The reader

_TOKEN = re.compile(
    r'\s*(?:(?P<string>"(?:[^"\\]|\\.)*")|(?P<punct>[{},])|(?P<word>[^\s{},"]+))', re.S
)


@dataclass(frozen=True)
class Token:
    kind: str  # "string", "punct" or "word"
    text: str


def tokens(text: str) -> Iterator[Token]:
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            if text[pos:].strip():
                raise ValueError(f"cannot read {text[pos : pos + 20]!r}")
            return
        pos = match.end()
        kind = match.lastgroup
        assert kind is not None
        raw = match.group(kind)
        if kind == "string":
            raw = re.sub(r"\\(.)", r"\1", raw[1:-1])
        yield Token(kind, raw)


@dataclass
class ParsedGame:
    title: str
    players: list[str]
    root: Node
    infoset_names: dict[tuple[int, int], str] = field(default_factory=dict)


class Reader:
    """A recursive-descent reader of the .efg grammar (module docstring)."""

    def __init__(self, text: str) -> None:
        self.tokens = list(tokens(text))
        self.pos = 0
        self.infosets: dict[tuple[int, int], tuple[str, list[str], list[Fraction] | None]] = {}
        self.outcomes: dict[int, tuple[Fraction, ...]] = {}

    def next(self, kind: str | None = None, text: str | None = None) -> Token:
        if self.pos >= len(self.tokens):
            raise ValueError("unexpected end of file")
        token = self.tokens[self.pos]
        if (kind and token.kind != kind) or (text is not None and token.text != text):
            raise ValueError(f"expected {kind} {text!r}, found {token}")
        self.pos += 1
        return token

    def peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def integer(self) -> int:
        return int(self.next("word").text)

    def number(self) -> Fraction:
        return Fraction(self.next("word").text)

    def braced(self, item) -> list:  # type: ignore[no-untyped-def]
        self.next("punct", "{")
        out = []
        while True:
            token = self.peek()
            if token is not None and token.kind == "punct" and token.text == "}":
                self.pos += 1
                return out
            if token is not None and token.kind == "punct" and token.text == ",":
                self.pos += 1
                continue
            out.append(item())

    def read(self) -> ParsedGame:
        self.next("word", "EFG")
        self.next("word", "2")
        if self.next("word").text not in ("R", "D"):
            raise ValueError("the number format must be R or D")
        title = self.next("string").text
        players = self.braced(lambda: self.next("string").text)
        self.next("string")  # the comment
        root = self.node()
        if self.peek() is not None:
            raise ValueError(f"text after the tree: {self.peek()}")
        names = {key: name for key, (name, _, _) in self.infosets.items()}
        return ParsedGame(title, players, root, names)

    def outcome(self, players: int) -> tuple[Fraction, ...] | None:
        number = self.integer()
        token = self.peek()
        if token is not None and token.kind == "string":
            self.next("string")
            payoffs = tuple(self.braced(self.number))
            if len(payoffs) != players or number in self.outcomes:
                raise ValueError(f"outcome {number}: {len(payoffs)} payoffs or defined twice")
            self.outcomes[number] = payoffs
        if number == 0:
            return None
        return self.outcomes[number]

    def infoset(self, key: tuple[int, int], chance: bool) -> tuple[list[str], list[Fraction]]:
        token = self.peek()
        if token is not None and token.kind == "string":
            name = self.next("string").text
            if chance:
                pairs = self.braced(lambda: (self.next("string").text, self.number()))
                actions, probs = [a for a, _ in pairs], [p for _, p in pairs]
            else:
                actions, probs = self.braced(lambda: self.next("string").text), []
            if key in self.infosets and self.infosets[key][1] != actions:
                raise ValueError(f"information set {key} with other actions")
            self.infosets.setdefault(key, (name, actions, probs))
        name, actions, probs = self.infosets[key]
        return actions, probs or []

    def node(self) -> Node:
        kind = self.next("word").text
        label = self.next("string").text
        if kind == "t":
            payoffs = self.outcome(2)
            if payoffs is None or payoffs[1] != -payoffs[0]:
                raise ValueError(f"leaf {label!r}: payoffs {payoffs} are not zero-sum")
            return Terminal(payoffs[0], label)
        if kind == "c":
            key = (0, self.integer())
            actions, probs = self.infoset(key, chance=True)
            if self.outcome(2) is not None:
                raise ValueError("an outcome at a chance node is not part of kuhtheory's games")
            return Chance([(a, p, self.node()) for a, p in zip(actions, probs, strict=True)], label)
        if kind == "p":
            player = self.integer()
            key = (player, self.integer())
            actions, _ = self.infoset(key, chance=False)
            if self.outcome(2) is not None:
                raise ValueError("an outcome at a decision node is not part of kuhtheory's games")
            return Decision(player - 1, key, actions, [self.node() for _ in actions], label)
        raise ValueError(f"unknown node kind {kind!r}")


def read_efg(text: str) -> ParsedGame:
    return Reader(text).read()


# ---------------------------------------------------------------------------------------------
# Comparing the tree read back with the one written


def assert_same_tree(game: Game, parsed: ParsedGame) -> None:
    """Players, title, information sets (as a partition, with their names), actions, payoffs of
    both players and chance probabilities agree, node by node."""
    assert parsed.title == game.title
    assert parsed.players == [gambit_label(p) for p in game.players]
    # original infoset key -> parsed key, per player, must be a bijection
    forward: dict[tuple[int, object], tuple[int, int]] = {}
    backward: dict[tuple[int, int], tuple[int, object]] = {}
    stack: list[tuple[Node, Node]] = [(game.root, parsed.root)]
    while stack:
        mine, theirs = stack.pop()
        assert type(mine) is type(theirs)
        assert gambit_label(mine.label) == theirs.label
        if isinstance(mine, Terminal):
            assert isinstance(theirs, Terminal)
            assert mine.payoff == theirs.payoff  # the reader checked player 2's is -payoff
        elif isinstance(mine, Chance):
            assert isinstance(theirs, Chance)
            assert [gambit_label(a) for a, _, _ in mine.outcomes] == [
                a for a, _, _ in theirs.outcomes
            ]
            assert [p for _, p, _ in mine.outcomes] == [p for _, p, _ in theirs.outcomes]
            stack.extend(
                zip((c for *_, c in mine.outcomes), (c for *_, c in theirs.outcomes), strict=True)
            )
        else:
            assert isinstance(mine, Decision) and isinstance(theirs, Decision)
            assert mine.player == theirs.player
            assert [gambit_label(a) for a in mine.actions] == list(theirs.actions)
            key = (mine.player, mine.infoset)
            parsed_key = theirs.infoset
            assert isinstance(parsed_key, tuple)
            assert forward.setdefault(key, parsed_key) == parsed_key
            assert backward.setdefault(parsed_key, key) == key
            assert parsed.infoset_names[parsed_key] == infoset_label(mine.infoset)
            stack.extend(zip(mine.children, theirs.children, strict=True))
    assert len(forward) == sum(game.infoset_count())


def trade_rule_editions() -> list[str]:
    """One edition (or edition+variant) for each distinct set of trade rules among every edition
    and variant (who may accept, how a counter-offer settles, what a tie does): the trades
    ``write_efg`` can be asked for differ only in these rules and in the hands."""
    names = list(EDITIONS) + [f"{e}+{key}" for key, v in VARIANTS.items() for e in v.editions]
    found: dict[TradeRules, str] = {}
    for name in names:
        found.setdefault(TradeRules.from_edition(name), name)
    return list(found.values())


#: Every kind of trade the package builds and the CLI writes (``solve trade --efg``): single hands
#: (collapsed by count and total, or every pile), and a hand of A drawn by chance (B does not
#: know it; collapsed or not), for each set of trade rules. The hands allow ties, so the classic
#: re-offer round is in the trees. ``scripts/check_gambit.py`` solves these with Gambit.
TRADE_CASES: list[tuple[str, str, object, str, int, bool]] = [
    case
    for edition in trade_rule_editions()
    for case in (
        (f"{edition} single hands", edition, "0,10,10", "10,50", 40, True),
        (f"{edition} uncollapsed", edition, "0,10", "10,10", 25, False),
        (
            f"{edition} hidden hands",
            edition,
            [("0,10", Fraction(1, 3)), ("10,10", Fraction(2, 3))],
            "10",
            30,
            True,
        ),
        (
            f"{edition} hidden uncollapsed",
            edition,
            [("0,10", Fraction(1, 2)), ("0,50", Fraction(1, 2))],
            "10",
            20,
            False,
        ),
    )
]


def games() -> Iterator[tuple[str, Game]]:
    """Every kind of game the package builds and the CLI can write (``--efg``)."""
    yield "kuhn", kuhn_poker()
    for name, edition, a, b, value, collapse in TRADE_CASES:
        yield name, trade_game(edition, a, b, value, collapse=collapse)


GAMES = dict(games())


# ---------------------------------------------------------------------------------------------
# Tests


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_round_trips_through_the_efg_grammar(name: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = GAMES[name]
    path = write_efg(game, tmp_path / "game.efg")
    parsed = read_efg(path.read_text(encoding="utf-8"))
    assert_same_tree(game, parsed)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_label_is_one_gambit_accepts(name: str) -> None:
    # Gambit 16.7: printable ASCII, no space at either end, no two spaces in a row; the title
    # and the comment are free text.
    parsed = read_efg(to_efg(GAMES[name]))
    labels = list(parsed.players) + list(parsed.infoset_names.values())
    stack = [parsed.root]
    while stack:
        node = stack.pop()
        labels.append(node.label)
        if isinstance(node, Decision):
            labels.extend(node.actions)
            stack.extend(node.children)
        elif isinstance(node, Chance):
            labels.extend(a for a, _, _ in node.outcomes)
            stack.extend(c for *_, c in node.outcomes)
    for label in labels:
        assert re.fullmatch(r"([!-~]+( [!-~]+)*)?", label), label


def test_kuhn_labels_have_no_trailing_space() -> None:
    text = to_efg(kuhn_poker())
    assert '"J "' not in text and 'p "" 1 1 "J" { "check" "bet" } 0' in text


def test_the_games_cover_every_trade_rule() -> None:
    # Each responder rule, settlement and tie rule of the editions and variants appears.
    rules = {TradeRules.from_edition(e) for _, e, *_ in TRADE_CASES}
    assert {r.trade_tie for r in rules} == set(TradeTie)
    assert {r.counter_settlement for r in rules} == set(CounterSettlement)
    assert {r.responder_may_accept for r in rules} == {True, False}
    assert "bluff+super-trade" in trade_rule_editions()


def test_round_trip_keeps_the_value() -> None:
    for game in (kuhn_poker(), trade_game("classic", "0,10", "10", 30)):
        back = read_efg(to_efg(game))
        value = solve_game(Game(back.root, tuple(back.players), back.title), exact=True)
        assert value.value_exact == solve_game(game, exact=True).value_exact


def test_awkward_labels_are_made_readable_and_quotes_escaped() -> None:
    g = Game(
        Decision(0, ("say", 'he said "hi"'), ("tôt ", "  late"), (Terminal(Fraction(-1, 2)),) * 2),
        players=("Anne  Marie", "B\tB"),
        title='t"x',
    )
    text = to_efg(g)
    assert '"t\\"x"' in text and "-1/2, 1/2" in text
    parsed = read_efg(text)
    assert parsed.players == ["Anne Marie", "B B"]
    assert parsed.infoset_names[(1, 1)] == 'say he said "hi"'
    assert isinstance(parsed.root, Decision) and parsed.root.actions == ("tot", "late")
    assert_same_tree(g, parsed)


def test_the_reader_is_a_parser_not_a_pattern() -> None:
    # Names and actions left out where an information set already appeared, and a reused
    # outcome, as Gambit allows; a truncated file is refused.
    text = """EFG 2 R "t" { "A" "B" } ""
    c "" 1 "" { "x" 1/2 "y" 1/2 } 0
    p "" 1 1 "i" { "L" "R" } 0
    t "" 1 "o" { 3, -3 }
    t "" 2 "" { -1 1 }
    p "" 1 1 0
    t "" 1
    t "" 2
    """
    parsed = read_efg(text)
    assert isinstance(parsed.root, Chance)
    second = parsed.root.outcomes[1][2]
    assert isinstance(second, Decision) and second.actions == ("L", "R")
    assert [c.payoff for c in second.children] == [3, -1]  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="unexpected end"):
        read_efg(text.rsplit("t", 1)[0])


def test_write_efg_to_a_missing_folder_names_the_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SolverInputError, match="cannot write .*no/such/g.efg"):
        write_efg(kuhn_poker(), tmp_path / "no" / "such" / "g.efg")


def test_gambit_reads_every_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # The real thing, when pygambit (16.7, built from source: not a test dependency) is there;
    # Gambit's own LP then also gives Kuhn poker's value -1/18.
    gbt = pytest.importorskip("pygambit")
    for name, game in GAMES.items():
        path = write_efg(game, tmp_path / "g.efg")
        read = gbt.read_efg(str(path))
        assert [p.label for p in read.players] == [gambit_label(p) for p in game.players], name
        assert sum(1 for node in read.nodes if node.is_terminal) == game.terminal_count(), name
        assert [len(p.infosets) for p in read.players] == list(game.infoset_count()), name
    kuhn = gbt.read_efg(str(write_efg(kuhn_poker(), tmp_path / "kuhn.efg")))
    first = next(iter(kuhn.players))
    assert gbt.nash.lp_solve(kuhn, rational=True).equilibria[0].payoff(first) == Fraction(-1, 18)
