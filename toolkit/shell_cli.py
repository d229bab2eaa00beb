"""``chartroom list``, ``chartroom completion SHELL`` and the hidden ``chartroom __complete`` (wiring only).

``list`` prints what :mod:`toolkit.listing` gathers; ``completion`` prints a script of :mod:`toolkit.completion`;
``__complete`` prints the candidates for the words typed so far, one a line (the scripts call it on each Tab).
Errors are one line on stderr (``chartroom`` maps them to exit statuses).
"""

from __future__ import annotations

import argparse
import sys

from toolkit.completion import COUNTER_DESTS, PLACE_DESTS, SHELLS, candidates, script
from toolkit.errors import InputError
from toolkit.exits import EXIT_OK
from toolkit.listing import catalogue, game_detail, render_listing
from toolkit.model.reading import bundled_names

__all__ = ["register", "HANDLERS"]


def register(subparsers) -> None:
    """Add ``list``, ``completion`` and the hidden ``__complete`` to the ``chartroom`` command."""
    p = subparsers.add_parser("list", help="the games, their editions and scenarios; for a game, its counters, places and questions",
                              description="Without GAME, every bundled game with its editions and scenarios (by the names "
                                          "chartroom new --from and extends: take). With GAME (an id or a game folder), also its "
                                          "counters with their ratings and counts, its places and its questions.")
    p.add_argument("game_name", nargs="?", metavar="GAME", help="a game id or folder: list its counters, places and questions too")
    p.add_argument("--game", help="the same as GAME")
    p.add_argument("--edition", help="the edition whose counters are listed (default: the game's first)")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")

    p = subparsers.add_parser("completion", help="print the shell completion script for bash, zsh or fish",
                              description='Install it for this shell: eval "$(chartroom completion bash)" (zsh likewise), or '
                                          "chartroom completion fish | source.")
    p.add_argument("shell", choices=sorted(SHELLS), help="the shell")

    p = subparsers.add_parser("__complete", add_help=False)
    p.add_argument("words", nargs=argparse.REMAINDER)


def cmd_list(args) -> int:
    session = args.session
    name = args.game_name or args.game
    if name is None:
        roots = [session.game_root(game) for game in session.bundled_games()]
        sys.stdout.write(render_listing(catalogue(session, roots), args.format))
        return EXIT_OK
    root = session.game_root(name)
    if root is None:
        raise InputError(session.unknown_game(name))
    editions = session.editions_of(root) or []
    if args.edition and args.edition not in editions:
        raise InputError(f"--edition {args.edition}: {name} has no such edition; its editions: {', '.join(editions)}")
    sys.stdout.write(render_listing([game_detail(session, root, args.edition)], args.format))
    return EXIT_OK


def cmd_completion(args) -> int:
    sys.stdout.write(script(args.shell))
    return EXIT_OK


def cmd_complete(args) -> int:
    """Never fails: a completion that cannot be computed offers nothing (the shell then completes file names)."""
    try:
        found = candidates(args.parser, list(args.words), lambda dest, words, parser: _values(args.session, dest, words, parser))
    except (InputError, OSError, ValueError):
        found = []
    sys.stdout.write("".join(f"{f}\n" for f in found))
    return EXIT_OK


def _values(session, dest: str, words: list[str], parser) -> list[str]:
    if dest in ("game", "game_name", "calc_game", "odds_game"):
        return session.bundled_games()
    if dest == "base" and parser.prog.endswith(" new"):
        return list(bundled_names())
    if dest in ("a", "b") and parser.prog.endswith(" diff"):
        return list(bundled_names())
    places = dest in PLACE_DESTS or (dest in ("a", "b") and parser.prog.endswith(" distance"))
    if dest in COUNTER_DESTS or places:
        games = [w for w in words if w in session.bundled_games()]
        for i, word in enumerate(words[:-1]):
            if word == "--game":
                games.append(words[i + 1])
        out: list[str] = []
        for game in games[-1:] or [session.default_game()]:
            root = session.game_root(game)
            opened = session.open_game(root) if root is not None else None
            if opened is None or opened.game is None:
                continue
            out += list(opened.game.counters) if not places else [*opened.game.map.places, *opened.game.map.boxes, *opened.game.map.area_kinds]
        return out
    return []


HANDLERS = {"list": cmd_list, "completion": cmd_completion, "__complete": cmd_complete}
