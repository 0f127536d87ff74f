"""The play table's logic: one human seat against bots, without any widget.

:class:`GameController` holds the current engine state (:mod:`kuhtheory.engine`), lets the human
seat act through small methods (one per button of :class:`kuhtheory.widgets.play.PlayTable`) and
runs the bots' turns until the human must act again or the game is over. Nothing here imports
ipywidgets: the table's buttons call these methods, and tests call them directly.

Every human action goes through the engine's ``apply``, so an illegal one raises the engine's
:class:`~kuhtheory.errors.IllegalActionError` (naming the rule clause) and leaves the state as it
was. Payment suggestions come from :func:`kuhtheory.payment.least_overpay` (K-PAY-1: no change).

>>> from kuhtheory.widgets.controller import GameController
>>> game = GameController(players=3, seed=2, human=0, bots=["random", "random"], first_player=0)
>>> game.waiting_for_human, game.phase.name
(True, 'TURN')
>>> _ = game.auction()
>>> game.state.current_player == 0 or game.state.auction is None or game.phase.name != "BIDDING"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed
from kuhtheory.cards import Animal, to_counts
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
from kuhtheory.errors import IllegalActionError, InvalidSetupError
from kuhtheory.payment import least_overpay

__all__ = ["GameController"]


class GameController:
    """A game with one human seat; the other seats are played by bots.

    Parameters
    ----------
    players, seed, edition, variants, first_player
        Passed to :func:`kuhtheory.engine.new_game`.
    human
        The human's seat.
    bots
        One bot per other seat, in seat order (the human's seat skipped): agent objects with
        ``act(observation, legal_actions)`` or names for :func:`kuhtheory.agents.make_agent`
        (the bot in seat ``k`` seeded ``agent_seed(seed, k)``). Default: the
        heuristic bots of :mod:`kuhtheory.agents`, seeded from ``seed``.
    max_bot_steps
        A guard: after this many bot actions in a row without the human's turn coming up, the
        controller stops and raises (a bot that never ends an auction is a bug worth seeing).
    """

    def __init__(
        self,
        players: int = 4,
        seed: int = 1,
        edition: str = "classic",
        variants: Sequence[str] = (),
        human: int = 0,
        bots: Sequence[Any] | None = None,
        first_player: int | None = None,
        max_bot_steps: int = 100_000,
    ) -> None:
        state = new_game(
            players=players,
            seed=seed,
            edition=edition,
            variants=tuple(variants),
            first_player=first_player,
        )
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players:
            raise InvalidSetupError(f"human={human!r} must be a seat 0..{players - 1}")
        others = [p for p in range(players) if p != human]
        if bots is None:
            bots = ["heuristic"] * len(others)
        if len(bots) != len(others):
            raise InvalidSetupError(
                f"bots={list(bots)!r}: need one bot for each of the {len(others)} other seats"
            )
        self.human = human
        self.agents: dict[int, Any] = {}
        for seat, bot in zip(others, bots, strict=True):
            self.agents[seat] = (
                make_agent(bot, agent_seed(seed, seat)) if isinstance(bot, str) else bot
            )
        self.max_bot_steps = max_bot_steps
        self.state: GameState = state
        self.history: list[GameState] = [state]
        self._coach: Any = None
        self._summary: Any = None
        self.run_bots()

    # ----- reading the state ---------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current phase of the game."""
        return self.state.phase

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (K-END-2)."""
        return self.state.is_terminal

    @property
    def waiting_for_human(self) -> bool:
        """Whether the human must act now."""
        return not self.state.is_terminal and self.state.current_player == self.human

    @property
    def legal(self) -> LegalActions:
        """The legal actions now (of whoever is to act)."""
        return self.state.legal_actions()

    def narration(self, since: int = 0) -> list[str]:
        """The public events from index ``since`` on, as sentences."""
        return [e.text() for e in self.state.events[since:]]

    def prompt(self) -> str:
        """What the table waits for, in a sentence for the human."""
        s = self.state
        if s.is_terminal:
            scores = s.scores()
            winners = ", ".join(f"P{p}" for p in s.winners())
            return f"Game over. Scores: {list(scores)}; winner(s): {winners}."
        if s.current_player != self.human:
            return f"P{s.current_player} is thinking..."
        phase = s.phase
        if phase is Phase.TURN:
            if not self.trade_targets():
                return "Your turn: auction the next animal."
            if not self.can_auction():
                return "Your turn: the deck is empty, you must trade (K-END-1)."
            return "Your turn: auction the next animal or challenge someone to a trade."
        if phase is Phase.BIDDING:
            auc = s.auction
            assert auc is not None
            return f"Bid at least {self.min_bid()} or pass (high bid {auc.high_bid})."
        if phase is Phase.HAMMER:
            auc = s.auction
            assert auc is not None
            return (
                f"Hammered at {auc.high_bid} to P{auc.high_bidder}: sell, or preempt by paying "
                f"{auc.high_bid} yourself (K-AUC-4)."
            )
        if phase is Phase.PAYMENT:
            return f"Pay {self.amount_due()} with your money cards; no change is given (K-PAY-1)."
        if phase is Phase.BUY_BACK:
            return (
                f"Buy back: return the cards and pay {self.amount_due()} again, or let the sale "
                "stand (K-AUC-4, bluff)."
            )
        if phase is Phase.TRADE_RESPONSE:
            t = s.trade
            assert t is not None
            accept = "accept or " if s.edition.responder_may_accept else ""
            return (
                f"P{t.offerer} challenges you for {t.stake} x {t.animal.label} with "
                f"{t.offer_count} card(s): {accept}counter with your own cards (K-TRD-2)."
            )
        if phase is Phase.TRADE_REOFFER:
            return "Tie: lay a new offer (you may change it)."
        return phase.value

    def hand(self) -> tuple[int, ...]:
        """The human's money cards."""
        return self.state.money(self.human)

    def can_auction(self) -> bool:
        """Whether the human may auction now (his turn and animals left in the deck)."""
        return self.waiting_for_human and any(isinstance(a, Auction) for a in self.legal.fixed)

    def min_bid(self) -> int | None:
        """The lowest listed bid the human may make now (money comes in tens), or None."""
        if not self.waiting_for_human or self.phase is not Phase.BIDDING:
            return None
        bids = self.legal.bid_range
        return bids[0] if bids else None

    def amount_due(self) -> int | None:
        """What the human has to pay now (payment or buy-back), or None."""
        if not self.waiting_for_human or self.phase not in (Phase.PAYMENT, Phase.BUY_BACK):
            return None
        auc = self.state.auction
        assert auc is not None
        return auc.high_bid

    def spendable(self) -> tuple[int, ...]:
        """The cards the human may pay with now (in a buy-back, not the cards just received)."""
        hand = self.hand()
        if self.phase is Phase.BUY_BACK and self.waiting_for_human:
            auc = self.state.auction
            if auc is not None and auc.paid is not None:
                rest = list(hand)
                for card in auc.paid:
                    rest.remove(card)
                return tuple(rest)
        return hand

    def pay_suggestions(self, limit: int = 4) -> list[tuple[int, ...]]:
        """The least-overpay payments of the amount due, fewest cards first (K-PAY-1)."""
        amount = self.amount_due()
        if amount is None:
            return []
        from kuhtheory.cards import from_counts

        found = least_overpay(to_counts(self.spendable()), amount)
        return [from_counts(p) for p in found[:limit]]

    def trade_targets(self) -> tuple[tuple[int, Animal], ...]:
        """The ``(opponent, animal)`` pairs the human may challenge now (K-TURN-2)."""
        if not self.waiting_for_human:
            return ()
        legal = self.legal
        return legal.targets if legal.kind == LegalActions.TRADE else ()

    def why_illegal_preempt(self) -> str | None:
        """Why the human may not preempt now (K-AUC-4: his money must reach the bid), or None."""
        return self.state.why_illegal(Preempt(self.human))

    def why_illegal(self, action: Action) -> str | None:
        """The engine's reason an action is illegal now, or None."""
        return self.state.why_illegal(action)

    # ----- the coach (kuhtheory.coach) -----------------------------------------------------------
    def hint(self) -> list[Any]:
        """The coach's advice for the human's decision now (:meth:`kuhtheory.coach.Coach.advise`:
        the solved subgame's recommendation, with his own information); empty when it is not his
        turn or no solver covers the decision (at his turn: one per trade he may start)."""
        if not self.waiting_for_human:
            return []
        if self._coach is None:
            from kuhtheory.coach import Coach

            self._coach = Coach(seats=[self.human])
        return list(self._coach.advise(self.state))

    def coach_summary(self) -> Any:
        """The coach's summary of the human's decisions once the game is over (a
        :class:`kuhtheory.coach.PlayerSummary`), else None. Measured once."""
        if not self.state.is_terminal:
            return None
        if self._summary is None:
            from kuhtheory.coach import coach_game

            self._summary = coach_game(self.state, seats=[self.human]).summary(self.human)
        return self._summary

    # ----- acting ---------------------------------------------------------------------------------
    def act(self, action: Action) -> GameState:
        """Apply the human's ``action`` and let the bots play until the human's next decision.

        Raises :class:`IllegalActionError` (state unchanged) when it is not the human's turn or the
        engine refuses the action.
        """
        if self.state.is_terminal:
            raise IllegalActionError(f"{action!r}: the game is over (K-END-2)")
        if self.state.current_player != self.human:
            raise IllegalActionError(
                f"{action!r}: it is P{self.state.current_player}'s turn, not the human's "
                f"(P{self.human})"
            )
        if getattr(action, "player", None) != self.human:
            raise IllegalActionError(f"{action!r}: the human plays seat {self.human}")
        self._push(self.state.apply(action))
        self.run_bots()
        return self.state

    def run_bots(self) -> int:
        """Let the bots act until the human must act or the game ends; returns how many acted."""
        steps = 0
        while not self.state.is_terminal and self.state.current_player != self.human:
            seat = self.state.current_player
            assert seat is not None
            agent = self.agents[seat]
            action = agent.act(self.state.observation(seat), self.state.legal_actions())
            self._push(self.state.apply(action))
            steps += 1
            if steps > self.max_bot_steps:
                raise IllegalActionError(
                    f"bots played {steps} actions without the human's turn coming up: "
                    f"{self.state!r}"
                )
        return steps

    def _push(self, state: GameState) -> None:
        self.state = state
        self.history.append(state)

    # One method per button of the play table.
    def auction(self) -> GameState:
        """Auction the next animal(s) (K-AUC-1)."""
        return self.act(Auction(self.human))

    def bid(self, amount: int) -> GameState:
        """Bid ``amount`` (K-AUC-1)."""
        return self.act(Bid(self.human, amount))

    def raise_by(self, step: int) -> GameState:
        """Bid the current high bid plus ``step`` (the first bid: ``step`` itself)."""
        auc = self.state.auction
        if auc is None or self.phase is not Phase.BIDDING:
            raise IllegalActionError(f"raise by {step!r}: no auction is taking bids (K-AUC-1)")
        base = auc.high_bid if auc.high_bidder is not None else 0
        return self.bid(base + step)

    def pass_(self) -> GameState:
        """Pass this time round (K-AUC-2)."""
        return self.act(Pass(self.human))

    def sell(self) -> GameState:
        """Let the high bidder have the animal(s), or give up the buy-back (K-AUC-4)."""
        return self.act(Sell(self.human))

    def preempt(self) -> GameState:
        """Take the animal(s) by paying the high bid to the high bidder (K-AUC-4)."""
        return self.act(Preempt(self.human))

    def pay(self, cards: Sequence[int]) -> GameState:
        """Hand over ``cards`` for the amount due (K-PAY-1)."""
        return self.act(Pay(self.human, tuple(cards)))

    def buy_back(self, cards: Sequence[int]) -> GameState:
        """bluff: return the cards received and pay the bid again with ``cards`` (K-AUC-4)."""
        return self.act(BuyBack(self.human, tuple(cards)))

    def trade(self, opponent: int, animal: Animal | str, cards: Sequence[int]) -> GameState:
        """Challenge ``opponent`` for ``animal`` with the face-down offer ``cards`` (K-TRD-1)."""
        return self.act(Trade(self.human, opponent, Animal.parse(animal), tuple(cards)))

    def accept(self) -> GameState:
        """Accept the offer and hand over the animal(s) (K-TRD-2)."""
        return self.act(Accept(self.human))

    def counter(self, cards: Sequence[int]) -> GameState:
        """Lay the face-down counter-offer ``cards`` (K-TRD-2, K-TRD-3)."""
        return self.act(Counter(self.human, tuple(cards)))

    def offer(self, cards: Sequence[int]) -> GameState:
        """classic, after a tie: lay a new offer."""
        return self.act(Offer(self.human, tuple(cards)))
