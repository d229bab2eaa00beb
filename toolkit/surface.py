"""The command surface: which game a command line is about, and which game modules it needs.

``chartroom calc NAME --game G`` and ``chartroom odds KIND SCENARIO`` name the game by an option or a
file; :func:`canonical` writes the game after the verb (``calc G NAME``), the one form the parser
knows. :func:`games_for` picks the game modules the parser needs for a line, so that a command of
one game imports no other game's module.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Sequence

from toolkit.errors import InputError
from toolkit.games import RESERVED_COMMANDS, GameModule, all_bundled, default_module, game_module, with_commands

__all__ = ["canonical", "games_for", "no_battles", "offering", "offering_bundled", "questions"]


def canonical(argv: list[str], session, game_ids: Sequence[str], offered=None) -> list[str]:
    """``calc NAME ...`` / ``odds KIND ...`` with the game written after the verb when it is known from ``--game``
    (an id or a folder) or from a scenario file on the line; other lines as given.

    ``offered(verb, name)`` gives the ids of the games that answer ``name`` (used when nothing else names one).
    """
    if len(argv) < 2 or argv[0] not in ("calc", "odds") or argv[1].startswith("-") or argv[1] in game_ids:
        return argv
    folder = session.game_root(argv[1]) if Path(argv[1]).is_dir() else None
    manifest = session.game_manifest(folder)[0] if folder is not None else None
    if manifest and manifest.get("game"):  # `calc FOLDER NAME`: a game by its folder (one from outside the package, say)
        return [argv[0], manifest["game"], *argv[2:], "--game", argv[1]]
    root = _named_root(argv[2:], session)
    manifest = session.game_manifest(root)[0] if root is not None else None
    game = manifest.get("game") if manifest else None
    if game == argv[1]:  # written already: a game from outside the package, by its id
        return argv
    if game is not None and game not in game_ids and not any(w.split("=")[0] in ("--game", "--data") for w in argv[2:]):
        return [argv[0], game, *argv[1:], "--game", str(root)]  # a game from outside the package, found by its scenario
    if game is None and offered is not None:
        games = offered(argv[0], argv[1])
        game = games[0] if len(games) == 1 else None
    return [argv[0], game, *argv[1:]] if game else argv


def _named_root(rest: list[str], session) -> Path | None:
    for option in ("--game", "--data"):
        for i, word in enumerate(rest[:-1]):
            if word == option:
                return session.game_root(rest[i + 1])
        for word in rest:
            if word.startswith(option + "="):
                return session.game_root(word.split("=", 1)[1])
    for word in rest:  # a scenario, plan or variant named on the line: its game
        if word.endswith((".yaml", ".yml")) and Path(word).is_file():
            return session.root_of(Path(word))
    return None


def offering(games: Sequence[GameModule], verb: str, name: str) -> list[str]:
    """The ids of ``games`` that answer ``chartroom VERB NAME``."""
    return [module.game_id for module in games if any(found == name for found, _ in questions(module, verb))]


def questions(module: GameModule, verb: str) -> list[tuple[str, str]]:
    calculations = [c for c in module.calculations().values() if verb == "calc" or c.group == "odds"]
    found = [(c.name, c.summary) for c in calculations]
    scratch = argparse.ArgumentParser(add_help=False).add_subparsers()
    added = {**module.register_commands(scratch), **module.odds_kinds(scratch)} if verb == "calc" else module.odds_kinds(scratch)
    helps = {a.dest: a.help for a in scratch._choices_actions}
    found += [(name, helps.get(name) or "") for name in added]
    return found


def games_for(argv: list[str], session) -> list | None:
    """The game modules a command line needs (None: every bundled game, for help, the site's reference page, aids).

    ``calc GAME`` and ``odds GAME`` need that game's module only; ``map`` none (it opens its game when it runs);
    another command that is no core one belongs to a game that adds commands of its own (:func:`with_commands`).
    A command of one game thus imports no other game's module.
    """
    if not argv or argv[0] in ("-h", "--help"):
        return None
    verb = argv[0]
    if verb in ("calc", "odds") and len(argv) > 1 and not argv[1].startswith("-"):
        if argv[1] in session.bundled_games():
            module = session.module_of(argv[1])
            return [module] if module is not None else None
        root = _named_root(argv[2:], session)  # a game from outside the package, by its folder or a scenario of it
        module = session.module_of(root) if root is not None else None
        if module is not None and module.game_id == argv[1]:
            return [module]
        default = default_module() if verb == "odds" else None
        if default is not None and any(name == argv[1] for name, _ in questions(default, "odds")):
            return [default]  # the default game's kinds of battle, written without its id
        return None
    if verb == "map":
        return []
    if verb not in RESERVED_COMMANDS:
        return [game_module(name) for name in with_commands()]
    return None


def offering_bundled(verb: str, name: str) -> list[str]:
    """The ids of the bundled games that answer ``chartroom VERB NAME`` (a calculation, a command or a kind of battle);
    none for a kind of battle of the default game, which is asked without its id."""
    default = default_module() if verb == "odds" else None
    if default is not None and any(kind == name for kind, _ in questions(default, "odds")):
        return []
    return offering(all_bundled(), verb, name)


def no_battles(argv: list[str], games: Sequence[GameModule] | None) -> None:
    """``chartroom odds GAME ...`` (as :func:`canonical` wrote it) of a game without dice battles, refused in one line
    pointing at its own questions (argparse said "invalid choice: 'fire-from-the-skies' (choose from )")."""
    if argv[:1] != ["odds"] or len(argv) < 2 or not games or len(games) != 1 or games[0].game_id != argv[1]:
        return
    if not questions(games[0], "odds"):
        named = [argv[i + 1] for i, word in enumerate(argv[:-1]) if word in ("--game", "--data")]
        raise InputError(f"odds: {argv[1]} has no battles whose odds Chartroom works out; "
                         f"its own questions: chartroom calc {named[-1] if named else argv[1]}")
