"""Fire from the Skies' checks of strike targets and of the times searches and launches may happen.

A strike records its target task force or base (FFTS 12.1, 12.3), a real one (9.2: a dummy is removed once
sighted), an enemy one (6.2: strikes attack the other side), and a task force only once a search of its side
has sighted it (7.2, 12.1; :mod:`.sighting`).
Searches are planned at the start of the day and for the 1200 turn (7.4.1); aircraft not readied take
the Air Operations Tables' time to ready before they launch (6.8).
"""

from __future__ import annotations

from toolkit.games.fire_from_the_skies.checks import FFTSContext
from toolkit.games.fire_from_the_skies.sighting import first_sighting, strike_target
from toolkit.rules import check

__all__: list[str] = []

MINUTES_PER_TURN = 20  # FFTS 3.3


def _strikes(ctx: FFTSContext):
    return (m for m in ctx.data.missions if m.kind == "strike")


@check("FFTS-STRIKE-TARGET", "strike_target", "A strike records its target: a task force or air base of the scenario, never an enemy dummy task force.")
def strike_targets(ctx: FFTSContext):
    for mission in _strikes(ctx):
        if not (mission.target or "").strip():
            yield (f"strike {mission.id} names no target: a strike records its target task force or base when it is formed; "
                   f"add target: (a task force as \"Task Force A\", or a base by its place)"), mission.locate("kind")
        elif (target := strike_target(ctx.game, ctx.data, mission.target)) is None:
            names = [f"Task Force {tf.id}" for tf in ctx.data.task_forces] + sorted(ctx.data.bases)
            yield (f"strike {mission.id}: target {mission.target!r} is no task force or air base of the scenario"
                   f"{' (' + ', '.join(names) + ')' if names else ''}"), mission.locate("target")
        elif target.kind == "task force" and target.side != mission.side and _dummy(ctx, target.name):
            # 9.2: the search that sights a dummy task force reveals it and removes it; 7.2, 12.1: no strike before a sighting
            yield (f"strike {mission.id} targets Task Force {target.name}, a dummy task force: the search that sights it reveals it as a "
                   f"dummy and removes it from play, and a strike lists a task force only once it is sighted: target a real task force"), \
                mission.locate("target"), ctx.edition.cite("dummy_task_force_ships")


@check("FFTS-STRIKE-FRIENDLY", "strike_enemy", "A strike's target is an enemy task force or base, never one of its own side.")
def strike_friendly(ctx: FFTSContext):
    for mission in _strikes(ctx):
        target = strike_target(ctx.game, ctx.data, mission.target) if mission.target else None
        if target is not None and target.side == mission.side:
            side = ctx.game.side_name(mission.side)
            named = f"Task Force {target.name}" if target.kind == "task force" else f"the air base {target.name}"
            yield (f"strike {mission.id} is {side} and its target, {named}, is {side} too: "
                   "a strike attacks an enemy task force or base"), mission.locate("target")


@check("FFTS-STRIKE-SIGHTED", "strike_sighting", "A strike names a task force as its target only once a search of its side has sighted it "
       "where it then was (the searches' bands over its plotted moves, or sightings:).")
def strike_sighted(ctx: FFTSContext):
    depth = int(ctx.param("search_band_hexes", 2))
    for mission in _strikes(ctx):
        target = strike_target(ctx.game, ctx.data, mission.target) if mission.target else None
        if target is None or target.kind != "task force" or target.side == mission.side or target.hex is None:
            continue
        tf = next(t for t in ctx.data.task_forces if t.id == target.name)
        if first_sighting(ctx.game, ctx.data, mission.side, tf, mission.launch_turn, depth) is None:
            later = first_sighting(ctx.game, ctx.data, mission.side, tf, 10**6, depth)
            when = f"; {later[0]} first covers it on turn {later[1]} (hex {later[2]})" if later else ""
            yield (f"strike {mission.id} launches on turn {mission.launch_turn} against Task Force {target.name} "
                   f"({_whereabouts(tf, mission.launch_turn)}), which no {ctx.game.side_name(mission.side)} search has sighted "
                   f"by then{when}: launch after a search covers it, or record the sighting in sightings:"), mission.locate("target")


def _dummy(ctx: FFTSContext, tf_id: str) -> bool:
    return any(tf.id == tf_id and tf.dummy for tf in ctx.data.task_forces)


def _whereabouts(tf, turn: int) -> str:
    """Where the check looked for the task force, and which reading: its plotted moves, or its hex all day without them."""
    if not tf.moves:
        return f"hex {tf.hex}, where it stays all day: no moves: plotted"
    return f"searched along its plotted moves; hex {tf.hex_at(turn)} on turn {turn}"


def clock_minutes(ctx: FFTSContext, turn: int) -> int | None:
    """Minutes after midnight at the start of ``turn`` (20-minute turns, 3.3), from the scenario's clock; None without one."""
    clock = ctx.scenario.section("clock") or {}
    written = str(clock.get("time_of_first_turn") or "")
    if len(written) != 4 or not written.isdigit():
        return None
    return int(written[:2]) * 60 + int(written[2:]) + (turn - int(clock.get("first_turn", 1))) * MINUTES_PER_TURN


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60 % 24:02d}{minutes % 60:02d}"


NOON, NOON_PLAN = 12 * 60, 11 * 60  # 7.4.1: searches for the 1200 turn, planned at the start of the 1100 turn


def _searches_launched(ctx: FFTSContext):
    """(search, minutes after midnight of its launch turn) of each search launched from the start on; none without a clock."""
    start = ctx.scenario.start_turn
    for mission in ctx.data.missions:
        if mission.kind != "search" or mission.launch_turn < start:  # aloft at the start: planned before it
            continue
        minutes = clock_minutes(ctx, mission.launch_turn)
        if minutes is None:
            return
        yield mission, minutes


@check("FFTS-SEARCH-TIME", "search_plans", "Searches launch as planned at the start of the day (before the 1100 turn, when the noon searches are planned) or on the 1200 turn.")
def search_time(ctx: FFTSContext):
    for mission, minutes in _searches_launched(ctx):
        # The turn before 1200 is the noon search's launch under 7.4.7's reading of a search record: FFTS-SEARCH-TIME-BEGIN.
        if minutes < NOON_PLAN or NOON - MINUTES_PER_TURN <= minutes < NOON + MINUTES_PER_TURN:
            continue
        yield (f"search {mission.id} launches on turn {mission.launch_turn} ({_hhmm(minutes)}): searches are planned at the start of the day "
               "and for the 1200 turn only; launch it before 1100 with the morning's searches, or on the 1200 turn"), mission.locate("launch_turn")


@check("FFTS-SEARCH-TIME-BEGIN", "search_plans_begin", "A search launched on the turn before 1200 is the noon search only if a search record "
       "gives the turn it begins (7.4.7's example), not its launch turn (7.4.6).", severity="warning")
def search_time_begin(ctx: FFTSContext):
    for mission, minutes in _searches_launched(ctx):
        if NOON - MINUTES_PER_TURN <= minutes < NOON:
            yield (f"search {mission.id} launches on turn {mission.launch_turn} ({_hhmm(minutes)}) and begins searching on turn "
                   f"{mission.launch_turn + 1} ({_hhmm(minutes + MINUTES_PER_TURN)}): it is the noon search if a search record's first field is "
                   f"the turn the search begins (7.4.7's example), but not if it is the launch turn (7.4.6), when the noon search launches "
                   f"on the 1200 turn: launch it on turn {mission.launch_turn + 1} to satisfy both"), mission.locate("launch_turn")


@check("FFTS-READY-TIME", "readying", "AFs not readied at the start launch no sooner than their type's readying time (ready_turns) after it.")
def ready_time(ctx: FFTSContext):
    start = ctx.scenario.start_turn
    readied: dict[tuple[str, str, str | None], int] = {}
    for group in ctx.data.air_groups:
        for afs in group.aircraft:
            if afs.fueled:
                key = (group.at_name, afs.type, afs.weapon if afs.weapon not in (None, "none") else None)
                readied[key] = readied.get(key, 0) + afs.afs
    for mission in sorted((m for m in ctx.data.missions if m.launch_turn >= start), key=lambda m: m.launch_turn):
        for afs in mission.aircraft:
            weapon = afs.weapon if afs.weapon not in (None, "none") else None
            key = (mission.source, afs.type, weapon)
            ready = min(readied.get(key, 0), afs.afs)
            readied[key] = readied.get(key, 0) - ready
            kind = ctx.data.aircraft.get(afs.type)
            turns = kind.rating("ready_turns") if kind is not None else None
            if ready == afs.afs or not isinstance(turns, int) or isinstance(turns, bool):
                continue
            if mission.launch_turn < start + turns:
                armed = f" armed with {weapon}" if weapon else ""
                yield (f"{mission.kind} {mission.id} launches {afs.afs} AF(s) of {kind.name}{armed} on turn {mission.launch_turn}, but "
                       f"{ctx.holder_name(mission.source)} has {ready} readied at the start (fueled: true{', weapon: ' + weapon if weapon else ''}) for it; "
                       f"readying the other {afs.afs - ready} takes {turns} turn(s): launch them from turn {start + turns}"), afs.at
