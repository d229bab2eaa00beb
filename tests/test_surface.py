"""Issue 18, items 1, 2 and 8: one command surface for every game, calculations callable from Python, one error root.

Every case runs the real command in process on the bundled data or a small copy of the tiny test game.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import ROOT, run_cli

TESTS = ROOT / "tests"
TINY = TESTS / "games" / "tiny"
SHORT = "scenarios/fire-in-the-sky/short-campaign.yaml"
PF, FFTS, FITS = "pacific-fury", "fire-from-the-skies", "fire-in-the-sky"


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(TESTS))  # the tiny game's module (games.tiny_module)


def ok(capsys, *args) -> str:
    status, out, err = run_cli(capsys, *args)
    assert (status, err) == (0, ""), err
    return out


def refused(capsys, *args) -> str:
    status, out, err = run_cli(capsys, *args)
    assert status == 2 and out == "" and "Traceback" not in err and "internal error" not in err, err
    assert err.startswith("chartroom: ") and err.count("\n") == 1, err
    return err


# --- map distance: every map kind ------------------------------------------------------------

def test_map_distance_between_sea_zones(capsys):
    """Areas: steps along the listed adjacency (PF 2.1), adjacency said, names in any case."""
    assert ok(capsys, "map", "distance", "The Slot", "Ironbottom Sound", "--game", PF) == "1 step (adjacent)\n"
    assert ok(capsys, "map", "distance", "the slot", "the slot", "--game", PF) == "0 steps\n"
    data = json.loads(ok(capsys, "map", "distance", "The Slot", "South Pacific Ocean", "--game", PF, "--format", "json"))
    assert data["distance"] == 2 and data["adjacent"] is False
    assert any("left open by the rules" in c for c in data["caveats"])  # the open pair the answer rests on


def test_map_distance_on_a_plotting_sheet_gives_the_bearing(capsys):
    """Plotting sheet: hexes and the bearing clockwise from the sheet's north (north is up on the bundled sheet)."""
    assert ok(capsys, "map", "distance", "0303", "0302", "--game", FFTS) == "1 hex, bearing 0°\n"
    assert ok(capsys, "map", "distance", "0303", "0403", "--game", FFTS) == "1 hex, bearing 120°\n"
    assert ok(capsys, "map", "distance", "0303", "0304", "--game", FFTS, "--format", "json") == '{\n  "distance": 1,\n  "bearing": 180.0\n}\n'
    assert ok(capsys, "map", "distance", "tulagi", "Tulagi", "--game", FFTS) == "0 hexes\n"


def test_map_distance_on_the_hex_grid_keeps_fire_in_the_skys_spelling(capsys):
    assert ok(capsys, "map", "distance", "Truk", "Rabaul") == ok(capsys, "map", "distance", "Truk", "Rabaul", "--game", FITS) == "2 hexes\n"
    assert ok(capsys, "map", "distance", "Kure", "Singapore", "--sea").endswith("hexes by sea\n")


def test_map_distance_to_a_task_force_of_a_scenario(capsys):
    """Fire from the Skies: with --scenario, its own sheet and its task forces by name (as calc bearing takes them)."""
    midway = "scenarios/fire-from-the-skies/midway.yaml"
    answer = ok(capsys, "map", "distance", "Midway", "TF A", "--scenario", midway)
    bearing = json.loads(ok(capsys, "calc", FFTS, "bearing", "--from", "Midway", "--to", "TF A", "--scenario", midway, "--format", "json"))
    assert answer == f"{bearing['result']['range']} hexes, bearing {bearing['result']['bearing']:g}°\n"
    assert refused(capsys, "map", "distance", "Midway", "TF Z", "--scenario", midway).endswith("or task force of the plotting sheet; did you mean 'TF A'?\n")


def test_map_distance_in_an_area_game_from_outside_the_package(capsys):
    assert ok(capsys, "map", "distance", "red keep", "Blue Keep", "--game", TINY) == "2 steps (not adjacent)\n"


@pytest.mark.parametrize("args, words", [
    (["map", "distance", "The Slott", "Ironbottom Sound", "--game", PF], "did you mean 'The Slot'"),
    (["map", "distance", "Tulagi", "9999", "--game", FFTS], "9999 is not on the plotting sheet"),
    (["map", "distance", "Tulagi", "Tulagy", "--game", FFTS], "did you mean 'Tulagi'"),
    (["map", "distance", "The Slot", "Ironbottom Sound", "--game", PF, "--sea"], "--sea"),
    (["map", "distance", "A", "B", "--game", "no-such-game"], "no game 'no-such-game'"),
    (["map", "draw", "--scenario", "no/such.yaml"], "no such scenario file"),
    (["map", "draw", "-o", "no/such/folder/map.svg"], "no folder no/such/folder"),
    (["map", "draw", "-o", "tests"], "is a folder"),
])
def test_map_refuses_bad_input_in_one_line(capsys, args, words):
    assert words in refused(capsys, *args)


@pytest.mark.parametrize("args", [["map", "draw", "{game}"], ["aids", "{game}", "-o", "{out}"], ["map", "distance", "A", "B", "--scenario", "{game}"],
                                  ["supply", "{game}", "--side", "japan", "--to", "Truk"], ["site", "-o", "{out}", "--scenario", "{game}"]])
def test_a_game_folder_given_for_a_scenario_is_named_a_folder(capsys, tmp_path, args):
    """A game's folder where a scenario file goes (``chartroom aids scenarios/pacific-fury -o out``) is said to be a folder,
    with where its scenarios are listed; it was "no such scenario file", of a folder that is there."""
    game = ROOT / "scenarios" / "pacific-fury"
    status, out, err = run_cli(capsys, *[a.format(game=game, out=tmp_path / "out") for a in args])
    assert status == 2 and out == "" and len(err.splitlines()) == 1, err
    assert "is a folder, not a scenario file" in err and f"chartroom list {game}" in err and "no such" not in err
    assert not (tmp_path / "out").exists()


# --- map export and map draw -------------------------------------------------------------------

@pytest.mark.parametrize("game, kind, nodes", [(PF, "areas", 4), (FFTS, "plotting-sheet", 224), (str(TINY), "areas", 3)])
def test_map_export_of_every_kind(capsys, game, kind, nodes):
    data = json.loads(ok(capsys, "map", "export", "--game", game))
    assert data["kind"] == kind and len(data["nodes"]) == nodes
    assert all(a in data["nodes"] and b in data["nodes"] for a, b in data["adjacency"])
    summary = ok(capsys, "map", "export", "--game", game, "--format", "text").splitlines()
    assert f"({kind}), edition {data['edition']}: {nodes} " in summary[0]
    assert len(summary) == 1 + len(data["places"])  # one line per place


def test_fire_in_the_skys_export_is_its_own(capsys):
    data = json.loads(ok(capsys, "map", "export"))
    assert any(s["name"] == "Malaya" for s in data["split_hexes"])  # the game's overlay of the export


@pytest.mark.parametrize("game, names", [
    (FITS, ["Truk", "Rabaul"]),
    (PF, ["The Slot", "Ironbottom Sound", "Guadalcanal"]),
    (FFTS, ["Tulagi", "Rossel Island"]),
])
def test_map_draw_every_game(capsys, tmp_path, game, names):
    """Deterministic, valid XML, the places named; -o writes the same bytes as standard output."""
    first = ok(capsys, "map", "draw", "--game", game)
    assert ok(capsys, "map", "draw", "--game", game) == first
    root = ET.fromstring(first)
    assert root.tag.endswith("svg")
    text = " ".join(" ".join(e.itertext()) for e in root.iter())
    for name in names:
        assert name in text, name
    target = tmp_path / "map.svg"
    assert ok(capsys, "map", "draw", "--game", game, "-o", target) == f"{target}\n"
    assert target.read_text(encoding="utf-8") == first


def test_map_draw_writes_a_file_as_any_program_does(capsys, tmp_path):
    """A new picture gets 0666 less the umask (not the temporary file's 0600); a replaced one keeps its mode."""
    mask = os.umask(0o022)
    try:
        target = tmp_path / "map.svg"
        ok(capsys, "map", "draw", "--game", PF, "-o", target)
        assert target.stat().st_mode & 0o777 == 0o644
        target.chmod(0o640)
        ok(capsys, "map", "draw", "--game", PF, "-o", target)
        assert target.stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(mask)


def test_map_draw_escapes_names(capsys, tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    map_file = game / "map.yaml"
    map_file.write_text(map_file.read_text(encoding="utf-8").replace("name: Old Mill", 'name: "Mill & <Ford>"'), encoding="utf-8")
    svg = ok(capsys, "map", "draw", "--game", game)
    assert "Mill &amp; &lt;Ford&gt;" in svg and "<Ford>" not in svg
    assert "Mill & <Ford>" in " ".join(" ".join(e.itertext()) for e in ET.fromstring(svg).iter())


# --- each game's questions, one form ----------------------------------------------------------

def test_calc_lists_every_games_questions(capsys):
    out = ok(capsys, "calc")
    for game, question in ((FITS, "supply"), (PF, "zones"), (FFTS, "bearing")):
        assert f"{game}:\n" in out and f"  {question} " in out
    assert ok(capsys, "calc", PF).startswith("pacific-fury:\n  zones")


def test_the_game_of_a_question_is_taken_from_game_or_a_scenario(capsys):
    canonical = ok(capsys, "calc", PF, "zones", "--zone", "The Slot")
    assert ok(capsys, "calc", "zones", "--zone", "The Slot", "--game", PF) == canonical
    assert ok(capsys, "calc", "zones", "--zone", "The Slot") == canonical  # only one game asks `zones`
    supply = ok(capsys, "supply", SHORT, "--side", "allied", "--to", "Brisbane")
    assert ok(capsys, "calc", "supply", SHORT, "--side", "allied", "--to", "Brisbane") == supply  # the scenario's game
    assert ok(capsys, "calc", FITS, "supply", SHORT, "--side", "allied", "--to", "Brisbane") == supply


def test_odds_for_every_game_with_dice_combat(capsys):
    out = ok(capsys, "odds")
    assert f"{FITS}:\n  air " in out and f"{PF}:\n" in out and "  air-strike " in out
    assert FFTS not in out  # its combat is Fire on the Waters' (not part of the supplement)
    assert ok(capsys, "odds", PF).startswith("pacific-fury:\n  task-force ")
    fire = ok(capsys, "calc", PF, "fire", "--cf", "4")
    assert ok(capsys, "odds", PF, "fire", "--cf", "4") == fire == ok(capsys, "odds", "fire", "--cf", "4", "--game", PF)
    assert ok(capsys, "odds", "air-strike", "--cf", "4", "4", "--box", "US 1").startswith("Air strike on Henderson Field")
    air = ["air", "--attacker", "jp-air:4", "--defender", "us-air:4", "--format", "json"]
    assert ok(capsys, "odds", *air) == ok(capsys, "odds", FITS, *air)  # Fire in the Sky's spelling kept
    assert ok(capsys, "calc", FITS, *air) == ok(capsys, "odds", *air)  # a kind of battle is a question of the game too
    assert "  strike " in ok(capsys, "calc", FITS)


def test_a_question_the_game_does_not_have_is_refused(capsys):
    status, out, err = run_cli(capsys, "calc", FFTS, "zones")
    assert status == 2 and "invalid choice: 'zones'" in err


OUTSIDE = '''
"""A copy of the tiny game with one question of its own: counters of a side (a game from outside the package)."""
import argparse

from games.tiny_module import Tiny
from toolkit.games import CalcResult, Calculation


def _args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--side", required=True, choices=["red", "blue"], help="the side counted")


def _run(game, params) -> CalcResult:
    count = sum(1 for c in game.counters.values() if c.side == params.side)
    return CalcResult(f"Counters of {params.side}", (f"{count} counters",), {"side": params.side, "counters": count})


class Counted(Tiny):
    name = "countpkg.counted"

    def calculations(self):
        return {"count": Calculation("count", "counters of a side", _args, _run)}


GAME = Counted()
'''


def tiny_game_with_module(tmp_path, monkeypatch, package: str, module: str, source: str) -> tuple[Path, str]:
    """A copy of the tiny game whose manifest names ``package.module``, written from ``source`` outside the package;
    returns the folder and the manifest's text as it was (to find the ``rules_module:`` line)."""
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / package / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    manifest = folder / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("rules_module: games.tiny_module", f"rules_module: {package}.{module}"), encoding="utf-8")
    return folder, text


@pytest.fixture
def outside(tmp_path, monkeypatch):
    return tiny_game_with_module(tmp_path, monkeypatch, "countpkg", "counted", OUTSIDE)[0]


def test_a_question_of_a_game_from_outside_the_package(capsys, outside):
    """Asked with --game FOLDER (its id after calc, or not); a value off its choices is refused."""
    shown = ok(capsys, "calc", "count", "--side", "red", "--game", outside)
    assert shown.startswith("Counters of red\n  ") and shown.endswith(" counters\n")
    assert ok(capsys, "calc", "tiny", "count", "--side", "red", "--game", outside) == shown
    status, out, err = run_cli(capsys, "calc", "count", "--side", "green", "--game", outside)
    assert status == 2 and "invalid choice: 'green'" in err


# --- calculations are library functions -------------------------------------------------------

@pytest.fixture(scope="module")
def games():
    from toolkit.session import Session

    session = Session()
    return {g: session.open_game(session.game_root(g)) for g in (PF, FFTS)}


def test_a_calculation_is_called_from_python_with_typed_parameters(games, capsys):
    opened = games[PF]
    zones = opened.module.calculations()["zones"]
    result = zones(opened.game, zone="The Slot", to="Ironbottom Sound")
    assert result.data == {"from": "The Slot", "to": "Ironbottom Sound", "moves": 1}
    cli = json.loads(ok(capsys, "calc", PF, "zones", "--zone", "The Slot", "--to", "Ironbottom Sound", "--format", "json"))
    assert cli["result"] == result.data
    params = zones.parameters(zone="The Slot")
    assert params.to is None and params.zone == "The Slot"
    with pytest.raises(AttributeError):
        params.zone = "Elsewhere"  # frozen


def test_typed_parameters_check_choices_and_keywords(games):
    from toolkit.games import CalcInputError

    opened = games[PF]
    moves = opened.module.calculations()["moves"]
    with pytest.raises(CalcInputError, match="--type D: one of A, B, C"):
        moves(opened.game, zone="The Slot", type="D")
    with pytest.raises(CalcInputError, match="zone"):
        moves(opened.game, type="B")  # a required parameter missing
    with pytest.raises(CalcInputError, match="nosuch"):
        moves(opened.game, zone="The Slot", type="B", nosuch=1)


def test_every_calculation_has_parameters_matching_its_options():
    """The options are the one declaration: each calculation's parameters are exactly its option destinations."""
    import argparse

    from toolkit.games import game_module

    for name in ("pacific_fury", "fire_from_the_skies"):
        for calculation in game_module(name).calculations().values():
            probe = argparse.ArgumentParser(add_help=False)
            calculation.arguments(probe)
            fields = set(calculation.parameters.__dataclass_fields__) - {"documents"}
            assert fields == {a.dest for a in probe._actions}, calculation.name


def test_a_scenario_parameter_is_opened_by_the_session_not_the_calculation(games):
    from toolkit.games import CalcInputError

    opened = games[FFTS]
    bearing = opened.module.calculations()["bearing"]
    with pytest.raises(CalcInputError, match="opened by a session"):
        bearing(opened.game, origin="0303", target="0302", scenario="scenarios/fire-from-the-skies/coral-sea.yaml")


# --- a game cannot shadow a core command -------------------------------------------------------

CLASH = '''
"""A copy of the tiny game that declares a command named like a core one."""
from games.tiny_module import Tiny


class Clash(Tiny):
    name = "clashpkg.clashgame"
    commands = ("map", "tally")

    def register_commands(self, subparsers):
        subparsers.add_parser("map", help="shadows the core map")
        subparsers.add_parser("tally", help="its own")
        return {"map": lambda args: 0, "tally": lambda args: 0}


GAME = Clash()
'''


@pytest.fixture
def clash(tmp_path, monkeypatch):
    folder, text = tiny_game_with_module(tmp_path, monkeypatch, "clashpkg", "clashgame", CLASH)
    line = text[: text.index("rules_module:")].count("\n") + 1
    return folder, line


def test_a_clashing_command_is_a_located_game_module_finding(capsys, clash):
    folder, line = clash
    status, out, err = run_cli(capsys, "check", folder)
    assert status == 1 and "Traceback" not in err
    assert f"game.yaml:{line}:15: error GAME-MODULE rules_module: game module 'clashpkg.clashgame' adds the command 'map', which is a core command" in out


def test_a_clashing_game_registered_leaves_every_command_working(capsys, clash, tmp_path, monkeypatch):
    from clashpkg import clashgame

    from toolkit import cli
    from toolkit.games import all_bundled

    folder, _ = clash
    monkeypatch.setattr(cli, "all_bundled", lambda: [*all_bundled(), clashgame.GAME])
    status, out, err = run_cli(capsys, "aids", TINY / "skirmish.yaml", "-o", tmp_path / "aids")  # was "conflicting subparser: map"
    assert status == 0, err
    assert "internal error" not in err and "conflicting subparser" not in err
    assert "GAME-MODULE" in err and "'map'" in err and "refused" in err
    assert ok(capsys, "map", "distance", "Truk", "Rabaul") == "2 hexes\n"  # the core's map, not the game's


# --- one error root -------------------------------------------------------------------------------

def _classes():
    """Every class defined at the top of a toolkit module: (module, name)."""
    found = []
    for path in sorted((ROOT / "toolkit").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found += [(module, node.name) for node in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(node, ast.ClassDef)]
    return found


def test_every_error_is_a_chartroom_error():
    """One root: every exception class toolkit defines derives from ChartroomError (issue 18, item 8)."""
    import importlib

    from toolkit.errors import ChartroomError

    errors = [(m, n) for m, n in _classes()
              if isinstance(getattr(importlib.import_module(m), n), type) and issubclass(getattr(importlib.import_module(m), n), BaseException)]
    assert len(errors) >= 22
    assert [f"{m}.{n}" for m, n in errors if not issubclass(getattr(importlib.import_module(m), n), ChartroomError)] == []


@pytest.mark.parametrize("error, status", [("InputError", 2), ("FindingsError", 1), ("InternalError", 3), ("ChartroomError", 2)])
def test_errors_map_to_exit_statuses_in_one_place(error, status):
    from toolkit import errors
    from toolkit.exits import for_error

    assert for_error(getattr(errors, error)("x")) == status


def test_a_chartroom_error_from_any_command_is_one_line(capsys, monkeypatch):
    from toolkit.errors import FindingsError
    from toolkit.variant_cli import HANDLERS

    def boom(args):
        raise FindingsError("somewhere.yaml:3:1: the plan breaks a rule")

    monkeypatch.setitem(HANDLERS, "diff", boom)
    status, out, err = run_cli(capsys, "diff", SHORT, SHORT)
    assert (status, err) == (1, "chartroom: somewhere.yaml:3:1: the plan breaks a rule\n")


# --- an aid that cannot be made is an error, not a missing page ----------------------------------

def _fits_with_charts(keep):
    from dataclasses import replace

    from toolkit.session import Session

    session = Session()
    game = session.open_game(session.game_root(FITS)).game
    charts = tuple({k: v for k, v in doc.items() if keep(k)} for doc in game.charts)
    return replace(game, charts=charts)


def test_the_odds_card_needs_every_combat_table():
    from toolkit.games.fire_in_the_sky.aids_odds import aid_specs
    from toolkit.games.fire_in_the_sky.combat_tables import COMBAT_TABLES, ChartError

    assert [a.stem for a in aid_specs(_fits_with_charts(lambda key: True))] == ["odds"]
    assert aid_specs(_fits_with_charts(lambda key: key not in COMBAT_TABLES)) == ()  # an edition without combat: no card
    with pytest.raises(ChartError, match="surface_combat_table"):  # partial charts: an error, never a missing page
        aid_specs(_fits_with_charts(lambda key: key != "surface_combat_table"))


def test_docs_show_a_python_call_for_each_game():
    text = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    for game in (FITS, PF, FFTS):
        assert game in text
    assert Path(ROOT / "docs" / "python-api.md").is_file()


# --- the one form the parser knows -----------------------------------------------------------

@pytest.mark.parametrize("argv, expected", [
    (["calc", "zones", "--game", PF], ["calc", PF, "zones", "--game", PF]),
    (["calc", "zones", f"--game=scenarios/{PF}"], ["calc", PF, "zones", f"--game=scenarios/{PF}"]),
    (["calc", "supply", SHORT, "--side", "japan"], ["calc", FITS, "supply", SHORT, "--side", "japan"]),
    (["odds", "fire", "--cf", "4"], ["odds", PF, "fire", "--cf", "4"]),  # one game offers it
    (["odds", "strike"], ["odds", "strike"]),                          # the default game's kind: as written
    (["calc", "both"], ["calc", "both"]),                              # two games offer it: the parser says so
    (["calc", PF, "zones"], ["calc", PF, "zones"]),
    (["calc", "tests/games/tiny", "count"], ["calc", "tiny", "count", "--game", "tests/games/tiny"]),  # a game by its folder
    (["calc", "--help"], ["calc", "--help"]),
    (["map", "distance", "A", "B"], ["map", "distance", "A", "B"]),
])
def test_the_game_is_written_after_the_verb(argv, expected):
    from toolkit.session import Session
    from toolkit.surface import canonical

    def offered(verb, name):
        return {"fire": [PF], "both": [PF, FFTS]}.get(name, [])

    assert canonical(argv, Session(), [FITS, PF, FFTS], offered) == expected
