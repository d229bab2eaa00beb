"""A defender's launches when a strike comes (FFTS 6.13.2, 12.8), as pure functions of counts and turns.

6.13.2: up to 3 AFs of readied fighters launch when a strike is announced, from a carrier's flight deck
with no other AF in front of them (aircraft launch front to back, 6.7.6); they count as launched the turn
before for endurance (4.2: the launch turn is not counted, so the strike's turn is).
"""

from __future__ import annotations

from toolkit.games.fire_from_the_skies.air import last_normal_turn
from toolkit.records import lazy_dataclass

__all__ = ["LIMIT_READINGS", "FlightDeck", "scramble", "scramble_last_turn"]

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
