"""The published start (PF 3.1-3.3): where every unit and marker stands on Turn 1 before play begins.

These checks bind the campaign as the rules lay it out and any scenario that claims to be that
start (Turn 1, phase ``start``); a labelled variant (``variant: true``) may change the set-up
and is checked by the rules of play only.
"""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.rules import check


@check("PF-START-BASES", "setup-japan", "At the start, a unit outside its base (the Japanese Reserve and the ships due later apart), or a ship already sunk.")
def start_bases(ctx: PFContext):
    if not ctx.published_setup:
        return
    reserve = set(ctx.edition.param("reserve_ships") or ())
    arrivals = ctx.printed_arrivals
    for unit in ctx.units:
        if unit.counter.id in reserve or unit.counter.id in arrivals:
            continue  # PF-RESERVE-RELEASED and PF-START-HORNET say where those go
        base = ctx.base(unit.side)
        if base and unit.placement.where != base:
            yield (f"at the start every {ctx.adjective(unit.side)} unit but the Reserve and the late arrivals waits face down "
                   f"in {base}; {unit.counter.name} stands at {unit.placement.where}: move it to {base}", unit.entry.at, ctx.setup_rule(unit.side))
    for entry in ctx.scenario.sunk:
        counter = ctx.game.counters.get(entry.counter)
        yield (f"nothing is sunk at the start of the game; remove {ctx.name(entry.counter)} from sunk", entry.at,
               ctx.setup_rule(counter.side if counter else None))
    for _turn, placement in ctx.scenario.turn_track:
        for entry in placement.units:
            if entry.counter not in arrivals:
                yield (f"{ctx.name(entry.counter)} is on the Turn Record Track at the start, where only "
                       f"{', '.join(ctx.name(c) for c in arrivals)} waits: move it to its base", entry.at, ctx.setup_rule(placement.side))



@check("PF-START-HORNET", "setup-us", "At the start, a late arrival (Hornet) not on its box of the Turn Record Track.")
def start_arrivals(ctx: PFContext):
    if not ctx.published_setup:
        return
    for counter, turn in ctx.printed_arrivals.items():
        on_track = ctx.on_track(counter)
        placed = [e for w, e in ctx.whereabouts.get(counter, []) if not w.startswith("Turn Record Track")]
        for entry in placed:
            yield (f"{ctx.name(counter)} starts on box {turn} of the Turn Record Track and enters on Turn {turn}; "
                   f"take it out of the set-up and list it under turn_track, turn {turn}", entry.at)
        for at_turn, entry in on_track:
            if at_turn != turn:
                yield f"{ctx.name(counter)} enters on Turn {turn}, not {at_turn}: put it in turn {turn} of the Turn Record Track", entry.at


@check("PF-START-MARKERS", "setup-markers", "At the start, the Initiative marker not on its starting box (US 1) with Henderson Field operational.")
def start_markers(ctx: PFContext):
    if not ctx.published_setup:
        return
    wanted = ctx.edition.param("start_initiative") or {}
    given = ctx.scenario.section("initiative")
    if given is not None:
        for key in ("box", "henderson_field"):
            if key in wanted and str(given.get(key)) != str(wanted[key]):
                yield (f"the Initiative marker starts on {wanted.get('box')}, {wanted.get('henderson_field')} side up; "
                       f"set initiative {key}: {wanted[key]!r}", ctx.section_at("initiative", key))
