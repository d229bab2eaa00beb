"""Pacific Fury's tables as the computations read them, from the edition's charts file.

The numbers live in ``scenarios/pacific-fury/charts/english.yaml`` (validated by the game's
charts overlay); this module only reads them into small typed values, so that a corrected
number in the data changes every answer without a code change. A missing table or box is a
:class:`TableError` with a one-line reason.

>>> tables = Tables.of([{"fire": {"die": 6, "source": "PF 10.2"}}])
>>> tables.die, tables.source("fire")
(6, 'PF 10.2')
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from toolkit.errors import InputError
from toolkit.records import lazy_dataclass

__all__ = ["TableError", "Tables", "InitiativeBox", "Event", "ReturnRow", "SortieRow", "TABLE_NAMES"]

#: The tables the game's computations read (every one is required by the charts overlay).
TABLE_NAMES = ("fire", "air_strike_modifier", "cap", "henderson_field", "sunk", "damage_return",
               "tokyo_express_detection", "events", "initiative_track", "sea_zones", "turn_record_track")


class TableError(InputError):
    """A table, row or box the computations need is not in the charts."""


@lazy_dataclass(frozen=True)
class InitiativeBox:
    """One box of the Initiative Track (PF 3.6): its label, side, value and Henderson Field's CAP icons."""

    label: str
    side: str  # japan, us, or none (box 0)
    value: int
    cap_icons: int
    placeholder: bool  # True: the rules do not print the icons (PF 10.6); the number is a placeholder
    index: int  # position on the track, 0 at the Japanese end
    provenance: str = ""


@lazy_dataclass(frozen=True)
class Event:
    """One event of a side's Event Table (PF 7.1, 7.2)."""

    id: str
    name: str
    faces: tuple[int, ...]
    once: bool
    effect: str
    source: str = ""


@lazy_dataclass(frozen=True)
class ReturnRow:
    """When a damaged ship of ``side`` with ``min_hits``..``max_hits`` hits returns (PF 10.7)."""

    side: str
    min_hits: int
    max_hits: int | None
    turns_later: int


@lazy_dataclass(frozen=True)
class SortieRow:
    """A sortie destination (PF 9.1, 9.6): ``task_forces`` of ``side`` may sortie to ``zone`` ``when``."""

    side: str
    task_forces: tuple[str, ...]
    zone: str
    when: str  # always | initiative | non-initiative
    source: str = ""


#: A minus sign before a box's number, at the start or after a space (``-1``, ``US -1``): a negative number, not ``US-1``.
_NEGATIVE = re.compile(r"(?:^|\s)[-\u2212]\s*\d")


def _norm_box(label: str) -> str:
    """``"US 1"``, ``"us1"``, ``"US: 1"`` -> ``"us1"``; ``"Japan 3"``, ``"jp3"`` -> ``"japan3"``."""
    text = re.sub(r"[\s:_+-]", "", str(label).lower())
    return re.sub(r"^(jp|j|ijn)(?=\d)", "japan", re.sub(r"^(usa|usn|u)(?=\d)", "us", text))


@lazy_dataclass(frozen=True)
class Tables:
    """The game's tables (one charts document of an edition) and where they were read from."""

    data: Mapping
    file: str = "charts/english.yaml"

    @classmethod
    def of(cls, charts: Sequence[Mapping], file: str = "charts/english.yaml") -> "Tables":
        """The first charts document holding the fire table; :class:`TableError` if none does."""
        for document in charts:
            if isinstance(document, Mapping) and "fire" in document:
                return cls(document, file)
        raise TableError("the edition has no Pacific Fury charts (charts/english.yaml with a `fire` table)")

    def table(self, name: str) -> Mapping:
        value = self.data.get(name)
        if not isinstance(value, Mapping):
            raise TableError(f"the charts have no `{name}` table")
        return value

    def source(self, name: str) -> str:
        """The table's citation (``PF 10.7``), or its reasoning when reconstructed."""
        record = self.table(name)
        return str(record.get("source") or record.get("reconstructed") or "")

    # --- fire, modifiers, CAP (PF 10.2, 10.5, 10.6) ---
    @property
    def die(self) -> int:
        return int(self.table("fire").get("die", 6))

    def modifiers(self) -> dict[str, int]:
        """AS/AA modifier by comparison id (PF 10.5)."""
        return {row["when"]: int(row["modifier"]) for row in self.table("air_strike_modifier")["rows"]}

    def cap_reductions(self) -> dict[str, int]:
        """CAP reduction by what the target holds: ``cv``, ``cvl``, ``none`` (PF 10.5)."""
        return {row["target_has"]: int(row["reduction"]) for row in self.table("cap")["rows"]}

    @property
    def cap_minimum(self) -> int:
        return int(self.table("cap").get("minimum_if_any_hits", 1))

    @property
    def henderson_cap_minimum(self) -> int:
        return int(self.table("cap").get("henderson_field", {}).get("minimum_if_any_hits", self.cap_minimum))

    # --- Henderson Field (PF 10.4, 10.6) ---
    @property
    def disruption_minimum(self) -> int:
        return int(self.table("henderson_field")["disruption"].get("minimum_hits", 1))

    def henderson(self, part: str) -> Mapping:
        return self.table("henderson_field").get(part, {})

    # --- Sunk Table (PF 10.7) ---
    def sink_faces(self) -> dict[str, tuple[int, ...]]:
        """Faces that sink a ship, by ``more-than-df``, ``equal-to-df``, ``fewer-than-df``."""
        return {row["hits"]: tuple(row["sink_on"]) for row in self.table("sunk")["rows"]}

    def sunk_automatically(self) -> dict[str, int]:
        """Units sunk without a roll, and the hits that do it (Transports, the Tokyo Express)."""
        return {row["unit"]: int(row["hits"]) for row in self.table("sunk").get("automatic", [])}

    @property
    def sunk_die(self) -> int:
        return int(self.table("sunk").get("die", 6))

    # --- damage return (PF 10.7) ---
    def return_rows(self) -> tuple[ReturnRow, ...]:
        return tuple(ReturnRow(r["side"], int(r["min_hits"]), r.get("max_hits"), int(r["turns_later"]))
                     for r in self.table("damage_return")["rows"])

    @property
    def last_turn(self) -> int:
        return int(self.table("damage_return").get("last_turn", 4))

    @property
    def transports_return_turns(self) -> int:
        return int(self.table("damage_return").get("sunk_transports", {}).get("turns_later", 1))

    # --- Tokyo Express (PF 9.6) ---
    def detection_rows(self) -> dict[str, tuple[int, ...]]:
        """Faces by result: ``detected``, ``detected-if-henderson-field-operational``, ``undetected``."""
        return {row["result"]: tuple(row["roll"]) for row in self.table("tokyo_express_detection")["rows"]}

    # --- events (PF 7.0-7.2) ---
    def events(self, side: str) -> tuple[Event, ...]:
        table = self.table("events")
        if side not in table or not isinstance(table[side], list):
            raise TableError(f"the Event Table has no side {side!r} (sides: japan, us)")
        return tuple(Event(e["id"], e["name"], tuple(e["faces"]), bool(e["once"]), e.get("effect", ""), e.get("source", ""))
                     for e in table[side])

    # --- Initiative Track (PF 3.6, 6.1, 10.6) ---
    def initiative_boxes(self) -> tuple[InitiativeBox, ...]:
        boxes = []
        for index, record in enumerate(self.table("initiative_track")["boxes"]):
            icons = record.get("cap_icons", {})
            boxes.append(InitiativeBox(str(record["box"]), record["side"], int(record["value"]), int(icons.get("value", 0)),
                                       bool(icons.get("placeholder", False)), index,
                                       str(record.get("source") or record.get("reconstructed") or "")))
        return tuple(boxes)

    def initiative_box(self, label: str) -> InitiativeBox:
        """The box labelled ``label`` (``"US 1"``, ``"us1"``, ``"US-1"``, ``"Japan 3"``, ``"0"``); a minus sign standing before
        the number (``"US -1"``) is no separator but a negative box, which the track has not (PF 3.6)."""
        boxes = self.initiative_boxes()
        if _NEGATIVE.search(str(label)):
            raise TableError(f"no Initiative Track box {label!r}: its boxes are numbered from 0 up on each side (PF 3.6); "
                             f"the track runs {boxes[0].label} ... {boxes[-1].label}")
        wanted = _norm_box(label)
        for box in boxes:
            if _norm_box(box.label) == wanted:
                return box
        raise TableError(f"no Initiative Track box {label!r}; the track runs {boxes[0].label} ... {boxes[-1].label}")

    # --- zones and sorties (PF 8.2, 9.1, 9.2, 9.6) ---
    def zone_rules(self) -> dict[str, Mapping]:
        return {z["name"]: z for z in self.table("sea_zones")["zones"]}

    def sortie_rows(self) -> tuple[SortieRow, ...]:
        return tuple(SortieRow(r["side"], tuple(r["task_forces"]), r["zone"], r["when"], r.get("source", ""))
                     for r in self.table("sea_zones")["sortie"])

    def months(self) -> dict[int, str]:
        return {int(t["turn"]): t["month"] for t in self.table("turn_record_track")["turns"]}
