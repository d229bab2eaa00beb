"""Optional rule "Elite and not-so-elite pilots" (FitS v1.1 18.2.3; 2nd 16.2.3) in the reinforcement schedule aid.

With the rule in use, the scheduled air steps eligible for the Naval Aviation box stop after Turn 4's (v1.1 18.2.3
second paragraph; 2nd 16.2.3), air steps may train for a year (4 turns) instead, and every Japanese carrier arriving as
a reinforcement waits in the Carriers without Planes box for its air group, save CVL (Junyo, Hiyo) on Turn 4 (CV in
the 2nd edition). Without the rule the schedule is as the data writes it.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from conftest import GAME, run_cli
from toolkit.games.fire_in_the_sky import GAME as FITS
from toolkit.games.fire_in_the_sky.naval_aviation import schedule_notes
from toolkit.model.build import load_game
from toolkit.records import replace
from toolkit.render.aids import schedule
from toolkit.render.sitepages import _schedule_rows
from toolkit.session import Session

CAMPAIGN = GAME / "campaign.yaml"


def _variant(tmp_path, rules: list[str], edition: str = "v1.1"):
    base = os.path.relpath(CAMPAIGN, tmp_path).replace(os.sep, "/")
    path = tmp_path / "elite.yaml"
    path.write_text(f'kind: scenario\ngame: fire-in-the-sky\nid: elite\ntitle: "Elite pilots"\nvariant: true\n'
                    f'edition: {edition}\nextends: "{base}"\nreconstructed: "test"\noptional_rules: {rules}\n'
                    + ('markers: {victory_points: {value: 20, source: "FitS 2nd 3.3.10"}}\n' if edition == "2nd" else ""),
                    encoding="utf-8")
    return path


def _opened(path, edition=None):
    loaded = Session().open_scenario(path, edition=edition) if edition else Session().open_scenario(path)
    assert not [f for f in loaded.findings if f.severity == "error"], [f.message for f in loaded.findings]
    return loaded.game, loaded.scenario, loaded.module


def _rows(path, edition=None):
    game, scenario, module = _opened(path, edition)
    sched = schedule(game, scenario, "japan", module)
    return sched, {row["turn"]: row for row in sched["turns"]}


def _eligible(row) -> str | None:
    return next((p["value"] for p in row["points"] if p["name"].casefold() == "naval aviation steps"), None)


def _arrival(row, counter):
    return next(a for a in row["arrivals"] if a["id"] == counter)


def test_without_the_rule_every_eligible_turn_is_listed_and_carriers_arrive_as_normal(tmp_path):
    sched, rows = _rows(_variant(tmp_path, []))
    assert {t for t, row in rows.items() if _eligible(row)} == {2, 4, 6, 8, 10}  # 7.1.1: the schedule's eligible steps
    assert sched["notes"] == ()
    assert _arrival(rows[10], "jp-cv-taiho")["note"] == ""


def test_with_the_rule_no_eligible_steps_after_turn_4(tmp_path):
    sched, rows = _rows(_variant(tmp_path, ["18.2.3"]))
    assert {t for t, row in rows.items() if _eligible(row)} == {2, 4}  # 18.2.3: the Turn 4 steps are the last
    assert _eligible(rows[4]) == "2"
    assert [p["name"] for p in rows[6]["points"]] == ["Submarine points"]  # the other values of the turn stay
    (note,) = sched["notes"]
    assert "FitS v1.1 18.2.3" in note and "turns 6, 8, 10" in note and "Turn Record Track for 4 turns" in note


def test_with_the_rule_carriers_arrive_without_planes_save_junyo_hiyo_on_turn_4(tmp_path):
    _, rows = _rows(_variant(tmp_path, ["18.2.3"]))
    taiho = _arrival(rows[10], "jp-cv-taiho")["note"]
    assert taiho.startswith("to the Carriers without Planes box until 2 air steps") and taiho.endswith("FitS v1.1 18.2.3")
    assert "Carriers without Planes" in _arrival(rows[10], "jp-cvl-chitose-chiyoda")["note"]
    assert _arrival(rows[4], "jp-junyo-hiyo")["note"] == "arrives with its trained air group, FitS v1.1 18.2.3"
    assert _arrival(rows[4], "jp-bb-yamato-musashi")["note"] == ""  # not a carrier


@pytest.mark.parametrize("written", ["16.2.3", "18.2.3"])
def test_the_2nd_edition_reads_its_own_16_2_3(tmp_path, written):
    edition = "2nd" if written == "16.2.3" else "v1.1"
    sched, rows = _rows(_variant(tmp_path, [written], edition), edition=None if edition == "2nd" else "2nd")
    assert {t for t, row in rows.items() if _eligible(row)} == {2, 4}
    assert "FitS 2nd 16.2.3" in sched["notes"][0] and "Game Turn Track" in sched["notes"][0]
    assert "2 Air Strength of air units" in _arrival(rows[10], "jp-cv-taiho")["note"]
    assert _arrival(rows[4], "jp-junyo-hiyo")["note"].startswith("arrives with its trained air group")


def test_another_optional_rule_changes_nothing_and_the_allies_are_untouched(tmp_path):
    sched, rows = _rows(_variant(tmp_path, ["18.2.5"]))
    assert {t for t, row in rows.items() if _eligible(row)} == {2, 4, 6, 8, 10} and sched["notes"] == ()
    game, scenario, module = _opened(_variant(tmp_path, ["18.2.3"]))
    assert schedule(game, scenario, "allied", module)["notes"] == ()
    assert schedule_notes(game, "allied", scenario.optional_rules).withheld == {}


def test_an_edition_without_the_parameter_keeps_its_schedule(tmp_path):
    game, scenario, _ = _opened(_variant(tmp_path, ["18.2.3"]))
    bare = replace(game, edition=replace(game.edition, parameters={k: v for k, v in game.edition.parameters.items()
                                                                    if k != "elite_pilots"}))
    notes = schedule_notes(bare, "japan", scenario.optional_rules)
    assert (notes.withheld, notes.arrivals, notes.notes) == ({}, {}, ())


def test_the_printed_schedule_says_so(tmp_path, capsys):
    out = tmp_path / "aids"
    status, _, err = run_cli(capsys, "aids", _variant(tmp_path, ["18.2.3"]), "-o", out)
    assert status == 0, err
    page = (out / "schedule-japan.html").read_text(encoding="utf-8")
    row = re.search(r'data-turn="6">(.*?)</tr>', page, re.S).group(1)
    assert "Naval aviation steps" not in row and "Submarine points 2" in row
    assert "Optional rule FitS v1.1 18.2.3 in use" in page
    assert "CV (Taiho) x1 <span class=\"small\">(to the Carriers without Planes box" in page
    status, _, err = run_cli(capsys, "aids", _variant(tmp_path, []), "-o", tmp_path / "plain")
    plain = (tmp_path / "plain" / "schedule-japan.html").read_text(encoding="utf-8")
    assert "Naval aviation steps" in re.search(r'data-turn="6">(.*?)</tr>', plain, re.S).group(1)
    assert "Optional rule" not in plain and "Carriers without Planes" not in plain


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 18.2.3"), ("2nd", "FitS 2nd 16.2.3")])
def test_the_game_page_schedule_names_the_rule_that_takes_the_steps_away(edition, rule):
    game = load_game(GAME, edition).game
    rows = {row["turn"]: row["points"] for row in _schedule_rows(game, "japan", FITS)}
    assert "Naval aviation steps 2" in rows[4]  # eligible with or without the rule
    assert f"Naval aviation steps 2 (not with optional rule {rule})" in rows[6]
    assert not any("not with" in p for row in _schedule_rows(game, "allied", FITS) for p in row["points"])


# --- chartroom plan: a carrier reinforcement takes its air group from the Naval Aviation box --------------------------

def _plan(tmp_path, rules: list[str], units: str, start_turn: int | None = None, edition: str = "v1.1"):
    base = os.path.relpath(GAME / "short-campaign.yaml", tmp_path).replace(os.sep, "/")
    (tmp_path / "scenario.yaml").write_text(
        f'kind: scenario\ngame: fire-in-the-sky\nid: elite-short\nvariant: true\nextends: "{base}"\nreconstructed: "test"\n'
        f'optional_rules: {rules}\n' + (f"start_turn: {start_turn}\n" if start_turn else ""), encoding="utf-8")
    path = tmp_path / "plan.yaml"
    path.write_text(f"kind: plan\ngame: fire-in-the-sky\ntitle: carriers\nreconstructed: test\nscenario: scenario.yaml\n"
                    f"side: japan\nsteps:\n  - {{op: reinforcements, at: Kure, units: {units}}}\n", encoding="utf-8")
    return path


def _replay(capsys, path, *options):
    status, out, err = run_cli(capsys, "plan", path, "--format", "json", *options)
    assert status in (0, 1), err
    return status, json.loads(out)


def test_plan_without_the_rule_a_new_carrier_brings_its_planes(tmp_path, capsys):
    status, data = _replay(capsys, _plan(tmp_path, [], "[jp-cv-taiho, jp-cvl-chitose-chiyoda]"))
    assert status == 0, data["error"]
    assert "Naval Aviation" not in data["ledger"][-1]["text"]


def test_plan_with_the_rule_a_carrier_takes_its_air_group_from_the_box(tmp_path, capsys):
    """The Short Campaign's Naval Aviation box holds 2 air steps (v1.1 19.0); CV (Taiho), Air Strength 2, takes both
    (v1.1 18.2.3, 7.1.1: one step per Air Strength); CVL (Chitose, Chiyoda) then finds the box empty."""
    status, data = _replay(capsys, _plan(tmp_path, ["18.2.3"], "[jp-cv-taiho]"))
    assert status == 0, data["error"]
    assert "jp-cv-taiho (air group: 2 air steps from the Naval Aviation box, 2 > 0)" in data["ledger"][-1]["text"]
    path = _plan(tmp_path, ["18.2.3"], "[jp-cv-taiho, jp-cvl-chitose-chiyoda]")
    status, data = _replay(capsys, path)
    error = data["error"]
    assert status == 1 and error["code"] == "PLAN-REINFORCEMENTS" and error["rule"] == "FitS v1.1 18.2.3"
    assert "jp-cvl-chitose-chiyoda arrives without planes" in error["message"] and "the box holds 0" in error["message"]
    assert error["line"] == 8  # the step's line in plan.yaml


def test_plan_with_the_rule_in_the_2nd_edition(tmp_path, capsys):
    status, data = _replay(capsys, _plan(tmp_path, ["18.2.3"], "[jp-cv-taiho, jp-cvl-chitose-chiyoda]"), "--edition", "2nd")
    assert status == 1 and data["error"]["rule"] == "FitS 2nd 16.2.3"
    assert "2 Air Strength of air units from the Naval Aviation box" in data["error"]["message"]


def test_plan_junyo_hiyo_arrives_trained_on_turn_4_only(tmp_path, capsys):
    """18.2.3: CVL (Junyo, Hiyo) arriving on Turn 4 has its trained air group; on another turn it needs one."""
    status, data = _replay(capsys, _plan(tmp_path, ["18.2.3"], "[jp-cv-taiho, jp-junyo-hiyo]", start_turn=4))
    assert status == 0, data["error"]
    status, data = _replay(capsys, _plan(tmp_path, ["18.2.3"], "[jp-cv-taiho, jp-junyo-hiyo]"))
    assert status == 1 and "jp-junyo-hiyo arrives without planes" in data["error"]["message"]


def test_a_spoiled_parameter_falls_back_to_the_rules_numbers(tmp_path):
    """Values of the wrong type in ``elite_pilots`` (a hand-edited edition file) give 18.2.3's own numbers, no traceback."""
    game, scenario, _ = _opened(_variant(tmp_path, ["18.2.3"]))
    spoiled = {"optional_rule": "18.2.3", "naval_aviation_last_turn": "4", "trained_on_arrival": ["jp-junyo-hiyo"],
               "carrier_classes": "CV", "air_noun": 7}
    bare = replace(game, edition=replace(game.edition, parameters={**game.edition.parameters, "elite_pilots": spoiled}))
    notes = schedule_notes(bare, "japan", scenario.optional_rules)
    assert sorted(t for t, _ in notes.withheld) == [6, 8, 10] and "air steps" in notes.notes[0]
    assert "Carriers without Planes" in notes.arrivals[(10, "jp-cv-taiho")]
