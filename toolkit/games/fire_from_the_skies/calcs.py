"""``chartroom calc fire-from-the-skies NAME``: bearings, endurance and search coverage, from the game's data.

Each calculation reads the game's edition parameters and plotting sheet, takes the rest as
arguments, and cites the rules it applies. Probabilities are exact fractions (:mod:`toolkit.exact`).
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

from toolkit.bounds import Bound
from toolkit.exact import as_json, shown
from toolkit.games import CalcInputError, CalcResult, Calculation
from toolkit.games.fire_from_the_skies.air import crash_chance, last_normal_turn, search_band, search_reach
from toolkit.games.fire_from_the_skies.calcs_defence import DEFENCE_CALCULATIONS
from toolkit.games.fire_from_the_skies.calcs_ops import OPS_CALCULATIONS, last_turn_of_day, named_turns, open_scenario, refuse_after_day
from toolkit.games.fire_from_the_skies.calcs_shadow import SHADOW_CALCULATIONS
from toolkit.games.fire_from_the_skies.cards import CardError, read_search_record
from toolkit.games.fire_from_the_skies.map_questions import sheet_hex
from toolkit.graph.arcs import Sector, bearing, covered
from toolkit.words import counted

__all__ = ["CALCULATIONS"]

SPEEDS = ("slow", "normal", "fast")
#: A search's bearing lines: degrees clockwise, 0 to 360 (0 360: all round).
BEARING = Bound("a bearing line", 0, 360, "FFTS 7.4.7: a search arc runs clockwise between two degree lines of the compass; 7.4.8: set in 30-degree steps",
                number=float)


def _named(given: str, hex_id: str) -> str:
    """``Midway (1009)`` for a hex given by name, ``1009`` for one given by id."""
    return hex_id if given == hex_id else f"{given} ({hex_id})"


def _sheet_args(p) -> None:
    p.add_argument("--scenario", metavar="FILE", help="measure on this scenario's plotting sheet (its map:), where --from and --to "
                                                      "may also name its places and task forces (TF 16)")


def _on_sheet(game, params):
    """The game on the sheet of ``--scenario`` (FFTS 2.1: each scenario has its own), with its task forces' hexes; else the game's sheet."""
    if not getattr(params, "scenario", None):
        return game, {}
    _, data, on_sheet = open_scenario(game, params.scenario)
    return on_sheet, {tf.id: tf.hex for tf in data.task_forces}


# --- bearing ------------------------------------------------------------------------------------

def _bearing_args(p) -> None:
    p.add_argument("--from", dest="origin", required=True, metavar="HEX", help="the hex measured from (a hex id, or a place the sheet names)")
    p.add_argument("--to", dest="target", required=True, metavar="HEX", help="the hex measured to")
    _sheet_args(p)


def _bearing_run(game, params) -> CalcResult:
    game, task_forces = _on_sheet(game, params)
    a, b = sheet_hex(game, params.origin, "--from", task_forces), sheet_hex(game, params.target, "--to", task_forces)
    grid, north = game.map.grid, game.map.north
    hexes = grid.distance(a, b)
    title = f"From {_named(params.origin, a)} to {_named(params.target, b)}"
    if a == b:
        return CalcResult(title, ("the same hex: range 0, no bearing",), {"from": a, "to": b, "range": 0, "bearing": None},
                          game.edition.cites("7.4.9"))
    degrees = round(bearing(grid, a, b, north), 1)
    step = game.edition.param("search_arc_step", 30)
    lines = (f"range {hexes} hex{'es' if hexes != 1 else ''}",
             f"bearing {degrees:g} degrees clockwise from north (north {north:g} degrees from the top of the sheet)",
             f"between the {int(degrees // step * step)} and {int(degrees // step * step + step) % 360} degree search lines")
    return CalcResult(title, lines, {"from": a, "to": b, "range": hexes, "bearing": degrees, "north": north}, game.edition.cites("7.4.9"))


# --- endurance ----------------------------------------------------------------------------------

def _endurance_args(p) -> None:
    p.add_argument("--launch", type=int, required=True, metavar="TURN", help="the turn of launch")
    p.add_argument("--endurance", type=int, required=True, metavar="TURNS", help="the aircraft's endurance in turns with its load")
    p.add_argument("--combat-turns", type=int, default=0, metavar="N", help="turns of combat flown (fighters, dive and torpedo bombers pay one more turn each)")
    p.add_argument("--role", default="", help="fighter, dive-bomber, torpedo-bomber, level-bomber, glide-bomber or search")
    p.add_argument("--turn", type=int, metavar="TURN", help="the turn now: how much endurance is left")
    p.add_argument("--scenario", metavar="FILE", help="a scenario: its clock's last turn ends the flight (18.3)")


def _endurance_run(game, params) -> CalcResult:
    if params.endurance < 1 or params.launch < 1 or params.combat_turns < 0:
        raise CalcInputError("--launch and --endurance are 1 or more, --combat-turns 0 or more")
    day_last, day_of, _, _ = last_turn_of_day(game, params)
    refuse_after_day(params.launch, day_last, day_of, "no AF launches then", option="--launch")
    if params.turn is not None:
        refuse_after_day(params.turn, day_last, day_of, "no AF flies then")
    roles = tuple(game.edition.param("combat_endurance_roles", ("fighter", "dive-bomber", "torpedo-bomber")))
    last = last_normal_turn(params.launch, params.endurance, params.combat_turns, params.role, roles)
    late = int(game.edition.param("fuel_crash_turns", 3))
    crashes = [(last + k, crash_chance(last + k, last)) for k in range(1, late + 1)]
    lines = [f"launched on turn {params.launch} (not counted), endurance {params.endurance} turns"
             + (f", {counted(params.combat_turns, 'turn')} of combat" + (" costing as many turns" if params.role in roles else " at no cost for its role") if params.combat_turns else ""),
             f"last turn of normal endurance: {last} (the last turn to land with no risk; the landing turn counts)"]
    lines += [f"landing on turn {t}: crashes with chance {shown(p)}" for t, p in crashes[:-1]]
    lines.append(f"still flying on turn {crashes[-1][0]}: crashes")
    late = [t for t in range(last, crashes[-1][0] + 1) if t > day_last]
    if late:  # 18.3: the game ends at the day's last turn; an AF still up then never lands in play
        lines.append(f"past the end of the day: {named_turns(late)} come{'s' if len(late) == 1 else ''} after turn {day_last}, {day_of}: "
                     f"the game is over by then; AFs not down by turn {day_last} never land in play")
    data = {"launch_turn": params.launch, "endurance": params.endurance, "last_normal_turn": last,
            "crash_chance": {str(t): as_json(p) for t, p in crashes}, "last_turn": day_last, "turns_after_last_turn": late}
    if params.turn is not None:
        left = last - params.turn
        lines.append(f"on turn {params.turn}: {counted(max(left, 0), 'turn')} of normal endurance left" + (f", {counted(-left, 'turn')} past it" if left < 0 else ""))
        data["turns_left"] = left
    return CalcResult("Endurance and the last landing turn", tuple(lines), data, game.edition.cites("4.2", "4.3", "4.4", "18.3"))


# --- search ---------------------------------------------------------------------------------------

def _search_args(p) -> None:
    p.add_argument("--from", dest="origin", required=True, metavar="HEX", help="the hex the search starts from")
    p.add_argument("--arc", nargs=2, type=BEARING, required=True, metavar=("FIRST", "LAST"), help="the first and last bearing lines, clockwise (0 360: all round)")
    p.add_argument("--range", type=int, required=True, metavar="HEXES", help="how far the search flies")
    p.add_argument("--launch", type=int, required=True, metavar="TURN", help="the turn of launch")
    p.add_argument("--speed", choices=SPEEDS, default="normal", help="the searchers' speed class (default normal)")
    p.add_argument("--paired", action="store_true", help="searchers paired in two-plane groups")
    _sheet_args(p)


def _search_run(game, params) -> CalcResult:
    game, task_forces = _on_sheet(game, params)
    origin = sheet_hex(game, params.origin, "--from", task_forces)
    if params.range < 1 or params.launch < 1:
        raise CalcInputError("--range and --launch are 1 or more")
    day_last, day_of, _, _ = last_turn_of_day(game, params)
    refuse_after_day(params.launch, day_last, day_of, "no search launches then", option="--launch")
    p = game.edition.param
    sector = Sector.between(origin, params.arc[0], params.arc[1], params.range)
    per_af = p("search_arc_paired", 30) if params.paired else p("search_arc_per_af_far", 30) if params.range > p("search_far_range", 7) else p("search_arc_per_af", 60)
    afs = math.ceil(sector.width / per_af)
    caveats = []
    if params.paired and params.range > p("search_range_paired", 6):
        caveats.append(f"paired searchers fly at most {p('search_range_paired', 6)} hexes (FFTS 7.4.5): this search is not allowed")
    if any(line % p("search_arc_step", 30) for line in params.arc):
        caveats.append(f"search arcs are set in {p('search_arc_step', 30)}-degree steps (FFTS 7.4.8): this arc is not allowed")
    rings = covered(game.map.grid, sector, game.map.north, game.map.hexes)
    depth = int(p("search_band_hexes", 2))
    turns, turn = [], params.launch + 1
    while True:
        reach = search_reach(params.launch, params.range, params.speed, turn)
        if reach is None:
            break
        band = sorted(h for d in search_band(reach, depth) for h in rings.get(d, ()))
        turns.append({"turn": turn, "reach": reach, "hexes": band})
        turn += 1
    home = turns[-1]["turn"] if turns else params.launch
    lines = [f"arc {sector.start:g}-{sector.end:g} ({sector.width:g} degrees), range {params.range}: {counted(afs, 'AF')} of {per_af} degrees",
             f"flies out from turn {params.launch + 1}, back over its start on turn {home}: it needs {home - params.launch} turns of endurance"]
    lines += [f"turn {t['turn']}: {counted(t['reach'], 'hex', 'hexes')} out, searches {len(t['hexes'])}: {' '.join(t['hexes']) or '-'}" for t in turns]
    late = [t["turn"] for t in turns if t["turn"] > day_last]
    if late:  # 18.3: the game ends at the day's last turn; the search flies and searches no more after it
        lines.append(f"past the end of the day: {named_turns(late)} come{'s' if len(late) == 1 else ''} after turn {day_last}, {day_of}: "
                     "the game is over by then, nothing is searched then")
    data = {"origin": origin, "arc": [sector.start, sector.end], "width": sector.width, "range": params.range, "afs_needed": afs,
            "arc_per_af": per_af, "home_turn": home, "endurance_needed": home - params.launch, "turns": turns,
            "covered": {str(d): sorted(hs) for d, hs in rings.items()}, "last_turn": day_last, "turns_after_last_turn": late}
    caveats.append("a hex is searched when the arc's sector meets its interior (a bearing line that cuts it counts, a hexside along it does not), FFTS 7.4.8")
    caveats.append(f"the band is the hexes reached and the {depth} rings inside them, never behind the start (FFTS 8.2, read so)")
    return CalcResult(f"Search from {_named(params.origin, origin)}", tuple(lines), data, game.edition.cites("7.4.5", "7.4.8", "7.5", "8.2", "18.3"), tuple(caveats))


# --- landing accidents -------------------------------------------------------------------------------

def _landing_table(game) -> dict:
    for chart in game.charts:
        if "landing_accidents" in chart:
            return {r["condition"]: r for r in chart["landing_accidents"]["rows"]}
    raise CalcInputError("the game's charts have no landing_accidents table")


def _landing_args(p) -> None:
    p.add_argument("--afs", type=int, required=True, metavar="N", help="AFs to land in the AOS")
    p.add_argument("--condition", action="append", metavar="NAME",
                   help="a condition that applies (repeat for several; the worst is used, FFTS 6.12.7); default normal")


def _landing_run(game, params) -> CalcResult:
    table = _landing_table(game)
    conditions = params.condition or ["normal"]
    unknown = [c for c in conditions if c not in table]
    if unknown:
        raise CalcInputError(f"no landing condition {unknown[0]!r}; conditions: {', '.join(table)}")
    if params.afs < 1:
        raise CalcInputError("--afs is 1 or more")
    die = 10

    def per_af(name):
        row = table[name]
        return Fraction(len(row["accident_on"]), die) / row["afs_per_roll"]

    worst = max(conditions, key=lambda c: (per_af(c), -conditions.index(c)))
    row = table[worst]
    group, chance = int(row["afs_per_roll"]), Fraction(len(row["accident_on"]), die)
    limit = int(game.edition.param("land_per_aos", 6))
    readings = {}
    for reading, rolls in (("a partial group rolls", math.ceil(params.afs / group)), ("only whole groups roll", params.afs // group)):
        safe = (1 - chance) ** rolls
        expected_landed = sum((1 - chance) ** (j - 1) * chance * (min(j * group, params.afs) - 1) for j in range(1, rolls + 1)) + safe * params.afs
        readings[reading] = {"rolls": rolls, "all_land": safe, "accident": 1 - safe, "expected_landed": expected_landed}
    lines = [f"condition {worst}: one D10 roll per {counted(group, 'AF')}, an accident on {', '.join(map(str, row['accident_on']))}"
             + (f" (the worst of {', '.join(conditions)})" if len(conditions) > 1 else "")]
    for reading, r in readings.items():
        if group == 1 and reading != "a partial group rolls":
            continue
        lines.append(f"{counted(r['rolls'], 'roll')}{f' ({reading})' if group > 1 else ''}: all {params.afs} land with chance {shown(r['all_land'])}; "
                     f"an accident (1 AF destroyed, landings stop) {shown(r['accident'])}; AFs landed on average {shown(r['expected_landed'])}")
    caveats = []
    if params.afs > limit:
        caveats.append(f"a carrier or base lands at most {limit} AFs in an AOS (FFTS 6.12)")
    if group > 1 and params.afs % group:
        caveats.append(f"FFTS 6.12.1 says 'for every {group} AFs': whether the last {counted(params.afs % group, 'AF')} roll is not stated, so both readings are shown")
    caveats.append("AFs land in order, one roll for each group as it lands: a failed roll destroys one AF of its group, "
                   "the rest of that group is down, and no more AFs land that AOS (FFTS 6.12.1, 6.12.8)")
    data = {"afs": params.afs, "condition": worst, "afs_per_roll": group, "accident_on": list(row["accident_on"]),
            "readings": {k: {"rolls": v["rolls"], "all_land": as_json(v["all_land"]), "accident": as_json(v["accident"]),
                             "expected_landed": as_json(v["expected_landed"])} for k, v in readings.items()}}
    return CalcResult(f"Landing {counted(params.afs, 'AF')}", tuple(lines), data, game.edition.cites("6.12"), tuple(caveats))


# --- sighting cards -------------------------------------------------------------------------------

def _cards_args(p) -> None:
    p.add_argument("--record", required=True, metavar="RECORD",
                   help="a search result as FFTS 8.2.5 records it: the task force, a colon and the cards seen ('O:2s, kh, 5d')")


def _cards_run(game, params) -> CalcResult:
    rows = next((c["sighting_cards"]["rows"] for c in game.charts if "sighting_cards" in c), None)
    if rows is None:
        raise CalcInputError("the game's charts have no sighting_cards table")
    try:
        task_force, seen = read_search_record(params.record, rows)
    except CardError as error:
        raise CalcInputError(str(error)) from None
    lines = [f"{card}: dummy ships in the task force's hand (9.3.1)" if ship == "dummy" else f"{card}: a {ship}" for card, ship in seen]
    data = {"task_force": task_force, "cards": [{"card": card, "ships": ship} for card, ship in seen]}
    return CalcResult(f"Search result on Task Force {task_force}", tuple(lines), data, game.edition.cites("8.1.1", "8.2.5", "9.3.1"))


CALCULATIONS = {
    "bearing": Calculation("bearing", "bearing (clockwise from the sheet's north) and range in hexes between two hexes", _bearing_args, _bearing_run,
                           ("chartroom calc fire-from-the-skies bearing --from 0609 --to 0806",)),
    "endurance": Calculation("endurance", "last turn of normal endurance, and the crash chance of landing later", _endurance_args, _endurance_run,
                             ("chartroom calc fire-from-the-skies endurance --launch 10 --endurance 14",)),
    "search": Calculation("search", "the hexes a search covers on each turn of its flight, the AFs it needs and its endurance", _search_args, _search_run,
                          ("chartroom calc fire-from-the-skies search --from 0609 --arc 0 60 --range 4 --launch 2",)),
    "landing-accidents": Calculation("landing-accidents", "chance that AFs landing in one AOS all land, and the AFs landed on average",
                                     _landing_args, _landing_run,
                                     ("chartroom calc fire-from-the-skies landing-accidents --afs 6 --condition night-untrained",)),
    "sighting-cards": Calculation("sighting-cards", "the ship types a search result's cards stand for (a searcher's record read back)",
                                  _cards_args, _cards_run, ("chartroom calc fire-from-the-skies sighting-cards --record 'O:2s, kh, 5d'",)),
}
CALCULATIONS.update(OPS_CALCULATIONS)
CALCULATIONS.update(SHADOW_CALCULATIONS)
CALCULATIONS.update(DEFENCE_CALCULATIONS)

#: More AFs than any carrier or base holds (a fleet carrier flies about 30 AFs, Rabaul in 1942 about 100):
#: a count beyond it is a slip, and the exact landing odds of a larger one take minutes.
MAX_AFS = 150
#: Where the game's day of turns comes from (game.yaml ``turns``, reconstructed from these rules).
DAY_RULE = "FFTS 3.3: a game-turn is 20 minutes; 18.1: a historical scenario lasts one day; the game's turns: in game.yaml"
_AF_COUNTS = ("afs", "spotted", "hangar", "spotted_aft", "elevator_rate")


def _within_the_game(run):
    """``run`` refusing turns outside the game's day and counts no air group reaches, before any work
    (an endurance of 10**20 turns would otherwise be walked turn by turn)."""

    def checked(game, params) -> CalcResult:
        first, last = game.turns
        for name in ("launch", "turn"):
            value = getattr(params, name, None)
            if isinstance(value, int) and not first <= value <= last:
                raise CalcInputError(f"--{name} {value}: a game turn must be from {first} to {last} ({DAY_RULE})")
        for name in ("endurance", "combat_turns", "range"):
            value = getattr(params, name, None)
            if isinstance(value, int) and value > last:
                what = "hexes than a search flies out and back in" if name == "range" else "turns than"
                raise CalcInputError(f"--{name.replace('_', '-')} {value}: more {what} the game's day of {last} turns ({DAY_RULE})")
        for name in _AF_COUNTS:
            value = getattr(params, name, None)
            if isinstance(value, int) and value > MAX_AFS:
                raise CalcInputError(f"--{name.replace('_', '-')} {value}: more AFs than any carrier or base holds (at most {MAX_AFS}; "
                                      f"no rule bounds it: the work budget of an exact answer)")
        for together in (("spotted", "hangar"), ("afs", "spotted_aft")):  # one carrier's AFs: each count in bounds, the sum too
            values = [getattr(params, name, None) for name in together]
            if all(isinstance(v, int) and v > 0 for v in values) and sum(values) > MAX_AFS:
                options = " and ".join(f"--{name.replace('_', '-')} {v}" for name, v in zip(together, values))
                raise CalcInputError(f"{options}: {sum(values)} AFs on one carrier, more than any carrier or base holds (at most "
                                     f"{MAX_AFS}; no rule bounds it: the work budget of an exact answer)")
        _flight_fits(game, params)
        return run(game, params)

    return checked


CALCULATIONS = {name: dataclasses.replace(c, run=_within_the_game(c.run)) for name, c in CALCULATIONS.items()}


def _flight_fits(game, params) -> None:
    """A combat no AF outlives, or a turn now before the launch, refused: before, ``--combat-turns 72 --endurance 14`` for a
    fighter answered "last turn of normal endurance: -48", and ``--launch 72 --turn 1`` "143 turns of normal endurance left"."""
    endurance, combat, role = getattr(params, "endurance", None), getattr(params, "combat_turns", None), getattr(params, "role", "")
    if isinstance(endurance, int) and isinstance(combat, int) and endurance >= 1 and combat >= 1:
        roles = tuple(game.edition.param("combat_endurance_roles", ("fighter", "dive-bomber", "torpedo-bomber")))
        used = combat * (2 if role in roles else 1)
        if used > endurance + 2:
            paid = f"; 4.3: one more each for a {role}" if role in roles else ""
            raise CalcInputError(f"--combat-turns {combat}: {combat} turns of combat use {used} turns of endurance (FFTS 4.2: combat "
                                 f"counts{paid}), 3 or more past its {endurance}: every AF has crashed before the combat ends (4.4)")
    launch, now = getattr(params, "launch", None), getattr(params, "turn", None)
    if isinstance(launch, int) and isinstance(now, int) and hasattr(params, "endurance") and now < launch:
        raise CalcInputError(f"--turn {now}: before the launch on turn {launch}; endurance is counted from the launch (FFTS 4.2)")
