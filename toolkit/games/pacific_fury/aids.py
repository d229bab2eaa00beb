"""Pacific Fury's player aids (PF 2.1-11.0): the template variables of each card, from the data.

Every number on a card comes from the game's data (map, counters, edition, charts, scenario)
or from the game's computations (:mod:`zones`, :mod:`odds`, :mod:`events`, :mod:`operations`,
:mod:`initiative`); the templates in ``templates/`` only lay them out. A value the rulebook
does not print is shown as such: a placeholder (Henderson Field's CAP icons) is marked and
footnoted, an unstated ship rating is a blank box to fill from the counter sheet, and the map
pair the rules leave open is drawn dashed and called out with its record. The combat and odds
cards are in :mod:`toolkit.games.pacific_fury.aids_odds`.

Each ``*_card(game, scenario)`` returns a plain dict; the functions are pure (no clock, no
printing), so the aids are byte-identical from run to run.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from toolkit.exact import shown
from toolkit.games import AidSpec
from toolkit.games.pacific_fury import zones as pf_zones
from toolkit.games.pacific_fury.aids_odds import combat_card, damage_return_rows, odds_card
from toolkit.games.pacific_fury.events import event_odds
from toolkit.games.pacific_fury.initiative import initiative_side, victory
from toolkit.games.pacific_fury.odds import disruption_threshold
from toolkit.games.pacific_fury.operations import operation_boxes
from toolkit.games.pacific_fury.state import side_adjective
from toolkit.games.pacific_fury.tables import Tables
from toolkit.model import Game, Scenario
from toolkit.render.svgareas import render_area_map_svg

__all__ = ["AIDS", "aid_specs", "tables", "rule", "where", "zone_card", "track_sheet", "planning_sheet",
           "event_card", "sequence_card", "roster", "zone_svg", "TF_TYPES", "PLACEHOLDER_NOTE", "UNSTATED_NOTE"]

TF_TYPES = ("A", "B", "C")
TF_NAMES = {"A": "TF-A (Amphibious)", "B": "TF-B (Bombardment)", "C": "TF-C (Carrier Strike)", "tokyo-express": "Tokyo Express (special TF-B)"}
PLACEHOLDER_NOTE = ("Placeholder: the rules say each Initiative box prints aircraft icons giving Henderson Field's CAP "
                    "(PF 10.6) but not how many; the number shown is a stand-in, not the rules' figure. Copy the icons from your map.")
UNSTATED_NOTE = ("A blank box is a rating the rules do not print. Copy it from the counter "
                 "sheet; Chartroom never invents it.")


def tables(game: Game) -> Tables:
    """The game's tables (charts/english.yaml)."""
    return Tables.of(game.charts)


def rule(game: Game, key: str) -> dict:
    """A rule of the edition: its citation, title and summary (the edition's words, not ours)."""
    record = game.edition.rules.get(key) or {}
    return {"key": key, "cite": game.edition.cite(key), "title": record.get("title", ""), "summary": record.get("summary", "")}


def where(location) -> str:
    """A record's location as ``file:line``, the file by its name only (the aids do not depend on where they are built)."""
    if location is None or not getattr(location, "file", ""):
        return ""
    return f"{Path(location.file).name}:{location.line}" if location.line else Path(location.file).name


def _side_name(game: Game, side: str) -> str:
    return game.side_name(side) if side in game.side_ids else side


# --- zone card (PF 2.1, 8.2, 9.1, 9.2, 9.5, 9.6, 10.0) ---------------------------------------------

def zone_svg(game: Game, scenario: Scenario | None) -> str:
    """The zone diagram: the core area-map renderer, areas at the map's position hints."""
    return render_area_map_svg(game, scenario, title=f"{game.title}: sea zones ({game.edition.cite('game-map')})",
                               css_class="chartroom-map pf-zones")


def _open_pair(game: Game, pair, zones: pf_zones.ZoneMap, rules) -> dict:
    """The pair the rules leave open: its reading, its record, and the answers that rest on it."""
    deciding = []
    for zone in zones.zones:
        may_enter = rules.get(zone, {}).get("may_enter", ())
        for tf in (x for x in TF_TYPES if x in may_enter):
            if pair in pf_zones.open_pairs_deciding(zones, lambda z, zone=zone, tf=tf: pf_zones.legal_moves(z, zone, tf, rules)):
                deciding.append(f"moves of a TF-{tf} from {zone}")
        if "C" in may_enter and pair in pf_zones.open_pairs_deciding(zones, lambda z, zone=zone: pf_zones.air_strike_zones(z, zone)):
            deciding.append(f"TF-C air-strike targets from {zone}")
    return {"a": pair.a, "b": pair.b, "reading": "adjacent" if pair.adjacent else "not adjacent",
            "other": "not adjacent" if pair.adjacent else "adjacent", "at": where(pair.at), "note": pair.note,
            "deciding": deciding}


def zone_card(game: Game, scenario: Scenario | None) -> dict:
    """Per zone: combat kind, TF types that may enter, neighbours, moves by TF type, strike targets;
    sortie destinations per side and TF type; the open pair with its record."""
    t = tables(game)
    zones = pf_zones.ZoneMap.of(game.map)
    rules = t.zone_rules()
    rows = []
    for zone in zones.zones:
        record = rules.get(zone, {})
        moves = {tf: [m if m != pf_zones.BASE else "base" for m in pf_zones.legal_moves(zones, zone, tf, rules)]
                 if tf in record.get("may_enter", ()) else None for tf in TF_TYPES}
        strikes = list(pf_zones.air_strike_zones(zones, zone)) if "C" in record.get("may_enter", ()) else None
        places = [p.name for p in game.map.places.values() if p.hex == zone]
        rows.append({"name": zone, "combat": record.get("combat", ""), "may_enter": [f"TF-{x}" for x in record.get("may_enter", ())],
                     "barred": [f"TF-{x}" for x in TF_TYPES if x not in record.get("may_enter", ())],
                     "combined": bool(record.get("combined_task_forces")), "source": record.get("source", ""),
                     "neighbours": list(pf_zones.neighbours(zones, zone)), "moves": moves, "strikes": strikes, "places": places})
    pairs = []
    for a_index, a in enumerate(zones.zones):
        for b in zones.zones[a_index + 1:]:
            record = game.map.pair(a, b)
            if record is not None:
                pairs.append({"a": a, "b": b, "adjacent": record.adjacent, "open": record.open, "note": record.note, "at": where(record.at)})
    tf_a = t.table("sea_zones").get("task_force_a_for_initiative", {})
    sortie = []
    for side in game.side_ids:
        for tf in (*TF_TYPES, "tokyo-express"):
            cells = {}
            for initiative, label in ((True, "initiative"), (False, "non_initiative")):
                found = pf_zones.sortie_zones(side, tf, initiative, t.sortie_rows())
                cells[label] = [r.zone for r in found]
            cells["initiative_barred"] = tf == "A" and not tf_a.get("allowed", True)
            if cells["initiative_barred"]:
                cells["initiative"] = []  # the initiative player never forms a TF-A (PF 6.3, 8.3)
            if cells["initiative"] or cells["non_initiative"]:
                sources = sorted({r.source for r in t.sortie_rows() if r.side == side and tf in r.task_forces})
                sortie.append({"side": _side_name(game, side), "tf": TF_NAMES[tf], **cells, "sources": sources})
    combined = [r for r in rows if r["combined"]]
    return {"zone_rows": rows, "pairs": pairs, "sortie": sortie, "zone_svg_markup": Markup(zone_svg(game, scenario)),
            "open_pairs": [_open_pair(game, p, zones, rules) for p in zones.open_pairs()],
            "combined": combined, "tf_a_initiative": tf_a, "sea_zones_summary": t.table("sea_zones").get("summary", ""),
            "rules": [rule(game, k) for k in ("game-map", "sortie", "move", "landing", "naval-bombardment", "air-strike",
                                              "tokyo-express", "combat")],
            "barred_param": game.edition.param("task_force_c_barred") or [],
            # PF 9.2 with 9.3, the edition's reading (PF-TF-A-LANDING, calc moves): a TF-A enters the landing zone only to land
            "tf_a_lands_only": not game.edition.param("task_force_a_may_wait_in_landing_zone", False),
            "landing_zone": str(game.edition.param("landing_zone", "Ironbottom Sound")),
            "landing_cite": game.edition.cite("landing", "9.3")}


# --- track sheet (PF 3.3-3.6, 4.0, 6.1, 6.2, 9.7, 10.6, 11.0) ---------------------------------------

def track_sheet(game: Game, scenario: Scenario | None) -> dict:
    """The Initiative Track with Henderson Field's values, the Turn Record Track with arrivals and the Operation Box strips."""
    t = tables(game)
    start = (scenario.section("initiative") if scenario is not None else None) or game.edition.param("start_initiative") or {}
    start_box = t.initiative_box(start["box"]).label if start.get("box") else ""
    boxes = []
    for box in t.initiative_boxes():
        boxes.append({"label": box.label, "side": box.side, "side_name": _side_name(game, box.side) if box.side in game.side_ids else "none",
                      "value": box.value, "cap": box.cap_icons, "placeholder": box.placeholder,
                      "threshold": disruption_threshold(box.value, t.disruption_minimum),
                      "initiative": _side_name(game, initiative_side(box)),
                      "victory": "draw" if victory(box) == "draw" else _side_name(game, victory(box)),
                      "reconstructed": not box.provenance.startswith("PF"), "start": box.label == start_box})
    months = t.months()
    month_records = {int(r["turn"]): r for r in t.table("turn_record_track")["turns"]}
    arrivals: dict[int, list[str]] = {}
    if scenario is not None:
        for turn, placement in sorted(scenario.turn_track, key=lambda item: item[0]):
            for entry in placement.units:
                counter = game.counters.get(entry.counter)
                if counter is not None:
                    label = counter.name + (f" x{entry.count}" if entry.count != 1 else "")
                    arrivals.setdefault(turn, []).append(f"{label} ({_side_name(game, placement.side)})")
    if scenario is None:  # the game's own start (PF 3.2): ships on the Turn Record Track before the first turn
        for record in game.edition.param("first_turn_arrivals") or []:
            counter = game.counters.get(record.get("counter"))
            if counter is not None:
                arrivals.setdefault(int(record["turn"]), []).append(f"{counter.name} ({_side_name(game, counter.side)})")
    no_events = t.table("events").get("not_on_turn")
    turns = [{"turn": n, "month": months.get(n, ""), "reconstructed": "reconstructed" in month_records.get(n, {}),
              "arrivals": arrivals.get(n, []), "events": n != no_events,
              "start": scenario is not None and n == scenario.start_turn, "last": n == t.last_turn}
             for n in sorted(months)]
    ops = (scenario.section("operations") if scenario is not None else None) or {}
    count = int(game.edition.param("max_task_forces") or 7)
    operations = int(game.edition.param("operations_per_turn") or 7)
    start_op = int(game.edition.param("start_operation_box") or 1)
    strips = [{"side": _side_name(game, side), "boxes": list(range(1, count + 1)),
               "marker": int(ops.get(side, start_op)) if isinstance(ops.get(side, start_op), int) else start_op}
              for side in game.side_ids]
    example = operation_boxes({1: "TF 1", 2: "TF 2", 3: "TF 3"}, ["sortie", "other"], count, operations)
    return {"boxes": boxes, "start_box": start_box, "henderson": start.get("henderson_field", ""),
            "placeholder_note": PLACEHOLDER_NOTE, "any_placeholder": any(b["placeholder"] for b in boxes),
            "any_reconstructed_box": any(b["reconstructed"] for b in boxes),
            "turns": turns, "strips": strips, "operations": operations, "box_count": count,
            "example": [{"number": s.number, "action": s.action, "sortied": s.sortied or "",
                         "boxes": ", ".join(f"box {b}: {n}" for b, n in s.boxes.items()),
                         "returned": ", ".join(s.returned_to_base)} for s in example],
            "minimum_hits": t.disruption_minimum,
            "rules": [rule(game, k) for k in ("setup-markers", "turn-track", "operation-boxes", "initiative-track", "victory",
                                              "initiative-player", "henderson-field", "operations", "counting-operations", "return-phase")]}


# --- task-force planning sheet per side (PF 8.2, 8.3, 9.1, 9.6, 10.5) ---------------------------------

def planning_sheet(game: Game, scenario: Scenario | None, side: str) -> dict:
    """Seven Operation Boxes to fill, with the type, AS and AA columns and the constraints beside."""
    t = tables(game)
    count = int(game.edition.param("max_task_forces") or 7)
    carriers = sorted({(c.cls, c.ratings.get("aircraft")) for c in game.counters.values()
                       if c.side == side and c.cls in ("CV", "CVL") and "aircraft" in c.ratings})
    sortie = []
    for tf in (*TF_TYPES, "tokyo-express"):
        for initiative in (True, False):
            for row in pf_zones.sortie_zones(side, tf, initiative, t.sortie_rows()):
                item = {"tf": TF_NAMES[tf], "zone": row.zone, "when": row.when.replace("-", " "), "source": row.source}
                if item not in sortie:
                    sortie.append(item)
    modifiers = t.table("air_strike_modifier")["rows"]
    return {"side": side, "label": _side_name(game, side), "adjective": side_adjective(game, side),
            "boxes": list(range(1, count + 1)), "count": count, "carriers": [{"cls": c, "icons": n} for c, n in carriers],
            "sortie": sortie, "modifiers": modifiers,
            "base": (game.edition.param("bases") or {}).get(side, ""),
            "tokyo_express": side == "japan",
            "rules": [rule(game, k) for k in ("form-task-forces", "task-force-types", "transports", "sortie", "tokyo-express",
                                              "counting-operations")],
            "cap_rows": t.table("cap")["rows"], "cap_minimum": t.cap_minimum}


# --- event card (PF 7.0-7.2) ----------------------------------------------------------------------

def event_card(game: Game, scenario: Scenario | None) -> dict:
    """Both Event Tables with a tick box per once-only event and the odds of a fresh roll."""
    t = tables(game)
    table = t.table("events")
    sides = []
    for side in game.side_ids:
        events = t.events(side)
        fresh = event_odds(events)
        sides.append({"side": side, "label": _side_name(game, side),
                      "events": [{"id": e.id, "name": e.name, "faces": "-".join(str(f) for f in (e.faces[0], e.faces[-1]))
                                  if len(e.faces) > 1 else str(e.faces[0]), "once": e.once, "effect": e.effect,
                                  "source": e.source, "odds": shown(fresh[e.id])} for e in events]})
    turns = [n for n in sorted(t.months()) if n != table.get("not_on_turn")]
    return {"sides": sides, "summary": table.get("summary", ""), "not_on_turn": table.get("not_on_turn"),
            "turns": turns, "rules": [rule(game, k) for k in ("events", "japanese-events", "us-events")]}


# --- sequence of play (PF 5.0-11.0) ----------------------------------------------------------------

def sequence_card(game: Game, scenario: Scenario | None) -> dict:
    """The edition's sequence of play with the IV/V loop drawn as seven numbered operations."""
    phases = []
    for turn in game.edition.sequence_of_play:
        for phase in turn.get("phases") or []:
            repeat = int(phase.get("repeat") or 1)
            phases.append({"number": phase.get("number", ""), "title": phase.get("title", ""),
                           "player": str(phase.get("player", "")).replace("-", " "), "summary": phase.get("summary", ""),
                           "source": phase.get("source", ""), "repeat": repeat, "loop": list(range(1, repeat + 1)) if repeat > 1 else [],
                           "segments": [{"number": s.get("number", ""), "title": s.get("title", ""),
                                         "player": str(s.get("player", "")).replace("-", " "), "summary": s.get("summary", ""),
                                         "source": s.get("source", "")} for s in phase.get("segments") or []]})
    t = tables(game)
    return {"phases": phases, "turns": [{"turn": n, "month": m} for n, m in sorted(t.months().items())],
            "no_events": t.table("events").get("not_on_turn"),
            "rules": [rule(game, k) for k in ("sequence-of-play", "initiative-phase", "task-force-phase", "operations", "return-phase")]}


# --- ship rosters per side (PF 2.2.1, 3.1, 3.2, 10.7) -------------------------------------------------

RATINGS = (("combat", "CF"), ("aircraft", "Aircraft"), ("defense", "DF"))


def _starts(game: Game, scenario: Scenario | None) -> dict[str, str]:
    out: dict[str, str] = {}
    if scenario is None:
        return out
    for placement in scenario.setup:
        for entry in placement.units:
            out.setdefault(entry.counter, placement.where)
    for turn, placement in scenario.turn_track:
        for entry in placement.units:
            out.setdefault(entry.counter, f"Turn Record Track, turn {turn}")
    return out


def roster(game: Game, scenario: Scenario | None, side: str) -> dict:
    """Every ship of a side: name, class, CF, aircraft icons, DF (a blank box where unstated), where it starts,
    and boxes to tick for damage and sinking."""
    starts = _starts(game, scenario)
    rows = []
    order = {"CV": 0, "CVL": 1, "BB": 2, "CA": 3, "Transports": 9}
    for counter in sorted((c for c in game.counters.values() if c.side == side and c.type == "naval"),
                          key=lambda c: (order.get(c.cls or "", 5), c.cls or "", c.name)):
        cells = []
        for key, _label in RATINGS:
            if key in counter.ratings:
                cells.append({"rating": key, "value": str(counter.ratings[key]), "blank": False})
            elif key in counter.unstated:
                cells.append({"rating": key, "value": "", "blank": True})
            else:
                cells.append({"rating": key, "value": "-", "blank": False})  # no such rating (aircraft on a non-carrier)
        for copy in range(counter.count):
            rows.append({"id": counter.id, "name": counter.name + (f" ({copy + 1})" if counter.count > 1 else ""),
                         "cls": counter.cls or "", "nation": game.nations.get(counter.nation, counter.nation),
                         "cells": cells, "start": starts.get(counter.id, ""), "transports": counter.cls == "Transports"})
    blank_count = sum(1 for r in rows for c in r["cells"] if c["blank"])
    t = tables(game)
    return {"side": side, "label": _side_name(game, side), "rows": rows, "unstated_note": UNSTATED_NOTE, "blank_count": blank_count,
            "turns": sorted(t.months()), "returns": [r for r in damage_return_rows(game) if r["side"] == side],
            "automatic": t.table("sunk").get("automatic", []),
            "rules": [rule(game, k) for k in ("units", "setup-japan" if side == "japan" else "setup-us", "applying-hits")]}


# --- the aids -------------------------------------------------------------------------------------

def _per_side(function, side):
    return lambda game, scenario: {"card": function(game, scenario, side)}


def _wrap(function):
    return lambda game, scenario: {"card": function(game, scenario)}


def aid_specs(game: Game) -> tuple[AidSpec, ...]:
    """Pacific Fury's own aids, in the order a player wants them."""
    sides = [(side, _side_name(game, side)) for side in game.side_ids]
    return (
        AidSpec("sequence", "Sequence of play", "portrait", "pf_sequence.html", _wrap(sequence_card)),
        AidSpec("zones", "Zone card", "portrait", "pf_zones.html", _wrap(zone_card)),
        AidSpec("tracks", "Track sheet", "landscape", "pf_tracks.html", _wrap(track_sheet)),
        *(AidSpec(f"task-forces-{side}", f"Task-force planning sheet: {name}", "landscape", "pf_planning.html",
                  _per_side(planning_sheet, side)) for side, name in sides),
        AidSpec("combat", "Combat card", "portrait", "pf_combat.html", _wrap(combat_card)),
        AidSpec("odds", "Odds card", "landscape", "pf_odds.html", _wrap(odds_card)),
        AidSpec("events", "Event card", "portrait", "pf_events.html", _wrap(event_card)),
        *(AidSpec(f"roster-{side}", f"Ship roster: {name}", "portrait", "pf_roster.html", _per_side(roster, side)) for side, name in sides),
    )


AIDS = aid_specs
