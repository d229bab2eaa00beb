"""Victory points of Fire from the Skies (FFTS 19): ships damaged and sunk, AFs lost, the balancing of 19.4.

The Victory Points Table (charts ``victory_points``) gives points by ship class for four states, in
columns of growing loss: speed under 3.00 inches, under 2.00 inches, dead in the water (speed 0,
19.5), sunk. The rulebook does not say whether a ship scores only the column of its worst state or
every column it has reached, so both readings are computed:

- ``worst-column`` (the data's reading, ``scoring.worst_state_only``): the worst state only;
- ``every-column``: the sum of the columns up to and including its state.

Each AF lost scores ``af_lost`` points (19.3) to the other side. 19.4: each side totals what it
would score by sinking every ship of the other side; the side with the smaller total adds the
difference to its score. Pure functions; no printing.
"""

from __future__ import annotations

from toolkit.records import lazy_dataclass

__all__ = ["READINGS", "VPTable", "ShipLoss", "score"]

READINGS = ("worst-column", "every-column")


@lazy_dataclass(frozen=True)
class VPTable:
    columns: tuple[str, ...]
    points: dict[str, tuple[int, ...]]  # class -> points per column
    af_lost: int

    @classmethod
    def of(cls, chart: dict) -> "VPTable":
        points = {c: tuple(row["points"]) for row in chart["rows"] for c in row["classes"]}
        return cls(tuple(chart["columns"]), points, int(chart.get("af_lost", 1)))

    def ship_points(self, cls_: str, state: str, reading: str) -> int:
        """Points for one ship of class ``cls_`` in ``state`` (a column name, or ``none``).

        >>> t = VPTable(("a", "b", "c", "sunk"), {"CV": (2, 4, 8, 16)}, 1)
        >>> t.ship_points("CV", "sunk", "worst-column"), t.ship_points("CV", "sunk", "every-column"), t.ship_points("CV", "b", "every-column")
        (16, 30, 6)
        """
        if state == "none":
            return 0
        row = self.points[cls_]
        i = self.columns.index(state)
        return row[i] if reading == "worst-column" else sum(row[: i + 1])


@lazy_dataclass(frozen=True)
class ShipLoss:
    side: str  # the side that owns the ship
    cls: str
    state: str
    name: str = ""


def score(table: VPTable, sides: tuple[str, str], losses, afs_lost: dict[str, int], fleets: dict[str, list[str]] | None, reading: str) -> dict:
    """Each side's points under ``reading``: ``{side: {ships, afs, balancing, total}}`` plus ``potential`` when ``fleets`` are given.

    A side scores the other side's losses. ``fleets`` maps each side to the classes of all its ships
    (for 19.4); without them no balancing is applied.
    """
    a, b = sides
    other = {a: b, b: a}
    out = {s: {"ships": 0, "afs": 0, "balancing": 0, "total": 0} for s in sides}
    for loss in losses:
        out[other[loss.side]]["ships"] += table.ship_points(loss.cls, loss.state, reading)
    for side, n in afs_lost.items():
        out[other[side]]["afs"] += n * table.af_lost
    potential = None
    if fleets is not None:
        sunk = table.columns[-1]
        potential = {s: sum(table.ship_points(c, sunk, reading) for c in fleets.get(other[s], ())) for s in sides}
        small, large = sorted(sides, key=lambda s: (potential[s], sides.index(s)))
        out[small]["balancing"] = potential[large] - potential[small]
    for s in sides:
        out[s]["total"] = out[s]["ships"] + out[s]["afs"] + out[s]["balancing"]
    result = {"sides": out}
    if potential is not None:
        result["potential"] = potential
    return result
