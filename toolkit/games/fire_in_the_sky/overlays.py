"""The map's overlays at the start of a scenario: the Air ZOC each side exerts and the hexes its Supply Lines reach.

Loaded by name (:meth:`toolkit.games.BaseGame.part`) when a map is drawn, so ``chartroom check`` builds no game state.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.air_zoc import air_zoc
from toolkit.games.fire_in_the_sky.state import GameState
from toolkit.games.fire_in_the_sky.supply import supplied_hexes
from toolkit.model import Game, Scenario

__all__ = ["overlays"]


def overlays(game: Game, scenario: Scenario) -> dict[str, dict[str, set[str]]]:
    """Air ZOC and supplied hexes per side at the start of the scenario (v1.1 11.0, 16.0; 2nd 10.0, 14.0)."""
    state = GameState.from_scenario(game, scenario)
    sides = game.side_ids
    return {"air_zoc": {side: set(air_zoc(state, side)) for side in sides},
            "supply": {side: set(supplied_hexes(state, side)) for side in sides}}
