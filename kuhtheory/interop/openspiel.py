"""Kuhhandel and its trade as OpenSpiel games; importing this module registers both.

* ``python_kuhhandel``: the whole game, every edition and variant, on the codes of
  :mod:`kuhtheory.interop.encoding`. Parameters: ``edition`` (``"classic"``), ``variants``
  (names joined by ``+``, default none), ``players`` (4), ``reward`` (``"win"``: each of ``k``
  winners gets ``1/k``; ``"score"``: the final scores), ``max_steps`` (20,000: a game still
  running then ends with the families completed so far and no winner), ``deals`` and ``seed``.

  Chance is the deal. The engine draws the whole animal deck and the first player from one seed
  (:func:`kuhtheory.engine.new_game`); here one chance node at the start draws that seed uniformly
  from ``0 .. deals - 1`` (default 65,536 deals): a sample of the deals, not all of them. With
  ``seed >= 0`` there is no chance node: the game is the engine's game with that seed, the same
  deal as the PettingZoo environment reset with it. No observation shows the seed.

* ``python_kuhhandel_trade``: the sealed-bid trade (K-TRD-1..3) between A (player 0) and B (player
  1) for one animal worth ``value`` to either side, played by the engine itself from a position
  where both own one card of the species: A lays his offer card by card, B accepts (where the
  edition allows it) or counters card by card, and the game ends when the trade is settled (after
  the classic re-offer if the piles tie). A's return is his money change plus ``value`` if he wins
  the animal, B's its negative: the zero-sum model of :mod:`kuhtheory.solvers.trade`, whose
  :func:`~kuhtheory.solvers.trade_solution.solve_trade` value OpenSpiel's CFR+ reproduces
  (:func:`cfr_value`, tested). Parameters: ``edition``, ``variants``, ``a`` and ``b`` (the
  hands, cards separated by spaces: ``"0 10 10"``), ``value`` (``"40"``, fractions allowed) and,
  for a hand of A that B does not know, several hands in ``a`` separated by ``;`` with
  ``probabilities`` (``"1/3;2/3"``, default uniform), drawn by a chance node at the start. The
  number of money cards a player holds is public, so these hands must have equally many cards;
  a third seat that only looks on holds the rest, so that the bank shows nothing either.

Information states have perfect recall (:mod:`kuhtheory.interop.infostate`): a player's
string is his first observation and then one line per step he saw; cards another player is
laying one by one stay hidden until they are handed over. Observation strings and tensors
(:mod:`kuhtheory.interop.features`) show the current observation only. States copy and serialize
(OpenSpiel pickles them) without deep recursion, however long the game.

Game strings: OpenSpiel reads a value that starts with a digit as a number, so write
``pyspiel.load_game("python_kuhhandel_trade(a=0 10,b=10 ,value=30 )")`` with a space after a
lone number, or pass a dict: ``pyspiel.load_game("python_kuhhandel", {"edition": "2025"})``.
The games store such parameters with that space, so that their own game strings load again.

>>> import pyspiel
>>> game = pyspiel.load_game("python_kuhhandel", {"players": 3, "seed": 5})
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1, 2), game.num_distinct_actions()
(True, 522)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

import numpy as np

try:
    import pyspiel
except ImportError as _missing:  # pragma: no cover - the [rl] extra is installed by make test
    raise ImportError(
        "kuhtheory.interop.openspiel needs OpenSpiel: pip install 'kuhtheory[rl]'"
    ) from _missing

from kuhtheory.cards import Animal, from_counts, subtract, to_counts
from kuhtheory.editions import Edition, Scoring, get_edition
from kuhtheory.engine import Phase
from kuhtheory.errors import InvalidActionError, InvalidSetupError, SolverInputError
from kuhtheory.interop.encoding import ActionEncoding
from kuhtheory.interop.features import ObservationLayout
from kuhtheory.interop.infostate import GameStart, Playthrough, TradeStart
from kuhtheory.interop.spiel import (
    Observer,
    PlayState,
    Shared,
    at_least,
    game_type,
    hand_param,
    probabilities_param,
    spelled,
    split_names,
)
from kuhtheory.solvers.trade import parse_value

GAME_NAME: Final = "python_kuhhandel"
TRADE_GAME_NAME: Final = "python_kuhhandel_trade"
REWARDS: Final = ("win", "score")
MAX_STEPS: Final = 20_000
DEALS: Final = 65_536
#: The species traded in ``python_kuhhandel_trade`` (any species gives the same game: only its
#: worth ``value`` counts).
TRADED: Final = Animal.COW


# ---------------------------------------------------------------------------------------------
# The whole game


_GAME_TYPE = game_type(
    GAME_NAME,
    "Kuhhandel (kuhtheory, every edition)",
    pyspiel.GameType.Utility.GENERAL_SUM,
    (3, 5),
    True,
    {
        "edition": "classic",
        "variants": "",
        "players": 4,
        "reward": "win",
        "max_steps": MAX_STEPS,
        "deals": DEALS,
        "seed": -1,
    },
)


def _max_score(edition: Edition) -> float:
    """The highest score possible: every family (times ten families) plus the dove bonus."""
    points = sum(a.points for a in Animal)
    if edition.scoring is Scoring.SUM_TIMES_FAMILIES:
        return float(points * len(Animal) + edition.dove_bonus)
    return float(points + edition.dove_bonus)


@dataclass(frozen=True, eq=False)
class _Setup(Shared):
    """The parameters of a ``python_kuhhandel`` game, read and checked once."""

    params: dict[str, Any]
    edition: Edition
    players: int
    reward: str
    max_steps: int
    deals: int
    seed: int
    encoding: ActionEncoding
    layout: ObservationLayout
    #: the start plays of recent deals (OpenSpiel makes initial states often)
    _starts: dict[int, Playthrough] = field(default_factory=dict, repr=False)

    @classmethod
    def read(cls, params: dict[str, Any]) -> _Setup:
        p = spelled({**_GAME_TYPE.parameter_specification, **params}, ("edition",))
        edition = get_edition(str(p["edition"]), split_names(str(p["variants"])))
        players = edition.check_players(p["players"])
        reward = str(p["reward"])
        if reward not in REWARDS:
            raise InvalidSetupError(f"reward={reward!r}: choose one of {', '.join(REWARDS)}")
        seed = p["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidSetupError(f"seed={seed!r} must be a whole number (-1: drawn by chance)")
        return cls(
            p,
            edition,
            players,
            reward,
            at_least(p, "max_steps", 1),
            at_least(p, "deals", 1),
            seed,
            ActionEncoding.for_edition(edition),
            ObservationLayout.for_game(edition, players),
        )

    def start(self, seed: int) -> Playthrough:
        """The play of the deal ``seed``."""
        play = self._starts.get(seed)
        if play is None:
            if len(self._starts) >= 256:
                self._starts.clear()
            start = GameStart(self.players, seed, self.edition.name)
            play = self._starts[seed] = Playthrough.begin(start)
        return play


class KuhhandelGame(pyspiel.Game):
    """``python_kuhhandel`` (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.setup = setup = _Setup.read(params or {})
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.encoding.num_actions,
            max_chance_outcomes=setup.deals if setup.seed < 0 else 0,
            num_players=setup.players,
            min_utility=0.0,
            max_utility=1.0 if setup.reward == "win" else _max_score(setup.edition),
            utility_sum=None,
            max_game_length=setup.max_steps,
        )
        super().__init__(_GAME_TYPE, info, setup.params)

    def new_initial_state(self) -> KuhhandelState:
        """The start: a chance node drawing the deal, or the deal of ``seed``."""
        return KuhhandelState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The observer OpenSpiel asks for (observations, or perfect-recall information states)."""
        return Observer(self.setup.layout, iig_obs_type, params)


class KuhhandelState(PlayState):
    """A state of ``python_kuhhandel``."""

    BEFORE = "the deal is not drawn yet"

    def __init__(self, game: KuhhandelGame) -> None:
        setup = game.setup
        super().__init__(game, setup.start(setup.seed) if setup.seed >= 0 else None)

    def _begin(self, outcome: int) -> Playthrough:
        if not 0 <= outcome < self._setup.deals:
            raise InvalidActionError(
                f"chance outcome {outcome!r} is not a deal: deals are 0..{self._setup.deals - 1}"
            )
        return self._setup.start(outcome)  # type: ignore[no-any-return]

    def _chance_text(self, outcome: int) -> str:
        return f"deal {outcome}"

    def is_terminal(self) -> bool:
        play = self._play
        return play is not None and (
            play.coded.is_terminal or play.coded.steps >= self._setup.max_steps
        )

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._setup.deals
        return [(seed, p) for seed in range(self._setup.deals)]

    def returns(self) -> list[float]:
        n = self._setup.players
        if not self.is_terminal() or self._play is None:
            return [0.0] * n
        state = self._play.coded.state
        if self._setup.reward == "score":
            return [float(s) for s in state.scores()]
        if not state.is_terminal:  # stopped at max_steps: nobody wins
            return [0.0] * n
        winners = state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]

    def observation_vector(self, player: int, out: np.ndarray) -> None:
        """Write ``player``'s observation vector into ``out`` (zeros before the deal)."""
        if self._play is None:
            out.fill(0.0)
            return
        coded = self._play.coded
        obs = coded.state.observation(player)
        out[:] = self._setup.layout.vector(obs, coded.laying_view(player))


# ---------------------------------------------------------------------------------------------
# The trade subgame


_TRADE_TYPE = game_type(
    TRADE_GAME_NAME,
    "Kuhhandel trade (kuhtheory): the sealed-bid trade for one animal",
    pyspiel.GameType.Utility.ZERO_SUM,
    (2, 2),
    False,
    {
        "edition": "classic",
        "variants": "",
        "a": "0 10 10",
        "b": "10 50",
        "value": "40",
        "probabilities": "",
    },
)


@dataclass(frozen=True, eq=False)
class _TradeSetup(Shared):
    """The parameters of a ``python_kuhhandel_trade`` game and its start plays."""

    params: dict[str, Any]
    a_hands: tuple[tuple[int, ...], ...]
    b_hand: tuple[int, ...]
    value: Fraction
    probabilities: tuple[Fraction, ...]
    encoding: ActionEncoding
    #: per hand of A, the play where A is to lay his offer
    starts: tuple[Playthrough, ...]

    @classmethod
    def read(cls, params: dict[str, Any]) -> _TradeSetup:
        p = spelled(
            {**_TRADE_TYPE.parameter_specification, **params},
            ("edition", "a", "b", "value", "probabilities"),
        )
        edition = get_edition(str(p["edition"]), split_names(str(p["variants"])))
        a_hands = tuple(hand_param(h, "A's hand") for h in str(p["a"]).split(";"))
        b_hand = hand_param(str(p["b"]), "B's hand")
        if len({len(h) for h in a_hands}) > 1:
            raise SolverInputError(
                f"A's hands {p['a'].strip()!r}: everyone sees how many money cards A holds, so "
                "hands B cannot tell apart must have equally many cards"
            )
        # The looker-on holds what A's hand lacks of the largest counts: the bank is the same
        # whatever A holds.
        counts = [to_counts(h) for h in a_hands]
        most = tuple(max(c[i] for c in counts) for i in range(len(counts[0])))
        starts = tuple(
            Playthrough.begin(
                TradeStart(edition.name, (a, b_hand, from_counts(subtract(most, c))), TRADED),
                remember=True,
            )
            for a, c in zip(a_hands, counts, strict=True)
        )
        return cls(
            p,
            a_hands,
            b_hand,
            parse_value(str(p["value"]).strip()),
            probabilities_param(str(p["probabilities"]), len(a_hands)),
            ActionEncoding.for_edition(edition),
            starts,
        )


class TradeGame(pyspiel.Game):
    """``python_kuhhandel_trade`` (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.setup = setup = _TradeSetup.read(params or {})
        bound = float(setup.value) + max(sum(h) for h in setup.a_hands) + sum(setup.b_hand)
        longest = max(len(h) for h in setup.a_hands) + len(setup.b_hand) + 2
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.encoding.num_actions,
            max_chance_outcomes=len(setup.a_hands) if len(setup.a_hands) > 1 else 0,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=2 * longest,  # a classic tie plays the trade twice
        )
        super().__init__(_TRADE_TYPE, info, setup.params)

    def new_initial_state(self) -> TradeState:
        """A's hand drawn by chance (several hands), or A to offer."""
        return TradeState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """Strings only: the observation, or the perfect-recall information state."""
        return Observer(None, iig_obs_type, params)


class TradeState(PlayState):
    """A state of ``python_kuhhandel_trade``."""

    BEFORE = "A's hand is not drawn yet"

    def __init__(self, game: TradeGame) -> None:
        starts = game.setup.starts
        super().__init__(game, starts[0] if len(starts) == 1 else None)

    def _begin(self, outcome: int) -> Playthrough:
        starts = self._setup.starts
        if not 0 <= outcome < len(starts):
            raise InvalidActionError(
                f"chance outcome {outcome!r} is not a hand of A: hands are 0..{len(starts) - 1}"
            )
        return starts[outcome]  # type: ignore[no-any-return]

    def _chance_text(self, outcome: int) -> str:
        return f"A holds {list(self._setup.a_hands[outcome])}"

    def is_terminal(self) -> bool:
        # Settled: the engine has played the trade (A's Trade at least) and none is running.
        play = self._play
        return (
            play is not None
            and play.coded.state.history_length > 0
            and play.coded.state.phase not in (Phase.TRADE_RESPONSE, Phase.TRADE_REOFFER)
        )

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, float(p)) for i, p in enumerate(self._setup.probabilities) if p > 0]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        u = float(self.payoff())
        return [u, -u]

    def payoff(self) -> Fraction:
        """A's payoff, exactly: his money change plus ``value`` if he won the animal (K-TRD-3)."""
        assert self._play is not None
        start = self._play.start
        assert isinstance(start, TradeStart)
        state = self._play.coded.state
        gained = state.money_total(0) - sum(start.money[0])
        won = state.animals(0).get(TRADED, 0) > 1
        return gained + (self._setup.value if won else Fraction(0))


# ---------------------------------------------------------------------------------------------
# OpenSpiel's own solver on a two-player zero-sum game


@dataclass(frozen=True)
class CFRValue:
    """A zero-sum game's value to player 0 from OpenSpiel's CFR+ average policy.

    ``nash_conv`` is the sum of both players' gains from a best response (OpenSpiel's
    ``exploitability.nash_conv``); the game's value lies within ``nash_conv`` of ``value``.
    """

    value: float
    nash_conv: float
    iterations: int

    @property
    def verified(self) -> str:
        """How the value was checked."""
        return f"CFR+, {self.iterations} iterations; NashConv {self.nash_conv:.2e} bounds the error"


def cfr_value(game: Any, iterations: int = 200) -> CFRValue:
    """The value of a two-player zero-sum OpenSpiel ``game`` by CFR+ (OpenSpiel's own solver).

    >>> import pyspiel
    >>> from kuhtheory.solvers import solve_trade
    >>> g = pyspiel.load_game(TRADE_GAME_NAME, {"a": "0 10", "b": "10", "value": "30"})
    >>> r = cfr_value(g, 100)
    >>> exact = solve_trade("classic", "0,10", "10", 30, exact=True).value_exact
    >>> exact, abs(r.value - exact) <= r.nash_conv
    (Fraction(62, 3), True)
    """
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise InvalidSetupError(f"iterations={iterations!r} must be a whole number >= 1")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)[0]
    return CFRValue(float(value), float(exploitability.nash_conv(game, policy)), iterations)


pyspiel.register_game(_GAME_TYPE, KuhhandelGame)
pyspiel.register_game(_TRADE_TYPE, TradeGame)


__all__ = [
    "CFRValue",
    "DEALS",
    "GAME_NAME",
    "MAX_STEPS",
    "REWARDS",
    "TRADED",
    "TRADE_GAME_NAME",
    "KuhhandelGame",
    "KuhhandelState",
    "TradeGame",
    "TradeState",
    "cfr_value",
]
