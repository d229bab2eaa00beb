"""The core is open to any hex game: its map schema takes a bare grid with terrain, its model and renderer
know no Fire in the Sky term, and a game's own fields come through its overlay's hooks.
"""

from __future__ import annotations

import ast
import io
import re
import shutil
import tokenize

import pytest

from conftest import GAME, ROOT
from toolkit.games.fire_in_the_sky.records import air_capacity, home_base, is_atoll, split_hex_findings, split_hexes
from toolkit.load import load_file
from toolkit.model.build import load_game
from toolkit.schema import validate

SMALL = """\
kind: map
game: small
grid: {layout: pointy-top, offset: even-r, columns: 3, rows: 3, reconstructed: "test fixture"}
hexes:
""" + "".join(f'  - {{hex: "{c:02d}{r:02d}", terrain: {"forest" if c == 2 else "clear"}, reconstructed: "test fixture"}}\n'
              for c in range(1, 4) for r in range(1, 4))


def findings(tmp_path, text: str, root=None) -> list[tuple[str, int, str]]:
    path = tmp_path / "map.yaml"
    path.write_text(text, encoding="utf-8")
    return [(f.code, f.location.line, f.message) for f in validate(load_file(str(path)), "map", root)]


# --- the core map schema --------------------------------------------------------------------------

def test_a_bare_hex_grid_with_terrain_per_hex_is_a_valid_map(tmp_path):
    assert findings(tmp_path, SMALL) == []  # on main before this change: 7 schema errors (the issue measured 11 on its own 3x3 map)


def test_a_hex_map_needs_its_grid_and_its_hexes(tmp_path):
    assert ("SCHEMA-REQUIRED", 1, "document is missing the required key 'playing_area'") in findings(tmp_path, SMALL.split("hexes:")[0])
    assert findings(tmp_path, SMALL.replace("terrain: forest", "terrain: 7", 1))[0][:2] == ("SCHEMA-TYPE", 8)


def test_the_core_refuses_a_field_no_overlay_declares(tmp_path):
    text = SMALL + '  - {hex: "0404", terrain: clear, atoll: true, reconstructed: "test fixture"}\n'
    assert findings(tmp_path, text) == [("SCHEMA-KEY", 14, "unknown key 'atoll' in hexes; allowed keys: editions, hex, reconstructed, source, terrain")]
    text = SMALL + 'places:\n  - {name: Truk, hex: "0101", kind: base, air: 4, reconstructed: "test fixture"}\n'
    assert findings(tmp_path, text) == [("SCHEMA-KEY", 15, "unknown key 'air' in places; allowed keys: editions, flag, hex, kind, name, reconstructed, source, vp")]
    assert findings(tmp_path, SMALL + 'split_hexes: []\n') == [("SCHEMA-KEY", 14, "unknown key 'split_hexes' in document; did you mean 'hexes'?; allowed keys: boxes, game, grid, hexes, "
                                                                     "impassable_hexsides, kind, land_connections, places, playing_area")]


@pytest.fixture
def fits_copy(tmp_path):
    folder = tmp_path / "fits"
    shutil.copytree(GAME, folder)
    return folder


def test_fire_in_the_skys_overlay_declares_its_fields_and_a_bad_one_is_reported_alone(fits_copy):
    path = fits_copy / "map.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index("atoll: true")].count("\n") + 1
    path.write_text(text.replace("atoll: true", 'atoll: "yes"', 1), encoding="utf-8")
    found = [(f.code, f.location.line) for f in validate(load_file(str(path)), "map", fits_copy)]
    assert found == [("SCHEMA-TYPE", line)]  # not also "unknown key 'air'" for the fields beside it


def test_fire_in_the_skys_overlay_requires_what_its_map_always_has(fits_copy):
    path = fits_copy / "map.yaml"
    text = path.read_text(encoding="utf-8").replace("land_connections:", "old_connections:", 1)
    path.write_text(text, encoding="utf-8")
    found = {(f.code, f.message) for f in validate(load_file(str(path)), "map", fits_copy)}
    assert ("SCHEMA-REQUIRED", "document is missing the required key 'land_connections'") in found


# --- the model: the game reads its own fields ------------------------------------------------------

def test_fire_in_the_sky_reads_its_fields_through_its_module():
    m = load_game(GAME, "v1.1").game.map
    wake, kure = m.places["Wake"], m.places["Kure"]
    assert (air_capacity(wake), is_atoll(wake), home_base(kure), home_base(wake)) == (wake.get("air"), True, "japan", None)
    assert air_capacity(kure) > 0 and not is_atoll(kure)
    assert [s.name for s in split_hexes(m)] == ["Malaya"] and split_hex_findings(m) == []
    assert m.hex_km == 900 and m.boxes["West Coast USA"].get("home_base") == "us"
    assert not hasattr(wake, "atoll") and not hasattr(m, "split_hexes")


def test_a_records_own_fields_are_read_with_get_and_keep_it_a_value():
    from toolkit.model import Box, Place

    place = Place("Keep", "0101", "base", extra={"tags": ["walled"], "garrison": 2})
    assert (place.get("garrison"), place.get("tags"), place.get("moat"), place.get("moat", False)) == (2, ["walled"], None, False)
    assert place == Place("Keep", "0101", "base", extra=(("garrison", 2), ("tags", ["walled"])))  # given in any order
    assert place != Place("Keep", "0101", "base", extra={"garrison": 3}) and hash(place) == hash(Place("Keep", "0101", "base"))
    assert Box("Reserve", "special", extra={"home_base": "us"}).get("home_base") == "us"


def test_a_hex_listed_twice_is_a_duplicate(tmp_path):
    folder = tmp_path / "ridgeline"
    shutil.copytree(ROOT / "tests" / "games" / "ridgeline", folder)
    path = folder / "map.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('{hex: "0505", terrain: clear', '{hex: "0101", terrain: clear'), encoding="utf-8")
    loaded = load_game(folder)
    assert [(f.code, f.location.line) for f in loaded.findings] == [("MAP-DUPLICATE", text.count("\n", 0, text.index('"0505"')) + 1)]


@pytest.mark.parametrize("old,new,line", [
    ('{hex: "0505", terrain: clear', '{hex: "0506", terrain: clear', 34),   # row 6 of a 5-row grid
    ("columns: 5, rows: 5", "columns: 4, rows: 5", None),                  # column 5 is beyond a 4-column grid: five hexes
])
def test_a_hex_beyond_the_grid_is_outside(tmp_path, old, new, line):
    folder = tmp_path / "ridgeline"
    shutil.copytree(ROOT / "tests" / "games" / "ridgeline", folder)
    path = folder / "map.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    found = [(f.code, f.location.line) for f in load_game(folder).findings if f.code == "MAP-OUTSIDE"]
    if line is not None:
        assert found == [("MAP-OUTSIDE", line)]
    else:
        assert len(found) == 5 and all(text.splitlines()[n - 1].lstrip().startswith('- {hex: "05') for _, n in found)


# --- the grep criterion of issue 18 -----------------------------------------------------------------

GAME_TERMS = re.compile(r"atoll|home_base|CVL|BBV|Malaya")


def _code_only(source: str) -> str:
    """The source without comments and docstrings."""
    docstrings = {(n.body[0].lineno, n.body[0].end_lineno) for n in ast.walk(ast.parse(source))
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant) and isinstance(n.body[0].value.value, str)}
    lines = source.splitlines()
    for start, end in docstrings:
        for i in range(start - 1, end):
            lines[i] = ""
    kept = []
    for token in tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline):
        if token.type != tokenize.COMMENT:
            kept.append(token.string)
    return " ".join(kept)


def test_the_core_names_no_fire_in_the_sky_term():
    """``grep -rnE "atoll|home_base|CVL|BBV|Malaya" toolkit/ --include=*.py`` finds nothing outside toolkit/games/ (docstrings and comments aside)."""
    core = [p for p in (ROOT / "toolkit").rglob("*.py") if "games" not in p.relative_to(ROOT / "toolkit").parts]
    assert core
    assert [str(p.relative_to(ROOT)) for p in core if GAME_TERMS.search(_code_only(p.read_text(encoding="utf-8")))] == []
    assert GAME_TERMS.search(_code_only('x = "atoll"\n')) and not GAME_TERMS.search(_code_only('"""atoll"""\n# BBV\n'))
