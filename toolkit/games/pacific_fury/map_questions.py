"""Pacific Fury's answer to ``chartroom map distance``: moves between sea zones (PF 2.1, 9.2).

The four zones join as the map lists them; where the rules leave a pair open, the answer takes
the map's reading and says so when it decides the answer (:func:`.zones.open_pairs_deciding`).
"""

from __future__ import annotations

from toolkit.errors import InputError
from toolkit.games.maps import Distance
from toolkit.games.pacific_fury import zones as pf_zones
from toolkit.model import Game

__all__ = ["map_distance", "pair_caveats"]


def pair_caveats(pairs) -> list[str]:
    """One line per open pair an answer rests on: the reading taken, where it is recorded, and how to take the other."""
    out = []
    for pair in pairs:
        reading = "adjacent" if pair.adjacent else "not adjacent"
        out.append(f"the pair {pair.a} / {pair.b} is left open by the rules; this answer takes the map's reading ({reading}) "
                   f"recorded at {pair.at}: set `adjacent: {'false' if pair.adjacent else 'true'}` there for the other reading")
    return out


def map_distance(game: Game, a: str, b: str, sea: bool = False) -> Distance:
    """Moves from zone ``a`` to zone ``b`` (names as the map writes them, any case, or the rules' other names)."""
    if sea:
        raise InputError("--sea: every area of Pacific Fury's map is a sea zone; leave it out")
    zones = pf_zones.ZoneMap.of(game.map)
    first, second = pf_zones.zone_name(zones, a), pf_zones.zone_name(zones, b)
    steps = pf_zones.distance(zones, first, second)
    deciding = pf_zones.open_pairs_deciding(zones, lambda z: pf_zones.distance(z, first, second))
    return Distance(first, second, steps, "step", adjacent=steps == 1, caveats=tuple(pair_caveats(deciding)))
