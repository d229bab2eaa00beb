"""The set-up checks of Fire from the Skies, each citing its rule through the edition's rules table.

Each reads the scenario's own sections (:mod:`.data`). A check that needs a rating the scenario
left as an empty slot skips what it cannot judge; ``EMPTY-SLOT`` names every such slot instead, and
``DATA-MISSING`` (:mod:`.needs`) every one left out, at the same severity (info, counted in the summary).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict

from toolkit.games.fire_from_the_skies.aboard import aboard_after_landing, entry_landings, landing_schedule
from toolkit.games.fire_from_the_skies.air import last_normal_turn, turns_to_fly
from toolkit.games.fire_from_the_skies.data import ScenarioData, is_empty, read_shared
from toolkit.rules import Context, article, check, shared
from toolkit.rules.shared import Placed
from toolkit.words import counted

__all__ = ["FFTSContext"]

_NUMBER = re.compile(r"^[0-9]+$")
_LETTERS = re.compile(r"^[A-Za-z]+$")


class FFTSContext(Context):
    """The scenario with its FFTS sections read (``data``) and the look-ups the checks share."""

    def __init__(self, game, scenario):
        super().__init__(game, scenario)
        self.data: ScenarioData = read_shared(scenario)  # every variant of a base reads the base's sections once

    def param(self, name: str, default=None):
        return self.edition.param(name, default)

    def holder_capacity(self, name: str):
        """(kind, capacity) of the carrier or base ``name``: capacity None when unknown or an empty slot."""
        ship = self.data.ships.get(name)
        if ship is not None:
            return "carrier" if ship.is_carrier else "ship", ship.rating("af_capacity")
        base = self.data.bases.get(name)
        if base is not None:
            return "base", None if is_empty(base.af_capacity) else base.af_capacity
        return None, None

    def holder_name(self, name: str) -> str:
        ship = self.data.ships.get(name)
        return ship.name if ship is not None else name

    def landings(self) -> dict[str, tuple[tuple[int, int], ...]]:
        """(turn, AFs) that each mission with a ``land_turn`` lands, by mission id (:func:`.aboard.landing_schedule`)."""
        cached = getattr(self, "_landings", None)
        if cached is not None and cached[0] is self.data:
            return cached[1]
        found = landing_schedule(self.data.missions, int(self.param("land_per_aos", 6)))
        self._landings = (self.data, found)
        return self._landings[1]

    def entry_landing(self, mission, index: int) -> int | None:
        """The turn the last AF of the mission's ``index``-th aircraft entry lands, AFs shortest of fuel first (:func:`.aboard.entry_landings`); None without a ``land_turn``."""
        cached = getattr(self, "_entry_landings", None)
        if cached is None or cached[0] is not self.data:
            def due(mission, i):
                afs = mission.aircraft[i]
                kind = self.data.aircraft.get(afs.type)
                endurance = kind.endurance(afs.load) if kind is not None else None
                return None if endurance is None else self.fuel_last(mission, kind, endurance)
            cached = self._entry_landings = (self.data, entry_landings(self.data.missions, int(self.param("land_per_aos", 6)), due))
        return cached[1].get((mission.id, index))

    def combat_turns(self, mission) -> int:
        """Turns of combat a mission flies: a strike attacks its target, one turn (FFTS 4.2, 4.3, as ``calc strike-radius``
        assumes); a search or CAP none planned."""
        return 1 if mission.kind == "strike" else 0

    def fuel_last(self, mission, kind, endurance: int) -> int:
        """The last turn an AF of ``kind`` on ``mission`` lands with no risk: launch plus endurance (4.2), less one turn for each
        turn of combat of a fighter, dive or torpedo bomber (4.3). The recorded last turn (4.5, 4.6's example) leaves combat out."""
        roles = tuple(self.param("combat_endurance_roles", ("fighter", "dive-bomber", "torpedo-bomber")))
        extra = self.combat_turns(mission) * int(self.param("combat_endurance_turns", 1))
        return last_normal_turn(mission.launch_turn, endurance, extra, kind.role, roles)

    def last_landing(self, mission) -> int | None:
        """The turn a mission's last AFs land (its ``land_turn``, or later when more land than an AOS takes); None without one."""
        landed = self.landings().get(mission.id)
        return landed[-1][0] if landed else mission.land_turn

    def back_turn(self, mission) -> int:
        """The first turn a mission's AFs are on their form again: after its last landing, else after its last turn of normal endurance (4.5)."""
        if mission.land_turn is not None:
            return self.last_landing(mission) + 1
        if mission.last_turn is not None:
            return mission.last_turn + 1
        lasts = [last for _, _, last in _last_turns(self, mission)]
        return (min(lasts) if lasts else mission.launch_turn) + 1


@check("EMPTY-SLOT", "introduction", "A rating or table the rulebook leaves to Fire on the Waters or the scenario set is still an empty slot.", severity="info")
def empty_slots(ctx: FFTSContext):
    """Every ``{empty: ...}`` of the scenario: FFTS never invents these values (FFTS 1.1, 6.4)."""
    for slot in ctx.data.empty_slots:
        yield f"{slot.what}: empty slot, not in the rulebook; fill {slot.where or 'it'}", slot.at


@check("FFTS-REF", "air_operations_forms", "Air groups, missions and sightings name carriers, bases, aircraft types, loads and enemy task forces "
       "the scenario defines.")
def references(ctx: FFTSContext):
    data = ctx.data
    holders = set(data.ships) | set(data.bases)
    for group in data.air_groups:
        kind, _ = ctx.holder_capacity(group.at_name)
        if group.at_name not in holders:
            yield (f"air group at {group.at_name!r}: no carrier in ships: has that id and no air base in bases: has that place; "
                   f"name a carrier by its ship id or a base by its place{_bases_named(ctx)}"), group.locate("at")
        elif kind == "ship":
            yield f"air group at {ctx.holder_name(group.at_name)}: it is no carrier (CV, CVL or CVE); put its aircraft on a carrier or an air base", group.at
        yield from _types(ctx, group.aircraft, group.side, loads=False)
    for mission in data.missions:
        if mission.source not in holders:
            yield (f"mission {mission.id} launches from {mission.source!r}: no carrier of the scenario has that id and no air base that place"
                   f"{_bases_named(ctx)}"), mission.locate("from")
        yield from _types(ctx, mission.aircraft, mission.side)
    for base in data.bases.values():
        if base.place not in ctx.map.places:
            yield f"air base {base.place!r} is no place on the plotting sheet; add it to the map's places or correct the name", base.at
    task_forces = {tf.id: tf for tf in data.task_forces}
    for record in data.sightings:  # what lets a strike name a task force (7.2): an enemy task force of the scenario (7.1)
        tf = task_forces.get(record.task_force)
        if tf is None:
            yield (f"sightings: task force {record.task_force!r} is no task force of the scenario ({', '.join(task_forces) or 'none'}); "
                   f"name the task force sighted by its id"), record.at, ctx.edition.cite_number("7.2")
        elif tf.side == record.side:
            side = ctx.game.side_name(record.side)
            yield (f"sightings: the {side} side sights Task Force {tf.id}, its own: searches locate the enemy's task forces; "
                   f"give the side that searched, or drop the record"), record.at, ctx.edition.cite_number("7.1")


def _bases_named(ctx: FFTSContext) -> str:
    """' (air bases: Tulagi)', or '' when the scenario has none."""
    return f" (air bases: {', '.join(sorted(ctx.data.bases))})" if ctx.data.bases else ""


@check("FFTS-AIR-FORM", "air_forms", "One air group per carrier or base, of its side; a mission is of the side of the carrier or base it launches from.")
def air_forms(ctx: FFTSContext):
    first: dict[str, object] = {}
    for group in ctx.data.air_groups:
        holder = ctx.data.ships.get(group.at_name) or ctx.data.bases.get(group.at_name)
        name = ctx.holder_name(group.at_name)
        if group.at_name in first:
            yield (f"{name} has a second air group (the first at line {first[group.at_name].line}); a carrier or base has one air operations form: "
                   f"put all its aircraft in one air_groups: entry"), group.at
        first.setdefault(group.at_name, group.at)
        if holder is not None and holder.side != group.side:
            yield f"the air group at {name} is {ctx.game.side_name(group.side)}, but {name} is {ctx.game.side_name(holder.side)}", group.at
    for mission in ctx.data.missions:
        holder = ctx.data.ships.get(mission.source) or ctx.data.bases.get(mission.source)
        if holder is not None and holder.side != mission.side:
            name = ctx.holder_name(mission.source)
            yield (f"{mission.kind} {mission.id} is {ctx.game.side_name(mission.side)}, but it launches from {name}, which is "
                   f"{ctx.game.side_name(holder.side)}"), mission.locate("side")


def _types(ctx: FFTSContext, aircraft, side, loads: bool = True):
    for afs in aircraft:
        kind = ctx.data.aircraft.get(afs.type)
        if kind is None:
            yield f"no aircraft type {afs.type!r} in the scenario's aircraft:", afs.at
        elif kind.side != side:
            theirs, ours = ctx.game.side_name(kind.side), ctx.game.side_name(side)
            yield f"{kind.name} is {article(theirs)} {theirs} type in {article(ours)} {ours} air group or mission", afs.at
        elif loads and isinstance(kind.rating("endurance"), dict) and kind.endurance(afs.load) is None:
            yield (f"{kind.name} has no endurance with load {afs.load!r}: its endurance gives {', '.join(sorted(kind.rating('endurance')))}; "
                   f"set load: or weapon: to one of them"), afs.at


@check("FFTS-TF-ID", "task_forces", "Each side's task forces identified as the rules say (Allied by number, Japanese by letter); no id twice.")
def task_force_ids(ctx: FFTSContext):
    styles = ctx.param("task_force_ids") or {}  # side -> number | letter (FFTS 5.2)
    patterns = {"number": (_NUMBER, "a number"), "letter": (_LETTERS, "a letter")}
    seen: dict[str, object] = {}
    for tf in ctx.data.task_forces:
        pattern, word = patterns.get(styles.get(tf.side), (None, ""))
        if pattern is not None and not pattern.match(tf.id):
            side = ctx.game.side_name(tf.side)
            yield f"{side} task force {tf.id!r}: {side} task forces are identified by {word}", tf.at
        if tf.id in seen:
            yield f"task force {tf.id} is defined twice (first at line {seen[tf.id].line}); give each a unique id", tf.at
        seen.setdefault(tf.id, tf.at)


@check("FFTS-TF-SHIP", "task_force_ships", "Every ship is in exactly one task force of its own side.")
def task_force_ships(ctx: FFTSContext):
    """A ship in the other side's task force is the shared wrong-side rule (:func:`toolkit.rules.shared.counter_side`, FFTS 5.3)."""
    yield from shared.counter_side(ctx, lambda p: _other_side(ctx, p), _ships_placed(ctx))
    where: dict[str, str] = {}
    for tf in ctx.data.task_forces:
        for ship_id, at in zip(tf.ships, tf.ship_at):
            ship = ctx.data.ships.get(ship_id)
            if ship is None:
                yield f"task force {tf.id}: no ship {ship_id!r} in the scenario's ships:", at
                continue
            if ship_id in where:
                yield f"{ship.name} is in task forces {where[ship_id]} and {tf.id}; ships stay in one task force all game", at
            where.setdefault(ship_id, tf.id)
    if ctx.data.task_forces:
        for ship in ctx.data.ships.values():
            if ship.id not in where:
                yield f"{ship.name} is in no task force; put it in one (a single ship may be a task force)", ship.at, ctx.edition.cite("ships_in_task_forces")


def _ships_placed(ctx: FFTSContext):
    """Each ship of a task force as placed with the task force's side."""
    for tf in ctx.data.task_forces:
        for ship_id, at in zip(tf.ships, tf.ship_at):
            ship = ctx.data.ships.get(ship_id)
            if ship is not None:
                yield Placed(ship.name, ship.side, tf.side, tf.id, at)


def _other_side(ctx: FFTSContext, placed: Placed) -> str:
    side, other = ctx.game.side_name(placed.owner), ctx.game.side_name(placed.side)
    return f"task force {placed.where}: {placed.name} is {article(side)} {side} ship in {article(other)} {other} task force"


@check("FFTS-TF-HEX", "task_force_location", "A task force starts in a hex of the plotting sheet.")
def task_force_hex(ctx: FFTSContext):
    for tf in ctx.data.task_forces:
        if tf.hex not in ctx.map.hexes:
            sheet = ctx.map.sheet
            size = f" ({sheet.columns} columns by {sheet.rows} rows)" if sheet is not None else ""
            yield f"task force {tf.id} is in hex {tf.hex}, which is not on the plotting sheet{size}", tf.at


@check("FFTS-DUMMY", "dummies", "Dummy task forces and ships only by special rule; a dummy task force has no ships.")
def dummies(ctx: FFTSContext):
    for tf in ctx.data.task_forces:
        side = ctx.game.side_name(tf.side)
        if tf.dummy and tf.ships:
            yield f"dummy task force {tf.id} lists {len(tf.ships)} ship(s); a dummy task force has none (make it real or empty its ships)", tf.at, ctx.edition.cite("dummy_task_force_ships")
        if tf.dummy and not ctx.data.allows("dummy-task-forces", tf.side):
            yield f"task force {tf.id} is a dummy, but no special rule of the scenario allows the {side} side dummy task forces (allows: [dummy-task-forces])", tf.at
        if tf.dummy_ships and not ctx.data.allows("dummy-ships", tf.side):
            yield f"task force {tf.id} has {tf.dummy_ships} dummy ship(s), but no special rule allows the {side} side dummy ships (allows: [dummy-ships])", tf.at


@check("FFTS-TF-EMPTY", "task_force_empty", "A task force with no ships, real or dummy, is a dummy task force and says so.")
def task_force_empty(ctx: FFTSContext):
    for tf in ctx.data.task_forces:
        if not tf.ships and not tf.dummy_ships and not tf.dummy:
            yield (f"task force {tf.id} has no ships: a task force with no ships is a dummy task force; mark it dummy: true "
                   f"(a special rule must allow dummies) or give it its ships"), tf.at


@check("FFTS-AIR-CAPACITY", "air_capacity", "AFs aboard a carrier or at a base within its capacity.")
def air_capacity(ctx: FFTSContext):
    for group in ctx.data.air_groups:
        kind, capacity = ctx.holder_capacity(group.at_name)
        if capacity is None:
            continue
        if group.total > capacity:
            yield (f"{ctx.holder_name(group.at_name)} holds {group.total} AFs; its capacity is {capacity}: "
                   f"move {group.total - capacity} AF(s) elsewhere"), group.at
            continue
        missions = [m for m in ctx.data.missions if m.source == group.at_name]
        for mission, aboard in aboard_after_landing(group, missions, ctx.scenario.start_turn, ctx.back_turn):
            if aboard > capacity:
                yield (f"{mission.id}, aloft at the start, lands on {ctx.holder_name(group.at_name)} by turn {ctx.last_landing(mission)}: it then holds "
                       f"{aboard} AFs, but its capacity is {capacity}: land {aboard - capacity} AF(s) elsewhere or launch others first"), mission.locate("land_turn")


@check("FFTS-SPOT", "spotting", "Deck aircraft all forward or all aft; air bases do not spot; carriers keep no base state.")
def spotting(ctx: FFTSContext):
    for group in ctx.data.air_groups:
        kind, _ = ctx.holder_capacity(group.at_name)
        states = {a.state for a in group.aircraft}
        if kind == "carrier" and {"deck-aft", "deck-forward"} <= states:
            first = next(a for a in group.aircraft if a.state == "deck-forward")
            yield (f"{ctx.holder_name(group.at_name)} has aircraft spotted both aft and forward; a flight deck is spotted one way: "
                   "all aft to launch or all forward to land"), first.at
        for afs in group.aircraft:
            if kind == "base" and afs.state in ("deck-aft", "deck-forward"):
                yield f"{afs.type} at the air base {group.at_name} is spotted {afs.state[5:]}; air bases do not spot: use state: base", afs.at, ctx.edition.cite("base_spotting")
            if kind == "carrier" and afs.state == "base":
                yield f"{afs.type} aboard {ctx.holder_name(group.at_name)} has state base; aboard a carrier use hangar, deck-aft or deck-forward", afs.at


@check("FFTS-LAUNCH-RATE", "launching", "At most 12 AFs launched from one carrier in one AOS (4 or 8 with catapults), summed over the missions launching in it.")
def launch_rate(ctx: FFTSContext):
    limit = (ctx.param("launch_per_aos") or {}).get("no-catapult", 12)
    launched: dict[tuple[str, int], list] = defaultdict(list)
    for mission in ctx.data.missions:
        launched[(mission.source, mission.launch_turn)].append(mission)
    for (source, turn), missions in sorted(launched.items()):
        kind, _ = ctx.holder_capacity(source)
        total = sum(m.total for m in missions)
        if kind == "carrier" and total > limit:
            last = missions[-1]
            yield (f"{ctx.holder_name(source)} launches {total} AFs on turn {turn}: {last.id} {last.total}{_with_others(missions[:-1])}; "
                   f"a carrier launches at most {limit} AFs in an AOS: move {total - limit} AF(s) to a later turn"), last.locate("launch_turn")


@check("FFTS-LAND-RATE", "launch_or_land", "A carrier never launches in an AOS in which AFs land on it (6 AFs land an AOS, the rest in the next).")
def land_rate(ctx: FFTSContext):
    landing: dict[tuple[str, int], list] = defaultdict(list)
    launching: dict[tuple[str, int], list] = defaultdict(list)
    by_id = {m.id: m for m in ctx.data.missions}
    for mission in ctx.data.missions:
        launching[(mission.source, mission.launch_turn)].append(mission)
    for mission_id, landed in ctx.landings().items():
        for turn, afs in landed:
            landing[(by_id[mission_id].source, turn)].append((by_id[mission_id], afs))
    limit = ctx.param("land_per_aos", 6)
    for (source, turn), arriving in sorted(landing.items()):
        missions = [m for m, _ in arriving]
        kind, _ = ctx.holder_capacity(source)
        launches = [m for m in launching.get((source, turn), ()) if m not in missions]  # one mission landing on its own launch turn: FFTS-MISSION-RECORD
        if kind != "carrier" or not launches:
            continue
        spilled = [(m, afs) for m, afs in arriving if m.land_turn != turn]
        why = "".join(f"; {m.id}'s last {afs} AF(s) land then, {limit} landing an AOS from turn {m.land_turn}" for m, afs in spilled)
        last = missions[-1]
        yield (f"{ctx.holder_name(source)} both launches ({', '.join(m.id for m in launches)}) and lands ({', '.join(m.id for m in missions)}) "
               f"on turn {turn}{why}; a carrier launches or lands in an AOS, not both"), last.locate("land_turn")


def _with_others(others) -> str:
    """', with m1 3 and m2 4 (line 8)': the other missions of a sum, with their AFs and lines."""
    if not others:
        return ""
    return " with " + " and ".join(f"{m.id} {m.total} (line {m.at.line})" for m in others)


def _last_turns(ctx: FFTSContext, mission):
    """(AFs, last normal turn) of each entry whose endurance is known."""
    for afs in mission.aircraft:
        kind = ctx.data.aircraft.get(afs.type)
        endurance = kind.endurance(afs.load) if kind is not None else None
        if endurance is not None:
            yield afs, kind, mission.launch_turn + endurance


def _entry_lasts(ctx: FFTSContext, mission):
    """(entry index, AFs, type, last turn it lands with no risk, turn its last AF lands or None) of each entry whose endurance
    is known; a strike's fighters, dive and torpedo bombers pay one turn more for its combat (FFTS 4.3)."""
    for index, afs in enumerate(mission.aircraft):
        kind = ctx.data.aircraft.get(afs.type)
        endurance = kind.endurance(afs.load) if kind is not None else None
        if endurance is not None:
            yield index, afs, kind, ctx.fuel_last(mission, kind, endurance), ctx.entry_landing(mission, index)


def _combat_paid(mission, afs, kind, last: int) -> str:
    """' (launch plus endurance is turn 30, less 1 for the strike's turn of combat, ...: FFTS 4.3)' when combat shortened the
    AF's endurance, else ''."""
    full = mission.launch_turn + kind.endurance(afs.load)
    if last >= full:
        return ""
    role = kind.role.replace("-", " ")
    return f" (launch plus endurance is turn {full}, less {full - last} for the strike's turn of combat, which costs {article(role)} {role} one turn more: FFTS 4.3)"


@check("FFTS-ENDURANCE", "endurance", "No group planned to land, or still aloft at the start, three turns after its endurance runs out: it has crashed "
       "(a strike's fighters, dive and torpedo bombers a turn sooner for its combat; landing over several AOS, the AFs shortest of fuel first).")
def endurance(ctx: FFTSContext):
    late = ctx.param("fuel_crash_turns", 3)
    start = ctx.scenario.start_turn
    for mission in ctx.data.missions:
        for _, afs, kind, last, landed in _entry_lasts(ctx, mission):
            if landed is not None and landed >= last + late:
                yield (f"{mission.id}: {kind.name} lands{_spilled(ctx, mission)} on turn {landed}, {landed - last} turns after its endurance ran out "
                       f"on turn {last}{_combat_paid(mission, afs, kind, last)}; all aircraft {late} turns past their endurance crash: "
                       f"land by turn {last}"), mission.locate("land_turn")
            fuel = mission.launch_turn + kind.endurance(afs.load)  # at the start its combat may be still to come: fuel alone (4.4)
            if mission.launch_turn < start and start >= fuel + late:
                yield (f"{mission.id}: {kind.name} launched on turn {mission.launch_turn} is still aloft when the scenario starts on turn {start}, "
                       f"{start - fuel} turns past its endurance (turn {fuel}); it has crashed: take it off the missions"), afs.at


@check("FFTS-ENDURANCE-LATE", "endurance", "A group planned to land one or two turns after its endurance runs out risks a crash "
       "(a strike's fighters, dive and torpedo bombers a turn sooner for its combat; landing over several AOS, the AFs shortest of fuel first).",
       severity="warning")
def endurance_late(ctx: FFTSContext):
    late = ctx.param("fuel_crash_turns", 3)
    for mission in ctx.data.missions:
        for _, afs, kind, last, landed in _entry_lasts(ctx, mission):
            if landed is not None and last < landed < last + late:
                yield (f"{mission.id}: {kind.name} lands{_spilled(ctx, mission)} on turn {landed}, after its endurance ran out on turn {last}"
                       f"{_combat_paid(mission, afs, kind, last)}; "
                       f"each AF crashes on a D6 roll of {'1 or 2' if landed - last == 1 else '1 to 4'}: land by turn {last}"), mission.locate("land_turn")


def _spilled(ctx: FFTSContext, mission) -> str:
    """' (6 land an AOS from turn 20, those shortest of fuel first)' when a mission lands over several AOS, else ''."""
    landed = ctx.landings().get(mission.id, ())
    if len(landed) < 2:
        return ""
    return f" ({ctx.param('land_per_aos', 6)} AFs land an AOS from turn {mission.land_turn}, those shortest of fuel first)"


@check("FFTS-ENDURANCE-RECORD", "endurance_record", "A mission's recorded last turn of normal endurance is its launch turn plus the shortest endurance of its aircraft.")
def endurance_record(ctx: FFTSContext):
    for mission in ctx.data.missions:
        lasts = [last for _, _, last in _last_turns(ctx, mission)]
        if mission.last_turn is not None and lasts and mission.last_turn != min(lasts):
            yield (f"{mission.id}: last turn recorded {mission.last_turn}, but its aircraft launched on turn {mission.launch_turn} first run out "
                   f"on turn {min(lasts)} (the launch turn does not count, the landing turn does): record {min(lasts)}"), mission.locate("last_turn")


@check("FFTS-SEARCH-ARC", "search_arcs", "Search arcs in 30-degree steps, no wider than the AFs searching them cover.")
def search_arc(ctx: FFTSContext):
    step = ctx.param("search_arc_step", 30)
    for mission in ctx.data.missions:
        if mission.kind != "search":
            continue
        if mission.arc is None or mission.range is None:
            yield f"search {mission.id} names no arc: or range: (the search record gives both)", mission.at, ctx.edition.cite("search_record")
            continue
        first, last = mission.arc
        for i, line in enumerate(mission.arc):
            if line % step:
                yield (f"search {mission.id}: the {line:g}-degree line is no multiple of {step}; search arcs are set in {step}-degree steps",
                       mission.locate("arc", i), ctx.edition.cite("search_arc_steps"))
        width = (last - first) % 360 or 360
        per_af = _per_af_arc(ctx, mission)
        covered = per_af * mission.total
        if width > covered:
            need = math.ceil(width / per_af)
            yield (f"search {mission.id} covers {width:g} degrees with {mission.total} AF(s) of {per_af} degrees each ({covered} degrees); "
                   f"use {need} AFs or narrow the arc"), mission.locate("arc")


def _per_af_arc(ctx: FFTSContext, mission) -> int:
    if mission.paired:
        return ctx.param("search_arc_paired", 30)
    if mission.range is not None and mission.range > ctx.param("search_far_range", 7):
        return ctx.param("search_arc_per_af_far", 30)
    return ctx.param("search_arc_per_af", 60)


@check("FFTS-SEARCH-RANGE", "search_range", "A search flies no farther than its aircraft's search range (6 hexes paired), and is not home 3 turns or more "
       "after its endurance runs out (all its AFs crash).")
def search_range(ctx: FFTSContext):
    paired_limit = ctx.param("search_range_paired", 6)
    for mission in ctx.data.missions:
        if mission.kind != "search" or mission.range is None:
            continue
        if mission.paired and mission.range > paired_limit:
            yield (f"search {mission.id} is paired and flies {mission.range} hexes; paired searchers fly at most {paired_limit}", mission.locate("range"),
                   ctx.edition.cite("search_paired"))
        said = set()  # two entries of one type and load say the same: once
        for afs in mission.aircraft:
            kind = ctx.data.aircraft.get(afs.type)
            if kind is None:
                continue
            limit = kind.rating("search_range")
            if limit is not None and mission.range > limit:
                message = (f"search {mission.id} flies {mission.range} hexes; {kind.name} searches at most {limit} hexes" if limit
                           else f"search {mission.id}: {kind.name} does not search (search_range 0)")
                if message not in said:
                    said.add(message)
                    yield message, mission.locate("range")
                continue
            home, last = _search_home(mission, afs, kind)
            if home is not None and home >= last + ctx.param("fuel_crash_turns", 3):  # 7.5: out and back; 4.4: 3 turns late, all crash
                message = (f"search {mission.id}: {kind.name} flying out {mission.range} hexes and back is home on turn {home}, "
                           f"{home - last} turns after its endurance runs out on turn {last}: every AF that far past its endurance "
                           f"crashes; shorten the range")
                if message not in said:
                    said.add(message)
                    yield message, mission.locate("range"), ctx.edition.cite_number("7.5", "4.4")


def _search_home(mission, afs, kind) -> tuple[int | None, int | None]:
    """(turn home, last turn of normal endurance) of a search's aircraft type flying out its range and back (7.5, 4.2);
    (None, None) when its speed or endurance is an empty slot."""
    speed, endurance_turns = kind.rating("speed"), kind.endurance(afs.load)
    if speed is None or endurance_turns is None:
        return None, None
    return turns_to_fly(mission.launch_turn + 1, 2 * mission.range, speed), mission.launch_turn + endurance_turns


@check("FFTS-SEARCH-RANGE-LATE", "endurance", "A search home one or two turns after its endurance runs out risks a crash on landing "
       "(three turns after, FFTS-SEARCH-RANGE: a certain loss).", severity="warning")
def search_range_late(ctx: FFTSContext):
    """4.4 makes landing 1 or 2 turns late a D6 roll for each AF, not a loss: a warning, as FFTS-ENDURANCE-LATE for a planned landing."""
    late = ctx.param("fuel_crash_turns", 3)
    for mission in ctx.data.missions:
        if mission.kind != "search" or mission.range is None:
            continue
        said = set()
        for afs in mission.aircraft:
            kind = ctx.data.aircraft.get(afs.type)
            limit = kind.rating("search_range") if kind is not None else None
            if kind is None or (limit is not None and mission.range > limit):
                continue  # FFTS-SEARCH-RANGE's
            home, last = _search_home(mission, afs, kind)
            if mission.land_turn is not None and home is not None and mission.land_turn >= home:
                continue  # its planned landing is judged by FFTS-ENDURANCE and FFTS-ENDURANCE-LATE
            if home is not None and last < home < last + late:
                message = (f"search {mission.id}: {kind.name} flying out {mission.range} hexes and back is home on turn {home}, "
                           f"{counted(home - last, 'turn')} after its endurance runs out on turn {last}: each AF crashes on a D6 roll of "
                           f"{'1 or 2' if home - last == 1 else '1 to 4'}; shorten the range to land safely")
                if message not in said:  # two entries of one type and load say the same: once
                    said.add(message)
                    yield message, mission.locate("range")


@check("FFTS-SEARCH-READY", "search_ready", "A search launching on the first turn has its AFs fueled: true and spotted aft (state: deck-aft) on its carrier.")
def search_ready(ctx: FFTSContext):
    start = ctx.scenario.start_turn
    groups = {g.at_name: g for g in ctx.data.air_groups}
    for mission in ctx.data.missions:
        kind, _ = ctx.holder_capacity(mission.source)
        if mission.kind != "search" or mission.launch_turn != start or kind != "carrier":
            continue
        group = groups.get(mission.source)
        for afs in mission.aircraft:
            ready = sum(a.afs for a in (group.aircraft if group else ()) if a.type == afs.type and a.state == "deck-aft" and a.fueled)
            if ready < afs.afs:
                yield (f"search {mission.id} launches {afs.afs} AF(s) of {afs.type} on turn {start}, but {ctx.holder_name(mission.source)} has "
                       f"{ready} with fueled: true and state: deck-aft; ready them on deck or the search is cancelled"), afs.at


@check("FFTS-STRIKE-GROUP", "strike_groups", "Strike groups of one type of strike aircraft, never bombs with torpedoes; every AF in one group.")
def strike_groups(ctx: FFTSContext):
    for mission in ctx.data.missions:
        if mission.kind != "strike" or not mission.groups:
            continue
        seen: dict[int, int] = {}
        for g, members in enumerate(mission.groups):
            strike = []
            for index in members:
                if index >= len(mission.aircraft):
                    yield f"strike {mission.id}: group {g + 1} names aircraft entry {index}, but the strike lists {len(mission.aircraft)}", mission.locate("groups", g)
                    continue
                if index in seen:
                    yield f"strike {mission.id}: aircraft entry {index} is in groups {seen[index] + 1} and {g + 1}; put it in one", mission.locate("groups", g)
                seen.setdefault(index, g)
                afs = mission.aircraft[index]
                kind = ctx.data.aircraft.get(afs.type)
                if kind is not None and kind.role != "fighter":
                    strike.append((afs, kind))
            families = sorted({k.family for _, k in strike})
            if len(families) > 1:
                yield f"strike {mission.id}: group {g + 1} mixes strike types ({', '.join(families)}); a strike group holds one type and its escorts", mission.locate("groups", g)
            weapons = {"torpedo" if a.weapon == "torpedo" else "bomb" for a, _ in strike if a.weapon and a.weapon != "none"}
            if weapons == {"torpedo", "bomb"}:
                yield f"strike {mission.id}: group {g + 1} mixes bombs and torpedoes; put them in separate groups", mission.locate("groups", g)
        for index, afs in enumerate(mission.aircraft):
            if index not in seen:
                yield f"strike {mission.id}: aircraft entry {index} ({afs.type}) is in no strike group", afs.at


@check("FFTS-STRIKE-GROUP-SIZE", "strike_group_size", "More than 3 strike AFs in a group: too many by 6.11.2, allowed by 12.1.", severity="warning")
def strike_group_size(ctx: FFTSContext):
    limit = ctx.param("strike_group_max_afs", 3)
    for mission in ctx.data.missions:
        for g, members in enumerate(mission.groups if mission.kind == "strike" else ()):
            total = 0
            for index in members:
                if index < len(mission.aircraft):
                    afs = mission.aircraft[index]
                    kind = ctx.data.aircraft.get(afs.type)
                    if kind is not None and kind.role != "fighter":
                        total += afs.afs
            if total > limit:
                yield (f"strike {mission.id}: group {g + 1} holds {total} strike AFs; FFTS 6.11.2 allows {limit} or fewer, "
                       "12.1 any number: the rulebook says both, split the group to satisfy either"), mission.locate("groups", g)
