"""Fire from the Skies' check that a strike or search is planned to land no sooner than it can fly out and back.

Aircraft fly one hex a turn, slow ones not in a turn divisible by 4, fast ones two hexes in a turn
divisible by 6, a formation at its slowest aircraft's speed (FFTS 10.6, 7.5; :mod:`.air`), from the turn
after their launch (4.2). A strike flies to its target's hex and back, at least as far as the nearest hex
the target holds from the launch to the landing (12.6: it may follow a target that moves); each strike
group at its own speed (6.11); it attacks in the turn it arrives and flies home from the next (3.4), so
a fast double move that reaches the target does not fly its second hex. A search flies out its whole range and back (7.5). It lands in the AOS of
the turn it is home (3.4: the Air Operations Segment follows the Movement Segment). A ``land_turn``
before that is a warning, not an error: a player may abort a search or strike, which then returns
without attacking (4.7).
"""

from __future__ import annotations

from toolkit.games.fire_from_the_skies.air import strike_home, turns_to_fly
from toolkit.games.fire_from_the_skies.checks import FFTSContext
from toolkit.games.fire_from_the_skies.sighting import SPEED_ORDER, search_origin, strike_target
from toolkit.rules import check

__all__: list[str] = []


def _slowest(ctx: FFTSContext, entries) -> str | None:
    """The formation's speed, its slowest aircraft's (10.6.4); None when a speed is unknown (an empty slot or an unknown type)."""
    speeds = [ctx.data.aircraft[a.type].rating("speed") if a.type in ctx.data.aircraft else None for a in entries]
    if not speeds or any(s not in SPEED_ORDER for s in speeds):
        return None
    return min(speeds, key=SPEED_ORDER.index)


def _strike_home(ctx: FFTSContext, mission) -> tuple[int, int, str, str] | None:
    """(turn its last group is home, hexes to the target, the target's hex, that group's speed) of a strike; None when unknown."""
    target = strike_target(ctx.game, ctx.data, mission.target) if mission.target else None
    origin = search_origin(ctx.game, ctx.data, mission)  # the carrier's task force at the launch, or the base's place
    if target is None or origin is None:
        return None
    # 12.6: a strike may follow its target to where it moves; the nearest hex it holds until the landing bounds the flight from below
    tf = next((t for t in ctx.data.task_forces if target.kind == "task force" and t.id == target.name), None)
    spots = {tf.hex_at(turn) for turn in range(mission.launch_turn, mission.land_turn + 1)} if tf is not None else {target.hex}
    if origin not in ctx.map.hexes or not spots <= set(ctx.map.hexes):
        return None  # FFTS-TF-HEX, FFTS-TF-MOVE or FFTS-REF reports it
    hexes, where = min((ctx.map.grid.distance(origin, spot), spot) for spot in spots)
    groups = mission.groups or (tuple(range(len(mission.aircraft))),)
    latest = None
    for members in groups:
        speed = _slowest(ctx, [mission.aircraft[i] for i in members if i < len(mission.aircraft)])
        if speed is None:
            return None
        home = strike_home(mission.launch_turn, hexes, speed)  # 3.4: it attacks before it turns back
        if latest is None or home > latest[0]:
            latest = (home, hexes, where, speed)
    return latest


@check("FFTS-RETURN", "flight_time", "A strike or search planned to land before it can fly out and back: only an aborted one returns sooner.",
       severity="warning")
def flight_time(ctx: FFTSContext):
    for mission in ctx.data.missions:
        if mission.land_turn is None or mission.land_turn <= mission.launch_turn:
            continue  # no landing planned, or FFTS-MISSION-RECORD's
        if mission.kind == "strike":
            found = _strike_home(ctx, mission)
            if found is None:
                continue
            home, hexes, where, speed = found
            flight = (f"its strike groups fly at least {hexes} hex{'es' if hexes != 1 else ''} to {mission.target} (hex {where}, the nearest "
                      f"it is to their start from the launch to the landing) and back, the last at {speed} speed")
            cite = ctx.edition.cite("flight_time")
        elif mission.kind == "search" and mission.range is not None:
            speed = _slowest(ctx, mission.aircraft)
            if speed is None:
                continue
            home = turns_to_fly(mission.launch_turn + 1, 2 * mission.range, speed)
            flight = f"it flies out its range of {mission.range} hexes and back at {speed} speed"
            cite = ctx.edition.cite_number("7.5")
        else:
            continue
        if mission.land_turn < home:
            yield (f"{mission.kind} {mission.id} launches on turn {mission.launch_turn} and lands on turn {mission.land_turn}, but {flight}: "
                   f"home on turn {home} at the earliest: land it then (only a {mission.kind} that aborts, 4.7, returns sooner)"), \
                mission.locate("land_turn"), cite
