"""A Fire from the Skies scenario's own sections, read into plain records that remember their lines.

The scenario gives its ships, aircraft types, task forces, air bases, air groups, missions and the
tables FFTS leaves to Fire on the Waters or the scenario sets (its overlay schema validates them).
A rating or a table may be an *empty slot*, ``{empty: "where it is printed"}``: the value is not in
the rulebook and the scenario has not supplied it. Nothing here fills a slot.
"""

from __future__ import annotations

from toolkit.findings import Location
from toolkit.load.memo import remembered
from toolkit.model import Scenario
from toolkit.records import field, lazy_dataclass, replace

__all__ = ["is_empty", "Ship", "AircraftType", "TaskForce", "AirBase", "AFs", "AirGroup", "Mission", "Sighting", "SlotRef", "ScenarioData", "read",
           "read_shared", "holder_key"]


def is_empty(value) -> bool:
    """Whether a rating or table is an empty slot (``{empty: ...}``) or missing."""
    return value is None or (isinstance(value, dict) and set(value) == {"empty"})


@lazy_dataclass(frozen=True)
class Ship:
    id: str
    name: str
    side: str
    cls: str
    ratings: dict
    at: Location = field(default=Location(""), compare=False)

    @property
    def is_carrier(self) -> bool:
        return self.cls in ("CV", "CVL", "CVE")

    def rating(self, name: str):
        """The rating's value, or None for an empty or absent slot."""
        value = self.ratings.get(name)
        return None if is_empty(value) else value


@lazy_dataclass(frozen=True)
class AircraftType:
    id: str
    name: str
    side: str
    role: str
    family: str
    ratings: dict
    at: Location = field(default=Location(""), compare=False)

    def rating(self, name: str):
        value = self.ratings.get(name)
        return None if is_empty(value) else value

    def endurance(self, load: str) -> int | None:
        """Endurance in turns with ``load`` (FFTS 4.1), or None when the slot is empty or has no such load."""
        table = self.rating("endurance")
        return table.get(load) if isinstance(table, dict) else None


@lazy_dataclass(frozen=True)
class TaskForce:
    """A task force: ``hex`` where it starts, ``moves`` its plotted course as (turn, hex) in the order written (FFTS 10.1, 10.2)."""

    id: str
    side: str
    hex: str
    ships: tuple[str, ...]
    dummy: bool
    dummy_ships: int
    at: Location = field(default=Location(""), compare=False)
    ship_at: tuple[Location, ...] = field(default=(), compare=False)
    moves: tuple[tuple[int, str], ...] = ()
    move_at: tuple[Location, ...] = field(default=(), compare=False)

    def hex_at(self, turn: int) -> str:
        """Its hex in ``turn``'s Search Segment: after that turn's Movement Segment (FFTS 3.4.2, 3.4.4), so the last move
        plotted for that turn or before; its start hex without one.

        >>> TaskForce("A", "japanese", "0806", (), False, 0, moves=((8, "0807"), (10, "0808"))).hex_at(9)
        '0807'
        """
        here = self.hex
        for when, hex_ in sorted(self.moves, key=lambda m: m[0]):
            if when > turn:
                break
            here = hex_
        return here


@lazy_dataclass(frozen=True)
class AirBase:
    place: str
    side: str
    af_capacity: object
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class AFs:
    """AFs of one aircraft type in one state, with one weapon."""

    type: str
    afs: int
    state: str | None
    fueled: bool
    weapon: str | None
    load: str
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class AirGroup:
    at_name: str
    side: str
    aircraft: tuple[AFs, ...]
    at: Location = field(default=Location(""), compare=False)
    locate: object = field(default=None, compare=False, repr=False)  # path inside the air group -> Location

    @property
    def total(self) -> int:
        return sum(a.afs for a in self.aircraft)


@lazy_dataclass(frozen=True)
class Mission:
    id: str
    side: str
    kind: str
    source: str  # the carrier or base launching it (``from:``)
    launch_turn: int
    aircraft: tuple[AFs, ...]
    groups: tuple[tuple[int, ...], ...]
    arc: tuple[float, float] | None
    range: int | None
    paired: bool
    land_turn: int | None
    last_turn: int | None
    at: Location = field(default=Location(""), compare=False)
    locate: object = field(default=None, compare=False, repr=False)  # path inside the mission -> Location
    target: str | None = None  # strikes: the task force or base it attacks (FFTS 12.1, 12.3)

    @property
    def total(self) -> int:
        return sum(a.afs for a in self.aircraft)


@lazy_dataclass(frozen=True)
class Sighting:
    """A task force a side has sighted by a turn, as the scenario records it (a search before the start, or by scenario rule, FFTS 7.4.3)."""

    side: str
    task_force: str
    turn: int
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class SlotRef:
    """One empty slot: what it is and where the scenario holds it."""

    what: str
    where: str
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class ScenarioData:
    ships: dict[str, Ship]
    aircraft: dict[str, AircraftType]
    task_forces: tuple[TaskForce, ...]
    bases: dict[str, AirBase]
    air_groups: tuple[AirGroup, ...]
    missions: tuple[Mission, ...]
    special_allows: frozenset[str]
    empty_slots: tuple[SlotRef, ...]
    at: Location = field(default=Location(""), compare=False)
    night: frozenset[int] = frozenset()  # the clock's night turns (FFTS 6.12.6, 13.2)
    sightings: tuple[Sighting, ...] = ()  # task forces sighted by a turn the searches do not show (FFTS 7.2, 7.4.3)
    side_allows: dict[str, frozenset[str]] = field(default_factory=dict)  # side -> what special rules allow it (a rule with no sides: both)

    def allows(self, what: str, side: str) -> bool:
        """Whether a special rule allows ``what`` to ``side`` (FFTS 18.2; 12.4: radar is a side's)."""
        return what in self.side_allows.get(side, self.special_allows)


def _slug(name: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in name.casefold()).split())


def holder_key(written: str, ships, bases) -> str:
    """The carrier or air base an ``at:`` or ``from:`` names: a ship id, or a base by its place's name (FFTS 6.3).

    A base is named as the sheet prints its place (``Tulagi``); the id-shaped spelling the schema once
    required (``tulagi``, ``port-moresby``) still names it. An unknown name is returned as written.

    >>> holder_key("tulagi", {}, {"Tulagi": None}), holder_key("Tulagi", {}, {"Tulagi": None}), holder_key("x", {}, {})
    ('Tulagi', 'Tulagi', 'x')
    """
    if written in ships or written in bases:
        return written
    by_slug = {_slug(place): place for place in bases}
    return by_slug.get(_slug(written), written)


def _afs(record: dict, at: Location) -> AFs:
    weapon = record.get("weapon")
    load = record.get("load") or (weapon if weapon and weapon != "none" else "none")
    return AFs(record["type"], int(record["afs"]), record.get("state"), bool(record.get("fueled", False)), weapon, load, at)


def _rating_slots(what: str, ratings: dict, locate):
    """One :class:`SlotRef` for the empty ratings of one record, naming each and where it is printed."""
    empty = [(name, value.get("empty", "")) for name, value in ratings.items() if is_empty(value)]
    if not empty:
        return []
    by_where: dict[str, list[str]] = {}
    for name, where in empty:
        by_where.setdefault(where, []).append(name)
    where = "; ".join(f"{', '.join(names)} from {w}" if w else ", ".join(names) for w, names in by_where.items())
    names = ", ".join(name for name, _ in empty)
    return [SlotRef(f"{what}: rating{'s' if len(empty) > 1 else ''} {names}", where, locate(empty[0][0]))]


def read_shared(scenario: Scenario) -> ScenarioData:
    """:func:`read`, kept by the session for the very sections it read: every variant that changes no section shares its
    base's (built once a session, toolkit.model.build_scenario), and only ``at`` is the scenario's own (a section the
    scenario lacks has no record to locate)."""
    sections = tuple(scenario.sections.items())
    key = tuple((name, id(section)) for name, section in sections)
    held, data = remembered("ffts-scenario-data", key, lambda: (sections, read(scenario)))
    if len(held) != len(sections) or any(a is not b or m != n for (m, a), (n, b) in zip(held, sections)):
        return read(scenario)
    return replace(data, at=scenario.at)


def read(scenario: Scenario) -> ScenarioData:
    """The scenario's sections as records (sections it lacks are empty)."""
    sections = scenario.sections

    def section(name):
        found = sections.get(name)
        return (found.value if found is not None else None), (found.locate if found is not None else (lambda *p: scenario.at))

    ships_value, ships_at = section("ships")
    ships = {}
    slots: list[SlotRef] = []
    for i, r in enumerate(ships_value or []):
        ships[r["id"]] = Ship(r["id"], r["name"], r["side"], r["class"], dict(r.get("ratings") or {}), ships_at(i))
        slots.extend(_rating_slots(f"ship {r['name']}", r.get("ratings") or {}, lambda *p, i=i: ships_at(i, "ratings", *p)))
    types_value, types_at = section("aircraft")
    types = {}
    for i, r in enumerate(types_value or []):
        types[r["id"]] = AircraftType(r["id"], r["name"], r["side"], r["role"], r["family"], dict(r.get("ratings") or {}), types_at(i))
        slots.extend(_rating_slots(f"aircraft {r['name']}", r.get("ratings") or {}, lambda *p, i=i: types_at(i, "ratings", *p)))
    tf_value, tf_at = section("task_forces")
    task_forces = tuple(
        TaskForce(str(r["id"]), r["side"], r["hex"], tuple(r.get("ships") or ()), bool(r.get("dummy", False)), int(r.get("dummy_ships", 0)),
                  tf_at(i), tuple(tf_at(i, "ships", j) for j in range(len(r.get("ships") or ()))),
                  tuple((int(m["turn"]), m["hex"]) for m in r.get("moves") or ()), tuple(tf_at(i, "moves", j) for j in range(len(r.get("moves") or ()))))
        for i, r in enumerate(tf_value or []))
    bases_value, bases_at = section("bases")
    bases = {}
    for i, r in enumerate(bases_value or []):
        bases[r["place"]] = AirBase(r["place"], r["side"], r.get("af_capacity"), bases_at(i))
        if is_empty(r.get("af_capacity")) and "af_capacity" in r:
            slots.append(SlotRef(f"air base {r['place']}: af_capacity", r["af_capacity"].get("empty", ""), bases_at(i, "af_capacity")))
    groups_value, groups_at = section("air_groups")
    groups = tuple(
        AirGroup(holder_key(r["at"], ships, bases), r["side"], tuple(_afs(a, groups_at(i, "aircraft", j)) for j, a in enumerate(r["aircraft"])), groups_at(i),
                 (lambda *p, i=i: groups_at(i, *p)))
        for i, r in enumerate(groups_value or []))
    missions_value, missions_at = section("missions")
    missions = []
    for i, r in enumerate(missions_value or []):
        arc = tuple(r["arc"]) if r.get("arc") else None
        missions.append(Mission(
            r["id"], r["side"], r["kind"], holder_key(r["from"], ships, bases), int(r["launch_turn"]),
            tuple(_afs(a, missions_at(i, "aircraft", j)) for j, a in enumerate(r["aircraft"])),
            tuple(tuple(g) for g in r.get("groups") or ()), arc, r.get("range"), bool(r.get("paired", False)),
            r.get("land_turn"), r.get("last_turn"), missions_at(i), (lambda *p, i=i: missions_at(i, *p)), r.get("target")))
    tables_value, tables_at = section("tables")
    for name, value in (tables_value or {}).items():
        if is_empty(value):
            slots.append(SlotRef(f"table {name}", value.get("empty", ""), tables_at(name)))
    rules_value, _ = section("special_rules")
    allows = frozenset(a for r in rules_value or [] for a in r.get("allows") or ())
    # every side the scenario names: a side with only an air base, air groups or missions still gets only its own rules
    holders = (ships_value or []) + (tf_value or []) + (bases_value or []) + (groups_value or []) + (missions_value or [])
    sides = {side for r in rules_value or [] for side in r.get("sides") or ()} | {r["side"] for r in holders if r.get("side")}
    side_allows = {side: frozenset(a for r in rules_value or [] if side in (r.get("sides") or (side,)) for a in r.get("allows") or ()) for side in sides}
    clock_value, _ = section("clock")
    night = frozenset((clock_value or {}).get("night") or ())
    sightings_value, sightings_at = section("sightings")
    sightings = tuple(Sighting(r["side"], str(r["task_force"]), int(r["turn"]), sightings_at(i)) for i, r in enumerate(sightings_value or []))
    return ScenarioData(ships, types, task_forces, bases, groups, tuple(missions), allows, tuple(slots), scenario.at, night, sightings, side_allows)
