"""What the bots remember between decisions gives the answers they would compute afresh.

The heuristic bot keeps the shares of its limits per position (a bid asks again at every raise,
K-AUC-1), the family values are remembered per owners of the complete families (K-END-2), and the
belief reads only the events it has not read (K-TRD-1..3 money flows): each must give what a bot
that remembers nothing gives, in the positions of seeded games.
"""

from __future__ import annotations

import copy
import random

import pytest

from kuhtheory.agents import HeuristicAgent, make_agent
from kuhtheory.agents.base import family_value, open_points, pay_with_least_overpay
from kuhtheory.agents.belief import _MONEY_FLOWS, MoneyTracker
from kuhtheory.agents.play import agent_seed, moves
from kuhtheory.cards import ANIMALS
from kuhtheory.editions import Scoring
from kuhtheory.engine import Pay, Phase, new_game


def _positions(seed: int, edition: str = "classic", players: int = 4):
    """(state, the bot to act) before every move of a seeded heuristic game."""
    bots = [HeuristicAgent(agent_seed(seed, k)) for k in range(players)]
    for state, _, _ in moves(new_game(players, seed, edition), bots):
        yield state, bots[state.current_player]


@pytest.mark.parametrize(("seed", "edition"), [(1, "classic"), (2, "2025"), (3, "bluff")])
def test_k_auc_1_remembered_limits_equal_fresh_ones(seed, edition):
    # A copy of the playing bot (its shares remembered from earlier positions and lots) and a bot
    # that remembers nothing, drawing the same noise, give the same limit for every lot.
    checked = 0
    for i, (state, bot) in enumerate(_positions(seed, edition)):
        if i % 7:
            continue
        obs = state.observation(state.current_player)
        warm = copy.copy(bot)  # what it remembers, and its noise, as they stand
        warm._shares = dict(bot._shares)
        warm._rng = random.Random()
        warm._rng.setstate(bot._rng.getstate())
        for animals in [(a,) for a in ANIMALS] + [(ANIMALS[0], ANIMALS[0])]:
            for stake in (1, 2):
                fresh = HeuristicAgent()
                fresh._rng.setstate(warm._rng.getstate())
                assert warm.limit(obs, animals, stake) == fresh.limit(obs, animals, stake)
                checked += 1
    assert checked > 1000


class _CountingTracker(MoneyTracker):
    """A tracker that counts the events it applies."""

    def __init__(self) -> None:
        super().__init__()
        self.applied = 0

    def _apply(self, obs, cls, args, per_card):
        self.applied += 1
        super()._apply(obs, cls, args, per_card)


def _observations(seed: int, player: int, every: int):
    """Seat ``player``'s observation every ``every`` moves of a seeded heuristic game, and at
    its end."""
    bots = [make_agent("heuristic", agent_seed(seed, k)) for k in range(4)]
    state = None
    for i, (_, _, state) in enumerate(moves(new_game(4, seed), bots)):
        if i % every == 0:
            yield state.observation(player)
    assert state is not None
    yield state.observation(player)


@pytest.mark.parametrize("every", [1, 13, 200])
def test_belief_reads_each_money_flow_once(every):
    tracker = _CountingTracker()
    last = None
    for obs in _observations(4, 1, every):
        tracker.update(obs)
        tracker.update(obs)  # nothing new: nothing read
        last = obs
    assert last is not None
    flows = sum(1 for cls, _ in last.event_log if cls in _MONEY_FLOWS)
    assert tracker.applied == flows


def test_belief_starts_over_on_another_game_or_seat():
    # Fed a game, then another: what a tracker that saw only the second one believes.
    first = list(_observations(5, 2, 40))
    second = list(_observations(6, 2, 40))
    reused, fresh = MoneyTracker(), MoneyTracker()
    for obs in first:
        reused.update(obs)
    for obs in second:
        reused.update(obs)
        fresh.update(obs)
    assert reused.totals(second[-1]) == fresh.totals(second[-1])
    # The same game seen from another seat is another belief.
    other = list(_observations(6, 3, 40))
    for obs in other:
        reused.update(obs)
    alone = MoneyTracker()
    for obs in other:
        alone.update(obs)
    assert reused.totals(other[-1]) == alone.totals(other[-1])
    # A shorter log (an earlier state of the same game) starts over too.
    reused.update(second[0])
    again = MoneyTracker()
    again.update(second[0])
    assert reused.totals(second[0]) == again.totals(second[0])


def _plain_family_value(obs, animal, player):
    """K-END-2 worked out afresh: 0 for a complete family; else its points, and in the
    multiplying editions one more family times them plus the rise on the families he owns."""
    i = ANIMALS.index(animal)
    if obs.family_owners[i] >= 0:
        return 0.0
    if obs.edition.scoring is not Scoring.SUM_TIMES_FAMILIES:
        return float(animal.points)
    owners = obs.family_owners
    owned = [a.points for a, owner in zip(ANIMALS, owners, strict=True) if owner == player]
    return float(animal.points * (len(owned) + 1) + sum(owned))


@pytest.mark.parametrize("edition", ["classic", "2025", "first", "bluff"])
def test_k_end_2_remembered_family_values_equal_fresh_ones(edition):
    completed = 0
    for i, (state, _) in enumerate(_positions(7, edition, players=3)):
        if i % 5:
            continue
        obs = state.observation(state.current_player)
        completed = max(completed, sum(owner >= 0 for owner in obs.family_owners))
        open_ = sum(a.points for a, o in zip(ANIMALS, obs.family_owners, strict=True) if o < 0)
        assert open_points(obs) == max(open_, 10)
        for player in range(3):
            for animal in ANIMALS:
                assert family_value(obs, animal, player) == _plain_family_value(obs, animal, player)
    assert completed >= 5  # positions with families complete were checked


@pytest.mark.parametrize(("seed", "edition"), [(1, "classic"), (8, "bluff")])
def test_k_pay_1_payment_chosen_from_the_counts_equals_the_one_chosen_from_the_actions(
    seed, edition
):
    # pay_with_least_overpay picks from the listed count vectors and makes one Pay; building
    # every Pay and taking the least overpay, then the fewest cards, then the cards, agrees.
    checked = 0
    for state, _ in _positions(seed, edition):
        legal = state.legal_actions()
        if state.phase is not Phase.PAYMENT:
            continue
        assert (
            tuple(legal.payment(i) for i in range(len(legal.payments)))
            == legal.fixed[: len(legal.payments)]
        )
        pays = [a for a in legal.fixed if isinstance(a, Pay)]
        expected = min(pays, key=lambda a: (sum(a.cards), len(a.cards), a.cards))
        assert pay_with_least_overpay(legal) == expected
        checked += 1
    assert checked > 20
