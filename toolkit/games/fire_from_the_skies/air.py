"""Aircraft movement, endurance and search bands of Fire from the Skies, as pure functions of turn numbers.

Turn numbers are the game's integers. Rules: aircraft fly one hex a turn; slow ones not in a turn
divisible by 4; fast ones two hexes in a turn divisible by 6 (FFTS 7.5, 10.6). The launch turn does
not count against endurance, the landing turn does (4.2); combat costs one more turn to fighters,
dive and torpedo bombers (4.3); landing late crashes on a D6 (4.4). Searches fly out along their arc
to their range and back; each turn they search a band from the hexes they have reached back 2 hexes
towards their start, never beyond it (8.2).
"""

from __future__ import annotations

from fractions import Fraction

from toolkit.records import lazy_dataclass

__all__ = ["hexes_in_turn", "hexes_flown", "turns_to_fly", "last_normal_turn", "crash_chance", "search_reach", "search_band", "strike_home", "RadiusRow", "strike_radius"]


def hexes_in_turn(turn: int, speed: str, slow_every: int = 4, fast_every: int = 6) -> int:
    """Hexes an aircraft of ``speed`` (slow, normal, fast) flies in game-turn ``turn`` (FFTS 10.6, 7.5).

    >>> [hexes_in_turn(t, "slow") for t in (3, 4, 8)], hexes_in_turn(6, "fast"), hexes_in_turn(6, "normal")
    ([1, 0, 0], 2, 1)
    """
    if speed == "slow":
        return 0 if turn % slow_every == 0 else 1
    if speed == "fast":
        return 2 if turn % fast_every == 0 else 1
    return 1


def hexes_flown(first: int, last: int, speed: str) -> int:
    """Hexes flown in turns ``first`` to ``last`` inclusive (0 when ``last < first``).

    >>> hexes_flown(11, 24, "slow")     # a TBD launched on turn 10: no move on turns 12, 16, 20, 24
    10
    """
    return sum(hexes_in_turn(t, speed) for t in range(first, last + 1))


def turns_to_fly(start: int, hexes: int, speed: str) -> int:
    """The turn in which an aircraft flying from turn ``start`` on has covered ``hexes`` (``start - 1`` for 0)."""
    turn, flown = start - 1, 0
    while flown < hexes:
        turn += 1
        flown += hexes_in_turn(turn, speed)
    return turn


def last_normal_turn(launch: int, endurance: int, combat_turns: int = 0, role: str = "", combat_roles=("fighter", "dive-bomber", "torpedo-bomber")) -> int:
    """The last turn of normal endurance of an AF launched on ``launch`` (FFTS 4.2, 4.3, 4.6).

    >>> last_normal_turn(10, 13), last_normal_turn(10, 14), last_normal_turn(10, 14, 1, "torpedo-bomber")
    (23, 24, 23)
    """
    extra = combat_turns if role in combat_roles else 0
    return launch + endurance - extra


def crash_chance(landing_turn: int, last_turn: int) -> Fraction:
    """Chance an AF landing on ``landing_turn`` crashes for want of fuel (FFTS 4.4): 0, 1/3, 2/3, then 1.

    >>> [str(crash_chance(t, 23)) for t in (23, 24, 25, 26)]
    ['0', '1/3', '2/3', '1']
    """
    late = landing_turn - last_turn
    if late <= 0:
        return Fraction(0)
    return (Fraction(2, 6), Fraction(4, 6))[late - 1] if late < 3 else Fraction(1)


def search_reach(launch: int, range_: int, speed: str, turn: int) -> int | None:
    """How far (hexes from its start) a search launched on ``launch`` has reached in ``turn``, or None when not out.

    The search flies out from the turn after launch (the launch turn is not a turn of flight, 4.2) to
    ``range_``, then back; it is home (None) once it has flown back the whole way. The reach of a turn is
    the outer boundary of that turn's search area (8.2): the farthest hex from the start the searchers
    entered in the turn, or where they are if they did not move. The two differ only in a fast
    searcher's double move (7.5.3): one that turns at its range within the move has reached its range
    (7.4.7: a search fans out to its full range), and one coming home flies no hex behind its start.

    >>> [search_reach(2, 3, "normal", t) for t in range(2, 10)]
    [None, 1, 2, 3, 2, 1, 0, None]
    >>> [search_reach(10, 2, "slow", t) for t in range(11, 17)]   # no move on turns 12 and 16; home on 15
    [1, 1, 2, 1, 0, None]
    >>> [search_reach(3, 3, "fast", t) for t in range(4, 10)]     # turn 6 flies out to 3 and back to 2
    [1, 2, 3, 1, 0, None]
    """
    if turn <= launch or turn > turns_to_fly(launch + 1, 2 * range_, speed):
        return None
    before = min(hexes_flown(launch + 1, turn - 1, speed), 2 * range_)
    after = min(hexes_flown(launch + 1, turn, speed), 2 * range_)  # no hex beyond home (8.2: never behind the start)
    entered = range(before + 1, after + 1) or (after,)
    return max(flown if flown <= range_ else 2 * range_ - flown for flown in entered)


def search_band(reach: int, depth: int = 2) -> range:
    """Distances from the start searched when a search has reached ``reach`` hexes (FFTS 8.2): ``reach - depth`` to ``reach``, never below 0.

    >>> list(search_band(4)), list(search_band(1))
    ([2, 3, 4], [0, 1])
    """
    return range(max(0, reach - depth), reach + 1)


def strike_home(launch: int, hexes: int, speed: str) -> int:
    """The turn a strike launched on ``launch`` is home from a target ``hexes`` away (FFTS 3.4, 4.2, 10.6).

    It flies from the turn after launch, attacks in the Strike Segment of the turn it reaches the
    target, and flies home from the next turn: the Strike Segment follows the Movement Segment (3.4),
    so a fast double move (10.6.3) that reaches the target with its first hex does not fly its second.
    A search, which does not stop, turns within a move (``turns_to_fly(launch + 1, 2 * range, speed)``).

    >>> strike_home(5, 1, "fast"), turns_to_fly(6, 2, "fast")   # over the target on turn 6, home on 7
    (7, 6)
    >>> strike_home(10, 5, "slow")                               # FFTS 4.6's TBDs: over the target on 17, home on 23
    23
    """
    arrives = turns_to_fly(launch + 1, hexes, speed)
    return turns_to_fly(arrives + 1, hexes, speed)


@lazy_dataclass(frozen=True)
class RadiusRow:
    """A strike flying ``hexes`` out and back: the turn it reaches its target, the turn its last AFs land, and the crash chance then."""

    hexes: int
    arrives: int
    lands: int
    late: int
    crash: Fraction


def strike_radius(launch: int, last: int, speed: str, landing_aos: int = 1, late_limit: int = 3) -> tuple[int, tuple[RadiusRow, ...]]:
    """The strike radius in hexes, and one row per range until landing means a certain crash (FFTS 4.2-4.4, 10.6).

    The strike flies from the turn after ``launch`` (4.2), attacks in the turn it reaches its target
    (the Strike Segment follows the Movement Segment, 3.4) and flies straight back; its AFs land over
    ``landing_aos`` AOS (6.12: 6 AFs an AOS), the last ones ``landing_aos - 1`` turns after it is home.
    ``last`` is the last turn of normal endurance (combat already counted, 4.3). The radius is the
    farthest range at which every AF lands by ``last``; 0 when none does.

    >>> radius, rows = strike_radius(10, 23, "slow")   # FFTS 4.6's TBDs: endurance 14, one turn of combat
    >>> radius, [(r.hexes, r.arrives, r.lands, str(r.crash)) for r in rows][4:]
    (5, [(5, 17, 23, '0')])
    """
    rows, radius, hexes = [], 0, 0
    while True:
        hexes += 1
        lands = strike_home(launch, hexes, speed) + landing_aos - 1
        late = lands - last
        if late >= late_limit:
            break
        rows.append(RadiusRow(hexes, turns_to_fly(launch + 1, hexes, speed), lands, max(late, 0), crash_chance(lands, last)))
        if late <= 0:
            radius = hexes
    return radius, tuple(rows)
