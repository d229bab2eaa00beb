"""Counter-mix limits (FitS v1.1 2.1, 2.1.1.2, 7.1; 2nd 3.1, 3.1.2).

The counter mix is an absolute limit. Air units come as 2-step counters that
break down into 1-step counters within the mix, so a location holding N air
steps uses at least ceil(N/2) counters. Replacements and hit markers are not
limited. Ships sunk for good (every sunk ship in the 2nd edition, 11.3.1; in v1.1 13.1 only Japanese
carriers and the battleships of both sides) are not available; other ships sunk under v1.1 are recycled.
"""

from __future__ import annotations

from collections import defaultdict

from toolkit.findings import Location
from toolkit.games.fire_in_the_sky.air_pools import counter_pools
from toolkit.games.fire_in_the_sky.removal import permanently_removed
from toolkit.model import steps_to_counters
from toolkit.rules import Context, article, check, fmt, shared
from toolkit.rules.shared import MixPool, PoolUse

SIDE_NAMES = {"japan": "Japanese player", "allied": "Allied player"}


class MarkerEntry:
    """A record-track marker counted in the counter mix: where a finding about it points (a plain class: no dataclass
    is made at import, and none per check as ``type()`` made one)."""

    __slots__ = ("at",)

    def __init__(self, at: Location):
        self.at = at


def air_stacks(ctx: Context) -> dict[tuple, int]:
    """Air steps per stack, keyed (counter id, where): a set-up location (and side, in port or in a Task Force), each
    Turn Record Track entry, the Naval Aviation box (v1.1 7.1.1). Air units "can be broken down or combined at will"
    (v1.1 2.1.1.2; 2nd 3.1.2), so N steps in a stack need ceil(N/2) counters however many entries list them."""
    stacks: dict[tuple, int] = defaultdict(int)
    for unit in ctx.units:
        if unit.counter.type == "air":
            stacks[(unit.counter.id, unit.hex or unit.placement.where, unit.side, unit.entry.task_force)] += unit.steps
    for _, placement in ctx.scenario.turn_track:
        for entry in placement.units:
            counter = ctx.game.counters.get(entry.counter)
            if counter is not None and counter.type == "air" and entry.steps and ctx.in_use(entry):
                stacks[(counter.id, "track", id(entry))] += entry.steps
    value = ctx.scenario.marker("naval_aviation_steps")
    counter = _japanese("air", None, ctx.game.counters)
    if value is not None and value.value > 0 and counter is not None:
        stacks[(counter.id, "naval aviation")] += int(value.value)
    return stacks


def _japanese(kind: str, cls: str | None, counters):
    return next((c for c in counters.values() if c.side == "japan" and c.type == kind and (cls is None or c.cls == cls)), None)


def usage(ctx: Context):
    """Counters used per counter id, with the entries that use them (set-up, track, sunk, boxes)."""
    used: dict[str, float] = defaultdict(float)
    entries: dict[str, list] = defaultdict(list)
    counters = ctx.game.counters
    for unit in ctx.units:
        if unit.counter.type != "air":
            used[unit.counter.id] += unit.entry.count
        entries[unit.counter.id].append(unit.entry)
    for (counter_id, *_), steps in air_stacks(ctx).items():
        used[counter_id] += steps_to_counters(steps, counters[counter_id].steps or 2)
    for _, placement in ctx.scenario.turn_track:
        for entry in placement.units:
            counter = counters.get(entry.counter)
            if counter is None or not ctx.in_use(entry):
                continue
            if not (counter.type == "air" and entry.steps):
                used[counter.id] += entry.count
            entries[counter.id].append(entry)
    # Air steps in the Naval Aviation box and DDs in the Convoy Escort box are counters too (v1.1 7.1.1, 5.2).
    for marker, kind, cls in (("naval_aviation_steps", "air", None), ("convoy_escort", "naval", "DD")):
        value = ctx.scenario.marker(marker)
        if value is None or value.value <= 0:
            continue
        counter = _japanese(kind, cls, counters)
        if counter is not None:
            if kind != "air":
                used[counter.id] += int(value.value)
            entries[counter.id].append(MarkerEntry(value.at))
    for entry in ctx.scenario.sunk:
        # A named counter both sunk and placed is SUNK-ON-MAP's finding, not a counter-mix one. A sunk ship holds
        # its counter only if it left the game (2nd 11.3.1: every one; v1.1 13.1: Japanese CV/CVL and all BBs):
        # any other v1.1 ship is recycled into the mix for later reinforcements.
        counter = counters.get(entry.counter)
        if counter is not None and counter.count > 1 and permanently_removed(counter, ctx.edition):
            used[entry.counter] += entry.count
            entries[entry.counter].append(entry)
    return used, entries


def pools_in_use(ctx: Context) -> list[PoolUse]:
    """Each pool of interchangeable air counters (air_pools.py) with its counters in use: the stacks of every pooled
    counter id at one place merge (a Marine step and an Army step at Midway may share a counter)."""
    pool_of = counter_pools(ctx.game)
    merged: dict[str, dict[tuple, int]] = defaultdict(lambda: defaultdict(int))
    for (counter_id, *where), steps in air_stacks(ctx).items():
        if counter_id in pool_of:
            merged[pool_of[counter_id].name][tuple(where)] += steps
    pools = {pool.name: pool for pool in pool_of.values()}
    return [PoolUse(pools[name], sum(steps_to_counters(s) for s in stacks.values()), sum(s % 2 for s in stacks.values()))
            for name, stacks in sorted(merged.items())]


@check("COUNTER-MIX", "counter-mix", "More units of a counter than the counter mix holds.")
def counter_mix_limit(ctx: Context):
    """The shared counter-mix limit (:func:`toolkit.rules.shared.counter_mix`): one pool per counter as printed, save the
    air counters the edition pools (``counter_pools``: v1.1 2.1.1.2 note; 2nd 3.1 designer note), limited together."""
    used, entries = usage(ctx)
    counters = ctx.game.counters
    pool_of = counter_pools(ctx.game)
    pools = [MixPool((cid,), counters[cid].count, n, entries[cid])
             for cid, n in sorted(used.items()) if not counters[cid].unlimited and cid not in pool_of]
    for use in pools_in_use(ctx):
        pooled = [e for cid in use.pool.counters for e in entries[cid]]
        pools.append(MixPool(use.pool.counters, use.pool.limit(use.odd_stacks), use.used, pooled))
    return shared.counter_mix(ctx, pools, lambda pool: _over_mix(counters, pool_of, pool))


def _over_mix(counters, pool_of, pool: MixPool) -> str:
    counter = counters[pool.counters[0]]
    if counter.id in pool_of:
        p = pool_of[counter.id]
        held = f"{p.two_step} two-step" + (f" and {p.one_step} one-step counters (one step each)" if p.one_step else " counters")
        return (f"{p.name} ({' + '.join(counters[c].name for c in p.counters)}, interchangeable by {p.rule}): {fmt(pool.used)} counters used "
                f"(air steps use ceil(steps/2) counters) but the pool holds {held}; remove {fmt(pool.excess)}")
    kind = "counters (air steps use ceil(steps/2) counters)" if counter.type == "air" else "counters"
    return f"{counter.name}: {fmt(pool.used)} {kind} used but the counter mix holds {counter.count}; remove {fmt(pool.excess)}"


@check("COUNTER-AIR-STEPS", "air-steps", "Air steps given to a counter that is not an air unit, or air units given without steps.")
def air_steps(ctx: Context):
    for unit in ctx.units:
        if unit.counter.type != "air" and unit.entry.steps:
            yield f"{unit.counter.name} is {article(unit.counter.type)} {unit.counter.type} unit: give `count:`, not `steps:`", unit.entry.at


@check("COUNTER-REDUCED", "land-units", "A unit that has no reduced side placed reduced.")
def reduced_side(ctx: Context):
    for unit in ctx.units:
        if unit.entry.reduced and unit.counter.type != "land":
            yield f"{unit.counter.name} is {article(unit.counter.type)} {unit.counter.type} unit: only land units have a reduced-strength side", unit.entry.at
        elif unit.entry.reduced and unit.counter.steps < 2:
            yield f"{unit.counter.name} has only one step and no reduced-strength side", unit.entry.at


@check("COUNTER-OPTIONAL", "optional-counters", "An optional-rule counter used without its optional rule.")
def optional_counters(ctx: Context):
    """Each finding cites the optional rule the counter belongs to (Ranger: v1.1 18.1.5, 2nd 16.1.5), not 18.2.5/16.2.5."""
    in_use = ctx.scenario.optional_rules
    for unit in ctx.units:
        rule = unit.counter.optional_rule
        if rule and rule not in in_use:
            yield (f"{unit.counter.name} is an optional-rule counter ({rule}); add {rule!r} to optional_rules "
                   f"or mark the entry `optional_rule: \"{rule}\"`", unit.entry.at, f"{ctx.edition.citation} {rule}")
    for _turn, placement in ctx.scenario.turn_track:
        for entry in placement.units:
            counter = ctx.game.counters.get(entry.counter)
            if counter and counter.optional_rule and counter.optional_rule not in in_use and ctx.in_use(entry):
                yield (f"{counter.name} is an optional-rule counter ({counter.optional_rule}) not in use in this scenario", entry.at,
                       f"{ctx.edition.citation} {counter.optional_rule}")


@check("COUNTER-SIDE", "nationalities", "A unit placed for the side it does not belong to.")
def counter_side(ctx: Context):
    """The shared wrong-side rule (:func:`toolkit.rules.shared.counter_side`) in Fire in the Sky's words."""
    return shared.counter_side(ctx, lambda p: f"{p.name} belongs to the {SIDE_NAMES[p.owner]} but is placed in the {SIDE_NAMES[p.side]} set-up")


@check("SUNK-ON-MAP", "damage-naval", "A unit both on the map and sunk.")
def sunk_on_map(ctx: Context):
    sunk = {e.counter: e for e in ctx.scenario.sunk}
    for unit in ctx.units:
        entry = sunk.get(unit.counter.id)
        if entry is not None and unit.counter.count == 1:
            yield f"{unit.counter.name} is listed as sunk (line {entry.at.line}) and also placed here", unit.entry.at


@check("SUNK-NOT-NAVAL", "damage-naval", "A unit listed as sunk that is not a naval unit.")
def sunk_not_naval(ctx: Context):
    for entry in ctx.scenario.sunk:
        counter = ctx.game.counters.get(entry.counter)
        if counter is not None and counter.type != "naval":
            yield (f"{counter.name} is {article(counter.type)} {counter.type} unit: only naval units are sunk; eliminated air and land "
                   f"units go back to the counter mix or the Turn Record Track", entry.at)


@check("OPTIONAL-ENTRY", "optional-counters", "A unit entry placed only with an optional rule the edition does not have.")
def optional_entry_exists(ctx: Context):
    known = ctx.edition.optional_rules
    entries = [u.entry for u in ctx.units] + [e for _, p in ctx.scenario.turn_track for e in p.units]
    # Entries whose rule is not in use are left out of ctx.units: look at the whole set-up too.
    entries += [e for p in ctx.scenario.setup for e in p.units]
    seen = set()
    for entry in entries:
        if entry.optional_rule and entry.optional_rule not in known and id(entry) not in seen:
            seen.add(id(entry))
            yield f"optional rule {entry.optional_rule} does not exist in {ctx.edition.citation}; this unit would never be placed", entry.at


@check("SUNK-RETURNS", "damage-naval", "A permanently removed unit scheduled to come back.")
def sunk_returns(ctx: Context):
    sunk = {e.counter for e in ctx.scenario.sunk}
    for turn, placement in ctx.scenario.turn_track:
        for entry in placement.units:
            counter = ctx.game.counters.get(entry.counter)
            if counter and entry.counter in sunk and permanently_removed(counter, ctx.edition) and counter.count == 1:
                yield f"{counter.name} was sunk and is permanently removed; it cannot return on turn {turn}", entry.at


@check("TURN-TRACK-PAST", "reinforcements", "A unit on the Turn Record Track for a turn before the scenario starts.")
def turn_track_past(ctx: Context):
    """The shared Turn Record Track rule (:func:`toolkit.rules.shared.turn_track_past`): a scenario starts before its turn's arrivals."""
    return shared.turn_track_past(ctx, lambda turn, _: f"units due on turn {turn}, before the scenario starts on turn {ctx.scenario.start_turn}")
