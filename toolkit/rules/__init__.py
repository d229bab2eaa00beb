"""The check registry and the context checks share; the checks themselves belong to games.

A check is a function from a :class:`Context` to ``(message, location)`` pairs, marked with
:func:`check` (its stable code, severity, the rule key whose number per edition it cites,
and the editions it applies to: all of the game's unless it names some). A check may yield
``(message, location, citation)`` to cite a more precise rule for one finding. A game gathers its
checks into a :class:`CheckRegistry` (:meth:`CheckRegistry.from_modules`); nothing is
registered as a side effect of importing a module. Checks never print.

Checks that are the same rule in several games (a counter on the wrong side, a counter-mix limit,
units left on the Turn Record Track) live once in :mod:`toolkit.rules.shared`; each game registers
them under its own code and rule key.
"""

from __future__ import annotations

from types import ModuleType
from typing import Callable, Iterable, Iterator

from toolkit.findings import Finding, Location
from toolkit.load.memo import remembered
from toolkit.model import Box, Counter, Edition, Game, Place, Placement, Scenario, UnitEntry
from toolkit.records import lazy_dataclass

__all__ = ["Check", "CheckRegistry", "check", "Context", "run_checks", "Unit", "fmt", "article", "where"]


@lazy_dataclass(frozen=True)
class Check:
    code: str
    severity: str
    rule: str  # rule key in the edition's rules table
    summary: str
    func: Callable
    editions: tuple[str, ...] | None = None  # None: every edition of the game

    def applies_to(self, edition: str) -> bool:
        return self.editions is None or edition in self.editions


def check(code: str, rule: str, summary: str, severity: str = "error", editions: Iterable[str] | None = None):
    """Mark ``func(ctx) -> Iterable[tuple[message, location]]`` as a check; a registry gathers it."""

    def mark(func):
        func.__check__ = Check(code, severity, rule, summary, func, tuple(editions) if editions is not None else None)
        return func

    return mark


class CheckRegistry:
    """The checks of one game, in a fixed order; filtered by edition when they run."""

    def __init__(self, checks: Iterable[Check] = ()):
        self.checks: tuple[Check, ...] = tuple(checks)
        codes = [c.code for c in self.checks]
        duplicated = sorted({c for c in codes if codes.count(c) > 1})
        if duplicated:
            raise ValueError(f"check codes registered twice: {', '.join(duplicated)}")

    @classmethod
    def from_modules(cls, modules: Iterable[ModuleType]) -> "CheckRegistry":
        """Every function marked with :func:`check` in ``modules``, in module then definition order."""
        found = []
        for module in modules:
            for value in vars(module).values():
                marked = getattr(value, "__check__", None)
                if isinstance(marked, Check) and getattr(value, "__module__", None) == module.__name__:
                    found.append(marked)
        return cls(found)

    def __iter__(self) -> Iterator[Check]:
        return iter(self.checks)

    def __len__(self) -> int:
        return len(self.checks)

    def for_edition(self, edition: str) -> list[Check]:
        return [c for c in self.checks if c.applies_to(edition)]


@lazy_dataclass(frozen=True)
class Unit:
    """One scenario unit entry resolved against the counter mix and the map."""

    entry: UnitEntry
    counter: Counter
    placement: Placement
    place: Place | None  # the place, if any
    box: Box | None  # the box, if any
    hex: str | None  # the node it occupies (None in an off-map or special box)

    @property
    def side(self) -> str:
        return self.placement.side


#: No control entry for a base (its printed flag holds): a value no entry has.
_PRINTED = object()


class Context:
    """A scenario and its game, with the look-ups the checks share.

    A game module may subclass it to add its own look-ups (and its own :class:`Unit`).
    """

    unit_class: type = Unit
    #: The edition the scenario was written for when it is checked in another (the session sets it),
    #: so a check can read the scenario's numbers on their own scale; None when they are the same.
    written_for: Edition | None = None

    def __init__(self, game: Game, scenario: Scenario):
        self.game = game
        self.scenario = scenario
        self.edition = game.edition
        self.map = game.map
        self.by_hex = game.map.by_hex
        self.units: list = list(self._placed(scenario))

    def _placed(self, scenario: Scenario):
        """The set-up's units (:meth:`_resolve`), kept by the session for the very placements resolved and the optional
        rules in use: every variant that keeps its base's set-up shares the base's placements (built once a session,
        toolkit.model.build_scenario), and so their units. A context that resolves otherwise resolves every time."""
        setup = scenario.setup
        if type(self)._resolve is not Context._resolve or type(self).in_use is not Context.in_use:
            return self._resolve(setup)
        key = (self.unit_class, id(self.game), scenario.optional_rules, tuple(id(p) for p in setup))
        held = remembered("context-units", key, lambda: (self.game, setup, tuple(self._resolve(setup))))
        if held[0] is not self.game or len(held[1]) != len(setup) or any(a is not b for a, b in zip(held[1], setup)):
            return self._resolve(setup)
        return held[2]

    def in_use(self, entry: UnitEntry) -> bool:
        """An entry marked with an optional rule is placed only when that rule is in use."""
        return entry.optional_rule is None or entry.optional_rule in self.scenario.optional_rules

    def _resolve(self, placements) -> Iterator[Unit]:
        for placement in placements:
            place = self.map.places.get(placement.where)
            box = self.map.boxes.get(placement.where)
            hex_id = None
            if place is not None:
                hex_id = place.hex
            elif box is not None and box.kind == "holding" and box.of in self.map.places:
                hex_id = self.map.places[box.of].hex
                place = self.map.places[box.of]
            elif placement.where in self.map.hexes:
                hex_id = placement.where
                place = self.by_hex.get(hex_id)
            for entry in placement.units:
                counter = self.game.counters.get(entry.counter)
                if counter is None or not self.in_use(entry):
                    continue
                yield self.unit_class(entry, counter, placement, place, box, hex_id)

    def track_entered(self, turn: int) -> bool:
        """Whether units due on ``turn`` of the Turn Record Track have entered play at the scenario's moment.

        A scenario starts before its first turn's arrivals, so by default units due on an earlier
        turn have entered; a game whose scenarios may stand later in a turn (a phase) says more.
        """
        return turn < self.scenario.start_turn

    #: The scenario's control changes by base (made on the first :meth:`control`: checks ask for every base they count).
    _changes: dict | None = None

    def control(self, base: str) -> str:
        """Who controls ``base`` at the start of the scenario, as :meth:`toolkit.model.Game.control_of` says: the
        scenario's last control entry for it, else the printed flag."""
        changes = self._changes
        if changes is None:
            changes = self._changes = {entry.base: entry.side for entry in self.scenario.control}
        side = changes.get(base, _PRINTED)
        if side is not _PRINTED:
            return side
        place = self.map.places.get(base)
        return place.printed_control if place else "none"


def run_checks(registry: CheckRegistry, ctx: Context, only: Iterable[str] | None = None) -> list[Finding]:
    """Run every check of ``registry`` that applies to the scenario's edition."""
    findings: list[Finding] = []
    wanted = set(only) if only else None
    for registered, citation in _cited(registry, ctx.edition):
        if wanted and registered.code not in wanted:
            continue
        for message, location, *rule in registered.func(ctx):  # a check may cite a more precise rule: (message, location, citation)
            findings.append(Finding(registered.severity, registered.code, message, location or ctx.scenario.at, rule[0] if rule else citation))
    return findings


def _cited(registry: CheckRegistry, edition: Edition) -> list[tuple[Check, str]]:
    """The checks of ``registry`` that apply to ``edition``, each with its citation: once a session for a registry and an
    edition (every variant of a game asks), both held so that only these very objects are answered."""
    held = remembered("cited checks", (id(registry), len(registry), id(edition)),
                      lambda: (registry, edition, [(c, edition.cite(c.rule)) for c in registry.for_edition(edition.id)]))
    if held[0] is registry and held[1] is edition:
        return held[2]
    return [(c, edition.cite(c.rule)) for c in registry.for_edition(edition.id)]


def fmt(number: float) -> str:
    """A total as players write it: 7.5, 8, 1/4 fractions as decimals."""
    return f"{number:g}"


def article(word: str) -> str:
    """'a' or 'an' before ``word``, as a player would say it (an air unit, a naval unit)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def where(location: Location | None, fallback: Location) -> Location:
    return location if location and location.line else fallback
