"""Game records as OpenSpiel-style trajectories, for learning code (imitation, offline RL).

A trajectory lists, for every step of a game in the action codes of
:mod:`kuhtheory.interop.encoding`, who acted, what he observed, which codes were legal and which he
chose: the ``(current_player, observation, legal_actions, action)`` of OpenSpiel's
``rl_environment`` time steps, and the same numbers the PettingZoo environment
(:mod:`kuhtheory.interop.pettingzoo`) and the OpenSpiel game ``python_kuhhandel`` give. An engine
action that lays money is several steps (one per card, then ``DONE``), as in those environments.
Games played by kuhtheory's bots (``kuhtheory simulate --record``, :func:`bot_trajectories`) thus
become training data.

The format (JSON; :func:`write_trajectories` writes one trajectory per line, JSON Lines)::

    {"format": "kuhtheory-trajectory", "version": 1,
     "game": "python_kuhhandel",
     "setup": {"players": 4, "seed": 7, "edition": "classic", "variants": [], "first_player": 2},
     "seats": ["heuristic", "random", "random", "random"],
     "encoding": {"num_actions": 522, "observation": "tensor", "observation_size": 297,
                  "observation_parts": [["seat", 0, 4], ["phase", 4, 12], ...]},
     "steps": [{"player": 2, "observation": [0, 0, 1, ...], "legal_actions": [0, 14, 37],
                "action": 0}, ...],
     "returns": [0.0, 1.0, 0.0, 0.0], "scores": [1040, 3050, 680, 0], "winners": [1],
     "terminal": true}

* ``setup`` and ``seats`` are the record's (:mod:`kuhtheory.record`): ``kuhtheory replay`` of the
  record gives the same game;
* ``observation`` is the acting player's observation vector
  (:class:`~kuhtheory.interop.features.ObservationLayout`, seats relative to him; the parts are
  named in ``observation_parts``), or his observation as text with ``observations="string"``, or
  left out with ``"none"``;
* ``legal_actions`` are the codes the mask allowed, ascending; ``action`` is one of them;
* ``returns`` are the win shares (each of ``k`` winners ``1/k``; nobody wins an unfinished game),
  ``scores`` the final scores (K-END-2).

>>> from kuhtheory.engine import new_game, Auction
>>> from kuhtheory.record import record_from_state
>>> s = new_game(players=3, seed=4, first_player=0)
>>> t = trajectory_from_record(record_from_state(s.apply(Auction(0))))
>>> [(step["player"], step["legal_actions"], step["action"]) for step in t["steps"]]
[(0, [0], 0)]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.engine import GameState, action_from_json
from kuhtheory.errors import InvalidRecordError, InvalidSetupError, KuhtheoryError
from kuhtheory.interop.coded import CodedState
from kuhtheory.interop.features import ObservationLayout, observation_text
from kuhtheory.record import record_from_state, replay_states, validate

FORMAT: Final = "kuhtheory-trajectory"
VERSION: Final = 1
GAME: Final = "python_kuhhandel"
#: What a step's ``observation`` holds.
OBSERVATIONS: Final = ("tensor", "string", "none")


def trajectory_from_record(
    record: Mapping[str, Any], observations: str = "tensor"
) -> dict[str, Any]:
    """The trajectory of a Kuhhandel record (see the module docstring).

    Every action is re-checked by the engine as in :func:`kuhtheory.record.replay`; an action the
    encoding has no codes for (a bid of 35, an overpayment: legal, not listed) is refused with
    :class:`~kuhtheory.errors.InvalidRecordError` naming it.
    """
    if observations not in OBSERVATIONS:
        raise InvalidSetupError(
            f"observations={observations!r}: choose one of {', '.join(OBSERVATIONS)}"
        )
    rec = validate(dict(record))
    if rec["game"] != "kuhhandel":
        raise InvalidRecordError(
            f"record.game: {rec['game']!r} has no action encoding: trajectories are of kuhhandel"
        )
    states = replay_states(rec)
    start = next(states)
    assert isinstance(start, GameState)  # a kuhhandel record replays in the engine
    coded = CodedState.start(start)
    layout = ObservationLayout.for_game(start.edition, start.players)
    steps: list[dict[str, Any]] = []
    for i, (data, after) in enumerate(zip(rec["actions"], states, strict=True)):
        action = action_from_json(data)
        try:
            codes = coded.codes_for(action)
        except KuhtheoryError as exc:
            raise InvalidRecordError(f"action {i} {action!r}: {exc}") from None
        for code in codes:
            steps.append(_step(coded, code, layout, observations))
            coded = coded.apply(code)
        assert coded.state == after
    end = coded.state
    winners = end.winners() if end.is_terminal else ()
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "setup": dict(rec["setup"]),
        "seats": list(rec["seats"]),
        "encoding": {
            "num_actions": coded.encoding.num_actions,
            "observation": observations,
            "observation_size": layout.size if observations == "tensor" else None,
            "observation_parts": [list(part) for part in layout.slices]
            if observations == "tensor"
            else None,
        },
        "steps": steps,
        "returns": [1 / len(winners) if p in winners else 0.0 for p in range(end.players)],
        "scores": list(end.scores()),
        "winners": list(winners),
        "terminal": end.is_terminal,
    }


def _step(
    coded: CodedState, code: int, layout: ObservationLayout, observations: str
) -> dict[str, Any]:
    player = coded.current_player
    assert player is not None
    step: dict[str, Any] = {"player": player}
    if observations != "none":
        obs = coded.state.observation(player)
        laying = coded.laying_view(player)
        if observations == "tensor":
            step["observation"] = [_number(x) for x in layout.vector(obs, laying)]
        else:
            step["observation"] = observation_text(obs, coded.pile_cards if laying else None)
    step["legal_actions"] = list(coded.legal_codes())
    step["action"] = code
    return step


def _number(x: float) -> int | float:
    """An observation entry as an int when it is one (every entry is: counts, flags, money)."""
    return int(x) if float(x).is_integer() else float(x)


def trajectory_from_state(
    state: GameState, seats: Sequence[str] | None = None, observations: str = "tensor"
) -> dict[str, Any]:
    """The trajectory of the game that led to ``state`` (from :func:`kuhtheory.engine.new_game`)."""
    return trajectory_from_record(record_from_state(state, seats), observations)


def bot_trajectories(
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    edition: str = "classic",
    variants: Sequence[str] = (),
    observations: str = "tensor",
) -> Iterator[dict[str, Any]]:
    """Trajectories of ``games`` games between kuhtheory's ``bots`` (one name per seat), seeded as
    ``kuhtheory simulate`` seeds them: game ``i`` with ``seed + i``, the bot in seat ``k`` with
    :func:`~kuhtheory.agents.play.agent_seed` (so ``kuhtheory simulate --seed s --games 1`` plays
    the same game).

    >>> t = next(bot_trajectories(["heuristic", "random", "random"], games=1, seed=3))
    >>> t["terminal"], t["seats"], len(t["steps"]) > 100
    (True, ['heuristic', 'random', 'random'], True)
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise InvalidSetupError(f"games={games!r} must be a whole number >= 0")
    from kuhtheory.engine import new_game

    for i in range(games):
        game_seed = seed + i
        start = new_game(len(bots), game_seed, edition, tuple(variants))
        agents = [make_agent(b, agent_seed(game_seed, k)) for k, b in enumerate(bots)]
        end = play(start, agents)
        yield trajectory_from_state(end, [a.name for a in agents], observations)


def write_trajectories(trajectories: Iterable[Mapping[str, Any]], path: str | Path) -> int:
    """Write trajectories to ``path`` as JSON Lines (one per line); returns how many."""
    target = Path(path)
    count = 0
    try:
        with target.open("w", encoding="utf-8") as out:
            for trajectory in trajectories:
                out.write(json.dumps(trajectory, separators=(",", ":")) + "\n")
                count += 1
    except OSError as exc:
        raise InvalidSetupError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from None
    return count


def read_trajectories(path: str | Path) -> Iterator[dict[str, Any]]:
    """The trajectories in a JSON Lines file, each checked by :func:`check_trajectory`."""
    try:
        lines = Path(path).open(encoding="utf-8")
    except OSError as exc:
        raise InvalidRecordError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    with lines:
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InvalidRecordError(f"{path}, line {n}: not JSON ({exc.msg})") from None
            yield check_trajectory(data, where=f"{path}, line {n}")


def check_trajectory(data: object, where: str = "trajectory") -> dict[str, Any]:
    """``data`` if it is a trajectory of this format whose steps are consistent (every action
    among its legal actions, every observation of the stated size), else
    :class:`~kuhtheory.errors.InvalidRecordError` naming the field."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidRecordError(f"{where}: not a {FORMAT!r} object")
    if data.get("version") != VERSION:
        raise InvalidRecordError(f"{where}.version: {data.get('version')!r} must be {VERSION}")
    for key in ("setup", "seats", "encoding", "steps", "returns", "scores", "winners", "terminal"):
        if key not in data:
            raise InvalidRecordError(f"{where}: missing field {key!r}")
    encoding = data["encoding"]
    size = encoding.get("observation_size") if isinstance(encoding, dict) else None
    n = encoding.get("num_actions") if isinstance(encoding, dict) else None
    if not isinstance(n, int):
        raise InvalidRecordError(f"{where}.encoding.num_actions: {n!r} must be a whole number")
    if not isinstance(data["steps"], list):
        raise InvalidRecordError(f"{where}.steps: must be a list")
    for i, step in enumerate(data["steps"]):
        here = f"{where}.steps[{i}]"
        if not isinstance(step, dict) or not {"player", "legal_actions", "action"} <= set(step):
            raise InvalidRecordError(f"{here}: needs player, legal_actions and action")
        legal = step["legal_actions"]
        if not isinstance(legal, list) or step["action"] not in legal:
            raise InvalidRecordError(f"{here}.action: {step['action']!r} is not a legal action")
        if any(not isinstance(c, int) or not 0 <= c < n for c in legal):
            raise InvalidRecordError(f"{here}.legal_actions: codes must be 0..{n - 1}")
        if size is not None and len(step.get("observation", ())) != size:
            raise InvalidRecordError(f"{here}.observation: must hold {size} numbers")
    return data


__all__ = [
    "FORMAT",
    "GAME",
    "OBSERVATIONS",
    "VERSION",
    "bot_trajectories",
    "check_trajectory",
    "read_trajectories",
    "trajectory_from_record",
    "trajectory_from_state",
    "write_trajectories",
]
