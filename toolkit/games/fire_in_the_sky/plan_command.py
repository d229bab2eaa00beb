"""``chartroom plan PLAN.yaml``: replay an operations plan with running Transport and Oil totals.

Exit 0 when every step is legal (and every ``expect:`` total matches), 1 at the first illegal
step (printed as ``file:line:col: error CODE: ... (rule)``), 2 for a plan that cannot be read
or does not follow its schema.
"""

from __future__ import annotations

import sys
from pathlib import Path

from toolkit.exits import EXIT_FINDINGS, EXIT_OK
from toolkit.findings import ChartroomError
from toolkit.games.fire_in_the_sky.commands import GAME_ID, UsageError, _emit, _guard

__all__ = ["register", "cmd_plan"]


def register(subparsers) -> None:
    p = subparsers.add_parser("plan", help="replay an operations plan: each step checked on the map, running TP and Oil",
                              description=(__doc__.split("\n\n")[0].split(": ", 1)[1] + " "
                                           + __doc__.split("\n\n")[1].replace("\n", " ")).replace("``", ""))
    p.add_argument("plan", metavar="PLAN", help="a plan file (kind: plan)")
    p.add_argument("--edition", help=f"play it under this edition instead of the plan's or scenario's: {{editions:{GAME_ID}}}")
    p.add_argument("--format", choices=["text", "json", "html"], default="text",
                   help="output format (default text; json: the ledger; html: a printable ledger page)")


def cmd_plan(args) -> int:
    return _guard(_run, args)


def _run(args) -> int:
    from toolkit.games.fire_in_the_sky.plan import run_plan
    from toolkit.games.fire_in_the_sky.plan_report import as_data, as_html, as_text, error_line
    from toolkit.load import load_file
    from toolkit.load.extends import resolve_relative
    from toolkit.model.build_scenario import allowed_roots
    from toolkit.schema import validate

    path = Path(args.plan)
    try:
        doc = load_file(path)
    except ChartroomError as error:
        raise UsageError(str(error)) from None
    data = doc.data
    if not isinstance(data, dict) or data.get("kind") != "plan":
        raise UsageError(f"{doc.name}: not a plan file (kind: plan)")
    session = args.session
    root = session.game_root(data.get("game", GAME_ID))
    if root is None:
        raise UsageError(session.unknown_game(data.get("game", "")))
    problems = [f for f in validate(doc, "plan", root) if f.severity == "error"]
    if problems:
        first = problems[0]
        raise UsageError(f"{first.location}: {first.message}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    # Contained as extends: and map: are: relative, forward slashes, no link or .. leading out (issue 21 item 5).
    scenario_path, problem = resolve_relative(doc, "scenario", allowed_roots(path), "the scenario", "PLAN-SCENARIO",
                                              "scenario file", "the scenario beside the plan")
    if problem is not None:
        raise UsageError(f"{problem.location}: {problem.message}")
    opened = session.open_scenario(scenario_path, args.edition or data.get("edition"), checks=False)
    if opened.game is None or opened.scenario is None or opened.game_errors():
        raise UsageError(opened.first_error(f"cannot load {scenario_path}"))
    ledger = run_plan(opened.game, opened.scenario, data)
    locate = doc.locate
    if args.format == "json":
        _emit(args, as_data(ledger, locate), "")
    elif args.format == "html":
        sys.stdout.write(as_html(ledger, locate, doc.name, opened.game.side_name(ledger.side)))
        sys.stdout.flush()
    else:
        _emit(args, {}, as_text(ledger, locate))
    if ledger.error is not None:
        if args.format != "text":
            sys.stderr.write(error_line(ledger, locate) + "\n")
        return EXIT_FINDINGS
    return EXIT_OK
