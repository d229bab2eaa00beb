"""A simulated answer where the exact one is beyond the work budget (issue 21 item 4).

When :func:`toolkit.exact.total` refuses a sum of too many independent counts (:class:`~toolkit.exact.TooBig`),
a calculation may roll the dice instead: :func:`simulate_total` draws each count from its exact
distribution over many trials with a fixed seed, so the answer, and its error, are the same on
every run. The error is two standard errors (about 95% of such estimates fall within it).

>>> from fractions import Fraction
>>> coin = {0: Fraction(1, 2), 1: Fraction(1, 2)}
>>> run = simulate_total([coin] * 10, trials=2000)
>>> run.trials, run.seed, round(run.mean(), 1)
(2000, 20261126, 5.0)
>>> run.at_least(0)
(1.0, 0.0)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from typing import Mapping, Sequence

from toolkit.exact import TooBig

__all__ = ["Simulated", "simulate_total", "SEED", "TRIALS", "MAX_DRAWS"]

#: The fixed seed of every simulated answer: the same output on every run.
SEED = 20261126
#: Trials of a simulated answer, fewer when each trial draws many counts (never fewer than :data:`MIN_TRIALS`).
TRIALS = 100_000
MIN_TRIALS = 2_000
#: Draws one simulated answer may make in all (a few seconds of CPU).
MAX_DRAWS = 4_000_000


@dataclass(frozen=True)
class Simulated:
    """How often each total came up in ``trials`` seeded trials."""

    trials: int
    seed: int
    counts: dict[int, int]

    def mean(self) -> float:
        return sum(k * n for k, n in self.counts.items()) / self.trials

    def mean_error(self) -> float:
        """Two standard errors of :meth:`mean`."""
        mean = self.mean()
        variance = sum(n * (k - mean) ** 2 for k, n in self.counts.items()) / max(self.trials - 1, 1)
        return 2 * math.sqrt(variance / self.trials)

    def at_least(self, n: int) -> tuple[float, float]:
        """The estimated chance that the total is ``n`` or more, and two standard errors of it."""
        p = sum(count for k, count in self.counts.items() if k >= n) / self.trials
        return p, 2 * math.sqrt(p * (1 - p) / self.trials)

    def quantile(self, q: float) -> int:
        """The smallest total reached or passed in at least ``q`` of the trials, counted from below."""
        seen = 0
        for k in sorted(self.counts):
            seen += self.counts[k]
            if seen >= q * self.trials:
                return k
        return max(self.counts)


def simulate_total(parts: Sequence[Mapping[int, Fraction]], trials: int | None = None, seed: int = SEED) -> Simulated:
    """The sum of independent counts, each drawn from its exact distribution, over seeded trials."""
    draws = max(len(parts), 1)
    if draws * MIN_TRIALS > MAX_DRAWS:
        raise TooBig(f"{len(parts)} counts to add: too many even to simulate (at most {MAX_DRAWS // MIN_TRIALS}); lower the number of units or dice")
    trials = trials or min(TRIALS, MAX_DRAWS // draws)
    groups = Counter(tuple(sorted(part.items())) for part in parts)
    plan = [([k for k, _ in items], list(accumulate(float(p) for _, p in items)), count) for items, count in sorted(groups.items())]
    rng = random.Random(seed)
    counts: Counter = Counter()
    for _ in range(trials):
        counts[sum(sum(rng.choices(values, cum_weights=weights, k=count)) for values, weights, count in plan)] += 1
    return Simulated(trials, seed, dict(sorted(counts.items())))
