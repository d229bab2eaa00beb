"""Pools of interchangeable air counters: the edition's ``counter_pools``.

Air units break down and combine at will within the counter mix (v1.1 2.1.1.2; 2nd 3.1.2), and some counters differ
in colour only: in v1.1 the two one-step blue US Marine air units and the green US Army ones (2.1.1.2 note); in the
2nd edition every Allied air unit, flags and colours being thematic (3.1 and 3.2 designer notes). Counters so pooled
count against the pool's total, not each against its own. Which counters each edition pools is data, with its reading.
"""

from __future__ import annotations

from toolkit.model import Game
from toolkit.rules.shared import CounterPool

__all__ = ["counter_pools"]


def counter_pools(game: Game) -> dict[str, CounterPool]:
    """Each pooled counter id and its pool (none without the edition's ``counter_pools``)."""
    pools: dict[str, CounterPool] = {}
    for record in game.edition.param("counter_pools") or ():
        ids = tuple(c for c in record.get("counters", ()) if c in game.counters)
        steps = {c: game.counters[c].steps or 2 for c in ids}
        pool = CounterPool(
            name=record.get("name", " + ".join(ids)), counters=ids,
            two_step=sum(game.counters[c].count for c in ids if steps[c] >= 2),
            one_step=sum(game.counters[c].count for c in ids if steps[c] == 1),
            rule=f"{game.edition.citation} {record.get('rule', '')}".strip())
        pools.update((c, pool) for c in ids)
    return pools
