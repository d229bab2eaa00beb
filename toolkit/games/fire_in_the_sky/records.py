"""Fire in the Sky's own fields of the core records: what its bases, boxes, counters and map say beyond the core.

The core model keeps what every map game has; the fields below come from Fire in the Sky's
overlay schema (``scenarios/fire-in-the-sky/schemas/map.schema.json``: its ``place_fields``,
``box_fields`` and ``sections``), and the rules that read them ask for them here, by the
rulebook's names.
"""

from __future__ import annotations

from toolkit.findings import Finding, Location
from toolkit.model import Box, Counter, Map, Place
from toolkit.model.reading import in_edition
from toolkit.records import field, lazy_dataclass

__all__ = ["air_capacity", "port_capacity", "base_expansion", "is_atoll", "home_base", "is_resource_hex", "is_sea_hex", "CARRIER_CLASSES",
           "is_carrier", "transport", "SplitHex", "split_hexes", "split_hex_findings"]


# --- bases and land circles (v1.1 2.2.2, 2.2.3; 2nd 3.2.3, 3.2.4) ---------------------------------

def air_capacity(place: Place) -> int:
    """The printed Air Capacity of a base: most air steps it holds (0 for a land circle)."""
    return int(place.get("air", 0) or 0)


def port_capacity(place: Place) -> int:
    """The printed Port Capacity of a base: most naval Transport factors it holds."""
    return int(place.get("port", 0) or 0)


def base_expansion(edition, controller: str, turn: int | None) -> int:
    """Allied Base Expansion: the multiplier of an Allied-controlled base's Air and Port Capacity on ``turn`` (v1.1 17.2;
    2nd 15.2: x2 on Turns 6-9, x3 on 10-13, x4 on 14-16); 1 for any other base or turn."""
    if controller != "allied" or turn is None:
        return 1
    for step in edition.param("base_expansion", []) or []:
        if step["from_turn"] <= turn <= step["to_turn"]:
            return int(step["multiplier"])
    return 1


def is_atoll(place: Place) -> bool:
    """An atoll (green border): its Land Capacity is the edition's smaller one (v1.1 2.2.2.1; 2nd 3.3.1)."""
    return bool(place.get("atoll", False))


def home_base(record: Place | Box) -> str | None:
    """The nation whose Home Base a base or off-map box is, or None (v1.1 2.2.3.1; 2nd 3.3.3)."""
    return record.get("home_base")


def is_resource_hex(place: Place) -> bool:
    """A Resource Hex (oil symbol): Japanese oil comes from it (v1.1 2.2.5; 2nd 3.2.7)."""
    return bool(place.get("resource", False))


def is_sea_hex(place: Place) -> bool:
    """Whether a land hex is also a sea hex for movement (all but an inland hex such as the Gangetic Plain)."""
    return place.get("sea", True) is not False


# --- counters (v1.1 2.1; 2nd 3.1) ------------------------------------------------------------------

#: Naval classes that carry air units: fleet and light carriers, and the Ise-class battleship-carriers.
CARRIER_CLASSES = ("CV", "CVL", "BBV")


def is_carrier(counter: Counter) -> bool:
    return counter.cls in CARRIER_CLASSES


def transport(counter: Counter) -> float:
    """Transport rating of one counter: an air unit's is its steps; land units keep their full rating when reduced (v1.1 2.1.1.2, 2.1.1.3; 2nd 3.1.2)."""
    r = counter.ratings
    if counter.type == "air":
        return float(r.get("steps", 2))
    if counter.type == "land":
        return float(r.get("transport", r.get("combat", 0)))
    return float(r.get("transport", 0))


# --- split hexes (v1.1 2.2.1.2; 2nd 15.1) -------------------------------------------------------------

@lazy_dataclass(frozen=True)
class SplitHex:
    """A hex cut in two half sea hexes by an impassable hexside (the Malaya hex)."""

    hex: str
    name: str
    halves: tuple[tuple[str, tuple[str, ...]], ...]  # (half name, hexes reached by sea from it)
    at: Location = field(default=Location(""), compare=False)


def _records(m: Map):
    """(index, record) of the map's ``split_hexes`` that hold in its edition."""
    return [(i, r) for i, r in enumerate(m.section("split_hexes") or []) if in_edition(r, m.edition)]


def _locate(m: Map, *path) -> Location:
    section = m.sections.get("split_hexes")
    return section.locate(*path) if section is not None and section.document is not None else Location("")


def split_hexes(m: Map) -> tuple[SplitHex, ...]:
    """The map's split hexes (its ``split_hexes:`` key), of its edition."""
    return tuple(SplitHex(r["hex"], r.get("name", r["hex"]), tuple((h["name"], tuple(h.get("neighbours", []))) for h in r.get("halves", [])),
                          _locate(m, i)) for i, r in _records(m))


def split_hex_findings(m: Map) -> list[Finding]:
    """A split hex off the playing area (MAP-OUTSIDE), or a half reaching a hex that is not next to it (MAP-HEXSIDE)."""
    found = []
    for i, r in _records(m):
        if m.hexes and r["hex"] not in m.hexes:
            found.append(Finding("error", "MAP-OUTSIDE", f"split hex {r['hex']} is not in the playing area", _locate(m, i, "hex")))
            continue
        for k, half in enumerate(r.get("halves", [])):
            for j, n in enumerate(half.get("neighbours", [])):
                if n not in m.grid.neighbours(r["hex"]) or (m.hexes and n not in m.hexes):
                    found.append(Finding("error", "MAP-HEXSIDE", f"{n} is not a hex next to the split hex {r['hex']} in the playing area",
                                         _locate(m, i, "halves", k, "neighbours", j)))
    return found
