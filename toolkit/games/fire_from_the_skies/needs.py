"""What the Fire from the Skies checks need from a scenario, and the checks that say when it is absent.

``DATA-MISSING`` (info) names each rating, table or clock a scenario leaves out and the checks
that did not run for it (:mod:`toolkit.rules.missing`); ``EMPTY-SLOT`` names the gaps a scenario
marks (``{empty: ...}``), at the same severity: leaving data out never reads cleaner than marking
it. ``FFTS-CLOCK`` flags a launch or a landing planned after the scenario's last turn (FFTS 18.3).
"""

from __future__ import annotations

from toolkit.games.fire_from_the_skies.checks import FFTSContext
from toolkit.rules import check
from toolkit.rules.missing import EACH, Need, missing_data

__all__ = ["NEEDS"]

_GAP = 'or mark the gap as {empty: "where it is found"}'


def _carrier(record: dict) -> bool:
    return record.get("class") in ("CV", "CVL", "CVE")


def _cve(record: dict) -> bool:
    return record.get("class") == "CVE"


NEEDS = (
    Need(("clock",), "clock", ("FFTS-CLOCK", "FFTS-CAP (night)"), "scenario_length",
         'clock: {first_turn: 1, last_turn: 18, time_of_first_turn: "0700"}'),
    Need(("ships", EACH, "ratings", "af_capacity"), "af_capacity rating", ("FFTS-AIR-CAPACITY",), "air_capacity",
         f"ratings: {{af_capacity: 30}} {_GAP}", _carrier, record="ship"),
    Need(("ships", EACH, "ratings", "handling_points"), "handling_points rating", ("FFTS-HANDLING",), "handling_points",
         f"ratings: {{handling_points: 6}} {_GAP}", _carrier, record="ship"),
    Need(("ships", EACH, "ratings", "hangar"), "hangar rating", ("FFTS-HANDLING",), "handling_points",
         f"ratings: {{hangar: closed}} {_GAP}", _carrier, record="ship"),
    Need(("ships", EACH, "ratings", "catapults"), "catapults rating", ("FFTS-CVE-CATAPULT",), "cve_catapult",
         f"ratings: {{catapults: 1}} {_GAP}", _cve, record="ship"),
    Need(("aircraft", EACH, "ratings", "endurance"), "endurance rating", ("FFTS-ENDURANCE", "FFTS-ENDURANCE-LATE",
         "FFTS-ENDURANCE-RECORD", "FFTS-SEARCH-RANGE", "FFTS-SEARCH-RANGE-LATE"), "endurance", f"ratings: {{endurance: {{none: 13}}}} (turns by load) {_GAP}", record="aircraft"),
    Need(("aircraft", EACH, "ratings", "speed"), "speed rating", ("FFTS-SEARCH-RANGE", "FFTS-SEARCH-RANGE-LATE", "FFTS-RETURN"), "search_range",
         f"ratings: {{speed: normal}} {_GAP}", record="aircraft"),
    Need(("aircraft", EACH, "ratings", "search_range"), "search_range rating", ("FFTS-SEARCH-RANGE",), "search_range",
         f"ratings: {{search_range: 5}} {_GAP}", record="aircraft"),
    Need(("tables",), "tables", (), "introduction",
         'tables: with the ten tables FFTS leaves to Fire on the Waters or the scenario set, each as rows or {empty: "where it is found"}',
         effect="the combat and search tables are unknown (no check reads them; the player aids and calculations show gaps)"),
)


@check("DATA-MISSING", "introduction", "A rating, table or clock the checks need is absent: which checks did not run, for what, and what to write.", severity="info")
def data_missing(ctx: FFTSContext):
    yield from missing_data(ctx.scenario, NEEDS, ctx.edition.cite)


@check("FFTS-CLOCK", "scenario_length", "A launch or landing planned after the scenario's last turn, or before its first.", severity="warning")
def clock(ctx: FFTSContext):
    """The scenario ends at its clock's last turn (FFTS 18.3): what is planned after it never happens.

    A mission's last turn of normal endurance (4.5) is its aircraft's, not the scenario's: it may
    fall after the end (the aircraft are still aloft), and is not flagged.
    """
    clock_value = ctx.scenario.section("clock")
    if not clock_value:
        return  # DATA-MISSING says so
    first, last = clock_value["first_turn"], clock_value["last_turn"]
    for mission in ctx.data.missions:
        if not first <= mission.launch_turn <= last:
            yield (f"{mission.id} launches on turn {mission.launch_turn}, outside the scenario's turns {first}-{last} (clock): "
                   f"launch it by turn {last}, or lengthen the clock", mission.locate("launch_turn"))
        if mission.land_turn is not None and mission.land_turn > last:
            yield (f"{mission.id} lands on turn {mission.land_turn}, after the scenario's last turn {last} (clock): "
                   f"the scenario ends first; land it by turn {last}, leave land_turn out, or lengthen the clock", mission.locate("land_turn"))
