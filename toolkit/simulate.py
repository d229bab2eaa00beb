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

A question that is not one sum (a battle whose second volley depends on the first) rolls its own trial:
:func:`simulate_outcomes` calls ``trial(rng)`` once a trial and counts the outcomes (tuples of whole numbers),
with the same seed and the same budget of draws; :func:`binomial` rolls ``n`` dice that each hit with ``p``.

>>> runs = simulate_outcomes(lambda rng: (binomial(rng, 3, Fraction(1, 2)),), draws=3, trials=1000)
>>> runs.trials, runs.of(0).quantile(0.5), runs.chance(lambda o: o[0] >= 0)
(1000, 1, Estimate(value=1.0, error=0.0))
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import accumulate
from typing import Callable, Mapping, Sequence

from toolkit.exact import TooBig
from toolkit.records import lazy_dataclass

__all__ = ["Simulated", "simulate_total", "SEED", "TRIALS", "MAX_DRAWS", "MIN_TRIALS", "Estimate", "Outcomes",
           "simulate_outcomes", "binomial", "max_simulated_draws"]

#: The fixed seed of every simulated answer: the same output on every run.
SEED = 20261126
#: Trials of a simulated answer, fewer when each trial draws many counts (never fewer than :data:`MIN_TRIALS`).
TRIALS = 100_000
MIN_TRIALS = 2_000
#: Draws one simulated answer may make in all (a few seconds of CPU).
MAX_DRAWS = 4_000_000


@lazy_dataclass(frozen=True)
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


@lazy_dataclass(frozen=True)
class Estimate:
    """A simulated chance or mean, and two standard errors of it."""

    value: float
    error: float

    def __str__(self) -> str:
        said = {0.0: " (in no trial)", 1.0: " (in every trial)"}.get(self.value, "")
        return f"{self.value:.4f} ± {self.error:.4f}{said}"


@lazy_dataclass(frozen=True)
class Outcomes:
    """How often each outcome (a tuple of whole numbers) came up in ``trials`` seeded trials."""

    trials: int
    seed: int
    counts: dict[tuple, int]

    def of(self, index: int | Callable[[tuple], int]) -> Simulated:
        """The totals of one place of the outcome (a marginal), or of a count worked out from it, as a :class:`Simulated`."""
        value = index if callable(index) else (lambda outcome: outcome[index])
        counts: Counter = Counter()
        for outcome, n in self.counts.items():
            counts[value(outcome)] += n
        return Simulated(self.trials, self.seed, dict(sorted(counts.items())))

    def chance(self, test: Callable[[tuple], bool]) -> Estimate:
        """The share of trials whose outcome passes ``test``, and two standard errors of it."""
        p = sum(n for outcome, n in self.counts.items() if test(outcome)) / self.trials
        return Estimate(p, 2 * math.sqrt(p * (1 - p) / self.trials))


def max_simulated_draws() -> int:
    """Draws (dice) one trial may make: the budget over the fewest trials an answer may rest on."""
    return MAX_DRAWS // MIN_TRIALS


def simulate_outcomes(trial: Callable[[random.Random], tuple], draws: int, trials: int | None = None,
                      seed: int = SEED) -> Outcomes:
    """``trial(rng)`` run over seeded trials, ``draws`` dice each (the budget: at most :func:`max_simulated_draws`)."""
    draws = max(draws, 1)
    if draws > max_simulated_draws():
        raise TooBig(f"{draws} dice a trial: too many even to simulate (at most {max_simulated_draws()}); lower the number of "
                     "dice, Air Points or units")
    trials = trials or min(TRIALS, MAX_DRAWS // draws)
    rng = random.Random(seed)
    counts = Counter(trial(rng) for _ in range(trials))
    return Outcomes(trials, seed, dict(sorted(counts.items())))


def binomial(rng: random.Random, n: int, p) -> int:
    """Hits of ``n`` dice that each hit with chance ``p`` (one draw a die)."""
    p = float(p)
    draw = rng.random
    return sum(1 for _ in range(n) if draw() < p)
