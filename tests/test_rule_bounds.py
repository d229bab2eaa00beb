"""Issue 21 item 4: every number a command reads is bounded where the rules bound it, and refused in one line
naming the bound and the edition and rule (or, where no rule bounds it, the work budget), exit 2.

Each bound has a refused case (just past it) and an answered case (at it), for the three games.
"""

from __future__ import annotations

import pytest

from conftest import run_cli

FFTS = ("calc", "fire-from-the-skies")
PF = ("calc", "pacific-fury")

REFUSED = [
    # Fire in the Sky: the turn track, the counter mix, one die per DD, the work budget
    (("cost", "operational", "--units", "jp-cv-akagi-kaga", "--hexes", "3", "--turn", "17"),
     "--turn: '17': a game turn must be from 1 to 16 (FitS v1.1 16.0, 2nd 4.3: the game ends with Turn 16)"),
    (("odds", "convoy", "--asw-dice", "34", "--sub-points", "1"),
     "--asw-dice: '34': ASW dice must be from 0 to 33 (FitS v1.1 6.1, 2nd 5.3: at most one die per DD unit in the Convoy Escort box"),
    (("cost", "asw", "--rolls", "34"), "--rolls: '34': ASW dice must be from 0 to 33 (FitS v1.1 6.1"),
    (("cost", "dd-transfer", "--count", "34"), "--count: '34': DD units must be from 0 to 33 (FitS 2nd 2.0: the counter mix"),
    (("cost", "sea-deployment", "--unit", "jp-air", "--steps", "3"),
     "--steps: '3': an air unit's steps must be from 1 to 2 (FitS v1.1 2.1.1.2, 2nd 3.1.2"),
    (("odds", "air", "--attacker", "jp-air:31", "--defender", "us-air:2"), "jp-air:31: a side's air steps must be from 1 to 30 (FitS 2nd 2.0: 15 air unit counters a side"),
    (("odds", "air", "--attacker", "jp-air:0", "--defender", "us-air:2"), "jp-air:0: a side's air steps must be from 1 to 30"),
    # past 300 Submarine Points the answer is simulated (tests/test_fits_odds_simulated.py); past 2,000, refused
    (("odds", "convoy", "--asw-dice", "3", "--sub-points", "2001"),
     "--sub-points: '2001': dice must be from 0 to 2000 (no rule bounds it: exact up to 300, simulated beyond (seed 20261126); "
     "the simulation's work budget is 2000 dice a trial)"),
    (("odds", "damage", "--defender", "us-bb-pennsylvania-arizona", "--hits", "301", "--cause", "surface"),
     "--hits: '301': hits on one ship must be from 1 to 300 (no rule bounds it: the work budget"),
    (("cost", "operational", "--units", "jp-cv-akagi-kaga", "--hexes", "10000"),
     "--hexes: '10000': hexes moved must be from 0 to 9999 (no rule bounds it: the largest distance Chartroom prices exactly)"),
    # Pacific Fury: four turns, carrier combat's modifiers
    ((*PF, "damage-return", "--side", "us", "--hits", "1", "--turn", "5"),
     "--turn 5: a game turn must be from 1 to 4 (PF 5.0: four game turns; 3.4: the Turn Record Track"),
    ((*PF, "fire", "--cf", "4", "--cap", "3"), "--cap: '3': the CAP reduction must be from 0 to 2 (PF 10.5: 2 against a CV, 1 against a CVL)"),
    ((*PF, "fire", "--cf", "4", "--modifier", "3"), "--modifier: '3': the AS/AA modifier must be from 0 to 2 (PF 10.5: +2, +1 or none)"),
    ((*PF, "fire", "--cf", "4", "--modifier", "-1"), "--modifier: '-1': the AS/AA modifier must be from 0 to 2"),
    # Fire from the Skies: the day's turns, bearings, AFs
    ((*FFTS, "endurance", "--launch", "73", "--endurance", "5"), "--launch 73: a game turn must be from 1 to 72 (FFTS 3.3: a game-turn is 20 minutes; 18.1"),
    ((*FFTS, "search", "--from", "0505", "--arc", "0", "390", "--range", "3", "--launch", "1"),
     "--arc: '390': a bearing line must be from 0 to 360 (FFTS 7.4.7"),
    ((*FFTS, "search", "--from", "0505", "--arc", "-30", "30", "--range", "3", "--launch", "1"), "--arc: '-30': a bearing line must be from 0 to 360"),
    ((*FFTS, "search", "--from", "0505", "--arc", "0", "60", "--range", "73", "--launch", "1"),
     "--range 73: more hexes than a search flies out and back in the game's day of 72 turns (FFTS 3.3"),
    ((*FFTS, "landing-accidents", "--afs", "151"), "--afs 151: more AFs than any carrier or base holds (at most 150; no rule bounds it: the work budget"),
]

ANSWERED = [
    ("cost", "operational", "--units", "jp-cv-akagi-kaga", "--hexes", "3", "--turn", "16"),
    ("odds", "convoy", "--asw-dice", "33", "--sub-points", "3"),
    ("cost", "asw", "--rolls", "33"),
    ("cost", "dd-transfer", "--count", "33"),
    ("cost", "sea-deployment", "--unit", "jp-air", "--steps", "2"),
    ("odds", "air", "--attacker", "jp-air:30", "--defender", "us-air:1"),
    ("odds", "damage", "--defender", "us-bb-pennsylvania-arizona", "--hits", "300", "--cause", "surface"),
    (*PF, "damage-return", "--side", "us", "--hits", "1", "--turn", "4"),
    (*PF, "fire", "--cf", "4", "--cap", "2", "--modifier", "2"),
    (*FFTS, "endurance", "--launch", "72", "--endurance", "5"),
    (*FFTS, "search", "--from", "0505", "--arc", "300", "360", "--range", "3", "--launch", "1"),
    (*FFTS, "landing-accidents", "--afs", "150"),
]


@pytest.mark.parametrize("argv, said", REFUSED)
def test_a_number_past_its_bound_is_refused_with_the_bound_and_the_rule(capsys, argv, said):
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and not out and "internal error" not in err
    assert len(err.strip().splitlines()) == 1 and said in err


@pytest.mark.parametrize("argv", ANSWERED)
def test_a_number_at_its_bound_is_answered(capsys, argv):
    status, out, err = run_cli(capsys, *argv)
    assert status == 0 and out and "internal error" not in err


def test_a_calculation_called_from_python_is_held_to_the_same_bounds():
    from toolkit.games import CalcInputError
    from toolkit.session import Session

    session = Session()
    pf = session.open_game(session.game_root("pacific-fury"))
    fire = pf.module.calculations()["fire"]
    with pytest.raises(CalcInputError, match=r"--cap 3: the CAP reduction must be from 0 to 2 \(PF 10.5"):
        fire(pf.game, cf=(4,), cap=3)
    assert fire(pf.game, cf=(4,), cap=2).data["cap"] == 2
    ffts = session.open_game(session.game_root("fire-from-the-skies"))
    search = ffts.module.calculations()["search"]
    with pytest.raises(CalcInputError, match=r"--arc 720.0: a bearing line must be from 0 to 360 \(FFTS 7.4.7"):
        search(ffts.game, origin="0505", arc=(0.0, 720.0), range=3, launch=1)


@pytest.mark.parametrize("game, scenario, rule", [
    ("fire-in-the-sky", "short-campaign.yaml", "above the largest allowed value 16 (FitS v1.1 16.0, 2nd 4.3: the game ends with Turn 16)"),
    ("pacific-fury", "campaign.yaml", "above the largest allowed value 4 (PF 5.0: four game turns)"),
    ("fire-from-the-skies", "coral-sea.yaml", "above the largest allowed value 72 (FFTS 3.3: a game-turn is 20 minutes; 18.1"),
])
def test_a_scenarios_turn_past_the_turn_track_names_the_rule(tmp_path, capsys, game, scenario, rule):
    import shutil

    from conftest import ROOT

    folder = tmp_path / game
    shutil.copytree(ROOT / "scenarios" / game, folder)
    path = folder / scenario
    text = path.read_text(encoding="utf-8")
    assert "\nstart_turn: 1\n" in text or "\nstart_turn: 2\n" in text
    path.write_text(text.replace("\nstart_turn: 1\n", "\nstart_turn: 99\n").replace("\nstart_turn: 2\n", "\nstart_turn: 99\n"), encoding="utf-8")
    status, out, err = run_cli(capsys, "check", path)
    assert status == 1 and "internal error" not in err
    assert f"{scenario}:7:13: error SCHEMA-RANGE start_turn: 99 is {rule}" in out
    status, out, err = run_cli(capsys, "check", ROOT / "scenarios" / game / scenario)
    assert status == 0


def test_a_plans_total_past_what_chartroom_tracks_says_no_rule_bounds_it(tmp_path, capsys):
    import shutil

    from conftest import GAME

    shutil.copytree(GAME, tmp_path / "game")
    path = tmp_path / "game" / "plans" / "example-of-play-2nd.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  oil: 24\n", "  oil: 10000\n", 1), encoding="utf-8")
    status, out, err = run_cli(capsys, "plan", path)
    assert status == 2 and len(err.splitlines()) == 1 and "internal error" not in err
    assert "example-of-play-2nd.yaml:12:8: " in err and "10000 is above the largest allowed value 9999 (FitS v1.1 2.1.2.1: no total falls below 0; no rule caps it" in err


@pytest.mark.parametrize("argv, said", [
    ((*FFTS, "victory", "--afs-lost", "allied:" + "9" * 5000), "--afs-lost allied:999"),
    ((*FFTS, "victory", "--afs-lost", "allied:10000"), "--afs-lost allied:10000: AFs lost must be from 0 to 9999 (no rule bounds it: FFTS 19.3"),
    (("odds", "air", "--attacker", "jp-air:" + "9" * 5000, "--defender", "us-air:2"), "cannot read 'jp-air:999"),
])
def test_a_count_past_pythons_digit_limit_is_refused_not_an_internal_error(capsys, argv, said):
    """Found while fuzzing (issue 21): int() of 5,000 digits raises past Python's limit of 4,300; it was exit 3."""
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and not out and "internal error" not in err
    assert len(err.strip().splitlines()) == 1 and said in err


@pytest.mark.parametrize("points, refused", [("300", None), ("0.5", None), ("300.5", "must be from 0 to 300"), ("1e308", "must be from 0 to 300"),
                                             ("-1", "must be from 0 to 300"), ("nan", "is not a finite number")])
def test_a_carriers_handling_points_are_bounded_not_printed_as_309_digits(capsys, points, refused):
    """FFTS 6.4.6 prints them on the form, no rule bounds them: 300 at 1/2 a point an AF (6.7.4) raise more AFs than any
    carrier holds, so more is refused in one line (before, 1e308 printed a 309-digit rate of AFs an AOS)."""
    status, out, err = run_cli(capsys, *FFTS, "launch", "--spotted", "6", "--hangar", "10", "--handling-points", points, "--hangar-kind", "open")
    if refused is None:
        assert status == 0 and "handling points at 1/2 HP an AF" in out and max(map(len, out.split())) < 40
    else:
        assert status == 2 and not out and len(err.strip().splitlines()) == 1 and refused in err
        assert ("FFTS 6.4.6" in err) == refused.startswith("must")  # a bound names its rule; nan is no number at all


@pytest.mark.parametrize("rounds, refused", [("200", None), ("0", None), ("201", "must be from 0 to 200"), ("9999", "must be from 0 to 200"),
                                             ("-1", "must be from 0 to 200")])
def test_rounds_before_a_withdrawal_are_bounded_with_the_rule_that_leaves_them_open(capsys, rounds, refused):
    """FitS v1.1 12.3.3.1, 2nd 11.2.3: the rounds repeat until a side withdraws or has no ship left: no rule bounds them, so
    the bound is the work budget and the message says so. Before, 'at most 9999' had no reason, and 1,000 rounds or more ran
    for seconds to minutes and ended in an internal error (Python's 4,300-digit limit on the exact fractions)."""
    status, out, err = run_cli(capsys, "odds", "battle", "--attacker", "jp-dd", "jp-dd", "--defender", "us-bb-pennsylvania-arizona",
                               "--withdraw", "defender", "--after-rounds", rounds)
    if refused is None:
        assert status == 0 and "internal error" not in err
    else:
        assert status == 2 and not out and len(err.strip().splitlines()) == 1 and refused in err
        assert "v1.1 12.3.3.1, 2nd 11.2.3" in err and "work budget" in err
