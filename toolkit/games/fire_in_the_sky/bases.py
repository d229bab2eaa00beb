"""Fire in the Sky's facts of each base, land circle and box for the base directory: capacities, AA,
Land Capacity, atolls, Home Bases and Resource Hexes (v1.1 2.2.2, 2.2.3; 2nd 3.2, 3.3)."""

from __future__ import annotations

import math

from toolkit.games.fire_in_the_sky.records import air_capacity, home_base, is_atoll, is_resource_hex, is_sea_hex, port_capacity
from toolkit.model import Box, Game, Place

__all__ = ["base_facts", "anti_aircraft_dice"]


def _nation(game: Game, nation: str | None) -> str:
    return game.nations.get(nation, nation) if nation else ""


def anti_aircraft(game: Game, air: int) -> str:
    """A base's AA rating: the edition's fraction of its printed Air Capacity, rounded as the edition says (v1.1 2.2.3; 2nd 3.2.4);
    blank when the edition states no ``aa_rating``."""
    aa = game.edition.param("aa_rating")
    if not isinstance(aa, dict) or "fraction" not in aa:
        return ""
    value = air * aa["fraction"]
    return f"{math.floor(value) if aa.get('rounding') == 'down' else value:g}"


def anti_aircraft_dice(edition, air: int) -> int:
    """The dice a base's AA fires: the edition's fraction (``aa_rating``: half) of its printed Air Capacity, never the
    expanded one (v1.1 2.2.3, 17.2; 2nd 11.2.2.4 [a], 15.2), rounded down (2nd; v1.1 states no rounding, and no
    printed Air Capacity is odd)."""
    aa = edition.param("aa_rating")
    fraction = aa.get("fraction", 0.5) if isinstance(aa, dict) else 0.5
    return math.floor(air * fraction + 1e-9)


def base_facts(game: Game, record: Place | Box) -> dict:
    """The base directory's Fire in the Sky columns of a base, a land circle or a box."""
    if isinstance(record, Box):
        return {"home": _nation(game, home_base(record))}
    if not record.is_base:
        return {"sea": is_sea_hex(record)}
    capacity = game.edition.param("land_capacity")  # a required parameter: {normal, atoll} (v1.1 2.2.2.1; 2nd 3.3.1)
    air = air_capacity(record)
    return {"air": air, "port": port_capacity(record), "aa": anti_aircraft(game, air),
            "land": capacity["atoll"] if is_atoll(record) else capacity["normal"], "atoll": is_atoll(record),
            "home": _nation(game, home_base(record)), "resource": is_resource_hex(record)}
