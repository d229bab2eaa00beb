"""Base control at the start of a scenario (FitS v1.1 2.2.3, 14.2; 2nd 3.2.4, 3.3.10).

Printed flags give control at game start; Bangkok, Hollandia and Lae are
uncontrolled; a scenario lists only the bases whose control differs.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.sides import adjective
from toolkit.rules import Context, check


@check("CONTROL-NOT-BASE", "control", "Control given to a land hex that is not a base.")
def control_needs_base(ctx: Context):
    for entry in ctx.scenario.control:
        place = ctx.map.places.get(entry.base)
        if place is not None and not place.is_base:
            yield f"{entry.base} is a land hex (circle), not a base: only bases are controlled", entry.at


@check("CONTROL-OCCUPIED", "base-control-change", "A base controlled by one side with only enemy land units in it.", severity="warning")
def control_with_enemy_only(ctx: Context):
    land, last = {}, {}
    for unit in ctx.units:
        if unit.counter.type == "land" and unit.place is not None and not unit.entry.task_force:
            land.setdefault(unit.place.name, set()).add(unit.side)
            last[unit.place.name] = unit.entry.at
    for name, sides in sorted(land.items()):
        place = ctx.map.places[name]
        owner = ctx.control(name)
        if place.is_base and owner in ("japan", "allied") and sides == {"allied" if owner == "japan" else "japan"}:
            enemy = next(iter(sides))
            yield (f"{name} is {adjective(owner)}-controlled but only {adjective(enemy)} land units stand there; "
                   f"if it was captured, add a control entry with side: {enemy}", last[name])
