"""The map of one edition, built from its validated map document: hex grid, areas or plotting sheet."""

from __future__ import annotations

from toolkit.findings import Finding
from toolkit.load import Document
from toolkit.model import AreaPair, Box, LandConnection, Map, Place, Section, Sheet
from toolkit.model.hexes import HexGrid, hex_id, parse_hex_id
from toolkit.model.reading import Loaded, in_edition, suggest

__all__ = ["build_map", "CORE_KEYS"]

#: The keys the core reads, of a map and of its places and boxes; any other key is the game's own (its overlay's hooks).
CORE_KEYS = {
    "map": frozenset({"kind", "game", "grid", "playing_area", "hexes", "areas", "adjacency", "sheet", "places", "land_connections",
                      "impassable_hexsides", "boxes"}),
    "place": frozenset({"name", "hex", "kind", "vp", "flag", "editions", "source", "reconstructed", "notes"}),
    "box": frozenset({"name", "kind", "nation", "connects_to", "entry_hexes", "of", "editions", "source", "reconstructed"}),
}


def build_map(doc: Document, edition: str, loaded: Loaded, side_of: dict | None = None) -> Map:
    """The map of ``edition``: a hex grid (its ``grid:`` geometry read), areas with listed adjacency, or a plotting sheet (``sheet:``)."""
    return _MapBuilder(doc, edition, loaded, side_of or {}).build()


def _error(code: str, message: str, at) -> Finding:
    return Finding("error", code, message, at)


class _MapBuilder:
    """One map document read part by part; each part reports its problems at their lines."""

    def __init__(self, doc: Document, edition: str, loaded: Loaded, side_of: dict):
        self.doc, self.edition, self.loaded, self.side_of = doc, edition, loaded, side_of
        self.data = doc.data
        self.is_areas = "areas" in self.data  # the schema tells the kinds apart the same way
        self.is_sheet = not self.is_areas and "sheet" in self.data
        self.grid_record = (self.data.get("sheet") if self.is_sheet else self.data.get("grid")) or {}
        self.hexes: set[str] = set()
        self.places: dict[str, Place] = {}

    def records(self, key: str):
        """(index, record) of the records of ``key`` that hold in this edition."""
        return [(i, r) for i, r in enumerate(self.data.get(key) or []) if in_edition(r, self.edition)]

    def report(self, code: str, message: str, path: tuple) -> None:
        self.loaded.findings.append(_error(code, message, self.doc.locate(path)))

    def build(self) -> Map:
        try:
            self.grid = HexGrid(self.grid_record.get("layout", "flat-top"), self.grid_record.get("offset", "odd-q"))
        except ValueError as problem:
            self.report("MAP-GRID", f"{'sheet' if self.is_sheet else 'grid'}: {problem}", ("sheet" if self.is_sheet else "grid", "offset"))
            self.grid = HexGrid()
        areas, area_kinds, pair_records = _areas(self.doc, self.edition, self.loaded) if self.is_areas else ([], {}, {})
        positions = _positions(self.doc, self.edition, self.loaded) if self.is_areas else {}
        adjacency = frozenset(key for key, pair in pair_records.items() if pair.adjacent)
        if self.is_sheet:
            self.hexes.update(hex_id(c, r) for c in range(1, self.grid_record["columns"] + 1) for r in range(1, self.grid_record["rows"] + 1))
        for i, run in self.records("playing_area"):
            first, last = run["rows"]
            self._within_grid(run["column"], last, ("playing_area", i))
            self.hexes.update(hex_id(run["column"], row) for row in range(first, last + 1))
        terrain = self._hexes()
        self._places(areas, area_kinds)
        parts = (tuple(self._land_connections()), frozenset(self._impassable_hexsides()), self._boxes())
        own = {"sections": self._sections(), "edition": self.edition}
        if self.is_sheet:
            record = self.grid_record
            sheet = Sheet(record["columns"], record["rows"], float(record.get("north", 0)), record.get("hex_nm"), self.doc.locate(("sheet",)))
            return Map(frozenset(self.hexes), self.places, *parts, None, "plotting-sheet", self.grid, sheet=sheet, **own)
        if self.is_areas:
            return Map(frozenset(areas), self.places, *parts, None, "areas", self.grid, adjacency, area_kinds, pair_records, positions, **own)
        return Map(frozenset(self.hexes), self.places, *parts, self.grid_record.get("hex_km"), "hex-grid", self.grid, terrain=terrain, **own)

    def _hexes(self) -> dict[str, str]:
        """The hexes listed one by one (``hexes:``) join the playing area; the terrain of each that gives one."""
        terrain: dict[str, str] = {}
        seen: dict[str, int] = {}
        for i, record in self.records("hexes"):
            h = record["hex"]
            if h in seen:
                self.report("MAP-DUPLICATE", f"hex {h} is listed twice (first at line {self.doc.locate(('hexes', seen[h])).line})", ("hexes", i, "hex"))
                continue
            seen[h] = i
            self._within_grid(*parse_hex_id(h), ("hexes", i, "hex"))
            self.hexes.add(h)
            if "terrain" in record:
                terrain[h] = record["terrain"]
        return terrain

    def _within_grid(self, column: int, row: int, path: tuple) -> None:
        """A hex beyond the grid's ``columns`` and ``rows`` is no hex of the map (MAP-OUTSIDE)."""
        columns, rows = self.grid_record.get("columns"), self.grid_record.get("rows")
        if not self.is_sheet and columns and rows and (column > columns or row > rows):
            self.report("MAP-OUTSIDE", f"hex {hex_id(column, row)} lies beyond the grid of {columns} columns and {rows} rows", path)

    def _sections(self) -> dict[str, Section]:
        """The map's keys the core does not read: the game's own (its overlay's ``sections``)."""
        return {key: Section(key, value, self.doc) for key, value in self.data.items() if key not in CORE_KEYS["map"]}

    def _places(self, areas: list[str], area_kinds: dict) -> None:
        by_hex: dict[str, str] = {}
        for i, record in self.records("places"):
            place = Place(
                name=record["name"], hex=record["hex"], kind=record.get("kind", "base"),
                vp=record.get("vp", 0) or 0, flag=record.get("flag", "none") or "none", at=self.doc.locate(("places", i)),
                side=self.side_of.get(record.get("flag")), extra=_own(record, "place"),
            )
            if place.name in self.places:
                self.report("MAP-DUPLICATE", f"place {place.name!r} is defined twice (first at line {self.places[place.name].at.line})",
                            ("places", i, "name"))
            if self.is_areas and place.hex not in area_kinds:
                self.report("REF-PLACE", f"{place.name} lies in {place.hex!r}, which is no area of the map{suggest(place.hex, areas)}",
                            ("places", i, "hex"))
            if place.hex in by_hex and not (self.is_areas or self.is_sheet):  # an area or a sheet's hex holds any number of places
                self.report("MAP-DUPLICATE", f"hex {place.hex} already holds {by_hex[place.hex]!r}; one place per hex", ("places", i, "hex"))
            if self.hexes and place.hex not in self.hexes:
                self.report("MAP-OUTSIDE", f"{place.name} is at hex {place.hex}, which is not in the playing area", ("places", i, "hex"))
            self.places[place.name] = place
            by_hex[place.hex] = place.name

    def _land_connections(self):
        for i, record in self.records("land_connections"):
            a, b = record["between"]
            for j, name in enumerate((a, b)):
                if _resolve_hex(name, self.places, self.hexes) is None:
                    self.report("REF-PLACE", f"land connection names {name!r}, which is no land hex on the map{suggest(name, self.places)}",
                                ("land_connections", i, "between", j))
            yield LandConnection(a, b, self.doc.locate(("land_connections", i)))

    def _impassable_hexsides(self):
        hexes = self.hexes
        for i, record in self.records("impassable_hexsides"):
            pair = [_resolve_hex(x, self.places, hexes) or x for x in record["between"]]
            for j, h in enumerate(pair):
                if hexes and h not in hexes:
                    self.report("MAP-OUTSIDE", f"impassable hexside names {record['between'][j]!r}, which is no hex in the playing area",
                                ("impassable_hexsides", i, "between", j))
            if len(pair) == 2 and all(h in hexes for h in pair) and pair[1] not in self.grid.neighbours(pair[0]):
                self.report("MAP-HEXSIDE", f"hexes {pair[0]} and {pair[1]} are not adjacent, so they share no hexside",
                            ("impassable_hexsides", i, "between"))
            yield frozenset(pair)

    def _boxes(self) -> dict[str, Box]:
        boxes: dict[str, Box] = {}
        for i, record in self.records("boxes"):
            entries = tuple(e["hex"] if isinstance(e, dict) else e for e in record.get("entry_hexes", []) if in_edition(e, self.edition))
            box = Box(record["name"], record.get("kind", "special"), record.get("nation"), record.get("connects_to"), entries,
                      record.get("of"), self.doc.locate(("boxes", i)), self.side_of.get(record.get("nation")), _own(record, "box"))
            for j, entry in enumerate(record.get("entry_hexes", [])):
                h = entry["hex"] if isinstance(entry, dict) else entry
                if self.hexes and h not in self.hexes:
                    self.report("MAP-OUTSIDE", f"{box.name}: Entry Hex {h} is not in the playing area", ("boxes", i, "entry_hexes", j))
            if box.connects_to and box.connects_to not in self.places:
                self.report("REF-PLACE", f"{box.name} connects to {box.connects_to!r}, which is no base on the map{suggest(box.connects_to, self.places)}",
                            ("boxes", i, "connects_to"))
            boxes[box.name] = box
        return boxes


def _areas(doc: Document, edition: str, loaded: Loaded) -> tuple[list[str], dict[str, str], dict]:
    """An area map: its areas (zones, boxes, tracks) in the listed order, the kind of each, and every listed pair (adjacent or not)."""
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
    pairs: dict[frozenset, AreaPair] = {}
    for i, record in enumerate(doc.data.get("adjacency") or []):
        if not in_edition(record, edition):
            continue
        for j, name in enumerate(record["between"]):
            if name not in areas:
                loaded.findings.append(Finding("error", "REF-PLACE", f"adjacency names {name!r}, which is no area of the map{suggest(name, areas)}",
                                               doc.locate(("adjacency", i, "between", j))))
        key = frozenset(record["between"])
        if key in pairs:
            a, b = record["between"]
            loaded.findings.append(Finding("error", "MAP-DUPLICATE", f"the pair {a} / {b} is listed twice (first at {pairs[key].at})",
                                           doc.locate(("adjacency", i))))
            continue
        a, b = record["between"]
        pairs[key] = AreaPair(a, b, record.get("adjacent", True), record.get("open", False), doc.locate(("adjacency", i)),
                              record.get("reconstructed") or record.get("source") or "")
    return areas, kinds, pairs


def _positions(doc: Document, edition: str, loaded: Loaded) -> dict[str, tuple[int, int]]:
    """Where the aids draw each area ([column, row]); every area has one or none does (MAP-POSITION)."""
    records = [(i, r) for i, r in enumerate(doc.data.get("areas") or []) if in_edition(r, edition)]
    placed = [(i, r) for i, r in records if "position" in r]
    if not placed:
        return {}
    if len(placed) < len(records):
        i, r = next((i, r) for i, r in records if "position" not in r)
        loaded.findings.append(Finding("error", "MAP-POSITION", f"area {r['name']!r} has no position, though other areas have one: "
                                       "give every area a [column, row] or none", doc.locate(("areas", i))))
        return {}
    taken: dict[tuple[int, int], str] = {}
    positions = {}
    for i, r in placed:
        cell = tuple(r["position"])
        if cell in taken:
            loaded.findings.append(Finding("error", "MAP-POSITION", f"area {r['name']!r} is drawn at {list(cell)}, where {taken[cell]!r} already is",
                                           doc.locate(("areas", i, "position"))))
            continue
        taken[cell] = r["name"]
        positions[r["name"]] = cell
    return positions


def _own(record: dict, kind: str) -> dict:
    """The fields of a place or box record the core does not read: the game's own (its overlay's hooks)."""
    return {key: value for key, value in record.items() if key not in CORE_KEYS[kind]}


def _resolve_hex(name: str, places: dict, hexes) -> str | None:
    if name in places:
        return places[name].hex
    if isinstance(name, str) and name in hexes:
        return name
    return None
