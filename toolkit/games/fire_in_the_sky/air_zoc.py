"""Air Zones of Control (FitS v1.1 2.1.1.2; 2nd 3.3.2).

"Any air unit at a friendly base exerts an Air ZOC in its own hex and the six
hexes surrounding it. An air unit using Operational Movement does NOT exert an
Air ZOC." Carriers are naval units and exert none. The ZOC is counted on the
grid (any hexside): the Malaya hex is one hex, so both its halves are in a ZOC
that reaches it. Air units in an off-map box are in no hex and exert none.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.state import GameState, derived, enemy_of

__all__ = ["air_zoc", "enemy_air_zoc", "zoc_sources", "blocking_hexes"]


@derived
def zoc_sources(state: GameState, side: str) -> frozenset[str]:
    """Hexes holding an air unit of ``side`` that exerts an Air ZOC (at a base ``side`` controls)."""
    friendly = state.friendly_bases(side)
    hexes = set()
    for unit in state.units:
        if unit.side != side or unit.type != "air" or unit.task_force or unit.at is None:
            continue
        h = state.graph.node_hex(unit.at)
        if h is not None and h in friendly:
            hexes.add(h)
    result = frozenset(hexes)
    return result


@derived
def air_zoc(state: GameState, side: str) -> frozenset[str]:
    """The hexes in the Air ZOC exerted by ``side``'s air units.

    Parameters
    ----------
    state : GameState
    side : ``japan`` | ``allied``
        The side whose air units exert the ZOC.

    Returns
    -------
    frozenset[str]
        Hex ids (a split hex by its whole id).

    Example
    -------
    >>> from toolkit.model import Map, Place, Edition, Counter
    >>> from toolkit.games.fire_in_the_sky.state import UnitState
    >>> m = Map(frozenset({"0101", "0102", "0103", "0201"}), {"Truk": Place("Truk", "0101", "base", flag="japan")},
    ...         (), frozenset(), {})
    >>> air = Counter("jp-air", "air", "japan", "japan", "air")
    >>> from toolkit.model.build import bundled_scenarios, load_game
    >>> V11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
    >>> s = GameState(m, V11, {}, (UnitState("a", air, "japan", "0101", 2),))
    >>> sorted(air_zoc(s, "japan"))
    ['0101', '0102', '0201']
    """
    grid = state.graph.grid
    hexes = set()
    for h in zoc_sources(state, side):
        hexes.add(h)
        hexes.update(n for n in grid.adj[h] if n not in state.graph.off_map)
    result = frozenset(hexes)
    return result


def enemy_air_zoc(state: GameState, side: str) -> frozenset[str]:
    """The Air ZOC that hinders ``side``: the one exerted by the other side."""
    return air_zoc(state, enemy_of(side))


@derived
def blocking_hexes(state: GameState, side: str) -> frozenset[str]:
    """Hexes where a Supply Line of ``side`` must stop (v1.1 2.2.3.2 item 3; 2nd 3.3.4).

    In the enemy Air ZOC and holding no friendly air unit (carriers do not count;
    an air unit in Operational Movement is not flying, v1.1 9.2.2, and does not
    count either).
    """
    result = frozenset(h for h in enemy_air_zoc(state, side) if not state.friendly_air_at(h, side))
    return result
