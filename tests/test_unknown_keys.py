"""Every "unknown key" finding names the closest allowed keys and lists them all (issue 19, item 4), in every game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import ROOT, run_cli

BUNDLED = ROOT / "scenarios"


def _variant(tmp_path: Path, game: str, base: str, body: str) -> Path:
    path = tmp_path / "v.yaml"
    rel = Path(os.path.relpath(BUNDLED / game / base, tmp_path)).as_posix()
    path.write_text(f'kind: scenario\ngame: {game}\nextends: "{rel}"\nreconstructed: "a try"\n{body}', encoding="utf-8")
    return path


def _key_lines(out: str) -> list[str]:
    return [line.split(": error SCHEMA-KEY ", 1)[1] for line in out.splitlines() if "SCHEMA-KEY" in line]


def test_fire_from_the_skies_words_of_the_docs_find_the_keys(tmp_path, capsys):
    path = _variant(tmp_path, "fire-from-the-skies", "coral-sea.yaml", """\
air_groups:
  - carrier: lexington
    side: allied
    aircraft:
      - {type: sbd-3, afs: 6, state: deck-aft, fuelled: true}
    reconstructed: "a try"
""")
    status, out, _ = run_cli(capsys, "check", path)
    assert status == 1
    assert _key_lines(out) == [
        "unknown key 'carrier' in air_groups; did you mean 'at'?; allowed keys: aircraft, at, notes, reconstructed, side, source",  # by meaning
        "unknown key 'fuelled' in aircraft; did you mean 'fueled'?; allowed keys: afs, fueled, load, state, type, weapon",  # by spelling
    ]


def test_fire_in_the_sky_top_level_key_lists_the_scenario_keys(tmp_path, capsys):
    path = _variant(tmp_path, "fire-in-the-sky", "short-campaign.yaml", 'optinal_rules: ["18.1.5"]\n')
    _, out, _ = run_cli(capsys, "check", path)
    (line,) = _key_lines(out)
    assert line.startswith("unknown key 'optinal_rules' in document; did you mean 'optional_rules' or 'remove_optional_rules'?; allowed keys: ")
    assert "control, " in line and "remove_optional_rules, " in line and "turn_track" in line


def test_pacific_fury_a_game_section_key(tmp_path, capsys):
    path = _variant(tmp_path, "pacific-fury", "campaign.yaml", 'initiative: {box: "US 1", henderson: operational, reconstructed: "a try"}\n')
    _, out, _ = run_cli(capsys, "check", path)
    (line,) = _key_lines(out)
    assert line.startswith("unknown key 'henderson' in initiative; did you mean 'henderson_field'?; allowed keys: ")
    assert "box, " in line


@pytest.mark.parametrize("key", ["zzz", "qq"])
def test_no_close_key_still_lists_the_allowed_ones(tmp_path, capsys, key):
    path = _variant(tmp_path, "fire-from-the-skies", "coral-sea.yaml", f'clock: {{first_turn: 1, last_turn: 36, time_of_first_turn: "0500", {key}: 1, reconstructed: "a try"}}\n')
    _, out, _ = run_cli(capsys, "check", path)
    (line,) = _key_lines(out)
    assert line.startswith(f"unknown key '{key}' in clock; allowed keys: first_turn, last_turn, ") and "did you mean" not in line
