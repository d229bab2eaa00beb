"""The Initiative marker (PF 3.6, 6.2, 11.0) and the Operation markers (PF 3.3, 5.0, 9.0)."""

from __future__ import annotations

from toolkit.games.pacific_fury.checks.event_effects import DISRUPTS_HENDERSON_FIELD
from toolkit.games.pacific_fury.state import PFContext
from toolkit.rules import check

#: Operations the non-initiative player needs before he can disrupt Henderson Field himself: a sortie (PF 9.1, never
#: into Ironbottom Sound for him), then a bombardment from a zone next to it (9.4) or an air strike by a TF-C at sea (9.5).
OPERATIONS_TO_DISRUPT = 2


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


@check("PF-HENDERSON-DISRUPTED", "henderson-field", "Henderson Field disrupted with nothing this turn able to disrupt it: no "
       "Bomber Offensive or Heavy Bombers rolled, and too few operations of the non-initiative player for a bombardment or air strike.")
def henderson_disrupted(ctx: PFContext):
    """PF 6.2: only the non-initiative player disrupts the field, by bombardment (10.4) or air strike (10.6); events 7.1
    (Bomber Offensive) and 7.2 (Heavy Bombers) do it too. Before the Event Phase PF-INITIATIVE-FACE speaks; in the Return
    Phase every operation is done."""
    if ctx.initiative.get("henderson_field") != "disrupted" or ctx.phase in ("start", "initiative", "return"):
        return
    event = ctx.turn_event
    if event is not None and event.get("event") in DISRUPTS_HENDERSON_FIELD:
        return
    attacker = ctx.other_side(ctx.initiative_side)
    if attacker is None:
        return  # no initiative to read: PF-INITIATIVE-RANGE speaks
    done = 0
    if ctx.phase == "operations" and ctx.scenario.section("operations") is None:
        return  # DATA-MISSING says the Operation markers are not given
    if ctx.phase == "operations":
        done = ctx.operations.get(attacker, ctx.edition.param("start_operation_box", 1)) - ctx.edition.param("start_operation_box", 1)
        if done >= OPERATIONS_TO_DISRUPT:
            return
    who = ctx.adjective(attacker)  # the Japanese player, the US player (PF 3.1, 3.2)
    if ctx.turn >= ctx.edition.param("events_from_turn", 2):
        events, fixes = "no Bomber Offensive (PF 7.1) or Heavy Bombers (PF 7.2) is recorded for this turn", ["record that event"]
    else:
        events, fixes = "Turn 1 has no Event Phase (PF 7.0)", []
    if ctx.phase == "operations":
        fixes.append(f"move the {who} Operation marker on")
    yield (f"Henderson Field is disrupted at phase {ctx.phase!r} of turn {ctx.turn} with nothing able to disrupt it: {events}, and "
           f"the non-initiative player (the {who} player) needs a sortie and then a bombardment or air strike, two operations (PF 9.1, 9.4, "
           f"9.5), but has conducted {done}; set henderson_field: operational"
           + "".join(f", or {fix}" for fix in fixes),
           ctx.section_at("initiative", "henderson_field"))


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
        if value > last + 1:  # PF 9.0: the marker moves up after each of the seven operations, so last + 1 is all of them done
            yield (f"a side conducts {last} operations a turn and the marker moves up after each, so it stands on {last + 1} "
                   f"at most (all {last} done); it cannot stand on {value}: set {side}: {last + 1} or less"), ctx.section_at("operations", side)
        elif not ctx.phase_at_least("operations") and value != first:
            yield (f"before the Operations Phase (phase {ctx.phase!r}) each Operation marker stands on box {first}; "
                   f"set {side}: {first}", ctx.section_at("operations", side), ctx.edition.cite("setup-markers"))
    leader = ctx.initiative_side
    follower = ctx.other_side(leader)
    if leader in markers and follower in markers and ctx.phase == "operations":
        lead, follow = markers[leader], markers[follower]
        if not (lead == follow or lead == follow + 1):
            yield (f"the initiative player ({ctx.game.side_name(leader)}) operates first and the players alternate, so his marker "
                   f"equals the other's or is one ahead; here {lead} against {follow}", ctx.section_at("operations", follower))


def boxes_at_turn_start(ctx: PFContext, turn: int) -> set[str]:
    """Every box the Initiative marker can stand in when ``turn`` begins, from its start (PF 3.3).

    In each turn only two things move it: the non-initiative player's landings, one space each toward him
    (PF 9.3, 9.6; the initiative player never has Transports, 6.3), at most one per Transports unit; then the
    Return Phase, one space toward the initiative player or none (11.0). When every Transports unit landed,
    Henderson Field was disrupted (a TF-A lands only then, 9.3) and none was sunk, so the Return Phase moves
    nothing.
    """
    start = str((ctx.edition.param("start_initiative") or {}).get("box"))
    reach = ctx.landing_reach
    boxes = {start} if start in ctx.track else set()
    for _ in range(ctx.game.turns[0], turn):
        following = set()
        for box in boxes:
            holder = ctx.box_side(box)
            for landed in range(reach + 1):
                moved = ctx.shifted(box, ctx.other_side(holder), landed)
                following.add(moved)
                if landed < reach:
                    following.add(ctx.shifted(moved, holder, 1))
        boxes = following
    return boxes


def boxes_within_turn(ctx: PFContext, start: str, phase: str) -> set[str]:
    """Boxes the marker can reach from ``start`` by ``phase`` of the same turn (PF 6.3, 9.3, 9.6, 11.0)."""
    if not ctx.phase_at_least("operations"):
        return {start}
    holder = ctx.box_side(start)
    landed = {ctx.shifted(start, ctx.other_side(holder), d) for d in range(ctx.landing_reach + 1)}
    if phase == "return":
        landed |= {ctx.shifted(b, holder, 1) for b in landed}
    return landed


@check("PF-INITIATIVE-REACH", "return-phase", "The Initiative marker in a box it cannot have reached from US 1 by this turn and phase, or a turn_start box it cannot have begun the turn in.")
def initiative_reach(ctx: PFContext):
    box = str(ctx.initiative.get("box"))
    if ctx.scenario.section("initiative") is None or box not in ctx.track or ctx.published_setup:
        return  # no marker given, PF-INITIATIVE-RANGE, or PF-START-MARKERS
    if ctx.turn == ctx.game.turns[0] and ctx.scenario.variant:
        return  # a labelled variant may start the marker elsewhere
    starts = boxes_at_turn_start(ctx, ctx.turn)
    if not starts:
        return
    order = [b for b in ctx.track if b in starts]
    given = ctx.initiative.get("turn_start")
    if given is not None:
        if str(given) not in starts:
            yield (f"the Initiative marker cannot begin turn {ctx.turn} on {given!r}: from US 1 (PF 3.3) landings move it at most "
                   f"{ctx.landing_reach} spaces a turn toward the non-initiative player (PF 6.3, 9.3, 9.6) and the Return Phase one "
                   f"toward the initiative player (PF 11.0), so it begins turn {ctx.turn} on {', '.join(order)}",
                   ctx.section_at("initiative", "turn_start"))
            return
        starts = {str(given)}
    reachable = set().union(*(boxes_within_turn(ctx, s, ctx.phase) for s in starts))
    if box not in reachable:
        shown = ", ".join(b for b in ctx.track if b in reachable)
        yield (f"the Initiative marker cannot stand on {box!r} at turn {ctx.turn}, phase {ctx.phase!r}: from US 1 (PF 3.3) landings "
               f"move it at most {ctx.landing_reach} spaces a turn toward the non-initiative player (PF 6.3, 9.3, 9.6) and the "
               f"Return Phase one toward the initiative player (PF 11.0); it can stand on {shown}", ctx.section_at("initiative", "box"))
