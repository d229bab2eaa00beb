"""What Fire in the Sky's commands share: argument types, options, loading through the session, output.

:mod:`.commands`, :mod:`.odds_command` and :mod:`.plan_command` import it; it imports none of them.
Input a command cannot use is a :class:`UsageError` (an :class:`~toolkit.errors.InputError`): one
line on stderr and exit status 2, mapped by ``chartroom`` itself (:func:`toolkit.exits.for_error`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from toolkit.errors import InputError
from toolkit.exits import EXIT_OK
from toolkit.games.fire_in_the_sky.state import GameState
from toolkit.load import display_path
from toolkit.model.build import suggest
from toolkit.words import edition_name

__all__ = ["GAME_ID", "UsageError", "MAX_WHOLE", "points", "turn_number", "positive", "non_negative", "game_options",
           "scenario_options", "load_game", "load_scenario", "game_state", "place_node", "counter_of", "emit", "num"]

GAME_ID = "fire-in-the-sky"


class UsageError(InputError):
    """Input the command cannot use: printed as one line, exit status 2."""


#: Largest whole number an option takes: far above any count on the map, small enough for exact arithmetic.
MAX_WHOLE = 9999


def points(text: str) -> float:
    """Transport Points: a finite number of 0 or more (not nan, inf or negative)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not (0 <= value <= MAX_WHOLE):  # also false for nan
        raise argparse.ArgumentTypeError(f"expected a number from 0 to {MAX_WHOLE}, got {text!r}")
    return value


def turn_number(text: str) -> int:
    value = positive(text)
    if value > 16:
        raise argparse.ArgumentTypeError(f"expected a game turn from 1 to 16, got {text!r}")
    return value


def positive(text: str) -> int:
    value = non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of 0 or more, got {text!r}")
    if value > MAX_WHOLE:  # a huge number overflowed float arithmetic (exit 3) or printed inexact costs
        raise argparse.ArgumentTypeError(f"expected a whole number of at most {MAX_WHOLE}, got {text!r}")
    return value


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
    own = f"; its own questions: chartroom calc {game.id}" if opened.module is not None and opened.module.calculations() else ""
    raise UsageError(f"{args.command} answers by Fire in the Sky's rules; {display_path(game.root)} holds {game.title}{own}")


def load_scenario(args):
    path = Path(args.scenario)
    if not path.is_file():
        raise UsageError(f"no scenario file {args.scenario!r}")
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
    scenario_errors = opened.errors()
    if scenario_errors:  # answer anyway, but say which entries were left out
        first = scenario_errors[0]
        print(f"chartroom: warning: {len(scenario_errors)} error(s) in the scenario, the entries concerned are left out; "
              f"first: {first.location}: {first.message}", file=sys.stderr)
    return opened.game, opened.scenario


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

