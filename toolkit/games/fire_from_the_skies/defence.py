"""A defender's launches when a strike comes (FFTS 6.13.2, 12.8), as pure functions of counts and turns.

6.13.2: up to 3 AFs of readied fighters launch when a strike is announced, from a carrier's flight deck
with no other AF in front of them (aircraft launch front to back, 6.7.6); they count as launched the turn
before for endurance (4.2: the launch turn is not counted, so the strike's turn is).
"""

from __future__ import annotations

from toolkit.games.fire_from_the_skies.air import last_normal_turn
from toolkit.records import lazy_dataclass

__all__ = ["LIMIT_READINGS", "PREVIOUS_AOS_READINGS", "FlightDeck", "LastLaunch", "last_launch", "scramble", "scramble_last_turn"]

#: Whom 6.13.2's "up to 3 AFs" binds: each carrier (the default) or the defending side as a whole.
LIMIT_READINGS = ("carrier", "side")


@lazy_dataclass(frozen=True)
class FlightDeck:
    """One carrier's flight deck when the strike is announced: readied fighter AFs, and other AFs spotted in front of them."""

    name: str
    fighters: int
    in_front: int = 0


def scramble(decks: tuple[FlightDeck, ...], limit: int = 3, per: str = "carrier") -> tuple[int, ...]:
    """Fighter AFs each deck launches on the strike warning (FFTS 6.13.2): none behind another AF (6.7.6), up to ``limit``.

    ``per="carrier"`` gives each deck ``limit``; ``per="side"`` shares ``limit`` among the decks, in the order given.

    >>> decks = (FlightDeck("a", 4), FlightDeck("b", 2), FlightDeck("c", 5, in_front=1))
    >>> scramble(decks), scramble(decks, per="side")
    ((3, 2, 0), (3, 0, 0))
    """
    launched, left = [], limit
    for deck in decks:
        n = 0 if deck.in_front else min(deck.fighters, limit if per == "carrier" else left)
        launched.append(n)
        left -= n
    return tuple(launched)


def scramble_last_turn(turn: int, endurance: int, combat_turns: int = 0) -> int:
    """Last turn of normal endurance of fighters launched on the strike warning of ``turn`` (6.13.2: as if launched on ``turn - 1``; 4.2, 4.3).

    >>> scramble_last_turn(20, 12), scramble_last_turn(20, 12, combat_turns=1)   # a launch in turn 20's AOS would last to 32
    (31, 30)
    """
    return last_normal_turn(turn - 1, endurance, combat_turns, "fighter", ("fighter",))


#: How 12.8's AFs stand to the previous turn's AOS they are counted in: an allowance of their own (the default), or
#: sharing that AOS's launch limit (6.9) and its launch-or-land choice (6.7).
PREVIOUS_AOS_READINGS = ("separate", "shared")


@lazy_dataclass(frozen=True)
class LastLaunch:
    """12.8 for one carrier or base: AFs it may launch, or deready instead, or deready after launching (6.5: launch, then ready)."""

    room: int
    launch: int
    deready_instead: int
    deready_after_launch: int
    stay_after_launch: int


def last_launch(launchable: int, readied: int, rate: int, unready_rate: int | None = None, launched_before: int = 0,
                landed_before: bool = False, previous_aos: str = "separate") -> LastLaunch:
    """One AOS worth of launching or dereadying before a strike arrives (FFTS 12.8).

    ``launchable`` readied AFs may take off in the AOS (a carrier's spotted aft, 6.7.6; a base's all, 6.7.5) of
    ``readied`` in all; ``rate`` AFs launch an AOS (6.9); ``unready_rate`` AFs are unreadied in an AOS (6.8: the
    Air Operations Tables; None when not given). Read ``shared``, the AOS of the previous turn has already
    launched ``launched_before`` and, if it landed aircraft, launches none (6.7: launch or land, not both).

    >>> last_launch(8, 10, 12)
    LastLaunch(room=12, launch=8, deready_instead=10, deready_after_launch=2, stay_after_launch=2)
    >>> last_launch(8, 10, 12, launched_before=6, previous_aos="shared").launch, last_launch(8, 10, 12, landed_before=True, previous_aos="shared").launch
    (6, 0)
    >>> last_launch(8, 10, 4, unready_rate=3)
    LastLaunch(room=4, launch=4, deready_instead=3, deready_after_launch=3, stay_after_launch=6)
    """
    room = rate
    if previous_aos == "shared":
        room = 0 if landed_before else max(rate - launched_before, 0)
    launch = min(launchable, room)
    cap = readied if unready_rate is None else unready_rate
    return LastLaunch(room, launch, min(readied, cap), min(readied - launch, cap), readied - launch)
