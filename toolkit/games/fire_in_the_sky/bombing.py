"""Where and when the Allies may bomb Japan's oil (optional rule v1.1 18.1.3; 2nd 16.1.3).

In the Economic (Warfare) Phase of the Allied player turn, after the submarine attacks (v1.1 4.2; 2nd 5.0), the Allied
player may spend Transport Points he has left, one die each, if he has a friendly base within
``strategic_bombing_range`` (4) hexes of a Japanese Home Base to which a Supply Line runs from the US Home Base; never
on the first turn of either scenario (the Campaign's Turn 1, the Short Campaign's Turn 2). The dice get +1 while any
Allied-controlled base lies within ``strategic_bombing_near`` (2) hexes of a Japanese Home Base (Combat Table).
Distances are counted across any hexside, as the crow flies.
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.costs import param
from toolkit.games.fire_in_the_sky.records import home_base
from toolkit.games.fire_in_the_sky.state import GameState
from toolkit.games.fire_in_the_sky.supply import supply_line

__all__ = ["japanese_home_bases", "allied_base_near_japan", "bombing_base_refusal"]


def japanese_home_bases(state: GameState) -> list[str]:
    """Kure and Yokosuka: the places whose Home Base is Japan's, whoever holds them."""
    return sorted(p.name for p in state.map.places.values() if home_base(p) == "japan")


def _nearest_home(state: GameState, base: str) -> tuple[int | None, str]:
    distances = [(state.graph.distance(base, home), home) for home in japanese_home_bases(state)]
    known = [d for d in distances if d[0] is not None]
    return min(known) if known else (None, "")


def allied_base_near_japan(state: GameState) -> str | None:
    """An Allied-controlled base within ``strategic_bombing_near`` hexes of a Japanese Home Base (the +1), or None."""
    near = int(param(state.edition, "strategic_bombing_near"))
    for place in sorted(state.map.places.values(), key=lambda p: p.name):
        if place.is_base and state.controller(place.name) == "allied":
            distance, _ = _nearest_home(state, place.name)
            if distance is not None and distance <= near:
                return place.name
    return None


def bombing_base_refusal(state: GameState, base: str) -> str | None:
    """Why the Allies may not bomb from ``base`` (a sentence), or None: an Allied-controlled base within range of a
    Japanese Home Base, with a Supply Line from the US Home Base."""
    place = state.map.places.get(base)
    if place is None or not place.is_base:
        return f"{base} is not a base"
    if state.controller(base) != "allied":
        return f"{base} is not an Allied-controlled base"
    reach = int(param(state.edition, "strategic_bombing_range"))
    distance, home = _nearest_home(state, base)
    if distance is None or distance > reach:
        return f"{base} is {distance} hexes from the nearest Japanese Home Base ({home}); bombing needs a friendly base within {reach}"
    line = supply_line(state, "allied", base, nation="us")
    if not line.supplied:
        return f"no Supply Line from the US Home Base to {base}: {line.reason}"
    return None
