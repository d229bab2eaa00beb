"""The map as networkx graphs, built once per :class:`~toolkit.model.Map`.

Three graphs share one node naming:

* a **hex** node is its id ``"CCRR"``;
* a **half-hex** node is ``"CCRR/<half>"`` (the Malaya hex, FitS v1.1 2.2.1.2; 2nd 15.1);
* an **off-map box** node is the box's name (``"West Coast USA"``), one hex from
  each of its Entry Hexes (v1.1 2.2.4; 2nd 3.2.6). Holding boxes are not nodes:
  units in them are in their base's hex (v1.1 2.2.6; 2nd 3.2.5).

``grid``
    Every playing hex, joined to each adjacent playing hex whatever the hexside,
    plus the off-map boxes. Used for Supply Lines, Air ZOC, amphibious range,
    air movement between adjacent bases and air commitment; the Malaya hex is
    one hex here.
``sea``
    The grid less impassable hexsides and less non-sea hexes (the Gangetic Plain,
    v1.1 2.2.1; 2nd 3.2.1), with each split hex replaced by its half hexes, each
    joined only to the neighbours its half lists. Used for sea movement.
``land``
    Land hexes joined by the white land connections (v1.1 2.2.2; 2nd 3.2.3).

Rule conditions (Air ZOC, control, enemy units) are never baked into the graphs:
queries apply them as filters on views (:func:`toolkit.graph.stops.stop_view`) or in restricted
searches. The graphs are cached per ``Map`` object (:func:`map_graph`).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from toolkit.errors import InputError
from toolkit.games.fire_in_the_sky.records import is_sea_hex, split_hexes
from toolkit.graph.adjacency import adjacency_graph
from toolkit.lazy import networkx
from toolkit.model import Map
from toolkit.model.build import suggest
from toolkit.model.hexes import parse_hex_id
from toolkit.records import field, lazy_dataclass

if TYPE_CHECKING:  # annotations only: networkx itself loads when a graph is built (toolkit.lazy)
    import networkx as nx

__all__ = ["MapGraph", "map_graph", "NoSuchPlace", "HALF_SEP"]

HALF_SEP = "/"


class NoSuchPlace(InputError, ValueError):
    """A name that is no place, box or hex of the map; ``suggestion`` holds a close name or ``""``."""

    def __init__(self, name: str, suggestion: str = ""):
        self.name = name
        self.suggestion = suggestion
        hint = f"; did you mean {suggestion!r}?" if suggestion else ""
        super().__init__(f"{name!r} is no place, box or hex on the map{hint}")


@lazy_dataclass(eq=False)
class MapGraph:
    """The graphs of one map, and the look-ups between names and nodes.

    Parameters
    ----------
    map : Map
        The resolved map of one edition.

    Example
    -------
    >>> from toolkit.model import Map, Place, Box
    >>> m = Map(frozenset({"0101", "0102", "0201"}),
    ...         {"Truk": Place("Truk", "0101", "base")}, (), frozenset({frozenset({"0101", "0102"})}),
    ...         {"West Coast USA": Box("West Coast USA", "off-map", "us", None, ("0201",), extra=(("home_base", "us"),))})
    >>> g = MapGraph(m)
    >>> g.distance("Truk", "0102"), g.distance("Truk", "0102", sea=True)
    (1, 2)
    >>> g.distance("West Coast USA", "Truk")
    2
    """

    map: Map
    grid: nx.Graph = field(init=False)
    sea: nx.Graph = field(init=False)
    land: nx.Graph = field(init=False)
    grid_directed: nx.DiGraph = field(init=False)
    sea_directed: nx.DiGraph = field(init=False)

    def __post_init__(self):
        m = self.map
        self.places_by_hex = {p.hex: p for p in m.places.values()}
        self.off_map = {b.name: b for b in m.boxes.values() if b.kind == "off-map"}
        self.holding = {b.name: b for b in m.boxes.values() if b.kind == "holding" and b.of in m.places}
        self.splits = {s.hex: s for s in split_hexes(m) if s.hex in m.hexes}
        self.grid = self._build_grid()
        self.sea = self._build_sea()
        self.land = self._build_land()
        self.grid_directed = self.grid.to_directed(as_view=False)
        self.sea_directed = self.sea.to_directed(as_view=False)
        # Hex of every node, and the sea nodes of every hex (two for a split hex).
        self.hex_of: dict[str, str | None] = {n: (n if n in m.hexes else None) for n in self.grid}
        self.sea_nodes_of: dict[str, tuple[str, ...]] = {}
        for node in self.sea:
            h = self.node_hex(node)
            if h is not None:
                self.sea_nodes_of.setdefault(h, ())
                self.sea_nodes_of[h] += (node,)
        self.box_nodes = frozenset(self.off_map)
        self._labels: dict[str, str] = {}

    # --- building -------------------------------------------------------------------

    def _build_grid(self) -> nx.Graph:
        m = self.map
        g = adjacency_graph(m)  # the grid's geometry, as the map's grid record sets it
        for h in sorted(m.hexes):
            place = self.places_by_hex.get(h)
            col, row = parse_hex_id(h)
            g.add_node(h, kind="hex", column=col, row=row, cube=m.grid.to_cube(h),
                       place=place.name if place else None)
        for box in self.off_map.values():
            g.add_node(box.name, kind="box", box=box.name)
            for entry in box.entry_hexes:
                if entry in m.hexes:
                    g.add_edge(box.name, entry, entry=True)
        return g

    def _build_sea(self) -> nx.Graph:
        m = self.map
        not_sea = {p.hex for p in m.places.values() if not is_sea_hex(p)}
        sea = networkx().Graph()
        for node, data in self.grid.nodes(data=True):
            if node not in not_sea and node not in self.splits:
                sea.add_node(node, **data)
        for u, v, data in self.grid.edges(data=True):
            if u in sea and v in sea and frozenset((u, v)) not in m.impassable:
                sea.add_edge(u, v, **data)
        for h, split in self.splits.items():
            for half, reached in split.halves:
                node = f"{h}{HALF_SEP}{half}"
                sea.add_node(node, kind="half", hex=h, half=half, place=split.name)
                for n in reached:
                    if n in sea and n not in self.splits:
                        sea.add_edge(node, n)
            # An Entry Hex that is a split hex leads to both halves.
            for box in self.off_map.values():
                if h in box.entry_hexes:
                    for half, _ in split.halves:
                        sea.add_edge(box.name, f"{h}{HALF_SEP}{half}", entry=True)
        return sea

    def _build_land(self) -> nx.Graph:
        m = self.map
        g = networkx().Graph()
        for p in m.places.values():
            g.add_node(p.hex, place=p.name)
        for c in m.land_connections:
            a, b = self.hex_node(c.a), self.hex_node(c.b)
            if a in self.grid and b in self.grid:
                g.add_edge(a, b)
        return g

    # --- names and nodes -------------------------------------------------------------

    def node_hex(self, node: str) -> str | None:
        """The hex of a node: itself, a half's hex, or None for an off-map box."""
        if node in self.off_map:
            return None
        if HALF_SEP in node:
            return node.split(HALF_SEP, 1)[0]
        return node

    def hex_node(self, name: str) -> str:
        """Resolve a place name, box name, hex id or ``"Malaya/west"`` to a node.

        A holding box resolves to its base's hex. Raises :class:`NoSuchPlace`.
        """
        m = self.map
        if name in m.places:
            return m.places[name].hex
        if name in self.off_map:
            return name
        if name in self.holding:
            return m.places[self.holding[name].of].hex
        if name in m.hexes:
            return name
        if HALF_SEP in name:
            head, half = name.split(HALF_SEP, 1)
            h = m.places[head].hex if head in m.places else head
            for split in self.splits.values():
                if split.name == head:
                    h = split.hex
            node = f"{h}{HALF_SEP}{half}"
            if node in self.sea:
                return node
        hint = suggest(name, self.names())
        raise NoSuchPlace(name, hint.split("'")[1] if hint else "")

    def names(self) -> list[str]:
        """Every name :meth:`hex_node` accepts, sorted (places, boxes, hexes, half hexes)."""
        halves = [self.label(n) for n in self.sea if HALF_SEP in n]
        return sorted(set(self.map.places) | set(self.off_map) | set(self.holding) | set(self.map.hexes) | set(halves))

    def label(self, node: str) -> str:
        """The name players use for a node: the place name, the box name, or the hex id.

        Half hexes read ``"Malaya/west"``.
        """
        cached = self._labels.get(node)
        if cached is not None:
            return cached
        if node in self.off_map:
            text = node
        elif HALF_SEP in node:
            h, half = node.split(HALF_SEP, 1)
            place = self.places_by_hex.get(h)
            text = f"{place.name if place else self.splits[h].name}{HALF_SEP}{half}"
        else:
            place = self.places_by_hex.get(node)
            text = place.name if place else node
        self._labels[node] = text
        return text

    def sea_nodes(self, node: str) -> tuple[str, ...]:
        """The sea-graph nodes standing for a grid node (both halves of a split hex)."""
        if node in self.sea:
            return (node,)
        return self.sea_nodes_of.get(node, ())

    # --- distances -------------------------------------------------------------------

    def distance(self, a: str, b: str, sea: bool = False) -> int | None:
        """Hexes between two places, boxes or hexes; ``None`` when no sea path exists.

        Parameters
        ----------
        a, b : str
            Names (see :meth:`hex_node`).
        sea : bool
            Count along the sea graph (impassable hexsides and the Gangetic Plain
            avoided, Malaya split); otherwise across any hexside.

        Returns
        -------
        int or None
        """
        na, nb = self.hex_node(a), self.hex_node(b)
        if not sea:
            # Across any hexside a half hex counts as its whole hex (v1.1 2.2.1.2: the halves
            # matter for sea movement only); the grid holds whole hexes and off-map boxes.
            ga, gb = self.node_hex(na) or na, self.node_hex(nb) or nb
            nx = networkx()
            try:
                return nx.shortest_path_length(self.grid, ga, gb)
            except nx.NetworkXNoPath:
                return None
        sources = set(self.sea_nodes(na))
        targets = set(self.sea_nodes(nb))
        if not sources or not targets:
            return None
        if sources & targets:
            return 0
        lengths = networkx().multi_source_dijkstra_path_length(self.sea, sources)
        found = [lengths[t] for t in targets if t in lengths]
        return min(found) if found else None


# --- the per-map cache ------------------------------------------------------------
# A pure function of immutable input: a Map is frozen once built from validated documents, and its
# graphs are kept only as long as the Map object lives (the session's GameCache owns the game).

_CACHE: dict[int, tuple[weakref.ref, MapGraph]] = {}


def map_graph(game_map: Map) -> MapGraph:
    """The :class:`MapGraph` of ``game_map``, built on first use and kept while the map lives.

    Example
    -------
    >>> from toolkit.model import Map
    >>> m = Map(frozenset({"0101"}), {}, (), frozenset(), {})
    >>> map_graph(m) is map_graph(m)
    True
    """
    key = id(game_map)
    hit = _CACHE.get(key)
    if hit is not None and hit[0]() is game_map:
        return hit[1]
    graph = MapGraph(game_map)
    _CACHE[key] = (weakref.ref(game_map, lambda _ref, key=key, cache=_CACHE: cache.pop(key, None)), graph)
    return graph
