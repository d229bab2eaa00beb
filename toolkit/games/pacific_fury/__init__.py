"""Pacific Fury: Guadalcanal 1942 (English edition): the game module.

Four sea zones with listed adjacency (PF 2.1), the players' bases and Operation Boxes, the
Initiative Track that also carries Henderson Field (PF 3.6, 6.2), task forces of types A, B
and C (PF 8.3). Its checks, its calculations (``chartroom calc pacific-fury``) and its aids.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from toolkit.games import BaseGame, SiteData, SitePage, SiteSection
from toolkit.games.pacific_fury.checks import registry
from toolkit.games.pacific_fury.state import PFContext
from toolkit.games.pacific_fury.template import NEW_TEMPLATE
from toolkit.rules import CheckRegistry

__all__ = ["GAME", "PacificFury"]

#: Edition parameters the checks read, and who reads them.
REQUIRED_PARAMETERS = {
    "last_turn": "the damage-return check (PF-DAMAGE-RETURN)",
    "max_task_forces": "the task-force check (PF-TF-BOXES)",
    "operations_per_turn": "the Operation-marker check (PF-OPERATIONS)",
    "transports_per_side": "the counter-mix check (PF-COUNTER-MIX)",
    "bases": "the set-up checks and the task forces (PF-START-BASES, PF-TF-A-INITIATIVE)",
    "operation_boxes": "the task forces (PF-TF-BOXES)",
    "reserve_box": "the Reserve checks (PF-RESERVE-BOX, PF-RESERVE-RELEASED)",
    "reserve_ships": "the Reserve checks (PF-RESERVE-BOX, PF-RESERVE-RELEASED)",
    "reserve_event": "the Reserve check (PF-RESERVE-RELEASED)",
    "tokyo_express": "the Tokyo Express check (PF-TOKYO-EXPRESS)",
    "start_initiative": "the start check (PF-START-MARKERS)",
    "start_operation_box": "the Operation-marker checks (PF-START-MARKERS, PF-OPERATIONS)",
    "first_turn_arrivals": "the start checks (PF-START-BASES, PF-START-HORNET)",
    "events_from_turn": "the event check (PF-EVENTS-TURN)",
    "task_force_c_barred": "the zone check (PF-ZONE-TF-C)",
    "initiative_on_zero": "the initiative side on box 0 (PF 6.1)",
    "landing_zone": "the TF-A check (PF-TF-A-LANDING)",
    "task_force_a_may_wait_in_landing_zone": "the TF-A check's reading of PF 9.2/9.3 (PF-TF-A-LANDING)",
    "torpedo_hits_compulsory": "the IJN event check's reading of PF 7.1 (PF-EVENT-IJN)",
}

#: The core aids Pacific Fury keeps: set-up cards, the counter manifest and the set-up drawn on the zone map
#: (its boxes beside it). Not the schedules (the game has none; Hornet's arrival is on the track sheet), the
#: bases directory (two base boxes, no hexes), the generic charts (every table is on a card here) or the map
#: (the zone card draws it).
CORE_AIDS = ("setup", "manifest", "setup-map")

#: The core pages Pacific Fury keeps: the zone map on its overview, the counter mix and the authoring reference. Not the bases
#: (two base boxes, no hexes), schedules (none), editions compared (one edition), errata (none recorded)
#: or the sequence of play (its own page shows the sequence card beside the Event Tables).
CORE_PAGES = ("map", "counters", "reference")

#: Record-track markers of one side (PF 3.3: one Operation marker each).
SIDE_MARKERS = {"jp-operation": "japan", "us-operation": "us", "japan": "japan", "us": "us"}


class PacificFury(BaseGame):
    name = "pacific_fury"
    game_id = "pacific-fury"
    map_kind = "areas"
    required_parameters = REQUIRED_PARAMETERS
    new_template = NEW_TEMPLATE
    pitch = ("Guadalcanal, August to November 1942, in four sea zones: task forces, the Initiative Track "
             "and the fight for Henderson Field, over four turns.")
    core_aids = CORE_AIDS
    core_pages = CORE_PAGES
    templates = Path(__file__).resolve().parent / "templates"
    site_scenario = "campaign.yaml"  # the game's one set-up (PF 3.0-3.3): the start its pages show

    def build_checks(self) -> CheckRegistry:
        return registry()

    def context(self, game, scenario) -> PFContext:
        return PFContext(game, scenario)

    def setup_pieces(self, game, scenario, turn: int | None = None):
        """The set-up with the Initiative Track and the Operation boxes and their markers (PF 3.3)."""
        return self.part("setup_map").setup_pieces(game, scenario, self.context(game, scenario), turn)

    def permanently_removed(self, counter, edition) -> bool:
        """Sunk Transports return next turn (PF 10.7); a sunk US CV may return by IJN Overestimated (PF 7.2); the rest are gone."""
        if counter.type != "naval":
            return False
        if counter.cls == "Transports":
            return False
        if counter.cls == "CV" and counter.side == "us":
            return False
        return True

    def aids(self, game):
        """Zone card, track sheet, planning sheets, combat, odds and event cards, sequence of play, rosters (aids.py)."""
        return self.part("aids").aid_specs(game)

    def site_pages(self, data: SiteData) -> Sequence[SitePage]:
        """The game's pages on the docs site (site.py)."""
        return self.part("site").site_pages(data)

    def scenario_sections(self, game, scenario) -> Sequence[SiteSection]:
        """The scenario's tracks and Operation Boxes, and each side's ship roster as it starts (site.py)."""
        return self.part("site").scenario_sections(game, scenario)

    def calculations(self):
        """The questions ``chartroom calc pacific-fury NAME`` answers (calculations.py)."""
        return self.part("calculations").CALCULATIONS

    def map_distance(self, game, a, b, sea=False, scenario=None):
        """Moves between sea zones, with the open pairs the answer rests on (map_questions.py; networkx loads with the zone graph)."""
        return self.part("map_questions").map_distance(game, a, b, sea)

    def marker_owner(self, name: str) -> str | None:
        return SIDE_MARKERS.get(name)

    def counters_in_use(self, game, scenario) -> dict[str, int]:
        """As PF-COUNTER-MIX counts them: every set-up entry, the Turn Record Track and sunk ships."""
        used: dict[str, int] = {}
        for places in self.context(game, scenario).whereabouts.values():
            for _, entry in places:
                used[entry.counter] = used.get(entry.counter, 0) + entry.count
        return used


GAME = PacificFury()
