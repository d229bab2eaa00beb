"""The four sea zones (PF 2.1): adjacency, distance, legal moves and sortie destinations.

Adjacency is the map's, every pair listed (``scenarios/pacific-fury/map.yaml``); where the
rules leave a pair open the map keeps its chosen reading with ``open: true``.
:func:`open_pairs_deciding` tells whether an answer depends on such a pair: it recomputes the
answer with the pair read the other way and names the pair when the answer changes.

>>> from toolkit.model import Map
>>> areas = Map(frozenset({"A", "B", "C"}), {}, (), frozenset(), (), {}, kind="areas",
...             adjacency=frozenset({frozenset({"A", "B"}), frozenset({"B", "C"})}),
...             area_kinds={"A": "zone", "B": "zone", "C": "zone"})
>>> zones = ZoneMap.of(areas)
>>> neighbours(zones, "B"), distance(zones, "A", "C"), adjacent(zones, "A", "C")
(('A', 'C'), 2, False)
"""

from __future__ import annotations

import dataclasses
import difflib
from typing import Callable, Mapping, Sequence

from toolkit.errors import InputError
from toolkit.games.pacific_fury.tables import SortieRow
from toolkit.graph.adjacency import adjacency_graph
from toolkit.graph.adjacency import distance as graph_distance
from toolkit.model import AreaPair, Map
from toolkit.records import lazy_dataclass

__all__ = ["ZoneError", "ZoneMap", "ALIASES", "BASE", "zone_name", "adjacent", "neighbours", "distance",
           "legal_moves", "sortie_zones", "air_strike_zones", "open_pairs_deciding"]

#: Other names the rules give the zones (PF 9.1 and 10.5 write "Eastern Solomon Sea").
ALIASES = {"eastern solomon sea": "Eastern Solomons", "slot": "The Slot", "ironbottom": "Ironbottom Sound",
           "south pacific": "South Pacific Ocean", "spo": "South Pacific Ocean", "es": "Eastern Solomons"}

#: A move may instead return a task force to its base (PF 9.2).
BASE = "base"


class ZoneError(InputError, ValueError):
    """A name that is no sea zone, or a task-force type the rules do not know."""


@lazy_dataclass(frozen=True)
class ZoneMap:
    """The sea zones of an area map and its listed pairs."""

    game_map: Map
    zones: tuple[str, ...]

    @classmethod
    def of(cls, game_map: Map) -> "ZoneMap":
        zones = tuple(name for name, kind in game_map.area_kinds.items() if kind == "zone") or tuple(sorted(game_map.hexes))
        return cls(game_map, zones)

    def read_as(self, pair: AreaPair, adjacent: bool) -> "ZoneMap":
        """The same zones with ``pair`` read as adjacent or not."""
        key = frozenset((pair.a, pair.b))
        adjacency = self.game_map.adjacency | {key} if adjacent else self.game_map.adjacency - {key}
        return ZoneMap(dataclasses.replace(self.game_map, adjacency=frozenset(adjacency)), self.zones)

    def open_pairs(self) -> tuple[AreaPair, ...]:
        return tuple(p for p in self.game_map.pair_records.values() if p.open)


def zone_name(zones: ZoneMap, text: str) -> str:
    """The zone ``text`` names: exact, any case, without a leading "the", or a name the rules also use.

    >>> from toolkit.model import Map
    >>> z = ZoneMap(Map(frozenset({"Eastern Solomons"}), {}, (), frozenset(), (), {}, kind="areas"), ("Eastern Solomons",))
    >>> zone_name(z, "eastern solomon sea")
    'Eastern Solomons'
    """
    wanted = " ".join(str(text).lower().split())
    for zone in zones.zones:
        if zone.lower() in (wanted, f"the {wanted}") or zone.lower().removeprefix("the ") == wanted:
            return zone
    alias = ALIASES.get(wanted.removeprefix("the "))
    if alias in zones.zones:
        return alias
    close = difflib.get_close_matches(str(text), zones.zones, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise ZoneError(f"{text!r} is not a sea zone (zones: {', '.join(zones.zones)}){hint}")


def adjacent(zones: ZoneMap, a: str, b: str) -> bool:
    """Whether a move may go from ``a`` to ``b`` in one step (PF 9.2): the map lists them as adjacent."""
    return frozenset((a, b)) in zones.game_map.adjacency


def neighbours(zones: ZoneMap, zone: str) -> tuple[str, ...]:
    """The zones adjacent to ``zone``, in the map's order."""
    return tuple(z for z in zones.zones if z != zone and adjacent(zones, zone, z))


def distance(zones: ZoneMap, a: str, b: str) -> int | None:
    """Moves between two zones (breadth-first on the zone graph), or None if none joins them."""
    return graph_distance(adjacency_graph(zones.game_map), a, b)


def legal_moves(zones: ZoneMap, zone: str, task_force: str, rules: Mapping[str, Mapping]) -> tuple[str, ...]:
    """Where a task force of type ``task_force`` (A, B, C) in ``zone`` may move: an adjacent zone its
    type may enter (PF 9.2: no TF-C in Ironbottom Sound or The Slot), or back to its base.

    ``rules`` maps each zone to its record of the sea-zones table (``may_enter``).
    """
    if task_force not in ("A", "B", "C"):
        raise ZoneError(f"task-force type {task_force!r}: A, B or C (PF 8.3)")
    return tuple(z for z in neighbours(zones, zone) if task_force in rules.get(z, {}).get("may_enter", ())) + (BASE,)


def sortie_zones(side: str, task_force: str, initiative: bool, rows: Sequence[SortieRow]) -> tuple[SortieRow, ...]:
    """The sortie destinations open to ``side``'s task force of type ``task_force`` (A, B, C or
    ``tokyo-express``), with or without the initiative (PF 9.1, 9.6).

    >>> rows = (SortieRow("us", ("A", "B", "C"), "South Pacific Ocean", "always"), SortieRow("us", ("B",), "Ironbottom Sound", "initiative"))
    >>> [r.zone for r in sortie_zones("us", "B", True, rows)], [r.zone for r in sortie_zones("us", "B", False, rows)]
    (['South Pacific Ocean', 'Ironbottom Sound'], ['South Pacific Ocean'])
    """
    if task_force not in ("A", "B", "C", "tokyo-express"):
        raise ZoneError(f"task-force type {task_force!r}: A, B, C or tokyo-express (PF 8.3, 9.6)")
    when = {"always", "initiative" if initiative else "non-initiative"}
    return tuple(r for r in rows if r.side == side and task_force in r.task_forces and r.when in when)


def air_strike_zones(zones: ZoneMap, zone: str) -> tuple[str, ...]:
    """Zones a TF-C in ``zone`` may strike an enemy task force in: the adjacent zones (PF 9.5, 10.6), read as the
    neighbouring zones only, not ``zone`` itself (the other reading is recorded in docs/pacific-fury.md)."""
    return neighbours(zones, zone)


def open_pairs_deciding(zones: ZoneMap, answer: Callable[[ZoneMap], object]) -> tuple[AreaPair, ...]:
    """The open pairs whose other reading would change ``answer`` (so the answer rests on their record)."""
    here = answer(zones)
    deciding = []
    for pair in zones.open_pairs():
        if answer(zones.read_as(pair, not pair.adjacent)) != here:
            deciding.append(pair)
    return tuple(deciding)
