"""The counter sheet as a limit (PF 2.0, 2.2, 9.6): every named ship once, Transports and the Tokyo Express within the sheet."""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.rules import check


def _newest(ctx: PFContext, entries):
    """The entry to point at: the last one in the newest file of an extends chain."""
    newest = ctx.scenario.files[-1] if ctx.scenario.files else None
    mine = [e for e in entries if e.at.file == newest]
    return (mine or list(entries))[-1]


@check("PF-COUNTER-MIX", "components", "A named ship placed twice or nowhere; more Transports (with the Tokyo Express) than a side has; a marker placed as a unit.")
def counter_mix(ctx: PFContext):
    where = ctx.whereabouts
    for counter in ctx.game.counters.values():
        if counter.type != "naval" or counter.count != 1:
            continue
        places = where.get(counter.id, [])
        if len(places) > 1:
            listed = ", ".join(w for w, _ in places)
            yield (f"{counter.name} is one counter but stands in {len(places)} places ({listed}); keep one", _newest(ctx, [e for _, e in places]).at)
        elif not places:
            yield (f"{counter.name} is nowhere in the scenario: place it in a base, box or zone, on the Turn Record Track, "
                   f"or list it under sunk if it has left the game", ctx.scenario.at)
    limit = ctx.edition.param("transports_per_side", 2)
    tokyo = ctx.edition.param("tokyo_express")
    for side in ctx.game.side_ids:
        pool = [c.id for c in ctx.game.counters.values() if c.side == side and c.cls == "Transports"]
        ids = pool + ([tokyo] if tokyo in ctx.game.counters and ctx.game.counters[tokyo].side == side else [])
        entries = [e for cid in ids for _, e in where.get(cid, [])]
        used = sum(e.count for e in entries)
        if used > limit:
            what = "Transports units and Tokyo Express" if tokyo in ids else "Transports units"
            yield (f"{used} {ctx.game.side_name(side)} {what} in the scenario, but a side has {limit} Transports and the "
                   f"Tokyo Express replaces one of them; remove {used - limit}", _newest(ctx, entries).at)
    if tokyo in where:
        entries = [e for _, e in where[tokyo]]
        if sum(e.count for e in entries) > 1:
            yield "more than one Tokyo Express: the sheet has one, and only one may be formed in a turn (PF 9.6)", _newest(ctx, entries).at
    for unit in ctx.units:
        if unit.counter.type == "marker" and unit.counter.id != tokyo:
            yield (f"the {unit.counter.name} is not placed as a unit: give it with the scenario's `initiative:` or `operations:` "
                   f"section, or `start_turn:` for the Game Turn marker", unit.entry.at)
