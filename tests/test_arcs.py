"""Plotting-sheet geometry (toolkit.graph.arcs): bearings and the hexes a sector covers.

Laws as property tests (rotation by 60°, monotone in range and in width, the origin rule,
complementary sectors), hand-checked cases, and golden pictures of a handful of sectors on both
orientations in tests/arcs/ (regenerate with CHARTROOM_REGENERATE=1 and read the diff).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.graph.arcs import Sector, bearing, covered, covers_cube, cube_bearing, hex_centre, rotate_cube, sector_cubes
from toolkit.model.hexes import HexGrid, hex_id

LAYOUTS = ("flat-top", "pointy-top")
GRIDS = [HexGrid("flat-top", "odd-q"), HexGrid("flat-top", "even-q"), HexGrid("pointy-top", "odd-r"), HexGrid("pointy-top", "even-r")]
GOLDEN = Path(__file__).parent / "arcs"

layouts = st.sampled_from(LAYOUTS)
starts = st.integers(min_value=0, max_value=359)
widths = st.integers(min_value=1, max_value=360)
ranges = st.integers(min_value=0, max_value=6)
norths = st.sampled_from([0, 30, 45, 90, 200])


def _distance(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


# --- laws ---------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(layouts, starts, widths, ranges, norths, st.integers(min_value=1, max_value=5))
def test_turning_the_sector_by_60_degrees_turns_what_it_covers(layout, start, width, range_, north, steps):
    before = sector_cubes(layout, start, width, range_, north)
    after = sector_cubes(layout, start + 60 * steps, width, range_, north)
    for d in before:
        assert {rotate_cube(q, r, steps) for q, r in before[d]} == set(after[d])


@settings(max_examples=60, deadline=None)
@given(layouts, starts, widths, ranges, st.integers(min_value=1, max_value=3))
def test_coverage_is_monotone_in_range(layout, start, width, range_, more):
    near = sector_cubes(layout, start, width, range_)
    far = sector_cubes(layout, start, width, range_ + more)
    assert all(near[d] == far[d] for d in near)


@settings(max_examples=60, deadline=None)
@given(layouts, starts, widths, widths, ranges)
def test_coverage_is_monotone_in_width(layout, start, w1, w2, range_):
    narrow, wide = sorted((w1, w2))
    a = sector_cubes(layout, start, narrow, range_)
    b = sector_cubes(layout, start, wide, range_)
    assert all(a[d] <= b[d] for d in a)
    # widened on both sides about the same centre
    c = sector_cubes(layout, start + (wide - narrow) / 2, narrow, range_)
    assert all(c[d] <= b[d] for d in c)


@settings(max_examples=60, deadline=None)
@given(layouts, starts, widths, ranges, norths)
def test_the_origin_rule(layout, start, width, range_, north):
    """Range 0 is the origin hex alone, always covered; every other hex lies at its ring's distance."""
    rings = sector_cubes(layout, start, width, range_, north)
    assert rings[0] == {(0, 0)}
    assert sorted(rings) == list(range(range_ + 1))
    assert all(_distance(q, r) == d for d, ring in rings.items() for q, r in ring)
    if range_ >= 1:
        assert rings[1], "every sector leaves the origin through at least one neighbour"


@settings(max_examples=60, deadline=None)
@given(layouts, starts, st.integers(min_value=1, max_value=359), ranges)
def test_a_sector_and_its_complement_cover_every_hex(layout, start, width, range_):
    one = sector_cubes(layout, start, width, range_)
    other = sector_cubes(layout, start + width, 360 - width, range_)
    assert all(len(one[d] | other[d]) == max(1, 6 * d) for d in one)


@settings(max_examples=40, deadline=None)
@given(layouts, starts, widths, st.integers(min_value=1, max_value=6))
def test_a_hex_whose_centre_is_inside_is_covered(layout, start, width, range_):
    rings = sector_cubes(layout, start, width, range_)
    for q, r in sector_cubes(layout, 0, 360, range_)[range_]:
        inside = (cube_bearing(layout, q, r) - start) % 360 <= width
        if inside:
            assert (q, r) in rings[range_]


@pytest.mark.parametrize("grid", GRIDS, ids=str)
def test_bearings_are_opposite_both_ways(grid):
    for a, b in [("0505", "0808"), ("0303", "0311"), ("0907", "0202"), ("0101", "0102")]:
        assert (bearing(grid, a, b) - bearing(grid, b, a)) % 360 == pytest.approx(180)


# --- hand-checked cases ------------------------------------------------------------------------

def test_bearings_on_a_flat_topped_sheet():
    g = HexGrid("flat-top", "odd-q")
    assert [bearing(g, "0505", h) for h in g.neighbours("0505")] == [0, 60, 120, 180, 240, 300]
    assert bearing(g, "0505", "0705") == 90  # two columns east, same row: straight east
    assert bearing(g, "0505", "0705", north=90) == 0  # north drawn to the right: east of the sheet is north
    assert hex_centre(g, "0101") == (0.0, 0.0)


def test_bearings_on_a_pointy_topped_sheet():
    g = HexGrid("pointy-top", "odd-r")
    assert sorted(bearing(g, "0505", h) for h in g.neighbours("0505")) == [30, 90, 150, 210, 270, 330]
    assert bearing(g, "0505", "0503") == 0  # two rows up, same column: straight north


def test_the_tie_rule_a_hexside_along_a_bounding_line_is_not_covered():
    # On a flat-topped grid the 90° line runs along the hexside between the NE and SE neighbours.
    assert not covers_cube("flat-top", 1, -1, 90, 60)   # NE neighbour: touches 90°..150° along a hexside
    assert covers_cube("flat-top", 1, 0, 90, 60)        # SE neighbour: inside
    assert covers_cube("flat-top", 2, -1, 90, 60)       # the hex due east, 2 away: the 90° line cuts it in two
    # A bounding line that cuts a hex covers it (FFTS 7.4.8: "if a search arc bisects a hex, the hex is searched").
    assert covers_cube("flat-top", 1, -2, 330, 60)      # the 30° line passes through its centre


def test_a_30_degree_sector_along_a_hexside_line():
    # 60°..90° on a flat-topped grid: the NE neighbour's centre is on the 60° line; nothing else at range 1.
    assert sector_cubes("flat-top", 60, 30, 1)[1] == {(1, -1)}


def test_covered_keeps_to_the_sheet():
    g = HexGrid("flat-top", "odd-q")
    sheet = {hex_id(c, r) for c in range(1, 5) for r in range(1, 5)}
    rings = covered(g, Sector.centred("0101", 135, 90, 3), hexes=sheet)
    assert all(h in sheet for ring in rings.values() for h in ring)
    assert rings[0] == {"0101"}


def test_sector_records():
    assert Sector.between("0505", 60, 240, 6).width == 180      # FFTS 7.4.7's "60-240": a semicircle
    assert Sector.between("0505", 300, 60, 6).width == 120      # through north
    assert Sector.between("0505", 0, 0, 2).width == 360
    assert Sector.centred("0505", 0, 60, 2).start == 330
    with pytest.raises(ValueError):
        Sector("0505", 0, 0, 2)
    with pytest.raises(ValueError):
        Sector("0505", 0, 30, -1)


# --- golden pictures ---------------------------------------------------------------------------

#: (file stem, grid, origin, first line, last line, range, north) on a 15 x 15 sheet.
CASES = [
    ("flat-odd-q-060-120-r6", HexGrid("flat-top", "odd-q"), "0808", 60, 120, 6, 0),
    ("flat-odd-q-330-030-r7", HexGrid("flat-top", "odd-q"), "0808", 330, 30, 7, 0),
    ("flat-even-q-060-240-r6", HexGrid("flat-top", "even-q"), "0808", 60, 240, 6, 0),
    ("flat-odd-q-000-060-r5-north30", HexGrid("flat-top", "odd-q"), "0808", 0, 60, 5, 30),
    ("pointy-odd-r-000-060-r6", HexGrid("pointy-top", "odd-r"), "0808", 0, 60, 6, 0),
    ("pointy-even-r-090-120-r8", HexGrid("pointy-top", "even-r"), "0808", 90, 120, 8, 0),
]
SIZE = 15


def picture(grid: HexGrid, rings: dict[int, frozenset[str]], origin: str) -> str:
    """The sheet as text: ``O`` the origin, ``#`` a covered hex, ``.`` any other.

    Flat-topped sheets take two text lines per row (the shoved-down columns on the second);
    pointy-topped sheets indent the shoved-right rows by one character.
    """
    marks = {h: "#" for ring in rings.values() for h in ring}
    marks[origin] = "O"
    lines = []
    if grid.layout == "flat-top":
        low = 1 if grid.offset == "odd-q" else 0  # 0-based parity of the columns drawn lower
        for row in range(1, SIZE + 1):
            for parity in (1 - low, low):
                cells = [marks.get(hex_id(c, row), ".") if (c - 1) % 2 == parity else " " for c in range(1, SIZE + 1)]
                lines.append(" ".join(cells).rstrip())
    else:
        shoved = 1 if grid.offset == "odd-r" else 0
        for row in range(1, SIZE + 1):
            indent = " " if (row - 1) % 2 == shoved else ""
            lines.append(indent + " ".join(marks.get(hex_id(c, row), ".") for c in range(1, SIZE + 1)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("stem, grid, origin, first, last, range_, north", CASES, ids=[c[0] for c in CASES])
def test_golden_sector_pictures(stem, grid, origin, first, last, range_, north):
    sheet = {hex_id(c, r) for c in range(1, SIZE + 1) for r in range(1, SIZE + 1)}
    rings = covered(grid, Sector.between(origin, first, last, range_), north=north, hexes=sheet)
    header = f"# {grid.layout} {grid.offset}, origin {origin}, lines {first}-{last} clockwise, range {range_}, north {north}\n"
    got = header + picture(grid, rings, origin)
    path = GOLDEN / f"{stem}.txt"
    if os.environ.get("CHARTROOM_REGENERATE"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")
