"""The handler of ``chartroom odds fire-in-the-sky air|strike|submarine|surface|damage|land|convoy`` (or, as before,
``chartroom odds KIND``): exact battle odds (text or JSON); the parsers are in :mod:`.parsers`.

Forces are counter ids, each optionally ``:STEPS`` (air steps) and ``@anchor`` (a ship in port,
not in a Task Force), ``@sea`` (an air or land unit carried in a Task Force) or ``@long-range``
(air committed from an adjacent hex): ``--attacker jp-cv-akagi-kaga jp-air:4``. Or
``--at PLACE SCENARIO`` takes the units the scenario puts at PLACE: the enemy's are the
defender, and the attacker's own (when ``--attacker`` is not given).
"""

from __future__ import annotations

import re

from toolkit.games.fire_in_the_sky import odds
from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.command_support import (
    AIR_STEPS,
    UsageError,
    emit,
    load_game,
    load_scenario,
)
from toolkit.games.fire_in_the_sky.odds import Piece
from toolkit.games.fire_in_the_sky.odds_report import as_data, as_text
from toolkit.games.fire_in_the_sky.records import air_capacity, is_carrier
from toolkit.games.fire_in_the_sky.state import GameState
from toolkit.model.build import suggest
from toolkit.words import edition_name

__all__ = ["cmd_odds"]

TOKEN = re.compile(r"^(?P<id>[a-z0-9][a-z0-9-]*)(?::(?P<steps>\d{1,9}))?(?:@(?P<where>anchor|sea|long-range|reduced))?$")


# --- forces --------------------------------------------------------------------------------

def _piece(game, token: str):
    m = TOKEN.match(token)
    if not m:
        raise UsageError(f"cannot read {token!r}: expected COUNTER, COUNTER:STEPS or COUNTER@anchor|@sea|@long-range")
    counter = game.counters.get(m["id"])
    if counter is None:
        raise UsageError(f"no counter {m['id']!r} in the {edition_name(game.edition.id)} counter mix{suggest(m['id'], game.counters)}")
    if counter.type not in ("naval", "air", "land"):
        raise UsageError(f"{counter.id} is a {counter.type}, not a naval, air or land unit")
    if m["steps"] is not None and counter.type != "air":
        raise UsageError(f"{token}: steps are for air units; {counter.id} is a {counter.type} unit")
    steps = int(m["steps"]) if m["steps"] is not None else counter.steps
    if counter.type == "air" and AIR_STEPS.refusal(steps):
        raise UsageError(f"{token}: {AIR_STEPS.refusal(steps)}")
    where = m["where"]
    if where == "anchor" and counter.type != "naval":
        raise UsageError(f"{token}: only ships are at anchor; air and land units at a base are the default")
    if where in ("sea", "long-range") and counter.type == "naval":
        raise UsageError(f"{token}: a ship is in a Task Force by default; use @anchor for a ship in port")
    if where == "long-range" and counter.type != "air":
        raise UsageError(f"{token}: only air units are committed from an adjacent hex")
    if where == "reduced" and counter.type != "land":
        raise UsageError(f"{token}: only land units have a reduced side")
    in_tf = {"naval": where != "anchor", "air": where == "sea", "land": where not in ("anchor", "reduced")}[counter.type]
    return Piece(counter, counter.side, steps if counter.type == "air" else 1, in_tf, where == "long-range", where == "reduced")


def _scenario_pieces(args, game, scenario, place: str):
    state = GameState.from_scenario(game, scenario)
    graph = state.graph
    node = graph.hex_node(place)  # NoSuchPlace: one line with the did-you-mean, exit 2
    here = graph.node_hex(node) or node
    units = [u for u in state.units if u.at is not None and (graph.node_hex(u.at) or u.at) == here]
    pieces = [Piece(u.counter, u.side, u.steps, u.task_force, False, u.reduced) for u in units]
    base = game.map.places.get(place) if place in game.map.places else game.map.place_at(here)
    return pieces, base, state.turn


def _forces(args, game, kind):
    if kind == "convoy":
        return args.side or "allied", [], [], None, None
    attackers = [_piece(game, t) for t in getattr(args, "attacker", [])]
    defenders = [_piece(game, t) for t in args.defender]
    side = args.side or (attackers[0].side if attackers else defenders[0].side if kind == "damage" and defenders else None)
    base, turn = None, None
    at = getattr(args, "at", None)
    if at:
        here, base, turn = _scenario_pieces(args, game, args.scenario_obj, at[0])
        if side is None:
            raise UsageError("with --at, give --side (the attacking side) or --attacker")
        if not attackers:
            attackers = [p for p in here if p.side == side]
        if not defenders:
            defenders = [p for p in here if p.side != side]
        if not defenders:
            raise UsageError(f"no {('Allied' if side == 'japan' else 'Japanese')} units at {at[0]} in {at[1]}")
    if side is None:
        raise UsageError("give --attacker (or --side)")
    for label, pieces, want in (("--attacker", attackers, side), ("--defender", defenders, None)):
        wrong = [p.id for p in pieces if (want is not None and p.side != want) or (want is None and p.side == side)]
        if wrong and kind != "damage":
            raise UsageError(f"{label}: {', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} on the wrong side")
    if kind != "damage" and not defenders:
        raise UsageError("give --defender, or --at PLACE SCENARIO")
    if kind in ("air", "strike", "surface", "land") and not attackers:
        raise UsageError("give --attacker")
    attackers, defenders = odds.numbered(attackers, defenders)  # two jp-ca: jp-ca #1, jp-ca #2
    return side, attackers, defenders, base, turn


def _target(args, defenders, kind):
    if not defenders:
        raise UsageError("give --defender with the ship checked")
    if args.target:
        found = [p for p in defenders if args.target in (p.id, p.name, p.name.replace(' ', ''))]
        if not found:
            raise UsageError(f"--target {args.target}: not in the defending force{suggest(args.target, [p.id for p in defenders])}")
        target = found[0]
    else:
        ships = [p for p in defenders if p.type == "naval"]
        target = ships[0] if ships else defenders[0]
    if kind == "damage" and target.type != "naval":
        raise UsageError(f"{target.id} is a {target.type} unit: Damage Checks are rolled by ships (v1.1 13.1; 2nd 11.3.1)")
    if kind == "submarine" and not target.task_force:
        raise UsageError(f"{target.id} is not in a Task Force: submarines attack Task Forces only (v1.1 12.2.1; 2nd 11.1)")
    if kind == "strike" and target.type == "land" and not target.task_force:
        raise UsageError(f"{target.id}: air strikes hit land units only at sea (v1.1 12.3.2.3; 2nd 11.2.2.4)")
    return target


def cmd_odds(args) -> int:
    kind = args.odds_command
    at = getattr(args, "at", None)
    if at:
        args.scenario = at[1]
        game, scenario = load_scenario(args)
        args.scenario_obj = scenario
    else:
        game = load_game(args)
    charts = CombatCharts.of(game)  # ChartError (an InputError): one line, exit 2
    side, attackers, defenders, base, scenario_turn = _forces(args, game, kind)
    for number in args.optional:
        if game.edition.optional_number(number) is None:
            raise UsageError(f"--optional {number}: no such optional rule in the {game.edition.id} rules"
                             f"{suggest(number, list(game.edition.optional_rules))}")
    turn = args.turn if args.turn is not None else scenario_turn
    situation = Situation(side, turn, args.player_turn or side, frozenset({"kamikaze"} if args.kamikaze else ()),
                          frozenset(game.edition.optional_number(n) for n in args.optional))
    if kind == "air":
        result = odds.air_combat(charts, game.edition, attackers, defenders, situation)
    elif kind == "strike":
        target = _target(args, defenders, kind)
        capacity = None
        if args.base:
            place = game.map.places.get(args.base)
            if place is None or not place.is_base:
                raise UsageError(f"--base {args.base}: no base of that name{suggest(args.base, [n for n, p in game.map.places.items() if p.is_base])}")
            capacity = air_capacity(place)
        elif at and base is not None and base.is_base and not target.task_force:
            capacity = air_capacity(base)
        if capacity is None and not target.task_force:
            raise UsageError(f"{target.id} is at a base: give --base PLACE for its anti-aircraft")
        result = odds.air_strike(charts, game.edition, attackers, defenders, target, situation,
                                 base_air_capacity=capacity, strikers=args.strikers)
    elif kind == "submarine":
        target = _target(args, defenders, kind)
        task_force = [p for p in defenders if p.task_force]
        result = odds.submarine_attack(charts, game.edition, task_force, target, situation, friendly_air_in_hex=args.friendly_air)
    elif kind == "surface":
        ships = lambda pieces: [p for p in pieces if p.type == "naval" and p.task_force]  # noqa: E731
        if not ships(attackers) or not ships(defenders):
            raise UsageError("surface combat needs ships in a Task Force on both sides")
        carriers = [p.id for p in ships(attackers) + ships(defenders) if is_carrier(p.counter)]
        if carriers:
            raise UsageError(f"{', '.join(carriers)}: a Task Force with a carrier goes to a Carrier Task Force box and its ships do "
                             "not fight on the surface (v1.1 12.3.1; 2nd 11.2.1): list the Bombardment Task Force ships only")
        result = odds.surface_round(charts, game.edition, ships(attackers), ships(defenders), situation)
    elif kind == "convoy":
        situation = Situation("allied", turn, args.player_turn or "allied", situation.facts, situation.optional)
        result = odds.convoy(charts, game.edition, args.asw_dice, args.sub_points, situation)
    elif kind == "land":
        land = lambda pieces: [p for p in pieces if p.type == "land"]  # noqa: E731
        if not land(attackers) or not land(defenders):
            raise UsageError("land combat needs land units on both sides (give them with --attacker, --defender or --at)")
        if not any(not p.reduced for p in land(attackers)):
            raise UsageError("only a full-strength land unit can initiate land combat (v1.1 12.3.4.5; 2nd 11.2.5.5)")
        sides = {"attacker": side, "defender": land(defenders)[0].side}
        result = odds.land_combat(charts, game.edition, attackers, defenders, situation,
                                  attacker_air_points=args.attacker_air_points, defender_air_points=args.defender_air_points,
                                  attacker_firepower=args.attacker_firepower, defender_firepower=args.defender_firepower,
                                  supremacy=sides.get(args.supremacy), out_of_supply={sides[s] for s in args.out_of_supply})
    else:
        target = _target(args, defenders, kind)
        owner = args.side or ("allied" if target.side == "japan" else "japan")
        situation = Situation(owner, turn, args.player_turn or owner, situation.facts, situation.optional)
        result = odds.damage_check(charts, game.edition, target, args.hits, args.cause, situation, firepower=args.firepower)
    return emit(args, as_data(result), as_text(result))
