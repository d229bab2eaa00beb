"""Fire in the Sky's dice, exactly: one die against the Combat Table, many dice, two dice for a Damage Check.

Every probability is a :class:`fractions.Fraction`; a distribution is a ``dict`` from a count
(hits, Air Points, units) to its probability, keys ascending, probabilities summing to 1. The
functions take plain numbers; the charts (:mod:`.combat_tables`) supply them.

>>> die_hit(0, 5)                      # FitS v1.1 2.3: an unmodified 5 or 6 hits
Fraction(1, 3)
>>> die_hit(1, 5), die_hit(-2, 5)      # +1: 4-6; -2: nothing reaches 5
(Fraction(1, 2), Fraction(0, 1))
>>> dice(2, Fraction(1, 3))
{0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
>>> two_dice_at_least(9)               # a Damage Check against Defense 9: 9-12 on two dice
Fraction(5, 18)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Iterable, Mapping

from toolkit.exact import Distribution, at_least, check_dice, convolve, mean, total  # shared by every game's odds

__all__ = ["Distribution", "FACES", "die_hit", "die_at_least", "dice", "convolve", "total", "mixture", "mean",
           "at_least", "two_dice_at_least", "bernoulli"]

#: The game's only die: a six-sided one (v1.1 1.0; 2nd 1.0).
FACES = 6


def die_at_least(need: int) -> Fraction:
    """P(one die shows ``need`` or more); 1 for need <= 1, 0 for need > 6."""
    return Fraction(max(0, min(FACES, FACES + 1 - need)), FACES)


def die_hit(modifier: int, threshold: int) -> Fraction:
    """P(one modified die reaches ``threshold``): the modifier is added to the die (v1.1 2.3; 2nd Combat Table)."""
    return die_at_least(threshold - modifier)


def bernoulli(p: Fraction) -> Distribution:
    """1 with chance ``p``, else 0."""
    p = Fraction(p)
    return {k: v for k, v in ((0, 1 - p), (1, p)) if v} or {0: Fraction(1)}


def dice(n: int, p: Fraction) -> Distribution:
    """Hits of ``n`` dice each hitting with chance ``p`` (binomial).

    >>> dice(0, Fraction(1, 2))
    {0: Fraction(1, 1)}
    """
    check_dice(n)  # never negative; beyond the work budget, too big to answer exactly (issue 21 item 4)
    p = Fraction(p)
    out = {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}
    return {k: v for k, v in out.items() if v} or {0: Fraction(1)}


def mixture(weighted: Iterable[tuple[Fraction, Mapping[int, Fraction]]]) -> Distribution:
    """A distribution reached through cases: sum of weight x distribution."""
    out: Distribution = {}
    for weight, dist in weighted:
        for k, p in dist.items():
            out[k] = out.get(k, Fraction(0)) + weight * p
    return dict(sorted((k, v) for k, v in out.items() if v))


def two_dice_at_least(need: int) -> Fraction:
    """P(two dice total ``need`` or more)."""
    ways = sum(1 for a in range(1, FACES + 1) for b in range(1, FACES + 1) if a + b >= need)
    return Fraction(ways, FACES * FACES)
