"""Fire from the Skies: every number the rulebook states that the data store, asserted from the data.

The expected values are read off the rulebook (../shared/seeds/004_*, cited FFTS x.y); if a test
fails, the data drifted from the rules. The worked example of FFTS 4.6 is checked through the
demonstration scenario's aircraft and the endurance arithmetic.
"""

from __future__ import annotations

import pytest

from toolkit.games.fire_from_the_skies.air import crash_chance, hexes_flown, last_normal_turn
from toolkit.games.fire_from_the_skies.data import read
from toolkit.model.build import bundled_scenarios, load_game
from toolkit.session import Session

FOLDER = bundled_scenarios() / "fire-from-the-skies"


@pytest.fixture(scope="module")
def game():
    loaded = load_game(FOLDER)
    assert loaded.ok, loaded.findings
    return loaded.game


STATED = {
    "map_sheets_per_player": 2,                      # 2.1
    "formation_central_positions": 4,                # 11.1.2
    "formation_central_positions_2_2": 1,            # 2.2 (the other reading)
    "formation_ring_ships": 12,                      # 2.2, 11.1.2
    "formation_inner_inches": 2,                     # 11.1.2
    "formation_outer_inches": 5,                     # 11.1.2
    "formation_central_ships_with_inner_ring": 1,    # 11.1.3
    "ship_counter_inches": [0.5, 0.75],              # 2.4.1
    "small_counter_inches": [0.5, 0.5],              # 2.4.2-2.4.4
    "miniature_scale": 6000,                         # 2.5
    "miniature_bases_inches": {"destroyers": 1, "cruisers-and-light-carriers": 1.5, "capital-ships-and-fleet-carriers": [1.8, 2]},  # 2.5
    "dice": {"d6": 2, "d10": 2},                     # 2.6
    "card_decks_per_player": 2,                      # 2.7
    "task_force_ids": {"allied": "number", "japanese": "letter"},  # 5.2
    "turn_minutes": 20,                              # 3.3
    "air_strike_phases": 5,                          # 3.4.5
    "air_strike_phase_minutes": 4,                   # 3.4.5
    "initiative_die": "D6",                          # 3.4.1
    "endurance_counts_launch_turn": False,           # 4.2
    "endurance_counts_landing_turn": True,           # 4.2
    "combat_endurance_turns": 1,                     # 4.3
    "combat_endurance_roles": ["fighter", "dive-bomber", "torpedo-bomber"],  # 4.3
    "fuel_crash_turns": 3,                           # 4.4
    "aircraft_per_af": 3,                            # 6.3
    "hp_deck_end_to_end": 0.5,                       # 6.7.1
    "hp_deck_to_hangar": 0.5,                        # 6.7.2
    "hp_hangar_to_deck_closed": 1,                   # 6.7.3
    "hp_hangar_to_deck_open": 0.5,                   # 6.7.4
    "bases_spot": False,                             # 6.7.5
    "launch_and_land_same_aos": False,               # 6.7
    "launch_per_aos": {"no-catapult": 12, "one-catapult": 4, "two-catapults": 8},  # 6.9
    "wind_knots_cv_armed_strike": 24,                # 6.10.1
    "wind_knots_cv_other": 16,                       # 6.10.1
    "wind_knots_cve": 16,                            # 6.10.2
    "strike_group_max_afs": 3,                       # 6.11.2
    "strike_group_max_afs_12_1": "none",             # 12.1 (the other reading)
    "land_per_aos": 6,                               # 6.12
    "landing_accident_die": "D10",                   # 6.12
    "fighters_land_ready_spot_per_aos": 2,           # 6.13.1
    "fighters_scramble": 3,                          # 6.13.2
    "search_plan_turn": "1200",                      # 7.4.1
    "search_arc_per_af": 60,                         # 7.4.5
    "search_arc_per_af_far": 30,                     # 7.4.5
    "search_far_range": 7,                           # 7.4.5
    "search_arc_paired": 30,                         # 7.4.5
    "search_range_paired": 6,                        # 7.4.5
    "search_arc_step": 30,                           # 7.4.8
    "search_north_bearing": 0,                       # 7.4.9
    "search_band_hexes": 2,                          # 8.2
    "search_record_first_field": "launch-turn",      # 7.4.6
    "search_record_first_field_7_4_7": "begin-turn", # 7.4.7 (the other reading)
    "search_die": "D6",                              # 8.2.2
    "shadow_task_forces_per_af": 3,                  # 8.3.1
    "armed_searcher_attacks": 1,                     # 8.5
    "aircraft_hexes_per_turn": 1,                    # 10.6.1
    "slow_no_move_every": 4,                         # 10.6.2, 7.5.2
    "fast_extra_hex_every": 6,                       # 10.6.3, 7.5.3
    "task_force_plot_turns": 2,                      # 10.2 ("more than one turn")
    "strike_arrival_die": "D6",                      # 12.7.2
    "defender_launch_before_strike": 1,              # 12.8
    "aa_inner_ring_fraction": 0.25,                  # 14.3
    "aa_heavy_range_inches": 10,                     # 14.6.1
    "aa_aamg_range_inches": 3,                       # 14.6.2
    "attacks_per_af": 3,                             # 15.2
    "torpedo_range_inches": {"normal": 2.5, "close": 1.5},  # 15.3
    "attackers_per_ship_per_asp": {"bombing": 3, "torpedo": 6, "total": 9},  # 15.5
    "damaged_per_shot_down": 1,                      # 16.1
    "damaged_unrepairable_fraction": 0.3333,         # 16.2 (one third)
    "repair_turns": 12,                              # 16.3
    "aa_mount_loss": {"half-guns-out": 0.25, "all-guns-out": 0.5},  # 17.2
    "aamg_battery_loss": 1,                          # 17.2
    "hangar_hit_hp_loss": 1,                         # 17.3.1
    "flight_deck_hit_fraction": 0.1667,              # 17.3.2 (one sixth)
    "fire_on_fueled_af": 8,                          # 17.3.4
    "fire_on_unfueled_af": 2,                        # 17.3.4
    "fire_spreads_to_af": 3,                         # 17.3.4
    "damage_control_rolls_unattacked": 2,            # 17.4
    "vp_per_af_lost": 1,                             # 19.3
    "torpedo_close_modifier": 2,                     # 20.6
    "torpedo_spreads_per_group": 1,                  # 20.6
}


@pytest.mark.parametrize("name, value", sorted(STATED.items()))
def test_stated_parameter(game, name, value):
    assert game.edition.param(name) == value


def test_every_parameter_is_asserted_and_sourced(game):
    assert sorted(game.edition.parameters) == sorted(STATED)


def test_citations(game):
    assert game.citation == "FFTS" and game.edition.citation == "FFTS"
    assert game.edition.cite("launching") == "FFTS 6.9" and game.edition.cite("landing") == "FFTS 6.12"
    assert game.edition.cite("search_arcs") == "FFTS 7.4.5" and game.edition.cite("strike_group_size") == "FFTS 6.11.2"
    assert game.map.kind == "plotting-sheet" and game.map.north == 0


def _chart(game, name):
    return next(doc[name] for doc in game.charts if name in doc)


def test_victory_points_table(game):
    table = _chart(game, "victory_points")
    rows = {tuple(r["classes"]): r["points"] for r in table["rows"]}
    assert rows == {
        ("DD", "DE", "TB", "A(S)"): [0, 0, 1, 2], ("CL", "A(M)"): [0, 0, 2, 4], ("CA", "A(L)"): [0, 0, 4, 8],
        ("BC", "BB"): [0, 4, 8, 16], ("CVE",): [0, 0, 2, 4], ("CVL",): [1, 2, 4, 8], ("CV",): [2, 4, 8, 16],
    }
    assert table["af_lost"] == 1


def test_fuel_exhaustion_and_landing_accidents(game):
    crash = {r["turns_late"]: r["crash_on"] for r in _chart(game, "fuel_exhaustion")["rows"]}
    assert crash == {1: [1, 2], 2: [1, 2, 3, 4], 3: "all"}
    accidents = {r["condition"]: (r["afs_per_roll"], r["accident_on"]) for r in _chart(game, "landing_accidents")["rows"]}
    assert accidents == {
        "normal": (3, [1]), "half-landing-area-or-less": (1, [1]), "quarter-landing-area-or-less": (1, [1, 2]),
        "twilight-untrained": (1, [1]), "twilight-night-trained": (2, [1]), "night-untrained": (1, [1, 2]), "night-trained": (1, [1]),
    }


def test_wind_cards_and_strike_arrival(game):
    wind = {(tuple(r["carriers"]), r["load"]): (r["knots"], r["fotw_inches"], r["catapult_required"]) for r in _chart(game, "wind_over_deck")["rows"]}
    assert wind == {(("CV", "CVL"), "armed-strike"): (24, 3, False), (("CV", "CVL"), "other"): (16, 2, False),
                    (("CVE",), "armed-strike"): (16, 2, True), (("CVE",), "other"): (16, 2, False)}
    cards = {r["ships"]: r["cards"] for r in _chart(game, "sighting_cards")["rows"]}
    assert cards["carrier"] == "red face cards" and cards["cruiser"] == "spade aces through tens"
    assert [r["roll"] for r in _chart(game, "strike_arrival")["rows"]] == [[1, 2, 3, 4, 5], [6]]


def test_sequence_of_play(game):
    phases = [p["number"] for turn in game.edition.sequence_of_play for p in turn["phases"]]
    assert phases == ["3.4.1", "3.4.2", "3.4.3", "3.4.4", "3.4.5", "3.4.6"]


# --- FFTS 4.6's worked example, through the demonstration's aircraft ---------------------------

@pytest.fixture(scope="module")
def demo():
    opened = Session().open_scenario(FOLDER / "coral-sea.yaml", checks=False)
    return read(opened.scenario)


@pytest.mark.parametrize("aircraft, load, last", [("f4f-3", "none", 23), ("tbd-1", "torpedo", 24), ("sbd-3", "bomb-1000lb", 26), ("sbd-3", "bomb-500lb", 30)])
def test_the_endurance_example(demo, aircraft, load, last):
    """FFTS 4.6: launched on turn 10, the F4Fs last through 23, TBDs 24, SBDs with 1000 lb bombs 26, with 500 lb 30."""
    assert last_normal_turn(10, demo.aircraft[aircraft].endurance(load)) == last


def test_the_yorktown_strike_records_its_first_last_turn(demo):
    strike = next(m for m in demo.missions if m.id == "yorktown-strike-1")
    assert strike.launch_turn == 10 and strike.last_turn == 23


def test_endurance_arithmetic():
    assert [str(crash_chance(t, 23)) for t in (22, 23, 24, 25, 26, 40)] == ["0", "0", "1/3", "2/3", "1", "1"]  # 4.4
    assert hexes_flown(11, 24, "slow") == 10   # a TBD launched on 10: no move on 12, 16, 20, 24 (10.6.2)
    assert hexes_flown(1, 12, "fast") == 14    # extra hexes on 6 and 12 (10.6.3)
    assert last_normal_turn(10, 14, combat_turns=1, role="torpedo-bomber") == 23   # 4.3
    assert last_normal_turn(10, 14, combat_turns=1, role="search") == 24


def test_the_module_declares_the_map_kind_its_data_build(game):
    from toolkit.games import game_module

    assert game_module(game.rules_module).map_kind == game.map.kind == "plotting-sheet"
