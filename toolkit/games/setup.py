"""The set-up every game's model holds, as pieces to draw (:mod:`toolkit.model.setup`): which counter stands where, and what arrives later.

``chartroom map draw SCENARIO`` asks the game's module (:meth:`BaseGame.setup_pieces`) for a
:class:`SetUp`; the renderer (:mod:`toolkit.render.svgsetup`) draws it on the map of any kind.
The default answer reads what the core model holds for every game: the scenario's ``setup``
placements (a place, a box or a hex id, or an area of an area map), its Turn Record Track and the
game's reinforcement schedules; a game whose set-up lives in its own sections (task forces on a
plotting sheet) gives its own. Counters of optional rules not in use are left out, as the checks
leave them out (:meth:`toolkit.rules.Context.in_use`).
"""

from __future__ import annotations

from toolkit.errors import InputError
from toolkit.model import Counter, Game, Scenario, UnitEntry
from toolkit.model.setup import Piece, SetUp, TaskForceDisplay, TrackDisplay, location_key, where_finding
from toolkit.rules import Context

__all__ = ["Piece", "TaskForceDisplay", "TrackDisplay", "SetUp", "default_setup", "piece_of", "where_finding", "main_ratings", "location_key"]


def main_ratings(counter: Counter) -> str:
    """The ratings a counter prints, joined as wargames print them (``4-2-6``); whole numbers only, in the data's order."""
    values = [str(v) for k, v in counter.ratings.items() if isinstance(v, int) and not isinstance(v, bool) and k != "steps"]
    return "-".join(values[:3])


def piece_of(game: Game, entry: UnitEntry, at: str, side: str, turn: int | None = None) -> Piece | None:
    """The glyph of one set-up entry (None for a counter the game does not have: a check reports it)."""
    counter = game.counters.get(entry.counter)
    if counter is None:
        return None
    label = counter.cls or counter.type
    ratings = main_ratings(counter)
    if entry.steps is not None:
        ratings = f"{entry.steps} step{'s' if entry.steps != 1 else ''}"
    side_name, nation_name = game.side_name(counter.side), game.nations.get(counter.nation, counter.nation)
    details = [side_name if nation_name == side_name else f"{side_name}, {nation_name}", f"{label} ({counter.type})"]
    details += [f"{k} {v}" for k, v in counter.ratings.items() if not isinstance(v, (dict, list))]
    if entry.steps is not None:
        details.append(f"{entry.steps} steps")
    if entry.reduced:
        details.append("reduced")
        ratings = (ratings + " r").strip()  # the key beside the map says r is reduced
    if entry.task_force:
        details.append("set up as a task force")
    if entry.count > 1:
        details.append(f"{entry.count} counters")
    if turn is not None:
        details.append(f"due on turn {turn}")
    return Piece(counter.id, at, side or counter.side, counter.nation, label, counter.name, ratings, entry.count, tuple(details), turn, entry.at)


def default_setup(game: Game, scenario: Scenario, ctx: Context, turn: int | None = None) -> SetUp:
    """The set-up the core model holds: placements, the Turn Record Track and the game's schedules, at the start of ``turn``.

    ``turn`` (default the scenario's first) must lie between the scenario's first turn and the game's
    last: the scenario says where everything stands at its start, and what arrives on each later turn.
    """
    first, last = scenario.start_turn, game.turns[1]
    turn = first if turn is None else turn
    if not first <= turn <= last:
        raise InputError(f"--turn {turn}: {scenario.title} starts on turn {first} and the game ends after turn {last}; "
                         f"give a turn from {first} to {last}")
    pieces, located = [], []
    for placement in scenario.setup:
        located.append((location_key(placement.at), placement.where))
        for entry in placement.units:
            located.append((location_key(entry.at), placement.where))
            piece = piece_of(game, entry, placement.where, placement.side) if ctx.in_use(entry) else None
            if piece is not None:
                pieces.append(piece)
    for entry in scenario.control:
        located.append((location_key(entry.at), entry.base))
    due: list[Piece] = []
    for when, placement in scenario.turn_track:  # a finding on a turn's record is ringed at that turn's row of reinforcements
        located.append((location_key(placement.at), f"Turn {when}"))
        for entry in placement.units:
            located.append((location_key(entry.at), f"Turn {when}"))
            piece = piece_of(game, entry, placement.where, placement.side, when) if ctx.in_use(entry) else None
            if piece is not None and when >= first:
                due.append(piece)
    for record in game.schedules:
        located.append((location_key(record.at), f"Turn {record.turn}"))
        for entry in record.units:
            located.append((location_key(entry.at), f"Turn {record.turn}"))
            piece = piece_of(game, entry, "Reinforcement Schedule", record.side, record.turn) if ctx.in_use(entry) else None
            if piece is not None and record.turn >= first:  # the first turn's arrivals come in its Reinforcement Phase
                due.append(piece)
    due.sort(key=lambda p: (p.turn, game.side_ids.index(p.side) if p.side in game.side_ids else 99))
    arrived = tuple(p for p in due if p.turn < turn)
    notes = ()
    if arrived:
        notes = (f"Reinforcements due on turns {first} to {turn - 1} have arrived; the scenario does not say where they were placed, "
                 "so they are drawn in their own box.",)
    return SetUp(turn, tuple(pieces), tuple(p for p in due if p.turn >= turn), arrived, (), tuple(located), notes)
