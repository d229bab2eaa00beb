"""Optional rule "Allies are just a little sneakier" (FitS v1.1 18.1.4; 2nd 16.1.4) in ``chartroom plan``.

Each Allied Task Force moves hidden under one of the five US Task Force or two British Fleet markers (v1.1 18.1.4; the
2nd edition's seven Task Force & Fleet markers, 2.0 and 16.1.4) until the end of the Reaction Phase; the markers are
pieces of the counter mix, an absolute limit (v1.1 2.1). With all of a kind on the map no further Task Force of that
kind can be formed (PLAN-TASK-FORCE-MARKERS). A plan is one player turn, whose Allied Task Forces all move before its
Reaction Phase ends (when the markers come off). Without the rule nothing is counted.
"""

from __future__ import annotations

import json
import os

import pytest

from conftest import GAME, run_cli

#: Six one-ship US Task Forces of the Short Campaign (v1.1 19.0: Pearl Harbor CA, CL, 2 DD; Noumea CA, 2 DD).
SIX_US = [("us-ca", "Pearl Harbor", "Midway"), ("us-cl", "Pearl Harbor", "Midway"), ("us-dd", "Pearl Harbor", "Midway"),
          ("us-dd", "Pearl Harbor", "Midway"), ("us-ca", "Noumea", "Ellice Islands"), ("us-dd", "Noumea", "Ellice Islands")]


def _files(tmp_path, rules, steps: str, side: str = "allied", extra: str = "", edition: str | None = None) -> str:
    base = os.path.relpath(GAME / "short-campaign.yaml", tmp_path).replace(os.sep, "/")
    (tmp_path / "scenario.yaml").write_text(
        f'kind: scenario\ngame: fire-in-the-sky\nid: sneaky\nvariant: true\nextends: "{base}"\nreconstructed: "test"\n'
        f"optional_rules: {rules}\n{extra}", encoding="utf-8")
    path = tmp_path / "plan.yaml"
    path.write_text(f"kind: plan\ngame: fire-in-the-sky\ntitle: hidden\nreconstructed: test\nscenario: scenario.yaml\n"
                    f"side: {side}\nsteps:\n{steps}", encoding="utf-8")
    return str(path)


def _moves(moves, op="operational-movement") -> str:
    return "".join(f"  - {{op: {op}, units: [{c}], from: {a}, to: {b}}}\n" for c, a, b in moves)


def _replay(capsys, path, *options):
    status, out, err = run_cli(capsys, "plan", path, "--format", "json", *options)
    assert status in (0, 1), err
    return status, json.loads(out)


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 18.1.4"), ("2nd", "FitS 2nd 16.1.4")])
def test_a_sixth_us_task_force_finds_no_marker(tmp_path, capsys, edition, rule):
    status, data = _replay(capsys, _files(tmp_path, ["18.1.4"], _moves(SIX_US)), "--edition", edition)
    assert status == 1, data
    error = data["error"]
    assert error["code"] == "PLAN-TASK-FORCE-MARKERS" and error["step"] == 6 and error["rule"] == rule
    assert "no US Task Force marker left" in error["message"] and "all 5" in error["message"]
    assert "steps 1, 2, 3, 4, 5" in error["message"]
    assert error["line"] == 13  # the sixth step's line in plan.yaml
    assert "under US Task Force marker 5 of 5" in data["ledger"][-1]["text"]


def test_five_us_task_forces_fit(tmp_path, capsys):
    status, data = _replay(capsys, _files(tmp_path, ["18.1.4"], _moves(SIX_US[:5])))
    assert status == 0, data["error"]
    assert [r["text"].endswith("(FitS v1.1 18.1.4)") for r in data["ledger"][1:]] == [True] * 5


def test_without_the_rule_no_marker_is_counted(tmp_path, capsys):
    status, data = _replay(capsys, _files(tmp_path, [], _moves(SIX_US)))
    assert status == 0, data["error"]
    assert not any("marker" in r["text"] for r in data["ledger"])


def test_british_task_forces_take_the_two_fleet_markers(tmp_path, capsys):
    """Three one-ship British Task Forces from Ceylon: the third finds no British Fleet marker (v1.1 18.1.4: two)."""
    extra = ("setup:\n  - at: Ceylon\n    side: allied\n    units:\n      - {counter: br-bb-warspite}\n"
             "      - {counter: br-bb-renown}\n      - {counter: br-cvl-hermes}\n    reconstructed: test\n")
    british = [("br-bb-warspite", "Ceylon", "Ceylon"), ("br-bb-renown", "Ceylon", "Ceylon"), ("br-cvl-hermes", "Ceylon", "Ceylon")]
    steps = _moves([(c, a, "Calcutta") for c, a, _ in british])
    status, data = _replay(capsys, _files(tmp_path, ["18.1.4"], steps, extra=extra))
    assert status == 1 and data["error"]["code"] == "PLAN-TASK-FORCE-MARKERS" and data["error"]["step"] == 3
    assert "no British Fleet marker left" in data["error"]["message"] and "all 2" in data["error"]["message"]


def test_reacting_allied_task_forces_take_markers_in_a_japanese_plan(tmp_path, capsys):
    """In the Japanese player turn Allied reactions form Task Forces; each hides under a marker (18.1.4). Six one-ship
    reactions to Wake (a Japanese marine unit there, 4 hexes): Pearl Harbor's CA, CL and 2 DD, and 2 DD more there."""
    extra = "setup:\n  - at: Pearl Harbor\n    side: allied\n    units:\n      - {counter: us-dd, count: 2}\n    reconstructed: test\n"
    ships = ["us-ca", "us-cl", "us-dd", "us-dd", "us-dd", "us-dd"]
    reactions = [f"  - {{op: reaction, side: allied, units: [{c}], from: Pearl Harbor, to: Wake}}\n" for c in ships]
    status, data = _replay(capsys, _files(tmp_path, ["18.1.4"], "".join(reactions), side="japan", extra=extra))
    assert status == 1 and data["error"]["code"] == "PLAN-TASK-FORCE-MARKERS" and data["error"]["step"] == 6
    status, data = _replay(capsys, _files(tmp_path, ["18.1.4"], "".join(reactions[:5]), side="japan", extra=extra))
    assert status == 0, data["error"]
