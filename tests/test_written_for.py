"""A scenario checked in another edition than the one it was written for (toolkit/written_for.py, issue 19 item 7).

Its first line says so and names what its numbers depend on; its Victory Point marker is read on
its own edition's track (v1.1 16.0 starts it at 0, 2nd 3.3.10 at the printed Japanese bases' value),
so a right v1.1 marker is clean in the 2nd edition and a wrong one is still flagged.
"""

from __future__ import annotations

import json
import os

import pytest

from conftest import ROOT, run_cli
from toolkit.session import Session

SHORT = ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml"


def _copy(tmp_path, old: str, new: str):
    path = tmp_path / "fits" / "s.yaml"
    path.parent.mkdir()
    text = SHORT.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.fixture
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_a_wrong_v11_marker_is_still_flagged_in_the_2nd_edition_on_the_v11_track(tmp_path, capsys, at_root):
    path = _copy(tmp_path, "victory_points: {value: 5,", "victory_points: {value: 4,")
    status, out, _ = run_cli(capsys, "check", "--edition", "2nd", path)
    assert status == 0
    lines = out.splitlines()
    assert "info EDITION-OTHER written for FitS v1.1, checked in FitS 2nd" in lines[0] and lines[0].startswith(f"{path}:6:10:")
    assert "warning MARKER-VP Victory Points are 4 but the bases captured give 5;" in out
    assert lines[-1] == "0 error(s), 1 warning(s), 1 info in 1 file checked"


def test_a_scenario_written_for_the_2nd_edition_is_judged_on_its_track(tmp_path, capsys, at_root):
    path = _copy(tmp_path, "edition: v1.1\n", "edition: 2nd\n")
    status, out, _ = run_cli(capsys, "check", "--format", "json", path)
    assert status == 1
    # 5, where 2nd wants 25; and 5 is at or below the 2nd edition's Allied win (19 or less, 2nd 4.3): a finished game
    assert [(f["code"], f["severity"]) for f in json.loads(out)] == [("MARKER-VP", "warning"), ("MARKER-VP-WON", "error")]
    path.write_text(path.read_text(encoding="utf-8").replace("victory_points: {value: 5,", "victory_points: {value: 25,"), encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", path)
    assert (status, out) == (0, "ok: 1 file checked, no findings\n")  # its own edition: no note


def test_in_its_own_edition_no_note(capsys, at_root):
    status, out, _ = run_cli(capsys, "check", "--edition", "v1.1", SHORT)
    assert (status, out) == (0, "ok: 1 file checked, no findings\n")


@pytest.mark.parametrize("game", ["fire-in-the-sky", "pacific-fury", "fire-from-the-skies"])
def test_every_bundled_scenario_in_every_edition_shows_no_warning_a_newcomer_reads_as_broken_data(game, capsys, at_root):
    folder = ROOT / "scenarios" / game
    editions = Session().editions_of(folder)
    assert editions
    for edition in editions:
        status, out, _ = run_cli(capsys, "check", "--format", "json", "--edition", edition, f"scenarios/{game}")
        findings = json.loads(out)
        assert status == 0 and [f for f in findings if f["severity"] != "info"] == [], (edition, findings[:3])


def test_a_variant_of_the_short_campaign_in_the_2nd_edition_says_so_in_its_own_file(tmp_path, capsys, at_root):
    """The issue's reproducer: it warned at short-campaign.yaml:180:19; now one note, at the top of the variant."""
    path = tmp_path / "my-variant.yaml"
    rel = os.path.relpath(SHORT, tmp_path)
    path.write_text(f'kind: scenario\ngame: fire-in-the-sky\nid: mine\nvariant: true\nextends: "{rel}"\nreconstructed: "a try"\n', encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", path, "--edition", "2nd")
    assert status == 0
    (line, summary) = out.splitlines()
    assert line.startswith(f"{path}:1:1: info EDITION-OTHER written for FitS v1.1, checked in FitS 2nd;")
    assert summary == "0 error(s), 0 warning(s), 1 info in 1 file checked"
