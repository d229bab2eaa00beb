"""Plane handling of Fire from the Skies as pure functions: how many AOS a launch or a recovery takes.

Rules: in each Air Operations Segment (AOS) a carrier first lands *or* launches, never both (FFTS
6.5, 6.7), then moves aircraft on the deck and between deck and hangar (6.5.2, 6.7.1-6.7.4), then
readies them (6.5.3). So aircraft raised from the hangar in one AOS launch in the next at the
earliest. A carrier launches 12 AFs per AOS, 4 with one catapult, 8 with two (6.9); a carrier or base
lands 6 (6.12). Landing accidents (6.12.1-6.12.8): one D10 roll per group of AFs as they land; an
accident destroys one AF of that group, the rest of the group is down, and no more AFs land in that
AOS. Chances are exact fractions.
"""

from __future__ import annotations

import math
from fractions import Fraction

from toolkit.records import lazy_dataclass

__all__ = ["LaunchStep", "launch_schedule", "landing_outcomes", "recovery", "fewest_aos"]


@lazy_dataclass(frozen=True)
class LaunchStep:
    """One AOS of a launch: AFs launched (step 1), then raised from the hangar to the deck (step 2)."""

    aos: int
    launched: int
    raised: int
    spotted_after: int
    hangar_after: int


def launch_schedule(spotted: int, hangar: int, limit: int, raise_per_aos: int | None, first_aos: int = 1) -> tuple[LaunchStep, ...]:
    """The AOS, one per game-turn, in which ``spotted`` AFs on deck and ``hangar`` AFs below are launched.

    ``limit`` AFs launch in an AOS (FFTS 6.9); after launching, up to ``raise_per_aos`` AFs come up
    from the hangar (``None``: as many as wanted, which gives a lower bound), to launch from the next
    AOS on (6.5). The AFs are readied already.

    >>> [(s.aos, s.launched, s.raised) for s in launch_schedule(6, 10, 12, 4)]
    [(1, 6, 4), (2, 4, 4), (3, 4, 2), (4, 2, 0)]
    >>> [(s.aos, s.launched, s.raised) for s in launch_schedule(0, 16, 12, None, first_aos=5)]
    [(5, 0, 16), (6, 12, 0), (7, 4, 0)]
    """
    if limit < 1 or (raise_per_aos is not None and raise_per_aos < 1 and hangar):
        raise ValueError("a launch limit of 1 or more, and a way to raise aircraft from the hangar, are needed")
    steps, aos = [], first_aos
    while spotted or hangar:
        launched = min(limit, spotted)
        spotted -= launched
        raised = hangar if raise_per_aos is None else min(hangar, raise_per_aos)
        hangar -= raised
        spotted += raised
        steps.append(LaunchStep(aos, launched, raised, spotted, hangar))
        aos += 1
    return tuple(steps)


def landing_outcomes(afs: int, group: int, chance: Fraction, partial_rolls: bool) -> dict[tuple[int, int], Fraction]:
    """Chances of (AFs landed, AFs destroyed) when ``afs`` AFs try to land in one AOS (FFTS 6.12).

    One roll for each ``group`` AFs in landing order; ``partial_rolls``: whether a last group of fewer
    AFs rolls too (6.12.1 says "for every 3 AFs"). An accident destroys one AF of its group; the rest
    of that group is down and landings stop (6.12.8).

    >>> {k: str(v) for k, v in landing_outcomes(4, 3, Fraction(1, 10), True).items()}
    {(2, 1): '1/10', (3, 1): '9/100', (4, 0): '81/100'}
    """
    out: dict[tuple[int, int], Fraction] = {}
    landed, safe = 0, Fraction(1)
    while landed < afs:
        size = min(group, afs - landed)
        rolls = size == group or partial_rolls
        if rolls:
            out[(landed + size - 1, 1)] = out.get((landed + size - 1, 1), Fraction(0)) + safe * chance
            safe *= 1 - chance
        landed += size
    out[(afs, 0)] = out.get((afs, 0), Fraction(0)) + safe
    return dict(sorted(out.items()))


def recovery(afs: int, per_aos: int, group: int, chance: Fraction, partial_rolls: bool) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Chances that ``afs`` AFs are all down after exactly k AOS of landing, and of the AFs destroyed.

    Each AOS lands up to ``per_aos`` AFs (FFTS 6.12) under :func:`landing_outcomes`; every AOS lands
    or destroys at least one AF, so the recovery ends within ``afs`` AOS.

    Six AFs in normal conditions: an accident in the first group of 3 leaves 3 aloft for a second AOS
    (1/10); one in the second group only destroys an AF (9/100); otherwise all land (81/100).

    >>> done, lost = recovery(6, 6, 3, Fraction(1, 10), True)
    >>> {k: str(v) for k, v in done.items()}, {k: str(v) for k, v in lost.items()}
    ({1: '9/10', 2: '1/10'}, {0: '81/100', 1: '9/50', 2: '1/100'})
    """
    if afs < 1 or per_aos < 1 or group < 1:
        raise ValueError("AFs, the landing limit and the group size are 1 or more")
    # Exact, in whole numbers: after k AOS every chance is a numerator over scale**k (scale: the landing outcomes' common
    # denominator), so no step reduces a fraction; 150 AFs rolling one by one took 6 s with Fraction, a fraction of it so.
    tables = {n: landing_outcomes(n, group, chance, partial_rolls) for n in range(1, min(afs, per_aos) + 1)}
    scale = math.lcm(*(q.denominator for table in tables.values() for q in table.values()))
    outcomes = {n: [(landed, wrecked, q.numerator * (scale // q.denominator)) for (landed, wrecked), q in table.items()]
                for n, table in tables.items()}
    states = {(afs, 0): 1}  # (AFs still aloft, AFs destroyed so far) -> numerator of its chance over scale**k
    done: dict[int, Fraction] = {}
    lost: dict[int, Fraction] = {}
    k, denominator = 0, 1
    while states:
        k += 1
        denominator *= scale
        nxt: dict[tuple[int, int], int] = {}
        down: int | None = None
        wrecked_by: dict[int, int] = {}
        for (aloft, destroyed), p in states.items():
            for landed, wrecked, q in outcomes[min(aloft, per_aos)]:
                left = aloft - landed - wrecked
                key = (left, destroyed + wrecked)
                if left == 0:
                    down = (down or 0) + p * q
                    wrecked_by[key[1]] = wrecked_by.get(key[1], 0) + p * q
                else:
                    nxt[key] = nxt.get(key, 0) + p * q
        if down is not None:
            done[k] = Fraction(down, denominator)
        for count, weight in wrecked_by.items():
            lost[count] = lost.get(count, Fraction(0)) + Fraction(weight, denominator)
        states = nxt
    return done, dict(sorted(lost.items()))


def fewest_aos(afs: int, per_aos: int) -> int:
    """AOS needed with no accident: ``ceil(afs / per_aos)``."""
    return math.ceil(afs / per_aos)
