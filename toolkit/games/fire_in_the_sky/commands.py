"""The handlers of Fire in the Sky's own commands ``supply``, ``zoc``, ``reach`` and ``cost`` (parsers: :mod:`.parsers`).

Each asks the rule queries (:mod:`.supply`, :mod:`.air_zoc`, :mod:`.movement`, :mod:`.costs`), which import
the map graph and networkx (about 0.3 s): this module is imported only when one of the commands runs.
Places are named as on the map (bases and boxes by name, any hex by id). A bad name is one line with a
did-you-mean and exit status 2 (:class:`.command_support.UsageError`, mapped by ``chartroom``).
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky import movement
from toolkit.games.fire_in_the_sky.air_zoc import air_zoc
from toolkit.games.fire_in_the_sky.command_support import (
    UsageError,
    counter_of,
    emit,
    game_state,
    load_game,
    load_scenario,
    num,
    place_node,
)
from toolkit.games.fire_in_the_sky.costs import (
    asw_cost,
    dd_transfer_cost,
    oil_transport,
    operational_movement_cost,
    operational_rules,
    param,
    sea_deployment_cost,
)
from toolkit.games.fire_in_the_sky.movement import RuleError, _allowance, reaction_allowance, task_force
from toolkit.games.fire_in_the_sky.records import transport as counter_transport
from toolkit.games.fire_in_the_sky.state import GameState, UnitState
from toolkit.games.fire_in_the_sky.supply import resource_hexes_supplied, supply_line
from toolkit.model.build import suggest
from toolkit.words import counted

__all__ = ["cmd_supply", "cmd_zoc", "cmd_reach", "cmd_cost"]

MODES = ("sea-deployment", "one-hex", "operational", "reaction")
MODE_NAMES = {"sea-deployment": "Sea Deployment", "one-hex": "One-hex Deployment", "operational": "Operational Movement",
              "reaction": "Reaction Movement"}


# --- commands --------------------------------------------------------------------------

def cmd_supply(args) -> int:
    game, state = game_state(args)
    place_node(state.graph, args.to)
    result = supply_line(state, args.side, args.to, nation=args.nation)
    text = (f"supplied: {' > '.join(result.path)} ({result.rule})" if result.supplied
            else f"not supplied: {result.reason} ({result.rule})")
    return emit(args, result.as_json(), text)


def cmd_zoc(args) -> int:
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
            + (counted(r['deployments'], "deployment") if by_deployment else f"{r['hexes']:>2} {'hex' if r['hexes'] == 1 else 'hexes':<5}")
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
    if counter.nation == "netherlands":  # v1.1 17.4; 2nd 15.4: no Dutch TP, so no Dutch Sea Deployment
        raise UsageError(f"{args.unit}: the Netherlands receive no Transport Points, so Dutch units never use Sea Deployment "
                         f"({game.edition.cite('netherlands')})")
    transport = float(args.steps or counter.steps) if counter.type == "air" else counter_transport(counter)
    tp = sea_deployment_cost(game.edition, counter.type, transport, args.deployments) * args.count
    rule = game.edition.cite("sea-deployment")
    return emit(args, {"tp": num(tp), "rule": rule}, f"{num(tp)} TP ({rule})")


def _cost_operational(args) -> int:
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
    if args.reaction and any(u.type != "naval" for u in units):  # v1.1 10.1; 2nd 9.0: naval units only
        others = ", ".join(sorted({u.counter.id for u in units if u.type != "naval"}))
        raise UsageError(f"only naval units react, not {others} ({game.edition.cite('reaction')})")
    dutch = sorted({u.counter.id for u in units if u.type != "naval" and u.nation == "netherlands"})
    if dutch:  # v1.1 17.4; 2nd 15.4: no Dutch TP, so the ABDA unit never moves operationally
        raise UsageError(f"{', '.join(dutch)}: the Netherlands receive no Transport Points, so the Dutch ABDA unit never uses "
                         f"Operational Movement ({game.edition.cite('netherlands')})")
    state = GameState(game.map, game.edition)
    try:
        task_force(state, units)
    except RuleError as error:
        raise UsageError(f"{error} ({error.rule})") from None
    # A Task Force moves as far as its slowest unit (v1.1 9.1, 9.4; 2nd 8.0, 8.1); a reaction half that, rounded up.
    reach = min(_allowance(state, u) for u in units)
    if args.reaction:
        reach = reaction_allowance(game.edition, reach)
    if args.hexes > reach:
        kind = "reacting Task Force" if args.reaction else "Task Force"
        rule = game.edition.cite("reaction" if args.reaction else "task-force")
        raise UsageError(f"this {kind} moves at most {reach} hexes (its slowest unit), not {args.hexes} ({rule})")
    cost = operational_movement_cost(game.edition, units, args.hexes, turn=args.turn,
                                     start_resource=args.from_resource_hex, reaction=args.reaction)
    rule = game.edition.cite("reaction") if args.reaction else operational_rules(game.edition, [u.type for u in units])
    text = f"{num(cost.tp)} TP, {_oil(cost.oil)} ({rule})"  # Transport Points and Oil Points the move costs
    return emit(args, {**cost.as_json(), "rule": rule}, text)


def _oil(oil) -> str:
    return f"{num(oil)} Oil {'Point' if oil == 1 else 'Points'}"


def _cost_oil(args) -> int:
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
            f"Merchantmen Pool, {result.by_tp} by TP; {data['rule']})")
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
    return emit(args, {"oil": num(oil), "rule": rule}, f"{_oil(oil)} ({rule})")
