"""A Pacific Fury set-up as pieces to draw: the core's placements and Turn Record Track, and the tracks printed on the map.

The Initiative Track carries the Initiative marker, which also shows who holds Henderson Field (PF 3.6, 6.2);
the Operation boxes carry each side's Operation marker (PF 3.3, 9.0). Both are drawn beside the map with
their markers, so that a finding about a marker is ringed at its box.
"""

from __future__ import annotations

from toolkit.games.pacific_fury.state import PFContext
from toolkit.games.setup import SetUp, TrackDisplay, default_setup, location_key
from toolkit.model import Game, Scenario
from toolkit.records import replace

__all__ = ["setup_pieces"]

INITIATIVE = "Initiative Track"
OPERATIONS = "Operation Track"


def setup_pieces(game: Game, scenario: Scenario, ctx: PFContext, turn: int | None = None) -> SetUp:
    """The core's set-up, with the Initiative Track and the Operation boxes at the start of the scenario (PF 3.3)."""
    base = default_setup(game, scenario, ctx, turn)
    if base.turn != scenario.start_turn:  # the markers are given for the scenario's start only
        return base
    initiative = ctx.initiative
    box = str(initiative.get("box"))
    track = TrackDisplay(INITIATIVE, tuple(ctx.track), ((box, "marker"),))
    last = int(ctx.edition.param("operations_per_turn", 7))
    markers = {side: str(value) for side, value in ctx.operations.items() if side in game.side_ids}
    operations = TrackDisplay(OPERATIONS, tuple(str(i) for i in range(1, last + 1)),
                              tuple((value, game.side_name(side)) for side, value in markers.items()))
    located = [(location_key(ctx.section_at("initiative")), track.at(box))]
    located += [(location_key(ctx.section_at("initiative", key)), track.at(box)) for key in initiative]
    located += [(location_key(ctx.section_at("operations", side)), operations.at(value)) for side, value in markers.items()]
    return replace(base, tracks=(track, operations), located=base.located + tuple(k for k in located if k[0][1]))
