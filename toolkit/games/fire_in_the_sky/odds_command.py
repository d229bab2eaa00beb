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
from collections import Counter as Tally

from toolkit.exact import TooBig
from toolkit.games.fire_in_the_sky import odds
from toolkit.games.fire_in_the_sky.bombing import allied_base_near_japan, bombing_base_refusal
from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.command_support import (
    AIR_STEPS,
    UsageError,
    emit,
    load_game,
    load_scenario,
)
from toolkit.games.fire_in_the_sky.odds import Piece
from toolkit.games.fire_in_the_sky.odds_battle import surface_battle
from toolkit.games.fire_in_the_sky.odds_optional import READING_KINDS, reading_refusal, refusal
from toolkit.games.fire_in_the_sky.odds_report import as_data, as_text
from toolkit.games.fire_in_the_sky.odds_simulated import simulated_battle, simulated_bombing, simulated_convoy, simulated_land
from toolkit.games.fire_in_the_sky.records import air_capacity, is_carrier
from toolkit.games.fire_in_the_sky.state import GameState
from toolkit.model import Counter, steps_to_counters
from toolkit.model.build import suggest
from toolkit.words import edition_name

__all__ = ["cmd_odds"]

TOKEN = re.compile(r"^(?P<id>[a-z0-9][a-z0-9-]*)(?::(?P<steps>\d{1,9}))?(?:@(?P<where>anchor|sea|long-range|reduced))?$")
#: A unit given by its ratings: ``BB:def=10,fp=3,aa=1``, ``air:steps=2``, ``land:cs=4,red=2`` (optionally ``@where``).
RATED = re.compile(r"^(?P<cls>[A-Z]{2,4}|air|land):(?P<ratings>[a-z]+=[^,@]*(?:,[a-z]+=[^,@]*)*)(?:@(?P<where>anchor|sea|long-range|reduced))?$")
#: Short rating names -> the counter mix's names, by unit type.
RATING_NAMES = {
    "naval": {"def": "defense", "fp": "firepower", "aa": "anti_aircraft", "air": "air_strength", "ms": "movement"},
    "air": {"steps": "steps"},
    "land": {"cs": "combat", "red": "reduced", "marine": "marine"},
}
NAVAL_CLASSES = ("BB", "BBV", "CV", "CVL", "CA", "DD")
#: What a force given on the command line is held to, as a scenario is (COUNTER-MIX).
MIX_RULE = "FitS v1.1 2.1, 2nd 3.1: the counter mix is an absolute limit"


# --- forces --------------------------------------------------------------------------------

def _rated_counter(token: str, side: str | None):
    """A counter no counter mix has, made from the ratings given (``BB:def=10,fp=3,aa=1``); one-line errors."""
    m = RATED.match(token)
    cls = m["cls"]
    if side is None:
        raise UsageError(f"{token}: a unit given by ratings has no side; give --side (the attacking side)")
    kind = cls if cls in ("air", "land") else "naval"
    if kind == "naval" and cls not in NAVAL_CLASSES:
        raise UsageError(f"{token}: {cls} is not a ship class; one of {', '.join(NAVAL_CLASSES)}, or air:, land:")
    names = RATING_NAMES[kind]
    ratings: dict = {}
    for item in m["ratings"].split(","):
        key, _, text = item.partition("=")
        if key not in names:
            raise UsageError(f"{token}: {key}= is not a rating of a {kind} unit; give {', '.join(n + '=' for n in names)}")
        try:
            value = float(text)
        except ValueError:
            raise UsageError(f"{token}: {key}={text} is not a number") from None
        if not (0 <= value <= 99) or (value != int(value) and key != "aa"):
            raise UsageError(f"{token}: {key}={text} must be a whole number from 0 to 99 (aa may be a half)")
        ratings[names[key]] = int(value) if value == int(value) else value
    if kind == "naval" and "defense" not in ratings:
        raise UsageError(f"{token}: a ship needs def= (its Defense: a Damage Check sinks it at that total)")
    if kind == "land" and "combat" not in ratings:
        raise UsageError(f"{token}: a land unit needs cs= (its Combat Strength)")
    if kind == "naval" and cls in ("CV", "CVL", "BBV") and "air_strength" not in ratings:
        ratings["air_strength"] = 0
    if kind == "land":
        ratings.setdefault("reduced", ratings["combat"] // 2)
    marine = bool(ratings.pop("marine", 0))
    nation = "japan" if side == "japan" else "us"
    return Counter(token.split("@")[0], token.split("@")[0], side, nation, kind, cls if kind == "naval" else None,
                   ratings=ratings, marine=marine)


def _piece(game, token: str, side: str | None = None):
    if RATED.match(token):
        counter = _rated_counter(token, side)
        m = RATED.match(token)
        m = {"steps": None, "where": m["where"], "id": counter.id}
    else:
        m = TOKEN.match(token)
    if not m:
        raise UsageError(f"cannot read {token!r}: expected COUNTER, COUNTER:STEPS, COUNTER@anchor|@sea|@long-range, "
                         "or a class with ratings (BB:def=10,fp=3,aa=1)")
    counter = game.counters.get(m["id"]) if not RATED.match(token) else counter
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


def _within_the_mix(game, label: str, pieces) -> None:
    """More of one counter than the counter mix holds is refused (air steps as 2-step counters, v1.1 2.1.1.2; 2nd 3.1.2).

    Before, ``--attacker`` took 40 of the one Yamato and Musashi counter, or jp-air:30 three times (45 of the 15 air units),
    and answered for a battle the rules do not allow, at up to 12 s of CPU. A unit given by its ratings is no counter of the mix.
    """
    units, air_steps = Tally(), Tally()
    for piece in pieces:
        counter = game.counters.get(piece.counter.id)
        if counter is not piece.counter or counter.unlimited:
            continue
        if counter.type == "air":
            air_steps[counter.id] += piece.steps
        else:
            units[counter.id] += 1
    for counter_id, steps in air_steps.items():
        counter = game.counters[counter_id]
        per = counter.steps or 2
        if steps_to_counters(steps, per) > counter.count:
            raise UsageError(f"{label}: {steps} air steps of {counter_id} need {steps_to_counters(steps, per)} counters "
                             f"but the counter mix holds {counter.count} ({MIX_RULE}; v1.1 2.1.1.2, 2nd 3.1.2: "
                             f"{'two steps' if per == 2 else f'{per} step'} a counter)")
    for counter_id, n in units.items():
        if n > game.counters[counter_id].count:
            raise UsageError(f"{label}: {n} of {counter_id} but the counter mix holds {game.counters[counter_id].count} ({MIX_RULE})")


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
    if kind in ("convoy", "bombing"):
        return args.side or "allied", [], [], None, None
    first = next((t for t in getattr(args, "attacker", []) if not RATED.match(t)), None)
    side = args.side or (game.counters[TOKEN.match(first)["id"]].side if first and TOKEN.match(first)
                         and TOKEN.match(first)["id"] in game.counters else None)
    other = {"japan": "allied", "allied": "japan"}.get(side)
    attackers = [_piece(game, t, side) for t in getattr(args, "attacker", [])]
    defenders = [_piece(game, t, other if kind != "damage" else (other or "allied")) for t in args.defender]
    _within_the_mix(game, "--attacker", attackers)
    _within_the_mix(game, "--defender", defenders)
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
    if kind in ("air", "strike", "surface", "battle", "land") and not attackers:
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


def _optional_rules(args, game, kind: str, side: str, turn: int | None) -> frozenset:
    """The optional rules in use, this edition's numbers; each must change the answer or is refused with the reason.

    ``--kamikaze`` declares Kamikaze, so it brings its optional rule (v1.1 18.2.4; 2nd 16.2.4) with it.
    """
    numbers = list(args.optional)
    kamikaze_rule = game.edition.optional_number("18.2.4")
    kamikaze = getattr(args, "kamikaze", False)
    tokyo_rule = game.edition.optional_number("18.2.2")
    if getattr(args, "tokyo_express", False) and tokyo_rule not in {game.edition.optional_number(n) for n in numbers}:
        numbers.append(tokyo_rule)  # --tokyo-express brings its optional rule (v1.1 18.2.2; 2nd 16.2.2)
    if kamikaze:
        if kind not in ("air", "strike"):
            raise UsageError(f"--kamikaze changes air-to-air and air strikes (v1.1 18.2.4; 2nd 16.2.4); nothing in odds {kind}")
        if turn is not None and turn < int(game.edition.param("kamikaze_from_turn", 10)):
            raise UsageError(f"--kamikaze: Kamikaze may be declared from Turn {game.edition.param('kamikaze_from_turn', 10)} "
                             f"(v1.1 18.2.4; 2nd 16.2.4); this is Turn {turn}")
        scenario = getattr(args, "scenario_obj", None)
        vp = getattr(scenario.marker("victory_points"), "value", None) if scenario is not None else None
        # The marker is on the track of the edition the scenario is written for (v1.1 starts at 0, 16.0; 2nd at 20,
        # 3.3.10), so its own limit applies: v1.1 7, 2nd 27.
        own = _written_for_edition(args, game, scenario)
        limit = own.param("kamikaze_vp_threshold")
        if vp is not None and limit is not None and vp > limit:
            raise UsageError(f"--kamikaze: Kamikaze may be declared only at {limit} Victory Points or less (v1.1 18.2.4; "
                             f"2nd 16.2.4); the scenario has {vp}" + (f" (on the {own.id} track it is written for)"
                                                                      if own is not game.edition else ""))
        if kind == "strike" and side != "japan":
            raise UsageError("--kamikaze: Kamikaze attacks are Japanese air strikes (v1.1 18.2.4; 2nd 16.2.4); the attacker here is Allied")
        if kamikaze_rule not in {game.edition.optional_number(n) for n in numbers}:
            numbers.append(kamikaze_rule)
    for number in numbers:
        if game.edition.optional_number(number) is None:
            raise UsageError(f"--optional {number}: no such optional rule in the {game.edition.id} rules"
                             f"{suggest(number, list(game.edition.optional_rules))}")
        why = refusal(game.edition, number, kind, turn, kamikaze=kamikaze,
                      tokyo_express=bool(getattr(args, "tokyo_express", False)))
        if why:
            raise UsageError(why)
    return frozenset(game.edition.optional_number(n) for n in numbers)


def _written_for_edition(args, game, scenario):
    """The edition a scenario's numbers are written for: its own, when a command reads it in another (toolkit/written_for.py)."""
    written = getattr(scenario, "written_for", None)
    if scenario is None or written in (None, game.edition.id) or written not in game.editions:
        return game.edition
    own = args.session.open_game(game.root, written).game
    return own.edition if own is not None else game.edition


def _surface(args, charts, game, attackers, defenders, situation):
    """One Surface Combat Round, or the battle to its end, between the Task Force ships of both sides (no carriers; a
    Tokyo Express of CA/DD only)."""
    ships = lambda pieces: [p for p in pieces if p.type == "naval" and p.task_force]  # noqa: E731
    if not ships(attackers) or not ships(defenders):
        raise UsageError("surface combat needs ships in a Task Force on both sides")
    carriers = [p.id for p in ships(attackers) + ships(defenders) if is_carrier(p.counter)]
    if carriers:
        raise UsageError(f"{', '.join(carriers)}: a Task Force with a carrier goes to a Carrier Task Force box and its ships do "
                         "not fight on the surface (v1.1 12.3.1; 2nd 11.2.1): list the Bombardment Task Force ships only")
    tokyo = getattr(args, "tokyo_express", False)
    if tokyo:
        japanese = [p for p in ships(attackers) + ships(defenders) if p.side == "japan"]
        wrong = [p.name for p in japanese if p.cls not in ("CA", "DD")]
        if wrong:
            raise UsageError(f"--tokyo-express: the Tokyo Express Task Force holds CA and DD only (v1.1 18.2.2; 2nd 16.2.2); "
                             f"not {', '.join(wrong)}")
    if args.odds_command == "battle":
        options = dict(tokyo_express=tokyo, withdraw=args.withdraw, after_rounds=args.after_rounds)
        try:
            return surface_battle(charts, game.edition, ships(attackers), ships(defenders), situation, **options)
        except TooBig as too_big:  # more ships than the exact chain holds: rolled with a fixed seed
            return simulated_battle(charts, game.edition, ships(attackers), ships(defenders), situation, too_big.reason, **options)
    return odds.surface_round(charts, game.edition, ships(attackers), ships(defenders), situation, tokyo_express=tokyo)


def _land(args, charts, game, side, attackers, defenders, situation):
    """Land combat: land units on both sides, a full-strength attacker, Semper Fi only for US Marines landing."""
    land = lambda pieces: [p for p in pieces if p.type == "land"]  # noqa: E731
    if not land(attackers) or not land(defenders):
        raise UsageError("land combat needs land units on both sides (give them with --attacker, --defender or --at)")
    if not any(not p.reduced for p in land(attackers)):
        raise UsageError("only a full-strength land unit can initiate land combat (v1.1 12.3.4.5; 2nd 11.2.5.5)")
    semper_fi = game.edition.optional_number("18.1.6") in situation.optional
    marines = [p for p in land(attackers) if p.counter.marine and p.counter.nation == "us"]
    if semper_fi and not (args.amphibious and marines):
        raise UsageError("--optional 18.1.6 (Semper Fi) changes only US Marine units landing amphibiously: give a US Marine "
                         "unit in --attacker and --amphibious (v1.1 18.1.6; 2nd 16.1.6)")
    if args.amphibious and not semper_fi:
        raise UsageError("--amphibious changes the odds only with --optional 18.1.6 (Semper Fi, v1.1 18.1.6; 2nd 16.1.6)")
    sides = {"attacker": side, "defender": land(defenders)[0].side}
    options = dict(attacker_air_points=args.attacker_air_points, defender_air_points=args.defender_air_points,
                   attacker_firepower=args.attacker_firepower, defender_firepower=args.defender_firepower,
                   supremacy=sides.get(args.supremacy), out_of_supply={sides[s] for s in args.out_of_supply},
                   amphibious=args.amphibious)
    try:
        return odds.land_combat(charts, game.edition, attackers, defenders, situation, **options)
    except TooBig as too_big:  # past the exact budget: rolled with a fixed seed
        return simulated_land(charts, game.edition, attackers, defenders, situation, too_big.reason, **options)


BOMBING = "v1.1 18.1.3; 2nd 16.1.3"


def _bombing(args, charts, game, situation, turn):
    """Strategic bombing (optional, v1.1 18.1.3; 2nd 16.1.3) only where and when the rules allow it: in the Allied player
    turn's Economic (Warfare) Phase, never on a scenario's first turn, with the TP left, from an Allied base within 4 hexes
    of a Japanese Home Base supplied from the US Home Base (checked with ``--at BASE SCENARIO``); +1 near Japan."""
    if args.side == "japan" or args.player_turn == "japan":
        raise UsageError("strategic bombing is the Allied player's, in the Economic Warfare Phase of his player turn "
                         f"(v1.1 4.2; 2nd 5.0; {BOMBING}): not --side japan or --player-turn japan")
    at = getattr(args, "at", None)
    notes = []
    near = args.near
    if at:
        scenario = args.scenario_obj
        turn = turn if turn is not None else scenario.start_turn
        if turn == scenario.start_turn:
            raise UsageError(f"strategic bombing is not allowed on the first turn of a scenario ({BOMBING}): Turn {turn} is "
                             f"the first turn of {scenario.title}")
        state = GameState.from_scenario(game, scenario)
        why = bombing_base_refusal(state, at[0])
        if why:
            raise UsageError(f"--at {at[0]}: {why} ({BOMBING})")
        close = allied_base_near_japan(state)
        if near and close is None:
            raise UsageError(f"--near: no Allied-controlled base lies within {game.edition.param('strategic_bombing_near')} "
                             f"hexes of a Japanese Home Base in {scenario.title} (Combat Table, {BOMBING})")
        near = close is not None
        track = scenario.marker("transport_points")
        left = sum(getattr(v, "value", 0) or 0 for n, v in track.items() if game.side_of(n) == "allied") \
            if isinstance(track, dict) else None  # every Allied nation's TP on the track (US and British)
        if left is not None and args.tp > left:
            raise UsageError(f"--tp {args.tp}: the Allies have {left} Transport Points on the track in {scenario.title}; "
                             f"bombing spends only those left ({BOMBING})")
        notes.append(f"from {at[0]}: within {game.edition.param('strategic_bombing_range')} hexes of a Japanese Home Base, "
                     "supplied from the US Home Base" + (f"; {close} is within {game.edition.param('strategic_bombing_near')} "
                                                           "hexes of one (+1)" if close else ""))
    elif turn == 1:
        raise UsageError(f"strategic bombing is not allowed on the first turn of a scenario ({BOMBING}): Turn 1 is the Campaign "
                         "Game's first turn")
    else:
        notes.append("not checked (give --at BASE SCENARIO): a friendly base within 4 hexes of a Japanese Home Base, supplied "
                     "from the US Home Base; the TP left; not the scenario's first turn (the Short Campaign's is Turn 2)")
    situation = Situation("allied", turn, "allied", frozenset({"allied-base-near-japan"} if near else ()),
                          situation.optional | {game.edition.optional_number("18.1.3")}, readings=situation.readings)
    try:
        result = odds.strategic_bombing(charts, game.edition, args.tp, situation)
    except TooBig as too_big:
        result = simulated_bombing(charts, game.edition, args.tp, situation, too_big.reason)
    result.forces["Allied"] += notes
    return result


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
    turn = args.turn if args.turn is not None else scenario_turn
    optional = _optional_rules(args, game, kind, side, turn)
    readings = frozenset(args.reading)
    for text in readings:
        why = reading_refusal(game.edition.id, text, kind)
        if why:
            raise UsageError(why)
    situation = Situation(side, turn, args.player_turn or side, frozenset({"kamikaze"} if getattr(args, "kamikaze", False) else ()),
                          optional, readings=readings)
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
    elif kind in ("surface", "battle"):
        result = _surface(args, charts, game, attackers, defenders, situation)
    elif kind == "convoy":
        situation = Situation("allied", turn, args.player_turn or "allied", situation.facts, situation.optional,
                              readings=situation.readings)
        try:
            result = odds.convoy(charts, game.edition, args.asw_dice, args.sub_points, situation)
        except TooBig as too_big:  # past the exact budget: rolled with a fixed seed
            result = simulated_convoy(charts, game.edition, args.asw_dice, args.sub_points, situation, too_big.reason)
    elif kind == "bombing":
        result = _bombing(args, charts, game, situation, turn)
    elif kind == "land":
        result = _land(args, charts, game, side, attackers, defenders, situation)
    else:
        target = _target(args, defenders, kind)
        owner = args.side or ("allied" if target.side == "japan" else "japan")
        situation = Situation(owner, turn, args.player_turn or owner, situation.facts, situation.optional,
                              readings=situation.readings)
        result = odds.damage_check(charts, game.edition, target, args.hits, args.cause, situation, firepower=args.firepower)
    for name, kinds in READING_KINDS.items():  # the named readings this answer rests on, chosen or default
        if kind in kinds and reading_refusal(game.edition.id, f"{name}={situation.reading(name)}", kind) is None \
                and _reading_matters(name, situation):
            result.readings.append(f"{name}={situation.reading(name)}")
    return emit(args, as_data(result), as_text(result))


def _reading_matters(name: str, situation: Situation) -> bool:
    """Whether the reading can change this answer: turn-1 only on Turn 1 (or an unknown turn)."""
    return name != "turn-1" or situation.turn in (None, 1)
