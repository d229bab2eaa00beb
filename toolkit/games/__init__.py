"""What is particular to one game, kept small: a module per game, named by ``rules_module`` in
its game.yaml. The core asks it only the questions its data cannot answer on its own."""

from __future__ import annotations

import importlib
from types import ModuleType

from toolkit.games import default

__all__ = ["rules_for"]


def rules_for(game) -> ModuleType:
    """The game's rules module, or the defaults when the game names none."""
    name = getattr(game, "rules_module", None)
    if not name:
        return default
    try:
        return importlib.import_module(f"toolkit.games.{name}")
    except ModuleNotFoundError:
        return default
