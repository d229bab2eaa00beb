"""Fire from the Skies, the naval-air supplement to Fire on the Waters: the game module.

Its data are a plotting sheet, the rulebook's parameters and tables, and scenarios that give their
ships, aircraft types, task forces, air groups, missions and the tables FFTS leaves to Fire on the
Waters (:mod:`.data`; empty slots are never filled here). Its set-up checks are in :mod:`.checks`
and :mod:`.checks_air_ops` (a carrier's aircraft across its missions, :mod:`.aboard`), strike targets and
timings in :mod:`.checks_strikes`, flights out and back in :mod:`.checks_flight`,
its air arithmetic in :mod:`.air`, and ``chartroom calc fire-from-the-skies NAME`` in :mod:`.calcs`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Sequence

from toolkit.games import BaseGame, SiteData, SitePage, SiteSection
from toolkit.games.fire_from_the_skies import checks, checks_air_ops, checks_flight, checks_movement, checks_strikes, needs
from toolkit.games.fire_from_the_skies.checks import FFTSContext
from toolkit.rules import CheckRegistry

if TYPE_CHECKING:  # named in signatures only: loaded by the commands that use them
    from toolkit.games.calculation import Calculation
    from toolkit.model.mapstyle import MapStyle

__all__ = ["GAME", "FireFromTheSkies"]


class FireFromTheSkies(BaseGame):
    name = "fire_from_the_skies"
    game_id = "fire-from-the-skies"
    map_kind = "plotting-sheet"
    pitch = ("Carrier battles hour by hour on a plotting sheet: searches, strikes and every carrier's flight "
             "deck (the naval-air supplement to Fire on the Waters).")
    core_aids = ("sequence", "setup-map")  # the sequence of play and the set-up on its sheet; the rest are the game's own sheets (aids.py)
    # The plotting sheet on its overview, the counter mix and the sequence of play. Not the bases (no base
    # directory: airfields are places on the sheet), schedules (none), editions compared (one) or errata (none).
    core_pages = ("map", "counters", "sequence", "reference")
    templates = Path(__file__).resolve().parent / "templates"
    site_scenario = "coral-sea.yaml"  # the demonstration: its search plans and carriers on the game's pages
    required_parameters = {
        "task_force_ids": "the task-force check (FFTS-TF-ID)",
        "launch_per_aos": "the launch check (FFTS-LAUNCH-RATE)",
        "land_per_aos": "the landing check (FFTS-LAND-RATE)",
        "fuel_crash_turns": "the endurance check (FFTS-ENDURANCE)",
        "search_arc_per_af": "the search checks (FFTS-SEARCH-ARC)",
        "search_arc_per_af_far": "the search checks (FFTS-SEARCH-ARC)",
        "search_far_range": "the search checks (FFTS-SEARCH-ARC)",
        "search_arc_paired": "the search checks (FFTS-SEARCH-ARC)",
        "search_range_paired": "the search checks (FFTS-SEARCH-RANGE)",
        "search_arc_step": "the search checks (FFTS-SEARCH-ARC)",
        "search_band_hexes": "the search calculation",
        "strike_group_max_afs": "the strike-group check (FFTS-STRIKE-GROUP-SIZE)",
        "hp_deck_end_to_end": "the handling-point check (FFTS-HANDLING)",
        "hp_hangar_to_deck_closed": "the handling-point check (FFTS-HANDLING)",
        "hp_hangar_to_deck_open": "the handling-point check (FFTS-HANDLING)",
    }

    def build_checks(self) -> CheckRegistry:
        return CheckRegistry.from_modules([checks, checks_air_ops, checks_strikes, checks_movement, checks_flight, needs])

    def map_style(self, game) -> MapStyle:
        """Its sheet drawn as a hex map (the site's game page): the Allied side blue, the Japanese red (map_style.py)."""
        return self.part("map_style").map_style(game)

    def context(self, game, scenario) -> FFTSContext:
        return FFTSContext(game, scenario)

    def counters_in_use(self, game, scenario) -> dict[str, int]:
        return {}

    def map_distance(self, game, a, b, sea=False, scenario=None):
        """Hexes and bearing on the sheet; places, hex ids and the scenario's task forces by name (map_questions.py)."""
        return self.part("map_questions").map_distance(game, a, b, sea, scenario)

    def calculations(self) -> Mapping[str, Calculation]:
        return self.part("calcs").CALCULATIONS

    def aids(self, game):
        """Air-operations logs, search records, plotting sheets, the tables card and the victory points (aids.py)."""
        return self.part("aids").aid_specs(game)

    def site_pages(self, data: SiteData) -> Sequence[SitePage]:
        """The guide, search plans on the plotting sheet, tables, victory points and air operations (site.py)."""
        return self.part("site").site_pages(data)

    def setup_pieces(self, game, scenario, turn=None):
        """Task forces on the sheet, their ships, and the air groups aboard (setup_map.py)."""
        return self.part("setup_map").setup_pieces(game, scenario, turn)

    def scenario_sections(self, game, scenario) -> Sequence[SiteSection]:
        """A scenario's search plans on its plotting sheet and its carriers' air-operations logs (site.py)."""
        return self.part("site").scenario_sections(game, scenario)


GAME = FireFromTheSkies()
