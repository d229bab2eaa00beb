"""The generic graph layer: a map's adjacency as a networkx graph, and queries over it.

It reads adjacency only (:meth:`toolkit.model.Map.adjacent_pairs`): hexes joined by the
grid's geometry or areas joined as their map lists them. What a rule adds (impassable
hexsides, sea and land movement, zones of control) belongs to the game module, which
builds on :func:`adjacency_graph`.

The functions live in :mod:`toolkit.graph.adjacency` (networkx underneath),
:mod:`toolkit.graph.stops` (movement that stops on entering some nodes: views and searches,
networkx underneath) and :mod:`toolkit.graph.arcs` (hex geometry, no networkx). Importing this package imports
neither networkx nor a graph module: ``chartroom check`` loads the package through
:mod:`toolkit.graph.arcs` and networkx costs about 0.18 s to import (``python -X importtime``),
so ``adjacency_graph``, ``distance``, ``stop_view`` and ``stop_bfs`` are loaded from their module on first use.
"""

from __future__ import annotations

import importlib

__all__ = ["adjacency_graph", "distance", "stop_view", "stop_bfs"]

_HOME = {"adjacency_graph": "adjacency", "distance": "adjacency", "stop_view": "stops", "stop_bfs": "stops"}


def __getattr__(name: str):
    if name in _HOME:
        return getattr(importlib.import_module(f"toolkit.graph.{_HOME[name]}"), name)
    raise AttributeError(f"module 'toolkit.graph' has no attribute {name!r}")
