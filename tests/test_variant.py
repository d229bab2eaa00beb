"""``chartroom new`` and ``chartroom diff``, and the bundled variants."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import GAME, SHORT
from toolkit.cli import main
from toolkit.variant import diff_scenarios

pytestmark = pytest.mark.skipif(not SHORT.exists(), reason="bundled scenario not written yet")

VARIANTS = sorted((GAME / "variants").glob("*.yaml"))


@pytest.fixture
def work(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *argv) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_new_writes_a_commented_variant_that_checks_clean(work, capsys):
    status, out, err = run(capsys, "new", "my-variant.yaml", "--from", SHORT)
    assert status == 0 and err == ""
    text = (work / "my-variant.yaml").read_text(encoding="utf-8")
    first = text.split("\n", 1)[0]
    assert first.startswith("# yaml-language-server: $schema=")
    assert (work / first.split("=", 1)[1]).resolve() == (SHORT.parent / "schemas" / "scenario.schema.json").resolve()  # the game's overlay
    for word in ("variant: true", "edition: v1.1", "extends:", "# reconstructed:", "# notes:", "# setup:", "# remove:",
                 "# control:", "# markers:", "# optional_rules:"):
        assert word in text, word
    assert "\\" not in text.split("extends:", 1)[1].split("\n", 1)[0]
    status, out, err = run(capsys, "check", "my-variant.yaml")
    assert status == 0 and "error" not in out
    status, out, err = run(capsys, "fmt", "--check", "my-variant.yaml")
    assert status == 0, out + err  # already in the canonical layout


def test_new_refuses_to_overwrite(work, capsys):
    target = work / "mine.yaml"
    target.write_text("precious\n")
    status, out, err = run(capsys, "new", target, "--from", SHORT)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and "already exists" in err
    assert target.read_text() == "precious\n"


@pytest.mark.parametrize("base", ["missing.yaml", str(GAME / "counters.yaml")])
def test_new_refuses_a_base_that_is_not_a_scenario(work, capsys, base):
    status, out, err = run(capsys, "new", "v.yaml", "--from", base)
    assert status == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (work / "v.yaml").exists()


def test_done_when_flow(work, capsys):
    """new, then one battleship too many: a finding on the variant's line; diff shows exactly the edit."""
    assert run(capsys, "new", "my-variant.yaml", "--from", SHORT)[0] == 0
    path = work / "my-variant.yaml"
    with path.open("a", encoding="utf-8") as handle:
        handle.write("setup:\n  - at: Truk\n    side: japan\n    units:\n      - {counter: jp-bb-kongo-haruna}\n"
                     "    reconstructed: \"a second Kongo/Haruna\"\n")
    line = path.read_text().splitlines().index("      - {counter: jp-bb-kongo-haruna}") + 1
    status, out, err = run(capsys, "check", "my-variant.yaml")
    assert status == 1
    assert f"my-variant.yaml:{line}:9: error COUNTER-MIX" in out
    status, out, err = run(capsys, "diff", SHORT, "my-variant.yaml")
    assert status == 0
    assert out.splitlines()[2:] == ["setup: Truk (japan): +1 jp-bb-kongo-haruna (0 -> 1)", "1 difference"]
    status, out, err = run(capsys, "diff", SHORT, "my-variant.yaml", "--format", "json")
    assert json.loads(out)["differences"] == [{
        "section": "setup", "at": "Truk", "side": "japan", "counter": "jp-bb-kongo-haruna", "reduced": False,
        "measure": "count", "a": 0, "b": 1, "change": 1}]


def test_diff_of_a_scenario_with_itself_is_empty(capsys):
    assert diff_scenarios(SHORT, SHORT) == []
    status, out, err = run(capsys, "diff", SHORT, SHORT)
    assert status == 0 and out.endswith("no differences\n")


def test_diff_covers_every_section_in_a_fixed_order(work):
    path = work / "v.yaml"
    rel = Path(*[".."] * len(work.resolve().parts[1:]), *SHORT.resolve().parts[1:]).as_posix()
    path.write_text(f"""\
kind: scenario
game: fire-in-the-sky
edition: 2nd
start_turn: 3
extends: "{rel}"
optional_rules: ["16.2.5"]
control:
  - {{base: Wake, side: allied, reconstructed: "holds"}}
markers:
  oil_points: {{value: 10, reconstructed: "less"}}
  transport_points: {{us: 12, reconstructed: "less"}}
remove:
  - {{at: Formosa, side: japan, units: [{{counter: jp-air, steps: 2}}], reconstructed: "fewer"}}
turn_track:
  - {{turn: 4, side: allied, units: [{{counter: us-ca}}], reconstructed: "later"}}
sunk:
  - {{counter: us-dd, reconstructed: "lost"}}
""", encoding="utf-8")
    differences = diff_scenarios(SHORT, path)
    sections = [d.section for d in differences]
    assert sections == sorted(sections, key=["edition", "start_turn", "optional_rules", "control", "markers", "setup", "turn_track", "sunk"].index)
    texts = [d.text() for d in differences]
    assert texts[:3] == ["edition: v1.1 -> 2nd", "start_turn: 2 -> 3", "optional_rules: +16.2.5"]
    assert "control: Wake: japan -> allied" in texts
    assert "markers: oil_points: 12 -> 10" in texts and "markers: transport_points.us: 14 -> 12" in texts
    assert "setup: Formosa (japan): -2 steps jp-air (8 -> 6)" in texts
    assert "turn_track: turn 4 (allied): +1 us-ca (0 -> 1)" in texts
    assert "sunk: +1 us-dd (0 -> 1)" in texts
    assert diff_scenarios(SHORT, path) == differences  # deterministic


def test_diff_refuses_an_unreadable_scenario_in_one_line(work, capsys):
    (work / "bad.yaml").write_text("kind: scenario\ngame: [\n")
    status, out, err = run(capsys, "diff", SHORT, "bad.yaml")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and "bad.yaml:" in err


@pytest.mark.parametrize("path", VARIANTS, ids=[p.name for p in VARIANTS])
def test_bundled_variants_check_clean_and_explain_themselves(path, capsys):
    status, out, err = run(capsys, "check", path)
    assert status == 0 and f"{path.name}:" not in out, out
    from toolkit.load import load_file

    data = load_file(path).data
    assert data["variant"] is True and data["extends"] == "../short-campaign.yaml"
    assert len(data["notes"]) > 100 and len(data["reconstructed"]) > 50
    assert diff_scenarios(SHORT, path), "a variant changes something"
    assert run(capsys, "fmt", "--check", path)[0] == 0


def test_there_are_bundled_variants():
    assert len(VARIANTS) >= 2


@pytest.mark.parametrize("a, b", [("pacific-fury/campaign", "fire-in-the-sky/short-campaign"),
                                  ("fire-from-the-skies/coral-sea", "pacific-fury/campaign")])
def test_diff_refuses_scenarios_of_two_games(capsys, a, b):
    """Two games' scenarios have no set-up, control or markers in common: their differences would be every line of both
    (a FitS control entry against a PF game that has none read as 'none'), so the command says the games differ."""
    status, out, err = run(capsys, "diff", a, b)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert "scenarios of two games" in err and a.split("/")[0] in err and b.split("/")[0] in err


def test_new_quotes_the_check_it_suggests_for_a_name_with_spaces(work, capsys):
    """The command ``new`` suggests runs as printed, pasted into a shell: a name with a space is quoted."""
    status, out, err = run(capsys, "new", "my variant.yaml", "--from", SHORT)
    assert status == 0 and err == ""
    assert out == "wrote my variant.yaml; check it with: chartroom check 'my variant.yaml'\n"
