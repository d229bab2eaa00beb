"""What a name in a document stands for in its game: a counter, a place (by name or hex), a box or zone,
a record of the scenario's own (a ship, an aircraft type: any entry with an ``id:``), a finding's code.

The answers are plain data that hover, completion and go-to-definition read.
"""

from __future__ import annotations

from toolkit.findings import Location
from toolkit.load import Document
from toolkit.records import lazy_dataclass
from toolkit.session import Opened

__all__ = ["Named", "named", "records_by_id", "check_codes", "counter_use"]


@lazy_dataclass
class Named:
    """A name found in the game: what kind of thing it is, the object, and where it is defined."""

    kind: str  # "counter", "place", "box", "area", "hex", "record"
    value: object
    at: Location | None


def records_by_id(documents: list[Document]) -> dict[str, tuple[dict, Location, str]]:
    """Every entry with an ``id:`` in a top-level list of ``documents`` (later files first): id -> (entry, where, section)."""
    found: dict = {}
    for document in reversed(documents):
        data = document.data if isinstance(document.data, dict) else {}
        for section, value in data.items():
            if not isinstance(value, list):
                continue
            for index, entry in enumerate(value):
                if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                    found.setdefault(entry["id"], (entry, document.locate((section, index)), section))
    return found


def named(word: str, model: Opened | None, documents: list[Document]) -> Named | None:
    """What ``word`` names in the game of ``model`` (or among the records of ``documents``), or None."""
    if model is not None and model.game is not None:
        game = model.game
        if word in game.counters:
            return Named("counter", game.counters[word], game.counters[word].at)
        places = game.map.places
        if word in places:
            return Named("place", places[word], places[word].at)
        by_hex = next((p for p in places.values() if p.hex == word), None)
        if by_hex is not None:
            return Named("place", by_hex, by_hex.at)
        if word in game.map.boxes:
            return Named("box", game.map.boxes[word], game.map.boxes[word].at)
        if word in game.map.area_kinds:
            return Named("area", word, None)
        if word in game.map.hexes:
            return Named("hex", word, None)
    records = records_by_id(documents)
    if word in records:
        entry, at, section = records[word]
        return Named("record", (section, entry), at)
    return None


def check_codes(model: Opened | None) -> dict:
    """The game's checks by finding code."""
    if model is None or model.module is None:
        return {}
    return {check.code: check for check in model.module.checks()}


def counter_use(model: Opened, counter_id: str) -> tuple[int, int]:
    """How many of a counter the scenario places in its set-up and on its Turn Record Track."""
    scenario = model.scenario
    if scenario is None:
        return 0, 0
    setup = sum(entry.count for placement in scenario.setup for entry in placement.units if entry.counter == counter_id)
    track = sum(entry.count for _turn, placement in scenario.turn_track for entry in placement.units if entry.counter == counter_id)
    return setup, track
