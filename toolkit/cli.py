"""The ``chartroom`` command: wiring only.

Exit status: 0 clean, 1 an error-severity finding, 2 input that cannot be read
or parsed or wrong arguments, 3 an internal error (reported in one line).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from toolkit import __version__

EXIT_OK, EXIT_FINDINGS, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
UNREADABLE = ("YAML-", "LOAD-")


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        self.exit(EXIT_INPUT, f"chartroom: {message} (see chartroom {self.prog.split()[-1] if ' ' in self.prog else ''} --help)\n".replace("  ", " "))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="chartroom", description="Scenario authoring and rules validation for Pacific War hex-and-counter games.")
    parser.add_argument("--version", action="version", version=f"chartroom {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("check", help="validate scenarios and game data against the schemas and the rules")
    p.add_argument("paths", nargs="+", metavar="PATH", help="scenario files, data files or game folders")
    p.add_argument("--format", choices=["text", "json", "github"], default="text")
    p.add_argument("--edition", help="check with this edition instead of the scenario's")

    p = sub.add_parser("audit", help="count sourced and reconstructed records per data file")
    p.add_argument("game", nargs="?", default="fire-in-the-sky", help="a game id or folder (default: fire-in-the-sky)")
    p.add_argument("--format", choices=["text", "json"], default="text")

    p = sub.add_parser("rules", help="list every rules check with its code and rule number in each edition")
    p.add_argument("--format", choices=["text", "json", "markdown"], default="text")

    p = sub.add_parser("schema", help="print the path of a document kind's JSON Schema")
    p.add_argument("kind")
    p.add_argument("--game", metavar="GAME", help="a bundled game id or a game folder: print its overlay schema of the kind, if it has one")
    for module in _command_modules():
        module.register(sub)
    return parser


def _command_modules():
    """Optional command groups, each with ``register(subparsers)`` and ``HANDLERS``."""
    import importlib

    modules = []
    for name in ("toolkit.graph_cli", "toolkit.render_cli", "toolkit.variant_cli"):
        try:
            modules.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return modules


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("chartroom: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # last resort: one line, never a traceback
        print(f"chartroom: internal error: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''} (please report this)", file=sys.stderr)
        return EXIT_INTERNAL


def _main(argv) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_INPUT
    handlers = {"check": cmd_check, "audit": cmd_audit, "schema": cmd_schema, "rules": cmd_rules}
    for module in _command_modules():
        handlers.update(module.HANDLERS)
    handler = handlers[args.command]
    return handler(args)


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def cmd_check(args) -> int:
    from toolkit.check import check_paths
    from toolkit.report import render

    findings, files = check_paths([Path(p) for p in args.paths], edition=args.edition)
    _write(render(findings, args.format, files))
    if any(f.code.startswith(UNREADABLE) for f in findings):
        return EXIT_INPUT
    return EXIT_FINDINGS if any(f.severity == "error" for f in findings) else EXIT_OK


def cmd_audit(args) -> int:
    from toolkit.audit import audit_game, render_audit

    result = audit_game(args.game)
    if isinstance(result, str):
        print(f"chartroom: {result}", file=sys.stderr)
        return EXIT_INPUT
    _write(render_audit(result, args.format))
    return EXIT_OK


def cmd_rules(args) -> int:
    from toolkit.crossref import crossref, render_crossref

    _write(render_crossref(crossref(), args.format))
    return EXIT_OK


def cmd_schema(args) -> int:
    from toolkit.schema import schema_path, schemas

    if args.kind not in schemas():
        from toolkit.model.build import suggest

        print(f"chartroom: no schema for kind {args.kind!r}{suggest(args.kind, schemas())}; kinds: {', '.join(sorted(schemas()))}", file=sys.stderr)
        return EXIT_INPUT
    root = None
    if args.game:
        from toolkit.model.build import bundled_scenarios, suggest

        folder = Path(args.game)
        root = folder if (folder / "game.yaml").is_file() else bundled_scenarios() / args.game
        if not (root / "game.yaml").is_file():
            games = sorted(p.name for p in bundled_scenarios().iterdir() if (p / "game.yaml").is_file()) if bundled_scenarios().is_dir() else []
            print(f"chartroom: no game {args.game!r} (neither a folder with game.yaml nor a bundled game){suggest(args.game, games)}; bundled games: {', '.join(games) or 'none'}", file=sys.stderr)
            return EXIT_INPUT
    _write(f"{schema_path(args.kind, root)}\n")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
