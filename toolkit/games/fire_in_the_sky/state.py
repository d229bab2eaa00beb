"""An immutable snapshot of the board for rule queries: control, units, turn.

A :class:`GameState` is built from a scenario (:meth:`GameState.from_scenario`)
or by hand in tests. It is never changed: :meth:`GameState.with_control`,
:meth:`GameState.with_unit` and :meth:`GameState.without_unit` return new
states. Derived look-ups (units per node, Air ZOC, supply) are cached on the
state, so repeated queries on one state are cheap.
"""

from __future__ import annotations

import functools
from functools import cached_property
from types import MappingProxyType
from typing import Mapping

from toolkit.games.fire_in_the_sky.checks import FitSContext
from toolkit.games.fire_in_the_sky.mapgraph import MapGraph, map_graph
from toolkit.games.fire_in_the_sky.records import home_base, is_carrier, transport
from toolkit.model import Counter, Edition, Game, Map, Scenario
from toolkit.records import field, lazy_dataclass, replace

__all__ = ["UnitState", "GameState", "enemy_of", "SIDES", "derived"]

SIDES = ("japan", "allied")


def enemy_of(side: str) -> str:
    """The other side: ``japan`` <-> ``allied``."""
    if side not in SIDES:
        raise ValueError(f"side must be japan or allied, not {side!r}")
    return "allied" if side == "japan" else "japan"


@lazy_dataclass(frozen=True)
class UnitState:
    """One counter on the board.

    Parameters
    ----------
    id : str
        Unique within the state (``"jp-dd@Kure#3"`` when built from a scenario).
    counter : Counter
        Its counter-mix entry (type, ratings, class).
    side : str
        ``japan`` or ``allied``.
    at : str or None
        Its node: a hex id, a half hex (``"0511/west"``), an off-map box name, or
        ``None`` when in a box off the map graph (Convoy Escort, Naval Aviation...).
    steps : int
        Air steps of an air counter (1 or 2); 1 otherwise.
    task_force : bool
        Naval: in a Task Force at sea (operational side) rather than in port.
        Air/land: in Operational Movement (carried by ships; no Air ZOC, v1.1 9.2.2; 2nd 8.3).
    reduced : bool
        A land unit on its reduced side (its Transport rating is unchanged, v1.1 2.1.1.3).
    """

    id: str
    counter: Counter
    side: str
    at: str | None
    steps: int = 1
    task_force: bool = False
    reduced: bool = False

    @property
    def type(self) -> str:
        return self.counter.type

    @property
    def nation(self) -> str:
        return self.counter.nation

    @property
    def is_carrier(self) -> bool:
        return is_carrier(self.counter)

    @property
    def transport(self) -> float:
        """Transport rating: air steps for air units (v1.1 2.1.1.2; 2nd 3.1.2), else the counter's."""
        if self.type == "air":
            return float(self.steps)
        return transport(self.counter)

    @property
    def movement(self) -> int:
        return self.counter.movement


@lazy_dataclass(frozen=True, eq=False)
class GameState:
    """Control of every base, the units on the board, and the turn.

    Parameters
    ----------
    map : Map
    edition : Edition
    control : Mapping[str, str]
        Base name -> ``japan``, ``allied`` or ``none``; a base left out keeps its printed flag.
    units : tuple[UnitState, ...]
    turn : int

    Example
    -------
    >>> from toolkit.model import Map, Place, Edition
    >>> m = Map(frozenset({"0101"}), {"Truk": Place("Truk", "0101", "base", flag="japan")}, (), frozenset(), (), {})
    >>> from toolkit.model.build import bundled_scenarios, load_game
    >>> V11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
    >>> s = GameState(m, V11, {"Truk": "japan"})
    >>> s.controller("Truk"), s.with_control("Truk", "allied").controller("Truk")
    ('japan', 'allied')
    """

    map: Map
    edition: Edition
    control: Mapping[str, str] = field(default_factory=dict)
    units: tuple[UnitState, ...] = ()
    turn: int = 1

    def __post_init__(self):
        object.__setattr__(self, "control", MappingProxyType(dict(self.control)))
        object.__setattr__(self, "units", tuple(self.units))

    # --- building ----------------------------------------------------------------------

    @classmethod
    def from_scenario(cls, game: Game, scenario: Scenario) -> "GameState":
        """The board at the start of ``scenario``: printed flags changed by its control list.

        Unit entries are split into counters: ``count: 5`` gives five units, air
        ``steps: 8`` gives four 2-step counters (v1.1 2.1.1.2).
        """
        ctx = FitSContext(game, scenario)
        graph = map_graph(game.map)
        control = {name: game.control_of(scenario, name) for name, p in game.map.places.items() if p.is_base}
        units: list[UnitState] = []
        for unit in ctx.units:
            where = unit.placement.where
            if unit.hex is not None:
                at = unit.hex
            elif unit.box is not None and unit.box.kind == "off-map":
                at = unit.box.name
            else:
                at = None
            if at is not None and at in graph.splits and unit.counter.type == "naval":
                at = graph.sea_nodes(at)[0]
            entry = unit.entry
            if unit.counter.type == "air":
                steps = unit.steps
                per = 2
                pieces = [per] * (steps // per) + ([steps % per] if steps % per else [])
            else:
                pieces = [1] * max(entry.count, 0)
            for piece in pieces:
                uid = f"{unit.counter.id}@{where}#{len(units)}"
                units.append(UnitState(uid, unit.counter, unit.side, at, piece if unit.counter.type == "air" else 1,
                                       entry.task_force, entry.reduced))
        return cls(game.map, game.edition, control, tuple(units), scenario.start_turn)

    def with_control(self, base: str, side: str) -> "GameState":
        """A new state where ``base`` is controlled by ``side``."""
        control = dict(self.control)
        control[base] = side
        return replace(self, control=control)

    def with_unit(self, unit: UnitState) -> "GameState":
        """A new state with ``unit`` added (replacing a unit of the same id)."""
        return replace(self, units=tuple(u for u in self.units if u.id != unit.id) + (unit,))

    def without_unit(self, unit_id: str) -> "GameState":
        return replace(self, units=tuple(u for u in self.units if u.id != unit_id))

    def with_turn(self, turn: int) -> "GameState":
        return replace(self, turn=turn)

    # --- look-ups ----------------------------------------------------------------------

    @cached_property
    def graph(self) -> MapGraph:
        return map_graph(self.map)

    @cached_property
    def _derived(self) -> dict:
        """Results of the queries marked :func:`derived`, by function and arguments (this state only)."""
        return {}

    def param(self, name: str, default=None):
        return self.edition.param(name, default)

    def controller(self, base: str) -> str:
        """``japan``, ``allied`` or ``none``: the control list, else the printed flag (v1.1 2.2.3; 2nd 3.2.4)."""
        side = self.control.get(base)
        if side is None:
            place = self.map.places.get(base)
            side = place.printed_control if place is not None else "none"
        return side

    @cached_property
    def _friendly_nodes(self) -> dict[str, frozenset]:
        out = {}
        for side in SIDES:
            nodes = {p.hex for p in self.map.places.values() if p.is_base and self.controller(p.name) == side}
            nodes |= {b.name for b in self.graph.off_map.values() if b.side == side}
            out[side] = frozenset(nodes)
        return out

    def friendly_bases(self, side: str) -> frozenset:
        """Nodes of the bases ``side`` controls, its off-map boxes included (v1.1 2.2.3.1; 2nd 3.2.5)."""
        return self._friendly_nodes[side]

    def is_friendly_base(self, node: str, side: str) -> bool:
        return node in self._friendly_nodes[side]

    def home_bases(self, side: str, nation: str | None = None) -> list[str]:
        """Nodes of the friendly-controlled Home Bases of ``side`` (v1.1 2.2.3.1; 2nd 3.3.3), sorted.

        ``nation`` narrows to one nation's (``us`` for the Brisbane lifeline).
        """
        nodes = []
        for p in self.map.places.values():
            if home_base(p) and (nation is None or home_base(p) == nation) and _side_of_nation(home_base(p)) == side \
                    and self.controller(p.name) == side:
                nodes.append(p.hex)
        for b in self.graph.off_map.values():
            if home_base(b) and (nation is None or home_base(b) == nation) and _side_of_nation(home_base(b)) == side:
                nodes.append(b.name)
        return sorted(nodes)

    def is_home_base(self, node: str, side: str) -> bool:
        return node in self.home_bases(side)

    @cached_property
    def _by_node(self) -> dict[tuple[str, str], tuple[UnitState, ...]]:
        out: dict[tuple[str, str], list[UnitState]] = {}
        for u in self.units:
            if u.at is None:
                continue
            out.setdefault((u.at, u.side), []).append(u)
            h = self.graph.node_hex(u.at)
            if h is not None and h != u.at:  # a half hex: also counts in its hex
                out.setdefault((h, u.side), []).append(u)
        return {k: tuple(v) for k, v in out.items()}

    def units_at(self, node: str, side: str) -> tuple[UnitState, ...]:
        """Units of ``side`` at a node; a hex includes the units in its half hexes."""
        return self._by_node.get((node, side), ())

    def units_of(self, side: str) -> list[UnitState]:
        return [u for u in self.units if u.side == side]

    def unit(self, unit_id: str) -> UnitState:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    @cached_property
    def occupied(self) -> dict[str, frozenset]:
        """Nodes holding units of each side.

        A unit in a half hex occupies that half and the hex; a unit in a whole
        split hex (land units on the Malaya land hex) occupies the hex and both halves.
        """
        out: dict[str, set] = {side: set() for side in SIDES}
        graph = self.graph
        for u in self.units:
            if u.at is None or u.side not in out:
                continue
            nodes = out[u.side]
            nodes.add(u.at)
            h = graph.node_hex(u.at)
            if h is not None:
                nodes.add(h)
                if u.at == h and h in graph.splits:
                    nodes.update(graph.sea_nodes(h))
        return {side: frozenset(nodes) for side, nodes in out.items()}

    def friendly_air_at(self, hex_id: str, side: str) -> bool:
        """A friendly air unit (not a carrier, not in Operational Movement) is in the hex."""
        return any(u.type == "air" and not u.task_force for u in self.units_at(hex_id, side))


def _side_of_nation(nation: str) -> str:
    return "japan" if nation == "japan" else "allied"


def derived(query):
    """Remember what ``query(state, *args)`` answered on this state (states never change).

    One entry per function and arguments, kept on the state, so a state that goes away takes
    its answers with it.
    """

    @functools.wraps(query)
    def remembered(state: GameState, *args, **kwargs):
        key = (query.__qualname__, args, tuple(sorted(kwargs.items())))
        memo = state._derived
        if key not in memo:
            memo[key] = query(state, *args, **kwargs)
        return memo[key]

    return remembered
