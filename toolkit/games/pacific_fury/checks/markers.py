"""The Initiative marker (PF 3.6, 6.2, 11.0) and the Operation markers (PF 3.3, 5.0, 9.0)."""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.rules import check


@check("PF-INITIATIVE-RANGE", "initiative-track", "The Initiative marker on a box the Initiative Track does not have.")
def initiative_range(ctx: PFContext):
    box = ctx.initiative.get("box")
    if box is None or not ctx.track or str(box) in ctx.track:
        return
    boxes = list(ctx.track)
    yield (f"the Initiative Track has no box {box!r}: it runs from {boxes[0]} to {boxes[-1]} (charts: initiative_track); "
           f"put the marker on one of its boxes", ctx.section_at("initiative", "box"))


@check("PF-INITIATIVE-FACE", "return-phase", "Henderson Field disrupted before the Event Phase: the field always starts a turn operational.")
def initiative_face(ctx: PFContext):
    if ctx.initiative.get("henderson_field") == "disrupted" and ctx.phase in ("start", "initiative"):
        yield ("Henderson Field always starts a turn operational (the Return Phase turns the marker back); "
               f"at phase {ctx.phase!r} set henderson_field: operational", ctx.section_at("initiative", "henderson_field"))


@check("PF-OPERATIONS", "operations", "An Operation marker past the last operation, off box 1 before the Operations Phase, or out of turn (the initiative player operates first).")
def operations(ctx: PFContext):
    markers = ctx.scenario.section("operations")
    if not markers:
        return
    last = ctx.edition.param("operations_per_turn", 7)
    first = ctx.edition.param("start_operation_box", 1)
    for side, value in markers.items():
        if side not in ctx.game.side_ids:
            continue
        if value > last:
            yield f"a side conducts {last} operations a turn; the Operation marker cannot stand on {value}: set {side}: {last} or less", ctx.section_at("operations", side)
        elif not ctx.phase_at_least("operations") and value != first:
            yield (f"before the Operations Phase (phase {ctx.phase!r}) each Operation marker stands on box {first}; "
                   f"set {side}: {first}", ctx.section_at("operations", side))
    leader = ctx.initiative_side
    follower = ctx.other_side(leader)
    if leader in markers and follower in markers and ctx.phase == "operations":
        lead, follow = markers[leader], markers[follower]
        if not (lead == follow or lead == follow + 1):
            yield (f"the initiative player ({ctx.game.side_name(leader)}) operates first and the players alternate, so his marker "
                   f"equals the other's or is one ahead; here {lead} against {follow}", ctx.section_at("operations", follower))
