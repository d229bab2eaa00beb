"""Every number the Pacific Fury rulebook states about its components, set-up and limits, read from the data.

One test per fact, each naming its rule. What is reconstructed (the US Transports, Zuikaku's class, Junyo
and Hiyo) is tested as a reconstruction: the record must say so. Nothing here pins The Slot / South
Pacific Ocean pair, which the rules leave open (see map.yaml).
"""

from __future__ import annotations

import pytest

from conftest import ROOT
from toolkit.games import game_module
from toolkit.model.build import bundled_scenarios, load_game, load_scenario

GAME_DIR = bundled_scenarios() / "pacific-fury"
EXAMPLE_8_2 = ROOT / "tests" / "checks" / "pacific-fury" / "example-8-2-pass.yaml"


@pytest.fixture(scope="module")
def game():
    loaded = load_game(GAME_DIR, "english")
    assert loaded.ok, loaded.findings
    return loaded.game


@pytest.fixture(scope="module")
def campaign():
    return load_scenario(GAME_DIR / "campaign.yaml")


def ships(game, side=None):
    return [c for c in game.counters.values() if c.type == "naval" and c.cls != "Transports" and (side is None or c.side == side)]


def test_56_counters(game):
    """PF 2.0: one counter sheet with 56 counters."""
    assert sum(c.count for c in game.counters.values()) == 56


def test_the_sheet_by_kind(game):
    """PF 2.0-2.2, 3.1, 8.2: 28 Japanese ships, 19 Allied, 2 Transports each, 5 markers (PF 2.2.2, 9.6)."""
    assert len(ships(game, "japan")) == 28 and len(ships(game, "us")) == 19
    assert game.counters["jp-transports"].count == 2 and game.counters["us-transports"].count == 2
    assert sum(c.count for c in game.counters.values() if c.type == "marker") == 5
    assert {c.id for c in game.counters.values() if c.type == "marker"} == {"initiative", "game-turn", "jp-operation", "us-operation", "jp-tokyo-express"}


def test_us_transports_are_reconstructed(game):
    """The rules never count the US Transports: the record says why there are two."""
    us = game.counters["us-transports"]
    doc = (GAME_DIR / "counters.yaml").read_text(encoding="utf-8")
    assert us.side == "us" and "56" in doc[doc.index("id: us-transports"):doc.index("id: initiative")]
    assert "reconstructed" in doc[doc.index("id: us-transports"):doc.index("id: initiative")]


def test_four_sea_zones(game):
    """PF 2.1: four playable sea zones."""
    zones = [a for a, kind in game.map.area_kinds.items() if kind == "zone"]
    assert sorted(zones) == ["Eastern Solomons", "Ironbottom Sound", "South Pacific Ocean", "The Slot"]


def test_the_slot_and_eastern_solomons_are_not_adjacent(game):
    """PF 9.2, 9.5: the one pair the rules name as not adjacent."""
    pair = game.map.pair("The Slot", "Eastern Solomons")
    assert pair is not None and pair.adjacent is False and not pair.open


def test_four_turns(game):
    """PF 5.0, 4.0: four game turns, victory at the end of Turn 4."""
    assert game.turns == (1, 4) and game.edition.param("last_turn") == 4


def test_seven_operation_boxes_a_side(game):
    """PF 3.5, 8.2: seven numbered Operation Boxes per side, up to seven task forces, seven operations (9.0)."""
    for side, prefix in game.edition.param("operation_boxes").items():
        assert sorted(b for b in game.map.boxes if b.startswith(prefix + " ")) == [f"{prefix} {n}" for n in range(1, 8)]
        assert all(game.map.boxes[f"{prefix} {n}"].side == side for n in range(1, 8))
    assert game.edition.param("max_task_forces") == 7 and game.edition.param("operations_per_turn") == 7


def test_bases_and_reserve(game):
    """PF 3.1, 3.2: Truk the Japanese base, Espiritu Santo the US base, the Japanese Reserve box."""
    assert game.edition.param("bases") == {"japan": "Truk", "us": "Espiritu Santo"}
    assert game.map.boxes["Truk"].side == "japan" and game.map.boxes["Espiritu Santo"].side == "us"
    assert game.map.boxes["Japanese Reserve"].side == "japan"


def test_carriers_and_their_aircraft(game):
    """PF 2.2.1: a CV has two aircraft icons, a CVL one; only Japan has CVL; only carriers have icons."""
    for counter in ships(game):
        if counter.cls in ("CV", "CVL"):
            assert counter.ratings.get("aircraft") == (2 if counter.cls == "CV" else 1), counter.id
        else:
            assert "aircraft" not in counter.ratings and "aircraft" not in counter.unstated, counter.id
    assert {c.side for c in ships(game) if c.cls == "CVL"} == {"japan"}


@pytest.mark.parametrize("counter_id, cls", [
    ("jp-cv-shokaku", "CV"),     # PF 10.5 example: CV Shokaku
    ("jp-cvl-zuiho", "CVL"),     # PF 10.5 example: CVL Zuiho
    ("jp-cvl-ryujo", "CVL"),     # PF 10.7 example: CVL Ryujo
    ("us-cv-hornet", "CV"),      # PF 2.2.1: only the Japanese have CVL
    ("us-cv-enterprise", "CV"), ("us-cv-saratoga", "CV"), ("us-cv-wasp", "CV"),
])
def test_stated_carrier_classes(game, counter_id, cls):
    assert game.counters[counter_id].cls == cls


def test_stated_defense_factors(game):
    """PF 10.7 example: Hornet DF 2, Ryujo DF 0; no other rating is stated, so none is given."""
    stated = {c.id: c.ratings["defense"] for c in ships(game) if "defense" in c.ratings}
    assert stated == {"us-cv-hornet": 2, "jp-cvl-ryujo": 0}
    assert not [c.id for c in ships(game) if "combat" in c.ratings], "no Combat Factor is stated in the rules"
    for counter in ships(game):
        given = set(counter.ratings) | set(counter.unstated)
        wanted = {"combat", "defense"} | ({"aircraft"} if counter.cls in ("CV", "CVL") else set())
        assert given == wanted and not set(counter.ratings) & set(counter.unstated), counter.id


def test_both_sides_start_with_air_strike_6(game, campaign):
    """Players Notes: both sides start with Air Strike 6 (the carriers in Truk and Espiritu Santo on Turn 1)."""
    for side, base in game.edition.param("bases").items():
        total = sum(u.counter.ratings.get("aircraft", 0) * u.entry.count for u in _units(game, campaign) if u.placement.where == base)
        assert total == 6, side


def _units(game, loaded):
    return game_module("pacific_fury").context(loaded.game, loaded.scenario).units


def test_set_up(campaign):
    """PF 3.1, 3.2: the Reserve in its box, every other Japanese unit in Truk (both Transports), Hornet on Turn 2, the rest in Espiritu Santo."""
    scenario = campaign.scenario
    where = {}
    for placement in scenario.setup:
        for entry in placement.units:
            where.setdefault(placement.where, []).append((entry.counter, entry.count))
    assert sorted(c for c, _ in where["Japanese Reserve"]) == ["jp-bb-yamato", "jp-hiyo", "jp-junyo"]
    assert ("jp-transports", 2) in where["Truk"] and len(where["Truk"]) == 25 + 1
    assert len([c for c, _ in where["Espiritu Santo"] if c != "us-transports"]) == 18
    assert [(t, p.side, [e.counter for e in p.units]) for t, p in scenario.turn_track] == [(2, "us", ["us-cv-hornet"])]
    assert scenario.start_turn == 1 and scenario.sunk == ()


def test_markers_at_the_start(campaign):
    """PF 3.3: the Initiative marker on US 1 (Henderson Field operational), each Operation marker on box 1."""
    scenario = campaign.scenario
    assert scenario.section("initiative")["box"] == "US 1" and scenario.section("initiative")["henderson_field"] == "operational"
    assert scenario.section("operations") == {"japan": 1, "us": 1, "source": scenario.section("operations")["source"]}
    assert campaign.game.edition.param("start_initiative") == {"box": "US 1", "henderson_field": "operational"}


def test_the_us_holds_the_initiative_on_box_0_and_at_the_start(campaign):
    """PF 6.1: box 0 is the US's; PF 3.3: the US starts with it."""
    ctx = game_module("pacific_fury").context(campaign.game, campaign.scenario)
    assert ctx.initiative_side == "us" and campaign.game.edition.param("initiative_on_zero") == "us"


def test_no_event_on_turn_1(game):
    """PF 5.0, 7.0: the Event Phase is skipped on Turn 1."""
    assert game.edition.param("events_from_turn") == 2


def test_sequence_of_play(game):
    """PF 5.0: six phases I-VI; IV and V alternate seven times; who acts in each."""
    phases = game.edition.sequence_of_play[0]["phases"]
    assert [p["number"] for p in phases] == ["6.0", "7.0", "8.0", "9.0", "11.0"]
    assert [p["player"] for p in phases] == ["both", "non-initiative", "both", "both", "both"]
    operations = phases[3]
    assert operations["repeat"] == 7
    assert [s["player"] for s in operations["segments"]] == ["initiative", "non-initiative"]
    assert [s["player"] for s in phases[2]["segments"]] == ["both", "non-initiative", "initiative"]


def test_the_8_2_example(monkeypatch):
    """PF 8.2 example: seven task forces of the two sides; types by PF 8.3; AS and AA by PF 10.5; it checks clean."""
    monkeypatch.chdir(ROOT)
    loaded = load_scenario(EXAMPLE_8_2)
    ctx = game_module("pacific_fury").context(loaded.game, loaded.scenario)
    got = [(tf.side, tf.box, len(tf.units), tf.type, tf.air_strike, tf.anti_air) for tf in ctx.task_forces]
    assert got == [
        ("japan", 1, 7, "C", 4, 5), ("japan", 2, 1, "A", 0, 1), ("japan", 3, 6, "C", 2, 4), ("japan", 4, 12, "B", 0, 12),
        ("us", 1, 7, "B", 0, 7), ("us", 2, 8, "C", 6, 5), ("us", 3, 3, "B", 0, 3),
    ]


def test_the_10_5_example_air_strike(game):
    """PF 10.5 example: a US TF-C of three CVs has AS 6 (Enterprise, Saratoga and Wasp carry two icons each)."""
    assert sum(game.counters[c].ratings["aircraft"] for c in ("us-cv-enterprise", "us-cv-saratoga", "us-cv-wasp")) == 6


def test_every_record_has_provenance():
    """Issue 9: every record says source or reconstructed (chartroom audit: nothing missing)."""
    from toolkit.audit import audit_game

    rows = audit_game(GAME_DIR)
    assert len(rows) >= 8 and all(row["missing"] == 0 for row in rows), rows
    assert sum(row["records"] for row in rows) > 150


def test_the_bundled_files_check_clean(monkeypatch, capsys):
    from toolkit.cli import main

    monkeypatch.chdir(ROOT)
    assert main(["check", "scenarios/pacific-fury/"]) == 0, capsys.readouterr().out


# --- Players' Notes and the last stated numbers, put to the engine ------------------------------------

def _calc_json(capsys, *args):
    import json

    from toolkit.cli import main

    status = main(["calc", "pacific-fury", *args, "--format", "json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


def test_players_notes_japan_starts_ahead_in_surface_ships(game, campaign):
    """Players' Notes: Japan starts with more surface ships (its 21 non-carriers in Truk against the US 15 in Espiritu
    Santo; the Reserve waits for its event, PF 3.1, and Hornet, a carrier, for Turn 2, 3.2) and equal carriers (AS 6 each)."""
    surface = {}
    for unit in _units(game, campaign):
        if unit.placement.where in game.edition.param("bases").values() and unit.counter.cls not in ("CV", "CVL", "Transports"):
            surface[unit.side] = surface.get(unit.side, 0) + unit.entry.count
    assert surface == {"japan": 21, "us": 15}


@pytest.mark.parametrize("escorts, modifier", [(6, 0), (5, 1), (4, 1), (3, 2), (0, 2)])
def test_players_notes_six_escorts_give_a_tf_c_decent_aa(capsys, escorts, modifier):
    """Players' Notes: a TF-C wants at least six surface ships for AA. Against a striker of AS 6 (three CVs, the start's
    whole US air strength) six escorts leave no bonus, five or four give +1, three or none +2 (PF 10.5)."""
    escort_names = ["Tone", "Chikuma", "Suzuya", "Kumano", "Atago", "Takao"][:escorts]
    doc = _calc_json(capsys, "task-force", "--ship", "Enterprise", "Saratoga", "Wasp", "--cf", "4", "4", "4",
                     "--target", "Shokaku", "Zuiho", *escort_names)
    against = doc["result"]["against"]
    assert (doc["result"]["air_strike_rating"], against["anti_aircraft_rating"], against["modifier"]) == (6, escorts, modifier)
    assert against["cap"] == 2  # Shokaku is a CV (PF 10.5 CAP)


def test_players_notes_the_us_wins_on_us_1_whatever_it_lost(capsys):
    """Players' Notes, key 2: losses score nothing; with the marker on US 1 when the game ends the US wins (PF 4.0). A
    disrupted Henderson Field in Turn 4 leaves the marker there through the Return Phase (PF 11.0)."""
    doc = _calc_json(capsys, "initiative", "--box", "US 1", "--disrupted")
    assert (doc["result"]["victory_if_final"], doc["result"]["victory_box"]) == ("us", "US 1")
    doc = _calc_json(capsys, "initiative", "--box", "Japan 1", "--disrupted", "--initiative", "japan")
    assert (doc["result"]["victory_if_final"], doc["result"]["victory_box"]) == ("japan", "Japan 1")


@pytest.mark.parametrize("ship, hits, turn, back", [
    ("Zuikaku", 1, 2, 4),        # PF 10.7 example: a Japanese ship damaged on Turn 2 is back on Turn 4
    ("Zuikaku", 3, 1, 3),        # Japanese: two turns, however many hits
    ("Zuikaku", 1, 3, None),     # Turn 5 is past the last turn: removed
    ("Enterprise", 1, 3, 4),     # US, one hit: the next turn
    ("Enterprise", 2, 2, 4),     # US, two hits or more: two turns
    ("Enterprise", 2, 3, None),  # would be Turn 5: removed
])
def test_10_7_damage_return_by_side_hits_and_turn(capsys, ship, hits, turn, back):
    doc = _calc_json(capsys, "damage-return", "--ship", ship, "--hits", str(hits), "--turn", str(turn))
    assert doc["result"]["returns_on"] == back


def test_10_1_at_most_two_rounds(game):
    """PF 10.1: up to two rounds of combat in an operation; bombardment (10.4) and air strikes (10.6) both stop at two."""
    from toolkit.games.pacific_fury.tables import Tables

    tables = Tables.of(game.charts)
    assert tables.henderson("bombardment")["rounds"] == 2 and tables.henderson("air_strike")["rounds"] == 2


@pytest.mark.parametrize("box, cf", [("US 1", 1), ("US 2", 2), ("Japan 3", 3)])
def test_10_6_henderson_field_fires_with_the_value_of_its_box(capsys, box, cf):
    """PF 10.6: an operational Henderson Field fires back like a carrier with the Combat Factor of the marker's box."""
    from toolkit.cli import main

    assert main(["calc", "pacific-fury", "air-strike", "--cf", "4", "--box", box]) == 0
    out = capsys.readouterr().out
    assert f"Henderson Field fires back with CF {cf}," in out
    assert f"marker on {box}: {cf} hit{'s disrupt' if cf > 1 else ' disrupts'}" in out  # PF 10.6: hits to disrupt = the box's value


@pytest.mark.parametrize("ships, cap", [(["Enterprise", "Saratoga"], 2), (["Ryujo", "Zuiho"], 1), (["Shokaku", "Zuiho"], 2)])
def test_10_6_henderson_fields_fire_back_is_cut_by_the_striking_tf_cs_cap(capsys, ships, cap):
    """PF 10.6 resolves a strike on Henderson Field as carrier combat, the field firing like a carrier, so the TF-C's own
    CAP (10.5: 2 with a CV, else 1 with a CVL) cuts its hits: the reading docs/pacific-fury.md records; --return-cap 0
    gives the other."""
    doc = _calc_json(capsys, "air-strike", "--ship", *ships, "--cf", "4", "3", "--box", "Japan 2")
    assert doc["result"]["return_fire_cap"] == cap
    doc = _calc_json(capsys, "air-strike", "--ship", *ships, "--cf", "4", "3", "--box", "Japan 2", "--return-cap", "0")
    assert doc["result"]["return_fire_cap"] == 0


@pytest.mark.parametrize("ships, others, first, every", [
    (["Japanese Transports", "Tone", "Chikuma"], 2, 3, 3),
    (["Japanese Transports", "Japanese Transports", "Tone"], 1, 2, 3),
    (["Japanese Transports"], 0, 1, 1),
])
def test_10_7_a_tf_as_transports_take_hits_last_in_surface_combat(capsys, ships, others, first, every):
    """PF 10.7: in surface combat no hit may go on a Transports unit until every other ship of the task force has one; one
    hit then sinks it without a roll. So a TF-A with N other ships loses a Transports unit to N + 1 hits at the fewest."""
    doc = _calc_json(capsys, "task-force", "--ship", *ships)
    assert doc["result"]["surface_combat_transports"] == {"other_ships": others, "hits_to_sink_one": first, "hits_to_sink_all": every}


def test_10_7_no_transports_no_surface_combat_line(capsys):
    assert "surface_combat_transports" not in _calc_json(capsys, "task-force", "--ship", "Tone", "Chikuma")["result"]


def test_10_5_a_task_force_without_carriers_scores_nothing_in_carrier_combat(capsys):
    """PF 10.5: only carriers fire in carrier combat; its note: a TF-B meeting an enemy carrier group there does it no
    damage. Before, `task-force` of a TF-B against a target printed an AS/AA modifier and a CAP as if it could fire."""
    doc = _calc_json(capsys, "task-force", "--ship", "Tone", "Chikuma", "--cf", "4", "4", "--target", "Enterprise", "Portland")
    assert doc["result"]["against"]["carriers_fire"] is False
    assert doc["result"]["against"]["hits"] == [{"hits": 0, "chance": {"fraction": "1", "decimal": 1.0},
                                                 "at_least": {"fraction": "1", "decimal": 1.0}}]
    doc = _calc_json(capsys, "task-force", "--ship", "Enterprise", "--cf", "4", "--target", "Tone")
    assert doc["result"]["against"]["carriers_fire"] is True


def test_the_targets_combat_factors_are_asked_for_by_their_own_option(capsys):
    """A count of --target-cf that fits no reading was reported as a wrong --cf, the option given right."""
    from toolkit.cli import main

    status = main(["calc", "pacific-fury", "air-strike", "--ship", "Zuikaku", "--cf", "4", "--target", "Enterprise", "Portland",
                   "--target-cf", "4", "4", "4"])
    err = capsys.readouterr().err
    assert status == 2 and "--target-cf: give one Combat Factor per ship (2)" in err and len(err.strip().splitlines()) == 1
