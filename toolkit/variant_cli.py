"""Commands for designing variants: ``new``, ``diff`` and ``fmt`` (wiring only).

Exit status as for every ``chartroom`` command: 0 done (or nothing to change),
1 ``fmt --check`` found a file to reformat, 2 an input that cannot be read,
compared or formatted, or wrong arguments. Problems are one line on stderr.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from toolkit.exits import EXIT_FINDINGS, EXIT_INPUT, EXIT_OK
from toolkit.fmt import format_path, yaml_files
from toolkit.load import display_path
from toolkit.variant import diff_scenarios, new_variant, render_diff

__all__ = ["register", "HANDLERS"]


def register(subparsers) -> None:
    """Add ``new``, ``diff`` and ``fmt`` to the ``chartroom`` command."""
    p = subparsers.add_parser("new", help="write a commented variant of a scenario, or a blank scenario of a game")
    p.add_argument("path", metavar="PATH", help="the file to write (never overwritten)")
    start = p.add_mutually_exclusive_group(required=True)
    start.add_argument("--from", dest="base", metavar="SCENARIO",
                       help="the scenario it extends: a file, or a bundled scenario's name such as fire-in-the-sky/short-campaign (chartroom list)")
    start.add_argument("--game", metavar="GAME", help="no base: a blank scenario of this game (an id or a folder), every section and key commented")

    p = subparsers.add_parser("diff", help="what differs between two scenarios once variants are resolved")
    p.add_argument("a", metavar="A", help="a scenario or variant")
    p.add_argument("b", metavar="B", help="another scenario or variant")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")

    p = subparsers.add_parser("fmt", help="rewrite YAML files in Chartroom's canonical layout")
    p.add_argument("paths", nargs="+", metavar="PATH", help="YAML files or folders")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file would change")


def _error(message: str) -> int:
    print(f"chartroom: {message}", file=sys.stderr)
    return EXIT_INPUT


def cmd_new(args) -> int:
    path = new_variant(args.path, args.base, args.session, game=args.game)  # a VariantError is one line, exit 2 (toolkit.cli)
    print(f"wrote {display_path(path)}; check it with: chartroom check {shlex.quote(display_path(path))}")  # to paste as printed
    return EXIT_OK


def cmd_diff(args) -> int:
    differences = diff_scenarios(args.a, args.b, args.session)
    sys.stdout.write(render_diff(differences, display_path(Path(args.a)), display_path(Path(args.b)), args.format))
    return EXIT_OK


def cmd_fmt(args) -> int:
    status = EXIT_OK
    if any(not p for p in args.paths):  # Path("") is the working folder: never format it by accident
        return _error("fmt: an empty path names no file (is a shell variable empty?); nothing formatted")
    files = yaml_files([Path(p) for p in args.paths])
    if not files:
        return _error("no YAML files found")
    for path in files:
        result = format_path(path, check=args.check)
        if result.status == "error":
            print(f"chartroom: {result.message}", file=sys.stderr)
            status = EXIT_INPUT
        elif result.status == "changed":
            print(result.message)
            if args.check and status == EXIT_OK:
                status = EXIT_FINDINGS
    return status


HANDLERS = {"new": cmd_new, "diff": cmd_diff, "fmt": cmd_fmt}
