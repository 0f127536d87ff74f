"""A coded game with each player's perfect-recall information state, for OpenSpiel.

:class:`Playthrough` follows a :class:`~kuhtheory.interop.coded.CodedState` and writes, for every
player, the pieces of his information-state string: his first observation in full, then one piece
per step he saw, saying what the step was (his own code, or another player's action as the table
sees it: :func:`~kuhtheory.interop.features.public_action_text`) and what changed in his
observation (:func:`~kuhtheory.interop.features.observation_changes`). Cards another player lays
one by one are not a step he sees; the action they make when handed over is. So two histories give
a player the same string exactly when he cannot tell them apart.

A play is immutable and cheap to extend (the pieces and the codes are chains that share the
past). OpenSpiel copies a state by deep-copying its fields and serializes it by pickling them:
a play is shared by copies, and pickles as its start (:class:`GameStart` or :class:`TradeStart`)
and its codes, which are replayed when it is read back.

>>> play = Playthrough.begin(GameStart(players=3, seed=4, edition="classic", first_player=0))
>>> play = play.apply(0)  # P0 auctions
>>> play.information_state(2).splitlines()[-1]  # doctest: +ELLIPSIS
'P0 auction: phase=bidding current_player=1 deck_size=39 auction.animals=(pig) ...'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kuhtheory.cards import Animal
from kuhtheory.engine import Observation, new_game, setup_position
from kuhtheory.errors import SolverInputError
from kuhtheory.interop.coded import CodedState
from kuhtheory.interop.features import observation_changes, public_action_text


class Piece:
    """One piece of a player's information-state string, linked to the pieces before it.

    The string of a chain is joined when asked for and kept on its last piece; the piece it was
    extended from gives its own copy up (a copy of the state that still ends there joins it
    again), so that a long game keeps a few strings, not one per step.
    """

    __slots__ = ("before", "text", "joined")

    def __init__(self, before: Piece | None, text: str) -> None:
        self.before = before
        self.text = text
        self.joined: str | None = None

    def string(self) -> str:
        """The pieces from the first to this one, one per line."""
        if self.joined is None:
            texts = []
            node: Piece | None = self
            while node is not None and node.joined is None:
                texts.append(node.text)
                node = node.before
            texts.reverse()
            if node is not None and node.joined is not None:
                texts.insert(0, node.joined)
                node.joined = None
            self.joined = "\n".join(texts)
        return self.joined


@dataclass(frozen=True)
class GameStart:
    """A play from :func:`kuhtheory.engine.new_game` (every player's information state)."""

    players: int
    seed: int
    edition: str
    first_player: int | None = None

    @property
    def seats(self) -> int:
        """How many players have information states."""
        return self.players

    def coded(self) -> CodedState:
        """The coded game at the start."""
        return CodedState.start(
            new_game(self.players, self.seed, self.edition, (), self.first_player)
        )


@dataclass(frozen=True)
class TradeStart:
    """A trade (K-TRD-1): seat 0 (A) to lay an offer to seat 1 (B) for ``animal``, both owning one.

    ``money`` holds each seat's cards; seat 2 only looks on (an edition seats three at least).
    Only A and B have information states.
    """

    edition: str
    money: tuple[tuple[int, ...], ...]
    animal: Animal = Animal.COW

    @property
    def seats(self) -> int:
        """How many players have information states (A and B)."""
        return 2

    def coded(self) -> CodedState:
        """A about to lay his offer: the trade's opponent and species are named already."""
        try:
            state = setup_position(
                len(self.money),
                self.edition,
                money=dict(enumerate(self.money)),
                herds={0: {self.animal: 1}, 1: {self.animal: 1}},
                active=0,
            )
        except ValueError as exc:
            raise SolverInputError(f"trade hands {self.money[:2]!r}: {exc}") from None
        start = CodedState.start(state)
        return replace(start, target=(1, self.animal))


Start = GameStart | TradeStart
#: The codes of a play as a chain ``(earlier chain, code)``.
Codes = tuple[Any, int] | None


@dataclass(frozen=True)
class Playthrough:
    """The coded game since ``start`` and each player's information-state pieces."""

    start: Start
    coded: CodedState
    #: per seat with an information state, the last piece of it
    pieces: tuple[Piece, ...]
    #: per seat, his observation when his last piece was written
    seen: tuple[Observation, ...]
    codes: Codes = None
    #: the plays after codes already applied, kept for a small game searched many times (the
    #: trade); None where states are seldom revisited (the whole game), so nothing is kept
    children: dict[int, Playthrough] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def begin(cls, start: Start, remember: bool = False) -> Playthrough:
        """The play at ``start`` (``remember``: keep the plays after each code applied)."""
        coded = start.coded()
        seen = tuple(coded.state.observation(p) for p in range(start.seats))
        pieces = tuple(Piece(None, f"start {observation_changes(None, obs)}") for obs in seen)
        return cls(start, coded, pieces, seen, None, {} if remember else None)

    def apply(self, code: int) -> Playthrough:
        """The play after ``code``: each player's new piece says what he saw of it."""
        if self.children is not None:
            known = self.children.get(code)
            if known is not None:
                return known
        old = self.coded
        mover = old.current_player
        assert mover is not None
        new = old.apply(code)
        mine = f"I {old.encoding.describe(code)}"
        codes = (self.codes, code)
        children: dict[int, Playthrough] | None = None if self.children is None else {}
        if new.state is old.state:  # a card laid or a trade target named: only the mover knows
            pieces = list(self.pieces)
            pieces[mover] = Piece(pieces[mover], mine)
            play = replace(self, coded=new, pieces=tuple(pieces), codes=codes, children=children)
        else:
            assert new.action is not None
            public = public_action_text(new.action)
            chains = []
            seen = []
            for p, chain in enumerate(self.pieces):
                obs = new.state.observation(p)
                what = mine if p == mover else public
                chains.append(Piece(chain, f"{what}: {observation_changes(self.seen[p], obs)}"))
                seen.append(obs)
            play = Playthrough(self.start, new, tuple(chains), tuple(seen), codes, children)
        if self.children is not None:
            self.children[code] = play
        return play

    def information_state(self, player: int) -> str:
        """``player``'s information-state string: his pieces, oldest first, one per line."""
        return self.pieces[player].string()

    def code_list(self) -> list[int]:
        """The codes applied since the start, in order."""
        out = []
        chain = self.codes
        while chain is not None:
            chain, code = chain
            out.append(code)
        out.reverse()
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> Playthrough:
        return self  # immutable: a copy of an OpenSpiel state shares it

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its start and its codes (the chains inside would nest too deep to pickle).
        return (_replay, (self.start, self.code_list(), self.children is not None))


def _replay(start: Start, codes: list[int], remember: bool) -> Playthrough:
    """The play of ``codes`` from ``start`` (how a pickled play is read back)."""
    play = Playthrough.begin(start, remember)
    for code in codes:
        play = play.apply(code)
    return play


__all__ = ["GameStart", "Piece", "Playthrough", "TradeStart"]
