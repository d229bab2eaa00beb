"""Where units may stand (FitS v1.1 2.2.1, 2.2.2, 2.2.3, 2.2.4; 2nd 3.2.1, 3.2.3, 3.2.4, 3.2.6).

Naval and air units sit at friendly bases (naval units may also be at sea as a
Task Force); land units stand on land hexes; no Japanese unit ever enters an
off-map box; the Gangetic Plain is not a sea hex.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.records import is_sea_hex
from toolkit.games.fire_in_the_sky.sides import adjective
from toolkit.rules import Context, check


def _at_friendly_base(ctx: Context, unit_type: str, what: str, hint: str = ""):
    """Units of ``unit_type`` not in a box must stand at a base their side controls."""
    for unit in ctx.units:
        if unit.counter.type != unit_type or (unit.box is not None and unit.box.kind != "holding"):
            continue
        if unit.entry.task_force:
            continue  # at sea, not in port
        place = unit.place
        if place is None or not place.is_base:
            where = f"{place.name} is a land hex without a base" if place else f"hex {unit.hex} has no base"
            yield f"{unit.counter.name}: {where}; {what} must be at a base{hint}", unit.entry.at
        elif ctx.control(place.name) != unit.side:
            owner = ctx.control(place.name)
            state = "uncontrolled" if owner == "none" else f"{adjective(owner)}-controlled"
            yield f"{unit.counter.name}: {place.name} is {state}; {what} must be at a friendly base{hint}", unit.entry.at


@check("PLACE-NAVAL", "bases", "A naval unit in port where there is no friendly base.")
def naval_at_base(ctx: Context):
    return _at_friendly_base(ctx, "naval", "naval units in port", " (mark them `task_force: true` if they are at sea)")


@check("PLACE-AIR", "bases", "An air unit that is not at a friendly base.")
def air_at_base(ctx: Context):
    return _at_friendly_base(ctx, "air", "air units")


@check("PLACE-LAND", "land-hexes", "A land unit off the land hexes (2nd edition: in a Task Force too).")
def land_on_land(ctx: Context):
    # 2nd 3.2.3: land units end their sea movement in a land hex, so even one carried in a Task Force is in one; v1.1
    # lets a Task Force carry it to any hex (9.2.3: it lands there or goes back to base).
    at_sea_on_land = bool(ctx.edition.param("operational_land_units_end_on_land"))
    for unit in ctx.units:
        if unit.counter.type != "land" or unit.box is not None or unit.place is not None:
            continue
        if not unit.entry.task_force:
            yield f"{unit.counter.name}: hex {unit.hex} has no square or circle; land units stand only on land hexes", unit.entry.at
        elif at_sea_on_land:
            yield (f"{unit.counter.name} (in a Task Force): hex {unit.hex} has no square or circle; in this edition land "
                   f"units end their sea movement in a land hex", unit.entry.at)


@check("PLACE-OFF-MAP", "no-japanese-off-map", "A Japanese unit in an Allied off-map box.")
def off_map(ctx: Context):
    for unit in ctx.units:
        box = unit.box
        if box is None or box.kind != "off-map":
            continue
        if unit.side == "japan":
            yield f"{unit.counter.name}: no Japanese unit may ever enter an off-map box ({box.name})", unit.entry.at


@check("PLACE-SEA", "sea-hexes", "A naval unit in a hex that is not a sea hex (the Gangetic Plain).")
def not_sea(ctx: Context):
    for unit in ctx.units:
        if unit.counter.type == "naval" and unit.place is not None and not is_sea_hex(unit.place):
            yield f"{unit.counter.name}: {unit.place.name} is not a sea hex; naval units cannot be there", unit.entry.at


@check("PLACE-BOX", "special-boxes", "A unit placed in a special box (use the markers for those boxes).")
def special_box(ctx: Context):
    for unit in ctx.units:
        box = unit.box
        if box is not None and box.kind == "special":
            yield (f"{unit.counter.name}: {box.name} is kept with markers (naval_aviation_steps, convoy_escort), "
                   f"not as a set-up location", unit.entry.at)
