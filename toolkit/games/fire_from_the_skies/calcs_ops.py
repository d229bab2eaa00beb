"""``chartroom calc fire-from-the-skies``: strike radius, launch and recovery times, victory points.

Each reads the game's edition parameters and charts and, where asked, a scenario's aircraft,
missions and ships (``--scenario``); it cites the rules it applies and says what it assumes where
the rules leave a value to Fire on the Waters (an empty slot). Chances are exact fractions.
"""

from __future__ import annotations

import math
from fractions import Fraction

from toolkit.bounds import Bound
from toolkit.exact import as_json, shown
from toolkit.games import CalcInputError, CalcResult, Calculation, ScenarioInput
from toolkit.games.fire_from_the_skies.air import last_normal_turn, strike_radius
from toolkit.games.fire_from_the_skies.data import read
from toolkit.games.fire_from_the_skies.handling import fewest_aos, launch_schedule, recovery
from toolkit.games.fire_from_the_skies.victory import READINGS, ShipLoss, VPTable, score
from toolkit.words import counted

__all__ = ["OPS_CALCULATIONS", "SPEED_ORDER", "last_turn_of_day", "named_turns", "open_scenario", "refuse_after_day"]

SPEED_ORDER = ("slow", "normal", "fast")
ROLES = ("fighter", "dive-bomber", "torpedo-bomber", "level-bomber", "glide-bomber", "search")
#: AFs a side lost in a day: 19.3 scores them; no rule caps them (more than any side fields).
AFS_LOST = Bound("AFs lost", 0, 9999, "no rule bounds it: FFTS 19.3 scores each AF lost; more than any side fields")
#: A carrier's handling points per AOS (6.4.6, printed on its air operations form, which no rule bounds): at half a point an AF
#: (6.7.4) 300 raise twice the AFs any carrier or base holds. A decimal, as the form is not at hand: the rules cost moves in halves.
HANDLING_POINTS = Bound("handling points", 0, 300, "no rule bounds them: FFTS 6.4.6 prints them on the air operations form; "
                        "at 1/2 a point an AF, 6.7.4, 300 raise more AFs than any carrier holds", number=float)


def _chart(game, name: str) -> dict:
    for chart in game.charts:
        if name in chart:
            return chart[name]
    raise CalcInputError(f"the game's charts have no {name} table")


def open_scenario(game, given: ScenarioInput):
    """The scenario the caller opened (through its session: ``chartroom`` does it for ``--scenario``) read into
    FFTS records (:func:`.data.read`), and its game on the scenario's own plotting sheet."""
    if not isinstance(given, ScenarioInput):
        raise CalcInputError(f"scenario {given!r}: give the scenario opened by a session (toolkit.games.ScenarioInput), not a path")
    if given.game.id != game.id:
        raise CalcInputError(f"--scenario {given.name}: a scenario of {given.game.id}, not of {game.id}")
    return given.scenario, read(given.scenario), given.game


# --- strike radius ---------------------------------------------------------------------------------

def _radius_args(p) -> None:
    p.add_argument("--launch", type=int, metavar="TURN", help="the turn of launch (with --mission: default the mission's)")
    p.add_argument("--endurance", type=int, metavar="TURNS", help="the aircraft's endurance in turns with its load")
    p.add_argument("--speed", choices=SPEED_ORDER, default="normal", help="the formation's speed class, its slowest aircraft's (10.6.4; default normal)")
    p.add_argument("--role", choices=ROLES, default="dive-bomber", help="the aircraft's role: fighters, dive and torpedo bombers pay for combat (4.3; default dive-bomber)")
    p.add_argument("--combat-turns", type=int, metavar="N",
                   help="turns of combat over the target (default 1; with --mission, 1 for a strike and 0 for a search or CAP, which plan none)")
    p.add_argument("--afs", type=int, default=1, metavar="N", help="AFs that land back on one carrier: 6 land an AOS, so the last land later (default 1)")
    p.add_argument("--scenario", metavar="FILE", help="a scenario: with --mission, the radius of each type of the mission's strike groups")
    p.add_argument("--mission", metavar="ID", help="a strike or search of --scenario")


def _radius_one(game, launch, endurance, speed, role, combat, afs):
    roles = tuple(game.edition.param("combat_endurance_roles", ("fighter", "dive-bomber", "torpedo-bomber")))
    last = last_normal_turn(launch, endurance, combat, role, roles)
    per_aos = int(game.edition.param("land_per_aos", 6))
    landing = fewest_aos(afs, per_aos)
    radius, rows = strike_radius(launch, last, speed, landing, int(game.edition.param("fuel_crash_turns", 3)))
    return last, landing, radius, rows


def _article_for(kind: str) -> str:
    """'a strike', 'a search', 'a CAP'."""
    return f"a {kind.upper() if kind == 'cap' else kind}"


def _rows_json(rows) -> list[dict]:
    return [{"hexes": r.hexes, "arrives": r.arrives, "lands": r.lands, "turns_late": r.late, "crash_chance": as_json(r.crash)} for r in rows]


def _rows_text(rows) -> list[str]:
    out = []
    for r in rows:
        risk = "lands in time" if not r.late else f"lands {counted(r.late, 'turn')} late: each AF crashes with chance {shown(r.crash)}"
        out.append(f"    {counted(r.hexes, 'hex', 'hexes')}: over the target on turn {r.arrives}, last AFs land on turn {r.lands}: {risk}")
    return out


def _radius_run(game, params) -> CalcResult:
    caveats = ["the strike attacks in the turn it reaches its target and turns straight back: any delay the Strike Sighting Table "
               "(12.5) or forming a larger strike (6.11, Air Operations Tables) adds is not counted (both are empty slots)",
               "a strike flies one hex a turn, slow aircraft not on turns divisible by 4, fast ones 2 hexes on turns divisible by 6 (10.6)"]
    rules = game.edition.cites("4.2", "4.3", "4.4", "6.12", "10.6", "18.3")
    if params.scenario or params.mission:
        if not (params.scenario and params.mission):
            raise CalcInputError("--scenario and --mission go together")
        return _radius_mission(game, params, caveats, rules)
    if params.launch is None or params.endurance is None:
        raise CalcInputError("give --launch and --endurance (or --scenario and --mission)")
    combat = 1 if params.combat_turns is None else params.combat_turns
    if params.launch < 1 or params.endurance < 1 or combat < 0 or params.afs < 1:
        raise CalcInputError("--launch, --endurance and --afs are 1 or more, --combat-turns 0 or more")
    last, landing, radius, rows = _radius_one(game, params.launch, params.endurance, params.speed, params.role, combat, params.afs)
    lines = [f"launched on turn {params.launch}, endurance {params.endurance}, {params.speed} speed, {params.role}: last turn of normal endurance {last}",
             f"strike radius: {counted(radius, 'hex', 'hexes')} (every AF lands by turn {last})"]
    if landing > 1:
        lines.append(f"{params.afs} AFs land over {landing} AOS ({game.edition.param('land_per_aos', 6)} an AOS): the last land {counted(landing - 1, 'turn')} after the strike is home")
    lines += _rows_text(rows)
    day_last, day_of, _, _ = last_turn_of_day(game, params)
    late = _landing_after_day(rows, day_last)
    if late:
        lines.append(_after_day_line(late[0], day_last, day_of))
    data = {"launch_turn": params.launch, "endurance": params.endurance, "speed": params.speed, "role": params.role, "combat_turns": combat,
            "afs": params.afs, "landing_aos": landing, "last_normal_turn": last, "radius": radius, "ranges": _rows_json(rows),
            "last_turn": day_last, "ranges_landing_after_last_turn": late}
    return CalcResult("Strike radius", tuple(lines), data, rules, tuple(caveats))


def _landing_after_day(rows, day_last: int) -> list[int]:
    """The ranges (hexes) whose last AFs land after the day's last turn (18.3: the game is over then)."""
    return [r.hexes for r in rows if r.lands > day_last]


def _after_day_line(hexes: int, day_last: int, day_of: str) -> str:
    return (f"past the end of the day: a strike to {counted(hexes, 'hex', 'hexes')} or more lands after turn {day_last}, {day_of}: "
            "the game is over by then, its AFs never land in play")


def _radius_mission(game, params, caveats, rules) -> CalcResult:
    _, data, _ = open_scenario(game, params.scenario)
    mission = next((m for m in data.missions if m.id == params.mission), None)
    if mission is None:
        raise CalcInputError(f"--mission {params.mission}: no such mission in {params.scenario}; missions: {', '.join(m.id for m in data.missions)}")
    launch = params.launch if params.launch is not None else mission.launch_turn
    day_last, day_of, _, _ = last_turn_of_day(game, params)
    refuse_after_day(launch, day_last, day_of, "no strike launches then", option="--launch")
    combat = params.combat_turns
    if combat is not None and combat < 0:
        raise CalcInputError("--combat-turns is 0 or more")
    if combat is None:  # 4.3 charges combat flown: a strike attacks its target; a search or CAP plans none (an armed searcher may, 8.5)
        combat = 1 if mission.kind == "strike" else 0
        caveats.append(f"{counted(combat, 'turn')} of combat counted, as for {_article_for(mission.kind)}; give --combat-turns to change it"
                       + (" (an armed searcher that attacks, 8.5, fights one)" if mission.kind == "search" else ""))
    groups = mission.groups or (tuple(range(len(mission.aircraft))),)
    lines, out_groups, radii, lates = [], [], [], []
    landing = fewest_aos(mission.total, int(game.edition.param("land_per_aos", 6)))
    for g, members in enumerate(groups):
        entries = [mission.aircraft[i] for i in members if i < len(mission.aircraft)]
        types = [data.aircraft.get(a.type) for a in entries]
        speeds = [t.rating("speed") for t in types if t is not None]
        if not speeds or None in speeds or any(t is None for t in types):
            raise CalcInputError(f"mission {mission.id}: group {g + 1} has an aircraft type with no speed (an empty slot or an unknown type)")
        speed = min(speeds, key=SPEED_ORDER.index)
        lines.append(f"group {g + 1} flies at {speed} speed (its slowest aircraft, 10.6.4):")
        members_out = []
        for a, kind in zip(entries, types):
            endurance = kind.endurance(a.load)
            if endurance is None:
                lines.append(f"  {kind.name} ({a.load}): endurance is an empty slot; no radius")
                members_out.append({"type": a.type, "load": a.load, "afs": a.afs, "radius": None})
                continue
            last, _, radius, rows = _radius_one(game, launch, endurance, speed, kind.role, combat, 1)
            radii.append(radius)
            lines.append(f"  {a.afs} AF {kind.name} ({a.load}): endurance {endurance}, last normal turn {last}, radius {counted(radius, 'hex', 'hexes')}")
            late = _landing_after_day(rows, day_last)
            lates.extend(late[:1])
            members_out.append({"type": a.type, "load": a.load, "afs": a.afs, "endurance": endurance, "last_normal_turn": last,
                                "radius": radius, "ranges": _rows_json(rows), "ranges_landing_after_last_turn": late})
        out_groups.append({"group": g + 1, "speed": speed, "aircraft": members_out})
    radius = min(radii) if radii else None
    lines.insert(0, f"{mission.kind} {mission.id} from {mission.source}, launched on turn {launch}: strike radius {counted(radius, 'hex', 'hexes')}, its shortest-ranged aircraft's")
    if lates:  # 18.3: the scenario ends at its clock's last turn; a strike landing after it never lands in play
        lines.append(_after_day_line(min(lates), day_last, day_of))
    if landing > 1:
        caveats.append(f"its {mission.total} AFs land over {landing} AOS ({game.edition.param('land_per_aos', 6)} an AOS, 6.12): AFs landing in a later AOS "
                       "land that many turns after the strike is home; land the shortest-ranged first (see --afs)")
    result = {"mission": mission.id, "launch_turn": launch, "combat_turns": combat, "radius": radius, "landing_aos": landing, "last_turn": day_last,
              "shortest_range_landing_after_last_turn": min(lates) if lates else None, "groups": out_groups}
    return CalcResult(f"Strike radius of {mission.id}", tuple(lines), result, rules, tuple(caveats))


# --- launch ---------------------------------------------------------------------------------------

CATAPULTS = {0: "no-catapult", 1: "one-catapult", 2: "two-catapults"}


def _launch_args(p) -> None:
    p.add_argument("--spotted", type=int, default=0, metavar="N", help="readied AFs already spotted aft on the flight deck")
    p.add_argument("--hangar", type=int, default=0, metavar="N", help="readied AFs in the hangar to launch too")
    p.add_argument("--catapults", type=int, choices=(0, 1, 2), default=0, help="catapults used (6.9; default 0)")
    p.add_argument("--handling-points", type=HANDLING_POINTS, metavar="HP", help="the carrier's handling points per AOS (its air operations form, 6.4.6)")
    p.add_argument("--hangar-kind", choices=("open", "closed"), help="open or closed hangar (the air operations form; 6.7.3, 6.7.4)")
    p.add_argument("--elevator-rate", type=int, metavar="N", help="AFs the elevators raise per AOS (the air operations form, 6.8.1)")
    p.add_argument("--turn", type=int, default=1, metavar="TURN", help="the turn of the first AOS (default 1)")
    p.add_argument("--scenario", metavar="FILE", help="a scenario: its clock's last turn ends the launch (18.3)")


def _launch_run(game, params) -> CalcResult:
    if params.spotted < 0 or params.hangar < 0 or params.spotted + params.hangar < 1:
        raise CalcInputError("give the AFs to launch: --spotted and/or --hangar, 1 or more in all")
    day_last, day_of, _, _ = last_turn_of_day(game, params)
    refuse_after_day(params.turn, day_last, day_of, "no AF launches then")
    p = game.edition.param
    limit = int((p("launch_per_aos") or {}).get(CATAPULTS[params.catapults], 12))
    caveats = ["the AFs are readied already: readying times are in the Air Operations Tables (6.8), an empty slot",
               "the flight deck holds the AFs raised (its room, 6.4.1, is on the air operations form); an elevator in the take-off area "
               "cannot raise aircraft while they take off over it (6.8.2): where the elevators are is on the form too"]
    raise_per_aos, limits = None, []
    if params.hangar:
        if params.handling_points is not None and params.hangar_kind:
            cost = Fraction(str(p("hp_hangar_to_deck_open", 0.5) if params.hangar_kind == "open" else p("hp_hangar_to_deck_closed", 1)))
            by_hp = math.floor(Fraction(str(params.handling_points)) / cost)
            raise_per_aos = by_hp
            limits.append(f"{params.handling_points:g} handling points at {cost} HP an AF ({params.hangar_kind} hangar, 6.7.3/6.7.4): {counted(by_hp, 'AF')} an AOS")
        else:
            caveats.append("without --handling-points and --hangar-kind (empty slots of the air operations form) hangar AFs are raised "
                           "all at once: the turns shown are the fewest possible")
        if params.elevator_rate is not None:
            raise_per_aos = params.elevator_rate if raise_per_aos is None else min(raise_per_aos, params.elevator_rate)
            limits.append(f"elevators {counted(params.elevator_rate, 'AF')} an AOS (6.8.1)")
        if raise_per_aos is not None and raise_per_aos < 1:
            raise CalcInputError("the handling points or elevators given raise no AF in an AOS: the hangar AFs never launch")
    steps = launch_schedule(params.spotted, params.hangar, limit, raise_per_aos, params.turn)
    turns = len(steps)
    lines = [f"{counted(params.spotted + params.hangar, 'AF')}: {params.spotted} spotted aft, {params.hangar} in the hangar; a carrier launches {limit} an AOS "
             f"({counted(params.catapults, 'catapult') if params.catapults else 'no catapult'}, 6.9)",
             *(f"raising from the hangar: {x}" for x in limits),
             f"{'at least ' if params.hangar and raise_per_aos is None else ''}{turns} AOS: the last AFs launch on turn {steps[-1].aos}"]
    lines += [f"  turn {s.aos}: launch {s.launched}" + (f", then raise {s.raised} to the deck" if s.raised else "") for s in steps]
    late = [s.aos for s in steps if s.aos > day_last]
    if late:  # 18.3: the game ends at the day's last turn; launches after it are not played (6.5: one AOS a turn)
        stranded = sum(s.launched for s in steps if s.aos > day_last)
        lines.append(f"past the end of the day: {named_turns(late)} come{'s' if len(late) == 1 else ''} after turn {day_last}, {day_of}: "
                     f"the game is over by then; {counted(stranded, 'AF')} never launch in play")
    if not params.scenario:
        caveats.append("no --scenario: a scenario ends at its clock's last turn (18.3), often before the game's day ends: "
                       "give --scenario to have its turns checked")
    data = {"afs": params.spotted + params.hangar, "limit_per_aos": limit, "raise_per_aos": raise_per_aos, "aos": turns,
            "last_launch_turn": steps[-1].aos, "lower_bound": bool(params.hangar and raise_per_aos is None),
            "last_turn": day_last, "turns_after_last_turn": late,
            "afs_launched_by_last_turn": sum(s.launched for s in steps if s.aos <= day_last),
            "steps": [{"turn": s.aos, "launched": s.launched, "raised": s.raised} for s in steps]}
    return CalcResult("Launching an air group", tuple(lines), data, game.edition.cites("6.5", "6.7", "6.8", "6.9", "18.3"), tuple(caveats))


# --- recovery -------------------------------------------------------------------------------------

def _recover_args(p) -> None:
    p.add_argument("--afs", type=int, required=True, metavar="N", help="AFs to land on one carrier or base")
    p.add_argument("--condition", default="normal", help="the landing condition (6.12; default normal): as landing-accidents lists them")
    p.add_argument("--spotted-aft", type=int, default=0, metavar="N", help="AFs spotted aft on the carrier's deck: they move forward first (6.7)")
    p.add_argument("--turn", type=int, default=1, metavar="TURN", help="the turn of the first AOS (default 1)")
    p.add_argument("--scenario", metavar="FILE", help="a scenario: its clock's last turn ends the landing (18.3), its twilight and night turns are named (6.12.5, 6.12.6)")


def last_turn_of_day(game, params) -> tuple[int, str, frozenset, frozenset]:
    """(the day's last turn, whose it is, twilight turns, night turns): the scenario's clock (18.3: it ends at its last turn),
    else the game's day of turns (game.yaml, 3.3 and 18.1), which names no twilight or night."""
    if not params.scenario:
        return game.turns[1], f"the game's day (turns {game.turns[0]}-{game.turns[1]}, game.yaml; FFTS 3.3, 18.1)", frozenset(), frozenset()
    scenario, data, _ = open_scenario(game, params.scenario)
    clock = scenario.section("clock") or {}
    if "last_turn" not in clock:
        raise CalcInputError(f"--scenario {params.scenario.name}: it has no clock: last_turn, so the end of its day is unknown (FFTS 18.3)")
    return int(clock["last_turn"]), f"the last turn of {params.scenario.name} (its clock; FFTS 18.3)", frozenset(clock.get("twilight") or ()), data.night


def refuse_after_day(turn: int, day_last: int, day_of: str, what: str, option: str = "--turn") -> None:
    """18.3: a scenario ends at its clock's last turn (the game's day, 18.1, without one): nothing is played after it."""
    if turn > day_last:
        raise CalcInputError(f"{option} {turn}: after turn {day_last}, {day_of}: the game is over, {what}")


def _recover_run(game, params) -> CalcResult:
    if params.afs < 1 or params.spotted_aft < 0:
        raise CalcInputError("--afs is 1 or more, --spotted-aft 0 or more")
    day_last, day_of, twilight, night = last_turn_of_day(game, params)
    refuse_after_day(params.turn, day_last, day_of, "no AF lands then")
    table = {r["condition"]: r for r in _chart(game, "landing_accidents")["rows"]}
    if params.condition not in table:
        raise CalcInputError(f"no landing condition {params.condition!r}; conditions: {', '.join(table)}")
    row = table[params.condition]
    group, chance = int(row["afs_per_roll"]), Fraction(len(row["accident_on"]), 10)
    per_aos = int(game.edition.param("land_per_aos", 6))
    first = params.turn + (1 if params.spotted_aft else 0)
    fewest = fewest_aos(params.afs, per_aos)
    lines = [f"{counted(params.afs, 'AF')}, {per_aos} land an AOS (6.12); condition {params.condition}: a D10 roll per {counted(group, 'AF')}, an accident on "
             f"{', '.join(map(str, row['accident_on']))}, which destroys one AF and stops landings that AOS (6.12.8)"]
    if params.spotted_aft:
        hp = Fraction(str(game.edition.param("hp_deck_end_to_end", 0.5))) * params.spotted_aft
        lines.append(f"turn {params.turn}: the {counted(params.spotted_aft, 'AF')} spotted aft move forward ({shown(hp)} handling points, 6.7.1); landing begins on turn {first}")
    lines.append(f"with no accident: {fewest} AOS, the last AFs down on turn {first + fewest - 1}")
    readings, dones = {}, []
    for reading, partial in (("a partial group rolls", True), ("only whole groups roll", False)):
        if group == 1 and not partial:
            continue
        done, lost = recovery(params.afs, per_aos, group, chance, partial)
        dones.append(done)
        expected = sum(k * p for k, p in done.items())
        readings[reading] = {"done_in_aos": {str(k): as_json(p) for k, p in done.items()},
                             "by_turn": {str(first + k - 1): as_json(sum(p for j, p in done.items() if j <= k)) for k in done},
                             "expected_aos": as_json(expected), "afs_destroyed": {str(k): as_json(p) for k, p in lost.items()},
                             "expected_destroyed": as_json(sum(k * p for k, p in lost.items()))}
        label = f" ({reading})" if group > 1 else ""
        lines.append(f"chance all are down by turn{label}: " + "; ".join(f"{first + k - 1}: {shown(sum(p for j, p in done.items() if j <= k))}" for k in done))
        lines.append(f"  AOS on average {shown(expected)}; AFs destroyed on average {shown(sum(k * p for k, p in lost.items()))}")
    latest = first + max(max(r_done) for r_done in dones) - 1
    late = [t for t in range(first, latest + 1) if t > day_last]
    if late:  # 18.3: the game ends at the day's last turn; landings after it are not played
        by_last = {reading: sum(p for k, p in done.items() if first + k - 1 <= day_last) for reading, done in zip(readings, dones)}
        lines.append(f"past the end of the day: {named_turns(late)} come{'s' if len(late) == 1 else ''} after turn {day_last}, {day_of}: "
                     f"the game is over by then; AFs not down by turn {day_last} are never landed in play")
        lines.append("  chance all are down by turn " + f"{day_last}: " + "; ".join(
            f"{shown(p)}" + (f" ({reading})" if len(by_last) > 1 else "") for reading, p in by_last.items()))
        for reading, p in by_last.items():
            readings[reading]["all_down_by_last_turn"] = as_json(p)
    dusk = sorted(t for t in range(first, min(latest, day_last) + 1) if t in twilight or t in night)
    if dusk:  # 6.12.5, 6.12.6: twilight and night landings roll worse; 6.12.7: the worst condition applies
        lines.append(f"{named_turns(dusk)} {'is' if len(dusk) == 1 else 'are'} twilight or night in the scenario's clock: landings then use a "
                     f"twilight or night condition (6.12.5, 6.12.6; the worst applies, 6.12.7): give --condition for them")
    caveats = ["a carrier lands or launches in an AOS, never both (6.7): it launches nothing in these AOS",
               "parked aircraft or damage that leave half or a quarter of the landing area make a worse condition (6.12.2, 6.12.3); "
               "the landing area is on the air operations form (6.4.5), an empty slot: give --condition"]
    if group > 1 and params.afs % group:
        caveats.append(f"6.12.1 says 'for every {group} AFs': whether a last partial group rolls is not stated, so both readings are shown")
    if not params.scenario:
        caveats.append("no --scenario: a scenario ends at its clock's last turn (18.3), often before the game's day ends, and may "
                       "have twilight or night turns (6.12.5, 6.12.6): give --scenario to have its turns checked")
    data = {"afs": params.afs, "condition": params.condition, "land_per_aos": per_aos, "first_landing_turn": first, "fewest_aos": fewest,
            "last_turn": day_last, "turns_after_last_turn": late, "readings": readings}
    return CalcResult("Recovering an air group", tuple(lines), data, game.edition.cites("6.7", "6.12", "18.3"), tuple(caveats))


def named_turns(turns: list[int]) -> str:
    """'turn 37', 'turns 37 and 38', 'turns 36-39' (consecutive turns)."""
    if len(turns) == 1:
        return f"turn {turns[0]}"
    if len(turns) == 2:
        return f"turns {turns[0]} and {turns[1]}"
    return f"turns {turns[0]}-{turns[-1]}"


# --- victory points -------------------------------------------------------------------------------

def _victory_args(p) -> None:
    p.add_argument("--ship", action="append", default=[], metavar="SHIP",
                   help="a ship damaged or sunk: ID:STATE (a ship of --scenario) or SIDE:CLASS:STATE; states are the table's columns "
                        "(speed-under-3-inches, speed-under-2-inches, dead-in-the-water, sunk)")
    p.add_argument("--afs-lost", action="append", default=[], metavar="SIDE:N", help="AFs a side lost (19.3)")
    p.add_argument("--scenario", metavar="FILE", help="the scenario: its ships by id, and both fleets for the balancing of 19.4")


def _victory_run(game, params) -> CalcResult:
    chart = _chart(game, "victory_points")
    table = VPTable.of(chart)
    sides = tuple(game.side_ids)
    if len(sides) != 2:
        raise CalcInputError("victory points are scored between two sides")
    data = open_scenario(game, params.scenario)[1] if params.scenario else None
    states = {s: s for s in table.columns}
    losses, named = [], set()
    for item in params.ship:
        parts = item.split(":")
        if len(parts) == 2:
            if data is None:
                raise CalcInputError(f"--ship {item}: a ship by id needs --scenario (or give SIDE:CLASS:STATE)")
            ship = data.ships.get(parts[0])
            if ship is None:
                raise CalcInputError(f"--ship {item}: no ship {parts[0]!r} in the scenario")
            if parts[0] in named:  # before, lexington:sunk twice scored her twice
                raise CalcInputError(f"--ship {item}: {parts[0]} is given twice; give each ship once, at its worst state (FFTS 19.2: the columns are nested losses of speed)")
            named.add(parts[0])
            side, cls_, state, name = ship.side, ship.cls, parts[1], ship.name
        elif len(parts) == 3:
            side, cls_, state = parts
            name = f"a {cls_}"
        else:
            raise CalcInputError(f"--ship {item}: give ID:STATE or SIDE:CLASS:STATE")
        if side not in sides:
            raise CalcInputError(f"--ship {item}: no side {side!r}; sides: {', '.join(sides)}")
        if cls_ not in table.points:
            raise CalcInputError(f"--ship {item}: the Victory Points Table has no class {cls_!r}; classes: {', '.join(table.points)}")
        if state not in states:
            raise CalcInputError(f"--ship {item}: no state {state!r}; states: {', '.join(table.columns)}")
        losses.append(ShipLoss(side, cls_, state, name))
    afs = {}
    for item in params.afs_lost:
        side, _, n = item.partition(":")
        if side not in sides or not n.isascii() or not n.isdigit():
            raise CalcInputError(f"--afs-lost {item}: give SIDE:N with a side of {', '.join(sides)}")
        lost = int(n) if len(n) <= 9 else AFS_LOST.high + 1  # a 5,000-digit count was an internal error (Python's int limit)
        if AFS_LOST.refusal(lost):
            raise CalcInputError(f"--afs-lost {item}: {AFS_LOST.refusal(lost)}")
        afs[side] = afs.get(side, 0) + lost
        if AFS_LOST.refusal(afs[side]):  # repeated, the counts add up: held to the same bound
            raise CalcInputError(f"--afs-lost {item}: {afs[side]} in all for {side}: {AFS_LOST.refusal(afs[side])}")
    fleets = None
    if data is not None:
        fleets = {s: [ship.cls for ship in data.ships.values() if ship.side == s] for s in sides}
        unknown = sorted({c for cs in fleets.values() for c in cs if c not in table.points})
        if unknown:
            raise CalcInputError(f"the scenario's ship classes {', '.join(unknown)} are not in the Victory Points Table")
    chosen = "worst-column" if (chart.get("scoring") or {}).get("worst_state_only", True) else "every-column"
    results = {r: score(table, sides, losses, afs, fleets, r) for r in READINGS}
    name = game.side_name
    lines = ["losses: " + ("; ".join(f"{name(x.side)} {x.name} ({x.cls}) {x.state}" for x in losses) or "no ships")
             + (f"; AFs lost: {', '.join(f'{name(s)} {n}' for s, n in afs.items())}" if afs else "")]
    for reading in READINGS:
        r = results[reading]
        label = "the data's reading" if reading == chosen else "the other reading"
        lines.append(f"{reading} ({label}):")
        for s in sides:
            v = r["sides"][s]
            lines.append(f"  {name(s)}: ships {v['ships']} + AFs {v['afs']}" + (f" + balancing {v['balancing']}" if fleets is not None else "")
                         + f" = {v['total']}")
        totals = [r["sides"][s]["total"] for s in sides]
        r["leader"] = None if totals[0] == totals[1] else sides[totals.index(max(totals))]
        lines.append(f"  {'ahead: ' + name(r['leader']) if r['leader'] else 'level'}"
                     + (" (all-sunk totals " + ", ".join(f"{name(s)} {r['potential'][s]}" for s in sides) + ")" if fleets is not None else ""))
    caveats = ["the table's columns are nested losses of speed; the rules do not say whether a ship scores only its worst column "
               "(worst-column, the data's reading: charts victory_points scoring) or every column it reached (every-column): both are shown",
               "a side scores the other side's ships and AFs (19.2, 19.3); 19.4's 'smaller side' is read as the side with the smaller all-sunk total"]
    if fleets is None:
        caveats.append("no --scenario: the balancing of 19.4 needs both fleets and is not applied")
    out = {"reading": chosen, "losses": [{"side": x.side, "class": x.cls, "state": x.state, "name": x.name} for x in losses],
           "afs_lost": afs, "readings": results}
    return CalcResult("Victory points", tuple(lines), out, game.edition.cites("19.2", "19.3", "19.4", "19.5"), tuple(caveats))


OPS_CALCULATIONS = {
    "strike-radius": Calculation("strike-radius", "how far a strike can fly and land back within its endurance, with the crash chance beyond",
                                 _radius_args, _radius_run,
                                 ("chartroom calc fire-from-the-skies strike-radius --launch 10 --endurance 14 --speed slow --role torpedo-bomber",
                                  "chartroom calc fire-from-the-skies strike-radius --scenario scenarios/fire-from-the-skies/coral-sea.yaml --mission yorktown-strike-1")),
    "launch": Calculation("launch", "how many turns launching an air group takes under the plane-handling limits", _launch_args, _launch_run,
                          ("chartroom calc fire-from-the-skies launch --spotted 6 --hangar 10 --handling-points 4 --hangar-kind closed",)),
    "recover": Calculation("recover", "how many turns landing an air group takes, with the exact chances landing accidents give", _recover_args,
                           _recover_run, ("chartroom calc fire-from-the-skies recover --afs 12 --turn 24",)),
    "victory": Calculation("victory", "victory points of an outcome: ships damaged and sunk, AFs lost, the balancing of 19.4", _victory_args,
                           _victory_run, ("chartroom calc fire-from-the-skies victory --scenario scenarios/fire-from-the-skies/coral-sea.yaml "
                                          "--ship lexington:sunk --ship shokaku:speed-under-2-inches --afs-lost allied:10 --afs-lost japanese:14",)),
}
