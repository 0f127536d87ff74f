"""An edition's rules in the words a player uses, from its fields.

:class:`~kuhtheory.editions.Edition` holds the rules as data (``trade_tie=REOFFER_THEN_FREE``);
this module says them the way the rule leaflets and the players at a table do ("the money goes
back and A offers again; a second tie gives A the animal for free"). The rules chapter's editions
table, the trade explorer's table and ``kuhtheory rules`` read them from here, so every
description follows the fields and cannot drift from what the engine plays.

>>> from kuhtheory.editions import get_edition
>>> rule_text(get_edition("bluff"), "Answering a trade")
'B may not accept: he must counter-offer'
>>> rule_text(get_edition("2025"), "Equal offers")
'ties go to the offerer (A)'
>>> money_in_words((2, 4, 1, 0, 0, 0))
'two 0s, four 10s and one 50 (90)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from kuhtheory.cards import DENOMINATIONS, Counts, total
from kuhtheory.editions import (
    CounterSettlement,
    Deadlock,
    Edition,
    Preemption,
    ScoreTieBreak,
    Scoring,
    TradeTie,
)

__all__ = ["QUESTIONS", "FIELDS", "money_in_words", "rule_text", "rules_in_words"]

_NUMBERS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
)  # fmt: skip
_TENS = {20: "twenty", 30: "thirty"}


def number(n: int) -> str:
    """``n`` in words up to thirty-nine, in digits above.

    >>> number(4), number(25), number(40)
    ('four', 'twenty-five', '40')
    """
    if 0 <= n < len(_NUMBERS):
        return _NUMBERS[n]
    if n < 40:
        tens, ones = divmod(n, 10)
        return _TENS[10 * tens] + (f"-{_NUMBERS[ones]}" if ones else "")
    return str(n)


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def money_in_words(counts: Counts, *, with_total: bool = True) -> str:
    """A count vector of money cards in words: ``two 0s, four 10s and one 50 (90)``."""
    parts = [
        f"{number(c)} {value}{'s' if c != 1 else ''}"
        for value, c in zip(DENOMINATIONS, counts, strict=True)
        if c
    ]
    text = _join(parts) or "no money"
    return f"{text} ({total(counts)})" if with_total and parts else text


def _cards(e: Edition) -> str:
    text = f"{number(e.cards_per_family)} of each of the ten animals ({10 * e.cards_per_family})"
    if e.deal_animals:
        text += f"; each player is dealt {number(e.deal_animals)} of them at the start"
    return text


def _deck(e: Edition) -> str:
    text = money_in_words(e.money_deck, with_total=False)
    if e.dove_bonus:
        text += f", and the dove bonus card ({e.dove_bonus} points)"
    return text


def _auction(e: Edition) -> str:
    return "one animal card" if e.animals_per_auction == 1 else "two animal cards at once"


def _raise(e: Edition) -> str:
    if e.min_raise <= 1:
        text = "any higher bid"
    else:
        text = f"at least {e.min_raise} more than the last bid"
    if e.one_bid_per_auction:
        text += "; each bidder bids at most once per auction"
    return text


def _right(e: Edition) -> str:
    if e.preemption is Preemption.BUY_BACK:
        return (
            "the high bidder pays first; the auctioneer may buy the animal back by returning "
            "those very cards and paying the bid again from his own money"
        )
    return "the auctioneer may keep the animal by paying the high bid to the high bidder himself"


def _donkeys(e: Edition) -> str:
    donkeys = e.cards_per_family
    paid = [str(v) for v in e.donkey_payouts[:donkeys]]
    return f"each of the {number(donkeys)} donkeys pays every player {_join(paid)} in turn"


def _answer(e: Edition) -> str:
    if e.responder_may_accept:
        return "B may accept the offer (and hand over the animal) or counter-offer"
    return "B may not accept: he must counter-offer"


def _settle(e: Edition) -> str:
    if e.counter_settlement is CounterSettlement.WINNER_PAYS:
        return (
            "the winner pays his own pile to the loser; the loser keeps his own "
            "(0-cards go back at once)"
        )
    return "the piles are exchanged: each keeps the pile he received"


def _tie(e: Edition) -> str:
    if e.trade_tie is TradeTie.REOFFER_THEN_FREE:
        return (
            "the money goes back, A offers again and B answers again; a second tie gives A the "
            "animal for free"
        )
    if e.trade_tie is TradeTie.OFFERER_FREE:
        return "the money goes back and A takes the animal for free"
    return "ties go to the offerer (A)"


def _pairs(e: Edition) -> str:
    if e.pair_trade:
        return "when both own exactly two cards of the animal, the trade is for both"
    return "a trade is always for one card"


def _score(e: Edition) -> str:
    if e.scoring is Scoring.SUM:
        text = "the points of your complete families, added up"
    else:
        text = "the points of your complete families, added up, times the number of families"
    if e.dove_bonus:
        text += (
            f"; plus {e.dove_bonus} for the dove card, taken by the first player to complete "
            "both families of a pair (rooster and goose, cat and dog, sheep and goat)"
        )
    return text


def _score_tie(e: Edition) -> str:
    if e.score_tiebreak is ScoreTieBreak.MONEY_THEN_SHARED:
        return "the most money left wins; if that is equal too, the win is shared"
    return "the tied players share the win"


def _turn(e: Edition) -> str:
    if e.double_move:
        return "auction or trade; after a trade the same player must also run an auction"
    return "auction or trade, one of the two"


def _deadlock(e: Edition) -> str:
    if e.deadlock is Deadlock.THIRD_REPETITION:
        return (
            "house rule (the printed rules are silent): the third time a turn starts in the same "
            "position, the game ends, and incomplete families score nothing"
        )
    return "nothing ends it: two players may pass a card back and forth for ever"


def _players(e: Edition) -> str:
    return f"{number(e.min_players)} to {number(e.max_players)}"


#: Each question a player asks about an edition, the fields that answer it, and the answer.
QUESTIONS: Mapping[str, tuple[tuple[str, ...], Callable[[Edition], str]]] = {
    "Players": (("min_players", "max_players"), _players),
    "Animal cards": (("cards_per_family", "deal_animals"), _cards),
    "Money cards": (("money_deck", "dove_bonus"), _deck),
    "Start money": (("start_money",), lambda e: money_in_words(e.start_money)),
    "A turn": (("double_move",), _turn),
    "Up for auction": (("animals_per_auction",), _auction),
    "Bidding": (("min_raise", "one_bid_per_auction"), _raise),
    "The auctioneer's right": (("preemption",), _right),
    "Donkeys": (("donkey_payouts", "cards_per_family"), _donkeys),
    "Answering a trade": (("responder_may_accept",), _answer),
    "Money after a counter-offer": (("counter_settlement",), _settle),
    "Equal offers": (("trade_tie",), _tie),
    "Two against two": (("pair_trade",), _pairs),
    "Score": (("scoring", "dove_bonus"), _score),
    "Equal scores": (("score_tiebreak",), _score_tie),
    "A game that cannot end": (("deadlock",), _deadlock),
}

#: The edition fields the questions answer (every rule field of :class:`Edition`).
FIELDS: frozenset[str] = frozenset(f for fields, _ in QUESTIONS.values() for f in fields)


def rule_text(edition: Edition, question: str) -> str:
    """The answer to one of :data:`QUESTIONS` for ``edition``; ``KeyError`` naming the question
    and the known ones otherwise."""
    try:
        _, answer = QUESTIONS[question]
    except KeyError:
        known = ", ".join(QUESTIONS)
        raise KeyError(f"no rule question {question!r}: ask one of {known}") from None
    return answer(edition)


def rules_in_words(edition: Edition) -> dict[str, str]:
    """Every question of :data:`QUESTIONS` with its answer for ``edition``, in order."""
    return {question: answer(edition) for question, (_, answer) in QUESTIONS.items()}
