"""``chartroom calc fire-from-the-skies shadowing``: how long a search may stay with a task force it spotted (FFTS 8.3).

The arithmetic is :mod:`.shadowing`'s; this reads the options, refuses what cannot be, and writes the answer.
"""

from __future__ import annotations

from toolkit.bounds import Bound
from toolkit.exact import as_json, shown
from toolkit.games import CalcInputError, CalcResult, Calculation
from toolkit.games.fire_from_the_skies.calcs_ops import SPEED_ORDER, named_turns
from toolkit.games.fire_from_the_skies.shadowing import READINGS, afs_to_shadow, reached_by, shadow
from toolkit.words import counted

__all__ = ["SHADOW_CALCULATIONS"]

#: No search flies farther out than it can fly back in the game's day (game.yaml: 72 turns of one hex at the least).
HEXES = "no rule bounds it: a search flies out and back within the game's day of 72 turns (FFTS 3.3, 18.1; 10.6: a hex a turn)"
DISTANCE = Bound("hexes from the task force to the searchers' base or carrier", 1, 72, HEXES)
RANGE = Bound("the search's maximum range", 1, 72, HEXES)
#: 8.3.1 bounds the task forces by the AFs; the AFs by what a carrier or base holds (calcs.MAX_AFS).
SEARCH_AFS = Bound("search AFs shadowing", 1, 150, "no rule bounds it: more AFs than any carrier or base holds")
TASK_FORCES = Bound("task forces shadowed", 1, 450, "FFTS 8.3.1: one search AF shadows up to 3 task forces; at most 150 AFs")


def _shadow_args(p) -> None:
    p.add_argument("--launch", type=int, required=True, metavar="TURN", help="the turn the search launched")
    p.add_argument("--endurance", type=int, required=True, metavar="TURNS", help="the searchers' endurance in turns")
    p.add_argument("--spotted", type=int, required=True, metavar="TURN", help="the turn the search spotted the task force")
    p.add_argument("--distance", type=DISTANCE, required=True, metavar="HEXES",
                   help="hexes from the task force back to the searchers' base or carrier (which does not move, 10.3)")
    p.add_argument("--speed", choices=SPEED_ORDER, default="normal", help="the searchers' speed class (10.6; default normal)")
    p.add_argument("--range", type=RANGE, metavar="HEXES", help="the search's maximum range: it shadows no task force beyond it (8.4)")
    p.add_argument("--afs", type=SEARCH_AFS, default=1, metavar="N", help="search AFs that shadow (default 1)")
    p.add_argument("--task-forces", type=TASK_FORCES, default=1, metavar="N", help="task forces they shadow (8.3.1: up to 3 an AF; default 1)")
    p.add_argument("--start-back-turn", choices=READINGS, default="flying-home",
                   help="the turn the searchers start back: flying home (default) or still shadowing; 8.3's 'until' says neither")


def _refuse_impossible(game, params, last: int) -> None:
    first, day_last = game.turns
    if params.endurance < 1:
        raise CalcInputError(f"--endurance {params.endurance}: an endurance is 1 turn or more (FFTS 4.1)")
    if not first <= params.spotted <= day_last:
        raise CalcInputError(f"--spotted {params.spotted}: a game turn must be from {first} to {day_last} (FFTS 3.3, 18.1; the game's turns: in game.yaml)")
    if params.spotted <= params.launch:
        raise CalcInputError(f"--spotted {params.spotted}: a search launched on turn {params.launch} flies from turn {params.launch + 1} "
                             "(FFTS 4.2: the launch turn is not a turn of flight; 7.4.7): it spots nothing before")
    late = int(game.edition.param("fuel_crash_turns", 3))
    if params.spotted >= last + late:
        raise CalcInputError(f"--spotted {params.spotted}: {params.spotted - last} turns past the searchers' last turn of normal endurance "
                             f"({last}): every AF has crashed by then (FFTS 4.4)")
    flown = reached_by(params.launch, params.spotted, params.speed)
    if params.distance > flown:
        raise CalcInputError(f"--distance {params.distance}: a search launched on turn {params.launch} at {params.speed} speed has flown "
                             f"{counted(flown, 'hex', 'hexes')} by turn {params.spotted} (FFTS 7.5, 10.6): it spots no task force farther out")


def _shadow_run(game, params) -> CalcResult:
    last = params.launch + params.endurance  # 4.2: the launch turn does not count against endurance
    _refuse_impossible(game, params, last)
    day_last = game.turns[1]
    rules = game.edition.cites("4.2", "4.4", "8.3", "8.3.1", "8.3.3", "8.4", "10.6", "12.6", "18.3")
    per_af = int(game.edition.param("shadow_task_forces_per_af", 3))
    needed = afs_to_shadow(params.task_forces, per_af)
    lines = [f"search launched on turn {params.launch}, endurance {params.endurance}: last turn of normal endurance {last} "
             "(4.2: the launch turn does not count, the landing turn does)"]
    caveats = []
    data = {"launch_turn": params.launch, "endurance": params.endurance, "last_normal_turn": last, "spotted": params.spotted,
            "distance": params.distance, "speed": params.speed, "reading": params.start_back_turn, "afs": params.afs,
            "task_forces": params.task_forces, "afs_needed": needed, "allowed": params.afs >= needed}
    if params.range is not None and params.distance > params.range:  # 8.4: shadowed only within the search's maximum range
        lines.append(f"the task force is {counted(params.distance, 'hex', 'hexes')} out, beyond the search's maximum range of {params.range}: "
                     "the search does not shadow it (8.4)")
        data.update(start_back=None, home=None, shadowing_turns=[], later_starts=[], beyond_range=True)
        return CalcResult("Shadowing", tuple(lines), data, rules, ())
    s = shadow(params.spotted, last, params.distance, params.speed, params.start_back_turn, int(game.edition.param("fuel_crash_turns", 3)))
    if s.turns:
        lines.append(f"{counted(params.distance, 'hex', 'hexes')} from their base or carrier at {params.speed} speed (10.6): they start back by "
                     f"turn {s.start_back} to be home on turn {s.home}")
        spent = "still shadowing, as --start-back-turn shadowing reads it" if params.start_back_turn == "shadowing" else "spent flying home"
        lines.append(f"shadowing: {named_turns(list(s.turns))}, {counted(len(s.turns), 'turn')} (8.3; turn {s.start_back}, the turn they "
                     f"start back, {spent})")
        lines.append(f"a strike flying to it follows it to a new hex if it moves in {named_turns(list(s.turns))} (12.6 (a))")
    else:
        lines.append(f"{counted(params.distance, 'hex', 'hexes')} from their base or carrier at {params.speed} speed (10.6): even starting back on "
                     f"turn {params.spotted + 1}, the turn after spotting, they are home on turn {s.home}, after turn {last}: no turn of shadowing (8.3)")
    for x in s.later:
        stayed = "starting back" if not s.turns else "shadowing on, starting back"
        lines.append(f"{stayed} on turn {x.start}: home on turn {x.home}, {counted(x.late, 'turn')} late: each AF crashes on landing "
                     f"with chance {shown(x.crash)} (4.4, 8.3.3)")
    lines.append(f"{counted(params.task_forces, 'task force')} shadowed: {counted(needed, 'search AF')} needed, {per_af} an AF (8.3.1); "
                 f"{counted(params.afs, 'AF')} given")
    after = [t for t in s.turns if t > day_last]
    if after:  # 18.3: the game is over after the day's last turn
        lines.append(f"past the end of the day: {named_turns(after)} come{'s' if len(after) == 1 else ''} after turn {day_last}, "
                     f"the game's day (game.yaml; FFTS 18.3): nothing is shadowed then")
    if params.afs < needed:
        caveats.append(f"{counted(params.afs, 'search AF')} {'shadows' if params.afs == 1 else 'shadow'} at most {params.afs * per_af} task forces (8.3.1): this shadowing is not allowed")
    caveats.append("8.3 has them search the task force 'until' the turn they must start back without saying whether that turn is "
                   "one of shadowing: read as not (3.4.2: they fly their first hex home in its Movement Segment, before the Search "
                   "Segment, 3.4.4, and 8.3's second sentence has them returning in it); --start-back-turn shadowing counts it, a turn more")
    caveats.append("the distance is the task force's now; should it move (8.4: shadowed out of the arc while within the search's range), "
                   "ask again with the new distance. The shadowing AFs fly home on their own (8.3.2); the rest of the search flies its plan")
    data.update(start_back=s.start_back, home=s.home, shadowing_turns=list(s.turns), turns_after_last_turn=after, beyond_range=False,
                later_starts=[{"start_back": x.start, "home": x.home, "turns_late": x.late, "crash_chance": as_json(x.crash)} for x in s.later])
    return CalcResult("Shadowing", tuple(lines), data, rules, tuple(caveats))


SHADOW_CALCULATIONS = {
    "shadowing": Calculation("shadowing", "the turns a search may shadow a task force it spotted before starting back, and the AFs it takes",
                             _shadow_args, _shadow_run,
                             ("chartroom calc fire-from-the-skies shadowing --launch 2 --endurance 12 --spotted 5 --distance 3",)),
}
