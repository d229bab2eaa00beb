"""What Fire in the Sky's checks need from a scenario: its record-track markers (``DATA-MISSING``, info).

A marker left out is not read as 0: the marker checks do not run for it, and this says which
(:mod:`toolkit.rules.missing`).
"""

from __future__ import annotations

from toolkit.rules import Context, check
from toolkit.rules.missing import Need, missing_data

__all__ = ["NEEDS"]

NEEDS = (
    Need(("markers", "victory_points"), "Victory Point marker", ("MARKER-VP", "MARKER-FRACTION"), "victory-points",
         'victory_points: {value: 0, source: "where the set-up gives it"} under markers:'),
    Need(("markers", "merchantmen_pool"), "Merchantmen Pool marker", ("MARKER-MERCHANTMEN", "MARKER-TRANSPORT (Japan)"),
         "merchantmen-pool", 'merchantmen_pool: {value: 30, source: "where the set-up gives it"} under markers:'),
    Need(("markers", "oil_points"), "Oil Points marker", ("MARKER-OIL", "MARKER-NEGATIVE"), "oil-points",
         'oil_points: {value: 12, source: "where the set-up gives it"} under markers:'),
    Need(("markers", "transport_points"), "Transport Points markers", ("MARKER-TRANSPORT",), "transport-points",
         'transport_points: {japan: 4, us: 14, britain: 6, source: "where the set-up gives them"} under markers:'),
    Need(("markers", "submarine_points"), "Submarine Points markers", ("MARKER-SUBMARINE",), "submarine-points",
         'submarine_points: {japan: 2, us: 2, source: "where the set-up gives them"} under markers:'),
)


@check("DATA-MISSING", "record-track", "A record-track marker the checks need is absent: which checks did not run, and what to write.", severity="info")
def data_missing(ctx: Context):
    yield from missing_data(ctx.scenario, NEEDS, ctx.edition.cite)
