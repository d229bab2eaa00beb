"""``chartroom calc`` and ``chartroom odds``: each game's own questions, asked one way for every game (wiring only).

``chartroom calc`` lists every game's questions; ``chartroom calc GAME NAME ...`` asks one. A game's
questions are its calculations (:class:`toolkit.games.Calculation`, typed parameters, callable from
Python) and the commands its module adds (Fire in the Sky's ``supply``, ``zoc``, ``reach``, ``cost``,
``plan``). ``chartroom odds GAME KIND ...`` asks the odds of a battle, for every game whose rules have
dice combat; ``chartroom odds`` lists them. Where the game is not written, it is taken from ``--game``
or from a scenario on the command line (:func:`toolkit.surface.canonical`), and the default game keeps its spellings
from before the other games (``chartroom odds strike ...``, ``chartroom supply ...``).

This module builds the parameters from argparse's answer, opens the game through the session and
prints the result; errors are one line on stderr (``chartroom`` maps them to exit statuses).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Sequence

from toolkit.errors import InputError
from toolkit.exact import exact_fractions
from toolkit.exits import EXIT_OK
from toolkit.games import CalcInputError, CalcResult, Calculation, GameModule, ScenarioInput
from toolkit.surface import questions

__all__ = ["register", "HANDLERS", "cmd_calc", "cmd_odds", "render_result", "parameters_from"]


def register(subparsers, games: Sequence[GameModule], default: GameModule | None = None) -> None:
    """Add ``calc`` and ``odds`` with the questions of ``games`` (the default game's odds also without its id)."""
    p = subparsers.add_parser("calc", help="a game's own questions, answered exactly: odds, ranges, tracks, supply (chartroom calc lists them)",
                              description="Exact answers to the questions players work out by hand, from the game's own data, with the "
                                          "rules they rest on. Without GAME, the list of every game's questions.")
    calc_games = p.add_subparsers(dest="calc_game", metavar="GAME", parser_class=type(p))
    o = subparsers.add_parser("odds", help="exact battle odds of a game (chartroom odds lists them)",
                              description="Exact odds of a game's battles, from its combat tables. Without GAME, the default game's "
                                          "kinds, or the list of every game's.")
    odds_games = o.add_subparsers(dest="odds_game", metavar="GAME|KIND", parser_class=type(p))
    for module in games:
        _register_calc(calc_games, module)
        _register_odds(odds_games, module, alias=False)
    if default is not None and default in games:
        _register_odds(odds_games, default, alias=True)


def _register_calc(calc_games, module: GameModule) -> None:
    g = calc_games.add_parser(module.game_id, help=f"questions of {module.game_id}",
                              description=f"Questions of {module.game_id}; each cites the rules it applies.")
    _listing_game_option(g)
    names = g.add_subparsers(dest="calc_name", metavar="NAME", parser_class=type(g))
    for calculation in module.calculations().values():
        _calculation_parser(names, module, calculation)
    for name, handler in module.register_commands(names).items():
        names.choices[name].set_defaults(command_handler=handler)
    for kind, handler in _odds_kinds(module, names).items():  # its kinds of battle are questions too
        names.choices[kind].set_defaults(command_handler=handler, odds_command=kind)
    g.set_defaults(calc_module=module)


def _register_odds(odds_games, module: GameModule, alias: bool) -> None:
    """``odds GAME KIND`` (or, for the default game's ``alias``, ``odds KIND``) for a game that has any."""
    calculations = [c for c in module.calculations().values() if c.group == "odds"]
    scratch = argparse.ArgumentParser(add_help=False).add_subparsers()
    if not calculations and not module.odds_kinds(scratch):
        return  # `chartroom odds GAME` of such a game: refused by :func:`toolkit.surface.no_battles` before parsing
    if alias:
        kinds = odds_games
    else:
        g = odds_games.add_parser(module.game_id, help=f"battles of {module.game_id}",
                                  description=f"Exact odds of the battles of {module.game_id}; each cites the rules it applies.")
        _listing_game_option(g)
        kinds = g.add_subparsers(dest="odds_kind", metavar="KIND", parser_class=type(g))
        g.set_defaults(odds_game_module=module)  # `chartroom odds GAME`: the list of its kinds
    for calculation in calculations:
        if calculation.name not in kinds.choices:
            _calculation_parser(kinds, module, calculation).set_defaults(odds_module=module)
    for kind, handler in _odds_kinds(module, kinds, f" ({module.game_id})" if alias else "").items():
        kinds.choices[kind].set_defaults(command_handler=handler, odds_module=module)


def _listing_game_option(parser) -> None:
    """``--game FOLDER`` on a game's list of questions: ``chartroom calc FOLDER`` is read as ``calc GAME --game FOLDER``
    (:func:`toolkit.surface.canonical`), a game from outside the package named by its folder."""
    parser.add_argument("--game", "--data", dest="game", metavar="GAME", help="the game's folder (a game from outside the package)")


def _odds_kinds(module: GameModule, kinds, whose: str = "") -> dict:
    taken = set(kinds.choices)
    handlers = module.odds_kinds(_Skipping(kinds, taken, whose))
    return {kind: handler for kind, handler in handlers.items() if kind not in taken}


class _Skipping:
    """Subparsers that add a kind only once (a game id and a kind of the default game never shadow each other)."""

    def __init__(self, subparsers, taken: set[str], whose: str = ""):
        self._subparsers, self._taken, self._whose = subparsers, taken, whose

    def add_parser(self, name: str, **kwargs):
        if name in self._taken:
            return argparse.ArgumentParser(add_help=False)  # a throwaway: the name keeps its first meaning
        if kwargs.get("help") and self._whose:  # the default game's kinds, listed without its id, say whose they are
            kwargs["help"] += self._whose
        return self._subparsers.add_parser(name, **kwargs)

    def __getattr__(self, name):
        return getattr(self._subparsers, name)


def _calculation_parser(names, module: GameModule, calculation: Calculation):
    c = names.add_parser(calculation.name, help=calculation.summary, description=calculation.summary,
                         epilog=("examples:\n  " + "\n  ".join(calculation.examples)) if calculation.examples else None,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    calculation.arguments(c)
    c.add_argument("--format", choices=["text", "json"], default="text", help="text for a reader, json for a program (default text)")
    c.add_argument("--exact", action="store_true",
                   help="write every chance's exact fraction beside its decimal (default: only the short ones; JSON always has both)")
    c.add_argument("--game", "--data", dest="game", metavar="GAME",
                   help=f"the game's id, or a copy of its data folder to answer from (default: the bundled {module.game_id})")
    c.add_argument("--edition", help="answer for this edition (default: the game's first)")
    c.set_defaults(calc_module=module, calculation=calculation)
    return c


# --- answering -------------------------------------------------------------------------------------

def parameters_from(calculation: Calculation, args, session, game) -> object:
    """The calculation's typed parameters from argparse's answer: a scenario path opened through the session."""
    values = {f.name: getattr(args, f.name) for f in dataclasses.fields(calculation.parameters)
              if f.name != "documents" and hasattr(args, f.name)}
    if isinstance(values.get("scenario"), str):
        values["scenario"] = _scenario(values["scenario"], session, game)
    return calculation.parameters(**values, documents=tuple(getattr(args, "documents", ())))


def _scenario(path: str, session, game) -> ScenarioInput:
    _of_the_game(path, session, game)
    opened = session.open_scenario(Path(path), game.edition.id, checks=False)
    if opened.scenario is None or not opened.ok:
        first = next(iter(opened.errors()), None)
        raise CalcInputError(f"--scenario {path}: cannot load it" + (f" ({first.location}: {first.code} {first.message})" if first else ""))
    return ScenarioInput(opened.game, opened.scenario, path)


def _of_the_game(path: str, session, game) -> None:
    """A scenario naming another game (its ``game:``) refused in one line, before it is loaded in this game's edition
    (which answered with an edition error: REF-EDITION 'supplement' is not one of this game's editions)."""
    owner = session.game_of(Path(path))
    if owner is None or owner == game.id:
        return
    root = session.root_of(Path(path))  # its game's folder: beside or above it, else the bundled game it names
    manifest = session.game_manifest(root)[0] if root is not None else None
    title = (manifest or {}).get("title") or owner
    own = f"; its own questions: chartroom calc {owner}" if session.game_root(owner) is not None else ""
    raise CalcInputError(f"--scenario {path}: a scenario of {title} (game: {owner}), not of {game.title}{own}")


def render_result(game_id: str, name: str, result: CalcResult, fmt: str) -> str:
    """The answer as text (title, lines, rules, caveats) or as one JSON document."""
    if fmt == "json":
        document = {"game": game_id, "calculation": name, "title": result.title, "rules": list(result.rules),
                    "caveats": list(result.caveats), "result": result.data}
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    out = [result.title, *(f"  {line}" for line in result.lines)]
    if result.rules:
        out.append(f"rules: {', '.join(result.rules)}")
    out += [f"rests on: {caveat}" for caveat in result.caveats]
    return "\n".join(out) + "\n"


def _listing(games: Sequence[GameModule], verb: str) -> str:
    lines = []
    for module in games:
        asked = questions(module, verb)
        if asked:
            lines.append(f"{module.game_id}:")
            lines += [f"  {name:<20} {summary}" for name, summary in asked]
    what = "KIND" if verb == "odds" else "NAME"
    lines.append(f"ask one: chartroom {verb} GAME {what} --help (or chartroom {verb} {what} --game GAME)")
    return "\n".join(lines) + "\n"


def _answer(args, module: GameModule, calculation: Calculation) -> int:
    session = args.session
    name = args.game or module.game_id
    root = session.game_root(name)
    if root is None:
        raise InputError(f"{name}: no game.yaml there{'' if Path(name).exists() else ' (no such game or folder)'}")
    opened = session.open_game(root, args.edition)
    if opened.game is None or opened.errors():
        raise InputError(opened.first_error(f"cannot load {root}"))
    if opened.game.id != module.game_id:
        raise InputError(f"{root} holds {opened.game.id!r}, not {module.game_id!r}")
    args.documents = tuple(opened.documents)
    try:
        result = calculation.run(opened.game, parameters_from(calculation, args, session, opened.game))
    except CalcInputError as error:  # say which question refused it
        raise CalcInputError(f"calc {module.game_id} {calculation.name}: {error}") from None
    sys.stdout.write(render_result(module.game_id, calculation.name, result, args.format))
    return EXIT_OK


def cmd_calc(args) -> int:
    return _asked(args, "calc", "calc_module")


def cmd_odds(args) -> int:
    return _asked(args, "odds", "odds_game_module")



def _asked(args, verb: str, listed_module: str) -> int:
    """A game's own command, one question answered, or the questions listed (of the game named, else of every game)."""
    with exact_fractions(getattr(args, "exact", False)):  # --exact: every fraction beside its decimal
        handler = getattr(args, "command_handler", None)
        if handler is not None:  # a command the game added (Fire in the Sky's supply, cost, ...)
            return handler(args)
        calculation = getattr(args, "calculation", None)
        if calculation is None:
            module = getattr(args, listed_module, None)
            sys.stdout.write(_listing([module] if module is not None else args.games, verb))
            return EXIT_OK
        return _answer(args, args.calc_module, calculation)


HANDLERS = {"calc": cmd_calc, "odds": cmd_odds}
