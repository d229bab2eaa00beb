"""Shadowing (FFTS 8.3): how long a search that has spotted a task force may stay with it, as pure functions of turns.

A search that spots a task force may keep searching it from the spotting turn until the turn its
aircraft must start back to reach their base or carrier by their last turn of normal endurance (8.3);
they fly home at their speed (10.6), the landing turn counting against endurance (4.2), and land late
at the risk of 4.4 (8.3.3). One search AF shadows up to 3 task forces (8.3.1).
"""

from __future__ import annotations

import math

from toolkit.games.fire_from_the_skies.air import crash_chance, hexes_flown, turns_to_fly
from toolkit.records import lazy_dataclass

__all__ = ["READINGS", "Shadow", "LateStart", "shadow", "afs_to_shadow", "reached_by"]

#: The turn the searchers start back, in the two readings of 8.3's "until": flying home (not a turn of
#: shadowing; the default) or still shadowing.
READINGS = ("flying-home", "shadowing")


@lazy_dataclass(frozen=True)
class LateStart:
    """Starting back ``start`` (later than allowed): home on ``home``, ``late`` turns past endurance, each AF crashing with ``crash`` (4.4)."""

    start: int
    home: int
    late: int
    crash: object


@lazy_dataclass(frozen=True)
class Shadow:
    """The answer of :func:`shadow`: the latest turn to start back, when they are home, the turns shadowed, and the later starts' risk."""

    start_back: int
    home: int
    turns: tuple[int, ...]
    later: tuple[LateStart, ...]


def shadow(spotted: int, last: int, hexes: int, speed: str, reading: str = "flying-home", late_limit: int = 3) -> Shadow:
    """Shadowing of a task force spotted in turn ``spotted``, ``hexes`` from the searchers' base or carrier (FFTS 8.3).

    The searchers are over it in the spotting turn; they start back in a later turn (flying their first
    hex home in its Movement Segment, 3.4.2), and ``start_back`` is the latest such turn that has them
    home by ``last``, their last turn of normal endurance (4.2: the landing turn counts), at ``speed``
    (10.6). Shadowing lasts from ``spotted`` to the turn before ``start_back`` (reading ``flying-home``)
    or to ``start_back`` itself (reading ``shadowing``). ``later`` are the starts after it, each landing
    later (4.4, 8.3.3) until landing is a certain crash.

    >>> s = shadow(5, 14, 3, "normal")              # launched on 2, endurance 12: home by 14 from 3 hexes
    >>> s.start_back, s.home, s.turns, [(x.start, x.home, str(x.crash)) for x in s.later]
    (12, 14, (5, 6, 7, 8, 9, 10, 11), [(13, 15, '1/3'), (14, 16, '2/3')])
    >>> shadow(5, 14, 3, "normal", "shadowing").turns[-1]
    12
    >>> shadow(10, 23, 5, "slow").start_back        # slow: no hex on turns 12, 16, 20 (home by 23 from 18: 18, 19, 21, 22, 23)
    18
    """
    start = spotted + 1
    if turns_to_fly(start, hexes, speed) > last:
        start_back = spotted  # even the first turn after spotting lands late: no turn to stay
    else:
        start_back = start
        while turns_to_fly(start_back + 1, hexes, speed) <= last:
            start_back += 1
    stays = start_back - 1 if reading == "flying-home" else start_back
    turns = tuple(range(spotted, stays + 1)) if start_back > spotted else ()
    later = []
    for begin in range(max(start_back + 1, start), max(start_back + 1, start) + late_limit + 2):
        home = turns_to_fly(begin, hexes, speed)
        if home - last >= late_limit:
            break
        later.append(LateStart(begin, home, home - last, crash_chance(home, last)))
    return Shadow(start_back, turns_to_fly(max(start_back, start), hexes, speed), turns, tuple(later))


def afs_to_shadow(task_forces: int, per_af: int = 3) -> int:
    """Search AFs needed to shadow ``task_forces`` (FFTS 8.3.1: one AF shadows up to 3).

    >>> afs_to_shadow(1), afs_to_shadow(3), afs_to_shadow(4)
    (1, 1, 2)
    """
    return math.ceil(task_forces / per_af)


def reached_by(launch: int, spotted: int, speed: str) -> int:
    """Hexes a search launched on ``launch`` has flown out by turn ``spotted`` (it flies from the turn after launch, 4.2, 7.5).

    >>> reached_by(2, 5, "normal"), reached_by(10, 13, "slow")
    (3, 2)
    """
    return hexes_flown(launch + 1, spotted, speed)
