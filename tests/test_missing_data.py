"""Missing data is never cleaner than marked data (issue 19, item 5), in every game.

A scenario that leaves out what the checks read gets an info DATA-MISSING finding per record,
naming the checks that did not run; info findings are counted in the summary, so a half-finished
scenario never reads "ok".
"""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, run_cli
from toolkit.games import game_module

FIXTURES = ROOT / "tests" / "ffts_checks"


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_the_half_finished_fire_from_the_skies_scenario_no_longer_reads_ok(tmp_path, capsys):
    status, out, _ = run_cli(capsys, "check", "tests/ffts_checks/data-missing-fail.yaml")
    assert status == 0 and "ok:" not in out
    assert out.splitlines()[-1] == "0 error(s), 0 warning(s), 7 info in 1 file checked"
    assert ("info DATA-MISSING ship yorktown has no af_capacity rating: FFTS-AIR-CAPACITY did not run for it; write ratings: "
            '{af_capacity: 30} or mark the gap as {empty: "where it is found"} [FFTS 6.4.2]') in out
    assert "aircraft sbd-3 has no endurance rating: FFTS-ENDURANCE, FFTS-ENDURANCE-LATE, FFTS-ENDURANCE-RECORD, FFTS-SEARCH-RANGE, FFTS-SEARCH-RANGE-LATE did not run" in out
    # Given the data, the skipped check runs and finds what it could not before: the search flies 6 hexes of 5.
    assert "error FFTS-SEARCH-RANGE" not in out
    path = tmp_path / "given.yaml"
    path.write_text((FIXTURES / "data-missing-pass.yaml").read_text(encoding="utf-8").replace("    range: 5", "    range: 6"), encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", path)
    assert status == 1 and "error FFTS-SEARCH-RANGE search morning-search flies 6 hexes; SBD-3 searches at most 5 hexes" in out
    assert "DATA-MISSING" not in out


def test_no_clock_is_named_with_the_checks_it_stops(tmp_path, capsys):
    text = (FIXTURES / "data-missing-fail.yaml").read_text(encoding="utf-8")
    clock = next(line for line in text.splitlines() if line.startswith("clock:"))
    path = tmp_path / "no-clock.yaml"
    path.write_text(text.replace(clock + "\n", ""), encoding="utf-8")
    _, out, _ = run_cli(capsys, "check", "--format", "json", path)
    messages = [f["message"] for f in json.loads(out) if f["code"] == "DATA-MISSING"]
    assert any(m.startswith("no clock (clock): FFTS-CLOCK, FFTS-CAP (night) did not run; write clock: ") for m in messages)


def test_a_landing_after_the_clock_is_flagged_a_last_turn_after_it_is_not(tmp_path, capsys):
    text = (FIXTURES / "data-missing-pass.yaml").read_text(encoding="utf-8")
    assert "last_turn: 21" in text and "last_turn: 12" in text  # the search's endurance runs past the 12-turn clock
    path = tmp_path / "late.yaml"
    path.write_text(text.replace("    last_turn: 21\n", "    last_turn: 21\n    land_turn: 14\n"), encoding="utf-8")
    _, out, _ = run_cli(capsys, "check", path)
    (line,) = [line for line in out.splitlines() if "FFTS-CLOCK" in line]
    assert "warning FFTS-CLOCK morning-search lands on turn 14, after the scenario's last turn 12 (clock)" in line and line.endswith("[FFTS 18.3]")


def test_fire_in_the_sky_and_pacific_fury_name_what_their_checks_read_instead(capsys):
    _, out, _ = run_cli(capsys, "check", "tests/checks/data-missing-fail.yaml", "tests/checks/pacific-fury/data-missing-fail.yaml")
    assert out.count("info DATA-MISSING") == 7 and out.splitlines()[-1].endswith("0 warning(s), 7 info in 2 files checked")
    assert "no Initiative marker (initiative): the checks read the campaign start instead (US 1, Henderson Field operational, PF 3.3)" in out
    _, out, _ = run_cli(capsys, "check", "tests/checks/data-missing-pass.yaml", "tests/checks/pacific-fury/data-missing-pass.yaml")
    assert out == "ok: 2 files checked, no findings\n"


@pytest.mark.parametrize("name", ["fire_in_the_sky", "pacific_fury", "fire_from_the_skies"])
def test_every_game_has_the_check_and_left_out_is_as_loud_as_marked(name):
    checks = {c.code: c for c in game_module(name).checks()}
    assert checks["DATA-MISSING"].severity == "info"
    if "EMPTY-SLOT" in checks:
        assert checks["EMPTY-SLOT"].severity == checks["DATA-MISSING"].severity
