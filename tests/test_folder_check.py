"""``chartroom check FOLDER``: every scenario file in the folder, in the edition asked for (issue 11 items 13, 14)."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import GAME, run_cli

BROKEN_VARIANT = """\
kind: scenario
game: fire-in-the-sky
id: unlisted
title: An unlisted variant
variant: true
edition: v1.1
extends: "../short-campaign.yaml"
reconstructed: "a test variant that game.yaml does not list"
setup:
  - at: Rabual
    side: japan
    units:
      - {counter: jp-ca, count: 40}
    reconstructed: "test"
"""


@pytest.fixture
def game_copy(tmp_path, monkeypatch):
    """A copy of the bundled game, checked from its parent folder, with an unlisted broken variant."""
    folder = tmp_path / "fits"
    shutil.copytree(GAME, folder)
    (folder / "variants" / "unlisted.yaml").write_text(BROKEN_VARIANT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return folder


run = run_cli


def test_an_unlisted_variant_in_the_folder_is_checked_and_named(game_copy, capsys):
    status, out, _ = run(capsys, "check", "fits/")
    assert status == 1, out
    assert "fits/variants/unlisted.yaml:10:9: error REF-PLACE 'Rabual' is no place, box or hex on the map; did you mean 'Rabaul'?" in out
    found = [line for line in out.splitlines() if line.startswith("checked fits:")]
    assert len(found) == 1, out
    assert "6 scenario files: short-campaign.yaml, campaign.yaml, variants/i-want-it-all.yaml" in found[0]
    assert found[0].endswith("; not listed in game.yaml: variants/unlisted.yaml")
    assert out.endswith(" in 16 files checked\n")


def test_an_unreadable_yaml_file_in_the_folder_is_reported(game_copy, capsys):
    (game_copy / "variants" / "draft.yaml").write_text("kind: scenario\nsetup: [\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", "fits")
    assert status == 2, out
    assert "fits/variants/draft.yaml:3:1: error YAML-" in out


def test_the_bundled_folder_says_what_it_checked(capsys):
    status, out, _ = run(capsys, "check", str(GAME))
    assert status == 0
    assert "game data of editions v1.1, 2nd; 5 scenario files: " in out
    assert "not listed" not in out
    assert out.endswith("ok: 15 files checked, no findings\n")


def test_json_output_stays_a_list_of_findings(game_copy, capsys):
    status, out, _ = run(capsys, "check", "fits", "--format", "json")
    assert status == 1
    assert any(f["file"] == "fits/variants/unlisted.yaml" and f["code"] == "REF-PLACE" for f in json.loads(out))


def test_a_folder_is_checked_in_the_edition_asked_for(capsys):
    status, out, _ = run(capsys, "check", str(GAME), "--edition", "2nd")
    assert status == 0, out
    assert "game data of edition 2nd;" in out
    # The 2nd edition starts Japan at 20 Victory Points (2nd 3.3.10, 4.3.1): the v1.1 scenarios' markers are read
    # on their own edition's track, and each scenario says in one note that it was written for v1.1.
    assert "warning" not in out.replace("0 warning(s)", "") and out.count("info EDITION-OTHER written for FitS v1.1, checked in FitS 2nd") == 5
    assert "[FitS 2nd 4.3.1]" in out
    assert "[FitS v1.1" not in out
    assert "in 14 files checked" in out  # the v1.1 edition file is not part of a 2nd edition check


def test_a_folder_with_an_edition_its_game_lacks_is_refused(capsys):
    status, out, err = run(capsys, "check", str(GAME), "--edition", "bogus")
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "--edition bogus:" in err and "its editions: v1.1, 2nd" in err


def test_a_near_miss_edition_is_suggested(capsys):
    status, _, err = run(capsys, "check", str(GAME), "--edition", "v1.2")
    assert status == 2 and "did you mean 'v1.1'?" in err
