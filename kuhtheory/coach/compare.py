"""Bots measured by the coach at the same positions: which one trades best?

Comparing the losses of bots in the games they play mixes up how well they decide with where
they decide: a bot that spends its money early faces smaller trades later. Here every bot
answers the same positions instead. The positions come from reference games (records or game
states); at each trade decision of any seat every bot under comparison is asked what it would do
there (a *shadow* bot per seat and kind of bot, shown that seat's observations as the game went),
and the coach judges each answer with that seat's information:

* a trade reply (accept or counter) and the classic re-offer after a tie: every bot answers the
  same position, so the losses are paired; a position where one bot's answer cannot be measured
  (a pile with cards the solver did not see, the hand cut down for the budget) is left out for
  all of them (``dropped``);
* a trade offer: at each turn where the reference game started a trade, every bot is asked for
  its turn; a bot that starts a trade there (with any opponent and species) has its pile judged,
  one that auctions has no trade decision there.

The result holds each bot's losses and their mean with a Student-t interval
(:func:`kuhtheory.stats.mean_interval`).

>>> from kuhtheory.engine import new_game
>>> from kuhtheory.agents import make_agent
>>> from kuhtheory.agents.play import agent_seed, play
>>> bots = [make_agent("random", agent_seed(2, p)) for p in range(3)]
>>> game = play(new_game(players=3, seed=2), bots)
>>> result = compare_bots([game], ("random", "heuristic"))
>>> sorted(result.losses), result.decisions("random") > 0
(['heuristic', 'random'], True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed
from kuhtheory.coach.hands import Hands
from kuhtheory.coach.report import Source, game_steps
from kuhtheory.coach.session import DEFAULT_BUDGET, Coach
from kuhtheory.coach.verdict import Kind
from kuhtheory.engine import Phase
from kuhtheory.engine.actions import Trade
from kuhtheory.errors import InvalidSetupError
from kuhtheory.stats import Interval, mean_interval

__all__ = ["BotComparison", "compare_bots"]

#: The phases whose decisions are trade decisions, and whether every bot answers them.
_REPLIES = (Phase.TRADE_RESPONSE, Phase.TRADE_REOFFER)


@dataclass(frozen=True)
class BotComparison:
    """Each bot's losses (money) on the trade decisions it took at the shared positions."""

    bots: tuple[str, ...]
    games: int
    hands: str
    #: bot -> its losses, in the order of the positions
    losses: dict[str, tuple[float, ...]]
    #: replies left out for every bot because one bot's answer could not be measured (a pile
    #: outside the hand the solver saw, cut down for the budget)
    dropped: int = 0

    def decisions(self, bot: str) -> int:
        """How many trade decisions of ``bot`` were measured."""
        return len(self.losses[bot])

    def mean(self, bot: str, level: float = 0.95) -> Interval:
        """``bot``'s mean loss per trade decision with its confidence interval."""
        return mean_interval(self.losses[bot], level)

    def table(self) -> list[tuple[str, int, float, float, float]]:
        """Rows ``(bot, decisions, mean loss, low, high)`` (95% interval)."""
        rows = []
        for bot in self.bots:
            m = self.mean(bot)
            rows.append((bot, self.decisions(bot), m.estimate, m.low, m.high))
        return rows

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the settings and, per bot, decisions, mean loss and interval."""
        return {
            "games": self.games,
            "hands": self.hands,
            "dropped": self.dropped,
            "bots": [
                {"bot": b, "decisions": n, "mean_loss": m, "low": lo, "high": hi}
                for b, n, m, lo, hi in self.table()
            ],
        }


def compare_bots(
    games: Iterable[Source],
    bots: Sequence[str] = ("random", "heuristic", "equilibrium"),
    *,
    hands: Hands | str = Hands.BELIEF,
    budget: float = DEFAULT_BUDGET,
    max_cards: int | None = None,
    kinds: Sequence[Kind | str] = (Kind.TRADE_OFFER, Kind.TRADE_REPLY),
) -> BotComparison:
    """Ask every bot in ``bots`` for each trade decision of the ``games`` and let the coach judge
    the answers (module docstring); ``hands``, ``budget``, ``max_cards`` and ``kinds`` (trade
    offers, trade replies or both) are the coach's settings. Each shadow bot is seeded like the
    seat it shadows (:func:`~kuhtheory.agents.play.agent_seed` of the game's seed and the
    seat)."""
    names = tuple(bots)
    if not names:
        raise InvalidSetupError("compare_bots needs at least one bot")
    losses: dict[str, list[float]] = {b: [] for b in names}
    count = dropped = 0
    for game in games:
        count += 1
        coach = Coach(hands=hands, budget=budget, max_cards=max_cards, kinds=kinds)
        shadows: dict[tuple[str, int], Any] = {}
        for step, state, action in game_steps(game):
            seat = state.current_player
            assert seat is not None  # a recorded action has someone to take it
            replying = state.phase in _REPLIES
            if not replying and not (state.phase is Phase.TURN and isinstance(action, Trade)):
                continue
            if not coach.assess(step, state, action):
                continue  # a kind not compared
            obs = state.observation(seat)
            legal = state.legal_actions()
            answers = {}
            for bot in names:
                key = (bot, seat)
                if key not in shadows:
                    shadows[key] = make_agent(bot, agent_seed(state.seed, seat))
                answers[bot] = shadows[key].act(obs, legal)
            if replying:  # the same challenge for every bot: paired, or left out for all
                assessments = coach.assess(step, state, None)
                found = [a.judge(answers[b]).loss for a in assessments for b in names]
                if found and all(loss is not None for loss in found):
                    for bot, loss in zip(names * len(assessments), found, strict=True):
                        losses[bot].append(loss)  # type: ignore[arg-type]
                else:
                    dropped += 1
                continue
            for bot, answer in answers.items():
                if not isinstance(answer, Trade):
                    continue  # it would auction here: no trade decision
                for assessment in coach.assess(step, state, answer):  # its own target
                    loss = assessment.judge(answer).loss
                    if loss is not None:
                        losses[bot].append(loss)
    hands_name = Hands.parse(hands).value
    return BotComparison(
        names, count, hands_name, {b: tuple(v) for b, v in losses.items()}, dropped
    )
