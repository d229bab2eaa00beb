"""The map of one edition, built from its validated map document: hex grid or areas."""

from __future__ import annotations

from toolkit.findings import Finding
from toolkit.load import Document
from toolkit.model import Box, LandConnection, Map, Place, SplitHex
from toolkit.model.hexes import HexGrid, hex_id
from toolkit.model.reading import Loaded, in_edition, suggest

__all__ = ["build_map"]


def build_map(doc: Document, edition: str, loaded: Loaded, side_of: dict | None = None) -> Map:
    side_of = side_of or {}
    data = doc.data
    grid_record = data.get("grid") or {}
    try:
        grid = HexGrid(grid_record.get("layout", "flat-top"), grid_record.get("offset", "odd-q"))
    except ValueError as problem:
        loaded.findings.append(Finding("error", "MAP-GRID", f"grid: {problem}", doc.locate(("grid", "offset"))))
        grid = HexGrid()
    neighbours = grid.neighbours
    is_areas = "areas" in data  # the schema tells the kinds apart the same way
    areas, area_kinds, adjacency = _areas(doc, edition, loaded) if is_areas else ([], {}, frozenset())
    hexes = set()
    for i, area in enumerate(data.get("playing_area") or []):
        if not in_edition(area, edition):
            continue
        first, last = area["rows"]
        for row in range(first, last + 1):
            hexes.add(hex_id(area["column"], row))
    places: dict[str, Place] = {}
    by_hex: dict[str, str] = {}
    for i, record in enumerate(data.get("places") or []):
        if not in_edition(record, edition):
            continue
        at = doc.locate(("places", i))
        place = Place(
            name=record["name"], hex=record["hex"], kind=record.get("kind", "base"),
            air=record.get("air", 0) or 0, port=record.get("port", 0) or 0, atoll=bool(record.get("atoll", False)),
            vp=record.get("vp", 0) or 0, flag=record.get("flag", "none") or "none", home_base=record.get("home_base"),
            resource=bool(record.get("resource", False)), sea=record.get("sea", True) is not False, at=at,
            side=side_of.get(record.get("flag")),
        )
        if place.name in places:
            loaded.findings.append(Finding("error", "MAP-DUPLICATE", f"place {place.name!r} is defined twice (first at line {places[place.name].at.line})", doc.locate(("places", i, "name"))))
        if is_areas and place.hex not in area_kinds:
            loaded.findings.append(Finding("error", "REF-PLACE", f"{place.name} lies in {place.hex!r}, which is no area of the map{suggest(place.hex, areas)}", doc.locate(("places", i, "hex"))))
        if place.hex in by_hex and not is_areas:  # an area holds any number of places
            loaded.findings.append(Finding("error", "MAP-DUPLICATE", f"hex {place.hex} already holds {by_hex[place.hex]!r}; one place per hex", doc.locate(("places", i, "hex"))))
        if hexes and place.hex not in hexes:
            loaded.findings.append(Finding("error", "MAP-OUTSIDE", f"{place.name} is at hex {place.hex}, which is not in the playing area", doc.locate(("places", i, "hex"))))
        places[place.name] = place
        by_hex[place.hex] = place.name
    connections = []
    for i, record in enumerate(data.get("land_connections") or []):
        if not in_edition(record, edition):
            continue
        a, b = record["between"]
        for j, name in enumerate((a, b)):
            if _resolve_hex(name, places, hexes) is None:
                loaded.findings.append(Finding("error", "REF-PLACE", f"land connection names {name!r}, which is no land hex on the map{suggest(name, places)}", doc.locate(("land_connections", i, "between", j))))
        connections.append(LandConnection(a, b, doc.locate(("land_connections", i))))
    impassable = set()
    for i, record in enumerate(data.get("impassable_hexsides") or []):
        if not in_edition(record, edition):
            continue
        pair = [_resolve_hex(x, places, hexes) or x for x in record["between"]]
        for j, h in enumerate(pair):
            if hexes and h not in hexes:
                loaded.findings.append(Finding("error", "MAP-OUTSIDE", f"impassable hexside names {record['between'][j]!r}, which is no hex in the playing area", doc.locate(("impassable_hexsides", i, "between", j))))
        if len(pair) == 2 and all(h in hexes for h in pair) and pair[1] not in neighbours(pair[0]):
            loaded.findings.append(Finding("error", "MAP-HEXSIDE", f"hexes {pair[0]} and {pair[1]} are not adjacent, so they share no hexside", doc.locate(("impassable_hexsides", i, "between"))))
        impassable.add(frozenset(pair))
    splits = []
    for i, record in enumerate(data.get("split_hexes") or []):
        if not in_edition(record, edition):
            continue
        halves = tuple((h["name"], tuple(h.get("neighbours", []))) for h in record.get("halves", []))
        if hexes and record["hex"] not in hexes:
            loaded.findings.append(Finding("error", "MAP-OUTSIDE", f"split hex {record['hex']} is not in the playing area", doc.locate(("split_hexes", i, "hex"))))
        else:
            for k, (_, reached) in enumerate(halves):
                for j, n in enumerate(reached):
                    if n not in neighbours(record["hex"]) or (hexes and n not in hexes):
                        loaded.findings.append(Finding("error", "MAP-HEXSIDE", f"{n} is not a hex next to the split hex {record['hex']} in the playing area", doc.locate(("split_hexes", i, "halves", k, "neighbours", j))))
        splits.append(SplitHex(record["hex"], record.get("name", record["hex"]), halves, doc.locate(("split_hexes", i))))
    boxes: dict[str, Box] = {}
    for i, record in enumerate(data.get("boxes") or []):
        if not in_edition(record, edition):
            continue
        entries = tuple(e["hex"] if isinstance(e, dict) else e for e in record.get("entry_hexes", []) if in_edition(e, edition))
        box = Box(record["name"], record.get("kind", "special"), record.get("nation"), record.get("home_base"),
                  record.get("connects_to"), entries, record.get("of"), doc.locate(("boxes", i)), side_of.get(record.get("nation")))
        for j, entry in enumerate(record.get("entry_hexes", [])):
            h = entry["hex"] if isinstance(entry, dict) else entry
            if hexes and h not in hexes:
                loaded.findings.append(Finding("error", "MAP-OUTSIDE", f"{box.name}: Entry Hex {h} is not in the playing area", doc.locate(("boxes", i, "entry_hexes", j))))
        if box.connects_to and box.connects_to not in places:
            loaded.findings.append(Finding("error", "REF-PLACE", f"{box.name} connects to {box.connects_to!r}, which is no base on the map{suggest(box.connects_to, places)}", doc.locate(("boxes", i, "connects_to"))))
        boxes[box.name] = box
    if is_areas:
        return Map(frozenset(areas), places, tuple(connections), frozenset(impassable), tuple(splits), boxes,
                   grid_record.get("hex_km", 0), "areas", grid, adjacency, area_kinds)
    return Map(frozenset(hexes), places, tuple(connections), frozenset(impassable), tuple(splits), boxes,
               grid_record.get("hex_km", 900), "hex-grid", grid)


def _areas(doc: Document, edition: str, loaded: Loaded) -> tuple[list[str], dict[str, str], frozenset]:
    """An area map: its areas (zones, boxes, tracks) in the listed order, the kind of each, and every adjacent pair, as listed."""
    areas: list[str] = []
    kinds: dict[str, str] = {}
    for i, record in enumerate(doc.data.get("areas") or []):
        if not in_edition(record, edition):
            continue
        if record["name"] in kinds:
            loaded.findings.append(Finding("error", "MAP-DUPLICATE", f"area {record['name']!r} is defined twice", doc.locate(("areas", i, "name"))))
            continue
        areas.append(record["name"])
        kinds[record["name"]] = record.get("kind", "zone")
    pairs = set()
    for i, record in enumerate(doc.data.get("adjacency") or []):
        if not in_edition(record, edition):
            continue
        for j, name in enumerate(record["between"]):
            if name not in areas:
                loaded.findings.append(Finding("error", "REF-PLACE", f"adjacency names {name!r}, which is no area of the map{suggest(name, areas)}",
                                               doc.locate(("adjacency", i, "between", j))))
        pairs.add(frozenset(record["between"]))
    return areas, kinds, frozenset(pairs)


def _resolve_hex(name: str, places: dict, hexes) -> str | None:
    if name in places:
        return places[name].hex
    if isinstance(name, str) and name in hexes:
        return name
    return None
