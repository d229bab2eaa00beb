"""Which task forces a side's searches could have sighted by a turn, and what a strike's ``target:`` names.

Pure functions over the game's sheet and a scenario's records (:mod:`.data`). A search flies out from
the turn after its launch (4.2) along its arc to its range and back, searching each turn the band
from the hexes it has reached back 2 hexes towards its start (7.5, 8.2; :mod:`.air`). It starts where
its carrier's task force is at its launch, or at its base's place (7.4.4). A task force is searched
where it is in that turn's Search Segment, after the Movement Segment (3.4.2, 3.4.4): its hex, moved
along the course the scenario plots for it (``moves:``, 10.1, 10.2); a task force with no ``moves:``
is read as staying in its hex all day. A sighting these positions do not show (a search before the
scenario starts, a search a scenario rule provides, 7.4.3) is recorded in the scenario's ``sightings:``.
"""

from __future__ import annotations

from toolkit.games.fire_from_the_skies.air import search_band, search_reach
from toolkit.games.fire_from_the_skies.data import Mission, ScenarioData, TaskForce
from toolkit.graph.arcs import Sector, covered
from toolkit.records import lazy_dataclass

__all__ = ["Target", "strike_target", "search_origin", "searched_hexes", "first_sighting"]

SPEED_ORDER = ("slow", "normal", "fast")


@lazy_dataclass(frozen=True)
class Target:
    """What a strike's ``target:`` names: a task force (``kind`` "task force", its id) or an air base (its place)."""

    kind: str
    name: str
    side: str | None  # None: a place of kind air-base the scenario's bases do not list (its side unknown)
    hex: str | None


def strike_target(game, data: ScenarioData, written: str) -> Target | None:
    """The task force ("Task Force A", "TF A", "A") or air base (its place, as the sheet prints it) a ``target:`` names; None when none.

    Names are compared without regard to case or repeated spaces; a task force is tried first.
    """
    key = " ".join(str(written).split()).casefold()
    for tf in data.task_forces:
        if key in (tf.id.casefold(), f"tf {tf.id}".casefold(), f"task force {tf.id}".casefold()):
            return Target("task force", tf.id, tf.side, tf.hex)
    for place, base in data.bases.items():
        if key == place.casefold():
            spot = game.map.places.get(place)
            return Target("base", place, base.side, spot.hex if spot is not None else None)
    for name, place in game.map.places.items():
        if key == name.casefold() and getattr(place, "kind", None) == "air-base":
            return Target("base", name, None, place.hex)
    return None


def search_origin(game, data: ScenarioData, mission: Mission) -> str | None:
    """The hex a search starts from: its carrier's task force's hex at the launch, or its base's place (7.4.4); None when unknown.

    A task force with aircraft away may not move (10.3), so the start stays where it launched.
    """
    for tf in data.task_forces:
        if mission.source in tf.ships:
            return tf.hex_at(mission.launch_turn)
    place = game.map.places.get(mission.source)
    return place.hex if place is not None else None


def _speed(data: ScenarioData, mission: Mission) -> str:
    """The slowest speed class of the search's aircraft (normal when none is known)."""
    speeds = [data.aircraft[a.type].rating("speed") for a in mission.aircraft if a.type in data.aircraft]
    known = [s for s in speeds if s in SPEED_ORDER]
    return min(known, key=SPEED_ORDER.index) if known else "normal"


def searched_hexes(game, data: ScenarioData, mission: Mission, depth: int = 2):
    """(turn, hexes) the search covers each turn it is out, from the turn after launch until it is home (7.5, 8.2)."""
    origin = search_origin(game, data, mission)
    if origin is None or mission.arc is None or mission.range is None:
        return
    rings = covered(game.map.grid, Sector.between(origin, mission.arc[0], mission.arc[1], mission.range), game.map.north, game.map.hexes)
    speed = _speed(data, mission)
    turn = mission.launch_turn + 1
    while (reach := search_reach(mission.launch_turn, mission.range, speed, turn)) is not None:
        yield turn, frozenset(h for d in search_band(reach, depth) for h in rings.get(d, ()))
        turn += 1


def first_sighting(game, data: ScenarioData, side: str, task_force: TaskForce, by_turn: int, depth: int = 2) -> tuple[str, int, str] | None:
    """The first (search id or sighting record, turn, hex) by which ``side`` could have sighted the task force on or before ``by_turn``.

    A search of ``side`` whose band covers the task force's hex in that turn (:meth:`TaskForce.hex_at`) while it is
    out, or a ``sightings:`` record of ``side`` for the task force; None when neither does by ``by_turn``.
    """
    found: list[tuple[int, str, str]] = []
    for record in data.sightings:
        if record.side == side and record.task_force == task_force.id and record.turn <= by_turn:
            found.append((record.turn, f"the sighting recorded at line {record.at.line}", task_force.hex_at(record.turn)))
    for mission in data.missions:
        if mission.kind != "search" or mission.side != side or mission.launch_turn >= by_turn:
            continue
        for turn, hexes in searched_hexes(game, data, mission, depth):
            if turn > by_turn:
                break
            if task_force.hex_at(turn) in hexes:
                found.append((turn, f"search {mission.id}", task_force.hex_at(turn)))
                break
    if not found:
        return None
    turn, by, hex_ = min(found)
    return by, turn, hex_
