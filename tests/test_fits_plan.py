"""``chartroom plan``: the bundled plans, and edits that break a rule reported at their line with the rule."""

from __future__ import annotations

import json
import os

import pytest

from conftest import GAME, run_cli

PLANS = GAME / "plans"
V11 = (PLANS / "example-of-play.yaml").read_text(encoding="utf-8")


run = run_cli


def edited(tmp_path, text: str, name: str = "plan.yaml"):
    """The plan beside a copy's scenario path: the edited file keeps pointing at the bundled scenario."""
    path = tmp_path / name
    relative = os.path.relpath(GAME / "short-campaign.yaml", tmp_path)  # relative: a plan's scenario: is contained
    path.write_text(text.replace("scenario: ../short-campaign.yaml", f"scenario: {relative}"), encoding="utf-8")
    return path


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_bundled_plan_text(capsys):
    status, out, err = run(capsys, "plan", str(PLANS / "example-of-play.yaml"))
    assert status == 0, err
    assert "ok: 41 steps legal; Transport Points 2, Oil 11 at the end" in out
    # the players and control named as the rules name them, not by side id ("japan-controlled", "the Japan player turn")
    assert "start of the Japanese player turn of Turn 2" in out and "Singapore becomes Japanese-controlled (FitS v1.1 14.2)" in out
    assert "Operational Movement Palau > Surabaya: jp-ca, 2 x jp-dd, jp-land-4 (4 hexes, 4 TP, 2 Oil) (FitS v1.1 9.2, 9.3)" in out


def test_a_scenario_error_is_said_not_passed_over(tmp_path, capsys):
    """A unit of the plan's scenario with no counter in the mix is left out of the replay's start: the command says so on
    standard error, located, as supply, zoc and reach do; a scenario without errors gets no such line."""
    scenario = tmp_path / "typo.yaml"
    relative = os.path.relpath(GAME / "short-campaign.yaml", tmp_path)
    scenario.write_text(f"kind: scenario\ngame: fire-in-the-sky\nid: typo\nextends: {relative}\ntitle: Typo\nreconstructed: a test\n"
                        "setup:\n  - at: Midway\n    side: allied\n    reconstructed: a test\n    units:\n      - {counter: us-marine-3}\n",
                        encoding="utf-8")
    plan = tmp_path / "plan.yaml"
    plan.write_text(V11.replace("scenario: ../short-campaign.yaml", "scenario: typo.yaml"), encoding="utf-8")
    status, out, err = run(capsys, "plan", str(plan))
    assert status == 0, err
    assert "warning: 1 error(s) in the scenario, the entries concerned are left out" in err
    assert f"{scenario}:12:19: no counter 'us-marine-3'" in err
    status, _, err = run(capsys, "plan", str(edited(tmp_path, V11, "clean.yaml")))
    assert status == 0 and "warning" not in err


def test_second_edition_plan_shows_the_doubled_economy(capsys):
    status, out, err = run(capsys, "plan", str(PLANS / "example-of-play-2nd.yaml"), "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    rows = {r["step"]: r for r in data["ledger"]}
    assert data["edition"] == "2nd"
    assert rows[2]["tp"] == 60                                   # TP set to a Merchantmen Pool of 60
    assert rows[4]["paid"]["tp"] == 6                            # land x1 at sea deployment (v1.1: x0.5, 4 TP)
    assert rows[6]["paid"]["tp"] == 4                            # 2 air steps, 2 deployments: x1 (v1.1: 2)
    assert rows[20]["paid"]["tp"] == 8                           # land operational movement x2 (v1.1: 4)
    assert rows[16]["paid"]["oil"] == 1                          # 0.75 rounded up per Task Force (v1.1: 0.75)


def test_same_plan_under_the_other_edition_by_option(capsys):
    """--edition 2nd with the v1.1 plan's start (TP 4, pool 30): the doubled costs run out of TP, and the printed
    totals no longer hold: the first difference is reported at its expect."""
    status, out, _ = run(capsys, "plan", str(PLANS / "example-of-play.yaml"), "--edition", "2nd")
    assert status == 1
    assert "error PLAN-EXPECT" in out and f"example-of-play.yaml:{line_of(V11, 'to: Palau')}:" in out


def test_task_force_past_its_slowest_unit(tmp_path, capsys):
    """The Lae force (a DD, Movement 8, and a land unit, 4 hexes) sent to Rabaul, 5+ hexes from Brunei."""
    text = V11.replace("{op: operational-movement, units: [jp-dd, jp-land-2], from: Brunei, to: Lae, expect: {tp: 9, oil: 13.75}}",
                       "{op: operational-movement, units: [jp-dd, jp-land-2], from: Brunei, to: Rabaul}")
    assert text != V11
    status, out, _ = run(capsys, "plan", str(edited(tmp_path, text)))
    assert status == 1
    last = out.splitlines()[-1]
    assert f"plan.yaml:{line_of(text, 'from: Brunei, to: Rabaul')}:" in last and "error PLAN-TASK-FORCE" in last
    assert "slowest unit (jp-land-2)" in last and last.endswith("(FitS v1.1 9.4)")


def test_deployment_after_entering_an_enemy_air_zoc(tmp_path, capsys):
    """The air steps sea-deployed to Rabaul entered the Allied Air ZOC of Port Moresby: no further deployment."""
    extra = "  - {op: sea-deployment, units: [{counter: jp-air, count: 2}], from: Rabaul, to: Truk}\n"
    anchor = "  - {op: sea-deployment, units: [jp-air], from: Formosa, to: Wake, expect: {tp: 20}}\n"
    text = V11.replace(anchor, extra + anchor)
    status, out, _ = run(capsys, "plan", str(edited(tmp_path, text)))
    assert status == 1
    last = out.splitlines()[-1]
    assert f"plan.yaml:{line_of(text, 'from: Rabaul, to: Truk')}:" in last and "error PLAN-AIR-ZOC" in last
    assert last.endswith("(FitS v1.1 8.2)")


def test_a_move_without_the_oil(tmp_path, capsys):
    """Two heavy Task Forces out of Kure, 5 hexes each: 12 Oil, then 9 more with only 4 left."""
    anchor = "  - {op: end-of-phase, phase: First Deployment Phase, expect: {tp: 11}}\n"
    moves = ("  - {op: operational-movement, units: [jp-bb-mutsu-nagato, jp-bb-ise-hyuga, jp-bb-hiei-kirishima, "
             "jp-bb-kongo-haruna], from: Kure, to: Saigon}\n"
             "  - {op: operational-movement, units: [jp-cv-akagi-kaga, jp-cv-hiryu-soryu, {counter: jp-ca, count: 2}], "
             "from: Kure, to: Saigon}\n")
    text = V11.replace(anchor, anchor + moves)
    status, out, _ = run(capsys, "plan", str(edited(tmp_path, text)), "--format", "json")
    assert status == 1
    data = json.loads(out)
    error = data["error"]
    assert error["code"] == "PLAN-OIL" and error["line"] == line_of(text, "jp-cv-akagi-kaga, jp-cv-hiryu-soryu")
    assert error["rule"] == "FitS v1.1 2.1.2.1" and "only 4 left" in error["message"]
    assert data["ledger"][-1]["oil"] == 4                        # after the first heavy move: 16 - 12


@pytest.mark.parametrize("change, message", [
    (("side: japan", "side: japn"), "did you mean 'japan'"),
    (("to: Hainan", "too: Hainan"), "missing the required key 'to'"),
    (("scenario: ../short-campaign.yaml", "scenario: nowhere.yaml"), "no scenario file"),
    (("scenario: ../short-campaign.yaml", f"scenario: {(GAME / 'short-campaign.yaml').as_posix()}"), "use a relative path"),
    (("scenario: ../short-campaign.yaml", "scenario: ../outside.yaml"), "outside the folders Chartroom may read"),
    (("scenario: ../short-campaign.yaml", "scenario: link.yaml"), "a symbolic link that leads outside"),
])
def test_bad_plans_exit_2(tmp_path, capsys, change, message):
    """Issue 21 item 5: a plan's scenario: is contained like extends: (it took absolute paths and links out)."""
    path = tmp_path / "plans" / "bad.yaml"
    path.parent.mkdir()
    (tmp_path / "outside.yaml").write_text((GAME / "short-campaign.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (path.parent / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    text = V11.replace(*change)
    if "scenario: ../short-campaign.yaml" in text:
        relative = os.path.relpath(GAME / "short-campaign.yaml", path.parent)
        text = text.replace("scenario: ../short-campaign.yaml", f"scenario: {relative}")
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "plan", str(path))
    assert status == 2 and message in err and not out


def test_unknown_place_and_missing_units(tmp_path, capsys):
    text = V11.replace("to: Hainan, expect: {tp: 29}", "to: Hainann")
    status, out, _ = run(capsys, "plan", str(edited(tmp_path, text)))
    assert status == 1 and "error PLAN-PLACE" in out and "did you mean 'Hainan'" in out
    text = V11.replace("units: [{counter: jp-dd, count: 2}], from: Kure, to: Hainan", "units: [{counter: jp-dd, count: 40}], from: Kure, to: Hainan")
    status, out, _ = run(capsys, "plan", str(edited(tmp_path, text)))
    assert status == 1 and "error PLAN-UNITS" in out and "40 x jp-dd expected at Kure, found 12" in out


def test_printable_ledger_page(capsys):
    status, out, _ = run(capsys, "plan", str(PLANS / "example-of-play.yaml"), "--format", "html")
    assert status == 0 and out.startswith("<!DOCTYPE html>")
    assert "Oil Transport: 4 Oil from Brunei for 4 TP" in out and "<th>Your TP</th>" in out
    assert out.count("<tr><td") == 42                          # the start and 41 steps
    status, again, _ = run(capsys, "plan", str(PLANS / "example-of-play.yaml"), "--format", "html")
    assert again == out                                        # deterministic


def test_audit_counts_a_plan_as_one_record():
    """A plan's steps share its provenance (source: or reconstructed: at its top)."""
    from toolkit.audit import audit_game

    rows = {r["file"].rsplit("/", 1)[-1]: r for r in audit_game(GAME) if "/plans/" in r["file"]}
    assert set(rows) == {"example-of-play.yaml", "example-of-play-2nd.yaml"}
    assert all(r["records"] == 1 and r["missing"] == 0 for r in rows.values())


# --- reaction, damage, step loss, landing, disembark, a split return (issue 20 item 6) ------------------

REACTION = "  - {op: reaction, side: allied, units: [nl-cl, nl-dd], from: Surabaya, to: Surabaya}\n"
SPLIT = "  - {op: return-to-base, to: Kure, split: [{to: Yokosuka, units: [jp-ca, {counter: jp-dd, count: 2}]}]}\n"


@pytest.mark.parametrize("old, new, code, rule", [
    # a reaction must end in a hex holding an enemy unit (v1.1 10.1): Brisbane's CL has none within reach at Noumea
    (REACTION, "  - {op: reaction, side: allied, units: [us-cl], from: Brisbane, to: Noumea}\n", "PLAN-REACTION", "FitS v1.1 10.1"),
    # only ships are damaged this way; land units lose steps
    ("  - {op: damage, at: Surabaya, side: allied, units: [nl-cl, nl-dd], hits: 1}\n",
     "  - {op: damage, at: Surabaya, side: allied, units: [nl-abda], hits: 1}\n", "PLAN-UNITS", "FitS v1.1 13.1"),
    ("  - {op: step-loss, at: Rangoon, side: allied, units: [br-land-4]}\n",
     "  - {op: step-loss, at: Surabaya, side: allied, units: [nl-cl]}\n", "PLAN-UNITS", "FitS v1.1 13.4"),
    # a land unit lands only from a Task Force in the hex: the one at Rabaul is in port
    ("  - {op: landing, at: Lae, units: [jp-land-2]}\n", "  - {op: landing, at: Rabaul, units: [jp-land-2]}\n", "PLAN-UNITS", ""),
    # a split return names ships that are returning, and a Home Base
    (SPLIT, "  - {op: return-to-base, to: Kure, split: [{to: Yokosuka, units: [{counter: jp-ca, count: 2}]}]}\n",
     "PLAN-RETURN", "FitS v1.1 14.1"),
    (SPLIT, "  - {op: return-to-base, to: Kure, split: [{to: Truk, units: [jp-ca]}]}\n", "PLAN-RETURN", "FitS v1.1 14.1"),
])
def test_battle_steps_refused(tmp_path, capsys, old, new, code, rule):
    assert old in V11
    text = V11.replace(old, new)
    status, out, _ = run(capsys, "plan", str(edited(tmp_path, text)), "--format", "json")
    assert status == 1
    error = json.loads(out)["error"]
    assert error["code"] == code and error["line"] == line_of(text, new.strip()[:40])
    assert rule in error["rule"]


def test_damaged_ships_do_not_return_with_their_task_force(tmp_path, capsys):
    """Without the damage step the two DDs damaged at Surabaya go back to base with the CA; with it, only the CA."""
    damage = "  - {op: damage, at: Surabaya, side: japan, units: [{counter: jp-dd, count: 2}], hits: 1}\n"
    status, out, err = run(capsys, "plan", str(PLANS / "example-of-play.yaml"), "--format", "json")
    assert status == 0, err
    ret = next(r for r in json.loads(out)["ledger"] if r["op"] == "return-to-base")
    assert "2 naval units to Kure; jp-ca, 2 x jp-dd to Yokosuka" in ret["text"]
    status, out, err = run(capsys, "plan", str(edited(tmp_path, V11.replace(damage, ""))), "--format", "json")
    assert status == 0, err
    ret = next(r for r in json.loads(out)["ledger"] if r["op"] == "return-to-base")
    assert "4 naval units to Kure" in ret["text"]                 # the two damaged DDs came home instead


def test_landing_beyond_two_hexes_of_a_friendly_base(tmp_path, capsys):
    """An amphibious landing only within 2 hexes of a friendly base (v1.1 12.3.4.1): Lae is 1 from Rabaul and 2 from
    Palau and Truk; with the three in Allied hands (a plan's control steps) it is out of range."""
    plan = f"""kind: plan
game: fire-in-the-sky
title: landing too far
scenario: {os.path.relpath(GAME / "short-campaign.yaml", tmp_path)}
side: japan
steps:
  - {{op: sea-deployment, units: [jp-dd], from: Kure, to: Brunei}}
  - {{op: operational-movement, units: [jp-dd, jp-land-2], from: Brunei, to: Lae}}
  - {{op: landing, at: Lae, units: [jp-land-2]}}
"""
    path = tmp_path / "p.yaml"
    path.write_text(plan, encoding="utf-8")
    status, out, err = run(capsys, "plan", str(path))
    assert status == 0, out + err                                 # Lae is within 2 hexes of Rabaul
    lost = "".join(f"  - {{op: control, base: {b}, side: allied}}\n" for b in ("Rabaul", "Palau", "Truk"))
    path.write_text(plan.replace("  - {op: landing", lost + "  - {op: landing"), encoding="utf-8")
    status, out, _ = run(capsys, "plan", str(path), "--format", "json")
    error = json.loads(out)["error"]
    assert status == 1 and error["code"] == "PLAN-LANDING" and error["rule"] == "FitS v1.1 12.3.4.1"


def test_disembark_only_at_a_friendly_or_occupied_base(tmp_path, capsys):
    """Air carried to Lae (uncontrolled) disembarks once a friendly land unit has landed there (an occupied base,
    v1.1 12.3.5.2), not before."""
    plan = f"""kind: plan
game: fire-in-the-sky
title: disembark
scenario: {os.path.relpath(GAME / "short-campaign.yaml", tmp_path)}
side: japan
steps:
  - {{op: reinforcements, at: Kure, units: [{{counter: jp-air, steps: 2}}]}}
  - {{op: sea-deployment, units: [{{counter: jp-dd, count: 2}}, jp-air], from: Kure, to: Brunei}}
  - {{op: operational-movement, units: [jp-dd, jp-land-2], from: Brunei, to: Lae}}
  - {{op: operational-movement, units: [jp-dd, jp-air], from: Brunei, to: Lae}}
  - {{op: disembark, at: Lae, units: [jp-air]}}
"""
    path = tmp_path / "p.yaml"
    path.write_text(plan, encoding="utf-8")
    status, out, _ = run(capsys, "plan", str(path), "--format", "json")
    error = json.loads(out)["error"]
    assert status == 1 and error["code"] == "PLAN-DISEMBARK" and error["rule"] == "FitS v1.1 12.3.5.2"
    path.write_text(plan.replace("  - {op: disembark", "  - {op: landing, at: Lae, units: [jp-land-2]}\n  - {op: disembark"),
                    encoding="utf-8")
    status, out, err = run(capsys, "plan", str(path))
    assert status == 0, out + err


@pytest.mark.parametrize("other", ["pacific-fury/campaign.yaml", "fire-from-the-skies/midway.yaml"])
def test_a_plan_on_a_scenario_of_another_game_exits_2_at_its_scenario_line(tmp_path, capsys, other):
    """A Fire in the Sky plan whose scenario: is another game's scenario is refused at that line; it was exit 3
    (ValueError: 'Eastern Solomons' is not a hex id, from building Fire in the Sky's hex graph on Pacific Fury's zones)."""
    path = tmp_path / "plans" / "other.yaml"
    path.parent.mkdir()
    relative = os.path.relpath(GAME.parent / other, path.parent)
    path.write_text(V11.replace("scenario: ../short-campaign.yaml", f"scenario: {relative}"), encoding="utf-8")
    status, out, err = run(capsys, "plan", str(path))
    line = line_of(V11, "scenario: ../short-campaign.yaml")
    assert status == 2 and not out and err.count("\n") == 1, err
    assert f"other.yaml:{line}:" in err and f"game: {other.split('/')[0]}" in err and "fire-in-the-sky" in err


def test_a_plan_of_another_game_exits_2(tmp_path, capsys):
    """A plan saying game: pacific-fury on a Pacific Fury scenario: plans replay Fire in the Sky's operations only (exit 3
    before, as above)."""
    path = tmp_path / "plans" / "pf.yaml"
    path.parent.mkdir()
    relative = os.path.relpath(GAME.parent / "pacific-fury" / "campaign.yaml", path.parent)
    path.write_text(V11.replace("scenario: ../short-campaign.yaml", f"scenario: {relative}")
                    .replace("game: fire-in-the-sky", "game: pacific-fury"), encoding="utf-8")
    status, out, err = run(capsys, "plan", str(path))
    assert status == 2 and not out and err.count("\n") == 1 and "Fire in the Sky's rules" in err, err
