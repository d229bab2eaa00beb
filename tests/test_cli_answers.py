"""Answers a newcomer can read (issue 11 item 18): usage hints name nested subcommands, numbers carry their
unit, Operational Movement of 0 hexes follows each edition's rule, zoc and reach say what they list and how
many, every option has help text, and ``--edition`` lists the editions."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from conftest import ROOT, SHORT
from toolkit.cli import build_parser, main


def run(capsys, *args):
    try:
        status = main([str(a) for a in args])
    except SystemExit as stop:  # argparse's own exit (usage errors)
        status = stop.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


@pytest.mark.parametrize("args, hint", [
    (["map", "distance", "Kure"], "see chartroom map distance --help"),
    (["cost", "asw", "--rolls", "x"], "see chartroom cost asw --help"),
    (["cost", "operational", "--hexes", "2"], "see chartroom cost operational --help"),
    (["map"], "see chartroom map --help"),
    (["check"], "see chartroom check --help"),
    (["nonsense"], "see chartroom --help"),
    # an argument left over names the command that refused it, not the top-level help
    (["map", "distance", "Kure", "Truk", "Wake"], "see chartroom map distance --help"),
    (["check", "x.yaml", "--strict"], "see chartroom check --help"),
    (["calc", "pacific-fury", "sink", "--hits", "1", "--df", "2", "--kamikaze"], "see chartroom calc pacific-fury sink --help"),
    (["odds", "surface", "--attacker", "jp-ca", "--defender", "us-ca", "--kamikaze"], "see chartroom odds surface --help"),
])
def test_usage_hints_name_the_whole_command(capsys, args, hint):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert err.endswith(f" ({hint})\n") and err.count("\n") == 1, err


def test_the_real_command_names_nested_subcommands():
    done = subprocess.run([sys.executable, "-m", "toolkit.cli", "map", "distance", "Kure"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "chartroom: the following arguments are required: B (see chartroom map distance --help)\n"


@pytest.mark.parametrize("args, text", [
    (["map", "distance", "Truk", "Rabaul"], "2 hexes\n"),
    (["map", "distance", "Kure", "Singapore", "--sea"], "6 hexes by sea\n"),
    (["cost", "sea-deployment", "--unit", "jp-dd"], "0.5 TP (FitS v1.1 8.2)\n"),
    (["cost", "dd-transfer", "--count", "2"], "2 TP (FitS v1.1 5.2)\n"),
    (["cost", "dd-transfer", "--edition", "2nd"], "2 TP (FitS 2nd 5.2)\n"),
    (["cost", "asw"], "0.5 Oil Points (FitS v1.1 6.1)\n"),
    (["cost", "asw", "--edition", "2nd"], "1 Oil Point (FitS 2nd 5.3)\n"),
])
def test_numbers_carry_their_unit(capsys, args, text):
    assert run(capsys, *args) == (0, text, "")


def test_json_numbers_are_unchanged(capsys):
    assert run(capsys, "map", "distance", "Truk", "Rabaul", "--format", "json")[1] == '{\n  "distance": 2\n}\n'
    assert run(capsys, "cost", "asw", "--format", "json")[1] == '{\n  "oil": 0.5,\n  "rule": "FitS v1.1 6.1"\n}\n'


def test_operational_movement_of_0_hexes_follows_each_edition(capsys):
    # v1.1 9.3 prices moves of 1-4 hexes and of more than 4: a Task Force staying in its hex is refused, with why.
    status, out, err = run(capsys, "cost", "operational", "--units", "jp-ca", "jp-dd", "--hexes", "0")
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert "--hexes 0: a Task Force using Operational Movement moves at least 1 hex" in err
    assert "(FitS v1.1 9.3)" in err and "add --reaction (FitS v1.1 10.1)" in err
    # v1.1 10.1: a ship reacting into the hex it occupies pays the 1-4 hexes cost.
    assert run(capsys, "cost", "operational", "--units", "jp-ca", "jp-dd", "--hexes", "0", "--reaction") == (0, "0 TP, 1.5 Oil Points (FitS v1.1 10.1)\n", "")
    # 2nd 8.4: only leaving port and staying in the same hex costs nothing.
    assert run(capsys, "cost", "operational", "--units", "jp-ca", "jp-dd", "--hexes", "0", "--edition", "2nd") == (0, "0 TP, 0 Oil Points (FitS 2nd 8.4)\n", "")


def test_operational_reach_leaves_out_the_start_hex_only_where_staying_is_no_move(capsys):
    args = ["reach", SHORT, "--unit", "jp-dd", "--at", "Kure", "--mode", "operational"]
    v11 = run(capsys, *args)[1]
    second = run(capsys, *args, "--edition", "2nd")[1]
    assert "Kure                   1203   0 hexes" not in v11
    assert "Kure                   1203   0 hexes  tp 0  oil 0" in second


def test_zoc_prints_a_header_with_the_count(capsys):
    status, out, _ = run(capsys, "zoc", SHORT, "--side", "japan")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == f"Air ZOC of Japan: {len(lines) - 1} hexes (FitS v1.1 2.1.1.2)"
    assert lines[1] == "0706  Bangkok"


def test_reach_prints_a_header_with_the_count(capsys):
    status, out, _ = run(capsys, "reach", SHORT, "--unit", "jp-dd", "--at", "Kure", "--mode", "one-hex")
    assert status == 0
    assert out.splitlines()[0] == "jp-dd from Kure, One-hex Deployment: 3 places (FitS v1.1 8.3)"
    assert len(out.splitlines()) == 4
    status, out, _ = run(capsys, "reach", SHORT, "--unit", "jp-dd", "--at", "Kure", "--mode", "reaction", "--edition", "2nd")
    assert out.splitlines()[0] == "jp-dd from Kure, Reaction Movement: 1 place (FitS 2nd 9.0)"


def _actions(parser, prog="chartroom"):
    """(command, action, its help text as --help shows it) for every option and argument."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _actions(sub, f"{prog} {name}")
        elif not isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
            yield prog, action, parser._get_formatter()._get_help_string(action)


#: The commands of the core and of Fire in the Sky (a game added later brings its own).
COMMANDS = ("check", "audit", "rules", "schema", "aids", "site", "new", "diff", "fmt", "map", "supply", "zoc", "reach", "cost")


def test_every_option_and_argument_has_help_text():
    missing = [f"{prog} {'/'.join(action.option_strings) or action.dest}" for prog, action, text in _actions(build_parser())
               if prog.split()[1:2] and prog.split()[1] in COMMANDS and not text]
    assert missing == []


def test_building_the_command_line_reads_no_game_data(monkeypatch):
    import toolkit.cli
    import toolkit.model.reading
    import toolkit.session

    for module in (toolkit.cli, toolkit.session, toolkit.model.reading):
        monkeypatch.setattr(module, "manifest_editions", lambda root: pytest.fail("read a manifest without showing help"))
    build_parser()  # every command builds it: the editions are read only when help is shown


def test_every_edition_option_lists_the_editions():
    editions = [(prog, text) for prog, action, text in _actions(build_parser()) if "--edition" in action.option_strings]
    assert len(editions) >= 10
    for prog, text in editions:
        if prog.split()[1] in COMMANDS:
            assert "v1.1, 2nd" in text, prog
    help_text = build_parser()._subparsers._group_actions[0].choices["check"].format_help()
    assert "fire-in-the-sky: v1.1, 2nd" in " ".join(help_text.split())


@pytest.mark.parametrize("path, edition", [("scenarios/fire-in-the-sky/short-campaign.yaml", "second"),
                                           ("scenarios/pacific-fury/campaign.yaml", "2nd"),
                                           ("scenarios/fire-from-the-skies/midway.yaml", "v1.1")])
def test_check_of_a_file_in_an_edition_its_game_lacks_is_a_wrong_argument(capsys, path, edition):
    """``check FILE --edition X`` where the file's game has no edition X: the argument is wrong, not the file's
    ``edition:`` line, which the check blamed (REF-EDITION at 6:10, exit 1), as it already says for a game's folder."""
    status, out, err = run(capsys, "check", ROOT / path, "--edition", edition)
    assert status == 2 and out == "" and err.count("\n") == 1, out + err
    assert err.startswith(f"chartroom: --edition {edition}: ") and "has no such edition; its editions: " in err


@pytest.mark.parametrize("args", [["aids", "{pf}", "-o", "{out}"], ["map", "draw", "{pf}"], ["map", "distance", "Truk", "The Slot", "--scenario", "{pf}"],
                                  ["supply", "{fits}", "--side", "japan", "--to", "Truk"]])
def test_commands_given_a_scenario_in_an_edition_its_game_lacks_blame_the_argument(capsys, tmp_path, args):
    pf, fits = ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml"
    status, out, err = run(capsys, *[a.format(pf=pf, fits=fits, out=tmp_path / "out") for a in args], "--edition", "third")
    assert status == 2 and out == "" and err.count("\n") == 1, out + err
    assert err.startswith("chartroom: --edition third: the game of ") and "has no such edition; its editions: " in err
    assert ":6:10:" not in err and not (tmp_path / "out").exists()
