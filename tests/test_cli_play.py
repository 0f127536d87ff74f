"""``kuhtheory play`` (kuhtheory.cli.play): a person against bots in the terminal, driven here
through its standard input, as a person at a keyboard drives it."""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kuhtheory import record as rec
from kuhtheory.cards import Animal
from kuhtheory.cli.play import (
    Session,
    moves,
    parse_bots,
    parse_cards,
    run,
    table_text,
    typed_action,
    unlisted_hint,
)
from kuhtheory.engine import (
    Auction,
    Bid,
    Counter,
    Pass,
    Preempt,
    Sell,
    Trade,
    new_game,
    setup_position,
)
from kuhtheory.errors import InvalidSetupError

ROOT = Path(__file__).resolve().parent.parent

#: Answers that finish any game: the first listed move, and "none" for a pile of cards (an
#: empty offer or counter-offer is legal, K-TRD-1); a "none" read as a move is refused and the
#: next "1" answers instead.
FIRST_MOVES = "1\nnone\n" * 2500


def play_process(*argv: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "kuhtheory", "play", *argv],
        capture_output=True,
        text=True,
        env=env,
        input=stdin,
        timeout=120,
        cwd=ROOT,
    )


def args(**given: object) -> argparse.Namespace:
    defaults = dict(edition="classic", variant=[], players=3, seat=0, bots="heuristic", seed=3)
    return argparse.Namespace(**{**defaults, "record": None, **given})


# ----- a whole game through stdin --------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ("--seed", "3", "--players", "3"),
        ("--seed", "11", "--players", "4", "--seat", "2", "--edition", "2025", "--bots", "random"),
        ("--seed", "5", "--edition", "bluff", "--bots", "random,heuristic", "--players", "3"),
    ],
)
def test_a_scripted_person_plays_a_whole_game_to_the_end(argv: tuple[str, ...], tmp_path: Path):
    record_file = tmp_path / "game.json"
    done = play_process(*argv, "--record", str(record_file), stdin=FIRST_MOVES)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    seat = int(argv[argv.index("--seat") + 1]) if "--seat" in argv else 0
    assert f"You are P{seat}" in out and "Your moves:" in out and "\n> 1\n" in out
    assert "Game over. Final scores:" in out and "Winner:" in out
    # the bots' moves were told as they happened
    assert re.search(r"^  P\d (bids \d+|passes|auctions )", out, re.M)
    # the record replays legally to the same end, with the person's seat marked
    record = rec.load(record_file)
    end = rec.replay(record)
    assert end.is_terminal and record["seats"][seat] == "human"
    assert f"Record saved to {record_file}" in out
    for p, score in enumerate(end.scores()):
        label = "you" if p == seat else f"P{p}"
        assert re.search(rf"^  {label}: {score} \(", out, re.M)


def test_the_person_never_sees_a_bots_money(tmp_path: Path):
    done = play_process("--seed", "3", "--players", "3", stdin=FIRST_MOVES)
    for line in done.stdout.splitlines():
        seen = re.match(r"^  P(\d): (.*)$", line)
        if seen and "money cards" in seen.group(2):  # a table line about a bot
            assert not re.search(r"\d+\+\d+|\d+ x \d+", seen.group(2)), line


def test_the_table_is_the_same_whatever_the_others_hold():
    """Two states that differ only in an opponent's hidden money look the same to the person."""
    herds = {0: {Animal.COW: 1}, 1: {Animal.COW: 1}}
    one = setup_position(3, money={1: (0, 10, 10, 50)}, herds=herds)
    other = setup_position(3, money={1: (50, 100, 100, 200)}, herds=herds)
    assert table_text(one.observation(0)) == table_text(other.observation(0))
    assert "P1: 4 money cards" in table_text(one.observation(0))
    assert table_text(one.observation(1)) != table_text(other.observation(1))


# ----- choosing moves by number or by name -----------------------------------------------------
def session(state, answers: str) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    return Session(state, 0, {}, stdin=io.StringIO(answers), out=out, echo=True), out


def test_moves_are_listed_with_their_names_and_chosen_by_number_or_name():
    start = new_game(players=3, seed=4, first_player=1).apply(Auction(1))
    assert [m.name for m in moves(start, 0)] == []  # not the person's turn
    bidding = start.apply(Bid(2, 20))
    names = [m.name for m in moves(bidding, 0)]
    assert names[:3] == ["pass", "bid 30", "bid 40"] and len(names) == 5
    game, _ = session(bidding, "2\n")
    assert game.choose() == Bid(0, 30)
    game, _ = session(bidding, "bid 35\n")
    assert game.choose() == Bid(0, 35)  # any amount may be typed
    game, out = session(bidding, "bid 20\nhelp\ntable\n7\npass\n")
    assert game.choose() == Pass(0)
    told = out.getvalue()
    assert "not allowed: Bid(player=0, amount=20)" in told and "K-AUC-1" in told
    assert "Answer with the number of a move" in told
    assert "7 is not in the list (1 to 5)" in told
    # the list shows a few bids and says how to name any other
    assert "(or type bid and any higher amount, such as bid 120: you may bid beyond" in told

    # near all the money at the table (3 x 90) every bid is listed: no hint
    last = new_game(players=3, seed=4, first_player=1).apply(Auction(1)).apply(Bid(2, 240))
    assert [m.name for m in moves(last, 0)] == ["pass", "bid 250", "bid 260", "bid 270"]
    assert unlisted_hint(last.legal_actions(), moves(last, 0)) == ""


def test_the_auctioneer_sells_or_preempts():
    state = new_game(players=3, seed=4, first_player=0).apply(Auction(0)).apply(Bid(1, 20))
    hammer = state.apply(Pass(2))
    assert [m.name for m in moves(hammer, 0)] == ["sell", "preempt"]
    assert session(hammer, "preempt\n")[0].choose() == Preempt(0)
    assert session(hammer, "1\n")[0].choose() == Sell(0)


def test_a_trade_asks_for_the_cards_and_a_counter_too():
    herds = {0: {Animal.SHEEP: 1}, 1: {Animal.SHEEP: 1}}
    position = setup_position(3, money={0: (0, 10, 50), 1: (0, 0, 10)}, herds=herds)
    names = [m.name for m in moves(position, 0)]
    assert "trade P1 sheep" in names
    number = names.index("trade P1 sheep") + 1
    game, out = session(position, f"{number}\n10,50\n")
    assert game.choose() == Trade(0, 1, Animal.SHEEP, (10, 50))
    assert "your offer to P1 for the Sheep, face down" in out.getvalue()
    assert session(position, "trade p1 sheep 0+10\n")[0].choose() == Trade(
        0, 1, Animal.SHEEP, (0, 10)
    )
    # a card the person does not hold is refused with the rule, then asked again
    game, out = session(position, "trade P1 sheep 500\ntrade P1 sheep none\n")
    assert game.choose() == Trade(0, 1, Animal.SHEEP, ())
    assert "not allowed" in out.getvalue()
    challenged = position.apply(Trade(0, 1, Animal.SHEEP, (10,)))
    responder = Session(challenged, 1, {}, stdin=io.StringIO("2\n0,0\n"), out=io.StringIO())
    assert [m.name for m in moves(challenged, 1)] == ["accept", "counter"]
    assert responder.choose() == Counter(1, (0, 0))


def test_typed_moves_and_money_cards_are_parsed_or_refused_with_a_reason():
    assert typed_action("bid 40", 0) == (Bid(0, 40), "")
    assert typed_action("counter 10 10", 2)[0] == Counter(2, (10, 10))
    assert typed_action("trade p1 cow", 0) == (
        None,
        "name the cards of the offer too: trade P2 cow 0,10 (or none)",
    )
    refused = "'dance' is not a move: type a number from the list, or help"
    assert typed_action("dance", 0) == (None, refused)
    assert parse_cards("0 10, 50+100") == (0, 10, 50, 100)
    with pytest.raises(ValueError, match="'7' is not a money card"):
        parse_cards("10,7")


# ----- stopping, bad options -------------------------------------------------------------------
def test_end_of_input_stops_the_game_and_saves_what_was_played(tmp_path: Path):
    record_file = tmp_path / "short.json"
    done = play_process("--seed", "3", "--players", "3", "--record", str(record_file), stdin="1\n")
    assert done.returncode == 0
    assert "Game stopped (end of input) after" in done.stdout and "Traceback" not in done.stderr
    end = rec.replay(rec.load(record_file))
    assert not end.is_terminal and len(end.history) >= 1


def test_quit_and_ctrl_c_stop_cleanly(tmp_path: Path):
    out = io.StringIO()
    assert run(args(), stdin=io.StringIO("quit\n"), out=out) == 0
    assert "Game stopped (quit) after" in out.getvalue()

    class Interrupted(io.StringIO):
        def readline(self, size: int = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    record_file = tmp_path / "interrupted.json"
    assert run(args(record=str(record_file)), stdin=Interrupted(), out=out) == 130
    assert "Game interrupted after" in out.getvalue() and record_file.is_file()


def test_an_over_long_line_is_refused_not_parsed():
    out = io.StringIO()
    state = new_game(players=3, seed=4, first_player=0)
    game = Session(state, 0, {}, stdin=io.StringIO("9" * 5000 + "\n1\n"), out=out, echo=True)
    assert game.choose() == Auction(0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--seat", "3", "--players", "3"), "--seat 3: choose a seat from 0 to 2"),
        (("--bots", "genius"), "unknown bot 'genius'"),
        (("--bots", "random,random,random,random"), "names 4 bots for the 3 other seats"),
        (("--players", "6"), "players=6"),
        (("--edition", "chess"), "unknown edition 'chess'"),
    ],
)
def test_bad_options_are_one_error_line(argv: tuple[str, ...], message: str):
    done = play_process(*argv, stdin="")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr


def test_parse_bots_one_name_or_one_per_other_seat():
    assert parse_bots("Random", 3) == ["random"] * 3
    assert parse_bots("random,heuristic", 2) == ["random", "heuristic"]
    with pytest.raises(InvalidSetupError, match="unknown bot 'x'"):
        parse_bots("x", 2)
