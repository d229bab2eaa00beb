"""How Fire in the Sky's map shows its own fields: Air-Port Capacity in each base's square, atolls,
Home Bases, Resource Hexes, inland hexes, the Malaya split hex, and its legend (v1.1 2.2; 2nd 3.2, 3.3)."""

from __future__ import annotations

from pathlib import Path

from toolkit.games.fire_in_the_sky.records import air_capacity, home_base, is_atoll, is_resource_hex, is_sea_hex, port_capacity, split_hexes
from toolkit.model import Box, Map, Place
from toolkit.model.mapstyle import DividedHex, MapStyle, PlaceMarks

__all__ = ["map_style"]

TEMPLATES = Path(__file__).resolve().parent / "templates"


def place_marks(place: Place) -> PlaceMarks:
    """A base shows "Air-Port" in its square, a dashed border on an atoll (class "atoll"), a ring on a Home Base, a dot on a Resource Hex."""
    air, port = air_capacity(place), port_capacity(place)
    return PlaceMarks(caps=f"{air}-{port}", details=(f"Air {air}", f"Port {port}", f"{place.vp} VP"),
                      classes=("atoll",) if is_atoll(place) else (),
                      ring=bool(home_base(place)), dot=is_resource_hex(place), inland=not is_sea_hex(place))


def box_notes(box: Box) -> tuple[str, ...]:
    """An off-map box that is a Home Base says whose (v1.1 2.2.3.1; 2nd 3.3.3)."""
    nation = home_base(box)
    return (f"Home Base ({nation})",) if nation else ()


def divided_hexes(m: Map) -> tuple[DividedHex, ...]:
    """The split hexes, each drawn with a line between its halves (v1.1 2.2.1.2; 2nd 15.1)."""
    return tuple(DividedHex(s.hex, s.name, s.halves) for s in split_hexes(m))


def map_style(game) -> MapStyle:
    """Fire in the Sky's style: its template's colours (Japan, Allied, atolls' dashed border) and legend."""
    return MapStyle(place_marks=place_marks, box_notes=box_notes, divided_hexes=divided_hexes, css="",
                    legend="map-legend-fits.svg", template="map-fits.svg", templates=TEMPLATES)
