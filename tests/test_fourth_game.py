"""A fourth game from outside the package: Ridgeline, a 5x5 pointy-top hex game (tests/games/ridgeline).

Its module ``games.ridgeline_module`` (tests/games/ridgeline_module/) is imported from the path,
not from ``toolkit``; nothing in the core names it. Every case runs the real command in process
on real files, or calls the game's functions as a program would.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from toolkit.cli import build_parser

TESTS = ROOT / "tests"
GAME = TESTS / "games" / "ridgeline"
MODULE = TESTS / "games" / "ridgeline_module" / "__init__.py"
SCENARIO = GAME / "dawn-attack.yaml"
PUBLIC_API = {"toolkit.games", "toolkit.model", "toolkit.model.mapstyle", "toolkit.rules"}  # docs/adding-a-game.md

run = run_cli


@pytest.fixture
def ridgeline(monkeypatch):
    """The game's module importable from tests/ (as pytest's rootdir insertion does, made explicit)."""
    monkeypatch.syspath_prepend(str(TESTS))
    return GAME


@pytest.fixture
def copy(ridgeline, tmp_path, monkeypatch):
    folder = tmp_path / "ridgeline"
    shutil.copytree(GAME, folder)
    monkeypatch.chdir(tmp_path)
    return folder


def scenario(folder, name, setup):
    path = folder / name
    path.write_text("# yaml-language-server: $schema=schemas/scenario.schema.json\n"
                    "kind: scenario\ngame: ridgeline\nid: fixture\ntitle: Fixture\nedition: field-manual\n"
                    f'reconstructed: "test fixture"\nsetup:\n{setup}', encoding="utf-8")
    return path


# --- written from outside, against the public API ------------------------------------------------

def test_the_module_is_small_and_imports_only_the_public_core_api():
    source = MODULE.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 150
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom) and node.module}
    assert {m for m in imported if m.startswith("toolkit")} <= PUBLIC_API
    assert not any("ridgeline" in p.read_text(encoding="utf-8") for p in (ROOT / "toolkit").rglob("*.py"))


def test_the_game_folder_and_its_scenario_are_clean(ridgeline, capsys):
    status, out, err = run(capsys, "check", GAME)
    assert (status, err) == (0, ""), out
    assert out.endswith("ok: 5 files checked, no findings\n")
    assert run(capsys, "check", SCENARIO)[0] == 0


def test_the_map_is_a_pointy_top_grid_with_terrain(ridgeline):
    from toolkit.model.build import load_game

    m = load_game(GAME).game.map
    assert (m.kind, m.grid.layout, m.grid.offset, len(m.hexes)) == ("hex-grid", "pointy-top", "odd-r", 25)
    assert sorted(h for h, t in m.terrain.items() if t == "forest") == ["0103", "0203", "0205", "0401", "0403", "0503"]
    assert m.places["The Pass"].kind == "landmark" and m.places["Aldham"].is_base


# --- its schema: the core's hex map, narrowed to its terrain -----------------------------------

@pytest.mark.parametrize("old,new,found", [
    ('{hex: "0303", terrain: clear', '{hex: "0303", terrain: swamp', "map.yaml:22:28: error SCHEMA-ENUM terrain: text 'swamp' is not one of: clear, forest"),
    ('kind: landmark, reconstructed', 'kind: landmark, air: 4, reconstructed', "map.yaml:38:51: error SCHEMA-KEY unknown key 'air' in places"),
    ('  - {hex: "0505", terrain: clear, reconstructed: "test fixture: southern fields"}\n', "", None),
])
def test_a_terrain_it_does_not_list_or_another_games_field_is_located(copy, capsys, old, new, found):
    text = (copy / "map.yaml").read_text(encoding="utf-8")
    assert old in text
    (copy / "map.yaml").write_text(text.replace(old, new), encoding="utf-8")
    status, out, _ = run(capsys, "check", "ridgeline")
    if found is None:  # a hex left out is simply off the playing area
        assert status == 0, out
    else:
        assert status == 1 and found in out, out


# --- its own check, with its own citation ------------------------------------------------------

FOREST = '  - {at: "0203", side: north, units: [{counter: north-rifles, count: 2}], reconstructed: "fixture"}\n'


def test_its_check_fires_with_its_citation(copy, capsys):
    status, out, _ = run(capsys, "check", scenario(copy, "crowded.yaml", FOREST))
    assert status == 1
    assert ("ridgeline/crowded.yaml:9:39: error RL-FOREST 2 North counters in forest hex 0203; at most 1 of one side may stand "
            "in a forest hex: move 1 out [Ridgeline FM 6.1]") in out


def test_its_check_is_quiet_at_the_limit_and_in_clear_hexes(copy, capsys):
    assert run(capsys, "check", scenario(copy, "one.yaml", FOREST.replace("count: 2", "count: 1")))[0] == 0
    assert run(capsys, "check", scenario(copy, "clear.yaml", FOREST.replace('"0203"', '"0303"')))[0] == 0


# --- its question ---------------------------------------------------------------------------------

def test_its_question_answers_from_python(ridgeline):
    from games.ridgeline_module import movement_cost

    from toolkit.games import CalcInputError
    from toolkit.model.build import load_game

    game = load_game(GAME).game
    assert movement_cost(game, "Aldham", "Brenford") == (4, ["0201", "0202", "0303", "0304", "0405"])  # through the Pass
    assert movement_cost(game, "0101", "0105") == (5, ["0101", "0102", "0103", "0104", "0105"])  # the forest costs 2 (5.2)
    with pytest.raises(CalcInputError, match="'Atlantis' is no hex or place"):
        movement_cost(game, "Atlantis", "0101")


def test_its_question_answers_on_the_command_line(ridgeline, capsys):
    status, out, err = run(capsys, "calc", str(GAME), "movement-cost", "Aldham", "Brenford")
    assert status == 0, err
    assert out.startswith("Movement from Aldham to Brenford: 4 movement points\n") and "Ridgeline FM 5.2" in out


def test_its_questions_are_listed_by_its_folder(ridgeline, capsys):
    """``chartroom calc FOLDER`` lists the game's questions as ``chartroom calc pacific-fury`` does; ``odds FOLDER`` of a
    game with no battles says so in one line."""
    status, out, err = run(capsys, "calc", str(GAME))
    assert status == 0, err
    assert out.startswith("ridgeline:\n  movement-cost ") and "Ridgeline FM 5.2" in out
    status, out, err = run(capsys, "odds", str(GAME))
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "ridgeline" in err and "(choose from )" not in err
    status, out, err = run(capsys, "supply", SCENARIO, "--side", "allied", "--to", "Aldham")  # Fire in the Sky's question
    assert status == 2 and Path(err.rstrip().split("its own questions: chartroom calc ")[1]).resolve() == GAME.resolve()  # its folder


# --- map distance and map draw -----------------------------------------------------------------

def _has_command(*words) -> bool:
    parser = build_parser()
    for word in words:
        actions = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
        if not actions or word not in actions[0].choices:
            return False
        parser = actions[0].choices[word]
    return True


def test_map_distance_counts_hexes_on_its_pointy_top_grid(ridgeline, capsys):
    status, out, err = run(capsys, "map", "distance", "Aldham", "Brenford", "--game", GAME)
    assert status == 0, err
    assert out.startswith("4 hexes")
    assert run(capsys, "map", "distance", "0101", "0501", "--game", GAME)[1].startswith("4 hexes")


def test_map_draw_gives_its_pointy_top_map(ridgeline, tmp_path, capsys):
    if not _has_command("map", "draw"):
        pytest.skip("`map draw` is built by i18-cli; this runs once the command exists")
    status, _, err = run(capsys, "map", "draw", "--game", GAME, "-o", tmp_path / "map.svg")
    assert status == 0, err
    svg = (tmp_path / "map.svg").read_text(encoding="utf-8")
    assert len(re.findall(r'<polygon class="cr-hex', svg)) == 25 and "cr-terrain-forest" in svg


# --- aids and site ---------------------------------------------------------------------------------

def test_aids_build_with_its_map_drawn_pointy_top(ridgeline, tmp_path, capsys):
    status, _, err = run(capsys, "aids", SCENARIO, "-o", tmp_path / "aids")
    assert status == 0, err
    written = sorted(p.name for p in (tmp_path / "aids").glob("*.html"))
    assert written == ["bases.html", "index.html", "manifest.html", "map.html", "sequence.html", "setup-north.html", "setup-south.html"]
    svg = (tmp_path / "aids" / "map.svg").read_text(encoding="utf-8")
    hexes = re.findall(r'<polygon class="cr-hex([^"]*)" points="([^"]+)" data-hex="(\d{4})"', svg)
    assert len(hexes) == 25 and sum("cr-terrain-forest" in cls for cls, _, _ in hexes) == 6
    assert ".cr-hex.cr-terrain-forest{fill:#7fae6e}" in svg  # the game's own colour
    assert "Air ZOC" not in svg and "Air-Port" not in svg and "atoll" not in svg.split("</style>")[1]
    bases = (tmp_path / "aids" / "bases.html").read_text(encoding="utf-8")
    assert "Aldham" in bases and "Other places" in bases and "Air</th>" not in bases


def test_site_builds_its_scenario_page(ridgeline, tmp_path, capsys, small_site):
    status, _, err = run(capsys, "site", "-o", tmp_path / "site", "--scenario", SCENARIO)
    assert status == 0, err
    pages = [p for p in (tmp_path / "site").rglob("*.html") if "<h1" in (text := p.read_text(encoding="utf-8"))
             and "Dawn Attack on the Ridge" in text.split("<h1", 1)[1][:200]]
    assert pages, "no page for the Ridgeline scenario"
    assert 'data-hex-count="25"' in pages[0].read_text(encoding="utf-8")
