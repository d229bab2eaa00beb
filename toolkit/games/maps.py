"""The map questions every game answers: the distance between two places, and the map as plain data.

``chartroom map distance`` and ``map export`` ask the game's module (:meth:`BaseGame.map_distance`,
:meth:`BaseGame.map_export`); these are the answers for each map kind, which a module keeps or
refines (Fire in the Sky counts by sea and through its boxes):

- a **hex grid**: hexes between two hexes, on the grid's own geometry;
- **areas**: steps from area to area along the listed adjacency, and whether the two are adjacent;
- a **plotting sheet**: hexes between two hexes and the bearing from the first to the second,
  clockwise from the sheet's north.

A place is named as the map writes it (any case), or a hex by its id. A name that is none is an
:class:`~toolkit.errors.InputError` with a did-you-mean. Results are plain objects; the command
chooses how to print them.
"""

from __future__ import annotations

from toolkit.errors import InputError
from toolkit.graph.arcs import bearing
from toolkit.model import Game, Map
from toolkit.model.build import suggest
from toolkit.model.hexes import parse_hex_id
from toolkit.records import field, lazy_dataclass

__all__ = ["Distance", "MapExport", "distance", "export", "resolve", "UNITS"]

#: What a step is called on each map kind (singular, plural).
UNITS = {"hex-grid": ("hex", "hexes"), "plotting-sheet": ("hex", "hexes"), "areas": ("step", "steps")}


@lazy_dataclass(frozen=True)
class Distance:
    """How far ``b`` lies from ``a``: ``steps`` (None when no path joins them) in ``unit`` (``hex`` or ``step``).

    ``by`` names a restriction (``sea``); ``bearing`` is the plotting sheet's bearing from ``a`` to ``b``
    (degrees clockwise from north, None elsewhere or for one hex); ``adjacent`` says whether two areas
    are neighbours (None on hex maps); ``caveats`` say what the answer rests on that the rules leave open.
    """

    a: str
    b: str
    steps: int | None
    unit: str = "hex"
    by: str = ""
    bearing: float | None = None
    adjacent: bool | None = None
    caveats: tuple[str, ...] = ()

    def as_json(self) -> dict:
        data: dict = {"distance": self.steps}
        if self.bearing is not None:
            data["bearing"] = self.bearing
        if self.adjacent is not None:
            data["adjacent"] = self.adjacent
        if self.caveats:
            data["caveats"] = list(self.caveats)
        return data


@lazy_dataclass(frozen=True)
class MapExport:
    """The resolved map as plain data (deterministic, sorted) and a summary for a reader."""

    data: dict
    summary: tuple[str, ...] = field(default=())


def resolve(game_map: Map, name: str) -> str:
    """The node ``name`` stands for: an area or hex by its name or id, or a place by its name (any case)."""
    if name in game_map.hexes:
        return name
    key = " ".join(name.split()).casefold()
    for node in sorted(game_map.hexes):
        if node.casefold() == key:
            return node
    for place_name, place in sorted(game_map.places.items()):
        if place_name.casefold() == key and place.hex in game_map.hexes:
            return place.hex
    if game_map.kind != "areas":
        try:
            parse_hex_id(name)
        except ValueError:
            pass
        else:
            raise InputError(f"{name}: no such hex on the map")
    choices = sorted(game_map.places) + (sorted(game_map.hexes) if game_map.kind == "areas" else [])
    what = "area or place" if game_map.kind == "areas" else "place or hex id"
    raise InputError(f"{name!r}: no {what} of that name on the map{suggest(name, choices)}")


def _steps(game_map: Map, a: str, b: str) -> int | None:
    """Breadth-first steps between two nodes along the map's adjacency (no graph library needed)."""
    if a == b:
        return 0
    neighbours: dict[str, set[str]] = {}
    for x, y in game_map.adjacent_pairs():
        neighbours.setdefault(x, set()).add(y)
        neighbours.setdefault(y, set()).add(x)
    seen, frontier, steps = {a}, [a], 0
    while frontier:
        steps += 1
        ahead = []
        for node in frontier:
            for near in sorted(neighbours.get(node, ())):
                if near == b:
                    return steps
                if near not in seen:
                    seen.add(near)
                    ahead.append(near)
        frontier = ahead
    return None


def distance(game: Game, a: str, b: str) -> Distance:
    """The distance between two places of ``game``'s map, by its kind (see the module's docstring)."""
    m = game.map
    node_a, node_b = resolve(m, a), resolve(m, b)
    singular, _ = UNITS.get(m.kind, ("step", "steps"))
    if m.kind == "areas":
        steps = _steps(m, node_a, node_b)
        return Distance(a, b, steps, singular, adjacent=steps == 1)
    steps = m.grid.distance(node_a, node_b)  # every hex of a grid or sheet is on the map: the geometry's distance
    course = None
    if m.kind == "plotting-sheet" and node_a != node_b:
        course = round(bearing(m.grid, node_a, node_b, m.north), 1)
    return Distance(a, b, steps, singular, bearing=course)


def export(game: Game) -> MapExport:
    """Any game's map as plain data: its kind, nodes, adjacency and places (and its sheet's north and scale)."""
    m = game.map
    places = [{"name": name, "at": place.hex, "kind": place.kind} for name, place in sorted(m.places.items())]
    data = {"game": game.id, "edition": game.edition.id, "kind": m.kind, "nodes": sorted(m.hexes),
            "adjacency": [list(pair) for pair in m.adjacent_pairs()], "places": places}
    if m.kind == "areas":
        data["area_kinds"] = dict(m.area_kinds)
    else:
        data["grid"] = {"layout": m.grid.layout, "offset": m.grid.offset}
    if m.sheet is not None:
        data["sheet"] = {"columns": m.sheet.columns, "rows": m.sheet.rows, "north": m.sheet.north, "hex_nm": m.sheet.hex_nm}
    singular, plural = {"areas": ("area", "areas")}.get(m.kind, ("hex", "hexes"))
    count = len(data["nodes"])
    summary = [f"{game.title} map ({m.kind}), edition {game.edition.id}: {count} {singular if count == 1 else plural}, "
               f"{len(data['adjacency'])} adjacent pairs, {len(places)} place{'' if len(places) == 1 else 's'}"]
    summary += [f"{p['at']}  {p['name']}" if p["at"] != p["name"] else p["name"] for p in places]
    return MapExport(data, tuple(summary))
