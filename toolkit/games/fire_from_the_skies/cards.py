"""Sighting cards (FFTS 8.1.1, 8.2.5, 9.3.1): the ship type a playing card stands for, and a searcher's record read back.

A task force's hand holds one card per ship; the card's suit and rank give the ship's type. The card
rows come from the charts (``sighting_cards``: ``suits`` and ``ranks`` per ship type), so a scenario
rule that changes them (8.1.1.6) is a data change. Cards are written as 8.2.5 writes them: the rank
(``a``, ``2``-``10``, ``j``, ``q``, ``k``) then the suit's initial (``s``, ``h``, ``d``, ``c``), or ``joker``.

>>> rows = [{"ships": "carrier", "suits": ["hearts", "diamonds"], "ranks": ["j", "q", "k"]},
...         {"ships": "cruiser", "suits": ["spades"], "ranks": ["a", "2", "10"]}]
>>> ship_of_card("kh", rows), ship_of_card("2S", rows)
('carrier', 'cruiser')
>>> read_search_record("O:2s, kh", rows)
('O', (('2s', 'cruiser'), ('kh', 'carrier')))
"""

from __future__ import annotations

from typing import Mapping, Sequence

from toolkit.errors import InputError

__all__ = ["CardError", "SUITS", "ship_of_card", "read_search_record"]

#: The suit a card's last letter names (8.2.5: "2s", "kh", "5d").
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")


class CardError(InputError):
    """A card or a search record that cannot be read."""


def _parts(card: str) -> tuple[str, str]:
    """(rank, suit) of a written card; ("joker", "") for a joker."""
    text = card.strip().casefold()
    if text == "joker":
        return "joker", ""
    rank, suit = text[:-1], SUITS.get(text[-1:], "")
    if rank not in RANKS or not suit:
        raise CardError(f"card {card.strip()!r}: write the rank (a, 2-10, j, q, k) then the suit's initial (s, h, d, c), "
                        f"as FFTS 8.2.5's '2s', 'kh', '5d', or 'joker'")
    return rank, suit


def ship_of_card(card: str, rows: Sequence[Mapping]) -> str:
    """The ship type ``card`` stands for in a task force's hand (8.1.1; a joker: dummy ships, 9.3.1)."""
    rank, suit = _parts(card)
    for row in rows:
        if rank in [str(r) for r in row.get("ranks", ())] and (rank == "joker" or suit in row.get("suits", ())):
            return str(row["ships"])
    raise CardError(f"card {card.strip()!r}: no ship type has it in the sighting cards (charts: sighting_cards, FFTS 8.1.1)")


def read_search_record(record: str, rows: Sequence[Mapping]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A search result as 8.2.5 records it, ``"O:2s, kh, 5d"``: the task force and each card seen with its ship type."""
    task_force, colon, cards = record.partition(":")
    seen = [c.strip() for c in cards.split(",") if c.strip()]
    if not colon or not task_force.strip() or not seen:
        raise CardError(f"search record {record.strip()!r}: write the task force, a colon and the cards seen, as FFTS 8.2.5's 'O:2s, kh, 5d'")
    return task_force.strip(), tuple((c.casefold(), ship_of_card(c, rows)) for c in seen)
