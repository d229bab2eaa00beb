"""Ridgeline: a five-by-five pointy-top hex test game, written from outside the ``toolkit`` package.

Its data is in ``tests/games/ridgeline/`` (a pointy-top ``odd-r`` grid whose hexes are clear or
forest, two villages, sides North and South, one edition, the "field manual"); its manifest names
this module with ``rules_module: games.ridgeline_module``, importable once ``tests/`` is on
``sys.path``. It imports only the public core API (docs/adding-a-game.md) and adds:

* one check, :func:`forest_stacking` (``RL-FOREST``, rule key ``forest-stacking``: "Ridgeline FM 6.1"),
  fed by the edition parameter ``forest_limit``;
* one question, ``movement-cost`` (:func:`movement_cost`): the fewest movement points from one hex
  to another when entering a hex costs its terrain's ``terrain_costs`` (rule 5.2);
* its terrain colours on the map (:meth:`Ridgeline.map_style`).
"""

from __future__ import annotations

import argparse
import heapq
import sys

from toolkit.games import BaseGame, CalcInputError, CalcResult, Calculation
from toolkit.model import Game
from toolkit.model.mapstyle import MapStyle
from toolkit.rules import CheckRegistry, Context, check

__all__ = ["GAME", "Ridgeline", "forest_stacking", "movement_cost"]


@check("RL-FOREST", "forest-stacking", "More counters of one side in a forest hex than `forest_limit`.")
def forest_stacking(ctx: Context):
    """Counters of each side in each forest hex, against the edition's ``forest_limit`` (Ridgeline FM 6.1)."""
    limit = ctx.edition.param("forest_limit")
    count: dict[tuple[str, str], int] = {}
    first_over = {}  # the entry that takes a side over the limit in a hex
    for unit in ctx.units:
        if unit.hex is None or ctx.map.terrain.get(unit.hex) != "forest":
            continue
        key = (unit.hex, unit.side)
        count[key] = count.get(key, 0) + unit.entry.count
        if count[key] > limit:
            first_over.setdefault(key, unit.entry.at)
    for (hex_, side), at in sorted(first_over.items()):
        total = count[(hex_, side)]
        yield (f"{total} {ctx.game.side_name(side)} counters in forest hex {hex_}; at most {limit} of one side may stand "
               f"in a forest hex: move {total - limit} out", at)


def _hex(game: Game, name: str) -> str:
    """A hex of the map by its id or by the name of the place in it."""
    if name in game.map.places:
        return game.map.places[name].hex
    if name in game.map.hexes:
        return name
    raise CalcInputError(f"{name!r} is no hex or place of the map (hexes 0101 to 0505; places {', '.join(sorted(game.map.places))})")


def movement_cost(game: Game, start: str, end: str) -> tuple[int, list[str]]:
    """The fewest movement points from ``start`` to ``end`` (hex ids or place names), and the path.

    Entering a hex costs its terrain's ``terrain_costs`` (Ridgeline FM 5.2); the start hex costs nothing.

    >>> from toolkit.model.build import load_game
    >>> from pathlib import Path
    >>> game = load_game(Path(__file__).parents[1] / "ridgeline").game
    >>> movement_cost(game, "Aldham", "0202")
    (1, ['0201', '0202'])
    """
    costs = game.edition.param("terrain_costs")
    first, last = _hex(game, start), _hex(game, end)
    best, came_from = {first: 0}, {first: None}
    queue = [(0, first)]
    while queue:
        spent, here = heapq.heappop(queue)
        if here == last:
            break
        if spent > best[here]:
            continue
        for there in sorted(game.map.grid.neighbours(here)):
            if there not in game.map.hexes:
                continue
            cost = spent + costs[game.map.terrain.get(there, "clear")]
            if cost < best.get(there, cost + 1):
                best[there], came_from[there] = cost, here
                heapq.heappush(queue, (cost, there))
    path, node = [], last
    while node is not None:
        path.append(node)
        node = came_from[node]
    return best[last], path[::-1]


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("start", help="a hex id (0101) or a place name")
    p.add_argument("end", help="a hex id or a place name")


def _answer(game: Game, args) -> CalcResult:
    points, path = movement_cost(game, args.start, args.end)
    return CalcResult(f"Movement from {args.start} to {args.end}: {points} movement points",
                      (f"path: {' - '.join(path)}",), {"points": points, "path": path}, (game.edition.cite("movement"),))


class Ridgeline(BaseGame):
    name = "games.ridgeline_module"
    game_id = "ridgeline"
    map_kind = "hex-grid"
    required_parameters = {"forest_limit": "the forest stacking check (RL-FOREST)", "terrain_costs": "the movement-cost question"}
    core_aids = ("setup", "manifest", "sequence", "bases", "map")  # no schedules or charts

    def build_checks(self) -> CheckRegistry:
        return CheckRegistry.from_modules([sys.modules[__name__]])

    def calculations(self):
        return {"movement-cost": Calculation("movement-cost", "fewest movement points between two hexes (Ridgeline FM 5.2)",
                                             _arguments, _answer, ("chartroom calc ridgeline movement-cost Aldham Brenford",))}

    def map_style(self, game: Game) -> MapStyle:
        return MapStyle(terrain_colours={"clear": "#eef3d6", "forest": "#7fae6e"})


GAME = Ridgeline()
