"""The hex map is drawn right for every layout a HexGrid accepts: flat-top odd-q / even-q, pointy-top odd-r / even-r.

Two kinds of test on a 3x3 grid with two terrains and one base: the drawing is the recorded one
(golden SVGs under tests/golden/hexgrids/, re-recorded with ``python tests/test_hex_layouts.py``
after a deliberate change), and its geometry agrees with the grid's adjacency: two hexes the grid
calls neighbours are drawn sharing a whole hexside (two corners), any other two share no corner.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

import pytest

from toolkit.model import Edition, Game, Map, Place, Scenario, Side
from toolkit.model.hexes import HexGrid, hex_id
from toolkit.model.mapstyle import MapStyle, PlaceMarks
from toolkit.render.svgmap import render_map_svg

GOLDEN = Path(__file__).resolve().parent / "golden" / "hexgrids"
LAYOUTS = [("flat-top", "odd-q"), ("flat-top", "even-q"), ("pointy-top", "odd-r"), ("pointy-top", "even-r")]
HEXES = [hex_id(c, r) for c in range(1, 4) for r in range(1, 4)]
POLYGON = re.compile(r'<polygon class="cr-hex[^"]*" points="([^"]+)" data-hex="(\d{4})"/>')


def small_game(layout: str, offset: str) -> Game:
    """A 3x3 map of the layout: forest down the middle column, a base in the centre hex."""
    terrain = {h: "forest" if h.startswith("02") else "clear" for h in HEXES}
    places = {"Keep": Place("Keep", "0202", "base", vp=1, flag="red", side="red")}
    m = Map(frozenset(HEXES), places, (), frozenset(), {}, None, "hex-grid", HexGrid(layout, offset), terrain=terrain)
    edition = Edition("first", "Small first", {}, {}, {})
    sides = (Side("red", "Red", ("redland",)), Side("blue", "Blue", ("blueland",)))
    return Game("small", "Small", Path("."), edition, m, {}, (), (), ("first",), sides=sides)


def drawing(layout: str, offset: str) -> str:
    return render_map_svg(small_game(layout, offset), title=f"{layout} {offset}")


def corners(svg: str) -> dict[str, list[tuple[float, float]]]:
    return {h: [tuple(map(float, p.split(","))) for p in points.split()] for points, h in POLYGON.findall(svg)}


def shared(a, b) -> int:
    """Corners of two drawn hexes that coincide (to the drawing's 0.1 precision)."""
    return sum(1 for p in a for q in b if math.dist(p, q) < 0.2)


@pytest.mark.parametrize("layout,offset", LAYOUTS)
def test_drawing_is_the_recorded_one(layout, offset):
    expected = (GOLDEN / f"{layout}-{offset}.svg").read_text(encoding="utf-8")
    assert drawing(layout, offset) == expected


@pytest.mark.parametrize("layout,offset", LAYOUTS)
def test_neighbours_are_drawn_touching_and_nothing_else_touches(layout, offset):
    grid = HexGrid(layout, offset)
    drawn = corners(drawing(layout, offset))
    assert sorted(drawn) == sorted(HEXES)
    for a in HEXES:
        for b in HEXES:
            if a < b:
                expected = 2 if b in grid.neighbours(a) else 0
                assert shared(drawn[a], drawn[b]) == expected, (layout, offset, a, b)


@pytest.mark.parametrize("layout,offset", LAYOUTS)
def test_corners_point_the_layouts_way(layout, offset):
    """A pointy-top hex has a corner straight above its centre; a flat-top hex a flat edge on top."""
    hexagon = corners(drawing(layout, offset))["0101"]
    cx = sum(x for x, _ in hexagon) / 6
    top = min(hexagon, key=lambda p: p[1])
    tops = [p for p in hexagon if abs(p[1] - top[1]) < 0.2]
    if layout == "pointy-top":
        assert len(tops) == 1 and abs(top[0] - cx) < 0.2
    else:
        assert len(tops) == 2


def test_terrain_and_sides_take_the_games_colours_or_the_palette():
    svg = drawing("pointy-top", "odd-r")
    assert 'class="cr-hex cr-land cr-terrain-forest"' in svg and 'class="cr-hex cr-terrain-clear"' in svg
    assert ".cr-ctl-red{fill:#c8102e}" in svg and ".cr-hex.cr-terrain-forest{fill:" in svg
    styled = render_map_svg(small_game("pointy-top", "odd-r"), style=MapStyle(terrain_colours={"forest": "#123456"}))
    assert ".cr-hex.cr-terrain-forest{fill:#123456}" in styled


def test_a_games_marks_come_from_its_style_not_the_core():
    """The core shows no capacities of its own; a game's style writes them in the base's square."""
    game = small_game("flat-top", "odd-q")
    plain = render_map_svg(game, Scenario("s", "S", "first", 1, frozenset(), (), (), {}, (), (), Path("s.yaml")))
    assert '<text class="cr-caps"' in plain and ">4-6<" not in plain.split("cr-legend-block")[0]
    marked = render_map_svg(game, style=MapStyle(place_marks=lambda p: PlaceMarks(caps="4-6", details=("Air 4",), ring=True)))
    assert ">4-6</text>" in marked and "Keep (0202): Air 4, Red" in marked and 'class="cr-home-ring"' in marked


def record() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for layout, offset in LAYOUTS:
        (GOLDEN / f"{layout}-{offset}.svg").write_text(drawing(layout, offset), encoding="utf-8")


if __name__ == "__main__":  # python tests/test_hex_layouts.py: re-record the golden drawings
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    record()
