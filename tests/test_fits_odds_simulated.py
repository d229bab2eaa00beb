"""Odds past the exact budget: a seeded simulation instead of a refusal, refused only past the simulation's own budget.

The simulated answers roll each die with the exact chance the rules give it; on questions small enough for both, every
chance and mean they give lies within its stated error (two standard errors) of the exact answer.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from conftest import GAME, run_cli
from toolkit.games.fire_in_the_sky import odds
from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.odds_simulated import simulated_bombing, simulated_convoy, simulated_land
from toolkit.model.build import load_game
from toolkit.simulate import MAX_DRAWS, SEED, Estimate

run = run_cli


@pytest.fixture(scope="module", params=["v1.1", "2nd"])
def game(request):
    return load_game(GAME, request.param).game


def agree(exact, simulated):
    """Every chance and mean of the exact answer, and the simulated one within its stated error of it."""
    chances, expected = dict(simulated.chances), dict(simulated.expected)
    assert simulated.simulation["seed"] == SEED
    for name, p in exact.chances:
        assert isinstance(chances[name], Estimate) and abs(float(p) - chances[name].value) <= chances[name].error, name
    for name, v in exact.expected:
        assert abs(float(v) - expected[name].value) <= expected[name].error, name


def test_bombing_simulated_agrees_with_exact(game):
    """12 TP, Turn 3, no base near Japan: 12 dice at 1/3; none hit (2/3)^12 = 4096/531441 = 0.0077; mean 12/3 = 4."""
    charts = CombatCharts.of(game)
    sit = Situation("allied", 3, "allied", frozenset(), frozenset({game.edition.optional_number("18.1.3")}))
    exact = odds.strategic_bombing(charts, game.edition, 12, sit)
    assert dict(exact.chances)["Japan's objective met: no Oil Point lost"] == Fraction(2, 3) ** 12
    simulated = simulated_bombing(charts, game.edition, 12, sit, "a test")
    assert simulated.simulation["trials"] == 100_000            # 12 dice a trial: the full 100,000 trials
    agree(exact, simulated)


def test_convoy_simulated_agrees_with_exact(game):
    """3 ASW dice against 6 Submarine Points: each ASW hit (1/3) cancels a point; mean left 6 - 3 x 1/3 = 5, mean hits
    5/3; the Merchantmen Pool loses 1 (v1.1 6.2) or 2 (2nd 5.4) a hit."""
    charts = CombatCharts.of(game)
    sit = Situation("allied", 3, "allied", frozenset(), frozenset())
    exact = odds.convoy(charts, game.edition, 3, 6, sit)
    assert dict(exact.expected)["Submarine Points left"] == 5 and dict(exact.expected)["submarine hits"] == Fraction(5, 3)
    agree(exact, simulated_convoy(charts, game.edition, 3, 6, sit, "a test"))


def test_land_simulated_agrees_with_exact(game):
    """An 8-strength attacker with 3 Air Points of ground support against a 2-strength defender, 2 air steps at base
    and 2 Firepower: every chance, and the defender's air steps lost, within the stated error."""
    charts = CombatCharts.of(game)
    attackers = [odds.Piece(game.counters["jp-land-8"], "japan")]
    defenders = [odds.Piece(game.counters["us-land-2"], "allied"), odds.Piece(game.counters["us-air"], "allied", 2, False)]
    sit = Situation("japan", 3, "japan", frozenset(), frozenset())
    options = dict(attacker_air_points=3, defender_firepower=2)
    exact = odds.land_combat(charts, game.edition, attackers, defenders, sit, **options)
    simulated = simulated_land(charts, game.edition, attackers, defenders, sit, "a test", **options)
    agree(exact, simulated)
    assert "land-combat-air" in simulated.readings


def test_past_the_exact_budget_is_simulated_the_same_every_run(capsys):
    """301 TP: one die past the 300-dice budget. 4,000,000 draws / 301 dice = 13,289 trials; the mean is 301/3 = 100.33
    within its error; two runs print the same bytes."""
    args = ("odds", "bombing", "--tp", "301", "--turn", "3")
    status, first, err = run(capsys, *args)
    assert status == 0, err
    assert ("simulated, not exact: 301 dice: too many to answer exactly (at most 300); 13,289 trials (seed 20261126), "
            "each answer ± two standard errors") in first
    assert MAX_DRAWS // 301 == 13_289
    assert run(capsys, *args)[1] == first
    status, out, _ = run(capsys, *args, "--format", "json")
    data = json.loads(out)
    assert data["simulated"] == {"why": "301 dice: too many to answer exactly (at most 300)", "trials": 13_289, "seed": SEED}
    mean = next(e for e in data["expected"] if e["name"] == "Oil Points lost")
    assert abs(mean["estimate"] - 301 / 3) <= mean["error"]


def test_land_and_convoy_past_the_budget(capsys):
    """600 ground support dice (the old refusal: '600 dice: too many to answer exactly') and 1,000 Submarine Points."""
    status, out, err = run(capsys, "odds", "land", "--attacker", "jp-land-8", "--defender", "us-land-8",
                           "--attacker-air-points", "300", "--attacker-firepower", "300")
    assert status == 0, err
    assert "simulated, not exact: 600 dice" in out and "every defending land unit loses a step" in out
    status, out, err = run(capsys, "odds", "convoy", "--asw-dice", "20", "--sub-points", "1000", "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    hits = next(e for e in data["expected"] if e["name"] == "submarine hits")
    assert data["simulated"]["trials"] == MAX_DRAWS // 1020
    assert abs(hits["estimate"] - (1000 - 20 / 3) / 3) <= hits["error"]     # (1000 - 20/3) / 3 = 331.1


@pytest.mark.parametrize("args, message", [
    (("bombing", "--tp", "2001", "--turn", "3"), "'2001': dice must be from 0 to 2000"),
    (("land", "--attacker", "jp-land-8", "--defender", "us-land-8", "--attacker-air-points", "2000",
      "--attacker-firepower", "2000"), "4016 dice a trial: too many even to simulate (at most 2000)"),
])
def test_refused_past_the_simulation_budget(capsys, args, message):
    """Past 2,000 dice a trial even a simulation is refused, naming the bound; land: 8 + 2,000 + 2,000 attacker dice and
    8 defender dice = 4,016."""
    status, out, err = run(capsys, "odds", *args)
    assert status == 2 and message in err and "Traceback" not in err


# --- a surface battle of more ships than the exact chain holds ------------------------------------------

BATTLES = [
    (["jp-ca", "jp-dd", "jp-dd"], ["us-ca", "us-dd"], {}, ()),
    (["jp-dd", "jp-dd"], ["us-bb-pennsylvania-arizona"], {"withdraw": "defender", "after_rounds": 1}, ()),
    (["jp-ca", "jp-dd"], ["us-ca", "us-dd"], {"tokyo_express": True}, ("18.2.1", "18.2.2")),
]


def test_battle_simulated_agrees_with_exact(game):
    """Three battles small enough for the exact chain (plain, a withdrawal after one round, a Tokyo Express with Long
    Lance), rolled over 10,000 trials: each of the 45 quantities lies within three standard errors (1.5 x the stated
    error) of the exact one. The stated error is two standard errors, inside which each lies 95% of the time; the
    quantities of one run share its dice, and with the fixed seed 40 of the 45 lie inside it (either edition), the others
    between two and three. (A run of 200,000 trials with another seed puts them all within its error.)"""
    from toolkit.games.fire_in_the_sky.odds_battle import surface_battle
    from toolkit.games.fire_in_the_sky.odds_simulated import simulated_battle

    charts = CombatCharts.of(game)
    outside_three = 0
    for att, dfn, options, rules in BATTLES:
        a, d = odds.numbered([odds.Piece(game.counters[c], game.counters[c].side) for c in att],
                             [odds.Piece(game.counters[c], game.counters[c].side) for c in dfn])
        sit = Situation("japan", 3, "japan", frozenset(), frozenset(game.edition.optional_number(r) for r in rules))
        exact = surface_battle(charts, game.edition, a, d, sit, **options)
        simulated = simulated_battle(charts, game.edition, a, d, sit, "a test", **options)
        assert simulated.simulation == {"why": "a test", "trials": 10_000, "seed": SEED}
        estimates = dict(simulated.chances) | dict(simulated.expected)
        for name, value in exact.chances + exact.expected:
            e = estimates[name]
            outside_three += abs(float(value) - e.value) > 1.5 * e.error + 1e-12
    assert outside_three == 0


def test_battle_past_the_exact_chain_is_simulated(capsys):
    """Six DDs a side: past the 5 ships a side of the exact chain; the same bytes on every run; by symmetry of the
    forces (DD against DD) each side's chance of Sea Control is near (1 - nobody) / 2."""
    args = ("odds", "battle", "--attacker", *["jp-dd"] * 6, "--defender", *["us-dd"] * 6, "--format", "json")
    status, out, err = run(capsys, *args)
    assert status == 0, err
    assert run(capsys, *args)[1] == out
    data = json.loads(out)
    assert data["simulated"] == {"why": "a surface battle of more than 5 ships a side is too big to answer exactly",
                                 "trials": 10_000, "seed": SEED}
    chances = {c["name"]: c for c in data["chances"]}
    att = chances["attacker's objective met: Sea Control (a ship left, none of the defender's)"]
    dfn = chances["defender's objective met: Sea Control (a ship left, none of the attacker's)"]
    assert abs(att["estimate"] - dfn["estimate"]) <= att["error"] + dfn["error"]
    # the counter mix holds 16 us-dd (v1.1 2.1, 2nd 3.1: an absolute limit): 41 ships are units given by their ratings
    status, out, err = run(capsys, "odds", "battle", "--side", "japan", "--attacker", *["jp-dd"] * 6, "--defender", *["DD:def=7,fp=1"] * 13)
    assert status == 2 and "more than 12 ships a side is too big even to simulate (no rule bounds them: the work budget" in err


# --- item 5: the Merchantmen Pool lost by a Japanese land or air unit hit at sea (v1.1 13.2, 13.3.1; 2nd 11.3.2, 11.3.3)

def test_rulebook_examples_of_pool_lost_at_sea(game):
    """v1.1 13.2's example: a brigade of Combat Strength 2 (reduced 1) hit three times at sea loses both steps and costs
    the Merchantmen Pool 2 (1 a hit, at most its Combat Strength); 2nd 11.3.2's: the same unit costs 4 (2 a hit, at most
    twice its Combat Strength). A Japanese air unit of 2 steps hit three times at sea: 2 (v1.1 13.3.1, at most its steps)
    or 4 (2nd 11.3.3)."""
    per_hit = {"v1.1": 1, "2nd": 2}[game.edition.id]
    for counter, steps in (("jp-land-2", 1), ("jp-air", 2)):
        c = game.counters[counter]
        result = odds.OddsResult("strike", "t", [], game.edition.id)
        odds._pool_lost(result, game.edition, odds.Piece(c, "japan", steps, True), {3: Fraction(1)})
        assert result.distributions == [("Japanese Merchantmen Pool lost (not TP)", {2 * per_hit: Fraction(1)}, "points")]


def test_strike_on_a_japanese_land_unit_at_sea_shows_the_pool_lost(capsys):
    """3 US Air Points strike jp-land-2 in its Task Force, +1 (a land unit at sea) +1 (Air Supremacy): each hits on 3+,
    2/3. Hits 0, 1, 2, 3 with 1/27, 6/27, 12/27, 8/27; the pool loses at most 2 (v1.1): 0, 1, 2 with 1/27, 2/9, 20/27."""
    status, out, err = run(capsys, "odds", "strike", "--attacker", "us-air:3", "--defender", "jp-dd", "jp-land-2@sea",
                           "--target", "jp-land-2", "--turn", "3", "--format", "json")
    assert status == 0, err
    lost = next(d for d in json.loads(out)["distributions"] if d["name"] == "Japanese Merchantmen Pool lost (not TP)")
    assert [(v["value"], v["fraction"]) for v in lost["values"]] == [(0, "1/27"), (1, "2/9"), (2, "20/27")]
