"""The ``chartroom`` command: wiring only.

Exit status: 0 clean, 1 an error-severity finding, 2 input that cannot be read
or parsed or wrong arguments, 3 an internal error (reported in one line).
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import re
import sys
from pathlib import Path
from types import ModuleType

from toolkit import __version__
from toolkit.answers import Recording, answered
from toolkit.audit import audit_game, render_audit
from toolkit.check import check_paths
from toolkit.crossref import crossref, render_crossrefs
from toolkit.errors import ChartroomError
from toolkit.exits import EXIT_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, for_error, for_findings
from toolkit.games import all_bundled, default_module, guard_commands
from toolkit.load import display_path, resolved
from toolkit.model.build import bundled_scenarios, suggest
from toolkit.model.reading import manifest_editions
from toolkit.pathnames import path_problem, shown
from toolkit.report import render
from toolkit.schema import schema_path, schemas
from toolkit.session import Session
from toolkit.surface import canonical, games_for, no_battles, offering_bundled
from toolkit.watch import changes


class _Help(argparse.HelpFormatter):
    """Help text with ``{editions}`` (every bundled game's) or ``{editions:GAME}`` (one game's) filled in.

    The editions come from the games' manifests, read only when help is shown: a command that shows
    no help never reads them.

    Its width is the terminal's as argparse finds it (:func:`terminal_columns`), found without importing
    ``shutil``: argparse makes a formatter for every argument added, and shutil brings zlib, bz2 and lzma
    with it (about 2 ms of every command line, issue 22).
    """

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position, terminal_columns() - 2 if width is None else width)

    def _get_help_string(self, action):
        text = super()._get_help_string(action)
        return re.sub(_EDITIONS, _editions, text) if text and "{editions" in text else text


#: Where help names the editions; compiled only when help is shown (``re`` keeps it), issue 22.
_EDITIONS = r"\{editions(?::([a-z0-9][a-z0-9-]*))?\}"


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, as argparse's help takes it: ``$COLUMNS`` when it is a positive
    number, else the width of the terminal on standard output, else 80 (tests/test_cli.py compares the two)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):  # no standard output, or not a terminal
        return 80


def _editions(match: re.Match) -> str:
    session = Session()
    if match.group(1) is None:
        return session.editions_help()
    root = session.game_root(match.group(1))
    return ", ".join(manifest_editions(root)) if root is not None else "see the game's game.yaml"


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    def error(self, message):  # one line, exit 2, naming the (sub)command whose help tells more: chartroom map distance
        self.exit(EXIT_INPUT, f"chartroom: {_cut_long_values(message)} (see {self.prog} --help)\n")

    def parse_known_args(self, args=None, namespace=None):
        # The (sub)command parsing the line, deepest last: arguments left over are refused in its name (argparse refuses
        # them in the top-level parser's, whose help does not describe them).
        namespace = argparse.Namespace() if namespace is None else namespace
        namespace._chartroom_prog = self.prog
        return super().parse_known_args(args, namespace)

    def parse_args(self, args=None, namespace=None):
        parsed, left = self.parse_known_args(args, namespace)
        prog = getattr(parsed, "_chartroom_prog", self.prog)
        del parsed._chartroom_prog
        if left:
            self.exit(EXIT_INPUT, f"chartroom: {_cut_long_values('unrecognized arguments: ' + ' '.join(left))} (see {prog} --help)\n")
        return parsed


#: A quoted value too long to echo whole in a one-line message (``--turn`` of 5,000 digits): its start and length are shown.
_LONG_VALUE = re.compile(r"('[^'\s]{20})[^'\s]{80,}'")  # no space inside: not a stretch between two apostrophes of the text


#: A word of a message too long to be anything but a value echoed back (``--target`` of 5,000 letters): no path (no ``/``);
#: a colon ends it (``jp-air:999...``, ``--optional 999...: no such rule``).
_LONG_WORD = re.compile(r"(?<![^\s:])([^\s'/:]{20})[^\s'/:]{180,}")


def _cut_long_values(message: str) -> str:
    """``message`` with each quoted value of 100 characters or more, and each unquoted word of 200 or more that is no path,
    cut to its start and length (5,000 digits cut short)."""
    message = _LONG_VALUE.sub(lambda m: f"{m.group(1)}...' ({len(m.group(0)) - 2} characters)", message)
    return _LONG_WORD.sub(lambda m: f"{m.group(1)}... ({len(m.group(0))} characters)", message)


#: Commands whose parser needs no game module, renderer or variant tool: for these the parser is built without
#: the other commands, so ``chartroom check`` imports no game's commands or calculations, no graph module and no
#: networkx (the game module of the scenario checked is imported when the scenario names it).
CORE_COMMANDS = ("check", "audit", "rules", "schema", "lsp")


#: The modules of the other commands, in the order their commands are listed (``calc`` and ``odds`` follow them).
_OTHER_MODULES = ("render_cli", "variant_cli", "map_cli", "shell_cli")
#: Commands whose line needs, besides the core commands, only these modules' commands (``calc``/``odds`` and the games'
#: own commands aside): ``chartroom odds ...`` imports no renderer, variant tool or map drawing (issue 22 item 2). The
#: help, ``site``, ``list`` and the completions describe every command: they get the whole parser, as does a line
#: whose command is none of these (its error lists every command).
_ALONE = {"calc": (), "odds": (), "map": ("map_cli",), "new": ("variant_cli",), "diff": ("variant_cli",),
          "fmt": ("variant_cli",), "aids": ("render_cli",)}
_WITHOUT_CALC = {"map", "new", "diff", "fmt", "aids"}


def _command_module(name: str) -> ModuleType:
    """The other commands' module ``name`` (``toolkit.map_cli``...), loaded when a line needs its commands (as
    :meth:`toolkit.games.BaseGame.part` loads a game's parts): a core command builds no other command's parser."""
    return importlib.import_module(f"toolkit.{name}")


def _check_arguments(sub) -> None:
    p = sub.add_parser("check", help="validate scenarios and game data against the schemas and the rules")
    p.add_argument("paths", nargs="+", metavar="PATH", help="scenario files, data files or game folders")
    p.add_argument("--format", choices=["text", "json", "github"], default="text",
                   help="text (default), json (a list of findings) or github (workflow annotations)")
    p.add_argument("--edition", help="check with this edition instead of the scenario's, or a game folder in this edition only ({editions})")
    p.add_argument("--watch", action="store_true", help="check again on every save of the files checked (and their game's data); Ctrl-C ends it")


def _audit_arguments(sub) -> None:
    p = sub.add_parser("audit", help="count sourced and reconstructed records per data file")
    p.add_argument("game", nargs="?", help="a game id or folder (default: every bundled game)")
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")


def _rules_arguments(sub) -> None:
    p = sub.add_parser("rules", help="list every rules check with its code and rule number in each edition")
    p.add_argument("--game", help="a game id or folder (default: every bundled game)")
    p.add_argument("--format", choices=["text", "json", "markdown"], default="text", help="output format (default text)")


def _schema_arguments(sub) -> None:
    p = sub.add_parser("schema", help="print the path of a document kind's JSON Schema")
    p.add_argument("kind", help=f"a document kind: {', '.join(sorted(schemas()))}")
    p.add_argument("--game", metavar="GAME", help="a bundled game id or a game folder: print its overlay schema of the kind, if it has one")


def _lsp_arguments(sub) -> None:
    p = sub.add_parser("lsp", help="run the language server on stdin/stdout for editors: live findings, hover, completion, go to definition, quick fixes")
    p.add_argument("--debounce", type=int, default=150, metavar="MS",
                   help="milliseconds of quiet after a change before the document is checked again (default 150)")


#: The core commands' parsers, in the order the help lists them: a core command's line builds only its own (the
#: others' arguments, help texts and argparse's translations cost about 1 ms a check, issue 22).
_CORE_ARGUMENTS = {"check": _check_arguments, "audit": _audit_arguments, "rules": _rules_arguments,
                   "schema": _schema_arguments, "lsp": _lsp_arguments}


def build_parser(command: str | None = None, games=None) -> argparse.ArgumentParser:
    """The command line; with ``command`` one of :data:`CORE_COMMANDS`, only that core command (the same parser for it);
    with a command of :data:`_ALONE` or a game's own, the core commands and that command's (the same parser for it).

    ``games`` are the game modules whose questions and commands it offers (default: every bundled game).
    """
    parser = _Parser(prog="chartroom", description="Scenario authoring and rules validation for Pacific War hex-and-counter games.")
    parser.add_argument("--version", action="version", version=f"chartroom {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, add_arguments in _CORE_ARGUMENTS.items():
        if command not in CORE_COMMANDS or name == command:
            add_arguments(sub)
    handlers = {"check": cmd_check, "audit": cmd_audit, "schema": cmd_schema, "rules": cmd_rules, "lsp": cmd_lsp}
    parser.handlers = handlers
    parser.games = []
    if command in CORE_COMMANDS:
        return parser
    from toolkit import calc_cli, exact

    parser.games = list(games if games is not None else all_bundled())
    for name in _OTHER_MODULES if command is None else _ALONE.get(command, ()):
        module = _command_module(name)
        module.register(sub)
        handlers.update(module.HANDLERS)
    if command is None or command in _ALONE.keys() - _WITHOUT_CALC:
        default = default_module() if games is None or any(g.default_game for g in parser.games) else None
        calc_cli.register(sub, parser.games, default)
        handlers.update(calc_cli.HANDLERS)
    # A game's own command (``supply``) needs no calc or odds parser (every question of every game: most of the line's
    # parsing time); their names stay the core's, so a game's command of that name is refused as it always was.
    taken = {name: "the core" for name in [*sub.choices, *calc_cli.HANDLERS]}
    for game in parser.games:  # each game module adds the commands of its own questions, if they clash with none
        guarded = guard_commands(sub, game, taken)
        added = game.register_commands(guarded)
        handlers.update({name: handler for name, handler in added.items() if name in guarded.added})
        taken.update({name: game.game_id for name in guarded.added})
        for message in guarded.refused.values():  # the game's own `chartroom check` reports it as a located finding
            print(f"chartroom: warning: {Session().module_location(game)}: GAME-MODULE {message}", file=sys.stderr)
    _finite_numbers(parser, exact.finite_float)
    return parser


def _finite_numbers(parser: argparse.ArgumentParser, finite_float) -> None:
    """Every ``type=float`` option of every command reads a finite number (issue 21 item 4): ``nan`` and ``inf``
    are refused as bad arguments (exit 2), wherever a game declared the option."""
    for action in parser._actions:
        if action.type is float:
            action.type = finite_float
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _finite_numbers(child, finite_float)


#: What the system says when what is written cannot be kept: a full disk or quota, a file too large, a device error.
#: Not a bug of Chartroom's: said in one line, with the input's status (a file named in the error says its name, below).
OUTPUT_REFUSED = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("chartroom: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except ChartroomError as error:  # every error a command meets: one line, its status (toolkit.exits.for_error)
        print(f"chartroom: {_cut_long_values(' '.join(str(error).split()))}", file=sys.stderr)
        return for_error(error)
    except OSError as exc:  # a path the system rejected somewhere a command did not expect: input, not a bug
        if exc.filename is None and exc.errno in OUTPUT_REFUSED:  # standard output on a full disk (> /dev/full), a failing device
            print(f"chartroom: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_INPUT
        if exc.filename is None:
            return _internal(exc)
        print(f"chartroom: {shown(exc.filename)}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_INPUT
    except Exception as exc:  # last resort: one line, never a traceback
        return _internal(exc)


def _internal(exc: BaseException) -> int:
    print(f"chartroom: internal error: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''} (please report this)", file=sys.stderr)
    return EXIT_INTERNAL


#: Arguments that name paths, checked before any command uses them (``new`` makes ``path``).
PATH_ARGUMENTS = ("paths", "path", "scenario", "set_up", "base", "a", "b", "output", "config", "game")
#: How the message names an argument left empty (a shell variable that was): as the help writes it.
_SHOWN_AS = {"paths": "PATH", "path": "PATH", "scenario": "SCENARIO", "set_up": "SCENARIO", "base": "--from", "output": "-o",
             "config": "--config", "game": "GAME"}


def _path_problem(args) -> str:
    for name in PATH_ARGUMENTS:
        value = getattr(args, name, None)
        for item in value if isinstance(value, list) else [value]:
            if item == "":  # not the working folder nor the default game: a script's variable left empty, say
                return f"{_SHOWN_AS.get(name, name.upper())}: an empty path or name (is a shell variable empty?) names nothing; nothing done"
            if isinstance(item, str) and item:
                problem = path_problem(item, new_file=(args.command == "new" and name == "path"))
                if problem:
                    return problem
    return ""


def _edition_problem(session, edition: str, path: Path) -> str:
    """``--edition`` naming no edition of the game of ``path`` (a game's folder or one of its files), said of the argument
    (the file's ``edition:`` line, which the game's loader blames, is not what is wrong); "" when it is one or unknown."""
    game = path if (path / "game.yaml").is_file() else session.root_of(path) if path.is_file() else None
    editions = session.editions_of(game) if game is not None else None
    if editions is None or edition in editions:
        return ""
    whose = f"the game in {path}" if game == path else f"the game of {path} ({display_path(game)})"
    return f"--edition {edition}: {whose} has no such edition; its editions: {', '.join(editions)}{suggest(edition, editions)}"


def _scenario_edition_problem(args) -> str:
    """``--edition`` beside a scenario file (``aids``, ``map draw``, ``map distance --scenario``, a game's commands)."""
    edition = getattr(args, "edition", None)
    for name in ("scenario", "set_up"):
        value = getattr(args, name, None)
        if edition and isinstance(value, str) and value.endswith((".yaml", ".yml")):
            problem = _edition_problem(args.session, edition, Path(value))
            if problem:
                return problem
    return ""


def _main(argv) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] and argv[0] in QUESTIONS:  # kept in the cache as a check's answer, recorded from the first word: the
        return answered(argv, lambda: _run(argv, recorded=True))  # game it asks may be found by reading files (toolkit.surface)
    return _run(argv)


def _run(argv: list[str], recorded: bool = False) -> int:
    """The command line ``argv``; ``recorded``: its answer is being recorded already (:func:`toolkit.answers.answered`)."""
    session = Session()
    if argv and argv[0] in CORE_COMMANDS:
        parser = build_parser(argv[0])
    else:  # the game of a line and the game modules it needs (toolkit.surface: not for the core commands, as above)
        argv = canonical(argv, session, session.bundled_games(), offering_bundled)
        games = games_for(argv, session)
        no_battles(argv, games)
        command = argv[0] if argv and (argv[0] in _ALONE or games is not None and any(argv[0] in g.commands for g in games)) else None
        parser = build_parser(command, games)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_INPUT
    problem = _path_problem(args)
    if problem:
        print(f"chartroom: {problem}", file=sys.stderr)
        return EXIT_INPUT
    args.session = session
    problem = _scenario_edition_problem(args)
    if problem:
        print(f"chartroom: {problem}", file=sys.stderr)
        return EXIT_INPUT
    args.argv = argv  # the line as given: the key of its answer in the cache (toolkit.answers)
    args.games = parser.games
    args.parser = parser  # the command-line reference page of ``chartroom site`` describes it
    with args.session.memos.active():  # what the command loads outside the session's own methods shares its memos
        if not recorded and _question(args, parser):  # its answer kept in the cache, as a check's (toolkit.answers)
            return answered(argv, lambda: parser.handlers[args.command](args))
        return parser.handlers[args.command](args)


#: The core commands that ask a game a question: the answer is printed and depends only on the files read and the code
#: (exact odds from the combat tables; simulated ones with a fixed seed, :data:`toolkit.simulate.SEED`).
QUESTIONS = ("calc", "odds")


def _question(args, parser) -> bool:
    """Whether the line asks a question whose answer is printed and depends only on files: a game's own command, or the
    distance between two places (a ``calc`` or ``odds`` line is recorded from its first word, :func:`_main`)."""
    return args.command in {name for game in parser.games for name in game.commands} or \
        (args.command == "map" and getattr(args, "map_command", None) == "distance")


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def cmd_check(args) -> int:
    paths = [Path(p) for p in args.paths]
    for path in paths if args.edition else []:  # a folder or file checked in an edition its game lacks: a wrong argument
        problem = _edition_problem(args.session, args.edition, path)
        if problem:
            print(f"chartroom: {problem}", file=sys.stderr)
            return EXIT_INPUT
    if not args.watch:
        recording = Recording.start(args.argv)
        if recording is None:
            return _check_once(paths, args, args.session)
        with recording:
            text, status = _checked(paths, args, args.session)
        _write(text)
        recording.keep(text, status)  # chartroom check of the same line is answered from it (toolkit.entry) until an input changes
        return status
    status = _check_once(paths, args, args.session)
    bundled = resolved(bundled_scenarios())
    roots = {root for path in paths if path.is_file() for root in [args.session.root_of(path)] if root is not None and resolved(root).parent != bundled}
    _write(f"watching {', '.join(display_path(p) for p in paths)}: checking again on every save (Ctrl-C ends)\n")
    for changed in changes(paths, roots):
        _write(f"--- changed: {', '.join(display_path(p) for p in changed)}; checking again\n")
        status = _check_once(paths, args, Session())  # a fresh session: nothing read before the save is reused
    return status


def _check_once(paths: list[Path], args, session: Session) -> int:
    text, status = _checked(paths, args, session)
    _write(text)
    return status


def _checked(paths: list[Path], args, session: Session) -> tuple[str, int]:
    """The report of checking ``paths`` and its exit status."""
    found: list[str] = []
    findings, files = check_paths(paths, edition=args.edition, session=session, found=found)
    return render(findings, args.format, files, notes=found), for_findings(findings)


def _games(args, name: str | None) -> list[Path] | None:
    """The game folders a command is about: the one named, or every bundled game."""
    session = args.session
    if name is None:
        return [session.game_root(game) for game in session.bundled_games()]
    root = session.game_root(name)
    if root is None:
        print(f"chartroom: {session.unknown_game(name)}", file=sys.stderr)
        return None
    return [root]


def cmd_audit(args) -> int:
    roots = _games(args, args.game)
    if roots is None:
        return EXIT_INPUT
    rows = [row for root in roots for row in audit_game(root)]
    _write(render_audit(rows, args.format))
    return EXIT_OK


def cmd_rules(args) -> int:
    roots = _games(args, args.game)
    if roots is None:
        return EXIT_INPUT
    out = []
    for root in roots:
        manifest, probe = args.session.game_manifest(root)
        if manifest is None:
            print(f"chartroom: {probe.first_error('cannot read ' + str(root / 'game.yaml'))}", file=sys.stderr)
            return EXIT_INPUT
        editions = {}
        module = None
        for edition in [e["id"] for e in manifest.get("editions", [])]:
            opened = args.session.open_game(root, edition)
            if opened.game is None or opened.module is None:
                print(f"chartroom: {opened.first_error(f'cannot load {root}')}", file=sys.stderr)
                return EXIT_INPUT
            editions[edition] = opened.game.edition
            module = opened.module
        out.append((manifest.get("game") or root.name, crossref(module.checks(), editions), list(editions)))
    _write(render_crossrefs(out, args.format))  # a heading and a header row per game, a blank line between games
    return EXIT_OK


def cmd_lsp(args) -> int:
    """The language server (toolkit/lsp/): pygls is imported here, by this command only."""
    if not 0 <= args.debounce <= 3_600_000:  # 400 digits overflowed the division below (exit 3); an hour is past any editor's pause
        print(f"chartroom: --debounce {args.debounce}: give milliseconds, 0 or more and at most 3600000 (an hour)", file=sys.stderr)
        return EXIT_INPUT
    from toolkit.lsp import server

    server.serve(args.debounce / 1000)
    return EXIT_OK


def cmd_schema(args) -> int:
    if args.kind not in schemas():
        print(f"chartroom: no schema for kind {args.kind!r}{suggest(args.kind, schemas())}; kinds: {', '.join(sorted(schemas()))}", file=sys.stderr)
        return EXIT_INPUT
    root = None
    if args.game:
        root = args.session.game_root(args.game)
        if root is None:
            games = args.session.bundled_games()
            print(f"chartroom: no game {args.game!r} (neither a folder with game.yaml nor a bundled game){suggest(args.game, games)}; "
                  f"bundled games: {', '.join(games) or 'none'}", file=sys.stderr)
            return EXIT_INPUT
    _write(f"{schema_path(args.kind, root)}\n")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
