"""The checks every game shares (toolkit.rules.shared): each game's code runs the core rule, with a failing and a passing example per game.

A shared rule lives once in :mod:`toolkit.rules.shared`; each game registers it under its own code
and rule key (its own citation). Here every (rule, game) pair has two example files on disk: the
failing one finds the game's code, the passing one is clean. A spy on the core generator proves
the game's check goes through it. The examples follow the folders' ``# expect:`` convention; the
Fire in the Sky passing cases sit in ``tests/checks/fire-in-the-sky/`` so that the recorded output
of ``chartroom check tests/checks/*.yaml`` (tests/golden) stays as it is.
"""

from __future__ import annotations

import doctest
from pathlib import Path
from types import SimpleNamespace

import pytest

import toolkit.exact
import toolkit.rules.shared
from conftest import ROOT, expected_findings
from toolkit.check import check_paths
from toolkit.findings import Location
from toolkit.rules import shared

CHECKS = Path(__file__).parent / "checks"
FFTS = Path(__file__).parent / "ffts_checks"

#: (shared generator, game, the game's code, its failing example, its passing example)
CASES = [
    ("counter_side", "fire-in-the-sky", "COUNTER-SIDE", CHECKS / "counter-side-fail.yaml", CHECKS / "fire-in-the-sky/counter-side-pass.yaml"),
    ("counter_side", "pacific-fury", "PF-SIDE", CHECKS / "pacific-fury/side-fail.yaml", CHECKS / "pacific-fury/side-pass.yaml"),
    ("counter_side", "fire-from-the-skies", "FFTS-TF-SHIP", FFTS / "tf-ship-side-fail.yaml", FFTS / "tf-ship-side-pass.yaml"),
    ("counter_mix", "fire-in-the-sky", "COUNTER-MIX", CHECKS / "counter-mix-fail.yaml", CHECKS / "counter-mix-pass.yaml"),
    ("counter_mix", "pacific-fury", "PF-COUNTER-MIX", CHECKS / "pacific-fury/counter-mix-fail.yaml", CHECKS / "pacific-fury/counter-mix-pass.yaml"),
    ("turn_track_past", "fire-in-the-sky", "TURN-TRACK-PAST", CHECKS / "turn-track-past-fail.yaml", CHECKS / "fire-in-the-sky/turn-track-past-pass.yaml"),
    ("turn_track_past", "pacific-fury", "PF-TURN-TRACK-PAST", CHECKS / "pacific-fury/turn-track-past-fail.yaml",
     CHECKS / "pacific-fury/turn-track-past-pass.yaml"),
]
IDS = [f"{rule}-{game}" for rule, game, *_ in CASES]


def _findings(path: Path, monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([path.relative_to(ROOT)])
    return [f for f in findings if f.location.file.endswith(path.name) and f.severity == "error"]


@pytest.mark.parametrize(("rule", "game", "code", "failing", "passing"), CASES, ids=IDS)
def test_failing_example_finds_the_games_code_through_the_core_rule(rule, game, code, failing, passing, monkeypatch):
    calls = []
    core = getattr(shared, rule)

    def spy(ctx, *args, **kwargs):
        calls.append(ctx.game.id)
        yield from core(ctx, *args, **kwargs)

    monkeypatch.setattr(shared, rule, spy)
    found = _findings(failing, monkeypatch)
    assert {(f.code, f.location.line) for f in found} == expected_findings(failing)
    assert code in {f.code for f in found}
    assert calls, f"{code} did not go through toolkit.rules.shared.{rule}"
    # The game's own citation: its rule numbering, never another game's.
    prefix = {"fire-in-the-sky": "FitS ", "pacific-fury": "PF ", "fire-from-the-skies": "FFTS "}[game]
    assert all(f.rule.startswith(prefix) for f in found if f.code == code)


@pytest.mark.parametrize(("rule", "game", "code", "failing", "passing"), CASES, ids=IDS)
def test_passing_example_is_clean(rule, game, code, failing, passing, monkeypatch):
    assert expected_findings(passing) == set()
    assert [f"{f.code} {f.message}" for f in _findings(passing, monkeypatch)] == []


# --- the core rules on hand-made contexts ------------------------------------------------------

def _unit(name, owner, side, line):
    return SimpleNamespace(counter=SimpleNamespace(name=name, side=owner), side=side, placement=SimpleNamespace(where="Base"),
                           entry=SimpleNamespace(at=Location("s.yaml", line)))


def _ctx(units=(), turn_track=(), start_turn=2, files=("s.yaml",)):
    game = SimpleNamespace(side_name={"red": "Red", "blue": "Blue"}.get)
    scenario = SimpleNamespace(turn_track=list(turn_track), start_turn=start_turn, files=files)
    return SimpleNamespace(game=game, scenario=scenario, units=list(units), track_entered=lambda turn: turn < start_turn)


def test_counter_side_default_wording_names_both_sides_and_the_fix():
    ctx = _ctx([_unit("Frigate", "red", "blue", 4), _unit("Sloop", "blue", "blue", 5)])
    assert list(shared.counter_side(ctx)) == [
        ("Frigate belongs to Red but is placed with Blue at Base: give it `side: red`", Location("s.yaml", 4))]


def test_counter_side_takes_a_games_own_records():
    placed = [shared.Placed("Ship", "red", "red", "TF 1", Location("s.yaml", 1)), shared.Placed("Ship 2", "red", "blue", "TF 2", Location("s.yaml", 2))]
    assert list(shared.counter_side(_ctx(), lambda p: p.where, placed)) == [("TF 2", Location("s.yaml", 2))]


def test_counter_mix_reports_each_pool_over_its_limit_at_the_designers_newest_entry():
    base, mine = Location("base.yaml", 9), Location("mine.yaml", 3)
    entries = [SimpleNamespace(at=mine), SimpleNamespace(at=base)]
    pools = [shared.MixPool(("a",), 1, 2, entries), shared.MixPool(("b",), 2, 2, entries), shared.MixPool(("c", "d"), 2, 3, entries)]
    ctx = _ctx(files=("base.yaml", "mine.yaml"))
    assert list(shared.counter_mix(ctx, pools, lambda p: f"{'+'.join(p.counters)} over by {p.excess:g}")) == [
        ("a over by 1", mine), ("c+d over by 1", mine)]


def test_turn_track_past_asks_the_game_when_units_have_entered():
    track = [(1, SimpleNamespace(at=Location("s.yaml", 1))), (2, SimpleNamespace(at=Location("s.yaml", 2)))]
    ctx = _ctx(turn_track=track, start_turn=2)
    assert [at.line for _, at in shared.turn_track_past(ctx, lambda turn, _: f"turn {turn}")] == [1]
    ctx.track_entered = lambda turn: turn <= 2  # a game whose scenario stands later in the turn
    assert [at.line for _, at in shared.turn_track_past(ctx, lambda turn, _: f"turn {turn}")] == [1, 2]


@pytest.mark.parametrize("module", [toolkit.exact, toolkit.rules.shared], ids=lambda m: m.__name__)
def test_doctests_of_core_modules_outside_the_doctest_paths(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
