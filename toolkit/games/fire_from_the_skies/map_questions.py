"""Fire from the Skies' answer to ``chartroom map distance``: hexes and bearing on a plotting sheet (FFTS 2.1).

A hex is given by its id (CCRR), a place the sheet names, or, with ``--scenario``, a task force of
the scenario ("TF 16", "Task Force 16", "16"), as ``chartroom calc fire-from-the-skies bearing``
takes them; the sheet is the scenario's own when it has one.
"""

from __future__ import annotations

from toolkit.errors import InputError
from toolkit.games import CalcInputError
from toolkit.games.fire_from_the_skies.data import read
from toolkit.games.maps import Distance
from toolkit.graph.arcs import bearing
from toolkit.model import Game, Scenario
from toolkit.model.hexes import parse_hex_id
from toolkit.model.reading import suggest

__all__ = ["map_distance", "sheet_hex"]


def sheet_hex(game, value: str, what: str, task_forces: dict | None = None) -> str:
    """A hex of the sheet given by its id (CCRR), a place the sheet names, or (with a scenario) a task force
    ("TF 16", "Task Force 16", "16"); names are not case-sensitive, and a name two things share is refused."""
    try:
        parse_hex_id(value)
    except ValueError:
        pass
    else:
        if game.map.hexes and value not in game.map.hexes:
            raise CalcInputError(f"{what} {value} is not on the plotting sheet")
        return value
    key = " ".join(value.split()).casefold()
    found = {f"place {name}": place.hex for name, place in game.map.places.items() if name.casefold() == key}
    for tf, hex_id in (task_forces or {}).items():
        if key in (str(tf).casefold(), f"tf {tf}".casefold(), f"task force {tf}".casefold()):
            found[f"task force {tf}"] = hex_id
    if len(found) > 1:
        raise CalcInputError(f"{what} {value!r} names both {' and '.join(found)}: give the hex id or \"TF {value}\"")
    if found:
        return next(iter(found.values()))
    choices = list(game.map.places) + [f"TF {tf}" for tf in task_forces or {}]
    raise CalcInputError(f"{what} {value!r} is no hex id (four digits CCRR){', place' if game.map.places else ''}"
                         f"{' or task force' if task_forces else ''} of the plotting sheet{suggest(value, choices)}")


def map_distance(game: Game, a: str, b: str, sea: bool = False, scenario: Scenario | None = None) -> Distance:
    """Hexes from ``a`` to ``b`` and the bearing, clockwise from the sheet's north (FFTS 2.1); task forces of ``scenario`` by name."""
    if sea:
        raise InputError("--sea: a plotting sheet is all sea; leave it out")
    task_forces = {tf.id: tf.hex for tf in read(scenario).task_forces} if scenario is not None else {}
    first, second = (sheet_hex(game, name, "map distance:", task_forces) for name in (a, b))
    course = round(bearing(game.map.grid, first, second, game.map.north), 1) if first != second else None
    return Distance(a, b, game.map.grid.distance(first, second), "hex", bearing=course)
