"""``chartroom plan``: the reaction's Oil in either player turn, and land units damaged at sea (issue 20, round two).

Every expected total is worked by hand in the test's docstring from the rules it cites.
"""

from __future__ import annotations

import json
import os

import pytest

from conftest import GAME, run_cli

PLANS = GAME / "plans"
V11 = (PLANS / "example-of-play.yaml").read_text(encoding="utf-8")
SECOND = (PLANS / "example-of-play-2nd.yaml").read_text(encoding="utf-8")

run = run_cli


def scenario_path(tmp_path) -> str:
    return os.path.relpath(GAME / "short-campaign.yaml", tmp_path)


def write_plan(tmp_path, side: str, steps: str, scenario: str | None = None, start: str = "") -> str:
    path = tmp_path / "plan.yaml"
    path.write_text(f"""kind: plan
game: fire-in-the-sky
title: hand-made
reconstructed: "a test situation"
scenario: {scenario or scenario_path(tmp_path)}
side: {side}
{start}steps:
{steps}""", encoding="utf-8")
    return str(path)


def ledger(capsys, path: str, *options: str) -> tuple[int, dict]:
    status, out, err = run(capsys, "plan", path, "--format", "json", *options)
    assert status in (0, 1), err
    return status, json.loads(out)


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# --- item 1: a reaction's Oil (v1.1 10.1; 2nd 9.0) ------------------------------------------------

JP_REACTS = "  - {op: reaction, side: japan, units: [jp-dd], from: Kure, to: Manila}\n"
JP_REACTS_BIG = "  - {op: reaction, side: japan, units: [jp-bb-mutsu-nagato, jp-ca, jp-dd], from: Kure, to: Manila}\n"


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_japanese_reaction_in_an_allied_turn_spends_japanese_oil(tmp_path, capsys, edition):
    """In the Allied player turn Japan reacts and pays Oil as for Operational Movement (v1.1 10.1 -> 9.3; 2nd 9.0 -> 8.4).
    Kure to Manila is 3 hexes (the 1-4 band): a DD (TR 1/2) pays 0.5, then BB (2) + CA (1) + DD (1/2) pay 3.5;
    Japan's Oil marker stands at 12: 12 - 0.5 = 11.5, 11.5 - 3.5 = 8. Both editions price 1-4 hexes alike."""
    status, data = ledger(capsys, write_plan(tmp_path, "allied", JP_REACTS + JP_REACTS_BIG), "--edition", edition)
    assert status == 0, data["error"]
    rows = data["ledger"]
    assert [r["oil"] for r in rows] == [12, 11.5, 8]
    assert [r["paid"]["oil"] for r in rows[1:]] == [0.5, 3.5]
    assert "3 hexes, 0.5 Japanese Oil" in rows[1]["text"]
    assert rows[1]["rule"] == {"v1.1": "FitS v1.1 10.1", "2nd": "FitS 2nd 9.0"}[edition]


def test_japanese_reaction_without_the_oil(tmp_path, capsys):
    """With 3 Japanese Oil left, a 3.5-Oil reaction is refused at its step (no total below 0, v1.1 2.1.2.1)."""
    path = write_plan(tmp_path, "allied", JP_REACTS + JP_REACTS_BIG, start="start: {oil: 3, reconstructed: a test}\n")
    status, data = ledger(capsys, path)
    assert status == 1
    error = data["error"]
    assert error["code"] == "PLAN-OIL" and error["step"] == 2 and "costs 3.5 Oil; only 2.5 left" in error["message"]
    assert error["line"] == line_of((tmp_path / "plan.yaml").read_text(), "jp-bb-mutsu-nagato")


def test_reacting_in_place(tmp_path, capsys):
    """A Japanese CA in port at Manila reacts into its own hex (Allied units are there): v1.1 10.1 charges the 1-4 hex
    price, TR 1 = 1 Oil (12 -> 11); the 2nd edition prices it as 8.4's 'left port and stayed': no Oil (12 -> 12)."""
    (tmp_path / "manila.yaml").write_text(f"""kind: scenario
game: fire-in-the-sky
id: manila-ca
title: a Japanese CA in port at Manila
variant: true
edition: v1.1
extends: "{scenario_path(tmp_path)}"
reconstructed: "a test situation"
setup:
  - {{at: Manila, side: japan, units: [{{counter: jp-ca}}], reconstructed: "a test situation"}}
remove:
  - {{at: Kure, side: japan, units: [{{counter: jp-ca}}], reconstructed: "a test situation"}}
""", encoding="utf-8")
    path = write_plan(tmp_path, "allied", "  - {op: reaction, side: japan, units: [jp-ca], from: Manila, to: Manila}\n",
                      scenario="manila.yaml")
    assert [r["oil"] for r in ledger(capsys, path)[1]["ledger"]] == [12, 11]
    assert [r["oil"] for r in ledger(capsys, path, "--edition", "2nd")[1]["ledger"]] == [12, 12]


def test_allied_reaction_is_free_and_the_example_still_replays(capsys):
    """The Dutch CL and DD react at Surabaya in the Example of Play: Allied reactions cost nothing (v1.1 10.1), the Oil
    stays at 11 and the whole example replays with its printed totals."""
    status, data = ledger(capsys, str(PLANS / "example-of-play.yaml"))
    assert status == 0, data["error"]
    row = next(r for r in data["ledger"] if r["op"] == "reaction")
    assert row["paid"]["oil"] == 0 and row["oil"] == 11 and data["ledger"][-1]["oil"] == 11


def test_only_the_non_phasing_player_reacts(tmp_path, capsys):
    """A Japanese reaction in the Japanese player turn is refused (v1.1 10.1: the non-Phasing Player's ships)."""
    text = V11.replace("  - {op: reaction, side: allied, units: [nl-cl, nl-dd], from: Surabaya, to: Surabaya}\n",
                       "  - {op: reaction, side: japan, units: [jp-dd], from: Kure, to: Manila}\n")
    path = tmp_path / "plan.yaml"
    path.write_text(text.replace("scenario: ../short-campaign.yaml", f"scenario: {scenario_path(tmp_path)}"), encoding="utf-8")
    status, data = ledger(capsys, str(path))
    assert status == 1
    error = data["error"]
    assert error["code"] == "PLAN-REACTION" and error["rule"] == "FitS v1.1 10.1"
    assert error["line"] == line_of(text, "side: japan, units: [jp-dd], from: Kure")
    # the players by name, not the side ids ("in this japan player turn, the allied ships")
    assert "in this Japanese player turn, the Allied ships" in error["message"], error["message"]


# --- item 2: land units damaged at sea may not land (v1.1 12.3.4.1; 2nd 11.2.5.1) ------------------

LANDING = "  - {op: landing, at: Surabaya, units: [jp-land-4]}\n"
HIT_AT_SEA = "  - {op: step-loss, at: Surabaya, side: japan, units: [jp-land-4]}\n"


def _edited(tmp_path, text: str) -> str:
    path = tmp_path / "plan.yaml"
    path.write_text(text.replace("scenario: ../short-campaign.yaml", f"scenario: {scenario_path(tmp_path)}"), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("text, rule", [(V11, "FitS v1.1 12.3.4.1"), (SECOND, "FitS 2nd 11.2.5.1")])
def test_land_unit_damaged_at_sea_may_not_land(tmp_path, capsys, text, rule):
    """The 4-Combat Strength unit in the Surabaya Task Force loses a step to an air strike before the landing: still in
    its Task Force, the loss is at sea (v1.1 13.2; 2nd 11.3.2), and it may not land in this battle."""
    assert LANDING in text
    broken = text.replace(LANDING, HIT_AT_SEA + LANDING)
    status, data = ledger(capsys, _edited(tmp_path, broken))
    assert status == 1
    hit = next(r for r in data["ledger"] if r["op"] == "step-loss" and "Surabaya" in r["text"])
    assert hit["text"] == "Step lost at sea at Surabaya: jp-land-4 flipped to its reduced side"
    assert hit["rule"] == {"FitS v1.1 12.3.4.1": "FitS v1.1 13.2", "FitS 2nd 11.2.5.1": "FitS 2nd 11.3.2"}[rule]
    error = data["error"]
    assert error["code"] == "PLAN-LANDING" and error["rule"] == rule
    assert "jp-land-4 lost a step at sea" in error["message"]
    assert error["line"] == line_of(broken, LANDING.strip())


@pytest.mark.parametrize("text", [V11, SECOND])
def test_a_step_lost_ashore_does_not_stop_the_landing(tmp_path, capsys, text):
    """The same step lost after the landing is land combat (v1.1 13.4; 2nd 11.3.5): the plan stays legal."""
    legal = text.replace(LANDING, LANDING + HIT_AT_SEA)
    status, data = ledger(capsys, _edited(tmp_path, legal))
    assert status == 0, data["error"]
    hit = next(r for r in data["ledger"] if r["op"] == "step-loss" and "Surabaya" in r["text"])
    assert hit["text"] == "Step lost at Surabaya: jp-land-4 flipped to its reduced side"


# --- item 5: ships that reacted return to base too, by nation (v1.1 14.1, 17.4, 17.5; 2nd 12.1, 15.4, 15.5) ---------

def _where(data: dict) -> str:
    return next(r for r in data["ledger"] if r["op"] == "return-to-base")["text"]


def test_allied_ships_that_reacted_go_home_by_nation(tmp_path, capsys):
    """Ships that moved in the Reaction Phase return too (v1.1 14.1): the US ships that reacted from Pearl Harbor to Wake
    (4 hexes, half a Movement Allowance of 8) go to West Coast USA, the US Home Base, not to the Japanese player's Kure;
    a British CL that reacted from Rangoon to Singapore (Japanese troops there) goes to Singapore while the Allies hold it (v1.1 17.5), to Indian
    Ocean Ports once Japan does."""
    (tmp_path / "rangoon.yaml").write_text(f"""kind: scenario
game: fire-in-the-sky
id: rangoon-cl
title: a British CL at Rangoon
variant: true
edition: v1.1
extends: "{scenario_path(tmp_path)}"
reconstructed: "a test situation"
setup:
  - {{at: Rangoon, side: allied, units: [{{counter: br-cl}}], reconstructed: "a test situation"}}
""", encoding="utf-8")
    steps = ("  - {op: reaction, units: [us-ca, us-cl, {counter: us-dd, count: 2}], from: Pearl Harbor, to: Wake}\n"
             "  - {op: reaction, units: [br-cl], from: Rangoon, to: Singapore}\n"
             "  - {op: return-to-base, to: Kure}\n")
    status, data = ledger(capsys, write_plan(tmp_path, "japan", steps, scenario="rangoon.yaml"))
    assert status == 0, data["error"]
    assert _where(data) == "Return to Base: us-ca, us-cl, 2 x us-dd to West Coast USA; br-cl to Singapore"
    fallen = steps.replace("  - {op: return-to-base", "  - {op: control, base: Singapore, side: japan}\n  - {op: return-to-base")
    status, data = ledger(capsys, write_plan(tmp_path, "japan", fallen, scenario="rangoon.yaml"))
    assert status == 0, data["error"]
    assert _where(data).endswith("br-cl to Indian Ocean Ports")


def test_dutch_ships_return_to_surabaya_or_leave_the_game(tmp_path, capsys):
    """The Dutch CL and DD react at Surabaya and, undamaged, go back to Surabaya (v1.1 17.4); with Surabaya in Japanese
    hands they leave the game."""
    text = V11.replace("  - {op: damage, at: Surabaya, side: allied, units: [nl-cl, nl-dd], hits: 1}\n", "")
    status, data = ledger(capsys, _edited(tmp_path, text))
    assert status == 0, data["error"]
    assert _where(data) == "Return to Base: 2 naval units to Kure; jp-ca, 2 x jp-dd to Yokosuka; nl-cl, nl-dd to Surabaya"
    early = text.replace("  - {op: return-to-base", "  - {op: control, base: Surabaya, side: japan}\n  - {op: return-to-base")
    status, data = ledger(capsys, _edited(tmp_path, early))
    assert status == 0, data["error"]
    assert _where(data).endswith("nl-cl, nl-dd lost for good: Surabaya is Japanese (FitS v1.1 17.4)")


def test_japanese_ships_that_reacted_in_an_allied_turn(tmp_path, capsys):
    """In an Allied plan the Japanese player chooses the Home Base of his reacting ships: reacting_to is required, and
    must be Kure or Yokosuka."""
    path = write_plan(tmp_path, "allied", JP_REACTS + "  - {op: return-to-base, to: West Coast USA}\n")
    status, data = ledger(capsys, path)
    assert status == 1 and data["error"]["code"] == "PLAN-RETURN" and "reacting_to" in data["error"]["message"]
    path = write_plan(tmp_path, "allied", JP_REACTS + "  - {op: return-to-base, to: West Coast USA, reacting_to: Truk}\n")
    status, data = ledger(capsys, path)
    assert status == 1 and data["error"]["message"] == "Truk is not a Home Base of japan"
    path = write_plan(tmp_path, "allied", JP_REACTS + "  - {op: return-to-base, to: West Coast USA, reacting_to: Yokosuka}\n")
    status, data = ledger(capsys, path)
    assert status == 0, data["error"]
    assert _where(data) == "Return to Base: jp-dd (Japanese, reacted) to Yokosuka"


# --- item 5: the v1.1 Turn 1 special rules a plan meets (v1.1 17.1) ------------------------------------------------

CAMPAIGN_STEPS = ("  - {op: operational-movement, units: [jp-cv-akagi-kaga, jp-cv-hiryu-soryu], from: Kure, to: Midway}\n"
                  "  - {op: operational-movement, units: [jp-cv-shokaku-zuikaku, jp-bb-hiei-kirishima], from: Kure, to: Midway, "
                  "turn_1_special: true}\n")


def campaign(tmp_path) -> str:
    return os.path.relpath(GAME / "campaign.yaml", tmp_path)


def test_one_task_force_pays_the_short_oil_on_turn_1(tmp_path, capsys):
    """Kure to Midway is 6 hexes: two carriers (TR 2 each) pay (2 + 2) x 1.5 = 6 Oil (35 -> 29); the next Task Force,
    a carrier and a BB (2 + 2), pays the 1-4 hex cost, 4 (29 -> 25), under v1.1 17.1."""
    status, data = ledger(capsys, write_plan(tmp_path, "japan", CAMPAIGN_STEPS, scenario=campaign(tmp_path)))
    assert status == 0, data["error"]
    assert [r["oil"] for r in data["ledger"]] == [35, 29, 25]
    assert "6 hexes, 0 TP, 4 Oil, Turn 1: the 1-4 hex Oil (FitS v1.1 17.1)" in data["ledger"][2]["text"]


@pytest.mark.parametrize("steps, scenario, options, said", [
    # once only
    (CAMPAIGN_STEPS + "  - {op: operational-movement, units: [jp-bb-kongo-haruna], from: Kure, to: Midway, turn_1_special: true}\n",
     "campaign", (), "only 1 Task Force may pay the 1-4 hex Oil on Turn 1; it was used at step 2"),
    # on Turn 1 only: the Short Campaign starts on Turn 2
    ("  - {op: operational-movement, units: [jp-ca], from: Kure, to: Midway, turn_1_special: true}\n", "short", (),
     "only a Japanese Task Force on Turn 1 pays the 1-4 hex Oil whatever the distance (this is the Japanese player turn of Turn 2)"),
    # the 2nd edition has no such rule
    (CAMPAIGN_STEPS, "campaign", ("--edition", "2nd"), "the 2nd rules have no Turn 1 Oil special rule"),
])
def test_the_turn_1_oil_refused(tmp_path, capsys, steps, scenario, options, said):
    where = campaign(tmp_path) if scenario == "campaign" else None
    status, data = ledger(capsys, write_plan(tmp_path, "japan", steps, scenario=where), *options)
    assert status == 1 and data["error"]["code"] == "PLAN-TURN-1" and data["error"]["message"] == said


def british_tp(tmp_path, tp: int) -> str:
    """The Campaign with ``tp`` British Transport Points on the track."""
    (tmp_path / "british.yaml").write_text(f"""kind: scenario
game: fire-in-the-sky
id: british-tp
title: British TP
variant: true
edition: v1.1
extends: "{campaign(tmp_path)}"
reconstructed: "a test situation"
markers:
  transport_points: {{japan: 30, us: 10, britain: {tp}, reconstructed: "a test situation"}}
""", encoding="utf-8")
    return "british.yaml"


def test_no_allied_landing_on_turn_1(tmp_path, capsys):
    """v1.1 17.1: no Allied amphibious landing on Turn 1 (PLAN-LANDING); the 2nd edition has no such rule. The British
    land unit (TR 8) moves on British TP: 8 in v1.1, 16 in the 2nd edition (x2), so the track holds 16 here."""
    steps = ("  - {op: operational-movement, units: [br-dd, br-land-8], from: Singapore, to: Brunei}\n"
             "  - {op: landing, at: Brunei, units: [br-land-8]}\n")
    path = write_plan(tmp_path, "allied", steps, scenario=british_tp(tmp_path, 16))
    status, data = ledger(capsys, path)
    assert status == 1 and data["error"]["code"] == "PLAN-LANDING" and data["error"]["rule"] == "FitS v1.1 17.1"
    assert data["error"]["message"] == "the Allied player may make no amphibious landing before Turn 2"
    status, data = ledger(capsys, path, "--edition", "2nd")
    assert status == 0, data["error"]


def test_british_units_move_on_british_transport_points(tmp_path, capsys):
    """Transport Points serve only units of their own nationality (v1.1 2.1.2.1; 2nd 3.3.6): the British land unit's
    8 TP come off the British track (16 -> 8), the US track keeps its 10; with 6 British TP (the Campaign's) it cannot
    move, whatever the US track holds."""
    step = "  - {op: operational-movement, units: [br-dd, br-land-8], from: Singapore, to: Brunei}\n"
    status, data = ledger(capsys, write_plan(tmp_path, "allied", step, scenario=british_tp(tmp_path, 16)))
    assert status == 0, data["error"]
    assert [(r["tp"], r["tp_britain"]) for r in data["ledger"]] == [(10, 16), (10, 8)]
    status, data = ledger(capsys, write_plan(tmp_path, "allied", step, scenario=campaign(tmp_path)))
    assert status == 1 and data["error"]["code"] == "PLAN-TP"
    assert data["error"]["message"] == "this Task Force's move of 1 hex costs 8 British TP; only 6 left"
