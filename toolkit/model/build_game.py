"""The game of one edition, built from its validated data files (manifest, map, counters, schedules)."""

from __future__ import annotations

from pathlib import Path

from toolkit.findings import Finding, Location
from toolkit.load import Document, resolved
from toolkit.load.memo import within_a_session
from toolkit.model import Counter, Edition, Game, ScheduleTurn, Side, UnitEntry
from toolkit.model.build_map import build_map
from toolkit.model.reading import Loaded, in_edition, read_document, suggest
from toolkit.words import edition_name

__all__ = ["load_game", "build_units", "optional_number", "unknown_editions"]


def load_game(root: Path, edition: str | None = None) -> Loaded:
    """Load every data file of the game in ``root`` for one edition (default: the first)."""
    with within_a_session():  # the game's overlay schemas read and judged once for all its files
        return _load_game(root, edition)


def _load_game(root: Path, edition: str | None) -> Loaded:
    loaded = Loaded()
    manifest = read_document(root / "game.yaml", "game", loaded, root)
    if manifest is None:
        return loaded
    info = manifest.data
    editions = [e["id"] for e in info.get("editions", [])]
    edition = edition or editions[0]
    files = info.get("files", {})
    if not _files_inside(root, files, manifest, loaded):
        return loaded
    docs: dict[str, object] = {}
    for role, kind in (("map", "map"), ("counters", "counters")):
        if role in files:
            docs[role] = read_document(root / files[role], kind, loaded, root)
    edition_files = files.get("editions", {})
    if edition not in edition_files:
        loaded.findings.append(Finding("error", "REF-EDITION", f"edition {edition!r} is not one of this game's editions: {', '.join(edition_files)}{suggest(edition, edition_files)}",
                                       manifest.locate(("files", "editions")), extra={"requested": True}))
        return loaded
    docs["edition"] = read_document(root / edition_files[edition], "edition", loaded, root)
    schedule_docs = [read_document(root / f, "schedule", loaded, root) for f in files.get("schedules", [])]
    errata_docs = [read_document(root / f, "errata", loaded, root) for f in files.get("errata", [])]
    chart_docs = [read_document(root / f, "charts", loaded, root) for f in files.get("charts", [])]
    if not loaded.ok or any(d is None for d in docs.values()):
        return loaded
    for document in loaded.documents:
        loaded.findings.extend(unknown_editions(document, editions))
    if not loaded.ok:
        return loaded

    sides = tuple(Side(r["id"], r.get("name", r["id"]), tuple(r.get("nations", ()))) for r in info.get("sides") or [])
    side_of = {nation: side.id for side in sides for nation in side.nations}
    edition_model = _build_edition(docs["edition"])
    game_map = build_map(docs["map"], edition, loaded, side_of)
    counters = _build_counters(docs["counters"], edition, loaded, edition_model)
    schedules = []
    for doc in schedule_docs:
        if doc is not None:
            schedules.extend(_build_schedule(doc, edition, counters, loaded, edition_model))
    errata = tuple(e for doc in errata_docs if doc is not None for e in doc.data.get("errata", []) if doc.data.get("edition") == edition)
    loaded.game = Game(
        id=info["game"], title=info.get("title", info["game"]), root=root, edition=edition_model,
        map=game_map, counters=counters, schedules=tuple(schedules), errata=errata,
        editions=tuple(editions), rules_module=info.get("rules_module"), sides=sides,
        nations={r["id"]: r.get("name", r["id"]) for r in info.get("nations") or []},
        citation=info.get("citation", ""), turns=_turns(info.get("turns")),
        charts=tuple(doc.data for doc in chart_docs if doc is not None and doc.data.get("edition") == edition),
    )
    return loaded


def _turns(record) -> tuple[int, int]:
    if isinstance(record, dict):
        return (int(record.get("first", 1)), int(record.get("last", record.get("first", 1))))
    return (1, 1)


def _not_an_edition(edition, editions: list[str]) -> str:
    return f"edition {edition!r} is not one of this game's editions: {', '.join(editions)}{suggest(edition, editions)}"


def unknown_editions(document: Document, editions: list[str]) -> list[Finding]:
    """Edition ids in ``editions:`` lists and ``edition:`` keys must be the manifest's."""
    found = []
    path: list = []  # the keys and indexes down to the node walked: made a tuple only for a finding (issue 22)

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "editions" and isinstance(value, list) and document.data.get("kind") != "game":
                    for i, item in enumerate(value):
                        if isinstance(item, str) and item not in editions:
                            found.append(Finding("error", "REF-EDITION", _not_an_edition(item, editions), document.locate((*path, key, i))))
                elif key == "edition" and isinstance(value, str) and document.data.get("kind") != "scenario" and value not in editions:
                    found.append(Finding("error", "REF-EDITION", _not_an_edition(value, editions), document.locate((*path, key))))
                elif isinstance(value, (dict, list)):
                    path.append(key)
                    walk(value)
                    path.pop()
        elif isinstance(node, list):
            for i, item in enumerate(node):
                if isinstance(item, (dict, list)):
                    path.append(i)
                    walk(item)
                    path.pop()

    walk(document.data)
    return found


def _build_edition(doc: Document) -> Edition:
    data = doc.data
    parameters = {}
    for name, record in (data.get("parameters") or {}).items():
        parameters[name] = record.get("value") if isinstance(record, dict) and "value" in record else record
    optional, counterparts = {}, {}
    for record in data.get("optional_rules") or []:
        optional[str(record.get("number"))] = record.get("title", "")
        if record.get("counterpart"):
            counterparts[str(record["counterpart"])] = str(record.get("number"))
    return Edition(
        id=data.get("edition"), citation=data.get("citation", data.get("edition")),
        rules=dict(data.get("rules") or {}), parameters=parameters, optional_rules=optional,
        at=doc.locate(()), counterparts=counterparts, title=data.get("title", ""),
        sequence_of_play=tuple(data.get("sequence_of_play") or ()),
    )


def _build_counters(doc: Document, edition: str, loaded: Loaded, edition_model: Edition | None = None) -> dict[str, Counter]:
    counters: dict[str, Counter] = {}
    for i, record in enumerate(doc.data.get("counters") or []):
        if not in_edition(record, edition):
            continue
        counter = Counter(
            id=record["id"], name=record.get("name", record["id"]), side=record["side"],
            nation=record.get("nation"), type=record.get("type", "naval"), cls=record.get("class"),
            count=record.get("count", 1), ratings=dict(record.get("ratings") or {}), marine=bool(record.get("marine", False)),
            optional_rule=optional_number(record.get("optional_rule"), edition_model), unlimited=bool(record.get("unlimited", False)),
            at=doc.locate(("counters", i)), unstated=tuple(record.get("unstated") or ()),
        )
        if counter.id in counters:
            loaded.findings.append(Finding("error", "COUNTER-DUPLICATE", f"counter id {counter.id!r} is defined twice for edition {edition}", doc.locate(("counters", i, "id"))))
        counters[counter.id] = counter
    return counters


def optional_number(number, edition: Edition | None):
    """An optional rule number in the edition's own numbering (unknown numbers are kept, to be reported)."""
    if number is None or edition is None:
        return number
    return edition.optional_number(str(number)) or str(number)


def _files_inside(root: Path, files: dict, manifest: Document, loaded: Loaded) -> bool:
    """Every file the manifest names lies in the game folder, symbolic links followed (issue 21 item 5: a path
    a file names is contained; the schema already refuses ``..`` and absolute paths)."""
    inside = resolved(root)
    ok = True
    for role, value in files.items():
        named = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else [(None, value)]
        for key, name in named:
            if not isinstance(name, str):
                continue
            target = resolved(root / name)
            if target != inside and inside not in target.parents:
                at = ("files", role) if key is None else ("files", role, key)
                loaded.findings.append(Finding("error", "REF-FILE", f"files.{role}: {name!r} leads outside the game folder "
                                               f"(a symbolic link to {target}); keep the game's files in its folder",
                                               manifest.locate(at)))
                ok = False
    return ok


def build_units(doc: Document, path: tuple, records, counters: dict | None, loaded: Loaded, edition: str,
           edition_model: Edition | None = None) -> tuple[UnitEntry, ...]:
    units = []
    for j, record in enumerate(records or []):
        here = path + (j,)
        counter = record.get("counter")
        if counters is not None and counter not in counters:
            loaded.findings.append(_unknown_counter(counter, counters, doc.locate(here + ("counter",)), edition))
        units.append(UnitEntry(counter, record.get("count", 1), record.get("steps"), bool(record.get("reduced", False)),
                               optional_number(record.get("optional_rule"), edition_model), bool(record.get("task_force", False)),
                               doc.locate(here)))
    return tuple(units)


def _unknown_counter(counter, counters, at: Location, edition: str) -> Finding:
    return Finding("error", "REF-COUNTER", f"no counter {counter!r} in the {edition_name(edition)} counter mix{suggest(counter, counters)}", at)


def _build_schedule(doc: Document, edition: str, counters: dict, loaded: Loaded, edition_model: Edition | None = None) -> list[ScheduleTurn]:
    side = doc.data.get("side")
    turns = []
    for i, record in enumerate(doc.data.get("turns") or []):
        if not in_edition(record, edition):
            continue
        units = build_units(doc, ("turns", i, "units"), record.get("units"), counters, loaded, edition, edition_model)
        turns.append(ScheduleTurn(side, record["turn"], units, dict(record), doc.locate(("turns", i))))
    return turns
