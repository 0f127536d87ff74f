"""What the OpenSpiel games of :mod:`kuhtheory.interop.openspiel` share: reading their
parameters, describing them to OpenSpiel, their states' common moves and their observer.

OpenSpiel copies a state by deep-copying its fields and serializes it by pickling them, so what a
state holds is immutable and shared: the game's :class:`Shared` parameters and a
:class:`~kuhtheory.interop.infostate.Playthrough`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel

from kuhtheory.cards import parse_money
from kuhtheory.engine import GameState
from kuhtheory.errors import InvalidSetupError, SolverInputError
from kuhtheory.interop.coded import CodedState
from kuhtheory.interop.features import ObservationLayout, observation_text
from kuhtheory.interop.infostate import Playthrough


def spelled(params: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """``params`` as OpenSpiel can write them into a game string and read them back.

    OpenSpiel reads a parameter that starts like a number as a number (``edition=2025`` becomes
    the int 2025, which its type check then refuses) and cannot read one such as ``2025+quick``
    at all. So an edition's inline variants move to ``variants``, and each text parameter in
    ``names`` that starts with a digit gets a trailing space (the readers strip it).
    """
    out = dict(params)
    key, *inline = str(out["edition"]).split("+")
    out["edition"] = key.strip()
    out["variants"] = "+".join([*inline, *split_names(str(out["variants"]))])
    for name in names:
        text = str(out[name]).strip()
        out[name] = text + " " if text[:1].isdigit() else text
    return out


def split_names(text: str) -> tuple[str, ...]:
    """Variant names joined by ``+`` (or by commas, in a dict of parameters)."""
    return tuple(n.strip() for n in text.replace(",", "+").split("+") if n.strip())


def at_least(params: dict[str, Any], name: str, low: int) -> int:
    value = params[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise InvalidSetupError(f"{name}={value!r} must be a whole number >= {low}")
    return value


def hand_param(text: str, who: str) -> tuple[int, ...]:
    """A hand of money cards separated by spaces (or commas, in a dict of parameters)."""
    try:
        return parse_money(text)
    except ValueError as exc:
        raise SolverInputError(f"{who} {text.strip()!r}: {exc}") from None


def probabilities_param(text: str, hands: int) -> tuple[Fraction, ...]:
    text = text.strip()
    if not text:
        return (Fraction(1, hands),) * hands
    try:
        probs = tuple(Fraction(p.strip()) for p in text.split(";"))
    except (ValueError, ZeroDivisionError):
        raise SolverInputError(f"probabilities {text!r} must be numbers separated by ';'") from None
    if len(probs) != hands or any(p < 0 for p in probs) or sum(probs) != 1:
        raise SolverInputError(
            f"probabilities {text!r}: need {hands} non-negative numbers adding up to 1, "
            "one per hand of A"
        )
    return probs


class Shared:
    """A game's parameters, read once and shared by its states: OpenSpiel copies a state by
    deep-copying its fields (these are shared, not copied) and serializes it by pickling them
    (these pickle as their parameters)."""

    params: dict[str, Any]

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).read, (self.params,))  # type: ignore[attr-defined]


def game_type(
    name: str, title: str, utility: Any, players: tuple[int, int], tensor: bool, params: dict
) -> Any:
    """What both games share in their OpenSpiel description: sequential, chance explicit,
    imperfect information, returns at the end, perfect-recall information-state strings."""
    return pyspiel.GameType(
        short_name=name,
        long_name=title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=tensor,
        parameter_specification=params,
    )


class PlayState(pyspiel.State):
    """What the states of both games share: a :class:`~kuhtheory.interop.infostate.Playthrough`, or
    None before the chance node at the start; the players move by the codes of the play."""

    #: what the state says before its chance node
    BEFORE = ""

    def __init__(self, game: Any, play: Playthrough | None) -> None:
        super().__init__(game)
        self._setup = game.setup
        self._play = play

    def _begin(self, outcome: int) -> Playthrough:
        """The play after the chance node's ``outcome`` (checked)."""
        raise NotImplementedError

    def _chance_text(self, outcome: int) -> str:
        raise NotImplementedError

    def current_player(self) -> int:
        if self._play is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self._play.coded.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self._play is not None
        return list(self._play.coded.legal_codes())

    def _apply_action(self, action: int) -> None:
        if self._play is None:
            self._play = self._begin(int(action))
        else:
            self._play = self._play.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._chance_text(action)
        return str(self._setup.encoding.describe(action))

    @property
    def engine_state(self) -> GameState | None:
        """The engine state (god's view), None before the chance node."""
        return None if self._play is None else self._play.coded.state

    @property
    def coded(self) -> CodedState | None:
        """The coded game (the engine state and the pile being laid), None before chance."""
        return None if self._play is None else self._play.coded

    def information_state(self, player: int) -> str:
        """``player``'s information-state string (empty before the chance node)."""
        return "" if self._play is None else self._play.information_state(player)

    def observation_text(self, player: int) -> str:
        """``player``'s observation as text."""
        if self._play is None:
            return self.BEFORE
        coded = self._play.coded
        laying = coded.pile_cards if coded.laying_view(player) is not None else None
        return observation_text(coded.state.observation(player), laying)

    def __str__(self) -> str:
        if self._play is None:
            return self.BEFORE
        coded = self._play.coded
        state = coded.state
        money = " ".join(f"P{p}:{list(state.money(p))}" for p in range(state.players))
        pile = f" laying {list(coded.pile_cards)} for {coded.target}" if coded.laying else ""
        return f"{state!r} step {coded.steps} money {money}{pile}"


class Observer:
    """OpenSpiel's observer interface: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(
        self, layout: ObservationLayout | None, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise InvalidSetupError(f"observation parameters are not supported: {params!r}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise InvalidSetupError(
                "kuhtheory's OpenSpiel games observe one player's own view (public and private "
                f"information); {iig_obs_type!r} is not supported"
            )
        size = 0 if self.perfect_recall or layout is None else layout.size
        self.tensor = np.zeros(size, dtype=np.float32)
        self.dict: dict[str, np.ndarray] = {}
        if size and layout is not None:
            self.dict = {name: self.tensor[a:b] for name, a, b in layout.slices}

    def set_from(self, state: Any, player: int) -> None:
        if self.tensor.size:
            state.observation_vector(player, self.tensor)

    def string_from(self, state: Any, player: int) -> str:
        if self.perfect_recall:
            return str(state.information_state(player))
        return str(state.observation_text(player))
