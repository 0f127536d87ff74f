"""A Kuhhandel game driven by action codes (:mod:`kuhtheory.interop.encoding`), with masks.

:class:`CodedState` pairs an engine state with the pile a player is laying card by card. It is
immutable like the engine's states: :meth:`CodedState.apply` returns a new one. A ``CARD`` or
``TRADE`` code only changes the pile (the engine does not see it, nor do the other players);
``DONE`` and every other code apply one engine action.

The codes allowed are exactly the engine's listed legal actions (tested both ways): a pile may
become any sub-multiset of the hand for a trade, a counter-offer or a re-offer (K-TRD-1..3), and
only one of the irreducible payments for a payment or a buy-back (K-PAY-1). Cards are laid
smallest value first, so each pile is laid in exactly one way.

>>> g = new_coded_game(players=3, seed=4, first_player=0)
>>> [g.encoding.describe(c) for c in g.legal_codes()]
['AUCTION']
>>> g = g.apply(0)
>>> g.state.phase.name, g.current_player, len(g.legal_codes())
('BIDDING', 1, 28)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from kuhtheory.cards import ANIMALS, DENOMINATIONS, NO_MONEY, Animal, Counts, from_counts
from kuhtheory.editions import Edition
from kuhtheory.engine import (
    Accept,
    Action,
    Auction,
    Bid,
    BuyBack,
    Counter,
    GameState,
    LegalActions,
    Offer,
    Pass,
    Pay,
    Phase,
    Preempt,
    Sell,
    Trade,
    new_game,
)
from kuhtheory.errors import IllegalActionError
from kuhtheory.interop.encoding import ActionEncoding, Move, MoveKind, describe_move
from kuhtheory.interop.features import Laying, count_cards

#: The engine action each one-code kind stands for.
_SIMPLE_ACTIONS: dict[MoveKind, type] = {
    MoveKind.AUCTION: Auction,
    MoveKind.PASS: Pass,
    MoveKind.SELL: Sell,
    MoveKind.PREEMPT: Preempt,
    MoveKind.ACCEPT: Accept,
}
#: The phases where a pile of the whole hand is laid, and the action ``DONE`` makes of it.
_HAND_PILES: dict[Phase, type] = {
    Phase.TURN: Trade,
    Phase.TRADE_RESPONSE: Counter,
    Phase.TRADE_REOFFER: Offer,
}
#: The phases where a payment is laid, and the action ``DONE`` makes of it.
_PAYMENTS: dict[Phase, type] = {Phase.PAYMENT: Pay, Phase.BUY_BACK: BuyBack}


@dataclass(frozen=True, eq=False)
class CodedState:
    """An engine state and the pile being laid (see the module docstring).

    ``target`` is the trade being laid, ``(opponent seat, species)``, after a ``TRADE`` code;
    ``pile`` the money laid so far (a count vector); ``floor`` the index in
    :data:`~kuhtheory.cards.DENOMINATIONS` of the smallest card that may still be laid; ``steps``
    how many codes were applied since the start; ``action`` the engine action the last code
    applied (None after a ``CARD`` or ``TRADE`` code, and at the start).
    """

    state: GameState
    encoding: ActionEncoding
    target: tuple[int, Animal] | None = None
    pile: Counts = NO_MONEY
    floor: int = 0
    steps: int = 0
    action: Action | None = None

    @classmethod
    def start(cls, state: GameState) -> CodedState:
        """The coded game from an engine state (no pile being laid)."""
        return cls(state, ActionEncoding.for_edition(state.edition))

    # ----- what the state shows -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act (the engine's; the same while a pile is being laid)."""
        return self.state.current_player

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (K-END-2)."""
        return self.state.is_terminal

    @property
    def laying(self) -> bool:
        """Whether a pile has been started (a card laid, or a trade's opponent named)."""
        return self.target is not None or self.pile != NO_MONEY

    def laying_view(self, player: int) -> Laying | None:
        """The pile ``player`` is laying, seats relative to him, or None (nothing started, or
        another player is laying: the others do not see a pile until it is handed over)."""
        if player != self.state.current_player or not self.laying:
            return None
        offset = animal = None
        if self.target is not None:
            offset = (self.target[0] - player) % self.state.players
            animal = ANIMALS.index(self.target[1])
        return Laying(offset, animal, self.pile, self.floor)

    @property
    def pile_cards(self) -> tuple[int, ...]:
        """The pile laid so far, as sorted card values."""
        return from_counts(self.pile)

    # ----- legal codes ----------------------------------------------------------------------------
    def legal_moves(self) -> tuple[Move, ...]:
        """The moves allowed now, in code order (empty once the game is over)."""
        if self.state.is_terminal:
            return ()
        legal = self.state.legal_actions()
        moves: list[Move] = []
        if not self.laying:
            moves.extend(self._whole_moves(legal))
        moves.extend(self._pile_moves(legal))
        return tuple(sorted(moves, key=self.encoding.encode))

    def allows(self, move: Move) -> bool:
        """Whether ``move`` is allowed now (as ``move in legal_moves()``, without listing them)."""
        if self.state.is_terminal:
            return False
        legal = self.state.legal_actions()
        kind = move.kind
        if kind is MoveKind.CARD or kind is MoveKind.DONE:
            return move in self._pile_moves(legal)
        if self.laying:
            return False
        if kind is MoveKind.BID:
            return move.amount in legal.bid_range
        if kind is MoveKind.TRADE:
            assert move.offset is not None
            seat = (legal.player + move.offset) % self.state.players
            return move.offset < self.state.players and (seat, move.animal) in legal.targets
        cls = _SIMPLE_ACTIONS[kind]
        return any(type(action) is cls for action in legal.fixed)

    def _pile_moves(self, legal: LegalActions) -> list[Move]:
        """The CARD and DONE moves allowed now (none where no pile is laid)."""
        phase = self.state.phase
        if phase in _PAYMENTS:
            return self._payment_moves(_payments(legal))
        if phase is Phase.TURN and self.target is None:
            return []
        if phase in _HAND_PILES:
            return self._hand_moves(legal.hand or NO_MONEY)
        return []

    def legal_codes(self) -> tuple[int, ...]:
        """The codes allowed now, ascending (the codes of :meth:`legal_moves`)."""
        if self.state.is_terminal:
            return ()
        legal = self.state.legal_actions()
        encode = self.encoding.encode
        codes = [encode(m) for m in self._pile_moves(legal)]
        if not self.laying:
            # Bids are a run of consecutive codes: made from the range, not move by move.
            bids = legal.bid_range
            if bids:
                first = encode(Move.bid(bids[0]))
                codes.extend(range(first, first + len(bids)))
            codes.extend(encode(m) for m in self._fixed_moves(legal))
            codes.extend(encode(m) for m in self._trade_moves(legal))
        return tuple(sorted(codes))

    def mask(self) -> np.ndarray:
        """A 0/1 ``int8`` vector over every code: 1 where the code is allowed now."""
        out = np.zeros(self.encoding.num_actions, dtype=np.int8)
        out[list(self.legal_codes())] = 1
        return out

    def _whole_moves(self, legal: LegalActions) -> list[Move]:
        """The one-code moves: bids, the fixed actions and the trade targets."""
        moves = [Move.bid(amount) for amount in legal.bid_range]
        moves.extend(self._fixed_moves(legal))
        moves.extend(self._trade_moves(legal))
        return moves

    def _trade_moves(self, legal: LegalActions) -> list[Move]:
        me, players = legal.player, self.state.players
        return [Move.trade((opponent - me) % players, animal) for opponent, animal in legal.targets]

    @staticmethod
    def _fixed_moves(legal: LegalActions) -> list[Move]:
        return [
            Move(kind)
            for kind, cls in _SIMPLE_ACTIONS.items()
            if any(type(action) is cls for action in legal.fixed)
        ]

    def _hand_moves(self, hand: Counts) -> list[Move]:
        """Any sub-multiset of the hand may be laid: a card while the hand has more of it."""
        moves = [
            Move.card_of(DENOMINATIONS[i])
            for i in range(self.floor, len(DENOMINATIONS))
            if self.pile[i] < hand[i]
        ]
        moves.append(Move(MoveKind.DONE))
        return moves

    def _payment_moves(self, payments: Sequence[Counts]) -> list[Move]:
        """A card only while the pile can still become a listed payment (cards are laid smallest
        first, so the payment must hold no more small cards than the pile); DONE once it is one."""
        pile = self.pile
        moves = []
        for i in range(self.floor, len(DENOMINATIONS)):
            if any(p[:i] == pile[:i] and p[i] > pile[i] and _contains(p, pile) for p in payments):
                moves.append(Move.card_of(DENOMINATIONS[i]))
        if self.pile in payments:
            moves.append(Move(MoveKind.DONE))
        return moves

    # ----- applying codes -------------------------------------------------------------------------
    def apply(self, code: object) -> CodedState:
        """The state after ``code``; :class:`~kuhtheory.errors.InvalidActionError` if it is not
        a code, :class:`~kuhtheory.errors.IllegalActionError` if the mask forbids it now. ``self``
        is never changed."""
        move = self.encoding.decode(code)
        if not self.allows(move):
            raise IllegalActionError(self._refusal(code, move, self.legal_moves()))
        player = self.state.current_player
        assert player is not None
        kind = move.kind
        if kind is MoveKind.TRADE:
            assert move.offset is not None and move.animal is not None
            seat = (player + move.offset) % self.state.players
            return replace(self, target=(seat, move.animal), steps=self.steps + 1, action=None)
        if kind is MoveKind.CARD:
            i = DENOMINATIONS.index(move.card)  # type: ignore[arg-type]
            pile = self.pile[:i] + (self.pile[i] + 1,) + self.pile[i + 1 :]
            return replace(self, pile=pile, floor=i, steps=self.steps + 1, action=None)
        action = self._engine_action(player, move)
        return CodedState(
            self.state.apply(action), self.encoding, steps=self.steps + 1, action=action
        )

    def _engine_action(self, player: int, move: Move) -> Action:
        kind = move.kind
        if kind is MoveKind.BID:
            assert move.amount is not None
            return Bid(player, move.amount)
        if kind is MoveKind.DONE:
            cards = self.pile_cards
            phase = self.state.phase
            if phase is Phase.TURN:
                assert self.target is not None
                return Trade(player, self.target[0], self.target[1], cards)
            cls = _PAYMENTS.get(phase) or _HAND_PILES[phase]
            action: Action = cls(player, cards)
            return action
        simple: Action = _SIMPLE_ACTIONS[kind](player)
        return simple

    def _refusal(self, code: object, move: Move, allowed: Sequence[Move]) -> str:
        player = self.state.current_player
        if player is None:
            return f"action {code!r} ({describe_move(move)}): the game is over (K-END-2)"
        names = [describe_move(m) for m in allowed]
        shown = ", ".join(names[:8]) + (f", ... ({len(names)} in all)" if len(names) > 8 else "")
        laid = f"; pile laid so far {list(self.pile_cards)}" if self.laying else ""
        return (
            f"action {code!r} ({describe_move(move)}) is not allowed now: P{player} is to act in "
            f"the {self.state.phase.value} phase{laid}; the mask allows {shown}"
        )

    # ----- engine action -> codes -----------------------------------------------------------------
    def codes_for(self, action: Action) -> tuple[int, ...]:
        """The codes that play the engine ``action`` from here (no pile started).

        :class:`~kuhtheory.errors.IllegalActionError` if the action has no codes: a bid that is
        not a multiple of ten, a payment that is not irreducible, or any action not listed now.

        >>> g = new_coded_game(players=3, seed=4, first_player=0)
        >>> g.codes_for(Auction(0))
        (0,)
        """
        enc = self.encoding
        if self.laying:
            raise IllegalActionError(
                f"{action!r}: a pile {list(self.pile_cards)} is being laid; finish it first"
            )
        if not self.state.is_terminal and action in self.state.legal_actions():
            if isinstance(action, Bid):
                return (enc.encode(Move.bid(action.amount)),)
            for kind, cls in _SIMPLE_ACTIONS.items():
                if type(action) is cls:
                    return (enc.encode(Move(kind)),)
            codes: list[int] = []
            if isinstance(action, Trade):
                offset = (action.opponent - action.player) % self.state.players
                codes.append(enc.encode(Move.trade(offset, action.animal)))
            cards: tuple[int, ...] = getattr(action, "cards", ())
            codes.extend(enc.encode(Move.card_of(c)) for c in sorted(cards))
            codes.append(enc.encode(Move(MoveKind.DONE)))
            return tuple(codes)
        why = self.state.why_illegal(action)
        raise IllegalActionError(
            f"{action!r} has no action code here: "
            + (
                why
                if why
                else "the encoding lists bids in steps of 10 and only the irreducible payments "
                "(K-PAY-1), as the engine's legal actions do"
            )
        )


def _payments(legal: LegalActions) -> tuple[Counts, ...]:
    """The listed payments (Pay or BuyBack) as count vectors."""
    return tuple(tuple(count_cards(a.cards)) for a in legal.fixed if isinstance(a, (Pay, BuyBack)))


def _contains(hand: Counts, part: Counts) -> bool:
    return all(p <= h for p, h in zip(part, hand, strict=True))


def new_coded_game(
    players: int = 4,
    seed: int = 1,
    edition: str | Edition = "classic",
    variants: Sequence[str] = (),
    first_player: int | None = None,
) -> CodedState:
    """:func:`kuhtheory.engine.new_game` with the same arguments, driven by codes."""
    return CodedState.start(new_game(players, seed, edition, tuple(variants), first_player))


__all__ = ["CodedState", "new_coded_game"]
