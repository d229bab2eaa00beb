"""The plotting-sheet map kind: a map document with `sheet:` validates, builds and reads its geometry."""

from __future__ import annotations

from toolkit.graph import adjacency_graph
from toolkit.graph.arcs import Sector, bearing, covered
from toolkit.model.build_map import build_map
from toolkit.model.reading import Loaded, read_document

SHEET = """\
kind: map
game: some-game
sheet: {layout: %(layout)s, offset: %(offset)s, columns: 6, rows: 5%(north)s, reconstructed: "test fixture"}
places:
  - {name: Island, hex: "0302", kind: island, reconstructed: "test fixture"}
  - {name: Airfield, hex: "0302", kind: air-base, reconstructed: "test fixture: an island and its airfield share a hex"}
%(extra)s"""


def _load(tmp_path, layout="flat-top", offset="odd-q", north="", extra=""):
    path = tmp_path / "map.yaml"
    path.write_text(SHEET % {"layout": layout, "offset": offset, "north": north, "extra": extra}, encoding="utf-8")
    loaded = Loaded()
    doc = read_document(path, "map", loaded)
    game_map = build_map(doc, "only", loaded) if doc is not None else None
    return game_map, loaded


def test_a_sheet_builds_every_hex_and_its_places(tmp_path):
    game_map, loaded = _load(tmp_path)
    assert loaded.ok, loaded.findings
    assert game_map.kind == "plotting-sheet"
    assert len(game_map.hexes) == 30 and "0605" in game_map.hexes and "0706" not in game_map.hexes
    assert game_map.north == 0 and game_map.sheet.columns == 6 and game_map.sheet.rows == 5
    assert {p.name for p in game_map.places.values() if p.hex == "0302"} == {"Island", "Airfield"}
    assert game_map.places["Airfield"].kind == "air-base"
    # adjacency comes from the sheet's grid, as on a hex map
    assert set(adjacency_graph(game_map).neighbors("0303")) == set(game_map.grid.neighbours("0303"))


def test_north_and_orientation_are_read(tmp_path):
    game_map, loaded = _load(tmp_path, layout="pointy-top", offset="even-r", north=", north: 90")
    assert loaded.ok, loaded.findings
    assert game_map.grid.layout == "pointy-top" and game_map.grid.offset == "even-r"
    assert game_map.north == 90
    # north drawn to the right of the sheet: the hex to the right lies due north
    assert bearing(game_map.grid, "0303", "0403", game_map.north) == 0
    rings = covered(game_map.grid, Sector.centred("0303", 0, 60, 3), game_map.north, game_map.hexes)
    assert all(h in game_map.hexes for ring in rings.values() for h in ring)


def test_a_mismatched_offset_is_a_located_finding(tmp_path):
    _, loaded = _load(tmp_path, layout="flat-top", offset="odd-r")
    codes = [(f.code, f.location.line) for f in loaded.findings]
    assert ("MAP-GRID", 3) in codes


def test_a_place_off_the_sheet_is_a_finding(tmp_path):
    _, loaded = _load(tmp_path, extra='  - {name: Far Reef, hex: "0909", kind: landmark, reconstructed: "test fixture"}\n')
    assert [(f.code, f.location.line) for f in loaded.findings] == [("MAP-OUTSIDE", 7)]


def test_hex_grid_keys_are_unknown_on_a_sheet(tmp_path):
    _, loaded = _load(tmp_path, extra="playing_area: []\n")
    assert [f.code for f in loaded.findings] == ["SCHEMA-KEY"]
    assert loaded.findings[0].location.line == 7


def test_a_sheet_needs_no_places(tmp_path):
    path = tmp_path / "map.yaml"
    path.write_text('kind: map\ngame: g\nsheet: {layout: flat-top, offset: even-q, columns: 3, rows: 3, reconstructed: "fixture"}\n', encoding="utf-8")
    loaded = Loaded()
    doc = read_document(path, "map", loaded)
    assert loaded.ok, loaded.findings
    assert build_map(doc, "only", loaded).places == {}
