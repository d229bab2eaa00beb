"""A scenario's set-up as pieces to draw: which counter stands where, what arrives later, which task forces stand where.

A game module gives one (:meth:`toolkit.games.BaseGame.setup_pieces`; the default in
:mod:`toolkit.games.setup`) and the renderer draws it (:mod:`toolkit.render.svgsetup`). It lives beside
the model, as :mod:`toolkit.model.mapstyle` does, so that both can read it.

A :class:`Piece` is one glyph: one entry of the set-up (``count`` copies of one counter at one
place). ``at`` is where it stands as the scenario writes it (a place, hex, area, box or task force);
``turn`` is set on a reinforcement. ``located`` maps the lines of the records that concern a place
to that place, so that a finding located on one of them is drawn there (:func:`where_finding`).
"""

from __future__ import annotations

from pathlib import Path

from toolkit.findings import Finding, Location
from toolkit.records import field, lazy_dataclass

__all__ = ["Piece", "TaskForceDisplay", "TrackDisplay", "SetUp", "location_key", "where_finding"]


@lazy_dataclass(frozen=True)
class Piece:
    """One counter glyph: ``count`` copies of ``counter`` at ``at``; ``turn`` for a reinforcement due that turn."""

    counter: str
    at: str
    side: str
    nation: str
    label: str  # class or type, as the counter shows it (CV, BB, air, land)
    name: str
    ratings: str = ""  # the main ratings, as the counter prints them (4-2, AF 30)
    count: int = 1
    details: tuple[str, ...] = ()  # the tooltip's facts
    turn: int | None = None
    source: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class TaskForceDisplay:
    """A task force drawn beside the map: its marker stands at ``at`` (a hex, zone or place); its pieces stand in it."""

    id: str
    title: str
    side: str
    at: str
    notes: tuple[str, ...] = ()


@lazy_dataclass(frozen=True)
class TrackDisplay:
    """A track printed on the map (an Initiative Track, a row of Operation boxes) drawn beside it, its markers on their boxes.

    ``markers`` pairs a box with the text of the marker standing on it. A finding on the record that puts
    a marker there is ringed at ``f"{id}: {box}"`` (its box), or at ``id`` (the whole track) for a box
    the track does not have.
    """

    id: str
    boxes: tuple[str, ...]
    markers: tuple[tuple[str, str], ...] = ()

    def at(self, box: str) -> str:
        """Where a marker on ``box`` stands, as a finding about it is drawn (``data-at``)."""
        return f"{self.id}: {box}" if box in self.boxes else self.id


@lazy_dataclass(frozen=True)
class SetUp:
    """The situation at the start of ``turn``: pieces where they stand, reinforcements still to come, task forces.

    ``arrived`` are reinforcements due before ``turn`` (the scenario does not say where they were
    placed: they are drawn in their own box beside the map). ``located`` pairs a record's
    (file, line) with the place it concerns.
    """

    turn: int
    pieces: tuple[Piece, ...]
    reinforcements: tuple[Piece, ...] = ()
    arrived: tuple[Piece, ...] = ()
    task_forces: tuple[TaskForceDisplay, ...] = ()
    located: tuple[tuple[tuple[str, int], str], ...] = ()
    notes: tuple[str, ...] = ()
    tracks: tuple[TrackDisplay, ...] = ()

    @property
    def turns(self) -> list[int]:
        """The turns the reinforcements are due, in order."""
        return sorted({p.turn for p in self.reinforcements if p.turn is not None})


def location_key(location: Location) -> tuple[str, int]:
    """A record's (file, line), as a finding on it is matched to the place it concerns."""
    return (str(Path(location.file).resolve()) if location.file else "", location.line)


def where_finding(setup: SetUp, finding: Finding) -> str | None:
    """The place a finding concerns: the one of the record it is located on, or None when it is tied to no place."""
    key = location_key(finding.location)
    for record, at in setup.located:
        if record == key and key[1]:
            return at
    return None
