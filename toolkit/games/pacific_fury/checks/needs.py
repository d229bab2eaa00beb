"""What Pacific Fury's checks need from a scenario that starts after Turn 1 (``DATA-MISSING``, info).

Without ``initiative:``, ``operations:`` or ``phase:`` the checks read the campaign start (PF 3.3:
the Initiative marker on US 1 with Henderson Field operational, both Operation markers on box 1,
the start of the turn): right for Turn 1, rarely for a designer's later situation, so a scenario
that starts later and leaves them out is told what the checks assumed (:mod:`toolkit.rules.missing`).
"""

from __future__ import annotations

from toolkit.rules import Context, check
from toolkit.rules.missing import Need, missing_data

__all__ = ["NEEDS"]


def _later(scenario) -> bool:
    return scenario.start_turn > 1


def _nothing_placed(scenario) -> bool:
    """A scenario begun blank (``chartroom new --game``): no set-up, Turn Record Track or sunk ship yet."""
    return not (scenario.setup or scenario.turn_track or scenario.sunk)


NEEDS = (
    Need(("setup",), "set-up", ("PF-COUNTER-MIX",), "components",
         'setup: [{at: Japanese Reserve, side: japan, units: [{counter: jp-bb-yamato}], source: "where the set-up gives it"}]', when=_nothing_placed,
         effect="PF-COUNTER-MIX did not look for named ships placed nowhere (PF 2.0)"),
    Need(("initiative",), "Initiative marker", ("PF-INITIATIVE-RANGE", "PF-INITIATIVE-FACE", "PF-INITIATIVE-REACH", "PF-EVENTS-TURN"), "setup-markers",
         'initiative: {box: "US 1", henderson_field: operational, source: "where the situation gives it"}', when=_later,
         effect="the checks read the campaign start instead (US 1, Henderson Field operational, PF 3.3)"),
    Need(("operations",), "Operation markers", ("PF-OPERATIONS", "PF-OPERATION-BOXES", "PF-SORTIE-ZONE", "PF-OPERATIONS-AT-SEA",
                                        "PF-HENDERSON-DISRUPTED"),
         "setup-markers", 'operations: {japan: 1, us: 1, source: "where the situation gives them"}', when=_later,
         effect="PF-OPERATIONS, PF-OPERATION-BOXES, PF-SORTIE-ZONE, PF-OPERATIONS-AT-SEA and, in the Operations Phase, "
                "PF-HENDERSON-DISRUPTED did not run (PF 3.3, 9.0)"),
    Need(("phase",), "phase", ("PF-EVENTS-TURN", "PF-OPERATIONS", "PF-TURN-TRACK-PAST"), "sequence-of-play",
         'phase: {at: start, source: "where the situation is in the turn"}', when=_later,
         effect="the checks read the start of the turn (PF 5.0)"),
)


@check("DATA-MISSING", "setup-markers", "A later-turn situation without its Initiative marker, Operation markers or phase, or a scenario with nothing placed yet: what the checks assumed "
       "instead, and what to write.", severity="info")
def data_missing(ctx: Context):
    yield from missing_data(ctx.scenario, NEEDS, ctx.edition.cite)
