"""The same games, bit for bit: a committed digest of seeded games in every edition and variant.

A game is fixed by its setup (players, seed, edition, variants) and its bots' names and seeds
(:func:`kuhtheory.agents.play.agent_seed`). Any change to the rules, the random bot, the heuristic
bot or the order in which they draw their random numbers changes some game, and with it a digest
below. A change that is meant to change games (a better heuristic endgame, say) updates the digest
in the same commit and says why in its message; a change that is not (a refactoring, a speed-up)
must leave every digest as it is.

Each digest covers, per game, its JSON record (setup, seats, every action, the result), the text of
every public event and each player's final money and herd.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.editions import EDITIONS, VARIANTS
from kuhtheory.engine import new_game
from kuhtheory.record import record_from_state

#: Every edition alone, then every variant on the first edition it applies to.
COMBOS: tuple[tuple[str, tuple[str, ...]], ...] = (
    *((edition, ()) for edition in EDITIONS),
    *((variant.editions[0], (key,)) for key, variant in VARIANTS.items()),
)
#: Seat line-ups and how many seeded games of each are played per combination.
LINEUPS: tuple[tuple[str, int], ...] = (("random", 12), ("heuristic", 3), ("mixed", 3))


def _bots(lineup: str, players: int) -> list[str]:
    if lineup == "mixed":
        return ["heuristic" if seat % 2 == 0 else "random" for seat in range(players)]
    return [lineup] * players


def games_digest(edition: str, variants: tuple[str, ...], lineup: str, games: int) -> str:
    """The SHA-256 of ``games`` seeded games (seeds 0, 1, ...; 3, 4 or 5 players by seed)."""
    digest = hashlib.sha256()
    for seed in range(games):
        players = 3 + seed % 3
        names = _bots(lineup, players)
        bots = [make_agent(name, agent_seed(seed, seat)) for seat, name in enumerate(names)]
        end = play(new_game(players, seed, edition, variants), bots)
        record = record_from_state(end, names)
        digest.update(json.dumps(record, sort_keys=True).encode())
        for event in end.events:
            digest.update(event.text().encode())
        for p in range(players):
            digest.update(repr((end.money(p), end.herd(p))).encode())
    return digest.hexdigest()[:16]


#: Recorded on the engine of commit 7603947 (before the compiled layer was removed); unchanged
#: since, see the module docstring.
DIGESTS: dict[str, str] = {
    "classic random": "e87ac4fc817b9b99",
    "classic heuristic": "99b37bd06b127886",
    "classic mixed": "1e71b2182c132c0b",
    "2025 random": "81c2a4ce86da7466",
    "2025 heuristic": "e5937061ecf7e584",
    "2025 mixed": "6aaf2a063e120510",
    "first random": "dc7539f988eebedc",
    "first heuristic": "77a6de3baeb9d604",
    "first mixed": "be8d11c6b4eb7520",
    "bluff random": "91b750e8f6d4e712",
    "bluff heuristic": "b755ebfbdbacce3c",
    "bluff mixed": "8bf7631df57e3015",
    "classic+quick random": "be05d572496baea6",
    "classic+quick heuristic": "6092f95ae5414f4f",
    "classic+quick mixed": "fb92dfd49560c39c",
    "classic+short random": "726fb06e142ae3ec",
    "classic+short heuristic": "2e7e3e9917662cd5",
    "classic+short mixed": "0d82fb8eb62294de",
    "bluff+super-trade random": "c6ec940dede0913c",
    "bluff+super-trade heuristic": "33168677d9844eee",
    "bluff+super-trade mixed": "cdf9ccc813f31416",
    "2025+double-move random": "d2efd7b584098edc",
    "2025+double-move heuristic": "35fc55d9ec864c7b",
    "2025+double-move mixed": "bd47b5f6de8e6b76",
    "2025+no-kidding random": "2c428482d109a41d",
    "2025+no-kidding heuristic": "465bdb1e19c6e1c4",
    "2025+no-kidding mixed": "6b8ce3265748aa7b",
    "2025+donkey-100 random": "22f4ebbea8e7f44d",
    "2025+donkey-100 heuristic": "19d65e9fefd5b5fc",
    "2025+donkey-100 mixed": "0b467706c422b84b",
    "2025+original random": "f40a6ada5bc467b0",
    "2025+original heuristic": "7ba5b838e305f66b",
    "2025+original mixed": "38e7c17d528ca810",
}


def _key(edition: str, variants: tuple[str, ...], lineup: str) -> str:
    return f"{'+'.join((edition, *variants))} {lineup}"


@pytest.mark.parametrize(
    ("edition", "variants", "lineup", "games"),
    [(e, v, lineup, n) for e, v in COMBOS for lineup, n in LINEUPS],
    ids=[_key(e, v, lineup) for e, v in COMBOS for lineup, _ in LINEUPS],
)
def test_seeded_games_are_the_recorded_ones(edition, variants, lineup, games):
    assert (
        games_digest(edition, variants, lineup, games) == DIGESTS[_key(edition, variants, lineup)]
    )


if __name__ == "__main__":  # prints the table above, to paste after an intended change
    for e, v in COMBOS:
        for lineup, n in LINEUPS:
            print(f"    {_key(e, v, lineup)!r}: {games_digest(e, v, lineup, n)!r},")
