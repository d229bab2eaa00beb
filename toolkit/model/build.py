"""From files to the model: the entry points, gathered from the modules that do each part.

:mod:`toolkit.model.reading` reads and validates one file, :mod:`toolkit.model.build_map`
builds a map, :mod:`toolkit.model.build_game` a game of one edition and
:mod:`toolkit.model.build_scenario` a scenario with its chain of bases
(``extends:`` paths are resolved by :mod:`toolkit.load.extends`).
"""

from __future__ import annotations

from toolkit.model.build_game import load_game
from toolkit.model.build_scenario import GameCache, load_scenario, scenario_chain
from toolkit.model.reading import Loaded, bundled_scenarios, document_game_root, find_game_root, in_edition, read_document, suggest

__all__ = ["Loaded", "load_game", "load_scenario", "scenario_chain", "GameCache", "find_game_root", "document_game_root", "bundled_scenarios",
           "suggest", "in_edition", "read_document"]
