"""Sides and boxes (PF 3.1, 3.2, 3.5, 8.2): each side's units in its own base, Reserve and Operation Boxes."""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.rules import check, shared


@check("PF-SIDE", "form-task-forces", "A unit placed for the other side, in the other side's base or boxes, or somewhere no unit stands.")
def sides_and_boxes(ctx: PFContext):
    """The shared wrong-side rule (:func:`toolkit.rules.shared.counter_side`), then each side's own boxes."""
    name = ctx.adjective  # the Japanese set-up (PF 3.1)

    def say(p):
        return f"{p.name} is a {name(p.owner)} counter but is placed in the {name(p.side)} set-up: give it `side: {p.owner}`"

    placed = list(shared.misplaced_units(ctx))  # the others give no finding
    for owner in ctx.game.side_ids:  # each side's units are its own set-up's (PF 3.1 Japan, 3.2 US)
        for message, at in shared.counter_side(ctx, say, [p for p in placed if p.owner == owner]):
            yield message, at, ctx.setup_rule(owner)
    for unit in ctx.units:
        where = unit.placement.where
        if unit.counter.side != unit.side:
            continue  # the shared rule above reports it
        box = unit.box
        if box is not None:
            if box.side is not None and box.side != unit.side:
                yield (f"{unit.counter.name} is {ctx.adjective(unit.side)} but stands in {where}, a "
                       f"{ctx.adjective(box.side)} box: use {ctx.adjective(unit.side)} boxes only", unit.entry.at)
        elif not ctx.is_zone(where):
            yield (f"{unit.counter.name} stands at {where}, which is neither a base, box nor sea zone: ships wait in a base "
                   f"or box or sail in one of the four sea zones (PF 2.1)", unit.entry.at, ctx.edition.cite("game-map"))


@check("PF-RESERVE-BOX", "setup-japan", "A unit in the Japanese Reserve box other than the Reserve ships.")
def reserve_box(ctx: PFContext):
    box = ctx.edition.param("reserve_box")
    ships = set(ctx.edition.param("reserve_ships") or ())
    for unit in ctx.units:
        if unit.placement.where == box and unit.counter.id not in ships:
            names = ", ".join(ctx.name(s) for s in ctx.edition.param("reserve_ships") or ())
            yield f"{unit.counter.name} cannot wait in the {box} box, which holds only {names}: move it to its base", unit.entry.at


@check("PF-RESERVE-RELEASED", "japanese-events", "Reserve ships out of the Reserve box before the Release Reserve event, or left in it after.")
def reserve_released(ctx: PFContext):
    box = ctx.edition.param("reserve_box")
    event = ctx.edition.param("reserve_event")
    released = any(e["event"] == event for e in ctx.events_used)
    if ctx.at_setup and ctx.scenario.variant:
        return  # a labelled variant may change the set-up (see the `published_setup` docstring)
    for ship in ctx.reserve_ships:  # as the chain's start has them: a variant may have sailed them before Turn 1
        for where, entry in ctx.whereabouts.get(ship, []):
            if where == box and released:
                yield (f"{ctx.name(ship)} is still in the {box} box, but the {event} event of turn "
                       f"{next(e['turn'] for e in ctx.events_used if e['event'] == event)} moved all three Reserve ships to "
                       f"{ctx.base('japan')}: move it", entry.at)
            elif where != box and not released:
                yield (f"{ctx.name(ship)} is out of the {box} box ({where}) but the {event} event is not among the scenario's "
                       f"events_used: put it back in the {box} box, or record the event", entry.at)
