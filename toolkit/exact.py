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

import argparse
import math
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from typing import Iterable, Iterator, Mapping

from toolkit.errors import InputError

__all__ = ["shown", "chance", "as_json", "fraction_text", "exact_fractions", "SHORT", "Distribution", "convolve", "total",
           "mean", "at_least", "TooBig", "MAX_EXACT_DICE", "MAX_EXACT_WORK", "check_dice", "finite_float"]

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


#: The work budget of an exact answer (issue 21 item 4). Exact fractions grow with every die: 300 dice
#: take about half a second, 9,999 took 16 s and then could not even be printed. A question beyond
#: the budget is refused, naming what to lower, instead of running for minutes.
MAX_EXACT_DICE = 300
#: Products of two chances one distribution may take (a sum of 400 units' hits took 39 s).
MAX_EXACT_WORK = 100_000


class TooBig(InputError, ValueError):
    """A question too big to answer exactly within the work budget; the message (one line) says what to lower (exit 2)."""

    @property
    def reason(self) -> str:
        """Why, without what to lower (the message before its ``;``): for an answer simulated instead."""
        return str(self).split("; ")[0]


def finite_float(text: str) -> float:
    """A command-line number that is finite: ``nan``, ``inf`` and ``1e999`` are refused where they are read.

    >>> finite_float("22.5")
    22.5
    >>> finite_float("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'nan' is not a finite number
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def check_dice(n: int, what: str = "dice") -> None:
    """Refuse ``n`` dice beyond :data:`MAX_EXACT_DICE` (and a negative number of them).

    >>> check_dice(300)
    >>> check_dice(301, "ASW dice")
    Traceback (most recent call last):
    ...
    toolkit.exact.TooBig: 301 ASW dice: too many to answer exactly (at most 300); give fewer dice, Air Points or air steps
    """
    if n < 0:
        raise ValueError(f"a number of {what} is never negative")
    if n > MAX_EXACT_DICE:
        raise TooBig(f"{n} {what}: too many to answer exactly (at most {MAX_EXACT_DICE}); give fewer dice, Air Points or air steps")


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
    if len(a) * len(b) > MAX_EXACT_WORK:
        raise TooBig(f"a distribution too big to answer exactly ({len(a)} x {len(b)} outcomes; at most {MAX_EXACT_WORK} "
                     f"products of chances); lower the number of units or dice")
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
    work = 0
    for part in parts:
        work += len(out) * len(part)
        if work > MAX_EXACT_WORK:
            raise TooBig(f"the sum is too big to answer exactly (more than {MAX_EXACT_WORK:,} products of chances, the work budget); "
                         f"lower the number of units or dice")
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
