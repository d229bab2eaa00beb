"""Pacific Fury's set-up and situation checks, by rule family.

:func:`registry` gathers them in a fixed order. Each cites its rule through the edition's
``rules:`` table (``PF 8.2``) and reports at the YAML node to change. The checks read a
scenario as :class:`~toolkit.games.pacific_fury.state.PFContext` sees it: the campaign start
(PF 3.1-3.3) or a designer's situation at a later turn or phase (its ``phase:`` section).
"""

from __future__ import annotations

from toolkit.games.pacific_fury.checks import damage, event_effects, event_phase, markers, mix, needs, operations_phase, placement, start, task_forces
from toolkit.rules import CheckRegistry

__all__ = ["registry"]


def registry() -> CheckRegistry:
    return CheckRegistry.from_modules([mix, placement, start, markers, task_forces, operations_phase, event_phase, event_effects, damage,
                                     needs])
