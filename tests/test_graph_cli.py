"""The map graph commands: every command in text and JSON, exact outputs on a tiny game.

The tiny game is one column of seven hexes:

    0101 Kure (Japanese Home Base)   0102 sea   0103 Truk (Japanese, Resource Hex)
    0104 sea  | impassable |  0105 Lae (US base, 2 US air steps)
    0106 Gangetic Plain (land, not sea)   0107 Entry Hex of West Coast USA

with an Allied CA Task Force at 0104 and another in West Coast USA.
"""

from __future__ import annotations

import json
import shutil
import textwrap

import pytest

from conftest import GAME, SHORT
from toolkit.cli import main

SRC = '"FitS v1.1 2.2"'

FILES = {
    "game.yaml": """
        kind: game
        game: fire-in-the-sky
        title: Tiny Sea
        editions:
          - {id: v1.1, title: "v1.1", source: SRC}
          - {id: 2nd, title: "2nd", source: SRC}
        files:
          map: map.yaml
          counters: counters.yaml
          editions: {v1.1: v11.yaml, 2nd: 2nd.yaml}
        rules_module: fire_in_the_sky
        citation: FitS
        turns: {first: 1, last: 16, source: SRC}
        sides:
          - {id: japan, name: Japan, nations: [japan], source: SRC}
          - {id: allied, name: Allies, nations: [us, britain, netherlands], source: SRC}
        """,
    "map.yaml": """
        kind: map
        game: fire-in-the-sky
        grid: {layout: flat-top, offset: odd-q, columns: 1, rows: 7, hex_km: 900, source: SRC}
        playing_area:
          - {column: 1, rows: [1, 7], source: SRC}
        places:
          - {name: Kure, hex: "0101", kind: base, air: 4, port: 8, vp: 5, flag: japan, home_base: japan, source: SRC}
          - {name: Truk, hex: "0103", kind: base, air: 4, port: 4, vp: 1, flag: japan, resource: true, source: SRC}
          - {name: Lae, hex: "0105", kind: base, air: 2, port: 2, vp: 1, flag: us, source: SRC}
          - {name: Gangetic Plain, hex: "0106", kind: land, sea: false, source: SRC}
        land_connections:
          - {between: [Lae, Gangetic Plain], source: SRC}
        impassable_hexsides:
          - {between: ["0104", "0105"], source: SRC}
        boxes:
          - {name: West Coast USA, kind: off-map, nation: us, home_base: us, connects_to: Lae, entry_hexes: [{hex: "0107"}], source: SRC}
        """,
    "counters.yaml": """
        kind: counters
        game: fire-in-the-sky
        counters:
          - {id: jp-ca, name: CA, side: japan, nation: japan, type: naval, class: CA, ratings: {anti_aircraft: 1, firepower: 1, defense: 8, movement: 8, transport: 1}, source: SRC}
          - {id: jp-dd, name: DD, count: 4, side: japan, nation: japan, type: naval, class: DD, ratings: {anti_aircraft: 1, firepower: 1, defense: 8, movement: 8, transport: 0.5}, source: SRC}
          - {id: jp-air, name: air, side: japan, nation: japan, type: air, ratings: {steps: 2}, source: SRC}
          - {id: jp-land-4, name: land 4, side: japan, nation: japan, type: land, ratings: {combat: 4, reduced: 2, transport: 4}, source: SRC}
          - {id: us-air, name: air, side: allied, nation: us, type: air, ratings: {steps: 2}, source: SRC}
          - {id: us-ca, name: CA, count: 2, side: allied, nation: us, type: naval, class: CA, ratings: {anti_aircraft: 1, firepower: 1, defense: 8, movement: 8, transport: 1}, source: SRC}
        """,
    "scenario.yaml": """
        kind: scenario
        game: fire-in-the-sky
        id: tiny
        title: Tiny
        edition: v1.1
        start_turn: 2
        source: SRC
        setup:
          - {at: Kure, side: japan, units: [{counter: jp-dd, count: 2}, {counter: jp-ca}, {counter: jp-land-4}], source: SRC}
          - {at: Lae, side: allied, units: [{counter: us-air, steps: 2}], source: SRC}
          - {at: "0104", side: allied, units: [{counter: us-ca, task_force: true}], source: SRC}
          - {at: West Coast USA, side: allied, units: [{counter: us-ca}], source: SRC}
        markers:
          merchantmen_pool: {value: 30, source: SRC}
          oil_points: {value: 12, source: SRC}
          transport_points: {japan: 4, us: 14, britain: 6, source: SRC}
        """,
}


@pytest.fixture
def tiny(tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).write_text(textwrap.dedent(text).replace("SRC", SRC), encoding="utf-8")
    shutil.copy(GAME / "editions" / "v1.1.yaml", tmp_path / "v11.yaml")
    shutil.copy(GAME / "editions" / "2nd.yaml", tmp_path / "2nd.yaml")
    shutil.copytree(GAME / "schemas", tmp_path / "schemas")  # Fire in the Sky's overlays: its fields of places and boxes
    return tmp_path


def run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exit:  # argparse refuses bad arguments in one line, status 2
        code = exit.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def ok(capsys, *argv) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def js(capsys, *argv):
    return json.loads(ok(capsys, *argv, "--format", "json"))


# --- map -------------------------------------------------------------------------------

def test_map_distance(tiny, capsys):
    g = ("--game", tiny)
    assert ok(capsys, "map", "distance", "Kure", "Truk", *g) == "2 hexes\n"
    assert js(capsys, "map", "distance", "Kure", "Truk", *g) == {"distance": 2}
    assert ok(capsys, "map", "distance", "Kure", "Lae", *g) == "4 hexes\n"                # any hexside
    assert ok(capsys, "map", "distance", "Kure", "Lae", "--sea", *g) == "none: no path by sea between Kure and Lae\n"  # impassable
    assert js(capsys, "map", "distance", "Kure", "Lae", "--sea", *g) == {"distance": None}
    assert ok(capsys, "map", "distance", "West Coast USA", "0107", "--sea", *g) == "1 hex by sea\n"   # Entry Hex
    assert ok(capsys, "map", "distance", "West Coast USA", "Lae", *g) == "3 hexes\n"
    assert js(capsys, "map", "distance", "Lae", "0107", "--sea", *g) == {"distance": None}   # Gangetic Plain
    assert ok(capsys, "map", "distance", "Kure", "Truk", *g, "--edition", "2nd") == "2 hexes\n"


def test_map_export(tiny, capsys):
    data = js(capsys, "map", "export", "--game", tiny)
    assert data["edition"] == "v1.1" and [h["hex"] for h in data["hexes"]] == [f"01{r:02d}" for r in range(1, 8)]
    kure = data["hexes"][0]
    assert kure["column"] == 1 and kure["row"] == 1 and kure["cube"] == [0, 0, 0] and kure["place"]["home_base"] == "japan"
    assert data["hexes"][5]["sea"] is False and data["hexes"][5]["place"]["name"] == "Gangetic Plain"
    assert data["impassable_hexsides"] == [["0104", "0105"]]
    assert data["land_connections"] == [{"between": ["0105", "0106"], "places": ["Gangetic Plain", "Lae"]}]
    assert ["0107", "West Coast USA"] in data["adjacency"]["grid"]
    assert ["0104", "0105"] in data["adjacency"]["grid"] and ["0104", "0105"] not in data["adjacency"]["sea"]
    assert data["boxes"] == [{"name": "West Coast USA", "kind": "off-map", "nation": "us", "home_base": "us",
                              "connects_to": "Lae", "entry_hexes": ["0107"], "of": None}]
    again = ok(capsys, "map", "export", "--game", tiny)
    assert json.loads(again) == data                                   # deterministic; json is the default
    text = ok(capsys, "map", "export", "--game", tiny, "--format", "text")
    assert text.splitlines()[0] == ("Tiny Sea map, edition v1.1: 7 hexes, 1 impassable hexsides, "
                                    "1 land connections, 1 boxes")
    assert "0101  Kure (base)" in text


# --- supply and zoc ----------------------------------------------------------------------

def test_supply(tiny, capsys):
    s = tiny / "scenario.yaml"
    assert ok(capsys, "supply", s, "--side", "japan", "--to", "0104") == "supplied: Kure > Truk > 0104 (FitS v1.1 2.2.3.2)\n"
    assert js(capsys, "supply", s, "--side", "japan", "--to", "0104") == {
        "supplied": True, "path": ["Kure", "Truk", "0104"], "reason": "", "rule": "FitS v1.1 2.2.3.2"}
    cut = js(capsys, "supply", s, "--side", "japan", "--to", "Lae")
    assert cut["supplied"] is False and cut["path"] == [] and cut["reason"].startswith(
        "every Supply Line to Lae is cut by enemy Air ZOC at 0104")
    assert ok(capsys, "supply", s, "--side", "japan", "--to", "Lae").startswith("not supplied: every Supply Line")
    assert js(capsys, "supply", s, "--side", "allied", "--to", "Gangetic Plain")["path"] == ["West Coast USA", "Gangetic Plain"]
    assert js(capsys, "supply", s, "--side", "allied", "--to", "0104")["supplied"] is False


def test_zoc(tiny, capsys):
    s = tiny / "scenario.yaml"
    assert ok(capsys, "zoc", s, "--side", "allied") == "Air ZOC of Allies: 3 hexes (FitS v1.1 2.1.1.2)\n0104\n0105  Lae\n0106  Gangetic Plain\n"
    assert js(capsys, "zoc", s, "--side", "allied") == ["0104", "0105", "0106"]
    assert js(capsys, "zoc", s, "--side", "japan") == []
    assert ok(capsys, "zoc", s, "--side", "japan") == "Air ZOC of Japan: 0 hexes (FitS v1.1 2.1.1.2)\n"


# --- reach -------------------------------------------------------------------------------

def test_reach_sea_deployment(tiny, capsys):
    s = tiny / "scenario.yaml"
    assert js(capsys, "reach", s, "--unit", "jp-dd", "--mode", "sea-deployment") == [
        {"place": "Truk", "hex": "0103", "cost": {"tp": 0.5, "oil": 0}, "deployments": 1}]
    assert ok(capsys, "reach", s, "--unit", "jp-land-4", "--mode", "sea-deployment") == (
        "jp-land-4 from Kure, Sea Deployment: 1 place (FitS v1.1 8.2)\n"
        "Truk                   0103  1 deployment  tp 2  oil 0\n")


def test_reach_operational(tiny, capsys):
    s = tiny / "scenario.yaml"
    rows = js(capsys, "reach", s, "--unit", "jp-dd", "--mode", "operational")
    assert [(r["place"], r["hex"], r["hexes"], r["cost"]) for r in rows] == [  # v1.1 9.3: not its own hex (0 hexes)
        (None, "0102", 1, {"tp": 0, "oil": 0.5}),
        ("Truk", "0103", 2, {"tp": 0, "oil": 0.5}), (None, "0104", 3, {"tp": 0, "oil": 0.5})]
    text = ok(capsys, "reach", s, "--unit", "jp-land-4", "--mode", "operational", "--with", "jp-ca")
    assert text.splitlines()[-1] == "-                      0104   3 hexes  tp 4  oil 1"
    first = js(capsys, "reach", s, "--unit", "jp-dd", "--mode", "operational", "--edition", "2nd")[0]
    assert (first["place"], first["hexes"], first["cost"]) == ("Kure", 0, {"tp": 0, "oil": 0})  # 2nd 8.4: leave port, stay, free


def test_reach_one_hex_and_reaction(tiny, capsys):
    s = tiny / "scenario.yaml"
    assert ok(capsys, "reach", s, "--unit", "jp-dd", "--mode", "one-hex") == (
        "jp-dd from Kure, One-hex Deployment: 0 places (FitS v1.1 8.3)\n"
        "nowhere: no hex within one hex that this unit may enter (FitS v1.1 8.3)\n")
    assert js(capsys, "reach", s, "--unit", "jp-dd", "--mode", "one-hex") == []
    assert js(capsys, "reach", s, "--unit", "jp-ca", "--mode", "reaction", "--with", "jp-dd") == [
        {"place": None, "hex": "0104", "cost": {"tp": 0, "oil": 1.5}, "hexes": 3}]
    assert ok(capsys, "reach", s, "--unit", "us-ca", "--mode", "reaction", "--at", "West Coast USA").endswith(
        "\nnowhere: no unit can react from an off-map box (FitS v1.1 2.2.4)\n")


def test_reach_errors(tiny, capsys):
    s = tiny / "scenario.yaml"
    code, out, err = run(capsys, "reach", s, "--unit", "jp-xx", "--mode", "one-hex")
    assert code == 2 and err == "chartroom: no unit 'jp-xx' on the map in this scenario; did you mean 'jp-dd'?\n"
    code, out, err = run(capsys, "reach", s, "--unit", "us-ca", "--mode", "reaction")
    assert code == 2 and "several places (0104, West Coast USA): give --at PLACE" in err
    code, out, err = run(capsys, "reach", s, "--unit", "jp-dd", "--mode", "operational", "--with", "jp-dd", "jp-dd")
    assert code == 2 and "no unit 'jp-dd'" in err
    code, out, err = run(capsys, "reach", s, "--unit", "jp-dd", "--mode", "one-hex", "--at", "Trukk")
    assert code == 2 and err.count("\n") == 1 and "did you mean 'Truk'?" in err
    code, out, err = run(capsys, "reach", s, "--unit", "jp-dd", "--mode", "teleport")
    assert code == 2 and err.count("\n") == 1


# --- cost ----------------------------------------------------------------------------------

def test_cost_commands(tiny, capsys):
    g = ("--game", tiny)
    assert ok(capsys, "cost", "sea-deployment", "--unit", "jp-land-4", *g) == "2 TP (FitS v1.1 8.2)\n"
    assert ok(capsys, "cost", "sea-deployment", "--unit", "jp-land-4", *g, "--edition", "2nd") == "4 TP (FitS 2nd 7.1)\n"
    assert js(capsys, "cost", "sea-deployment", "--unit", "jp-dd", "--deployments", "2", "--count", "2", *g) == {
        "tp": 2, "rule": "FitS v1.1 8.2"}
    assert ok(capsys, "cost", "sea-deployment", "--unit", "jp-air", "--steps", "1", *g) == "0.5 TP (FitS v1.1 8.2)\n"
    assert ok(capsys, "cost", "operational", "--units", "jp-ca", "jp-dd", "jp-land-4", "--hexes", "4", *g) == "4 TP, 1.5 Oil Points (FitS v1.1 9.2, 9.3)\n"
    assert js(capsys, "cost", "operational", "--units", "jp-ca", "jp-dd", "--hexes", "5", *g) == {
        "tp": 0, "oil": 2.25, "rule": "FitS v1.1 9.3"}
    # With a land unit aboard the Task Force moves at most 4 hexes (v1.1 9.1, 9.4: as its slowest unit).
    code, _, err = run(capsys, "cost", "operational", "--units", "jp-ca", "jp-dd", "jp-land-4", "--hexes", "5", *g)
    assert code == 2 and "moves at most 4 hexes (its slowest unit), not 5 (FitS v1.1 9.4)" in err
    assert js(capsys, "cost", "operational", "--units", "jp-dd", "jp-dd", "jp-dd", "--hexes", "5", *g, "--edition", "2nd")["oil"] == 3
    assert ok(capsys, "cost", "operational", "--units", "jp-dd", "--hexes", "2", "--turn", "10", "--from-resource-hex", *g).startswith("0 TP, 0 Oil Points (")
    assert ok(capsys, "cost", "dd-transfer", "--count", "3", *g) == "3 TP (FitS v1.1 5.2)\n"
    assert ok(capsys, "cost", "dd-transfer", "--count", "3", *g, "--edition", "2nd") == "6 TP (FitS 2nd 5.2)\n"
    assert js(capsys, "cost", "asw", "--rolls", "3", *g) == {"oil": 1.5, "rule": "FitS v1.1 6.1"}
    assert ok(capsys, "cost", "asw", "--rolls", "3", *g, "--edition", "2nd") == "3 Oil Points (FitS 2nd 5.3)\n"


def test_cost_oil_transport(tiny, capsys):
    s = tiny / "scenario.yaml"
    assert ok(capsys, "cost", "oil-transport", s) == (
        "4 Oil Points for 4 TP (Resource Hexes supplied: Truk; limits: 4 by Resource Hexes, "
        "15 by half the Merchantmen Pool, 4 by TP; FitS v1.1 5.1)\n")
    assert js(capsys, "cost", "oil-transport", s) == {
        "max_oil": 4, "by_resource_hexes": 4, "by_merchantmen_pool": 15, "by_transport_points": 4, "tp_cost": 4,
        "resource_hexes": ["Truk"], "merchantmen_pool": 30, "transport_points": 4, "rule": "FitS v1.1 5.1"}


def test_cost_errors(tiny, capsys):
    code, out, err = run(capsys, "cost", "sea-deployment", "--unit", "jp-ddd", "--game", tiny)
    assert code == 2 and err == "chartroom: no counter 'jp-ddd' in the v1.1 counter mix; did you mean 'jp-dd'?\n"
    code, out, err = run(capsys, "cost", "operational", "--units", *["jp-dd"] * 5, "--hexes", "2", "--game", tiny)
    assert code == 2 and "at most 4 naval units" in err and "FitS v1.1 9.4" in err
    code, out, err = run(capsys, "cost", "sea-deployment", "--unit", "jp-dd", "--deployments", "0", "--game", tiny)
    assert code == 2 and err.count("\n") == 1
    code, out, err = run(capsys, "map", "distance", "Kure", "Trukk", "--game", tiny)
    assert code == 2 and err == "chartroom: 'Trukk' is no place, box or hex on the map; did you mean 'Truk'?\n"
    code, out, err = run(capsys, "supply", tiny / "missing.yaml", "--side", "japan", "--to", "Kure")
    assert code == 2 and err.count("\n") == 1
    code, out, err = run(capsys, "map", "distance", "Kure", "Truk", "--game", "no-such-game")
    assert code == 2 and err.count("\n") == 1


# --- the full map ----------------------------------------------------------------------------

@pytest.fixture
def short():
    if not SHORT.is_file():
        pytest.skip("short-campaign.yaml is not written yet")
    return SHORT


def test_brisbane_supplied_from_the_us_home_base(short, capsys):
    result = js(capsys, "supply", short, "--side", "allied", "--to", "Brisbane", "--nation", "us")
    assert result["supplied"] is True and result["path"][0] == "West Coast USA" and result["path"][-1] == "Brisbane"
    assert result["rule"] == "FitS v1.1 2.2.3.2"


def test_japan_cannot_trace_a_supply_line_to_paramushiro(short, capsys):
    result = js(capsys, "supply", short, "--side", "japan", "--to", "Paramushiro")
    assert result["supplied"] is False and result["path"] == [] and result["reason"]


def test_full_map_commands_run(short, capsys):
    assert ok(capsys, "map", "distance", "Hainan", "Rangoon", "--sea") == "5 hexes by sea\n"
    assert ok(capsys, "map", "distance", "Hainan", "Rangoon") == "2 hexes\n"
    data = js(capsys, "map", "export")
    assert any(s["name"] == "Malaya" for s in data["split_hexes"])
    assert "1309" in js(capsys, "zoc", short, "--side", "allied")          # Port Moresby's air step
    rows = js(capsys, "reach", short, "--unit", "jp-dd", "--mode", "sea-deployment", "--at", "Kure")
    truk = next(r for r in rows if r["place"] == "Truk")
    assert truk["deployments"] == 1 and truk["cost"] == {"tp": 0.5, "oil": 0}


@pytest.mark.parametrize("argv", [  # `map` answers for every game now (tests/test_surface.py)
    ["cost", "asw", "--rolls", "2", "--game", "fire-from-the-skies"],
    ["zoc", "scenarios/pacific-fury/campaign.yaml", "--side", "japan"],
])
def test_fire_in_the_sky_commands_refuse_another_game_and_point_at_its_calculations(argv, capsys, monkeypatch):
    from conftest import ROOT

    monkeypatch.chdir(ROOT)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "answers by Fire in the Sky's rules" in err and "chartroom calc " in err and "\n" not in err.rstrip("\n")
