"""Regressions found by a hostile-input and rules-fidelity review; each failed before its fix."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest

from conftest import GAME, ROOT, SHORT, run_cli
from toolkit.cli import main

run = run_cli


SCENARIO_HEAD = """\
kind: scenario
game: fire-in-the-sky
id: review
title: Review
edition: v1.1
start_turn: 2
source: "FitS v1.1 19.0"
"""


@pytest.fixture
def loop(tmp_path, monkeypatch):
    """A symbolic link loop (loop1 -> loop2 -> loop1) just outside the working folder (shown as an absolute path)."""
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    os.symlink("loop2", tmp_path / "loop1")
    os.symlink("loop1", tmp_path / "loop2")
    return tmp_path / "loop1"


# --- symbolic link loops: Path.resolve() raised RuntimeError, exit 3 -------------------------

@pytest.mark.parametrize("argv", [
    ["check", "{loop}"],
    ["fmt", "{loop}"],
    ["diff", "{loop}", str(SHORT)],
    ["new", "v.yaml", "--from", "{loop}"],
])
def test_symlink_loop_is_unreadable_input_not_an_internal_error(capsys, loop, argv):
    status, out, err = run(capsys, *[a.format(loop=loop) for a in argv])
    assert status == 2, (out, err)
    assert "internal error" not in err
    assert "symbolic links" in out + err


def test_variant_extending_a_symlink_loop_is_a_finding(capsys, loop, write, monkeypatch):
    monkeypatch.chdir(loop.parent)
    variant = write("v.yaml", SCENARIO_HEAD.replace("start_turn: 2\n", "variant: true\nextends: \"loop1\"\n"))
    status, out, err = run(capsys, "check", variant)
    assert status == 1 and "EXTENDS-PATH" in out and "internal error" not in err
    status, out, err = run(capsys, "supply", variant, "--side", "japan", "--to", "Kure")
    assert status == 2 and "internal error" not in err


# --- chartroom site emptied any folder it was given ------------------------------------------

def test_site_refuses_a_folder_holding_the_users_files(tmp_path, capsys):
    pytest.importorskip("mkdocs")
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("precious", encoding="utf-8")
    status, _, err = run(capsys, "site", "-o", folder)
    assert status == 2 and "not empty" in err
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "precious"


def test_site_refuses_an_output_that_is_a_file(tmp_path, capsys):
    pytest.importorskip("mkdocs")
    target = tmp_path / "afile"
    target.write_text("x", encoding="utf-8")
    status, _, err = run(capsys, "site", "-o", target)
    assert status == 2 and "not a folder" in err and target.read_text(encoding="utf-8") == "x"


def test_site_accepts_a_folder_it_built_before(tmp_path):
    from toolkit.render.site import MARKER, _check_output

    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("", encoding="utf-8")
    empty = hashlib.sha256(b"").hexdigest()  # a manifest names each file with the digest of what was written (issue 21)
    (folder / MARKER).write_text(f"# manifest\n{empty}  index.html\n", encoding="utf-8")
    _check_output(folder)  # no SiteError: it lists every file there, as written
    _check_output(tmp_path / "new")


# --- numbers on the command line --------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["cost", "sea-deployment", "--unit", "jp-air", "--steps", "9" * 400],  # OverflowError, exit 3
    ["cost", "asw", "--rolls", "99999999999999999999999"],                # printed an inexact float
    ["cost", "operational", "--units", "jp-ca", "--hexes", "5", "--turn", "-5"],
    ["cost", "operational", "--units", "jp-ca", "--hexes", "5", "--turn", "17"],
    ["reach", str(SHORT), "--unit", "jp-dd", "--at", "Kure", "--mode", "sea-deployment", "--tp", "-5"],
    ["reach", str(SHORT), "--unit", "jp-dd", "--at", "Kure", "--mode", "sea-deployment", "--tp", "nan"],
    ["reach", str(SHORT), "--unit", "jp-dd", "--at", "Kure", "--mode", "sea-deployment", "--tp", "inf"],
    ["cost", "sea-deployment", "--unit", "jp-dd", "--steps", "3"],         # --steps silently ignored
])
def test_bad_numbers_are_argument_errors(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2, (out, err)
    assert out == "" and len(err.strip().splitlines()) == 1 and "internal error" not in err


def test_empty_merchantmen_pool_is_not_the_starting_pool(write, capsys):
    path = write("s.yaml", SCENARIO_HEAD + "markers:\n  merchantmen_pool: {value: 0, source: \"FitS v1.1 19.0\"}\n")
    status, out, _ = run(capsys, "cost", "oil-transport", path, "--format", "json")
    assert status == 0
    import json
    data = json.loads(out)
    assert data["merchantmen_pool"] == 0 and data["by_merchantmen_pool"] == 0 and data["max_oil"] == 0


# --- a game whose map has errors ----------------------------------------------------------------

def _broken_game(tmp_path, old, new):
    root = tmp_path / "game"
    shutil.copytree(GAME, root)
    text = (root / "map.yaml").read_text(encoding="utf-8")
    assert old in text
    (root / "map.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


@pytest.mark.parametrize("old,new", [
    ('hex: "1203"', 'hex: "9999"'),                                    # Kure off the playing area: NodeNotFound, exit 3
    ("between: [Bangkok, Rangoon]", "between: [Bangkok, Atlantis]"),   # land connection to no place: AttributeError, exit 3
    ("name: Truk", "name: Kure"),                                      # a name twice: answers on a wrong map
])
def test_graph_commands_refuse_a_game_with_map_errors(tmp_path, capsys, old, new):
    root = _broken_game(tmp_path, old, new)
    for argv in (["map", "distance", "Kure", "Singapore", "--game", root],
                 ["map", "export", "--game", root],
                 ["cost", "asw", "--game", root],
                 ["supply", root / "short-campaign.yaml", "--side", "allied", "--to", "Brisbane"],
                 ["zoc", root / "short-campaign.yaml", "--side", "japan"],
                 ["reach", root / "short-campaign.yaml", "--unit", "jp-dd", "--at", "Kure", "--mode", "operational"],
                 ["cost", "oil-transport", root / "short-campaign.yaml"]):
        status, out, err = run(capsys, *argv)
        assert status == 2, (argv, out, err)
        assert "map.yaml:" in err and "internal error" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("old,new,code", [
    ('  - hex: "0707"\n    name: Malaya', '  - hex: "0101"\n    name: Malaya', "MAP-OUTSIDE"),
    ('neighbours: ["0606", "0607", "0708", "0807"]', 'neighbours: ["0606", "0607", "0708", "1203"]', "MAP-HEXSIDE"),
    ("impassable_hexsides:\n", 'impassable_hexsides:\n  - {between: ["1203", "1406"], reconstructed: "not adjacent"}\n', "MAP-HEXSIDE"),
    ("impassable_hexsides:\n", 'impassable_hexsides:\n  - {between: ["1203", "0101"], reconstructed: "off the map"}\n', "MAP-OUTSIDE"),
    ('      - hex: "2001"', '      - hex: "0101"', "MAP-OUTSIDE"),
])
def test_map_geometry_errors_are_found(tmp_path, capsys, old, new, code):
    root = _broken_game(tmp_path, old, new)
    status, out, _ = run(capsys, "check", root)
    assert status == 1 and "map.yaml:" in out and code in out, out


# --- bundled data in the canonical layout ---------------------------------------------------------

def test_bundled_files_are_in_the_canonical_layout(capsys):
    """`chartroom fmt --check` (and the chartroom-fmt pre-commit hook) passes on the bundled game."""
    status, out, err = run(capsys, "fmt", "--check", ROOT / "scenarios")
    assert status == 0, out + err


# --- rules fidelity ---------------------------------------------------------------------------------

def test_air_steps_at_one_base_share_counters_across_entries(write, capsys):
    """v1.1 2.1.1.2 / 2nd 3.1.2: air units break down and combine at will, so 16 one-step entries at
    Kure are 16 steps on 8 counters, not 16 counters (the mix holds 15 Japanese air counters)."""
    entry = '  - at: Kure\n    side: japan\n    units:\n      - {counter: jp-air, steps: 1}\n    source: "FitS v1.1 19.0"\n'
    path = write("air.yaml", SCENARIO_HEAD + "setup:\n" + entry * 16)
    status, out, _ = run(capsys, "check", path)
    assert "COUNTER-MIX" not in out
    assert "STACK-AIR" in out  # 16 steps over Kure's Air Capacity 12 is still found


def test_japanese_tp_above_the_starting_pool_when_the_pool_is_left_out(write, capsys):
    """v1.1 2.1.2.1 / 2nd 3.3.6: Japanese TP are reset to the Merchantmen Pool, which starts at 30 (v1.1)."""
    path = write("tp.yaml", SCENARIO_HEAD + "markers:\n  transport_points: {japan: 40, source: \"FitS v1.1 19.0\"}\n")
    status, out, _ = run(capsys, "check", path)
    assert status == 1 and "MARKER-TRANSPORT" in out and "(30)" in out


def test_graph_commands_warn_when_scenario_entries_are_left_out(capsys):
    """A scenario with an unknown place still gets an answer, with one warning line naming the first error."""

    status = main(["supply", "tests/checks/ref-place-fail.yaml", "--side", "allied", "--to", "Brisbane"])
    out, err = capsys.readouterr()
    assert status == 0 and out.startswith("supplied: ")
    assert err.count("\n") == 1 and "ref-place-fail.yaml:8:9: 'Rabual' is no place" in err


def test_aids_refuse_a_game_with_map_errors(tmp_path, capsys):
    """Aids drawn from a broken map would mislead: the command names the first error in the game data."""
    import shutil


    game = tmp_path / "fire-in-the-sky"
    shutil.copytree(Path(__file__).resolve().parents[1] / "scenarios" / "fire-in-the-sky", game)
    text = (game / "map.yaml").read_text(encoding="utf-8")
    (game / "map.yaml").write_text(text.replace("between: [Bangkok, Rangoon]", "between: [Bangkok, Rangon]", 1), encoding="utf-8")
    status = main(["aids", str(game / "short-campaign.yaml"), "-o", str(tmp_path / "out")])
    _, err = capsys.readouterr()
    assert status == 1 and err.count("\n") == 1
    assert "map.yaml:" in err and "'Rangon'" in err and "did you mean 'Rangoon'?" in err
    assert not (tmp_path / "out").exists()
