"""How a hex map shows what only one game records: the marks on its places, the notes of its boxes, its colours and legend.

The core draws what every hex game has (hexes, terrain, places, control, Victory Points,
connections, impassable hexsides, boxes); a game module's ``map_style(game)`` gives a
:class:`MapStyle` for the rest. The default style shows no game fields, colours the sides in
the order the manifest lists them and each terrain from a fixed palette, and draws the core's
legend.

It lives beside the model, not in :mod:`toolkit.render`, so that a game module can declare its
style without importing the renderer (``check`` never loads it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping, Sequence

from toolkit.model import Box, Map, Place
from toolkit.records import field, lazy_dataclass

__all__ = ["PlaceMarks", "DividedHex", "MapStyle", "TERRAIN_COLOURS"]

#: Fill of each terrain, in the order the map first names them (a game's style may name its own).
TERRAIN_COLOURS = ("#e9efd9", "#9cc08a", "#c9b98f", "#a7c7e7", "#d8c3a5", "#b7b7b7")


@lazy_dataclass(frozen=True)
class PlaceMarks:
    """What a place shows beyond its name, control and Victory Points.

    ``caps`` is the text in a base's square; ``details`` the facts of its tooltip (before who
    holds it); ``classes`` are the square's extra style classes (the game's template styles them);
    ``ring`` draws a ring round it, ``dot`` a dot beside it; ``inland`` colours the hex as one that
    is no sea hex.
    """

    caps: str = ""
    details: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    ring: bool = False
    dot: bool = False
    inland: bool = False


@lazy_dataclass(frozen=True)
class DividedHex:
    """A hex drawn cut in two (or more) parts, each part facing the listed neighbouring hexes."""

    hex: str
    name: str
    parts: tuple[tuple[str, tuple[str, ...]], ...]  # (part name, neighbouring hexes it faces)


def plain_marks(place: Place) -> PlaceMarks:
    """The default: a base's tooltip gives its Victory Points, if any."""
    return PlaceMarks(details=(f"{place.vp} VP",) if place.vp else ())


@lazy_dataclass(frozen=True)
class MapStyle:
    """A game's way of drawing its own fields on the hex map.

    ``place_marks(place)`` and ``box_notes(box)`` read the game's fields; ``divided_hexes(map)``
    lists hexes drawn cut in parts. ``css`` holds extra style rules; ``None`` derives them:
    each side's colour by its place in the manifest (or ``side_colours``), each terrain's from
    :data:`TERRAIN_COLOURS` (or ``terrain_colours``). ``template`` names the drawing's template and ``legend`` that of
    its legend block, found in ``templates`` (the game's folder) or the core's; a game's template
    may extend the core's ``map.svg`` and replace its ``styles`` block.
    """

    place_marks: Callable[[Place], PlaceMarks] = plain_marks
    box_notes: Callable[[Box], Sequence[str]] = lambda box: ()
    divided_hexes: Callable[[Map], Sequence[DividedHex]] = lambda m: ()
    css: str | None = None
    terrain_colours: Mapping[str, str] = field(default_factory=dict)
    side_colours: Mapping[str, str] = field(default_factory=dict)
    legend: str = "map-legend.svg"
    template: str = "map.svg"
    templates: Path | None = None
