"""Fire in the Sky (MMP v1.1, 2005; Phalanx 2nd edition): the game module.

Its checks (:mod:`.checks`), rule queries on the map (:mod:`.mapgraph`, :mod:`.state`,
:mod:`.supply`, :mod:`.air_zoc`, :mod:`.movement`, :mod:`.costs`) and the commands that
expose them (:mod:`.commands`). Every part is imported here; networkx, which the queries
search with, loads only when a command or an overlay builds a graph (:mod:`toolkit.lazy`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from toolkit.games import CORE_AIDS, CORE_PAGES, BaseGame, SiteData, SitePage
from toolkit.games.fire_in_the_sky.checks import FitSContext, registry
from toolkit.games.fire_in_the_sky.checks.counter_mix import pools_in_use, usage
from toolkit.games.fire_in_the_sky.costs import CHECK_PARAMETERS, REQUIRED_PARAMETERS
from toolkit.games.fire_in_the_sky.records import split_hex_findings
from toolkit.games.fire_in_the_sky.removal import permanently_removed, returns_to_mix
from toolkit.games.fire_in_the_sky.template import NEW_TEMPLATE
from toolkit.rules import CheckRegistry

__all__ = ["GAME", "FireInTheSky"]

#: Record-track markers only the Japanese player keeps (v1.1 2.1.2.1, 7.1.1; 2nd 3.3.5-3.3.8).
JAPANESE_MARKERS = frozenset({"merchantmen_pool", "oil_points", "naval_aviation_steps", "convoy_escort"})


class FireInTheSky(BaseGame):
    name = "fire_in_the_sky"
    game_id = "fire-in-the-sky"
    map_kind = "hex-grid"
    required_parameters = {**{p: "the map queries" for p in REQUIRED_PARAMETERS}, **{p: "the rules checks" for p in CHECK_PARAMETERS}}
    new_template = NEW_TEMPLATE
    # The Victory Point track: v1.1 starts it at 0 (16.0), the 2nd edition at the printed Japanese bases' value (3.3.10).
    scenario_parameters = {"vp_start_rule": "victory-points", "victory_japan_at": "victory-points",
                           "victory_allied_at": "victory-points", "draw_at": "victory-points"}
    pitch = ("The whole Pacific War, December 1941 to 1945, on one hex map: carriers, convoys, oil and "
             "island bases, over sixteen turns (two editions: MMP v1.1 and Phalanx 2nd).")
    core_aids = CORE_AIDS  # every core aid and page: its set-up, schedules, charts, bases and two editions fill them all
    core_pages = CORE_PAGES
    templates = Path(__file__).resolve().parent / "templates"

    def build_checks(self) -> CheckRegistry:
        return registry()

    def context(self, game, scenario) -> FitSContext:
        return FitSContext(game, scenario)

    #: Its own commands (parsers.py): ``chartroom calc fire-in-the-sky NAME``, and at the top level its spellings from before
    #: the other games. ``map`` and ``odds`` are core commands now; the game answers them through the hooks below.
    commands = ("supply", "zoc", "reach", "cost", "plan")
    default_game = True  # the first game: `chartroom map distance Truk Rabaul` and `chartroom odds strike ...` name none

    def register_commands(self, subparsers) -> dict:
        """supply, zoc, reach, cost and plan (parsers.py)."""
        return self.part("parsers").register(subparsers)

    def odds_kinds(self, subparsers) -> dict:
        """Air combat, strikes, submarines, surface and land combat, damage and convoys (parsers.py, odds_command.py)."""
        return self.part("parsers").register_kinds(subparsers)

    def map_distance(self, game, a, b, sea=False, scenario=None):
        """Hexes between places, boxes or hexes; by sea with ``sea`` (map_questions.py)."""
        return self.part("map_questions").map_distance(game, a, b, sea)

    def map_export(self, game):
        """Hexes, adjacency, impassable hexsides, land connections, split hexes and boxes (map_questions.py)."""
        return self.part("map_questions").map_export(game)

    def aids(self, game):
        """The odds card of the edition (aids_odds.py)."""
        return self.part("aids_odds").aid_specs(game)

    def site_pages(self, data: SiteData) -> Sequence[SitePage]:
        """The guides to its commands on the docs site (site.py)."""
        return self.part("site").site_pages(data)

    def data_findings(self, game) -> list:
        """Its split hexes on the playing area, each half reaching hexes next to it (v1.1 2.2.1.2; 2nd 15.1)."""
        return split_hex_findings(game.map)

    def base_facts(self, game, record) -> dict:
        """Capacities, AA, Land Capacity, atolls, Home Bases and Resource Hexes in the base directory (bases.py)."""
        return self.part("bases").base_facts(game, record)

    def map_style(self, game):
        """Capacities, atolls, Home Bases, Resource Hexes and the split hex on the map (map_style.py)."""
        return self.part("map_style").map_style(game)

    def permanently_removed(self, counter, edition) -> bool:
        return permanently_removed(counter, edition)

    def returns_to_mix(self, game, counter) -> str:
        """A forfeit the schedule counts is certain only if no lost unit's counter comes back (removal.py)."""
        return returns_to_mix(counter, game.edition)

    def overlays(self, game, scenario) -> dict:
        """Air ZOC and supplied hexes per side at the start of the scenario (v1.1 11.0, 16.0; 2nd 10.0, 14.0)."""
        return self.part("overlays").overlays(game, scenario)

    def marker_owner(self, name: str) -> str | None:
        return "japan" if name in JAPANESE_MARKERS else None

    def schedule_notes(self, game, side, optional_rules):
        """Optional rule v1.1 18.2.3 (2nd 16.2.3) in the Japanese schedule: Naval Aviation steps and carrier arrivals (naval_aviation.py)."""
        return self.part("naval_aviation").schedule_notes(game, side, optional_rules)

    def counters_in_use(self, game, scenario) -> dict[str, int]:
        """As COUNTER-MIX counts them: air steps as 2-step counters, the boxes the rules count (v1.1 2.1, 7.1.1)."""
        used, _ = usage(self.context(game, scenario))
        return {k: int(round(v)) for k, v in used.items()}

    def pools_in_use(self, game, scenario):
        """The edition's pools of interchangeable air counters in use (v1.1 2.1.1.2 note; 2nd 3.1.2 designer note)."""
        return pools_in_use(self.context(game, scenario))


GAME = FireInTheSky()
