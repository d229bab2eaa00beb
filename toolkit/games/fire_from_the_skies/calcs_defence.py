"""``chartroom calc fire-from-the-skies strike-warning | last-launch``: a defender's launches when a strike comes (FFTS 6.13.2, 12.8).

The arithmetic is :mod:`.defence`'s; this reads the options, refuses what cannot be, and writes the answer.
"""

from __future__ import annotations

import re
from fractions import Fraction

from toolkit.bounds import Bound, shown
from toolkit.games import CalcInputError, CalcResult, Calculation
from toolkit.games.fire_from_the_skies.air import last_normal_turn
from toolkit.games.fire_from_the_skies.calcs_ops import ROLES
from toolkit.games.fire_from_the_skies.defence import LIMIT_READINGS, PREVIOUS_AOS_READINGS, FlightDeck, last_launch, scramble, scramble_last_turn
from toolkit.words import counted

__all__ = ["DEFENCE_CALCULATIONS", "flight_decks"]

#: AFs on one flight deck: no rule bounds them; more than any carrier holds is a slip (as calcs.MAX_AFS).
MAX_AFS = 150
DECK = re.compile(r"(?:(?P<name>[^=]+)=)?\s*(?P<fighters>[0-9]+)\s*(?::\s*(?P<in_front>[0-9]+))?")
DECK_FORM = "write [CARRIER=]FIGHTERS[:IN_FRONT] (4, Yorktown=4, Yorktown=4:1)"
#: Wind over the deck, in knots (6.10): no rule bounds it; more than any carrier's speed and any wind together.
#: AFs launched or unreadied in one AOS (6.9: at most 12 launched; 6.8: unreadied at the readying rates of the Air Operations Tables).
AOS_AFS = Bound("AFs in one AOS", 0, 150, "no rule bounds it: FFTS 6.9 launches 12 an AOS at most from a carrier; more than any carrier or base holds")
WIND = Bound("the wind over the deck in knots", 0, 100, "no rule bounds it: FFTS 6.10 adds the wind and the carrier's speed; "
             "100 knots is more than any carrier and wind make", number=float)


def flight_decks(given, option: str = "--flight-deck") -> tuple[FlightDeck, ...]:
    """The carriers' flight decks as ``[CARRIER=]AFS[:IN_FRONT]`` give them; each refused in one line naming the option.

    >>> flight_decks(["Yorktown=4:1", "2"])
    (FlightDeck(name='Yorktown', fighters=4, in_front=1), FlightDeck(name='carrier 2', fighters=2, in_front=0))
    """
    decks = []
    for i, text in enumerate(given, 1):
        match = DECK.fullmatch(str(text).strip())
        if not match or (match["name"] is not None and not match["name"].strip()):
            raise CalcInputError(f"{option} {shown(text)}: {DECK_FORM}")
        fighters, in_front = match["fighters"], match["in_front"] or "0"
        for count in (fighters, in_front):
            if len(count) > 4 or int(count) > MAX_AFS:
                raise CalcInputError(f"{option} {shown(text)}: more AFs than any carrier holds (at most {MAX_AFS}; no rule bounds it)")
        if int(fighters) + int(in_front) > MAX_AFS:
            raise CalcInputError(f"{option} {shown(text)}: {int(fighters) + int(in_front)} AFs on one flight deck, more than any carrier "
                                 f"holds (at most {MAX_AFS}; no rule bounds it)")
        name = (match["name"] or f"carrier {i}").strip()
        if any(d.name == name for d in decks):
            raise CalcInputError(f"{option} {shown(text)}: carrier {name!r} given twice")
        decks.append(FlightDeck(name, int(fighters), int(in_front)))
    return tuple(decks)


# --- strike warning (6.13.2) --------------------------------------------------------------------------

def _warning_args(p) -> None:
    p.add_argument("--turn", type=int, required=True, metavar="TURN", help="the turn the opposing player announces the strike")
    p.add_argument("--flight-deck", action="append", required=True, metavar="[CARRIER=]FIGHTERS[:IN_FRONT]",
                   help="a carrier's flight deck: readied fighter AFs, and other AFs spotted in front of them (repeat for each carrier)")
    p.add_argument("--endurance", type=int, metavar="TURNS", help="the fighters' endurance in turns: their last turn of normal endurance")
    p.add_argument("--combat-turns", type=int, default=0, metavar="N", help="turns of combat they fly (4.3: a fighter pays one more turn each)")
    p.add_argument("--wind", type=WIND, metavar="KNOTS", help="the wind over the deck (6.10: fighters need 16 knots, 2 inches)")
    p.add_argument("--limit-per", choices=LIMIT_READINGS, default="carrier",
                   help="whom the 3 AFs bind: each carrier (default) or the defending side; 6.13.2 says neither")


def _warning_run(game, params) -> CalcResult:
    decks = flight_decks(params.flight_deck)
    if params.combat_turns < 0 or (params.endurance is not None and params.endurance < 1):
        raise CalcInputError("--endurance is 1 or more, --combat-turns 0 or more")
    if params.combat_turns and params.endurance is None:
        raise CalcInputError(f"--combat-turns {params.combat_turns}: give the fighters' --endurance too (combat counts against it, 4.3)")
    if params.endurance is not None and 2 * params.combat_turns >= params.endurance + 3:
        raise CalcInputError(f"--combat-turns {params.combat_turns}: {params.combat_turns} turns of combat use {2 * params.combat_turns} turns of "
                             f"endurance (FFTS 4.2, 4.3: one more each for a fighter), 3 or more past its {params.endurance}: every AF has "
                             "crashed before the combat ends (4.4)")
    limit = int(game.edition.param("fighters_scramble", 3))
    wind_needed = float(game.edition.param("wind_knots_cv_other", 16))
    calm = params.wind is not None and params.wind < wind_needed
    launched = (0,) * len(decks) if calm else scramble(decks, limit, params.limit_per)
    lines = []
    for deck, n in zip(decks, launched):
        if deck.in_front:
            why = f"behind {counted(deck.in_front, 'other AF')}: none launch (6.13.2; 6.7.6: aircraft launch front to back)"
        elif calm:
            why = f"none launch: a wind over the deck of {params.wind:g} knots is under the {wind_needed:g} fighters need (6.10.1, 6.10.2)"
        elif n == 0 and deck.fighters:
            why = f"none launch: the side's {limit} are taken by the decks before it (--limit-per side)"
        else:
            stay = deck.fighters - n
            why = f"{n} launch in the Strike Segment (6.13.2)" + (f", {stay} {'stays' if stay == 1 else 'stay'} on deck" if stay else "")
        lines.append(f"{deck.name}: {counted(deck.fighters, 'readied fighter AF')}, {why}")
    total = sum(launched)
    per = f"up to {limit} a carrier" if params.limit_per == "carrier" else f"up to {limit} for the side, from the decks in the order given"
    lines.append(f"{counted(total, 'fighter AF')} launched on the warning ({per}), counted as launched on turn {params.turn - 1} (6.13.2)")
    data = {"turn": params.turn, "limit_per": params.limit_per, "limit": limit, "launched": total, "counted_launch_turn": params.turn - 1,
            "flight_decks": [{"carrier": d.name, "readied_fighters": d.fighters, "in_front": d.in_front, "launched": n, "stay": d.fighters - n}
                             for d, n in zip(decks, launched)], "wind": params.wind, "wind_needed": wind_needed}
    if params.endurance is not None:
        last = scramble_last_turn(params.turn, params.endurance, params.combat_turns)
        in_aos = last + 1
        lines.append(f"endurance {params.endurance}" + (f", {counted(params.combat_turns, 'turn')} of combat (4.3: a turn more each)" if params.combat_turns else "")
                     + f": last turn of normal endurance {last} (4.2: turn {params.turn} counts), a turn sooner than fighters launched in "
                     f"turn {params.turn}'s AOS ({in_aos})")
        data.update(endurance=params.endurance, combat_turns=params.combat_turns, last_normal_turn=last)
    caveats = ["6.13.2's 'up to 3 AFs' names no carrier: read as each carrier's (the fighters must stand on a carrier's own deck, and "
               "6.13.1 beside it limits each carrier); --limit-per side shares the 3 among the side's carriers",
               "bases do not launch on the warning (6.13.2 speaks of a carrier's flight deck; 12.8 lets a base launch an AOS's worth)",
               "a carrier attacked this turn may still launch (6.6 stops every air operation but launches); CAP does not fight at night "
               "unless a scenario rule lets it (13.2)"]
    rules = game.edition.cites("4.2", "4.3", "6.7.6", "6.10", "6.13.2")
    return CalcResult(f"Fighters launched on the strike warning of turn {params.turn}", tuple(lines), data, rules, tuple(caveats))


# --- the defender's last launch (12.8) ----------------------------------------------------------------

def _last_args(p) -> None:
    p.add_argument("--turn", type=int, required=True, metavar="TURN", help="the turn the strike arrives")
    p.add_argument("--spotted", type=int, default=0, metavar="N", help="readied AFs spotted aft, ready to take off (a base: readied AFs on the field)")
    p.add_argument("--hangar", type=int, default=0, metavar="N", help="readied AFs in the hangar (a carrier launches none of them in the AOS: 6.5, 6.8.1)")
    p.add_argument("--catapults", type=int, choices=(0, 1, 2), default=0, help="catapults used (6.9: 12 AFs an AOS, 4 with one, 8 with two; default 0)")
    p.add_argument("--base", action="store_true", help="a base, not a carrier (12.8: bases may do the same; 6.7.5: no spotting)")
    p.add_argument("--launch-rate", type=AOS_AFS, metavar="N", help="AFs launched an AOS, if not 6.9's (a base's: 6.9 gives a carrier's only; default 12)")
    p.add_argument("--unready-rate", type=AOS_AFS, metavar="N", help="AFs it unreadies in an AOS (6.8: the Air Operations Tables' readying rate)")
    p.add_argument("--previous-aos", choices=PREVIOUS_AOS_READINGS, default="separate",
                   help="the previous turn's AOS the AFs count in: an allowance of their own (default) or shared with what it launched or landed")
    p.add_argument("--launched-before", type=AOS_AFS, default=0, metavar="N", help="AFs it launched in the previous turn's AOS (--previous-aos shared)")
    p.add_argument("--landed-before", action="store_true", help="it landed aircraft in the previous turn's AOS (6.7; --previous-aos shared)")
    p.add_argument("--endurance", type=int, metavar="TURNS", help="the launched AFs' endurance: their last turn of normal endurance")
    p.add_argument("--role", choices=ROLES, help="the launched AFs' role: fighters, dive and torpedo bombers pay for combat (4.3)")
    p.add_argument("--combat-turns", type=int, default=0, metavar="N", help="turns of combat they fly (4.3)")


def shown_fraction(on: int, die: int = 10) -> str:
    """A D10 roll of ``on`` or less as a fraction: ``1/5``."""
    return str(Fraction(on, die))


def _last_refusals(params) -> None:
    if params.spotted < 0 or params.hangar < 0 or params.combat_turns < 0 or (params.endurance is not None and params.endurance < 1):
        raise CalcInputError("--spotted, --hangar and --combat-turns are 0 or more, --endurance 1 or more")
    if params.base and params.catapults:
        raise CalcInputError(f"--catapults {params.catapults}: a base has none (FFTS 6.9: catapults are a carrier's)")
    if params.combat_turns and params.endurance is None:
        raise CalcInputError(f"--combat-turns {params.combat_turns}: give the AFs' --endurance too (combat counts against it, 4.3)")
    if params.previous_aos == "separate" and (params.launched_before or params.landed_before):
        given = "--launched-before" if params.launched_before else "--landed-before"
        raise CalcInputError(f"{given}: counts only with --previous-aos shared (read separate, 12.8's AOS is an allowance of its own)")


def _last_run(game, params) -> CalcResult:
    _last_refusals(params)
    rates = game.edition.param("launch_per_aos", {"no-catapult": 12, "one-catapult": 4, "two-catapults": 8})
    rate = params.launch_rate if params.launch_rate is not None else int(rates[("no-catapult", "one-catapult", "two-catapults")[params.catapults]])
    readied = params.spotted + params.hangar
    launchable = readied if params.base else params.spotted  # 6.7.5: a base spots none; 6.5, 6.8.1: a carrier launches, then moves
    a = last_launch(launchable, readied, rate, params.unready_rate, params.launched_before, params.landed_before, params.previous_aos)
    what = "base" if params.base else "carrier"
    before = params.turn - 1
    lines = [f"{counted(readied, 'readied AF')} aboard the {what}" + ("" if params.base else f", {params.spotted} spotted aft to take off")
             + f": one AOS worth before the strike of turn {params.turn}, counted in turn {before}'s AOS (12.8)"]
    if params.launch_rate is not None:
        why = f"{rate} launch an AOS (--launch-rate)"
    elif params.base:
        why = f"{rate} launch an AOS, as from a carrier without catapults (6.9)"
    else:
        why = f"{rate} launch an AOS with {'no' if not params.catapults else params.catapults} catapult{'s' if params.catapults > 1 else ''} (6.9)"
    if params.previous_aos == "shared":
        why += ("; none, as it landed aircraft in that AOS (6.7)" if params.landed_before
                else f"; {params.launched_before} already launched in that AOS leave room for {a.room}")
    lines.append(f"launch: up to {counted(a.launch, 'AF')}; {why}" + ("" if params.base or params.hangar == 0 else
                 f"; the {params.hangar} in the hangar are not on deck to launch (6.5, 6.8.1)"))
    rate_said = (f"{params.unready_rate} an AOS (--unready-rate)" if params.unready_rate is not None
                 else "the Air Operations Tables' unreadying rate (6.8) not given: not checked")
    lines.append(f"or deready instead: up to {counted(a.deready_instead, 'AF')}; {rate_said}")
    lines.append(f"or launch {a.launch} and then deready up to {a.deready_after_launch} of the {a.stay_after_launch} left (6.5: an AOS launches, then readies)"
                 if a.stay_after_launch else f"or launch {a.launch}: none are left to deready")
    fueled, unfueled = int(game.edition.param("fire_on_fueled_af", 8)), int(game.edition.param("fire_on_unfueled_af", 2))
    lines.append(f"a dereadied AF destroyed aboard starts a fire on 1-{unfueled} of a D10 ({shown_fraction(unfueled)}), a readied one on "
                 f"1-{fueled} ({shown_fraction(fueled)}), and an armed strike aircraft's may explode too (17.3.4)")
    data = {"turn": params.turn, "counted_aos_turn": before, "base": params.base, "readied": readied, "launchable": launchable,
            "launch_rate": rate, "previous_aos": params.previous_aos, "room": a.room, "launch": a.launch, "deready_instead": a.deready_instead,
            "deready_after_launch": a.deready_after_launch, "unready_rate": params.unready_rate}
    if params.endurance is not None:
        roles = tuple(game.edition.param("combat_endurance_roles", ("fighter", "dive-bomber", "torpedo-bomber")))
        last = last_normal_turn(before, params.endurance, params.combat_turns, params.role or "", roles)
        lines.append(f"endurance {params.endurance}" + (f", {counted(params.combat_turns, 'turn')} of combat" if params.combat_turns else "")
                     + f": last turn of normal endurance {last} (4.2: launched in turn {before}'s AOS, so turn {params.turn} counts)")
        data.update(endurance=params.endurance, combat_turns=params.combat_turns, role=params.role, last_normal_turn=last)
    caveats = ["12.8 says 'launch or deready': both are given, one or the other, and both in the one AOS as 6.5's sequence would let a carrier",
               "counted in the previous turn's AOS: read as an allowance of its own, what that AOS did aside (the default); "
               "--previous-aos shared has it share that AOS's launch limit (6.9) and launch-or-land choice (6.7)",
               "only the carriers of the task force struck, and the base struck, launch so (12.8: a defending task force); "
               "launches need their wind over the deck (6.10)"]
    if params.base and params.launch_rate is None:
        caveats.append("6.9 gives a carrier's launches an AOS, not a base's: taken as 12, a carrier's without catapults (--launch-rate to change it)")
    rules = game.edition.cites("4.2", "6.5", "6.7", "6.8", "6.9", "12.8", "17.3.4")
    return CalcResult(f"The defender's last launch before the strike of turn {params.turn}", tuple(lines), data, rules, tuple(caveats))


DEFENCE_CALCULATIONS = {
    "strike-warning": Calculation("strike-warning", "readied fighters a carrier launches when a strike is announced, and their endurance",
                                  _warning_args, _warning_run,
                                  ("chartroom calc fire-from-the-skies strike-warning --turn 20 --flight-deck Yorktown=4 --endurance 12",)),
    "last-launch": Calculation("last-launch", "readied AFs a carrier or base struck may launch or deready before the strike arrives (12.8)",
                               _last_args, _last_run, ("chartroom calc fire-from-the-skies last-launch --turn 20 --spotted 8 --hangar 4",)),
}
