"""The `chartroom` command as a designer uses it: the issue's "done when" cases, exit statuses and formats."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, SHORT, run_cli
from toolkit import __version__
from toolkit.cli import main, terminal_columns

run = run_cli


def copy_with(tmp_path, old: str, new: str, name="edited.yaml"):
    text = SHORT.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    return path, line


def test_bundled_short_campaign_is_clean(capsys):
    status, out, _ = run(capsys, "check", str(SHORT))
    assert status == 0
    assert out.endswith("ok: 1 file checked, no findings\n")


def test_a_file_or_folder_named_twice_is_checked_once(tmp_path, capsys):
    path, line = copy_with(tmp_path, "      - {counter: jp-bb-mutsu-nagato}\n", "      - {counter: jp-bb-mutsu-nagato, count: 2}\n")
    status, out, _ = run(capsys, "check", str(path), str(path.parent / ".." / path.parent.name / path.name))
    assert status == 1 and out.count("COUNTER-MIX") == 1 and out.endswith("in 1 file checked\n")
    status, out, _ = run(capsys, "check", str(path), str(SHORT))  # two files: two
    assert out.endswith("in 2 files checked\n")
    pacific_fury = ROOT / "scenarios" / "pacific-fury"
    once = run(capsys, "check", str(pacific_fury))[1]
    assert run(capsys, "check", str(pacific_fury), f"{pacific_fury}/")[1] == once


def test_one_unit_too_many(tmp_path, capsys):
    path, line = copy_with(tmp_path, "      - {counter: jp-bb-mutsu-nagato}\n", "      - {counter: jp-bb-mutsu-nagato, count: 2}\n")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 1
    assert f"edited.yaml:{line}:9: error COUNTER-MIX BB (Mutsu, Nagato): 2 counters used but the counter mix holds 1" in out
    assert "[FitS v1.1 2.1]" in out


def test_land_unit_over_an_atoll(tmp_path, capsys):
    path, line = copy_with(tmp_path, "      - {counter: us-land-2}\n    source: \"FitS v1.1 19.0\"\n  - at: Ellice",
                           "      - {counter: us-land-2}\n      - {counter: us-marine-4}\n    source: \"FitS v1.1 19.0\"\n  - at: Ellice")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 1
    assert f"edited.yaml:{line + 1}:9: error STACK-LAND Midway is an atoll with Land Capacity 4; Allied land units there total Transport 6" in out
    assert "[FitS v1.1 2.2.2.1]" in out


def test_misspelled_base_suggests(tmp_path, capsys):
    path, line = copy_with(tmp_path, "  - at: Rabaul\n", "  - at: Rabual\n")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 1
    assert f"edited.yaml:{line}:9: error REF-PLACE 'Rabual' is no place, box or hex on the map; did you mean 'Rabaul'?" in out


def test_duplicate_key_cannot_be_parsed(tmp_path, capsys):
    path, line = copy_with(tmp_path, "start_turn: 2\n", "start_turn: 2\nstart_turn: 3\n")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 2
    assert f"edited.yaml:{line + 1}:1: error YAML-DUPLICATE duplicate key 'start_turn' (first defined at line {line})" in out


def test_tab_cannot_be_parsed(tmp_path, capsys):
    path, line = copy_with(tmp_path, "    side: japan\n", "\tside: japan\n")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 2
    assert f"edited.yaml:{line}:1: error YAML-SYNTAX tab character" in out


def test_json_format_is_a_list_of_findings(tmp_path, capsys):
    path, line = copy_with(tmp_path, "      - {counter: jp-bb-mutsu-nagato}\n", "      - {counter: jp-bb-mutsu-nagato, count: 2}\n")
    status, out, _ = run(capsys, "check", "--format", "json", str(path))
    findings = json.loads(out)
    assert status == 1
    assert findings == [{"severity": "error", "code": "COUNTER-MIX",
                         "message": "BB (Mutsu, Nagato): 2 counters used but the counter mix holds 1; remove 1",
                         "file": str(path.relative_to(ROOT)) if str(path).startswith(str(ROOT)) else findings[0]["file"],
                         "line": line, "column": 9, "rule": "FitS v1.1 2.1"}]


def test_github_format(tmp_path, capsys):
    path, line = copy_with(tmp_path, "  - at: Rabaul\n", "  - at: Rabual\n")
    status, out, _ = run(capsys, "check", "--format", "github", str(path))
    assert status == 1 and out.startswith("::error file=") and f",line={line},col=9,title=REF-PLACE::" in out


def test_checking_the_whole_game_folder(capsys):
    status, out, _ = run(capsys, "check", str(ROOT / "scenarios" / "fire-in-the-sky"))
    assert status == 0, out
    assert "no findings" in out


@pytest.mark.parametrize("args", [["check"], ["check", "--format", "xml", "x.yaml"], ["nonsense"], ["check", "--edition"]])
def test_bad_arguments_exit_2_in_one_line(capsys, args):
    with pytest.raises(SystemExit) as info:
        main(args)
    _, err = capsys.readouterr()
    assert info.value.code == 2
    assert err.count("\n") == 1 and err.startswith("chartroom: ")


def test_missing_file_exits_2(capsys, tmp_path):
    status, out, _ = run(capsys, "check", str(tmp_path / "nope.yaml"))
    assert status == 2 and "no such file" in out


def test_audit_shows_provenance_for_every_record(capsys):
    status, out, _ = run(capsys, "audit", "fire-in-the-sky", "--format", "json")
    rows = json.loads(out)
    assert status == 0
    kinds = {r["kind"] for r in rows}
    assert {"game", "map", "counters", "edition", "schedule", "errata", "charts", "scenario"} <= kinds
    assert all(r["records"] > 0 for r in rows)
    assert sum(r["missing"] for r in rows) == 0, [m for r in rows for m in r["missing_at"]]


def test_audit_names_records_without_provenance(tmp_path, capsys):
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("kind: game\ngame: g\n")
    (game / "map.yaml").write_text("kind: map\nplaces:\n  - {name: A, source: x}\n  - {name: B}\n")
    status, out, _ = run(capsys, "audit", str(game))
    assert status == 0
    assert "map.yaml:4:5: record without source: or reconstructed:" in out


def test_version_and_console_script():
    exe = ROOT / ".venv" / "bin" / "chartroom"
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "toolkit.cli"]
    done = subprocess.run([*command, "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == f"chartroom {__version__}"
    done = subprocess.run([*command, "check", str(SHORT)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and "Traceback" not in done.stderr


def test_schema_command(capsys):
    status, out, _ = run(capsys, "schema", "scenario")
    assert status == 0 and out.strip().endswith("schemas/scenario.schema.json")
    status, _, err = run(capsys, "schema", "scenari")
    assert status == 2 and "did you mean 'scenario'" in err


def test_the_same_scenario_under_the_2nd_edition(capsys):
    """The 2nd edition counts Victory Points from the printed Japanese bases (2nd 3.3.10); the v1.1 scenario's
    marker is read on its own track, and the first line says the scenario was written for v1.1."""
    status, out, _ = run(capsys, "check", "--edition", "2nd", str(SHORT))
    assert status == 0
    assert out.splitlines()[0].endswith("info EDITION-OTHER written for FitS v1.1, checked in FitS 2nd; its numbers are read on the "
                                        "v1.1 scale, and what they depend on differs: vp_start_rule zero-at-turn-1 -> sum-of-printed"
                                        "-japanese-base-vp, victory_japan_at 20 -> 40, victory_allied_at -1 -> 19, draw_at 0 -> 20; 36 other "
                                        "rule parameters differ (compare scenarios/fire-in-the-sky/editions/v1.1.yaml with "
                                        "scenarios/fire-in-the-sky/editions/2nd.yaml) [FitS 2nd 4.3.1]")
    assert "MARKER-VP" not in out and out.endswith("0 error(s), 0 warning(s), 1 info in 1 file checked\n")


def test_unknown_edition_points_at_the_scenario(tmp_path, capsys):
    path, line = copy_with(tmp_path, "edition: v1.1\n", "edition: v1.2\n")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 2 or status == 1
    assert f"edited.yaml:{line}:10: error" in out and "v1.2" in out


def test_an_edition_the_game_does_not_have_is_located(tmp_path, capsys):
    """Edition ids are the manifest's: a typo in a record's `editions:` is found at its line."""
    import shutil

    game = tmp_path / "fire-in-the-sky"
    shutil.copytree(ROOT / "scenarios" / "fire-in-the-sky", game)
    text = (game / "map.yaml").read_text(encoding="utf-8")
    line = text[: text.index("editions: [2nd]")].count("\n") + 1
    (game / "map.yaml").write_text(text.replace("editions: [2nd]", "editions: [2nf]", 1), encoding="utf-8")
    status, out, _ = run(capsys, "check", str(game / "short-campaign.yaml"))
    assert status == 1
    assert f"map.yaml:{line}:" in out and "REF-EDITION edition '2nf' is not one of this game's editions: v1.1, 2nd; did you mean '2nd'?" in out


def test_an_edition_missing_a_parameter_is_a_data_error(tmp_path, capsys):
    """Rule values live only in the edition files: a missing one is a located finding, not a guess."""
    import shutil

    game = tmp_path / "fire-in-the-sky"
    shutil.copytree(ROOT / "scenarios" / "fire-in-the-sky", game)
    edition = game / "editions" / "v1.1.yaml"
    edition.write_text("".join(line for line in edition.read_text(encoding="utf-8").splitlines(True)
                               if not line.startswith("  supply_leg_hexes:")), encoding="utf-8")
    status, out, _ = run(capsys, "check", str(game / "short-campaign.yaml"))
    assert status == 1 and "EDITION-PARAMETER the edition defines no parameter 'supply_leg_hexes'" in out
    status, out, err = run(capsys, "supply", str(game / "short-campaign.yaml"), "--side", "allied", "--to", "Brisbane")
    assert status == 2 and err.count("\n") == 1 and "supply_leg_hexes" in err


@pytest.mark.parametrize("columns", [None, "100", "40", "0", "-3", "wide", ""])
def test_the_help_is_as_wide_as_argparse_would_make_it(columns, monkeypatch):
    """The help's width is found without shutil (issue 22): the same number shutil gives argparse, whatever $COLUMNS says."""
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns
    monkeypatch.setattr(sys, "__stdout__", None)  # no standard output at all (a detached process)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_the_help_wraps_at_the_width_of_columns(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "60")
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 58 and any(len(line) > 50 for line in lines)
