"""Properties of the map graph rules, checked with Hypothesis on the real map.

* Sea distance is symmetric and obeys the triangle inequality.
* Giving a side one more base never removes a Supply Line.
* Adding an enemy air unit never adds a Supply Line.
* Adding an enemy Air ZOC never grows a Sea Deployment or Operational Movement reach.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SHORT
from toolkit.games.fire_in_the_sky.movement import operational_movement, sea_deployment
from toolkit.games.fire_in_the_sky.state import GameState, UnitState, enemy_of
from toolkit.games.fire_in_the_sky.supply import supplied_hexes, supply_line

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.lru_cache(maxsize=None)
def real():
    """(game, starting state) of the Short Campaign, or None while the data does not load."""
    if not SHORT.is_file():
        return None
    from toolkit.model.build import load_scenario

    loaded = load_scenario(SHORT)
    if loaded.game is None or loaded.scenario is None:
        return None
    return loaded.game, GameState.from_scenario(loaded.game, loaded.scenario)


def need_real():
    got = real()
    if got is None:
        pytest.skip("the Fire in the Sky data does not load yet")
    return got


@functools.lru_cache(maxsize=None)
def names():
    game, state = need_real()
    graph = state.graph
    sea = sorted(n for n in graph.sea)
    bases = sorted(p.name for p in game.map.places.values() if p.is_base)
    return sea, bases


sides = st.sampled_from(["japan", "allied"])


def sea_nodes():
    return st.integers(min_value=0, max_value=10_000).map(lambda i: names()[0][i % len(names()[0])])


def bases():
    return st.integers(min_value=0, max_value=10_000).map(lambda i: names()[1][i % len(names()[1])])


@SETTINGS
@given(a=sea_nodes(), b=sea_nodes(), c=sea_nodes())
def test_sea_distance_symmetric_and_triangle(a, b, c):
    _, state = need_real()
    graph = state.graph
    ab, ba = graph.distance(a, b, sea=True), graph.distance(b, a, sea=True)
    assert ab == ba
    bc, ac = graph.distance(b, c, sea=True), graph.distance(a, c, sea=True)
    if ab is not None and bc is not None:
        assert ac is not None and ac <= ab + bc


def _control_flips(state: GameState, flips):
    for name, side in flips:
        state = state.with_control(name, side)
    return state


flips = st.lists(st.tuples(bases(), st.sampled_from(["japan", "allied", "none"])), max_size=6)


@SETTINGS
@given(side=sides, before=flips, base=bases())
def test_one_more_friendly_base_never_removes_a_supply_line(side, before, base):
    _, start = need_real()
    state = _control_flips(start, before)
    more = state.with_control(base, side)
    assert supplied_hexes(state, side) <= supplied_hexes(more, side)


@SETTINGS
@given(side=sides, before=flips, base=bases(), dest=bases())
def test_an_enemy_air_unit_never_adds_a_supply_line(side, before, base, dest):
    game, start = need_real()
    state = _control_flips(start, before)
    enemy = enemy_of(side)
    air = next(c for c in game.counters.values() if c.type == "air" and c.side == enemy)
    more = state.with_unit(UnitState("added-air", air, enemy, game.map.places[base].hex, 2))
    assert supplied_hexes(more, side) <= supplied_hexes(state, side)
    if supply_line(more, side, dest).supplied:
        assert supply_line(state, side, dest).supplied


@SETTINGS
@given(index=st.integers(min_value=0, max_value=10_000), base=bases(), flip=st.booleans())
def test_reach_never_grows_with_an_added_enemy_air_zoc(index, base, flip):
    game, start = need_real()
    movers = [u for u in start.units if u.at is not None and u.type in ("naval", "air", "land")]
    unit = movers[index % len(movers)]
    enemy = enemy_of(unit.side)
    state = start.with_control(base, enemy) if flip else start
    air = next(c for c in game.counters.values() if c.type == "air" and c.side == enemy)
    more = state.with_unit(UnitState("added-air", air, enemy, game.map.places[base].hex, 2))
    before, after = sea_deployment(state, unit), sea_deployment(more, unit)
    assert set(after) <= set(before)
    for place in after:
        assert after.deployments[place] >= before.deployments[place]
    before, after = operational_movement(state, unit), operational_movement(more, unit)
    assert set(after) <= set(before)
    for place in after:
        assert after.hexes[place] >= before.hexes[place]


def test_supplied_hexes_match_supply_line_on_the_real_map():
    game, state = need_real()
    for side in ("japan", "allied"):
        every = supplied_hexes(state, side)
        for h in sorted(game.map.hexes):
            assert (h in every) == supply_line(state, side, h).supplied, (side, h)


def test_moving_an_air_unit_into_operational_movement_lifts_its_zoc():
    game, state = need_real()
    from toolkit.games.fire_in_the_sky.air_zoc import air_zoc

    allied_air = [u for u in state.units if u.side == "allied" and u.type == "air" and u.at is not None]
    assert air_zoc(state, "allied")
    lifted = replace(state, units=tuple(replace(u, task_force=True) if u in allied_air else u for u in state.units))
    assert air_zoc(lifted, "allied") == frozenset()
