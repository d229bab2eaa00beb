"""Map graph rules on tiny hand-made maps: one allowed and one forbidden case per rule clause.

Maps are built in code with the model dataclasses. Most are a single column of
hexes ("0101" to "01NN"), a line where each hex touches only the next, so that
an Air ZOC cannot be sailed around.
"""

from __future__ import annotations

import pytest

from toolkit.games.fire_in_the_sky.air_zoc import air_zoc
from toolkit.games.fire_in_the_sky.costs import (
    Cost,
    asw_cost,
    dd_transfer_cost,
    end_of_phase,
    oil_transport,
    operational_movement_cost,
    sea_deployment_cost,
)
from toolkit.games.fire_in_the_sky.mapgraph import MapGraph, NoSuchPlace, map_graph
from toolkit.games.fire_in_the_sky.movement import (
    RuleError,
    air_commitment,
    air_points,
    amphibious_reach,
    one_hex_deployment,
    operational_movement,
    reaction,
    sea_deployment,
)
from toolkit.games.fire_in_the_sky.state import GameState, UnitState
from toolkit.games.fire_in_the_sky.supply import brisbane_lifeline, land_unit_supplied, supplied_hexes, supply_line
from toolkit.model import Box, Counter, Edition, LandConnection, Map, Place, Section


def _edition(edition_id: str) -> Edition:
    """The bundled edition's parameters and rule numbers: the edition file is the only home of rule values."""
    from toolkit.model.build import bundled_scenarios, load_game

    return load_game(bundled_scenarios() / "fire-in-the-sky", edition_id).game.edition


V11 = _edition("v1.1")
SECOND = _edition("2nd")

C = {
    "dd": Counter("jp-dd", "DD", "japan", "japan", "naval", "DD", ratings={"transport": 0.5, "movement": 8}),
    "ca": Counter("jp-ca", "CA", "japan", "japan", "naval", "CA", ratings={"transport": 1, "movement": 8}),
    "bb": Counter("jp-bb", "BB", "japan", "japan", "naval", "BB", ratings={"transport": 2, "movement": 5}),
    "cv": Counter("jp-cv", "CV", "japan", "japan", "naval", "CV", ratings={"transport": 2, "movement": 8, "air_strength": 4}),
    "air": Counter("jp-air", "air", "japan", "japan", "air", ratings={"steps": 2}),
    "land4": Counter("jp-land-4", "land 4", "japan", "japan", "land", ratings={"combat": 4, "transport": 4}),
    "land2": Counter("jp-land-2", "land 2", "japan", "japan", "land", ratings={"combat": 2, "transport": 2}),
    "us-air": Counter("us-air", "air", "allied", "us", "air", ratings={"steps": 2}),
    "us-cv": Counter("us-cv", "CV", "allied", "us", "naval", "CV", ratings={"transport": 2, "movement": 8, "air_strength": 4}),
    "us-ca": Counter("us-ca", "CA", "allied", "us", "naval", "CA", ratings={"transport": 1, "movement": 8}),
    "us-land": Counter("us-land-2", "land", "allied", "us", "land", ratings={"combat": 2, "transport": 2}),
    "abda": Counter("nl-abda", "ABDA", "allied", "netherlands", "land", ratings={"combat": 4, "transport": 4}),
}


def base(name, hex_, flag="japan", **kw) -> Place:
    side = None if flag == "none" else "japan" if flag == "japan" else "allied"  # as the manifest's sides resolve it
    return Place(name, hex_, "base", flag=flag, side=side, extra=kw)  # Fire in the Sky's own fields: air, home_base, resource...


def line(n: int, *places: Place, impassable=(), land=(), boxes=(), splits=()) -> Map:
    """A map of one column, hexes 0101 .. 01nn (each hex touches only the next)."""
    hexes = frozenset(f"01{r:02d}" for r in range(1, n + 1))
    return make_map(hexes, places, impassable, land, boxes, splits)


def make_map(hexes, places=(), impassable=(), land=(), boxes=(), splits=()) -> Map:
    """A map with its split hexes (records as map.yaml's ``split_hexes:`` gives them) in Fire in the Sky's own section."""
    sections = {"split_hexes": Section("split_hexes", list(splits), None)} if splits else {}
    return Map(frozenset(hexes), {p.name: p for p in places}, tuple(LandConnection(a, b) for a, b in land),
               frozenset(frozenset(pair) for pair in impassable), {b.name: b for b in boxes}, sections=sections)


def unit(key, at, side=None, uid=None, **kw) -> UnitState:
    counter = C[key]
    steps = kw.pop("steps", 2 if counter.type == "air" else 1)
    return UnitState(uid or f"{key}@{at}", counter, side or counter.side, at, steps, **kw)


def state(m, *units, edition=V11, control=None, turn=2) -> GameState:
    return GameState(m, edition, control or {}, tuple(units), turn)


def wcusa(*entries) -> Box:
    return Box("West Coast USA", "off-map", "us", None, tuple(entries), side="allied", extra={"home_base": "us"})


# --- the graphs -----------------------------------------------------------------------

def test_graph_is_built_once_per_map():
    m = line(3)
    assert map_graph(m) is map_graph(m)
    assert map_graph(line(3)) is not map_graph(m)


def test_names_resolve_with_did_you_mean():
    g = MapGraph(line(3, base("Truk", "0102")))
    assert g.hex_node("Truk") == "0102" and g.hex_node("0103") == "0103"
    with pytest.raises(NoSuchPlace) as info:
        g.hex_node("Trukk")
    assert info.value.suggestion == "Truk"


def test_gangetic_plain_is_not_a_sea_hex():
    plain = Place("Gangetic Plain", "0103", "land", extra={"sea": False})
    m = line(5, base("A", "0101"), plain, base("B", "0105"))
    g = MapGraph(m)
    assert g.distance("A", "B") == 4          # across it for supply and range
    assert g.distance("A", "B", sea=True) is None
    assert "0103" not in g.sea
    # A sea deployment cannot cross it; amphibious landings cannot happen there.
    s = state(m, unit("dd", "0101"))
    assert "B" not in sea_deployment(s, s.units[0])
    assert "Gangetic Plain" not in amphibious_reach(s, "japan")


# The Malaya hex 0202 split in two: west half touches 0102/0103, east half 0302/0303.
# 0201 and 0203 are outside the map, so the halves are the only sea link.
MALAYA_HEXES = {"0101", "0102", "0103", "0202", "0301", "0302", "0303"}
MALAYA = {"hex": "0202", "name": "Malaya", "halves": [{"name": "west", "neighbours": ["0102", "0103"]},
                                                     {"name": "east", "neighbours": ["0302", "0303"]}]}


def malaya_map(**flags) -> Map:
    return make_map(MALAYA_HEXES, [base("Kure", "0102", home_base="japan"), base("East", "0302"),
                                   Place("Malaya", "0202", "land")], splits=[MALAYA])


def test_malaya_half_hexes_no_sea_move_between_halves():
    m = malaya_map()
    g = MapGraph(m)
    assert {"0202/west", "0202/east"} <= set(g.sea) and "0202" not in g.sea
    assert set(g.sea.adj["0202/west"]) == {"0102", "0103"}
    assert g.distance("Malaya/west", "0103", sea=True) == 1          # allowed: west half to its neighbour
    assert g.distance("Malaya/west", "Malaya/east", sea=True) is None  # forbidden: half to half
    assert g.distance("Kure", "East", sea=True) is None
    s = state(m, unit("dd", "0102"))
    assert "East" not in sea_deployment(s, s.units[0])


def test_malaya_is_one_hex_for_supply_and_land():
    m = malaya_map()
    g = MapGraph(m)
    assert g.distance("Kure", "East") == 2          # through the Malaya hex, one hex
    s = state(m)
    assert supply_line(s, "japan", "East").path == ("Kure", "East")
    assert supply_line(s, "japan", "Malaya/east").supplied     # a half hex is its hex for supply


# --- Air ZOC --------------------------------------------------------------------------

def test_air_zoc_hex_and_six_around():
    hexes = {f"{c:02d}{r:02d}" for c in range(1, 6) for r in range(1, 6)}
    m = make_map(hexes, [base("Truk", "0303")])
    s = state(m, unit("air", "0303"))
    assert air_zoc(s, "japan") == {"0303", "0302", "0402", "0403", "0304", "0203", "0202"}
    assert air_zoc(s, "allied") == frozenset()


@pytest.mark.parametrize("case, exerts", [
    ("air at friendly base", True),
    ("air in operational movement", False),
    ("carrier", False),
    ("air at enemy base", False),
])
def test_who_exerts_air_zoc(case, exerts):
    m = line(3, base("Truk", "0102"))
    u = {"air at friendly base": unit("air", "0102"),
         "air in operational movement": unit("air", "0102", task_force=True),
         "carrier": unit("cv", "0102"),
         "air at enemy base": unit("air", "0102")}[case]
    control = {"Truk": "allied"} if case == "air at enemy base" else {}
    assert bool(air_zoc(state(m, u, control=control), "japan")) is exerts


# --- Supply Lines -----------------------------------------------------------------------

def supply_map(n=9, *extra, **kw):
    return line(n, base("Kure", "0101", home_base="japan"), *extra, **kw)


def test_supply_chain_of_bases_each_within_two():
    m = supply_map(9, base("B", "0103"), base("C", "0105"))
    s = state(m)
    assert supply_line(s, "japan", "0107").path == ("Kure", "B", "C", "0107")   # last leg 2: allowed
    result = supply_line(s, "japan", "0108")                                     # last leg 3: forbidden
    assert not result.supplied and "within 2 hexes" in result.reason and result.rule == "FitS v1.1 2.2.3.2"


def test_supply_gap_of_three_between_bases_breaks_the_chain():
    s = state(supply_map(9, base("B", "0104"), base("C", "0106")))
    assert not supply_line(s, "japan", "C").supplied
    assert supply_line(s, "japan", "0103").supplied


def test_supply_only_through_friendly_controlled_bases():
    m = supply_map(9, base("B", "0103"))
    assert supply_line(state(m), "japan", "0105").supplied
    assert not supply_line(state(m, control={"B": "allied"}), "japan", "0105").supplied
    assert not supply_line(state(m, control={"B": "none"}), "japan", "0105").supplied


def test_supply_crosses_impassable_hexsides():
    sides = [(f"01{r:02d}", f"01{r + 1:02d}") for r in range(1, 8)]
    m = supply_map(9, base("B", "0103"), impassable=sides)
    s = state(m)
    assert supply_line(s, "japan", "0105").supplied
    assert map_graph(m).distance("Kure", "B", sea=True) is None  # ships cannot


def test_supply_may_enter_enemy_zoc_but_must_stop():
    # Allied air at 0106 covers 0105-0107.
    m = supply_map(9, base("B", "0103"), base("D", "0105"), base("Enemy", "0106", flag="us"))
    s = state(m, unit("us-air", "0106"))
    assert supply_line(s, "japan", "0105").supplied            # the ZOC hex first entered: supplied
    cut = supply_line(s, "japan", "0106")                      # through it: not
    assert not cut.supplied and "Air ZOC" in cut.reason and "D" in cut.reason


def test_friendly_air_unit_lets_the_line_through_a_zoc_hex():
    m = supply_map(9, base("B", "0103"), base("D", "0105"), base("Enemy", "0106", flag="us"))
    air = unit("us-air", "0106")
    assert not supply_line(state(m, air), "japan", "Enemy").supplied
    assert supply_line(state(m, air, unit("air", "0105")), "japan", "Enemy").supplied
    # 0107 lies beyond a second ZOC hex (0106) with no friendly air: still cut.
    assert not supply_line(state(m, air, unit("air", "0105")), "japan", "0107").supplied


def test_a_carrier_does_not_let_the_line_through():
    m = supply_map(9, base("B", "0103"), base("D", "0105"), base("Enemy", "0106", flag="us"))
    s = state(m, unit("us-air", "0106"), unit("cv", "0105"))
    assert not supply_line(s, "japan", "0107").supplied


def test_base_in_enemy_zoc_is_supplied_but_ends_the_line():
    # Allied air at 0106 covers 0105-0107; D at 0105 is in it.
    m = supply_map(9, base("B", "0103"), base("D", "0105"), base("E", "0107"), base("Enemy", "0106", flag="us"))
    s = state(m, unit("us-air", "0106"))
    assert supply_line(s, "japan", "D").path == ("Kure", "B", "D")   # the line may end at D
    assert not supply_line(s, "japan", "E").supplied                  # but no leg starts from D
    assert supply_line(state(m), "japan", "E").supplied               # without the enemy air it does


def test_supply_leg_blocked_when_every_two_hex_route_passes_zoc():
    # From B (0103) to 0204 there are two 2-hex routes: via 0104 and via 0203.
    # Allied air at 0105 covers 0104 and 0204 (not 0203).
    places = [base("Kure", "0101", home_base="japan"), base("B", "0103"), base("Enemy", "0105", flag="us")]
    both = make_map({f"01{r:02d}" for r in range(1, 8)} | {"0203", "0204"}, places)
    s = state(both, unit("us-air", "0105"))
    assert map_graph(both).distance("B", "0204") == 2
    assert supply_line(s, "japan", "0204").path == ("Kure", "B", "0204")      # round the ZOC by 0203
    one = make_map({f"01{r:02d}" for r in range(1, 8)} | {"0204"}, places)
    assert map_graph(one).distance("B", "0204") == 2
    assert not supply_line(state(one, unit("us-air", "0105")), "japan", "0204").supplied   # only via 0104


def test_home_base_in_enemy_zoc_may_still_start_a_line():
    m = supply_map(5, base("Enemy", "0102", flag="us"))
    s = state(m, unit("us-air", "0102"))
    assert supply_line(s, "japan", "Kure").supplied
    assert not supply_line(s, "japan", "0103").supplied    # 0102 is in ZOC: stop there


def test_no_home_base_no_supply():
    m = supply_map(5)
    result = supply_line(state(m, control={"Kure": "allied"}), "japan", "0102")
    assert not result.supplied and "Home Base" in result.reason


def test_entry_hexes_one_hex_from_the_off_map_box():
    m = line(6, base("Brisbane", "0102", flag="australia"), boxes=[wcusa("0101")])
    g = map_graph(m)
    assert g.distance("West Coast USA", "0101") == 1 and g.distance("West Coast USA", "Brisbane") == 2
    s = state(m)
    assert brisbane_lifeline(s).path == ("West Coast USA", "Brisbane")
    bare = state(line(6, boxes=[wcusa("0101")]))
    assert supply_line(bare, "allied", "0102").path == ("West Coast USA", "0102")   # 2 hexes from the box
    assert not supply_line(bare, "allied", "0103").supplied                        # 3 hexes


def test_japan_never_traces_through_an_off_map_box():
    # Two entry hexes 0101 and 0105 are each one hex from the box, so two apart through it.
    m = line(6, base("Kure", "0101", home_base="japan"), boxes=[wcusa("0101", "0105")])
    s = state(m)
    assert supply_line(s, "allied", "0105").supplied
    assert not supply_line(s, "japan", "0105").supplied
    assert not supply_line(s, "japan", "West Coast USA").supplied


def test_brisbane_lifeline_needs_the_us_home_base():
    m = line(6, base("Brisbane", "0102", flag="australia"),
             boxes=[Box("Indian Ocean Ports", "off-map", "britain", None, ("0101",), side="allied", extra={"home_base": "britain"})])
    assert supply_line(state(m), "allied", "Brisbane").supplied        # any Allied Home Base
    assert not brisbane_lifeline(state(m)).supplied                    # but not the US one


def test_supplied_hexes_agree_with_supply_line():
    m = supply_map(9, base("B", "0103"), base("D", "0105"), base("Enemy", "0107", flag="us"))
    s = state(m, unit("us-air", "0107"))
    every = supplied_hexes(s, "japan")
    for h in sorted(m.hexes):
        assert (h in every) == supply_line(s, "japan", h).supplied, h


def test_land_unit_supply():
    m = supply_map(9, base("B", "0103"), base("Far", "0108"))
    s = state(m)
    assert land_unit_supplied(s, "japan", "Kure", sea_control="allied").supplied      # Home Base: always
    assert not land_unit_supplied(s, "japan", "B", sea_control="allied").supplied     # enemy Sea Control
    assert land_unit_supplied(s, "japan", "Far", sea_control="japan").supplied        # friendly Sea Control
    assert not land_unit_supplied(s, "japan", "Far").supplied                         # no Supply Line
    assert land_unit_supplied(s, "japan", "B").supplied


def test_dutch_abda_never_in_supply():
    m = line(4, base("Surabaya", "0102", flag="netherlands"), boxes=[wcusa("0101")])
    s = state(m)
    assert land_unit_supplied(s, "allied", "Surabaya").supplied
    r = land_unit_supplied(s, "allied", "Surabaya", sea_control="allied", unit=C["abda"])
    assert not r.supplied and r.rule == "FitS v1.1 17.4"


def test_enemy_sea_control_in_a_malaya_half_does_not_cut_supply():
    m = malaya_map()
    s = state(m)
    assert land_unit_supplied(s, "japan", "Malaya", sea_control="allied").supplied
    assert not land_unit_supplied(s, "japan", "East", sea_control="allied").supplied


# --- Sea Deployment -----------------------------------------------------------------

def deploy_map(n=12, *extra, **kw):
    return line(n, base("Kure", "0101", home_base="japan"), *extra, **kw)


def test_sea_deployment_up_to_four_hexes_then_again():
    m = deploy_map(12, base("Four", "0105"), base("Five", "0106"), base("Nine", "0110"))
    s = state(m, unit("ca", "0101"))
    reach = sea_deployment(s, s.units[0])
    assert reach["Four"] == Cost(1.0, 0.0) and reach.deployments["Four"] == 1
    assert reach.deployments["Five"] == 2 and reach["Five"].tp == 2.0       # via Four: paid twice
    assert reach.deployments["Nine"] == 3
    assert "Five" not in sea_deployment(s, s.units[0], max_deployments=1)
    assert "Nine" not in sea_deployment(s, s.units[0], tp=2.5)              # TP run out


def test_sea_deployment_to_a_friendly_base_without_enemy_units():
    m = deploy_map(8, base("A", "0103"), base("B", "0104", flag="us"), base("C", "0105"))
    s = state(m, unit("ca", "0101"), unit("us-land", "0105"))
    reach = sea_deployment(s, s.units[0])
    assert "A" in reach
    assert "B" not in reach       # enemy base
    assert "C" not in reach       # enemy unit there
    assert "0102" not in reach    # not a base


def test_sea_deployment_must_start_in_a_friendly_base():
    m = deploy_map(6, base("A", "0103"))
    s = state(m, unit("ca", "0102"))
    assert not sea_deployment(s, s.units[0]) and "friendly base" in sea_deployment(s, s.units[0]).reason


def test_sea_deployment_stops_on_entering_enemy_zoc():
    # Allied air at 0108 covers 0107-0109.
    m = deploy_map(12, base("Mid", "0104"), base("In", "0107"), base("Far", "0109"), base("Enemy", "0108", flag="us"))
    s = state(m, unit("ca", "0101"), unit("us-air", "0108"))
    reach = sea_deployment(s, s.units[0])
    assert "Mid" in reach and "In" in reach       # a base in the ZOC may be the end of a deployment
    assert "Far" not in reach                     # beyond the first ZOC hex entered: never
    assert "Far" in sea_deployment(state(m, unit("ca", "0101")), unit("ca", "0101"))   # without the enemy air


def test_unit_that_entered_enemy_zoc_cannot_deploy_again():
    m = deploy_map(12, base("InZoc", "0104"), base("Next", "0107"), base("Enemy", "0105", flag="us"))
    s = state(m, unit("ca", "0101"), unit("us-air", "0105"))    # ZOC 0104-0106
    reach = sea_deployment(s, s.units[0])
    assert "InZoc" in reach
    assert "Next" not in reach        # would need a second deployment from InZoc


def test_sea_deployment_starting_in_enemy_zoc_may_leave():
    # Allied air at 0106 (ZOC 0105-0107) and at 0101 (ZOC 0101-0102); the unit starts in 0105.
    m = line(12, base("Start", "0105"), base("Out", "0104"), base("InZoc", "0102"), base("E1", "0101", flag="us"),
             base("E2", "0106", flag="us"), base("Past", "0108"))
    s = state(m, unit("ca", "0105"), unit("us-air", "0106"), unit("us-air", "0101", uid="a2"))
    reach = sea_deployment(s, s.units[0])
    assert "Out" in reach             # leaves the ZOC it started in
    assert "InZoc" in reach           # stops at the first ZOC hex entered
    assert reach.deployments["InZoc"] == 1
    assert "Past" not in reach        # beyond 0106, a ZOC hex entered on the way (the same enemy unit's ZOC)


def test_sea_deployment_may_not_cross_impassable_hexsides():
    m = deploy_map(8, base("A", "0103"))
    assert "A" in sea_deployment(state(m, unit("ca", "0101")), unit("ca", "0101"))
    m2 = deploy_map(8, base("A", "0103"), impassable=[("0102", "0103")])
    assert "A" not in sea_deployment(state(m2, unit("ca", "0101")), unit("ca", "0101"))


def test_sea_deployment_cost_per_edition():
    m = deploy_map(6, base("A", "0103"))
    for key, v11, second in (("dd", 0.5, 0.5), ("air", 1.0, 2.0), ("land4", 2.0, 4.0)):
        u = unit(key, "0101")
        assert sea_deployment(state(m, u), u)["A"].tp == v11
        assert sea_deployment(state(m, u, edition=SECOND), u)["A"].tp == second
    assert sea_deployment_cost(V11, "land", 4) == 2.0       # v1.1 8.2 example
    assert sea_deployment_cost(SECOND, "land", 8) == 8.0    # 2nd 7.1 example


def test_off_map_boxes_allied_only():
    m = line(6, base("Kure", "0103", home_base="japan"), base("Midway", "0101", flag="us"), boxes=[wcusa("0101")])
    us = unit("us-ca", "0101")
    assert sea_deployment(state(m, us), us).deployments["West Coast USA"] == 1
    jp = unit("ca", "0103")
    assert "West Coast USA" not in operational_movement(state(m, jp), jp)
    assert "West Coast USA" in operational_movement(state(m, us), us)


def test_netherlands_cannot_sea_deploy():
    m = line(4, base("Surabaya", "0101", flag="netherlands"), base("B", "0102", flag="netherlands"))
    abda = unit("abda", "0101")
    assert not sea_deployment(state(m, abda), abda)


# --- One-hex Deployment -------------------------------------------------------------

def test_one_hex_naval_adjacent_friendly_base_not_across_impassable():
    m = line(4, base("A", "0101"), base("B", "0102"), base("C", "0103"))
    u = unit("ca", "0102")
    assert set(one_hex_deployment(state(m, u), u)) == {"A", "C"}
    m2 = line(4, base("A", "0101"), base("B", "0102"), base("C", "0103"), impassable=[("0102", "0103")])
    assert set(one_hex_deployment(state(m2, u), u)) == {"A"}


def test_one_hex_air_adjacent_friendly_base_any_hexside():
    m = line(4, base("A", "0101"), base("B", "0102"), base("C", "0103", flag="us"), base("D", "0104"),
             impassable=[("0101", "0102")])
    u = unit("air", "0102")
    assert set(one_hex_deployment(state(m, u), u)) == {"A"}      # not the enemy C, not D two hexes away


def test_one_hex_not_affected_by_zoc():
    m = line(4, base("A", "0101"), base("B", "0102"), base("E", "0103", flag="us"))
    u = unit("ca", "0101")
    s = state(m, u, unit("us-air", "0103"))
    assert "B" in one_hex_deployment(s, u)
    assert one_hex_deployment(s, u)["B"] == Cost(0.0, 0.0)


def test_one_hex_land_along_land_connections_only():
    hexes = {f"{c:02d}{r:02d}" for c in range(1, 4) for r in range(1, 4)}
    places = [base("Bangkok", "0202"), base("Rangoon", "0201", flag="britain"), Place("Burma", "0102", "land"),
              base("Saigon", "0302")]
    m = make_map(hexes, places, land=[("Bangkok", "Rangoon"), ("Bangkok", "Burma")])
    u = unit("land4", "0202")
    reach = one_hex_deployment(state(m, u), u)
    assert set(reach) == {"Rangoon", "Burma"}        # enemy base and a circle are fine; Saigon has no connection
    # From an enemy-occupied hex: not into another enemy-occupied hex or an enemy-controlled base.
    s = state(m, u, unit("us-land", "0202", uid="e1"), unit("us-land", "0102", uid="e2"))
    assert set(one_hex_deployment(s, u)) == set()
    s2 = state(m, u, unit("us-land", "0202", uid="e1"), control={"Rangoon": "none"})
    assert set(one_hex_deployment(s2, u)) == {"Rangoon", "Burma"}


# --- Operational Movement -------------------------------------------------------------

def test_task_force_moves_as_its_slowest_unit():
    m = line(12, base("Kure", "0101", home_base="japan"))
    dd, bb = unit("dd", "0101"), unit("bb", "0101")
    assert max(operational_movement(state(m, dd), [dd]).hexes.values()) == 8
    assert max(operational_movement(state(m, dd, bb), [dd, bb]).hexes.values()) == 5


def test_task_force_size_limits():
    m = line(4, base("Kure", "0101"))
    ships = [unit("dd", "0101", uid=f"d{i}") for i in range(5)]
    with pytest.raises(RuleError, match="at most 4 naval"):
        operational_movement(state(m, *ships), ships)
    two = [unit("land4", "0101", uid="l1"), unit("air", "0101", uid="a1")]
    with pytest.raises(RuleError, match="at most 1 land or air"):
        operational_movement(state(m, *two), two)
    apart = [unit("dd", "0101"), unit("dd", "0102", uid="x")]
    with pytest.raises(RuleError, match="same base"):
        operational_movement(state(m, *apart), apart)
    ok = ships[:4] + [two[0]]
    assert operational_movement(state(m, *ok), ok)


def test_land_and_air_move_four():
    m = line(12, base("Kure", "0101"))
    u = unit("land4", "0101")
    assert max(operational_movement(state(m, u), u).hexes.values()) == 4


def test_operational_movement_enemy_zoc_stop_or_one_more_hex():
    m = line(12, base("Kure", "0101"), base("Enemy", "0106", flag="us"))
    dd = unit("dd", "0101")
    s = state(m, dd, unit("us-air", "0106"))     # ZOC 0105-0107
    reach = operational_movement(s, dd)
    assert "0105" in reach and "Enemy" in reach   # enter, then one more hex
    assert "0107" not in reach                    # not two more


def test_operational_movement_starting_in_enemy_zoc_one_hex_only():
    m = line(12, base("Start", "0105"), base("Enemy", "0106", flag="us"))
    dd = unit("dd", "0105")
    reach = operational_movement(state(m, dd, unit("us-air", "0106")), dd)
    assert set(reach) == {"0104", "Enemy"}  # v1.1 9.3: staying in the start hex is no Operational Movement


def test_operational_movement_not_across_impassable_hexsides():
    m = line(8, base("Kure", "0101"), impassable=[("0103", "0104")])
    dd = unit("dd", "0101")
    assert set(operational_movement(state(m, dd), dd)) == {"0102", "0103"}


def test_naval_oil_bands_and_allied_free():
    m = line(12, base("Kure", "0101"), base("Pearl", "0111", flag="us"))
    dd, ca = unit("dd", "0101"), unit("ca", "0101")
    reach = operational_movement(state(m, dd, ca), [dd, ca])
    assert reach["0105"] == Cost(0.0, 1.5)        # 4 hexes: TR
    assert reach["0106"] == Cost(0.0, 2.25)       # 5 hexes: TR x 1.5
    us = unit("us-ca", "0111")
    assert operational_movement(state(m, us), us)["0105"] == Cost(0.0, 0.0)
    assert operational_movement_cost(V11, [("naval", 0.5, "japan")], 6).oil == 0.75   # v1.1 9.3 example


def test_operational_land_and_air_tp_per_edition():
    m = line(8, base("Kure", "0101"), base("Lae", "0104"))
    land, dd = unit("land2", "0101"), unit("dd", "0101")
    assert operational_movement(state(m, land, dd), [land, dd])["Lae"] == Cost(2.0, 0.5)
    assert operational_movement(state(m, land, dd, edition=SECOND), [land, dd])["Lae"] == Cost(4.0, 0.5)


def test_second_edition_rounds_oil_per_task_force_and_port_exit_is_free():
    m = line(12, base("Kure", "0101"))
    dds = [unit("dd", "0101", uid=f"d{i}") for i in range(3)]
    s1, s2 = state(m, *dds), state(m, *dds, edition=SECOND)
    assert operational_movement(s1, dds)["0107"].oil == 2.25        # v1.1: quarters kept
    assert operational_movement(s2, dds)["0107"].oil == 3.0         # 2nd: rounded up once per Task Force
    assert operational_movement(s2, dds)["0104"].oil == 1.5         # 1-4 hexes: no rounding
    assert operational_movement(s2, dds)["Kure"].oil == 0.0         # leaving port, staying in the hex
    assert "Kure" not in operational_movement(s1, dds)              # v1.1 9.3: a move is 1 hex or more


def test_resource_hex_fueling_from_turn_ten():
    m = line(8, base("Brunei", "0101", resource=True), base("Kure", "0108"))
    dd = unit("dd", "0101")
    assert operational_movement(state(m, dd, turn=9), dd)["0104"].oil == 0.5
    assert operational_movement(state(m, dd, turn=10), dd)["0104"].oil == 0.0
    dd2 = unit("dd", "0108")
    assert operational_movement(state(m, dd2, turn=10), dd2)["0105"].oil == 0.5


def test_second_edition_task_force_with_land_unit_ends_on_land():
    m = line(8, base("Kure", "0101"), base("Lae", "0104"))
    tf = [unit("dd", "0101"), unit("land2", "0101")]
    assert "0103" in operational_movement(state(m, *tf), tf)
    assert set(operational_movement(state(m, *tf, edition=SECOND), tf)) == {"Kure", "Lae"}


# --- Reaction -------------------------------------------------------------------------

def test_reaction_must_end_in_a_hex_with_an_enemy_unit():
    m = line(12, base("Pearl", "0101", flag="us"))
    ca = unit("us-ca", "0101")
    s = state(m, ca, unit("dd", "0104", uid="tf", task_force=True))
    reach = reaction(s, ca)
    assert set(reach) == {"0104"}                 # only the hex with the enemy
    assert not reaction(state(m, ca), ca)          # no enemy: nowhere


def test_reaction_half_movement_rounded_up():
    m = line(12, base("Kure", "0101"))
    bb = unit("bb", "0101")                        # MA 5 -> 3
    near = state(m, bb, unit("us-ca", "0104", uid="e"))
    far = state(m, bb, unit("us-ca", "0105", uid="e"))
    assert reaction(near, bb).hexes["0104"] == 3
    assert not reaction(far, bb)


def test_reaction_from_an_off_map_box_refused():
    m = line(6, base("Midway", "0101", flag="us"), boxes=[wcusa("0101")])
    ca = unit("us-ca", "West Coast USA")
    s = state(m, ca, unit("dd", "0101", uid="tf", task_force=True))
    reach = reaction(s, ca)
    assert not reach and "off-map box" in reach.reason
    ca2 = unit("us-ca", "0102")
    assert "Midway" in reaction(state(m, ca2, unit("dd", "0101", uid="tf", task_force=True)), ca2)


def test_reaction_zoc_one_more_hex_must_hold_an_enemy():
    m = line(12, base("Kure", "0101"), base("Enemy", "0104", flag="us"))
    ca = unit("ca", "0101")                         # MA 8 -> 4
    # Allied air at 0104: ZOC 0103-0105; enemy ships at 0104 and 0105.
    s = state(m, ca, unit("us-air", "0104"), unit("us-ca", "0104", uid="e1"), unit("us-ca", "0105", uid="e2"))
    reach = reaction(s, ca)
    assert "Enemy" in reach                          # entered ZOC at 0103, one more hex
    assert "0105" not in reach                       # two more hexes


def test_reaction_into_its_own_hex_costs_per_edition():
    m = line(6, base("Kure", "0101"))
    ca = unit("ca", "0101")
    for edition, oil in ((V11, 1.0), (SECOND, 0.0)):
        s = state(m, ca, unit("us-ca", "0101", uid="e", task_force=True), edition=edition)
        assert reaction(s, ca)["Kure"] == Cost(0.0, oil)


def test_reaction_naval_units_only():
    m = line(6, base("Kure", "0101"))
    tf = [unit("ca", "0101"), unit("land2", "0101")]
    with pytest.raises(RuleError, match="naval"):
        reaction(state(m, *tf), tf)


def test_reaction_not_into_the_other_malaya_half():
    m = malaya_map()
    ca = unit("ca", "0102")
    west = state(m, ca, unit("us-ca", "0202/west", uid="e", task_force=True))
    east = state(m, ca, unit("us-ca", "0202/east", uid="e", task_force=True))
    assert "Malaya/west" in reaction(west, ca)
    assert not reaction(east, ca)


# --- Amphibious landings and air commitment -------------------------------------------------

def test_amphibious_reach_within_two_of_any_friendly_base():
    m = line(8, base("Kure", "0101"), base("Two", "0103", flag="us"), base("Three", "0104", flag="us"),
             Place("Circle", "0102", "land"))
    reach = amphibious_reach(state(m), "japan")
    assert {"Kure", "Circle", "Two"} <= reach
    assert "Three" not in reach


def test_amphibious_reach_from_the_off_map_home_base():
    m = line(6, base("Dutch Harbor", "0102", flag="japan"), base("Attu", "0103", flag="japan"), boxes=[wcusa("0101")])
    reach = amphibious_reach(state(m), "allied")
    assert "Dutch Harbor" in reach                 # 2 hexes from the box (v1.1 2.2.4 example)
    assert "Attu" not in reach


def test_air_commitment_own_or_adjacent_hex():
    hexes = {f"{c:02d}{r:02d}" for c in range(1, 5) for r in range(1, 5)}
    m = make_map(hexes, [base("Saigon", "0202"), base("Singapore", "0203", flag="britain"),
                         base("Far", "0204", flag="britain")])
    u = unit("air", "0202")
    out = air_commitment(state(m, u), u)
    assert out["Saigon"] == 2 and out["Singapore"] == 2      # adjacent: to the Long Range Air box
    assert air_points(long_range_steps=out["Singapore"]) == 1  # whose total is halved (v1.1 12.3.2)
    assert "Far" not in out
    assert air_commitment(state(m, u), u, phasing=False) == {"Saigon": 2}
    assert air_commitment(state(m), unit("air", "0202", task_force=True)) == {}


# --- Costs ----------------------------------------------------------------------------

def test_economic_costs_per_edition():
    assert dd_transfer_cost(V11, 3) == 3 and dd_transfer_cost(SECOND, 3) == 6
    assert asw_cost(V11, 2) == 1.0 and asw_cost(SECOND, 2) == 2.0
    assert oil_transport(V11, 3, 21, 15).max_oil == 10                # v1.1 5.1 example
    assert oil_transport(V11, 1, 30, 30).max_oil == 4
    assert oil_transport(V11, 3, 30, 4) == (4, 12, 15, 4, 4.0)        # Example of Play: 4 TP -> 4 Oil
    assert oil_transport(SECOND, 2, 60, 60).max_oil == 16
    assert end_of_phase(11.5) == 11 and end_of_phase(11.75, V11) == 11
    assert end_of_phase(3.0, SECOND) == 3.0
