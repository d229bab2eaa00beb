"""The Event Phase's odds (PF 7.0-7.2): one die, once-only events rerolled once they have happened.

An event that already happened this game (other than a repeatable one, the US Heavy Bombers)
is rolled again, so each remaining event's chance is its faces over the faces of all the
remaining events. Events are the table's (:class:`toolkit.games.pacific_fury.tables.Event`).

>>> from toolkit.games.pacific_fury.tables import Event
>>> japan = (Event("torpedo-hits", "Torpedo Hit(s)", (1, 2, 3), True, ""),
...          Event("release-reserve", "Release Reserve", (4, 5), True, ""),
...          Event("bomber-offensive", "Bomber Offensive", (6,), True, ""))
>>> event_odds(japan, ["torpedo-hits"])
{'release-reserve': Fraction(2, 3), 'bomber-offensive': Fraction(1, 3)}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Sequence

from toolkit.errors import InputError
from toolkit.games.pacific_fury.tables import Event

__all__ = ["UnknownEvent", "remaining_events", "event_odds"]


class UnknownEvent(InputError, ValueError):
    """An event id the side's table does not list."""


def remaining_events(events: Sequence[Event], used: Iterable[str]) -> tuple[Event, ...]:
    """The events that can still happen: every repeatable one and each once-only one not yet used."""
    used = list(used)
    known = {e.id for e in events}
    for event_id in used:
        if event_id not in known:
            raise UnknownEvent(f"no event {event_id!r} on this table (events: {', '.join(e.id for e in events)})")
    return tuple(e for e in events if not e.once or e.id not in used)


def event_odds(events: Sequence[Event], used: Iterable[str] = ()) -> dict[str, Fraction]:
    """Chance of each event that can still happen, used once-only events being rerolled (PF 7.0).

    Empty when no event is left (every one once-only and used): the roll gives nothing.

    >>> from toolkit.games.pacific_fury.tables import Event
    >>> us = (Event("submarine-attack", "", (1,), True, ""), Event("heavy-bombers", "", (2, 3, 4), False, ""),
    ...       Event("ijn-overestimated", "", (5, 6), True, ""))
    >>> event_odds(us, ["heavy-bombers", "submarine-attack"])
    {'heavy-bombers': Fraction(3, 5), 'ijn-overestimated': Fraction(2, 5)}
    """
    left = remaining_events(events, used)
    faces = sum(len(e.faces) for e in left)
    return {e.id: Fraction(len(e.faces), faces) for e in left} if faces else {}
