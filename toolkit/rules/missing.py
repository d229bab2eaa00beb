"""Data a game's checks need, and what to say when a scenario leaves it out (``DATA-MISSING``).

A check that needs a rating, a table, a clock or a marker the scenario does not give cannot judge
that part of it; left silent, a half-finished scenario would read cleaner than one that marks its
gaps. Each game lists what its checks need as :class:`Need` records (data, not code), and its
``DATA-MISSING`` check yields :func:`missing_data` over them: one finding for each record that
lacks one, naming the checks that did not run for it, why, and what to write. A value marked as
a gap (``{empty: ...}``) is given, not missing: the game's own check names such gaps.
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator

from toolkit.findings import Location
from toolkit.model import Scenario
from toolkit.records import lazy_dataclass

__all__ = ["Need", "missing_data", "CODE"]

CODE = "DATA-MISSING"

#: A path step that stands for every record of a list.
EACH = "*"


@lazy_dataclass(frozen=True)
class Need:
    """Data some checks read: where the scenario keeps it, the checks it feeds, and what to write.

    ``path`` starts at a top-level key of the scenario (``markers``, a game's own section) and may
    hold :data:`EACH` once, for every record of a list (``("ships", EACH, "ratings", "af_capacity")``);
    ``applies`` narrows the records that need it (carriers only). ``checks`` are the codes that
    do not run without it; ``effect`` says what happens instead when they still run on a default.
    ``rule`` is the rule key cited; ``write`` is the YAML to add.
    """

    path: tuple
    what: str
    checks: tuple[str, ...]
    rule: str
    write: str
    applies: Callable[[dict], bool] | None = None
    effect: str = ""
    record: str = ""  # what one record of the list is, for the message ("ship")
    when: Callable[[Scenario], bool] | None = None  # the scenarios that need it (those starting after Turn 1)


def _top(scenario: Scenario, key: str):
    """The scenario's value under a top-level key (its markers or a section), and a function locating a path inside it."""
    if key == "markers":
        return (scenario.markers or None), (lambda *path: scenario.markers[path[0]].at if path and path[0] in scenario.markers
                                            and hasattr(scenario.markers[path[0]], "at") else scenario.at)
    section = scenario.sections.get(key)
    if section is None:
        return None, (lambda *path: scenario.at)
    return section.value, section.locate


def _given(value, path: tuple) -> bool:
    for step in path:
        if isinstance(value, dict) and step in value:
            value = value[step]
        else:
            return False
    return value is not None


def _name(record, index: int) -> str:
    if isinstance(record, dict):
        for key in ("id", "at", "place", "name"):
            if key in record:
                return str(record[key])
    return f"entry {index + 1}"


def missing_data(scenario: Scenario, needs: Iterable[Need], cite: Callable[[str], str]) -> Iterator[tuple[str, Location, str]]:
    """``(message, location, citation)`` for each need the scenario leaves out, record by record."""
    for need in needs:
        if need.when is not None and not need.when(scenario):
            continue
        top, locate = _top(scenario, need.path[0])
        rest = need.path[1:]
        did_not = need.effect or f"{', '.join(need.checks)} did not run"
        if EACH not in rest:
            if not _given(top, rest):
                where = ".".join(str(p) for p in need.path)
                yield f"no {need.what} ({where}): {did_not}; write {need.write}", locate(*rest[:1]) if top is not None else locate(), cite(need.rule)
            continue
        cut = rest.index(EACH)
        records = top
        if cut and not _given(top, rest[:cut]):
            continue  # the list itself is absent: a need on the list says so
        for step in rest[:cut]:
            records = records[step]
        for i, record in enumerate(records if isinstance(records, list) else []):
            if need.applies is not None and not need.applies(record):
                continue
            if not _given(record, rest[cut + 1:]):
                yield (f"{(need.record + ' ') if need.record else ''}{_name(record, i)} has no {need.what}: {did_not} for it; write {need.write}",
                       locate(*rest[:cut], i), cite(need.rule))
