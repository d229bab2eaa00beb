"""Movement ranges and their costs: deployment, Operational Movement, Reaction, landings, air commitment.

Every reach query returns a :class:`Reach`: ``{place or hex: Cost}`` where the
key is the place name (box name, hex id for open sea, ``"Malaya/west"`` for a
half hex) and :class:`~toolkit.games.fire_in_the_sky.costs.Cost` holds Transport and Oil Points.
``Reach.hexes`` gives the hexes moved, ``Reach.nodes`` the graph node, and an
empty reach carries ``reason`` and ``rule``.

Enemy Air ZOC is applied per query as "stop" nodes on views of the sea graph
(:func:`~toolkit.graph.stops.stop_view`) or in a small state-space search
for the "stop or move one more hex" rule; nothing is copied.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Iterable

from toolkit.errors import InputError
from toolkit.games.fire_in_the_sky.air_zoc import enemy_air_zoc
from toolkit.games.fire_in_the_sky.costs import Cost, operational_movement_cost, param, reaction_cost, sea_deployment_cost
from toolkit.games.fire_in_the_sky.records import is_resource_hex, is_sea_hex
from toolkit.games.fire_in_the_sky.state import GameState, UnitState, derived, enemy_of
from toolkit.graph.stops import stop_bfs
from toolkit.lazy import networkx

__all__ = [
    "Reach", "RuleError", "task_force", "sea_deployment", "one_hex_deployment", "operational_movement",
    "reaction", "reaction_allowance", "amphibious_reach", "air_commitment", "air_points",
]


class RuleError(InputError, ValueError):
    """A move the rules never allow (e.g. a Task Force of six ships); ``rule`` cites the rule."""

    def __init__(self, message: str, rule: str = ""):
        super().__init__(message)
        self.rule = rule


class Reach(dict):
    """``{place or hex: Cost}`` with ``hexes``, ``nodes``, ``deployments``, ``reason`` and ``rule``."""

    def __init__(self, rule: str = "", reason: str = ""):
        super().__init__()
        self.hexes: dict[str, int] = {}
        self.nodes: dict[str, str] = {}
        self.deployments: dict[str, int] = {}
        self.rule = rule
        self.reason = reason

    def add(self, label: str, node: str, cost: Cost, hexes: int, deployments: int | None = None):
        self[label] = cost
        self.nodes[label] = node
        self.hexes[label] = hexes
        if deployments is not None:
            self.deployments[label] = deployments


# --- shared helpers -------------------------------------------------------------------

@derived
def _zoc_nodes(state: GameState, side: str) -> frozenset[str]:
    """Sea nodes in the enemy Air ZOC (both halves of a split hex)."""
    graph = state.graph
    hit = frozenset(n for h in enemy_air_zoc(state, side) for n in graph.sea_nodes(h))
    return hit


def _forbidden(state: GameState, side: str) -> frozenset[str]:
    """Nodes a side never enters: off-map boxes for Japan (v1.1 2.2.4; 2nd 3.2.5)."""
    return frozenset(b for b, box in state.graph.off_map.items() if box.side != side)


def _has_enemy(state: GameState, node: str, side: str) -> bool:
    return node in state.occupied[enemy_of(side)]


def _enemy_land(state: GameState, node: str, side: str) -> bool:
    """Enemy land units (on land, not carried in a Task Force) in the hex."""
    return any(u.type == "land" and not u.task_force for u in state.units_at(node, enemy_of(side)))


def task_force(state: GameState, units: Iterable[UnitState] | UnitState) -> tuple[UnitState, ...]:
    """Check a Task Force (v1.1 9.4; 2nd 8.1): one side, one starting place, at most
    four naval units and one land or air unit. Returns the units; raises :class:`RuleError`."""
    tf = (units,) if isinstance(units, UnitState) else tuple(units)
    rule = state.edition.cite("task-force")
    if not tf:
        raise RuleError("a Task Force needs at least one unit", rule)
    if len({u.side for u in tf}) > 1:
        raise RuleError("a Task Force holds units of one side only", rule)
    graph = state.graph
    if len({graph.node_hex(u.at) or u.at for u in tf}) > 1:
        raise RuleError("all units of a Task Force must start at the same base", rule)
    naval = sum(1 for u in tf if u.type == "naval")
    other = len(tf) - naval
    max_naval = int(param(state.edition, "task_force_max_naval"))
    max_other = int(param(state.edition, "task_force_max_other"))
    if naval > max_naval:
        raise RuleError(f"a Task Force holds at most {max_naval} naval units, not {naval}", rule)
    if other > max_other:
        raise RuleError(f"a Task Force holds at most {max_other} land or air unit, not {other}", rule)
    return tf


def _label_reach(state: GameState, reach: Reach, found: dict[str, int], cost_of, deployments=None):
    graph = state.graph
    for node in sorted(found):
        reach.add(graph.label(node), node, cost_of(found[node]), found[node],
                  None if deployments is None else deployments[node])
    return reach


# --- Sea Deployment -------------------------------------------------------------------

@derived
def _deployment_leg(state: GameState, side: str, start: str) -> dict[str, int]:
    """Sea nodes one Sea Deployment can reach from ``start``: at most 4 hexes, no
    impassable hexside, stopping on entering an enemy Air ZOC (v1.1 8.2; 2nd 7.1)."""
    reach = int(param(state.edition, "sea_deployment_range"))
    hit = stop_bfs(state.graph.sea_directed, start, reach, _zoc_nodes(state, side), _forbidden(state, side))
    return hit


def sea_deployment(state: GameState, unit: UnitState, tp: float | None = None,
                   max_deployments: int | None = None) -> Reach:
    """Friendly bases a unit can reach by Sea Deployment, repeated, with the TP paid.

    v1.1 8.2; 2nd 7.1: from a friendly base to another friendly base within 4
    hexes holding no enemy unit, by sea; entering an enemy Air ZOC ends the
    move and the unit deploys no more that phase (starting in one, it may leave).
    Each deployment costs Transport rating x the edition factor; a unit may
    deploy again and again while TP last.

    Parameters
    ----------
    tp : float, optional
        Transport Points available; deployments beyond them are left out.
    max_deployments : int, optional

    Returns
    -------
    Reach
        ``{base: Cost(tp=...)}``; ``Reach.deployments`` gives how many deployments,
        ``Reach.hexes`` the length of the last one.
    """
    rule = state.edition.cite("sea-deployment")
    side = unit.side
    graph = state.graph
    start = unit.at
    if start is None:
        return Reach(rule, f"{unit.id} is not on the map")
    if unit.nation == "netherlands":
        return Reach(state.edition.cite("netherlands") or rule, "the Netherlands have no Transport Points")
    if not state.is_friendly_base(graph.node_hex(start) or start, side):
        return Reach(rule, "Sea Deployment must start in a friendly base")
    per = sea_deployment_cost(state.edition, unit.type, unit.transport)
    zoc = _zoc_nodes(state, side)
    enemy = enemy_of(side)
    origin = graph.node_hex(start) or start
    found: dict[str, int] = {}
    last_leg: dict[str, int] = {}
    frontier = sorted(graph.sea_nodes(start))
    k = 0
    while frontier:
        k += 1
        if max_deployments is not None and k > max_deployments:
            break
        if tp is not None and per * k > tp + 1e-9:
            break
        nxt = []
        for base in frontier:
            for node, hexes in _deployment_leg(state, side, base).items():
                h = graph.node_hex(node) or node
                if h == origin or h in found or not state.is_friendly_base(h, side):
                    continue
                if state.units_at(h, enemy):
                    continue
                found[h] = k
                last_leg[h] = hexes
                if node not in zoc:
                    nxt.append(node)
        frontier = sorted(set(nxt))
    reach = Reach(rule, "" if found else "no friendly base within reach")
    for h in sorted(found):
        reach.add(graph.label(h), h, Cost(per * found[h], 0.0), last_leg[h], found[h])
    return reach


# --- One-hex Deployment ---------------------------------------------------------------

def one_hex_deployment(state: GameState, unit: UnitState) -> Reach:
    """Hexes a unit can reach by One-hex Deployment, free and ignoring Air ZOC (v1.1 8.3; 2nd 7.2).

    Naval: an adjacent friendly base, not across an impassable hexside. Air: an
    adjacent friendly base. Land: along a land connection only, into any land
    hex, enemy-occupied or not; but from a hex holding enemy land units, not
    into another one holding enemy land units, nor into an enemy-controlled base.
    """
    rule = state.edition.cite("one-hex-deployment")
    graph = state.graph
    side = unit.side
    reach = Reach(rule)
    if unit.at is None:
        reach.reason = f"{unit.id} is not on the map"
        return reach
    here = graph.node_hex(unit.at) or unit.at
    found: dict[str, int] = {}
    if unit.type == "naval":
        for start in graph.sea_nodes(unit.at):
            for n in graph.sea.adj[start]:
                h = graph.node_hex(n) or n
                if h != here and state.is_friendly_base(h, side):
                    found[h] = 1
    elif unit.type == "air":
        for n in graph.grid.adj[here]:
            if state.is_friendly_base(n, side):
                found[n] = 1
    elif here in graph.land:
        enemy = enemy_of(side)
        from_enemy = _enemy_land(state, here, side)
        for n in graph.land.adj[here]:
            if from_enemy:
                place = graph.places_by_hex.get(n)
                if _enemy_land(state, n, side):
                    continue
                if place is not None and place.is_base and state.controller(place.name) == enemy:
                    continue
            found[n] = 1
    if not found:
        reach.reason = "no hex within one hex that this unit may enter"
    return _label_reach(state, reach, found, lambda d: Cost(0.0, 0.0))


# --- Operational Movement and Reaction --------------------------------------------------

@derived
def _zoc_search(state: GameState, side: str, start: str, allowance: int) -> dict[str, int]:
    """Hexes moved to each sea node, under v1.1 9.1 / 2nd 8.0 Air ZOC rules.

    Entering an enemy Air ZOC: stop, or move exactly one more hex. Starting in
    one: one hex only. No impassable hexside; Japan never enters an off-map box.
    States are (node, phase): 0 free, 1 entered a ZOC (one more hex), 2 done.
    """
    sea = state.graph.sea
    zoc = _zoc_nodes(state, side)
    forbidden = _forbidden(state, side)
    best: dict[str, int] = {start: 0}
    first = 1 if start in zoc else 0  # starting in a ZOC: the next hex entered is the last
    seen = {(start, first)}
    queue = deque([(start, first, 0)])
    while queue:
        node, phase, d = queue.popleft()
        if phase == 2 or d >= allowance:
            continue
        for n in sea.adj[node]:
            if n in forbidden:
                continue
            nphase = 2 if phase == 1 else (1 if n in zoc else 0)
            if (n, nphase) in seen:
                continue
            seen.add((n, nphase))
            if n not in best:
                best[n] = d + 1
            queue.append((n, nphase, d + 1))
    return best


def _start(state: GameState, tf: tuple[UnitState, ...]) -> str:
    """The sea node a Task Force leaves from (a whole split hex: its first half)."""
    at = tf[0].at
    nodes = state.graph.sea_nodes(at)
    return nodes[0] if nodes else at


def operational_movement(state: GameState, task_force_units, allowance: int | None = None) -> Reach:
    """Hexes a Task Force can reach by Operational Movement, with its TP and Oil cost.

    v1.1 9.1-9.4, 17.3; 2nd 8.0-8.4, 15.3: naval units up to their Movement
    Allowance, air and land units up to 4 hexes, the Task Force as its slowest
    unit; no impassable hexside; enemy Air ZOC: stop or one more hex, one hex
    only when starting in one. Cost: land/air TP = Transport rating x edition
    factor; Japanese naval Oil by distance band (1-4 hexes, 5+ x1.5), free from a
    Resource Hex from Turn 10; Allied naval free. The hex it starts in is
    included where the edition lets a Task Force leave port and stay there
    (2nd 8.4, at no Oil cost), and left out where Operational Movement is priced
    only for moves of 1 hex or more (v1.1 9.3; parameter ``operational_same_hex``).
    2nd 3.2.3: a Task Force carrying a land unit must end in a land hex.

    Parameters
    ----------
    task_force_units : UnitState or iterable of UnitState
    allowance : int, optional
        Override the hexes allowed (default: the slowest unit's).
    """
    tf = task_force(state, task_force_units)
    ed = state.edition
    rule = ed.cite("operational-movement")
    side = tf[0].side
    graph = state.graph
    if tf[0].at is None:
        return Reach(rule, "the Task Force is not on the map")
    if any(u.type == "land" and u.nation == "netherlands" for u in tf):
        return Reach(ed.cite("netherlands"), "the Dutch ABDA unit has no Transport Points for Operational Movement")
    if allowance is None:
        allowance = min(_allowance(state, u) for u in tf)
    start = _start(state, tf)
    found = _zoc_search(state, side, start, allowance)
    if not param(ed, "operational_same_hex"):  # v1.1 9.3: a move of 0 hexes is no Operational Movement
        found = {n: d for n, d in found.items() if d > 0}
    if param(ed, "operational_land_units_end_on_land") and any(u.type == "land" for u in tf):  # 2nd 3.2.3
        found = {n: d for n, d in found.items() if (graph.node_hex(n) or n) in graph.places_by_hex}
    origin = graph.places_by_hex.get(graph.node_hex(start) or "")
    resource = bool(origin and is_resource_hex(origin))
    costs: dict[int, Cost] = {}

    short = int(param(ed, "naval_oil_short_hexes"))

    def cost_of(hexes: int) -> Cost:  # the cost depends only on the band: 0, 1-4, 5+ hexes
        band = 0 if hexes <= 0 else (1 if hexes <= short else 2)
        if band not in costs:
            costs[band] = operational_movement_cost(ed, tf, hexes, turn=state.turn, start_resource=resource)
        return costs[band]

    return _label_reach(state, Reach(rule), found, cost_of)


def _allowance(state: GameState, unit: UnitState) -> int:
    if unit.type == "naval":
        return unit.movement
    return int(param(state.edition, "air_ops_move" if unit.type == "air" else "land_ops_move"))


def reaction_allowance(edition, movement: float) -> int:
    """Hexes a reacting Task Force may move: its slowest Movement Allowance times the edition's ``reaction_fraction``
    (half, rounded up: v1.1 10.1; 2nd 9.0)."""
    share = param(edition, "reaction_fraction") or {}
    part = float(share.get("fraction", 0.5)) * movement
    return math.floor(part + 1e-9) if share.get("rounding") == "down" else math.ceil(part - 1e-9)


def reaction(state: GameState, units, allowance: int | None = None) -> Reach:
    """Hexes a reacting Task Force can reach, with its Oil cost (v1.1 10.1-10.2; 2nd 9.0).

    Naval units only; half the slowest Movement Allowance, rounded up; it must
    end in a hex (or half hex) holding an enemy unit of any type, its own hex
    included; enemy Air ZOC as for Operational Movement; never from an off-map
    box. Japanese Oil as Operational Movement; reacting into its own hex costs
    the 1-4 hex band in v1.1 (10.1), nothing in 2nd (8.4).
    """
    tf = task_force(state, units)
    ed = state.edition
    rule = ed.cite("reaction")
    side = tf[0].side
    graph = state.graph
    if any(u.type != "naval" for u in tf):
        raise RuleError("only naval units react", rule)
    if tf[0].at is None:
        return Reach(rule, "the Task Force is not on the map")
    if tf[0].at in graph.off_map:
        return Reach(ed.cite("reaction-off-map"), "no unit can react from an off-map box")
    if allowance is None:
        allowance = reaction_allowance(ed, min(u.movement for u in tf))
    start = _start(state, tf)
    found = {n: d for n, d in _zoc_search(state, side, start, allowance).items() if _has_enemy(state, n, side)}
    origin = graph.places_by_hex.get(graph.node_hex(start) or "")
    resource = bool(origin and is_resource_hex(origin))
    reach = Reach(rule, "" if found else "no hex holding an enemy unit within reach")
    return _label_reach(state, reach, found,
                        lambda d: reaction_cost(ed, tf, d, turn=state.turn, start_resource=resource))


# --- Amphibious landings and air commitment ---------------------------------------------

@derived
def amphibious_reach(state: GameState, side: str) -> frozenset[str]:
    """Land hexes where ``side``'s land units may land (v1.1 9.2.1, 12.3.4.1; 2nd 11.2.5.1).

    Within 2 hexes of any friendly base (across any hexside); the Allied off-map
    Home Bases count one hex from their Entry Hexes; only where sea movement is
    allowed (not the Gangetic Plain). Returns place names.
    """
    graph = state.graph
    forbidden = _forbidden(state, side)
    nx = networkx()
    view = nx.subgraph_view(graph.grid, filter_node=lambda n: n not in forbidden) if forbidden else graph.grid
    sources = state.friendly_bases(side)
    cutoff = int(param(state.edition, "amphibious_range"))
    near = nx.multi_source_dijkstra_path_length(view, sources, cutoff=cutoff) if sources else {}
    result = frozenset(p.name for p in state.map.places.values() if is_sea_hex(p) and p.hex in near)
    return result


def air_commitment(state: GameState, unit: UnitState, phasing: bool = True) -> dict[str, int]:
    """Hexes an air unit may be committed to, with the air steps it brings (v1.1 11.0; 2nd 10.0).

    Its own hex or, for the phasing player, an adjacent hex, whatever enemy air,
    carriers or Air ZOC. Steps committed to an adjacent hex go to the Long Range Air
    box, where the box's total is halved for Air Points (:func:`air_points`, v1.1
    12.3.2): halving unit by unit would lose a point for every pair of odd units.
    Air units in Operational Movement (on ships) or in an off-map box commit nowhere.
    """
    graph = state.graph
    if unit.type != "air" or unit.task_force or unit.at is None or unit.at in graph.off_map:
        return {}
    here = graph.node_hex(unit.at) or unit.at
    out = {graph.label(here): unit.steps}
    if phasing:
        for n in sorted(graph.grid.adj[here]):
            if n not in graph.off_map:
                out[graph.label(n)] = unit.steps
    return out


def air_points(at_base_steps: int = 0, long_range_steps: int = 0, carrier_air_strength: int = 0) -> int:
    """Air Points in a battle (v1.1 12.3.2; 2nd 10.0): steps in the Land/Air at Base box count in
    full, carriers their Air Strength, and the Long Range Air box its total steps halved, rounded down.

    >>> air_points(long_range_steps=4)       # v1.1 12.3.2 example: 4 Long Range steps
    2
    >>> air_points(long_range_steps=1 + 1)   # two 1-step units: the box total is halved, not each unit
    1
    """
    return at_base_steps + carrier_air_strength + long_range_steps // 2
