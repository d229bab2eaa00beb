"""The generic graph layer: a map's adjacency as a networkx graph, and queries over it.

It reads adjacency only (:meth:`toolkit.model.Map.adjacent_pairs`): hexes joined by the
grid's geometry or areas joined as their map lists them. What a rule adds (impassable
hexsides, sea and land movement, zones of control) belongs to the game module, which
builds on :func:`adjacency_graph`.

The functions live in :mod:`toolkit.graph.adjacency` (networkx underneath),
:mod:`toolkit.graph.stops` (movement that stops on entering some nodes: views and searches,
networkx underneath) and :mod:`toolkit.graph.arcs` (hex geometry, no networkx). Importing them
imports no networkx: it costs about 0.18 s to import (``python -X importtime``), so it loads
(:func:`toolkit.lazy.networkx`) when a graph is first built or searched, which ``chartroom check`` never does.
"""

from __future__ import annotations

from toolkit.graph.adjacency import adjacency_graph, distance
from toolkit.graph.stops import stop_bfs, stop_view

__all__ = ["adjacency_graph", "distance", "stop_view", "stop_bfs"]
