"""Fire in the Sky's own commands: ``supply``, ``zoc``, ``reach``, ``cost`` and ``plan`` (:mod:`.plan_command`).

The game registers them (:func:`register`, :data:`HANDLERS`) as ``chartroom calc fire-in-the-sky NAME``
and, as Fire in the Sky's spellings from before the other games, at the top level too. Its battle
odds are ``chartroom odds`` (:mod:`.odds_command`), its map questions ``chartroom map``
(:mod:`.map_questions`). Every command takes ``--format text|json``; places are named as on the map
(bases and boxes by name, any hex by id). A bad name is one line with a did-you-mean and exit status
2 (:class:`.command_support.UsageError`, mapped by ``chartroom``); no command prints a traceback.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky import plan_command
from toolkit.games.fire_in_the_sky.command_support import (
    UsageError,
    counter_of,
    emit,
    game_options,
    game_state,
    load_game,
    load_scenario,
    non_negative,
    num,
    place_node,
    points,
    positive,
    scenario_options,
    turn_number,
)
from toolkit.games.fire_in_the_sky.costs import (
    asw_cost,
    dd_transfer_cost,
    oil_transport,
    operational_movement_cost,
    param,
    sea_deployment_cost,
)
from toolkit.model.build import suggest

__all__ = ["register", "HANDLERS", "COMMANDS"]

MODES = ("sea-deployment", "one-hex", "operational", "reaction")
MODE_NAMES = {"sea-deployment": "Sea Deployment", "one-hex": "One-hex Deployment", "operational": "Operational Movement",
              "reaction": "Reaction Movement"}


# --- argument parsing ---------------------------------------------------------------

def register(subparsers) -> None:
    """Add the game's commands to ``subparsers`` (``chartroom``'s, or those of ``chartroom calc fire-in-the-sky``)."""
    p = subparsers.add_parser("supply", help="trace a Supply Line in a scenario")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--side", choices=["japan", "allied"], required=True, help="the side whose Supply Line is traced")
    p.add_argument("--to", required=True, metavar="PLACE", help="a place, box or hex id")
    p.add_argument("--nation", choices=["us", "britain"], help="trace only from this nation's Home Base")
    scenario_options(p)

    p = subparsers.add_parser("zoc", help="hexes in the Air ZOC a side exerts in a scenario")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--side", choices=["japan", "allied"], required=True, help="the side whose air units exert it")
    scenario_options(p)

    p = subparsers.add_parser("reach", help="where a unit can move, and what it costs")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--unit", required=True, metavar="UNIT", help="a counter id")
    p.add_argument("--mode", choices=MODES, required=True,
                   help="sea-deployment, one-hex (One-hex Deployment), operational (Operational Movement) or reaction")
    p.add_argument("--at", metavar="PLACE", help="where the unit is, when it is in several places")
    p.add_argument("--with", dest="companions", nargs="+", default=[], metavar="UNIT",
                   help="more counter ids at the same place, moving with it as one Task Force")
    p.add_argument("--tp", type=points, help="Transport Points available (sea deployment)")
    scenario_options(p)

    p = subparsers.add_parser("cost", help="Transport and Oil Point costs")
    csub = p.add_subparsers(dest="cost_command", metavar="SUBCOMMAND", parser_class=type(p))
    csub.required = True
    c = csub.add_parser("sea-deployment", help="TP for Sea Deployments of one counter")
    c.add_argument("--unit", required=True, metavar="UNIT", help="a counter id")
    c.add_argument("--deployments", type=positive, default=1, help="Sea Deployments made, each paid again (default 1)")
    c.add_argument("--count", type=positive, default=1, help="identical counters moving")
    c.add_argument("--steps", type=positive, help="air steps (default 2)")
    game_options(c)
    c = csub.add_parser("operational", help="TP and Oil for one Task Force moving N hexes")
    c.add_argument("--units", required=True, nargs="+", metavar="UNIT", help="the counter ids of the Task Force")
    c.add_argument("--hexes", required=True, type=non_negative, help="hexes moved (0: the Task Force stays in its hex)")
    c.add_argument("--turn", type=turn_number, help="game turn (Resource Hex Fueling from Turn 10)")
    c.add_argument("--from-resource-hex", action="store_true", help="the Task Force starts in a Resource Hex")
    c.add_argument("--reaction", action="store_true", help="price it as Reaction Movement")
    game_options(c)
    c = csub.add_parser("oil-transport", help="Oil Points Japan may ship in a scenario, and their TP")
    c.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    scenario_options(c)
    c = csub.add_parser("dd-transfer", help="TP to move DD units to or from the Convoy Escort box")
    c.add_argument("--count", type=non_negative, default=1, help="DD units moved (default 1)")
    game_options(c)
    c = csub.add_parser("asw", help="Oil for convoy ASW dice")
    c.add_argument("--rolls", type=non_negative, default=1, help="ASW dice rolled (default 1)")
    game_options(c)

    plan_command.register(subparsers)


# --- commands --------------------------------------------------------------------------

def cmd_supply(args) -> int:
    from toolkit.games.fire_in_the_sky.supply import supply_line

    game, state = game_state(args)
    place_node(state.graph, args.to)
    result = supply_line(state, args.side, args.to, nation=args.nation)
    text = (f"supplied: {' > '.join(result.path)} ({result.rule})" if result.supplied
            else f"not supplied: {result.reason} ({result.rule})")
    return emit(args, result.as_json(), text)


def cmd_zoc(args) -> int:
    from toolkit.games.fire_in_the_sky.air_zoc import air_zoc

    game, state = game_state(args)
    hexes = sorted(air_zoc(state, args.side))
    header = f"Air ZOC of {game.side_name(args.side)}: {len(hexes)} {'hex' if len(hexes) == 1 else 'hexes'} ({game.edition.cite('air-zoc')})"
    text = "\n".join([header] + [f"{h}  {state.graph.label(h)}" if state.graph.label(h) != h else h for h in hexes])
    return emit(args, hexes, text)


def _pick_units(state, args):
    graph = state.graph
    at = None
    if args.at:
        node = place_node(graph, args.at)
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
    from toolkit.games.fire_in_the_sky import movement

    game, state = game_state(args)
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
    return emit(args, rows, text)


def cmd_cost(args) -> int:
    return {"sea-deployment": _cost_sea, "operational": _cost_operational, "oil-transport": _cost_oil,
            "dd-transfer": _cost_dd, "asw": _cost_asw}[args.cost_command](args)


def _cost_sea(args) -> int:

    game = load_game(args)
    counter = counter_of(game, args.unit)
    if args.steps is not None and counter.type != "air":
        raise UsageError(f"--steps is for air units; {args.unit} is a {counter.type} unit")
    transport = float(args.steps or counter.steps) if counter.type == "air" else counter.transport
    tp = sea_deployment_cost(game.edition, counter.type, transport, args.deployments) * args.count
    rule = game.edition.cite("sea-deployment")
    return emit(args, {"tp": num(tp), "rule": rule}, f"{num(tp)} TP ({rule})")


def _cost_operational(args) -> int:
    from toolkit.games.fire_in_the_sky.movement import RuleError, _allowance, task_force
    from toolkit.games.fire_in_the_sky.state import GameState, UnitState

    game = load_game(args)
    units = []
    for i, counter_id in enumerate(args.units):
        counter = counter_of(game, counter_id)
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
    return emit(args, {**cost.as_json(), "rule": rule}, f"tp {num(cost.tp)}  oil {num(cost.oil)}")


def _cost_oil(args) -> int:
    from toolkit.games.fire_in_the_sky.supply import resource_hexes_supplied

    game, state = game_state(args)
    scenario = load_scenario(args)[1]
    pool = _marker(scenario, "merchantmen_pool")
    pool = game.edition.param("merchantmen_pool_start", 0) if pool is None else pool  # a pool of 0 is 0, not the start
    tp = _marker(scenario, "transport_points", "japan")
    tp = pool if tp is None else tp
    hexes = resource_hexes_supplied(state)
    result = oil_transport(game.edition, len(hexes), pool, tp)
    data = {**result.as_json(), "resource_hexes": hexes, "merchantmen_pool": num(pool), "transport_points": num(tp),
            "rule": game.edition.cite("oil-transport")}
    text = (f"{result.max_oil} Oil Points for {num(result.tp_cost)} TP (Resource Hexes supplied: "
            f"{', '.join(hexes) or 'none'}; limits: {result.by_resource} by Resource Hexes, {result.by_pool} by half the "
            f"Merchantmen Pool, {result.by_tp} by TP)")
    return emit(args, data, text)


def _marker(scenario, name, nation=None):
    value = scenario.marker(name, nation)
    return None if value is None else getattr(value, "value", value)


def _cost_dd(args) -> int:

    game = load_game(args)
    tp = dd_transfer_cost(game.edition, args.count)
    rule = game.edition.cite("dd-transfer")
    return emit(args, {"tp": num(tp), "rule": rule}, f"{num(tp)} TP ({rule})")


def _cost_asw(args) -> int:

    game = load_game(args)
    oil = asw_cost(game.edition, args.rolls)
    rule = game.edition.cite("asw")
    return emit(args, {"oil": num(oil), "rule": rule}, f"{num(oil)} Oil {'Point' if oil == 1 else 'Points'} ({rule})")


HANDLERS = {"supply": cmd_supply, "zoc": cmd_zoc, "reach": cmd_reach, "cost": cmd_cost, "plan": plan_command.cmd_plan}
#: The names :func:`register` adds (the game declares them: no core command or other game's may clash).
COMMANDS = tuple(HANDLERS)
