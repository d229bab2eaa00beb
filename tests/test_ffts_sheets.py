"""FFTS 2.1: each scenario comes with its own plotting sheet. The Midway scenario names its own
(`map: midway-sheet.yaml`); its checks, calculations and aids measure on that sheet, the Coral Sea
demonstration on the game's."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import ROOT, run_cli
from toolkit.session import Session

GAME = ROOT / "scenarios" / "fire-from-the-skies"
MIDWAY = GAME / "midway.yaml"


def _calc(capsys, *argv):
    status, out, err = run_cli(capsys, "calc", "fire-from-the-skies", *argv, "--format", "json")
    assert status == 0, err
    return json.loads(out)["result"]


def test_midway_is_played_on_its_own_sheet_and_coral_sea_on_the_games():
    midway = Session().open_scenario(MIDWAY)
    assert midway.errors() == []
    sheet = midway.game.map
    assert (sheet.sheet.columns, sheet.sheet.rows) == (14, 12) and set(sheet.places) == {"Midway", "Kure Atoll"}
    coral = Session().open_scenario(GAME / "coral-sea.yaml")
    assert (coral.game.map.sheet.columns, coral.game.map.sheet.rows) == (16, 14) and "Rossel Island" in coral.game.map.places


def test_a_task_force_off_the_scenarios_own_sheet_is_reported(tmp_path, capsys):
    # 1512 is on the Coral Sea sheet (16 x 14) but not on Midway's (14 x 12): FFTS 3.2, 5.6.
    folder = tmp_path / "ffts"
    shutil.copytree(GAME, folder)
    text = (folder / "midway.yaml").read_text(encoding="utf-8").replace('hex: "1006"', 'hex: "1512"')
    (folder / "midway.yaml").write_text(text, encoding="utf-8")
    line = next(i for i, x in enumerate(text.splitlines(), 1) if '"1512"' in x)
    status, out, _ = run_cli(capsys, "check", folder / "midway.yaml")
    assert status == 1 and f"midway.yaml:{line}:" in out and "FFTS-TF-HEX" in out, out
    # The same hex with the scenario on the game's sheet (no map:) is on the sheet.
    (folder / "midway.yaml").write_text(text.replace("map: midway-sheet.yaml\n", ""), encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", folder / "midway.yaml")
    assert "FFTS-TF-HEX" not in out, out


def test_bearing_on_the_scenarios_sheet_by_place_and_task_force(capsys):
    # Midway 1009 to Task Force A 0707: two columns west, 4 hexes, north-west (worked on the odd-q grid by hand).
    result = _calc(capsys, "bearing", "--from", "Midway", "--to", "TF A", "--scenario", str(MIDWAY))
    assert (result["from"], result["to"], result["range"]) == ("1009", "0707", 4)
    assert 300 < result["bearing"] < 330
    back = _calc(capsys, "bearing", "--from", "a", "--to", "midway", "--scenario", str(MIDWAY))  # names are not case-sensitive
    assert back["range"] == 4 and back["bearing"] == pytest.approx((result["bearing"] + 180) % 360)
    assert _calc(capsys, "bearing", "--from", "16", "--to", "Kure Atoll", "--scenario", str(MIDWAY))["from"] == "1006"


def test_names_and_hexes_off_the_sheet_are_refused_with_a_suggestion(capsys):
    status, _, err = run_cli(capsys, "calc", "fire-from-the-skies", "bearing", "--from", "Midwya", "--to", "0707", "--scenario", str(MIDWAY))
    assert status == 2 and "did you mean 'Midway'?" in err and "Traceback" not in err
    status, _, err = run_cli(capsys, "calc", "fire-from-the-skies", "bearing", "--from", "1512", "--to", "0707", "--scenario", str(MIDWAY))
    assert status == 2 and "1512 is not on the plotting sheet" in err
    # Without --scenario the game's sheet holds 1512 and knows no Midway.
    assert _calc(capsys, "bearing", "--from", "1512", "--to", "0707")["range"] > 0
    status, _, err = run_cli(capsys, "calc", "fire-from-the-skies", "bearing", "--from", "Midway", "--to", "0707")
    assert status == 2 and "no hex id" in err


def test_a_search_from_midway_stays_on_midways_sheet(capsys):
    result = _calc(capsys, "search", "--from", "Midway", "--arc", "270", "360", "--range", "6", "--launch", "1", "--scenario", str(MIDWAY))
    covered = {h for hexes in result["covered"].values() for h in hexes}
    assert result["origin"] == "1009" and covered
    assert all(int(h[:2]) <= 14 and int(h[2:]) <= 12 for h in covered)
    assert "0707" in covered  # Task Force A lies 4 hexes out at about 314 degrees, inside the 270-360 arc


def test_the_aids_of_midway_draw_its_own_sheet(tmp_path, capsys):
    status, _, err = run_cli(capsys, "aids", MIDWAY, "-o", tmp_path / "out")
    assert status == 0, err
    sheet = (tmp_path / "out" / "plotting-sheet.html").read_text(encoding="utf-8")
    assert "Midway" in sheet and "Kure" in sheet and "Rossel" not in sheet


def test_diff_names_the_sheet_each_scenario_plays_on(capsys):
    status, out, _ = run_cli(capsys, "diff", GAME / "coral-sea.yaml", MIDWAY, "--format", "json")
    assert status in (0, 1)
    first = json.loads(out)["differences"][0]
    assert first["section"] == "map" and first["a"] == "the game's map" and first["b"].endswith("midway-sheet.yaml")
    status, out, _ = run_cli(capsys, "diff", MIDWAY, MIDWAY)
    assert "map:" not in out and out.endswith("no differences\n")


def test_fmt_keeps_map_beside_the_scenarios_lead_keys(tmp_path, capsys):
    copy = tmp_path / "m.yaml"
    text = MIDWAY.read_text(encoding="utf-8")
    copy.write_text(text.replace("map: midway-sheet.yaml\n", "") + "map: midway-sheet.yaml\n", encoding="utf-8")  # last
    status, _, _ = run_cli(capsys, "fmt", copy)
    assert status == 0
    def lines(t):  # fmt keeps blank lines where they stood; the keys' order is what is asserted
        return [x for x in t.splitlines() if x.strip()]

    assert lines(copy.read_text(encoding="utf-8")) == lines(text)


def test_a_name_shared_by_a_place_and_a_task_force_is_refused_and_hex_ids_come_first(tmp_path, capsys):
    folder = tmp_path / "ffts"
    shutil.copytree(GAME, folder)
    sheet = folder / "midway-sheet.yaml"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("name: Kure Atoll", "name: A"), encoding="utf-8")
    scenario = str(folder / "midway.yaml")
    status, _, err = run_cli(capsys, "calc", "fire-from-the-skies", "bearing", "--from", "a", "--to", "Midway", "--scenario", scenario)
    assert status == 2 and "names both place A and task force A" in err, err
    assert _calc(capsys, "bearing", "--from", "TF A", "--to", "Midway", "--scenario", scenario)["from"] == "0707"
    assert _calc(capsys, "bearing", "--from", "Task Force A", "--to", "Midway", "--scenario", scenario)["from"] == "0707"
    assert _calc(capsys, "bearing", "--from", "0909", "--to", "Midway", "--scenario", scenario)["from"] == "0909"
