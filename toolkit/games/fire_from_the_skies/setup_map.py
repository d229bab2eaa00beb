"""A Fire from the Skies scenario's set-up as pieces to draw: its task forces on the plotting sheet (FFTS 5.2, 8.1),
each ship in its task force's display, and each carrier's air group aboard (FFTS 6.3: one counter is one air factor).

Ships and aircraft types are the scenario's own (its ``ships:`` and ``aircraft:``), so a piece's counter is the
ship's or the aircraft type's id. A scenario stands at the start of its first turn; missions launch during
play and are not drawn.
"""

from __future__ import annotations

from toolkit.errors import InputError
from toolkit.games.fire_from_the_skies.data import read
from toolkit.games.setup import Piece, SetUp, TaskForceDisplay, location_key
from toolkit.model import Game, Scenario

__all__ = ["setup_pieces"]

ROLES = {"fighter": "F", "dive-bomber": "DB", "torpedo-bomber": "TB", "level-bomber": "LB", "scout": "S", "patrol": "PB"}


def setup_pieces(game: Game, scenario: Scenario, turn: int | None = None) -> SetUp:
    """Task forces at their hexes, their ships, and the AFs aboard each carrier (or at each air base)."""
    data = read(scenario)
    clock = scenario.section("clock") or {}
    first = int(clock.get("first_turn", scenario.start_turn))
    if turn is not None and turn != first:
        raise InputError(f"--turn {turn}: {scenario.title} gives its situation only at the start of turn {first} "
                         "(its task forces and air groups); later turns are played out on the sheet")
    nations = {r["id"]: r.get("nation", "") for r in scenario.section("ships") or []}
    nations.update({r["id"]: r.get("nation", "") for r in scenario.section("aircraft") or []})
    pieces, located, displays = [], [], []
    task_force_of = {}
    for tf in data.task_forces:
        notes = (f"{tf.dummy_ships} dummy ship{'s' if tf.dummy_ships != 1 else ''}",) if tf.dummy_ships else ()
        displays.append(TaskForceDisplay(tf.id, f"Task Force {tf.id}" + (" (dummy)" if tf.dummy else ""), tf.side, tf.hex, notes))
        located.append((location_key(tf.at), tf.id))
        for ship_id, at in zip(tf.ships, tf.ship_at):
            located.append((location_key(at), tf.id))
            task_force_of[ship_id] = tf.id
            ship = data.ships.get(ship_id)
            if ship is None:
                continue  # an unknown ship: the task-force check reports it
            capacity = ship.rating("af_capacity")
            ratings = f"AF {capacity}" if capacity is not None else ""
            details = (f"{game.side_name(ship.side)}, {ship.cls}", f"in Task Force {tf.id} at {tf.hex}") + ((f"capacity {capacity} AFs",) if capacity else ())
            pieces.append(Piece(ship.id, tf.id, ship.side, nations.get(ship.id, ""), ship.cls, ship.name, ratings, 1, details, None, ship.at))
    for group in data.air_groups:
        at = task_force_of.get(group.at_name, group.at_name)
        located.append((location_key(group.at), at))
        aboard = data.ships[group.at_name].name if group.at_name in data.ships else group.at_name
        for afs in group.aircraft:
            located.append((location_key(afs.at), at))
            kind = data.aircraft.get(afs.type)
            if kind is None:
                continue
            state = (afs.state or "").replace("-", " ")
            details = (f"{game.side_name(kind.side)}, {kind.role}", f"aboard {aboard}" if aboard != at else f"at {at}", f"{afs.afs} AFs ({afs.afs * 3} aircraft)",
                       *((f"state: {state}",) if state else ()), *((f"armed: {afs.weapon}",) if afs.weapon and afs.weapon != "none" else ()))
            pieces.append(Piece(kind.id, at, kind.side, nations.get(kind.id, ""), ROLES.get(kind.role, kind.role[:3]), kind.name, state,
                                afs.afs, details, None, afs.at))
    notes = (f"{len(data.missions)} mission{'s' if len(data.missions) != 1 else ''} planned: they launch during play and are not drawn.",) if data.missions else ()
    return SetUp(first, tuple(pieces), (), (), tuple(displays), tuple(located), notes)
