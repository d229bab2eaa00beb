"""Fire in the Sky's odds card (one per edition): every number computed from the charts data.

- hits per number of dice and total modifier on the Combat Table (v1.1 2.3; 2nd Combat Table);
- the Surface Combat Table's cells as chances to hit, half hits marked (v1.1 12.3.3.2; 2nd 11.2.3);
- the Naval Damage Check: chance to sink per check by Defense and modifier, and after 1-4
  air-strike hits with this edition's +1 per hit beyond the first (standard in the 2nd
  edition, optional 18.3.2 in v1.1), and the return delay of a damaged ship;
- each Combat Table row's modifiers as the data states them, with its rule.

Pure functions of the game (no clock), so the card is byte-identical from run to run.
"""

from __future__ import annotations

from fractions import Fraction

from toolkit.exact import fraction_text
from toolkit.games import AidSpec
from toolkit.games.fire_in_the_sky.combat_tables import COMBAT_TABLES, CombatCharts, Situation
from toolkit.games.fire_in_the_sky.dice import at_least, dice, die_hit, mean, two_dice_at_least
from toolkit.games.fire_in_the_sky.odds import sink_chance
from toolkit.model import Game, Scenario

__all__ = ["aid_specs", "odds_card", "DICE", "MODIFIERS"]

DICE = tuple(range(1, 9))
MODIFIERS = (-2, -1, 0, 1, 2)
DAMAGE_MODIFIERS = tuple(range(0, 7))


def _cell(p: Fraction) -> dict:
    return {"fraction": fraction_text(p), "decimal": f"{float(p):.3f}", "zero": p == 0}


def odds_card(game: Game, scenario: Scenario | None = None) -> dict:
    charts = CombatCharts.of(game)
    t = charts.hit_threshold
    combat = []
    for mod in MODIFIERS:
        p = die_hit(mod, t)
        rows = []
        for n in DICE:
            d = dice(n, p)
            rows.append({"dice": n, "any": _cell(at_least(d, 1)), "two": _cell(at_least(d, 2)),
                         "mean": f"{float(mean(d)):.2f}"})
        combat.append({"modifier": f"{mod:+d}" if mod else "0", "per_die": _cell(p), "rows": rows})
    firepowers = sorted({c["firepower"] for r in charts.surface_table["rows"] for c in r["cells"]})
    surface = []
    for row in sorted(charts.surface_table["rows"], key=lambda r: -r["defense"]):
        cells = []
        for fp in firepowers:
            to_hit, half = charts.surface_cell(fp, row["defense"])
            cells.append({"to_hit": to_hit, "half": half, **_cell(die_hit(0, to_hit))})
        surface.append({"defense": row["defense"], "cells": cells})
    defenses = [r["defense"] for r in sorted(charts.surface_table["rows"], key=lambda r: r["defense"])]
    per_check = [{"defense": d, "cells": [_cell(two_dice_at_least(d - m)) for m in DAMAGE_MODIFIERS]} for d in defenses]
    extra = next((m for m in charts.damage_modifiers() if "extra-hit" in m.when), None)
    optional = frozenset({extra.optional_rule}) if extra is not None and extra.optional_rule else frozenset()
    strike = Situation("allied", facts=frozenset({"air-strike"}), optional=optional)
    multi = [{"defense": d, "cells": [_cell(sink_chance(charts, d, strike, h)) for h in range(1, 5)]} for d in defenses]
    damage_mods = [{"value": "+Firepower" if m.value == "firer-firepower" else f"{m.signed():+d}", "condition": m.condition,
                    "optional_rule": m.optional_rule or "", "verified": m.verified} for m in charts.damage_modifiers()]
    types = []
    for kind in charts.combat_table.get("combat_types", ()):
        mods = [{"value": f"{int(m['value']):+d}", "condition": m["condition"], "optional_rule": m.get("optional_rule", ""),
                 "verified": m.get("verified", True)} for m in kind.get("modifiers", ())]
        types.append({"name": kind["name"], "rule": charts.rule(kind["id"]), "modifiers": mods})
    return {
        "citation": game.edition.citation,
        "hit_on": "-".join(str(f) for f in sorted(charts.combat_table["hit_on"])),
        "combat": combat, "dice": DICE,
        "surface": surface, "firepowers": firepowers, "surface_rule": charts.surface_rule,
        "damage_rule": charts.damage_rule, "damage_modifiers_range": [f"{m:+d}" if m else "0" for m in DAMAGE_MODIFIERS],
        "per_check": per_check, "multi": multi, "multi_optional": ", ".join(sorted(optional)),
        "damage_mods": damage_mods, "delay": charts.delay_per_hit(), "types": types,
        "damage_cite": game.edition.cite("damage-naval"),
    }


def aid_specs(game: Game) -> tuple[AidSpec, ...]:
    """The odds card, for any edition whose charts hold combat tables.

    An edition with none of the four tables has no card; one with some but not all is incomplete data,
    and :class:`ChartError` says which are missing (an aid that cannot be made is an error, never a
    missing page). Any other failure is a bug and is reported as one.
    """
    if not any(key in doc for doc in game.charts for key in COMBAT_TABLES):
        return ()
    CombatCharts.of(game)  # raises ChartError (exit 2) for partial charts
    return (AidSpec("odds", "Odds card", "portrait", "fits_odds.html", lambda g, s: {"card": odds_card(g, s)}),)
