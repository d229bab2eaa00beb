"""Transport Point and Oil Point costs, per edition (Transport Cost Chart of each edition).

Pure functions of an :class:`~toolkit.model.Edition` and numbers: no map, no state.
Each reads its factor from the edition's ``parameters`` and falls back to the
edition file (a missing one raises :class:`MissingParameter`).

Example
-------
>>> from toolkit.model.build import bundled_scenarios, load_game
>>> v11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
>>> sea_deployment_cost(v11, "land", 4)          # v1.1 8.2 example: 4 x 0.5
2.0
>>> operational_movement_cost(v11, [("naval", 0.5, "japan")], hexes=6).oil   # v1.1 9.3 example
0.75
"""

from __future__ import annotations

import math
from typing import Iterable, NamedTuple

from toolkit.errors import InputError
from toolkit.model import Edition

__all__ = [
    "Cost", "MissingParameter", "REQUIRED_PARAMETERS", "param", "sea_deployment_cost", "operational_movement_cost", "naval_oil",
    "reaction_cost", "operational_rules", "drops_fractions", "end_of_phase", "OilTransport", "oil_transport", "dd_transfer_cost", "asw_cost",
]


class Cost(NamedTuple):
    """A price in Transport Points and Oil Points."""

    tp: float = 0.0
    oil: float = 0.0

    def __add__(self, other):  # type: ignore[override]
        return Cost(self.tp + other.tp, self.oil + other.oil)

    def as_json(self) -> dict:
        return {"tp": _num(self.tp), "oil": _num(self.oil)}


def _num(x: float):
    return int(x) if float(x).is_integer() else x


#: The edition parameters the map queries read; ``chartroom check`` reports any an edition file lacks.
REQUIRED_PARAMETERS = (
    "air_ops_move", "amphibious_range", "asw_roll_oil_cost", "dd_transfer_tp_cost", "land_ops_move",
    "naval_oil_long_multiplier", "naval_oil_rounding", "naval_oil_short_hexes", "operational_land_units_end_on_land", "oil_per_resource_hex",
    "oil_same_hex_cost", "oil_transport_limit", "oil_transport_tp_cost", "operational_movement_multiplier", "operational_same_hex",
    "reaction_fraction", "reaction_oil_long_multiplier", "resource_fueling_from_turn", "sea_deployment_multiplier",
    "sea_deployment_range", "supply_leg_hexes", "task_force_max_naval", "task_force_max_other",
)


#: The edition parameters the rules checks read (stacking limits, record-track grain and limits).
CHECK_PARAMETERS = ("fraction_granularity", "japanese_submarine_points", "land_capacity", "merchantmen_pool_step")


class MissingParameter(InputError, KeyError):
    """The edition file lacks a parameter a rule query needs (the game data is incomplete)."""

    def __str__(self) -> str:
        return str(self.args[0])


def param(edition: Edition, name: str):
    """The edition's parameter ``name``; the edition file is the only place rule values live.

    Raises
    ------
    MissingParameter
        If the edition file does not define it.
    """
    value = edition.param(name)
    if value is None:
        raise MissingParameter(f"{edition.citation}: the edition file defines no parameter {name!r}")
    return value


def _factor(edition: Edition, name: str, unit_type: str) -> float:
    table = param(edition, name)
    if not isinstance(table, dict):
        return float(table)
    if unit_type not in table:
        raise MissingParameter(f"{edition.citation}: parameter {name!r} has no value for {unit_type} units")
    return float(table[unit_type])


def _per_task_force(edition: Edition) -> bool:
    """2nd 8.4: ½ Oil fractions rounded up per Task Force; v1.1 keeps quarters until the phase ends."""
    return "task force" in str(param(edition, "naval_oil_rounding")).lower()


def sea_deployment_cost(edition: Edition, unit_type: str, transport: float, deployments: int = 1) -> float:
    """TP for ``deployments`` Sea Deployments of one unit (v1.1 8.2; 2nd 7.1).

    Parameters
    ----------
    unit_type : ``naval`` | ``air`` | ``land``
    transport : Transport rating (air: steps)
    deployments : each deployment is paid again (v1.1 8.2)

    Example
    -------
    >>> from toolkit.model.build import bundled_scenarios, load_game
>>> v11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
    >>> sea_deployment_cost(v11, "air", 2, deployments=2)   # Example of Play: Formosa -> Rabaul
    2.0
    """
    return transport * _factor(edition, "sea_deployment_multiplier", unit_type) * deployments


def naval_oil(edition: Edition, transports: Iterable[float], hexes: int, *, reaction: bool = False) -> float:
    """Oil for Japanese naval units moving ``hexes`` together (v1.1 9.3, 10.1; 2nd 8.4, 9.0).

    1-4 hexes: Transport rating; more: x1.5. Zero hexes: v1.1 prices only a ship
    reacting into its own hex, at the 1-4 band (10.1; Operational Movement of 0 hexes
    is refused by the commands, parameter ``operational_same_hex``); 2nd pays nothing
    for leaving port and staying (8.4). 2nd rounds the x1.5 fractions up once per
    Task Force (8.4 and the chart's asterisk on "5+ hexes").
    """
    short = int(param(edition, "naval_oil_short_hexes"))
    long_name = "reaction_oil_long_multiplier" if reaction else "naval_oil_long_multiplier"
    if hexes <= 0:
        factor = float(param(edition, "oil_same_hex_cost"))
    elif hexes <= short:
        factor = 1.0
    else:
        factor = float(param(edition, long_name))
    total = sum(t * factor for t in transports)
    if _per_task_force(edition) and hexes > short:  # 2nd Transport Cost Chart: "5+ hexes ... (round up)*"
        total = math.ceil(total - 1e-9)
    return float(total)


def _unit_fields(unit) -> tuple[str, float, str]:
    if isinstance(unit, tuple):
        return unit
    return unit.type, unit.transport, unit.side


def operational_movement_cost(edition: Edition, units: Iterable, hexes: int, *, turn: int | None = None,
                              start_resource: bool = False, reaction: bool = False) -> Cost:
    """TP and Oil for one Task Force moving ``hexes`` (v1.1 9.2, 9.3, 17.3; 2nd 8.2-8.4, 15.3).

    Parameters
    ----------
    units : iterable
        Unit objects (``.type``, ``.transport``, ``.side``) or ``(type, transport, side)`` tuples.
    hexes : int
        Hexes moved (0: left port and stayed).
    turn : int, optional
        With ``start_resource``, enables Resource Hex Fueling from its first turn.
    start_resource : bool
        The Task Force starts in a Resource Hex.
    reaction : bool
        Priced as Reaction Movement (v1.1 10.1; 2nd 9.0): naval Oil only.

    Returns
    -------
    Cost
        ``tp`` for land/air units (Transport rating x the edition factor, both
        sides), ``oil`` for Japanese naval units (Allied naval units move free).

    Example
    -------
    >>> from toolkit.model.build import bundled_scenarios, load_game
>>> v11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
    >>> operational_movement_cost(v11, [("naval", 1, "japan"), ("naval", 0.5, "japan"),
    ...                                 ("naval", 0.5, "japan"), ("land", 4, "japan")], hexes=4)
    Cost(tp=4.0, oil=2.0)
    """
    tp = 0.0
    naval: list[float] = []
    for unit in units:
        kind, transport, side = _unit_fields(unit)
        if kind == "naval":
            if side == "japan":
                naval.append(float(transport))
        elif not reaction:
            tp += float(transport) * _factor(edition, "operational_movement_multiplier", kind)
    fueled = start_resource and turn is not None and turn >= int(param(edition, "resource_fueling_from_turn"))
    oil = 0.0 if (fueled or not naval) else naval_oil(edition, naval, hexes, reaction=reaction)
    return Cost(tp, oil)


def operational_rules(edition: Edition, unit_types: Iterable[str]) -> str:
    """The rules that price a Task Force's Operational Movement, each number once, in rulebook order: land TP (v1.1 9.2;
    2nd 8.2), air TP (v1.1 9.2; 2nd 8.3), naval Oil (v1.1 9.3; 2nd 8.4, which also makes Allied ships free).

    >>> from toolkit.model.build import bundled_scenarios, load_game
    >>> v11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
    >>> operational_rules(v11, ["naval", "naval", "land"])
    'FitS v1.1 9.2, 9.3'
    """
    keys = {"land": "operational-land-cost", "air": "operational-air-cost", "naval": "naval-oil-cost"}
    numbers = {edition.rules[keys[t]]["number"] for t in unit_types}
    return edition.cite_number(*sorted(numbers, key=lambda n: tuple(int(x) for x in n.split("."))))


def reaction_cost(edition: Edition, units: Iterable, hexes: int, *, turn: int | None = None,
                  start_resource: bool = False) -> Cost:
    """Oil for a reacting Task Force (v1.1 10.1; 2nd 9.0): as Operational Movement."""
    return operational_movement_cost(edition, units, hexes, turn=turn, start_resource=start_resource, reaction=True)


def drops_fractions(edition: Edition) -> bool:
    """Whether a running total loses its fractions when a phase ends: v1.1 yes (2.1.2.1), the 2nd edition no (it keeps
    the halves its 8.4 rounding leaves)."""
    return not _per_task_force(edition)


def end_of_phase(total: float, edition: Edition | None = None) -> float:
    """A running total when the phase ends: v1.1 drops any fraction (2.1.2.1).

    The 2nd edition keeps no quarter fractions and states no such rule: the total is returned as is.

    Example
    -------
    >>> end_of_phase(11.75)
    11
    """
    if edition is not None and not drops_fractions(edition):
        return total
    return math.floor(total + 1e-9)


class OilTransport(NamedTuple):
    """What the Oil Transport Segment allows (v1.1 5.1; 2nd 5.1)."""

    max_oil: int       # the most that may be shipped
    by_resource: int   # oil per Resource Hex x supplied, controlled Resource Hexes
    by_pool: int       # half the Merchantmen Pool, rounded down
    by_tp: int         # Transport Points available / TP per Oil Point
    tp_cost: float     # TP to ship max_oil

    def as_json(self) -> dict:
        return {"max_oil": self.max_oil, "by_resource_hexes": self.by_resource, "by_merchantmen_pool": self.by_pool,
                "by_transport_points": self.by_tp, "tp_cost": _num(self.tp_cost)}


def oil_transport(edition: Edition, resource_hexes: int, merchantmen_pool: float, transport_points: float) -> OilTransport:
    """The Oil Points Japan may ship this turn and their TP cost.

    Parameters
    ----------
    resource_hexes : int
        Resource Hexes Japan controls with a Supply Line to them.
    merchantmen_pool : float
    transport_points : float
        Japanese TP still available.

    Example
    -------
    >>> from toolkit.model.build import bundled_scenarios, load_game
>>> v11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
    >>> oil_transport(v11, 3, 21, 15).max_oil      # v1.1 5.1 example
    10
    """
    per_hex = int(param(edition, "oil_per_resource_hex"))
    per_oil = float(param(edition, "oil_transport_tp_cost"))
    by_resource = per_hex * max(resource_hexes, 0)
    limit = param(edition, "oil_transport_limit") or {}
    share = float(limit.get("fraction", 0.5)) * merchantmen_pool if isinstance(limit, dict) else merchantmen_pool / 2
    by_pool = int(math.ceil(share - 1e-9) if isinstance(limit, dict) and limit.get("rounding") == "up" else math.floor(share + 1e-9))
    by_tp = int(math.floor(transport_points / per_oil)) if per_oil else by_resource
    best = max(0, min(by_resource, by_pool, by_tp))
    return OilTransport(best, by_resource, by_pool, by_tp, best * per_oil)


def dd_transfer_cost(edition: Edition, count: int = 1) -> float:
    """TP to move ``count`` DD units to or from the Convoy Escort box (v1.1 5.2: 1 each; 2nd 5.2: 2 each)."""
    return float(param(edition, "dd_transfer_tp_cost")) * count


def asw_cost(edition: Edition, rolls: int = 1) -> float:
    """Oil for ``rolls`` convoy ASW dice (v1.1 6.1 and charts errata: 0.5 each; 2nd 5.3: 1 each)."""
    return float(param(edition, "asw_roll_oil_cost")) * rolls
