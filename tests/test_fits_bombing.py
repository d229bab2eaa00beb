"""``odds bombing`` only where and when the rules allow strategic bombing (optional v1.1 18.1.3; 2nd 16.1.3).

Both editions say the same: in the Economic (Warfare) Phase of the Allied player turn (v1.1 4.2; 2nd 5.0), with the
Transport Points left, from a friendly base within 4 hexes of a Japanese Home Base to which a Supply Line runs from the
US Home Base, never on the first turn of either scenario; +1 while an Allied-controlled base lies within 2 hexes of a
Japanese Home Base (Combat Table). Distances across any hexside: Attu is 4 from Yokosuka, Midway 5, Manila 3.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction

import pytest

from conftest import GAME, run_cli

run = run_cli
SHORT = str(GAME / "short-campaign.yaml")
CAMPAIGN = str(GAME / "campaign.yaml")


def chance(data: dict, name: str) -> Fraction:
    return Fraction(next(c for c in data["chances"] if c["name"] == name)["fraction"])


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_bombing_from_a_base_that_qualifies(capsys, edition):
    """Attu (Allied, 4 hexes from Yokosuka, supplied West Coast USA > Dutch Harbor > Attu) on the Short Campaign's Turn 3:
    3 dice at 5+, no loss (2/3)^3 = 8/27; nothing Allied within 2 hexes of Japan, so no +1."""
    status, out, err = run(capsys, "odds", "bombing", "--tp", "3", "--at", "Attu", SHORT, "--turn", "3", "--edition", edition,
                           "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    assert chance(data, "Japan's objective met: no Oil Point lost") == Fraction(8, 27)
    assert "from Attu: within 4 hexes of a Japanese Home Base, supplied from the US Home Base" in data["forces"]["Allied"]


@pytest.mark.parametrize("args, said", [
    # the first turn of either scenario: the Short Campaign's is Turn 2 (it was refused only on Turn 1)
    (("--at", "Attu", SHORT), "not allowed on the first turn of a scenario (v1.1 18.1.3; 2nd 16.1.3): Turn 2 is the first turn"),
    (("--at", "Attu", CAMPAIGN), "Turn 1 is the first turn of Campaign Game"),
    (("--turn", "1"), "Turn 1 is the Campaign Game's first turn"),
    # the base: within 4 hexes, Allied, supplied from the US Home Base
    (("--at", "Midway", SHORT, "--turn", "3"), "Midway is 5 hexes from the nearest Japanese Home Base (Yokosuka); bombing needs a "
                                               "friendly base within 4 (v1.1 18.1.3; 2nd 16.1.3)"),
    (("--at", "Rabaul", SHORT, "--turn", "3"), "Rabaul is not an Allied-controlled base"),
    (("--at", "Manila", SHORT, "--turn", "3"), "no Supply Line from the US Home Base to Manila"),
    # the +1 is a fact of the scenario, and the TP are those left (14 US + 6 British on the track)
    (("--at", "Attu", SHORT, "--turn", "3", "--near"), "--near: no Allied-controlled base lies within 2 hexes of a Japanese Home Base"),
    (("--at", "Attu", SHORT, "--turn", "3", "--tp", "21"), "--tp 21: the Allies have 20 Transport Points on the track"),
    # the Allied player's, in his own player turn
    (("--turn", "3", "--player-turn", "japan"), "strategic bombing is the Allied player's, in the Economic Warfare Phase"),
    (("--turn", "3", "--side", "japan"), "not --side japan"),
])
def test_bombing_refused_where_the_rules_forbid_it(capsys, args, said):
    tp = () if "--tp" in args else ("--tp", "3")
    status, out, err = run(capsys, "odds", "bombing", *tp, *args)
    assert status == 2 and said in err and len(err.strip().splitlines()) == 1, err


def test_the_plus_one_comes_from_the_scenario(tmp_path, capsys):
    """With Okinawa (1 hex from Kure) in Allied hands, bombing from Attu gets +1 without --near: 3 dice at 4+, no loss
    (1/2)^3 = 1/8."""
    variant = tmp_path / "okinawa.yaml"
    variant.write_text(f"""kind: scenario
game: fire-in-the-sky
id: okinawa-allied
title: Okinawa in Allied hands
variant: true
edition: v1.1
extends: "{os.path.relpath(SHORT, tmp_path)}"
reconstructed: "a test situation"
control:
  - {{base: Okinawa, side: allied, reconstructed: "a test situation"}}
""", encoding="utf-8")
    status, out, err = run(capsys, "odds", "bombing", "--tp", "3", "--at", "Attu", str(variant), "--turn", "3", "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    assert chance(data, "Japan's objective met: no Oil Point lost") == Fraction(1, 8)
    assert data["modifiers"][0]["applied"] and "Okinawa is within 2 hexes of one (+1)" in data["forces"]["Allied"][1]


def test_without_a_scenario_the_conditions_are_stated_not_checked(capsys):
    status, out, err = run(capsys, "odds", "bombing", "--tp", "3", "--turn", "2")
    assert status == 0, err
    assert "not checked (give --at BASE SCENARIO): a friendly base within 4 hexes of a Japanese Home Base" in out
