"""Facts the Fire in the Sky rulebooks state, checked where no other test named them (issue i27).

Each test cites the edition and rule it reproduces. Fixtures are small variants of the Short
Campaign in ``tests/facts/fire-in-the-sky/`` (the 2nd-edition ones: ``tests/checks/`` holds
only v1.1 examples) and ``tests/checks/`` (v1.1), each with its ``# expect:`` header.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, expected_findings
from toolkit.check import check_paths

FACTS = Path(__file__).parent / "facts" / "fire-in-the-sky"
EXAMPLES = sorted(FACTS.glob("*.yaml"))


def findings_of(path: Path, monkeypatch) -> set[tuple[str, int]]:
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([path.relative_to(ROOT)])
    assert all(f.location.file.endswith(path.name) for f in findings), findings
    return {(f.code, f.location.line) for f in findings}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_fact_example(path, monkeypatch):
    """Every fixture here finds exactly what its header expects."""
    assert findings_of(path, monkeypatch) == expected_findings(path)


# --- counter mix and sunk ships -----------------------------------------------------------------


def test_v11_13_1_a_sunk_destroyer_goes_back_to_the_counter_mix(monkeypatch):
    """FitS v1.1 13.1: only Japanese CV/CVL and both sides' BB are removed for good; any other sunk
    ship is recycled, so the British DD the Short Campaign lists as sunk (19.0) holds no counter and
    all three British DD counters may be in play. The 2nd edition (11.3.1) removes every sunk ship:
    the same three DDs are one too many there."""
    recycled = ROOT / "tests" / "checks" / "counter-mix-sunk-recycled-pass.yaml"
    assert findings_of(recycled, monkeypatch) == set()
    assert findings_of(FACTS / "counter-mix-sunk-removed-2nd-fail.yaml", monkeypatch) == {("COUNTER-MIX", 15)}


# --- land units hit at sea ----------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_v11_13_2_a_reduced_land_unit_at_sea_is_eliminated_by_one_step_loss(edition):
    """FitS v1.1 13.2 (2nd 11.3.2): hits equal to the reduced Combat Strength cost a step, and a step lost
    eliminates a reduced-strength unit. A reduced brigade (reduced strength 1) in a Task Force with no DD is
    eliminated by one submarine hit: the torpedo hits on 3+ (no DD +1, a land target +1), so 2/3. Its steps
    lost can never be 2: it has one left. The Merchantmen Pool loses at most its strength before the hit (1)
    times the edition's loss per hit (v1.1 1, 2nd 2)."""
    from fractions import Fraction as F

    from toolkit.games.fire_in_the_sky import odds
    from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
    from toolkit.model.build import load_game

    game = load_game(ROOT / "scenarios" / "fire-in-the-sky", edition).game
    charts = CombatCharts.of(game)
    brigade = odds.Piece(game.counters["jp-land-2"], "japan", 1, True, False, True)
    tf = [odds.Piece(game.counters["jp-ca"], "japan"), brigade]
    r = odds.submarine_attack(charts, game.edition, tf, brigade, Situation("allied", 7, "allied"))
    chances = dict(r.chances)
    assert chances["jp-land-2 hit"] == F(2, 3)
    assert chances["jp-land-2 eliminated"] == F(2, 3)
    lost = next(d for n, d, _ in r.distributions if n == "jp-land-2 steps lost")
    assert lost == {0: F(1, 3), 1: F(2, 3)}
    pool = next(d for n, d, _ in r.distributions if n.startswith("Japanese Merchantmen Pool lost"))
    assert pool == {0: F(1, 3), (1 if edition == "v1.1" else 2): F(2, 3)}


# --- reaction Oil: the 2nd edition's chart and its text agree ---------------------------------------


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_2nd_chart_reaction_oil_is_always_the_short_band(edition):
    """FitS 2nd Transport Cost Chart, Reaction Movement column: Japan pays 'OPs x 1' (no x1.5 band), while 9.0
    prices reactions as Operational Movement (8.4: x1.5 beyond 4 hexes; v1.1 10.1, 9.3 alike). Both hold because
    no Japanese ship can react more than 4 hexes: its reaction range is half its Movement Allowance rounded up
    (v1.1 10.1; 2nd 9.0), and no Japanese naval counter has a Movement Allowance above 8. So the fastest Task
    Force, reacting as far as it may, pays its Transport rating in Oil, exactly."""
    import math

    from toolkit.games.fire_in_the_sky.costs import reaction_cost
    from toolkit.model.build import load_game

    game = load_game(ROOT / "scenarios" / "fire-in-the-sky", edition).game
    short = game.edition.param("naval_oil_short_hexes")
    share = game.edition.param("reaction_fraction")
    assert (short, share) == (4, {"fraction": 0.5, "rounding": "up"})
    ships = [c for c in game.counters.values() if c.side == "japan" and c.type == "naval"]
    fastest = max(ships, key=lambda c: c.ratings["movement"])
    for ship in ships:
        assert math.ceil(ship.ratings["movement"] * share["fraction"]) <= short, ship.id
    reach = math.ceil(fastest.ratings["movement"] * share["fraction"])
    cost = reaction_cost(game.edition, [("naval", fastest.ratings["transport"], "japan")], reach)
    assert cost.oil == fastest.ratings["transport"]
