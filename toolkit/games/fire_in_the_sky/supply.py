"""Supply Lines (FitS v1.1 2.2.3.2; 2nd 3.3.4) and what hangs on them.

A Supply Line runs from a friendly-controlled Home Base along a string of
friendly-controlled bases, each within 2 hexes of the previous one; its last
leg, 2 hexes at most, reaches the destination, which need not be a base. It
crosses any hexside, impassable ones included. It may enter a hex in an enemy
Air ZOC but must stop there unless a friendly air unit (not a carrier) is in
that hex: so the destination itself may lie in an enemy Air ZOC.

How legs are measured around enemy Air ZOC (the rules give distances, not
routes, so this is our reading of "may not be traced through"):

* a leg of ``n`` hexes is a route of ``n`` steps across adjacent playing hexes
  (off-map boxes count one hex from their Entry Hexes, v1.1 2.2.4; 2nd 3.2.6);
* every hex the route enters before its end must be free to pass: not in an
  enemy Air ZOC, or holding a friendly air unit. A leg all of whose routes of
  at most 2 hexes pass such a hex is blocked;
* a base in an enemy Air ZOC without friendly air ends the line: it can be the
  destination, but no further leg starts from it;
* the Home Base the line starts from is not "entered", so the line may leave it
  even when it lies in an enemy Air ZOC;
* the line never passes through an enemy off-map box (no Japanese unit ever
  enters one, v1.1 2.2.4).
"""

from __future__ import annotations

from collections import deque

from toolkit.games.fire_in_the_sky.air_zoc import blocking_hexes
from toolkit.games.fire_in_the_sky.costs import param
from toolkit.games.fire_in_the_sky.records import is_resource_hex
from toolkit.games.fire_in_the_sky.state import GameState, derived, enemy_of
from toolkit.graph.stops import stop_bfs
from toolkit.lazy import networkx
from toolkit.records import lazy_dataclass

__all__ = [
    "SupplyResult", "supply_line", "supplied_hexes", "land_unit_supplied", "brisbane_lifeline",
    "resource_hexes_supplied",
]


@lazy_dataclass(frozen=True)
class SupplyResult:
    """Whether a Supply Line exists, the line (place names or hex ids), why not, and the rule."""

    supplied: bool
    path: tuple[str, ...] = ()
    reason: str = ""
    rule: str = ""

    def __bool__(self) -> bool:
        return self.supplied

    def as_json(self) -> dict:
        return {"supplied": self.supplied, "path": list(self.path), "reason": self.reason, "rule": self.rule}


def _excluded_boxes(state: GameState, side: str) -> frozenset:
    return frozenset(b for b, box in state.graph.off_map.items() if box.side != side)


@derived
def _chain(state: GameState, side: str, nation: str | None, stops: frozenset) -> dict[str, str | None]:
    """Friendly bases reached by a string of legs from the Home Bases: ``{node: previous node}``.

    Bases in ``stops`` are reached but start no leg. Breadth-first, so each base
    is reached with the fewest legs; ties broken by node name.
    """
    graph = state.graph.grid_directed
    leg = int(param(state.edition, "supply_leg_hexes"))
    friendly = state.friendly_bases(side)
    exclude = _excluded_boxes(state, side)
    sources = state.home_bases(side, nation)
    reached: dict[str, str | None] = {s: None for s in sources}
    queue = deque(sources)
    while queue:
        base = queue.popleft()
        if reached[base] is not None and base in stops:
            continue  # entered an enemy Air ZOC without friendly air: the line stops here
        within = stop_bfs(graph, base, leg, stops, exclude)
        for node in sorted(within):
            if node in friendly and node not in reached:
                reached[node] = base
                queue.append(node)
    return reached


def _open(node: str, reached: dict, stops: frozenset) -> bool:
    """A reached base from which a further leg may start."""
    return reached.get(node, 0) is None or node not in stops


def _path(state: GameState, reached: dict, last: str) -> list[str]:
    out = []
    node: str | None = last
    while node is not None:
        out.append(node)
        node = reached[node]
    return out[::-1]


def _trace(state: GameState, side: str, dest: str, nation: str | None, stops: frozenset) -> list[str] | None:
    reached = _chain(state, side, nation, stops)
    if dest in reached:
        return _path(state, reached, dest)
    leg = int(param(state.edition, "supply_leg_hexes"))
    # The last leg, traced back from the destination: the destination may be in a
    # ZOC (it is where the line ends), the hex between must be free to pass.
    near = stop_bfs(state.graph.grid_directed, dest, leg, stops, _excluded_boxes(state, side))
    best = None
    for node, hexes in near.items():
        if node in reached and _open(node, reached, stops):
            chain = _path(state, reached, node)
            rank = (len(chain), hexes, node)
            if best is None or rank < best[0]:
                best = (rank, chain)
    if best is None:
        return None
    return best[1] + [dest]


def supply_line(state: GameState, side: str, destination: str, nation: str | None = None) -> SupplyResult:
    """Trace a Supply Line for ``side`` to ``destination``.

    Parameters
    ----------
    state : GameState
    side : ``japan`` | ``allied``
    destination : str
        A place name, an off-map box, or a hex id (a Malaya half hex counts as the hex).
    nation : str, optional
        Trace only from this nation's Home Bases (``us`` for the Brisbane lifeline, v1.1 16.0).

    Returns
    -------
    SupplyResult
        ``path`` lists the Home Base, each base of the string and the destination,
        by place name (hex id where there is no place).

    Example
    -------
    >>> from toolkit.model import Map, Place, Edition
    >>> hexes = frozenset(f"01{r:02d}" for r in range(1, 8))
    >>> m = Map(hexes, {"Kure": Place("Kure", "0101", "base", flag="japan", extra=(("home_base", "japan"),)),
    ...                 "Truk": Place("Truk", "0103", "base", flag="japan")}, (), frozenset(), {})
    >>> from toolkit.model.build import bundled_scenarios, load_game
    >>> V11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
    >>> s = GameState(m, V11)
    >>> supply_line(s, "japan", "0105").path
    ('Kure', 'Truk', '0105')
    >>> supply_line(s, "japan", "0106").supplied
    False
    """
    graph = state.graph
    rule = state.edition.cite("supply-line")
    dest = graph.hex_node(destination)
    dest = graph.node_hex(dest) or dest  # a half hex is its hex for supply (v1.1 2.2.1.2)
    if not state.home_bases(side, nation):
        who = f"{nation.upper() if nation in ('us',) else nation} " if nation else ""
        return SupplyResult(False, (), f"no friendly-controlled {who}Home Base to trace from", rule)
    if dest in graph.off_map and not state.is_friendly_base(dest, side):
        return SupplyResult(False, (), f"{dest} is an enemy off-map box (no Japanese unit may enter one)",
                            state.edition.cite("entry-hexes"))
    stops = blocking_hexes(state, side)
    found = _trace(state, side, dest, nation, stops)
    if found is not None:
        return SupplyResult(True, tuple(graph.label(n) for n in found), "", rule)
    leg = int(param(state.edition, "supply_leg_hexes"))
    label = graph.label(dest)
    free = _trace(state, side, dest, nation, frozenset())
    if free is not None:
        cut = _zoc_on(state, free, stops)
        where = f" at {', '.join(graph.label(h) for h in cut)}" if cut else ""
        return SupplyResult(False, (), f"every Supply Line to {label} is cut by enemy Air ZOC{where} "
                                       f"(a line may enter such a hex only to stop there, unless friendly air is in it)", rule)
    return SupplyResult(False, (), f"no string of friendly-controlled bases, each within {leg} hexes of the previous, "
                                   f"runs from a Home Base to within {leg} hexes of {label}", rule)


def _zoc_on(state: GameState, nodes: list[str], stops: frozenset) -> list[str]:
    """Blocking hexes on shortest routes between consecutive nodes of a ZOC-free line."""
    grid = state.graph.grid
    cut: list[str] = []
    for a, b in zip(nodes, nodes[1:]):
        for route in networkx().all_shortest_paths(grid, a, b):
            for h in route[1:-1] + ([a] if a != nodes[0] else []):
                if h in stops and h not in cut:
                    cut.append(h)
    return sorted(cut)[:6]


@derived
def supplied_hexes(state: GameState, side: str, nation: str | None = None) -> frozenset[str]:
    """Every hex (and friendly off-map box) ``side`` can trace a Supply Line to.

    The same answer as :func:`supply_line` hex by hex, in one pass: each base
    that can extend the line supplies what its last leg reaches.
    """
    stops = blocking_hexes(state, side)
    reached = _chain(state, side, nation, stops)
    leg = int(param(state.edition, "supply_leg_hexes"))
    exclude = _excluded_boxes(state, side)
    graph = state.graph.grid_directed
    out: set[str] = set(reached)
    for node in reached:
        if _open(node, reached, stops):
            out.update(stop_bfs(graph, node, leg, stops, exclude))
    out -= exclude
    result = frozenset(out)
    return result


def land_unit_supplied(state: GameState, side: str, hex: str, sea_control: str | None = None,
                       unit=None) -> SupplyResult:
    """Supply of ``side``'s land units in a hex, for the land combat Supply Round.

    v1.1 12.3.4.4, 2.2.3.2; 2nd 11.2.5.4, 3.3.4: a friendly Home Base always
    supplies; else Sea Control decides (friendly: supplied, enemy: not); else a
    Supply Line. Sea Control in a Malaya half hex does not put enemy units in the
    Malaya hex out of supply (v1.1 2.2.1.2; 2nd 15.1). The Dutch ABDA unit is
    never supplied (v1.1 17.4; 2nd 15.4).

    Parameters
    ----------
    sea_control : ``japan`` | ``allied`` | None
        Who has Sea Control in the hex this battle.
    unit : UnitState or Counter, optional
        The land unit; a Dutch one is always out of supply.
    """
    ed = state.edition
    counter = getattr(unit, "counter", unit)
    if counter is not None and getattr(counter, "nation", None) == "netherlands":
        return SupplyResult(False, (), "the Dutch ABDA unit is always out of supply", ed.cite("netherlands"))
    graph = state.graph
    node = graph.hex_node(hex)
    h = graph.node_hex(node) or node
    if h in state.home_bases(side):
        return SupplyResult(True, (graph.label(h),), "in a friendly Home Base", ed.cite("land-supply"))
    if sea_control == side:
        return SupplyResult(True, (graph.label(h),), "friendly Sea Control in the hex", ed.cite("land-supply"))
    if sea_control == enemy_of(side) and h not in graph.splits:
        return SupplyResult(False, (), "enemy Sea Control in the hex", ed.cite("land-supply"))
    return supply_line(state, side, h)


def brisbane_lifeline(state: GameState) -> SupplyResult:
    """The Supply Line from the US Home Base to Brisbane (v1.1 16.0; 2nd 4.3.1).

    While none can be traced, Japan gains 2 VP in each Japanese player turn.
    """
    result = supply_line(state, "allied", "Brisbane", nation="us")
    return SupplyResult(result.supplied, result.path, result.reason, state.edition.cite("victory-points"))


def resource_hexes_supplied(state: GameState) -> list[str]:
    """Resource Hexes Japan controls and traces a Supply Line to (v1.1 5.1; 2nd 5.1), by name."""
    out = []
    for place in sorted(state.map.places.values(), key=lambda p: p.name):
        if is_resource_hex(place) and place.is_base and state.controller(place.name) == "japan":
            if supply_line(state, "japan", place.hex).supplied:
                out.append(place.name)
    return out
