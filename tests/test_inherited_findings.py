"""A variant's findings are reported where its designer can act (toolkit/inherited.py), in every game.

A finding the variant makes in a line of its base moves into the variant, at the key that leads
to it, saying "inherited from BASE:LINE:COL" and the YAML to write; pasting that YAML fixes it.
A finding the base has on its own stays at the base's line and says so.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from toolkit.inherited import flow_yaml

BUNDLED = ROOT / "scenarios"


def _variant(folder: Path, name: str, base: Path, body: str) -> Path:
    """A variant file on disk in ``folder`` extending ``base`` by a relative path."""
    path = folder / name
    rel = Path(os.path.relpath(base.resolve(), folder.resolve())).as_posix()
    path.write_text(body.replace("BASE", rel), encoding="utf-8")
    return path


def _lines(out: str) -> list[str]:
    return out.splitlines()[:-1]  # without the summary


PF_VARIANT = """\
kind: scenario
game: pacific-fury
id: my-variant
title: "Reserve released on turn 2"
variant: true
start_turn: 3
extends: "BASE"
events_used:
  - {event: release-reserve, turn: 2, reconstructed: "what-if"}
"""


def test_pacific_fury_reserve_findings_move_into_the_variant_with_the_remove_to_write(tmp_path, capsys):
    path = _variant(tmp_path, "my-variant.yaml", BUNDLED / "pacific-fury" / "campaign.yaml", PF_VARIANT)
    status, out, _ = run_cli(capsys, "check", path)
    assert status == 1
    lines = _lines(out)
    assert len(lines) == 4 and not any("campaign.yaml:" in line.split(" ")[0] for line in lines)
    yamato = next(line for line in lines if "Yamato" in line)
    assert yamato.split(": error ")[0].endswith("my-variant.yaml:6:1")  # start_turn:, the first key leading to it
    assert "inherited from scenarios/pacific-fury/campaign.yaml:19:9 (this variant's start_turn: and events_used: lead to it)" in yamato
    # One remove: entry for the three ships of that set-up line, as each of their findings says.
    fix = ("to take it and the 2 others found there out of the base, write in this variant: remove: [{at: Japanese Reserve, "
           "side: japan, reconstructed: what this variant changes and why, units: [{counter: jp-bb-yamato}, {counter: jp-junyo}, "
           "{counter: jp-hiyo}]}]; then place them where they belong under setup:")
    assert all(fix in line for line in lines if "PF-RESERVE-RELEASED" in line)
    hornet = next(line for line in lines if "PF-TURN-TRACK-PAST" in line)
    assert "inherited from scenarios/pacific-fury/campaign.yaml:81:5 (this variant's start_turn: leads to it)" in hornet
    assert ("to take it out of the base, write in this variant: remove_turn_track: [{turn: 2, side: us, reconstructed: what this "
            "variant changes and why, units: [{counter: us-cv-hornet}]}]; then place it where it belongs under setup:") in hornet


def test_pacific_fury_the_fix_as_written_makes_the_variant_clean(tmp_path, capsys):
    fixed = PF_VARIANT + """\
remove: [{at: Japanese Reserve, side: japan, reconstructed: what this variant changes and why, units: [{counter: jp-bb-yamato}, {counter: jp-junyo}, {counter: jp-hiyo}]}]
remove_turn_track: [{turn: 2, side: us, reconstructed: what this variant changes and why, units: [{counter: us-cv-hornet}]}]
setup:
  - {at: Truk, side: japan, reconstructed: "released", units: [{counter: jp-bb-yamato}, {counter: jp-junyo}, {counter: jp-hiyo}]}
  - {at: Espiritu Santo, side: us, reconstructed: "arrived", units: [{counter: us-cv-hornet}]}
"""
    path = _variant(tmp_path, "my-variant.yaml", BUNDLED / "pacific-fury" / "campaign.yaml", fixed)
    assert run_cli(capsys, "check", path)[:2] == (0, "ok: 1 file checked, no findings\n")


def test_a_second_removal_is_written_under_the_variants_own_remove(tmp_path, capsys):
    partly = PF_VARIANT + "remove: [{at: Japanese Reserve, side: japan, reconstructed: half, units: [{counter: jp-hiyo}]}]\n" \
                          "setup: [{at: Truk, side: japan, reconstructed: half, units: [{counter: jp-hiyo}]}]\n"
    path = _variant(tmp_path, "v.yaml", BUNDLED / "pacific-fury" / "campaign.yaml", partly)
    _, out, _ = run_cli(capsys, "check", path)
    yamato = next(line for line in out.splitlines() if "Yamato" in line)
    assert "to take it and the 1 other found there out of the base, add under this variant's remove: - {at: Japanese Reserve, " \
           "side: japan, reconstructed: what this variant changes and why, units: [{counter: jp-bb-yamato}, {counter: jp-junyo}]}" in yamato
    assert "Hiyo" not in out


FITS_VARIANT = """\
kind: scenario
game: fire-in-the-sky
id: lae-taken
title: "Lae taken early"
variant: true
edition: v1.1
extends: "BASE"
reconstructed: "what-if"
control:
  - {base: Lae, side: japan, reconstructed: "what-if"}
"""


def test_fire_in_the_sky_marker_finding_moves_to_the_control_line_with_the_override(tmp_path, capsys):
    path = _variant(tmp_path, "lae.yaml", BUNDLED / "fire-in-the-sky" / "short-campaign.yaml", FITS_VARIANT)
    status, out, _ = run_cli(capsys, "check", path)
    assert status == 0
    (line,) = _lines(out)
    assert line.startswith(f"{path}:9:1: warning MARKER-VP ")
    assert "inherited from scenarios/fire-in-the-sky/short-campaign.yaml:180:19 (this variant's control: leads to it)" in line
    assert "write in this variant: markers: {victory_points: {value: 5, reconstructed: what this variant changes and why}}" in line
    fixed = FITS_VARIANT + "markers: {victory_points: {value: 6, reconstructed: what this variant changes and why}}\n"
    path.write_text(fixed.replace("BASE", os.path.relpath(BUNDLED / "fire-in-the-sky" / "short-campaign.yaml", tmp_path)), encoding="utf-8")
    assert run_cli(capsys, "check", path)[:2] == (0, "ok: 1 file checked, no findings\n")


def _miscounted_base_and_variant(tmp_path):
    """A variant of the Short Campaign whose marker is wrong on its own, and a variant of that one."""
    base = _variant(tmp_path, "base.yaml", BUNDLED / "fire-in-the-sky" / "short-campaign.yaml", """\
kind: scenario
game: fire-in-the-sky
id: miscounted
title: "A base with a miscounted marker"
variant: true
extends: "BASE"
markers:
  victory_points: {value: 9, reconstructed: "miscounted on purpose"}
""")
    return base, _variant(tmp_path, "v.yaml", base, FITS_VARIANT.replace("lae-taken", "on-top"))


def test_fire_in_the_sky_a_bases_own_finding_stays_at_the_base_and_says_so(tmp_path, capsys):
    base, path = _miscounted_base_and_variant(tmp_path)
    _, out, _ = run_cli(capsys, "check", path)
    (line,) = _lines(out)
    assert line.startswith(f"{base}:8:19: warning MARKER-VP ")
    assert f"(the base scenario's own finding: {base} checked alone in edition v1.1 has it too)" in line
    status, out, _ = run_cli(capsys, "check", "--format", "json", path)
    (record,) = json.loads(out)
    assert record["base_own"] is True and "inherited_from" not in record


def test_fire_from_the_skies_radar_findings_move_to_the_special_rules_line(tmp_path, capsys):
    path = _variant(tmp_path, "no-radar.yaml", BUNDLED / "fire-from-the-skies" / "midway.yaml", """\
kind: scenario
game: fire-from-the-skies
id: no-radar
title: "Midway without radar"
variant: true
extends: "BASE"
reconstructed: "what-if"
special_rules: []
""")
    status, out, _ = run_cli(capsys, "check", "--format", "json", path)
    assert status == 1
    radar = [r for r in json.loads(out) if r["code"] == "FFTS-RADAR"]
    assert [(r["file"], r["line"], r["inherited_from"]) for r in radar] == [
        (str(path), 8, "scenarios/fire-from-the-skies/midway.yaml:23:5"), (str(path), 8, "scenarios/fire-from-the-skies/midway.yaml:24:5")]
    assert radar[0]["fix"] == ("copy ships: from scenarios/fire-from-the-skies/midway.yaml into this variant and change its entry "
                               "with id: enterprise there (this variant's ships: replaces the base's)")
    # The base's own warnings stay in midway.yaml, marked as its own.
    own = [r for r in json.loads(out) if r["file"].endswith("midway.yaml")]
    assert own and all(r.get("base_own") for r in own)


def test_a_folder_check_shows_a_bases_own_finding_once(tmp_path, capsys):
    base, path = _miscounted_base_and_variant(tmp_path)
    _, out, _ = run_cli(capsys, "check", base, path)
    assert len(_lines(out)) == 1


@pytest.mark.parametrize("value, text", [
    ("Japanese Reserve", "Japanese Reserve"), ("yes", '"yes"'), ("16", '"16"'), ("a: b", '"a: b"'), ("x, y", '"x, y"'),
    (2, "2"), (True, "true"), ({"at": "Truk", "units": [{"counter": "jp-ca"}]}, "{at: Truk, units: [{counter: jp-ca}]}"),
])
def test_flow_yaml_quotes_only_what_yaml_would_misread(value, text):
    assert flow_yaml(value) == text
