"""Issue 19 item 8: answers a player reads without a calculator (every game's odds and calc answers).

Duplicate counters are numbered apart, decimals come first (the exact fraction beside them when short,
or always with --exact), 0 and 1 are said in words, every count has its unit with singular and plural,
and the JSON keeps the exact fractions.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from toolkit.exact import exact_fractions, shown
from toolkit.load import load_text
from toolkit.model.build import suggest
from toolkit.words import counted, edition_name

SURFACE = ("odds", "surface", "--attacker", "jp-ca", "jp-ca", "--defender", "us-ca", "--side", "japan")


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_two_identical_counters_are_numbered_apart(capsys):
    status, out, _ = run_cli(capsys, *SURFACE)
    assert status == 0
    assert "Japanese (attacker): jp-ca #1; jp-ca #2" in out
    assert "jp-ca #1 sunk" in out and "jp-ca #2 sunk" in out
    assert "\n  jp-ca sunk" not in out  # the reproducer: two lines "jp-ca sunk" that could not be told apart


def test_a_single_counter_keeps_its_plain_id(capsys):
    status, out, _ = run_cli(capsys, "odds", "surface", "--attacker", "jp-ca", "--defender", "us-ca", "--side", "japan")
    assert status == 0 and "us-ca sunk" in out and "#1" not in out


def test_target_names_one_of_two_identical_counters(capsys):
    status, out, _ = run_cli(capsys, "odds", "damage", "--defender", "jp-ca", "jp-ca", "--target", "jp-ca #2",
                             "--hits", "1", "--cause", "surface")
    assert status == 0, out
    assert "Damage Checks of jp-ca #2" in out


def test_decimals_first_and_long_fractions_only_on_request(capsys):
    _, out, _ = run_cli(capsys, *SURFACE)
    assert "0.1389 (5/36)" in out  # short: beside the decimal
    assert "335/1296" not in out and "0.2585" in out  # long: the decimal alone
    _, exact, _ = run_cli(capsys, *SURFACE, "--exact")
    assert "0.2585 (335/1296)" in exact


def test_the_json_keeps_exact_fractions(capsys):
    _, out, _ = run_cli(capsys, *SURFACE, "--format", "json")
    data = json.loads(out)
    values = {c["name"]: c for c in data["chances"]}
    assert values["us-ca sunk"]["fraction"] == "335/1296"
    assert "jp-ca #2 sunk" in values


def test_air_superiority_says_what_it_counts_and_certainty_is_a_word(capsys):
    _, out, _ = run_cli(capsys, "odds", "air", "--attacker", "jp-cv-akagi-kaga", "jp-air:4", "--defender", "us-air:1")
    assert "supremacy included" not in out
    assert "attacker gains at least Air Superiority (Superiority or Supremacy)" in out
    assert "1 (certain)" in out or "0 (never)" in out


def test_distributions_name_their_unit_singular_and_plural(capsys):
    _, out, _ = run_cli(capsys, *SURFACE)
    assert "    1 ship " in out and "    0 ships" in out and "1 ships" not in out


@pytest.mark.parametrize("argv, wanted, unwanted", [
    (("calc", "pacific-fury", "fire", "--cf", "4"), ["mean 1.6667 (5/3) hits", "1 hit:  0.1667 (1/6)", "total of 1 unit,"],
     ["1 hits", "unit(s)"]),
    (("calc", "pacific-fury", "sink", "--ship", "Hornet", "--hits", "1"), ["1 hit (fewer than DF)", "not sunk, damaged: 0.8333 (5/6)"],
     ["hit(s)", "(0.8333 ("]),
    (("calc", "fire-from-the-skies", "landing-accidents", "--afs", "1"), ["Landing 1 AF"], ["AF(s)"]),
])
def test_calc_answers_of_every_game_read_in_words(capsys, argv, wanted, unwanted):
    status, out, err = run_cli(capsys, *argv)
    assert status == 0, err
    for text in wanted:
        assert text in out
    for text in unwanted:
        assert text not in out


def test_calc_exact_writes_the_long_fractions(capsys):
    argv = ("calc", "pacific-fury", "bombard", "--cf", "4", "4", "3", "--box", "US 2")
    _, out, _ = run_cli(capsys, *argv)
    assert "within two rounds (hits do not carry over): 0.9832\n" in out
    _, exact, _ = run_cli(capsys, *argv, "--exact")
    assert "within two rounds (hits do not carry over): 0.9832 (" in exact


def test_shown_and_words():
    assert shown(Fraction(5, 36)) == "0.1389 (5/36)" and shown(Fraction(335, 1296)) == "0.2585"
    with exact_fractions():
        assert shown(Fraction(335, 1296)) == "0.2585 (335/1296)"
    assert shown(Fraction(335, 1296)) == "0.2585"  # the setting ends with the block
    assert counted(1, "step") == "1 step" and counted(2, "hex", "hexes") == "2 hexes"
    assert edition_name("english") == "English" and edition_name("v1.1") == "v1.1"


def test_cost_operational_says_its_units_and_rule(capsys):
    assert run_cli(capsys, "cost", "operational", "--units", "jp-ca", "jp-dd", "--hexes", "6") == \
        (0, "0 TP, 2.25 Oil Points (FitS v1.1 9.3)\n", "")
    _, out, _ = run_cli(capsys, "cost", "operational", "--units", "jp-ca", "jp-dd", "--hexes", "6", "--format", "json")
    assert json.loads(out)["rule"] == "FitS v1.1 9.3"


def test_reach_says_one_deployment_not_deployments(capsys):
    _, out, _ = run_cli(capsys, "reach", "scenarios/fire-in-the-sky/short-campaign.yaml", "--unit", "jp-dd", "--at", "Kure",
                        "--mode", "sea-deployment")
    assert "1 deployment  tp" in out and "deployment(s)" not in out


def test_an_unknown_counter_names_the_edition_capitalised(capsys, tmp_path):
    variant = tmp_path / "v.yaml"
    campaign = Path(os.path.relpath(ROOT / "scenarios/pacific-fury/campaign.yaml", tmp_path)).as_posix()
    variant.write_text(f"kind: scenario\ngame: pacific-fury\nid: v\ntitle: V\nvariant: true\nextends: {campaign}\n"
                       "setup:\n  - at: Espiritu Santo\n    side: us\n    reconstructed: a test\n    units:\n      - {counter: us-cv-hornett}\n")
    _, out, _ = run_cli(capsys, "check", variant)
    assert "in the English counter mix" in out and "the english counter mix" not in out


def test_air_units_say_one_step(capsys):
    _, out, _ = run_cli(capsys, "odds", "air", "--attacker", "jp-air:1", "--defender", "us-air:2")
    assert "jp-air (1 step, at base)" in out and "(2 steps, at base)" in out


# --- chartroom rules: a header row and a break between games -------------------------------------------

def test_rules_has_a_header_row_and_a_heading_per_game(capsys):
    status, out, _ = run_cli(capsys, "rules")
    assert status == 0
    blocks = out.split("\n\n")
    assert len(blocks) == 3  # three bundled games, a blank line between them
    for block, game in zip(blocks, ("fire-from-the-skies", "fire-in-the-sky", "pacific-fury")):
        heading, header = block.splitlines()[:2]
        assert heading.startswith(f"{game} (editions: ")
        assert header.split()[:3] == ["code", "severity", "rule"] and header.endswith("what it finds")
    assert "rule (v1.1)" in out and "rule (2nd)" in out


def test_rules_json_is_one_document_naming_each_rows_game(capsys):
    _, out, _ = run_cli(capsys, "rules", "--format", "json")
    rows = json.loads(out)  # was three arrays one after the other: not one JSON document
    assert {r["game"] for r in rows} == {"fire-from-the-skies", "fire-in-the-sky", "pacific-fury"}


def test_rules_markdown_gives_each_game_a_heading(capsys):
    _, out, _ = run_cli(capsys, "rules", "--format", "markdown")
    assert "## fire-in-the-sky (editions: v1.1, 2nd)\n\n| code |" in out


# --- suggestions: names that contain the words typed --------------------------------------------------

def test_a_place_suggests_the_name_that_contains_the_words_typed(tmp_path, capsys):
    variant = tmp_path / "v.yaml"
    campaign = Path(os.path.relpath(ROOT / "scenarios/pacific-fury/campaign.yaml", tmp_path)).as_posix()
    variant.write_text(f"kind: scenario\ngame: pacific-fury\nid: v\ntitle: V\nvariant: true\nextends: {campaign}\n"
                       "setup:\n  - at: South Pacific\n    side: us\n    reconstructed: a test\n    units:\n"
                       "      - {counter: us-cv-hornet}\n")
    _, out, _ = run_cli(capsys, "check", variant)
    assert "'South Pacific' is no place, box or hex on the map; did you mean 'South Pacific Ocean'?" in out


def test_suggestions_close_spelling_first_then_containing_names():
    assert suggest("Rabual", ["Rabaul", "Truk"]) == "; did you mean 'Rabaul'?"
    assert suggest("south pacific", ["South Pacific Ocean", "The Slot"]) == "; did you mean 'South Pacific Ocean'?"
    assert suggest("ocean south", ["South Pacific Ocean", "South Ocean", "The Slot"]) == "; did you mean 'South Ocean' or 'South Pacific Ocean'?"
    assert suggest("zz", ["Truk"]) == ""


# --- the docs show what `new` writes ------------------------------------------------------------------

def test_designing_a_variant_shows_the_lines_new_writes(tmp_path, monkeypatch, capsys):
    """The yaml block after "The new file starts with" is what `chartroom new my-variant.yaml --from ...` writes from the
    repository's root (the $schema line included), its lines in the file's order."""
    doc = (ROOT / "docs/designing-a-variant.md").read_text(encoding="utf-8")
    block = doc.split("The new file starts with", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    shown_lines = [line for line in block.splitlines() if line != "..."]
    target = ROOT / "my-variant.yaml"
    assert not target.exists()
    try:
        assert run_cli(capsys, "new", "my-variant.yaml", "--from", "scenarios/fire-in-the-sky/short-campaign.yaml")[0] == 0
        written = target.read_text(encoding="utf-8").splitlines()
    finally:
        target.unlink(missing_ok=True)
    assert shown_lines[0] == written[0]  # the $schema line
    at = [written.index(line) for line in shown_lines]  # every line shown is written, in this order
    assert at == sorted(at)


def test_the_pre_commit_example_is_usable_as_written(tmp_path):
    """The example points at nothing unreachable (no example.invalid): a `repo: local` hook whose entries, run as
    pre-commit runs them (entry + the files that match `files:`), check a bundled scenario clean."""
    doc = (ROOT / "docs/designing-a-variant.md").read_text(encoding="utf-8")
    assert "example.invalid" not in doc
    block = doc.split("# .pre-commit-config.yaml in your repository\n", 1)[1].split("```", 1)[0]
    config = load_text(block, "pre-commit example").data
    (repo,) = config["repos"]
    assert repo["repo"] == "local" and {h["id"] for h in repo["hooks"]} == {"chartroom-check", "chartroom-fmt"}
    scenario = "scenarios/fire-in-the-sky/short-campaign.yaml"
    chartroom = Path(sys.executable).parent / "chartroom"
    for hook in repo["hooks"]:
        assert hook["language"] == "system" and re.search(hook["files"], scenario)
        assert not re.search(hook["files"], "mkdocs.yml")
        words = hook["entry"].split()
        assert words[0] == "chartroom"
        done = subprocess.run([str(chartroom), *words[1:], scenario], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
