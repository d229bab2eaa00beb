"""Pacific Fury's combat and odds cards (PF 10.0-10.8, 9.6): the tables as the charts give them and
the exact odds the game's computations give (:mod:`toolkit.games.pacific_fury.odds`).

Probabilities are :class:`fractions.Fraction`, shown as ``a/b`` with a decimal. The representative
task forces of the Henderson Field odds are the rules' own hypothetical strengths (the PF 10.2
example's Combat Factor 4 for a bombarding ship, the PF 10.5 example's CVs of Combat Factor 4 for
a striking TF-C): the counter sheet's Combat Factors are not printed in the rules.
"""

from __future__ import annotations

from fractions import Fraction

from toolkit.exact import fraction_text, shown
from toolkit.games.pacific_fury import odds as pf_odds
from toolkit.games.pacific_fury.initiative import damage_return_turn
from toolkit.games.pacific_fury.tables import Tables
from toolkit.model import Game, Scenario

__all__ = ["combat_card", "odds_card", "damage_return_rows", "hit_table", "sink_table", "henderson_odds", "cell",
           "SINK_DF", "SINK_HITS"]

#: The Defense Factors and hit counts the sink table spans (the rules state DF 0 and 2; anchors are few).
SINK_DF = (0, 1, 2, 3)
SINK_HITS = (1, 2, 3, 4)
#: How many units the representative task forces hold.
REPRESENTATIVE_SIZES = (1, 2, 3)


def _tables(game: Game) -> Tables:
    return Tables.of(game.charts)


def cell(p: Fraction) -> dict:
    """A probability for a table cell: the exact fraction and a decimal."""
    p = Fraction(p)
    return {"fraction": fraction_text(p), "decimal": f"{float(p):.3f}", "zero": p == 0}


def _rule(game: Game, key: str) -> dict:
    record = game.edition.rules.get(key) or {}
    return {"key": key, "cite": game.edition.cite(key), "title": record.get("title", ""), "summary": record.get("summary", "")}


# --- shared tables ------------------------------------------------------------------------------

def damage_return_rows(game: Game) -> list[dict]:
    """When a damaged ship returns, by side, hits and the turn it was damaged (PF 10.7)."""
    t = _tables(game)
    rows = t.return_rows()
    turns = sorted(t.months())
    out = []
    for side in game.side_ids:
        bands = sorted({(r.min_hits, r.max_hits) for r in rows if r.side == side})
        for low, high in bands:
            label = f"{low}" if high == low else f"{low}+" if high is None else f"{low}-{high}"
            returns = []
            for turn in turns:
                back = damage_return_turn(side, low, turn, rows, t.last_turn)
                returns.append({"turn": turn, "back": f"turn {back}" if back is not None else "removed"})
            out.append({"side": side, "label": game.side_name(side), "hits": label, "returns": returns})
    return out


def sink_table(t: Tables) -> list[dict]:
    """The Sunk Table's three rows with the chance each gives (PF 10.7)."""
    faces = t.sink_faces()
    words = {"more-than-df": "Hits > DF", "equal-to-df": "Hits = DF", "fewer-than-df": "Hits < DF"}
    out = []
    for record in t.table("sunk")["rows"]:
        sink = faces[record["hits"]]
        out.append({"when": words.get(record["hits"], record["hits"]), "faces": f"{sink[0]}-{sink[-1]}" if len(sink) > 1 else str(sink[0]),
                    "chance": cell(Fraction(len(sink), t.sunk_die)), "shown": shown(Fraction(len(sink), t.sunk_die)), "source": record.get("source", "")})
    return out


def hit_table(t: Tables, cap: int) -> dict:
    """One firing unit's hits for each Combat Factor (after the AS/AA modifier) against a CAP reduction (PF 10.2, 10.5)."""
    top_modifier = max(t.modifiers().values())
    factors = list(range(1, t.die + top_modifier + 1))
    most = t.die
    rows = []
    for cf in factors:
        dist = pf_odds.unit_hits(cf, cap=cap, minimum=t.cap_minimum, die=t.die)
        rows.append({"cf": cf, "cells": [cell(dist.get(h, Fraction(0))) for h in range(0, most + 1)],
                     "dist": {h: dist.get(h, Fraction(0)) for h in range(0, most + 1)},
                     "mean": shown(pf_odds.mean(dist), 3), "any": cell(1 - dist.get(0, Fraction(0)))})
    return {"cap": cap, "hits": list(range(0, most + 1)), "rows": rows}


def henderson_odds(game: Game) -> dict:
    """Henderson Field disruption odds by Initiative box: bombardment and air strike, one and two rounds (PF 10.4, 10.6)."""
    t = _tables(game)
    ship_cf = int(t.table("fire")["example"]["combat_factor"])
    carrier_cfs = list(t.table("cap")["example"]["combat_factors"])
    carrier_cf = carrier_cfs[0]
    own_cap = t.cap_reductions()["cv"]
    columns = []
    seen: dict[tuple, dict] = {}
    for box in t.initiative_boxes():
        key = (box.value, box.cap_icons, box.placeholder)
        if key in seen:
            seen[key]["labels"].append(box.label)
            continue
        seen[key] = {"value": box.value, "cap": box.cap_icons, "placeholder": box.placeholder, "labels": [box.label],
                     "threshold": pf_odds.disruption_threshold(box.value, t.disruption_minimum)}
        columns.append(seen[key])
    columns.sort(key=lambda c: (c["value"], c["cap"]))
    bombard = []
    for n in REPRESENTATIVE_SIZES:
        cfs = [ship_cf] * n
        cells = []
        for c in columns:
            one, two = pf_odds.bombardment(cfs, c["value"], t.disruption_minimum, t.die)
            cells.append({"one": cell(one), "two": cell(two)})
        bombard.append({"label": f"TF-B, {n} ship{'s' if n > 1 else ''} of CF {ship_cf}", "cfs": cfs, "cells": cells})
    strike = []
    for n in REPRESENTATIVE_SIZES:
        cfs = [carrier_cf] * n
        cells = []
        for c in columns:
            s = pf_odds.air_strike_on_henderson(cfs, c["value"], c["cap"], return_fire_cap=own_cap, minimum_hits=t.disruption_minimum,
                                                cap_minimum=t.henderson_cap_minimum, die=t.die)
            cells.append({"one": cell(s.first_round), "two": cell(s.two_rounds)})
        strike.append({"label": f"TF-C, {n} CV{'s' if n > 1 else ''} of CF {carrier_cf}", "cfs": cfs, "cells": cells})
    return {"columns": columns, "bombard": bombard, "strike": strike, "ship_cf": ship_cf, "carrier_cf": carrier_cf,
            "own_cap": own_cap, "fire_example": t.table("fire")["example"].get("source", ""),
            "cap_example": t.table("cap")["example"].get("source", ""),
            "any_placeholder": any(c["placeholder"] for c in columns)}


# --- the cards ------------------------------------------------------------------------------------

def combat_card(game: Game, scenario: Scenario | None) -> dict:
    """Fire, AS/AA, CAP, Henderson Field as a firer, bombardment, the Sunk Table, hits, damage return, return to base."""
    t = _tables(game)
    fire = t.table("fire")
    factors = list(range(1, t.die + 1))
    fire_rows = [{"cf": cf, "hits": list(pf_odds.hits_by_roll(cf, die=t.die))} for cf in factors]
    cap_example = t.table("cap")["example"]
    reductions = t.cap_reductions()
    example = {"cfs": cap_example["combat_factors"], "rolls": cap_example["rolls"],
               "against_cv": [pf_odds.hits_by_roll(cf, cap=reductions["cv"], minimum=t.cap_minimum, die=t.die)[roll - 1]
                              for cf, roll in zip(cap_example["combat_factors"], cap_example["rolls"])],
               "against_cvl": [pf_odds.hits_by_roll(cf, cap=reductions["cvl"], minimum=t.cap_minimum, die=t.die)[roll - 1]
                               for cf, roll in zip(cap_example["combat_factors"], cap_example["rolls"])],
               "source": cap_example.get("source", "")}
    example["printed_cv"], example["printed_cvl"] = cap_example["hits_against_cv"], cap_example["hits_against_cvl_only"]
    hf = t.table("henderson_field")
    return {"fire": fire, "rolls": list(range(1, t.die + 1)), "fire_rows": fire_rows,
            "modifiers": t.table("air_strike_modifier")["rows"], "as_aa": t.table("air_strike_modifier"),
            "cap": t.table("cap"), "cap_example": example,
            "henderson": hf, "bombardment": hf.get("bombardment", {}), "air_strike": hf.get("air_strike", {}),
            "minimum_hits": t.disruption_minimum, "sunk": sink_table(t), "sunk_summary": t.table("sunk").get("summary", ""),
            "automatic": t.table("sunk").get("automatic", []), "sunk_examples": t.table("sunk").get("examples", []),
            "returns": damage_return_rows(game), "turns": sorted(t.months()), "damage": t.table("damage_return"),
            "zones": [{"name": z["name"], "combat": z["combat"]} for z in t.table("sea_zones")["zones"]],
            "rules": {k: _rule(game, k) for k in ("combat", "combat-procedure", "carrier-combat", "applying-hits", "return-to-base",
                                                   "air-strike", "naval-bombardment", "henderson-field")}}


def odds_card(game: Game, scenario: Scenario | None) -> dict:
    """Hit distributions by CF and CAP, sinking chances, Henderson Field disruption, Tokyo Express detection."""
    t = _tables(game)
    caps = sorted(set(t.cap_reductions().values()))
    faces = t.sink_faces()
    sink = [{"hits": h, "cells": [cell(pf_odds.sink_chance(h, df, faces, t.sunk_die)) for df in SINK_DF]} for h in SINK_HITS]
    detection = t.detection_rows()
    tokyo = []
    for present, operational, label in ((True, True, "US task force in Ironbottom Sound, Henderson Field operational"),
                                        (True, False, "US task force in Ironbottom Sound, Henderson Field disrupted"),
                                        (False, True, "no US task force in Ironbottom Sound (unopposed landing)")):
        p = pf_odds.tokyo_express_detection(present, operational, detection, t.die)
        tokyo.append({"label": label, "detected": cell(p), "lands": cell(1 - p)})
    return {"hit_tables": [hit_table(t, cap) for cap in caps], "sink_df": list(SINK_DF), "sink": sink,
            "henderson": henderson_odds(game), "tokyo": tokyo, "detection_source": t.source("tokyo_express_detection"),
            "cap_rows": t.table("cap")["rows"], "modifier_max": max(t.modifiers().values()), "die": t.die,
            "rules": {k: _rule(game, k) for k in ("combat-procedure", "carrier-combat", "applying-hits", "naval-bombardment",
                                                   "air-strike", "tokyo-express")}}
