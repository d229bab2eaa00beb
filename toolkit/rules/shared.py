"""Checks that are the same rule in more than one game, fed by each game's data.

A game registers a shared check under its own code and rule key (so every finding cites the
game's own rule number) with :func:`toolkit.rules.check`, wrapping one of these generators and
giving its own wording:

- a counter placed for the wrong side, :func:`counter_side`: Fire in the Sky's COUNTER-SIDE
  (v1.1 2.1; 2nd 3.1), Pacific Fury's PF-SIDE (PF 8.2), Fire from the Skies' FFTS-TF-SHIP (FFTS 5.3);
- a counter-mix limit, :func:`counter_mix`: COUNTER-MIX (v1.1 2.1; 2nd 3.1), PF-COUNTER-MIX (PF 2.0);
- units left on the Turn Record Track, :func:`turn_track_past`: TURN-TRACK-PAST (v1.1 7.1; 2nd 6.1),
  PF-TURN-TRACK-PAST (PF 8.1).

Fire from the Skies shares the first (a ship in a task force of the other side). It has no
counter-mix limit (each scenario lists its own ships and aircraft) and no Turn Record Track of
arrivals (its turn record is a plotting and search log, FFTS 8.2.5, 10.2).

Each generator yields ``(message, location)`` pairs, as a check does; the game's part (which
counters a pool holds, when units on the track have entered play, the message) is a parameter or
a :class:`~toolkit.rules.Context` method. The code names no game, side or rule number (this list only documents who uses it).
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Sequence

from toolkit.findings import Location
from toolkit.model import Placement, Scenario
from toolkit.records import lazy_dataclass

__all__ = ["Placed", "MixPool", "CounterPool", "PoolUse", "placed_units", "misplaced_units", "counter_side", "counter_mix", "turn_track_past", "newest_entry"]

Finding = tuple[str, Location]


@lazy_dataclass(frozen=True)
class Placed:
    """A counter (a unit, a ship) of one side placed with one side's forces."""

    name: str  # the counter's name, as players read it
    owner: str  # the side the counter belongs to
    side: str  # the side it is placed with
    where: str  # where it is placed (a set-up location, a task force)
    at: Location  # the YAML node that places it


@lazy_dataclass(frozen=True)
class MixPool:
    """Counters the counter mix limits together, and how many of them a scenario uses.

    One counter id with its printed count is the plain limit; a pool of several ids is a limit
    the rules set on a group (a side's Transports, say).
    """

    counters: tuple[str, ...]
    limit: float  # how many the counter mix holds
    used: float  # how many the scenario uses
    entries: Sequence  # the entries that use them, in file order (each with ``.at``)

    @property
    def excess(self) -> float:
        return self.used - self.limit


@lazy_dataclass(frozen=True)
class CounterPool:
    """Counter ids the rules make interchangeable, so the counter mix limits their total (a game's edition data says
    which). Air steps sit on counters of two steps or of one: a one-step counter holds one step only.
    """

    name: str  # as players say it ("US air units")
    counters: tuple[str, ...]
    two_step: int  # counters that hold up to two steps
    one_step: int  # counters that hold one step
    rule: str  # the rule that pools them, as cited

    def limit(self, odd_stacks: int) -> int:
        """How many two-step counters' worth the pool holds, given the stacks with an odd number of steps: a one-step
        counter takes the place of a two-step one only holding a stack's odd step, else two of them take one's place.

        >>> pool = CounterPool("US air units", ("us-air", "us-marine-air"), 10, 2, "FitS v1.1 2.1.1.2")
        >>> pool.limit(odd_stacks=3), pool.limit(odd_stacks=1), pool.limit(odd_stacks=0)
        (12, 11, 11)
        """
        alone = min(self.one_step, odd_stacks)
        return self.two_step + alone + (self.one_step - alone) // 2

    @property
    def total(self) -> int:
        return self.two_step + self.one_step


@lazy_dataclass(frozen=True)
class PoolUse:
    """A pool's counters in use at a scenario's start: ceil(steps/2) per stack, and how many stacks hold an odd number."""

    pool: CounterPool
    used: int
    odd_stacks: int


def newest_entry(scenario: Scenario, entries: Sequence):
    """The entry a finding points at: the last one in the newest file of an ``extends`` chain (the designer's own).

    >>> from types import SimpleNamespace as E
    >>> scenario = E(files=("base.yaml", "mine.yaml"))
    >>> mine = E(at=Location("mine.yaml", 3))
    >>> newest_entry(scenario, [mine, E(at=Location("base.yaml", 9))]) is mine
    True
    """
    newest = scenario.files[-1] if scenario.files else None
    mine = [e for e in entries if e.at.file == newest]
    return (mine or list(entries))[-1]


def placed_units(ctx) -> Iterator[Placed]:
    """The set-up's units (``ctx.units``) as :class:`Placed` records."""
    for unit in ctx.units:
        yield Placed(unit.counter.name, unit.counter.side, unit.side, unit.placement.where, unit.entry.at)


def misplaced_units(ctx) -> Iterator[Placed]:
    """The :func:`placed_units` placed with a side they do not belong to (a record is made only for those)."""
    for unit in ctx.units:
        if unit.counter.side != unit.side:
            yield Placed(unit.counter.name, unit.counter.side, unit.side, unit.placement.where, unit.entry.at)


def _default_side_message(ctx) -> Callable[[Placed], str]:
    name = ctx.game.side_name
    return lambda p: f"{p.name} belongs to {name(p.owner)} but is placed with {name(p.side)} at {p.where}: give it `side: {p.owner}`"


def counter_side(ctx, say: Callable[[Placed], str] | None = None, placed: Iterable[Placed] | None = None) -> Iterator[Finding]:
    """Counters placed with a side they do not belong to.

    ``placed`` defaults to the set-up's units (:func:`placed_units`); a game whose forces are
    organised otherwise (task forces) passes its own records. ``say`` words the finding.
    """
    say = say or _default_side_message(ctx)
    for item in misplaced_units(ctx) if placed is None else placed:
        if item.owner != item.side:
            yield say(item), item.at


def counter_mix(ctx, pools: Iterable[MixPool], say: Callable[[MixPool], str]) -> Iterator[Finding]:
    """Pools of counters used more often than the counter mix holds them, reported at the designer's newest entry."""
    for pool in pools:
        if pool.used > pool.limit and pool.entries:
            yield say(pool), newest_entry(ctx.scenario, pool.entries).at


def turn_track_past(ctx, say: Callable[[int, Placement], str]) -> Iterator[Finding]:
    """Units still on the Turn Record Track for a turn whose arrivals have entered play at the scenario's moment.

    When that is, is the game's: :meth:`toolkit.rules.Context.track_entered`.
    """
    for turn, placement in ctx.scenario.turn_track:
        if ctx.track_entered(turn):
            yield say(turn, placement), placement.at
