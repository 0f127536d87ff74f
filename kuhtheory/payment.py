"""No-change payments (K-PAY-1): which cards pay an amount, and with the least overpay.

No change is ever given: a payer hands over cards totalling *at least* the amount and chooses which.
This module answers, for a hand given as a count vector (see :mod:`kuhtheory.cards`):

* :func:`can_pay` — does the hand hold enough money at all;
* :func:`minimal_payments` — every *irreducible* payment: no card could be taken back and the rest
  still pay (so it never holds a 0-card unless the amount is 0, where the empty payment is the one);
* :func:`least_overpay` — the payments with the smallest total, fewest cards first;
* :func:`cheapest_payment` — one canonical least-overpay payment;
* :func:`exact_payment` — cards totalling exactly an amount (the bank paying donkey money).

Every payment is a count vector. The enumeration walks denominations from the largest down and stops
a branch as soon as it pays, so it only ever visits irreducible payments.

>>> from kuhtheory.cards import to_counts, from_counts
>>> hand = to_counts((0, 10, 10, 50, 100))
>>> [from_counts(p) for p in minimal_payments(hand, 60)]
[(100,), (10, 50)]
>>> from_counts(cheapest_payment(hand, 60))
(10, 50)
>>> from_counts(cheapest_payment(to_counts((500,)), 10))
(500,)
>>> cheapest_payment(to_counts((10,)), 20) is None
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from kuhtheory.cards import DENOMINATIONS, Counts, check_counts, total
from kuhtheory.errors import InvalidActionError

_N: Final = len(DENOMINATIONS)
_VALUES: Final[tuple[int, ...]] = DENOMINATIONS


def _check_amount(amount: object) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise InvalidActionError(f"amount {amount!r} must be a non-negative whole number")
    return amount


def can_pay(hand: Sequence[int], amount: int) -> bool:
    """Whether the hand's money reaches ``amount`` (K-PAY-1, K-PAY-2)."""
    return total(hand) >= _check_amount(amount)


def minimal_payments(hand: Sequence[int], amount: int) -> tuple[Counts, ...]:
    """Every irreducible payment of ``amount`` from ``hand``, largest cards first.

    A payment is a sub-multiset of the hand totalling at least ``amount``; it is irreducible when
    taking back any one card leaves less than ``amount``. The result is empty when the hand cannot
    pay; for ``amount == 0`` it is the single empty payment.
    """
    return payments_of(check_counts(tuple(hand), "hand"), _check_amount(amount))


@functools.lru_cache(maxsize=1 << 14)
def payments_of(hand: Counts, amount: int) -> tuple[Counts, ...]:
    """:func:`minimal_payments` of a hand and an amount already checked (the engine's own, as
    :func:`kuhtheory.cards.counts_of` takes card values already checked), remembered: a game asks
    for the same few hands and prices again and again."""
    if amount == 0:
        return ((0,) * _N,)
    # below[i]: the money in denominations 1 .. i-1 (0-cards never help): a branch that cannot
    # reach the amount with all of it is cut at once.
    below = [0] * (_N + 1)
    for i in range(1, _N):
        below[i + 1] = below[i] + hand[i] * _VALUES[i]
    if below[_N] < amount:
        return ()
    found: list[Counts] = []
    # The denominations the hand holds, largest first (index _N-1 down to 1).
    held = [i for i in range(_N - 1, 0, -1) if hand[i]]
    _walk_payments(hand, amount, held, below, 0, 0, [0] * _N, found)
    return tuple(found)


def _walk_payments(
    hand: Counts,
    amount: int,
    held: list[int],
    below: list[int],
    j: int,
    paid: int,
    chosen: list[int],
    found: list[Counts],
) -> None:
    """Every irreducible payment that takes ``chosen`` of the denominations before ``held[j]``."""
    index = held[j]
    value = _VALUES[index]
    rest = below[index]
    # Take k cards of this value: the branch pays once paid + k*value >= amount, and since the
    # cards taken so far are all larger, the last card added (this value) is the smallest one:
    # the payment is irreducible iff paid + k*value - value < amount.
    for k in range(hand[index], -1, -1):
        new_paid = paid + k * value
        if new_paid >= amount:
            if k > 0 and new_paid - value < amount:
                chosen[index] = k
                found.append(tuple(chosen))
            continue
        if new_paid + rest < amount:
            break  # fewer cards of this value only pay less
        if j < len(held) - 1:
            chosen[index] = k
            _walk_payments(hand, amount, held, below, j + 1, new_paid, chosen, found)
    chosen[index] = 0


def least_overpay(hand: Sequence[int], amount: int) -> tuple[Counts, ...]:
    """The payments of ``amount`` with the smallest total, fewest cards first (empty if none)."""
    payments = minimal_payments(hand, amount)
    if not payments:
        return ()
    best = min(total(p) for p in payments)
    return tuple(sorted((p for p in payments if total(p) == best), key=_overpay_order))


def cheapest_payment(hand: Sequence[int], amount: int) -> Counts | None:
    """One payment with the least overpay and, among those, the fewest cards; None if unpayable.

    The first of :func:`least_overpay`, found without sorting (bots ask for it at every hammer).
    """
    payments = minimal_payments(hand, amount)
    return min(payments, key=_overpay_order) if payments else None


def _overpay_order(payment: Counts) -> tuple[int, int, Counts]:
    """The order of the payments of :func:`least_overpay`: the total, then the card count, then
    the counts."""
    return total(payment), sum(payment), payment


def cheapest_total(hand: Sequence[int], amount: int) -> int | None:
    """The smallest total the hand can pay ``amount`` with (None if it cannot pay)."""
    best = cheapest_payment(hand, amount)
    return None if best is None else total(best)


def exact_payment(hand: Sequence[int], amount: int) -> Counts | None:
    """Cards of ``hand`` totalling exactly ``amount``, fewest cards first; None if impossible.

    >>> from kuhtheory.cards import to_counts, from_counts
    >>> from_counts(exact_payment(to_counts((10,) * 6 + (50,)), 50))
    (50,)
    >>> from_counts(exact_payment(to_counts((10,) * 6), 50))
    (10, 10, 10, 10, 10)
    """
    return _exact(check_counts(tuple(hand), "hand"), _check_amount(amount))


@functools.lru_cache(maxsize=1 << 12)
def _exact(hand: Counts, amount: int) -> Counts | None:
    # Depth-first, largest denominations first: the first hit uses as many large cards as it can,
    # which is the fewest cards for this denomination system; keep the best anyway.
    best: list[Counts] = []
    _walk_exact(hand, _N - 1, amount, [0] * _N, best)
    return best[0] if best else None


def _walk_exact(hand: Counts, index: int, left: int, chosen: list[int], best: list[Counts]) -> None:
    """Keep in ``best`` the fewest cards paying ``left`` exactly from denominations ``index``..1."""
    if left == 0:
        candidate = tuple(chosen)
        if not best:
            best.append(candidate)
        elif sum(candidate) < sum(best[0]):
            best[0] = candidate
        return
    if index == 0:
        return
    value = _VALUES[index]
    for k in range(min(hand[index], left // value), -1, -1):
        chosen[index] = k
        _walk_exact(hand, index - 1, left - k * value, chosen, best)
    chosen[index] = 0
