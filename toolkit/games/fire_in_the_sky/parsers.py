"""The command lines of Fire in the Sky's own commands: ``supply``, ``zoc``, ``reach``, ``cost``, ``plan`` and the odds kinds.

Building these parsers imports no rule query: each command's handler (:mod:`.commands`,
:mod:`.odds_command`, :mod:`.plan_command`, which import the map graph and networkx at their top)
is imported when the command runs (:func:`.command_support.handler`). The core adds the commands
as ``chartroom calc fire-in-the-sky NAME`` and, as the game's spellings from before the other
games, at the top level; the odds kinds as ``chartroom odds [fire-in-the-sky] KIND``.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.command_support import (
    AFTER_ROUNDS,
    AIR_POINTS,
    ASW_DICE,
    COUNT,
    DD_UNITS,
    DICE,
    GAME_ID,
    HEXES,
    HITS,
    SIMULATED_AIR_POINTS,
    SIMULATED_DICE,
    UNIT_STEPS,
    game_options,
    points,
    scenario_options,
    turn_number,
)
from toolkit.games.fire_in_the_sky.commands import cmd_cost, cmd_reach, cmd_supply, cmd_zoc
from toolkit.games.fire_in_the_sky.odds_command import cmd_odds
from toolkit.games.fire_in_the_sky.plan_command import cmd_plan

__all__ = ["register", "register_kinds", "HANDLERS", "COMMANDS", "KINDS", "MODES"]

MODES = ("sea-deployment", "one-hex", "operational", "reaction")
KINDS = {
    "air": "air-to-air combat between two Air Point pools (v1.1 12.3.2.1; 2nd 11.2.2.2)",
    "strike": "an air strike: air-to-air, anti-aircraft fire, hits on one target and its fate (v1.1 12.3.2.3; 2nd 11.2.2.4)",
    "submarine": "a Submarine Point against a Task Force: ASW first, then the torpedo (v1.1 12.2; 2nd 11.1)",
    "surface": "one Surface Combat Round between two lines of ships (v1.1 12.3.3.2; 2nd 11.2.3)",
    "battle": "a surface battle fought to its end, rounds until one side is out, with withdrawal (v1.1 12.3.3; 2nd 11.2.3, 11.2.4)",
    "damage": "the Damage Checks of one ship after N hits: sunk, or damaged and when it returns (v1.1 13.1; 2nd 11.3.1)",
    "land": "ground support and the Land Combat Round: no effect, a step lost, or all eliminated (v1.1 12.3.4, 13.4; 2nd 11.2.5, 11.3.5)",
    "convoy": "convoy ASW dice, then Allied Submarine Points against merchant shipping (v1.1 6.1, 6.2; 2nd 5.3, 5.4)",
    "bombing": "Allied strategic bombing of Japanese Oil, one die per TP spent (optional v1.1 18.1.3; 2nd 16.1.3)",
}
#: How a force is written (the descriptions of the kinds that take forces).
FORCES = ('Forces are counter ids, each optionally :STEPS (air steps) and @anchor (a ship in port, not in a '
          'Task Force), @sea (an air or land unit carried in a Task Force) or @long-range (air committed from '
          'an adjacent hex): --attacker jp-cv-akagi-kaga jp-air:4. Or --at PLACE SCENARIO takes the units the '
          "scenario puts at PLACE: the enemy's are the defender, and the attacker's own (when --attacker is not"
          ' given). ')
PLAN_DESCRIPTION = ('replay an operations plan with running Transport and Oil totals. Exit 0 when every step is legal '
                    '(and every expect: total matches), 1 at the first illegal step (printed as file:line:col: error '
                    'CODE: ... (rule)), 2 for a plan that cannot be read or does not follow its schema. ')


def register(subparsers) -> dict:
    """Add the game's commands to ``subparsers`` (``chartroom``'s, or those of ``chartroom calc fire-in-the-sky``)."""
    p = subparsers.add_parser("supply", help="trace a Supply Line in a scenario")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--side", choices=["japan", "allied"], required=True, help="the side whose Supply Line is traced")
    p.add_argument("--to", required=True, metavar="PLACE", help="a place, box or hex id")
    p.add_argument("--nation", choices=["us", "britain"], help="trace only from this nation's Home Base")
    scenario_options(p)

    p = subparsers.add_parser("zoc", help="hexes in the Air ZOC a side exerts in a scenario")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--side", choices=["japan", "allied"], required=True, help="the side whose air units exert it")
    scenario_options(p)

    p = subparsers.add_parser("reach", help="where a unit can move, and what it costs")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    p.add_argument("--unit", required=True, metavar="UNIT", help="a counter id")
    p.add_argument("--mode", choices=MODES, required=True,
                   help="sea-deployment, one-hex (One-hex Deployment), operational (Operational Movement) or reaction")
    p.add_argument("--at", metavar="PLACE", help="where the unit is, when it is in several places")
    p.add_argument("--with", dest="companions", nargs="+", default=[], metavar="UNIT",
                   help="more counter ids at the same place, moving with it as one Task Force")
    p.add_argument("--tp", type=points, help="Transport Points available (sea deployment)")
    scenario_options(p)

    p = subparsers.add_parser("cost", help="Transport and Oil Point costs")
    csub = p.add_subparsers(dest="cost_command", metavar="SUBCOMMAND", parser_class=type(p))
    csub.required = True
    c = csub.add_parser("sea-deployment", help="TP for Sea Deployments of one counter")
    c.add_argument("--unit", required=True, metavar="UNIT", help="a counter id")
    c.add_argument("--deployments", type=COUNT, default=1, help="Sea Deployments made, each paid again (default 1)")
    c.add_argument("--count", type=COUNT, default=1, help="identical counters moving")
    c.add_argument("--steps", type=UNIT_STEPS, help="air steps (default 2)")
    game_options(c)
    c = csub.add_parser("operational", help="TP and Oil for one Task Force moving N hexes")
    c.add_argument("--units", required=True, nargs="+", metavar="UNIT", help="the counter ids of the Task Force")
    c.add_argument("--hexes", required=True, type=HEXES, help="hexes moved (0: the Task Force stays in its hex)")
    c.add_argument("--turn", type=turn_number, help="game turn (Resource Hex Fueling from Turn 10)")
    c.add_argument("--from-resource-hex", action="store_true", help="the Task Force starts in a Resource Hex")
    c.add_argument("--reaction", action="store_true", help="price it as Reaction Movement")
    game_options(c)
    c = csub.add_parser("oil-transport", help="Oil Points Japan may ship in a scenario, and their TP")
    c.add_argument("scenario", metavar="SCENARIO", help="a scenario or variant file")
    scenario_options(c)
    c = csub.add_parser("dd-transfer", help="TP to move DD units to or from the Convoy Escort box")
    c.add_argument("--count", type=DD_UNITS, default=1, help="DD units moved (default 1)")
    game_options(c)
    c = csub.add_parser("asw", help="Oil for convoy ASW dice")
    c.add_argument("--rolls", type=ASW_DICE, default=1, help="ASW dice rolled (default 1)")
    game_options(c)

    _plan(subparsers)
    return dict(HANDLERS)


def _plan(subparsers) -> None:
    p = subparsers.add_parser("plan", help="replay an operations plan: each step checked on the map, running TP and Oil",
                              description=PLAN_DESCRIPTION)
    p.add_argument("plan", metavar="PLAN", help="a plan file (kind: plan)")
    p.add_argument("--edition", help=f"play it under this edition instead of the plan's or scenario's: {{editions:{GAME_ID}}}")
    p.add_argument("--format", choices=["text", "json", "html"], default="text",
                   help="output format (default text; json: the ledger; html: a printable ledger page)")


def register_kinds(sub) -> dict:
    """Add the kinds of battle to ``sub`` (the subparsers of ``chartroom odds``); returns their handlers."""
    for kind, text in KINDS.items():
        forces = "" if kind in ("convoy", "bombing") else " " + FORCES
        k = sub.add_parser(kind, help=text, description=text[0].upper() + text[1:] + "." + forces)
        if kind == "convoy":
            k.add_argument("--asw-dice", type=ASW_DICE, required=True, help="Japanese ASW dice (DDs in the Convoy Escort box rolling)")
            k.add_argument("--sub-points", type=SIMULATED_DICE, required=True, help="Allied Submarine Points attacking")
        if kind == "bombing":
            k.add_argument("--tp", type=SIMULATED_DICE, required=True, help="Allied Transport Points spent, one die each")
            k.add_argument("--near", action="store_true",
                           help="an Allied-controlled base lies within two hexes of a Japanese Home Base (+1)")
            k.add_argument("--at", nargs=2, metavar=("BASE", "SCENARIO"),
                           help="bomb from this Allied base in the scenario: checks the base (within 4 hexes of a Japanese "
                                "Home Base, supplied from the US Home Base), the turn, the TP left, and the +1")
        if kind not in ("damage", "convoy", "bombing"):
            k.add_argument("--attacker", nargs="+", default=[], metavar="UNIT",
                           help="the attacking force: counter ids, COUNTER:STEPS for air, @anchor/@sea/@long-range/@reduced")
        if kind not in ("convoy", "bombing"):
            k.add_argument("--defender", nargs="+", default=[], metavar="UNIT", help="the defending force, the same way")
        if kind == "land":
            for who in ("attacker", "defender"):
                k.add_argument(f"--{who}-air-points", type=SIMULATED_AIR_POINTS, default=0, help=f"the {who}'s Air Points kept for ground support")
                k.add_argument(f"--{who}-firepower", type=SIMULATED_DICE, default=0,
                               help=f"Firepower of the {who}'s ships left in Bombardment Task Force boxes")
            k.add_argument("--supremacy", choices=["attacker", "defender"], help="who has Air Supremacy")
            k.add_argument("--amphibious", action="store_true",
                           help="the attacker landed amphibiously this turn in an enemy-occupied hex with no friendly units "
                                "(Semper Fi, with --optional 18.1.6)")
            k.add_argument("--out-of-supply", nargs="+", choices=["attacker", "defender"], default=[], help="sides out of supply")
        if kind not in ("damage", "convoy", "bombing"):
            k.add_argument("--at", nargs=2, metavar=("PLACE", "SCENARIO"),
                           help="take the forces the scenario puts at PLACE (the enemy's as defender)")
        k.add_argument("--side", choices=["japan", "allied"],
                       help="the attacking side (default: the side of the --attacker counters)")
        if kind in ("strike", "submarine", "damage"):
            k.add_argument("--target", metavar="UNIT", help="the unit attacked (default: the defender's first ship, else its first unit)")
        if kind == "strike":
            k.add_argument("--base", metavar="PLACE", help="the defender is at this base (its anti-aircraft), not in a Task Force")
            k.add_argument("--strikers", type=AIR_POINTS, help="strike with at most this many Air Points")
        if kind == "submarine":
            k.add_argument("--friendly-air", action="store_true",
                           help="a friendly land-based air unit or carrier is in the Task Force's hex (ASW modifier)")
        if kind == "battle":
            k.add_argument("--withdraw", choices=["attacker", "defender"], help="this side withdraws (default: both fight to the end)")
            k.add_argument("--after-rounds", type=AFTER_ROUNDS, default=0,
                           help="rounds fought before the withdrawal is declared (default 0: at the start of the first round)")
        if kind in ("surface", "battle"):
            k.add_argument("--tokyo-express", action="store_true",
                           help="the Japanese CA/DD line is the Tokyo Express: it fires first (v1.1 18.2.2; 2nd 16.2.2; brings the optional rule)")
        if kind == "damage":
            k.add_argument("--hits", type=HITS, required=True, help="hits on the ship (one Damage Check each)")
            k.add_argument("--cause", choices=["air-strike", "surface", "submarine"], required=True, help="what scored the hits")
            k.add_argument("--firepower", type=DICE, default=0, help="the firer's Firepower (surface hits)")
        k.add_argument("--turn", type=turn_number, help="game turn (for the turn-limited modifiers and the return turn)")
        k.add_argument("--player-turn", choices=["japan", "allied"], help="the phasing side (default: the attacker)")
        k.add_argument("--optional", nargs="+", default=[], metavar="RULE", help="optional rules in use, e.g. 18.2.3 18.3.2")
        if kind in ("air", "strike"):
            k.add_argument("--kamikaze", action="store_true",
                           help="Kamikaze is declared (v1.1 18.2.4; 2nd 16.2.4; brings the optional rule; from Turn 10)")
        k.add_argument("--reading", nargs="+", default=[], metavar="NAME=CHOICE",
                       help="a reading the rules leave open: turn-1=2nd-chart|v1.1-text (v1.1), "
                            "multi-hit=cumulative|example (2nd); see docs/odds.md")
        k.add_argument("--edition", help=f"edition id: {{editions:{GAME_ID}}} (default: the scenario's, else the game's first)")
        k.add_argument("--game", default=GAME_ID, help=f"a game id or folder (default: {GAME_ID})")
        k.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")
        k.add_argument("--exact", action="store_true",
                       help="write every chance's exact fraction beside its decimal (default: only the short ones; JSON always has both)")
        k.set_defaults(odds_command=kind)
    return {kind: cmd_odds for kind in KINDS}


HANDLERS = {"supply": cmd_supply, "zoc": cmd_zoc, "reach": cmd_reach, "cost": cmd_cost, "plan": cmd_plan}
#: The names :func:`register` adds (the game declares them: no core command or other game's may clash).
COMMANDS = tuple(HANDLERS)
