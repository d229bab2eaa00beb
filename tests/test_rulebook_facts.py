"""Rulebook facts checked through the engine on the real Fire in the Sky data.

test_map_facts.py checks the map YAML with a small local model and
test_edition_facts.py checks edition parameters with local arithmetic. This
file asks the same kind of questions of what the tool itself computes
(toolkit.graph: distances, Air ZOC, Supply Lines, movement ranges, costs; and
the CLI), for facts the rulebooks state or imply that no other test put to the
engine. Each test cites edition and rule/section; "v1.1" is the MMP 2005
rulebook (with 19.0, the Example of Play and the Player's Notes), "2nd" the
Phalanx 2nd edition and its player aid.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest

from conftest import GAME
from toolkit.games.fire_in_the_sky.air_zoc import air_zoc
from toolkit.games.fire_in_the_sky.costs import (
    asw_cost,
    dd_transfer_cost,
    end_of_phase,
    oil_transport,
    operational_movement_cost,
    reaction_cost,
    sea_deployment_cost,
)
from toolkit.games.fire_in_the_sky.movement import (
    air_commitment,
    air_points,
    amphibious_reach,
    one_hex_deployment,
    operational_movement,
    reaction,
    sea_deployment,
)
from toolkit.games.fire_in_the_sky.records import air_capacity
from toolkit.games.fire_in_the_sky.state import GameState, UnitState
from toolkit.games.fire_in_the_sky.supply import brisbane_lifeline, land_unit_supplied, supply_line

CAMPAIGN = GAME / "campaign.yaml"
KNOCKOUT = ["Espiritu Santo", "Noumea", "Fiji", "Brisbane"]


@cache
def loaded(path: str, edition: str | None = None):
    from toolkit.model.build import load_game, load_scenario

    lo = load_scenario(GAME / path)
    assert lo.game is not None and lo.scenario is not None, [f.message for f in lo.findings[:3]]
    game = lo.game if edition is None else load_game(GAME, edition).game
    return game, lo.scenario


@cache
def state(path: str = "short-campaign.yaml", edition: str | None = None) -> GameState:
    game, scenario = loaded(path, edition)
    return GameState.from_scenario(game, scenario)


def edition(eid: str):
    from toolkit.model.build import load_game

    return load_game(GAME, eid).game.edition


V11, SECOND = edition("v1.1"), edition("2nd")


def node(st: GameState, name: str) -> str:
    return st.graph.hex_node(name)


def units(st: GameState, counter: str, at: str, side: str | None = None) -> list[UnitState]:
    n = node(st, at)
    return [u for u in st.units if u.counter.id == counter and u.at == n and (side is None or u.side == side)]


def put(st: GameState, counter: str, at: str, side: str, task_force: bool = True, steps: int = 1,
        uid: str | None = None) -> GameState:
    game = loaded("short-campaign.yaml")[0]
    return st.with_unit(UnitState(uid or f"{counter}@{at}#probe", game.counters[counter], side, node(st, at), steps,
                                  task_force=task_force))


def control(st: GameState, **sides) -> GameState:
    for base, side in sides.items():
        st = st.with_control(base.replace("_", " "), side)
    return st


def dist(a: str, b: str, sea: bool = False) -> int | None:
    return state().graph.distance(a, b, sea=sea)


# ---------------------------------------------------------------------------
# Distances and axes named in the Example of Play and Player's Notes
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["Espiritu Santo", "Noumea", "Fiji"])
def test_guadalcanal_two_hexes_from_three_knockout_hexes(target):
    # v1.1 Example of Play intro: Guadalcanal "two hexes away from 3" Knockout hexes,
    # "allowing an amphibious invasion" (9.2.1: within 2 hexes of a friendly base).
    assert dist("Guadalcanal", target) <= 2
    st = control(state(), Guadalcanal="japan")
    assert target in amphibious_reach(st, "japan")


def test_port_moresby_leads_only_to_brisbane():
    # v1.1 Example of Play intro: Port Moresby "only leads to one Knockout hex (Brisbane)".
    assert [k for k in KNOCKOUT if dist("Port Moresby", k) <= 2] == ["Brisbane"]


@pytest.mark.parametrize("a,b", [
    ("Wake", "Midway"), ("Midway", "Pearl Harbor"),                 # Wake-Midway-Pearl Harbor axis
    ("Rabaul", "Guadalcanal"), ("Guadalcanal", "Noumea"),            # Rabaul-Guadalcanal-Noumea/Fiji/Samoa
    ("Guadalcanal", "Ellice Islands"), ("Ellice Islands", "Fiji"), ("Ellice Islands", "Samoa"),
    ("Port Moresby", "Brisbane"),                                   # Port Moresby-Brisbane
    ("Rangoon", "Ceylon"), ("Rangoon", "Calcutta"),                 # Rangoon-Ceylon/Calcutta
    ("Attu", "Dutch Harbor"),                                       # Attu-Dutch Harbor (defensive axis)
])
def test_axes_of_attack_advance_by_amphibious_hops(a, b):
    # v1.1 Player's Notes, Mid-Game Strategy: each axis step is an invasion from the base
    # before it (9.2.1 / 12.3.4.1: land within 2 hexes of a friendly base), by sea.
    st = control(state(), **{a.replace(" ", "_"): "japan"})
    assert b in amphibious_reach(st, "japan")
    assert dist(a, b, sea=True) is not None and dist(a, b, sea=True) <= 4


def test_rabaul_air_can_be_committed_to_guadalcanal():
    # v1.1 12.3.2 example: 4 air steps at Rabaul committed to the Guadalcanal hex give
    # 2 Air Points (11.0: own or adjacent hex, half the steps).
    st = state()
    st = put(st, "jp-air", "Rabaul", "japan", task_force=False, steps=2, uid="jp-air@Rabaul#second")
    air = units(st, "jp-air", "Rabaul")
    assert sum(u.steps for u in air) == 4
    long_range = sum(air_commitment(st, u).get("Guadalcanal", 0) for u in air)
    assert long_range == 4 and air_points(long_range_steps=long_range) == 2


@pytest.mark.parametrize("a,b", [("Rabaul", "Lae"), ("Rabaul", "Port Moresby"), ("Saigon", "Singapore"),
                                 ("Bangkok", "Rangoon"), ("Formosa", "Manila")])
def test_air_commitment_to_an_adjacent_hex(a, b):
    # v1.1 Example of Play, Air Commitment: Bangkok->Rangoon, Saigon->Singapore, Formosa->Manila,
    # Rabaul->Port Moresby; Lae "covered by Rabaul air units" (2.1.1.2: hex and six around).
    assert dist(a, b) == 1


# ---------------------------------------------------------------------------
# Air ZOC
# ---------------------------------------------------------------------------

def test_lae_covered_by_rabaul_air_units():
    # v1.1 Example of Play intro: Lae "is covered by Rabaul air units" (Short Campaign set-up,
    # 2 air steps at Rabaul; 2.1.1.2 Air ZOC = own hex and the six around).
    st = state()
    only_rabaul = replace(st, units=tuple(u for u in st.units if not (u.side == "japan" and u.type == "air")
                                          or u.at == node(st, "Rabaul")))
    assert node(st, "Lae") in air_zoc(only_rabaul, "japan")


def test_saigon_air_zoc_covers_the_british_fleet_at_singapore():
    # v1.1 Player's Notes, Turn 1: the British Far East Fleet reacts "from a hex in a Japanese
    # Air ZOC" thanks to the Japanese air steps in Saigon.
    st = state("campaign.yaml")
    assert node(st, "Singapore") in air_zoc(st, "japan")


def test_british_far_east_fleet_reaction_limited_to_one_more_hex():
    # v1.1 Player's Notes, Turn 1 (10.1): starting in an enemy Air ZOC it may only move one hex.
    st = state("campaign.yaml")
    fleet = units(st, "br-bb-prince-of-wales-repulse", "Singapore") + units(st, "br-dd", "Singapore")
    assert fleet
    for name in ("Saigon", "Malaya", "Brunei", "Manila", "Surabaya"):
        if st.graph.distance("Singapore", name) <= 4:
            st = put(st, "jp-dd", name, "japan", uid=f"jp-dd@{name}#target")
    reach = reaction(st, fleet)
    assert reach, "no Japanese target next to Singapore in this probe"
    for place in reach:
        assert st.graph.distance("Singapore", place) <= 1, place


def test_no_allied_air_zoc_stops_the_lae_force_at_start():
    # v1.1 Example of Play: Brunei -> Lae by Operational Movement at the 1-4 hex cost and
    # "Allied reaction to this force is impossible due to Air ZOCs".
    st = state()
    tf = units(st, "jp-dd", "Kure")[:1] + units(st, "jp-land-2", "Brunei")
    st = replace(st, units=tuple(replace(u, at=node(st, "Brunei")) if u.id == tf[0].id else u for u in st.units))
    tf = [st.unit(u.id) for u in tf]
    reach = operational_movement(st, tf)
    assert "Lae" in reach and reach.hexes["Lae"] <= 4


# ---------------------------------------------------------------------------
# Reactions named in the Player's Notes (Turn 1, Campaign Game set-up)
# ---------------------------------------------------------------------------

def _reactors(st: GameState, target: str) -> set[str]:
    st = put(st, "jp-dd", target, "japan", uid=f"jp-dd@{target}#invasion")
    out = set()
    for u in st.units:
        if u.side == "allied" and u.type == "naval" and u.at not in st.graph.off_map and u.at is not None:
            if target in reaction(st, [u]):
                out.add(u.counter.nation)
    return out


def test_only_the_dutch_can_react_to_manila_on_turn_1():
    # v1.1 Player's Notes, Turn 1: for Manila "only the weak Dutch naval units are close enough to react".
    assert _reactors(state("campaign.yaml"), "Manila") == {"netherlands"}


def test_dutch_can_interfere_at_brunei_on_turn_1():
    # v1.1 Player's Notes, Turn 1: Brunei needs "some token escort ... against Dutch interference".
    assert "netherlands" in _reactors(state("campaign.yaml"), "Brunei")


def test_gilberts_invasion_reachable_only_from_pearl_harbor():
    # v1.1 Player's Notes, Turn 1: for the Gilberts "The only danger is from Allied submarines".
    # CONFLICT on this map: the Marshalls must be adjacent to the Gilberts (Example of Play,
    # One-hex Deployment) and within 4 of Pearl Harbor's neighbourhood (Ellice-Pearl Harbor
    # within 4, 18.1.1), which leaves the Pearl Harbor fleet 3 hexes from the Gilberts, inside
    # a Reaction range of 3-4. The stronger, explicit facts are kept; no other Allied naval unit
    # of the Turn 1 set-up can react there.
    st = state("campaign.yaml")
    st = put(st, "jp-dd", "Gilbert Islands", "japan", uid="jp-dd@Gilberts#invasion")
    from_where = {st.graph.label(u.at) for u in st.units
                  if u.side == "allied" and u.type == "naval" and u.at and u.at not in st.graph.off_map
                  and "Gilbert Islands" in reaction(st, [u])}
    assert from_where <= {"Pearl Harbor"}


def test_dutch_fleet_can_come_out_for_surabaya():
    # v1.1 Example of Play, Allied Reaction Phase: the Dutch CL and DD react at Surabaya.
    st = put(state(), "jp-ca", "Surabaya", "japan")
    for c in ("nl-cl", "nl-dd"):
        assert "Surabaya" in reaction(st, units(st, c, "Surabaya"))


def test_gentlemen_reaction_example():
    # v1.1 18.1.1 / 2nd 16.1.1 example: Noumea is out of Reaction range of Midway; the Task Force
    # deploys to Ellice then Pearl Harbor (each a Sea Deployment), then reacts to Midway.
    st = put(state(), "jp-ca", "Midway", "japan")
    cv = units(st, "us-cv-lexington-saratoga", "Noumea")
    assert cv and "Midway" not in reaction(st, cv)
    reach = sea_deployment(st, cv[0])
    assert "Ellice Islands" in reach and reach.deployments["Ellice Islands"] == 1
    at_ellice = replace(st, units=tuple(replace(u, at=node(st, "Ellice Islands")) if u.id == cv[0].id else u
                                        for u in st.units))
    reach = sea_deployment(at_ellice, at_ellice.unit(cv[0].id))
    assert "Pearl Harbor" in reach and reach.deployments["Pearl Harbor"] == 1
    at_pearl = replace(st, units=tuple(replace(u, at=node(st, "Pearl Harbor")) if u.id == cv[0].id else u
                                       for u in st.units))
    assert "Midway" in reaction(at_pearl, [at_pearl.unit(cv[0].id)])


# ---------------------------------------------------------------------------
# Land connections and free moves
# ---------------------------------------------------------------------------

def test_bangkok_invaded_from_saigon_at_no_cost():
    # v1.1 Player's Notes, Turn 1: "invading Bangkok from Saigon with the army there ... costs
    # no Transport or Oil Points" (8.3.3 One-hex Deployment along a land connection).
    st = state("campaign.yaml")
    army = [u for u in st.units if u.side == "japan" and u.type == "land" and u.at == node(st, "Saigon")]
    assert army
    reach = one_hex_deployment(st, army[0])
    assert "Bangkok" in reach and reach["Bangkok"].tp == 0 and reach["Bangkok"].oil == 0


@pytest.mark.parametrize("target", ["Calcutta", "Bombay"])
def test_india_by_connected_land_hexes_from_rangoon(target):
    # v1.1 Player's Notes, Taking India: land units move "via connected bases" and save Transport.
    import networkx as nx

    g = state().graph
    assert nx.has_path(g.land, node(state(), "Rangoon"), node(state(), target))


def test_replacements_funnel_through_lae_to_port_moresby():
    # v1.1 Example of Play intro: replacements "funnel in through Lae" (7.4: same or adjacent hex
    # with a land connection).
    g = state().graph
    assert g.land.has_edge(node(state(), "Lae"), node(state(), "Port Moresby"))


def test_gangetic_plain_is_not_a_sea_hex():
    # v1.1 2.2.1 / 2nd 3.2.1: every hex is a sea hex except the Gangetic Plain.
    assert dist("Bombay", "Gangetic Plain", sea=True) is None
    assert "Gangetic Plain" not in amphibious_reach(control(state(), Calcutta="japan"), "japan")


# ---------------------------------------------------------------------------
# Sea Deployment and Operational Movement on the real map
# ---------------------------------------------------------------------------

def test_iwo_jima_marine_brigade_can_take_the_gilberts():
    # v1.1 Player's Notes, Turn 1: the Gilberts are "easy pickings for the Japanese Marine
    # Brigade on Iwo Jima": Sea Deployment, then Operational Movement and a landing.
    st = state("campaign.yaml")
    brigade = [u for u in st.units if u.side == "japan" and u.type == "land" and u.at == node(st, "Iwo Jima")]
    assert brigade
    ok = []
    for base in sea_deployment(st, brigade[0]):
        if base in st.graph.off_map:
            continue
        moved = replace(st, units=tuple(replace(u, at=node(st, base)) if u.id == brigade[0].id else u
                                        for u in st.units))
        if "Gilbert Islands" in operational_movement(moved, [moved.unit(brigade[0].id)]):
            ok.append(base)
    assert ok
    assert "Gilbert Islands" in amphibious_reach(st, "japan")


def test_truk_fleet_deployment_is_one_sea_deployment():
    # v1.1 Example of Play: the fleet goes Kure -> Truk in one deployment (7.5 TP) and Truk
    # "allows movement to the east and south".
    st = state()
    reach = sea_deployment(st, units(st, "jp-cv-shokaku-zuikaku", "Kure")[0])
    assert reach.deployments["Truk"] == 1 and reach["Truk"].tp == 2


def test_kure_to_singapore_takes_two_deployments_after_turn_2_captures():
    # v1.1 Example of Play, Second Deployment: 2 DD Kure -> Singapore, 5 -> 3 TP (two deployments each).
    st = control(state(), Singapore="japan", Surabaya="japan", Lae="japan")
    st = replace(st, units=tuple(u for u in st.units if not (u.side == "allied" and u.at in
                                                             {node(st, "Singapore"), node(st, "Surabaya")})))
    reach = sea_deployment(st, units(st, "jp-dd", "Kure")[0])
    assert reach.deployments["Singapore"] == 2 and reach["Singapore"].tp == 1


# ---------------------------------------------------------------------------
# Supply Lines
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("path,ed", [("short-campaign.yaml", None), ("campaign.yaml", None),
                                     ("short-campaign.yaml", "2nd")])
def test_japan_cannot_trace_to_paramushiro(path, ed):
    # v1.1 2.2.3.2 play note; 2nd 3.3.4 designer note: "cannot trace a Supply Line to this hex".
    assert not supply_line(state(path, ed), "japan", "Paramushiro")


def test_paramushiro_land_units_supplied_only_by_sea_control():
    # v1.1 2.2.3.2 play note: the only way to supply them is Sea Control.
    st = state()
    assert not land_unit_supplied(st, "japan", "Paramushiro")
    assert land_unit_supplied(st, "japan", "Paramushiro", sea_control="japan")


@pytest.mark.parametrize("path,ed", [("short-campaign.yaml", None), ("campaign.yaml", None),
                                     ("short-campaign.yaml", "2nd")])
def test_us_australia_lifeline_open_at_start(path, ed):
    # v1.1 16.0 / 2nd 4.3.1: Japan scores 2 VP each turn the line is cut, so it opens unbroken.
    assert brisbane_lifeline(state(path, ed))


@pytest.mark.parametrize("target", ["Espiritu Santo", "Noumea", "Fiji"])
def test_guadalcanal_and_a_knockout_hex_cut_the_lifeline(target):
    # v1.1 Example of Play intro: with Guadalcanal, taking any of the three "should lead to a
    # Japanese Knockout" (16.0: 2 VP each Japanese turn the US-Brisbane line is cut).
    st = control(state(), Guadalcanal="japan", **{target.replace(" ", "_"): "japan"})
    st = replace(st, units=tuple(u for u in st.units if not (u.side == "allied" and u.at in
                                                             {node(st, "Guadalcanal"), node(st, target)})))
    st = put(st, "jp-air", "Guadalcanal", "japan", task_force=False, steps=2)
    st = put(st, "jp-air", target, "japan", task_force=False, steps=2, uid="jp-air@target")
    assert not brisbane_lifeline(st)


def test_brunei_is_the_only_supplied_resource_hex_on_turn_2():
    # v1.1 Example of Play, Transport Phase: 4 TP buy 4 Oil, one Resource Hex (5.1: 4 each).
    from toolkit.games.fire_in_the_sky.supply import resource_hexes_supplied

    st = state()
    assert resource_hexes_supplied(st) == ["Brunei"]
    assert oil_transport(V11, len(resource_hexes_supplied(st)), 30, 4).max_oil == 4


def test_all_three_resource_hexes_supplied_after_turn_2_captures():
    # v1.1 Example of Play: Singapore and Surabaya fall on Turn 2 (5.1 needs a Supply Line to each).
    from toolkit.games.fire_in_the_sky.supply import resource_hexes_supplied

    st = control(state(), Singapore="japan", Surabaya="japan", Lae="japan")
    st = replace(st, units=tuple(u for u in st.units if not (u.side == "allied" and u.type == "air"
                                                             and u.at in {node(st, "Singapore")})))
    assert sorted(resource_hexes_supplied(st)) == ["Brunei", "Singapore", "Surabaya"]


def test_japanese_sea_control_puts_the_british_out_of_supply():
    # v1.1 Example of Play, Rangoon/Singapore/Manila battles: Japanese Sea Control puts the Allied
    # land units out of supply (12.3.3.3, 12.3.4.4).
    st = state()
    for place in ("Rangoon", "Singapore", "Manila"):
        assert not land_unit_supplied(st, "allied", place, sea_control="japan")
        assert land_unit_supplied(st, "japan", place, sea_control="japan")


def test_dutch_out_of_supply_by_special_rule():
    # v1.1 Example of Play, Surabaya ("out of supply by special rule anyway"); 17.4 / 2nd 15.4.
    st = state()
    abda = units(st, "nl-abda", "Surabaya")[0]
    assert not land_unit_supplied(st, "allied", "Surabaya", sea_control="allied", unit=abda)


def test_dutch_harbor_landing_even_if_attu_and_dutch_harbor_lost():
    # v1.1 2.2.4 / 2nd 3.2.6: the Allies can land at Dutch Harbor from the West Coast USA box.
    st = control(state(), Attu="japan", Dutch_Harbor="japan")
    assert "Dutch Harbor" in amphibious_reach(st, "allied")


@pytest.mark.parametrize("name", ["Singapore", "Surabaya"])
def test_pentagon_bases_are_not_home_bases(name):
    # v1.1 17.4, 17.5 / 2nd 15.4, 15.5: Surabaya and Singapore are not Home Bases.
    for ed in (None, "2nd"):
        st = state("short-campaign.yaml", ed)
        assert not st.is_home_base(node(st, name), "allied")


# ---------------------------------------------------------------------------
# Victory Point lists (Player's Notes) through the loaded model
# ---------------------------------------------------------------------------

def test_players_notes_12_and_17_vp():
    # v1.1 Player's Notes, Turns 2-4: eight bases = 12 VP; five more = "up to 17".
    places = loaded("short-campaign.yaml")[0].map.places
    even = ["Singapore", "Manila", "Brunei", "Surabaya", "Rabaul", "Gilbert Islands", "Bangkok", "Rangoon"]
    more = ["Wake", "Leyte", "Lae", "Hollandia", "Attu"]
    assert sum(places[n].vp for n in even) == 12
    assert sum(places[n].vp for n in even + more) == 17


@pytest.mark.parametrize("name,aa", [("Rangoon", 2), ("Singapore", 4), ("Manila", 4), ("Port Moresby", 2)])
def test_example_of_play_anti_aircraft_factors(name, aa):
    # v1.1 Example of Play: "2 Anti-Aircraft factors of the Rangoon base", Singapore 4, Manila 4,
    # Port Moresby 2 (2.2.3: half the printed Air Capacity).
    assert air_capacity(loaded("short-campaign.yaml")[0].map.places[name]) // 2 == aa


# ---------------------------------------------------------------------------
# Rule arithmetic through the cost engine (and the CLI)
# ---------------------------------------------------------------------------

def test_oil_transport_example_5_1():
    # v1.1 5.1 example: 3 Resource Hexes, 15 TP, pool 21 -> 10 Oil.
    assert oil_transport(V11, 3, 21, 15).max_oil == 10


def test_oil_transport_second_edition_eight_per_hex():
    # 2nd 5.1 / player aid: up to 8 Oil per Resource Hex, at most half the pool, 1 TP each.
    r = oil_transport(SECOND, 3, 60, 60)
    assert (r.by_resource, r.by_pool, r.max_oil, r.tp_cost) == (24, 30, 24, 24)


def test_sea_deployment_examples():
    # v1.1 8.2: "4 x 0.5 = 2"; 2nd 7.1: TR 8 army pays 8 TP.
    assert sea_deployment_cost(V11, "land", 4) == 2
    assert sea_deployment_cost(SECOND, "land", 8) == 8


def test_operational_air_example():
    # v1.1 9.2: a 2-TR air unit pays 2 TP; 2nd 8.3: TR x 2.
    assert operational_movement_cost(V11, [("air", 2, "japan")], 3).tp == 2
    assert operational_movement_cost(SECOND, [("air", 2, "japan")], 3).tp == 4
    assert operational_movement_cost(V11, [("land", 2, "allied")], 3).tp == 2   # v1.1 9.3 note: both sides pay TP


def test_destroyer_six_hexes_example():
    # v1.1 9.3: "0.5 x 1.5 = 0.75" Oil; Allied naval units move free.
    assert operational_movement_cost(V11, [("naval", 0.5, "japan")], 6).oil == 0.75
    assert operational_movement_cost(V11, [("naval", 0.5, "japan")], 4).oil == 0.5
    assert operational_movement_cost(V11, [("naval", 2, "allied")], 6) == (0, 0)


def test_second_edition_task_force_oil_rounds_up_and_port_exit_free():
    # 2nd 8.4: ½ fractions rounded up per Task Force; leaving port and staying: no cost.
    assert operational_movement_cost(SECOND, [("naval", 1, "japan"), ("naval", 0.5, "japan")], 6).oil == 3
    assert operational_movement_cost(SECOND, [("naval", 1, "japan")], 0).oil == 0


def test_v11_reaction_into_own_hex_pays_the_short_band():
    # v1.1 10.1: reacting into the hex it occupies pays the "1-4 hexes" Oil cost.
    assert reaction_cost(V11, [("naval", 1, "japan")], 0).oil == 1


def test_resource_hex_fueling_from_turn_10():
    # v1.1 17.3 / 2nd 15.3: from Turn 10, starting in a Resource Hex moves free.
    assert operational_movement_cost(V11, [("naval", 2, "japan")], 6, turn=10, start_resource=True).oil == 0
    assert operational_movement_cost(V11, [("naval", 2, "japan")], 6, turn=9, start_resource=True).oil == 3


def test_convoy_costs():
    # v1.1 5.2 (1 TP per DD), 6.1 + charts errata (0.5 Oil per ASW die); 2nd 5.2 (2 TP), 5.3 (1 Oil).
    assert (dd_transfer_cost(V11), asw_cost(V11)) == (1, 0.5)
    assert (dd_transfer_cost(SECOND), asw_cost(SECOND)) == (2, 1)


def test_fractions_lost_at_end_of_phase():
    # v1.1 2.1.2.1 and Example of Play: "11 1/2, which is rounded down to 11 as the Phase ends".
    assert end_of_phase(11.5, V11) == 11 and end_of_phase(11.75, V11) == 11


def test_cli_cost_destroyer_six_hexes(capsys):
    # v1.1 9.3 example through the CLI.
    from toolkit.cli import main

    assert main(["cost", "operational", "--units", "jp-dd", "--hexes", "6", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["oil"] == 0.75 and out["tp"] == 0


def test_cli_map_distance_guadalcanal_noumea(capsys):
    # v1.1 Example of Play intro through the CLI: Guadalcanal to Noumea within two hexes.
    from toolkit.cli import main

    assert main(["map", "distance", "Guadalcanal", "Noumea"]) == 0
    assert int(capsys.readouterr().out.split()[0]) <= 2  # "2 hexes"


@pytest.mark.parametrize("a,b,want", [("Malaya/east", "Singapore", "1 hex"), ("Malaya/west", "Malaya/east", "0 hexes")])
def test_cli_map_distance_accepts_malaya_half_hexes(capsys, a, b, want):
    # v1.1 2.2.1.2 / 2nd 15.1: the halves matter for sea movement only; across any hexside
    # a half hex is its whole hex (was an internal error, exit 3).
    from toolkit.cli import main

    assert main(["map", "distance", a, b]) == 0
    assert capsys.readouterr().out.strip() == want
