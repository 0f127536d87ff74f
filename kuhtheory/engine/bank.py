"""The bank paying donkey money (K-DONK-1), including a bank that has run short.

Every time a donkey is turned up each player receives one money card: 50 for the first donkey, then
100, 200, 500 (the edition's ``donkey_payouts``). The rules assume the bank holds those cards; it
does not always (RULES.md, notes): 2025 with five players hands out every 0, 10 and 50 card as start
money, so the first donkey's 50 cannot be paid as printed. The rules are silent; the engine applies
one rule everywhere, the one a table would reach for:

1. the bank gives one card of the value if it has one;
2. otherwise the value **exactly** in smaller cards, fewest cards first
   (:func:`kuhtheory.payment.exact_payment`), e.g. five 10s for a 50;
3. otherwise **the smallest larger card** it has (a 100 for a 50): the player is not robbed of his
   donkey money because the bank ran out of small cards;
4. otherwise (no exact sum, no larger card) as much as it can without exceeding the value,
   taking the largest cards first; an empty bank pays nothing.

The payout goes round the table like a deal: starting left of the active player and ending with him
(he "deals to everyone and to himself", K-DONK-1), so when the bank runs short the order decides
who receives which card.

>>> from kuhtheory.cards import to_counts, from_counts
>>> bank = to_counts((10,) * 4 + (100, 100))
>>> bank, cards = pay_from_bank(bank, 50)   # no 50, 4 x 10 < 50: the smallest larger card
>>> from_counts(cards), from_counts(bank)
((100,), (10, 10, 10, 10, 100))
>>> bank, cards = pay_from_bank(to_counts((10,) * 6), 50)  # exactly, in smaller cards
>>> from_counts(cards)
(10, 10, 10, 10, 10)
"""

from __future__ import annotations

from typing import Final

from kuhtheory.cards import DENOMINATIONS, NO_MONEY, Counts
from kuhtheory.payment import _exact

_N: Final = len(DENOMINATIONS)
_INDEX: Final = {v: i for i, v in enumerate(DENOMINATIONS)}


def bank_payment(bank: Counts, value: int) -> Counts:
    """The cards the bank hands over for one payout of ``value`` (rules 1-4 above)."""
    i = _INDEX.get(value)
    if i is not None and bank[i] > 0:
        out = [0] * _N
        out[i] = 1
        return tuple(out)
    exact = _exact(bank, value)
    if exact is not None:
        return exact
    for j in range(_N):
        if DENOMINATIONS[j] > value and bank[j] > 0:
            out = [0] * _N
            out[j] = 1
            return tuple(out)
    out = [0] * _N
    left = value
    for j in range(_N - 1, 0, -1):
        take = min(bank[j], left // DENOMINATIONS[j])
        out[j] = take
        left -= take * DENOMINATIONS[j]
    return tuple(out)


def pay_from_bank(bank: Counts, value: int) -> tuple[Counts, Counts]:
    """``(bank after, cards paid)`` for one payout of ``value``."""
    cards = bank_payment(bank, value)
    if cards == NO_MONEY:
        return bank, cards
    left = list(bank)
    for i in range(_N):
        left[i] -= cards[i]
    return tuple(left), cards
