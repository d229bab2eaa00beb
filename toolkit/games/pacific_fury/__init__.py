"""Pacific Fury: Guadalcanal 1942 (English edition): the game module.

Four sea zones with listed adjacency (PF 2.1), the players' bases and Operation Boxes, the
Initiative Track that also carries Henderson Field (PF 3.6, 6.2), task forces of types A, B
and C (PF 8.3). Its checks, its calculations (``chartroom calc pacific-fury``) and its aids.
"""

from __future__ import annotations

from toolkit.games import BaseGame

__all__ = ["GAME", "PacificFury"]


class PacificFury(BaseGame):
    name = "pacific_fury"
    game_id = "pacific-fury"
    map_kind = "areas"


GAME = PacificFury()
