"""Damage and loss (PF 3.4, 7.2, 10.7): when damaged ships come back, what never comes back, and the Turn Record Track."""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.rules import check, shared


def return_turn(ctx: PFContext, side: str, hits: int, damaged_on: int) -> int | None:
    """The turn a ship damaged on ``damaged_on`` with ``hits`` hits comes back (charts: damage_return), or None."""
    for row in (ctx.chart("damage_return") or {}).get("rows", []):
        if row.get("side") == side and hits >= row.get("min_hits", 1) and hits <= row.get("max_hits", hits):
            return damaged_on + int(row["turns_later"])
    return None


@check("PF-DAMAGE-RETURN", "applying-hits", "A damaged ship on the wrong box of the Turn Record Track, or kept for a return after the last turn; "
       "a Transports unit or the Tokyo Express listed as damaged (one hit sinks it).")
def damage_return(ctx: PFContext):
    last = ctx.edition.param("last_turn", ctx.game.turns[1])
    for i, record in enumerate(ctx.damaged):
        counter = ctx.game.counters.get(record["counter"])
        at = ctx.section_at("damaged", i)
        if counter is None:
            yield f"no counter {record['counter']!r} in the counter sheet", ctx.section_at("damaged", i, "counter")
            continue
        if record["turn"] > ctx.turn:
            yield f"{counter.name} cannot have been damaged on turn {record['turn']}, after the scenario's turn {ctx.turn}", ctx.section_at("damaged", i, "turn")
            continue
        if counter.cls == "Transports" or counter.id == ctx.edition.param("tokyo_express"):
            # PF 10.7: one hit sinks a Transports unit or the Tokyo Express, no roll: never damaged; a sunk Transports unit
            # comes back at the start of the next turn (the Tokyo Express stands for one, 9.6).
            yield (f"{counter.name} is never damaged: a single hit sinks it without a roll, and a sunk Transports unit returns at "
                   f"the start of the next turn: take it out of damaged and place it for turn {record['turn'] + 1} (on the Turn "
                   "Record Track, or in its base once that turn has begun)", at)
            continue
        back = return_turn(ctx, counter.side, record["hits"], record["turn"])
        if back is None:
            continue
        track = ctx.on_track(counter.id)
        sunk = [e for w, e in ctx.whereabouts.get(counter.id, []) if w == "sunk"]
        if back > last:
            for turn, entry in track:
                yield (f"{counter.name}, damaged on turn {record['turn']} with {record['hits']} hit(s), would return on turn {back}, "
                       f"after the last turn ({last}): it is removed from the game; list it under sunk, not on turn {turn}", entry.at)
            if not track and not sunk:
                yield f"{counter.name} would return on turn {back}, after the last turn ({last}): list it under sunk", at
            continue
        returned = back < ctx.turn or (back == ctx.turn and ctx.phase_at_least("task-force"))
        if returned:
            continue
        for turn, entry in track:
            if turn != back:
                yield (f"{counter.name}, a {ctx.adjective(counter.side)} ship damaged on turn {record['turn']} with "
                       f"{record['hits']} hit(s), returns on turn {back}, not {turn}: move it to turn {back}", entry.at)
        if not track:
            yield (f"{counter.name} is damaged (turn {record['turn']}, {record['hits']} hit(s)) and waits on the Turn Record Track "
                   f"until turn {back}: list it under turn_track, turn {back}", at)


@check("PF-SUNK-RETURNS", "applying-hits", "A Transports unit listed as sunk, waiting on the Turn Record Track beyond the next turn, "
       "or still there once its turn has started: a sunk one returns at the start of the next turn.")
def sunk_returns(ctx: PFContext):
    for entry in ctx.scenario.sunk:
        counter = ctx.game.counters.get(entry.counter)
        if counter is not None and counter.cls == "Transports":
            yield (f"a sunk {counter.name} unit returns at the start of the next turn: put it on the Turn Record Track "
                   f"for the next turn instead of sunk", entry.at)
    for turn, placement in ctx.scenario.turn_track:
        for entry in placement.units:
            counter = ctx.game.counters.get(entry.counter)
            if counter is not None and counter.cls == "Transports" and turn > ctx.turn + 1:
                # PF 10.7: one hit sinks a Transports unit (never damaged) and a sunk one is back at the next turn's start
                yield (f"{counter.name} on turn {turn} of the Turn Record Track at turn {ctx.turn}: a Transports unit is never "
                       f"damaged, and one sunk this turn returns at the start of turn {ctx.turn + 1}: move it to turn {ctx.turn + 1}",
                       entry.at)
            elif counter is not None and counter.cls == "Transports" and turn <= ctx.turn and not ctx.track_entered(turn):
                # PF 10.7 (with 6.3): back at the start of its turn, so already in base in that turn's Initiative and Event
                # Phases; ships enter only in the Task Force Phase (8.1), and from then PF-TURN-TRACK-PAST says so.
                yield (f"{counter.name} on turn {turn} of the Turn Record Track at turn {ctx.turn}, phase {ctx.phase!r}: a sunk "
                       f"Transports unit returns at the start of the next turn (PF 10.7), not in its Task Force Phase like a "
                       f"damaged ship (8.1): move it to {ctx.base(counter.side)}", entry.at)


@check("PF-TURN-TRACK-PAST", "enter-ships", "Units still on the Turn Record Track for a turn whose Task Force Phase has begun.")
def turn_track_past(ctx: PFContext):
    """The shared Turn Record Track rule (:func:`toolkit.rules.shared.turn_track_past`): ships enter in the Task Force Phase (PF 8.1)."""
    return shared.turn_track_past(ctx, lambda turn, _: (f"units due on turn {turn} have entered their base in the Task Force Phase "
                                                        f"(turn {ctx.turn}, phase {ctx.phase!r}): move them to their base"))


@check("PF-ARRIVAL-EARLY", "enter-ships", "A late arrival of the set-up (Hornet) out of the Turn Record Track before the Task Force Phase "
       "of its turn.")
def arrival_early(ctx: PFContext):
    """PF 3.2, 8.1: a ship the set-up puts on the Turn Record Track enters its base in the Task Force Phase of its turn, not
    before (so Torpedo Hit(s) and IJN Overestimated, in the Event Phase, do not see it, 7.1, 7.2). At the start itself
    PF-START-HORNET speaks."""
    if ctx.published_setup:
        return
    for counter, turn in ctx.late_arrivals.items():
        if ctx.track_entered(turn):
            continue
        for where, entry in ctx.whereabouts.get(counter, []):
            if not where.startswith("Turn Record Track"):
                there = "where nothing reaches it, so it cannot be sunk" if where == "sunk" else f"not in {where}"
                yield (f"{ctx.name(counter)} enters on Turn {turn}, in the Task Force Phase (PF 8.1); at turn {ctx.turn}, phase "
                       f"{ctx.phase!r} it still waits on the Turn Record Track, {there}: list it under turn_track, turn {turn}",
                       entry.at)
