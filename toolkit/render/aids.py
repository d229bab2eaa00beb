"""Player aids of one scenario and edition, as data for the templates and as HTML files.

Every function here is pure over the model (no printing, no clock): the same inputs
give the same lists in the same order, so the HTML is byte-identical from run to run.

Aids: a set-up card per side, the reinforcement schedule per side (arrivals the
counter mix cannot supply are forfeited, FitS v1.1 2.1 and 7.1), a counter manifest,
the charts of the edition, the sequence of play, a base directory and the map.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Protocol, Sequence

from markupsafe import Markup

from toolkit.errors import FindingsError, InputError
from toolkit.model import Box, Counter, Game, Place, Scenario, UnitEntry, steps_to_counters
from toolkit.model.mapstyle import MapStyle
from toolkit.model.schedule_notes import ScheduleNotes
from toolkit.model.setup import SetUp
from toolkit.records import lazy_dataclass
from toolkit.render.env import environment, fmt_number, humanize
from toolkit.render.env import nation_label as env_nation_label
from toolkit.render.env import side_label as env_side_label
from toolkit.render.setupsheets import SHEET_AREA_MM, sheets
from toolkit.render.svgmap import render_map_svg
from toolkit.render.svgsetup import render_setup_svg
from toolkit.rules import Context
from toolkit.rules.shared import PoolUse
from toolkit.words import counted

__all__ = ["aids_of", "AidsError", "Aid", "CORE_AIDS", "GameAids", "setup_card", "schedule", "manifest", "base_directory",
           "charts", "sequence_of_play", "render_aids"]

PAPERS = {"a4": "A4", "letter": "letter"}
#: Room for the map on a landscape page, in mm (page less margins, header and footer).
MAP_AREA_MM = {"a4": (272.0, 178.0), "letter": (254.0, 184.0)}



#: The aids every game may have, by kind (``toolkit.games.CORE_AIDS``); a game module's ``core_aids`` chooses among them.
CORE_AIDS = ("setup", "schedule", "manifest", "charts", "sequence", "bases", "map", "setup-map")


class GameAids(Protocol):
    """What the aids read from a game's module: the part of ``toolkit.games.GameModule`` they use
    (the render layer sits below the games, so it names the members here instead of importing it)."""

    core_aids: tuple[str, ...]
    templates: Path | None

    def aids(self, game: Game) -> Sequence: ...

    def marker_owner(self, name: str) -> str | None: ...

    def counters_in_use(self, game: Game, scenario: Scenario) -> dict[str, int]: ...

    def pools_in_use(self, game: Game, scenario: Scenario) -> Sequence[PoolUse]: ...

    def overlays(self, game: Game, scenario: Scenario) -> dict[str, dict[str, set[str]]]: ...

    def map_style(self, game: Game) -> MapStyle: ...

    def base_facts(self, game: Game, record: Place | Box) -> dict: ...

    def setup_pieces(self, game: Game, scenario: Scenario, turn: int | None = None) -> SetUp: ...

    def schedule_notes(self, game: Game, side: str, optional_rules: frozenset[str]) -> ScheduleNotes: ...

    def returns_to_mix(self, game: Game, counter: Counter) -> str: ...


def aids_of(game: Game, module: GameAids) -> tuple[tuple[str, str, str], ...]:
    """Every aid of a game: file stem, title, page orientation (a set-up card and a schedule per side).

    The core aids the game's module keeps (``core_aids``), then the aids it adds (``aids(game)``). A
    reinforcement schedule is made only for a side the game schedules reinforcements for.
    """
    kinds = module.core_aids
    scheduled = {s.side for s in game.schedules}
    core = (
        *((f"setup-{side.id}", f"Set-up card: {side.name}", "portrait") for side in game.sides if "setup" in kinds),
        *((f"schedule-{side.id}", f"Reinforcement schedule: {side.name}", "portrait") for side in game.sides
          if "schedule" in kinds and side.id in scheduled),
        *(aid for kind, aid in (("manifest", ("manifest", "Counter manifest", "portrait")),
                                ("charts", ("charts", "Charts", "portrait")),
                                ("sequence", ("sequence", "Sequence of play", "portrait")),
                                ("bases", ("bases", "Base directory", "portrait"))) if kind in kinds),
    )
    extra = tuple((spec.stem, spec.title, spec.orientation) for spec in module.aids(game))
    last = (("map", "Map", "landscape"),) if "map" in kinds else ()
    last += (("map-setup", "Set-up map", "landscape"),) if "setup-map" in kinds else ()
    return (("index", "Contents", "portrait"), *core, *extra, *last)

RATING_ORDER = ("anti_aircraft", "firepower", "defense", "movement", "transport", "air_strength", "combat", "reduced", "steps")
RATING_SHORT = {"anti_aircraft": "AA", "firepower": "FP", "defense": "Def", "movement": "MA", "transport": "TR",
                "air_strength": "Air", "combat": "CS", "reduced": "Red", "steps": "Steps"}
PROVENANCE = ("source", "reconstructed", "verified", "differs_from_2nd", "notes", "see_also", "editions")
#: Keys that restate a record's condition for a program (an odds calculator's situation keys): not card columns.
FOR_PROGRAMS = ("when", "units")


class AidsError(InputError):
    """A scenario whose aids cannot be made (input that cannot be read, a bad argument); one line for the user."""


class AidsFindingsError(AidsError, FindingsError):
    """Aids refused because the game's data has error findings (exit status 1)."""


@lazy_dataclass
class Aid:
    stem: str
    title: str
    orientation: str
    html: str = ""


def side_label(game: Game, side) -> str:
    """A side by the name its manifest gives it; ``none`` and ``both`` as players say them."""
    return game.side_name(side) if side in game.side_ids else env_side_label(side)


def nation_label(game: Game, nation) -> str:
    return game.nations.get(nation, env_nation_label(nation))


def _side_order(game: Game, side: str) -> int:
    return game.side_ids.index(side) if side in game.side_ids else 9


def ratings_text(counter: Counter) -> str:
    parts = []
    for key in RATING_ORDER:
        if key in counter.ratings:
            parts.append(f"{RATING_SHORT[key]} {fmt_number(counter.ratings[key])}")
    for key in sorted(k for k in counter.ratings if k not in RATING_ORDER):
        parts.append(f"{humanize(key)} {fmt_number(counter.ratings[key])}")
    return ", ".join(parts)


def _in_use(entry, scenario: Scenario) -> bool:
    rule = getattr(entry, "optional_rule", None)
    return rule is None or rule in scenario.optional_rules


def _counters_needed(counter: Counter, entry: UnitEntry) -> int:
    if counter.type == "air" and entry.steps:
        return steps_to_counters(entry.steps, counter.steps or 2)
    return entry.count


def _ticks(counter: Counter, entry: UnitEntry) -> list[str]:
    """One label per physical counter to tick off while setting up."""
    if counter.type == "air":
        steps = entry.steps if entry.steps else entry.count * (counter.steps or 2)
        full, rest = divmod(steps, counter.steps or 2)
        return [f"{counter.steps or 2}-step"] * full + (["1-step"] if rest else [])
    label = "reduced" if entry.reduced else ""
    return [label] * entry.count


def _where(game: Game, where: str) -> dict:
    m = game.map
    if where in m.places:
        place = m.places[where]
        return {"name": where, "hex": place.hex, "kind": "base" if place.is_base else "land hex"}
    if where in m.boxes:
        box = m.boxes[where]
        hex_ = m.places[box.of].hex if box.of in m.places else ""
        return {"name": where, "hex": hex_, "kind": f"{box.kind} box"}
    place = m.by_hex.get(where)
    return {"name": place.name if place else f"Hex {where}", "hex": where, "kind": "hex"}


# --- set-up card ------------------------------------------------------------------------

def setup_card(game: Game, scenario: Scenario, side: str, module: GameAids) -> dict:
    """Locations of one side, each with its units and one tick box per counter; markers; track; sunk."""
    counters = game.counters
    locations: dict[str, dict] = {}
    not_placed = []
    for placement in scenario.setup:
        if placement.side != side:
            continue
        loc = locations.setdefault(placement.where, {**_where(game, placement.where), "units": [], "control": ""})
        if placement.where in game.map.places and game.map.places[placement.where].is_base:
            loc["control"] = side_label(game, game.control_of(scenario, placement.where))
        for entry in placement.units:
            counter = counters.get(entry.counter)
            if counter is None:
                continue
            if not _in_use(entry, scenario):
                not_placed.append({"name": counter.name, "where": placement.where, "rule": entry.optional_rule})
                continue
            qty = (f"{entry.steps} step{'s' if entry.steps != 1 else ''}" if (counter.type == "air" and entry.steps)
                   else f"x{entry.count}")
            loc["units"].append({
                "id": counter.id, "name": counter.name, "type": counter.type, "cls": counter.cls or counter.type,
                "qty": qty, "reduced": entry.reduced, "ratings": ratings_text(counter), "nation": nation_label(game, counter.nation),
                "ticks": _ticks(counter, entry), "task_force": entry.task_force,
            })
    ordered = sorted((loc for loc in locations.values() if loc["units"]), key=lambda loc: (loc["name"].casefold(), loc["hex"]))
    track = []
    for turn, placement in sorted(scenario.turn_track, key=lambda item: item[0]):
        if placement.side != side:
            continue
        for entry in placement.units:
            counter = counters.get(entry.counter)
            if counter is not None and _in_use(entry, scenario):
                track.append({"turn": turn, "name": counter.name, "qty": entry.steps and counted(entry.steps, "step") or f"x{entry.count}",
                              "ticks": _ticks(counter, entry)})
    sunk = []
    for entry in scenario.sunk:
        counter = counters.get(entry.counter)
        if counter is not None and counter.side == side:
            sunk.append({"name": counter.name, "qty": f"x{entry.count}", "ticks": _ticks(counter, entry)})
    control = []
    for entry in sorted(scenario.control, key=lambda c: c.base):
        place = game.map.places.get(entry.base)
        printed = place.printed_control if place else "none"
        if entry.side != printed and (entry.side == side or printed == side or entry.side == "none"):
            control.append({"base": entry.base, "hex": place.hex if place else "", "side": side_label(game, entry.side),
                            "printed": side_label(game, printed)})
    total = sum(len(u["ticks"]) for loc in ordered for u in loc["units"])
    tally = f"{counted(total, 'counter')} at {counted(len(ordered), 'location')}"
    by_steps = any(u["type"] == "air" and "step" in u["qty"] for loc in ordered for u in loc["units"])  # FitS 2.1.1.2: air steps
    return {"side": side, "label": side_label(game, side), "locations": ordered, "track": track, "sunk": sunk,
            "markers": markers(game, scenario, side, module), "control": control, "not_placed": not_placed, "counter_total": total,
            "tally": tally, "air_by_steps": by_steps}


def markers(game: Game, scenario: Scenario, side: str, module: GameAids) -> list[dict]:
    """The record-track markers a side sets: its own, its nations', and the shared ones."""
    out = []
    for name in sorted(scenario.markers):
        value = scenario.markers[name]
        if isinstance(value, dict):
            for nation in sorted(value):
                if game.side_of(nation) == side:
                    out.append({"name": humanize(name), "nation": nation_label(game, nation), "value": fmt_number(value[nation].value)})
        else:
            owner = module.marker_owner(name) or "both"
            if owner in (side, "both"):
                out.append({"name": humanize(name), "nation": "" if owner == "both" else side_label(game, owner), "value": fmt_number(value.value)})
    return out


# --- reinforcement schedule and the counter mix ------------------------------------------

def schedule(game: Game, scenario: Scenario, side: str, module: GameAids) -> dict:
    """Turn by turn from the scenario's start: arrivals, points, withdrawals; arrivals beyond the counter mix forfeited.

    The counter mix is an absolute limit (FitS v1.1 2.1; 7.1: a reinforcement with no free
    counter is lost). In use: the set-up, the Turn Record Track, sunk units, then each earlier
    arrival; a withdrawal gives its counters back. No loss in play is counted: where the game's
    ``returns_to_mix`` names a rule that gives a lost unit's counter back, the forfeit is conditional
    (``returns``; ``conditional`` counts them), else certain. What the scenario's optional rules change (a scheduled
    value taken away, where an arrival enters play) comes from the game's ``schedule_notes``.
    """
    counters = game.counters
    notes = module.schedule_notes(game, side, scenario.optional_rules)
    used = defaultdict(int, module.counters_in_use(game, scenario))  # as the game's counter-mix check counts them
    # Counters the rules make interchangeable are counted against their pool's total, under the pool's name.
    pools = {use.pool.name: use for use in module.pools_in_use(game, scenario)}
    pool_of = {cid: use.pool for use in pools.values() for cid in use.pool.counters}
    used.update({name: use.used for name, use in pools.items()})
    odd = defaultdict(int, {name: use.odd_stacks for name, use in pools.items()})
    track_by_turn = defaultdict(list)
    for turn, placement in scenario.turn_track:
        if placement.side == side:
            track_by_turn[turn].extend(e for e in placement.units if _in_use(e, scenario))
    turns: dict[int, dict] = {}
    for st in sorted((t for t in game.schedules if t.side == side and t.turn >= scenario.start_turn), key=lambda t: t.turn):
        row = turns.setdefault(st.turn, {"turn": st.turn, "arrivals": [], "points": [], "withdrawals": [], "track": []})
        for entry in st.units:
            counter = counters.get(entry.counter)
            if counter is None:
                continue
            if not _in_use(entry, scenario):
                continue
            need = _counters_needed(counter, entry)
            pool = pool_of.get(counter.id)
            key, mix = (pool.name, pool.total) if pool else (counter.id, counter.count)
            if pool:  # an arrival is a stack of its own at its Home Base: an odd step may sit on a one-step counter
                need = steps_to_counters(entry.steps) if entry.steps else need
                odd[key] += (entry.steps or 0) % 2
            limit = pool.limit(odd[key]) if pool else counter.count
            free = need if counter.unlimited else max(0, limit - used[key])
            arrive = min(need, free)
            used[key] += arrive
            forfeited = need - arrive
            steps = entry.steps if (counter.type == "air" and entry.steps) else None
            # Counted with no loss: if lost units' counters come back to the mix (the game's rule), the forfeit holds
            # only while none has come back by this Reinforcement Segment (FitS v1.1 2.1.1.2, 13.1; 2nd 3.1.2).
            returns = module.returns_to_mix(game, counter) if forfeited else ""
            row["arrivals"].append({
                "id": counter.id, "name": counter.name, "qty": f"{steps} step{'s' if steps != 1 else ''}" if steps else f"x{entry.count}",
                "counters": need, "arrive": arrive, "forfeited": forfeited, "mix": f"{mix} {pool.name}, {pool.rule}" if pool else mix,
                "returns": returns, "reused": "an eliminated air unit's counter is reused" if counter.type == "air" else "a sunk ship's counter is recycled",
                "in_use": used[key], "unlimited": counter.unlimited, "note": notes.arrivals.get((st.turn, counter.id), ""),
            })
        for name in sorted(k for k, v in st.data.items() if k.endswith("_points") or k.endswith("_steps")):
            value = st.data[name]
            if (st.turn, name) in notes.withheld:
                continue
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                row["points"].append({"name": humanize(name), "value": fmt_number(value)})
        for record in st.data.get("withdrawals") or []:
            counter = counters.get(record.get("counter")) if isinstance(record, dict) else None
            if counter is None or not _in_use(type("W", (), {"optional_rule": record.get("optional_rule")})(), scenario):
                continue
            key = pool_of[counter.id].name if counter.id in pool_of else counter.id
            used[key] = max(0, used[key] - int(record.get("count", 1)))
            returns = counters.get(record.get("returns_as"))
            note = f"returns as {returns.name} on turn {record['returns_turn']}" if returns and record.get("returns_turn") else ""
            row["withdrawals"].append({"name": counter.name, "note": note})
    for turn in sorted(track_by_turn):
        if turn < scenario.start_turn:
            continue
        row = turns.setdefault(turn, {"turn": turn, "arrivals": [], "points": [], "withdrawals": [], "track": []})
        for entry in track_by_turn[turn]:
            counter = counters.get(entry.counter)
            if counter is not None:
                row["track"].append({"name": counter.name, "qty": counted(entry.steps, "step") if entry.steps else f"x{entry.count}"})
    ordered = [turns[t] for t in sorted(turns)]
    forfeits = sum(a["forfeited"] for row in ordered for a in row["arrivals"])
    conditional = sum(a["forfeited"] for row in ordered for a in row["arrivals"] if a["returns"])
    return {"side": side, "label": side_label(game, side), "turns": ordered, "forfeits": forfeits, "conditional": conditional,
            "notes": notes.notes,
            "forfeit_rule": game.edition.cite("reinforcement-forfeit"), "mix_rule": game.edition.cite("counter-mix")}


# --- manifest and bases --------------------------------------------------------------

def manifest(game: Game, scenario: Scenario, module: GameAids) -> list[dict]:
    """Every counter of the edition's mix: ratings, copies, and where each starts."""
    ctx = Context(game, scenario)
    starts: dict[str, list[str]] = defaultdict(list)
    for unit in ctx.units:
        n = _counters_needed(unit.counter, unit.entry)
        detail = counted(unit.entry.steps, "step") if (unit.counter.type == "air" and unit.entry.steps) else f"x{n}"
        starts[unit.counter.id].append(f"{unit.placement.where} {detail}" + (" (reduced)" if unit.entry.reduced else ""))
    for turn, placement in sorted(scenario.turn_track, key=lambda item: item[0]):
        for entry in placement.units:
            if entry.counter in game.counters and _in_use(entry, scenario):
                starts[entry.counter].append(f"Turn Record Track, turn {turn} x{entry.count}")
    for entry in scenario.sunk:
        starts[entry.counter].append(f"sunk x{entry.count}")
    used = module.counters_in_use(game, scenario)
    rows = []
    for counter in sorted(game.counters.values(), key=lambda c: (_side_order(game, c.side), c.nation, c.type, c.cls or "", c.name, c.id)):
        optional = counter.optional_rule and counter.optional_rule not in scenario.optional_rules
        rows.append({
            "id": counter.id, "name": counter.name, "side": side_label(game, counter.side), "nation": nation_label(game, counter.nation),
            "type": counter.type, "cls": counter.cls or "", "count": "unlimited" if counter.unlimited else str(counter.count),
            "ratings": ratings_text(counter), "starts": sorted(starts.get(counter.id, [])),
            "free": "" if counter.unlimited else str(max(0, counter.count - used.get(counter.id, 0))),
            "optional": counter.optional_rule or "", "optional_off": bool(optional),
        })
    return rows


def manifest_rows(game: Game) -> list[dict]:
    """Every counter of the edition's mix with its ratings (no scenario)."""
    rows = []
    for counter in sorted(game.counters.values(), key=lambda c: (_side_order(game, c.side), c.nation, c.type, c.cls or "", c.name, c.id)):
        rows.append({"id": counter.id, "name": counter.name, "side": side_label(game, counter.side), "nation": nation_label(game, counter.nation),
                     "type": counter.type, "cls": counter.cls or "", "count": "unlimited" if counter.unlimited else str(counter.count),
                     "ratings": ratings_text(counter), "optional": counter.optional_rule or "", "marine": counter.marine})
    return rows


def base_directory(game: Game, scenario: Scenario | None, module: GameAids) -> dict:
    """Every base with its VP, printed flag and control, and the game's own facts of it (``module.base_facts``:
    Fire in the Sky's capacities, AA and Land Capacity); the other places and the boxes likewise."""
    facts = module.base_facts
    aa = game.edition.param("aa_rating") or {}

    def control(place) -> str:
        return game.control_of(scenario, place.name) if scenario is not None else place.printed_control

    bases, circles = [], []
    for place in sorted(game.map.places.values(), key=lambda p: p.name.casefold()):
        if place.is_base:
            bases.append({
                "name": place.name, "hex": place.hex, "vp": place.vp, "flag": nation_label(game, place.flag),
                "control": side_label(game, control(place)), "changed": control(place) != place.printed_control,
                **facts(game, place),
            })
        else:
            circles.append({"name": place.name, "hex": place.hex, **facts(game, place)})
    boxes = []
    for box in sorted(game.map.boxes.values(), key=lambda b: (b.kind, b.name)):
        boxes.append({"name": box.name, "kind": box.kind, "nation": nation_label(game, box.nation) if box.nation else "",
                      "connects_to": box.connects_to or "", "entry": ", ".join(sorted(box.entry_hexes)), "of": box.of or "",
                      **facts(game, box)})
    return {"bases": bases, "circles": circles, "boxes": boxes, "aa_rule": game.edition.cite("bases"),
            "stacking_rule": game.edition.cite("stacking-land"), "home_rule": game.edition.cite("home-bases"),
            "resource_rule": game.edition.cite("resource-hexes"),
            "aa_rounding": (aa.get("rounding") if isinstance(aa, dict) else None) or "not stated (halves kept)"}


# --- charts and sequence of play (from the model's tables) ----------------------------------

_SLUG = re.compile(r"^[a-z]+(-[a-z0-9]+)+$")


def cell(value) -> str:
    if isinstance(value, list) and not value:
        return "none"
    if isinstance(value, list):
        return ", ".join(cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{humanize(k)}: {cell(v)}" for k, v in value.items() if k not in PROVENANCE)
    if isinstance(value, str) and _SLUG.match(value):
        return value.replace("-", " ")
    return fmt_number(value)


def _mark(record: dict) -> str:
    """† for a value not printed in the rules (reconstructed, unverified)."""
    if not isinstance(record, dict):
        return ""
    if record.get("verified") is False or ("reconstructed" in record and "source" not in record):
        return "†"
    return ""


def _ref(record: dict, citation: str) -> str:
    source = record.get("source", "") if isinstance(record, dict) else ""
    if isinstance(source, str) and source.startswith(citation + " "):
        source = source[len(citation) + 1:]
    return source


def _table(records: list, citation: str) -> dict:
    columns: list[str] = []
    for record in records:
        for key in record:
            if key not in PROVENANCE and key not in FOR_PROGRAMS and key not in columns and not _is_record_list(record[key]):
                columns.append(key)
    rows = []
    for record in records:
        cells = []
        for c in columns:
            value = record.get(c, "")
            signed = c in ("value", "modifier") and isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
            cells.append(f"+{fmt_number(value)}" if signed else cell(value))
        rows.append({"cells": cells, "mark": _mark(record), "ref": _ref(record, citation),
                     "note": record.get("notes", "") or record.get("differs_from_2nd", "")})
    return {"columns": [humanize(c) for c in columns], "rows": rows}


def _is_record_list(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _grid(rows: list, citation: str) -> dict | None:
    """Rows that each hold ``cells`` (one dict per column) as a cross table: e.g. Defense x Firepower -> to hit."""
    key_row = next((k for k in rows[0] if k not in PROVENANCE and k != "cells"), None)
    cells0 = rows[0].get("cells") or []
    if key_row is None or not cells0:
        return None
    key_col = next(iter(cells0[0]))
    value_keys = [k for k in cells0[0] if k != key_col]
    headers = []
    for r in rows:
        for c in r.get("cells") or []:
            if c.get(key_col) not in headers:
                headers.append(c.get(key_col))
    out_rows = []
    for r in rows:
        by = {c.get(key_col): c for c in r.get("cells") or []}
        cells = []
        for h in headers:
            c = by.get(h)
            if c is None:
                cells.append("")
                continue
            main = cell(c.get(value_keys[0])) if value_keys else ""
            flags = [humanize(k) for k in value_keys[1:] if c.get(k) is True]
            cells.append(main + (f" ({', '.join(flags).lower()})" if flags else ""))
        out_rows.append({"head": cell(r.get(key_row)), "cells": cells, "mark": _mark(r), "ref": _ref(r, citation)})
    return {"row_label": humanize(key_row), "col_label": humanize(key_col), "value_label": humanize(value_keys[0]) if value_keys else "",
            "headers": [cell(h) for h in headers], "rows": out_rows}


def _section(key: str, data: dict, citation: str) -> dict:
    section = {"key": key, "title": data.get("title") or humanize(key), "facts": [], "tables": [], "groups": [], "grid": None,
               "notes": data.get("notes", ""), "ref": _ref(data, citation), "mark": _mark(data)}
    for name, value in data.items():
        if name in ("title",) or name in PROVENANCE:
            continue
        if _is_record_list(value):
            if all("cells" in r for r in value):
                section["grid"] = _grid(value, citation)
            elif any(_is_record_list(v) for r in value for v in r.values()):
                for record in value:
                    nested = [(k, v) for k, v in record.items() if _is_record_list(v)]
                    label = record.get("name") or record.get("title") or record.get("id") or ""
                    facts = [{"name": humanize(k), "value": cell(v)} for k, v in record.items()
                             if k not in PROVENANCE and k not in ("name", "title", "id") and not _is_record_list(v)]
                    section["groups"].append({"title": label, "facts": facts, "mark": _mark(record), "ref": _ref(record, citation),
                                              "note": record.get("notes", ""),
                                              "tables": [{"title": humanize(k), **_table(v, citation)} for k, v in nested]})
            else:
                section["tables"].append({"title": humanize(name), **_table(value, citation)})
        elif isinstance(value, list) and not value:
            section["facts"].append({"name": humanize(name), "value": "none"})
        else:
            section["facts"].append({"name": humanize(name), "value": cell(value)})
    return section


def charts(game: Game) -> dict:
    """The charts of the edition, section by section, from ``charts/<edition>.yaml``."""
    data = game.charts[0] if game.charts else None
    if not data:
        return {"sections": [], "missing": True, "notes": ""}
    citation = game.edition.citation
    sections = [_section(k, v, citation) for k, v in data.items() if isinstance(v, dict) and k not in PROVENANCE]
    return {"sections": sections, "missing": False, "notes": data.get("notes", ""), "printed": data.get("printed_in_rulebook", True)}


def sequence_of_play(game: Game) -> dict:
    """The player turns of the edition, each with its phases and segments."""
    citation = game.edition.citation
    turns = []
    for turn in game.edition.sequence_of_play:
        phases = []
        for phase in turn.get("phases") or []:
            phases.append({
                "number": phase.get("number", ""), "title": phase.get("title", ""), "player": side_label(game, phase.get("player", "")),
                "summary": phase.get("summary", ""), "ref": _ref(phase, citation), "repeat": phase.get("repeat"),
                "segments": [{"number": s.get("number", ""), "title": s.get("title", ""),
                              "player": side_label(game, s["player"]) if s.get("player") else "", "summary": s.get("summary", "")}
                             for s in phase.get("segments") or []],
            })
        phasing = turn.get("phasing")
        turns.append({"phasing": side_label(game, phasing) if phasing else "", "phases": phases, "ref": _ref(turn, citation)})
    return {"turns": turns, "title": game.edition.title or game.edition.citation}


# --- writing ---------------------------------------------------------------------------

def render_aids(game: Game, scenario: Scenario, module: GameAids, paper: str = "a4") -> list[Aid]:
    """Every aid as an HTML string, in :func:`aids_of` order."""
    if paper not in PAPERS:
        raise AidsError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    env = environment(str(module.templates) if module.templates else None)
    edition_title = game.edition.citation
    listed = aids_of(game, module)
    common = {"game": game, "scenario": scenario, "edition": edition_title, "page_size": PAPERS[paper],
              "aids": [{"stem": s, "title": t} for s, t, _ in listed]}
    svg = map_svg(game, scenario, module, fit_mm=MAP_AREA_MM[paper]) if "map" in module.core_aids else ""
    specs = {spec.stem: spec for spec in module.aids(game)}
    out = []
    for stem, title, orientation in listed:
        context = dict(common, stem=stem, title=title, orientation=orientation)
        if stem in specs:
            context.update(specs[stem].context(game, scenario))
            template = specs[stem].template
        elif stem.startswith("setup-"):
            context["card"] = setup_card(game, scenario, stem.split("-", 1)[1], module)
            template = "setup.html"
        elif stem.startswith("schedule-"):
            context["sched"] = schedule(game, scenario, stem.split("-", 1)[1], module)
            template = "schedule.html"
        elif stem == "manifest":
            context["rows"] = manifest(game, scenario, module)
            template = "manifest.html"
        elif stem == "charts":
            context["charts"] = charts(game)
            template = "charts.html"
        elif stem == "sequence":
            context["sop"] = sequence_of_play(game)
            template = "sequence.html"
        elif stem == "bases":
            context["directory"] = base_directory(game, scenario, module)
            template = "bases.html"
        elif stem == "map":
            context["svg"] = Markup(svg)  # rendered by the autoescaping SVG template
            template = "map.html"
        elif stem == "map-setup":
            drawing = render_setup_svg(game, scenario, module.setup_pieces(game, scenario), module.map_style(game), reinforcements=False)
            context["sheets"] = [{"name": s.name, "joins": s.joins, "kind": s.kind, "svg": Markup(s.svg)} for s in sheets(drawing, SHEET_AREA_MM[paper])]
            template = "setup-map.html"
        else:
            template = "index.html"
        out.append(Aid(stem, title, orientation, env.get_template(template).render(**context)))
    return out


def map_svg(game: Game, scenario: Scenario, module: GameAids, fit_mm=None) -> str:
    """The map with control, and the overlays the game module computes (Air ZOC, supply)."""
    layers = module.overlays(game, scenario)
    return render_map_svg(game, scenario, overlays=("control", "air_zoc", "supply"), fit_mm=fit_mm, layers=layers,
                          style=module.map_style(game))
