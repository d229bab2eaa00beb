"""The commands a game adds to ``chartroom``: none may shadow a core command or another game's.

A game module declares the names (``commands``) and adds them (``register_commands``) through
:func:`guard_commands`, which refuses a clashing or undeclared name instead of argparse's crash on a
name added twice; :func:`command_clashes` says why, for ``chartroom check``'s GAME-MODULE finding.
"""

from __future__ import annotations

import argparse
from typing import Mapping, Protocol

from toolkit.errors import InputError


class Declaring(Protocol):
    """The part of a game module (:class:`toolkit.games.GameModule`) this module reads."""

    name: str
    game_id: str
    commands: tuple[str, ...]


__all__ = ["Declaring", "RESERVED_COMMANDS", "CommandClash", "command_clashes", "guard_commands"]


class CommandClash(InputError):
    """A game module adds a command whose name is a core command's or another game's."""


#: The core's commands: the same verbs in every game; no game module may add a command of these names.
RESERVED_COMMANDS = ("check", "audit", "rules", "schema", "map", "aids", "site", "new", "diff", "fmt", "calc", "odds",
                     "list", "lsp", "completion", "__complete")


def command_clashes(module: Declaring, taken: Mapping[str, str]) -> dict[str, str]:
    """The commands ``module`` declares that cannot be added, each with why (one line): a core command or another game's.

    ``taken`` maps each command name already added to who added it (``"the core"`` or a game id).
    """
    found = {}
    for name in module.commands:
        owner = "the core" if name in RESERVED_COMMANDS else taken.get(name)
        if owner is not None and owner != module.game_id:
            what = "a core command" if owner == "the core" else f"a command of {owner}"
            found[name] = (f"rules_module: game module {module.name or module.game_id!r} adds the command {name!r}, which is "
                           f"{what}: refused (a game cannot shadow it; rename the game's command)")
    return found


class _Guarded:
    """Subparsers through which a game adds only the commands it declared that clash with none (:func:`guard_commands`)."""

    def __init__(self, subparsers, module: Declaring, allowed: set[str]):
        self._subparsers = subparsers
        self._module = module
        self._allowed = allowed
        self.added: set[str] = set()
        self.refused: dict[str, str] = {}

    def add_parser(self, name: str, **kwargs):
        if name not in self._allowed:  # refused: the game gets a parser no command line reaches, the core keeps the name
            if name not in self._module.commands:
                self.refused[name] = (f"rules_module: game module {self._module.name or self._module.game_id!r} adds the command "
                                      f"{name!r}, which it does not declare in `commands`: refused")
            return argparse.ArgumentParser(add_help=False)
        self.added.add(name)
        if kwargs.get("help"):  # at the top level a game's command says whose it is, and its one form
            kwargs["help"] += f" ({self._module.game_id}; also chartroom calc {self._module.game_id} {name})"
        return self._subparsers.add_parser(name, **kwargs)

    def __getattr__(self, name):
        return getattr(self._subparsers, name)


def guard_commands(subparsers, module: Declaring, taken: Mapping[str, str]) -> _Guarded:
    """``subparsers`` through which ``module`` adds only its declared commands that clash with none: a clashing or
    undeclared one is refused (``.refused`` says why) instead of argparse's crash on a name added twice."""
    guarded = _Guarded(subparsers, module, set(module.commands) - set(command_clashes(module, taken)))
    guarded.refused.update(command_clashes(module, taken))
    return guarded
