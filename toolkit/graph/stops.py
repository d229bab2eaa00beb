"""Movement that must stop on entering some nodes: a filtered view of a directed graph, and the search over it.

Many rules end a move when it enters a node (an enemy zone of control, a hex holding enemy units)
and forbid other nodes outright (a box one side may not enter). Neither is baked into a graph:
:func:`stop_view` filters edges on the fly (``nx.subgraph_view``, nothing copied) and
:func:`stop_bfs` searches that view with a cutoff. The rule that decides what stops movement
belongs to the game; these functions only apply it.

Example
-------
A line ``a - b - c - d`` where ``b`` stops movement: from ``a`` a move reaches ``b`` and stops
there; from ``b`` itself (a start is never a stop) it may go on.

>>> import networkx as nx
>>> line = nx.path_graph(["a", "b", "c", "d"]).to_directed()
>>> stop_bfs(line, "a", cutoff=3, stops={"b"})
{'a': 0, 'b': 1}
>>> stop_bfs(line, "b", cutoff=1, stops={"b"})
{'b': 0, 'a': 1, 'c': 1}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Collection, Iterable

from toolkit.lazy import networkx

if TYPE_CHECKING:  # annotations only: networkx itself loads when a graph is searched (toolkit.lazy)
    import networkx as nx

__all__ = ["stop_view", "stop_bfs"]


def stop_view(graph: nx.DiGraph, stops: Callable[[str], bool] | Collection[str], source: str | Iterable[str] = (),
              exclude: frozenset = frozenset()) -> nx.DiGraph:
    """A view of a directed graph where movement may enter a stop node but not leave it.

    Parameters
    ----------
    graph : nx.DiGraph
        The directed movement graph (every edge both ways for a map's adjacency).
    stops : set or predicate
        Nodes that end movement when entered (e.g. an enemy zone of control).
    source : str or iterable
        Starting nodes: a start is never a stop (a unit may leave the node it starts in).
    exclude : frozenset
        Nodes that may not be entered at all (e.g. boxes one side may not use).

    Returns
    -------
    nx.DiGraph
        A read-only ``nx.subgraph_view``; nothing is copied.

    Example
    -------
    >>> import networkx as nx
    >>> g = nx.path_graph(["a", "b", "c"]).to_directed()
    >>> sorted(nx.single_source_shortest_path_length(stop_view(g, {"b"}, "a"), "a"))
    ['a', 'b']
    >>> sorted(stop_view(g, set(), "a", exclude=frozenset({"c"})))
    ['a', 'b']
    """
    starts = {source} if isinstance(source, str) else set(source)
    is_stop = stops if callable(stops) else stops.__contains__
    nx = networkx()
    return nx.subgraph_view(
        graph,
        filter_node=(lambda n: n not in exclude) if exclude else nx.filters.no_filter,
        filter_edge=lambda u, v: u in starts or not is_stop(u),
    )


def stop_bfs(graph: nx.DiGraph, source: str, cutoff: int, stops: Callable[[str], bool] | Collection[str] = frozenset(),
             exclude: frozenset = frozenset()) -> dict[str, int]:
    """Nodes within ``cutoff`` steps of ``source`` when movement stops on entering a stop node.

    Parameters
    ----------
    graph, stops, exclude
        As for :func:`stop_view`.
    source : str
        The starting node; a source the graph does not hold reaches nothing.
    cutoff : int
        The most steps a move may take.

    Returns
    -------
    dict
        ``{node: steps}``, the source included at 0, in breadth-first order.

    Example
    -------
    >>> import networkx as nx
    >>> g = nx.path_graph(["a", "b", "c"]).to_directed()
    >>> stop_bfs(g, "a", cutoff=1), stop_bfs(g, "z", cutoff=1)
    ({'a': 0, 'b': 1}, {})
    """
    if source not in graph:
        return {}
    return networkx().single_source_shortest_path_length(stop_view(graph, stops, source, exclude), source, cutoff=cutoff)
