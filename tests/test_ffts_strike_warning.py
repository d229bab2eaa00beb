"""`chartroom calc fire-from-the-skies strike-warning` (FFTS 6.13.2): each clause with a failing and a passing case.

6.13.2: up to 3 AFs of readied fighters launch right after a strike is announced, if no other AF is in front of them
on a carrier's flight deck; they launch in the Strike Segment and count as launched the turn before for endurance
(4.2: the launch turn is not counted, so the strike's turn is). Fighters need 16 knots over the deck (6.10).
"""

from __future__ import annotations

import pytest

from conftest import cli_json, cli_refused, run_cli
from toolkit.games import CalcInputError
from toolkit.games.fire_from_the_skies.calcs_defence import flight_decks
from toolkit.session import Session

FFTS = ("calc", "fire-from-the-skies", "strike-warning")


def answer(capsys, *args):
    return cli_json(capsys, *FFTS, *args)


def refused(capsys, *args) -> str:
    return cli_refused(capsys, *FFTS, *args)


def launched(doc) -> list[int]:
    return [d["launched"] for d in doc["result"]["flight_decks"]]


def test_up_to_3_afs_launch(capsys):
    assert launched(answer(capsys, "--turn", "20", "--flight-deck", "4")) == [3]
    assert launched(answer(capsys, "--turn", "20", "--flight-deck", "3")) == [3]
    assert launched(answer(capsys, "--turn", "20", "--flight-deck", "2")) == [2]
    assert launched(answer(capsys, "--turn", "20", "--flight-deck", "0")) == [0]


def test_none_launch_behind_another_af(capsys):
    """6.13.2: no other AF in front of them (6.7.6: a deck launches front to back)."""
    doc = answer(capsys, "--turn", "20", "--flight-deck", "Hornet=5:1", "--flight-deck", "Yorktown=5:0")
    assert launched(doc) == [0, 3]
    status, out, _ = run_cli(capsys, *FFTS, "--turn", "20", "--flight-deck", "Hornet=5:1")
    assert status == 0 and "Hornet: 5 readied fighter AFs, behind 1 other AF: none launch (6.13.2; 6.7.6: aircraft launch front to back)" in out


def test_counted_as_launched_the_turn_before(capsys):
    """6.13.2 with 4.2: launched on the warning of turn 20 with endurance 12, they last to 31; launched in turn 20's AOS, to 32."""
    r = answer(capsys, "--turn", "20", "--flight-deck", "4", "--endurance", "12")["result"]
    assert (r["counted_launch_turn"], r["last_normal_turn"]) == (19, 31)
    status, out, _ = run_cli(capsys, *FFTS, "--turn", "20", "--flight-deck", "4", "--endurance", "12")
    assert "last turn of normal endurance 31 (4.2: turn 20 counts), a turn sooner than fighters launched in turn 20's AOS (32)" in out
    assert "last_normal_turn" not in answer(capsys, "--turn", "20", "--flight-deck", "4")["result"]


def test_a_turn_of_combat_costs_a_fighter_a_turn_more(capsys):
    """4.3: fighters pay one more turn of endurance for each turn of combat."""
    assert answer(capsys, "--turn", "20", "--flight-deck", "4", "--endurance", "12", "--combat-turns", "1")["result"]["last_normal_turn"] == 30
    assert answer(capsys, "--turn", "20", "--flight-deck", "4", "--endurance", "12", "--combat-turns", "0")["result"]["last_normal_turn"] == 31


def test_the_wind_over_the_deck(capsys):
    """6.10.1, 6.10.2: 16 knots (2 inches) to launch aircraft other than armed strike aircraft, on any carrier."""
    assert launched(answer(capsys, "--turn", "20", "--flight-deck", "4", "--wind", "15.5")) == [0]
    assert launched(answer(capsys, "--turn", "20", "--flight-deck", "4", "--wind", "16")) == [3]
    assert launched(answer(capsys, "--turn", "20", "--flight-deck", "4")) == [3]   # no wind given: not checked


def test_the_limit_binds_each_carrier_or_the_side(capsys):
    args = ("--turn", "20", "--flight-deck", "Yorktown=4", "--flight-deck", "Enterprise=2")
    carrier = answer(capsys, *args)
    assert launched(carrier) == [3, 2] and carrier["result"]["launched"] == 5 and carrier["result"]["limit_per"] == "carrier"
    side = answer(capsys, *args, "--limit-per", "side")
    assert launched(side) == [3, 0] and side["result"]["launched"] == 3
    assert launched(answer(capsys, "--turn", "20", "--flight-deck", "1", "--flight-deck", "5", "--limit-per", "side")) == [1, 2]
    assert any("'up to 3 AFs' names no carrier" in c for c in carrier["caveats"])


def test_the_answer_cites_its_rules(capsys):
    doc = answer(capsys, "--turn", "20", "--flight-deck", "4")
    assert doc["rules"] == ["FFTS 4.2", "FFTS 4.3", "FFTS 6.7.6", "FFTS 6.10", "FFTS 6.13.2"]
    status, out, _ = run_cli(capsys, *FFTS, "--turn", "20", "--flight-deck", "Yorktown=4")
    assert out.splitlines()[:3] == ["Fighters launched on the strike warning of turn 20",
                                    "  Yorktown: 4 readied fighter AFs, 3 launch in the Strike Segment (6.13.2), 1 stays on deck",
                                    "  3 fighter AFs launched on the warning (up to 3 a carrier), counted as launched on turn 19 (6.13.2)"]


HUGE = "9" * 5000


@pytest.mark.parametrize("args, said", [
    (("--flight-deck", "x"), "--flight-deck 'x': write [CARRIER=]FIGHTERS[:IN_FRONT]"),
    (("--flight-deck", "=4"), "--flight-deck '=4': write"),
    (("--flight-deck", "Y=4:"), "--flight-deck 'Y=4:': write"),
    (("--flight-deck", "Y=-1"), "--flight-deck 'Y=-1': write"),
    (("--flight-deck", "Y=1.5"), "--flight-deck 'Y=1.5': write"),
    (("--flight-deck", "Y=151"), "more AFs than any carrier holds (at most 150"),
    (("--flight-deck", "Y=1:151"), "more AFs than any carrier holds (at most 150"),
    (("--flight-deck", "Y=100:51"), "151 AFs on one flight deck"),
    (("--flight-deck", HUGE), "(5000 characters): more AFs than any carrier holds"),
    (("--flight-deck", "a=1", "--flight-deck", "a=2"), "carrier 'a' given twice"),
    (("--flight-deck", "1", "--turn", "0"), "--turn 0: a game turn must be from 1 to 72"),
    (("--flight-deck", "1", "--turn", "73"), "--turn 73: a game turn must be from 1 to 72"),
    (("--flight-deck", "1", "--turn", HUGE), "invalid int value"),
    (("--flight-deck", "1", "--endurance", "0"), "--endurance is 1 or more"),
    (("--flight-deck", "1", "--endurance", "73"), "--endurance 73: more turns than the game's day of 72 turns"),
    (("--flight-deck", "1", "--combat-turns", "-1", "--endurance", "12"), "--combat-turns 0 or more"),
    (("--flight-deck", "1", "--combat-turns", "1"), "--combat-turns 1: give the fighters' --endurance too"),
    (("--flight-deck", "1", "--combat-turns", "8", "--endurance", "12"), "8 turns of combat use 16 turns of endurance"),
    (("--flight-deck", "1", "--wind", "-1"), "the wind over the deck in knots must be from 0 to 100"),
    (("--flight-deck", "1", "--wind", "101"), "the wind over the deck in knots must be from 0 to 100"),
    (("--flight-deck", "1", "--wind", "nan"), "'nan' is not a finite number"),
    (("--flight-deck", "1", "--wind", "inf"), "'inf' is not a finite number"),
    (("--flight-deck", "1", "--limit-per", "fleet"), "invalid choice: 'fleet'"),
])
def test_every_option_out_of_bounds_is_refused_in_one_line(capsys, args, said):
    given = ("--turn", "20", *args) if "--turn" not in args else args
    err = refused(capsys, *given)
    assert said in err and len(err) < 400


def test_the_flight_deck_is_required(capsys):
    status, out, err = run_cli(capsys, *FFTS, "--turn", "20")
    assert status == 2 and "--flight-deck" in err and "Traceback" not in err


@pytest.mark.parametrize("args", [("--flight-deck", "150"), ("--flight-deck", "75:75"), ("--turn", "1"), ("--turn", "72"),
                                  ("--wind", "0"), ("--wind", "100"), ("--endurance", "72"), ("--endurance", "1")])
def test_every_option_at_its_bound_is_answered(capsys, args):
    given = dict([("--turn", "20"), ("--flight-deck", "4")])
    given.update(dict(zip(args[::2], args[1::2])))
    status, _, err = run_cli(capsys, *FFTS, *[x for kv in given.items() for x in kv])
    assert (status, err) == (0, "")


def test_flight_decks_are_named_or_numbered():
    assert [(d.name, d.fighters, d.in_front) for d in flight_decks(["Yorktown=4:1", "2", " Hornet = 3 "])] == [
        ("Yorktown", 4, 1), ("carrier 2", 2, 0), ("Hornet", 3, 0)]


def test_the_python_form_is_held_to_the_same_checks():
    session = Session()
    opened = session.open_game(session.game_root("fire-from-the-skies"))
    warning = opened.module.calculations()["strike-warning"]
    assert warning(opened.game, turn=20, flight_deck=("4",)).data["launched"] == 3
    with pytest.raises(CalcInputError, match="must be from 0 to 100"):
        warning(opened.game, turn=20, flight_deck=("4",), wind=101.0)


def test_it_is_listed_with_the_game_s_questions(capsys):
    status, out, _ = run_cli(capsys, "calc", "fire-from-the-skies")
    assert status == 0 and "  strike-warning " in out
