"""What each rolled event does, as the scenario must show it (PF 7.1, 7.2), and an event every turn from Turn 2 (PF 7.0).

The Event Table's ids (charts: ``events``) name the effects:

- Bomber Offensive (7.1) and Heavy Bombers (7.2) disrupt Henderson Field: for the rest of that turn
  the Initiative marker shows its disrupted side (only the Return Phase turns it back, 11.0).
- Torpedo Hit(s) (7.1): one to three hits, the die roll, on US ships in Espiritu Santo, each then sunk or
  damaged that turn (a reading: the edition's ``torpedo_hits_compulsory``); clause by clause in
  :mod:`~toolkit.games.pacific_fury.checks.event_ships`.
- Release Reserve (7.1): PF-RESERVE-RELEASED checks it.
- Submarine Attack (7.2): one Japanese ship drawn from Truk, removed from the game (listed under ``sunk``);
  clause by clause in :mod:`~toolkit.games.pacific_fury.checks.event_ships`.
- IJN Overestimated Their Result (7.2): with at most one CV in Espiritu Santo, a sunk US CV returns;
  checked while the snapshot stands in that turn's Event Phase, where the base can be counted.
"""

from __future__ import annotations

from toolkit.games.pacific_fury.checks.event_ships import misplaced_keys, submarine_attack, torpedo_hits
from toolkit.games.pacific_fury.events import remaining_events
from toolkit.games.pacific_fury.state import PFContext
from toolkit.games.pacific_fury.tables import Event
from toolkit.rules import check

#: Events that disrupt Henderson Field (PF 7.1 Bomber Offensive, 7.2 Heavy Bombers).
DISRUPTS_HENDERSON_FIELD = ("bomber-offensive", "heavy-bombers")
TORPEDO_HITS = "torpedo-hits"  # PF 7.1
SUBMARINE_ATTACK = "submarine-attack"  # PF 7.2
IJN_OVERESTIMATED = "ijn-overestimated"  # PF 7.2

#: Phases of the event's own turn in which Henderson Field must still show disrupted (the Return Phase turns it back).
DISRUPTED_UNTIL = ("event", "task-force", "operations")


def rolled(ctx: PFContext):
    """``(index, record)`` of each event whose Event Phase the snapshot has reached."""
    for i, record in enumerate(ctx.events_used):
        turn = record["turn"]
        if turn < ctx.turn or (turn == ctx.turn and ctx.phase_at_least("event")):
            yield i, record


def _henderson_field(ctx: PFContext, i: int, record: dict, rule: str):
    if record["turn"] != ctx.turn or ctx.phase not in DISRUPTED_UNTIL:
        return
    if ctx.initiative.get("henderson_field") != "disrupted":
        name = ctx.events.get(record["event"], {}).get("name", record["event"])
        given = ctx.scenario.section("initiative") is not None
        at = ctx.section_at("initiative", "henderson_field") if given else ctx.section_at("events_used", i)
        yield (f"{name} on turn {record['turn']} disrupted Henderson Field ({rule}), and only the Return Phase turns it back "
               f"(PF 11.0): at phase {ctx.phase!r} set initiative henderson_field: disrupted", at)


def _ships(ctx: PFContext, entries, side: str) -> list:
    return [e for e in entries if (c := ctx.game.counters.get(e.counter)) is not None and c.side == side and c.type == "naval"]


@check("PF-EVENT-IJN", "japanese-events", "A Japanese event rolled whose effect the scenario does not show: Henderson Field operational "
       "after Bomber Offensive; Torpedo Hit(s) on other than US ships in Espiritu Santo, not as many hits as the die, or a ship hit "
       "neither damaged that turn nor sunk.")
def japanese_events(ctx: PFContext):
    for i, record in rolled(ctx):
        event = record["event"]
        if ctx.events.get(event, {}).get("side") != "japan":
            continue
        yield from misplaced_keys(ctx, i, record, event)
        if event in DISRUPTS_HENDERSON_FIELD:
            yield from _henderson_field(ctx, i, record, "PF 7.1")
        elif event == TORPEDO_HITS:
            yield from torpedo_hits(ctx, i, record)


@check("PF-EVENT-USN", "us-events", "A US event rolled whose effect the scenario does not show: Henderson Field operational after Heavy "
       "Bombers; a Submarine Attack whose ship is not one Japanese ship from Truk removed from the game; a sunk CV not returned "
       "after IJN Overestimated.")
def us_events(ctx: PFContext):
    for i, record in rolled(ctx):
        event = record["event"]
        if ctx.events.get(event, {}).get("side") != "us":
            continue
        yield from misplaced_keys(ctx, i, record, event)
        if event in DISRUPTS_HENDERSON_FIELD:
            yield from _henderson_field(ctx, i, record, "PF 7.2")
        elif event == SUBMARINE_ATTACK:
            yield from submarine_attack(ctx, i, record)
        elif event == IJN_OVERESTIMATED and record["turn"] == ctx.turn and ctx.phase == "event":
            yield from _overestimated(ctx)


def _overestimated(ctx: PFContext):
    """At most one CV in Espiritu Santo (before this turn's arrivals) and a US CV sunk: one comes back (PF 7.2)."""
    base = ctx.base("us")
    in_base = sum(u.entry.count for u in ctx.units if u.side == "us" and u.counter.cls == "CV" and u.placement.where == base)
    sunk = [e for e in _ships(ctx, ctx.scenario.sunk, "us") if ctx.game.counters[e.counter].cls == "CV"]
    if in_base <= 1 and sunk:
        yield (f"IJN Overestimated Their Result with {in_base} CV in {base} returns a sunk US CV to play (PF 7.2); "
               f"{ctx.name(sunk[0].counter)} is still listed under sunk: move it to {base}", sunk[0].at)


@check("PF-EVENTS-EVERY-TURN", "events", "A turn from Turn 2 on whose Event Phase has passed with no event recorded.")
def events_every_turn(ctx: PFContext):
    """The non-initiative player rolls every turn from Turn 2 (PF 5.0, 7.0); a roll of a used event is rolled again, so
    only a side with no event left rolls nothing (never before Turn 4: Japan has three once-only events)."""
    first = ctx.edition.param("events_from_turn", 2)
    last = ctx.turn if ctx.phase_at_least("task-force") else ctx.turn - 1
    recorded = {e["turn"] for e in ctx.events_used}
    for turn in range(first, last + 1):
        if turn in recorded or _a_side_has_none_left(ctx, turn):
            continue
        at = next((ctx.section_at(name) for name in ("events_used", "phase") if ctx.scenario.section(name) is not None), ctx.scenario.at)
        yield (f"turn {turn} has no event recorded, but from Turn {first} the non-initiative player rolls one every turn "
               f"(PF 7.0): add it to events_used", at)


def _a_side_has_none_left(ctx: PFContext, turn: int) -> bool:
    for side in ctx.game.side_ids:
        table = [Event(r["id"], r.get("name", r["id"]), tuple(r.get("faces", ())), bool(r.get("once", True)), r.get("effect", ""))
                 for r in (ctx.chart("events") or {}).get(side) or []]
        used = [e["event"] for e in ctx.events_used if e["turn"] < turn and any(t.id == e["event"] for t in table)]
        if table and not remaining_events(table, used):
            return True
    return False
