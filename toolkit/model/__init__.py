"""The typed, immutable model of a game and a scenario.

Built only from validated documents (see :mod:`toolkit.model.build`); knows no
YAML. Each record keeps the :class:`~toolkit.findings.Location` of the node it
came from, so that a check can point a designer at the line to change.
"""

from __future__ import annotations

import math
from pathlib import Path

from toolkit.findings import Location
from toolkit.model.hexes import HexGrid
from toolkit.records import field, lazy_dataclass

__all__ = [
    "Side", "Place", "Box", "Sheet", "LandConnection", "AreaPair", "Map", "Counter", "Edition", "ScheduleTurn",
    "UnitEntry", "Placement", "ControlEntry", "Section", "Stage", "Scenario", "Game",
]


@lazy_dataclass(frozen=True)
class Side:
    """A player's side and the nations it commands, as the game manifest lists them."""

    id: str
    name: str
    nations: tuple[str, ...] = ()


def _fields(extra) -> tuple[tuple[str, object], ...]:
    """A record's own fields as sorted (name, value) pairs, so two records with the same fields are equal."""
    items = extra.items() if isinstance(extra, dict) else extra
    return tuple(sorted((str(k), v) for k, v in items))


class _GameFields:
    """Fields a game's overlay schema adds to a record (its ``#place_fields`` or ``#box_fields`` hook).

    The core reads none of them; a game reads its own with :meth:`get` (Fire in the Sky's
    capacities, for one, through its module's accessors).
    """

    extra: tuple = ()

    def get(self, name: str, default=None):
        """The game field ``name`` as the data gives it, or ``default`` when the record leaves it out."""
        for key, value in self.extra:
            if key == name:
                return value
        return default


@lazy_dataclass(frozen=True)
class Place(_GameFields):
    """A named place on the map: a base (a side controls it, it may score Victory Points) or a place of the game's own kind.

    ``hex`` is its hex (an area's name on an area map). ``extra`` holds the fields the game's
    overlay adds, given as a mapping or pairs and kept as sorted pairs (:meth:`get` reads one).
    """

    name: str
    hex: str
    kind: str  # "base", or a kind of the game's own
    vp: int = 0
    flag: str = "none"
    at: Location = field(default=Location(""), compare=False)
    side: str | None = None  # the side of the printed flag's nation, from the game manifest
    extra: tuple = field(default=(), hash=False)  # a game's field may hold a list: compared, never hashed

    def __post_init__(self):
        object.__setattr__(self, "extra", _fields(self.extra))

    @property
    def is_base(self) -> bool:
        return self.kind == "base"

    @property
    def printed_control(self) -> str:
        """The side the printed flag gives the base at game start, or ``none``."""
        if not self.is_base or self.flag in ("none", "", None):
            return "none"
        return self.side or self.flag


@lazy_dataclass(frozen=True)
class Box(_GameFields):
    """A box printed on or beside the map: off-map (reached through Entry Hexes), holding (stands for a place) or special.

    ``extra`` holds the fields the game's overlay adds (:meth:`get` reads one).
    """

    name: str
    kind: str  # "off-map" | "holding" | "special"
    nation: str | None = None
    connects_to: str | None = None
    entry_hexes: tuple[str, ...] = ()
    of: str | None = None
    at: Location = field(default=Location(""), compare=False)
    side: str | None = None  # the side of its nation, from the game manifest
    extra: tuple = field(default=(), hash=False)

    def __post_init__(self):
        object.__setattr__(self, "extra", _fields(self.extra))


@lazy_dataclass(frozen=True)
class LandConnection:
    a: str
    b: str
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class AreaPair:
    """One listed pair of an area map: whether the areas are adjacent, and whether the rules leave it open."""

    a: str
    b: str
    adjacent: bool
    open: bool = False
    at: Location = field(default=Location(""), compare=False)
    note: str = ""  # the record's reasoning (``reconstructed:``) or citation (``source:``)


@lazy_dataclass(frozen=True)
class Sheet:
    """A plotting sheet's size, north and scale: every hex of ``columns`` × ``rows`` is on the sheet.

    ``north`` is the direction of north in degrees clockwise from the top of the sheet;
    bearings on the sheet are measured clockwise from it (:mod:`toolkit.graph.arcs`).
    """

    columns: int
    rows: int
    north: float = 0.0
    hex_nm: float | None = None
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class Map:
    hexes: frozenset[str]
    places: dict[str, Place]
    land_connections: tuple[LandConnection, ...]
    impassable: frozenset[frozenset[str]]
    boxes: dict[str, Box]
    hex_km: float | None = None  # the nominal scale, where the map states one
    kind: str = "hex-grid"  # or "areas": zones, boxes and tracks joined by listed adjacency; or "plotting-sheet"
    grid: HexGrid = field(default_factory=HexGrid)
    adjacency: frozenset[frozenset[str]] = frozenset()  # the listed pairs of an area map
    area_kinds: dict[str, str] = field(default_factory=dict)  # area map: each area's kind (zone, box, track), in listed order
    pair_records: dict = field(default_factory=dict, compare=False, hash=False)  # area map: frozenset pair -> AreaPair, every listed pair
    area_positions: dict = field(default_factory=dict, compare=False, hash=False)  # area map: name -> (column, row) drawing hint, or empty
    sheet: "Sheet | None" = None  # plotting sheet: its size, north and scale
    terrain: dict = field(default_factory=dict, compare=False, hash=False)  # hex grid: hex -> terrain id, for the hexes that give one
    sections: dict = field(default_factory=dict, compare=False, hash=False)  # name -> Section: the game's own keys of the map (#sections)
    edition: str = ""  # the edition it was built for (a game reads its sections' records of this edition)

    def section(self, name: str, default=None):
        """The value of the game's own map key ``name`` (its overlay's ``sections``), or ``default``."""
        found = self.sections.get(name)
        return found.value if found is not None else default

    @property
    def north(self) -> float:
        """Where north lies, in degrees clockwise from the top of the sheet (0 for any map that is no plotting sheet)."""
        return self.sheet.north if self.sheet is not None else 0.0

    def pair(self, a: str, b: str) -> "AreaPair | None":
        """The map's record of the pair ``a``–``b`` (adjacent or not), or ``None`` when the map does not list it."""
        return self.pair_records.get(frozenset((a, b)))

    def adjacent_pairs(self):
        """Every pair of neighbouring nodes: hexes by the grid's geometry, areas as listed."""
        if self.kind == "areas":
            for pair in sorted(tuple(sorted(p)) for p in self.adjacency):
                yield pair
            return
        for h in sorted(self.hexes):
            for n in self.grid.neighbours(h):
                if n in self.hexes and h < n:
                    yield (h, n)

    def place_at(self, hex_id: str) -> Place | None:
        for place in self.places.values():
            if place.hex == hex_id:
                return place
        return None

    @property
    def by_hex(self) -> dict[str, Place]:
        return {p.hex: p for p in self.places.values()}

    def off_map_boxes(self) -> list[Box]:
        return [b for b in self.boxes.values() if b.kind == "off-map"]


@lazy_dataclass(frozen=True)
class Counter:
    """A counter of the counter mix (FitS v1.1 2.1; 2nd 3.1)."""

    id: str
    name: str
    side: str
    nation: str
    type: str  # "naval" | "air" | "land" | "marker"
    cls: str | None = None
    count: int = 1
    ratings: dict = field(default_factory=dict, compare=False, hash=False)
    marine: bool = False
    optional_rule: str | None = None
    unlimited: bool = False
    at: Location = field(default=Location(""), compare=False)
    unstated: tuple[str, ...] = ()  # rating names the rules do not state: absent from ratings, never invented

    @property
    def steps(self) -> int:
        if self.type == "air":
            return int(self.ratings.get("steps", 2))
        if self.type == "land":
            return int(self.ratings.get("steps", 2))
        return 1

    @property
    def movement(self) -> int:
        return int(self.ratings.get("movement", 0))


@lazy_dataclass(frozen=True)
class Edition:
    id: str
    citation: str
    rules: dict  # rule key -> {"number", "title", ...}
    parameters: dict  # name -> value
    optional_rules: dict  # number -> title
    at: Location = field(default=Location(""), compare=False)
    counterparts: dict = field(default_factory=dict, compare=False, hash=False)  # other edition's number -> ours
    title: str = ""
    sequence_of_play: tuple = field(default=(), compare=False, hash=False)  # player turns, phases, segments (as data)

    def optional_number(self, number: str | None) -> str | None:
        """This edition's number for an optional rule given in either edition's numbering (v1.1 18.2.5 = 2nd 16.2.5)."""
        if number is None or number in self.optional_rules:
            return number
        return self.counterparts.get(number)

    def cite(self, key: str, number: str | None = None) -> str:
        """``FitS v1.1 2.1``: the number the edition's rules table gives ``key``; else ``number``, else the citation alone.

        Every citation of every game is spelled here (prefix, space, rule number).
        """
        rule = self.rules.get(key)
        return self.cite_number(rule["number"] if rule else number)

    def cite_number(self, *numbers: str | None) -> str:
        """``PF 10.2`` or ``FFTS 6.12, 6.7``: rule numbers cited directly, after the edition's citation."""
        given = ", ".join(n for n in numbers if n)
        return f"{self.citation} {given}" if given else self.citation

    def cites(self, *numbers: str) -> tuple[str, ...]:
        """One citation per rule number: ``("FFTS 6.7", "FFTS 6.12")``."""
        return tuple(self.cite_number(n) for n in numbers)

    def param(self, name: str, default=None):
        return self.parameters.get(name, default)


@lazy_dataclass(frozen=True)
class ScheduleTurn:
    side: str
    turn: int
    units: tuple["UnitEntry", ...]
    data: dict = field(default_factory=dict, compare=False, hash=False)
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class UnitEntry:
    counter: str
    count: int = 1
    steps: int | None = None
    reduced: bool = False
    optional_rule: str | None = None
    task_force: bool = False
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class Placement:
    where: str  # place name, box name or hex id, as written
    side: str
    units: tuple[UnitEntry, ...]
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class ControlEntry:
    base: str
    side: str
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class Marker:
    value: float
    at: Location = field(default=Location(""), compare=False)


@lazy_dataclass(frozen=True)
class Section:
    """A game's own top-level section of a scenario or a map (its overlay's ``sections``); of a scenario, as the last file of the chain gives it.

    ``value`` is the validated data; ``locate(path)`` gives the location of a node inside it,
    so a game's checks report at the line a designer wrote.
    """

    name: str
    value: object
    document: object = field(compare=False, hash=False, repr=False)  # the toolkit.load.Document that holds it

    def locate(self, *path) -> Location:
        return self.document.locate((self.name, *path))


class Stage:
    """The scenario as one file of its chain leaves it, base first: its start turn, its game sections, its set-up and its
    Turn Record Track. A game finds its chain's start among them (Pacific Fury: the last file at the set-up of Turn 1),
    where a variant may have changed the published start. A plain class: every check of a variant makes a few."""

    __slots__ = ("file", "start_turn", "sections", "setup", "turn_track")

    def __init__(self, file: str, start_turn: int, sections: dict, setup: tuple, turn_track: tuple):
        self.file = file
        self.start_turn = start_turn
        self.sections = sections  # name -> Section, as in Scenario.sections
        self.setup = setup  # Placement, ...
        self.turn_track = turn_track  # (turn, Placement), ...

    def section(self, name: str, default=None):
        found = self.sections.get(name)
        return found.value if found is not None else default

    def __repr__(self) -> str:
        return f"Stage({self.file!r}, start_turn={self.start_turn})"


@lazy_dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    edition: str
    start_turn: int
    optional_rules: frozenset[str]
    control: tuple[ControlEntry, ...]
    setup: tuple[Placement, ...]
    markers: dict  # name -> Marker, or name -> {nation: Marker}
    turn_track: tuple[tuple[int, Placement], ...]
    sunk: tuple[UnitEntry, ...]
    path: Path
    at: Location = field(default=Location(""), compare=False)
    variant: bool = False
    notes: str = ""
    files: tuple[str, ...] = ()  # the chain of files it was resolved from, base first
    sections: dict = field(default_factory=dict, compare=False, hash=False)  # name -> Section: the game's own parts
    map_file: str = ""  # the scenario's own map (``map:``, resolved, shown as the user would write it); "" for the game's
    written_for: str = ""  # the edition its files declare (``edition:``); ``edition`` is the one it is checked in
    removals: tuple[Placement, ...] = field(default=(), compare=False)  # the ``remove:`` and ``remove_turn_track:`` entries of its files, base first
    stages: tuple[Stage, ...] = field(default=(), compare=False, repr=False)  # what each file of the chain leaves, base first

    def section(self, name: str, default=None):
        """The value of the game section ``name`` (a variant's replaces its base's), or ``default``."""
        found = self.sections.get(name)
        return found.value if found is not None else default

    def marker(self, name: str, nation: str | None = None):
        value = self.markers.get(name)
        if nation is not None:
            value = value.get(nation) if isinstance(value, dict) else None
        return value


@lazy_dataclass(frozen=True)
class Game:
    id: str
    title: str
    root: Path
    edition: Edition
    map: Map
    counters: dict[str, Counter]
    schedules: tuple[ScheduleTurn, ...]
    errata: tuple[dict, ...]
    editions: tuple[str, ...]
    rules_module: str | None = None
    sides: tuple[Side, ...] = ()
    nations: dict = field(default_factory=dict, compare=False, hash=False)  # id -> name
    citation: str = ""  # the prefix of every rule citation of the game
    turns: tuple[int, int] = (1, 1)  # first and last game turn
    charts: tuple[dict, ...] = ()  # the chart documents of this edition (tables as data)

    @property
    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sides)

    def side_of(self, nation: str | None) -> str | None:
        """The side commanding ``nation`` (None for no nation or one no side lists)."""
        for side in self.sides:
            if nation in side.nations:
                return side.id
        return None

    def side_name(self, side: str) -> str:
        return next((s.name for s in self.sides if s.id == side), side)

    def control_of(self, scenario: Scenario, base: str) -> str:
        """Who controls ``base`` at the start of ``scenario``: the printed flag, then the scenario's changes."""
        place = self.map.places.get(base)
        side = place.printed_control if place else "none"
        for entry in scenario.control:
            if entry.base == base:
                side = entry.side
        return side


def steps_to_counters(steps: int, per_counter: int = 2) -> int:
    """Air steps come as 2-step counters that break down into 1-step ones (v1.1 2.1.1.2)."""
    return math.ceil(steps / per_counter)
