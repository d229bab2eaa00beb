"""Tiny: a three-area test game, the smallest game module that proves the seam.

Its data is in ``tests/games/tiny/`` (an area map: North, Middle, South); its manifest names
this module with ``rules_module: games.tiny_module``, importable once ``tests/`` is on
``sys.path``. It has one check of its own, :func:`stacking` (``TINY-STACK``, rule key
``stacking``, "Tiny standard 4.1"), and reads one edition parameter, ``stacking_limit``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from toolkit.games import AidSpec, BaseGame, SitePage
from toolkit.rules import CheckRegistry, Context, check

__all__ = ["GAME", "Tiny", "stacking"]


@check("TINY-STACK", "stacking", "At most `stacking_limit` counters of one side in an area.")
def stacking(ctx: Context):
    """Counters of each side in each area, against the edition's ``stacking_limit`` (Tiny standard 4.1)."""
    limit = ctx.edition.param("stacking_limit")
    count: dict[tuple[str, str], int] = {}
    first_over = {}  # the entry that takes a side over the limit in an area
    for unit in ctx.units:
        if unit.hex is None:
            continue
        key = (unit.hex, unit.side)
        count[key] = count.get(key, 0) + unit.entry.count
        if count[key] > limit:
            first_over.setdefault(key, unit.entry.at)
    for (area, side), at in sorted(first_over.items()):
        total = count[(area, side)]
        yield (f"{total} {ctx.game.side_name(side)} counters in {area}; at most {limit} of one side may stand in an area: "
               f"move {total - limit} elsewhere", at)


def roster(game, scenario) -> dict:
    """Every counter of the mix with its combat rating, by side (the roster aid and site page)."""
    rows = [{"side": game.side_name(c.side), "name": c.name, "combat": c.ratings.get("combat", "")}
            for c in sorted(game.counters.values(), key=lambda c: (game.side_ids.index(c.side), c.name))]
    return {"roster": rows}


class Tiny(BaseGame):
    name = "games.tiny_module"
    game_id = "tiny"
    map_kind = "areas"
    pitch = "Three areas, two sides and one stacking rule: the smallest game that proves the seam (a test fixture)."
    required_parameters = {"stacking_limit": "the stacking check (TINY-STACK)"}
    core_aids = ("setup", "manifest", "sequence", "map")  # no schedules, charts or base directory
    templates = Path(__file__).resolve().parent / "templates"

    def aids(self, game):
        return (AidSpec("roster", "Roster", "portrait", "roster.html", roster),)

    def site_pages(self, data):
        rows = "\n".join(f"| {r['side']} | {r['name']} | {r['combat']} |" for r in roster(data.game, None)["roster"])
        return (SitePage("roster", "Roster", f"| Side | Counter | Combat |\n| --- | --- | --- |\n{rows}\n"),)

    def build_checks(self) -> CheckRegistry:
        return CheckRegistry.from_modules([sys.modules[__name__]])


GAME = Tiny()
