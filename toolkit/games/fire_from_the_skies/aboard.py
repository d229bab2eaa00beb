"""The AFs on a carrier's or air base's air operations form, turn by turn, as its missions launch and land.

Pure functions over the scenario's records (:mod:`.data`). Each AF is a counter: on the air
operations form of its carrier or base (in the hangar, on deck spotted aft or forward, or at the
base), or on the air formation form while it flies a search, strike or CAP (FFTS 6.3.1-6.3.3). A
mission launched on or after the first turn takes its AFs from the form of the carrier or base it
launches from. They are away from the launch turn through the turn they land (the mission's
``land_turn``), or else through their last turn of normal endurance (4.5), and on the form again
from the next turn, on deck forward, where aircraft are spotted as they land (6.7). A mission aloft
at the start (launched before the first turn) brings its AFs to the form in the same way.

Of the AFs of a type on the form, a mission takes those that cost the fewest handling points to
bring to the take-off area (6.7.1-6.7.4): spotted aft first, then forward on deck (landed ones
too), then in the hangar. So the handling points counted from the result are a lower bound.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Iterable, Mapping

from toolkit.findings import Location
from toolkit.games.fire_from_the_skies.data import AirGroup, Mission
from toolkit.records import lazy_dataclass

__all__ = ["WHERE", "Away", "Draw", "draws", "aboard_after_landing", "landing_schedule", "entry_landings"]

# Where an AF waits on the form, cheapest to launch first; "landed" is on deck forward (6.7).
WHERE = ("deck-aft", "base", "unknown", "deck-forward", "landed", "hangar")


@lazy_dataclass(frozen=True)
class Away:
    """AFs of one type that another mission of the same carrier or base holds when a mission launches."""

    mission: Mission
    afs: int
    back: int  # the first turn they are on the form again


@lazy_dataclass(frozen=True)
class Draw:
    """The AFs of one type a mission takes from its carrier's or base's form when it launches."""

    mission: Mission
    type: str
    needed: int
    aboard: int  # AFs of the type on the form when it launches
    taken: Mapping[str, int]  # AFs taken, by where they waited (:data:`WHERE`)
    away: tuple[Away, ...]  # AFs of the type on other missions then
    at: Location  # the mission's first entry of the type

    @property
    def short(self) -> int:
        return max(0, self.needed - self.aboard)


def draws(group: AirGroup, missions: Iterable[Mission], start: int, back: Callable[[Mission], int],
          known: Callable[[str], bool] = lambda _: True) -> tuple[Draw, ...]:
    """Each launch from the group's carrier or base on or after turn ``start``, in launch order (then file order).

    ``missions`` are the missions of that carrier or base; ``back(m)`` is the first turn ``m``'s AFs
    are on the form again; ``known(type)`` says whether an aircraft type is defined (unknown types
    are skipped: the reference check reports them).

    >>> from toolkit.games.fire_from_the_skies.data import AFs
    >>> g = AirGroup("cv", "allied", (AFs("sbd", 4, "deck-aft", True, None, "none"), AFs("sbd", 2, "hangar", False, None, "none")))
    >>> m1 = Mission("s1", "allied", "strike", "cv", 10, (AFs("sbd", 5, None, False, None, "none"),), (), None, None, False, 12, None)
    >>> m2 = Mission("s2", "allied", "strike", "cv", 11, (AFs("sbd", 3, None, False, None, "none"),), (), None, None, False, None, None)
    >>> [(d.mission.id, d.needed, d.aboard, dict(d.taken), [(a.mission.id, a.afs) for a in d.away]) for d in draws(g, [m1, m2], 1, lambda m: 13)]
    [('s1', 5, 6, {'deck-aft': 4, 'hangar': 1}, []), ('s2', 3, 1, {'hangar': 1}, [('s1', 5)])]
    """
    form: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for afs in group.aircraft:
        form[afs.type][afs.state or "unknown"] += afs.afs
    order = sorted(enumerate(missions), key=lambda im: (im[1].launch_turn, im[0]))
    out: list[Away] = []  # missions launched so far, one record per type: (mission, type) -> Away
    out_type: list[str] = []
    returned: set[int] = set()
    # missions aloft at the start hold their AFs from the start on
    for _, m in order:
        if m.launch_turn < start:
            for type_, afs in _by_type(m, known).items():
                out.append(Away(m, afs, back(m)))
                out_type.append(type_)
    result = []
    for _, m in order:
        if m.launch_turn < start:
            continue
        turn = m.launch_turn
        for i, (away, type_) in enumerate(zip(out, out_type)):
            if i not in returned and away.back <= turn:
                form[type_]["landed"] += away.afs
                returned.add(i)
        for type_, needed in _by_type(m, known).items():
            on_form = form[type_]
            aboard = sum(on_form.values())
            taken: dict[str, int] = {}
            left = needed
            for where in WHERE:
                take = min(left, on_form.get(where, 0))
                if take:
                    taken[where] = take
                    on_form[where] -= take
                    left -= take
            holding = tuple(a for i, (a, t) in enumerate(zip(out, out_type)) if t == type_ and i not in returned)
            first = next(a.at for a in m.aircraft if a.type == type_)
            result.append(Draw(m, type_, needed, aboard, taken, holding, first))
            out.append(Away(m, needed - left, back(m)))
            out_type.append(type_)
    return tuple(result)


def aboard_after_landing(group: AirGroup, missions: Iterable[Mission], start: int, back: Callable[[Mission], int]) -> tuple[tuple[Mission, int], ...]:
    """Each mission aloft at the start that lands on the form (its ``land_turn`` set), with the AFs on the form once its last AFs are down.

    AFs of missions launched from ``start`` on count as away from their launch turn until ``back``.

    >>> from toolkit.games.fire_from_the_skies.data import AFs
    >>> g = AirGroup("cv", "allied", (AFs("f4f", 10, "hangar", False, None, "none"),))
    >>> cap = Mission("cap", "allied", "cap", "cv", 1, (AFs("f4f", 4, None, False, None, "none"),), (), None, None, False, 5, None)
    >>> strike = Mission("s", "allied", "strike", "cv", 3, (AFs("f4f", 2, None, False, None, "none"),), (), None, None, False, 8, None)
    >>> [(m.id, n) for m, n in aboard_after_landing(g, [cap, strike], 2, lambda m: m.land_turn + 1)]
    [('cap', 12)]
    """
    missions = list(missions)
    result = []
    for m in missions:
        if m.launch_turn >= start or m.land_turn is None:
            continue
        turn = back(m) - 1  # its last AFs down (6.12: 6 an AOS)
        count = group.total
        for other in missions:
            if other.launch_turn < start:
                if other.land_turn is not None and back(other) - 1 <= turn:
                    count += other.total
            elif other.launch_turn <= turn < back(other):
                count -= other.total
        result.append((m, count))
    return tuple(result)


def _by_type(mission: Mission, known: Callable[[str], bool]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for afs in mission.aircraft:
        if known(afs.type):
            totals[afs.type] = totals.get(afs.type, 0) + afs.afs
    return totals


def landing_schedule(missions: Iterable[Mission], limit: int) -> dict[str, tuple[tuple[int, int], ...]]:
    """(turn, AFs) that each mission with a ``land_turn`` lands, by mission id.

    A carrier or base lands at most ``limit`` AFs in an AOS (FFTS 6.12): a mission begins to land
    on its ``land_turn`` and the AFs beyond the limit wait for the next AOS, the missions landing on
    one carrier or base taken in the order they began, then in the order given. (An accident stops
    an AOS's landings, 6.12.8: a plan counts none.)

    >>> from toolkit.games.fire_from_the_skies.data import AFs
    >>> def m(id, afs, land): return Mission(id, "allied", "strike", "cv", 1, (AFs("sbd", afs, None, False, None, "none"),), (), None, None, False, land, 30)
    >>> landing_schedule([m("b", 5, 21), m("a", 8, 20), m("c", 2, None)], 6)
    {'a': ((20, 6), (21, 2)), 'b': ((21, 4), (22, 1))}
    """
    limit = max(1, int(limit))
    waiting: dict[str, list] = defaultdict(list)
    for index, mission in enumerate(missions):
        if mission.land_turn is not None:
            waiting[mission.source].append((mission.land_turn, index, mission))
    found: dict[str, list] = defaultdict(list)
    for queue in waiting.values():
        queue.sort(key=lambda item: item[:2])
        left = [m.total for _, _, m in queue]
        turn = queue[0][0]
        while any(left):
            room = limit
            for k, (first, _, mission) in enumerate(queue):
                if first <= turn and left[k] and room:
                    landed = min(room, left[k])
                    found[mission.id].append((turn, landed))
                    left[k] -= landed
                    room -= landed
            turn += 1
    return {key: tuple(value) for key, value in sorted(found.items(), key=lambda item: item[1][0])}


def entry_landings(missions: Iterable[Mission], limit: int, last_turn: Callable[[Mission, int], int | None]) -> dict[tuple[str, int], int]:
    """The turn the last AF of each aircraft entry lands, by (mission id, entry index), in the best order the owner may choose.

    As :func:`landing_schedule`, a carrier or base lands at most ``limit`` AFs in an AOS (FFTS 6.12) and a
    mission begins to land on its ``land_turn``; but which of the waiting AFs land first is the owning
    player's choice, and he lands those shortest of fuel first (4.4): in each AOS, of the AFs whose
    missions have begun to land, those with the earliest last turn of normal endurance (``last_turn(m, i)``,
    None when unknown: last), then in the missions' and entries' order. Landing the earliest-due first makes
    the latest any AF lands past its endurance as small as any order can (Jackson's rule, one AF a slot),
    so a crash this order cannot avoid no order avoids.

    >>> from toolkit.games.fire_from_the_skies.data import AFs
    >>> strike = Mission("s", "allied", "strike", "cv", 10, (AFs("sbd", 6, None, False, None, "none"), AFs("f4f", 6, None, False, None, "none")),
    ...                  (), None, None, False, 22, None)
    >>> entry_landings([strike], 6, lambda m, i: (30, 23)[i])   # the fighters, short of fuel, land in the first AOS
    {('s', 1): 22, ('s', 0): 23}
    """
    limit = max(1, int(limit))
    waiting: dict[str, list] = defaultdict(list)
    for order, mission in enumerate(missions):
        if mission.land_turn is None:
            continue
        for index, afs in enumerate(mission.aircraft):
            due = last_turn(mission, index)
            waiting[mission.source].append([mission.land_turn, float("inf") if due is None else due, order, index, mission, afs.afs])
    found: dict[tuple[str, int], int] = {}
    for queue in waiting.values():
        turn = min(item[0] for item in queue)
        while any(item[5] for item in queue):
            room = limit
            for item in sorted((i for i in queue if i[0] <= turn and i[5]), key=lambda i: (i[1], i[2], i[3])):
                landed = min(room, item[5])
                if not landed:
                    break
                item[5] -= landed
                room -= landed
                found[(item[4].id, item[3])] = turn
            turn += 1
    return found
