"""Map graph commands: ``map distance|export``, ``supply``, ``zoc``, ``reach``, ``cost``; ``odds`` (:mod:`.odds_command`), ``plan`` (:mod:`.plan_command`).

Wired by :mod:`toolkit.cli` through :func:`register` and :data:`HANDLERS`. Every
command takes ``--format text|json``; places are named as on the map (bases and
boxes by name, any hex by id). A bad name is one line with a did-you-mean and
exit status 2; no command prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

# The rule queries (map graphs, supply, Air ZOC, movement) import networkx, which costs about
# 0.3 s (python -X importtime); each command imports them when it runs, so that `chartroom
# check` and the other commands, which build this parser, never pay for them.
from toolkit.games.fire_in_the_sky.costs import (
    MissingParameter,
    asw_cost,
    dd_transfer_cost,
    oil_transport,
    operational_movement_cost,
    param,
    sea_deployment_cost,
)
from toolkit.load import display_path
from toolkit.model.build import suggest

__all__ = ["register", "HANDLERS"]

from toolkit.exits import EXIT_INPUT, EXIT_OK  # noqa: E402
from toolkit.games.fire_in_the_sky.records import air_capacity, home_base, is_atoll, is_resource_hex, is_sea_hex, port_capacity, split_hexes
from toolkit.games.fire_in_the_sky.records import transport as counter_transport

GAME_ID = "fire-in-the-sky"
MODES = ("sea-deployment", "one-hex", "operational", "reaction")
MODE_NAMES = {"sea-deployment": "Sea Deployment", "one-hex": "One-hex Deployment", "operational": "Operational Movement",
              "reaction": "Reaction Movement"}


class UsageError(Exception):
    """Input the command cannot use: printed as one line, exit status 2."""


# --- argument parsing ---------------------------------------------------------------

def register(subparsers) -> None:
    """Add the map graph commands to ``chartroom``'s subparsers."""
    map_parser = subparsers.add_parser("map", help="distances on the map and the resolved map as JSON")
    parser_class = type(map_parser)
    msub = map_parser.add_subparsers(dest="map_command", metavar="SUBCOMMAND", parser_class=parser_class)
    msub.required = True
    p = msub.add_parser("distance", help="hexes between two places, boxes or hexes")
    p.add_argument("a", metavar="A", help="a place or box by name, or a hex id CCRR")
    p.add_argument("b", metavar="B", help="another place, box or hex id")
    p.add_argument("--sea", action="store_true", help="count by sea (impassable hexsides, Gangetic Plain, Malaya halves)")
    _game_options(p)
    p = msub.add_parser("export", help="the resolved map: hexes, adjacency, impassable hexsides, land connections, boxes")
    _game_options(p, default_format="json")

    p = subparsers.add_parser("supply", help="trace a Supply Line in a scenario")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--side", choices=["japan", "allied"], required=True, help="the side whose Supply Line is traced")
    p.add_argument("--to", required=True, metavar="PLACE", help="a place, box or hex id")
    p.add_argument("--nation", choices=["us", "britain"], help="trace only from this nation's Home Base")
    _scenario_options(p)

    p = subparsers.add_parser("zoc", help="hexes in the Air ZOC a side exerts in a scenario")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--side", choices=["japan", "allied"], required=True, help="the side whose air units exert it")
    _scenario_options(p)

    p = subparsers.add_parser("reach", help="where a unit can move, and what it costs")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--unit", required=True, metavar="UNIT", help="a counter id")
    p.add_argument("--mode", choices=MODES, required=True,
                   help="sea-deployment, one-hex (One-hex Deployment), operational (Operational Movement) or reaction")
    p.add_argument("--at", metavar="PLACE", help="where the unit is, when it is in several places")
    p.add_argument("--with", dest="companions", nargs="+", default=[], metavar="UNIT",
                   help="more counter ids at the same place, moving with it as one Task Force")
    p.add_argument("--tp", type=_points, help="Transport Points available (sea deployment)")
    _scenario_options(p)

    p = subparsers.add_parser("cost", help="Transport and Oil Point costs")
    csub = p.add_subparsers(dest="cost_command", metavar="SUBCOMMAND", parser_class=parser_class)
    csub.required = True
    c = csub.add_parser("sea-deployment", help="TP for Sea Deployments of one counter")
    c.add_argument("--unit", required=True, metavar="UNIT", help="a counter id")
    c.add_argument("--deployments", type=_positive, default=1, help="Sea Deployments made, each paid again (default 1)")
    c.add_argument("--count", type=_positive, default=1, help="identical counters moving")
    c.add_argument("--steps", type=_positive, help="air steps (default 2)")
    _game_options(c)
    c = csub.add_parser("operational", help="TP and Oil for one Task Force moving N hexes")
    c.add_argument("--units", required=True, nargs="+", metavar="UNIT", help="the counter ids of the Task Force")
    c.add_argument("--hexes", required=True, type=_non_negative, help="hexes moved (0: the Task Force stays in its hex)")
    c.add_argument("--turn", type=_turn, help="game turn (Resource Hex Fueling from Turn 10)")
    c.add_argument("--from-resource-hex", action="store_true", help="the Task Force starts in a Resource Hex")
    c.add_argument("--reaction", action="store_true", help="price it as Reaction Movement")
    _game_options(c)
    c = csub.add_parser("oil-transport", help="Oil Points Japan may ship in a scenario, and their TP")
    c.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    _scenario_options(c)
    c = csub.add_parser("dd-transfer", help="TP to move DD units to or from the Convoy Escort box")
    c.add_argument("--count", type=_non_negative, default=1, help="DD units moved (default 1)")
    _game_options(c)
    c = csub.add_parser("asw", help="Oil for convoy ASW dice")
    c.add_argument("--rolls", type=_non_negative, default=1, help="ASW dice rolled (default 1)")
    _game_options(c)

    from toolkit.games.fire_in_the_sky import odds_command, plan_command  # they import this module's helpers

    odds_command.register(subparsers)
    plan_command.register(subparsers)


#: Largest whole number an option takes: far above any count on the map, small enough for exact arithmetic.
MAX_WHOLE = 9999


def _points(text: str) -> float:
    """Transport Points: a finite number of 0 or more (not nan, inf or negative)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not (0 <= value <= MAX_WHOLE):  # also false for nan
        raise argparse.ArgumentTypeError(f"expected a number from 0 to {MAX_WHOLE}, got {text!r}")
    return value


def _turn(text: str) -> int:
    value = _positive(text)
    if value > 16:
        raise argparse.ArgumentTypeError(f"expected a game turn from 1 to 16, got {text!r}")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of 0 or more, got {text!r}")
    if value > MAX_WHOLE:  # a huge number overflowed float arithmetic (exit 3) or printed inexact costs
        raise argparse.ArgumentTypeError(f"expected a whole number of at most {MAX_WHOLE}, got {text!r}")
    return value


def _game_options(p, default_format="text"):
    # {editions:GAME} is filled in by chartroom's help formatter, from the game's manifest, only when help is shown.
    p.add_argument("--edition", help=f"edition id: {{editions:{GAME_ID}}} (default: the game's first)")
    p.add_argument("--game", default=GAME_ID, help=f"a game id or folder (default: {GAME_ID})")
    p.add_argument("--format", choices=["text", "json"], default=default_format, help=f"output format (default {default_format})")


def _scenario_options(p):
    p.add_argument("--edition", help=f"use this edition instead of the scenario's: {{editions:{GAME_ID}}}")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")


# --- loading ---------------------------------------------------------------------------

def _load_game(args):
    session = args.session
    root = session.game_root(args.game)
    if root is None:
        raise UsageError(session.unknown_game(args.game))
    opened = session.open_game(root, args.edition)
    if opened.game is None or not opened.ok:
        # A game whose data has errors (a place off the playing area, a land connection to no place, a name
        # defined twice) builds a map the graph queries cannot trust: refuse it, as ``diff`` does.
        raise UsageError(opened.first_error(f"cannot load the game in {root}"))
    _fire_in_the_sky_only(args, opened)
    return opened.game


def _fire_in_the_sky_only(args, opened) -> None:
    """These commands apply Fire in the Sky's rules: another game is refused, pointing at its own calculations."""
    if getattr(opened.module, "name", None) == "fire_in_the_sky":
        return
    game = opened.game
    own = f"; its own questions: chartroom calc {game.id}" if opened.module is not None and opened.module.calculations() else ""
    raise UsageError(f"{args.command} answers by Fire in the Sky's rules; {display_path(game.root)} holds {game.title}{own}")


def _load_scenario(args):
    path = Path(args.scenario)
    if not path.is_file():
        raise UsageError(f"no scenario file {args.scenario!r}")
    opened = args.session.open_scenario(path, args.edition, checks=False)
    if opened.game is None or opened.scenario is None:
        raise UsageError(opened.first_error(f"cannot load {args.scenario}"))
    _fire_in_the_sky_only(args, opened)
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


def _first_error(loaded, fallback: str) -> str:
    for finding in loaded.findings:
        if finding.severity == "error":
            return f"{finding.location}: {finding.message}"
    return fallback


def _state(args):
    from toolkit.games.fire_in_the_sky.state import GameState

    game, scenario = _load_scenario(args)
    return game, GameState.from_scenario(game, scenario)


def _node(graph, name: str) -> str:
    from toolkit.games.fire_in_the_sky.mapgraph import NoSuchPlace

    try:
        return graph.hex_node(name)
    except NoSuchPlace as error:
        raise UsageError(str(error)) from None


def _counter(game, counter_id: str):
    counter = game.counters.get(counter_id)
    if counter is None:
        raise UsageError(f"no counter {counter_id!r} in the {game.edition.id} counter mix{suggest(counter_id, game.counters)}")
    if counter.type not in ("naval", "air", "land"):
        raise UsageError(f"{counter_id} is a {counter.type}, not a naval, air or land unit")
    return counter


# --- output --------------------------------------------------------------------------

def _emit(args, data, text: str) -> int:
    if args.format == "json":
        sys.stdout.write(json.dumps(data, indent=2, sort_keys=False, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
    sys.stdout.flush()
    return EXIT_OK


def _num(x):
    return int(x) if float(x).is_integer() else x


# --- commands --------------------------------------------------------------------------

def cmd_map(args) -> int:
    return _guard({"distance": _map_distance, "export": _map_export}[args.map_command], args)


def _map_distance(args) -> int:
    from toolkit.games.fire_in_the_sky.mapgraph import map_graph

    game = _load_game(args)
    graph = map_graph(game.map)
    _node(graph, args.a), _node(graph, args.b)
    d = graph.distance(args.a, args.b, sea=args.sea)
    by = " by sea" if args.sea else ""
    text = f"none: no path{by} between {args.a} and {args.b}" if d is None else f"{d} {'hex' if d == 1 else 'hexes'}{by}"
    return _emit(args, {"distance": d}, text)


def _map_export(args) -> int:
    game = _load_game(args)
    data = export_map(game)
    lines = [f"{game.title} map, edition {game.edition.id}: {len(data['hexes'])} hexes, "
             f"{len(data['impassable_hexsides'])} impassable hexsides, {len(data['land_connections'])} land connections, "
             f"{len(data['boxes'])} boxes"]
    for h in data["hexes"]:
        if h["place"]:
            lines.append(f"{h['hex']}  {h['place']['name']} ({h['place']['kind']})")
    return _emit(args, data, "\n".join(lines))


def export_map(game) -> dict:
    """The resolved map as plain data: deterministic, sorted."""
    from toolkit.games.fire_in_the_sky.mapgraph import map_graph

    graph = map_graph(game.map)
    m = game.map
    hexes = []
    for h in sorted(m.hexes):
        attrs = graph.grid.nodes[h]
        place = graph.places_by_hex.get(h)
        hexes.append({
            "hex": h, "column": attrs["column"], "row": attrs["row"], "cube": list(attrs["cube"]),
            "sea": h in graph.sea or h in graph.splits,
            "place": None if place is None else {
                "name": place.name, "kind": place.kind, "air": air_capacity(place), "port": port_capacity(place),
                "atoll": is_atoll(place), "vp": place.vp, "flag": place.flag, "home_base": home_base(place),
                "resource": is_resource_hex(place), "sea": is_sea_hex(place),
            },
        })
    pairs = lambda g: sorted(sorted((u, v)) for u, v in g.edges())  # noqa: E731
    return {
        "game": game.id, "edition": game.edition.id,
        "hexes": hexes,
        "adjacency": {"grid": pairs(graph.grid), "sea": pairs(graph.sea)},
        "impassable_hexsides": sorted(sorted(side) for side in m.impassable),
        "land_connections": sorted(
            ({"between": sorted([graph.hex_node(c.a), graph.hex_node(c.b)]), "places": sorted([c.a, c.b])}
             for c in m.land_connections), key=lambda r: r["between"]),
        "split_hexes": [{"hex": s.hex, "name": s.name,
                         "halves": [{"name": half, "node": f"{s.hex}/{half}", "neighbours": sorted(n)} for half, n in s.halves]}
                        for s in sorted(split_hexes(m), key=lambda s: s.hex)],
        "boxes": [{"name": b.name, "kind": b.kind, "nation": b.nation, "home_base": home_base(b),
                   "connects_to": b.connects_to, "entry_hexes": sorted(b.entry_hexes), "of": b.of}
                  for b in sorted(m.boxes.values(), key=lambda b: b.name)],
    }


def cmd_supply(args) -> int:
    def run(args):
        from toolkit.games.fire_in_the_sky.supply import supply_line

        game, state = _state(args)
        _node(state.graph, args.to)
        result = supply_line(state, args.side, args.to, nation=args.nation)
        text = (f"supplied: {' > '.join(result.path)} ({result.rule})" if result.supplied
                else f"not supplied: {result.reason} ({result.rule})")
        return _emit(args, result.as_json(), text)
    return _guard(run, args)


def cmd_zoc(args) -> int:
    def run(args):
        from toolkit.games.fire_in_the_sky.air_zoc import air_zoc

        game, state = _state(args)
        hexes = sorted(air_zoc(state, args.side))
        header = f"Air ZOC of {game.side_name(args.side)}: {len(hexes)} {'hex' if len(hexes) == 1 else 'hexes'} ({game.edition.cite('air-zoc')})"
        text = "\n".join([header] + [f"{h}  {state.graph.label(h)}" if state.graph.label(h) != h else h for h in hexes])
        return _emit(args, hexes, text)
    return _guard(run, args)


def _pick_units(state, args):
    graph = state.graph
    at = None
    if args.at:
        node = _node(graph, args.at)
        at = graph.node_hex(node) or node
    chosen = []
    taken = set()
    for counter_id in [args.unit, *args.companions]:
        units = [u for u in state.units if u.counter.id == counter_id and u.at is not None and u.id not in taken]
        if not units:
            present = sorted({u.counter.id for u in state.units if u.at is not None})
            raise UsageError(f"no unit {counter_id!r} on the map in this scenario{suggest(counter_id, present)}")
        where = at if at is not None else (graph.node_hex(chosen[0].at) or chosen[0].at if chosen else None)
        if where is not None:
            here = [u for u in units if (graph.node_hex(u.at) or u.at) == where]
            if not here:
                raise UsageError(f"no {counter_id} at {graph.label(where)}; it is at "
                                 f"{', '.join(sorted({graph.label(graph.node_hex(u.at) or u.at) for u in units}))}")
            units = here
        else:
            places = sorted({graph.label(graph.node_hex(u.at) or u.at) for u in units})
            if len(places) > 1:
                raise UsageError(f"{counter_id} is in several places ({', '.join(places)}): give --at PLACE")
        chosen.append(units[0])
        taken.add(units[0].id)
    return chosen


def cmd_reach(args) -> int:
    def run(args):
        from toolkit.games.fire_in_the_sky import movement

        game, state = _state(args)
        units = _pick_units(state, args)
        try:
            if args.mode == "sea-deployment":
                reach = movement.sea_deployment(state, units[0], tp=args.tp)
            elif args.mode == "one-hex":
                reach = movement.one_hex_deployment(state, units[0])
            elif args.mode == "operational":
                reach = movement.operational_movement(state, units)
            else:
                reach = movement.reaction(state, units)
        except movement.RuleError as error:
            raise UsageError(f"{error} ({error.rule})") from None
        graph = state.graph
        rows = []
        # Sea Deployment is counted in deployments (each up to 4 hexes, 8.2); other movement in hexes.
        by_deployment = bool(reach.deployments)
        order = (lambda k: (reach.deployments.get(k, 0), reach[k].tp, k)) if by_deployment else (lambda k: (reach.hexes[k], k))
        for label in sorted(reach, key=order):
            node = reach.nodes[label]
            h = graph.node_hex(node)
            row = {"place": None if label == h else label, "hex": h, "cost": reach[label].as_json()}
            if by_deployment:
                row["deployments"] = reach.deployments[label]
            else:
                row["hexes"] = reach.hexes[label]
            rows.append(row)
        moving = " with ".join([", ".join(u.counter.id for u in units[:1]), ", ".join(u.counter.id for u in units[1:])]).rstrip(" with")
        start = graph.label(graph.node_hex(units[0].at) or units[0].at)
        header = f"{moving} from {start}, {MODE_NAMES[args.mode]}: {len(rows)} {'place' if len(rows) == 1 else 'places'} ({reach.rule})"
        if rows:
            text = "\n".join([header] + [
                f"{r['place'] or '-':<22} {r['hex'] or '-':<5} "
                + (f"{r['deployments']} deployment(s)" if by_deployment else f"{r['hexes']:>2} hex(es)")
                + f"  tp {r['cost']['tp']:g}  oil {r['cost']['oil']:g}" for r in rows])
        else:
            text = f"{header}\nnowhere: {reach.reason} ({reach.rule})"
        return _emit(args, rows, text)
    return _guard(run, args)


def cmd_cost(args) -> int:
    return _guard({"sea-deployment": _cost_sea, "operational": _cost_operational, "oil-transport": _cost_oil,
                   "dd-transfer": _cost_dd, "asw": _cost_asw}[args.cost_command], args)


def _cost_sea(args) -> int:

    game = _load_game(args)
    counter = _counter(game, args.unit)
    if args.steps is not None and counter.type != "air":
        raise UsageError(f"--steps is for air units; {args.unit} is a {counter.type} unit")
    transport = float(args.steps or counter.steps) if counter.type == "air" else counter_transport(counter)
    tp = sea_deployment_cost(game.edition, counter.type, transport, args.deployments) * args.count
    rule = game.edition.cite("sea-deployment")
    return _emit(args, {"tp": _num(tp), "rule": rule}, f"{_num(tp)} TP ({rule})")


def _cost_operational(args) -> int:
    from toolkit.games.fire_in_the_sky.movement import RuleError, _allowance, task_force
    from toolkit.games.fire_in_the_sky.state import GameState, UnitState

    game = _load_game(args)
    units = []
    for i, counter_id in enumerate(args.units):
        counter = _counter(game, counter_id)
        units.append(UnitState(f"{counter_id}#{i}", counter, counter.side, "x", 2 if counter.type == "air" else 1))
    if args.hexes == 0 and not args.reaction and not param(game.edition, "operational_same_hex"):
        # v1.1 9.3 prices moves of 1-4 hexes and of more than 4; a Task Force that stays in its hex does not move.
        raise UsageError(f"--hexes 0: a Task Force using Operational Movement moves at least 1 hex; the Oil cost is given for "
                         f"1-4 hexes and more than 4 ({game.edition.cite('naval-oil-cost')}). A Japanese Task Force reacting into "
                         f"its own hex pays the 1-4 hexes cost: add --reaction ({game.edition.cite('reaction')})")
    state = GameState(game.map, game.edition)
    try:
        task_force(state, units)
    except RuleError as error:
        raise UsageError(f"{error} ({error.rule})") from None
    # A Task Force moves as far as its slowest unit (v1.1 9.1, 9.4; 2nd 8.0, 8.1); a reaction half that, rounded up.
    reach = min(_allowance(state, u) for u in units)
    if args.reaction:
        reach = -(-reach // 2)
    if args.hexes > reach:
        kind = "reacting Task Force" if args.reaction else "Task Force"
        rule = game.edition.cite("reaction" if args.reaction else "task-force")
        raise UsageError(f"this {kind} moves at most {reach} hexes (its slowest unit), not {args.hexes} ({rule})")
    cost = operational_movement_cost(game.edition, units, args.hexes, turn=args.turn,
                                     start_resource=args.from_resource_hex, reaction=args.reaction)
    rule = game.edition.cite("reaction" if args.reaction else "naval-oil-cost")
    return _emit(args, {**cost.as_json(), "rule": rule}, f"tp {_num(cost.tp)}  oil {_num(cost.oil)}")


def _cost_oil(args) -> int:
    from toolkit.games.fire_in_the_sky.supply import resource_hexes_supplied

    game, state = _state(args)
    scenario = _load_scenario(args)[1]
    pool = _marker(scenario, "merchantmen_pool")
    pool = game.edition.param("merchantmen_pool_start", 0) if pool is None else pool  # a pool of 0 is 0, not the start
    tp = _marker(scenario, "transport_points", "japan")
    tp = pool if tp is None else tp
    hexes = resource_hexes_supplied(state)
    result = oil_transport(game.edition, len(hexes), pool, tp)
    data = {**result.as_json(), "resource_hexes": hexes, "merchantmen_pool": _num(pool), "transport_points": _num(tp),
            "rule": game.edition.cite("oil-transport")}
    text = (f"{result.max_oil} Oil Points for {_num(result.tp_cost)} TP (Resource Hexes supplied: "
            f"{', '.join(hexes) or 'none'}; limits: {result.by_resource} by Resource Hexes, {result.by_pool} by half the "
            f"Merchantmen Pool, {result.by_tp} by TP)")
    return _emit(args, data, text)


def _marker(scenario, name, nation=None):
    value = scenario.marker(name, nation)
    return None if value is None else getattr(value, "value", value)


def _cost_dd(args) -> int:

    game = _load_game(args)
    tp = dd_transfer_cost(game.edition, args.count)
    rule = game.edition.cite("dd-transfer")
    return _emit(args, {"tp": _num(tp), "rule": rule}, f"{_num(tp)} TP ({rule})")


def _cost_asw(args) -> int:

    game = _load_game(args)
    oil = asw_cost(game.edition, args.rolls)
    rule = game.edition.cite("asw")
    return _emit(args, {"oil": _num(oil), "rule": rule}, f"{_num(oil)} Oil {'Point' if oil == 1 else 'Points'} ({rule})")


def _guard(func, args) -> int:
    """Run a command: input problems are one line on stderr and exit status 2."""
    try:
        return func(args)
    except UsageError as error:
        sys.stderr.write(f"chartroom: {error}\n")
        return EXIT_INPUT
    except MissingParameter as error:  # incomplete game data, not a program error
        sys.stderr.write(f"chartroom: {error}\n")
        return EXIT_INPUT


def cmd_odds(args) -> int:
    from toolkit.games.fire_in_the_sky.odds_command import cmd_odds as run

    return run(args)


def cmd_plan(args) -> int:
    from toolkit.games.fire_in_the_sky.plan_command import cmd_plan as run

    return run(args)


HANDLERS = {"map": cmd_map, "supply": cmd_supply, "zoc": cmd_zoc, "reach": cmd_reach, "cost": cmd_cost, "odds": cmd_odds,
            "plan": cmd_plan}
