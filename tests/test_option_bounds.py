"""Every numeric option at its bounds (the sweep of 2026-11-27): the cases it found, each with a passing case at
the bound and a refused one just past it, in one line naming the option, exit 2 (never 3).

The sweep ran every command's numeric options (and the numbers inside arguments: ``N=NAME``, ``SIDE:N``,
``COUNTER:STEPS``) at the largest and smallest allowed value, one past each, 0, -1, a decimal, nan, inf, 1e308
and 5,000 digits, for the three games.
"""

from __future__ import annotations

import pytest

from conftest import run_cli

PF = ("calc", "pacific-fury")


def one_line_refusal(status, out, err, said):
    assert status == 2 and not out and len(err.strip().splitlines()) == 1 and said in err
    assert "internal error" not in err and "Traceback" not in err


# --- Pacific Fury: the Operation Boxes of `calc pacific-fury operations --box N=NAME` (PF 8.2) ------------------

@pytest.mark.parametrize("box, said", [
    ("9" * 5000 + "=A", "is not an Operation Box (1-7, PF 8.2: one task force in each numbered Operation Box, seven a side)"),
    ("²=A", "--box '²=A': write N=NAME"),  # isdigit() but not int(): was an internal error too
    ("8=A", "box 8 is not an Operation Box (1-7, PF 8.2)"),
])
def test_an_operation_box_number_past_the_seven_is_refused_in_one_line(capsys, box, said):
    """A 5,000-digit box number was exit 3 (Python's 4,300-digit limit of int()), and so was '²'."""
    status, out, err = run_cli(capsys, *PF, "operations", "--box", box, "--actions", "sortie", "other")
    one_line_refusal(status, out, err, said)
    assert len(err) < 300  # the 5,000 digits are not echoed back


def test_the_seventh_operation_box_is_answered(capsys):
    status, out, _ = run_cli(capsys, *PF, "operations", "--box", "7=Last", "--actions", "other")
    assert status == 0 and "back to base, no sortie this turn: Last" in out


# --- Pacific Fury: Transports units landed in a turn (PF 3.1, 9.3, 9.6) -------------------------------------------

def test_two_transports_units_land_at_most(capsys):
    """PF 3.1: a side has two Transports units; 9.3: one space for each landed. Before, --landing 100 shifted the
    marker a hundred spaces (to the end of the track) without a word."""
    status, out, _ = run_cli(capsys, *PF, "initiative", "--box", "US 1", "--landing", "2")
    assert status == 0 and "2 Transports unit(s) landed" in out and "US 1 -> Japan 1" in out
    for refused in ("3", "100", "0", "9" * 5000):
        status, out, err = run_cli(capsys, *PF, "initiative", "--box", "US 1", "--landing", refused)
        one_line_refusal(status, out, err, "Transports units landed must be from 1 to 2 (PF 3.1: a side has two Transports units; 9.3")


def test_transports_landed_are_bounded_from_python_too():
    from toolkit.games import CalcInputError
    from toolkit.session import Session

    session = Session()
    opened = session.open_game(session.game_root("pacific-fury"))
    initiative = opened.module.calculations()["initiative"]
    with pytest.raises(CalcInputError, match="Transports units landed must be from 1 to 2"):
        initiative(opened.game, box="US 1", landing=3)
    assert initiative(opened.game, box="US 1", landing=2).data["landing"]["spaces"] == 2


# --- the language server's --debounce ----------------------------------------------------------------------------

def test_a_debounce_too_long_to_wait_is_refused_not_an_internal_error(capsys):
    """400 digits of milliseconds overflowed the division into seconds: exit 3."""
    status, out, err = run_cli(capsys, "lsp", "--debounce", "9" * 400)
    one_line_refusal(status, out, err, "give milliseconds, 0 or more and at most 3600000 (an hour)")
    status, out, err = run_cli(capsys, "lsp", "--debounce", "3600001")
    one_line_refusal(status, out, err, "--debounce 3600001: give milliseconds")


# --- Fire in the Sky: a force given on the command line holds no more of a counter than the mix (v1.1 2.1, 2nd 3.1) --

@pytest.mark.parametrize("force, said", [
    (["jp-dd"] * 13, "--attacker: 13 of jp-dd but the counter mix holds 12 (FitS v1.1 2.1, 2nd 3.1: the counter mix is an absolute limit)"),
    (["jp-bb-yamato-musashi"] * 2, "--attacker: 2 of jp-bb-yamato-musashi but the counter mix holds 1"),
    (["jp-air:16", "jp-air:16"], "--attacker: 32 air steps of jp-air need 16 counters but the counter mix holds 15"),
    (["jp-air:30"] * 3, "--attacker: 90 air steps of jp-air need 45 counters but the counter mix holds 15"),
])
def test_more_of_a_counter_than_the_mix_holds_is_refused(capsys, force, said):
    """Before, each token was bounded alone: jp-air:30 three times (a side's 30 steps, three times over) or 40 of the one
    Yamato and Musashi counter were answered, a battle the rules do not allow (40 a side took 12 s of CPU)."""
    kind = "air" if force[0].startswith("jp-air") else "surface"
    status, out, err = run_cli(capsys, "odds", kind, "--attacker", *force, "--defender", "us-air:2" if kind == "air" else "us-ca")
    one_line_refusal(status, out, err, said)


@pytest.mark.parametrize("kind, force", [("surface", ["jp-dd"] * 12), ("air", ["jp-air:15", "jp-air:15"]), ("air", ["jp-air:30"]),
                                         ("surface", ["BB:def=10,fp=2"] * 13)])
def test_a_force_within_the_mix_is_answered(capsys, kind, force):
    """At the mix: 12 jp-dd, 30 steps of jp-air (15 counters) in any split; units given by their ratings are no counters of it."""
    status, out, err = run_cli(capsys, "odds", kind, "--side", "japan", "--attacker", *force,
                               "--defender", "us-air:2" if kind == "air" else "us-ca")
    assert status == 0 and out and not err


# --- Fire in the Sky: reach --tp names its bound's reason, as every Bound does -----------------------------------

@pytest.mark.parametrize("tp, said", [
    ("10000", "--tp: '10000': Transport Points must be from 0 to 9999 (no rule bounds them: the largest count Chartroom prices exactly)"),
    ("9" * 5000, "--tp: '99999999999999999999...' (5000 characters): Transport Points must be from 0 to 9999 (no rule bounds them"),
    ("nan", "--tp: 'nan' is not a finite number"),
])
def test_transport_points_are_refused_with_the_reason_of_their_bound(capsys, tp, said):
    """Before: 'expected a number from 0 to 9999, got ...' with no reason, and 5,000 digits echoed whole."""
    argv = ("reach", "scenarios/fire-in-the-sky/short-campaign.yaml", "--unit", "jp-dd", "--at", "Kure", "--mode", "sea-deployment")
    status, out, err = run_cli(capsys, *argv, "--tp", tp)
    one_line_refusal(status, out, err, said)
    assert len(err) < 400
    status, out, err = run_cli(capsys, *argv, "--tp", "9999")
    assert status == 0 and out and not err


# --- every Bound: a whole number past Python's 4,300-digit limit is out of bounds, not "not a number" --------------

def test_a_bound_refuses_5000_digits_as_out_of_bounds():
    import argparse

    from toolkit.bounds import Bound

    turn = Bound("a game turn", 1, 16, "a rule")
    for text in ("9" * 5000, "-" + "9" * 5000):
        with pytest.raises(argparse.ArgumentTypeError, match=r"\(500[01] characters\): a game turn must be from 1 to 16 \(a rule\)$"):
            turn(text)
    with pytest.raises(argparse.ArgumentTypeError, match="'1.5': a game turn is a whole number"):
        turn("1.5")
    assert turn("16") == 16


# --- Fire from the Skies: a combat no AF outlives, a turn now before the launch (FFTS 4.2-4.4) ---------------------

FFTS = ("calc", "fire-from-the-skies")


@pytest.mark.parametrize("calc, role, answered, refused, said", [
    ("endurance", "fighter", "8", "9", "--combat-turns 9: 9 turns of combat use 18 turns of endurance (FFTS 4.2: combat counts; 4.3: one "
                                       "more each for a fighter), 3 or more past its 14: every AF has crashed before the combat ends (4.4)"),
    ("endurance", "search", "16", "17", "--combat-turns 17: 17 turns of combat use 17 turns of endurance (FFTS 4.2: combat counts), 3 or more"),
    ("strike-radius", "torpedo-bomber", "8", "9", "--combat-turns 9: 9 turns of combat use 18 turns of endurance"),
    ("endurance", "fighter", "8", "72", "--combat-turns 72: 72 turns of combat use 144 turns"),
])
def test_a_combat_longer_than_any_af_flies_is_refused(capsys, calc, role, answered, refused, said):
    """Before, 72 turns of combat on an endurance of 14 answered "last turn of normal endurance: -48" and landings on turn -47."""
    argv = (*FFTS, calc, "--launch", "10", "--endurance", "14", "--role", role, "--combat-turns")
    status, out, err = run_cli(capsys, *argv, answered)
    assert status == 0 and "last turn of normal endurance" in out and " -" not in out.split("rules:")[0]
    status, out, err = run_cli(capsys, *argv, refused)
    one_line_refusal(status, out, err, said)


def test_the_turn_now_is_not_before_the_launch(capsys):
    """Before, --launch 72 --turn 1 answered "on turn 1: 143 turns of normal endurance left"."""
    argv = (*FFTS, "endurance", "--launch", "72", "--endurance", "14", "--turn")
    status, out, _ = run_cli(capsys, *argv, "72")
    assert status == 0 and "on turn 72: 14 turns of normal endurance left" in out
    status, out, err = run_cli(capsys, *argv, "71")
    one_line_refusal(status, out, err, "--turn 71: before the launch on turn 72; endurance is counted from the launch (FFTS 4.2)")


# --- Fire from the Skies: victory --ship and --afs-lost repeated (FFTS 19.2, 19.3) ------------------------------------

def test_a_ship_by_id_is_scored_once(capsys):
    """Before, lexington:sunk given twice scored Lexington twice."""
    argv = (*FFTS, "victory", "--scenario", "scenarios/fire-from-the-skies/coral-sea.yaml", "--ship", "lexington:sunk")
    status, out, _ = run_cli(capsys, *argv)
    assert status == 0 and "Lexington (CV) sunk" in out
    status, out, err = run_cli(capsys, *argv, "--ship", "lexington:speed-under-2-inches")
    one_line_refusal(status, out, err, "--ship lexington:speed-under-2-inches: lexington is given twice; give each ship once, at its worst state (FFTS 19.2")
    status, out, _ = run_cli(capsys, *FFTS, "victory", "--ship", "allied:CV:sunk", "--ship", "allied:CV:sunk")  # two CVs by class
    assert status == 0 and out.count("(CV) sunk") == 2


def test_afs_lost_repeated_are_held_to_the_bound_in_all(capsys):
    status, out, _ = run_cli(capsys, *FFTS, "victory", "--afs-lost", "allied:9998", "--afs-lost", "allied:1")
    assert status == 0 and "AFs lost: Allied 9999" in out
    status, out, err = run_cli(capsys, *FFTS, "victory", "--afs-lost", "allied:9999", "--afs-lost", "allied:1")
    one_line_refusal(status, out, err, "--afs-lost allied:1: 10000 in all for allied: AFs lost must be from 0 to 9999 (no rule bounds it: FFTS 19.3")


# --- Fire in the Sky: a simulated battle's ships a side, lowered to the work budget (40 -> 12) -----------------------

def test_a_simulated_battle_holds_twelve_ships_a_side(capsys):
    """No rule bounds the ships of a surface battle (every ship of the Task Forces fights), so the bound is the work budget:
    the counter mix's battleships and cruisers took 3.3 s of CPU at 12 a side, 10 s at 15, 39 s at 20, and 23 against 38
    (all the mix's surface ships of Japan, within the old bound of 40) ran past a minute."""
    status, out, err = run_cli(capsys, "odds", "battle", "--attacker", *["jp-dd"] * 12, "--defender", *["us-dd"] * 12)
    assert status == 0 and "simulated, not exact" in out and not err
    status, out, err = run_cli(capsys, "odds", "battle", "--attacker", *["jp-dd"] * 12, "jp-ca", "--defender", *["us-dd"] * 12)
    one_line_refusal(status, out, err, "a surface battle of more than 12 ships a side is too big even to simulate (no rule bounds them: "
                                       "the work budget of a simulated answer); ask it a round at a time (odds surface)")


# --- Fire in the Sky: the largest air strike the counter mix allows is answered ------------------------------------

def test_the_largest_strike_the_counter_mix_allows_is_answered(capsys):
    """Every Japanese naval counter and 30 air steps striking every Allied naval counter and air unit (the mix's
    whole): it ran past a minute (each of some 400,000 cases after air-to-air and anti-aircraft fired anew); the
    cases that strike with the same groups are now summed first, with the same exact answer."""
    import json
    from fractions import Fraction

    from toolkit.session import Session

    session = Session()
    counters = session.open_game(session.game_root("fire-in-the-sky")).game.counters.values()

    def force(side):
        naval = [c.id for c in counters if c.side == side and c.type == "naval" and not c.unlimited for _ in range(c.count)]
        air = [f"{c.id}:{c.count * (c.steps or 2)}" for c in counters if c.side == side and c.type == "air" and not c.unlimited]
        return naval + air

    status, out, err = run_cli(capsys, "odds", "strike", "--attacker", *force("japan"), "--defender", *force("allied"), "--format", "json")
    assert status == 0 and not err
    hits = next(d for d in json.loads(out)["distributions"] if d["name"].startswith("hits on"))
    assert sum(Fraction(row["fraction"]) for row in hits["values"]) == 1


# --- Pacific Fury: a ship named more often than the counter sheet holds it (PF 2.2) -----------------------------------

@pytest.mark.parametrize("argv, said", [
    (("task-force", "--ship", "Hornet", "Hornet", "Hornet", "--cf", "4", "4", "4"), "--ship Hornet: named 3 times but the counter sheet has 1 (PF 2.2"),
    (("air-strike", "--ship", "Hornet", "--cf", "4", "--target", "Zuiho", "Zuiho", "Tone"), "--target Zuiho: named 2 times but the counter sheet has 1"),
    (("task-force", "--ship", *["jp-transports"] * 3), "--ship Japanese Transports: named 3 times but the counter sheet has 2"),
])
def test_a_ship_named_more_often_than_the_sheet_holds_it_is_refused(capsys, argv, said):
    """Before, Hornet three times made a TF-C of AS rating 6."""
    status, out, err = run_cli(capsys, *PF, *argv)
    one_line_refusal(status, out, err, said)


def test_both_transports_units_and_one_of_each_ship_are_answered(capsys):
    status, out, _ = run_cli(capsys, *PF, "task-force", "--ship", "jp-transports", "jp-transports", "Tone")
    assert status == 0 and "ships: Japanese Transports, Japanese Transports, Tone" in out
    status, out, _ = run_cli(capsys, *PF, "air-strike", "--ship", "Hornet", "--cf", "4", "--target", "Zuiho", "Tone")
    assert status == 0 and "Air strike on a task force" in out


# --- Fire from the Skies: one carrier's AFs, each count and their sum within MAX_AFS -----------------------------------

@pytest.mark.parametrize("calc, first, second", [("launch", "--spotted", "--hangar"), ("recover", "--afs", "--spotted-aft")])
def test_one_carriers_afs_are_bounded_in_all(capsys, calc, first, second):
    """Each count was bounded at 150 alone: 150 spotted and 150 in the hangar, 300 AFs on one carrier, were answered."""
    status, out, err = run_cli(capsys, *FFTS, calc, first, "75", second, "75")
    assert status == 0 and not err and ("150 AFs: 75 spotted aft, 75 in the hangar" in out or "75 AFs, 6 land an AOS" in out)
    status, out, err = run_cli(capsys, *FFTS, calc, first, "150", second, "1")
    one_line_refusal(status, out, err, f"{first} 150 and {second} 1: 151 AFs on one carrier, more than any carrier or base holds (at most 150")


# --- every argparse refusal: a value of 5,000 characters is cut short, not echoed whole ---------------------------------

@pytest.mark.parametrize("argv", [(*FFTS, "endurance", "--launch", "9" * 5000, "--endurance", "3"), (*PF, "sink", "--hits", "9" * 5000, "--df", "2"),
                                  ("map", "draw", "--turn", "9" * 5000)])
def test_a_value_too_long_for_a_whole_number_is_cut_short(capsys, argv):
    """Options read with int() (no Bound) echoed the 5,000 digits into their one-line message."""
    status, out, err = run_cli(capsys, *argv)
    one_line_refusal(status, out, err, "'99999999999999999999...' (5000 characters)")
    assert len(err) < 300


# --- Fire in the Sky: a withdrawal after many rounds in a big battle is simulated, not unrolled for minutes ----------------

BBS_JP = ["jp-bb-yamato-musashi", "jp-bb-mutsu-nagato", "jp-bb-ise-hyuga", "jp-bb-fuso-yamashiro", "jp-bb-hiei-kirishima"]
BBS_US = ["us-bb-pennsylvania-arizona", "us-bb-nevada-oklahoma", "us-bb-california-tennessee", "us-bb-maryland-west-virginia",
          "us-bb-new-mexico-mississippi"]


def test_a_long_withdrawal_in_a_big_battle_is_simulated(capsys):
    """--after-rounds is bounded at 200 for a small battle (2 jp-dd against a BB: exact, 0.4 s); five BBs a side
    withdrawing after 200 rounds unrolled the exact chain for over two minutes (after 5 rounds, 19.5 s). Past the
    chain's work budget the battle is simulated, as one of more than five ships a side is."""
    argv = ("odds", "battle", "--attacker", *BBS_JP[:2], "--defender", *BBS_US[:2], "--withdraw", "defender", "--after-rounds", "200")
    status, out, err = run_cli(capsys, *argv)
    assert status == 0 and not err and "simulated" not in out  # 2^4 x 202 x 4 = 12,928: exact
    argv = ("odds", "battle", "--attacker", *BBS_JP[:3], "--defender", *BBS_US[:2], "--withdraw", "defender", "--after-rounds", "200")
    status, out, err = run_cli(capsys, *argv)
    assert status == 0 and not err
    assert "simulated, not exact: a surface battle of 5 ships withdrawing after 200 rounds is too big to answer exactly " \
           "(2^5 sets of survivors x 202 rounds x 5 ships: more than the work budget of 25,000)" in out


@pytest.mark.parametrize("argv, said", [
    (("odds", "air", "--attacker", "jp-air:2", "--defender", "us-air:2", "--optional", "9" * 5000),
     "--optional 99999999999999999999... (5000 characters): no such optional rule"),
    (("odds", "strike", "--attacker", "jp-air:2", "--defender", "us-bb-pennsylvania-arizona", "--target", "x" * 5000),
     "--target xxxxxxxxxxxxxxxxxxxx... (5000 characters): not in the defending force"),
])
def test_a_command_s_own_refusal_cuts_a_long_value_as_argparse_s_do(capsys, argv, said):
    """A value of 5,000 characters echoed back by a command (not by argparse) is cut to its start and length too."""
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and not out and len(err.strip().splitlines()) == 1 and said in err and len(err) < 300


def test_a_long_path_in_a_message_is_kept_whole(capsys, tmp_path):
    """Only values are cut: a path of 250 characters (with its slashes) is shown whole, so the file can be found."""
    path = tmp_path / ("a" * 200) / "scenario.yaml"
    status, out, err = run_cli(capsys, "check", str(path))
    assert status != 0 and "a" * 200 in out + err
