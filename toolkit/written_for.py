"""A scenario checked in another edition than the one it was written for: one note saying so and what differs.

A scenario declares its edition (``edition: v1.1``); ``check --edition 2nd`` reads it in another.
Its numbers (a Victory Point marker, say) were written on its own edition's scale, so the checks
that can read them on that scale do (``Context.written_for``), and this note, at the top of the
scenario's own file, names the two editions and the parameters its numbers depend on that differ
(the game module lists them: ``scenario_parameters``), then how many other parameters differ.
"""

from __future__ import annotations

from typing import Mapping

from toolkit.findings import EDITION_OTHER, Finding, Location
from toolkit.model import Edition

__all__ = ["edition_note", "CODE"]

CODE = EDITION_OTHER.code


def _value(value) -> str:
    return f"{value:g}" if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


def edition_note(written: Edition, checked: Edition, scenario_parameters: Mapping[str, str], at: Location) -> Finding:
    """The info finding, at ``at`` in the scenario's own file, for a scenario written for ``written`` and checked in ``checked``."""
    differ = sorted(k for k in set(written.parameters) | set(checked.parameters)
                    if written.parameters.get(k) != checked.parameters.get(k))
    named = [k for k in scenario_parameters if k in differ]
    changes = ", ".join(f"{k} {_value(written.param(k))} -> {_value(checked.param(k))}" for k in named)
    others = len(differ) - len(named)
    message = f"written for {written.citation}, checked in {checked.citation}"
    if changes:
        message += f"; its numbers are read on the {written.id} scale, and what they depend on differs: {changes}"
    if others:
        message += f"; {others} other rule parameter{'s differ' if others > 1 else ' differs'} " + (
            f"(compare {written.at.file} with {checked.at.file})" if written.at.file and checked.at.file else "")
    rule = checked.cite(scenario_parameters[named[0]]) if named else checked.citation
    return Finding(EDITION_OTHER.severity, CODE, message, at, rule)
