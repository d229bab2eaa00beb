"""The Event Phase (PF 5.0, 7.0-7.2): one event a turn from Turn 2, by the non-initiative player, each once but Heavy Bombers."""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.rules import check


@check("PF-EVENTS-ONCE", "events", "An event that happens once a game listed twice, or two events in one turn.")
def events_once(ctx: PFContext):
    seen: dict[str, int] = {}
    turns: dict[int, str] = {}
    for i, record in enumerate(ctx.events_used):
        event, turn = record["event"], record["turn"]
        info = ctx.events.get(event, {})
        if event in seen and info.get("once", True):
            yield (f"{info.get('name', event)} happens once a game and already happened on turn {seen[event]}; a roll of a used "
                   f"event is rolled again: remove this entry", ctx.section_at("events_used", i))
        elif turn in turns:
            yield (f"one event a turn: turn {turn} already has {ctx.events.get(turns[turn], {}).get('name', turns[turn])}; "
                   f"remove one", ctx.section_at("events_used", i))
        seen.setdefault(event, turn)
        turns.setdefault(turn, event)


@check("PF-EVENTS-TURN", "events", "An event on Turn 1, after the scenario's moment, or for the side holding the initiative.")
def events_turn(ctx: PFContext):
    first = ctx.edition.param("events_from_turn", 2)
    initiative = ctx.initiative_side
    for i, record in enumerate(ctx.events_used):
        event, turn = record["event"], record["turn"]
        info = ctx.events.get(event, {})
        name = info.get("name", event)
        at = ctx.section_at("events_used", i, "turn")
        if turn < first:
            yield f"there is no Event Phase on Turn 1 (events from turn {first}); {name} cannot be on turn {turn}", at
        elif turn > ctx.turn or (turn == ctx.turn and not ctx.phase_at_least("task-force") and ctx.phase != "event"):
            yield (f"{name} on turn {turn} has not been rolled yet at turn {ctx.turn}, phase {ctx.phase!r}; remove it or "
                   f"move the scenario on", at, ctx.edition.cite("sequence-of-play"))
        elif turn == ctx.turn and info.get("side") == initiative and initiative is not None:
            yield (f"{name} is a {ctx.adjective(info['side'])} event, but {ctx.game.side_name(initiative)} holds the "
                   f"initiative on turn {turn} (fixed at the start of the turn, PF 6.0; {_initiative_basis(ctx)}): only the "
                   f"non-initiative player rolls for an event", ctx.section_at("events_used", i, "event"))


def _initiative_basis(ctx: PFContext) -> str:
    """What the turn's initiative was read from, and how to say otherwise."""
    if ctx.initiative.get("turn_start") is not None:
        return f"initiative turn_start: {ctx.initiative['turn_start']!r}"
    if not ctx.phase_at_least("operations"):
        return f"the marker on {ctx.initiative.get('box')!r}, which nothing moves before the Operations Phase"
    return (f"the marker on {ctx.initiative.get('box')!r}, which landings could not have carried there from the other side's "
            f"boxes; if they did, write the box it started the turn on as initiative turn_start")
