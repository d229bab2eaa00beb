"""Pacific Fury's rule computations and `chartroom calc pacific-fury`: events, Operation Boxes, the
Initiative Track, damage return, zones; every calculation in process, text and JSON, and exit 2 on bad input."""

from __future__ import annotations

import json
import shlex
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import ROOT
from toolkit.cli import main
from toolkit.games.pacific_fury import zones as pf_zones
from toolkit.games.pacific_fury.calculations import CALCULATIONS
from toolkit.games.pacific_fury.events import UnknownEvent, event_odds
from toolkit.games.pacific_fury.initiative import damage_return_turn, initiative_side, landing_shift, return_phase_shift, victory
from toolkit.games.pacific_fury.operations import OperationsError, operation_boxes
from toolkit.games.pacific_fury.tables import TableError, Tables
from toolkit.model.build_game import load_game

PF = ROOT / "scenarios" / "pacific-fury"


@pytest.fixture(scope="module")
def game():
    loaded = load_game(Path(PF))
    assert loaded.game is not None, [str(f) for f in loaded.findings]
    return loaded.game


@pytest.fixture(scope="module")
def tables(game) -> Tables:
    return Tables.of(game.charts)


# --- PF 7.0: events -------------------------------------------------------------------------------

def test_7_0_reroll_japan_after_torpedo_hits(tables):
    assert event_odds(tables.events("japan"), ["torpedo-hits"]) == {"release-reserve": Fraction(2, 3), "bomber-offensive": Fraction(1, 3)}


def test_events_fresh_and_exhausted(tables):
    assert event_odds(tables.events("japan")) == {"torpedo-hits": Fraction(1, 2), "release-reserve": Fraction(1, 3), "bomber-offensive": Fraction(1, 6)}
    assert event_odds(tables.events("japan"), ["torpedo-hits", "release-reserve", "bomber-offensive"]) == {}


def test_heavy_bombers_never_used_up(tables):
    us = tables.events("us")
    assert event_odds(us, ["heavy-bombers", "heavy-bombers"]) == {"submarine-attack": Fraction(1, 6), "heavy-bombers": Fraction(1, 2),
                                                                 "ijn-overestimated": Fraction(1, 3)}
    assert event_odds(us, ["submarine-attack", "ijn-overestimated"]) == {"heavy-bombers": Fraction(1)}
    with pytest.raises(UnknownEvent):
        event_odds(us, ["torpedo-hits"])


# --- PF 9.7: Operation Boxes ----------------------------------------------------------------------

def test_9_7_example():
    # PF 8.2 example: the US forms three task forces; 9.7: op 1 sorties box 1, op 2 moves it (not a sortie)
    steps = operation_boxes({1: "Battleships", 2: "Carriers", 3: "Cruisers"}, ["sortie", "other"])
    assert steps[0].sortied == "Battleships" and steps[0].boxes == {2: "Carriers", 3: "Cruisers"}
    assert steps[1].boxes == {3: "Carriers", 4: "Cruisers"}  # box 2 to box 3 and so on
    assert steps[1].eligible == "Carriers"


def test_pushed_past_box_7_returns_to_base_and_pass_counts():
    steps = operation_boxes({1: "A", 6: "F", 7: "G"}, ["pass", "sortie", "sortie", "other"])
    assert steps[0].returned_to_base == ("G",) and steps[0].boxes == {2: "A", 7: "F"}
    assert [s.sortied for s in steps[1:3]] == ["A", "F"]
    assert steps[3].boxes == {} and steps[3].eligible is None


def test_operations_errors():
    with pytest.raises(OperationsError, match="pass instead"):
        operation_boxes({1: "A"}, ["sortie", "sortie"])
    with pytest.raises(OperationsError, match="7 operations"):
        operation_boxes({1: "A"}, ["pass"] * 8)
    with pytest.raises(OperationsError, match="not an Operation Box"):
        operation_boxes({8: "A"}, ["pass"])


# --- PF 4.0, 6.1, 9.3, 9.6, 11.0: the Initiative Track ---------------------------------------------

def test_initiative_and_victory(tables):
    box = tables.initiative_box
    assert initiative_side(box("0")) == "us" and victory(box("0")) == "draw"
    assert initiative_side(box("Japan 1")) == "japan" and victory(box("Japan 1")) == "japan"
    assert initiative_side(box("US 2")) == "us" and victory(box("US 2")) == "us"


@pytest.mark.parametrize("written, label", [("US 1", "US 1"), ("us1", "US 1"), ("US-1", "US 1"), ("Japan 3", "Japan 3"), ("jp3", "Japan 3"),
                                            ("0", "0"), ("US -1", None), ("-1", None), ("Japan -3", None), ("US \u2212 2", None)])
def test_a_box_is_read_with_its_separators_but_a_minus_sign_is_no_box(tables, written, label):
    """PF 3.6: the boxes count up from 0 on each side; "US -1" was read as US 1 (its minus sign dropped as a separator)."""
    if label is None:
        with pytest.raises(TableError, match=r"no Initiative Track box .*numbered from 0 up on each side \(PF 3.6\)"):
            tables.initiative_box(written)
    else:
        assert tables.initiative_box(written).label == label


def test_11_0_return_phase_shift(tables):
    track, box = tables.initiative_boxes(), tables.initiative_box
    assert return_phase_shift(track, box("US 1"), "us", True, False).box.label == "US 2"
    assert return_phase_shift(track, box("US 1"), "us", False, False).box.label == "US 1"
    assert return_phase_shift(track, box("US 1"), "us", False, True).box.label == "US 2"   # Transports sunk: shift anyway
    both = return_phase_shift(track, box("US 1"), "us", True, True)
    assert both.box.label == "US 2" and both.spaces == 1                                   # never two spaces
    assert return_phase_shift(track, box("0"), "japan", True, False).box.label == "Japan 1"
    assert return_phase_shift(track, box("US 5"), "us", True, False).spaces == 0            # end of the stored track


def test_landing_shifts(tables):
    track, box = tables.initiative_boxes(), tables.initiative_box
    assert landing_shift(track, box("US 1"), "japan", 1).box.label == "0"
    assert landing_shift(track, box("US 1"), "japan", 2).box.label == "Japan 1"
    assert landing_shift(track, box("Japan 1"), "us", 1).box.label == "0"


def test_10_7_damage_return(tables):
    rows = tables.return_rows()
    assert damage_return_turn("japan", 1, 2, rows) == 4         # the rules' example
    assert damage_return_turn("japan", 3, 1, rows) == 3
    assert damage_return_turn("us", 1, 2, rows) == 3            # one hit: next turn
    assert damage_return_turn("us", 2, 2, rows) == 4            # two or more: two turns
    assert damage_return_turn("us", 1, 4, rows) is None         # beyond Turn 4: removed
    assert damage_return_turn("japan", 1, 3, rows) is None
    with pytest.raises(ValueError):
        damage_return_turn("us", 0, 1, rows)


# --- PF 2.1, 9.1, 9.2: zones ---------------------------------------------------------------------

def test_zones(game, tables):
    z = pf_zones.ZoneMap.of(game.map)
    assert pf_zones.zone_name(z, "Eastern Solomon Sea") == "Eastern Solomons"
    assert pf_zones.zone_name(z, "slot") == "The Slot"
    assert not pf_zones.adjacent(z, "The Slot", "Eastern Solomons")                       # stated, PF 9.2
    assert pf_zones.distance(z, "The Slot", "Eastern Solomons") == 2
    assert pf_zones.open_pairs_deciding(z, lambda m: pf_zones.distance(m, "The Slot", "Eastern Solomons")) == ()
    deciding = pf_zones.open_pairs_deciding(z, lambda m: pf_zones.neighbours(m, "The Slot"))
    assert [(p.a, p.b, p.open) for p in deciding] == [("The Slot", "South Pacific Ocean", True)]
    rules = tables.zone_rules()
    assert pf_zones.legal_moves(z, "Eastern Solomons", "C", rules) == ("South Pacific Ocean", "base")  # no TF-C in Ironbottom
    assert "Ironbottom Sound" in pf_zones.legal_moves(z, "Eastern Solomons", "A", rules)
    with pytest.raises(pf_zones.ZoneError):
        pf_zones.zone_name(z, "Coral Sea")


def test_sortie_destinations(tables):
    rows = tables.sortie_rows()
    zones = lambda *a: sorted(r.zone for r in pf_zones.sortie_zones(*a, rows))  # noqa: E731
    assert zones("japan", "C", False) == ["Eastern Solomons"]
    assert zones("japan", "B", False) == ["Eastern Solomons", "The Slot"]
    assert zones("japan", "B", True) == ["Eastern Solomons", "Ironbottom Sound", "The Slot"]
    assert zones("us", "B", True) == ["Ironbottom Sound", "South Pacific Ocean"]
    assert zones("us", "A", False) == ["South Pacific Ocean"]
    assert zones("japan", "tokyo-express", False) == ["The Slot"]


# --- the CLI, in process --------------------------------------------------------------------------

def calc(capsys, *args):
    status = main(["calc", "pacific-fury", *args])
    out, err = capsys.readouterr()
    return status, out, err


def calc_json(capsys, *args):
    status, out, err = calc(capsys, *args, "--format", "json")
    assert status == 0, err
    return json.loads(out)


def test_every_calculation_has_help_and_examples_that_run(capsys):
    assert set(CALCULATIONS) == {"zones", "moves", "sortie", "task-force", "fire", "sink", "damage-return", "bombard",
                                 "air-strike", "tokyo-express", "events", "operations", "initiative"}
    for name, calculation in CALCULATIONS.items():
        assert calculation.summary and calculation.examples, name
        for example in calculation.examples:
            argv = shlex.split(example)[3:]
            assert argv[0] == name, example
            status, out, err = calc(capsys, *argv)
            assert status == 0, (example, err)
            assert out.splitlines()[0] and "rules: PF" in out, example


def test_fire_text_and_json(capsys):
    status, out, _ = calc(capsys, "fire", "--cf", "4")
    assert status == 0
    assert "CF 4: rolls 1-6 give hits 1 2 3 4 0 0; mean 1.6667 (5/3) hits" in out
    assert "rules: PF 10.2" in out
    doc = calc_json(capsys, "fire", "--cf", "4", "4", "4", "--cap", "2")
    assert doc["calculation"] == "fire" and doc["rules"] == ["PF 10.2", "PF 10.5"]
    assert doc["result"]["units"] == [{"combat_factor": 4, "hits_by_roll": [1, 1, 1, 2, 0, 0]}]
    assert sum(Fraction(r["chance"]["fraction"]) for r in doc["result"]["hits"]) == 1


def test_task_force_10_5_example(capsys):
    doc = calc_json(capsys, "task-force", "--ship", "Enterprise", "Saratoga", "Wasp", "--cf", "4", "4", "4",
                    "--target", "Shokaku", "Zuiho", "Tone", "Chikuma", "Suzuya", "Kumano", "Atago", "Takao")
    r = doc["result"]
    assert (r["type"], r["air_strike_rating"], r["anti_aircraft_rating"]) == ("C", 6, 0)
    assert r["against"]["anti_aircraft_rating"] == 6 and r["against"]["modifier"] == 0 and r["against"]["cap"] == 2
    assert any("given on the command line" in c for c in doc["caveats"])


def test_unstated_ratings_are_said_and_accepted(capsys):
    status, out, _ = calc(capsys, "task-force", "--ship", "Hornet")
    assert status == 0 and "Combat Factor not printed in the rules for Hornet" in out
    status, _, err = calc(capsys, "bombard", "--ship", "Tone", "Chikuma")
    assert status == 2 and "not printed in the rules" in err and "--cf" in err and len(err.strip().splitlines()) == 1
    doc = calc_json(capsys, "bombard", "--ship", "Tone", "Chikuma", "--cf", "4", "3", "--box", "US 1")
    assert doc["result"]["combat_factors"] == [4, 3]
    status, _, err = calc(capsys, "sink", "--ship", "Tone", "--hits", "1")
    assert status == 2 and "--df" in err


def test_sink_10_7_examples_through_the_cli(capsys):
    assert calc_json(capsys, "sink", "--ship", "Hornet", "--hits", "3")["result"]["chance"] == {"fraction": "5/6", "decimal": 5 / 6}
    assert calc_json(capsys, "sink", "--ship", "Hornet", "--hits", "1")["result"]["sink_on"] == [6]
    assert calc_json(capsys, "sink", "--ship", "Ryujo", "--hits", "1")["result"]["sink_on"] == [2, 3, 4, 5, 6]
    assert calc_json(capsys, "sink", "--transports", "--hits", "1")["result"]["chance"]["fraction"] == "1"


def test_air_strike_on_henderson_says_it_rests_on_a_placeholder(capsys):
    status, out, _ = calc(capsys, "air-strike", "--cf", "4", "4", "--box", "US 2")
    assert status == 0
    assert "first round: 0.6667 (2/3)" in out and "within two rounds: 0.8519 (23/27)" in out
    assert "rests on: Henderson Field's CAP in box US 2 (1 aircraft icon) is a placeholder" in out
    assert "charts/english.yaml:" in out
    doc = calc_json(capsys, "air-strike", "--cf", "4", "4", "--box", "US 2")
    assert doc["result"]["cap_icons_placeholder"] is True and doc["result"]["two_rounds"]["fraction"] == "23/27"


def test_open_pair_is_named_with_its_location(capsys):
    status, out, _ = calc(capsys, "moves", "--zone", "The Slot", "--type", "B")
    assert status == 0 and "rests on: the pair The Slot / South Pacific Ocean is left open" in out
    assert "scenarios/pacific-fury/map.yaml:" in out
    status, out, _ = calc(capsys, "moves", "--zone", "Eastern Solomons", "--type", "B")
    assert status == 0 and "rests on" not in out  # no open pair decides moves from the Eastern Solomons


def test_events_operations_initiative_damage_through_the_cli(capsys):
    doc = calc_json(capsys, "events", "--side", "japan", "--used", "torpedo-hits")
    chances = {e["id"]: e["chance"]["fraction"] for e in doc["result"]["events"]}
    assert chances == {"torpedo-hits": "0", "release-reserve": "2/3", "bomber-offensive": "1/3"}
    doc = calc_json(capsys, "operations", "--tf", "TF1", "TF2", "TF3", "--actions", "sortie", "other")
    assert doc["result"]["steps"][1]["boxes"] == {"3": "TF2", "4": "TF3"}
    doc = calc_json(capsys, "initiative", "--box", "0", "--disrupted", "--transports-sunk")
    assert doc["result"]["initiative"] == "us" and doc["result"]["victory_if_final"] == "us"  # judged after the shift (PF 11.0)
    assert doc["result"]["return_phase"]["to"] == "US 1"
    doc = calc_json(capsys, "damage-return", "--side", "japan", "--hits", "1", "--turn", "2")
    assert doc["result"]["returns_on"] == 4
    doc = calc_json(capsys, "events", "--side", "us", "--turn", "1")
    assert doc["result"]["events"] == [] and doc["title"] == "Events: US"
    doc = calc_json(capsys, "bombard", "--cf", "4", "4", "--box", "Japan 3")
    assert doc["result"]["threshold"] == 3 and doc["result"]["first_round"]["fraction"] == "23/36"
    assert any("box Japan 3 is reconstructed" in c for c in doc["caveats"])
    doc = calc_json(capsys, "tokyo-express", "--us-in-ironbottom", "yes", "--henderson", "operational")
    assert doc["result"]["cases"][0]["detected"]["fraction"] == "1/3"


@pytest.mark.parametrize("args", [
    ["fire", "--cf", "-1"],
    ["events", "--side", "mars"],
    ["events", "--side", "japan", "--used", "heavy-bombers"],
    ["events", "--side", "japan", "--turn", "5"],
    ["initiative", "--box", "US 9"],
    ["moves", "--zone", "Coral Sea", "--type", "B"],
    ["moves", "--zone", "The Slot", "--type", "C"],
    ["operations", "--tf", "A", "--actions", "sortie", "sortie"],
    ["sortie", "--side", "us", "--type", "A", "--initiative", "us"],
    ["sortie", "--side", "japan", "--type", "tokyo-express", "--initiative", "japan"],
    ["sink", "--ship", "Nonexistent", "--hits", "1"],
    ["damage-return", "--side", "us", "--hits", "1", "--turn", "9"],
    ["task-force", "--ship", "Hornet", "--cf", "4", "4"],
])
def test_bad_input_exits_2_with_one_line(capsys, args):
    status, out, err = calc(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith("chartroom: calc pacific-fury ") and len(err.strip().splitlines()) == 1


# --- issue 24: rules-fidelity audit -----------------------------------------------------------------

def test_11_0_return_phase_shifts_from_where_the_landing_left_the_marker(capsys):
    """PF 5.0, 9.3, 11.0: landings come in the Operations Phase, so the Return Phase shifts from the landed box. Before, a
    Tokyo Express landing from US 1 (to 0) was followed by a Return Phase 'US 1 -> US 2', read from the box before it."""
    doc = calc_json(capsys, "initiative", "--box", "US 1", "--landing", "1")
    assert doc["result"]["landing"]["to"] == "0"
    assert (doc["result"]["return_phase"]["from"], doc["result"]["return_phase"]["to"]) == ("0", "US 1")
    doc = calc_json(capsys, "initiative", "--box", "US 1")  # no landing: as before
    assert (doc["result"]["return_phase"]["from"], doc["result"]["return_phase"]["to"]) == ("US 1", "US 2")


def test_9_3_two_units_landing_means_henderson_field_was_disrupted(capsys):
    """PF 9.3: a TF-A lands only on a disrupted field; only the Tokyo Express (one unit) lands on an operational one (9.6).
    Before, --landing 2 without --disrupted shifted the marker back one space in the Return Phase as if operational."""
    status, out, _ = calc(capsys, "initiative", "--box", "US 1", "--landing", "2")
    assert status == 0 and "Henderson Field read as disrupted" in out and "PF 9.3" in out
    assert "Return Phase (US initiative): Henderson Field disrupted and no TF-A Transports unit sunk: no shift: Japan 1 -> Japan 1" in out
    status, out, _ = calc(capsys, "initiative", "--box", "US 1", "--landing", "1")
    assert status == 0 and "read as disrupted" not in out and "only the Tokyo Express lands (PF 9.6)" in out
    status, out, err = calc(capsys, "initiative", "--box", "US 1", "--landing", "2", "--transports-sunk")
    assert status == 2 and out == "" and "with all landed none was sunk" in err and len(err.strip().splitlines()) == 1
    assert calc_json(capsys, "initiative", "--box", "US 1", "--landing", "1", "--disrupted", "--transports-sunk")[
        "result"]["return_phase"]["to"] == "US 1"


def test_one_hit_disrupts_in_the_singular(capsys):
    assert "1 hit disrupts it" in calc(capsys, "initiative", "--box", "0")[1]
    assert "2 hits disrupt;" in calc(capsys, "air-strike", "--cf", "2", "--box", "US 2")[1]


def test_10_7_a_transports_unit_is_sunk_not_damaged(capsys):
    """PF 10.7: a single hit sinks a Transports unit or the Tokyo Express without a roll, and a sunk Transports unit returns
    at the start of the next turn. Before, damage-return gave the Japanese Transports the two-turn return of a damaged ship."""
    doc = calc_json(capsys, "damage-return", "--ship", "Japanese Transports", "--hits", "1", "--turn", "2")
    assert doc["result"]["sunk"] is True and doc["result"]["returns_on"] == 3
    doc = calc_json(capsys, "damage-return", "--ship", "us-transports", "--hits", "1", "--turn", "4")
    assert doc["result"]["returns_on"] is None and doc["result"]["side"] == "us"
    doc = calc_json(capsys, "damage-return", "--ship", "Tokyo Express", "--hits", "1", "--turn", "3")
    assert doc["result"]["returns_on"] == 4 and any("replaces one Transports unit (PF 9.6)" in c for c in doc["caveats"])
    assert calc_json(capsys, "damage-return", "--ship", "Zuikaku", "--hits", "1", "--turn", "2")["result"]["returns_on"] == 4  # a ship: as before
    status, out, err = calc(capsys, "damage-return", "--ship", "Initiative marker", "--hits", "1", "--turn", "2")
    assert status == 2 and "is a marker, not a ship" in err and len(err.strip().splitlines()) == 1


def test_10_7_no_hits_no_roll(capsys):
    status, out, _ = calc(capsys, "sink", "--hits", "0", "--df", "2")
    assert status == 0 and "no hits: no roll on the Sunk Table, neither sunk nor damaged" in out and "(no hits DF)" not in out


def test_9_0_nothing_at_sea_before_the_first_sortie():
    """PF 9.0, 9.2-9.5: at the phase's start every task force is in its box, so a move, landing, bombardment or air strike
    needs a sortie first. Before, --tf A --actions other shifted the boxes as if a task force at sea had acted."""
    with pytest.raises(OperationsError, match=r"operation 1: no task force is on the map yet .*sortie or pass \(PF 9.0\)"):
        operation_boxes({1: "A", 2: "B"}, ["other"], none_at_sea=True)
    assert operation_boxes({1: "A", 2: "B"}, ["pass", "sortie", "other"], none_at_sea=True)[2].boxes == {4: "B"}
    assert operation_boxes({2: "A"}, ["other"])[0].boxes == {3: "A"}  # a situation after sorties: may have ships at sea


def test_9_0_the_cli_refuses_other_before_a_sortie_from_the_start(capsys):
    status, out, err = calc(capsys, "operations", "--tf", "A", "B", "--actions", "other")
    assert status == 2 and out == "" and "no task force is on the map yet" in err
    assert calc_json(capsys, "operations", "--box", "2=A", "--actions", "other")["result"]["steps"][0]["boxes"] == {"3": "A"}


def test_zones_cite_one_rule_per_entry(capsys):
    """Before, the sea-zone chart's source string was one entry of `rules`: "PF 8.2, 9.1, 9.2, 9.6, 10.3, 10.5, 10.8"."""
    rules = calc_json(capsys, "zones")["rules"]
    assert all(r.startswith("PF ") and "," not in r for r in rules) and len(rules) == len(set(rules))
    assert {"PF 2.1", "PF 9.2", "PF 8.2", "PF 9.6", "PF 10.8"} <= set(rules)


def test_8_2_a_target_task_force_is_held_to_the_same_rules(capsys):
    """PF 8.2, 8.3: no task force holds a carrier and Transports; 9.6: the Tokyo Express sails alone. The target of a strike
    is a task force too; before, an impossible target (Enterprise with the US Transports) was answered without a word."""
    doc = calc_json(capsys, "task-force", "--ship", "Zuikaku", "--cf", "4", "--target", "Enterprise", "US Transports")
    assert doc["result"]["against"]["not_allowed"] == ["a task force may not hold a carrier and Transports (PF 8.2, 8.3)"]
    doc = calc_json(capsys, "task-force", "--ship", "Zuikaku", "--cf", "4", "--target", "Tone", "US Transports")
    assert doc["result"]["against"]["not_allowed"] == []
    status, out, _ = calc(capsys, "air-strike", "--ship", "Zuikaku", "--cf", "4", "--target", "Tokyo Express", "Tone")
    assert status == 0 and "target not allowed: the Tokyo Express must be alone in its task force (PF 9.6)" in out
    status, out, _ = calc(capsys, "air-strike", "--ship", "Zuikaku", "--cf", "4", "--target", "Tone")
    assert status == 0 and "not allowed" not in out


def test_moves_of_a_tf_a_follow_the_editions_reading_of_9_2_with_9_3(capsys):
    """PF-TF-A-LANDING reads 9.2 with 9.3 so that a TF-A enters Ironbottom Sound only to land (the edition's
    task_force_a_may_wait_in_landing_zone: false); before, `moves --type A` offered Ironbottom Sound as a plain move and
    answered from The Slot without a word, contradicting the check."""
    status, out, _ = calc(capsys, "moves", "--zone", "Eastern Solomons", "--type", "A")
    assert status == 0 and "into Ironbottom Sound only as a Landing (PF 9.3)" in out and "PF 9.3" in out.splitlines()[-1]
    status, out, _ = calc(capsys, "moves", "--zone", "The Slot", "--type", "A")
    assert "no TF-A stands in The Slot after an operation" in out
    status, out, _ = calc(capsys, "moves", "--zone", "Eastern Solomons", "--type", "B")
    assert "Landing" not in out and "PF 9.3" not in out


def test_7_0_events_used_must_fit_one_event_phase_a_turn(capsys):
    """PF 5.0, 7.0: one Event Phase a turn from Turn 2, once-only events once. Before, `--used torpedo-hits torpedo-hits`,
    three Japanese events (none left to roll) and an event before Turn 2's roll were all answered."""
    for args, said in [(["--side", "japan", "--used", "torpedo-hits", "torpedo-hits"], "--used torpedo-hits twice: it happens once a game (PF 7.0"),
                       (["--side", "japan", "--used", "torpedo-hits", "release-reserve", "bomber-offensive"],
                        "at most 2 events can come before the roll of Turn 4, the last"),
                       (["--side", "us", "--turn", "2", "--used", "heavy-bombers"], "at most 0 events can come before the roll of Turn 2")]:
        status, out, err = calc(capsys, "events", *args)
        assert status == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1, err
    doc = calc_json(capsys, "events", "--side", "us", "--turn", "4", "--used", "heavy-bombers", "heavy-bombers")  # repeatable
    assert {e["id"]: e["chance"]["fraction"] for e in doc["result"]["events"]}["heavy-bombers"] == "1/2"
    doc = calc_json(capsys, "events", "--side", "us", "--turn", "3", "--used", "submarine-attack")
    assert {e["id"]: e["chance"]["fraction"] for e in doc["result"]["events"]}["heavy-bombers"] == "3/5"


# --- i25 follow-up of the audit ------------------------------------------------------------------

def test_4_0_victory_is_judged_after_turn_4s_return_phase(capsys):
    """PF 4.0 judges victory at the end of Turn 4, and 11.0 ends the game only once that turn's Return Phase is complete.
    Before, `initiative --box 0` said 'if Turn 4 ends here: a draw' from the box as written, although the Return Phase
    of an operational Henderson Field moves the marker to US 1 first: a US win."""
    status, out, _ = calc(capsys, "initiative", "--box", "0")
    lines = out.splitlines()
    assert status == 0 and "ends here" not in out
    assert "  if this is Turn 4, the game ends after this Return Phase with the marker on US 1: US wins" in lines
    assert lines.index("  if this is Turn 4, the game ends after this Return Phase with the marker on US 1: US wins") > \
        next(i for i, line in enumerate(lines) if line.startswith("  Return Phase"))
    doc = calc_json(capsys, "initiative", "--box", "0", "--disrupted")  # no shift: the box as written decides
    assert (doc["result"]["victory_if_final"], doc["result"]["victory_box"]) == ("draw", "0")
    doc = calc_json(capsys, "initiative", "--box", "Japan 1", "--initiative", "us")  # the US initiative shifts it to 0
    assert (doc["result"]["victory_if_final"], doc["result"]["victory_box"]) == ("draw", "0")
    doc = calc_json(capsys, "initiative", "--box", "US 1", "--landing", "2", "--disrupted")  # landings first (PF 9.3)
    assert (doc["result"]["victory_if_final"], doc["result"]["victory_box"]) == ("japan", "Japan 1")


def test_9_5_a_tf_c_strikes_a_neighbouring_zone_not_its_own(capsys):
    """PF 9.5, 10.6 say 'adjacent sea zone'; the reading chosen (docs/pacific-fury.md) leaves the TF-C's own zone out and
    the answer now says so. Before, nothing told a user why an enemy beside the TF-C was no target."""
    doc = calc_json(capsys, "moves", "--zone", "Eastern Solomons", "--type", "C")
    assert doc["result"]["air_strike_zones"] == ["Ironbottom Sound", "South Pacific Ocean"]
    assert "PF 10.5" in doc["rules"]
    status, out, _ = calc(capsys, "moves", "--zone", "Eastern Solomons", "--type", "C")
    assert status == 0 and "  not an enemy task force in Eastern Solomons itself: 'adjacent' (PF 9.5, 10.6) read as a neighbouring zone" in out
    status, out, _ = calc(capsys, "moves", "--zone", "Eastern Solomons", "--type", "B")
    assert status == 0 and "itself" not in out
