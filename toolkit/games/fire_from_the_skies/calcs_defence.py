"""``chartroom calc fire-from-the-skies strike-warning``: a defender's launches when a strike is announced (FFTS 6.13.2).

The arithmetic is :mod:`.defence`'s; this reads the options, refuses what cannot be, and writes the answer.
"""

from __future__ import annotations

import re

from toolkit.bounds import Bound, shown
from toolkit.games import CalcInputError, CalcResult, Calculation
from toolkit.games.fire_from_the_skies.defence import LIMIT_READINGS, FlightDeck, scramble, scramble_last_turn
from toolkit.words import counted

__all__ = ["DEFENCE_CALCULATIONS", "flight_decks"]

#: AFs on one flight deck: no rule bounds them; more than any carrier holds is a slip (as calcs.MAX_AFS).
MAX_AFS = 150
DECK = re.compile(r"(?:(?P<name>[^=]+)=)?\s*(?P<fighters>[0-9]+)\s*(?::\s*(?P<in_front>[0-9]+))?")
DECK_FORM = "write [CARRIER=]FIGHTERS[:IN_FRONT] (4, Yorktown=4, Yorktown=4:1)"
#: Wind over the deck, in knots (6.10): no rule bounds it; more than any carrier's speed and any wind together.
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


DEFENCE_CALCULATIONS = {
    "strike-warning": Calculation("strike-warning", "readied fighters a carrier launches when a strike is announced, and their endurance",
                                  _warning_args, _warning_run,
                                  ("chartroom calc fire-from-the-skies strike-warning --turn 20 --flight-deck Yorktown=4 --endurance 12",)),
}
