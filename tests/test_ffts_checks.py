"""Fire from the Skies' checks from example files: each file in tests/ffts_checks/ is a variant of the
Coral Sea demonstration with a header `# expect: CODE@LINE ...` or `CODE@LINE:COLUMN ...` (or `# expect: clean`).

The findings in the example file must be exactly those; the base scenario's EMPTY-SLOT warnings
stay in the base file, and no error is reported anywhere else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from toolkit.check import check_paths
from toolkit.games import game_module

CHECKS = game_module("fire_from_the_skies").checks()
EXAMPLES = sorted((Path(__file__).parent / "ffts_checks").glob("*.yaml"))
DEMO = ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"


def expected_at(path: Path) -> set[tuple[str, int, int | None]]:
    """The (code, line, column) triples of the header; column None where it gives only the line."""
    for line in path.read_text(encoding="utf-8").splitlines()[:3]:
        if line.startswith("# expect:"):
            words = line.split(":", 1)[1].split()
            if words == ["clean"]:
                return set()
            out = set()
            for word in words:
                code, at = word.split("@")
                row, _, column = at.partition(":")
                out.add((code, int(row), int(column) if column else None))
            return out
    raise AssertionError(f"{path.name} has no '# expect:' line")


def expected(path: Path) -> set[tuple[str, int]]:
    """The (code, line) pairs of the header."""
    return {(code, line) for code, line, _ in expected_at(path)}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([path.relative_to(ROOT)])
    want = expected_at(path)
    with_column = {(code, line) for code, line, column in want if column is not None}
    got = {(f.code, f.location.line, f.location.column if (f.code, f.location.line) in with_column else None)
           for f in findings if f.location.file.endswith(path.name)}
    assert got == want, [f"{f.location}: {f.code} {f.message}" for f in findings]
    elsewhere = [f for f in findings if not f.location.file.endswith(path.name)]
    assert all(f.code == "EMPTY-SLOT" and f.location.file.endswith("coral-sea.yaml") for f in elsewhere), elsewhere


def test_every_check_has_a_failing_and_a_passing_example():
    failing = {code for path in EXAMPLES if path.stem.endswith("-fail") for code, _ in expected(path)}
    assert sorted(c.code for c in CHECKS if c.code not in failing) == []
    stems = {p.stem for p in EXAMPLES}
    assert all(stem.replace("-fail", "-pass") in stems for stem in stems if stem.endswith("-fail"))


def test_findings_cite_the_rulebook(monkeypatch):
    monkeypatch.chdir(ROOT)
    for path in EXAMPLES:
        findings, _ = check_paths([path.relative_to(ROOT)])
        assert all(f.rule.startswith("FFTS ") for f in findings if not f.code.startswith(("YAML-", "SCHEMA", "REF-", "LOAD-"))), path.name


def test_the_demonstration_checks_clean_but_for_its_empty_slots(monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([DEMO.relative_to(ROOT)])
    assert not [f for f in findings if f.severity == "error"], findings
    assert {f.code for f in findings} == {"EMPTY-SLOT"}
    messages = " ".join(f.message for f in findings)
    for slot in ("ship Lexington: ratings fotw_speed, aa_strength, handling_points", "aircraft TBD-1: ratings search_range",
                 "table strike_sighting_table", "table speed_translation_chart"):
        assert slot in messages
    # every ship, the six aircraft types (each has an empty slot) and the ten tables
    assert len(findings) == 25 + 6 + 10


# --- branches the example files do not reach, on the demonstration with one record changed -----

@pytest.fixture(scope="module")
def demo_context():
    from toolkit.session import Session

    opened = Session().open_scenario(DEMO, checks=False)
    return game_module("fire_from_the_skies").context(opened.game, opened.scenario)


def _run(code, ctx):
    found = next(c for c in CHECKS if c.code == code)
    return [message for message, _ in found.func(ctx)]


def test_a_search_that_cannot_fly_home_within_its_endurance(demo_context):
    from dataclasses import replace

    ctx = demo_context
    sbd = ctx.data.aircraft["sbd-3"]
    short = replace(sbd, ratings={**sbd.ratings, "endurance": {"bomb-500lb": 7}})
    ctx.data = replace(ctx.data, aircraft={**ctx.data.aircraft, "sbd-3": short})
    try:
        assert _run("FFTS-SEARCH-RANGE", ctx) == [
            "search lexington-dawn-search: SBD-3 flying out 4 hexes and back is home on turn 10, after its endurance runs out on turn 9; shorten the range"]
    finally:
        ctx.data = replace(ctx.data, aircraft={**ctx.data.aircraft, "sbd-3": sbd})


def test_a_mission_still_aloft_at_the_start_past_its_endurance(demo_context):
    from dataclasses import replace

    ctx = demo_context
    before, scenario = ctx.data, ctx.scenario
    strike = next(m for m in before.missions if m.id == "yorktown-strike-1")
    ctx.data = replace(before, missions=(replace(strike, launch_turn=1, last_turn=None),))
    ctx.scenario = replace(ctx.scenario, start_turn=17)
    try:
        messages = _run("FFTS-ENDURANCE", ctx)
        assert len(messages) == 1 and "F4F-3 launched on turn 1 is still aloft when the scenario starts on turn 17, 3 turns past its endurance (turn 14)" in messages[0]
    finally:
        ctx.data, ctx.scenario = before, scenario


def test_empty_ratings_are_skipped_not_guessed(demo_context):
    """A rating left empty (the carriers' catapults, the TBD's search range) never makes a check fire by itself."""
    for code in ("FFTS-AIR-CAPACITY", "FFTS-LAUNCH-RATE", "FFTS-SEARCH-RANGE", "FFTS-SPOT"):
        assert _run(code, demo_context) == []


def _with(ctx, **changes):
    from dataclasses import replace

    return replace(ctx.data, **changes)


def _mission(ctx, mission_id, **changes):
    from dataclasses import replace

    return replace(next(m for m in ctx.data.missions if m.id == mission_id), **changes)


def test_a_carrier_launching_while_another_mission_lands_names_both(demo_context):
    ctx = demo_context
    before = ctx.data
    try:
        search = _mission(ctx, "lexington-dawn-search", land_turn=10)
        strike = _mission(ctx, "yorktown-strike-1", source="lexington")
        ctx.data = _with(ctx, missions=(search, strike))
        assert _run("FFTS-LAND-RATE", ctx) == [
            "Lexington both launches (yorktown-strike-1) and lands (lexington-dawn-search) on turn 10; a carrier launches or lands in an AOS, not both"]
    finally:
        ctx.data = before


def test_air_groups_and_missions_keep_to_their_carriers_side(demo_context):
    from dataclasses import replace

    ctx = demo_context
    before = ctx.data
    try:
        group = replace(before.air_groups[0], side="japanese")
        mission = _mission(ctx, "zuikaku-dawn-search", side="allied")
        ctx.data = _with(ctx, air_groups=(group, *before.air_groups[1:]), missions=(mission,))
        assert _run("FFTS-AIR-FORM", ctx) == [
            "the air group at Lexington is Japanese, but Lexington is Allied",
            "search zuikaku-dawn-search is Allied, but it launches from Zuikaku, which is Japanese"]
    finally:
        ctx.data = before
