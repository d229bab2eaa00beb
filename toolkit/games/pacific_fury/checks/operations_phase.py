"""The Operations Phase between two operations (PF 9.0-9.7, 10.3, 10.5, 10.8).

What the Operation markers, the Operation Boxes and the task forces at sea must agree on in a
snapshot at phase ``operations`` whose ``operations:`` section gives the markers:

- A marker on box ``m`` means its side has conducted ``m - 1`` operations (both start on box 1,
  PF 3.3, and move one box up after each operation, 9.0).
- A Sortie takes the task force in the lowest box (9.1); every other operation, a pass included,
  moves the waiting task forces one box up (9.7). Task forces are formed from box 1 without gaps
  (8.2), so after ``k`` operations the waiting ones stand from box ``k + 1`` upward, exactly the
  marker's box.
- Every task force at sea took a sortie, to a zone its side and type may sortie to (9.1, 9.6), and
  one operation per move after it (9.2): their sum cannot exceed the operations conducted.
- After an operation the attacker has always gone home (10.8): no zone holds TF-C of both sides
  (carrier combat is compulsory between them, 10.5), and no surface zone holds both sides (10.3).
- A TF-A enters Ironbottom Sound to land (9.3); the edition's ``task_force_a_may_wait_in_landing_zone``
  records which reading of 9.2/9.3 the checks take (see :func:`task_force_a_after_operation`).
"""

from __future__ import annotations

from collections import deque

from toolkit.games.pacific_fury.state import PFContext, TaskForce
from toolkit.rules import check


def operations_done(ctx: PFContext, side: str) -> int | None:
    """Operations ``side`` has conducted this turn, between two operations; None when the snapshot does not say."""
    markers = ctx.scenario.section("operations")
    if ctx.phase != "operations" or not markers or side not in markers:
        return None
    return int(markers[side]) - int(ctx.edition.param("start_operation_box", 1))


def sortie_zones(ctx: PFContext, tf: TaskForce) -> list[str]:
    """The zones ``tf`` may have sortied to (PF 9.1, 9.6): its side, its type (the Tokyo Express its own) and the initiative."""
    kind = "tokyo-express" if tf.has(ctx.edition.param("tokyo_express")) else tf.type
    initiative = ctx.initiative_side == tf.side
    when = {"always", "initiative" if initiative else "non-initiative"}
    rows = (ctx.chart("sea_zones") or {}).get("sortie", [])
    return [r["zone"] for r in rows if r["side"] == tf.side and kind in r["task_forces"] and r["when"] in when]


def may_enter(ctx: PFContext, kind: str) -> set[str]:
    """The zones a task force of type ``kind`` may be in (charts: sea_zones ``may_enter``, PF 9.2)."""
    return {z["name"] for z in (ctx.chart("sea_zones") or {}).get("zones", []) if kind in z.get("may_enter", ())}


def moves_needed(ctx: PFContext, tf: TaskForce) -> int | None:
    """The fewest Move operations (PF 9.2) from a sortie zone of ``tf`` to where it stands; None if none leads there."""
    starts = sortie_zones(ctx, tf)
    allowed = may_enter(ctx, tf.type) | set(starts)
    seen = {zone: 0 for zone in starts}
    queue = deque(starts)
    while queue:
        zone = queue.popleft()
        if zone == tf.zone:
            return seen[zone]
        for pair in ctx.map.adjacency:
            if zone in pair:
                (other,) = pair - {zone}
                if other in allowed and other not in seen:
                    seen[other] = seen[zone] + 1
                    queue.append(other)
    return None


@check("PF-OPERATION-BOXES", "counting-operations", "Between operations, a waiting task force in a box the Operation marker has passed, or the first one beyond the marker's box.")
def operation_boxes(ctx: PFContext):
    """After k operations the lowest waiting task force stands on box k + 1, the marker's own box (PF 9.1, 9.7)."""
    for side in ctx.game.side_ids:
        done = operations_done(ctx, side)
        boxed = [tf for tf in ctx.task_forces_of(side) if tf.box is not None]
        if done is None or not boxed:
            continue
        marker, first = done + 1, boxed[0]
        if first.box == marker:
            continue
        if done >= ctx.edition.param("operations_per_turn", 7):  # PF 9.7: after the side's last operation nothing still waits
            yield (f"{first.where}: the {ctx.adjective(side)} Operation marker stands on box {marker}, past the side's last "
                   f"operation; by then every task force has sortied or been pushed past the last box back to base (PF 9.7): send "
                   f"it to base, or set the marker", first.at)
            continue
        why = ("the marker has passed it: a sortie takes the lowest box and every other operation moves the waiting task "
               "forces one box up" if first.box < marker else
               "it cannot stand beyond the marker: task forces are formed from box 1 and only the operations move them up")
        yield (f"{first.where}: the {ctx.adjective(side)} Operation marker stands on box {marker} ({done} operation(s) "
               f"conducted), so the first waiting task force stands on box {marker}; {why} (PF 9.7): move it to box "
               f"{marker}, or set the marker", first.at)


@check("PF-SORTIE-ZONE", "sortie", "A task force at sea where no sortie of its side and type, and the moves its side has had time for, could have brought it.")
def sortie_zone(ctx: PFContext):
    for side in ctx.game.side_ids:
        done = operations_done(ctx, side)
        if done is None:
            continue
        for tf in (t for t in ctx.task_forces_of(side) if t.zone is not None):
            if tf.zone not in may_enter(ctx, tf.type) or (tf.has(ctx.edition.param("tokyo_express")) and tf.zone not in sortie_zones(ctx, tf)):
                continue  # PF-ZONE-TF-C and PF-TOKYO-EXPRESS say where those may not be
            moves = moves_needed(ctx, tf)
            zones = " or ".join(sortie_zones(ctx, tf)) or "no zone"
            kind = "the Tokyo Express" if tf.has(ctx.edition.param("tokyo_express")) else f"a TF-{tf.type}"
            holder = "with" if ctx.initiative_side == side else "without"
            if moves is None:
                yield (f"{tf.label(ctx.game)}: {kind} of the {ctx.adjective(side)} player {holder} the initiative sorties to "
                       f"{zones} (PF 9.1) and no move open to it leads to {tf.zone} (PF 9.2): move it", tf.at)
            elif 1 + moves > done:
                yield (f"{tf.label(ctx.game)}: {kind} of the {ctx.adjective(side)} player {holder} the initiative sorties to "
                       f"{zones} (PF 9.1) and needs {moves} move(s) to reach {tf.zone}, {1 + moves} operations in all; the "
                       f"Operation marker shows {done}: move it, or set the marker", tf.at)


@check("PF-OPERATIONS-AT-SEA", "operations", "More task forces at sea, with the moves that brought them there, than the operations the Operation marker shows.")
def operations_at_sea(ctx: PFContext):
    """Each operation is one task force doing one thing (PF 9.0): a sortie each, and one operation per move (9.1, 9.2)."""
    for side in ctx.game.side_ids:
        done = operations_done(ctx, side)
        if done is None:
            continue
        at_sea = [t for t in ctx.task_forces_of(side) if t.zone is not None]
        needs = [moves_needed(ctx, t) for t in at_sea]
        if any(n is None or 1 + n > done for n in needs):
            continue  # PF-SORTIE-ZONE names the task force that cannot be there
        total = sum(1 + n for n in needs)
        if total > done:
            yield (f"{len(at_sea)} {ctx.adjective(side)} task forces at sea need at least {total} operations (one sortie "
                   f"each, one per move since, PF 9.0-9.2), but the Operation marker shows {done} conducted: send one back to "
                   f"its Operation Box or base, or set the marker", at_sea[-1].at)


@check("PF-TF-A-LANDING", "landing", "A TF-A left in Ironbottom Sound (or beyond it, in The Slot) after an operation: it lands or goes home.")
def task_force_a_after_operation(ctx: PFContext):
    """Two readings of PF 9.2 with 9.3; the edition's ``task_force_a_may_wait_in_landing_zone`` picks one.

    - Chosen (false): a TF-A enters Ironbottom Sound by a Landing (9.3). Unopposed with Henderson Field
      disrupted it lands at once and the rest of the task force goes home; opposed, it fights and, as the
      attacker, goes home after the combat (10.8); with Henderson Field operational it may not land, so it
      does not go in. Either way no TF-A is there after the operation, nor in The Slot, reached only through it.
      Why: 9.3 says what happens when a TF-A enters, and its exception (never land while the field is
      operational) would mean nothing if a TF-A could move in and wait for the field to fall.
    - Other (true): 9.2 names the TF-A among the types that may Move to Ironbottom Sound, so one may sail in
      and stay; then this check finds nothing.
    """
    if ctx.phase != "operations" or ctx.edition.param("task_force_a_may_wait_in_landing_zone", False):
        return
    landing = ctx.edition.param("landing_zone", "Ironbottom Sound")
    for tf in ctx.task_forces:
        if tf.type != "A" or tf.zone is None:
            continue
        starts = sortie_zones(ctx, tf)
        if tf.zone == landing or (tf.zone not in starts and not _reachable_without(ctx, starts, tf.zone, landing)):
            yield (f"{tf.label(ctx.game)}: a TF-A that enters {landing} lands (its Transports leave, the rest go home) or "
                   f"fights and goes home (PF 9.3, 10.8), so none stands in {tf.zone} after an operation: send it home or "
                   f"back (the edition's task_force_a_may_wait_in_landing_zone takes the other reading of PF 9.2)", tf.at)


def _reachable_without(ctx: PFContext, starts: list[str], goal: str, barred: str) -> bool:
    seen, queue = set(starts), deque(starts)
    while queue:
        zone = queue.popleft()
        if zone == goal:
            return True
        for pair in ctx.map.adjacency:
            if zone in pair:
                (other,) = pair - {zone}
                if other != barred and other not in seen:
                    seen.add(other)
                    queue.append(other)
    return False


@check("PF-CARRIER-COMBAT", "carrier-combat", "TF-C of both sides in one zone after an operation: carrier combat between them is compulsory and the attacker goes home.")
def carrier_combat(ctx: PFContext):
    if ctx.phase != "operations":
        return
    for zone, forces in _by_zone(ctx).items():
        carriers = [tf for tf in forces if tf.has_carrier]
        if len({tf.side for tf in carriers}) > 1:
            yield (f"{zone} holds TF-C of both sides: when both have a TF-C there carrier combat must be fought (PF 10.5) and "
                   f"the attacker always returns to base after it (PF 10.8); send the one that came in home (listed last here: "
                   f"{carriers[-1].label(ctx.game)})", carriers[-1].at)


@check("PF-SURFACE-COMBAT", "surface-combat", "Task forces of both sides in The Slot or Ironbottom Sound after an operation: surface combat follows and the attacker goes home.")
def surface_combat(ctx: PFContext):
    if ctx.phase != "operations":
        return
    surface = {z["name"] for z in (ctx.chart("sea_zones") or {}).get("zones", []) if z.get("combat") == "surface"}
    for zone, forces in _by_zone(ctx).items():
        if zone in surface and len({tf.side for tf in forces}) > 1:
            yield (f"{zone} holds task forces of both sides: entering it fights a surface combat (PF 10.3) after which the "
                   f"attacker always returns to base (PF 10.8); send the one that came in home (listed last here: "
                   f"{forces[-1].label(ctx.game)})", forces[-1].at)


def _by_zone(ctx: PFContext) -> dict[str, list[TaskForce]]:
    found: dict[str, list[TaskForce]] = {}
    for tf in ctx.task_forces:
        if tf.zone is not None:
            found.setdefault(tf.zone, []).append(tf)
    return found
