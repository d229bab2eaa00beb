"""Task forces (PF 6.3, 8.2, 8.3, 9.2, 9.6): how many, in which boxes, of what ships, and where at sea."""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.rules import check


@check("PF-TF-BOXES", "form-task-forces", "Task forces formed before the Task Force Phase, more than seven, or Operation Boxes not filled from box 1 without gaps.")
def task_force_boxes(ctx: PFContext):
    limit = ctx.edition.param("max_task_forces", 7)
    for side in ctx.game.side_ids:
        forces = ctx.task_forces_of(side)
        if not forces:
            continue
        if not ctx.phase_at_least("task-force"):
            yield (f"the {ctx.adjective(side)} player has task forces at phase {ctx.phase!r}; they are formed in the Task Force "
                   f"Phase: keep the ships in base, or set the scenario's phase", forces[0].at)
            continue
        if ctx.phase == "task-force":
            for tf in forces:
                if tf.zone is not None:
                    yield (f"task forces sail only in the Operations Phase; at phase 'task-force' this {ctx.adjective(side)} "
                           f"task force in {tf.zone} belongs in an Operation Box", tf.at)
        if len(forces) > limit:
            yield (f"{len(forces)} {ctx.adjective(side)} task forces; a side forms at most {limit} (one per Operation Box): "
                   f"merge or send {len(forces) - limit} back to base", forces[limit].at)
        boxed = [tf for tf in forces if tf.box is not None]
        numbers = [tf.box for tf in boxed]
        for tf in boxed:
            if tf.box > limit:
                yield f"{tf.where}: the Operation Boxes run from 1 to {limit}; use a lower box", tf.at
        if ctx.phase == "task-force" and numbers and numbers[0] != 1:
            yield (f"task forces fill the Operation Boxes in order from box 1; the first {ctx.adjective(side)} task force "
                   f"is in box {numbers[0]}: move it to box 1", boxed[0].at)
        for before, after in zip(boxed, boxed[1:]):
            if after.box != before.box + 1:
                yield (f"{ctx.adjective(side)} Operation Boxes {before.box} and {after.box} hold task forces with an empty box "
                       f"between: boxes are filled in ascending order without gaps; move this task force to box {before.box + 1}", after.at)


@check("PF-TF-CARRIER-TRANSPORT", "task-force-types", "A task force with a carrier and Transports (or the Tokyo Express).")
def carrier_with_transports(ctx: PFContext):
    tokyo = ctx.edition.param("tokyo_express")
    for tf in ctx.task_forces:
        if tf.has_carrier and (tf.has_transports or tf.has(tokyo)):
            carriers = ", ".join(u.counter.name for u in tf.units if u.counter.cls in ("CV", "CVL"))
            yield (f"{tf.where}: a TF-A may not include carriers and no task force may hold a carrier with Transports; "
                   f"take {carriers} or the Transports out", tf.at)


@check("PF-TF-A-INITIATIVE", "transports", "Transports outside base, or a TF-A, for the initiative player.")
def transports_for_initiative(ctx: PFContext):
    side = ctx.initiative_side
    if side is None:
        return
    base = ctx.base(side)
    for unit in ctx.units:
        if unit.side == side and unit.counter.cls == "Transports" and unit.placement.where != base:
            yield (f"{ctx.game.side_name(side)} holds the initiative and may never use Transports, so no TF-A: keep "
                   f"{unit.counter.name} in {base}", unit.entry.at)


@check("PF-TOKYO-EXPRESS", "tokyo-express", "The Tokyo Express formed by an initiative Japanese player, before the Task Force Phase, with other units, or outside its box and The Slot.")
def tokyo_express(ctx: PFContext):
    tokyo = ctx.edition.param("tokyo_express")
    sortie = [r["zone"] for r in (ctx.chart("sea_zones") or {}).get("sortie", []) if "tokyo-express" in r.get("task_forces", [])]
    for unit in ctx.units:
        if unit.counter.id != tokyo:
            continue
        if ctx.initiative_side == unit.side:
            yield (f"only a Japanese player without the initiative may form the Tokyo Express; {ctx.game.side_name(unit.side)} "
                   f"holds it: remove the Tokyo Express", unit.entry.at)
        if not ctx.phase_at_least("task-force"):
            yield f"the Tokyo Express is formed in the Task Force Phase; at phase {ctx.phase!r} remove it", unit.entry.at
        tf = next((t for t in ctx.task_forces if any(u is unit for u in t.units)), None)
        if tf is None:
            yield (f"the Tokyo Express is a task force of its own: put it in an Operation Box or, after its sortie, in "
                   f"{' or '.join(sortie) or 'The Slot'}", unit.entry.at)
            continue
        others = [u.counter.name for u in tf.units if u is not unit]
        if others:
            yield f"no other units may sail with the Tokyo Express; move {', '.join(others)} to another task force", unit.entry.at
        if tf.zone is not None and sortie and tf.zone not in sortie:
            yield (f"the Tokyo Express sorties to {' or '.join(sortie)} and lands from there; it cannot stand in {tf.zone}", unit.entry.at)


@check("PF-ZONE-TF-C", "move", "A TF-C (a task force with a carrier) in The Slot or Ironbottom Sound.")
def carrier_zones(ctx: PFContext):
    barred = set(ctx.edition.param("task_force_c_barred") or ())
    for tf in ctx.task_forces:
        if tf.zone in barred and tf.has_carrier:
            carriers = ", ".join(u.counter.name for u in tf.units if u.counter.cls in ("CV", "CVL"))
            yield (f"a TF-C may never enter {' or '.join(sorted(barred))}; this task force in {tf.zone} holds {carriers}: "
                   f"move it to another zone or take the carriers out", tf.at)
