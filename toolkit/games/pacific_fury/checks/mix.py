"""The counter sheet as a limit (PF 2.0, 2.2, 9.6): every named ship once, Transports and the Tokyo Express within the sheet."""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.load.memo import remembered
from toolkit.rules import check, fmt, shared
from toolkit.rules.shared import MixPool


@check("PF-COUNTER-MIX", "components", "A named ship placed twice or nowhere; more Transports (with the Tokyo Express) than a side has; a marker placed as a unit.")
def counter_mix(ctx: PFContext):
    """The shared counter-mix limit (:func:`toolkit.rules.shared.counter_mix`) over each named ship, each side's Transports
    and the Tokyo Express; then the ships placed nowhere and the markers placed as units."""
    where = ctx.whereabouts
    named = [c for c in ctx.game.counters.values() if c.type == "naval" and c.count == 1]
    # A named ship is one counter: each place it stands uses it once (PF 2.0).
    ships = (MixPool((c.id,), 1, len(where[c.id]), [e for _, e in where[c.id]]) for c in named if len(where.get(c.id, ())) > 1)  # placed once: no finding
    yield from shared.counter_mix(ctx, ships, lambda pool: _twice(ctx, pool))
    for counter in named if where else ():  # nothing placed yet: DATA-MISSING says so (checks/needs.py)
        if not where.get(counter.id):
            yield (f"{counter.name} is nowhere in the scenario: place it in a base, box or zone, on the Turn Record Track, "
                   f"or list it under sunk if it has left the game", ctx.removed_at(counter.id) or ctx.scenario.at)
    tokyo = ctx.edition.param("tokyo_express")
    for pool in _transports(ctx, tokyo):  # each side's own set-up gives its Transports (PF 3.1 Japan, 3.2 the US)
        side = ctx.game.counters[pool.counters[0]].side
        for message, at in shared.counter_mix(ctx, [pool], lambda pool: _too_many_transports(ctx, pool, tokyo)):
            yield message, at, ctx.setup_rule(side)
    if tokyo in where:
        entries = [e for _, e in where[tokyo]]
        for message, at in shared.counter_mix(ctx, [MixPool((tokyo,), 1, sum(e.count for e in entries), entries)],
                                              lambda _: "more than one Tokyo Express: the sheet has one, and only one may be formed in a turn"):
            yield message, at, ctx.edition.cite("tokyo-express")
    for unit in ctx.units:
        if unit.counter.type == "marker" and unit.counter.id != tokyo:
            yield (f"the {unit.counter.name} is not placed as a unit: give it with the scenario's `initiative:` or `operations:` "
                   f"section, or `start_turn:` for the Game Turn marker", unit.entry.at, ctx.edition.cite("markers"))


def _twice(ctx: PFContext, pool: MixPool) -> str:
    counter_id = pool.counters[0]
    listed = ", ".join(w for w, _ in ctx.whereabouts[counter_id])
    return f"{ctx.name(counter_id)} is one counter but stands in {pool.used} places ({listed}); keep one"


def _transports(ctx: PFContext, tokyo: str | None):
    """Each side's Transports with its Tokyo Express: the Tokyo Express replaces one of them (PF 9.6)."""
    limit = ctx.edition.param("transports_per_side", 2)
    game = ctx.game
    held = remembered("pf transports", id(game), lambda: (game, _transport_counters(game)))  # every variant asks
    by_side = held[1] if held[0] is game else _transport_counters(game)
    for side in ctx.game.side_ids:
        pool = list(by_side.get(side, ()))
        ids = pool + ([tokyo] if tokyo in ctx.game.counters and ctx.game.counters[tokyo].side == side else [])
        entries = [e for cid in ids for _, e in ctx.whereabouts.get(cid, [])]
        yield MixPool(tuple(ids), limit, sum(e.count for e in entries), entries)


def _transport_counters(game) -> dict[str, list[str]]:
    """Each side's Transports counters, in the counter mix's order."""
    found: dict[str, list[str]] = {}
    for c in game.counters.values():
        if c.cls == "Transports":
            found.setdefault(c.side, []).append(c.id)
    return found


def _too_many_transports(ctx: PFContext, pool: MixPool, tokyo: str | None) -> str:
    side = ctx.game.counters[pool.counters[0]].side
    what = "Transports units and Tokyo Express" if tokyo in pool.counters else "Transports units"
    return (f"{pool.used} {ctx.adjective(side)} {what} in the scenario, but a side has {fmt(pool.limit)} Transports and the "
            f"Tokyo Express replaces one of them; remove {fmt(pool.excess)}")


@check("PF-COUNTER-MIX-LOW", "setup-japan", "Before the Operations Phase, fewer Transports units (with the Tokyo Express) than a side has: none leaves the game.")
def counter_mix_low(ctx: PFContext):
    """The lower limit of the Transports: a side has ``transports_per_side`` of them from the start (PF 3.1); a sunk one
    waits on the Turn Record Track and comes back next turn (10.7), a landed one comes back at the start of the next
    turn (6.3). So from the start of a turn to its Task Force Phase every one of them is somewhere in the scenario;
    from the Operations Phase on a landed one is off the map until the next turn, and is not looked for."""
    if ctx.phase_at_least("operations") or not ctx.whereabouts:
        return
    tokyo = ctx.edition.param("tokyo_express")
    for pool in _transports(ctx, tokyo):
        side = ctx.game.counters[pool.counters[0]].side
        if pool.used >= pool.limit:
            continue
        base = ctx.base(side)
        at_base = [p for p in ctx.scenario.setup if p.side == side and p.where == base]
        at = ctx.removed_at(*pool.counters) or (at_base[-1].at if at_base else ctx.scenario.at)
        yield (f"{pool.used} {ctx.adjective(side)} Transports units (with the Tokyo Express) in the scenario, but a side has "
               f"{fmt(pool.limit)} from the start and none leaves the game: a sunk one waits on the Turn Record Track "
               f"(PF 10.7), a landed one returns at the start of the next turn (PF 6.3); place {fmt(pool.limit - pool.used)} more",
               at, ctx.setup_rule(side))  # each side's own set-up: PF 3.1 Japan, 3.2 the US
