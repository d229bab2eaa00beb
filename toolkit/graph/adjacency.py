"""A map's adjacency as a networkx graph, and the distance between two of its nodes.

It reads adjacency only (:meth:`toolkit.model.Map.adjacent_pairs`): hexes joined by the
grid's geometry or areas joined as their map lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.lazy import networkx
from toolkit.model import Map

if TYPE_CHECKING:  # annotations only: networkx itself loads when a graph is built (toolkit.lazy)
    import networkx as nx

__all__ = ["adjacency_graph", "distance"]


def adjacency_graph(game_map: Map) -> nx.Graph:
    """Every node of the map (hexes or areas), joined to each neighbour.

    Example
    -------
    >>> from toolkit.model import Map
    >>> areas = Map(frozenset({"A", "B", "C"}), {}, (), frozenset(), (), {}, kind="areas",
    ...             adjacency=frozenset({frozenset({"A", "B"}), frozenset({"B", "C"})}))
    >>> sorted(adjacency_graph(areas).edges())
    [('A', 'B'), ('B', 'C')]
    >>> hexes = Map(frozenset({"0101", "0102", "0201", "0301"}), {}, (), frozenset(), (), {})
    >>> sorted(adjacency_graph(hexes).edges())
    [('0101', '0102'), ('0101', '0201'), ('0102', '0201'), ('0201', '0301')]
    """
    graph = networkx().Graph()
    graph.add_nodes_from(sorted(game_map.hexes))
    graph.add_edges_from(game_map.adjacent_pairs())
    return graph


def distance(graph: nx.Graph, a: str, b: str) -> int | None:
    """Steps between two nodes, or None when no path joins them.

    >>> import networkx as nx
    >>> g = nx.path_graph(["A", "B", "C"])
    >>> distance(g, "A", "C"), distance(g, "A", "A")
    (2, 0)
    """
    nx = networkx()
    try:
        return nx.shortest_path_length(graph, a, b)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return None
