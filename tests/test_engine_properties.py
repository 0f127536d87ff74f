"""Property tests: random games of every edition and variant end, conserve money and cards, and
score by the edition's rule. (Thousands more games per edition: benchmarks/bench_engine.py.)"""

from __future__ import annotations

import random

import pytest
from engine_helpers import animals_everywhere, money_everywhere
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.agents.random import RandomAgent, random_playout
from kuhtheory.cards import ANIMALS
from kuhtheory.editions import VARIANTS, Scoring, get_edition
from kuhtheory.engine import Phase, new_game

COMBOS = [("classic", ()), ("2025", ()), ("first", ()), ("bluff", ())] + [
    (v.editions[0], (key,)) for key, v in VARIANTS.items()
]
IDS = ["+".join((e, *v)) for e, v in COMBOS]


def _expected_score(state, player):
    ed = state.edition
    fams = state.families(player)
    base = sum(a.points for a in fams)
    score = base * len(fams) if ed.scoring is Scoring.SUM_TIMES_FAMILIES else base
    return score + (ed.dove_bonus if state.dove_holder == player else 0)


def _check_end(end):
    ed = end.edition
    assert end.is_terminal and end.phase is Phase.GAME_OVER and end.current_player is None
    if not end.ended_by_repetition:  # K-HOUSE-1 may end a game with families still open
        assert end.deck_size == 0
        for animal in ANIMALS:
            owners = [p for p in range(end.players) if end.animals(p).get(animal)]
            assert len(owners) == 1, (animal, owners)
            assert end.animals(owners[0])[animal] == ed.cards_per_family
            assert end.family_owner(animal) == owners[0]
    assert money_everywhere(end) == ed.money_deck
    scores = end.scores()
    assert scores == tuple(_expected_score(end, p) for p in range(end.players))
    best = max(scores)
    winners = end.winners()
    assert winners and all(scores[w] == best for w in winners)
    if len(winners) < sum(1 for s in scores if s == best):  # money broke the tie (2025)
        assert len({end.money_total(w) for w in winners}) == 1


@pytest.mark.parametrize(("edition", "variants"), COMBOS, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5))
def test_random_games_end_with_complete_families_and_the_right_scores(
    edition, variants, seed, players
):
    start = new_game(players=players, seed=seed, edition=edition, variants=variants)
    _check_end(random_playout(start, seed, max_actions=200_000))


@pytest.mark.parametrize(("edition", "variants"), COMBOS, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5))
def test_every_step_conserves_money_and_cards_and_lists_legal_actions(
    edition, variants, seed, players
):
    ed = get_edition(edition, variants)
    rng = random.Random(seed)
    bot = RandomAgent(seed)
    s = new_game(players=players, seed=seed, edition=edition, variants=variants)
    while not s.is_terminal:
        # Money: bank + hands + piles on the table is always the whole money deck.
        assert money_everywhere(s) == ed.money_deck
        # Every animal card is somewhere: deck, herds, or on offer.
        assert set(animals_everywhere(s).values()) == {ed.cards_per_family}
        la = s.legal_actions()
        assert len(la) > 0
        # A few listed actions (and the first and last) are legal.
        for i in {0, len(la) - 1, rng.randrange(len(la))}:
            assert s.is_legal(la[i]), (la[i], s.why_illegal(la[i]))
        if s.phase is Phase.PAYMENT:
            due = s.auction.high_bid
            assert all(sum(a.cards) >= due for a in la)
        s = s.apply(bot.act(None, la))
    _check_end(s)
