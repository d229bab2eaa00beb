"""Exact probabilities as the commands show them: a fraction and its decimal.

Chance in the rules is dice, so every probability Chartroom computes is a
:class:`fractions.Fraction`; a reader wants both ``5/36`` and ``0.1389``.

>>> from fractions import Fraction
>>> shown(Fraction(5, 36))
'5/36 (0.1389)'
>>> as_json(Fraction(1, 2))
{'fraction': '1/2', 'decimal': 0.5}
>>> as_json(Fraction(3))
{'fraction': '3', 'decimal': 3.0}
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["shown", "as_json", "fraction_text"]


def fraction_text(value: Fraction | int) -> str:
    """``a/b``, or ``a`` for a whole number."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def shown(value: Fraction | int, places: int = 4) -> str:
    """``a/b (0.dddd)``; a whole number as itself."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{fraction_text(value)} ({float(value):.{places}f})"


def as_json(value: Fraction | int) -> dict:
    """``{"fraction": "a/b", "decimal": float}``: exact for a program, readable for a person."""
    value = Fraction(value)
    return {"fraction": fraction_text(value), "decimal": float(value)}
