"""A game's calculations: questions players work out by hand, answered from the game's data.

A :class:`Calculation` declares its options; they make its typed parameters (:func:`parameters_type`, a
frozen dataclass), and ``run(game, parameters)`` answers with a :class:`CalcResult` that the reporters
render (text, JSON). ``chartroom calc GAME NAME`` builds the parameters from its command line; a Python
caller calls the calculation with keywords (``docs/python-api.md``).
"""

from __future__ import annotations

import argparse
import math
from dataclasses import field as dataclasses_field
from dataclasses import make_dataclass
from functools import cached_property
from typing import Callable

from toolkit.bounds import Bound
from toolkit.errors import InputError
from toolkit.model import Game, Scenario
from toolkit.records import field, lazy_dataclass

__all__ = ["CalcResult", "CalcInputError", "ScenarioInput", "parameters_type", "Calculation", "COMMON_PARAMETERS"]


@lazy_dataclass(frozen=True)
class CalcResult:
    """The answer of one calculation: text lines for a reader, plain data for a program.

    ``rules`` are the citations the answer rests on (``"PF 10.2"``); ``caveats`` say what it
    rests on that the rulebook does not print (a placeholder value, a pair the rules leave
    open), each naming the record to edit. Probabilities in ``data`` are exact
    (:func:`toolkit.exact.as_json`).
    """

    title: str
    lines: tuple[str, ...]
    data: dict
    rules: tuple[str, ...] = ()
    caveats: tuple[str, ...] = ()


class CalcInputError(InputError):
    """Arguments a calculation cannot answer for (an unknown ship, a value off its track): one line, exit 2."""


@lazy_dataclass(frozen=True)
class ScenarioInput:
    """A scenario a calculation reads, opened by the caller's session (``Session.open_scenario``).

    ``game`` is the game on the scenario's own map (a plotting sheet of its own, say); ``name`` is how
    answers cite it (the path given). A calculation never opens a file itself.
    """

    game: Game
    scenario: Scenario
    name: str

    def __str__(self) -> str:
        return self.name


#: Parameters every calculation takes besides its own: the documents the caller's session read (so an
#: answer can name the line of a record it rests on; empty from Python, the answer then names the table).
COMMON_PARAMETERS = ("documents",)


def parameters_type(name: str, arguments: Callable[[argparse.ArgumentParser], None]) -> type:
    """The typed parameters of a calculation: a frozen dataclass with one keyword field per option it declares.

    The options (``arguments(parser)``) are the one declaration: each gives a field of the same name
    (``dest``), its type (``type=``, ``bool`` for a flag, a tuple for several values), its default
    (required options have none) and its choices, checked when the parameters are made. The CLI builds
    the parameters from argparse's answer; a Python caller passes keywords.
    """
    probe = argparse.ArgumentParser(add_help=False)
    arguments(probe)
    specs, choices, bounds = [], {}, {}
    for action in probe._actions:
        kind = bool if action.nargs == 0 else (action.type or str)
        if isinstance(kind, Bound):  # a number the rules bound: held to it from Python as from the command line
            bounds[action.dest] = (kind, action.option_strings[0] if action.option_strings else action.dest)
            kind = kind.number
        if action.dest == "scenario":
            kind = ScenarioInput
        several = action.nargs in ("+", "*") or isinstance(action.nargs, int) and action.nargs > 1
        annotation = tuple[kind, ...] if several else kind
        if action.required:
            specs.append((action.dest, annotation))
        else:
            default = action.default
            default = tuple(default) if isinstance(default, list) else default
            specs.append((action.dest, annotation | None if default is None else annotation, dataclasses_field(default=default)))
        if action.choices:
            choices[action.dest] = (tuple(action.choices), several, action.option_strings[0] if action.option_strings else action.dest)
    specs.append(("documents", tuple, dataclasses_field(default=(), compare=False, repr=False)))

    def __post_init__(self):
        for dest, (allowed, several, option) in choices.items():
            value = getattr(self, dest)
            for item in (value or () if several else () if value is None else (value,)):
                if item not in allowed:
                    raise CalcInputError(f"{option} {item}: one of {', '.join(map(str, allowed))}")
        for dest, value in vars(self).items():
            if isinstance(value, list):
                object.__setattr__(self, dest, tuple(value))
            for item in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(item, float) and not math.isfinite(item):  # from Python as from the command line (issue 21)
                    raise CalcInputError(f"{dest.replace('_', '-')}: {item!r} is not a finite number")
        for dest, (bound, option) in bounds.items():
            value = getattr(self, dest)
            for item in value if isinstance(value, tuple) else () if value is None else (value,):
                why = bound.refusal(item)
                if why:
                    raise CalcInputError(f"{option} {item!r}: {why}")

    title = "".join(part.capitalize() for part in name.replace("_", "-").split("-"))
    made = make_dataclass(f"{title}Parameters", specs, frozen=True, kw_only=True, namespace={"__post_init__": __post_init__})
    made.__module__ = getattr(arguments, "__module__", __name__)  # named after the module that declares the options
    return made


@lazy_dataclass(frozen=True)
class Calculation:
    """One question a player works out by hand, answered by ``chartroom calc GAME NAME``, or from Python.

    ``arguments(parser)`` declares its options; :attr:`parameters` is the typed parameters they make (a
    frozen dataclass, :func:`parameters_type`); ``run(game, parameters)`` answers from the game's data
    (its :class:`~toolkit.model.Game`) and returns a :class:`CalcResult`, or raises
    :class:`CalcInputError`. ``group`` is ``"odds"`` for a question of dice combat (``chartroom odds``
    lists it too). Called, it is the Python form::

        result = calculation(game, zone="The Slot", to="Ironbottom Sound")
    """

    name: str
    summary: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[..., CalcResult]
    examples: tuple[str, ...] = field(default=())
    group: str = ""

    @cached_property
    def parameters(self) -> type:
        return parameters_type(self.name, self.arguments)

    def __call__(self, game: Game, **parameters) -> CalcResult:
        """The answer for ``game`` with these parameters (keywords named as the options' ``dest``)."""
        try:
            made = self.parameters(**parameters)
        except TypeError as error:  # a missing or unknown keyword: say which, as the CLI would
            raise CalcInputError(f"{self.name}: {error}") from None
        return self.run(game, made)
