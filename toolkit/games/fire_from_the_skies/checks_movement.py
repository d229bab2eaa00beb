"""Fire from the Skies' check of a task force's plotted course (``moves:``, FFTS 10.1-10.3).

A scenario may plot where a task force moves during the day; the searches then look for it where it is
in each turn (:mod:`.sighting`). Each move goes into a hex next to the one it leaves (10.1), comes after
its move has been plotted for more than one turn (10.2: at least ``task_force_plot_turns`` turns from the
previous move; the first one only after that many turns of plotting from the scenario's first turn), and
never while aircraft from its ships are away on a search or strike (10.3). How many
turns a hex takes at the slowest ship's speed (10.4) rests on the Speed Translation Chart, a table the
scenario fills from Fire on the Waters, and is not checked here.
"""

from __future__ import annotations

from toolkit.games.fire_from_the_skies.checks import FFTSContext
from toolkit.rules import check

__all__: list[str] = []


@check("FFTS-TF-MOVE", "task_force_movement", "A task force's plotted move: to a hex next to the one it leaves, plotted for more than one turn, never while its aircraft are away.")
def task_force_moves(ctx: FFTSContext):
    plot = int(ctx.param("task_force_plot_turns", 2))
    start = ctx.scenario.start_turn
    for tf in ctx.data.task_forces:
        here, last = tf.hex, None
        for (turn, hex_), at in zip(tf.moves, tf.move_at):
            if last is not None and turn <= last:
                yield (f"task force {tf.id}'s moves are written in the order it makes them: the move on turn {turn} comes after "
                       f"the one on turn {last}; write the turns in order"), at
            elif hex_ not in ctx.map.hexes:
                yield f"task force {tf.id} moves on turn {turn} to hex {hex_}, which is not on the plotting sheet", at
            elif hex_ not in ctx.map.grid.neighbours(here):
                yield (f"task force {tf.id} moves on turn {turn} from hex {here} to hex {hex_}, which is not next to it: a task force "
                       f"moves one hex to an adjacent hex at a time; plot each hex of its course"), at
            elif last is not None and turn - last < plot:
                yield (f"task force {tf.id} moves on turn {turn}, {turn - last} turn(s) after its move on turn {last}: a move is plotted "
                       f"for more than one turn before the task force changes hex, so the next move comes on turn "
                       f"{last + plot} or later"), at, ctx.edition.cite("task_force_plotting")
            elif last is None and turn < start + plot - 1:  # 10.2: its first move too is plotted from the first turn's Initiative Segment on
                yield (f"task force {tf.id} moves on turn {turn}, but the scenario starts on turn {start}: a move is plotted in the "
                       f"Initiative Segment for more than one turn before the task force changes hex, so its first move comes on turn "
                       f"{start + plot - 1} or later; {tf.hex} is where it stands on turn {start}"), at, ctx.edition.cite("task_force_plotting")
            else:
                yield from _aircraft_away(ctx, tf, turn, at)
            here, last = hex_, turn


def _aircraft_away(ctx: FFTSContext, tf, turn: int, at):
    """FFTS 10.3: no move while a search or strike launched from one of its ships is still out."""
    for mission in ctx.data.missions:
        if mission.source in tf.ships and mission.kind in ("search", "strike") and mission.launch_turn < turn < ctx.back_turn(mission):
            yield (f"task force {tf.id} moves on turn {turn}, but {mission.kind} {mission.id} from {ctx.holder_name(mission.source)} is "
                   f"away (launched on turn {mission.launch_turn}, back on turn {ctx.back_turn(mission)}): a task force with aircraft "
                   f"away on a search or strike does not move"), at, ctx.edition.cite("movement_air_missions")
