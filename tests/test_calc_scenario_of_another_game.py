"""A question of one game given a scenario of another: one line naming the file and its game, exit 2.

Before, `chartroom calc fire-from-the-skies victory --scenario scenarios/fire-in-the-sky/short-campaign.yaml`
loaded the scenario in Fire from the Skies' edition and answered "REF-EDITION edition 'supplement' is not one
of this game's editions: v1.1, 2nd" (toolkit/calc_cli.py). Every game is covered: Fire from the Skies' calculations
take `--scenario`; Fire in the Sky's scenario questions (supply, zoc, reach, plan) take the scenario as their
first argument and refuse it in their own code; Pacific Fury's take no scenario.
"""

from __future__ import annotations

import dataclasses

import pytest

from conftest import ROOT, run_cli
from toolkit.games import game_module

SCENARIOS = {"fire-in-the-sky": "scenarios/fire-in-the-sky/short-campaign.yaml",
             "pacific-fury": "scenarios/pacific-fury/campaign.yaml",
             "fire-from-the-skies": "scenarios/fire-from-the-skies/midway.yaml",
             "ridgeline": "tests/games/ridgeline/dawn-attack.yaml"}  # the fourth game, from outside the package
#: Each calculation taking --scenario, with the other arguments it needs to reach it.
FFTS_ASKED = {"bearing": ["--from", "0609", "--to", "0806"], "search": ["--from", "0609", "--arc", "0", "60", "--range", "4", "--launch", "2"],
              "strike-radius": ["--mission", "m"], "recover": ["--afs", "3"], "launch": ["--spotted", "6"],
              "endurance": ["--launch", "10", "--endurance", "14"], "victory": []}
TITLES = {"fire-in-the-sky": "Fire in the Sky", "pacific-fury": "Pacific Fury: Guadalcanal 1942", "ridgeline": "Ridgeline"}


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_the_calculations_taking_a_scenario_are_the_ones_tested():
    taking = {module: sorted(n for n, c in game_module(module).calculations().items()
                             if "scenario" in {f.name for f in dataclasses.fields(c.parameters)})
              for module in ("fire_in_the_sky", "pacific_fury", "fire_from_the_skies")}
    assert taking == {"fire_in_the_sky": [], "pacific_fury": [], "fire_from_the_skies": sorted(FFTS_ASKED)}


@pytest.mark.parametrize("other", ["fire-in-the-sky", "pacific-fury", "ridgeline"])
@pytest.mark.parametrize("name", sorted(FFTS_ASKED))
def test_a_fire_from_the_skies_question_refuses_another_games_scenario(capsys, name, other):
    path = SCENARIOS[other]
    status, out, err = run_cli(capsys, "calc", "fire-from-the-skies", name, *FFTS_ASKED[name], "--scenario", path)
    assert (status, out) == (2, "")
    assert err == (f"chartroom: calc fire-from-the-skies {name}: --scenario {path}: a scenario of {TITLES[other]} (game: {other}), "
                   f"not of Fire from the Skies" + ("" if other == "ridgeline" else f"; its own questions: chartroom calc {other}") + "\n")
    assert "edition" not in err


@pytest.mark.parametrize("name", sorted(FFTS_ASKED))
def test_a_fire_from_the_skies_question_still_reads_its_own_scenario(capsys, name):
    args = FFTS_ASKED[name] if name != "strike-radius" else ["--mission", "enterprise-strike"]
    status, _, err = run_cli(capsys, "calc", "fire-from-the-skies", name, *args, "--scenario", SCENARIOS["fire-from-the-skies"])
    assert (status, err) == (0, "")


@pytest.mark.parametrize("other", ["pacific-fury", "fire-from-the-skies"])
def test_a_fire_in_the_sky_question_refuses_another_games_scenario(capsys, other):
    status, out, err = run_cli(capsys, "calc", "fire-in-the-sky", "zoc", SCENARIOS[other], "--side", "allied")
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert f"holds {TITLES.get(other, 'Fire from the Skies')}; its own questions: chartroom calc {other}" in err


def test_a_pacific_fury_question_takes_no_scenario(capsys):
    status, _, err = run_cli(capsys, "calc", "pacific-fury", "zones", "--scenario", SCENARIOS["fire-in-the-sky"])
    assert status == 2 and "unrecognized arguments: --scenario" in err and err.count("\n") == 1
