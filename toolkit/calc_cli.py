"""``chartroom calc GAME NAME``: the questions players work out by hand, answered from the data (wiring only).

Each game module offers its calculations (:class:`toolkit.games.Calculation`); this module
adds one sub-command per game and per calculation, opens the game's data, and prints the
answer as text or JSON. Bad arguments are one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from toolkit.exits import EXIT_INPUT, EXIT_OK
from toolkit.games import CalcInputError, CalcResult, all_bundled

__all__ = ["register", "HANDLERS", "cmd_calc", "render_result"]


def register(subparsers) -> None:
    p = subparsers.add_parser("calc", help="answer a rules question of a game exactly: odds, ranges, tracks (see chartroom calc GAME --help)",
                              description="Exact answers to the questions players work out by hand, from the game's own data, with the rules they rest on.")
    games = p.add_subparsers(dest="calc_game", metavar="GAME", parser_class=type(p))
    for module in all_bundled():
        offered = module.calculations()
        if not offered:
            continue
        g = games.add_parser(module.game_id, help=f"calculations of {module.game_id}",
                             description=f"Calculations of {module.game_id}; each cites the rules it applies.")
        names = g.add_subparsers(dest="calc_name", metavar="NAME", parser_class=type(p))
        for name, calculation in offered.items():
            c = names.add_parser(name, help=calculation.summary, description=calculation.summary,
                                 epilog=("examples:\n  " + "\n  ".join(calculation.examples)) if calculation.examples else None,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
            calculation.arguments(c)
            c.add_argument("--format", choices=["text", "json"], default="text", help="text for a reader, json for a program (default text)")
            c.add_argument("--data", metavar="DIR", help=f"a copy of the game's data folder to answer from (default: the bundled {module.game_id})")
            c.add_argument("--edition", help="answer for this edition (default: the game's first)")
            c.set_defaults(calc_module=module, calculation=calculation)


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


def cmd_calc(args) -> int:
    module = getattr(args, "calc_module", None)
    if module is None:
        offered = [(m.game_id, m.calculations()) for m in all_bundled()]
        game = getattr(args, "calc_game", None)
        lines = []
        for game_id, calculations in offered:
            if calculations and game in (None, game_id):
                lines.append(f"{game_id}:")
                lines += [f"  {name:<20} {c.summary}" for name, c in calculations.items()]
        sys.stdout.write("\n".join(lines) + "\n" if lines else "no game offers calculations\n")
        return EXIT_OK
    session = args.session
    root = Path(args.data) if args.data else session.game_root(module.game_id)
    if root is None or not (root / "game.yaml").is_file():
        print(f"chartroom: {args.data or module.game_id}: no game.yaml there", file=sys.stderr)
        return EXIT_INPUT
    opened = session.open_game(root, args.edition)
    if opened.game is None or opened.errors():
        print(f"chartroom: {opened.first_error(f'cannot load {root}')}", file=sys.stderr)
        return EXIT_INPUT
    if opened.game.id != module.game_id:
        print(f"chartroom: {root} holds {opened.game.id!r}, not {module.game_id!r}", file=sys.stderr)
        return EXIT_INPUT
    try:
        result = args.calculation.run(opened.game, args)
    except CalcInputError as error:
        print(f"chartroom: calc {module.game_id} {args.calculation.name}: {error}", file=sys.stderr)
        return EXIT_INPUT
    sys.stdout.write(render_result(module.game_id, args.calculation.name, result, args.format))
    return EXIT_OK


HANDLERS = {"calc": cmd_calc}
