"""Numbers the rules bound, refused where they are read, with the bound and the rule (issue 21 item 4).

A :class:`Bound` is an option's ``type=``: argparse calls it with the text given and it answers the
number, or refuses in one line naming the bound and the edition and rule that set it (``--turn 17``:
"a game turn must be from 1 to 16 (FitS v1.1 16.0, 2nd 4.3: ...)"). Where the rules set no bound but
an exact answer's work grows with the number (dice rolled, hits checked), the bound is the work
budget (:data:`toolkit.exact.MAX_EXACT_DICE`) and the message says so. A calculation called from
Python is held to the same bounds (:func:`toolkit.games.calculation.parameters_type`).

>>> turn = Bound("a game turn", 1, 16, "FitS v1.1 16.0, 2nd 4.3: the game ends with Turn 16")
>>> turn("16")
16
>>> turn("17")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: '17': a game turn must be from 1 to 16 (FitS v1.1 16.0, 2nd 4.3: the game ends with Turn 16)
>>> dice = Bound("ASW dice", 0, 300, WORK_BUDGET)
>>> dice("301")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: '301': ASW dice must be from 0 to 300 (no rule bounds it: the work budget of an exact answer)
"""

from __future__ import annotations

import argparse
import math

from toolkit.exact import MAX_EXACT_DICE
from toolkit.records import lazy_dataclass

__all__ = ["Bound", "WORK_BUDGET", "work_budget", "shown"]

#: What a bound cites where the rules set none and the work of an exact answer would grow without end.
WORK_BUDGET = "no rule bounds it: the work budget of an exact answer"


@lazy_dataclass(frozen=True)
class Bound:
    """A whole number (or, with ``number=float``, a finite decimal) from ``low`` to ``high``, as ``rule`` says."""

    what: str
    low: int | float
    high: int | float
    rule: str
    number: type = int

    @property
    def __name__(self) -> str:  # argparse names a type by it
        return self.number.__name__

    def refusal(self, value) -> str | None:
        """Why ``value`` is refused (a sentence without the value), or None."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"{self.what} is a {'whole ' if self.number is int else ''}number"
        if isinstance(value, float) and not math.isfinite(value):
            return "not a finite number"
        if not self.low <= value <= self.high:
            return self.out_of_bounds
        return None

    @property
    def out_of_bounds(self) -> str:
        return f"{self.what} must be from {self.low:g} to {self.high:g} ({self.rule})"

    def __call__(self, text: str) -> int | float:
        try:
            value = self.number(text)
        except (TypeError, ValueError):
            digits = str(text).strip().lstrip("+-")
            if digits.isascii() and digits.isdigit():  # past Python's 4,300-digit limit of int(): whole, and far out of bounds
                raise argparse.ArgumentTypeError(f"{shown(text)}: {self.out_of_bounds}") from None
            raise argparse.ArgumentTypeError(f"{shown(text)}: {self.what} is a {'whole ' if self.number is int else ''}number") from None
        why = self.refusal(value)
        if why and str(text).strip().lstrip("+-").isdigit() and str(text).isascii():  # float() made 5,000 digits inf: out of bounds
            why = self.out_of_bounds
        if why:
            raise argparse.ArgumentTypeError(f"{shown(text)} is {why}" if why.startswith("not ") else f"{shown(text)}: {why}")
        return value


def shown(text: str, most: int = 40) -> str:
    """``text`` quoted as a message shows it: a long one (5,000 digits) cut to its start and length.

    >>> shown("17"), shown("9" * 5000)
    ("'17'", "'99999999999999999999...' (5000 characters)")
    """
    text = str(text)
    return repr(text) if len(text) <= most else f"{text[:20]!r}... ({len(text)} characters)".replace("'...", "...'")


def work_budget(what: str, low: int = 0, high: int = MAX_EXACT_DICE) -> Bound:
    """A count the rules leave open whose exact answer costs work with every unit: bounded by the budget."""
    return Bound(what, low, high, WORK_BUDGET)
