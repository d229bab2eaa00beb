"""Fire from the Skies' player aids: the template variables of each sheet, from the data and the calculations.

Every number comes from the edition's parameters, the charts, the scenario's own sections
(:mod:`.data`) or the game's computations (:mod:`.air`, :mod:`.victory`, :mod:`toolkit.graph.arcs`);
the templates in ``templates/`` only lay them out. An empty slot is printed as a blank box with
where to find the value, never filled. Pure functions: the same data give the same bytes.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from toolkit.games import AidSpec
from toolkit.games.fire_from_the_skies.aboard import landing_schedule
from toolkit.games.fire_from_the_skies.air import search_band, search_reach
from toolkit.games.fire_from_the_skies.data import is_empty, read
from toolkit.games.fire_from_the_skies.victory import READINGS, VPTable, score
from toolkit.graph.arcs import Sector, covered
from toolkit.model import Game, Scenario
from toolkit.render.svgsheet import SheetOverlay, render_sheet_svg

__all__ = ["aid_specs", "air_ops_log", "search_record", "plotting_sheet", "tables_card", "victory_card",
           "search_plan", "clock_time", "carriers"]

#: The core aids that fit: the sequence of play (from the edition). Set-up cards, schedules, the counter
#: manifest and the base directory are for counters on a hex map; the generic charts and map give way to
#: the tables card and the plotting sheet below.
HANDLING = (("hp_deck_end_to_end", "move an AF from one end of the flight deck to the other", "6.7.1"),
            ("hp_deck_to_hangar", "strike an AF below, flight deck to hangar", "6.7.2"),
            ("hp_hangar_to_deck_closed", "raise an AF from a closed hangar to the flight deck", "6.7.3"),
            ("hp_hangar_to_deck_open", "raise an AF from an open hangar to the flight deck", "6.7.4"))
STATES = (("deck-aft", "Spotted aft (can launch)"), ("deck-forward", "Spotted forward (can land)"), ("hangar", "Hangar"), ("base", "Air base"))


def _fmt(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def clock_time(scenario: Scenario, turn: int) -> str:
    """The clock time of ``turn`` (FFTS 3.3: 20 minutes a turn) from the scenario's ``clock``, or "" without one."""
    clock = scenario.section("clock") or {}
    first, start = clock.get("first_turn", 1), clock.get("time_of_first_turn")
    if not start:
        return ""
    minutes = int(str(start)[:2]) * 60 + int(str(start)[2:]) + 20 * (turn - first)
    return f"{minutes // 60 % 24:02d}{minutes % 60:02d}"


def _turns(scenario: Scenario) -> list[int]:
    clock = scenario.section("clock") or {}
    first = clock.get("first_turn", scenario.start_turn)
    last = clock.get("last_turn", first + 35)
    return list(range(first, last + 1))


def _rating(value) -> dict:
    if is_empty(value):
        return {"blank": True, "value": "", "fill": value.get("empty", "") if isinstance(value, dict) else ""}
    return {"blank": False, "value": _fmt(value), "fill": ""}


def carriers(scenario: Scenario):
    """The scenario's carriers and air bases holding air groups, in the order the air groups list them."""
    data = read(scenario)
    return [g.at_name for g in data.air_groups]


# --- air-operations log, one per carrier or base (FFTS 4.5, 6.3-6.13) --------------------------------------

def air_ops_log(game: Game, scenario: Scenario, holder: str) -> dict:
    data = read(scenario)
    ship = data.ships.get(holder)
    base = data.bases.get(holder)
    group = next((g for g in data.air_groups if g.at_name == holder), None)
    name = ship.name if ship else holder
    ratings = []
    if ship is not None:
        for key in ("af_capacity", "handling_points", "hangar", "elevators", "catapults", "landing_area", "fotw_speed"):
            if key in ship.ratings:
                ratings.append({"name": key.replace("_", " "), **_rating(ship.ratings[key])})
    elif base is not None:
        ratings.append({"name": "af capacity", **_rating(base.af_capacity)})
    states = []
    for state, label in STATES:
        rows = [{"type": data.aircraft[a.type].name if a.type in data.aircraft else a.type, "afs": a.afs, "fueled": a.fueled,
                 "weapon": a.weapon or ""} for a in (group.aircraft if group else ()) if a.state == state]
        if rows:
            states.append({"state": state, "label": label, "rows": rows, "total": sum(x["afs"] for x in rows)})
    p = game.edition.param
    launch = p("launch_per_aos") or {}
    limits = [{"text": f"Launch {launch.get('no-catapult')} AFs an AOS without catapults, {launch.get('one-catapult')} with one, "
                       f"{launch.get('two-catapults')} with two", "cite": game.edition.cite_number("6.9")},
              {"text": f"Land {p('land_per_aos')} AFs an AOS; launch or land in an AOS, never both", "cite": game.edition.cite_number("6.12, 6.7")},
              {"text": "Deck aircraft all spotted aft (to launch) or all forward (to land); launch front to back", "cite": game.edition.cite_number("6.7, 6.7.6")},
              *({"text": f"{_fmt(p(key))} HP: {text}", "cite": game.edition.cite_number(rule)} for key, text, rule in HANDLING),
              {"text": f"Fighters: up to {p('fighters_land_ready_spot_per_aos')} AFs landed, readied and spotted in one AOS on a clear deck; "
                       f"{p('fighters_scramble')} readied AFs may scramble when a strike is announced", "cite": game.edition.cite_number("6.13")},
              {"text": "Sequence of each AOS: land or launch, then move aircraft, then ready them", "cite": game.edition.cite_number("6.5")},
              {"text": "No air operations but launches in a turn the carrier is attacked", "cite": game.edition.cite_number("6.6")}]
    missions = []
    for m in data.missions:
        if m.source != holder:
            continue
        per_type = []
        for a in m.aircraft:
            kind = data.aircraft.get(a.type)
            endurance = kind.endurance(a.load) if kind else None
            per_type.append({"afs": a.afs, "type": kind.name if kind else a.type, "load": a.load,
                             "last": m.launch_turn + endurance if endurance is not None else None})
        missions.append({"id": m.id, "kind": m.kind, "launch": m.launch_turn, "launch_time": clock_time(scenario, m.launch_turn),
                         "afs": m.total, "land": m.land_turn, "types": per_type, "recorded_last": m.last_turn})
    launches = {}
    for m in missions:
        launches.setdefault(m["launch"], []).append(f"{m['id']}: {m['afs']} AF")
    landings = {}  # beyond the AFs an AOS lands, the rest land in the next AOS (6.12), as the checks count them
    schedule = landing_schedule([m for m in data.missions if m.source == holder], int(p("land_per_aos") or 6))
    for mission_id, landed in schedule.items():
        for turn, afs in landed:
            landings.setdefault(turn, []).append(f"{mission_id}: {afs} AF")
    log = [{"turn": t, "time": clock_time(scenario, t), "launch": "; ".join(launches.get(t, ())), "land": "; ".join(landings.get(t, ()))}
           for t in _turns(scenario)]
    return {"holder": holder, "name": name, "cls": ship.cls if ship else "air base", "side": game.side_name(ship.side if ship else base.side)
            if (ship or base) else "", "ratings": ratings, "states": states, "total": group.total if group else 0, "limits": limits,
            "missions": missions, "log": log}


# --- search plan and record (FFTS 7.4-8.2) --------------------------------------------------------------

def search_plan(game: Game, scenario: Scenario, side: str | None = None) -> list[dict]:
    """The scenario's searches: origin hex, arc, range, AFs, record in both readings, hexes covered."""
    data = read(scenario)
    tf_of = {s: tf for tf in data.task_forces for s in tf.ships}
    out = []
    for m in data.missions:
        if m.kind != "search" or m.arc is None or m.range is None or (side is not None and m.side != side):
            continue
        tf = tf_of.get(m.source)
        origin = tf.hex if tf else next((pl.hex for pl in game.map.places.values() if pl.name == m.source), None)
        if origin is None:
            continue
        sector = Sector.between(origin, m.arc[0], m.arc[1], m.range)
        rings = covered(game.map.grid, sector, game.map.north, game.map.hexes)
        hexes = frozenset(h for hs in rings.values() for h in hs)
        kind = data.aircraft.get(m.aircraft[0].type) if m.aircraft else None
        speed = (kind.rating("speed") if kind else None) or "normal"
        turns, t = [], m.launch_turn + 1
        while (reach := search_reach(m.launch_turn, m.range, speed, t)) is not None:
            band = sorted(h for d in search_band(reach, int(game.edition.param("search_band_hexes", 2))) for h in rings.get(d, ()))
            turns.append({"turn": t, "reach": reach, "count": len(band)})
            t += 1
        end = f"{m.last_turn}" if m.last_turn is not None else ""
        out.append({"id": m.id, "side": m.side, "side_name": game.side_name(m.side), "source": data.ships[m.source].name if m.source in data.ships else m.source,
                    "origin": origin, "arc": (m.arc[0], m.arc[1]), "range": m.range, "afs": m.total, "launch": m.launch_turn,
                    "record": f"{m.launch_turn}:{m.arc[0]:g}-{m.arc[1]:g}:{m.range}-{end}",
                    "record_7_4_7": f"{m.launch_turn + 1}:{m.arc[0]:g}-{m.arc[1]:g}:{m.range}-{end}",
                    "last": m.last_turn, "home": turns[-1]["turn"] if turns else m.launch_turn, "speed": speed,
                    "hexes": hexes, "hex_count": len(hexes), "turns": turns})
    return out


def search_record(game: Game, scenario: Scenario, side: str) -> dict:
    p, cite = game.edition.param, game.edition.cite_number
    return {"side": side, "side_name": game.side_name(side), "searches": search_plan(game, scenario, side),
            "blank_rows": 6, "log_rows": 12, "first_field": p("search_record_first_field"), "first_field_7_4_7": p("search_record_first_field_7_4_7"),
            "limits": [{"text": f"A search AF covers {p('search_arc_per_af')} degrees; beyond {p('search_far_range')} hexes {p('search_arc_per_af_far')} degrees", "cite": cite("7.4.5")},
                       {"text": f"Paired searchers: {p('search_arc_paired')} degrees an AF, at most {p('search_range_paired')} hexes", "cite": cite("7.4.5")},
                       {"text": f"Arcs in {p('search_arc_step')}-degree steps; a hex an arc cuts is searched; 0 is north, clockwise", "cite": cite("7.4.8, 7.4.9")},
                       {"text": f"Each turn a search covers the band from the hexes it reached back {p('search_band_hexes')} hexes, never behind its start", "cite": cite("8.2")},
                       {"text": f"One search AF may shadow up to {p('shadow_task_forces_per_af')} task forces", "cite": cite("8.3.1")},
                       {"text": "Searches are planned at the start of the day and, at the start of the 1100 turn, for the 1200 turn", "cite": cite("7.4.1")}]}


# --- plotting sheet (FFTS 2.1, 3.2, 5.6, 7.4.9) ---------------------------------------------------------

def plotting_sheet(game: Game, scenario: Scenario, side: str | None) -> dict:
    """The sheet with its bearing rose; for a side, its task forces pencilled in and its search plan overlaid."""
    data = read(scenario)
    plan = search_plan(game, scenario, side) if side is not None else []
    overlays = [SheetOverlay(f"{s['id']} ({s['record']})", s["hexes"], s["origin"], s["arc"] if s["arc"][0] != s["arc"][1] and
                             (s["arc"][1] - s["arc"][0]) % 360 else (), s["range"]) for s in plan]
    marks = {pl.hex: pl.name[:3] for pl in game.map.places.values()}
    if side is not None:
        marks.update({tf.hex: f"TF {tf.id}" for tf in data.task_forces if tf.side == side})
    title = f"Plotting sheet{': ' + game.side_name(side) + ' searches' if side else ' (blank)'}"
    svg = render_sheet_svg(game.map, title, overlays, marks)
    places = [{"name": pl.name, "hex": pl.hex, "kind": pl.kind} for pl in sorted(game.map.places.values(), key=lambda x: x.hex)]
    tfs = [{"id": tf.id, "hex": tf.hex} for tf in data.task_forces if side is not None and tf.side == side]
    sheet = game.map.sheet
    return {"svg": Markup(svg), "side": side, "side_name": game.side_name(side) if side else "", "plan": plan, "places": places,
            "task_forces": tfs, "north": f"{game.map.north:g}", "columns": sheet.columns if sheet else None, "rows": sheet.rows if sheet else None,
            "hex_nm": sheet.hex_nm if sheet else None}


# --- tables card (the tables the rulebook prints, and the scenario's slots) --------------------------------

def _chart(game: Game, name: str) -> dict:
    return next((c[name] for c in game.charts if name in c), {})


def tables_card(game: Game, scenario: Scenario | None) -> dict:
    fuel = _chart(game, "fuel_exhaustion")
    landing = _chart(game, "landing_accidents")
    wind = _chart(game, "wind_over_deck")
    cards = _chart(game, "sighting_cards")
    arrival = _chart(game, "strike_arrival")
    slots = []
    if scenario is not None:
        for name, value in (scenario.section("tables") or {}).items():
            slots.append({"name": name.replace("_", " "), "blank": is_empty(value), "fill": value.get("empty", "") if is_empty(value) else "",
                          "value": "" if is_empty(value) else "given in the scenario"})
    p = game.edition.param
    movement = [{"text": f"Aircraft fly {p('aircraft_hexes_per_turn')} hex a turn; slow ones not on turns divisible by {p('slow_no_move_every')}; "
                         f"fast ones one more on turns divisible by {p('fast_extra_hex_every')}; a formation at its slowest", "cite": game.edition.cite_number("10.6")},
                {"text": "The launch turn does not count against endurance, the landing turn does; one turn of combat costs fighters, dive and "
                         f"torpedo bombers {p('combat_endurance_turns')} more", "cite": game.edition.cite_number("4.2, 4.3")},
                {"text": f"A game-turn is {p('turn_minutes')} minutes; a Strike Segment up to {p('air_strike_phases')} ASPs of {p('air_strike_phase_minutes')} minutes",
                 "cite": game.edition.cite_number("3.3, 3.4.5")},
                {"text": f"Up to {p('attackers_per_ship_per_asp')['total']} AFs attack one ship in an ASP: {p('attackers_per_ship_per_asp')['bombing']} bombing, "
                         f"{p('attackers_per_ship_per_asp')['torpedo']} with torpedoes; each bombing AF makes {p('attacks_per_af')} attacks", "cite": game.edition.cite_number("15.2, 15.5")}]
    return {"fuel": fuel, "landing": landing, "wind": wind, "cards": cards, "arrival": arrival, "slots": slots,
            "slot_count": sum(1 for s in slots if s["blank"]), "movement": movement}


# --- victory points (FFTS 19) ----------------------------------------------------------------------------

def victory_card(game: Game, scenario: Scenario | None) -> dict:
    chart = _chart(game, "victory_points")
    table = VPTable.of(chart)
    rows = [{"classes": ", ".join(r["classes"]), "points": r["points"]} for r in chart.get("rows", ())]
    out = {"titles": chart.get("column_titles", table.columns), "rows": rows, "af_lost": table.af_lost,
           "worst_only": (chart.get("scoring") or {}).get("worst_state_only", True), "balancing": chart.get("balancing", ""),
           "sides": [], "potential": {}}
    if scenario is not None:
        data = read(scenario)
        sides = tuple(game.side_ids)
        fleets = {s: [ship.cls for ship in data.ships.values() if ship.side == s] for s in sides}
        if all(c in table.points for cs in fleets.values() for c in cs) and len(sides) == 2:
            for reading in READINGS:
                result = score(table, sides, [], {}, fleets, reading)
                out["potential"][reading] = [{"side": game.side_name(s), "total": result["potential"][s], "balancing": result["sides"][s]["balancing"]}
                                             for s in sides]
        for s in game.side_ids:
            ships = [{"name": ship.name, "cls": ship.cls, "points": table.points.get(ship.cls, ())} for ship in data.ships.values() if ship.side == s]
            out["sides"].append({"side": game.side_name(s), "ships": ships})
    return out


# --- the aids -----------------------------------------------------------------------------------------------

def _wrap(function, *extra):
    return lambda game, scenario: {"card": function(game, scenario, *extra)}


def aid_specs(game: Game, scenario_holders=()) -> tuple[AidSpec, ...]:
    """The game's own aids. The air-operations logs depend on the scenario's carriers, so they are one aid
    that prints a page per carrier (``ffts_airops.html``)."""
    sides = list(game.side_ids)
    return (
        AidSpec("air-operations", "Air-operations logs (one per carrier)", "landscape", "ffts_airops.html",
                lambda g, s: {"cards": [air_ops_log(g, s, h) for h in carriers(s)]}),
        *(AidSpec(f"search-record-{side}", f"Search record: {game.side_name(side)}", "portrait", "ffts_search.html",
                  _wrap(search_record, side)) for side in sides),
        AidSpec("plotting-sheet", "Plotting sheet (blank)", "landscape", "ffts_sheet.html", _wrap(plotting_sheet, None)),
        *(AidSpec(f"plotting-sheet-{side}", f"Plotting sheet: {game.side_name(side)} search plan", "landscape", "ffts_sheet.html",
                  _wrap(plotting_sheet, side)) for side in sides),
        AidSpec("tables", "Tables card", "portrait", "ffts_tables.html", _wrap(tables_card)),
        AidSpec("victory", "Victory points", "portrait", "ffts_victory.html", _wrap(victory_card)),
    )


TEMPLATES = Path(__file__).resolve().parent / "templates"
