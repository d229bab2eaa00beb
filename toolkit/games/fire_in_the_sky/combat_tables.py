"""The combat charts of a Fire in the Sky edition as the odds calculator reads them.

Combat Table (v1.1 2.3 and the rules it cites; 2nd Combat Table): a die hits when, with its
modifiers added, it reaches the lowest face of ``hit_on``. Each modifier says when it applies:
its ``side`` (the rolling side), ``from_turn``/``to_turn``, its ``optional_rule`` and the
situations it names in ``when`` (``air-supremacy``, ``at-anchor``...); ``units`` limits it to
the Air Points of some counters (elite air groups). Surface Combat Table: the firer's
Firepower crossed with the target's Defense gives a to-hit number, some cells only half a
hit. Naval Damage Check Table: two dice plus modifiers against the unit's Defense. Nothing
here types a number of the rules: every value comes from ``charts/<edition>.yaml``.
"""

from __future__ import annotations

from functools import cached_property

from toolkit.errors import InputError
from toolkit.model import Game
from toolkit.records import field, lazy_dataclass

__all__ = ["Modifier", "Situation", "CombatCharts", "ChartError", "COMBAT_TABLES", "READING_CHOICES", "reading_choice"]

#: The readings the rules leave open that change a number, each a named choice (``chartroom odds --reading NAME=CHOICE``):
#: name -> (default, {choice: what it means and the text behind it}).
READING_CHOICES = {
    "turn-1": ("2nd-chart", {
        "2nd-chart": ("v1.1 17.1 says special Turn 1 modifiers are printed on the Combat Table and the Naval Damage Check "
                      "Table, which the v1.1 text does not reproduce; taken: the 2nd edition chart's Turn 1 values (+1 "
                      "Japanese Air Point, -2 Allied Submarine Point, +1 Allied Damage Check)."),
        "v1.1-text": ("Only what the v1.1 text states for Turn 1 (17.1: Japan fires first in air-to-air, Allied bases AA 0); "
                      "no Turn 1 die modifier, since no value is printed in the v1.1 text."),
    }),
    "multi-hit": ("cumulative", {
        "cumulative": ("2nd 11.3.1: 1 is added 'for each hit over one', so the second check is +1, the third +2 (+0, +1, +2); "
                       "the example ('2nd and 3rd with additional +1') fits this when each +1 is additional to the last."),
        "example": ("2nd 11.3.1's example read literally: the 2nd and 3rd checks each get +1 (+0, +1, +1, ...)."),
    }),
}


def reading_choice(readings, name: str) -> str:
    """The choice taken for reading ``name``: the one in ``readings`` (``NAME=CHOICE`` strings) or the default."""
    for item in readings:
        key, _, choice = item.partition("=")
        if key == name:
            return choice
    return READING_CHOICES[name][0]


#: The chart tables the combat computations read (v1.1 Combat Table, Surface Combat Table, Naval Damage Check Table; 2nd the same).
COMBAT_TABLES = ("combat_table", "surface_combat_table", "naval_damage_check_table", "damage_and_return")


class ChartError(InputError):
    """The edition's charts lack what a computation needs."""


@lazy_dataclass(frozen=True)
class Modifier:
    value: int | str
    condition: str
    when: frozenset = frozenset()
    side: str | None = None
    from_turn: int | None = None
    to_turn: int | None = None
    optional_rule: str | None = None
    units: frozenset = frozenset()
    verified: bool = True
    extra_hit: str | None = None  # every-check (v1.1 18.3.2) or later-checks (2nd 11.3.1)
    reading: str | None = None  # NAME=CHOICE: applies only under that choice (READING_CHOICES)

    @classmethod
    def of(cls, record: dict) -> "Modifier":
        return cls(record["value"], record.get("condition", ""), frozenset(record.get("when", ())),
                   None if record.get("side") in (None, "either") else record["side"],
                   record.get("from_turn"), record.get("to_turn"), record.get("optional_rule"),
                   frozenset(record.get("units", ())), record.get("verified", True), record.get("extra_hit"),
                   record.get("reading"))

    def signed(self, firepower: int = 0) -> int:
        return firepower if self.value == "firer-firepower" else int(self.value)


@lazy_dataclass(frozen=True)
class Situation:
    """What a roll's modifiers depend on.

    side : the rolling side (for a Damage Check: the side of the unit checking).
    turn : the game turn (None: unknown, so no turn-limited modifier applies).
    player_turn : the phasing side.
    facts : situations that hold (``air-supremacy``, ``at-anchor``...).
    optional : optional rules in use, in this edition's numbering.
    unit : the counter the rolling Air Point belongs to (elite air groups).
    readings : ``NAME=CHOICE`` for each reading chosen other than its default (READING_CHOICES).
    """

    side: str
    turn: int | None = None
    player_turn: str | None = None
    facts: frozenset = frozenset()
    optional: frozenset = frozenset()
    unit: str | None = None
    readings: frozenset = frozenset()

    def with_facts(self, *facts: str, unit: str | None = None) -> "Situation":
        return Situation(self.side, self.turn, self.player_turn, self.facts | set(facts), self.optional,
                         unit if unit is not None else self.unit, self.readings)

    def for_side(self, side: str) -> "Situation":
        return Situation(side, self.turn, self.player_turn, self.facts, self.optional, None, self.readings)

    def reading(self, name: str) -> str:
        return reading_choice(self.readings, name)


@lazy_dataclass(frozen=True)
class CombatCharts:
    """One edition's combat charts (``game.charts``) and its rule citations."""

    citation: str
    combat_table: dict
    surface_table: dict
    damage_table: dict
    damage_return: dict
    optional_numbers: dict = field(default_factory=dict)  # any edition's optional rule number -> ours

    @classmethod
    def of(cls, game: Game) -> "CombatCharts":
        found: dict = {}
        for doc in game.charts:
            for key in COMBAT_TABLES:
                if key in doc and key not in found:
                    found[key] = doc[key]
        missing = [k for k in COMBAT_TABLES if k not in found]
        if missing:
            raise ChartError(f"the {game.edition.id} charts have no {', '.join(missing)}")
        numbers = {n: n for n in game.edition.optional_rules}
        numbers.update(game.edition.counterparts)
        return cls(game.edition.citation, found["combat_table"], found["surface_combat_table"],
                   found["naval_damage_check_table"], found["damage_and_return"], numbers)

    # --- Combat Table --------------------------------------------------------------------
    @property
    def hit_threshold(self) -> int:
        """The lowest modified die that hits (every 5 or 6 is a hit: 5)."""
        return min(self.combat_table["hit_on"])

    @cached_property
    def _types(self) -> dict:
        return {t["id"]: t for t in self.combat_table.get("combat_types", ())}

    def combat_type(self, kind: str) -> dict:
        try:
            return self._types[kind]
        except KeyError:
            raise ChartError(f"the Combat Table has no {kind!r} row") from None

    def rule(self, kind: str) -> str:
        """The rule that calls for the roll, e.g. ``FitS v1.1 12.3.2.1``."""
        return f"{self.citation} {self.combat_type(kind)['rule']}"

    def name(self, kind: str) -> str:
        return self.combat_type(kind)["name"]

    def modifiers(self, kind: str) -> tuple[Modifier, ...]:
        return tuple(Modifier.of(m) for m in self.combat_type(kind).get("modifiers", ()))

    def optional_number(self, number: str) -> str:
        return self.optional_numbers.get(number, number)

    def applies(self, modifier: Modifier, situation: Situation) -> bool:
        if modifier.side is not None and modifier.side != situation.side:
            return False
        if modifier.from_turn is not None or modifier.to_turn is not None:
            if situation.turn is None:
                return False
            if modifier.from_turn is not None and situation.turn < modifier.from_turn:
                return False
            if modifier.to_turn is not None and situation.turn > modifier.to_turn:
                return False
        if modifier.optional_rule is not None:
            in_use = {self.optional_number(n) for n in situation.optional}
            if self.optional_number(modifier.optional_rule) not in in_use:
                return False
        facts = set(situation.facts)
        if situation.player_turn == "japan":
            facts.add("japanese-player-turn")
        if modifier.units and situation.unit not in modifier.units:
            return False
        if modifier.reading is not None:
            name, _, choice = modifier.reading.partition("=")
            if situation.reading(name) != choice:
                return False
        return modifier.when <= facts

    def applicable(self, kind: str, situation: Situation) -> list[Modifier]:
        return [m for m in self.modifiers(kind) if self.applies(m, situation)]

    def modifier(self, kind: str, situation: Situation) -> int:
        """The total added to each die of this kind of roll in this situation."""
        return sum(m.signed() for m in self.applicable(kind, situation))

    # --- Surface Combat Table ----------------------------------------------------------------
    def surface_cell(self, firepower: int, defense: int) -> tuple[int, bool]:
        """(to-hit number, half hit) for a firer's Firepower against a target's Defense.

        Ratings beyond the printed rows and columns read the nearest one (Defense above the
        top row as the top row, Firepower above the last column as the last column).
        """
        rows = sorted(self.surface_table["rows"], key=lambda r: r["defense"])
        row = next((r for r in rows if r["defense"] >= defense), rows[-1])
        if defense < rows[0]["defense"]:
            row = rows[0]
        cells = sorted(row["cells"], key=lambda c: c["firepower"])
        cell = next((c for c in reversed(cells) if c["firepower"] <= firepower), cells[0])
        return int(cell["to_hit"]), bool(cell.get("half_hit", False))

    @property
    def surface_rule(self) -> str:
        return self.surface_table.get("source", self.citation)

    # --- Naval Damage Check Table --------------------------------------------------------------
    @property
    def damage_dice(self) -> int:
        return int(self.damage_table.get("dice", 2))

    def damage_modifiers(self) -> tuple[Modifier, ...]:
        return tuple(Modifier.of(m) for m in self.damage_table.get("modifiers", ()))

    def damage_modifier(self, situation: Situation, check: int, firepower: int = 0, hits: int | None = None) -> int:
        """The modifier of the ``check``-th Damage Check (1 = the first) of a unit hit ``hits`` times.

        ``situation.facts`` holds the cause (``air-strike``, ``surface-combat``,
        ``submarine-attack``). The extra-hit modifier: ``every-check`` adds it once per hit
        beyond the first to every check (v1.1 18.3.2: two hits, each check +1); ``later-checks``
        adds it to the checks after the first, +1 more each (reading multi-hit=cumulative) or +1
        each (multi-hit=example) (2nd 11.3.1).
        """
        out = 0
        for m in self.damage_modifiers():
            if "extra-hit" in m.when:
                if not self.applies(m, situation.with_facts("extra-hit")):
                    continue
                if m.extra_hit == "every-check":
                    out += m.signed() * max(0, (hits if hits is not None else check) - 1)
                elif check > 1:
                    out += m.signed() * (1 if situation.reading("multi-hit") == "example" else check - 1)
            elif self.applies(m, situation):
                out += m.signed(firepower)
        return out

    @property
    def damage_rule(self) -> str:
        return self.damage_table.get("source", self.citation)

    def delay_per_hit(self) -> int:
        """Friendly Reinforcement Phases a damaged ship waits per hit (Damage and Return)."""
        for row in self.damage_return.get("rows", ()):
            if row.get("unit_type") == "naval" and row.get("cause") == "damaged" and "delay_per_hit" in row:
                return int(row["delay_per_hit"])
        raise ChartError("the Damage and Return chart has no delay per hit for damaged naval units")
