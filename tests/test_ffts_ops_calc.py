"""`chartroom calc fire-from-the-skies strike-radius | launch | recover | victory`: answers checked against cases worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from toolkit.cli import main
from toolkit.games.fire_from_the_skies.handling import landing_outcomes, launch_schedule, recovery

CORAL = "scenarios/fire-from-the-skies/coral-sea.yaml"
MIDWAY = "scenarios/fire-from-the-skies/midway.yaml"


def _json(capsys, *argv):
    status = main(["calc", "fire-from-the-skies", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


def _fail(capsys, *argv) -> str:
    assert main(["calc", "fire-from-the-skies", *argv]) == 2
    return capsys.readouterr().err


# --- strike radius ----------------------------------------------------------------------------------

def test_radius_of_the_4_6_torpedo_bombers(capsys):
    """TBDs launched on turn 10, endurance 14, one turn of combat: last normal turn 23 (4.2, 4.3). Slow aircraft skip
    turns 12, 16, 20 (10.6.2): turns 11-23 fly 10 hexes, so 5 out and 5 back land on turn 23; 6 out would land on
    turn 26, three turns late: a certain crash (4.4), so no row for it."""
    r = _json(capsys, "strike-radius", "--launch", "10", "--endurance", "14", "--speed", "slow", "--role", "torpedo-bomber")["result"]
    assert r["last_normal_turn"] == 23 and r["radius"] == 5
    assert [(x["hexes"], x["arrives"], x["lands"]) for x in r["ranges"]] == [(1, 11, 13), (2, 13, 15), (3, 14, 18), (4, 15, 21), (5, 17, 23)]


def test_radius_of_the_4_6_fighters_with_a_late_row(capsys):
    """F4F-3: endurance 13, combat 1: last turn 22; normal speed lands on 10 + 2R: R = 6. R = 7 lands on 24,
    two turns late: crash 2/3 (4.4); R = 8 on 26 is certain and not listed."""
    r = _json(capsys, "strike-radius", "--launch", "10", "--endurance", "13", "--role", "fighter")["result"]
    assert r["radius"] == 6
    assert [(x["hexes"], x["lands"], x["crash_chance"]["fraction"]) for x in r["ranges"][5:]] == [(6, 22, "0"), (7, 24, "2/3")]


def test_a_fast_strike_attacks_before_it_turns_back(capsys):
    """FFTS 3.4: the Strike Segment follows the Movement Segment, so a strike reaching its target with the first hex of a
    fast double move (7.5.3, 10.6.3) attacks there and flies home from the next turn; the second hex is not flown.
    Launched on turn 5, 1 hex out: over the target on turn 6, home and landed on turn 7 (not on 6, as before). Launched on
    3, 3 hexes: turns 4, 5, then 6 reaches the target; back on 7, 8, 9 (before: 8, the return begun in turn 6)."""
    rows = _json(capsys, "strike-radius", "--launch", "5", "--endurance", "6", "--speed", "fast")["result"]["ranges"]
    assert (rows[0]["hexes"], rows[0]["arrives"], rows[0]["lands"]) == (1, 6, 7)
    rows = _json(capsys, "strike-radius", "--launch", "3", "--endurance", "8", "--speed", "fast")["result"]["ranges"]
    assert [(r["hexes"], r["arrives"], r["lands"]) for r in rows][:4] == [(1, 4, 5), (2, 5, 6), (3, 6, 9), (4, 6, 10)]


def test_landing_twelve_afs_takes_a_second_aos(capsys):
    """With 12 AFs, 6 land an AOS (6.12): the last land a turn after the strike is home, so the F4Fs' radius is 5."""
    r = _json(capsys, "strike-radius", "--launch", "10", "--endurance", "13", "--role", "fighter", "--afs", "12")["result"]
    assert r["landing_aos"] == 2 and r["radius"] == 5


def test_radius_of_yorktowns_strike_by_groups(capsys):
    """The demonstration's Yorktown strike (FFTS 4.6): group 1 (SBD 500 lb with the F4F escort) flies at normal speed,
    the TBD group slow; SBD 500 lb 10+2R<=29: 9; F4F 6; SBD 1000 lb 10+2R<=25: 7; TBD 5; the strike's radius is 5."""
    r = _json(capsys, "strike-radius", "--scenario", CORAL, "--mission", "yorktown-strike-1")["result"]
    assert r["radius"] == 5 and r["landing_aos"] == 2
    assert [(g["speed"], [(a["type"], a["radius"]) for a in g["aircraft"]]) for g in r["groups"]] == [
        ("normal", [("sbd-3", 9), ("f4f-3", 6)]), ("normal", [("sbd-3", 7)]), ("slow", [("tbd-1", 5)])]


def test_a_search_mission_counts_no_combat_unless_told(capsys):
    """FFTS 4.3 charges the turns of combat flown: the Lexington dawn search (SBDs, endurance 20, launched on turn 2) plans
    none, so its last turn is 22, not 21 as when the strike's one turn of combat was charged to it; --combat-turns 1 (an
    armed searcher that attacks, 8.5) charges it; a strike mission still counts one."""
    search = _json(capsys, "strike-radius", "--scenario", CORAL, "--mission", "lexington-dawn-search")["result"]
    assert search["combat_turns"] == 0 and search["groups"][0]["aircraft"][0]["last_normal_turn"] == 22
    armed = _json(capsys, "strike-radius", "--scenario", CORAL, "--mission", "lexington-dawn-search", "--combat-turns", "1")["result"]
    assert armed["combat_turns"] == 1 and armed["groups"][0]["aircraft"][0]["last_normal_turn"] == 21
    assert _json(capsys, "strike-radius", "--scenario", CORAL, "--mission", "yorktown-strike-1")["result"]["combat_turns"] == 1


def test_radius_input_errors(capsys):
    assert "--combat-turns is 0 or more" in _fail(capsys, "strike-radius", "--scenario", CORAL, "--mission", "yorktown-strike-1", "--combat-turns", "-1")
    assert "--launch and --endurance" in _fail(capsys, "strike-radius", "--endurance", "3")
    assert "no such mission" in _fail(capsys, "strike-radius", "--scenario", CORAL, "--mission", "nope")


def test_radius_launch_after_the_scenarios_last_turn_is_refused(capsys):
    """FFTS 18.3: Coral Sea ends on turn 36 (its clock): a strike launched on turn 37 used to get a radius."""
    err = _fail(capsys, "strike-radius", "--scenario", CORAL, "--mission", "yorktown-strike-1", "--launch", "37")
    assert "--launch 37: after turn 36, the last turn of " in err and "FFTS 18.3" in err and err.count("\n") == 1
    assert _json(capsys, "strike-radius", "--scenario", CORAL, "--mission", "yorktown-strike-1", "--launch", "36")["result"]["last_turn"] == 36


def test_radius_says_which_ranges_land_after_the_last_turn(capsys):
    """Launched on turn 64 with endurance 14 (normal speed, 1 turn of combat, 4.3): 4 hexes land on 72, 5 on 74, after the
    game's day (1-72; FFTS 3.3, 18.1); yorktown-strike-1 launched on 30 in Coral Sea (ends on 36, 18.3): its TBDs, slow,
    reach no farther than 2 hexes and back by 36 (10.6: no move on turns divisible by 4). Before, neither was said."""
    r = _json(capsys, "strike-radius", "--launch", "64", "--endurance", "14")["result"]
    assert (r["last_turn"], r["ranges_landing_after_last_turn"]) == (72, [5, 6, 7])
    assert main(["calc", "fire-from-the-skies", "strike-radius", "--launch", "64", "--endurance", "14"]) == 0
    assert "past the end of the day: a strike to 5 hexes or more lands after turn 72" in capsys.readouterr().out
    assert _json(capsys, "strike-radius", "--launch", "10", "--endurance", "14")["result"]["ranges_landing_after_last_turn"] == []
    r = _json(capsys, "strike-radius", "--scenario", CORAL, "--mission", "yorktown-strike-1", "--launch", "30")["result"]
    assert (r["last_turn"], r["shortest_range_landing_after_last_turn"]) == (36, 3)
    r = _json(capsys, "strike-radius", "--scenario", CORAL, "--mission", "yorktown-strike-1")["result"]  # launched on 10: in the day
    assert r["shortest_range_landing_after_last_turn"] is None


def test_search_launched_after_the_scenarios_last_turn_is_refused(capsys):
    """FFTS 18.3: Coral Sea ends on turn 36 (its clock): a search launched on turn 37 used to be flown turn by turn."""
    argv = ("search", "--from", "0609", "--arc", "0", "60", "--range", "4", "--scenario", CORAL)
    err = _fail(capsys, *argv, "--launch", "37")
    assert "--launch 37: after turn 36, the last turn of " in err and "FFTS 18.3" in err and err.count("\n") == 1
    assert _json(capsys, *argv, "--launch", "36")["result"]["last_turn"] == 36


def test_search_says_which_turns_come_after_the_last_turn(capsys):
    """A 4-hex search launched on turn 33 flies turns 34-41 (7.5); Coral Sea ends on 36 (18.3): turns 37-41 are past the day's end.
    Without --scenario the game's day ends on 72 (3.3, 18.1): launched on 68, turns 73-76 are. Before, neither was said."""
    argv = ("search", "--from", "0609", "--arc", "0", "60", "--range", "4")
    r = _json(capsys, *argv, "--launch", "33", "--scenario", CORAL)["result"]
    assert (r["last_turn"], r["turns_after_last_turn"]) == (36, [37, 38, 39, 40, 41])
    assert main(["calc", "fire-from-the-skies", *argv, "--launch", "68"]) == 0
    assert "past the end of the day: turns 73-76 come after turn 72" in capsys.readouterr().out
    assert _json(capsys, *argv, "--launch", "2", "--scenario", CORAL)["result"]["turns_after_last_turn"] == []


def test_endurance_launch_or_turn_after_the_scenarios_last_turn_is_refused(capsys):
    """FFTS 18.3: Midway ends on turn 18 (its clock): a launch on 19, or the turn now 19, used to be answered."""
    err = _fail(capsys, "endurance", "--launch", "19", "--endurance", "14", "--scenario", MIDWAY)
    assert "--launch 19: after turn 18, the last turn of " in err and "FFTS 18.3" in err and err.count("\n") == 1
    err = _fail(capsys, "endurance", "--launch", "10", "--endurance", "14", "--turn", "19", "--scenario", MIDWAY)
    assert "--turn 19: after turn 18" in err and "FFTS 18.3" in err
    assert _json(capsys, "endurance", "--launch", "10", "--endurance", "14", "--turn", "18", "--scenario", MIDWAY)["result"]["turns_left"] == 6


def test_endurance_says_which_landing_turns_come_after_the_last_turn(capsys):
    """Launched on 10 with endurance 14: last normal turn 24, crash turns 25-27 (4.2, 4.4); Midway ends on 18 (18.3): all four
    come after it. Without --scenario, launched on 60: 74-77 after the game's 72 (3.3, 18.1). Before, neither was said."""
    r = _json(capsys, "endurance", "--launch", "10", "--endurance", "14", "--scenario", MIDWAY)["result"]
    assert (r["last_turn"], r["turns_after_last_turn"]) == (18, [24, 25, 26, 27])
    assert main(["calc", "fire-from-the-skies", "endurance", "--launch", "60", "--endurance", "14"]) == 0
    assert "past the end of the day: turns 74-77 come after turn 72" in capsys.readouterr().out
    assert _json(capsys, "endurance", "--launch", "10", "--endurance", "14")["result"]["turns_after_last_turn"] == []


# --- launch -----------------------------------------------------------------------------------------

def test_launch_with_handling_points(capsys):
    """6 spotted aft and 10 in a closed hangar, 4 HP an AOS at 1 HP an AF (6.7.3): launch 6 and raise 4 on turn 1, then
    4 and 4, 4 and 2, and the last 2 on turn 4 (a raised AF launches the next AOS at the earliest, 6.5)."""
    r = _json(capsys, "launch", "--spotted", "6", "--hangar", "10", "--handling-points", "4", "--hangar-kind", "closed")["result"]
    assert [(s["turn"], s["launched"], s["raised"]) for s in r["steps"]] == [(1, 6, 4), (2, 4, 4), (3, 4, 2), (4, 2, 0)]
    assert r["aos"] == 4 and r["lower_bound"] is False


def test_launch_limits_per_aos_follow_6_9(capsys):
    assert _json(capsys, "launch", "--spotted", "16")["result"]["aos"] == 2                           # 12 an AOS
    assert _json(capsys, "launch", "--spotted", "16", "--catapults", "1")["result"]["aos"] == 4        # 4 an AOS
    assert _json(capsys, "launch", "--spotted", "16", "--catapults", "2")["result"]["limit_per_aos"] == 8


def test_an_open_hangar_raises_twice_as_fast_and_elevators_can_bind(capsys):
    r = _json(capsys, "launch", "--hangar", "8", "--handling-points", "2", "--hangar-kind", "open")["result"]
    assert r["raise_per_aos"] == 4 and r["aos"] == 3                   # 0.5 HP an AF (6.7.4): raise 4, 4; launch on turns 2 and 3
    r = _json(capsys, "launch", "--hangar", "8", "--handling-points", "2", "--hangar-kind", "open", "--elevator-rate", "2")["result"]
    assert r["raise_per_aos"] == 2 and r["aos"] == 5


def test_launch_without_the_forms_data_is_a_lower_bound(capsys):
    doc = _json(capsys, "launch", "--hangar", "10")
    assert doc["result"]["lower_bound"] is True and doc["result"]["aos"] == 2
    assert any("fewest possible" in c for c in doc["caveats"])
    assert "1 or more" in _fail(capsys, "launch")


def test_launch_after_the_scenarios_last_turn_is_refused(capsys):
    """FFTS 18.3: a scenario lasts until its clock's last turn (Coral Sea's is 36): a launch from turn 37 used to be answered
    as if the game went on."""
    err = _fail(capsys, "launch", "--spotted", "6", "--turn", "37", "--scenario", CORAL)
    assert "--turn 37: after turn 36, the last turn of " in err and "FFTS 18.3" in err and "no AF launches then" in err
    assert err.count("\n") == 1
    assert _json(capsys, "launch", "--spotted", "6", "--turn", "36", "--scenario", CORAL)["result"]["turns_after_last_turn"] == []


def test_launch_says_which_launches_come_after_the_last_turn(capsys):
    """16 AFs from turn 35 under 4 closed-hangar HP (6.7.3) launch on turns 35-38; Coral Sea ends on turn 36 (18.3): turns 37
    and 38 are past the day's end, and the 6 AFs launching then never launch in play. Before, the answer said nothing."""
    argv = ("launch", "--spotted", "6", "--hangar", "10", "--handling-points", "4", "--hangar-kind", "closed", "--turn", "35", "--scenario", CORAL)
    doc = _json(capsys, *argv)
    r = doc["result"]
    assert (r["last_turn"], r["turns_after_last_turn"], r["afs_launched_by_last_turn"]) == (36, [37, 38], 10)
    assert "FFTS 18.3" in doc["rules"]
    assert main(["calc", "fire-from-the-skies", *argv]) == 0
    text = capsys.readouterr().out
    assert "past the end of the day: turns 37 and 38 come after turn 36" in text and "6 AFs never launch in play" in text
    r = _json(capsys, "launch", "--spotted", "6", "--hangar", "10", "--turn", "20", "--scenario", CORAL)["result"]  # inside the day
    assert r["turns_after_last_turn"] == [] and "past the end" not in str(r)


def test_launch_without_a_scenario_stops_at_the_games_day(capsys):
    """Without --scenario the day is the game's turns (1-72, game.yaml; FFTS 3.3, 18.1): 16 AFs spotted from turn 72 launch 12
    then, and 4 on turn 73, after it."""
    doc = _json(capsys, "launch", "--spotted", "16", "--turn", "72")
    assert (doc["result"]["turns_after_last_turn"], doc["result"]["afs_launched_by_last_turn"]) == ([73], 12)
    assert any("no --scenario" in c for c in doc["caveats"])
    assert _json(capsys, "launch", "--spotted", "16", "--turn", "71")["result"]["turns_after_last_turn"] == []


def test_launch_schedule_function():
    assert [s.launched for s in launch_schedule(13, 0, 12, None)] == [12, 1]


# --- recovery -----------------------------------------------------------------------------------------

def test_landing_outcomes_by_hand():
    """4 AFs, normal: the first group of 3 crashes 1/10 (2 down, 1 lost); else the last AF rolls (partial reading) 9/10 * 1/10."""
    assert landing_outcomes(4, 3, Fraction(1, 10), True) == {(2, 1): Fraction(1, 10), (3, 1): Fraction(9, 100), (4, 0): Fraction(81, 100)}
    assert landing_outcomes(4, 3, Fraction(1, 10), False) == {(2, 1): Fraction(1, 10), (4, 0): Fraction(9, 10)}


def test_recovery_of_six_afs_by_hand():
    done, lost = recovery(6, 6, 3, Fraction(1, 10), True)
    assert done == {1: Fraction(9, 10), 2: Fraction(1, 10)}
    assert lost == {0: Fraction(81, 100), 1: Fraction(18, 100), 2: Fraction(1, 100)}
    assert sum(done.values()) == 1


def _recovery_step_by_step(afs, per_aos, group, chance, partial_rolls):
    """The chain of AOS walked in Fractions, one landing at a time: what recovery's whole-number form must equal."""
    states, done, lost, k = {(afs, 0): Fraction(1)}, {}, {}, 0
    while states:
        k, nxt = k + 1, {}
        for (aloft, destroyed), p in states.items():
            for (landed, wrecked), q in landing_outcomes(min(aloft, per_aos), group, chance, partial_rolls).items():
                left, key = aloft - landed - wrecked, destroyed + wrecked
                if left == 0:
                    done[k] = done.get(k, 0) + p * q
                    lost[key] = lost.get(key, 0) + p * q
                else:
                    nxt[(left, key)] = nxt.get((left, key), 0) + p * q
        states = nxt
    return done, lost


@pytest.mark.parametrize("afs, per_aos, group, chance", [(1, 6, 3, Fraction(1, 10)), (7, 6, 3, Fraction(1, 10)), (13, 6, 1, Fraction(1, 5)),
                                                        (30, 12, 2, Fraction(1, 3)), (9, 2, 3, Fraction(1, 2)), (5, 6, 1, Fraction(0))])
@pytest.mark.parametrize("partial_rolls", [True, False])
def test_recovery_equals_the_chain_walked_in_fractions(afs, per_aos, group, chance, partial_rolls):
    """Every chance is exact (whole numerators over a common denominator per AOS): equal to the Fraction walk, summing to 1."""
    done, lost = recovery(afs, per_aos, group, chance, partial_rolls)
    want_done, want_lost = _recovery_step_by_step(afs, per_aos, group, chance, partial_rolls)
    assert done == want_done and list(done) == list(want_done) and lost == want_lost
    assert sum(done.values()) == 1 == sum(lost.values())


def test_recover_twelve_afs(capsys):
    """12 AFs: 2 AOS with no accident. An accident in AOS 1 or 2 before the last group leaves AFs for a third AOS."""
    r = _json(capsys, "recover", "--afs", "12", "--turn", "24")["result"]
    assert r["fewest_aos"] == 2 and r["first_landing_turn"] == 24
    reading = r["readings"]["a partial group rolls"]
    # AOS 1: an accident in group 1 (1/10) leaves 9 aloft; AOS 2 then lands 6 of 9 at best. Done by turn 25 needs no
    # accident in the first group of either AOS: (9/10)^2 = 81/100.
    assert reading["by_turn"]["25"]["fraction"] == "81/100"
    assert sum(Fraction(v["fraction"]) for v in reading["done_in_aos"].values()) == 1


def test_recover_with_aircraft_spotted_aft_waits_a_turn(capsys):
    r = _json(capsys, "recover", "--afs", "3", "--spotted-aft", "2", "--turn", "5", "--condition", "night-untrained")["result"]
    assert r["first_landing_turn"] == 6
    assert list(r["readings"]) == ["a partial group rolls"]          # one roll per AF: one reading
    assert "no landing condition" in _fail(capsys, "recover", "--afs", "3", "--condition", "fog")



def test_recover_after_the_scenarios_last_turn_is_refused(capsys):
    """FFTS 18.3: a scenario lasts until its clock's last turn (Midway's is 18): a landing from turn 35 used to be answered
    as if the game went on."""
    err = _fail(capsys, "recover", "--afs", "12", "--turn", "35", "--scenario", MIDWAY)
    assert "--turn 35: after turn 18, the last turn of " in err and "FFTS 18.3" in err and err.count("\n") == 1
    assert "after turn" not in _fail(capsys, "recover", "--afs", "0", "--turn", "18", "--scenario", MIDWAY)  # turn 18 itself is in the day


def test_recover_says_which_landings_come_after_the_last_turn(capsys):
    """Coral Sea ends on turn 36 (its clock; FFTS 18.3) and turn 36 is twilight (6.12.5): 12 AFs from turn 35 are down by 36
    only with no accident in the first group of either AOS (81/100); turns 37 and 38 are past the day's end, and said so."""
    doc = _json(capsys, "recover", "--afs", "12", "--turn", "35", "--scenario", CORAL)
    r = doc["result"]
    assert (r["last_turn"], r["turns_after_last_turn"]) == (36, [37, 38])
    assert r["readings"]["a partial group rolls"]["all_down_by_last_turn"]["fraction"] == "81/100"
    assert main(["calc", "fire-from-the-skies", "recover", "--afs", "12", "--turn", "35", "--scenario", CORAL]) == 0
    text = capsys.readouterr().out
    assert "past the end of the day: turns 37 and 38 come after turn 36" in text
    assert "turn 36 is twilight or night in the scenario's clock" in text
    r = _json(capsys, "recover", "--afs", "12", "--turn", "24", "--scenario", CORAL)["result"]  # well inside the day: nothing said
    assert r["turns_after_last_turn"] == [] and "all_down_by_last_turn" not in r["readings"]["a partial group rolls"]


def test_recover_without_a_scenario_stops_at_the_games_day(capsys):
    """Without --scenario the day is the game's turns (1-72, game.yaml; FFTS 3.3, 18.1): landing 12 AFs from turn 72 runs to 73-75."""
    doc = _json(capsys, "recover", "--afs", "12", "--turn", "72")
    assert doc["result"]["turns_after_last_turn"] == [73, 74, 75]
    assert any("no --scenario" in c for c in doc["caveats"])
    assert _json(capsys, "recover", "--afs", "12", "--turn", "60")["result"]["turns_after_last_turn"] == []


# --- victory points -----------------------------------------------------------------------------------

def test_victory_points_of_a_coral_sea_outcome(capsys):
    """Lexington sunk (CV 16), Shokaku under 2 inches (CV 4), AFs lost 10 and 14 (1 each, 19.3). All-sunk totals (19.4):
    the Allies would score 2 CV 32 + 2 CA 16 + 6 DD 12 = 60, the Japanese 2 CV 32 + 5 CA 40 + 8 DD 16 = 88: the Allies add 28.
    Every-column reading: sunk CV 2+4+8+16 = 30, under 2 inches 2+4 = 6; CA 12, DD 3: totals 102 and 144, difference 42."""
    doc = _json(capsys, "victory", "--scenario", CORAL, "--ship", "lexington:sunk", "--ship", "shokaku:speed-under-2-inches",
                "--afs-lost", "allied:10", "--afs-lost", "japanese:14")
    r = doc["result"]
    assert r["reading"] == "worst-column"
    worst, every = r["readings"]["worst-column"], r["readings"]["every-column"]
    assert worst["sides"] == {"allied": {"ships": 4, "afs": 14, "balancing": 28, "total": 46},
                              "japanese": {"ships": 16, "afs": 10, "balancing": 0, "total": 26}}
    assert worst["potential"] == {"allied": 60, "japanese": 88} and worst["leader"] == "allied"
    assert every["sides"]["allied"]["total"] == 62 and every["sides"]["japanese"]["total"] == 40
    assert every["potential"] == {"allied": 102, "japanese": 144}
    assert doc["rules"] == ["FFTS 19.2", "FFTS 19.3", "FFTS 19.4", "FFTS 19.5"]


def test_victory_points_without_a_scenario_follow_the_table(capsys):
    r = _json(capsys, "victory", "--ship", "japanese:CVL:dead-in-the-water", "--ship", "japanese:DD:speed-under-3-inches")["result"]
    assert r["readings"]["worst-column"]["sides"]["allied"]["total"] == 4          # CVL dead in the water 4, DD slowed 0
    assert r["readings"]["every-column"]["sides"]["allied"]["total"] == 7          # 1 + 2 + 4


@pytest.mark.parametrize("ship, words", [("lexington:sunk", "needs --scenario"), ("allied:XX:sunk", "no class"),
                                         ("allied:CV:burning", "no state"), ("navy:CV:sunk", "no side")])
def test_victory_input_errors(capsys, ship, words):
    assert words in _fail(capsys, "victory", "--ship", ship)
