"""Bots measured by the coach at the same positions: which one trades best?

Comparing the losses of bots in the games they play mixes up how well they decide with where
they decide: a bot that spends its money early faces smaller trades later. Here every bot
answers the same positions instead. The positions come from reference games (records or game
states); at each trade decision of any seat every bot under comparison is asked what it would do
there (a *shadow* bot per seat and kind of bot, shown that seat's observations as the game went),
and the coach judges each answer with that seat's information:

* a trade reply (accept or counter) and the classic re-offer after a tie: every bot answers the
  same position, so the losses are paired; a position where one bot's answer cannot be measured
  (a counter with cards the solver did not see, the hand cut down for the budget) is left out for
  all of them (``dropped``);
* a trade offer: at each turn where the reference game started a trade, every bot is asked for
  its pile *for that trade* (the same opponent and species: its legal actions hold that one
  target). A bot that would rather auction there is asked again without the auction, as in the
  endgame: the pile it lays when it trades. So the offers are paired too, each judged in the
  same trade (the same stake, hands and worth). Whom to challenge, and whether to trade at all,
  is not measured (no solver compares them): comparing each bot's offers in the trades it picks
  itself would mix how well it lays a pile with which trades it picks (a bot that picks the
  trades for a family's last card plays for the largest stakes, and loses the most money in
  them).

The result holds each bot's losses, in the order of the positions and by kind, and their mean
with a Student-t interval (:func:`kuhtheory.stats.mean_interval`).

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
from kuhtheory.engine.actions import Auction, Trade
from kuhtheory.engine.legal import LegalActions
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
    #: positions left out for every bot because one bot's answer could not be measured (a
    #: counter outside the hand the solver saw, cut down for the budget)
    dropped: int = 0
    #: the kind of decision at each position (trade-offer or trade-reply)
    kinds: tuple[Kind, ...] = ()

    def of(self, bot: str, kind: Kind | str | None = None) -> tuple[float, ...]:
        """``bot``'s losses, at the positions of ``kind`` only if given."""
        if kind is None:
            return self.losses[bot]
        wanted = Kind(kind)
        return tuple(x for x, k in zip(self.losses[bot], self.kinds, strict=True) if k is wanted)

    def decisions(self, bot: str, kind: Kind | str | None = None) -> int:
        """How many trade decisions of ``bot`` (of ``kind``) were measured."""
        return len(self.of(bot, kind))

    def mean(self, bot: str, level: float = 0.95, kind: Kind | str | None = None) -> Interval:
        """``bot``'s mean loss per trade decision (of ``kind``) with its confidence interval."""
        return mean_interval(self.of(bot, kind), level)

    def difference(
        self, worse: str, better: str, level: float = 0.95, kind: Kind | str | None = None
    ) -> Interval:
        """The mean of ``worse``'s loss minus ``better``'s, position by position (paired), with
        its confidence interval: above 0 means ``worse`` loses more."""
        pairs = zip(self.of(worse, kind), self.of(better, kind), strict=True)
        return mean_interval([w - b for w, b in pairs], level)

    def table(self, kind: Kind | str | None = None) -> list[tuple[str, int, float, float, float]]:
        """Rows ``(bot, decisions, mean loss, low, high)`` (95% interval), of ``kind`` only if
        given."""
        rows = []
        for bot in self.bots:
            m = self.mean(bot, kind=kind)
            rows.append((bot, self.decisions(bot, kind), m.estimate, m.low, m.high))
        return rows

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the settings and, per bot, decisions, mean loss and interval (all trade
        decisions, and by kind)."""

        def rows(kind: Kind | None) -> list[dict[str, Any]]:
            return [
                {"bot": b, "decisions": n, "mean_loss": m, "low": lo, "high": hi}
                for b, n, m, lo, hi in self.table(kind)
            ]

        return {
            "games": self.games,
            "hands": self.hands,
            "dropped": self.dropped,
            "bots": rows(None),
            "by_kind": {k.value: rows(k) for k in Kind if k in self.kinds},
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
    kind_of: list[Kind] = []
    count = dropped = 0
    for game in games:
        count += 1
        coach = Coach(hands=hands, budget=budget, max_cards=max_cards, kinds=kinds)
        shadows: dict[tuple[str, int], Any] = {}
        for step, state, action in game_steps(game):
            seat = state.current_player
            assert seat is not None  # a recorded action has someone to take it
            obs = state.observation(seat)
            for bot in names:  # each shadow sees what its seat saw, when the seat saw it
                key = (bot, seat)
                if key not in shadows:
                    shadows[key] = make_agent(bot, agent_seed(state.seed, seat))
                observe = getattr(shadows[key], "observe", None)
                if observe is not None:
                    observe(obs)
            replying = state.phase in _REPLIES
            if not replying and not (state.phase is Phase.TURN and isinstance(action, Trade)):
                coach.observe(state)  # the coach's belief, fed as in coach_game
                continue
            if not coach.assess(step, state, action):
                continue  # a kind not compared
            legal = state.legal_actions()
            if isinstance(action, Trade):  # every bot lays a pile for this very trade
                legal = _one_target(legal, action)
            answers = {}
            for bot in names:
                shadow = shadows[(bot, seat)]
                answer = shadow.act(obs, legal)
                if isinstance(action, Trade) and not isinstance(answer, Trade):
                    # It would rather auction: the pile it lays for this trade when it must
                    answer = shadow.act(obs, _one_target(legal, action, auction=False))
                answers[bot] = answer
            # One assessment per answer: an offer's model hand keeps the pile laid (trade_model.cut)
            judged = [
                [a.judge(answers[b]) for a in coach.assess(step, state, answers[b])] for b in names
            ]
            found = [v.loss for verdicts in judged for v in verdicts]
            if found and len(found) == len(names) and all(loss is not None for loss in found):
                for bot, loss in zip(names, found, strict=True):
                    losses[bot].append(loss)  # type: ignore[arg-type]
                kind_of.append(judged[0][0].kind)
            else:
                dropped += 1
    hands_name = Hands.parse(hands).value
    return BotComparison(
        names,
        count,
        hands_name,
        {b: tuple(v) for b, v in losses.items()},
        dropped,
        tuple(kind_of),
    )


def _one_target(legal: LegalActions, trade: Trade, auction: bool = True) -> LegalActions:
    """``legal`` (a turn's) with ``trade``'s target as the only one, and the auction only if
    ``auction``."""
    return LegalActions(
        legal.player,
        fixed=tuple(a for a in legal.fixed if auction or not isinstance(a, Auction)),
        kind=LegalActions.TRADE,
        targets=((trade.opponent, trade.animal),),
        hand=legal.hand,
    )
