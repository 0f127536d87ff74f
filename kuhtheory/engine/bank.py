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

from kuhtheory.cards import DENOMINATIONS, NO_MONEY, Counts, counts_of, subtract
from kuhtheory.payment import exact_payment


def bank_payment(bank: Counts, value: int) -> Counts:
    """The cards the bank hands over for one payout of ``value`` (rules 1-4 above)."""
    if value in DENOMINATIONS and bank[DENOMINATIONS.index(value)]:
        return counts_of((value,))
    exact = exact_payment(bank, value)
    if exact is not None:
        return exact
    larger = [v for v, count in zip(DENOMINATIONS, bank, strict=True) if v > value and count]
    if larger:
        return counts_of(larger[:1])
    # As much as it can without exceeding the value, largest cards first (0-cards are no money).
    cards: list[int] = []
    left = value
    for v, count in reversed(tuple(zip(DENOMINATIONS, bank, strict=True))[1:]):
        take = min(count, left // v)
        cards.extend([v] * take)
        left -= take * v
    return counts_of(cards)


def pay_from_bank(bank: Counts, value: int) -> tuple[Counts, Counts]:
    """``(bank after, cards paid)`` for one payout of ``value``."""
    cards = bank_payment(bank, value)
    if cards == NO_MONEY:
        return bank, cards
    return subtract(bank, cards), cards
