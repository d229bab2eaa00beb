"""Exact probabilities as the commands show them: the decimal first, and the exact fraction beside it.

Chance in the rules is dice, so every probability Chartroom computes is a
:class:`fractions.Fraction`. A reader reads ``0.1389`` first; the fraction ``5/36`` is shown beside it
when it is short (at most :data:`SHORT` characters), and always inside :func:`exact_fractions` (the
commands' ``--exact``). JSON always holds both (:func:`as_json`).

>>> from fractions import Fraction
>>> shown(Fraction(5, 36))
'0.1389 (5/36)'
>>> shown(Fraction(335, 1296))
'0.2585'
>>> with exact_fractions():
...     shown(Fraction(335, 1296))
'0.2585 (335/1296)'
>>> chance(Fraction(1)), chance(Fraction(0))
('1 (certain)', '0 (never)')
>>> as_json(Fraction(1, 2))
{'fraction': '1/2', 'decimal': 0.5}
>>> as_json(Fraction(3))
{'fraction': '3', 'decimal': 3.0}
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from typing import Iterable, Iterator, Mapping

__all__ = ["shown", "chance", "as_json", "fraction_text", "exact_fractions", "SHORT", "Distribution", "convolve", "total",
           "mean", "at_least"]

#: A count's exact distribution: value -> chance, in increasing order of value.
Distribution = dict[int, Fraction]

#: A fraction this long or shorter (``95/144``) is shown beside its decimal; a longer one only on request.
SHORT = 7

_EXACT: ContextVar[bool] = ContextVar("exact_fractions", default=False)


@contextmanager
def exact_fractions(on: bool = True) -> Iterator[None]:
    """Within it, :func:`shown` writes every fraction beside its decimal, however long (``--exact``)."""
    token = _EXACT.set(on)
    try:
        yield
    finally:
        _EXACT.reset(token)


def fraction_text(value: Fraction | int) -> str:
    """``a/b``, or ``a`` for a whole number."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def shown(value: Fraction | int, places: int = 4) -> str:
    """``0.dddd (a/b)`` (the fraction when short or asked for, :func:`exact_fractions`); a whole number as itself."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = fraction_text(value)
    return f"{float(value):.{places}f}" + (f" ({text})" if _EXACT.get() or len(text) <= SHORT else "")


def chance(value: Fraction | int) -> str:
    """A probability as :func:`shown`, with 0 and 1 said in words (``0 (never)``, ``1 (certain)``)."""
    value = Fraction(value)
    return {0: "0 (never)", 1: "1 (certain)"}.get(value, shown(value)) if value.denominator == 1 else shown(value)


def as_json(value: Fraction | int) -> dict:
    """``{"fraction": "a/b", "decimal": float}``: exact for a program, readable for a person."""
    value = Fraction(value)
    return {"fraction": fraction_text(value), "decimal": float(value)}


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of two independent counts (hits of two firing units, say).

    >>> convolve({0: Fraction(1, 2), 1: Fraction(1, 2)}, {0: Fraction(1, 2), 2: Fraction(1, 2)})
    {0: Fraction(1, 4), 1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4)}
    """
    out: Distribution = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def total(parts: Iterable[Mapping[int, Fraction]]) -> Distribution:
    """The sum of independent counts, by repeated convolution (none: 0 with certainty).

    >>> total([])
    {0: Fraction(1, 1)}
    """
    out: Distribution = {0: Fraction(1)}
    for part in parts:
        out = convolve(out, part)
    return out


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    """The expected count (hits, Air Points, units) of a distribution.

    >>> mean({0: Fraction(1, 2), 3: Fraction(1, 2)})
    Fraction(3, 2)
    """
    return sum((k * p for k, p in dist.items()), Fraction(0))


def at_least(dist: Mapping[int, Fraction], n: int) -> Fraction:
    """The chance that the count is ``n`` or more.

    >>> at_least({0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}, 1)
    Fraction(3, 4)
    """
    return sum((p for k, p in dist.items() if k >= n), Fraction(0))
