"""How Fire in the Sky's rules name a side before a noun: the Japanese player, Allied units, a Japanese-controlled base."""

from __future__ import annotations

__all__ = ["SIDE_ADJECTIVE", "adjective"]

#: The rules' adjective for each side id (the Japanese player, the Allied player; v1.1 1.0, 2nd 2.0).
SIDE_ADJECTIVE = {"japan": "Japanese", "allied": "Allied"}


def adjective(side: str) -> str:
    """``Japanese`` or ``Allied``; a side id the game does not know as it is."""
    return SIDE_ADJECTIVE.get(side, side)
