"""The handler of ``chartroom plan PLAN.yaml`` (its parser: :mod:`.parsers`): replay an operations plan with running Transport and Oil totals.

Exit 0 when every step is legal (and every ``expect:`` total matches), 1 at the first illegal
step (printed as ``file:line:col: error CODE: ... (rule)``), 2 for a plan that cannot be read
or does not follow its schema.
"""

from __future__ import annotations

import sys
from pathlib import Path

from toolkit.exits import EXIT_FINDINGS, EXIT_OK
from toolkit.games.fire_in_the_sky.command_support import GAME_ID, UsageError, emit, fire_in_the_sky_only, warn_of_scenario_errors
from toolkit.games.fire_in_the_sky.plan import run_plan
from toolkit.games.fire_in_the_sky.plan_report import as_data, as_html, as_text, error_line
from toolkit.load.extends import resolve_relative
from toolkit.model.build_scenario import allowed_roots

__all__ = ["cmd_plan"]


def cmd_plan(args) -> int:
    path = Path(args.plan)
    session = args.session
    doc = session.read_file(path)  # LoadError: one located line, exit 2
    data = doc.data
    if not isinstance(data, dict) or data.get("kind") != "plan":
        raise UsageError(f"{doc.name}: not a plan file (kind: plan)")
    root = session.game_root(data.get("game", GAME_ID))
    if root is None:
        raise UsageError(session.unknown_game(data.get("game", "")))
    problems = session.validate(doc, "plan", root)
    if problems:
        first = problems[0]
        raise UsageError(f"{first.location}: {first.message}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    # Contained as extends: and map: are: relative, forward slashes, no link or .. leading out (issue 21 item 5).
    scenario_path, problem = resolve_relative(doc, "scenario", allowed_roots(path), "the scenario", "PLAN-SCENARIO",
                                              "scenario file", "the scenario beside the plan")
    if problem is not None:
        raise UsageError(f"{problem.location}: {problem.message}")
    game_id = data.get("game", GAME_ID)
    named = session.game_of(scenario_path)
    if named is not None and named != game_id:  # another game's scenario: its map is no hex map of this game's rules
        raise UsageError(f"{doc.locate(('scenario',))}: scenario: {data['scenario']} is a scenario of another game "
                         f"(game: {named}); a plan of {game_id} replays one of {game_id}'s scenarios")
    opened = session.open_scenario(scenario_path, args.edition or data.get("edition"), checks=False)
    if opened.game is None or opened.scenario is None or opened.game_errors():
        raise UsageError(opened.first_error(f"cannot load {scenario_path}"))
    fire_in_the_sky_only(args, opened)  # a plan of another game (game: pacific-fury) is replayed by no rules here
    warn_of_scenario_errors(opened)  # a unit with an unknown counter is left out of the plan's start: said, not silent
    ledger = run_plan(opened.game, opened.scenario, data)
    locate = doc.locate
    if args.format == "json":
        emit(args, as_data(ledger, locate), "")
    elif args.format == "html":
        sys.stdout.write(as_html(ledger, locate, doc.name, opened.game.side_name(ledger.side)))
        sys.stdout.flush()
    else:
        emit(args, {}, as_text(ledger, locate))
    if ledger.error is not None:
        if args.format != "text":
            sys.stderr.write(error_line(ledger, locate) + "\n")
        return EXIT_FINDINGS
    return EXIT_OK
