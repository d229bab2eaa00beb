"""What Fire in the Sky's commands share: argument types, options, loading through the session, output.

:mod:`.commands`, :mod:`.odds_command` and :mod:`.plan_command` import it; it imports none of them.
Input a command cannot use is a :class:`UsageError` (an :class:`~toolkit.errors.InputError`): one
line on stderr and exit status 2, mapped by ``chartroom`` itself (:func:`toolkit.exits.for_error`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from toolkit.bounds import Bound, work_budget
from toolkit.errors import InputError
from toolkit.exact import MAX_EXACT_DICE
from toolkit.exits import EXIT_OK
from toolkit.games.fire_in_the_sky.state import GameState
from toolkit.load import display_path
from toolkit.model.build import suggest
from toolkit.pathnames import scenario_file_problem
from toolkit.simulate import SEED, max_simulated_draws
from toolkit.words import edition_name

__all__ = ["GAME_ID", "UsageError", "MAX_WHOLE", "points", "turn_number", "TURN", "ASW_DICE", "AIR_STEPS",
           "AIR_POINTS", "DICE", "UNIT_STEPS", "DD_UNITS", "HITS", "COUNT", "HEXES", "AFTER_ROUNDS", "game_options",
           "scenario_options", "load_game", "load_scenario", "warn_of_scenario_errors", "game_state", "place_node", "counter_of", "emit", "num"]

GAME_ID = "fire-in-the-sky"


class UsageError(InputError):
    """Input the command cannot use: printed as one line, exit status 2."""


#: Largest whole number an option takes: far above any count on the map, small enough for exact arithmetic.
MAX_WHOLE = 9999


#: Transport Points to spend: halves are real (a DD's rating is 1/2, v1.1 9.3), and no rule caps the points a player holds.
TRANSPORT_POINTS = Bound("Transport Points", 0, MAX_WHOLE, "no rule bounds them: the largest count Chartroom prices exactly", number=float)


def points(text: str) -> float:
    """Transport Points (:data:`TRANSPORT_POINTS`): a finite number from 0 to 9999, refused with the reason of the bound."""
    return TRANSPORT_POINTS(text)


# --- the numbers the rules bound (issue 21 item 4): each refused with its bound and the rule that sets it ---

#: The Turn Record Track: the game ends with Turn 16.
TURN = Bound("a game turn", 1, 16, "FitS v1.1 16.0, 2nd 4.3: the game ends with Turn 16")
#: One ASW die per DD unit in the Convoy Escort box, and the counter mix holds 33 Japanese naval units.
ASW_DICE = Bound("ASW dice", 0, 33, "FitS v1.1 6.1, 2nd 5.3: at most one die per DD unit in the Convoy Escort box; "
                 "2nd 2.0: the counter mix, an absolute limit (v1.1 2.0), has 33 Japanese naval units")
#: Air steps of one side: 15 air unit counters of two steps each.
AIR_STEPS = Bound("a side's air steps", 1, 30, "FitS 2nd 2.0: 15 air unit counters a side; v1.1 2.1.1.2, 2nd 3.1.2: "
                  "two steps each; the counter mix is an absolute limit (v1.1 2.0)")
#: One air unit counter: two steps on its front, one on its back.
UNIT_STEPS = Bound("an air unit's steps", 1, 2, "FitS v1.1 2.1.1.2, 2nd 3.1.2: an air unit counter has two steps on its front, one on its back")
#: DD units moved to or from the Convoy Escort box: the Japanese naval units of the counter mix.
DD_UNITS = Bound("DD units", 0, 33, "FitS 2nd 2.0: the counter mix, an absolute limit (v1.1 2.0), has 33 Japanese naval units")
#: Air Points and Firepower roll one die each; no rule caps their sum (carriers add their Air Strength).
AIR_POINTS = work_budget("Air Points")
DICE = work_budget("dice")
#: The same where a question past the exact budget is simulated (.odds_simulated): refused only past the simulation's.
SIMULATED = (f"no rule bounds it: exact up to {MAX_EXACT_DICE}, simulated beyond (seed {SEED}); the simulation's work "
             f"budget is {max_simulated_draws()} dice a trial")
SIMULATED_AIR_POINTS = Bound("Air Points", 0, max_simulated_draws(), SIMULATED)
SIMULATED_DICE = Bound("dice", 0, max_simulated_draws(), SIMULATED)
#: One Damage Check (two dice) per hit on a ship (v1.1 13.1; 2nd 11.3.1); no rule caps the hits.
HITS = work_budget("hits on one ship", 1)
#: Counts a cost is multiplied by (units, deployments, DD transfers): arithmetic, not a search.
COUNT = Bound("a count", 1, MAX_WHOLE, "no rule bounds it: the largest count Chartroom prices exactly")
#: Hexes a Task Force moves: no rule caps them below a counter's Movement Allowance (v1.1 9.1, 2nd 8.1).
HEXES = Bound("hexes moved", 0, MAX_WHOLE, "no rule bounds it: the largest distance Chartroom prices exactly")
#: Surface Combat Rounds fought before a withdrawal: the rounds repeat until a side withdraws or has no ship left in the fight.
#: The exact answer unrolls every round before the withdrawal, its fractions a few digits longer each round: 200 rounds take
#: under a second; 1,000 took 4 s and ended in Python's 4,300-digit limit (an internal error).
AFTER_ROUNDS = Bound("rounds fought before the withdrawal", 0, 200, "no rule bounds them: surface combat repeats its rounds "
                     "until a side withdraws or has no ship left, FitS v1.1 12.3.3.1, 2nd 11.2.3; the work budget of an exact answer")


def turn_number(text: str) -> int:
    """A game turn (:data:`TURN`)."""
    return TURN(text)


def game_options(p, default_format="text"):
    # {editions:GAME} is filled in by chartroom's help formatter, from the game's manifest, only when help is shown.
    p.add_argument("--edition", help=f"edition id: {{editions:{GAME_ID}}} (default: the game's first)")
    p.add_argument("--game", default=GAME_ID, help=f"a game id or folder (default: {GAME_ID})")
    p.add_argument("--format", choices=["text", "json"], default=default_format, help=f"output format (default {default_format})")


def scenario_options(p):
    p.add_argument("--edition", help=f"use this edition instead of the scenario's: {{editions:{GAME_ID}}}")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")


def load_game(args):
    session = args.session
    root = session.game_root(args.game)
    if root is None:
        raise UsageError(session.unknown_game(args.game))
    opened = session.open_game(root, args.edition)
    if opened.game is None or not opened.ok:
        # A game whose data has errors (a place off the playing area, a land connection to no place, a name
        # defined twice) builds a map the graph queries cannot trust: refuse it, as ``diff`` does.
        raise UsageError(opened.first_error(f"cannot load the game in {root}"))
    fire_in_the_sky_only(args, opened)
    return opened.game


def fire_in_the_sky_only(args, opened) -> None:
    """These commands apply Fire in the Sky's rules: another game is refused, pointing at its own calculations."""
    if getattr(opened.module, "name", None) == "fire_in_the_sky":
        return
    game = opened.game
    asked = game.id if game.id in args.session.bundled_games() else display_path(game.root)  # a game from outside: by its folder
    own = f"; its own questions: chartroom calc {asked}" if opened.module is not None and opened.module.calculations() else ""
    raise UsageError(f"{args.command} answers by Fire in the Sky's rules; {display_path(game.root)} holds {game.title}{own}")


def load_scenario(args):
    path = Path(args.scenario)
    problem = scenario_file_problem(path)
    if problem:
        raise UsageError(f"no scenario file {args.scenario!r}" if not path.exists() else f"{args.scenario}: {problem}")
    opened = args.session.open_scenario(path, args.edition, checks=False)
    if opened.game is None or opened.scenario is None:
        raise UsageError(opened.first_error(f"cannot load {args.scenario}"))
    fire_in_the_sky_only(args, opened)
    # Errors in the scenario itself leave out only the entries concerned; an error in the game's own data
    # (map, counters, editions, schedules) makes every answer suspect, so it stops the command.
    game_errors = opened.game_errors()
    if game_errors:
        first = game_errors[0]
        raise UsageError(f"{first.location}: {first.message} (the game data has errors; see chartroom check {opened.game.root})")
    warn_of_scenario_errors(opened)
    return opened.game, opened.scenario


def warn_of_scenario_errors(opened) -> None:
    """Errors in the scenario itself (an unknown counter or place) leave out only the entries concerned: answer anyway,
    but say so on standard error, with the first one located."""
    if opened.left_out():
        print(f"chartroom: {opened.left_out()}", file=sys.stderr)


def game_state(args):
    game, scenario = load_scenario(args)
    return game, GameState.from_scenario(game, scenario)


def place_node(graph, name: str) -> str:
    """The node of a place, box or hex id; a name that is none raises NoSuchPlace (an InputError: one line, exit 2)."""
    return graph.hex_node(name)


def counter_of(game, counter_id: str):
    counter = game.counters.get(counter_id)
    if counter is None:
        raise UsageError(f"no counter {counter_id!r} in the {edition_name(game.edition.id)} counter mix{suggest(counter_id, game.counters)}")
    if counter.type not in ("naval", "air", "land"):
        raise UsageError(f"{counter_id} is a {counter.type}, not a naval, air or land unit")
    return counter


def emit(args, data, text: str) -> int:
    if args.format == "json":
        sys.stdout.write(json.dumps(data, indent=2, sort_keys=False, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
    sys.stdout.flush()
    return EXIT_OK


def num(x):
    return int(x) if float(x).is_integer() else x

