"""``kuhtheory play``: a game of Kuhhandel in the terminal, one person against bots.

The person takes one seat (``--seat``); the bots (``--bots``) play the others and their moves are
told as they happen, from the game's public events. The person sees only what a player at the
table sees: his own money, how many money cards each other player holds, every animal, the
auction and trade in progress, and the piles he received in his own trades (everything comes from
his :class:`~kuhtheory.engine.Observation`). When it is his turn his legal moves are listed;
he answers with a move's number or its name (``pass``, ``bid 40``, ``pay 10,50``, ``trade P2 cow
0,0,10``, ``counter 10,10``, ``accept``, ...), or ``table``, ``help``, ``quit``. A move the rules
forbid is refused with the rule's reason, and asked again.

``--record FILE`` saves the game record (``kuhtheory replay FILE`` re-checks and tells it), also
when the person quits early. End of input (Ctrl-D) or ``quit`` stops the game; Ctrl-C too.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from kuhtheory.agents import AGENT_NAMES, make_agent
from kuhtheory.agents.play import agent_seed
from kuhtheory.cards import ANIMALS, DENOMINATIONS, Animal, format_money
from kuhtheory.cli.options import add_edition_options
from kuhtheory.engine import (
    Accept,
    Action,
    Auction,
    Bid,
    BuyBack,
    Counter,
    GameState,
    LegalActions,
    Observation,
    Offer,
    Pass,
    Pay,
    Preempt,
    Sell,
    Trade,
    new_game,
)
from kuhtheory.errors import InvalidSetupError, KuhtheoryError
from kuhtheory.files import check_output_file

#: At most this many bids and payments are listed as numbered moves (any other is typed).
LISTED_BIDS = 4
LISTED_PAYMENTS = 6
#: The longest line of input read (anything longer is refused, not parsed).
MAX_LINE = 200

HELP = """Answer with the number of a move or its name:
  auction | pass | bid 40 | sell | preempt | accept
  pay 10,50 | buyback 10,50 | counter 0,10 | offer 0,10 | trade P2 cow 0,0,10
Money cards are written 0,10,50 (or 0 10 50, or 10+50); an empty pile is "none".
Other answers: hint (what the solved subgame recommends here), table (show the table again),
help, quit."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``play`` parser."""
    p = subparsers.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play Kuhhandel in the terminal against bots. You see what a player at the "
        "table sees: your own money, how many cards the others hold, every animal. On your turn "
        "choose a move by its number or its name; 'help' lists the names.",
    )
    add_edition_options(p)
    p.add_argument("--players", type=int, default=4, help="number of players, 3 to 5 (default 4)")
    p.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    p.add_argument(
        "--bots",
        default="heuristic",
        help="the bots: one name for every other seat, or one per other seat separated by "
        f"commas; names: {', '.join(AGENT_NAMES)} (default heuristic)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the game's seed (shuffles the deck, seeds the bots); default: a new one, printed",
    )
    p.add_argument("--record", metavar="FILE", help="save the game record to FILE at the end")
    p.set_defaults(func=run)


# ----- what the person sees -------------------------------------------------------------------
def seat_name(player: int, seat: int) -> str:
    """``"you"`` for the person's seat, ``"P2"`` for the others."""
    return "you" if player == seat else f"P{player}"


def herd_text(counts: Sequence[int]) -> str:
    """A herd (counts indexed like ANIMALS) in words: ``"2 Cow, 1 Dog"``."""
    return ", ".join(f"{n} {a.label}" for a, n in zip(ANIMALS, counts, strict=True) if n) or "-"


def money_text(cards: Sequence[int]) -> str:
    """Money cards face up: ``0+10+50 = 60``, or by denomination when there are many
    (``6 x 0, 12 x 10, 3 x 500 = 1620``).

    >>> money_text((0, 10, 50)), money_text(()), money_text((10,) * 9 + (500,))
    ('0+10+50 = 60', 'none', '9 x 10, 1 x 500 = 590')
    """
    if not cards:
        return "none"
    if len(cards) <= 8:
        return format_money(tuple(cards))
    counts = ", ".join(f"{cards.count(v)} x {v}" for v in DENOMINATIONS if v in cards)
    return f"{counts} = {sum(cards)}"


def table_text(obs: Observation) -> str:
    """The table as the observing player sees it: his own money face up, the others' as card
    counts, every animal, the deck, the auction or trade in progress. Reads nothing but ``obs``."""
    me = obs.player
    lines = [f"Turn {obs.turn + 1} - animal deck: {obs.deck_size} cards left"]
    for p in range(obs.players):
        owned = herd_text(obs.herds[p])
        if p == me:
            money = f"{money_text(obs.money)} ({len(obs.money)} cards)" if obs.money else "none"
            lines.append(f"  You (P{p}): money {money}; animals {owned}")
        else:
            shown = obs.shown_money[p]
            extra = f", showed {sum(shown)}" if shown is not None else ""
            lines.append(f"  P{p}: {obs.card_counts[p]} money cards{extra}; animals {owned}")
    auction = obs.auction
    if auction is not None:
        animals = " + ".join(a.label for a in auction.animals)
        high = (
            f"high bid {auction.high_bid} by {seat_name(auction.high_bidder, me)}"
            if auction.high_bidder is not None
            else "no bid yet"
        )
        lines.append(f"  Auction by {seat_name(auction.auctioneer, me)}: {animals}; {high}")
    trade = obs.trade
    if trade is not None:
        offer = money_text(trade.offer) if trade.offer is not None else "face down"
        text = (
            f"  Trade: {seat_name(trade.offerer, me)} challenges {seat_name(trade.opponent, me)} "
            f"for {trade.stake} {trade.animal.label}; offer of {trade.offer_count} cards ({offer})"
        )
        if trade.counter_count is not None:
            counter = money_text(trade.counter) if trade.counter is not None else "face down"
            text += f"; counter of {trade.counter_count} cards ({counter})"
        lines.append(text)
    return "\n".join(lines)


# ----- the person's moves ---------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """One listed move: its name (what the person may type) and its action, or, for a move that
    lays money cards (a trade, a counter-offer, a new offer), the question for the cards and how
    to build the action from them."""

    name: str
    action: Action | None = None
    asks: str = ""
    build: Callable[[tuple[int, ...]], Action] | None = None

    def make(self, cards: tuple[int, ...] = ()) -> Action:
        """The action, with ``cards`` for a move that asks for them."""
        if self.action is not None:
            return self.action
        assert self.build is not None
        return self.build(cards)


def moves(state: GameState, seat: int) -> list[Move]:
    """The person's listed moves now (empty when it is not his turn): the fixed moves, up to
    :data:`LISTED_BIDS` bids and the :data:`LISTED_PAYMENTS` cheapest payments (fewest cards
    first at equal totals), and one move per trade target or pile to lay."""
    if state.is_terminal or state.current_player != seat:
        return []
    legal: LegalActions = state.legal_actions()
    fixed = legal.fixed
    listed = [Move("auction", a) for a in fixed if isinstance(a, Auction)]
    if legal.kind == LegalActions.TRADE:
        for opponent, animal in legal.targets:
            listed.append(
                Move(
                    f"trade P{opponent} {animal.label.lower()}",
                    asks=f"your offer to P{opponent} for the {animal.label}, face down",
                    build=partial(Trade, seat, opponent, animal),
                )
            )
    listed += [Move("pass", a) for a in fixed if isinstance(a, Pass)]
    listed += [Move(f"bid {b}", Bid(seat, b)) for b in legal.bid_range[:LISTED_BIDS]]
    listed += [
        Move(type(a).__name__.lower(), a) for a in fixed if isinstance(a, (Sell, Preempt, Accept))
    ]
    payments = sorted(
        (a for a in fixed if isinstance(a, (Pay, BuyBack))), key=lambda a: (sum(a.cards), a.cards)
    )
    for action in payments[:LISTED_PAYMENTS]:
        verb = "pay" if isinstance(action, Pay) else "buyback"
        listed.append(Move(f"{verb} {','.join(map(str, action.cards))}", action))
    if legal.kind == LegalActions.COUNTER:
        listed.append(
            Move("counter", asks="your counter-offer, face down", build=partial(Counter, seat))
        )
    if legal.kind == LegalActions.OFFER:
        listed.append(Move("offer", asks="your new offer, face down", build=partial(Offer, seat)))
    return listed


def unlisted_hint(legal: LegalActions, listed: list[Move]) -> str:
    """A line saying how to name a higher bid than the listed ones, or "" when none is left out
    (the list holds :data:`LISTED_BIDS` bids; any higher one is legal, K-AUC-1)."""
    bids = sum(1 for move in listed if move.name.startswith("bid "))
    if bids and len(legal.bid_range) > bids:
        return "(or type bid and any higher amount, such as bid 120: you may bid beyond your money)"
    return ""


def parse_cards(text: str) -> tuple[int, ...]:
    """``"0,10,50"``, ``"0 10 50"``, ``"10+50"`` or ``"none"`` as sorted card values.

    >>> parse_cards("50 + 10, 0"), parse_cards("none")
    ((0, 10, 50), ())
    >>> parse_cards("15")
    Traceback (most recent call last):
    ...
    ValueError: '15' is not a money card (0, 10, 50, 100, 200, 500)
    """
    text = text.strip().lower()
    if text in ("", "none", "nothing", "-"):
        return ()
    cards = []
    for part in re.split(r"[\s,+]+", text):
        if not part:
            continue
        if not part.isdigit() or int(part) not in DENOMINATIONS:
            raise ValueError(f"{part!r} is not a money card ({', '.join(map(str, DENOMINATIONS))})")
        cards.append(int(part))
    return tuple(sorted(cards))


_TYPED = re.compile(r"^(pay|buyback|counter|offer)\s*(.*)$")
_TRADE = re.compile(r"^trade\s+p?(\d+)\s+([a-z]+)\s*(.*)$")
_BID = re.compile(r"^bid\s+(\d+)$")
_CARD_ACTIONS: dict[str, type[Pay | BuyBack | Counter | Offer]] = {
    "pay": Pay,
    "buyback": BuyBack,
    "counter": Counter,
    "offer": Offer,
}


def typed_action(text: str, seat: int) -> tuple[Action | None, str]:
    """A move typed in full (``bid 35``, ``pay 10,50``, ``trade P2 cow 0,10``...) as an action,
    or ``(None, reason)`` when the text is not such a move."""
    bid = _BID.match(text)
    if bid:
        return Bid(seat, int(bid.group(1))), ""
    trade = _TRADE.match(text)
    if trade:
        opponent, animal, cards = trade.groups()
        if not cards:
            return None, "name the cards of the offer too: trade P2 cow 0,10 (or none)"
        return Trade(seat, int(opponent), Animal.parse(animal), parse_cards(cards)), ""
    typed = _TYPED.match(text)
    if typed and typed.group(2):
        kind: type[Pay | BuyBack | Counter | Offer] = _CARD_ACTIONS[typed.group(1)]
        return kind(seat, parse_cards(typed.group(2))), ""
    return None, f"{text!r} is not a move: type a number from the list, or help"


# ----- the game ---------------------------------------------------------------------------------
class Quit(Exception):
    """The person asked to stop, or the input ended."""


class Session:
    """One game between a person (reading ``stdin``) and bots, told on ``out``."""

    def __init__(
        self,
        state: GameState,
        seat: int,
        bots: dict[int, Any],
        *,
        stdin: TextIO,
        out: TextIO,
        echo: bool = False,
    ) -> None:
        self.state = state
        self.seat = seat
        self.bots = bots
        self.stdin = stdin
        self.out = out
        self.echo = echo
        self._told = 0
        self._revealed = 0
        self._coach: Any = None

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def tell_news(self) -> None:
        """Print the public events since the last call, and the piles the person received."""
        events = self.state.events
        for event in events[self._told :]:
            self.say(f"  {event.text()}")
        self._told = len(events)
        revealed = self.state.observation(self.seat).revealed
        for _turn, other, cards in revealed[self._revealed :]:
            self.say(f"  (you saw P{other}'s pile: {money_text(cards)})")
        self._revealed = len(revealed)

    def ask(self, prompt: str) -> str:
        """One line of input (``Quit`` at its end); echoed when the input is not a terminal."""
        print(prompt, end="", file=self.out, flush=True)
        line = self.stdin.readline(MAX_LINE + 1)
        if not line:
            self.say()
            raise Quit("end of input")
        if len(line) > MAX_LINE and not line.endswith("\n"):
            self.stdin.readline()  # drop the rest of the over-long line
            line = ""
        if self.echo:
            self.say(line.rstrip("\n"))
        return line.strip()

    def play(self) -> None:
        """Play until the game ends (``Quit`` if the person stops)."""
        while not self.state.is_terminal:
            player = self.state.current_player
            if player is None:
                break
            if player == self.seat:
                self.state = self.state.apply(self.choose())
            else:
                bot = self.bots[player]
                action = bot.act(self.state.observation(player), self.state.legal_actions())
                self.state = self.state.apply(action)
            self.tell_news()

    def choose(self) -> Action:
        """Show the table and the person's moves; read until he names a legal one."""
        self.say()
        self.say(table_text(self.state.observation(self.seat)))
        listed = moves(self.state, self.seat)
        self.say("Your moves:")
        for number, move in enumerate(listed, 1):
            self.say(f"  {number:2}. {move.name}")
        hint = unlisted_hint(self.state.legal_actions(), listed)
        if hint:
            self.say(f"  {hint}")
        while True:
            answer = self.ask("> ").lower()
            try:
                action = self.action_for(answer, listed)
            except (ValueError, KuhtheoryError) as exc:
                self.say(f"  not understood: {exc}")
                continue
            if action is None:
                continue
            reason = self.state.why_illegal(action)
            if reason is None:
                return action
            self.say(f"  not allowed: {reason}")

    def hint(self) -> None:
        """Tell the coach's advice for the decision in front of the person (kuhtheory.coach)."""
        from kuhtheory.coach import Coach

        if self._coach is None:
            self._coach = Coach(seats=[self.seat])
        advice = self._coach.advise(self.state)
        if not advice:
            self.say("  no hint here: the coach measures trades, the auctioneer's choice after the")
            self.say("  hammer, payments and bids")
        for a in advice[:3]:
            self.say("  hint: " + a.text().replace("\n", "\n  "))

    def action_for(self, answer: str, listed: list[Move]) -> Action | None:
        """The action an answer names, or None after answering a command (help, table)."""
        if answer in ("quit", "q", "exit"):
            raise Quit("quit")
        if answer in ("help", "?", "h"):
            self.say(HELP)
            return None
        if answer in ("table", "t"):
            self.say(table_text(self.state.observation(self.seat)))
            return None
        if answer == "hint":
            self.hint()
            return None
        if answer == "":
            return None
        move = None
        if answer.isdigit():
            if not 1 <= int(answer) <= len(listed):
                raise ValueError(f"{answer} is not in the list (1 to {len(listed)})")
            move = listed[int(answer) - 1]
        else:
            move = next((m for m in listed if m.name == answer), None)
        if move is None:
            action, reason = typed_action(answer, self.seat)
            if action is None:
                raise ValueError(reason)
            return action
        if not move.asks:
            return move.make()
        hand = money_text(self.state.money(self.seat))
        cards = self.ask(f"{move.asks} (your money: {hand}; cards like 0,10 or none): ")
        return move.make(parse_cards(cards))


def moves_text(count: int) -> str:
    """``"1 move"``, ``"12 moves"``."""
    return f"{count} move" if count == 1 else f"{count} moves"


def parse_bots(text: str, others: int) -> list[str]:
    """The bot of each other seat from ``"heuristic"`` or ``"random,heuristic,..."``."""
    names = [n.strip().lower() for n in str(text).split(",")]
    for name in names:
        if name not in AGENT_NAMES:
            raise InvalidSetupError(
                f"--bots {text!r}: unknown bot {name!r}: choose from {', '.join(AGENT_NAMES)}"
            )
    if len(names) == 1:
        return names * others
    if len(names) != others:
        raise InvalidSetupError(
            f"--bots {text!r} names {len(names)} bots for the {others} other seats: give one "
            "name or one per other seat"
        )
    return names


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run ``kuhtheory play``: 0 when the game ends or the person stops, 130 on Ctrl-C."""
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    if args.record:  # before the game: a bad path must not cost the person a whole game
        check_output_file(args.record, "--record")
    state = new_game(
        players=args.players, seed=seed, edition=args.edition, variants=tuple(args.variant)
    )
    if not 0 <= args.seat < state.players:
        raise InvalidSetupError(f"--seat {args.seat}: choose a seat from 0 to {state.players - 1}")
    others = [p for p in range(state.players) if p != args.seat]
    names = parse_bots(args.bots, len(others))
    bots = {p: make_agent(n, agent_seed(seed, p)) for p, n in zip(others, names, strict=True)}
    seats = ["human" if p == args.seat else names[others.index(p)] for p in range(state.players)]
    session = Session(state, args.seat, bots, stdin=stdin, out=out, echo=not stdin.isatty())
    session.say(
        f"{state.edition.title}{' + ' + ', '.join(args.variant) if args.variant else ''}"
        f"; seed {seed}. You are P{args.seat}; "
        + ", ".join(f"P{p} is a {n} bot" for p, n in zip(others, names, strict=True))
        + ". Type help for the moves."
    )
    status = 0
    try:
        session.tell_news()
        session.play()
    except Quit as stop:
        session.say(f"Game stopped ({stop}) after {moves_text(len(session.state.history))}.")
    except KeyboardInterrupt:
        session.say(f"\nGame interrupted after {moves_text(len(session.state.history))}.")
        status = 130
    end = session.state
    if end.is_terminal:
        scores = end.scores()
        session.say("Game over. Final scores:")
        for p in range(end.players):
            families = ", ".join(a.label for a in end.families(p)) or "no family"
            session.say(f"  {seat_name(p, args.seat)}: {scores[p]} ({families})")
        winners = " and ".join(seat_name(p, args.seat) for p in end.winners())
        session.say(f"Winner: {winners}.")
        from kuhtheory.coach import coach_game
        from kuhtheory.record import record_from_state

        report = coach_game(record_from_state(end, seats=seats), seats=[args.seat])
        session.say("The coach's summary of your decisions (kuhtheory coach FILE shows each one):")
        for line in report.summary(args.seat).lines():
            session.say(f"  {line}")
    if args.record:
        from kuhtheory.record import record_from_state, save

        path = save(record_from_state(end, seats=seats), Path(args.record))
        session.say(f"Record saved to {path} (kuhtheory replay {path} tells it again).")
    return status
