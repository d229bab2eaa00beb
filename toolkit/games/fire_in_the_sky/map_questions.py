"""Fire in the Sky's answers to ``chartroom map distance`` and ``map export``.

Places are named as on the map: bases and boxes by name, any hex by its id. Counted by sea, a
path avoids impassable hexsides and land, and takes the halves of a split hex apart (v1.1 8.2;
2nd 7.2). The map graph imports networkx (about 0.3 s): these run only for ``map``.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.mapgraph import map_graph
from toolkit.games.fire_in_the_sky.records import air_capacity, home_base, is_atoll, is_resource_hex, is_sea_hex, port_capacity, split_hexes
from toolkit.games.maps import Distance, MapExport
from toolkit.model import Game

__all__ = ["map_distance", "map_export", "export_map"]


def map_distance(game: Game, a: str, b: str, sea: bool = False) -> Distance:
    """Hexes between two places, boxes or hexes (by sea with ``sea``); a name that is none raises NoSuchPlace."""
    graph = map_graph(game.map)
    graph.hex_node(a), graph.hex_node(b)  # NoSuchPlace (an InputError) with a did-you-mean
    return Distance(a, b, graph.distance(a, b, sea=sea), "hex", "sea" if sea else "")


def map_export(game: Game) -> MapExport:
    """The resolved map (:func:`export_map`) and a summary: counts, then each place by hex."""
    data = export_map(game)
    lines = [f"{game.title} map, edition {game.edition.id}: {len(data['hexes'])} hexes, "
             f"{len(data['impassable_hexsides'])} impassable hexsides, {len(data['land_connections'])} land connections, "
             f"{len(data['boxes'])} boxes"]
    for h in data["hexes"]:
        if h["place"]:
            lines.append(f"{h['hex']}  {h['place']['name']} ({h['place']['kind']})")
    return MapExport(data, tuple(lines))


def export_map(game) -> dict:
    """The resolved map as plain data: deterministic, sorted."""
    graph = map_graph(game.map)
    m = game.map
    hexes = []
    for h in sorted(m.hexes):
        attrs = graph.grid.nodes[h]
        place = graph.places_by_hex.get(h)
        hexes.append({
            "hex": h, "column": attrs["column"], "row": attrs["row"], "cube": list(attrs["cube"]),
            "sea": h in graph.sea or h in graph.splits,
            "place": None if place is None else {
                "name": place.name, "kind": place.kind, "air": air_capacity(place), "port": port_capacity(place),
                "atoll": is_atoll(place), "vp": place.vp, "flag": place.flag, "home_base": home_base(place),
                "resource": is_resource_hex(place), "sea": is_sea_hex(place),
            },
        })
    pairs = lambda g: sorted(sorted((u, v)) for u, v in g.edges())  # noqa: E731
    return {
        "game": game.id, "edition": game.edition.id,
        "hexes": hexes,
        "adjacency": {"grid": pairs(graph.grid), "sea": pairs(graph.sea)},
        "impassable_hexsides": sorted(sorted(side) for side in m.impassable),
        "land_connections": sorted(
            ({"between": sorted([graph.hex_node(c.a), graph.hex_node(c.b)]), "places": sorted([c.a, c.b])}
             for c in m.land_connections), key=lambda r: r["between"]),
        "split_hexes": [{"hex": s.hex, "name": s.name,
                         "halves": [{"name": half, "node": f"{s.hex}/{half}", "neighbours": sorted(n)} for half, n in s.halves]}
                        for s in sorted(split_hexes(m), key=lambda s: s.hex)],
        "boxes": [{"name": b.name, "kind": b.kind, "nation": b.nation, "home_base": home_base(b),
                   "connects_to": b.connects_to, "entry_hexes": sorted(b.entry_hexes), "of": b.of}
                  for b in sorted(m.boxes.values(), key=lambda b: b.name)],
    }
