"""The set-up checks of Fire from the Skies that follow a carrier's or base's aircraft across its missions.

Plane handling (FFTS 6): the AFs each mission takes from its carrier's or base's air operations form
(:mod:`.aboard`), readied and spotted aft to launch on the first turn, within the handling points of
the turns before a later launch, a CVE's catapults; then what the rules ask of the mission records
(4.5, 12.1), of CAP (13.1, 13.2) and of radar (12.4). A check that needs a rating the scenario left
as an empty slot skips what it cannot judge; ``EMPTY-SLOT`` names every such slot instead.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from toolkit.games.fire_from_the_skies.aboard import draws
from toolkit.games.fire_from_the_skies.checks import FFTSContext
from toolkit.rules import check, fmt

__all__: list[str] = []

_STRIKE_ROLES = ("dive-bomber", "torpedo-bomber", "level-bomber", "glide-bomber")


def _weapon(afs) -> str | None:
    return afs.weapon if afs.weapon not in (None, "none") else None


def _armed(afs) -> str:
    weapon = _weapon(afs)
    return f"armed with {weapon}" if weapon else "unarmed"


def _plural(n: int, word: str = "AF") -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _by_catapult(ctx: FFTSContext, source: str, afs) -> bool:
    """A CVE's armed strike AFs launch only by catapult (6.10.2), from where the catapult is: typically
    forward on the flight deck (6.9), so spotted forward they are ready to launch."""
    ship = ctx.data.ships.get(source)
    kind = ctx.data.aircraft.get(afs.type)
    return ship is not None and ship.cls == "CVE" and kind is not None and kind.role in _STRIKE_ROLES and _weapon(afs) is not None


def _missions_by_source(ctx: FFTSContext) -> dict[str, list]:
    by_source: dict[str, list] = defaultdict(list)
    for mission in ctx.data.missions:
        by_source[mission.source].append(mission)
    return by_source


def _draws(ctx: FFTSContext):
    """(air group, its draws) of every carrier or base with an air group and missions."""
    by_source = _missions_by_source(ctx)
    seen = set()
    for group in ctx.data.air_groups:
        if group.at_name in seen or group.at_name not in by_source or ctx.holder_capacity(group.at_name)[0] not in ("carrier", "base"):
            continue  # FFTS-AIR-FORM reports a second air group of one carrier; FFTS-REF one on no carrier
        seen.add(group.at_name)
        yield group, draws(group, by_source[group.at_name], ctx.scenario.start_turn, ctx.back_turn,
                           known=lambda t: t in ctx.data.aircraft)


@check("FFTS-LAUNCH-READY", "launch_ready", "A mission launching on the first turn has its AFs readied (fueled: true, armed with its weapon) and spotted aft (state: deck-aft) at the start.")
def launch_ready(ctx: FFTSContext):
    start = ctx.scenario.start_turn
    by_source = _missions_by_source(ctx)
    groups = {}
    for group in ctx.data.air_groups:
        groups.setdefault(group.at_name, group)
    for source, missions in by_source.items():
        kind, _ = ctx.holder_capacity(source)
        group = groups.get(source)
        if group is None or kind not in ("carrier", "base"):
            continue
        place = "deck-aft" if kind == "carrier" else "base"
        ready: dict[tuple[str, str | None], int] = defaultdict(int)
        for afs in group.aircraft:
            at_catapult = afs.state == "deck-forward" and _by_catapult(ctx, source, afs)
            if afs.fueled and (afs.state == place or at_catapult or (kind == "base" and afs.state is None)):
                ready[(afs.type, _weapon(afs))] += afs.afs
        taken_by: dict[tuple[str, str | None], list[str]] = defaultdict(list)
        for mission in (m for m in missions if m.launch_turn == start):
            for afs in mission.aircraft:
                if afs.type not in ctx.data.aircraft:
                    continue
                key = (afs.type, _weapon(afs))
                have, others = ready[key], list(taken_by[key])
                ready[key] = max(0, have - afs.afs)
                taken_by[key].append(mission.id)
                if have >= afs.afs:
                    continue
                alone = sum(a.afs for a in group.aircraft if a.type == afs.type and a.state == "deck-aft" and a.fueled)
                if mission.kind == "search" and kind == "carrier" and alone < afs.afs:
                    continue  # FFTS-SEARCH-READY reports it
                left = f" left after {', '.join(others)}" if others else ""
                if kind == "carrier":
                    how, late, fix = "spotted aft (state: deck-aft)", "below, forward or not readied", "ready and spot them aft at the start"
                else:
                    how, late, fix = "at the base", "not readied", "ready them at the start"
                yield (f"{mission.kind} {mission.id} launches {_plural(afs.afs)} of {ctx.data.aircraft[afs.type].name} {_armed(afs)} on turn {start}, "
                       f"the first turn, but {ctx.holder_name(source)} has {have}{left} readied (fueled: true, {_armed(afs)}) and {how} at the start: "
                       f"an AOS launches before it moves and readies aircraft, so AFs {late} launch from turn {start + 1} on; {fix}, or launch later"), afs.at


@check("FFTS-AF-ABOARD", "air_formation_forms", "Missions launch only the AFs on their carrier's or base's form: none that are away on another mission.")
def afs_aboard(ctx: FFTSContext):
    for group, launches in _draws(ctx):
        name = ctx.holder_name(group.at_name)
        for draw in launches:
            if not draw.short:
                continue
            kind = ctx.data.aircraft[draw.type].name
            total = sum(a.afs for a in group.aircraft if a.type == draw.type)
            away = "; ".join(f"{a.afs} on {a.mission.id} (back on turn {a.back})" for a in draw.away if a.afs)
            m = draw.mission
            if total == 0 and not away:
                yield (f"{m.kind} {m.id} launches {_plural(draw.needed)} of {kind} on turn {m.launch_turn}, but {name}'s air group has no {kind}: "
                       f"add them to its air_groups: entry or launch them from where they are"), draw.at
                continue
            yield (f"{m.kind} {m.id} launches {_plural(draw.needed)} of {kind} on turn {m.launch_turn}, but only {draw.aboard} of {name}'s are aboard"
                   f"{f': {away}' if away else ''}; an AF flies one mission at a time: launch {draw.short} fewer, later, or give the other mission "
                   f"the land_turn: on which it is back"), draw.at


@check("FFTS-HANDLING", "handling_points", "AFs raised from the hangar or moved aft for a launch after the first turn fit the carrier's handling points of the turns before.")
def handling(ctx: FFTSContext):
    start = ctx.scenario.start_turn
    for group, launches in _draws(ctx):
        ship = ctx.data.ships.get(group.at_name)
        if ship is None or not ship.is_carrier:
            continue
        points, hangar = ship.rating("handling_points"), ship.rating("hangar")
        if points is None or hangar is None:
            continue  # empty slots: EMPTY-SLOT names them
        cost = {"hangar": Fraction(str(ctx.param(f"hp_hangar_to_deck_{hangar}", 1 if hangar == "closed" else 0.5))),
                "deck-forward": Fraction(str(ctx.param("hp_deck_end_to_end", 0.5)))}
        cost["landed"] = cost["deck-forward"]
        per_aos = Fraction(str(points))
        needed, moved = Fraction(0), defaultdict(int)
        names: list[str] = []
        for turn in sorted({d.mission.launch_turn for d in launches if d.mission.launch_turn > start}):
            for draw in (d for d in launches if d.mission.launch_turn == turn):
                catapult = any(a.type == draw.type and _by_catapult(ctx, group.at_name, a) for a in draw.mission.aircraft)
                for where, n in draw.taken.items():
                    if where in cost and not (catapult and where in ("deck-forward", "landed")):  # launched from the catapult, forward (6.9)
                        needed += cost[where] * n
                        moved[where] += n
                        if draw.mission.id not in names:
                            names.append(draw.mission.id)
            available = per_aos * (turn - start)
            if needed > available:
                first = next(d.mission for d in launches if d.mission.launch_turn == turn)
                parts = []
                if moved["hangar"]:
                    parts.append(f"raise {_plural(moved['hangar'])} from its {hangar} hangar at {fmt(float(cost['hangar']))} HP an AF")
                if moved["deck-forward"] + moved["landed"]:
                    parts.append(f"move {_plural(moved['deck-forward'] + moved['landed'])} aft on deck at {fmt(float(cost['deck-forward']))} HP an AF")
                rate = f"{fmt(points)} handling point an AOS gives" if points == 1 else f"{fmt(points)} handling points an AOS give"
                yield (f"by turn {turn}, {ship.name} must {' and '.join(parts)} for {', '.join(names)}: at least {fmt(float(needed))} HP, but its "
                       f"{rate} {fmt(float(available))} in the {turn - start} AOS from turn {start} (aircraft move after the launches of an AOS, "
                       f"and readying takes handling points too): launch later or spot more aircraft aft at the start"), first.locate("launch_turn")
                break


@check("FFTS-CVE-CATAPULT", "cve_catapult", "A CVE launches armed strike aircraft only by catapult: none without one, 4 of them an AOS with one, 8 with two.")
def cve_catapult(ctx: FFTSContext):
    per_aos = ctx.param("launch_per_aos") or {}
    limits = {1: per_aos.get("one-catapult", 4), 2: per_aos.get("two-catapults", 8)}
    launched: dict[tuple[str, int], list] = defaultdict(list)
    for mission in ctx.data.missions:
        launched[(mission.source, mission.launch_turn)].append(mission)
    for (source, turn), missions in sorted(launched.items()):
        ship = ctx.data.ships.get(source)
        if ship is None or ship.cls != "CVE":
            continue
        armed = [(m, a) for m in missions for a in m.aircraft
                 if _weapon(a) and a.type in ctx.data.aircraft and ctx.data.aircraft[a.type].role in _STRIKE_ROLES]
        catapults = ship.rating("catapults")
        if not armed or catapults is None:
            continue
        if catapults == 0:
            m, a = armed[-1]
            yield (f"{ship.name}, a CVE with no catapult, launches {a.type} {_armed(a)} on {m.id} (turn {turn}); a CVE launches armed strike "
                   f"aircraft only by catapult: unarm them or launch them from another carrier"), a.at
            continue
        # Only the armed strike AFs must go by catapult (6.10.2); that the catapult rate of 6.9 then bounds the
        # whole AOS is the other reading, left to the designer (docs/fire-from-the-skies.md).
        by_mission: dict[str, int] = defaultdict(int)
        for m, a in armed:
            by_mission[m.id] += a.afs
        total = sum(by_mission.values())
        limit = limits.get(catapults, limits[2])
        if total > limit:
            last = armed[-1][0]
            parts = " and ".join(f"{mid} {n}" for mid, n in by_mission.items())
            yield (f"{ship.name}, a CVE, launches {_plural(total)} of armed strike aircraft on turn {turn} ({parts}), and a CVE launches them "
                   f"only by catapult: with {_plural(catapults, 'catapult')} it launches {limit} an AOS: move {total - limit} AF(s) to a later turn"), \
                last.locate("launch_turn")


@check("FFTS-LAND-DECK", "landing_spot", "No mission lands on the first turn on a carrier whose deck is spotted aft at the start.")
def land_deck(ctx: FFTSContext):
    start = ctx.scenario.start_turn
    aft: dict[str, int] = {}
    for group in ctx.data.air_groups:
        if ctx.holder_capacity(group.at_name)[0] == "carrier":
            aft.setdefault(group.at_name, sum(a.afs for a in group.aircraft if a.state == "deck-aft"))
    for mission in ctx.data.missions:
        if mission.land_turn == start and aft.get(mission.source):
            name = ctx.holder_name(mission.source)
            yield (f"{mission.id} lands on {name} on turn {start}, the first turn, but {name} has {aft[mission.source]} AF(s) spotted aft at the "
                   f"start: aircraft land only on a deck spotted forward or clear, and are moved only after the AOS's landings: "
                   f"spot them forward (deck-forward) or land from turn {start + 1}"), mission.locate("land_turn")


@check("FFTS-MISSION-RECORD", "mission_record", "Each search, strike and CAP records its last turn of normal endurance, lands after the turn it launches, and a strike records its groups.")
def mission_record(ctx: FFTSContext):
    for mission in ctx.data.missions:
        if mission.last_turn is None:
            yield (f"{mission.kind} {mission.id} records no last_turn: every search, strike and CAP records its launch turn and last turn of "
                   f"normal endurance"), mission.at
        if mission.land_turn is not None and mission.land_turn <= mission.launch_turn:
            yield (f"{mission.id} lands on turn {mission.land_turn} but launches on turn {mission.launch_turn}: aircraft launched in an AOS fly "
                   f"from the next turn's Movement Segment, so they land on turn {mission.launch_turn + 1} at the earliest"), mission.locate("land_turn"), ctx.edition.cite_number("3.4")
        if mission.kind == "strike" and not mission.groups:
            yield (f"strike {mission.id} records no strike groups: at launch its strike aircraft are divided into strike groups; "
                   f"give groups: (each a list of its aircraft entries)"), mission.at, ctx.edition.cite_number("12.1")


@check("FFTS-ESCORT", "escorts", "A strike group holds strike aircraft; its fighters escort them, never fly as a group of their own.")
def escorts(ctx: FFTSContext):
    for mission in ctx.data.missions:
        if mission.kind != "strike":
            continue
        for g, members in enumerate(mission.groups):
            kinds = [ctx.data.aircraft.get(mission.aircraft[i].type) for i in members if i < len(mission.aircraft)]
            if kinds and all(k is not None and k.role == "fighter" for k in kinds):
                yield (f"strike {mission.id}: group {g + 1} holds only fighters; escorts are grouped with the strike group they escort: "
                       f"put them in a group with strike aircraft"), mission.locate("groups", g)


@check("FFTS-CAP", "cap", "CAP is flown by fighters, and engages at night only by special rule.", severity="warning")
def combat_air_patrol(ctx: FFTSContext):
    for mission in ctx.data.missions:
        if mission.kind != "cap":
            continue
        for afs in mission.aircraft:
            kind = ctx.data.aircraft.get(afs.type)
            if kind is not None and kind.role != "fighter":
                yield (f"CAP {mission.id} flies {kind.name}, {kind.role.replace('-', ' ')}s: the rules speak of CAP fighter flights, and whether "
                       f"others engage is for the scenario set's CAP tables: fly fighters on CAP, or check those tables"), afs.at
        end = mission.land_turn or mission.last_turn or mission.launch_turn
        dark = [t for t in range(mission.launch_turn, end + 1) if t in ctx.data.night]
        if dark and not ctx.data.allows("night-cap", mission.side):
            yield (f"CAP {mission.id} is up on turn{'s' if len(dark) > 1 else ''} {', '.join(map(str, dark))}, at night, and no special rule "
                   f"lets {ctx.game.side_name(mission.side)} CAP engage at night (allows: [night-cap]): it will not engage then"), \
                mission.locate("launch_turn"), ctx.edition.cite_number("13.2")


@check("FFTS-RADAR", "radar", "A ship has radar only by a scenario special rule giving its side radar.")
def radar(ctx: FFTSContext):
    for ship in ctx.data.ships.values():
        if ship.rating("radar") is True and not ctx.data.allows("radar", ship.side):  # 12.4: radar is a side's, by special rule
            side = ctx.game.side_name(ship.side)
            why = ("the scenario's radar rule names only the other side (sides:)" if "radar" in ctx.data.special_allows
                   else "no special rule of the scenario allows radar (allows: [radar])")
            yield (f"{ship.name} is rated with radar, but {why}: give the {side} side radar by a special rule "
                   f"(allows: [radar], sides: [{ship.side}]) or rate it radar: false"), ship.at

