"""The Initiative Track (PF 3.6, 4.0, 6.1, 9.3, 9.6, 11.0) and the return of damaged ships (PF 10.7).

The track's boxes come from the charts (:class:`toolkit.games.pacific_fury.tables.InitiativeBox`),
ordered from the Japanese end to the US end; shifting the marker toward a side moves it along
that order. Where the stored track ends, the marker stays in its last box (the printed track's
extent is reconstructed, see the charts).

>>> from toolkit.games.pacific_fury.tables import InitiativeBox
>>> track = tuple(InitiativeBox(label, side, value, 1, True, i) for i, (label, side, value) in enumerate(
...     [("Japan 1", "japan", 1), ("0", "none", 0), ("US 1", "us", 1), ("US 2", "us", 2)]))
>>> initiative_side(track[1]), victory(track[1]), victory(track[3])
('us', 'draw', 'us')
>>> shift(track, track[2], "japan", 2).label
'Japan 1'
"""

from __future__ import annotations

from typing import Sequence

from toolkit.games.pacific_fury.tables import InitiativeBox, ReturnRow
from toolkit.records import lazy_dataclass

__all__ = ["initiative_side", "victory", "shift", "Shift", "return_phase_shift", "landing_shift", "damage_return_turn"]


def initiative_side(box: InitiativeBox) -> str:
    """The side with the initiative for a turn that starts with the marker in ``box``: the box's side,
    the US in box 0 (PF 6.1).
    """
    return box.side if box.value > 0 and box.side in ("japan", "us") else "us"


def victory(box: InitiativeBox) -> str:
    """At the end of Turn 4: the side at +1 or more wins; box 0 is a ``draw`` (PF 4.0)."""
    return box.side if box.value > 0 and box.side in ("japan", "us") else "draw"


def shift(track: Sequence[InitiativeBox], box: InitiativeBox, toward: str, spaces: int = 1) -> InitiativeBox:
    """The box ``spaces`` spaces from ``box`` in ``toward``'s favour, stopping at the end of the track."""
    if toward not in ("japan", "us"):
        raise ValueError(f"shift toward japan or us, not {toward!r}")
    step = -1 if toward == "japan" else 1
    index = min(max(box.index + step * spaces, 0), len(track) - 1)
    return track[index]


@lazy_dataclass(frozen=True)
class Shift:
    """A shift of the marker: where it lands, how many spaces it moved, and the reason in words."""

    box: InitiativeBox
    spaces: int
    reason: str


def return_phase_shift(track: Sequence[InitiativeBox], box: InitiativeBox, initiative: str, operational: bool,
                       transports_sunk: bool) -> Shift:
    """The Return Phase shift (PF 11.0): one space toward the initiative player if Henderson Field is
    operational, or, when it is disrupted, if a Transports unit of a TF-A (not the Tokyo Express)
    was sunk this turn; never two spaces.

    >>> from toolkit.games.pacific_fury.tables import InitiativeBox
    >>> track = tuple(InitiativeBox(str(v), "us", v, 1, True, v) for v in range(4))
    >>> [return_phase_shift(track, track[1], "us", op, sunk).box.value for op, sunk in
    ...  [(True, False), (False, False), (False, True), (True, True)]]
    [2, 1, 2, 2]
    """
    if operational or transports_sunk:
        landed = shift(track, box, initiative, 1)
        why = ("Henderson Field operational" if operational else "Henderson Field disrupted, but a TF-A's Transports unit was sunk")
        if operational and transports_sunk:
            why += "; a sunk Transports unit adds no second space"
        moved = abs(landed.index - box.index)
        if not moved:
            why += "; the marker is already at the end of the track"
        return Shift(landed, moved, why)
    return Shift(box, 0, "Henderson Field disrupted and no TF-A Transports unit sunk: no shift")


def landing_shift(track: Sequence[InitiativeBox], box: InitiativeBox, side: str, transports: int = 1) -> Shift:
    """A landing on Guadalcanal: one space toward the landing side per Transports unit landed (PF 9.3),
    or for the Tokyo Express landing undetected (PF 9.6).
    """
    if transports < 1:
        raise ValueError("a landing removes at least one Transports unit")
    landed = shift(track, box, side, transports)
    moved = abs(landed.index - box.index)
    why = f"{transports} Transports unit(s) landed" + ("" if moved == transports else "; stopped at the end of the track")
    return Shift(landed, moved, why)


def damage_return_turn(side: str, hits: int, turn_damaged: int, rows: Sequence[ReturnRow], last_turn: int = 4) -> int | None:
    """The turn a damaged ship returns (start of the Task Force Phase), or None when it would return
    after ``last_turn`` and is removed from the game (PF 10.7).

    >>> from toolkit.games.pacific_fury.tables import ReturnRow
    >>> rows = (ReturnRow("japan", 1, None, 2), ReturnRow("us", 1, 1, 1), ReturnRow("us", 2, None, 2))
    >>> damage_return_turn("japan", 1, 2, rows), damage_return_turn("us", 1, 2, rows), damage_return_turn("us", 2, 3, rows)
    (4, 3, None)
    """
    if hits < 1:
        raise ValueError("a ship with no hits is not damaged")
    for row in rows:
        if row.side == side and hits >= row.min_hits and (row.max_hits is None or hits <= row.max_hits):
            turn = turn_damaged + row.turns_later
            return turn if turn <= last_turn else None
    raise ValueError(f"no damage-return row for side {side!r} and {hits} hits")
