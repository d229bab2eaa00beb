"""Tests for toolkit.model.hexes: ids, cube coordinates, neighbours, distance."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolkit.model.hexes import (  # noqa: E402
    DIRECTIONS,
    HexGrid,
    are_adjacent,
    distance,
    from_cube,
    hex_id,
    hexside,
    neighbours,
    parse_hex_id,
    to_cube,
)

# Hex ids away from the 01 edges, so every hex has all six neighbours.
inner = st.builds(hex_id, st.integers(2, 60), st.integers(2, 60))
anywhere = st.builds(hex_id, st.integers(1, 99), st.integers(1, 99))


# --- ids -------------------------------------------------------------------

def test_parse_and_build_ids():
    assert parse_hex_id("1207") == (12, 7)
    assert parse_hex_id("0101") == (1, 1)
    assert parse_hex_id("9999") == (99, 99)
    assert hex_id(3, 11) == "0311"
    assert hex_id(12, 7) == "1207"


@pytest.mark.parametrize("bad", ["", "101", "01011", "ab01", "0100", "0001", "0000", " 101", "01-1", 101, None, "１２０７"])
def test_parse_rejects_bad_ids(bad):
    with pytest.raises(ValueError):
        parse_hex_id(bad)


@pytest.mark.parametrize("col,row", [(0, 1), (1, 0), (100, 1), (1, 100), (-1, 5), (True, 1), (1.0, 2)])
def test_hex_id_rejects_out_of_range(col, row):
    with pytest.raises(ValueError):
        hex_id(col, row)


# --- cube coordinates ------------------------------------------------------

def test_cube_hand_checked():
    assert to_cube("0101") == (0, 0, 0)
    assert to_cube("0201") == (1, 0, -1)   # even column sits half a hex lower
    assert to_cube("0301") == (2, -1, -1)
    assert to_cube("0102") == (0, 1, -1)
    assert to_cube("0302") == (2, 0, -2)


def test_from_cube_rejects_bad_input():
    with pytest.raises(ValueError):
        from_cube(1, 1, 1)          # does not sum to zero
    with pytest.raises(ValueError):
        from_cube(-1, 0, 1)         # column 0
    with pytest.raises(ValueError):
        from_cube(0, -1, 1)         # row 0


@given(anywhere)
def test_id_cube_round_trip(h):
    q, r, s = to_cube(h)
    assert q + r + s == 0
    assert from_cube(q, r, s) == h


@given(st.integers(1, 99), st.integers(1, 99))
def test_col_row_round_trip(col, row):
    assert parse_hex_id(hex_id(col, row)) == (col, row)


# --- neighbours ------------------------------------------------------------

def test_neighbours_odd_column():
    # Odd column: its NE/NW neighbours are one row up in the even columns.
    assert neighbours("0303") == ["0302", "0402", "0403", "0304", "0203", "0202"]


def test_neighbours_even_column():
    # Even column (half a hex lower): its SE/SW neighbours are one row down.
    assert neighbours("0404") == ["0403", "0504", "0505", "0405", "0305", "0304"]


def test_neighbours_at_edges_are_omitted():
    assert neighbours("0101") == ["0201", "0102"]
    assert neighbours("0201") == ["0301", "0302", "0202", "0102", "0101"]
    assert neighbours("0105") == ["0104", "0204", "0205", "0106"]


def test_neighbours_fixed_direction_order():
    h = "1207"
    q, r, s = to_cube(h)
    expected = [from_cube(q + dq, r + dr, s + ds) for dq, dr, ds in DIRECTIONS]
    assert neighbours(h) == expected


@given(inner)
def test_six_distinct_neighbours_each_at_distance_one(h):
    ns = neighbours(h)
    assert len(ns) == 6 == len(set(ns))
    assert all(distance(h, n) == 1 for n in ns)
    assert all(are_adjacent(h, n) and are_adjacent(n, h) for n in ns)


@given(anywhere)
def test_neighbourhood_is_symmetric(h):
    for n in neighbours(h):
        assert h in neighbours(n)


# --- distance --------------------------------------------------------------

@pytest.mark.parametrize(
    "a,b,d",
    [
        ("0101", "0101", 0),
        ("0101", "0201", 1),
        ("0101", "0102", 1),
        ("0303", "0402", 1),
        ("0303", "0404", 2),
        ("0101", "0104", 3),
        ("0101", "0501", 4),
        ("0101", "0503", 4),   # four columns east give two rows of drift for free
        ("0101", "0504", 5),
        ("0805", "1203", 4),
        ("1203", "0807", 6),
    ],
)
def test_distance_hand_checked(a, b, d):
    assert distance(a, b) == d
    assert distance(b, a) == d


@given(anywhere, anywhere)
def test_distance_symmetric_and_zero_only_on_self(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(anywhere, anywhere, anywhere)
def test_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(inner, inner)
def test_distance_is_shortest_step_count(a, b):
    # Greedy walk: some neighbour is always one step closer.
    steps, here = 0, a
    while here != b:
        here = min(neighbours(here), key=lambda n: distance(n, b))
        steps += 1
        assert steps <= 200
    assert steps == distance(a, b)


# --- hexsides --------------------------------------------------------------

def test_hexside_is_unordered_pair():
    assert hexside("0303", "0402") == frozenset({"0303", "0402"})
    assert hexside("0402", "0303") == hexside("0303", "0402")


@pytest.mark.parametrize("a,b", [("0303", "0303"), ("0303", "0404"), ("0101", "0301")])
def test_hexside_rejects_non_adjacent(a, b):
    with pytest.raises(ValueError):
        hexside(a, b)
    assert not are_adjacent(a, b)


def test_hexside_rejects_bad_id():
    with pytest.raises(ValueError):
        hexside("0303", "x")


# --- the grid record is read: layout and offset ------------------------------------------

def _map_with_grid(tmp_path, layout: str, offset: str) -> Path:
    import shutil

    root = Path(__file__).resolve().parents[1]
    game = tmp_path / "fire-in-the-sky"
    shutil.copytree(root / "scenarios" / "fire-in-the-sky", game)
    text = (game / "map.yaml").read_text(encoding="utf-8")
    text = text.replace("  layout: flat-top\n  offset: odd-q\n", f"  layout: {layout}\n  offset: {offset}\n", 1)
    (game / "map.yaml").write_text(text, encoding="utf-8")
    return game


def test_an_offset_that_does_not_fit_the_layout_is_a_located_finding(tmp_path, capsys):
    from toolkit.cli import main

    game = _map_with_grid(tmp_path, "pointy-top", "odd-q")
    assert main(["check", str(game / "map.yaml"), str(game)]) == 1
    out = capsys.readouterr().out
    line = next(i for i, text in enumerate((game / "map.yaml").read_text().splitlines(), 1) if text.startswith("  offset:"))
    assert f"map.yaml:{line}:" in out and "MAP-GRID grid: a pointy-top grid takes offset odd-r or even-r, not 'odd-q'" in out, out


def test_the_map_reads_its_grid_geometry(tmp_path):
    from toolkit.model.build import load_game

    game = _map_with_grid(tmp_path, "flat-top", "even-q")
    loaded = load_game(game, "v1.1")
    # The same hex ids on an even-q grid have other neighbours: hexsides printed as impassable
    # between neighbours no longer join neighbours, which only a map that reads its grid can see.
    assert "MAP-HEXSIDE" in {f.code for f in loaded.findings}, loaded.findings
    bundled = load_game(Path(__file__).resolve().parents[1] / "scenarios" / "fire-in-the-sky", "v1.1").game
    assert bundled.map.grid == HexGrid("flat-top", "odd-q")
