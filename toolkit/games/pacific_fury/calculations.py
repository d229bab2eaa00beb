"""``chartroom calc pacific-fury NAME``: Pacific Fury's questions answered exactly from its data.

Each :class:`~toolkit.games.Calculation` reads its options, asks the pure modules (zones, odds,
events, operations, initiative) with the numbers of the game's tables and counters, and returns
a :class:`~toolkit.games.CalcResult`: text lines, plain data with exact fractions, the rules it
rests on and the caveats (a placeholder number, a map pair the rules leave open, a ship rating
the rules do not print). It never prints.
"""

from __future__ import annotations

import argparse
from collections import Counter as Tally
from fractions import Fraction
from typing import Sequence

from toolkit.bounds import Bound
from toolkit.exact import TooBig, as_json, chance, shown
from toolkit.games import CalcInputError, CalcResult, Calculation
from toolkit.games.pacific_fury import odds as pf_odds
from toolkit.games.pacific_fury import zones as pf_zones
from toolkit.games.pacific_fury.events import UnknownEvent, event_odds, remaining_events
from toolkit.games.pacific_fury.initiative import damage_return_turn, initiative_side, landing_shift, return_phase_shift, victory
from toolkit.games.pacific_fury.map_questions import pair_caveats
from toolkit.games.pacific_fury.odds import Ship
from toolkit.games.pacific_fury.operations import ACTIONS, OperationsError, operation_boxes
from toolkit.games.pacific_fury.state import side_adjective
from toolkit.games.pacific_fury.tables import InitiativeBox, TableError, Tables
from toolkit.load import Document
from toolkit.model import Counter, Game
from toolkit.simulate import simulate_total
from toolkit.words import counted

__all__ = ["CALCULATIONS", "tables_of", "resolve_ships"]

SIDES = ("japan", "us")
SIDE_NAMES = {"japan": "Japan", "us": "US", "none": "neither side", "draw": "a draw"}


# --- shared helpers ----------------------------------------------------------------------------

def _charts_file(game: Game, documents: Sequence[Document] = ()) -> Document | None:
    """The charts document of the game's edition among those the caller's session read (for caveats that name a
    line), or None (called from Python without them: the caveat names the table instead)."""
    for document in documents:
        data = document.data
        if isinstance(data, dict) and data.get("kind") == "charts" and data.get("edition") == game.edition.id:
            return document
    return None


def tables_of(game: Game, documents: Sequence[Document] = ()) -> Tables:
    """The game's tables; :class:`CalcInputError` when the edition has none."""
    try:
        document = _charts_file(game, documents)
        return Tables.of(game.charts, document.name if document else "charts")
    except TableError as error:
        raise CalcInputError(str(error)) from None


def _box_location(game: Game, box: InitiativeBox, documents: Sequence[Document]) -> str:
    document = _charts_file(game, documents)
    if document is None:
        return f"charts: initiative_track box {box.label!r} cap_icons"
    return f"{document.locate(('initiative_track', 'boxes', box.index, 'cap_icons'))} (initiative_track box {box.label!r}, cap_icons)"


def _placeholder_caveat(game: Game, box: InitiativeBox, documents: Sequence[Document]) -> list[str]:
    if not box.placeholder:
        return []
    return [f"Henderson Field's CAP in box {box.label} ({counted(box.cap_icons, 'aircraft icon')}) is a placeholder: the rules do not print "
            f"the icons of the Initiative Track (PF 10.6); correct it at {_box_location(game, box, documents)}"]


def _box_caveat(box: InitiativeBox) -> list[str]:
    if box.provenance and not box.provenance.startswith("PF"):
        return [f"box {box.label} is reconstructed (charts: initiative_track): {box.provenance}"]
    return []


def _box(tables: Tables, label: str) -> InitiativeBox:
    try:
        return tables.initiative_box(label)
    except TableError as error:
        raise CalcInputError(str(error)) from None


def _zone(zones: pf_zones.ZoneMap, text: str) -> str:
    try:
        return pf_zones.zone_name(zones, text)
    except pf_zones.ZoneError as error:
        raise CalcInputError(str(error)) from None


def _dist_rows(dist) -> list[dict]:
    return [{"hits": hits, "chance": as_json(p), "at_least": as_json(pf_odds.at_least(dist, hits))} for hits, p in dist.items()]


def _dist_lines(dist, indent: str = "") -> list[str]:
    width = max((len(shown(p)) for p in dist.values()), default=0)
    return [f"{indent}{hits:>2} {'hit: ' if hits == 1 else 'hits:'} {shown(p):<{width}}   at least {counted(hits, 'hit')}: {chance(pf_odds.at_least(dist, hits))}"
            for hits, p in dist.items()]


def _simulated_lines(units: int, why: str, simulated) -> list[str]:
    """The total hits of too many units to add exactly: simulated, with two standard errors (toolkit.simulate)."""
    low, middle, high = simulated.quantile(0.05), simulated.quantile(0.5), simulated.quantile(0.95)
    lines = [f"total of {counted(units, 'unit')}: {why}; simulated over {simulated.trials:,} trials (seed {simulated.seed}), "
             f"each error two standard errors:",
             f"  mean {simulated.mean():.2f} ± {simulated.mean_error():.2f} hits; 90% of trials between {low} and {high} hits"]
    for hits in (low, middle, high):
        p, error = simulated.at_least(hits)
        lines.append(f"  at least {counted(hits, 'hit')}: {p:.3f} ± {error:.3f}")
    return lines


def _find_counter(game: Game, text: str) -> Counter:
    wanted = str(text).strip().lower()
    for counter in game.counters.values():
        if counter.id.lower() == wanted or counter.name.lower() == wanted:
            return counter
    names = sorted(c.name for c in game.counters.values() if c.type == "naval")
    raise CalcInputError(f"no ship {text!r} in the counter mix (ships: {', '.join(names[:6])}, ...; ids such as us-cv-hornet)")


def _ship_of(counter: Counter) -> Ship:
    if counter.id.endswith("tokyo-express") or counter.name.lower() == "tokyo express":
        cls = "Tokyo Express"
    else:
        cls = counter.cls or counter.type
    ratings = counter.ratings or {}
    return Ship(counter.name, cls, ratings.get("combat"), ratings.get("defense"), int(ratings.get("aircraft", 0) or 0))


def _fill(ships: list[Ship], values: Sequence[int] | None, field: str, label: str, option: str) -> list[Ship]:
    """Apply explicit ratings: one per ship given, or one per ship whose rating is not stated."""
    if not values:
        return ships
    if any(v < 0 for v in values):
        raise CalcInputError(f"{option}: ratings must not be negative")
    missing = [i for i, s in enumerate(ships) if getattr(s, field) is None]
    if len(values) == len(ships):
        targets = list(range(len(ships)))
    elif len(values) == len(missing):
        targets = missing
    else:
        raise CalcInputError(f"{option}: give one {label} per ship ({len(ships)}) or one per ship whose {label} is unstated ({len(missing)})")
    out = list(ships)
    for index, value in zip(targets, values):
        out[index] = Ship(out[index].name, out[index].cls, value if field == "combat" else out[index].combat,
                          value if field == "defense" else out[index].defense, out[index].aircraft)
    return out


def resolve_ships(game: Game, names: Sequence[str], cfs: Sequence[int] | None = None, dfs: Sequence[int] | None = None,
                  option: str = "--ship") -> tuple[list[Ship], list[str]]:
    """Ships by id or name, with explicit Combat and Defense Factors applied; and the caveats for given values.

    A ship named more often than the counter sheet holds it is refused (PF 2.2: a unit is one ship): before, Hornet three
    times made a TF-C of AS rating 6."""
    counters = [_find_counter(game, n) for n in names]
    named = Tally(c.id for c in counters)
    for counter in counters:
        if named[counter.id] > (counter.count or 1):
            raise CalcInputError(f"{option} {counter.name}: named {named[counter.id]} times but the counter sheet has "
                                 f"{counter.count or 1} (PF 2.2: a unit is one ship or Transports)")
    ships = [_ship_of(c) for c in counters]
    caveats = []
    stated_cf = [s.combat for s in ships]
    stated_df = [s.defense for s in ships]
    ships = _fill(ships, cfs, "combat", "Combat Factor", "--target-cf" if option == "--target" else "--cf")
    ships = _fill(ships, dfs, "defense", "Defense Factor", "--df")
    given = [s.name for s, before in zip(ships, stated_cf) if before is None and s.combat is not None]
    if given:
        caveats.append(f"{'Combat Factor' if len(given) == 1 else 'Combat Factors'} of {', '.join(given)} given on the command line: the rules do not print them (counters.yaml: unstated)")
    given = [s.name for s, before in zip(ships, stated_df) if before is None and s.defense is not None]
    if given:
        caveats.append(f"{'Defense Factor' if len(given) == 1 else 'Defense Factors'} of {', '.join(given)} given on the command line: the rules do not print them (counters.yaml: unstated)")
    return ships, caveats


def _need(ships: Sequence[Ship], field: str, option: str, why: str) -> None:
    missing = [s.name for s in ships if getattr(s, field) is None]
    if missing:
        label = "Combat Factor" if field == "combat" else "Defense Factor"
        raise CalcInputError(f"{why}: the {label} of {', '.join(missing)} is not printed in the rules (counters.yaml marks it "
                             f"unstated); give it with {option}")


def _side(text: str) -> str:
    side = str(text).lower()
    aliases = {"jp": "japan", "ijn": "japan", "japanese": "japan", "usn": "us", "usa": "us", "allied": "us"}
    side = aliases.get(side, side)
    if side not in SIDES:
        raise CalcInputError(f"side {text!r}: japan or us")
    return side


# --- zones and moves (PF 2.1, 9.1, 9.2, 9.5, 9.6) ----------------------------------------------

def _zones_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--zone", help="a sea zone: list its neighbours (names as the map writes them, any case; 'Eastern Solomon Sea' works)")
    p.add_argument("--to", help="with --zone: the number of moves from --zone to this zone")


def _zones_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    zones = pf_zones.ZoneMap.of(game.map)
    rules = tables.zone_rules()
    cites = [game.edition.cite("game-map", "2.1"), game.edition.cite("move", "9.2")]
    if params.to and not params.zone:
        raise CalcInputError("--to needs --zone")
    if params.zone:
        zone = _zone(zones, params.zone)
        if params.to:
            to = _zone(zones, params.to)
            d = pf_zones.distance(zones, zone, to)
            deciding = pf_zones.open_pairs_deciding(zones, lambda z: pf_zones.distance(z, zone, to))
            lines = [f"{zone} to {to}: {counted(d, 'move')}" if d is not None else f"no route from {zone} to {to}"]
            return CalcResult(f"Distance {zone} - {to}", tuple(lines), {"from": zone, "to": to, "moves": d},
                              tuple(cites), tuple(pair_caveats(deciding)))
        near = pf_zones.neighbours(zones, zone)
        deciding = pf_zones.open_pairs_deciding(zones, lambda z: pf_zones.neighbours(z, zone))
        lines = [f"adjacent to {zone}: {', '.join(near) or 'none'}"]
        lines += [f"not adjacent: {', '.join(z for z in zones.zones if z != zone and z not in near) or 'none'}"]
        return CalcResult(f"Neighbours of {zone}", tuple(lines), {"zone": zone, "neighbours": list(near)},
                          tuple(cites), tuple(pair_caveats(deciding)))
    lines, data = [], []
    for zone in zones.zones:
        rule = rules.get(zone, {})
        near = pf_zones.neighbours(zones, zone)
        kinds = f"{rule.get('combat', '?')} combat; TF types {', '.join(rule.get('may_enter', ())) or '?'} may enter"
        combined = "; a side's task forces here fight as one" if rule.get("combined_task_forces") else ""
        lines.append(f"{zone}: {kinds}{combined}; adjacent to {', '.join(near) or 'none'}")
        data.append({"zone": zone, "combat": rule.get("combat"), "may_enter": list(rule.get("may_enter", ())),
                     "combined_task_forces": bool(rule.get("combined_task_forces")), "neighbours": list(near)})
    pairs = []
    for pair in game.map.pair_records.values():
        mark = " (open: the rules leave it; map's reading)" if pair.open else ""
        lines.append(f"{pair.a} / {pair.b}: {'adjacent' if pair.adjacent else 'not adjacent'}{mark}")
        pairs.append({"between": [pair.a, pair.b], "adjacent": pair.adjacent, "open": pair.open, "at": str(pair.at)})
    # the sea-zone chart's own rules, one citation each ("PF 8.2", "PF 9.1", ...), not its source string as one
    numbers = tables.source("sea_zones").removeprefix(game.edition.citation).replace(",", " ").split()
    cites += [c for c in game.edition.cites(*numbers) if c not in cites]
    return CalcResult("Sea zones", tuple(lines), {"zones": data, "pairs": pairs}, tuple(cites),
                      tuple(pair_caveats(zones.open_pairs())))


def _moves_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--zone", required=True, help="the zone the task force is in")
    p.add_argument("--type", required=True, choices=["A", "B", "C"], help="task-force type (PF 8.3)")


def _moves_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    zones = pf_zones.ZoneMap.of(game.map)
    zone = _zone(zones, params.zone)
    rules = tables.zone_rules()
    if params.type not in rules.get(zone, {}).get("may_enter", ("A", "B", "C")):
        raise CalcInputError(f"a TF-{params.type} may not be in {zone} (PF 9.2)")
    moves = pf_zones.legal_moves(zones, zone, params.type, rules)
    deciding = set(pf_zones.open_pairs_deciding(zones, lambda z: pf_zones.legal_moves(z, zone, params.type, rules)))
    barred = [z for z in pf_zones.neighbours(zones, zone) if z not in moves]
    lines = [f"TF-{params.type} in {zone} may move to: {', '.join(m if m != pf_zones.BASE else 'its base' for m in moves)}"]
    if barred:
        lines.append(f"adjacent but barred to a TF-{params.type}: {', '.join(barred)}")
    data = {"zone": zone, "type": params.type, "moves": [m for m in moves if m != pf_zones.BASE], "may_return_to_base": True, "barred": barred}
    cites = [game.edition.cite("move", "9.2")]
    if params.type == "C":
        strike = pf_zones.air_strike_zones(zones, zone)
        deciding |= set(pf_zones.open_pairs_deciding(zones, lambda z: pf_zones.air_strike_zones(z, zone)))
        lines.append(f"air strike targets: Henderson Field, or an enemy task force in {', '.join(strike)}")
        # PF 9.5, 10.6 "adjacent": read as a zone next to this one, not this one (docs/pacific-fury.md, the readings)
        lines.append(f"not an enemy task force in {zone} itself: 'adjacent' (PF 9.5, 10.6) read as a neighbouring zone; "
                     "an enemy sharing the zone meets carrier combat when one side enters (PF 10.5)")
        data["air_strike_zones"] = list(strike)
        cites += [game.edition.cite("air-strike", "9.5"), game.edition.cite_number("10.6"), game.edition.cite("carrier-combat", "10.5")]
    if zone == "Ironbottom Sound":
        lines.append("only one of a side's task forces in Ironbottom Sound is activated per operation (they fight as one)")
        cites.append(game.edition.cite("form-task-forces", "8.2"))
    landing = str(game.edition.param("landing_zone", "Ironbottom Sound"))
    if params.type == "A" and not game.edition.param("task_force_a_may_wait_in_landing_zone", False):
        # PF 9.2 with 9.3, the edition's chosen reading (PF-TF-A-LANDING): a TF-A goes into Ironbottom Sound only to land
        reading = "the edition's reading of PF 9.2 with 9.3, task_force_a_may_wait_in_landing_zone: false"
        if rules.get(zone, {}).get("combat") == "surface":  # Ironbottom Sound, and The Slot beyond it
            lines.append(f"no TF-A stands in {zone} after an operation: it goes into {landing} only to land, or fights and "
                         f"goes home ({reading}; PF-TF-A-LANDING)")
        elif landing in moves:
            lines.append(f"into {landing} only as a Landing (PF 9.3): it lands, or fights and goes home; it does not wait there ({reading})")
        cites.append(game.edition.cite("landing", "9.3"))
    return CalcResult(f"Moves of a TF-{params.type} in {zone}", tuple(lines), data, tuple(cites),
                      tuple(pair_caveats(sorted(deciding, key=lambda p: (p.a, p.b)))))


def _sortie_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--side", required=True, help="the sortieing side: japan or us")
    p.add_argument("--type", required=True, choices=["A", "B", "C", "tokyo-express"], help="task-force type (PF 8.3), or the Tokyo Express (PF 9.6)")
    p.add_argument("--initiative", required=True, help="the side with the initiative this turn: japan or us")


def _sortie_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    side, initiative = _side(params.side), _side(params.initiative)
    has = side == initiative
    cites = [game.edition.cite("sortie", "9.1")]
    if params.type == "A" and has:
        raise CalcInputError("the initiative player may never form a TF-A or use Transports (PF 6.3, 8.3)")
    if params.type == "tokyo-express":
        cites.append(game.edition.cite("tokyo-express", "9.6"))
        if side != "japan" or has:
            raise CalcInputError("only a non-initiative Japanese player may form the Tokyo Express (PF 9.6)")
    rows = pf_zones.sortie_zones(side, params.type, has, tables.sortie_rows())
    label = "the Tokyo Express" if params.type == "tokyo-express" else f"a {side_adjective(game, side)} TF-{params.type}"
    lines = [f"{label} ({'with' if has else 'without'} the initiative) may sortie to: {', '.join(r.zone for r in rows) or 'nowhere'}"]
    lines += [f"  {r.zone}: {r.source}" for r in rows]
    lines.append("only the task force in the lowest-numbered Operation Box may sortie (PF 9.1)")
    data = {"side": side, "type": params.type, "initiative": has, "zones": [{"zone": r.zone, "source": r.source} for r in rows]}
    return CalcResult(f"Sortie: {label}", tuple(lines), data, tuple(cites))


# --- task forces and fire (PF 8.3, 10.2, 10.5) -------------------------------------------------

def _ship_args(p: argparse.ArgumentParser, target: bool = False) -> None:
    p.add_argument("--ship", nargs="+", default=[], metavar="SHIP", help="ships by id or name (e.g. us-cv-hornet or Hornet)")
    p.add_argument("--cf", nargs="+", type=int, metavar="N", help="Combat Factors: one per ship, or one per ship whose CF is unstated; without --ship, the firing units")
    if target:
        p.add_argument("--target", nargs="+", default=[], metavar="SHIP", help="the target task force's ships (for AS/AA and CAP)")


def _firing_units(game: Game, params, carriers_only: bool, why: str) -> tuple[list[Ship], list[str]]:
    if params.ship:
        ships, caveats = resolve_ships(game, params.ship, params.cf)
    elif params.cf:
        if any(v < 0 for v in params.cf):
            raise CalcInputError("--cf: Combat Factors must not be negative")
        cls = "CV" if carriers_only else "ship"
        ships, caveats = [Ship(f"unit {i + 1}", cls, cf, None, 2 if carriers_only else 0) for i, cf in enumerate(params.cf)], []
    else:
        raise CalcInputError("give the firing units: --ship SHIP... or --cf N...")
    firing = [s for s in ships if s.is_carrier] if carriers_only else ships
    if not firing:
        raise CalcInputError(f"{why}: no carrier among the ships; only carriers fire in carrier combat and air strikes (PF 10.5, 10.6)")
    _need(firing, "combat", "--cf", why)
    return ships, caveats


def _not_allowed(ships: Sequence[Ship]) -> list[str]:
    """What the rules forbid in one task force: a carrier with Transports (PF 8.2, 8.3), the Tokyo Express not alone (9.6)."""
    problems = []
    if any(s.is_transports for s in ships) and any(s.is_carrier for s in ships):
        problems.append("a task force may not hold a carrier and Transports (PF 8.2, 8.3)")
    if any(s.cls == "Tokyo Express" for s in ships) and len(ships) > 1:
        problems.append("the Tokyo Express must be alone in its task force (PF 9.6)")
    return problems


def _task_force_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    if not params.ship:
        raise CalcInputError("give the task force's ships: --ship SHIP...")
    ships, caveats = resolve_ships(game, params.ship, params.cf)
    kind = pf_odds.task_force_type(ships)
    te = any(s.cls == "Tokyo Express" for s in ships)
    lines = [f"ships: {', '.join(s.name for s in ships)}",
             f"type: TF-{kind}" + (" (the Tokyo Express: a special TF-B)" if te else "")]
    problems = _not_allowed(ships)
    lines += [f"not allowed: {p}" for p in problems]
    as_rating, aa_rating = pf_odds.air_strike_rating(ships), pf_odds.anti_aircraft_rating(ships)
    lines.append(f"AS rating {as_rating} (aircraft icons of its carriers); AA rating {aa_rating} (non-carrier units)")
    own_cap, own_cap_why = pf_odds.cap_reduction(ships, tables.cap_reductions())
    lines.append(f"its CAP against enemy fire: -{own_cap} hits per firing unit ({own_cap_why})")
    data = {"ships": [s.name for s in ships], "type": kind, "tokyo_express": te, "not_allowed": problems,
            "air_strike_rating": as_rating, "anti_aircraft_rating": aa_rating, "cap": own_cap}
    cites = [game.edition.cite("task-force-types", "8.3"), game.edition.cite("carrier-combat", "10.5")]
    transports = sum(1 for s in ships if s.is_transports)
    if transports:  # PF 10.7: in surface combat Transports take hits only after every other ship has one; one hit sinks
        others = len(ships) - transports
        fewest = f"one Transports unit sinks to {counted(others + 1, 'hit')} at the fewest (one hit sinks it, no roll)"
        every = "" if transports == 1 else f", all {transports} to {others + transports}"
        holder = "its other ship has" if others == 1 else f"each of its {others} other ships has"
        before = f"its Transports take no hit before {holder} one: " if others else ""
        lines.append(f"in surface combat {before}{fewest}{every}")
        data["surface_combat_transports"] = {"other_ships": others, "hits_to_sink_one": others + 1, "hits_to_sink_all": others + transports}
        cites.append(game.edition.cite("applying-hits", "10.7"))
    if params.target:
        target, target_caveats = resolve_ships(game, params.target, option="--target")
        caveats += target_caveats
        target_aa = pf_odds.anti_aircraft_rating(target)
        modifier, when = pf_odds.air_strike_modifier(as_rating, target_aa, tables.modifiers())
        cap, cap_why = pf_odds.cap_reduction(target, tables.cap_reductions())
        lines.append(f"against {', '.join(s.name for s in target)}: AS {as_rating} vs AA {target_aa} -> modifier +{modifier} ({when}); CAP -{cap} ({cap_why})")
        target_problems = _not_allowed(target)  # the target is a task force too (PF 8.2, 8.3, 9.6)
        lines += [f"target not allowed: {p}" for p in target_problems]
        data["against"] = {"ships": [s.name for s in target], "anti_aircraft_rating": target_aa, "modifier": modifier,
                           "comparison": when, "cap": cap, "not_allowed": target_problems}
        carriers = [s for s in ships if s.is_carrier]
        data["against"]["carriers_fire"] = bool(carriers)
        if not carriers:  # PF 10.5: only carriers fire in carrier combat (and 10.6: in an air strike)
            lines.append("it has no carrier: only carriers fire in carrier combat and air strikes, so it scores no hits on this "
                         "target in the Eastern Solomons or the South Pacific Ocean (PF 10.5)")
            data["against"]["hits"] = _dist_rows({0: Fraction(1)})
        elif all(s.combat is not None for s in carriers):
            dist = pf_odds.total_hits(pf_odds.unit_hits(s.combat, modifier, cap, tables.cap_minimum, tables.die) for s in carriers)
            lines.append(f"carrier strike hits, mean {shown(pf_odds.mean(dist))} hits:")
            lines += _dist_lines(dist, "  ")
            data["against"]["hits"] = _dist_rows(dist)
            data["against"]["mean"] = as_json(pf_odds.mean(dist))
        elif carriers:
            missing = [s.name for s in carriers if s.combat is None]
            lines.append(f"strike hits: the Combat Factor of {', '.join(missing)} is not printed in the rules; give --cf to see the odds")
            caveats.append(f"no hit odds: Combat Factor unstated for {', '.join(missing)}")
    elif all(s.combat is not None for s in ships) and not any(s.is_carrier for s in ships):
        dist = pf_odds.total_hits(pf_odds.unit_hits(s.combat, die=tables.die) for s in ships)
        lines.append(f"surface fire, every ship firing (PF 10.3), mean {shown(pf_odds.mean(dist))} hits:")
        lines += _dist_lines(dist, "  ")
        data["surface_hits"] = _dist_rows(dist)
        cites.append(game.edition.cite("combat-procedure", "10.2"))
    unstated = [s.name for s in ships if s.combat is None and not s.is_transports and s.cls != "Tokyo Express"]
    if unstated:
        caveats.append(f"Combat Factor not printed in the rules for {', '.join(unstated)} (counters.yaml: unstated); give --cf for hit odds")
    return CalcResult(f"Task force TF-{kind}", tuple(lines), data, tuple(cites), tuple(caveats))


#: Carrier combat's modifiers (PF 10.5): AS against AA gives +2, +1 or nothing; CAP takes 2 (a CV) or 1 (a CVL) from each hit.
AS_AA_MODIFIER = Bound("the AS/AA modifier", 0, 2, "PF 10.5: +2, +1 or none")
CAP = Bound("the CAP reduction", 0, 2, "PF 10.5: 2 against a CV, 1 against a CVL")
#: Where the game's turns come from.
TURN_RULE = "PF 5.0: four game turns; 3.4: the Turn Record Track; the game's turns: in game.yaml"
#: Where the Operation Boxes come from.
BOXES_RULE = "PF 8.2: one task force in each numbered Operation Box, seven a side"
#: Transports units landed in one turn: a side has two (the Japanese both of theirs at start, PF 3.1; the US two, from the
#: 56-counter sheet, PF 2.0, counters.yaml), one sunk comes back only next turn (10.7), and the Tokyo Express is one of them (9.6).
#: Before, ``--landing 100`` shifted the marker 100 spaces (stopped at the track's end) without a word.
TRANSPORTS_LANDED = Bound("Transports units landed", 1, 2, "PF 3.1: a side has two Transports units; 9.3: the marker shifts one "
                          "space for each one landed; 9.6: the Tokyo Express is one of them")


def _fire_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cf", nargs="+", type=int, required=True, metavar="N", help="Combat Factor of each firing unit")
    p.add_argument("--modifier", type=AS_AA_MODIFIER, default=0, help="AS/AA modifier added to each CF (PF 10.5; default 0)")
    p.add_argument("--cap", type=CAP, default=0, help="CAP reduction of each unit's hits (PF 10.5: 2 against a CV, 1 against a CVL; default 0)")


def _fire_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    if any(cf < 0 for cf in params.cf) or params.cap < 0:
        raise CalcInputError("Combat Factors and CAP must not be negative")
    units = [pf_odds.unit_hits(cf, params.modifier, params.cap, tables.cap_minimum, tables.die) for cf in params.cf]
    try:
        dist = pf_odds.total_hits(units)
    except TooBig as too_big:  # beyond the work budget: the dice rolled many times over, with a fixed seed (issue 21 item 4)
        dist, simulated = None, simulate_total(units)
        why = too_big.reason
    lines = []
    per_unit = []
    for cf in sorted(set(params.cf)):
        rolls = pf_odds.hits_by_roll(cf, params.modifier, params.cap, tables.cap_minimum, tables.die)
        one = pf_odds.unit_hits(cf, params.modifier, params.cap, tables.cap_minimum, tables.die)
        lines.append(f"CF {cf}: rolls 1-{tables.die} give hits {' '.join(str(h) for h in rolls)}; mean {shown(pf_odds.mean(one))} hits")
        per_unit.append({"combat_factor": cf, "hits_by_roll": list(rolls)})
    data = {"combat_factors": list(params.cf), "modifier": params.modifier, "cap": params.cap, "units": per_unit}
    if dist is None:
        lines += _simulated_lines(len(params.cf), why, simulated)
        data["simulated"] = {"why": why, "trials": simulated.trials, "seed": simulated.seed, "mean": simulated.mean(),
                             "mean_error": simulated.mean_error(), "hits": {str(k): n for k, n in simulated.counts.items()}}
    else:
        lines.append(f"total of {counted(len(params.cf), 'unit')}, mean {shown(pf_odds.mean(dist))} hits:")
        lines += _dist_lines(dist, "  ")
        data |= {"hits": _dist_rows(dist), "mean": as_json(pf_odds.mean(dist))}
    cites = [game.edition.cite("combat-procedure", "10.2")]
    if params.modifier or params.cap:
        cites.append(game.edition.cite("carrier-combat", "10.5"))
    return CalcResult(f"Fire: CF {' '.join(map(str, params.cf))}" + (f", modifier +{params.modifier}" if params.modifier else "") +
                      (f", CAP -{params.cap}" if params.cap else ""), tuple(lines), data, tuple(cites))


# --- sinking and damage (PF 10.7) --------------------------------------------------------------

def _sink_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hits", type=int, required=True, help="hits applied to the ship")
    p.add_argument("--df", type=int, help="its Defense Factor (anchors; none = 0)")
    p.add_argument("--ship", help="the ship by id or name (its DF from the counters when the rules state it)")
    p.add_argument("--transports", action="store_true", help="a Transports unit (one hit sinks it, no roll)")
    p.add_argument("--tokyo-express", action="store_true", help="the Tokyo Express (one hit sinks it, no roll)")


def _sink_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    if params.hits < 0:
        raise CalcInputError("--hits must not be negative")
    name, caveats, automatic = "the ship", [], None
    auto = tables.sunk_automatically()
    if params.ship:
        ships, caveats = resolve_ships(game, [params.ship], dfs=[params.df] if params.df is not None else None)
        ship = ships[0]
        name = ship.name
        if ship.is_transports:
            automatic = auto.get("transports")
        elif ship.cls == "Tokyo Express":
            automatic = auto.get("tokyo-express")
        elif ship.defense is None:
            raise CalcInputError(f"the Defense Factor of {ship.name} is not printed in the rules (counters.yaml marks it unstated); give it with --df")
        df = ship.defense
    else:
        df = params.df
        if params.transports:
            name, automatic = "a Transports unit", auto.get("transports")
        elif params.tokyo_express:
            name, automatic = "the Tokyo Express", auto.get("tokyo-express")
    if automatic is None and df is None:
        raise CalcInputError("give --df (or --ship, --transports, --tokyo-express)")
    if df is not None and df < 0:
        raise CalcInputError("--df must not be negative")
    cites = [game.edition.cite("applying-hits", "10.7")]
    if automatic is not None:
        p = Fraction(1) if params.hits >= automatic else Fraction(0)
        lines = [f"{name} with {counted(params.hits, 'hit')}: " + ("sunk, no roll" if p else "not hit, not sunk")]
        data = {"ship": name, "hits": params.hits, "automatic": True, "sink_on": [], "chance": as_json(p)}
        return CalcResult(f"Sunk Table: {name}", tuple(lines), data, tuple(cites), tuple(caveats))
    faces = pf_odds.sink_on(params.hits, df, tables.sink_faces())
    p = pf_odds.sink_chance(params.hits, df, tables.sink_faces(), tables.sunk_die)
    compare = "no hits" if params.hits == 0 else "more than" if params.hits > df else "equal to" if params.hits == df else "fewer than"
    sinks = f"sinks on {faces[0]}-{faces[-1]}" if len(faces) > 1 else f"sinks on {faces[0]}" if faces else "cannot sink"
    lines = [f"{name}, DF {df}, {counted(params.hits, 'hit')} ({compare} DF): {sinks}: {shown(p)}" if params.hits else
             f"{name}, DF {df}, no hits: no roll on the Sunk Table, neither sunk nor damaged (PF 10.7)"]
    if params.hits:
        lines.append(f"not sunk, damaged: {shown(1 - p)}; see damage-return for when it comes back")
    data = {"ship": name, "defense_factor": df, "hits": params.hits, "automatic": False, "sink_on": list(faces), "chance": as_json(p)}
    return CalcResult(f"Sunk Table: {name}", tuple(lines), data, tuple(cites), tuple(caveats))


def _damage_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--side", help="the ship's side: japan or us (or give --ship)")
    p.add_argument("--ship", help="the ship by id or name (gives its side)")
    p.add_argument("--hits", type=int, required=True, help="hits the ship suffered (at least 1)")
    p.add_argument("--turn", type=int, required=True, help="the turn it was damaged")


def _damage_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    if params.ship:
        counter = _find_counter(game, params.ship)
        ship = _ship_of(counter)
        if ship.is_transports or ship.cls == "Tokyo Express":
            return _sunk_transports_return(game, tables, counter, ship, params)
        if counter.type != "naval":
            raise CalcInputError(f"{counter.name} is a marker, not a ship: only ships are damaged (PF 10.7)")
        side = counter.side
    elif params.side:
        side = _side(params.side)
    else:
        raise CalcInputError("give --side or --ship")
    first, last = game.turns
    if not first <= params.turn <= last:
        raise CalcInputError(f"--turn {params.turn}: a game turn must be from {first} to {last} ({TURN_RULE})")
    if params.hits < 1:
        raise CalcInputError("--hits: a ship with no hits is not damaged")
    try:
        turn = damage_return_turn(side, params.hits, params.turn, tables.return_rows(), tables.last_turn)
    except ValueError as error:
        raise CalcInputError(str(error)) from None
    months = tables.months()
    who = params.ship or f"a {side_adjective(game, side)} ship"
    if turn is None:
        lines = [f"{who} damaged on Turn {params.turn} with {counted(params.hits, 'hit')} would not be back by Turn {tables.last_turn}: removed from the game"]
    else:
        lines = [f"{who} damaged on Turn {params.turn} with {counted(params.hits, 'hit')} returns on Turn {turn} ({months.get(turn, '?')}), "
                 "at the start of the Task Force Phase; place it on the Turn Record Track now"]
    data = {"side": side, "hits": params.hits, "turn_damaged": params.turn, "returns_on": turn, "removed": turn is None}
    caveats = []
    if turn is not None and turn in (3, 4):
        caveats.append(f"the month of Turn {turn} is reconstructed (charts: turn_record_track)")
    return CalcResult("Damaged ship's return", tuple(lines), data, (game.edition.cite("applying-hits", "10.7"),), tuple(caveats))


def _sunk_transports_return(game: Game, tables, counter: Counter, ship: Ship, params) -> CalcResult:
    """PF 10.7: one hit sinks a Transports unit or the Tokyo Express, no roll, so neither is ever damaged; a sunk
    Transports unit comes back at the start of the next turn. The Tokyo Express stands for one Transports unit (9.6):
    read as that unit coming back (as PF-COUNTER-MIX-LOW counts it)."""
    first, last = game.turns
    if not first <= params.turn <= last:
        raise CalcInputError(f"--turn {params.turn}: a game turn must be from {first} to {last} ({TURN_RULE})")
    if params.hits < 1:
        raise CalcInputError("--hits: a unit with no hits is neither damaged nor sunk")
    back = params.turn + tables.transports_return_turns
    what = "its Transports unit" if ship.cls == "Tokyo Express" else "it"
    when = (f"{what} returns at the start of Turn {back} ({tables.months().get(back, '?')})" if back <= last
            else f"the game ends with Turn {last}, so {what} does not return")
    lines = [f"{ship.name} hit on Turn {params.turn}: a single hit sinks it, no roll, so it is never damaged; {when}"]
    data = {"side": counter.side, "hits": params.hits, "turn_damaged": params.turn, "sunk": True,
            "returns_on": back if back <= last else None, "removed": False}
    caveats = [f"the month of Turn {back} is reconstructed (charts: turn_record_track)"] if back in (3, 4) else []
    if ship.cls == "Tokyo Express":
        caveats.append("the Tokyo Express replaces one Transports unit (PF 9.6); read as that unit returning like a sunk Transports unit")
    return CalcResult(f"Sunk Transports: {ship.name}", tuple(lines), data, (game.edition.cite("applying-hits", "10.7"),), tuple(caveats))


# --- Henderson Field: bombardment and air strikes (PF 10.4, 10.6) ------------------------------

def _verb(hits: int) -> str:
    """'1 hit disrupts', '2 hits disrupt' (PF 10.4, 10.6)."""
    return "disrupts" if hits == 1 else "disrupt"


def _box_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--box", default="US 1", help="the Initiative marker's box: 'Japan 3', '0', 'US 1' (default US 1, the start)")


def _bombard_args(p: argparse.ArgumentParser) -> None:
    _ship_args(p)
    _box_arg(p)


def _bombard_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    box = _box(tables, params.box)
    ships, caveats = _firing_units(game, params, False, "bombardment")
    if pf_odds.task_force_type(ships) != "B" or any(s.cls == "Tokyo Express" for s in ships):
        raise CalcInputError("only a TF-B bombards (PF 9.3, 9.4): no carriers, no Transports, not the Tokyo Express")
    threshold = pf_odds.disruption_threshold(box.value, tables.disruption_minimum)
    dist = pf_odds.total_hits(pf_odds.unit_hits(s.combat, die=tables.die) for s in ships)
    one, two = pf_odds.bombardment([s.combat for s in ships], box.value, tables.disruption_minimum, tables.die)
    lines = [f"TF-B of CF {' '.join(str(s.combat) for s in ships)} bombards Henderson Field, marker on {box.label}: {counted(threshold, 'hit')} {_verb(threshold)}",
             f"first round: {shown(one)}",
             f"within two rounds (hits do not carry over): {shown(two)}",
             "hits of one round:"] + _dist_lines(dist, "  ")
    data = {"box": box.label, "threshold": threshold, "combat_factors": [s.combat for s in ships],
            "first_round": as_json(one), "two_rounds": as_json(two), "hits": _dist_rows(dist)}
    cites = [game.edition.cite("naval-bombardment", "9.4"), game.edition.cite_number("10.4")]
    return CalcResult(f"Bombardment of Henderson Field ({box.label})", tuple(lines), data, tuple(cites), tuple(caveats + _box_caveat(box)))


def _air_strike_args(p: argparse.ArgumentParser) -> None:
    _ship_args(p, target=True)
    _box_arg(p)
    p.add_argument("--disrupted", action="store_true", help="Henderson Field is already disrupted (the strike has no effect)")
    p.add_argument("--target-cf", nargs="+", type=int, metavar="N", help="Combat Factors of the target's ships (one per --target ship, or per unstated one), for its return fire")
    p.add_argument("--return-cap", type=CAP, help="CAP reduction of Henderson Field's hits on the TF-C (default: the TF-C's own CAP, 2 with a CV; --cf alone is taken as CVs)")


def _air_strike_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    ships, caveats = _firing_units(game, params, True, "air strike")
    carriers = [s for s in ships if s.is_carrier]
    if params.target:
        return _strike_task_force(game, tables, ships, carriers, params, caveats)
    box = _box(tables, params.box)
    own_cap, _ = pf_odds.cap_reduction(ships, tables.cap_reductions())
    if params.return_cap is not None:
        if params.return_cap < 0:
            raise CalcInputError("--return-cap must not be negative")
        own_cap = params.return_cap
    strike = pf_odds.air_strike_on_henderson(
        [s.combat for s in carriers], box.value, box.cap_icons, operational=not params.disrupted, return_fire_cap=own_cap,
        minimum_hits=tables.disruption_minimum, cap_minimum=tables.henderson_cap_minimum, die=tables.die)
    cfs = " ".join(str(s.combat) for s in carriers)
    cites = [game.edition.cite("air-strike", "9.5"), game.edition.cite_number("10.6"), game.edition.cite("applying-hits", "10.7")]
    if params.disrupted:
        lines = ["Henderson Field is disrupted: an air strike against it has no effect (PF 10.6)"]
        data = {"box": box.label, "operational": False, "first_round": as_json(0), "two_rounds": as_json(0)}
        return CalcResult(f"Air strike on Henderson Field ({box.label}, disrupted)", tuple(lines), data, tuple(cites), tuple(caveats))
    lines = [f"carriers of CF {cfs} strike Henderson Field, marker on {box.label}: {counted(strike.threshold, 'hit')} {_verb(strike.threshold)}; "
             f"no AS/AA modifier; each carrier's hits -{box.cap_icons} (the box's CAP), minimum {tables.henderson_cap_minimum}",
             f"Henderson Field fires back with CF {box.value}, its hits -{own_cap} by the TF-C's CAP; "
             "each hit takes one carrier out (sunk or damaged), strongest first",
             f"first round: {shown(strike.first_round)}",
             f"within two rounds: {shown(strike.two_rounds)}",
             f"a second round is flown (round 1 failed, a carrier left): {shown(strike.second_round_possible)}",
             "carriers left after round 1: " + ", ".join(f"{k}: {shown(p)}" for k, p in strike.carriers_left.items()),
             "hits of the first round:"] + _dist_lines(strike.strike_hits, "  ")
    data = {"box": box.label, "operational": True, "threshold": strike.threshold, "combat_factors": [s.combat for s in carriers],
            "cap_icons": box.cap_icons, "cap_icons_placeholder": box.placeholder, "return_fire_cap": own_cap,
            "first_round": as_json(strike.first_round), "two_rounds": as_json(strike.two_rounds),
            "second_round_possible": as_json(strike.second_round_possible),
            "field_hits": _dist_rows(strike.field_hits),
            "carriers_left": [{"carriers": k, "chance": as_json(p)} for k, p in strike.carriers_left.items()],
            "hits": _dist_rows(strike.strike_hits)}
    caveats = caveats + _placeholder_caveat(game, box, params.documents) + _box_caveat(box) + [
        "Henderson Field's return fire is read as carrier combat (PF 10.6: 'in the same manner as carrier combat'): "
        "the striking TF-C's CAP reduces its hits; the defender is assumed to spread its hits one per carrier"]
    return CalcResult(f"Air strike on Henderson Field ({box.label})", tuple(lines), data, tuple(cites), tuple(caveats))


def _strike_task_force(game, tables, ships, carriers, params, caveats) -> CalcResult:
    target, target_caveats = resolve_ships(game, params.target, params.target_cf, option="--target")
    caveats = caveats + target_caveats
    as_rating, aa_rating = pf_odds.air_strike_rating(ships), pf_odds.anti_aircraft_rating(target)
    modifier, when = pf_odds.air_strike_modifier(as_rating, aa_rating, tables.modifiers())
    cap, cap_why = pf_odds.cap_reduction(target, tables.cap_reductions())
    dist = pf_odds.total_hits(pf_odds.unit_hits(s.combat, modifier, cap, tables.cap_minimum, tables.die) for s in carriers)
    lines = [f"AS {as_rating} vs AA {aa_rating}: +{modifier} to each carrier ({when}); target's CAP -{cap} ({cap_why})",
             f"strike hits (one round), mean {shown(pf_odds.mean(dist))} hits:"] + _dist_lines(dist, "  ")
    target_problems = _not_allowed(target)  # the target is a task force too (PF 8.2, 8.3, 9.6)
    lines[1:1] = [f"target not allowed: {p}" for p in target_problems]
    data = {"air_strike_rating": as_rating, "anti_aircraft_rating": aa_rating, "modifier": modifier, "comparison": when,
            "cap": cap, "hits": _dist_rows(dist), "mean": as_json(pf_odds.mean(dist)), "target_not_allowed": target_problems}
    defenders = [s for s in target if s.is_carrier]
    if defenders:
        if all(s.combat is not None for s in defenders):
            back_mod, back_when = pf_odds.air_strike_modifier(pf_odds.air_strike_rating(target), pf_odds.anti_aircraft_rating(ships), tables.modifiers())
            back_cap, _ = pf_odds.cap_reduction(ships, tables.cap_reductions())
            back = pf_odds.total_hits(pf_odds.unit_hits(s.combat, back_mod, back_cap, tables.cap_minimum, tables.die) for s in defenders)
            lines += [f"the target TF-C fires back: +{back_mod} ({back_when}), CAP -{back_cap}, mean {shown(pf_odds.mean(back))} hits:"]
            lines += _dist_lines(back, "  ")
            data["return_fire"] = {"modifier": back_mod, "cap": back_cap, "hits": _dist_rows(back), "mean": as_json(pf_odds.mean(back))}
        else:
            missing = [s.name for s in defenders if s.combat is None]
            lines.append(f"the target TF-C fires back; its odds need the Combat Factor of {', '.join(missing)} (--target-cf)")
            caveats.append(f"no return-fire odds: Combat Factor unstated for {', '.join(missing)}")
    cites = [game.edition.cite("air-strike", "9.5"), game.edition.cite_number("10.6"), game.edition.cite("carrier-combat", "10.5")]
    return CalcResult("Air strike on a task force", tuple(lines), data, tuple(cites), tuple(caveats))


# --- Tokyo Express (PF 9.6) --------------------------------------------------------------------

def _tokyo_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--us-in-ironbottom", choices=["yes", "no"], help="is a US task force in Ironbottom Sound? (default: show both)")
    p.add_argument("--henderson", choices=["operational", "disrupted"], help="Henderson Field's state (default: show both)")


def _tokyo_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    faces = tables.detection_rows()
    cases = []
    for us_there in ([params.us_in_ironbottom == "yes"] if params.us_in_ironbottom else [False, True]):
        states = [params.henderson == "operational"] if params.henderson else ([True] if not us_there else [True, False])
        for operational in states:
            p = pf_odds.tokyo_express_detection(us_there, operational, faces, tables.die)
            cases.append((us_there, operational, p))
    lines = []
    data = []
    for us_there, operational, p in cases:
        where = "a US task force in Ironbottom Sound" if us_there else "no US task force in Ironbottom Sound (unopposed)"
        lines.append(f"{where}, Henderson Field {'operational' if operational else 'disrupted'}: detected {shown(p)}, lands {shown(1 - p)}")
        data.append({"us_in_ironbottom": us_there, "henderson_operational": operational, "detected": as_json(p), "lands": as_json(1 - p)})
    lines.append("landing: the Initiative marker shifts one space toward Japan; detected: removed, no shift")
    return CalcResult("Tokyo Express detection", tuple(lines), {"cases": data}, (game.edition.cite("tokyo-express", "9.6"),))


# --- events (PF 7.0-7.2) -----------------------------------------------------------------------

def _events_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--side", required=True, help="the non-initiative side rolling: japan or us")
    p.add_argument("--used", nargs="+", default=[], metavar="EVENT", help="events already happened this game (ids, e.g. torpedo-hits)")
    p.add_argument("--turn", type=int, help="the turn (no Event Phase on Turn 1)")


def _events_used_could_have_happened(game: Game, events, params) -> None:
    """PF 5.0, 7.0: one Event Phase a turn from Turn 2, so before this turn's roll at most one event per earlier turn
    from Turn 2 (two before Turn 4's), and a once-only event at most once."""
    once = {e.id for e in events if e.once}
    twice = sorted({u for u in params.used if u in once and params.used.count(u) > 1})
    if twice:
        raise CalcInputError(f"--used {twice[0]} twice: it happens once a game (PF 7.0; a roll of it again is rerolled)")
    first = int(game.edition.param("events_from_turn", 2))
    turn = params.turn if params.turn is not None else game.turns[1]
    earlier = max(turn - first, 0)
    if len(params.used) > earlier:
        last = "" if params.turn is not None else ", the last"
        raise CalcInputError(f"--used: {counted(len(params.used), 'event')}, but with one Event Phase a turn from Turn {first} "
                             f"(PF 5.0, 7.0) at most {counted(earlier, 'event')} can come before the roll of Turn {turn}{last}")


def _events_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    side = _side(params.side)
    try:
        events = tables.events(side)
        odds_ = event_odds(events, params.used)
        left = remaining_events(events, params.used)
    except (UnknownEvent, TableError) as error:
        raise CalcInputError(str(error)) from None
    cites = [game.edition.cite("events", "7.0"), game.edition.cite("japanese-events" if side == "japan" else "us-events", "7.1" if side == "japan" else "7.2")]
    skip = tables.table("events").get("not_on_turn", 1)
    if params.turn is not None and not game.turns[0] <= params.turn <= game.turns[1]:
        raise CalcInputError(f"--turn {params.turn}: a game turn must be from {game.turns[0]} to {game.turns[1]} ({TURN_RULE})")
    if params.turn is not None and params.turn == skip:
        return CalcResult(f"Events: {SIDE_NAMES[side]}", (f"no Event Phase on Turn {skip} (PF 5.0, 7.0)",),
                          {"side": side, "turn": params.turn, "events": []}, tuple(cites))
    _events_used_could_have_happened(game, events, params)
    lines, data = [], []
    faces_left = [f for e in left for f in e.faces]
    for event in events:
        p = odds_.get(event.id, Fraction(0))
        state = "used, rerolled" if event.id not in odds_ else ("repeatable" if not event.once else "once a game")
        lines.append(f"{event.name} ({'-'.join(map(str, (event.faces[0], event.faces[-1]))) if len(event.faces) > 1 else event.faces[0]}): {shown(p)} [{state}]")
        data.append({"id": event.id, "name": event.name, "faces": list(event.faces), "once": event.once,
                     "used": event.id in params.used, "chance": as_json(p)})
    if not odds_:
        lines.append("every event has happened: the roll gives nothing")
    elif len(faces_left) < tables.table("events").get("die", 6):
        lines.append(f"faces of used events are rolled again: {len(faces_left)} faces decide")
    return CalcResult(f"Events: {SIDE_NAMES[side]}", tuple(lines), {"side": side, "used": list(params.used), "events": data}, tuple(cites))


# --- Operation Boxes (PF 8.2, 9.1, 9.7) --------------------------------------------------------

def _operations_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tf", nargs="+", default=[], metavar="NAME", help="task forces in boxes 1, 2, 3 ... in order")
    p.add_argument("--box", nargs="+", default=[], metavar="N=NAME", help="task forces by box, e.g. 2=Cruisers 3=Carriers (a situation after sorties)")
    p.add_argument("--actions", nargs="+", required=True, choices=ACTIONS, help="the side's operations in order: sortie, other (move, landing, bombardment, air strike) or pass")


def _operations_run(game: Game, params) -> CalcResult:
    limit = int(game.edition.param("operations_per_turn", 7) or 7)
    count = int(game.edition.param("max_task_forces", 7) or 7)
    boxes: dict[int, str] = {i + 1: name for i, name in enumerate(params.tf)}
    for item in params.box:
        number, sep, name = item.partition("=")
        number = number.strip()
        if not sep or not number.isascii() or not number.isdigit() or not name.strip():  # not '²' nor '٣', which int() refuses or reads
            raise CalcInputError(f"--box {item!r}: write N=NAME, e.g. 2=Cruisers")
        if len(number) > 9:  # a 5,000-digit box was an internal error (Python's 4,300-digit limit of int())
            raise CalcInputError(f"--box {item[:20]}...: box {number[:9]}... is not an Operation Box (1-{count}, {BOXES_RULE})")
        if int(number) in boxes:
            raise CalcInputError(f"box {number} is given twice")
        boxes[int(number)] = name.strip()
    if not boxes:
        raise CalcInputError("give the task forces: --tf NAME... or --box N=NAME...")
    try:
        # --tf alone is the phase's start, nothing at sea yet (PF 8.2); --box may be a situation after sorties
        steps = operation_boxes(boxes, params.actions, count, limit, none_at_sea=not params.box)
    except OperationsError as error:
        raise CalcInputError(str(error)) from None

    def layout(b: dict) -> str:
        return ", ".join(f"{n}: {name}" for n, name in sorted(b.items())) or "empty"

    lines = [f"start: {layout(boxes)}"]
    data = []
    for step in steps:
        what = f"sortie of {step.sortied}" if step.sortied else step.action + (" (boxes shift up)" if step.action != "sortie" else "")
        line = f"op {step.number} {what}: {layout(step.boxes)}"
        if step.returned_to_base:
            line += f"; back to base, no sortie this turn: {', '.join(step.returned_to_base)}"
        line += f"; next to sortie: {step.eligible or 'none'}"
        lines.append(line)
        data.append({"operation": step.number, "action": step.action, "sortied": step.sortied,
                     "boxes": {str(k): v for k, v in sorted(step.boxes.items())}, "eligible": step.eligible,
                     "returned_to_base": list(step.returned_to_base)})
    cites = [game.edition.cite("form-task-forces", "8.2"), game.edition.cite("operations", "9.0"), game.edition.cite("sortie", "9.1"),
             game.edition.cite("counting-operations", "9.7")]
    return CalcResult("Operation Boxes", tuple(lines), {"start": {str(k): v for k, v in sorted(boxes.items())}, "steps": data}, tuple(cites))


# --- Initiative Track (PF 4.0, 6.1, 9.3, 9.6, 11.0) --------------------------------------------

def _initiative_args(p: argparse.ArgumentParser) -> None:
    _box_arg(p)
    p.add_argument("--initiative", help="the side that had the initiative this turn (default: the side the box gives, PF 6.1)")
    p.add_argument("--disrupted", action="store_true", help="Henderson Field is disrupted at the Return Phase")
    p.add_argument("--transports-sunk", action="store_true", help="a Transports unit of a TF-A (not the Tokyo Express) was sunk this turn")
    p.add_argument("--landing", type=TRANSPORTS_LANDED, metavar="N", help="N Transports units (or the Tokyo Express, N=1) land for the non-initiative side: the shift")


def _initiative_run(game: Game, params) -> CalcResult:
    tables = tables_of(game, params.documents)
    track = tables.initiative_boxes()
    box = _box(tables, params.box)
    start_side = initiative_side(box)
    initiative = _side(params.initiative) if params.initiative else start_side
    threshold = pf_odds.disruption_threshold(box.value, tables.disruption_minimum)
    lines = [f"marker on {box.label}: {SIDE_NAMES[start_side]} has the initiative for a turn starting here (box 0: the US)",
             f"Henderson Field: held by the initiative player; Combat Factor {box.value}, CAP {counted(box.cap_icons, 'aircraft icon')}"
             + (" (placeholder)" if box.placeholder else "") + f"; {counted(threshold, 'hit')} {_verb(threshold)} it"]
    data = {"box": box.label, "value": box.value, "initiative": start_side, "henderson_field": {"combat_factor": box.value,
            "cap_icons": box.cap_icons, "cap_icons_placeholder": box.placeholder}}
    cites = [game.edition.cite("victory", "4.0"), game.edition.cite("initiative-player", "6.1"), game.edition.cite("return-phase", "11.0")]
    disrupted, before_return = params.disrupted, box
    if params.landing is not None:
        # PF 9.3, 9.6: landings come in the Operations Phase, so the Return Phase (11.0) shifts from where they left the marker.
        if params.landing >= TRANSPORTS_LANDED.high and params.transports_sunk:
            raise CalcInputError(f"--landing {params.landing} with --transports-sunk: a side has {TRANSPORTS_LANDED.high} Transports units "
                                 "(PF 3.1, the Tokyo Express one of them, 9.6); with all landed none was sunk, and a sunk one "
                                 "returns only next turn (PF 10.7)")
        lander = "japan" if initiative == "us" else "us"
        shifted = landing_shift(track, box, lander, params.landing)
        lines.append(f"landing by {SIDE_NAMES[lander]} (the non-initiative side), Operations Phase: {shifted.reason}: {box.label} -> {shifted.box.label}")
        if params.landing > 1 and not disrupted:
            # PF 9.3: a TF-A never lands while Henderson Field is operational; only the Tokyo Express (one unit) does (9.6).
            disrupted = True
            lines.append("Henderson Field read as disrupted: a second unit landing is a TF-A's Transports, which lands only on a "
                         "disrupted field (PF 9.3; only the Tokyo Express, one unit, lands on an operational one, 9.6)")
        elif not disrupted:
            lines.append("on an operational Henderson Field only the Tokyo Express lands (PF 9.6); a TF-A's Transports needs it "
                         "disrupted (PF 9.3): give --disrupted for that case")
        data["landing"] = {"side": lander, "transports": params.landing, "to": shifted.box.label, "spaces": shifted.spaces,
                           "henderson_field_disrupted": disrupted}
        cites += [game.edition.cite("landing", "9.3"), game.edition.cite("tokyo-express", "9.6")]
        before_return = shifted.box
    rp = return_phase_shift(track, before_return, initiative, not disrupted, params.transports_sunk)
    lines.append(f"Return Phase ({SIDE_NAMES[initiative]} initiative): {rp.reason}: {before_return.label} -> {rp.box.label}")
    data["return_phase"] = {"initiative": initiative, "from": before_return.label, "to": rp.box.label, "spaces": rp.spaces, "reason": rp.reason}
    # PF 4.0, 11.0: victory is judged once the last turn's Return Phase is over, so from the box that phase leaves.
    won = victory(rp.box)
    lines.append(f"if this is Turn {game.turns[1]}, the game ends after this Return Phase with the marker on {rp.box.label}: "
                 + ("a draw" if won == "draw" else f"{SIDE_NAMES[won]} wins"))
    data["victory_if_final"] = won
    data["victory_box"] = rp.box.label
    caveats = _placeholder_caveat(game, box, params.documents) + _box_caveat(box)
    for other in sorted({rp.box.label} | ({data["landing"]["to"]} if "landing" in data else set())):
        caveats += _box_caveat(tables.initiative_box(other)) if other != box.label else []
    return CalcResult(f"Initiative Track: {box.label}", tuple(lines), data, tuple(cites), tuple(dict.fromkeys(caveats)))


def _calc(name, summary, arguments, run, examples, group: str = "") -> Calculation:
    return Calculation(name, summary, arguments, run, tuple(f"chartroom calc pacific-fury {name} {e}".rstrip() for e in examples), group)


def _task_force_args(p: argparse.ArgumentParser) -> None:
    _ship_args(p, target=True)


CALCULATIONS: dict[str, Calculation] = {c.name: c for c in (
    _calc("zones", "sea zones, adjacency and distance (PF 2.1, 9.2)", _zones_args, _zones_run,
          ["", "--zone 'The Slot'", "--zone 'The Slot' --to 'South Pacific Ocean'"]),
    _calc("moves", "where a task force may move, and a TF-C strike (PF 9.2, 9.5)", _moves_args, _moves_run,
          ["--zone 'Eastern Solomons' --type C", "--zone 'The Slot' --type B"]),
    _calc("sortie", "sortie destinations by side, task-force type and initiative (PF 9.1, 9.6)", _sortie_args, _sortie_run,
          ["--side japan --type B --initiative us", "--side japan --type tokyo-express --initiative us"]),
    _calc("task-force", "a task force's type, AS and AA ratings, modifier and CAP against a target (PF 8.3, 10.5)", _task_force_args, _task_force_run,
          ["--ship Enterprise Saratoga Wasp --cf 4 4 4 --target Shokaku Zuiho Tone Chikuma Suzuya Kumano Atago Takao"], "odds"),
    _calc("fire", "hit distribution of one unit or several (PF 10.2, 10.5)", _fire_args, _fire_run,
          ["--cf 4", "--cf 4 4 4 --cap 2", "--cf 5 3 --modifier 1"], "odds"),
    _calc("sink", "chance a ship sinks given hits and Defense Factor (PF 10.7)", _sink_args, _sink_run,
          ["--ship Hornet --hits 3", "--hits 1 --df 0", "--transports --hits 1"], "odds"),
    _calc("damage-return", "the turn a damaged ship returns, or removal (PF 10.7)", _damage_args, _damage_run,
          ["--side japan --hits 1 --turn 2", "--side us --hits 2 --turn 3"]),
    _calc("bombard", "Henderson Field disruption by a TF-B's bombardment, one and two rounds (PF 10.4)", _bombard_args, _bombard_run,
          ["--cf 4 4 3 --box 'US 2'"], "odds"),
    _calc("air-strike", "an air strike against Henderson Field (one and two rounds, the field firing back) or a task force (PF 10.6)",
          _air_strike_args, _air_strike_run,
          ["--cf 4 4 --box 'US 1'", "--ship Shokaku Zuikaku --cf 4 4 --box 'US 2'", "--ship Enterprise Wasp --cf 4 4 --target Zuiho Tone"], "odds"),
    _calc("tokyo-express", "Tokyo Express detection (PF 9.6)", _tokyo_args, _tokyo_run,
          ["", "--us-in-ironbottom yes --henderson disrupted"]),
    _calc("events", "event odds given the events already used (PF 7.0-7.2)", _events_args, _events_run,
          ["--side japan --used torpedo-hits", "--side us --used submarine-attack heavy-bombers"]),
    _calc("operations", "Operation Box shifts: what sorties next, what is pushed back to base (PF 8.2, 9.1, 9.7)", _operations_args, _operations_run,
          ["--tf TF1 TF2 TF3 --actions sortie other", "--box 6=Late 7=Last --actions pass sortie"]),
    _calc("initiative", "initiative, Henderson Field, victory and the Return Phase shift from a box (PF 4.0, 6.1, 11.0)", _initiative_args, _initiative_run,
          ["--box 'US 1'", "--box 0 --disrupted --transports-sunk", "--box 'US 1' --landing 2 --disrupted"]),
)}
