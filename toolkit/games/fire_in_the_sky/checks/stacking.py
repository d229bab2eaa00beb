"""Stacking limits (FitS v1.1 2.2.2.1, 2.2.3, 8.4, 17.2; 2nd 3.3.1, 3.2.4, 7.3, 15.2).

Land Capacity counts land units' Transport ratings (8, or 4 on an atoll), for
each side separately; replacements markers do not count. Air Capacity counts
air steps and Port Capacity naval Transport ratings at a base; Allied Base
Expansion multiplies both for Allied-controlled bases from Turn 6. Task Forces
at sea do not use a base's capacity. Off-map boxes have no limits.
"""

from __future__ import annotations

from collections import defaultdict

from toolkit.games.fire_in_the_sky.records import air_capacity, is_atoll, port_capacity
from toolkit.games.fire_in_the_sky.sides import adjective
from toolkit.rules import Context, check, fmt


def _totals(ctx: Context, unit_type: str, in_port_only: bool):
    """Transport ratings (air: steps) per place and side of the units of ``unit_type``, and the last unit of each: the
    three stacking checks share one pass over the set-up (kept on the context)."""
    kept = getattr(ctx, "_stacking_totals", None)
    if kept is None or kept[0] is not ctx.units:
        kept = (ctx.units, {})
        ctx._stacking_totals = kept
    if in_port_only not in kept[1]:
        kept[1][in_port_only] = _count(ctx, in_port_only)
    return kept[1][in_port_only].get(unit_type) or (defaultdict(float), {})


def _count(ctx: Context, in_port_only: bool) -> dict:
    """(totals, last) by unit type, in one pass over the set-up."""
    by_type: dict = {}
    for unit in ctx.units:
        if unit.place is None or unit.counter.unlimited:
            continue
        if in_port_only and unit.entry.task_force:
            continue
        totals, last = by_type.setdefault(unit.counter.type, (defaultdict(float), {}))
        key = (unit.place.name, unit.side)
        totals[key] += unit.total_transport
        last[key] = unit
    return by_type


@check("STACK-LAND", "stacking-land", "Land units over a land hex's Land Capacity (8, atoll 4), per side.")
def land_stacking(ctx: Context):
    capacity = ctx.edition.param("land_capacity")  # a required parameter: checked when the game loads
    totals, last = _totals(ctx, "land", in_port_only=True)
    for (name, side), total in sorted(totals.items()):
        place = ctx.map.places[name]
        limit = capacity["atoll"] if is_atoll(place) else capacity["normal"]
        if total > limit:
            kind = "an atoll" if is_atoll(place) else "a land hex"
            # Said only when it applies: a reduced land unit keeps its full Transport rating (v1.1 2.1.1.3; 2nd 3.1.3).
            reduced = " (a reduced unit still counts its full rating)" if _reduced_in_stack(ctx, name, side) else ""
            yield (f"{name} is {kind} with Land Capacity {limit}; {adjective(side)} land units there total Transport {fmt(total)}"
                   f"{reduced}: move {fmt(total - limit)} out", last[(name, side)].entry.at)


def _reduced_in_stack(ctx: Context, name: str, side: str) -> bool:
    """Whether a reduced land unit is among ``side``'s land units ashore at ``name`` (those a Task Force carries do not stack)."""
    return any(u.entry.reduced for u in ctx.units
               if u.counter.type == "land" and u.place is not None and u.place.name == name and u.side == side
               and not u.entry.task_force)


def _base_capacity(ctx: Context, unit_type: str, capacity: str, what: str, remedy: str):
    """Air or Port Capacity, times Allied Base Expansion; units not at a base are PLACE-* findings."""
    totals, last = _totals(ctx, unit_type, in_port_only=True)
    for (name, side), total in sorted(totals.items()):
        place = ctx.map.places[name]
        if not place.is_base:
            continue
        printed = air_capacity(place) if capacity == "air" else port_capacity(place)
        factor = ctx.capacity_factor(place)
        limit = printed * factor
        if total > limit:
            expanded = f" (printed {printed} x{factor} Allied Base Expansion)" if factor > 1 else ""
            message = (f"{name} has {capacity.capitalize()} Capacity {limit}{expanded}; {adjective(side)} {what} total "
                       f"{fmt(total)}: {remedy.format(excess=fmt(total - limit))}")
            if factor > 1:  # the multiplied limit is v1.1 17.2 / 2nd 15.2's as much as 2.2.3 / 3.3.1's
                expansion = ctx.edition.cite("base-expansion").rsplit(" ", 1)[-1]
                yield message, last[(name, side)].entry.at, f"{ctx.edition.cite('stacking-air-port')}, {expansion}"
            else:
                yield message, last[(name, side)].entry.at


@check("STACK-AIR", "stacking-air-port", "Air steps over a base's Air Capacity.")
def air_stacking(ctx: Context):
    return _base_capacity(ctx, "air", "air", "air steps there", "move {excess} step(s) out")


@check("STACK-PORT", "stacking-air-port", "Naval units in port over a base's Port Capacity.")
def port_stacking(ctx: Context):
    return _base_capacity(ctx, "naval", "port", "naval units in port there (Transport ratings)",
                          "move {excess} out or form a Task Force")
