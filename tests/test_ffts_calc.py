"""`chartroom calc fire-from-the-skies NAME`: answers checked against cases worked by hand."""

from __future__ import annotations

import json

import pytest

from toolkit.cli import main


def _json(capsys, *argv):
    status = main(["calc", "fire-from-the-skies", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


def test_bearing_and_range_between_the_demonstration_task_forces(capsys):
    doc = _json(capsys, "bearing", "--from", "0609", "--to", "0806")
    assert doc["result"]["range"] == 4 and doc["result"]["bearing"] == 30.0   # (2, -4) in cube steps: straight along the 30° line
    assert doc["rules"] == ["FFTS 7.4.9"]
    doc = _json(capsys, "bearing", "--from", "0806", "--to", "0609")
    assert doc["result"]["bearing"] == 210.0


def test_endurance_of_the_4_6_example(capsys):
    """FFTS 4.6: TBDs launched on turn 10 last through turn 24 (endurance 14, the launch turn not counted)."""
    doc = _json(capsys, "endurance", "--launch", "10", "--endurance", "14", "--turn", "20")
    result = doc["result"]
    assert result["last_normal_turn"] == 24 and result["turns_left"] == 4
    assert {t: c["fraction"] for t, c in result["crash_chance"].items()} == {"25": "1/3", "26": "2/3", "27": "1"}   # FFTS 4.4
    assert doc["rules"] == ["FFTS 4.2", "FFTS 4.3", "FFTS 4.4", "FFTS 18.3"]   # 18.3: the day ends the flight


def test_combat_costs_a_turn_to_strike_aircraft_only(capsys):
    assert _json(capsys, "endurance", "--launch", "10", "--endurance", "14", "--combat-turns", "1", "--role", "torpedo-bomber")["result"]["last_normal_turn"] == 23
    assert _json(capsys, "endurance", "--launch", "10", "--endurance", "14", "--combat-turns", "1", "--role", "search")["result"]["last_normal_turn"] == 24


def test_a_one_hex_search_by_hand(capsys):
    """From 0505 along 0-60, range 1: out on turn 3 it searches its start, the hex north (cut by the 0° line) and the
    north-east neighbour (cut by the 60° line); it is back over its start on turn 4."""
    result = _json(capsys, "search", "--from", "0505", "--arc", "0", "60", "--range", "1", "--launch", "2")["result"]
    assert [(t["turn"], t["reach"], t["hexes"]) for t in result["turns"]] == [(3, 1, ["0504", "0505", "0604"]), (4, 0, ["0505"])]
    assert result["afs_needed"] == 1 and result["endurance_needed"] == 2


def test_a_slow_search_stops_on_turns_divisible_by_4(capsys):
    result = _json(capsys, "search", "--from", "0808", "--arc", "90", "150", "--range", "2", "--launch", "10", "--speed", "slow")["result"]
    assert [(t["turn"], t["reach"]) for t in result["turns"]] == [(11, 1), (12, 1), (13, 2), (14, 1), (15, 0)]
    assert result["home_turn"] == 15 and result["endurance_needed"] == 5


def test_afs_needed_follow_7_4_5(capsys):
    assert _json(capsys, "search", "--from", "0808", "--arc", "60", "240", "--range", "6", "--launch", "2")["result"]["afs_needed"] == 3   # 7.4.7's semicircle
    assert _json(capsys, "search", "--from", "0808", "--arc", "0", "60", "--range", "8", "--launch", "2")["result"]["afs_needed"] == 2   # beyond 7 hexes: 30° each
    doc = _json(capsys, "search", "--from", "0808", "--arc", "0", "60", "--range", "7", "--launch", "2", "--paired")
    assert doc["result"]["afs_needed"] == 2 and any("paired" in c for c in doc["caveats"])


@pytest.mark.parametrize("argv", [["bearing", "--from", "9999", "--to", "0101"], ["bearing", "--from", "x", "--to", "0101"],
                                  ["endurance", "--launch", "0", "--endurance", "5"]])
def test_bad_arguments_exit_2(capsys, argv):
    assert main(["calc", "fire-from-the-skies", *argv]) == 2
    assert capsys.readouterr().err.startswith("chartroom: calc fire-from-the-skies")


def test_text_output(capsys):
    assert main(["calc", "fire-from-the-skies", "endurance", "--launch", "10", "--endurance", "13"]) == 0
    out = capsys.readouterr().out
    assert "last turn of normal endurance: 23" in out and "landing on turn 24: crashes with chance 0.3333 (1/3)" in out


def test_landing_accidents_by_hand(capsys):
    """FFTS 6.12: normal landings roll a D10 per 3 AFs (accident on 1); an accident destroys one AF of its
    group and stops the landings (6.12.8). Four AFs: rolls for 3 + 1 (or, reading 'every 3' strictly, 1 roll)."""
    doc = _json(capsys, "landing-accidents", "--afs", "4")
    both = doc["result"]["readings"]
    partial, whole = both["a partial group rolls"], both["only whole groups roll"]
    assert (partial["rolls"], partial["all_land"]["fraction"]) == (2, "81/100")
    assert partial["expected_landed"]["fraction"] == "371/100"     # 2 x 1/10 + 3 x 9/100 + 4 x 81/100
    assert (whole["rolls"], whole["all_land"]["fraction"], whole["expected_landed"]["fraction"]) == (1, "9/10", "19/5")  # 2 x 1/10 + 4 x 9/10: the 4th AF waits out an accident
    assert doc["rules"] == ["FFTS 6.12"]


def test_the_worst_landing_condition_applies(capsys):
    """6.12.7: with night (untrained: 1-2 per AF) and a half-free deck (1 per AF), night is the worst."""
    doc = _json(capsys, "landing-accidents", "--afs", "2", "--condition", "half-landing-area-or-less", "--condition", "night-untrained")
    result = doc["result"]
    assert result["condition"] == "night-untrained"
    assert result["readings"]["a partial group rolls"]["all_land"]["fraction"] == "16/25"          # (8/10)^2
    assert result["readings"]["a partial group rolls"]["expected_landed"]["fraction"] == "36/25"   # 1 x 4/25 + 2 x 16/25
    assert main(["calc", "fire-from-the-skies", "landing-accidents", "--afs", "2", "--condition", "fog"]) == 2
    capsys.readouterr()


@pytest.mark.parametrize("argv, words", [
    (["landing-accidents", "--afs", "99999999999999999999"], "--afs 99999999999999999999: more AFs than any carrier or base holds (at most 150; no rule bounds it"),
    (["recover", "--afs", "151"], "--afs 151: more AFs"),
    (["launch", "--spotted", "100000"], "--spotted 100000: more AFs"),
    (["strike-radius", "--launch", "1", "--endurance", "73", "--afs", "3"], "--endurance 73: more turns than the game's day of 72 turns"),
    (["search", "--from", "0505", "--arc", "0", "60", "--range", "73", "--launch", "1"], "--range 73: more hexes than a search flies out and back in"),
    (["endurance", "--launch", "73", "--endurance", "5"], "--launch 73: a game turn must be from 1 to 72 (FFTS 3.3"),
])
def test_counts_and_turns_beyond_the_game_are_refused_before_any_work(capsys, argv, words):
    # Found by the command-line fuzzer: an endurance of 10**20 turns was walked turn by turn.
    status = main(["calc", "fire-from-the-skies", *argv])
    err = capsys.readouterr().err
    assert status == 2 and words in err, err


def test_the_largest_counts_allowed_are_answered(capsys):
    assert _json(capsys, "recover", "--afs", "150")["result"]
    assert _json(capsys, "endurance", "--launch", "72", "--endurance", "72")["result"]["last_normal_turn"] == 144


@pytest.mark.parametrize("condition, rolls, all_land", [
    ("half-landing-area-or-less", 2, "81/100"),     # 6.12.2: a roll of 1 for every AF
    ("quarter-landing-area-or-less", 2, "16/25"),   # 6.12.3: 1 or 2 for every AF
    ("twilight-untrained", 2, "81/100"),            # 6.12.5: 1 for every AF not trained in night operations
    ("twilight-night-trained", 1, "9/10"),          # 6.12.5: 1 for each 2 AFs trained
    ("night-untrained", 2, "16/25"),                # 6.12.6: 2 or 1 for every AF untrained
    ("night-trained", 2, "81/100"),                 # 6.12.6: 1 for every AF trained
])
def test_each_landing_condition_of_6_12_for_two_afs(capsys, condition, rolls, all_land):
    """FFTS 6.12.2-6.12.6 worked for two AFs landing in one AOS: the rolls each condition asks and the chance both land
    (each roll misses with 9/10, or 8/10 on 1-2); the reading of 6.12.1's partial group does not arise."""
    readings = _json(capsys, "landing-accidents", "--afs", "2", "--condition", condition)["result"]["readings"]
    for reading in readings.values():
        assert (reading["rolls"], reading["all_land"]["fraction"]) == (rolls, all_land)


def test_a_fast_search_turning_in_a_double_move_still_searches_its_range(capsys):
    """FFTS 7.5.3: fast searchers fly 2 hexes in a turn divisible by 6; 8.2: the outer boundary of a turn's search area is
    the farthest hexes the searchers reached in that turn; 7.4.7: a search fans out to its full range. Range 3 from turn 4:
    1, 2, then on turn 6 out to 3 and back to 2, so turn 6 searches rings 1-3. Before, turn 6 was read from where the
    searchers ended (2): ring 3 was never searched."""
    result = _json(capsys, "search", "--from", "0808", "--arc", "90", "150", "--range", "3", "--launch", "3", "--speed", "fast")["result"]
    assert [(t["turn"], t["reach"]) for t in result["turns"]] == [(4, 1), (5, 2), (6, 3), (7, 1), (8, 0)]
    assert set(result["covered"]["3"]) <= set(result["turns"][2]["hexes"])
    assert result["home_turn"] == 8


def test_a_fast_search_of_range_1_out_and_home_in_one_turn(capsys):
    """Launched on turn 5, a fast search of range 1 flies out and back on turn 6 (7.5.3): it searches its ring 1 then,
    not only its start hex."""
    result = _json(capsys, "search", "--from", "0808", "--arc", "90", "150", "--range", "1", "--launch", "5", "--speed", "fast")["result"]
    assert [(t["turn"], t["reach"]) for t in result["turns"]] == [(6, 1)]
    assert set(result["covered"]["1"]) <= set(result["turns"][0]["hexes"]) and result["home_turn"] == 6


def test_a_fast_search_homing_in_a_double_move_never_goes_behind_its_start(capsys):
    """Range 3 from turn 7 (launched on 6): 1, 2, 3, 2, 1, then on turn 12 one hex home; the second hex of the double move
    is not flown (the search is home). Before, turn 12 read -1 hexes out and searched nothing."""
    result = _json(capsys, "search", "--from", "0808", "--arc", "90", "150", "--range", "3", "--launch", "6", "--speed", "fast")["result"]
    assert [(t["turn"], t["reach"]) for t in result["turns"]] == [(7, 1), (8, 2), (9, 3), (10, 2), (11, 1), (12, 0)]
    assert result["turns"][-1]["hexes"] == ["0808"]


def test_the_8_2_5_search_record_reads_back_as_cruiser_carrier_destroyer(capsys):
    """FFTS 8.2.5: the record 'O:2s, kh, 5d' means searchers reported a cruiser, a carrier and a destroyer in Task Force O
    (8.1.1.4 spades aces-tens, 8.1.1.1 red face cards, 8.1.1.3 red aces-tens)."""
    result = _json(capsys, "sighting-cards", "--record", "O:2s, kh, 5d")["result"]
    assert result == {"task_force": "O", "cards": [{"card": "2s", "ships": "cruiser"}, {"card": "kh", "ships": "carrier"},
                                                    {"card": "5d", "ships": "destroyer"}]}


@pytest.mark.parametrize("card, ships", [
    ("qh", "carrier"), ("jd", "carrier"),                                          # 8.1.1.1 red face cards
    ("ks", "battleship or battlecruiser"), ("jc", "battleship or battlecruiser"),  # 8.1.1.2 black face cards
    ("ah", "destroyer"), ("10d", "destroyer"),                                     # 8.1.1.3 red aces through tens
    ("as", "cruiser"), ("10s", "cruiser"),                                         # 8.1.1.4 spade aces through tens
    ("ac", "merchant"), ("7c", "merchant"),                                        # 8.1.1.5 club aces through tens
    ("joker", "dummy"),                                                            # 9.3.1 a joker in a hand with dummies
])
def test_each_card_of_8_1_1_stands_for_its_ship_type(capsys, card, ships):
    assert _json(capsys, "sighting-cards", "--record", f"A:{card}")["result"]["cards"] == [{"card": card, "ships": ships}]


@pytest.mark.parametrize("record, words", [("O:2s, 11h", "card '11h': write the rank"), ("O:2x", "card '2x'"),
                                           ("2s, kh", "write the task force, a colon and the cards seen"), ("O:", "write the task force")])
def test_an_unreadable_search_record_exits_2_with_one_line(capsys, record, words):
    assert main(["calc", "fire-from-the-skies", "sighting-cards", "--record", record]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1, err
