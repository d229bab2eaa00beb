"""Words the answers are written with: a count and its noun (``1 step``, ``2 steps``), an edition by name.

>>> counted(1, "step"), counted(2, "step"), counted(3, "hex", "hexes"), counted(0, "AF")
('1 step', '2 steps', '3 hexes', '0 AFs')
>>> edition_name("english"), edition_name("v1.1"), edition_name("2nd")
('English', 'v1.1', '2nd')
"""

from __future__ import annotations

__all__ = ["counted", "edition_name"]


def counted(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for one (``many`` when the plural is not the noun plus ``s``)."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def edition_name(edition_id: str) -> str:
    """An edition as a sentence names it: a word capitalised (``English``), a number as written (``v1.1``, ``2nd``)."""
    return edition_id.capitalize() if edition_id.isalpha() else edition_id
