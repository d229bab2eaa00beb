"""`new`, `extends`, `diff` and `fmt --check` on Fire from the Skies files, and the designer trial's Midway scenario."""

from __future__ import annotations

import json
import shutil

from conftest import ROOT
from toolkit.cli import main

GAME = ROOT / "scenarios" / "fire-from-the-skies"


def test_the_designer_trial_scenario_checks_with_no_error(capsys):
    assert main(["check", str(GAME / "midway.yaml"), "--format", "json"]) == 0
    findings = json.loads(capsys.readouterr().out)
    assert {f["code"] for f in findings} <= {"EMPTY-SLOT", "FFTS-STRIKE-GROUP-SIZE"}


def test_fmt_check_leaves_the_bundled_files_alone():
    assert main(["fmt", "--check", str(GAME)]) == 0


def test_new_extends_and_diff_a_section(tmp_path, capsys):
    game = tmp_path / "ffts"
    shutil.copytree(GAME, game)
    variant = game / "later.yaml"
    assert main(["new", str(variant), "--from", str(game / "coral-sea.yaml")]) == 0
    text = variant.read_text(encoding="utf-8")
    assert "extends: \"coral-sea.yaml\"" in text and "game: fire-from-the-skies" in text
    capsys.readouterr()
    assert main(["diff", str(game / "coral-sea.yaml"), str(variant)]) == 0
    assert capsys.readouterr().out.endswith("no differences\n")
    # a variant that moves Task Force 17 a hex closer (its search still finds Task Force A, FFTS-STRIKE-SIGHTED): its task_forces: replaces the base's whole section
    base_tfs = (game / "coral-sea.yaml").read_text(encoding="utf-8").split("task_forces:\n")[1].split("\n\n")[0]
    variant.write_text(text + "task_forces:\n" + base_tfs.replace('hex: "0609"', 'hex: "0608"') + "\n", encoding="utf-8")
    assert main(["check", str(variant)]) == 0
    capsys.readouterr()
    assert main(["diff", str(game / "coral-sea.yaml"), str(variant), "--format", "json"]) == 0
    differences = json.loads(capsys.readouterr().out)["differences"]
    assert [(d["section"], d["name"], d["record"]) for d in differences] == [("section", "task_forces", "17")]
    assert differences[0]["a"]["hex"] == "0609" and differences[0]["b"]["hex"] == "0608"
    assert main(["diff", str(game / "coral-sea.yaml"), str(variant)]) == 0
    assert 'task_forces: 17: hex: "0609" -> "0608"' in capsys.readouterr().out
