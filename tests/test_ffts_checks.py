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
    # A fixture leaves out the ratings its check does not read: the info findings saying so (DATA-MISSING)
    # count only in the fixtures that name their code.
    named = {code for code, _, _ in want}
    got = {(f.code, f.location.line, f.location.column if (f.code, f.location.line) in with_column else None)
           for f in findings if f.location.file.endswith(path.name) and (f.severity != "info" or f.code in named)}
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
    return [message for message, *_ in found.func(ctx)]


@pytest.mark.parametrize("endurance", [7, 5])
def test_two_entries_of_one_type_in_a_search_are_judged_once(demo_context, endurance):
    """The dawn search given its SBD-3s as two entries: one warning (1 turn late) or one error (3 turns late), not two alike."""
    from dataclasses import replace

    ctx = demo_context
    sbd = ctx.data.aircraft["sbd-3"]
    missions = ctx.data.missions
    short = replace(sbd, ratings={**sbd.ratings, "endurance": {"bomb-500lb": endurance}})
    doubled = tuple(replace(m, aircraft=m.aircraft + m.aircraft) if m.id == "lexington-dawn-search" else m for m in missions)
    ctx.data = replace(ctx.data, aircraft={**ctx.data.aircraft, "sbd-3": short}, missions=doubled)
    try:
        found = _run("FFTS-SEARCH-RANGE", ctx) + _run("FFTS-SEARCH-RANGE-LATE", ctx)
        assert len(found) == 1 and "lexington-dawn-search" in found[0], found
    finally:
        ctx.data = replace(ctx.data, aircraft={**ctx.data.aircraft, "sbd-3": sbd}, missions=missions)


@pytest.mark.parametrize("endurance, late, certain", [(8, 0, False), (7, 1, False), (6, 2, False), (5, 3, True), (4, 4, True)])
def test_a_search_that_cannot_fly_home_within_its_endurance(demo_context, endurance, late, certain):
    """FFTS 4.4: home 1 or 2 turns after its endurance, each AF rolls (a warning); 3 turns after, every AF crashes (an error).
    Before, a search 1 turn late was an error, though a strike landing as late only warned (FFTS-ENDURANCE-LATE)."""
    from dataclasses import replace

    ctx = demo_context
    sbd = ctx.data.aircraft["sbd-3"]  # the dawn search: launched on turn 2, 4 hexes out and back, home on turn 10
    short = replace(sbd, ratings={**sbd.ratings, "endurance": {"bomb-500lb": endurance}})
    ctx.data = replace(ctx.data, aircraft={**ctx.data.aircraft, "sbd-3": short})
    try:
        errors, warnings = _run("FFTS-SEARCH-RANGE", ctx), _run("FFTS-SEARCH-RANGE-LATE", ctx)
        head = "search lexington-dawn-search: SBD-3 flying out 4 hexes and back is home on turn 10, "
        if certain:
            assert warnings == [] and errors == [head + f"{late} turns after its endurance runs out on turn {2 + endurance}: every AF that far "
                                                        "past its endurance crashes; shorten the range"]
        elif late:
            roll = "1 or 2" if late == 1 else "1 to 4"
            assert errors == [] and warnings == [head + f"{late} turn{'s' if late > 1 else ''} after its endurance runs out on turn "
                                                        f"{2 + endurance}: each AF crashes on a D6 roll of {roll}; shorten the range to land safely"]
        else:
            assert errors == warnings == []
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
    for code in ("FFTS-AIR-CAPACITY", "FFTS-LAUNCH-RATE", "FFTS-SEARCH-RANGE", "FFTS-SPOT", "FFTS-HANDLING", "FFTS-CVE-CATAPULT"):
        assert _run(code, demo_context) == []


def test_empty_handling_points_or_hangar_skip_the_handling_check(demo_context):
    """Yorktown's strike raises 12 AFs from the hangar by turn 10; with either rating an empty slot nothing is judged."""
    from dataclasses import replace

    ctx = demo_context
    before = ctx.data
    yorktown = before.ships["yorktown"]
    try:
        for ratings, fires in (({"handling_points": 1, "hangar": "closed"}, True), ({"handling_points": 1}, False),
                               ({"hangar": "closed"}, False)):
            ship = replace(yorktown, ratings={**yorktown.ratings, **ratings})
            ctx.data = replace(before, ships={**before.ships, "yorktown": ship})
            messages = _run("FFTS-HANDLING", ctx)
            assert bool(messages) == fires, (ratings, messages)
            if fires:
                assert messages[0].startswith("by turn 10, Yorktown must raise 12 AFs from its closed hangar at 1 HP an AF for yorktown-strike-1: "
                                              "at least 12 HP, but its 1 handling point an AOS gives 9 in the 9 AOS from turn 1"), messages
    finally:
        ctx.data = before


def _with(ctx, **changes):
    from dataclasses import replace

    return replace(ctx.data, **changes)


def _mission(ctx, mission_id, **changes):
    from dataclasses import replace

    return replace(next(m for m in ctx.data.missions if m.id == mission_id), **changes)


def test_a_cve_without_a_catapult_launches_no_armed_strike_aircraft(demo_context):
    from dataclasses import replace

    ctx = demo_context
    before = ctx.data
    cve = replace(before.ships["yorktown"], cls="CVE", ratings={**before.ships["yorktown"].ratings, "catapults": 0})
    try:
        ctx.data = _with(ctx, ships={**before.ships, "yorktown": cve})
        assert _run("FFTS-CVE-CATAPULT", ctx) == [
            "Yorktown, a CVE with no catapult, launches tbd-1 armed with torpedo on yorktown-strike-1 (turn 10); a CVE launches armed strike "
            "aircraft only by catapult: unarm them or launch them from another carrier"]
        two = replace(cve, ratings={**cve.ratings, "catapults": 2})
        ctx.data = _with(ctx, ships={**before.ships, "yorktown": two})
        assert _run("FFTS-CVE-CATAPULT", ctx) == [
            "Yorktown, a CVE, launches 9 AFs of armed strike aircraft on turn 10 (yorktown-strike-1 9), and a CVE launches them only by "
            "catapult: with 2 catapults it launches 8 an AOS: move 1 AF(s) to a later turn"]  # its 3 AFs of fighters need no catapult (6.10.2)
    finally:
        ctx.data = before


def test_a_carrier_launching_while_another_mission_lands_names_both(demo_context):
    ctx = demo_context
    before = ctx.data
    try:
        search = _mission(ctx, "lexington-dawn-search", land_turn=10)
        strike = _mission(ctx, "yorktown-strike-1", source="lexington")
        ctx.data = _with(ctx, missions=(search, strike))
        assert _run("FFTS-LAND-RATE", ctx) == [
            "Lexington both launches (yorktown-strike-1) and lands (lexington-dawn-search) on turn 10; a carrier launches or lands in an AOS, not both"]
        found = next(c for c in CHECKS if c.code == "FFTS-LAND-RATE")
        assert ctx.edition.cite(found.rule) == "FFTS 6.7"  # the check's own rule is the launch-or-land rule, not 6.12's landing rate
        ctx.data = _with(ctx, missions=(_mission(ctx, "lexington-dawn-search", land_turn=2),))
        assert _run("FFTS-LAND-RATE", ctx) == [], "a mission landing on its own launch turn is FFTS-MISSION-RECORD's"
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


def test_two_missions_on_the_first_turn_share_the_readied_aircraft(demo_context):
    """Zuikaku's 2 readied B5N2s go on the dawn search; a CAP of them on the same turn finds none left."""
    ctx = demo_context
    before = ctx.data
    try:
        cap = _mission(ctx, "zuikaku-dawn-search", id="zuikaku-cap", kind="cap", arc=None, range=None)
        ctx.data = _with(ctx, missions=(_mission(ctx, "zuikaku-dawn-search"), cap))
        messages = _run("FFTS-LAUNCH-READY", ctx)
        assert len(messages) == 1 and messages[0].startswith(
            "cap zuikaku-cap launches 2 AFs of B5N2 unarmed on turn 1, the first turn, but Zuikaku has 0 left after zuikaku-dawn-search readied"), messages
    finally:
        ctx.data = before


def test_an_air_base_launches_on_the_first_turn_only_aircraft_readied_there(demo_context):
    """Air bases do not spot (6.7.5): readied means fuelled and armed at the base."""
    from dataclasses import replace

    from toolkit.games.fire_from_the_skies.data import AFs, AirBase, AirGroup

    ctx = demo_context
    before = ctx.data
    try:
        base = AirBase("Tulagi", "japanese", 4)
        group = AirGroup("Tulagi", "japanese", (AFs("b5n2", 1, "base", True, None, "none"), AFs("b5n2", 1, "base", False, None, "none")))
        search = _mission(ctx, "zuikaku-dawn-search", source="Tulagi")
        ctx.data = _with(ctx, bases={"Tulagi": base}, air_groups=(group,), missions=(search,))
        assert _run("FFTS-LAUNCH-READY", ctx) == [
            "search zuikaku-dawn-search launches 2 AFs of B5N2 unarmed on turn 1, the first turn, but Tulagi has 1 readied (fueled: true, unarmed) and "
            "at the base at the start: an AOS launches before it moves and readies aircraft, so AFs not readied launch from turn 2 on; "
            "ready them at the start, or launch later"]
        ctx.data = _with(ctx, air_groups=(replace(group, aircraft=(AFs("b5n2", 2, "base", True, None, "none"),)),))
        assert _run("FFTS-LAUNCH-READY", ctx) == []
    finally:
        ctx.data = before


def test_a_cves_armed_strike_aircraft_spotted_forward_at_its_catapult_are_ready(demo_context):
    """6.9: catapult launches go from where the catapult is, typically forward; 6.10.2: a CVE launches armed
    strike aircraft only by catapult. So spotted forward they launch on the first turn, without moving aft."""
    from dataclasses import replace

    ctx = demo_context
    before = ctx.data
    try:
        cve = replace(before.ships["yorktown"], cls="CVE", ratings={**before.ships["yorktown"].ratings, "catapults": 2})
        group = next(g for g in before.air_groups if g.at_name == "yorktown")
        strike = _mission(ctx, "yorktown-strike-1", launch_turn=ctx.scenario.start_turn)
        # The strike's own AFs, fuelled and armed at the start, spotted forward.
        forward = replace(group, aircraft=tuple(replace(a, state="deck-forward", fueled=True) for a in strike.aircraft))
        armed = [a for a in strike.aircraft if a.weapon not in (None, "none")]
        unarmed = [a for a in strike.aircraft if a.weapon in (None, "none")]
        assert armed and unarmed
        groups = tuple(forward if g.at_name == "yorktown" else g for g in before.air_groups)
        ctx.data = _with(ctx, ships={**before.ships, "yorktown": cve}, air_groups=groups, missions=(strike,))
        messages = _run("FFTS-LAUNCH-READY", ctx)
        names = {ctx.data.aircraft[a.type].name for a in armed}
        assert messages and not any(name in m for m in messages for name in names), messages  # the armed ones are ready
        assert all(ctx.data.aircraft[unarmed[0].type].name in m for m in messages)  # the fighters, forward, are not
        # On a CV the same forward spot is not ready: it must be moved aft first (6.7).
        ctx.data = _with(ctx, air_groups=groups, missions=(strike,))
        assert any("spotted aft" in m for m in _run("FFTS-LAUNCH-READY", ctx))
    finally:
        ctx.data = before


def test_landings_over_the_limit_wait_for_the_next_aos_in_the_order_they_began(demo_context):
    """FFTS 6.12: 6 AFs land an AOS. Worked by hand: A (8 AFs from turn 20) and B (5 from 21) on one carrier
    land A 6 on 20; A 2 and B 4 on 21; B 1 on 22. A mission on another carrier is not held up."""
    from dataclasses import replace

    ctx = demo_context
    before = ctx.data
    try:
        base = _mission(ctx, "yorktown-strike-1")
        one = replace(base.aircraft[0], afs=1)
        a = replace(base, id="a", land_turn=20, aircraft=(replace(one, afs=8),))
        b = replace(base, id="b", land_turn=21, aircraft=(replace(one, afs=5),))
        c = replace(base, id="c", land_turn=20, source="lexington", aircraft=(replace(one, afs=6),))
        ctx.data = _with(ctx, missions=(b, a, c))  # listed out of order: the turn they begin comes first
        assert ctx.landings() == {"a": ((20, 6), (21, 2)), "b": ((21, 4), (22, 1)), "c": ((20, 6),)}
        assert (ctx.last_landing(a), ctx.last_landing(b), ctx.back_turn(b)) == (21, 22, 23)
        ctx.data = _with(ctx, missions=(replace(a, land_turn=None),))
        assert ctx.landings() == {} and ctx.last_landing(replace(a, land_turn=None)) is None
    finally:
        ctx.data = before


# Issue 20's citation audit: a finding cites the clause it enforces, not a neighbouring rule.
CLAUSES = [
    ("search-arc-step-fail.yaml", "FFTS-SEARCH-ARC", "FFTS 7.4.8"),   # was 7.4.5: arcs in 30-degree steps
    ("search-arc-fail.yaml", "FFTS-SEARCH-ARC", "FFTS 7.4.5"),        # AFs enough for the arc
    ("land-rate-fail.yaml", "FFTS-LAND-RATE", "FFTS 6.7"),            # launch or land in an AOS, not both
    ("strike-target-fail.yaml", "FFTS-STRIKE-TARGET", "FFTS 12.1"),
    ("strike-friendly-fail.yaml", "FFTS-STRIKE-FRIENDLY", "FFTS 6.2"),
    ("strike-sighted-fail.yaml", "FFTS-STRIKE-SIGHTED", "FFTS 7.2"),
    ("search-time-fail.yaml", "FFTS-SEARCH-TIME", "FFTS 7.4.1"),
    ("ready-time-fail.yaml", "FFTS-READY-TIME", "FFTS 6.8"),
    ("endurance-order-fail.yaml", "FFTS-ENDURANCE", "FFTS 4.4"),
    ("tf-move-first-fail.yaml", "FFTS-TF-MOVE", "FFTS 10.2"),          # the first move, too, plotted more than one turn
    ("strike-dummy-fail.yaml", "FFTS-STRIKE-TARGET", "FFTS 9.2"),      # a dummy task force is removed once sighted
    ("search-time-begin-fail.yaml", "FFTS-SEARCH-TIME-BEGIN", "FFTS 7.4.7"),  # the noon search under 7.4.7's record
    ("search-endurance-fail.yaml", "FFTS-SEARCH-RANGE", "FFTS 7.5, 4.4"),  # home 3 turns late, all crash: was cited as 7.4.2, then 7.5, 4.2
    ("search-endurance-late-fail.yaml", "FFTS-SEARCH-RANGE-LATE", "FFTS 4.4"),  # home 1-2 turns late: a crash roll, a warning
]


def test_a_landing_before_the_flight_home_cites_the_movement_rule(monkeypatch):
    """FFTS 10.6 (a strike flies to its target and back, each group at its slowest aircraft's speed) and 7.5 (a search out
    its range and back): a strike planned to land 6 turns before its slow TBDs are home checked clean."""
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([(Path(__file__).parent / "ffts_checks" / "return-fail.yaml").relative_to(ROOT)])
    got = sorted((f.location.line, f.rule, f.message.split(" at the earliest")[0].rsplit(" ", 1)[-1]) for f in findings if f.code == "FFTS-RETURN")
    assert got == [(19, "FFTS 10.6", "21"), (31, "FFTS 7.5", "10")], got


def test_a_sighting_names_an_enemy_task_force_of_the_scenario(monkeypatch):
    """FFTS 7.2 (a sighting lets a strike name the task force) and 7.1 (searches locate the enemy): `sightings:` of a task
    force the scenario lacks, or of one's own, were silently accepted."""
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([(Path(__file__).parent / "ffts_checks" / "ffts-ref-sighting-fail.yaml").relative_to(ROOT)])
    got = sorted((f.location.line, f.rule, f.message.split(":")[0]) for f in findings if f.code == "FFTS-REF")
    assert got == [(8, "FFTS 7.2", "sightings"), (9, "FFTS 7.1", "sightings")], got


@pytest.mark.parametrize("name, code, rule", CLAUSES, ids=lambda v: str(v))
def test_a_finding_cites_the_clause_it_enforces(name, code, rule, monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([(Path(__file__).parent / "ffts_checks" / name).relative_to(ROOT)])
    assert {f.rule for f in findings if f.code == code} == {rule}


def test_an_air_base_is_named_by_its_place(monkeypatch):
    """Issue 20: `at: Tulagi` (the place as the sheet prints it) was a SCHEMA-FORM error though FFTS 6.3 names a base's forms by the base."""
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([(Path(__file__).parent / "ffts_checks" / "base-place-pass.yaml").relative_to(ROOT)])
    assert not [f for f in findings if f.severity != "info"], findings
