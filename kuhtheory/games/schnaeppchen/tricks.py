"""One trick of Schnäppchen Jagd as pure functions: the led colour, the trump, the winner, the
cards a hand may play (S-TRICK-1 .. S-TRICK-5).

A trick is a tuple of :class:`Play` in the order played. The rules read so:

* the led colour is the colour of the first card; the led colour can never be trump (S-TRICK-1);
* a player who cannot follow plays any card and declares whether its colour is trump; a colour
  declared not-trump in this trick cannot be declared trump later in it; once a colour is trump,
  a card of that colour is trump and any other colour is not (at most one trump colour, S-TRICK-2);
* the highest trump wins, else the highest card of the led colour (S-TRICK-3);
* the second copy of a card already in the trick is declared higher or lower than the first
  (S-TRICK-4);
* a super offer may be played at any time and needs no declaration; it beats everything, and of
  two, the first played wins (S-TRICK-5).

Where the rules are silent: when a super offer is led, the first coloured card played after it sets
the led colour (nothing is to be followed before it, and that card is not declared, like a lead).

>>> from kuhtheory.games.schnaeppchen.cards import Card
>>> g7 = Card.parse("G7")
>>> trick = (Play(0, Card.parse("G2")), Play(1, g7), Play(2, g7, equal_higher=True),
...          Play(3, Card.parse("Y6"), declare_trump=False))
>>> trick_winner(trick)
2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kuhtheory.games.schnaeppchen.cards import Card, Colour


@dataclass(frozen=True)
class Play:
    """A card in the trick, who played it and what he declared."""

    player: int
    card: Card
    declare_trump: bool | None = None
    equal_higher: bool | None = None


@dataclass(frozen=True)
class CompletedTrick:
    """A finished trick: its plays, in order, and the seat that won it."""

    plays: tuple[Play, ...]
    winner: int


@dataclass(frozen=True)
class TrickContext:
    """What the cards so far fix: led colour, trump colour, colours declared not trump."""

    led: Colour | None
    trump: Colour | None
    not_trump: frozenset[Colour]


def trick_context(plays: Iterable[Play]) -> TrickContext:
    """The led colour, trump colour and colours declared not trump of a (partial) trick.

    >>> ctx = trick_context((Play(0, Card.parse("B5")), Play(1, Card.parse("R3"), True)))
    >>> ctx.led, ctx.trump
    (Colour.BLUE, Colour.RED)
    """
    led: Colour | None = None
    trump: Colour | None = None
    not_trump: set[Colour] = set()
    for play in plays:
        colour = play.card.colour
        if colour is None:
            continue
        if led is None:
            led = colour
        elif play.declare_trump is True and trump is None:
            trump = colour
        elif play.declare_trump is False:
            not_trump.add(colour)
    return TrickContext(led, trump, frozenset(not_trump))


def _rank(plays: tuple[Play, ...], index: int) -> tuple[int, int]:
    """The card's value, and for the second copy of a card +1 (declared higher) or -1 (lower)."""
    play = plays[index]
    twin_before = any(p.card == play.card for p in plays[:index])
    if not twin_before:
        return (play.card.value, 0)
    return (play.card.value, 1 if play.equal_higher else -1)


def trick_winner(plays: tuple[Play, ...]) -> int:
    """The index in ``plays`` of the card winning so far (S-TRICK-3, S-TRICK-5).

    >>> so = Card(None, 0)
    >>> trick_winner((Play(0, Card.parse("Y4")), Play(1, Card.parse("B9"), True), Play(2, so),
    ...               Play(3, so)))
    2
    """
    if not plays:
        raise ValueError("an empty trick has no winner")
    for i, play in enumerate(plays):
        if play.card.is_super:
            return i
    ctx = trick_context(plays)
    target = ctx.trump if ctx.trump is not None else ctx.led
    best = -1
    best_rank = (-1, -2)
    for i, play in enumerate(plays):
        if play.card.colour is target:
            rank = _rank(plays, i)
            if rank > best_rank:
                best, best_rank = i, rank
    return best


def has_twin(plays: Iterable[Play], card: Card) -> bool:
    """True when the other copy of a coloured ``card`` is already in the trick (S-TRICK-4)."""
    return not card.is_super and any(p.card == card for p in plays)


def play_options(hand: Iterable[Card], plays: tuple[Play, ...]) -> tuple[Play, ...]:
    """Every legal (card, declarations) for a hand given the trick so far, ``player`` left 0.

    Each option is a :class:`Play` with the declarations the rules ask for: ``None`` where no
    declaration is made, both True and False where the player chooses, the forced value where the
    trick leaves no choice (S-TRICK-2).

    >>> opts = play_options((Card.parse("R3"), Card.parse("Y9")),
    ...                     (Play(0, Card.parse("B5")), Play(1, Card.parse("R3"), True)))
    >>> [(o.card.code, o.declare_trump, o.equal_higher) for o in opts]
    [('R3', True, False), ('R3', True, True), ('Y9', False, None)]
    """
    cards = sorted(set(hand), key=lambda c: c.sort_key)
    ctx = trick_context(plays)
    options: list[Play] = []
    if ctx.led is None:
        # Leading, or after super offers only: any card; this card will set the led colour.
        for card in cards:
            options.extend(_with_equal(card, None, plays))
        return tuple(options)
    following = [c for c in cards if c.colour is ctx.led]
    for card in cards:
        if card.is_super:
            options.append(Play(0, card))  # S-TRICK-5: any time, no declaration
        elif following:
            if card.colour is ctx.led:
                options.extend(_with_equal(card, None, plays))  # S-TRICK-1: must follow
        else:
            for trump in _trump_choices(card, ctx):
                options.extend(_with_equal(card, trump, plays))
    return tuple(options)


def _trump_choices(card: Card, ctx: TrickContext) -> tuple[bool, ...]:
    """The declarations allowed for an off-colour card (S-TRICK-2)."""
    if ctx.trump is not None:
        return (card.colour is ctx.trump,)
    if card.colour in ctx.not_trump:
        return (False,)
    return (False, True)


def _with_equal(card: Card, trump: bool | None, plays: tuple[Play, ...]) -> list[Play]:
    if has_twin(plays, card):
        return [Play(0, card, trump, False), Play(0, card, trump, True)]  # S-TRICK-4
    return [Play(0, card, trump, None)]
