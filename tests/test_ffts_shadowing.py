"""`chartroom calc fire-from-the-skies shadowing` (FFTS 8.3): each clause with a failing and a passing case, worked by hand.

The hand case: a search launched on turn 2 with endurance 12 is due home by turn 14 (4.2). It spots a task force
3 hexes out on turn 5; flying a hex a turn, starting back on turn 12 it is home on 14 (12, 13, 14), on 13 it is home
on 15, a turn late. So it shadows turns 5-11 (turn 12 is flown home), or 5-12 if the start-back turn is read as one
of shadowing.
"""

from __future__ import annotations

import pytest

from conftest import cli_json, cli_refused, run_cli
from toolkit.games import CalcInputError
from toolkit.session import Session

FFTS = ("calc", "fire-from-the-skies", "shadowing")
HAND = ("--launch", "2", "--endurance", "12", "--spotted", "5", "--distance", "3")


def answer(capsys, *args):
    return cli_json(capsys, *FFTS, *args)


def refused(capsys, *args) -> str:
    return cli_refused(capsys, *FFTS, *args)


def test_the_hand_case(capsys):
    doc = answer(capsys, *HAND)
    r = doc["result"]
    assert (r["last_normal_turn"], r["start_back"], r["home"]) == (14, 12, 14)
    assert r["shadowing_turns"] == list(range(5, 12))
    assert doc["rules"] == ["FFTS 4.2", "FFTS 4.4", "FFTS 8.3", "FFTS 8.3.1", "FFTS 8.3.3", "FFTS 8.4", "FFTS 10.6", "FFTS 12.6", "FFTS 18.3"]


def test_the_hand_case_as_text(capsys):
    status, out, _ = run_cli(capsys, *FFTS, *HAND)
    assert status == 0
    assert out.splitlines()[:4] == [
        "Shadowing",
        "  search launched on turn 2, endurance 12: last turn of normal endurance 14 (4.2: the launch turn does not count, the landing turn does)",
        "  3 hexes from their base or carrier at normal speed (10.6): they start back by turn 12 to be home on turn 14",
        "  shadowing: turns 5-11, 7 turns (8.3; turn 12, the turn they start back, spent flying home)"]
    assert "  a strike flying to it follows it to a new hex if it moves in turns 5-11 (12.6 (a))" in out
    assert "rests on: 8.3 has them search the task force 'until' the turn they must start back" in out


def test_the_start_back_turn_is_shadowed_in_the_other_reading(capsys):
    r = answer(capsys, *HAND, "--start-back-turn", "shadowing")["result"]
    assert (r["start_back"], r["shadowing_turns"], r["reading"]) == (12, list(range(5, 13)), "shadowing")


def test_the_launch_turn_does_not_count_against_endurance(capsys):
    """4.2 (and 4.6's example: launched on 10, endurance 14, through turn 24): one more turn of endurance, one more turn shadowed."""
    assert answer(capsys, "--launch", "10", "--endurance", "14", "--spotted", "13", "--distance", "3")["result"]["last_normal_turn"] == 24
    longer = answer(capsys, "--launch", "2", "--endurance", "13", "--spotted", "5", "--distance", "3")["result"]
    assert (longer["start_back"], longer["shadowing_turns"][-1]) == (13, 12)


def test_slow_searchers_start_back_sooner(capsys):
    """10.6.2: slow aircraft do not fly in turns divisible by 4. Due home by 21 from 2 hexes: slow ones start back on 19
    (19 and 21, not 20), normal ones on 20."""
    args = ("--launch", "10", "--endurance", "11", "--spotted", "13", "--distance", "2")
    slow = answer(capsys, *args, "--speed", "slow")["result"]
    normal = answer(capsys, *args)["result"]
    assert (slow["start_back"], slow["shadowing_turns"]) == (19, list(range(13, 19)))
    assert (normal["start_back"], normal["shadowing_turns"]) == (20, list(range(13, 20)))


def test_fast_searchers_fly_two_hexes_in_turns_divisible_by_6(capsys):
    """10.6.3: 3 hexes starting back on 12 take turns 12 (two hexes) and 13; starting on 13, turns 13, 14 and 15."""
    r = answer(capsys, "--launch", "2", "--endurance", "12", "--spotted", "5", "--distance", "3", "--speed", "fast")["result"]
    assert (r["start_back"], r["home"]) == (12, 13)
    assert [(x["start_back"], x["home"]) for x in r["later_starts"]] == [(13, 15), (14, 16)]


def test_staying_longer_lands_late_with_the_crash_chances_of_4_4(capsys):
    later = answer(capsys, *HAND)["result"]["later_starts"]
    assert [(x["start_back"], x["home"], x["turns_late"], x["crash_chance"]["fraction"]) for x in later] == [(13, 15, 1, "1/3"), (14, 16, 2, "2/3")]


def test_no_turn_of_shadowing_when_even_the_next_turn_is_late(capsys):
    status, out, _ = run_cli(capsys, *FFTS, "--launch", "2", "--endurance", "5", "--spotted", "5", "--distance", "3")
    assert status == 0 and "no turn of shadowing (8.3)" in out and "home on turn 8, after turn 7" in out
    just = answer(capsys, "--launch", "2", "--endurance", "6", "--spotted", "5", "--distance", "3")["result"]
    assert just["shadowing_turns"] == [5] and just["start_back"] == 6   # home on 8 starting on 6: the spotting turn only


def test_one_search_af_shadows_up_to_3_task_forces(capsys):
    """8.3.1: 3 task forces take 1 AF, 4 take 2; a search shadows no more than its AFs permit."""
    three = answer(capsys, *HAND, "--task-forces", "3")
    assert three["result"]["afs_needed"] == 1 and three["result"]["allowed"] and not any("not allowed" in c for c in three["caveats"])
    four = answer(capsys, *HAND, "--task-forces", "4")
    assert four["result"]["afs_needed"] == 2 and not four["result"]["allowed"]
    assert "1 search AF shadows at most 3 task forces (8.3.1): this shadowing is not allowed" in four["caveats"]
    assert answer(capsys, *HAND, "--task-forces", "4", "--afs", "2")["result"]["allowed"]
    assert answer(capsys, *HAND, "--task-forces", "7", "--afs", "2")["result"]["allowed"] is False


def test_no_shadowing_beyond_the_search_s_maximum_range(capsys):
    """8.4: a shadowed task force that moves may be followed while within the search's maximum range."""
    beyond = answer(capsys, *HAND, "--range", "2")["result"]
    assert beyond["beyond_range"] and beyond["shadowing_turns"] == [] and beyond["start_back"] is None
    within = answer(capsys, *HAND, "--range", "3")["result"]
    assert not within["beyond_range"] and within["shadowing_turns"] == list(range(5, 12))


def test_turns_after_the_day_are_named(capsys):
    r = answer(capsys, "--launch", "60", "--endurance", "20", "--spotted", "70", "--distance", "3")["result"]
    assert r["turns_after_last_turn"] == [73, 74, 75, 76, 77]
    assert answer(capsys, *HAND)["result"]["turns_after_last_turn"] == []


def test_the_search_spots_nothing_before_it_flies(capsys):
    assert "--spotted 2: a search launched on turn 2 flies from turn 3 (FFTS 4.2" in refused(capsys, "--launch", "2", "--endurance", "12", "--spotted", "2",
                                                                                                 "--distance", "1")
    assert answer(capsys, "--launch", "2", "--endurance", "12", "--spotted", "3", "--distance", "1")["result"]["shadowing_turns"][0] == 3


def test_the_task_force_is_no_farther_than_the_search_has_flown(capsys):
    err = refused(capsys, "--launch", "2", "--endurance", "12", "--spotted", "5", "--distance", "4")
    assert "--distance 4: a search launched on turn 2 at normal speed has flown 3 hexes by turn 5 (FFTS 7.5, 10.6)" in err
    assert "--distance 3: a search launched on turn 10 at slow speed has flown 2 hexes by turn 13" in refused(
        capsys, "--launch", "10", "--endurance", "12", "--spotted", "13", "--distance", "3", "--speed", "slow")


def test_a_spotting_after_every_af_has_crashed_is_refused(capsys):
    assert "every AF has crashed by then (FFTS 4.4)" in refused(capsys, "--launch", "2", "--endurance", "4", "--spotted", "9", "--distance", "1")
    assert answer(capsys, "--launch", "2", "--endurance", "4", "--spotted", "8", "--distance", "1")["result"]["shadowing_turns"] == []


HUGE = "9" * 5000


@pytest.mark.parametrize("option, value, said", [
    ("--distance", "0", "'0': hexes from the task force to the searchers' base or carrier must be from 1 to 72"),
    ("--distance", "73", "'73': hexes from the task force to the searchers' base or carrier must be from 1 to 72"),
    ("--distance", "-1", "must be from 1 to 72"),
    ("--distance", HUGE, "(5000 characters): hexes from the task force"),
    ("--distance", "x", "hexes from the task force to the searchers' base or carrier is a whole number"),
    ("--distance", "1.5", "is a whole number"),
    ("--range", "0", "the search's maximum range must be from 1 to 72"),
    ("--range", "73", "the search's maximum range must be from 1 to 72"),
    ("--afs", "0", "search AFs shadowing must be from 1 to 150"),
    ("--afs", "151", "search AFs shadowing must be from 1 to 150"),
    ("--afs", HUGE, "search AFs shadowing must be from 1 to 150"),
    ("--task-forces", "0", "task forces shadowed must be from 1 to 450 (FFTS 8.3.1"),
    ("--task-forces", "451", "task forces shadowed must be from 1 to 450"),
    ("--launch", "0", "--launch 0: a game turn must be from 1 to 72"),
    ("--launch", "73", "--launch 73: a game turn must be from 1 to 72"),
    ("--launch", HUGE, "invalid int value"),
    ("--endurance", "0", "--endurance 0: an endurance is 1 turn or more"),
    ("--endurance", "73", "--endurance 73: more turns than the game's day of 72 turns"),
    ("--spotted", "0", "--spotted 0: a game turn must be from 1 to 72"),
    ("--spotted", "73", "--spotted 73: a game turn must be from 1 to 72"),
    ("--spotted", "nan", "invalid int value"),
    ("--speed", "warp", "invalid choice: 'warp'"),
    ("--start-back-turn", "both", "invalid choice: 'both'"),
])
def test_every_option_out_of_bounds_is_refused_in_one_line(capsys, option, value, said):
    given = dict(zip(HAND[::2], HAND[1::2]))
    given[option] = value
    err = refused(capsys, *[x for kv in given.items() for x in kv])
    assert said in err and len(err) < 400


@pytest.mark.parametrize("option, value", [("--distance", "1"), ("--range", "72"), ("--afs", "150"), ("--task-forces", "450"),
                                           ("--launch", "1"), ("--endurance", "72"), ("--spotted", "72")])
def test_every_option_at_its_bound_is_answered(capsys, option, value):
    given = {"--launch": "1", "--endurance": "12", "--spotted": "4", "--distance": "1"}
    given[option] = value
    if option == "--spotted":
        given["--launch"] = "60"
    status, _, err = run_cli(capsys, *FFTS, *[x for kv in given.items() for x in kv])
    assert (status, err) == (0, "")


def test_the_python_form_is_held_to_the_same_bounds():
    session = Session()
    opened = session.open_game(session.game_root("fire-from-the-skies"))
    shadowing = opened.module.calculations()["shadowing"]
    assert shadowing(opened.game, launch=2, endurance=12, spotted=5, distance=3).data["start_back"] == 12
    with pytest.raises(CalcInputError, match="must be from 1 to 72"):
        shadowing(opened.game, launch=2, endurance=12, spotted=5, distance=0)


def test_it_is_listed_with_the_game_s_questions(capsys):
    status, out, _ = run_cli(capsys, "calc", "fire-from-the-skies")
    assert status == 0 and "  shadowing " in out
