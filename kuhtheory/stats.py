"""Confidence intervals for tournament tables: Wilson for win rates, Student's t for mean scores.

* :func:`wilson_interval` — the Wilson score interval (Wilson 1927) of a proportion: unlike the
  normal ("Wald") interval it stays inside [0, 1] and keeps its coverage near 0 and 1, where the
  win rates of weak bots live. It accepts fractional successes (a win shared by two players counts
  1/2, see :mod:`kuhtheory.tournament`); the formula only needs the observed proportion and ``n``.
* :func:`mean_interval` — the mean with the Student-t interval ``mean +- t(0.975, n-1) s / sqrt(n)``
  (for the thousands of games of a tournament it is the normal interval). Given the least value the
  mean can take (``floor``: a score is never negative), the interval is cut there: a few games of a
  weak bot would otherwise print a negative lower end for a mean score, which no game can have.

Both take a confidence ``level`` (default 0.95) and return a :class:`Interval`.

>>> wilson_interval(50, 100).rounded(4)
Interval(estimate=0.5, low=0.4038, high=0.5962)
>>> wilson_interval(0, 10).rounded(4)
Interval(estimate=0.0, low=0.0, high=0.2775)
>>> mean_interval([1.0, 2.0, 3.0, 4.0]).rounded(3)
Interval(estimate=2.5, low=0.446, high=4.554)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from kuhtheory.errors import SolverInputError


@dataclass(frozen=True)
class Interval:
    """An estimate with the two ends of its confidence interval."""

    estimate: float
    low: float
    high: float

    def rounded(self, digits: int) -> Interval:
        """The interval with each number rounded to ``digits`` decimals (display, doctests)."""
        return Interval(
            round(self.estimate, digits), round(self.low, digits), round(self.high, digits)
        )

    def overlaps(self, other: Interval) -> bool:
        """Whether the two intervals share a point (``False`` means "the intervals are apart")."""
        return self.low <= other.high and other.low <= self.high


def _check_level(level: float) -> float:
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise SolverInputError(f"confidence level={level!r} must lie strictly between 0 and 1")
    return float(level)


def normal_quantile(level: float = 0.95) -> float:
    """The two-sided normal quantile ``z`` of ``level`` (1.959964 for 0.95).

    >>> round(normal_quantile(0.95), 6)
    1.959964
    """
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + _check_level(level) / 2)


def t_quantile(level: float, dof: int) -> float:
    """The two-sided Student-t quantile with ``dof`` degrees of freedom (scipy).

    >>> round(t_quantile(0.95, 3), 4)
    3.1824
    """
    from scipy.stats import t

    if dof < 1:
        raise SolverInputError(f"degrees of freedom {dof!r} must be at least 1")
    return float(t.ppf(0.5 + _check_level(level) / 2, dof))


def wilson_interval(successes: float, n: int, level: float = 0.95) -> Interval:
    """The Wilson score interval of ``successes`` out of ``n`` (fractional successes allowed).

    Parameters
    ----------
    successes
        The number of successes, ``0 <= successes <= n``; may be fractional (shared wins).
    n
        The number of trials, ``n >= 1``.
    level
        The confidence level.

    >>> wilson_interval(7, 10).rounded(3)
    Interval(estimate=0.7, low=0.397, high=0.892)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise SolverInputError(f"n={n!r} trials: a win rate needs at least one game")
    if not 0 <= successes <= n:
        raise SolverInputError(f"successes={successes!r} must lie between 0 and n={n}")
    z = normal_quantile(level)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / n + z2n / (4 * n))
    # Clamp to [0, 1] and around p (rounding can leave p a hair outside at p = 0 or 1).
    return Interval(p, max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p)))


def mean_interval(
    values: Sequence[float], level: float = 0.95, *, floor: float | None = None
) -> Interval:
    """The mean of ``values`` with its Student-t confidence interval (one value: no width).

    ``floor``, if given, is the least value the true mean can take (0 for scores): the interval's
    lower end is raised to it. The cut interval covers the true mean whenever the uncut one does,
    since the part cut away holds no possible mean, so its coverage is unchanged.

    >>> mean_interval([5.0]).rounded(1)
    Interval(estimate=5.0, low=5.0, high=5.0)
    >>> mean_interval([0.0, 0.0, 30.0]).rounded(1)
    Interval(estimate=10.0, low=-33.0, high=53.0)
    >>> mean_interval([0.0, 0.0, 30.0], floor=0.0).rounded(1)
    Interval(estimate=10.0, low=0.0, high=53.0)
    """
    n = len(values)
    if n == 0:
        raise SolverInputError("mean_interval of no values: a mean score needs at least one game")
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(level, n - 1) * math.sqrt(var / n)
    low = mean - half if floor is None else max(mean - half, floor)
    return Interval(mean, low, mean + half)


def standard_deviation(values: Sequence[float]) -> float:
    """The sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = math.fsum(values) / n
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
