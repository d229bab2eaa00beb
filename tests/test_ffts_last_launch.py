"""`chartroom calc fire-from-the-skies last-launch` (FFTS 12.8): each clause with a failing and a passing case.

12.8: each carrier of a defending task force, and a base, may launch or deready one AOS worth of readied AFs before
the strike arrives, counted as launched or dereadied in the previous turn's AOS. One AOS worth of launching is 6.9's
12 AFs (4 with one catapult, 8 with two); a carrier launches from the deck before it moves aircraft up (6.5, 6.8.1);
a base does not spot (6.7.5). Launched in turn T-1's AOS, turn T counts against endurance (4.2).
"""

from __future__ import annotations

import pytest

from conftest import cli_json, cli_refused, run_cli
from toolkit.games import CalcInputError
from toolkit.session import Session

FFTS = ("calc", "fire-from-the-skies", "last-launch")


def answer(capsys, *args):
    return cli_json(capsys, *FFTS, *args)


def result(capsys, *args):
    return answer(capsys, *args)["result"]


def refused(capsys, *args) -> str:
    return cli_refused(capsys, *FFTS, *args)


def test_one_aos_worth_of_launching_is_6_9_s(capsys):
    assert result(capsys, "--turn", "20", "--spotted", "14")["launch"] == 12
    assert result(capsys, "--turn", "20", "--spotted", "12")["launch"] == 12
    assert result(capsys, "--turn", "20", "--spotted", "14", "--catapults", "1")["launch"] == 4
    assert result(capsys, "--turn", "20", "--spotted", "14", "--catapults", "2")["launch"] == 8
    assert result(capsys, "--turn", "20", "--spotted", "3", "--catapults", "2")["launch"] == 3


def test_a_carrier_launches_only_what_is_spotted_to_take_off(capsys):
    """6.5: an AOS launches before it moves aircraft up; 6.8.1: readied AFs below are raised before they launch."""
    r = result(capsys, "--turn", "20", "--spotted", "8", "--hangar", "4")
    assert (r["launchable"], r["launch"], r["readied"]) == (8, 8, 12)
    status, out, _ = run_cli(capsys, *FFTS, "--turn", "20", "--spotted", "8", "--hangar", "4")
    assert "launch: up to 8 AFs; 12 launch an AOS with no catapult (6.9); the 4 in the hangar are not on deck to launch (6.5, 6.8.1)" in out


def test_a_base_may_do_the_same_and_spots_none(capsys):
    """12.8: bases may do the same; 6.7.5: a base does not spot, so all its readied AFs may take off."""
    doc = answer(capsys, "--turn", "20", "--spotted", "8", "--hangar", "4", "--base")
    assert (doc["result"]["launchable"], doc["result"]["launch"]) == (12, 12)
    assert any("6.9 gives a carrier's launches an AOS, not a base's: taken as 12" in c for c in doc["caveats"])
    assert result(capsys, "--turn", "20", "--spotted", "14", "--base", "--launch-rate", "6")["launch"] == 6
    assert not any("taken as 12" in c for c in answer(capsys, "--turn", "20", "--spotted", "4", "--base", "--launch-rate", "6")["caveats"])


def test_launch_or_deready(capsys):
    """12.8: launch or deready; dereadying in 6.8 runs at the readying rates (the Air Operations Tables)."""
    r = result(capsys, "--turn", "20", "--spotted", "8", "--hangar", "4")
    assert (r["deready_instead"], r["deready_after_launch"]) == (12, 4)
    r = result(capsys, "--turn", "20", "--spotted", "8", "--hangar", "4", "--unready-rate", "3")
    assert (r["deready_instead"], r["deready_after_launch"]) == (3, 3)
    status, out, _ = run_cli(capsys, *FFTS, "--turn", "20", "--spotted", "12")
    assert "or launch 12: none are left to deready" in out


def test_counted_in_the_previous_turn_s_aos(capsys):
    """12.8 with 4.2: launched before the strike of turn 20, they count as launched in turn 19's AOS: turn 20 counts."""
    r = result(capsys, "--turn", "20", "--spotted", "8", "--endurance", "12")
    assert (r["counted_aos_turn"], r["last_normal_turn"]) == (19, 31)
    assert result(capsys, "--turn", "20", "--spotted", "8", "--endurance", "12", "--role", "fighter", "--combat-turns", "1")["last_normal_turn"] == 30
    assert result(capsys, "--turn", "20", "--spotted", "8", "--endurance", "12", "--role", "search", "--combat-turns", "1")["last_normal_turn"] == 31


def test_the_previous_aos_shared_or_separate(capsys):
    """The reading option: shared, the previous AOS's launches use up the 12, and a landing there (6.7) leaves none."""
    assert result(capsys, "--turn", "20", "--spotted", "14", "--previous-aos", "shared", "--launched-before", "5")["launch"] == 7
    assert result(capsys, "--turn", "20", "--spotted", "14", "--previous-aos", "shared", "--launched-before", "12")["launch"] == 0
    assert result(capsys, "--turn", "20", "--spotted", "14", "--previous-aos", "shared", "--landed-before")["launch"] == 0
    assert result(capsys, "--turn", "20", "--spotted", "14", "--previous-aos", "shared")["launch"] == 12
    assert result(capsys, "--turn", "20", "--spotted", "14")["launch"] == 12
    assert "--launched-before: counts only with --previous-aos shared" in refused(capsys, "--turn", "20", "--launched-before", "2")
    assert "--landed-before: counts only with --previous-aos shared" in refused(capsys, "--turn", "20", "--landed-before")


def test_fire_chances_of_17_3_4(capsys):
    status, out, _ = run_cli(capsys, *FFTS, "--turn", "20", "--spotted", "8")
    assert "a dereadied AF destroyed aboard starts a fire on 1-2 of a D10 (1/5), a readied one on 1-8 (4/5)" in out


def test_the_answer_cites_its_rules(capsys):
    doc = answer(capsys, "--turn", "20", "--spotted", "8")
    assert doc["rules"] == ["FFTS 4.2", "FFTS 6.5", "FFTS 6.7", "FFTS 6.8", "FFTS 6.9", "FFTS 12.8", "FFTS 17.3.4"]
    assert doc["title"] == "The defender's last launch before the strike of turn 20"
    assert any("12.8 says 'launch or deready'" in c for c in doc["caveats"])


HUGE = "9" * 5000


@pytest.mark.parametrize("args, said", [
    (("--turn", "0"), "--turn 0: a game turn must be from 1 to 72"),
    (("--turn", "73"), "--turn 73: a game turn must be from 1 to 72"),
    (("--turn", HUGE), "invalid int value"),
    (("--turn", "20", "--spotted", "-1"), "--spotted, --hangar and --combat-turns are 0 or more"),
    (("--turn", "20", "--hangar", "-1"), "--spotted, --hangar and --combat-turns are 0 or more"),
    (("--turn", "20", "--spotted", "151"), "--spotted 151: more AFs than any carrier or base holds"),
    (("--turn", "20", "--spotted", "100", "--hangar", "51"), "151 AFs on one carrier"),
    (("--turn", "20", "--catapults", "3"), "invalid choice: 3"),
    (("--turn", "20", "--base", "--catapults", "1"), "--catapults 1: a base has none (FFTS 6.9"),
    (("--turn", "20", "--launch-rate", "-1"), "AFs in one AOS must be from 0 to 150"),
    (("--turn", "20", "--launch-rate", "151"), "AFs in one AOS must be from 0 to 150"),
    (("--turn", "20", "--launch-rate", HUGE), "(5000 characters): AFs in one AOS must be from 0 to 150"),
    (("--turn", "20", "--unready-rate", "151"), "AFs in one AOS must be from 0 to 150"),
    (("--turn", "20", "--unready-rate", "x"), "AFs in one AOS is a whole number"),
    (("--turn", "20", "--previous-aos", "shared", "--launched-before", "151"), "AFs in one AOS must be from 0 to 150"),
    (("--turn", "20", "--previous-aos", "both"), "invalid choice: 'both'"),
    (("--turn", "20", "--endurance", "0"), "--endurance 1 or more"),
    (("--turn", "20", "--endurance", "73"), "--endurance 73: more turns than the game's day of 72 turns"),
    (("--turn", "20", "--combat-turns", "1"), "--combat-turns 1: give the AFs' --endurance too"),
    (("--turn", "20", "--endurance", "12", "--combat-turns", "-1"), "are 0 or more"),
    (("--turn", "20", "--endurance", "12", "--role", "fighter", "--combat-turns", "8"), "--combat-turns 8: 8 turns of combat use 16 turns"),
    (("--turn", "20", "--role", "pilot"), "invalid choice: 'pilot'"),
])
def test_every_option_out_of_bounds_is_refused_in_one_line(capsys, args, said):
    err = refused(capsys, *args)
    assert said in err and len(err) < 400


@pytest.mark.parametrize("args", [("--turn", "1"), ("--turn", "72"), ("--turn", "20", "--spotted", "150"), ("--turn", "20", "--spotted", "75", "--hangar", "75"),
                                  ("--turn", "20", "--launch-rate", "0"), ("--turn", "20", "--launch-rate", "150"), ("--turn", "20", "--unready-rate", "0"),
                                  ("--turn", "20", "--endurance", "72"), ("--turn", "20", "--previous-aos", "shared", "--launched-before", "150")])
def test_every_option_at_its_bound_is_answered(capsys, args):
    status, _, err = run_cli(capsys, *FFTS, *args)
    assert (status, err) == (0, "")


def test_the_python_form_is_held_to_the_same_checks():
    session = Session()
    opened = session.open_game(session.game_root("fire-from-the-skies"))
    last = opened.module.calculations()["last-launch"]
    assert last(opened.game, turn=20, spotted=14).data["launch"] == 12
    with pytest.raises(CalcInputError, match="must be from 0 to 150"):
        last(opened.game, turn=20, launch_rate=151)
    with pytest.raises(CalcInputError, match="a base has none"):
        last(opened.game, turn=20, base=True, catapults=2)


def test_it_is_listed_with_the_game_s_questions(capsys):
    status, out, _ = run_cli(capsys, "calc", "fire-from-the-skies")
    assert status == 0 and "  last-launch " in out
