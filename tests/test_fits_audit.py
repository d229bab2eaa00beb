"""Fire in the Sky rules-fidelity audit: each test holds one rule clause, in both editions where they
differ, with a case the rule refuses and one it allows. v1.1 is the MMP rulebook, 2nd the Phalanx edition."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from conftest import GAME, ROOT, run_cli

# --- cost: who may react, who pays TP, which rule prices the move ------------------------------------------------

@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 10.1"), ("2nd", "FitS 2nd 9.0")])
def test_only_naval_units_react_in_cost(capsys, edition, rule):
    # v1.1 10.1; 2nd 9.0: only the non-phasing player's naval units react; a land or air unit has no reaction price.
    status, out, err = run_cli(capsys, "cost", "operational", "--units", "jp-ca", "jp-land-4", "--hexes", "2", "--reaction",
                               "--edition", edition)
    assert (status, out) == (2, "") and err == f"chartroom: only naval units react, not jp-land-4 ({rule})\n"
    status, out, err = run_cli(capsys, "cost", "operational", "--units", "jp-ca", "--hexes", "2", "--reaction",
                               "--edition", edition)
    assert (status, err) == (0, "") and out.endswith(f"({rule})\n")


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 17.4"), ("2nd", "FitS 2nd 15.4")])
def test_dutch_units_spend_no_transport_points_in_cost(capsys, edition, rule):
    # v1.1 17.4; 2nd 15.4: the Netherlands get no TP: no Dutch Sea Deployment, no Operational Movement of the ABDA unit.
    status, out, err = run_cli(capsys, "cost", "sea-deployment", "--unit", "nl-cl", "--edition", edition)
    assert (status, out) == (2, "") and "the Netherlands receive no Transport Points" in err and err.endswith(f"({rule})\n")
    status, out, err = run_cli(capsys, "cost", "operational", "--units", "nl-abda", "--hexes", "2", "--edition", edition)
    assert (status, out) == (2, "") and "nl-abda" in err and err.endswith(f"({rule})\n")
    # Dutch ships move operationally like any Allied naval unit: free (v1.1 9.3; 2nd 8.4).
    status, out, err = run_cli(capsys, "cost", "operational", "--units", "nl-cl", "nl-dd", "--hexes", "2", "--edition", edition)
    assert (status, out, err)[:2] == (0, f"0 TP, 0 Oil Points ({'FitS v1.1 9.3' if edition == 'v1.1' else 'FitS 2nd 8.4'})\n")
    # A British unit, with TP of its own, is priced as before.
    assert run_cli(capsys, "cost", "sea-deployment", "--unit", "br-dd", "--edition", edition)[0] == 0


@pytest.mark.parametrize("units, v11, second", [
    (["jp-land-4"], "4 TP, 0 Oil Points (FitS v1.1 9.2)", "8 TP, 0 Oil Points (FitS 2nd 8.2)"),
    (["jp-air"], "2 TP, 0 Oil Points (FitS v1.1 9.2)", "4 TP, 0 Oil Points (FitS 2nd 8.3)"),
    (["jp-ca", "jp-dd", "jp-land-4"], "4 TP, 1.5 Oil Points (FitS v1.1 9.2, 9.3)", "8 TP, 1.5 Oil Points (FitS 2nd 8.2, 8.4)"),
    (["jp-ca", "jp-air"], "2 TP, 1 Oil Point (FitS v1.1 9.2, 9.3)", "4 TP, 1 Oil Point (FitS 2nd 8.3, 8.4)"),
    (["jp-ca", "jp-dd"], "0 TP, 1.5 Oil Points (FitS v1.1 9.3)", "0 TP, 1.5 Oil Points (FitS 2nd 8.4)"),
])
def test_operational_cost_cites_the_rules_that_price_it(capsys, units, v11, second):
    # Land and air TP: v1.1 9.2 (x1, the 9.2 example: a 2-step air unit pays 2 TP); 2nd 8.2 (land) and 8.3 (air), x2.
    # Japanese naval Oil: v1.1 9.3; 2nd 8.4. The citation was 9.3 / 8.4 whatever the Task Force held.
    assert run_cli(capsys, "cost", "operational", "--units", *units, "--hexes", "4") == (0, v11 + "\n", "")
    assert run_cli(capsys, "cost", "operational", "--units", *units, "--hexes", "4", "--edition", "2nd") == (0, second + "\n", "")


# --- citations of the data --------------------------------------------------------------------------------------

def test_land_units_end_sea_movement_on_land_cites_2nd_3_2_3():
    # 2nd 3.2.3 (Land Hexes) says land units end their sea movement or One-hex Deployment in a land hex; 3.1.3 is the
    # land units' counters (full and reduced sides). v1.1 has no such clause (9.2.3: they land or go back to base).
    editions = {e: YAML(typ="safe").load((GAME / "editions" / f"{e}.yaml").read_text(encoding="utf-8"))["parameters"]
                for e in ("v1.1", "2nd")}
    second = editions["2nd"]["operational_land_units_end_on_land"]
    assert second["value"] is True and second["source"] == "FitS 2nd 3.2.3"
    assert editions["v1.1"]["operational_land_units_end_on_land"]["value"] is False


# --- Allied Base Expansion in the stacking check and in a plan (v1.1 17.2; 2nd 15.2) ---------------------------------

@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 2.2.3, 17.2"), ("2nd", "FitS 2nd 3.3.1, 15.2")])
def test_stack_air_over_an_expanded_capacity_cites_base_expansion(capsys, edition, rule):
    # Turn 6: Midway (Air 2) holds 4 Allied steps (x2); 5 are one too many, and the limit broken is 17.2's / 15.2's.
    status, out, _ = run_cli(capsys, "check", ROOT / "tests/checks/stack-air-expansion-fail.yaml", "--edition", edition,
                             "--format", "json")
    found = [f for f in json.loads(out) if f["code"] == "STACK-AIR"]
    assert status == 1 and len(found) == 1 and found[0]["rule"] == rule
    assert "Air Capacity 4 (printed 2 x2 Allied Base Expansion)" in found[0]["message"]
    status, out, _ = run_cli(capsys, "check", ROOT / "tests/checks/stack-air-pass.yaml", "--edition", edition, "--format", "json")
    assert status == 0


# --- STACK-LAND: the reduced-unit note only when a reduced unit is in the stack (v1.1 2.1.1.3; 2nd 3.1.3) --------------

def _midway_marines(tmp_path, reduced: bool) -> Path:
    """A 4-Transport US Marine unit beside the 2 already on Midway (an atoll, Land Capacity 4)."""
    path = tmp_path / "midway.yaml"
    path.write_text(f"""kind: scenario
game: fire-in-the-sky
extends: {os.path.relpath(GAME / "short-campaign.yaml", tmp_path)}
reconstructed: "a test situation"
setup:
  - at: Midway
    side: allied
    source: "test"
    units:
      - {{counter: us-marine-4, reduced: {str(reduced).lower()}}}
""", encoding="utf-8")
    return path


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 2.2.2.1"), ("2nd", "FitS 2nd 3.3.1")])
@pytest.mark.parametrize("reduced", [False, True])
def test_stack_land_names_reduced_units_only_when_one_is_there(tmp_path, capsys, edition, rule, reduced):
    status, out, _ = run_cli(capsys, "check", _midway_marines(tmp_path, reduced), "--edition", edition, "--format", "json")
    found = [f for f in json.loads(out) if f["code"] == "STACK-LAND"]
    assert status == 1 and len(found) == 1 and found[0]["rule"] == rule
    assert found[0]["message"].startswith("Midway is an atoll with Land Capacity 4; Allied land units there total Transport 6")
    # A reduced 4 still counts 4 (v1.1 2.1.1.3; 2nd 3.1.3): said when a reduced unit is in the stack, and only then.
    assert ("(a reduced unit still counts its full rating)" in found[0]["message"]) is reduced


def _expansion_plan(tmp_path, turn: int, steps: str) -> str:
    """An Allied plan on ``turn``: US air from Pearl Harbor to Midway (Air Capacity 2, 2 US steps at the start)."""
    base = os.path.relpath(GAME / "short-campaign.yaml", tmp_path)
    (tmp_path / "turn.yaml").write_text(f"""kind: scenario
game: fire-in-the-sky
extends: {base}
reconstructed: "a test situation: Turn {turn}, 3 US air steps at Pearl Harbor"
start_turn: {turn}
remove_turn_track:
  - {{turn: 3, side: allied, reconstructed: "arrived", units: [{{counter: us-bb-maryland-west-virginia}}, {{counter: us-bb-california-tennessee}}, {{counter: us-bb-nevada-oklahoma}}]}}
setup:
  - {{at: Pearl Harbor, side: allied, source: "test", units: [{{counter: us-air, steps: 2}}, {{counter: us-air, steps: 1}}]}}
""", encoding="utf-8")
    (tmp_path / "plan.yaml").write_text(f"""kind: plan
game: fire-in-the-sky
title: hand-made
reconstructed: "a test situation"
scenario: turn.yaml
side: allied
steps:
  - {{op: sea-deployment, units: [{steps}], from: Pearl Harbor, to: Midway}}
  - {{op: end-of-phase, phase: First Deployment Phase}}
""", encoding="utf-8")
    return str(tmp_path / "plan.yaml")


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 2.2.3, 17.2"), ("2nd", "FitS 2nd 3.3.1, 15.2")])
def test_plan_stacking_applies_allied_base_expansion(tmp_path, capsys, edition, rule):
    two = "{counter: us-air, steps: 2}"
    # Turn 6: 2 + 2 steps fill Midway's doubled Air Capacity 4: legal (it was refused against the printed 2).
    status, out, err = run_cli(capsys, "plan", _expansion_plan(tmp_path, 6, two), "--edition", edition)
    assert status == 0, out + err
    # Turn 5, before the expansion: the same move is over the printed 2.
    status, out, err = run_cli(capsys, "plan", _expansion_plan(tmp_path, 5, two), "--edition", edition)
    assert status == 1 and "Midway holds 4 air steps, over its Air Capacity 2 (" in out + err
    # Turn 6 with 5 steps: over the doubled 4, citing the expansion rule.
    status, out, err = run_cli(capsys, "plan", _expansion_plan(tmp_path, 6, two + ", {counter: us-air, steps: 1}"), "--edition", edition)
    assert status == 1
    assert f"Midway holds 5 air steps, over its Air Capacity 4 (printed 2 x2 Allied Base Expansion) ({rule})" in out + err


@pytest.mark.parametrize("plan, words, rule", [("example-of-play.yaml", "fractions dropped", "FitS v1.1 2.1.2.1"),
                                               ("example-of-play-2nd.yaml", "fractions kept", "FitS 2nd 3.5")])
def test_plan_end_of_phase_says_what_happens_to_fractions(capsys, plan, words, rule):
    # v1.1 2.1.2.1 drops a total's fractions at the end of a phase (15.25 Oil -> 11 after the Operational Movement
    # Phase's 11.75); the 2nd edition keeps its halves (23.5 stays 23.5), but the row said "fractions dropped" in both.
    status, out, err = run_cli(capsys, "plan", GAME / "plans" / plan)
    assert status == 0, err
    assert f"End of Operational Movement Phase: {words}, stacking checked ({rule})" in out


# --- 2nd 3.2.3: land units carried by sea end in a land hex ----------------------------------------------------------

def _land_at_sea(tmp_path, at: str, edition: str) -> str:
    base = os.path.relpath(GAME / "short-campaign.yaml", tmp_path)
    path = tmp_path / f"land-at-sea-{edition}.yaml"
    # The 2nd edition's track starts at 20 (3.3.10): 5 there would be an Allied win already (4.3, MARKER-VP-WON).
    vp = "markers: {victory_points: {value: 25, reconstructed: \"19.0's 5 on the 2nd edition's track\"}}\n" if edition == "2nd" else ""
    path.write_text(f"""kind: scenario
game: fire-in-the-sky
extends: {base}
reconstructed: "a test situation: a Task Force carrying a land unit after Operational Movement"
edition: {edition}
{vp}remove:
  - {{at: Yokosuka, side: japan, reconstructed: "it sailed", units: [{{counter: jp-land-4}}]}}
  - {{at: Kure, side: japan, reconstructed: "it sailed", units: [{{counter: jp-dd}}]}}
setup:
  - {{at: "{at}", side: japan, source: "test", units: [{{counter: jp-dd, task_force: true}}, {{counter: jp-land-4, task_force: true}}]}}
""", encoding="utf-8")
    return str(path)


def test_land_unit_in_a_task_force_ends_in_a_land_hex_in_the_2nd_edition(tmp_path, capsys):
    # 2nd 3.2.3: land units end their sea movement (Operational Movement included) by entering a land hex.
    status, out, _ = run_cli(capsys, "check", _land_at_sea(tmp_path, "1409", "2nd"), "--format", "json")
    found = [f for f in json.loads(out) if f["code"] == "PLACE-LAND"]
    assert status == 1 and len(found) == 1 and found[0]["rule"] == "FitS 2nd 3.2.3"
    assert "in a Task Force" in found[0]["message"] and "1409" in found[0]["message"]
    # The same Task Force at Lae (a land hex, a base) is legal.
    status, out, _ = run_cli(capsys, "check", _land_at_sea(tmp_path, "Lae", "2nd"), "--format", "json")
    assert status == 0 and not [f for f in json.loads(out) if f["code"] == "PLACE-LAND"]
    # v1.1 9.2.3: a Task Force carries it to any hex; it lands there or returns to base.
    status, out, _ = run_cli(capsys, "check", _land_at_sea(tmp_path, "1409", "v1.1"), "--format", "json")
    assert status == 0 and not [f for f in json.loads(out) if f["code"] == "PLACE-LAND"]


# --- plan: one type of deployment per unit and phase, One-hex only in the First (v1.1 8.1, 8.3; 2nd 7.0, 7.2, 13.0) ----

def _japanese_plan(tmp_path, steps: str) -> str:
    """A Japanese plan of ``steps`` on the Short Campaign as it is (see _turn_plan, below)."""
    return _turn_plan(tmp_path, steps, "japan")


AIR_ONE_HEX = "  - {op: one-hex-deployment, units: [{counter: jp-air, steps: 2}], from: Formosa, to: Okinawa}\n"
AIR_ONE_HEX_BACK = "  - {op: one-hex-deployment, units: [{counter: jp-air, steps: 2}], from: Okinawa, to: Formosa}\n"
AIR_SEA = "  - {op: sea-deployment, units: [{counter: jp-air, steps: 2}], from: Formosa, to: Okinawa}\n"
AIR_SEA_BACK = "  - {op: sea-deployment, units: [{counter: jp-air, steps: 2}], from: Okinawa, to: Formosa}\n"
LAND_ONE_HEX = "  - {op: one-hex-deployment, units: [jp-land-4], from: Yokosuka, to: Kure}\n"
END_FIRST = "  - {op: end-of-phase, phase: First Deployment Phase}\n"


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 8.1"), ("2nd", "FitS 2nd 7.0")])
@pytest.mark.parametrize("steps, why", [
    (AIR_SEA + AIR_ONE_HEX_BACK, "made a Sea Deployment in this phase and may not also make a One-hex Deployment"),
    (AIR_ONE_HEX + AIR_SEA_BACK, "made a One-hex Deployment in this phase and may not also make a Sea Deployment"),
    (AIR_ONE_HEX + AIR_ONE_HEX_BACK, "made a One-hex Deployment in this phase and moves one hex only"),
    (AIR_SEA + END_FIRST + AIR_ONE_HEX_BACK, "One-hex Deployment is made only in the First Deployment Phase"),
])
def test_plan_refuses_a_second_type_of_deployment(tmp_path, capsys, edition, rule, steps, why):
    status, out, err = run_cli(capsys, "plan", _japanese_plan(tmp_path, steps), "--edition", edition)
    assert status == 1 and "PLAN-DEPLOYMENT" in out + err and why in out + err and f"({rule})" in out + err


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
@pytest.mark.parametrize("steps", [
    AIR_SEA + AIR_SEA_BACK,                     # Sea Deployment repeated in one phase (v1.1 8.2; 2nd 7.1)
    AIR_ONE_HEX + LAND_ONE_HEX,                 # two units, each one One-hex Deployment
    AIR_ONE_HEX + END_FIRST + AIR_SEA_BACK,     # One-hex in the First Deployment Phase, Sea Deployment in the Second
])
def test_plan_allows_one_type_of_deployment_per_phase(tmp_path, capsys, edition, steps):
    status, out, err = run_cli(capsys, "plan", _japanese_plan(tmp_path, steps), "--edition", edition)
    assert status == 0, out + err


# --- plan: reinforcements at a Home Base of their nation (v1.1 7.1, 2.2.3.1, 17.4; 2nd 6.1, 3.3.3, 15.4) -------------

def _reinforcements(tmp_path, side: str, at: str, unit: str) -> str:
    path = tmp_path / "arrive.yaml"
    path.write_text(f"""kind: plan
game: fire-in-the-sky
title: hand-made
reconstructed: "a test situation"
scenario: {os.path.relpath(GAME / "short-campaign.yaml", tmp_path)}
side: {side}
steps:
  - {{op: reinforcements, at: "{at}", units: [{unit}]}}
""", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 7.1"), ("2nd", "FitS 2nd 6.1")])
@pytest.mark.parametrize("side, at, unit, why", [
    ("japan", "Truk", "jp-dd", "jp-dd arrives at a Home Base of its nation (Kure, Yokosuka), not at Truk"),
    ("allied", "West Coast USA", "br-dd", "br-dd arrives at a Home Base of its nation (Indian Ocean Ports), not at West Coast USA"),
    ("allied", "Surabaya", "nl-dd", "nl-dd arrives at a Home Base of its nation (none"),
    ("japan", "Kure", "us-dd", "us-dd is not a unit of the Japanese player"),
])
def test_plan_refuses_reinforcements_away_from_their_home_base(tmp_path, capsys, edition, rule, side, at, unit, why):
    status, out, err = run_cli(capsys, "plan", _reinforcements(tmp_path, side, at, unit), "--edition", edition)
    assert status == 1 and "PLAN-REINFORCEMENTS" in out + err and why in out + err and f"({rule})" in out + err


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
@pytest.mark.parametrize("side, at, unit", [
    ("japan", "Yokosuka", "jp-dd"), ("japan", "Kure Holding Box", "jp-dd"), ("allied", "West Coast USA", "us-dd"),
    ("allied", "Indian Ocean Ports", "br-dd"),
])
def test_plan_places_reinforcements_at_their_home_base(tmp_path, capsys, edition, side, at, unit):
    status, out, err = run_cli(capsys, "plan", _reinforcements(tmp_path, side, at, unit), "--edition", edition)
    assert status == 0, out + err


# --- plan: no Japanese reinforcements while both Home Bases are occupied by Allied units (v1.1 7.1; 2nd 6.1) ----------

def _turn_plan(tmp_path, steps: str, side: str = "allied", extra: str = "") -> str:
    """A plan of ``side`` with ``steps`` on the Short Campaign, Turn 2, changed by ``extra`` (sections of the scenario)."""
    (tmp_path / "turn.yaml").write_text(f"""kind: scenario
game: fire-in-the-sky
extends: {os.path.relpath(GAME / "short-campaign.yaml", tmp_path)}
reconstructed: "a test situation: the Short Campaign, Turn 2"
{extra}""", encoding="utf-8")
    (tmp_path / "plan.yaml").write_text(f"""kind: plan
game: fire-in-the-sky
title: hand-made
reconstructed: "a test situation"
scenario: turn.yaml
side: {side}
steps:
{steps}""", encoding="utf-8")
    return str(tmp_path / "plan.yaml")


def _home_bases_plan(tmp_path, setup: str, control: str, units: str, at: str = "Kure") -> str:
    """A Japanese Reinforcement Phase on a Short Campaign where ``setup`` puts Allied units at the Home Bases."""
    return _turn_plan(tmp_path, f"  - {{op: reinforcements, at: {at}{units}}}\n", "japan", f"{control}setup:\n{setup}")


MARINES_AT_KURE = '  - {at: Kure, side: allied, source: "test", units: [{counter: us-marine-4}]}\n'
ARMY_AT_YOKOSUKA = '  - {at: Yokosuka, side: allied, source: "test", units: [{counter: us-land-8}]}\n'
US_AIR_AT_YOKOSUKA = '  - {at: Yokosuka, side: allied, source: "test", units: [{counter: us-air, steps: 2}]}\n'
YOKOSUKA_ALLIED = 'control:\n  - {base: Yokosuka, side: allied, source: "test"}\n'


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 7.1"), ("2nd", "FitS 2nd 6.1")])
@pytest.mark.parametrize("setup, control", [
    (MARINES_AT_KURE + ARMY_AT_YOKOSUKA, ""),                   # both still Japanese, Allied land units ashore in both
    (MARINES_AT_KURE + US_AIR_AT_YOKOSUKA, YOKOSUKA_ALLIED),    # Yokosuka already taken (Allied-controlled)
])
def test_plan_refuses_japanese_reinforcements_with_both_home_bases_occupied(tmp_path, capsys, edition, rule, setup, control):
    status, out, err = run_cli(capsys, "plan", _home_bases_plan(tmp_path, setup, control, ", units: [jp-dd]"), "--edition", edition)
    assert status == 1 and "PLAN-REINFORCEMENTS" in out + err, out + err
    assert (f"both Japanese Home Bases (Kure, Yokosuka) are occupied by Allied units: Japan receives no reinforcements this "
            f"turn; they wait on the Turn Record Track (Turn 3) until a Home Base is liberated ({rule})") in out + err


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_plan_places_japanese_reinforcements_while_a_home_base_is_free(tmp_path, capsys, edition):
    # Only Kure occupied: the reinforcements arrive at Yokosuka.
    plan = _home_bases_plan(tmp_path, MARINES_AT_KURE, "", ", units: [jp-dd]", at="Yokosuka")
    status, out, err = run_cli(capsys, "plan", plan, "--edition", edition)
    assert status == 0, out + err
    # Allied air at Yokosuka, a Japanese base, occupies nothing: only land units occupy (v1.1 12.3.5; 2nd 11.2.6).
    plan = _home_bases_plan(tmp_path, MARINES_AT_KURE + US_AIR_AT_YOKOSUKA, "", ", units: [jp-dd]", at="Yokosuka")
    status, out, err = run_cli(capsys, "plan", plan, "--edition", edition)
    assert status == 0, out + err
    # Both occupied, no unit placed: the step still resets the TP (v1.1 7.3; 2nd 6.2) and says why none arrive.
    plan = _home_bases_plan(tmp_path, MARINES_AT_KURE + ARMY_AT_YOKOSUKA, "", "")
    status, out, err = run_cli(capsys, "plan", plan, "--edition", edition)
    assert status == 0 and "Reinforcements at Kure: none (both Japanese Home Bases are occupied by Allied units)" in out, out + err


# --- plan: optional rule "You need to unpack your things" (v1.1 18.1.8; 2nd 16.1.8) ----------------------------------

LAE_AIR = re.compile(r"^  - \{op: sea-deployment, units: \[jp-air\], from: Truk, to: Lae.*\n", re.M)


def _unpack_plan(tmp_path, plan: str, optional: str, keep_lae_air: bool = True) -> str:
    """The bundled Example of Play plan on a Short Campaign using ``optional`` (its air deployment to Lae kept, or sent to Palau)."""
    (tmp_path / "unpack.yaml").write_text(f"""kind: scenario
game: fire-in-the-sky
extends: {os.path.relpath(GAME / "short-campaign.yaml", tmp_path)}
reconstructed: "a test: the Short Campaign and its optional rules, with or without the one under test"
optional_rules: [{optional}]
""", encoding="utf-8")
    text = (GAME / "plans" / plan).read_text(encoding="utf-8").replace("scenario: ../short-campaign.yaml", "scenario: unpack.yaml")
    assert len(LAE_AIR.findall(text)) == 1
    if not keep_lae_air:  # the air steps go to Palau (Japanese from the start) instead: the same 1 TP
        text = LAE_AIR.sub(lambda m: m.group(0).replace("to: Lae", "to: Palau"), text)
    (tmp_path / "plan.yaml").write_text(text, encoding="utf-8")
    return str(tmp_path / "plan.yaml")


@pytest.mark.parametrize("plan, rule", [("example-of-play.yaml", "FitS v1.1 18.1.8"),
                                        ("example-of-play-2nd.yaml", "FitS 2nd 16.1.8")])
@pytest.mark.parametrize("optional", ['"18.1.8"', '"16.1.8"'])  # either edition's number names the rule
def test_plan_refuses_air_deployment_to_a_base_captured_this_turn(tmp_path, capsys, plan, rule, optional):
    # Lae is taken at step 38 (control); the Second Deployment Phase's air to Lae (step 40) breaks the optional rule.
    status, out, err = run_cli(capsys, "plan", _unpack_plan(tmp_path, plan, optional))
    assert status == 1 and "PLAN-DEPLOYMENT: step 40: jp-air: air units may not deploy to Lae, captured this turn (step 38) " \
        f"({rule})" in out + err, out + err


@pytest.mark.parametrize("plan", ["example-of-play.yaml", "example-of-play-2nd.yaml"])
def test_plan_deploys_to_a_captured_base_as_the_rules_in_use_allow(tmp_path, capsys, plan):
    # Without the optional rule the air steps deploy to Lae as the Example of Play does.
    status, out, err = run_cli(capsys, "plan", _unpack_plan(tmp_path, plan, ""))
    assert status == 0, out + err
    # With it, ships still deploy to Singapore, captured this turn too, and air to Palau: only air to a captured base is held back.
    status, out, err = run_cli(capsys, "plan", _unpack_plan(tmp_path, plan, '"18.1.8"', keep_lae_air=False))
    assert status == 0 and "Sea Deployment Kure > Singapore: 2 x jp-dd" in out, out + err


# --- plan: Allied Off-Map Box Movement in the Reinforcement Phase (v1.1 7.5; 2nd 6.4) -----------------------------------

NEW_DD = "  - {op: reinforcements, at: West Coast USA, units: [us-dd]}\n"
DD_TO_PEARL = "  - {op: off-map-box-movement, units: [us-dd], from: West Coast USA, to: Pearl Harbor}\n"
PEARL_JAPANESE = 'control:\n  - {base: Pearl Harbor, side: japan, source: "test"}\n'
SNLF_AT_PEARL = 'setup:\n  - {at: Pearl Harbor, side: japan, source: "test", units: [{counter: jp-marine-2}]}\n'


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 7.5"), ("2nd", "FitS 2nd 6.4")])
@pytest.mark.parametrize("steps, side, extra, why", [
    (NEW_DD + DD_TO_PEARL.replace("Pearl Harbor", "Midway"), "allied", "", "West Coast USA connects to Pearl Harbor only, not Midway"),
    (NEW_DD + "  - {op: off-map-box-movement, units: [us-dd], from: Midway, to: Pearl Harbor}\n", "allied", "",
     "Midway is not an off-map box connected to a base (off-map boxes: Indian Ocean Ports, West Coast USA)"),
    (NEW_DD + DD_TO_PEARL, "allied", PEARL_JAPANESE, "Pearl Harbor is not Allied-controlled: no move from West Coast USA"),
    (NEW_DD + DD_TO_PEARL, "allied", SNLF_AT_PEARL, "Japanese units are in the Pearl Harbor hex: no move from West Coast USA"),
    (NEW_DD + "  - {op: end-of-phase, phase: First Deployment Phase}\n" + DD_TO_PEARL, "allied", "",
     "Off-Map Box Movement is made in the Reinforcement Phase, before any deployment or later operation"),
    (DD_TO_PEARL, "japan", "", "only the Allied player moves units out of an off-map box; this is the Japanese player turn"),
])
def test_plan_refuses_off_map_box_movement_the_rule_does_not_allow(tmp_path, capsys, edition, rule, steps, side, extra, why):
    status, out, err = run_cli(capsys, "plan", _turn_plan(tmp_path, steps, side, extra), "--edition", edition)
    assert status == 1 and "PLAN-OFF-MAP" in out + err and why in out + err and f"({rule})" in out + err, out + err


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 7.5"), ("2nd", "FitS 2nd 6.4")])
def test_plan_moves_allied_units_free_from_an_off_map_box(tmp_path, capsys, edition, rule):
    # A US DD just arrived and a British DD go free to the connected bases; the US track is untouched.
    steps = NEW_DD + DD_TO_PEARL + "  - {op: reinforcements, at: Indian Ocean Ports, units: [br-dd]}\n" \
        "  - {op: off-map-box-movement, units: [br-dd], from: Indian Ocean Ports, to: Bombay}\n"
    status, out, _ = run_cli(capsys, "plan", _turn_plan(tmp_path, steps), "--edition", edition, "--format", "json")
    assert status == 0, out
    data = json.loads(out)
    rows = [r for r in data["ledger"] if r["op"] == "off-map-box-movement"]
    assert [r["text"] for r in rows] == ["Off-Map Box Movement West Coast USA > Pearl Harbor: us-dd (free)",
                                         "Off-Map Box Movement Indian Ocean Ports > Bombay: br-dd (free)"]
    assert all(r["rule"] == rule and r["paid"] == {"tp": 0, "oil": 0} for r in rows)
    ledger = data["ledger"]
    assert all((r["tp"], r["tp_britain"]) == (ledger[r["step"] - 1]["tp"], ledger[r["step"] - 1]["tp_britain"]) for r in rows)


# --- plan: Port Capacity at the end of the Return to Base Phase (v1.1 2.2.3, 14.3; 2nd 3.3.1, 12.3) ------------------

FLEET_OUT = """  - {op: operational-movement, units: [jp-bb-mutsu-nagato, jp-bb-ise-hyuga, jp-bb-fuso-yamashiro, jp-bb-hiei-kirishima], from: Kure, to: "1202"}
  - {op: operational-movement, units: [jp-cv-akagi-kaga, jp-cv-shokaku-zuikaku, jp-cv-hiryu-soryu, jp-cvl-zuiho-shoho], from: Kure, to: "1202"}
  - {op: operational-movement, units: [jp-bb-kongo-haruna, jp-ca, jp-ca, jp-ca], from: Kure, to: "1202"}
"""
ONE_MORE_CA = '  - {op: operational-movement, units: [jp-ca], from: Kure, to: "1202"}\n'
HOME = "  - {op: return-to-base, to: Yokosuka}\n  - {op: end-of-phase, phase: Return to Base Phase}\n"


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 2.2.3"), ("2nd", "FitS 2nd 3.3.1")])
def test_plan_checks_port_capacity_after_return_to_base(tmp_path, capsys, edition, rule):
    # Yokosuka's Port Capacity is 20: BBs 4 x 2 + carriers 2 + 2 + 2 + 1 + BB 2 + 3 CAs = 20 fit; one more CA (21) does not.
    start = "start: {oil: 60, reconstructed: \"a test: Oil enough for the whole fleet\"}\n"
    legal = Path(_japanese_plan(tmp_path, FLEET_OUT + HOME))
    legal.write_text(legal.read_text(encoding="utf-8").replace("side: japan\n", "side: japan\n" + start), encoding="utf-8")
    status, out, err = run_cli(capsys, "plan", str(legal), "--edition", edition)
    assert status == 0, out + err
    over = Path(_japanese_plan(tmp_path, FLEET_OUT + ONE_MORE_CA + HOME))
    over.write_text(over.read_text(encoding="utf-8").replace("side: japan\n", "side: japan\n" + start), encoding="utf-8")
    status, out, err = run_cli(capsys, "plan", str(over), "--edition", edition)
    assert status == 1 and "PLAN-STACKING" in out + err
    assert f"Yokosuka holds naval Transport 21 in port, over its Port Capacity 20 ({rule})" in out + err


# --- calc land: the Dutch ABDA unit is always out of supply (v1.1 17.4; 2nd 15.4) ----------------------------------

def _land(capsys, edition: str, *defender: str, unsupplied: bool = False) -> dict:
    args = ["calc", "fire-in-the-sky", "land", "--attacker", "jp-land-4", "--defender", *defender, "--edition", edition,
            "--format", "json", *(["--out-of-supply", "defender"] if unsupplied else [])]
    status, out, err = run_cli(capsys, *args)
    assert status == 0, err
    return json.loads(out)


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_abda_rolls_out_of_supply_in_land_combat(capsys, edition):
    abda = _land(capsys, edition, "nl-abda")
    assert abda == _land(capsys, edition, "nl-abda", unsupplied=True)  # whether --out-of-supply says so or not
    # A British unit beside it rolls in supply: the side is neither all supplied nor all out of supply.
    both = _land(capsys, edition, "br-land-4", "nl-abda")
    assert both != _land(capsys, edition, "br-land-4", "nl-abda", unsupplied=True)
    british = _land(capsys, edition, "br-land-4")
    assert british != _land(capsys, edition, "br-land-4", unsupplied=True)  # and a British unit alone is supplied


def _chance(data: dict, label: str):
    return next((c for c in data["chances"] if c["name"] == label), None)


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_land_combat_says_when_a_step_lost_eliminates_every_defender(capsys, edition):
    # v1.1 13.4, 17.4; 2nd 11.3.5, 15.4: a step lost eliminates a reduced unit and the one-step ABDA unit, so against
    # them the "loses a step" result eliminates every defender; the all-eliminated line alone said "never" for ABDA.
    label = "every defending land unit is eliminated, a step lost included (each is on its last step)"
    for defender in (["nl-abda"], ["us-land-2@reduced"], ["us-land-2@reduced", "nl-abda"]):
        data = _land(capsys, edition, *defender)
        line = _chance(data, label)
        at_least_a_step = _chance(data, "attacker's objective met: the defenders lose at least a step")
        assert line is not None and line["fraction"] == at_least_a_step["fraction"], defender
    for defender in (["us-land-2"], ["us-land-2", "us-land-2@reduced"]):  # a full-strength unit survives a step lost
        assert _chance(_land(capsys, edition, *defender), label) is None, defender


def test_side_adjectives_as_the_rules_write_them():
    from toolkit.games.fire_in_the_sky.sides import adjective

    assert (adjective("japan"), adjective("allied"), adjective("neutral")) == ("Japanese", "Allied", "neutral")
