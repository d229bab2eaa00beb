"""How Fire from the Skies' plotting sheet is drawn as a hex map (the site's game page): the sides' colours."""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.mapstyle import MapStyle

__all__ = ["map_style"]


def map_style(game: Game) -> MapStyle:
    """The Allied side blue, the Japanese red; the sheet's hexes have no fields of the game's own to show."""
    return MapStyle(side_colours={"allied": "#1f4e9c", "japanese": "#c8102e"})
