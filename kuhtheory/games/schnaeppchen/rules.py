"""The rules of Schnäppchen Jagd: legal actions and their effect, one function per phase.

Clause ids (RULES.md, ``S-*``) are in the comments. Readings chosen where the rules are silent
(a table would play them so; each is tested in tests/test_schnaeppchen_rules.py):

* Seats are numbered clockwise: the dealer's left is ``dealer + 1``.
* S-ROUND-1: the draw for the first dealer is made from the seed (or given as ``first_dealer``).
* S-ROUND-1: "the rest waits" and "the rest is set aside" are one pool: every card not in a hand
  or pile, with the cards discarded while sorting, is shuffled by the next dealer (S-SORT-3). Each
  player gets ``min(8, pool // players)`` cards. A round whose deal gives no card at all (possible
  in late rounds when few cards were discarded) has no tricks, but its sort still takes place,
  starting at the dealer's left; the number of rounds never changes.
* S-PRE-1: a super offer has no value, so it cannot be revealed as the first bargain.
* S-TRICK-4: the second copy of a card is always declared higher or lower, even where neither copy
  can win (the rule's words); the declaration is part of :class:`~.actions.PlayCard`.
* S-TRICK-1/5: when a super offer is led, the first coloured card after it sets the led colour
  and is not declared (see :mod:`.tricks`); the super offer wins the trick anyway.
* S-SORT-1: the sort goes round the table once from the last trick's winner; each player makes one
  choice: convert one value, throw the junk away (S-SORT-2) or keep it. Converting puts every
  remaining card of the value on the bargain pile. After the last round each player makes two such
  choices in a row (S-END-1), the next player only after both.
* S-SORT-2: "his junk pile was empty before this round" is read at the deal; the right to throw
  the junk away needs that, no super offer in the pile, and no value he could convert at that moment
  (so, in the final double sort, after converting once he may throw away the rest of a pile that was
  new this round). Discarded junk returns to the pool.
* Every player may look at his own junk pile (it is his; the observation shows it); others see its
  size only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.games.schnaeppchen.actions import (
    ACTION_TYPES,
    Action,
    Convert,
    DiscardJunk,
    KeepJunk,
    PlayCard,
    Reveal,
)
from kuhtheory.games.schnaeppchen.cards import Card, remove_cards, sort_cards
from kuhtheory.games.schnaeppchen.events import (
    CardPlayed,
    Converted,
    Event,
    GameEnded,
    JunkDiscarded,
    JunkKept,
    Revealed,
    RoundDealt,
    TrickWon,
)
from kuhtheory.games.schnaeppchen.state import (
    HAND_SIZE,
    ROUNDS,
    Phase,
    SchnaeppchenState,
    round_rng,
)
from kuhtheory.games.schnaeppchen.tricks import (
    CompletedTrick,
    Play,
    has_twin,
    play_options,
    trick_context,
    trick_winner,
)


def convert_threshold(players: int) -> int:
    """Cards of one value needed to convert: 4 with 3 players, 3 with 4 (S-SORT-1)."""
    return 4 if players == 3 else 3


def convert_fee(players: int) -> int:
    """Cards of the value discarded when converting: 3 with 3 players, 2 with 4 (S-SORT-1)."""
    return 3 if players == 3 else 2


def sort_order(players: int, first: int, final: bool) -> tuple[int, ...]:
    """The seats in sorting order from ``first``; each twice in a row after the last round.

    >>> sort_order(3, 1, final=False), sort_order(3, 2, final=True)
    ((1, 2, 0), (2, 2, 0, 0, 1, 1))
    """
    seats = tuple((first + i) % players for i in range(players))
    return tuple(s for s in seats for _ in range(2)) if final else seats


def convertible_values(junk: tuple[Card, ...], players: int) -> tuple[int, ...]:
    """The values a junk pile could convert now (S-SORT-1).

    >>> from kuhtheory.games.schnaeppchen.cards import Card
    >>> convertible_values(tuple(Card.parse(c) for c in "R3 G3 B3 R9 G9".split()), 4)
    (3,)
    """
    counts = Counter(c.value for c in junk if not c.is_super)
    return tuple(sorted(v for v, n in counts.items() if n >= convert_threshold(players)))


def may_discard_junk(state: SchnaeppchenState, player: int) -> bool:
    """S-SORT-2: the whole junk pile may go if it was empty before this round, holds no super
    offer, holds something, and no value of it can be converted."""
    pile = state.junk[player]
    return (
        bool(pile)
        and state.junk_was_empty[player]
        and not any(c.is_super for c in pile)
        and not convertible_values(pile, state.players)
    )


# -- legal actions ---------------------------------------------------------------------------


def legal_actions(state: SchnaeppchenState) -> tuple[Action, ...]:
    """Every legal action of the player to act, in a fixed order."""
    player = state.current_player
    if player is None:
        return ()
    if state.phase is Phase.PRELIMINARY:
        cards = sort_cards(set(state.hands[player]))
        return tuple(Reveal(player, c) for c in cards if not c.is_super)  # S-PRE-1
    if state.phase is Phase.TRICKS:
        return tuple(
            PlayCard(player, o.card, o.declare_trump, o.equal_higher)
            for o in play_options(state.hands[player], state.trick)
        )
    actions: list[Action] = [
        Convert(player, v) for v in convertible_values(state.junk[player], state.players)
    ]
    if may_discard_junk(state, player):
        actions.append(DiscardJunk(player))
    actions.append(KeepJunk(player))
    return tuple(actions)


# -- apply -----------------------------------------------------------------------------------


def apply(state: SchnaeppchenState, action: Action) -> SchnaeppchenState:
    """The state after ``action``; raises and leaves ``state`` unchanged when it is not legal."""
    if not isinstance(action, tuple(ACTION_TYPES.values())):
        raise InvalidActionError(f"{action!r} is not a Schnäppchen Jagd action")
    if state.phase is Phase.OVER:
        raise IllegalActionError(f"{action!r}: the game is over (S-END-1)")
    if action.player >= state.players:
        raise InvalidActionError(f"{action!r}: seat {action.player} does not exist")
    if isinstance(action, Reveal):
        return _reveal(state, action)
    if isinstance(action, PlayCard):
        return _play(state, action)
    return _sort(state, action)


def _turn(state: SchnaeppchenState, action: Action, clause: str) -> None:
    if action.player != state.current_player:
        raise IllegalActionError(
            f"{action!r}: it is seat {state.current_player}'s turn, not seat {action.player}'s "
            f"({clause})"
        )


def _reveal(state: SchnaeppchenState, action: Reveal) -> SchnaeppchenState:
    if state.phase is not Phase.PRELIMINARY:
        raise IllegalActionError(
            f"{action!r}: the preliminary reveal happens only at the start of the first round "
            "(S-PRE-1)"
        )
    _turn(state, action, "S-PRE-1")
    p = action.player
    if action.card not in state.hands[p]:
        raise IllegalActionError(
            f"{action!r}: seat {p} does not hold the {action.card.text()} (S-PRE-1)"
        )
    if action.card.is_super:
        raise IllegalActionError(
            f"{action!r}: a super offer has no value to collect; reveal a numbered card (S-PRE-1)"
        )
    hands = _set(state.hands, p, remove_cards(state.hands[p], [action.card]))
    bargain = _set(state.bargain, p, (action.card,))
    queue = state.queue[1:]
    events: tuple[Event, ...] = (*state.events, Revealed(p, action.card))
    new = replace(
        state,
        hands=hands,
        bargain=bargain,
        queue=queue,
        history=(*state.history, action),
        events=events,
    )
    if not queue:
        # S-TRICK-1: the dealer's left leads the first trick.
        new = replace(new, phase=Phase.TRICKS, leader=(state.dealer + 1) % state.players)
    return new


def _check_play(state: SchnaeppchenState, action: PlayCard) -> None:
    """Raise IllegalActionError naming the clause if ``action`` may not be played now."""
    if state.phase is not Phase.TRICKS:
        raise IllegalActionError(f"{action!r}: cards are played only in the tricks (S-TRICK-1)")
    _turn(state, action, "S-TRICK-1")
    hand, card, trick = state.hands[action.player], action.card, state.trick
    if card not in hand:
        raise IllegalActionError(
            f"{action!r}: seat {action.player} does not hold the {card.text()} (S-TRICK-1)"
        )
    ctx = trick_context(trick)
    if card.is_super:
        if action.declare_trump is not None or action.equal_higher is not None:
            raise IllegalActionError(
                f"{action!r}: a super offer is the highest trump and is played without "
                "declarations (S-TRICK-5)"
            )
        return
    twin = has_twin(trick, card)
    if twin and action.equal_higher is None:
        raise IllegalActionError(
            f"{action!r}: the other {card.text()} is in the trick; declare this one higher or "
            "lower (S-TRICK-4)"
        )
    if not twin and action.equal_higher is not None:
        raise IllegalActionError(
            f"{action!r}: no equal card is in the trick, so nothing is declared higher or lower "
            "(S-TRICK-4)"
        )
    if ctx.led is None or card.colour is ctx.led:
        if action.declare_trump is not None:
            raise IllegalActionError(
                f"{action!r}: a card that leads or follows the led colour is never declared; the "
                "led colour cannot be trump (S-TRICK-2)"
            )
        return
    if any(c.colour is ctx.led for c in hand):
        raise IllegalActionError(
            f"{action!r}: seat {action.player} holds {ctx.led.label} and must follow the led "
            "colour (S-TRICK-1)"
        )
    if action.declare_trump is None:
        raise IllegalActionError(
            f"{action!r}: a card that does not follow must be declared trump or not trump "
            "(S-TRICK-2)"
        )
    assert card.colour is not None
    if action.declare_trump:
        if card.colour in ctx.not_trump:
            raise IllegalActionError(
                f"{action!r}: {card.colour.label} was declared not trump in this trick and cannot "
                "become trump (S-TRICK-2)"
            )
        if ctx.trump is not None and ctx.trump is not card.colour:
            raise IllegalActionError(
                f"{action!r}: {ctx.trump.label} is already trump; at most one trump colour per "
                "trick (S-TRICK-2)"
            )
    elif ctx.trump is card.colour:
        raise IllegalActionError(
            f"{action!r}: {card.colour.label} is trump in this trick; its cards are trump "
            "(S-TRICK-2)"
        )


def _play(state: SchnaeppchenState, action: PlayCard) -> SchnaeppchenState:
    _check_play(state, action)
    p = action.player
    hands = _set(state.hands, p, remove_cards(state.hands[p], [action.card]))
    trick = (*state.trick, Play(p, action.card, action.declare_trump, action.equal_higher))
    events: tuple[Event, ...] = (
        *state.events,
        CardPlayed(p, action.card, action.declare_trump, action.equal_higher),
    )
    history = (*state.history, action)
    if len(trick) < state.players:
        return replace(state, hands=hands, trick=trick, history=history, events=events)
    # S-TRICK-3 / S-TRICK-5: the trick is complete; S-TRICK-6: the winner sorts it.
    winner = trick[trick_winner(trick)].player
    value = state.collecting(winner)
    won = sort_cards(pl.card for pl in trick)
    bargains = tuple(c for c in won if not c.is_super and c.value == value)
    rest = tuple(c for c in won if c.is_super or c.value != value)
    new = replace(
        state,
        hands=hands,
        trick=(),
        tricks=(*state.tricks, CompletedTrick(trick, winner)),
        bargain=_set(state.bargain, winner, state.bargain[winner] + bargains),
        junk=_set(state.junk, winner, state.junk[winner] + rest),
        leader=winner,  # S-TRICK-3: the winner leads next
        history=history,
        events=(*events, TrickWon(winner, bargains, len(rest))),
    )
    if any(hands):
        return new
    return _start_sort(new, winner)


def _start_sort(state: SchnaeppchenState, first: int) -> SchnaeppchenState:
    """S-SORT-1: the sort starts with ``first`` (the last trick's winner); twice each at the end."""
    final = state.round == ROUNDS[state.players]
    return replace(state, phase=Phase.SORT, queue=sort_order(state.players, first, final))


def _sort(state: SchnaeppchenState, action: Action) -> SchnaeppchenState:
    if state.phase is not Phase.SORT:
        raise IllegalActionError(f"{action!r}: sorting happens only after the tricks (S-SORT-1)")
    _turn(state, action, "S-SORT-1")
    p, n = action.player, state.players
    pile = state.junk[p]
    bargain, junk, pool = state.bargain, state.junk, state.pool
    event: Event
    if isinstance(action, Convert):
        have = sum(1 for c in pile if not c.is_super and c.value == action.value)
        if have < convert_threshold(n):
            raise IllegalActionError(
                f"{action!r}: seat {p} has {have} cards of value {action.value} in the junk pile; "
                f"converting needs at least {convert_threshold(n)} with {n} players (S-SORT-1)"
            )
        of_value = sort_cards(c for c in pile if not c.is_super and c.value == action.value)
        fee = convert_fee(n)
        junk = _set(junk, p, tuple(c for c in pile if c.is_super or c.value != action.value))
        bargain = _set(bargain, p, bargain[p] + of_value[fee:])
        pool = sort_cards(pool + of_value[:fee])  # S-SORT-3: discarded cards return to the deck
        event = Converted(p, action.value, fee, len(of_value) - fee)
    elif isinstance(action, DiscardJunk):
        if not may_discard_junk(state, p):
            raise IllegalActionError(f"{action!r}: {_why_no_discard(state, p)} (S-SORT-2)")
        junk = _set(junk, p, ())
        pool = sort_cards(pool + pile)
        event = JunkDiscarded(p, len(pile))
    elif isinstance(action, KeepJunk):
        event = JunkKept(p)
    else:  # pragma: no cover - apply() dispatches only sort actions here
        raise InvalidActionError(f"{action!r} is not a sort action")
    new = replace(
        state,
        bargain=bargain,
        junk=junk,
        pool=pool,
        queue=state.queue[1:],
        history=(*state.history, action),
        events=(*state.events, event),
    )
    if new.queue:
        return new
    if state.round == ROUNDS[n]:
        scores = new.scores()
        return replace(
            new, phase=Phase.OVER, events=(*new.events, GameEnded(scores, new.winners()))
        )
    return start_round(new)


def _why_no_discard(state: SchnaeppchenState, player: int) -> str:
    pile = state.junk[player]
    if not pile:
        return f"seat {player}'s junk pile is empty"
    if any(c.is_super for c in pile):
        return "super offers can never be discarded"
    values = convertible_values(pile, state.players)
    if values:
        return f"seat {player} can convert {values[0]}s, so he may not throw the junk pile away"
    return f"seat {player}'s junk pile was not empty before this round"


# -- rounds ----------------------------------------------------------------------------------


def start_round(state: SchnaeppchenState) -> SchnaeppchenState:
    """The next round: the next dealer shuffles the pool and deals (S-ROUND-1, S-SORT-3)."""
    n = state.players
    number = state.round + 1
    dealer = (state.dealer + 1) % n
    cards = list(sort_cards(state.pool))
    round_rng(state.seed, number).shuffle(cards)
    each = min(HAND_SIZE, len(cards) // n)
    hands: list[tuple[Card, ...]] = [()] * n
    for j in range(n):
        seat = (dealer + 1 + j) % n
        hands[seat] = sort_cards(cards[j * each : (j + 1) * each])
    pool = sort_cards(cards[n * each :])
    left = (dealer + 1) % n
    new = replace(
        state,
        round=number,
        dealer=dealer,
        hands=tuple(hands),
        pool=pool,
        junk_was_empty=tuple(not j for j in state.junk),  # S-SORT-2, read at the deal
        leader=left,
        trick=(),
        tricks=(),
        queue=(),
        events=(*state.events, RoundDealt(number, dealer, each, len(pool))),
    )
    if number == 1:
        return replace(new, phase=Phase.PRELIMINARY, queue=sort_order(n, left, False))  # S-PRE-1
    if each == 0:
        return _start_sort(new, left)  # no card to deal: the round is only its sort
    return replace(new, phase=Phase.TRICKS)  # S-TRICK-1: the dealer's left leads


Piles = tuple[tuple[Card, ...], ...]


def _set(piles: Piles, seat: int, pile: tuple[Card, ...]) -> Piles:
    return piles[:seat] + (pile,) + piles[seat + 1 :]
