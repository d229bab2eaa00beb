"""Pacific Fury's view of a scenario: the Initiative marker, the phase, task forces and where every ship is.

:class:`PFContext` is the :class:`~toolkit.rules.Context` the checks receive. It reads the
scenario's own sections (``initiative``, ``operations``, ``events_used``, ``damaged``, ``phase``),
the edition's parameters and the charts (events, Initiative Track, damage return), and builds the
task forces of the set-up (PF 8.2):

- every set-up entry at one numbered Operation Box belongs to ONE task force (all ships in a box
  form one task force);
- every set-up entry at a sea zone is ONE task force (task forces in one zone stay separate
  stacks), so two entries at Ironbottom Sound are two task forces.
"""

from __future__ import annotations

import re
from functools import cached_property

from toolkit.findings import Location
from toolkit.records import lazy_dataclass
from toolkit.rules import Context, Unit

__all__ = ["PFContext", "TaskForce", "PHASES", "task_force_type", "side_adjective"]

#: The phases a snapshot may stand in, in order (PF 5.0); ``start`` is before the Initiative Phase.
PHASES = ("start", "initiative", "event", "task-force", "operations", "return")


def side_adjective(game, side: str) -> str:
    """The side's word before a noun as the edition spells it (``side_adjectives``): the Japanese player, the US player
    (PF 3.1, 3.2), not the side's name ("the Japan task force"); the name when the edition gives none."""
    return (game.edition.param("side_adjectives") or {}).get(side) or game.side_name(side)


def task_force_type(units) -> str:
    """``A``, ``B`` or ``C`` by composition (PF 8.3): Transports make a TF-A, a carrier a TF-C, else a TF-B.

    The Tokyo Express is a special TF-B (PF 9.6). A task force with both carriers and Transports
    is illegal (PF 8.2, 8.3); it is typed ``A`` here, and PF-TF-CARRIER-TRANSPORT reports it.
    """
    counters = [u.counter for u in units]
    if any(c.cls == "Transports" for c in counters):
        return "A"
    if any(c.cls in ("CV", "CVL") for c in counters):
        return "C"
    return "B"


@lazy_dataclass(frozen=True)
class TaskForce:
    """One task force of the set-up: its side, where it stands (an Operation Box or a sea zone) and its ships."""

    side: str
    where: str  # the Operation Box's or the zone's name
    box: int | None  # the Operation Box number, or None at sea
    units: tuple[Unit, ...]
    at: Location  # the last set-up entry that forms it (a variant's own, when it adds ships to a box)

    @property
    def zone(self) -> str | None:
        return None if self.box is not None else self.where

    @property
    def type(self) -> str:
        return task_force_type(self.units)

    @property
    def has_carrier(self) -> bool:
        return any(u.counter.cls in ("CV", "CVL") for u in self.units)

    @property
    def has_transports(self) -> bool:
        return any(u.counter.cls == "Transports" for u in self.units)

    def has(self, counter_id: str) -> bool:
        return any(u.counter.id == counter_id for u in self.units)

    @property
    def air_strike(self) -> int | None:
        """AS rating: aircraft icons of its carriers (PF 10.5); None if a carrier's icons are unstated."""
        total = 0
        for unit in self.units:
            if unit.counter.cls in ("CV", "CVL"):
                icons = unit.counter.ratings.get("aircraft")
                if icons is None:
                    return None
                total += int(icons) * unit.entry.count
        return total

    @property
    def anti_air(self) -> int:
        """AA rating: its non-carrier ship units and Transports units (PF 10.5).

        The Tokyo Express counts as the Transports unit it replaces (PF 9.6); the rules do not say
        whether it adds to AA, and the other reading (0) changes only an air strike on it.
        """
        return sum(u.entry.count for u in self.units if u.counter.cls not in ("CV", "CVL"))

    def label(self, game) -> str:
        return f"the {side_adjective(game, self.side)} task force in {self.where}"


class PFContext(Context):
    """A Pacific Fury scenario with the look-ups its checks share."""

    # --- the scenario's own sections ---------------------------------------------------
    @property
    def phase(self) -> str:
        return (self.scenario.section("phase") or {}).get("at", "start")

    def adjective(self, side: str) -> str:
        """The side's word before a noun (the Japanese player, PF 3.1): :func:`side_adjective`."""
        return side_adjective(self.game, side)

    def phase_at_least(self, phase: str) -> bool:
        return PHASES.index(self.phase) >= PHASES.index(phase)

    def section_at(self, name: str, *path) -> Location:
        section = self.scenario.sections.get(name)
        return section.locate(*path) if section is not None else self.scenario.at

    @property
    def initiative(self) -> dict:
        """The Initiative marker's box and face; the game's start (PF 3.3) when the scenario gives none."""
        given = self.scenario.section("initiative")
        if given:
            return given
        return dict(self.edition.param("start_initiative") or {})

    @property
    def operations(self) -> dict:
        start = self.edition.param("start_operation_box", 1)
        return self.scenario.section("operations") or {side: start for side in self.game.side_ids}

    @property
    def events_used(self) -> list[dict]:
        return list(self.scenario.section("events_used") or [])

    @property
    def damaged(self) -> list[dict]:
        return list(self.scenario.section("damaged") or [])

    @property
    def turn(self) -> int:
        return self.scenario.start_turn

    def track_entered(self, turn: int) -> bool:
        """Units due on ``turn`` enter their base in that turn's Task Force Phase (PF 8.1)."""
        return turn < self.turn or (turn == self.turn and self.phase_at_least("task-force"))

    @property
    def at_setup(self) -> bool:
        """The scenario is the game's start: Turn 1, before the Initiative Phase."""
        return self.turn == self.game.turns[0] and self.phase == "start"

    @property
    def published_setup(self) -> bool:
        """The start as PF 3.1-3.3 lays it out; a labelled variant (``variant: true``) may change its set-up."""
        return self.at_setup and not self.scenario.variant

    # --- the chain's start -------------------------------------------------------------
    @cached_property
    def chain_start(self):
        """The start the scenario's chain plays from: the last of its files at the set-up of Turn 1 (PF 3.0), where a
        labelled variant may have changed the published start (Hornet in Espiritu Santo, the Reserve in Truk); None when
        every file of the chain is later in the game."""
        first = self.game.turns[0]
        for stage in reversed(self.scenario.stages):
            if stage.start_turn == first and (stage.section("phase") or {}).get("at", "start") == "start":
                return stage
        return None

    @property
    def printed_arrivals(self) -> dict[str, int]:
        """Each ship the published start puts on the Turn Record Track -> the turn it enters (PF 3.2: ``first_turn_arrivals``)."""
        return {r["counter"]: int(r["turn"]) for r in self.edition.param("first_turn_arrivals") or ()}

    @cached_property
    def late_arrivals(self) -> dict[str, int]:
        """Each ship on the Turn Record Track at the start -> the turn it enters (PF 3.2, 8.1): as the chain's start
        has them, else as the edition prints them (:attr:`printed_arrivals`)."""
        start = self.chain_start
        if start is None:
            return self.printed_arrivals
        return {entry.counter: turn for turn, placement in start.turn_track for entry in placement.units}

    @cached_property
    def reserve_ships(self) -> tuple[str, ...]:
        """The ships in the Japanese Reserve box at the start, which only Release Reserve frees (PF 3.1, 7.1): as the
        chain's start has them, else as the edition prints them (``reserve_ships``)."""
        start = self.chain_start
        if start is None:
            return tuple(self.edition.param("reserve_ships") or ())
        box = self.edition.param("reserve_box")
        return tuple(dict.fromkeys(entry.counter for placement in start.setup if placement.where == box for entry in placement.units))

    # --- charts ------------------------------------------------------------------------
    def chart(self, name: str):
        for document in self.game.charts:
            if isinstance(document, dict) and name in document:
                return document[name]
        return None

    @cached_property
    def track(self) -> dict[str, dict]:
        """The Initiative Track's boxes by name (charts: ``initiative_track``)."""
        return {str(b["box"]): b for b in (self.chart("initiative_track") or {}).get("boxes", [])}

    @cached_property
    def events(self) -> dict[str, dict]:
        """Every event by id, with the side whose table holds it (charts: ``events``)."""
        table = self.chart("events") or {}
        found = {}
        for side in self.game.side_ids:
            for record in table.get(side) or []:
                found[record["id"]] = dict(record, side=side)
        return found

    def box_side(self, box) -> str | None:
        """The side a marker in ``box`` gives the initiative: the box's side of the track, the US on box 0 (PF 6.1)."""
        box = str(box)
        record = self.track.get(box)
        side = record.get("side") if record else None
        if side in self.game.side_ids:
            return side
        if box == "0" or side == "none":
            return self.edition.param("initiative_on_zero")
        match = re.match(r"^(\w+) \d+$", box)
        if match:
            wanted = match.group(1).lower()
            return next((s.id for s in self.game.sides if s.id == wanted or s.name.lower() == wanted), None)
        return None

    def shifted(self, box: str, toward: str, spaces: int) -> str | None:
        """The box ``spaces`` spaces from ``box`` in ``toward``'s favour, stopping at the end of the track (PF 9.3, 11.0)."""
        boxes = list(self.track)
        if box not in boxes:
            return None
        step = -1 if toward == self.track_end_side(0) else 1
        return boxes[min(max(boxes.index(box) + step * spaces, 0), len(boxes) - 1)]

    def track_end_side(self, end: int) -> str | None:
        """The side whose boxes lie at one end of the stored track (0: first box, -1: last)."""
        boxes = list(self.track.values())
        return boxes[end].get("side") if boxes else None

    @property
    def turn_event(self) -> dict | None:
        """The event recorded for the scenario's own turn, if any."""
        return next((e for e in self.events_used if e.get("turn") == self.turn), None)

    @property
    def landing_reach(self) -> int:
        """How far landings may move the marker in one turn: one space per Transports unit landed (PF 9.3), the Tokyo
        Express replacing one of them (PF 9.6), and a side has ``transports_per_side`` of them (PF 3.1, 6.3)."""
        return int(self.edition.param("transports_per_side", 2))

    @cached_property
    def initiative_side(self) -> str | None:
        """The side with the initiative for the turn, fixed at its start (PF 6.0), whatever the marker did since.

        - ``initiative.turn_start`` names the marker's box at the start of the turn: its side (PF 6.1).
        - Before the Operations Phase nothing has moved the marker this turn (events only flip it, PF 7.1, 7.2):
          the marker's box.
        - From the Operations Phase on, the non-initiative player's landings (PF 9.3, 9.6) may have moved it up to
          ``landing_reach`` spaces toward him, even across box 0. When the turn's event (rolled by the
          non-initiative player alone, PF 7.0) belongs to the side the marker now favours, and a box that
          many spaces back would have given the other side the initiative, the event decides: the other side.
          Otherwise the marker's box.
        """
        box = str(self.initiative.get("box", ""))
        if self.initiative.get("turn_start") is not None:
            return self.box_side(self.initiative["turn_start"])
        now = self.box_side(box)
        if not self.phase_at_least("operations") or now is None:
            return now
        event = self.turn_event
        roller = self.events.get(event["event"], {}).get("side") if event else None
        if roller == now:
            other = self.other_side(now)
            starts = (self.shifted(box, other, d) for d in range(1, self.landing_reach + 1))
            if any(start is not None and self.box_side(start) == other for start in starts):
                return other
        return now

    def other_side(self, side: str | None) -> str | None:
        return next((s for s in self.game.side_ids if s != side), None) if side else None

    # --- places ------------------------------------------------------------------------
    def base(self, side: str) -> str | None:
        return (self.edition.param("bases") or {}).get(side)

    def operation_box(self, where: str) -> tuple[str, int] | None:
        """``(side, number)`` of a numbered Operation Box, or None (PF 3.5)."""
        for side, prefix in (self.edition.param("operation_boxes") or {}).items():
            match = re.match(rf"^{re.escape(prefix)} (\d{{1,9}})$", where)  # a 5,000-digit box is no box (Python's int limit)
            if match:
                return side, int(match.group(1))
        return None

    def setup_rule(self, side: str | None) -> str:
        """Each side's own set-up rule, cited: the Japanese PF 3.1, the US PF 3.2 (their units, bases and boxes)."""
        return self.edition.cite("setup-us" if side == "us" else "setup-japan")

    def is_zone(self, where: str) -> bool:
        return self.map.area_kinds.get(where) == "zone"

    # --- task forces ---------------------------------------------------------------------
    @cached_property
    def task_forces(self) -> list[TaskForce]:
        """The task forces of the set-up, Operation Boxes first (by side and box), then those at sea."""
        boxed: dict[tuple[str, str], list] = {}
        firsts: dict[tuple[str, str], Location] = {}
        at_sea: list[TaskForce] = []
        for placement in self.scenario.setup:
            units = tuple(u for u in self.units if u.placement is placement)
            if not units:
                continue
            box = self.operation_box(placement.where)
            if box is not None and box[0] != placement.side:
                continue  # another side's box: PF-SIDE reports it
            if box is not None:
                key = (placement.side, placement.where)
                boxed.setdefault(key, []).extend(units)
                firsts[key] = placement.at  # the last entry forming it: a variant's findings point at the variant
            elif self.is_zone(placement.where):
                at_sea.append(TaskForce(placement.side, placement.where, None, units, placement.at))
        forces = [TaskForce(side, where, self.operation_box(where)[1], tuple(units), firsts[(side, where)])
                  for (side, where), units in boxed.items()]
        forces.sort(key=lambda tf: (tf.side, tf.box))
        return forces + at_sea

    def task_forces_of(self, side: str) -> list[TaskForce]:
        return [tf for tf in self.task_forces if tf.side == side]

    # --- where every counter is ------------------------------------------------------------
    @cached_property
    def whereabouts(self) -> dict[str, list[tuple[str, object]]]:
        """Each counter id -> [(where, entry)]: set-up locations, ``Turn Record Track N`` and ``sunk``."""
        found: dict[str, list] = {}
        for unit in self.units:
            found.setdefault(unit.counter.id, []).append((unit.placement.where, unit.entry))
        for turn, placement in self.scenario.turn_track:
            for entry in placement.units:
                if entry.counter in self.game.counters:
                    found.setdefault(entry.counter, []).append((f"Turn Record Track {turn}", entry))
        for entry in self.scenario.sunk:
            if entry.counter in self.game.counters:
                found.setdefault(entry.counter, []).append(("sunk", entry))
        return found

    def removed_at(self, *counter_ids: str) -> Location | None:
        """Where the last file to do so took one of ``counter_ids`` out with ``remove:`` (the entry to change), or None."""
        for removal in reversed(self.scenario.removals):
            for entry in reversed(removal.units):
                if entry.counter in counter_ids:
                    return entry.at
        return None

    def on_track(self, counter_id: str) -> list[tuple[int, object]]:
        return [(turn, e) for turn, p in self.scenario.turn_track for e in p.units if e.counter == counter_id]

    def name(self, counter_id: str) -> str:
        counter = self.game.counters.get(counter_id)
        return counter.name if counter else counter_id
