"""``chartroom map distance|export|draw``: the map of any game (wiring only).

The game is the one of ``--scenario`` (on the scenario's own map, a plotting sheet of its own say),
else ``--game`` (an id or a folder), else the default game. Its module answers
(:meth:`toolkit.games.BaseGame.map_distance`, :meth:`~toolkit.games.BaseGame.map_export`, by map
kind in :mod:`toolkit.games.maps`); this module only prints. ``map draw`` writes the map as SVG with
the renderer of its kind.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from toolkit.errors import InputError
from toolkit.exits import EXIT_OK
from toolkit.games.maps import UNITS, Distance
from toolkit.outputs import write_atomically
from toolkit.pathnames import scenario_file_problem
from toolkit.render.png import svg_to_png
from toolkit.render.svgmap import render_map_svg
from toolkit.render.svgsetup import render_setup_svg
from toolkit.render.svgsheet import render_sheet_svg

__all__ = ["register", "HANDLERS", "render_distance", "open_map_game"]


def register(subparsers) -> None:
    p = subparsers.add_parser("map", help="the map of any game: distances, the resolved map as data, a drawing (SVG)",
                              description="The map of any game: hexes on a hex grid or a plotting sheet, steps between areas.")
    msub = p.add_subparsers(dest="map_command", metavar="SUBCOMMAND", parser_class=type(p))
    msub.required = True
    d = msub.add_parser("distance", help="hexes (or steps between areas) from one place to another; the bearing on a plotting sheet")
    d.add_argument("a", metavar="A", help="a place or box by name, an area, or a hex id CCRR")
    d.add_argument("b", metavar="B", help="another place, box, area or hex id")
    d.add_argument("--sea", action="store_true", help="count by sea (a map that tells sea from land: impassable hexsides, split hexes)")
    _options(d)
    e = msub.add_parser("export", help="the resolved map as data: nodes, adjacency, places (and the game's own layers)")
    _options(e, default_format="json")
    w = msub.add_parser("draw", help="a picture of the map, or of a scenario's set-up on it (SVG or PNG)")
    w.add_argument("set_up", nargs="?", metavar="SCENARIO", help="a scenario file: its set-up drawn on its map (counters, boxes, task forces, reinforcements)")
    w.add_argument("-o", "--output", metavar="FILE", help="the file to write: .svg, or .png (default: SVG on standard output)")
    w.add_argument("--turn", type=int, metavar="N", help="with SCENARIO: the situation at the start of turn N (default: its first turn)")
    w.add_argument("--findings", action="store_true", help="with SCENARIO: mark each finding of `check` at the place it concerns; exit status as check's")
    _options(w, formats=None)


def _options(p, default_format: str = "text", formats=("text", "json")) -> None:
    p.add_argument("--game", metavar="GAME", help="a game id or folder (default: the scenario's game, else the default game)")
    p.add_argument("--scenario", metavar="FILE", help="the map of this scenario (its game; its own map, if it has one)")
    p.add_argument("--edition", help="edition id: {editions} (default: the scenario's, else the game's first)")
    if formats:
        p.add_argument("--format", choices=list(formats), default=default_format, help=f"output format (default {default_format})")


def open_map_game(args):
    """The game (and its module) whose map the command is about: ``--scenario``, ``--game`` or the default game."""
    session = args.session
    if args.scenario:
        path = Path(args.scenario)
        problem = scenario_file_problem(path)
        if problem:
            raise InputError(f"--scenario {args.scenario}: {problem}")
        opened = session.open_scenario(path, args.edition, checks=False)
        if opened.game is None or opened.game_errors() or opened.module is None:
            raise InputError(opened.first_error(f"cannot load {args.scenario}"))
        wrong_map = opened.map_errors()  # else the answer would come from the game's map, not the one the scenario names
        if wrong_map:
            raise InputError(f"{wrong_map[0].location}: {wrong_map[0].message}")
        return opened
    name = args.game or session.default_game()
    root = session.game_root(name)
    if root is None:
        raise InputError(session.unknown_game(name))
    opened = session.open_game(root, args.edition)
    if opened.game is None or not opened.ok or opened.module is None:
        # A game whose data has errors builds a map the questions cannot trust: refuse it, as ``diff`` does.
        raise InputError(opened.first_error(f"cannot load the game in {root}"))
    return opened


def render_distance(answer: Distance, fmt: str) -> str:
    """``5 hexes``, ``2 steps (not adjacent)``, ``7 hexes, bearing 120°``; or the answer as JSON."""
    if fmt == "json":
        return json.dumps(answer.as_json(), indent=2, ensure_ascii=False) + "\n"
    by = f" by {answer.by}" if answer.by else ""
    if answer.steps is None:
        text = f"none: no path{by} between {answer.a} and {answer.b}"
    else:
        singular, plural = next((units for units in UNITS.values() if units[0] == answer.unit), (answer.unit, answer.unit + "s"))
        text = f"{answer.steps} {singular if answer.steps == 1 else plural}{by}"
        if answer.adjacent is not None and answer.steps:
            text += " (adjacent)" if answer.adjacent else " (not adjacent)"
        if answer.bearing is not None:
            text += f", bearing {answer.bearing:g}°"
    return "\n".join([text] + [f"rests on: {caveat}" for caveat in answer.caveats]) + "\n"


def _distance(args) -> int:
    opened = open_map_game(args)
    answer = opened.module.map_distance(opened.game, args.a, args.b, sea=args.sea, scenario=opened.scenario)
    _write(render_distance(answer, args.format))
    return EXIT_OK


def _export(args) -> int:
    opened = open_map_game(args)
    answer = opened.module.map_export(opened.game)
    if args.format == "json":
        _write(json.dumps(answer.data, indent=2, sort_keys=False, ensure_ascii=False) + "\n")
    else:
        _write("\n".join(answer.summary) + "\n" if answer.summary else "")
    return EXIT_OK


def _draw(args) -> int:
    if args.set_up:
        return _draw_setup(args)
    for given, option in ((args.turn is not None, "--turn"), (args.findings, "--findings")):
        if given:
            raise InputError(f"{option}: only with a SCENARIO (map draw SCENARIO {option} ...)")
    opened = open_map_game(args)
    game = opened.game
    title = f"{game.title} - map ({game.edition.citation})"
    if game.map.kind == "plotting-sheet":  # the places the sheet names, marked in their hexes
        marks: dict[str, str] = {}
        for name, place in sorted(game.map.places.items()):
            marks[place.hex] = f"{marks[place.hex]}, {name}" if place.hex in marks else name
        svg = render_sheet_svg(game.map, title, marks=marks)
    else:
        svg = render_map_svg(game, None, title=title)
    _write_drawing(args.output, svg)
    return EXIT_OK


def _draw_setup(args) -> int:
    """``map draw SCENARIO``: the set-up on its map (the game's module says what stands where), findings if asked."""
    if args.scenario or args.game:
        raise InputError("map draw SCENARIO: the scenario names its game and map; leave out --game and --scenario")
    path = Path(args.set_up)
    problem = scenario_file_problem(path)
    if problem:
        raise InputError(f"{args.set_up}: {problem}")
    if args.output:  # refuse a bad target before the work
        _target(args.output)
    opened = args.session.open_scenario(path, args.edition)
    if opened.game is None or opened.scenario is None or opened.module is None or opened.game_errors():
        raise InputError(opened.first_error(f"cannot load {args.set_up}"))
    errors = opened.errors()
    if errors and not args.findings:  # drawn anyway (an unknown counter or ship is left out): said, not silent
        print(f"chartroom: warning: {len(errors)} error(s) in the scenario, first: {errors[0].location}: {errors[0].message}; "
              f"--findings draws them on the map, chartroom check lists them", file=sys.stderr)
    setup = opened.module.setup_pieces(opened.game, opened.scenario, args.turn)
    findings = sorted(opened.findings, key=lambda f: f.sort_key()) if args.findings else None
    svg = render_setup_svg(opened.game, opened.scenario, setup, opened.module.map_style(opened.game), findings)
    _write_drawing(args.output, svg)
    return opened.exit_status if args.findings else EXIT_OK


def _target(output: str) -> Path:
    target = Path(output)
    if target.is_dir():
        raise InputError(f"-o {output}: is a folder; give the .svg or .png file to write")
    if target.is_symlink():  # as aids, site, fmt and new: a link is neither replaced nor written through (toolkit.outputs)
        raise InputError(f"-o {output}: is a symbolic link; not written through: give the file it points to, or another name")
    if target.suffix.lower() not in (".svg", ".png"):
        raise InputError(f"-o {output}: give a file ending in .svg or .png")
    if not target.parent.is_dir():
        raise InputError(f"-o {output}: no folder {target.parent} to write it in")
    return target


def _write_drawing(output: str | None, svg: str) -> None:
    """The drawing to ``output`` (.svg as it is, .png rasterised), or the SVG to standard output."""
    if not output:
        _write(svg if svg.endswith("\n") else svg + "\n")
        return
    target = _target(output)
    write_atomically(target, svg_to_png(svg) if target.suffix.lower() == ".png" else svg.encode("utf-8"))
    print(output)


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def cmd_map(args) -> int:
    return {"distance": _distance, "export": _export, "draw": _draw}[args.map_command](args)


HANDLERS = {"map": cmd_map}
