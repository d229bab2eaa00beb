"""From files to the model: load, validate against the schema, resolve references.

Each step reports its problems as findings located in the user's files. A file
that fails its schema is not built into the model (its findings are returned
and the model is ``None``); a reference to something that does not exist is a
finding with a did-you-mean suggestion.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.findings import ChartroomError, Finding, Location
from toolkit.load import Document, load_file, resolved
from toolkit.model import (
    Box, ControlEntry, Counter, Edition, Game, LandConnection, Map, Marker, Place, Placement,
    Scenario, ScheduleTurn, SplitHex, UnitEntry,
)
from toolkit.schema import validate

__all__ = ["Loaded", "load_game", "load_scenario", "find_game_root", "document_game_root", "bundled_scenarios", "suggest"]


def bundled_scenarios() -> Path:
    """The games shipped with Chartroom: ``scenarios/`` in a checkout, ``toolkit/bundled`` when installed."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package.parent / "scenarios", package / "bundled"):
        if candidate.is_dir():
            return candidate
    return package.parent / "scenarios"


def suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def in_edition(record: dict, edition: str) -> bool:
    editions = record.get("editions") if isinstance(record, dict) else None
    return not editions or edition in editions


@dataclass
class Loaded:
    """What loading produced: the documents read, the findings, and the model if it could be built."""

    findings: list[Finding] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)
    game: Game | None = None
    scenario: Scenario | None = None

    @property
    def ok(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


def _read(path: Path, kind: str | None, loaded: Loaded, game_root=None) -> Document | None:
    """Load and schema-validate one file; findings go to ``loaded``.

    ``game_root`` (a folder, or a function of the loaded document giving one) selects the
    game whose overlay schemas narrow the core schema; None checks against the core only.
    """
    try:
        document = load_file(path)
    except ChartroomError as error:
        loaded.findings.append(error.finding())
        return None
    loaded.documents.append(document)
    data = document.data
    if not isinstance(data, dict):
        loaded.findings.append(Finding("error", "SCHEMA-TYPE", "expected a mapping of keys at the top of the file", document.locate(())))
        return None
    actual = data.get("kind")
    if kind and actual != kind:
        loaded.findings.append(Finding("error", "SCHEMA-KIND", f"kind: expected {kind!r}, got {actual!r}", document.locate(("kind",))))
        return None
    from toolkit.schema import schemas

    if actual not in schemas():
        loaded.findings.append(Finding("error", "SCHEMA-KIND", f"kind: {actual!r} is not a Chartroom document kind{suggest(actual, schemas())}", document.locate(("kind",))))
        return None
    problems = validate(document, actual, game_root(document) if callable(game_root) else game_root)
    loaded.findings.extend(problems)
    return None if problems else document


# --- the game ------------------------------------------------------------------------

def document_game_root(document: Document) -> Path | None:
    """The game folder of a data file: ``game.yaml`` beside it or above it, else the bundled game it names."""
    game_id = document.data.get("game") if isinstance(document.data, dict) else None
    return find_game_root(document.path, game_id if isinstance(game_id, str) else None)


def find_game_root(start: Path, game_id: str | None = None) -> Path | None:
    """The folder holding ``game.yaml``: the scenario's folder or a parent, else the bundled game."""
    here = resolved(start).parent if start.is_file() or start.suffix else resolved(start)
    for folder in [here, *here.parents][:4]:
        if (folder / "game.yaml").is_file():
            return folder
    if game_id:
        bundled = bundled_scenarios() / game_id
        if (bundled / "game.yaml").is_file():
            return bundled
    return None


_game_cache: dict = {}


def load_game(root: Path, edition: str | None = None) -> Loaded:
    """Load every data file of the game in ``root`` for one edition (default: the first)."""
    loaded = Loaded()
    manifest = _read(root / "game.yaml", "game", loaded, root)
    if manifest is None:
        return loaded
    info = manifest.data
    editions = [e["id"] for e in info.get("editions", [])]
    edition = edition or editions[0]
    files = info.get("files", {})
    docs: dict[str, object] = {}
    for role, kind in (("map", "map"), ("counters", "counters")):
        if role in files:
            docs[role] = _read(root / files[role], kind, loaded, root)
    edition_files = files.get("editions", {})
    if edition not in edition_files:
        loaded.findings.append(Finding("error", "REF-EDITION", f"edition {edition!r} is not one of this game's editions: {', '.join(edition_files)}{suggest(edition, edition_files)}",
                                       manifest.locate(("files", "editions")), extra={"requested": True}))
        return loaded
    docs["edition"] = _read(root / edition_files[edition], "edition", loaded, root)
    schedule_docs = [_read(root / f, "schedule", loaded, root) for f in files.get("schedules", [])]
    errata_docs = [_read(root / f, "errata", loaded, root) for f in files.get("errata", [])]
    for f in files.get("charts", []) if isinstance(files.get("charts"), list) else list((files.get("charts") or {}).values()):
        _read(root / f, "charts", loaded, root)
    if not loaded.ok or any(d is None for d in docs.values()):
        return loaded
    for document in loaded.documents:
        loaded.findings.extend(_unknown_editions(document, editions))
    if not loaded.ok:
        return loaded

    edition_model = _build_edition(docs["edition"])
    from toolkit.graph.costs import REQUIRED_PARAMETERS

    for name in REQUIRED_PARAMETERS:
        if edition_model.param(name) is None:
            loaded.findings.append(Finding("error", "EDITION-PARAMETER", f"the edition defines no parameter {name!r}, which the map queries need",
                                           docs["edition"].locate(("parameters",), key=True)))
    game_map = _build_map(docs["map"], edition, loaded)
    counters = _build_counters(docs["counters"], edition, loaded, edition_model)
    schedules = []
    for doc in schedule_docs:
        if doc is not None:
            schedules.extend(_build_schedule(doc, edition, counters, loaded, edition_model))
    errata = tuple(e for doc in errata_docs if doc is not None for e in doc.data.get("errata", []) if doc.data.get("edition") == edition)
    loaded.game = Game(
        id=info["game"], title=info.get("title", info["game"]), root=root, edition=edition_model,
        map=game_map, counters=counters, schedules=tuple(schedules), errata=errata,
        editions=tuple(editions), rules_module=info.get("rules_module"),
    )
    return loaded


def _unknown_editions(document: Document, editions: list[str]) -> list[Finding]:
    """Edition ids in ``editions:`` lists and ``edition:`` keys must be the manifest's."""
    found = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "editions" and isinstance(value, list) and document.data.get("kind") != "game":
                    for i, item in enumerate(value):
                        if isinstance(item, str) and item not in editions:
                            found.append(Finding("error", "REF-EDITION", f"edition {item!r} is not one of this game's editions: {', '.join(editions)}{suggest(item, editions)}", document.locate(path + (key, i))))
                elif key == "edition" and isinstance(value, str) and document.data.get("kind") != "scenario" and value not in editions:
                    found.append(Finding("error", "REF-EDITION", f"edition {value!r} is not one of this game's editions: {', '.join(editions)}{suggest(value, editions)}", document.locate(path + (key,))))
                else:
                    walk(value, path + (key,))
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, path + (i,))

    walk(document.data, ())
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
        at=doc.locate(()), counterparts=counterparts,
    )


def _build_map(doc: Document, edition: str, loaded: Loaded) -> Map:
    from toolkit.graph.hexes import hex_id, neighbours

    data = doc.data
    hexes = set()
    for i, area in enumerate(data.get("playing_area") or []):
        if not in_edition(area, edition):
            continue
        first, last = area["rows"]
        for row in range(first, last + 1):
            hexes.add(hex_id(area["column"], row))
    places: dict[str, Place] = {}
    by_hex: dict[str, str] = {}
    for i, record in enumerate(data.get("places") or []):
        if not in_edition(record, edition):
            continue
        at = doc.locate(("places", i))
        place = Place(
            name=record["name"], hex=record["hex"], kind=record.get("kind", "base"),
            air=record.get("air", 0) or 0, port=record.get("port", 0) or 0, atoll=bool(record.get("atoll", False)),
            vp=record.get("vp", 0) or 0, flag=record.get("flag", "none") or "none", home_base=record.get("home_base"),
            resource=bool(record.get("resource", False)), sea=record.get("sea", True) is not False, at=at,
        )
        if place.name in places:
            loaded.findings.append(Finding("error", "MAP-DUPLICATE", f"place {place.name!r} is defined twice (first at line {places[place.name].at.line})", doc.locate(("places", i, "name"))))
        if place.hex in by_hex:
            loaded.findings.append(Finding("error", "MAP-DUPLICATE", f"hex {place.hex} already holds {by_hex[place.hex]!r}; one place per hex", doc.locate(("places", i, "hex"))))
        if hexes and place.hex not in hexes:
            loaded.findings.append(Finding("error", "MAP-OUTSIDE", f"{place.name} is at hex {place.hex}, which is not in the playing area", doc.locate(("places", i, "hex"))))
        places[place.name] = place
        by_hex[place.hex] = place.name
    connections = []
    for i, record in enumerate(data.get("land_connections") or []):
        if not in_edition(record, edition):
            continue
        a, b = record["between"]
        for j, name in enumerate((a, b)):
            if _resolve_hex(name, places, hexes) is None:
                loaded.findings.append(Finding("error", "REF-PLACE", f"land connection names {name!r}, which is no land hex on the map{suggest(name, places)}", doc.locate(("land_connections", i, "between", j))))
        connections.append(LandConnection(a, b, doc.locate(("land_connections", i))))
    impassable = set()
    for i, record in enumerate(data.get("impassable_hexsides") or []):
        if not in_edition(record, edition):
            continue
        pair = [_resolve_hex(x, places, hexes) or x for x in record["between"]]
        for j, h in enumerate(pair):
            if hexes and h not in hexes:
                loaded.findings.append(Finding("error", "MAP-OUTSIDE", f"impassable hexside names {record['between'][j]!r}, which is no hex in the playing area", doc.locate(("impassable_hexsides", i, "between", j))))
        if len(pair) == 2 and all(h in hexes for h in pair) and pair[1] not in neighbours(pair[0]):
            loaded.findings.append(Finding("error", "MAP-HEXSIDE", f"hexes {pair[0]} and {pair[1]} are not adjacent, so they share no hexside", doc.locate(("impassable_hexsides", i, "between"))))
        impassable.add(frozenset(pair))
    splits = []
    for i, record in enumerate(data.get("split_hexes") or []):
        if not in_edition(record, edition):
            continue
        halves = tuple((h["name"], tuple(h.get("neighbours", []))) for h in record.get("halves", []))
        if hexes and record["hex"] not in hexes:
            loaded.findings.append(Finding("error", "MAP-OUTSIDE", f"split hex {record['hex']} is not in the playing area", doc.locate(("split_hexes", i, "hex"))))
        else:
            for k, (_, reached) in enumerate(halves):
                for j, n in enumerate(reached):
                    if n not in neighbours(record["hex"]) or (hexes and n not in hexes):
                        loaded.findings.append(Finding("error", "MAP-HEXSIDE", f"{n} is not a hex next to the split hex {record['hex']} in the playing area", doc.locate(("split_hexes", i, "halves", k, "neighbours", j))))
        splits.append(SplitHex(record["hex"], record.get("name", record["hex"]), halves, doc.locate(("split_hexes", i))))
    boxes: dict[str, Box] = {}
    for i, record in enumerate(data.get("boxes") or []):
        if not in_edition(record, edition):
            continue
        entries = tuple(e["hex"] if isinstance(e, dict) else e for e in record.get("entry_hexes", []) if in_edition(e, edition))
        box = Box(record["name"], record.get("kind", "special"), record.get("nation"), record.get("home_base"),
                  record.get("connects_to"), entries, record.get("of"), doc.locate(("boxes", i)))
        for j, entry in enumerate(record.get("entry_hexes", [])):
            h = entry["hex"] if isinstance(entry, dict) else entry
            if hexes and h not in hexes:
                loaded.findings.append(Finding("error", "MAP-OUTSIDE", f"{box.name}: Entry Hex {h} is not in the playing area", doc.locate(("boxes", i, "entry_hexes", j))))
        if box.connects_to and box.connects_to not in places:
            loaded.findings.append(Finding("error", "REF-PLACE", f"{box.name} connects to {box.connects_to!r}, which is no base on the map{suggest(box.connects_to, places)}", doc.locate(("boxes", i, "connects_to"))))
        boxes[box.name] = box
    grid = data.get("grid") or {}
    return Map(frozenset(hexes), places, tuple(connections), frozenset(impassable), tuple(splits), boxes, grid.get("hex_km", 900))


def _resolve_hex(name: str, places: dict, hexes) -> str | None:
    if name in places:
        return places[name].hex
    if isinstance(name, str) and name in hexes:
        return name
    return None


def _build_counters(doc: Document, edition: str, loaded: Loaded, edition_model: Edition | None = None) -> dict[str, Counter]:
    counters: dict[str, Counter] = {}
    for i, record in enumerate(doc.data.get("counters") or []):
        if not in_edition(record, edition):
            continue
        counter = Counter(
            id=record["id"], name=record.get("name", record["id"]), side=record.get("side", "japan"),
            nation=record.get("nation", "japan"), type=record.get("type", "naval"), cls=record.get("class"),
            count=record.get("count", 1), ratings=dict(record.get("ratings") or {}), marine=bool(record.get("marine", False)),
            optional_rule=_optional(record.get("optional_rule"), edition_model), unlimited=bool(record.get("unlimited", False)),
            at=doc.locate(("counters", i)),
        )
        if counter.id in counters:
            loaded.findings.append(Finding("error", "COUNTER-DUPLICATE", f"counter id {counter.id!r} is defined twice for edition {edition}", doc.locate(("counters", i, "id"))))
        counters[counter.id] = counter
    return counters


def _optional(number, edition: Edition | None):
    """An optional rule number in the edition's own numbering (unknown numbers are kept, to be reported)."""
    if number is None or edition is None:
        return number
    return edition.optional_number(str(number)) or str(number)


def _units(doc: Document, path: tuple, records, counters: dict | None, loaded: Loaded, edition: str,
           edition_model: Edition | None = None) -> tuple[UnitEntry, ...]:
    units = []
    for j, record in enumerate(records or []):
        here = path + (j,)
        counter = record.get("counter")
        if counters is not None and counter not in counters:
            loaded.findings.append(_unknown_counter(counter, counters, doc.locate(here + ("counter",)), edition))
        units.append(UnitEntry(counter, record.get("count", 1), record.get("steps"), bool(record.get("reduced", False)),
                               _optional(record.get("optional_rule"), edition_model), bool(record.get("task_force", False)),
                               doc.locate(here)))
    return tuple(units)


def _unknown_counter(counter, counters, at: Location, edition: str) -> Finding:
    return Finding("error", "REF-COUNTER", f"no counter {counter!r} in the {edition} counter mix{suggest(counter, counters)}", at)


def _build_schedule(doc: Document, edition: str, counters: dict, loaded: Loaded, edition_model: Edition | None = None) -> list[ScheduleTurn]:
    side = doc.data.get("side")
    turns = []
    for i, record in enumerate(doc.data.get("turns") or []):
        if not in_edition(record, edition):
            continue
        units = _units(doc, ("turns", i, "units"), record.get("units"), counters, loaded, edition, edition_model)
        turns.append(ScheduleTurn(side, record["turn"], units, dict(record), doc.locate(("turns", i))))
    return turns


# --- scenarios -----------------------------------------------------------------------

MAX_EXTENDS = 16


def _allowed_roots() -> list[Path]:
    return [Path.cwd().resolve(), bundled_scenarios().resolve()]


def _resolve_extends(document: Document, loaded: Loaded) -> Path | None:
    """The base scenario's path, refused if absolute, with backslashes, or outside the allowed roots.

    The path is walked one part at a time from the variant's folder: every step
    must stay inside an allowed root or on a root's own parent folders, so a
    path never enters (and so never probes) a folder outside; the target must
    then lie inside a root both as written and with symbolic links followed.
    Any path that leaves the roots gets the same message, whether or not
    something exists there.
    """
    raw = document.data.get("extends")
    at = document.locate(("extends",))
    if not isinstance(raw, str) or not raw.strip():
        loaded.findings.append(Finding("error", "EXTENDS-PATH", "extends: give the base scenario's path relative to this file", at))
        return None
    if "\\" in raw or raw.startswith(("/", "~")) or (len(raw) > 1 and raw[1] == ":") or os.path.isabs(raw):
        loaded.findings.append(Finding("error", "EXTENDS-PATH", "extends: use a relative path with forward slashes", at))
        return None
    roots = _allowed_roots()

    def inside(path: Path) -> bool:
        return any(path == root or root in path.parents for root in roots)

    here = resolved(document.path).parent
    for part in raw.split("/"):
        here = here.parent if part == ".." else here if part in ("", ".") else here / part
        if not (inside(here) or any(here == root or here in root.parents for root in roots)):
            break
    target = resolved(resolved(document.path).parent / raw)
    # Containment before existence: the message says nothing about files outside.
    if not (inside(here) and inside(target)):
        loaded.findings.append(Finding("error", "EXTENDS-PATH", "extends: the path leaves the folders Chartroom may read (the working folder and the bundled scenarios)", at))
        return None
    if not target.is_file():
        loaded.findings.append(Finding("error", "EXTENDS-PATH", f"extends: no scenario file at {raw!r}", at))
        return None
    return target


def _scenario_chain(path: Path, loaded: Loaded) -> list[Document] | None:
    """The scenario documents from the root base to ``path``, each validated.

    A loop or an over-long chain is reported at the ``extends:`` line of the
    file being loaded (the variant), naming the files in the chain.
    """
    chain: list[Document] = []
    seen: list[Path] = []
    current = path
    while True:
        real = resolved(current)
        if real in seen:
            names = " -> ".join([d.name for d in chain] + [chain[seen.index(real)].name])
            loaded.findings.append(Finding("error", "EXTENDS-CYCLE", f"extends: the chain of base scenarios loops: {names}", chain[0].locate(("extends",))))
            return None
        if len(seen) >= MAX_EXTENDS:
            loaded.findings.append(Finding("error", "EXTENDS-CYCLE", f"extends: more than {MAX_EXTENDS} scenarios in the chain", chain[0].locate(("extends",))))
            return None
        seen.append(real)
        document = _read(current, "scenario", loaded, document_game_root)
        if document is None:
            return None
        chain.append(document)
        if "extends" not in document.data:
            break
        current = _resolve_extends(document, loaded)
        if current is None:
            return None
    chain.reverse()
    return chain


def load_scenario(path: str | os.PathLike, edition: str | None = None) -> Loaded:
    """Load a scenario (resolving ``extends:``), its game for the scenario's edition, and build both."""
    path = Path(path)
    loaded = Loaded()
    chain = _scenario_chain(path, loaded)
    if chain is None:
        return loaded
    root_doc = chain[0]
    game_id = next((d.data.get("game") for d in reversed(chain) if d.data.get("game")), None)
    edition = edition or next((d.data.get("edition") for d in reversed(chain) if d.data.get("edition")), None)
    root = find_game_root(root_doc.path, game_id)
    if root is None:
        loaded.findings.append(Finding("error", "REF-GAME", f"no game.yaml found beside the scenario or in its parent folders, and no bundled game {game_id!r}", root_doc.locate(("game",))))
        return loaded
    key = (str(root), edition)
    cached = _game_cache.get(key)
    if cached is None or cached[0] != _mtimes(cached[1].documents):
        game_loaded = load_game(root, edition)
        if game_loaded.game is not None:
            _game_cache[key] = (_mtimes(game_loaded.documents), game_loaded)
    else:
        game_loaded = cached[1]
    for finding in game_loaded.findings:
        if finding.extra.get("requested"):  # the scenario asked for that edition: point at its line
            source = next((d for d in reversed(chain) if d.data.get("edition")), chain[-1])
            finding = Finding("error", "REF-EDITION", finding.message, source.locate(("edition",)))
        loaded.findings.append(finding)
    loaded.documents[:0] = game_loaded.documents
    if game_loaded.game is None:
        return loaded
    game = game_loaded.game
    loaded.game = game
    if game_id != game.id:
        loaded.findings.append(Finding("error", "REF-GAME", f"game: {game_id!r} does not match the game in {root / 'game.yaml'} ({game.id!r})", chain[-1].locate(("game",))))
    loaded.scenario = _build_scenario(chain, game, loaded)
    return loaded


def _mtimes(documents: list[Document]) -> tuple:
    """Modification times of the game's files: a cached game is reused only while none changed."""
    stamps = []
    for document in documents:
        try:
            stamps.append(document.path.stat().st_mtime_ns)
        except OSError:
            stamps.append(None)
    return tuple(stamps)


def _build_scenario(chain: list[Document], game: Game, loaded: Loaded) -> Scenario:
    counters = game.counters
    edition = game.edition.id
    places, boxes, hexes = game.map.places, game.map.boxes, game.map.hexes
    info: dict = {}
    optional: set[str] = set()
    control: dict[str, ControlEntry] = {}
    setup: list[Placement] = []
    markers: dict = {}
    turn_track: list = []
    sunk: list[UnitEntry] = []
    notes = ""
    for doc in chain:
        data = doc.data
        for key in ("id", "title", "start_turn", "variant", "notes"):
            if key in data:
                info[key] = data[key]
        info.setdefault("id", data.get("id"))
        # Optional rules are kept in the edition's own numbering: a v1.1 scenario checked with
        # --edition 2nd names 18.2.5, which is the 2nd edition's 16.2.5.
        for j, number in enumerate(data.get("optional_rules", [])):
            own = game.edition.optional_number(str(number))
            if own is None:
                loaded.findings.append(Finding("error", "OPTIONAL-UNKNOWN", f"optional rule {number} does not exist in {game.edition.citation}{suggest(number, game.edition.optional_rules)}", doc.locate(("optional_rules", j)), game.edition.cite("optional-counters")))
            else:
                optional.add(own)
        for j, number in enumerate(data.get("remove_optional_rules", [])):
            own = _optional(str(number), game.edition)
            if own not in optional:
                loaded.findings.append(Finding("warning", "VARIANT-REMOVE", f"optional rule {number} is not in use in the base scenario; removing it changes nothing", doc.locate(("remove_optional_rules", j))))
            optional.discard(own)
        for j, record in enumerate(data.get("control", [])):
            base = record["base"]
            at = doc.locate(("control", j))
            if base not in places:
                loaded.findings.append(Finding("error", "REF-PLACE", f"control names {base!r}, which is no base on the map{suggest(base, places)}", doc.locate(("control", j, "base"))))
                continue
            if doc is not chain[0] and base in control and record["side"] == places[base].printed_control:
                del control[base]  # a variant restoring the printed flag undoes its base's change
                continue
            control[base] = ControlEntry(base, record["side"], at)
        # Removals first: they take units out of the base's set-up, never out of this file's own additions.
        for section, target in (("remove", None), ("setup", setup)):
            for j, record in enumerate(data.get(section, [])):
                where = record["at"]
                if where not in places and where not in boxes and where not in hexes:
                    loaded.findings.append(Finding("error", "REF-PLACE", f"{where!r} is no place, box or hex on the map{suggest(where, list(places) + list(boxes))}", doc.locate((section, j, "at"))))
                    continue
                units = _units(doc, (section, j, "units"), record["units"], counters, loaded, edition, game.edition)
                placement = Placement(where, record["side"], units, doc.locate((section, j)))
                if target is not None:
                    target.append(placement)
                else:
                    _remove(setup, placement, loaded, doc, ("remove", j))
        for name, value in (data.get("markers") or {}).items():
            at = doc.locate(("markers", name))
            if isinstance(value, dict) and "value" in value:
                markers[name] = Marker(value["value"], at)
            elif isinstance(value, dict):
                merged = dict(markers.get(name) or {})
                for nation, number in value.items():
                    if nation not in ("source", "reconstructed"):
                        merged[nation] = Marker(number, doc.locate(("markers", name, nation)))
                markers[name] = merged
        for j, record in enumerate(data.get("turn_track", [])):
            units = _units(doc, ("turn_track", j, "units"), record["units"], counters, loaded, edition, game.edition)
            turn_track.append((record["turn"], Placement("Turn Record Track", record["side"], units, doc.locate(("turn_track", j)))))
        sunk.extend(_units(doc, ("sunk",), data.get("sunk", []), counters, loaded, edition, game.edition))
    last = chain[-1]
    return Scenario(
        id=info.get("id") or last.path.stem, title=info.get("title") or last.path.stem, edition=edition,
        start_turn=info.get("start_turn", 1), optional_rules=frozenset(optional), control=tuple(control.values()),
        setup=tuple(setup), markers=markers, turn_track=tuple(turn_track), sunk=tuple(sunk), path=last.path,
        at=last.locate(()), variant=bool(info.get("variant", False)), notes=info.get("notes", ""),
        files=tuple(d.name for d in chain),
    )


def _remove(setup: list[Placement], removal: Placement, loaded: Loaded, doc: Document, path: tuple):
    """Take a variant's removals out of the base set-up, reporting what is not there."""
    for unit in removal.units:
        remaining = unit.steps if unit.steps else unit.count
        for index, placement in enumerate(setup):
            if placement.where != removal.where or placement.side != removal.side or remaining <= 0:
                continue
            kept = []
            for entry in placement.units:
                if entry.counter == unit.counter and remaining > 0 and entry.reduced == unit.reduced:
                    have = entry.steps if entry.steps else entry.count
                    take = min(have, remaining)
                    remaining -= take
                    if have > take:
                        kept.append(UnitEntry(entry.counter, entry.count if entry.steps else have - take,
                                              have - take if entry.steps else None, entry.reduced, entry.optional_rule,
                                              entry.task_force, entry.at))
                else:
                    kept.append(entry)
            setup[index] = Placement(placement.where, placement.side, tuple(kept), placement.at)
        if remaining > 0:
            asked = unit.steps if unit.steps else unit.count
            what = f"{'reduced ' if unit.reduced else ''}{unit.counter}"
            if remaining == asked:
                message = f"cannot remove {what} at {removal.where} ({removal.side}): the base scenario has no such unit there"
            else:
                noun = "steps" if unit.steps else "units"
                message = f"cannot remove {asked} {noun} of {what} at {removal.where} ({removal.side}): the base scenario has only {asked - remaining}"
            loaded.findings.append(Finding("error", "VARIANT-REMOVE", message, unit.at))
    setup[:] = [p for p in setup if p.units]
