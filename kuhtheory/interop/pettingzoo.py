"""Kuhhandel as a PettingZoo AEC environment, for every edition and variant.

>>> from kuhtheory.interop.pettingzoo import env
>>> e = env(edition="2025", variants=["no-kidding"], players=3)
>>> e.reset(seed=7)
>>> e.agent_selection, int(e.action_space("player_0").n)
('player_2', 522)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), [e.unwrapped.describe_action(c) for c in obs["action_mask"].nonzero()[0]]
(['action_mask', 'observation'], ['AUCTION'])
>>> e.step(0)  # AUCTION: player_0 is the first bidder
>>> mask = e.last()[0]["action_mask"]
>>> e.agent_selection, [e.unwrapped.describe_action(c) for c in mask.nonzero()[0][:4]]
('player_0', ['PASS', 'BID 10', 'BID 20', 'BID 30'])

The PettingZoo conventions (``env(...)`` wrapped, ``raw_env(...)`` not):

* agents ``player_0`` .. ``player_{n-1}``, one per seat; the acting one is ``agent_selection``;
* actions: a :class:`gymnasium.spaces.Discrete` over the fixed codes of
  :mod:`kuhtheory.interop.encoding` (a pile of money is laid card by card, then ``DONE``);
* observations: a dict with ``"observation"``, the vector of :mod:`kuhtheory.interop.features`
  (the engine's per-player observation, seats relative to the observer: it hides the other players'
  money), and ``"action_mask"``, 1 for each code allowed now (all zeros for a player not to act);
* rewards: 0 until the game ends; then with ``reward="win"`` (the default) each of the ``k``
  winners gets ``1/k`` and the others 0, with ``reward="score"`` each player gets his final score
  (K-END-2). ``infos`` then hold each player's ``score`` and whether he ``won``;
* ``reset(seed=s)`` plays :func:`kuhtheory.engine.new_game` with ``seed=s`` (the same deck and first
  player as the engine's own game); a later ``reset()`` without a seed draws the next seed from
  ``s``; ``options={"first_player": seat}`` fixes the first player;
* a game still running after ``max_steps`` codes (default 20,000; ordinary games take 500 to 2,000)
  is truncated: ``reward="score"`` gives the scores of the families completed so far, ``"win"``
  gives nobody anything.

An action outside the mask raises :class:`~kuhtheory.errors.IllegalActionError`, a value that is not
a code :class:`~kuhtheory.errors.InvalidActionError`, and an agent name that is not one of
``possible_agents`` :class:`~kuhtheory.errors.InvalidSetupError`; the game is unchanged.
``env.record()`` gives the game as a kuhtheory record (``kuhtheory replay`` reads it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as _missing:  # pragma: no cover - the [rl] extra is installed by make test
    raise ImportError(
        "kuhtheory.interop.pettingzoo needs PettingZoo and Gymnasium: pip install 'kuhtheory[rl]'"
    ) from _missing

from kuhtheory.editions import get_edition
from kuhtheory.engine import new_game
from kuhtheory.errors import InvalidSetupError
from kuhtheory.interop.coded import CodedState
from kuhtheory.interop.features import ObservationLayout, observation_text
from kuhtheory.record import record_from_state

#: Reward modes: a share of the win, or the final score.
REWARDS: Final = ("win", "score")
#: Default cap on the codes of one game (see the module docstring).
MAX_STEPS: Final = 20_000


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's order-enforcing wrapper (``step`` before ``reset`` is an
    error); takes the arguments of :class:`raw_env`."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """Kuhhandel for ``players`` seats of ``edition`` with ``variants`` (see the module docstring).

    ``render_mode`` ``"ansi"`` makes :meth:`render` return the acting player's view as text,
    ``"human"`` prints it.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "kuhhandel_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        edition: str = "classic",
        variants: Sequence[str] = (),
        players: int = 4,
        reward: str = "win",
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if isinstance(variants, str):
            variants = [variants]
        self.edition = get_edition(edition, variants)
        self.edition.check_players(players)
        if reward not in REWARDS:
            raise InvalidSetupError(f"reward={reward!r}: choose one of {', '.join(REWARDS)}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise InvalidSetupError(f"max_steps={max_steps!r} must be a whole number >= 1")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidSetupError(
                f"render_mode={render_mode!r}: choose one of "
                f"{', '.join(self.metadata['render_modes'])} or None"
            )
        self.players = players
        self.reward_mode = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.layout = ObservationLayout.for_game(self.edition, players)
        start = CodedState.start(new_game(players, 0, self.edition))
        self.encoding = start.encoding
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        n = self.encoding.num_actions
        high = np.array(self.layout.high, dtype=np.float32)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.game: CodedState = start
        self.agent_selection = self.possible_agents[start.current_player or 0]
        self._reset_dicts()

    # ----- spaces -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: ``Discrete(num_actions)`` (the same object every time)."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        if agent not in self._seat:
            raise InvalidSetupError(
                f"agent {agent!r} is not an agent of this game: the agents are "
                f"{', '.join(self.possible_agents)}"
            )
        return str(agent)

    # ----- the AEC loop -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new game: ``new_game(seed=seed)``, or the next seed drawn from the last one.

        ``options={"first_player": seat}`` fixes the first player (else the seed draws him);
        other keys are ignored, as Gymnasium environments do.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise InvalidSetupError(f"seed {seed!r} must be a whole number")
            self._seeds = random.Random(int(seed))
            game_seed = int(seed)
        else:
            game_seed = self._seeds.randrange(2**31 - 1)
        first = (options or {}).get("first_player")
        state = new_game(self.players, game_seed, self.edition, first_player=first)
        self.game = CodedState.start(state)
        self.agents = list(self.possible_agents)
        self._reset_dicts()
        self.agent_selection = self.possible_agents[self.game.current_player or 0]

    def _reset_dicts(self) -> None:
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}

    def step(self, action: Any) -> None:
        """Play ``action`` (a code) for ``agent_selection``; None for an agent already done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game = self.game.apply(action)  # raises before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.is_terminal:
            self._finish(terminated=True)
        elif self.game.steps >= self.max_steps:
            self._finish(terminated=False)
        else:
            seat = self.game.current_player
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, terminated: bool) -> None:
        state = self.game.state
        scores = state.scores()
        winners = state.winners() if terminated else ()
        for seat, agent in enumerate(self.possible_agents):
            if self.reward_mode == "score":
                self.rewards[agent] = float(scores[seat])
            else:
                self.rewards[agent] = 1.0 / len(winners) if seat in winners else 0.0
            self.terminations[agent] = terminated
            self.truncations[agent] = not terminated
            self.infos[agent] = {"score": int(scores[seat]), "won": seat in winners}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` sees: his observation vector and his action mask."""
        seat = self._seat[self._agent(agent)]
        game = self.game
        vector = self.layout.vector(game.state.observation(seat), game.laying_view(seat))
        if seat == game.current_player and not self.truncations.get(agent, False):
            mask = game.mask()
        else:
            mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    # ----- extras -------------------------------------------------------------------------------
    def describe_action(self, code: int) -> str:
        """The name of an action code (``"BID 60"``, ``"CARD 10"``, ``"TRADE +1 cow"``)."""
        return self.encoding.describe(code)

    def record(self, seats: Sequence[str] | None = None) -> dict[str, Any]:
        """The game so far as a kuhtheory record (:mod:`kuhtheory.record`); a pile being laid is
        not in it (the engine has not seen it)."""
        return record_from_state(self.game.state, seats)

    def render(self) -> str | None:
        """The acting player's view as text (``"ansi"``: returned; ``"human"``: printed)."""
        state = self.game.state
        seat = state.current_player
        viewer = seat if seat is not None else 0
        text = observation_text(
            state.observation(viewer),
            self.game.pile_cards if self.game.laying else None,
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return f"kuhhandel_v0({self.edition.name}, {self.players} players)"


__all__ = ["MAX_STEPS", "REWARDS", "env", "raw_env"]
