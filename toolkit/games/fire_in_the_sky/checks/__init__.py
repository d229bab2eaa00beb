"""Fire in the Sky's rules checks, by rule family, and the context they share.

:func:`registry` gathers them in a fixed order (control, counter mix, markers, placement,
stacking); every check applies to both editions and cites each edition's rule number.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.checks import control, counter_mix, markers, needs, placement, stacking  # noqa: E402,I001
from toolkit.games.fire_in_the_sky.records import base_expansion, transport
from toolkit.model import Place
from toolkit.records import lazy_dataclass
from toolkit.rules import CheckRegistry, Context, Unit

__all__ = ["FitSContext", "FitSUnit", "registry"]


@lazy_dataclass(frozen=True)
class FitSUnit(Unit):
    """A unit entry with Fire in the Sky's steps and Transport ratings."""

    @property
    def steps(self) -> int:
        """Air steps for air units; copies for the others."""
        return self.entry.steps if self.entry.steps else self.entry.count * (self.counter.steps if self.counter.type == "air" else 1)

    @property
    def total_transport(self) -> float:
        """Transport ratings of the whole entry (v1.1 2.1.1): its air steps, else each copy's rating."""
        if self.counter.type == "air":
            return float(self.steps)
        return transport(self.counter) * self.entry.count


class FitSContext(Context):
    unit_class = FitSUnit

    def capacity_factor(self, place: Place) -> int:
        """Allied Base Expansion multiplies Air and Port Capacity of Allied bases by turn (v1.1 17.2; 2nd 15.2)."""
        return base_expansion(self.edition, self.control(place.name), self.scenario.start_turn)


def registry() -> CheckRegistry:
    return CheckRegistry.from_modules([control, counter_mix, markers, placement, stacking, needs])
