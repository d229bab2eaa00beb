"""What a scenario's optional rules change in a side's reinforcement schedule, as the schedule aid shows it.

A game module gives one (:meth:`toolkit.games.BaseGame.schedule_notes`) and the renderer reads it
(:func:`toolkit.render.aids.schedule`). It lives beside the model, as :mod:`toolkit.model.setup` does,
so that both can read it. The default is empty: the schedule as the data writes it.
"""

from __future__ import annotations

from toolkit.records import field, lazy_dataclass

__all__ = ["ScheduleNotes"]


@lazy_dataclass(frozen=True)
class ScheduleNotes:
    """``withheld``: (turn, value name) -> the rule that takes that scheduled value away (the aid leaves it out);
    ``arrivals``: (turn, counter id) -> a note on where or how that arrival enters play;
    ``notes``: sentences for the head of the schedule (the rule in use, in a player's words)."""

    withheld: dict = field(default_factory=dict)
    arrivals: dict = field(default_factory=dict)
    notes: tuple[str, ...] = ()
