"""Rules checks over a scenario, grouped by rule family.

Each check is a function from a :class:`Context` to findings, registered with
its stable code, severity, the editions it applies to and the rule key whose
number (per edition) it cites. Checks never print.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from toolkit.findings import Finding, Location
from toolkit.model import Box, Counter, Game, Place, Placement, Scenario, UnitEntry

__all__ = ["Check", "CHECKS", "check", "Context", "run_checks", "Unit"]


@dataclass(frozen=True)
class Check:
    code: str
    severity: str
    rule: str  # rule key in the edition's rules table
    summary: str
    func: Callable
    editions: tuple[str, ...] = ("v1.1", "2nd")


CHECKS: list[Check] = []


def check(code: str, rule: str, summary: str, severity: str = "error", editions=("v1.1", "2nd")):
    """Register a check function ``func(ctx) -> Iterable[tuple[message, location]]``."""

    def register(func):
        CHECKS.append(Check(code, severity, rule, summary, func, tuple(editions)))
        return func

    return register


@dataclass(frozen=True)
class Unit:
    """One scenario unit entry resolved against the counter mix and the map."""

    entry: UnitEntry
    counter: Counter
    placement: Placement
    place: Place | None  # the land hex, if any
    box: Box | None  # the box, if any
    hex: str | None  # the hex it occupies (None in an off-map or special box)

    @property
    def side(self) -> str:
        return self.placement.side

    @property
    def steps(self) -> int:
        """Air steps for air units; copies for the others."""
        return self.entry.steps if self.entry.steps else self.entry.count * (self.counter.steps if self.counter.type == "air" else 1)

    @property
    def transport(self) -> float:
        if self.counter.type == "air":
            return float(self.steps)
        return self.counter.transport * self.entry.count


class Context:
    """A scenario and its game, with the look-ups the checks share."""

    def __init__(self, game: Game, scenario: Scenario):
        self.game = game
        self.scenario = scenario
        self.edition = game.edition
        self.map = game.map
        self.by_hex = game.map.by_hex
        self.units: list[Unit] = list(self._resolve(scenario.setup))

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
                yield Unit(entry, counter, placement, place, box, hex_id)

    def control(self, base: str) -> str:
        return self.game.control_of(self.scenario, base)

    def capacity_factor(self, place: Place) -> int:
        """Allied Base Expansion multiplies Air and Port Capacity of Allied bases by turn (v1.1 17.2; 2nd 15.2)."""
        if self.control(place.name) != "allied":
            return 1
        turn = self.scenario.start_turn
        for step in self.edition.param("base_expansion", []) or []:
            if step["from_turn"] <= turn <= step["to_turn"]:
                return int(step["multiplier"])
        return 1


def load_checks() -> list[Check]:
    """Import the check modules (each registers its checks) and return the registry."""
    from toolkit.rules import control, counter_mix, markers, placement, stacking  # noqa: F401  (registration)

    return CHECKS


def run_checks(game: Game, scenario: Scenario, only: Iterable[str] | None = None) -> list[Finding]:
    """Run every registered check that applies to the scenario's edition."""
    load_checks()
    ctx = Context(game, scenario)
    findings: list[Finding] = []
    wanted = set(only) if only else None
    for registered in CHECKS:
        if game.edition.id not in registered.editions or (wanted and registered.code not in wanted):
            continue
        citation = game.edition.cite(registered.rule)
        for message, location in registered.func(ctx):
            findings.append(Finding(registered.severity, registered.code, message, location or scenario.at, citation))
    return findings


def fmt(number: float) -> str:
    """A Transport or step total as players write it: 7.5, 8, 1/4 fractions as decimals."""
    return f"{number:g}"


def article(word: str) -> str:
    """'a' or 'an' before ``word``, as a player would say it (an air unit, a naval unit)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def where(location: Location | None, fallback: Location) -> Location:
    return location if location and location.line else fallback
