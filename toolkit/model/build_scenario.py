"""A scenario built from its file and the chain of base scenarios it ``extends:``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from toolkit.findings import OPTIONAL_UNKNOWN, Finding, LoadError
from toolkit.load import Document, load_file, resolved, unsaved_text
from toolkit.load.extends import MAX_EXTENDS, Root, resolve_extends, resolve_relative
from toolkit.load.memo import remembered, while_working, while_working_on
from toolkit.model import ControlEntry, Game, Marker, Placement, Scenario, Section, Stage, UnitEntry
from toolkit.model.build_game import build_units, load_game, optional_number, unknown_editions
from toolkit.model.build_map import build_map
from toolkit.model.reading import (
    Loaded,
    bundled_names,
    bundled_scenario,
    bundled_scenarios,
    check_document,
    document_game_root,
    find_game_root,
    is_bundled_name,
    read_document,
    suggest,
)
from toolkit.records import replace
from toolkit.words import counted

__all__ = ["load_scenario", "scenario_chain", "GameCache", "allowed_roots", "base_of"]


def allowed_roots(start: Path | None = None) -> list[Root]:
    """The folders ``extends:`` may reach when ``start`` (the file named on the command line) is opened.

    The working folder and the bundled games always; with ``start``, also its own folder and the
    nearest folder holding its game (``game.yaml`` beside it or above it), so a variant kept in its
    own folder or repository checks the same from any working folder.
    """
    roots: list[Root] = list(while_working(("allowed roots", os.getcwd()), lambda: (
        (resolved(Path.cwd()), "the working folder"), (resolved(bundled_scenarios()), "the bundled games"))))
    if start is not None:
        roots.append((resolved(start).parent, f"the folder of {Path(start).name}"))
        game = find_game_root(Path(start))
        if game is not None:
            roots.append((resolved(game), "the folder of its game"))
    return roots


def scenario_chain(path: Path, loaded: Loaded, edit: Callable[[Document], Document] | None = None) -> list[Document] | None:
    """The scenario documents from the root base to ``path``, each validated.

    ``edit`` (optional) changes the document at ``path`` once read (a variant with a key left out,
    to find which of its keys makes an inherited finding). A loop or an over-long chain is reported at the ``extends:`` line of the
    file being loaded (the variant), naming the files in the chain.
    """
    chain: list[Document] = []
    seen: list[Path] = []
    current = path
    roots = allowed_roots(path)
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
        document = read_document(current, "scenario", loaded, document_game_root)
        if document is None:
            return None
        if edit is not None and not chain:
            document = edit(document)
        chain.append(document)
        if "extends" not in document.data:
            break
        current, problem = base_of(document, roots)
        if problem is not None:
            loaded.findings.append(problem)
        if current is None:
            return None
    chain.reverse()
    return chain


def base_of(document: Document, roots) -> tuple[Path | None, Finding | None]:
    """The file a variant's ``extends:`` names: a bundled scenario by name (``fire-in-the-sky/short-campaign``: no
    ``.yaml`` ending, no ``.`` part; the same file from any folder and any install), else a path relative to the variant
    (``../short-campaign.yaml``), held inside the allowed roots (:func:`toolkit.load.extends.resolve_extends`)."""
    raw = document.data.get("extends")
    if not (isinstance(raw, str) and is_bundled_name(raw)):
        return resolve_extends(document, roots)
    found = bundled_scenario(raw)
    if found is not None:
        return found, None
    names = bundled_names()
    return None, Finding("error", "EXTENDS-PATH", f"extends: no bundled scenario named {raw!r}{suggest(raw, names)}; bundled scenarios: "
                                                   f"{', '.join(names) or 'none'} (a path to a file ends in .yaml)", document.locate(("extends",)))


class GameCache:
    """Games already built, by folder and edition; reused only while none of their files changed.

    Bounded (the oldest entry goes first); owned by whoever opens scenarios (the session).
    """

    def __init__(self, size: int = 8):
        self.size = size
        self._entries: dict = {}

    def get(self, root: Path, edition: str | None) -> Loaded | None:
        entry = self._entries.get((str(root), edition))
        # Its files are looked at once a command: every variant of a folder asks for its game.
        if entry is None or entry[0] != while_working_on(entry, "stamps", lambda: _mtimes(entry[1].documents)):
            return None
        return entry[1]

    def put(self, root: Path, edition: str | None, loaded: Loaded) -> None:
        self._entries.pop((str(root), edition), None)
        while len(self._entries) >= self.size:
            self._entries.pop(next(iter(self._entries)))
        self._entries[(str(root), edition)] = (_mtimes(loaded.documents), loaded)


def load_scenario(path: str | os.PathLike, edition: str | None = None, games: GameCache | None = None,
                  edit: Callable[[Document], Document] | None = None) -> Loaded:
    """Load a scenario (resolving ``extends:``), its game for the scenario's edition, and build both.

    ``edit`` changes the scenario's own document once read (see :func:`scenario_chain`).
    """
    path = Path(path)
    loaded = Loaded()
    chain = scenario_chain(path, loaded, edit)
    if chain is None:
        return loaded
    root_doc = chain[0]
    game_id = next((d.data.get("game") for d in reversed(chain) if d.data.get("game")), None)
    written_for = next((d.data.get("edition") for d in reversed(chain) if d.data.get("edition")), None)
    edition = edition or written_for
    root = find_game_root(root_doc.path, game_id)
    if root is None:
        loaded.findings.append(Finding("error", "REF-GAME", f"no game.yaml found beside the scenario or in its parent folders, and no bundled game {game_id!r}", root_doc.locate(("game",))))
        return loaded
    game_loaded = games.get(root, edition) if games is not None else None
    if game_loaded is None:
        game_loaded = load_game(root, edition)
        if game_loaded.game is not None and games is not None:
            games.put(root, edition, game_loaded)
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
    game, map_file = _scenario_map(chain, game, game_loaded, loaded)
    if game is None:
        return loaded
    loaded.game = game
    loaded.scenario = _build_scenario(chain, game, loaded, map_file=map_file, written_for=str(written_for or game.edition.id))
    return loaded


def _scenario_map(chain: list[Document], game: Game, game_loaded: Loaded, loaded: Loaded) -> tuple[Game | None, str]:
    """The game with the scenario's own map (``map:``, the latest file of the chain naming one), or as it is,
    and the map file's name ("" for the game's own).

    The file must be a map (``kind: map``) of the same game, said at the ``map:`` line before its
    contents are checked; it is then read like the game's map (its overlay schema, its editions,
    its map checks). No game when it cannot be used (the findings say why).
    """
    naming = next((d for d in reversed(chain) if "map" in d.data), None)
    if naming is None:
        return game, ""
    written, at = naming.data["map"], naming.locate(("map",))
    path, problem = resolve_relative(naming, "map", allowed_roots(chain[-1].path), "the map file", "REF-MAP", "map file",
                                     "the map beside the scenario")
    if problem is not None:
        loaded.findings.append(problem)
        return None, ""
    if any(resolved(d.path) == path for d in game_loaded.documents if isinstance(d.data, dict) and d.data.get("kind") == "map"):
        return game, ""  # the game's own map, named: nothing differs
    try:
        document = load_file(path)
    except LoadError as error:
        loaded.findings.append(error.finding())
        return None, ""
    data = document.data
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind != "map":
        loaded.findings.append(Finding("error", "REF-MAP", f"map: {written!r} is no map file (its kind is {kind!r}): name a file of kind: map", at))
        return None, ""
    if data.get("game") != game.id:
        loaded.findings.append(Finding("error", "REF-GAME", f"map: {written!r} is a map of {data.get('game')!r}, not of this game ({game.id!r})", at))
        return None, ""
    document = check_document(document, "map", loaded, game.root)  # checked every time: its overlay schema may change
    if document is None:
        return None, ""
    key = (document.name, str(document.path), document.digest, id(game))
    held = remembered("scenario-maps", key, lambda: (game, _with_own_map(document, game)))
    own, findings = held[1] if held[0] is game else _with_own_map(document, game)
    loaded.findings.extend(findings)
    return own, (document.name if own is not None else "")


def _with_own_map(document: Document, game: Game) -> tuple[Game | None, list[Finding]]:
    """The game with the map of ``document`` (read and validated, of this game) in place of its own, and what building
    it found; no game when the map cannot be used. Every variant of a scenario naming its own map asks the same: a
    session keeps it (memo ``scenario-maps``) by the map file's name, path and content and by the game itself."""
    probe = Loaded()
    editions = unknown_editions(document, list(game.editions))
    if editions:
        return None, editions
    side_of = {nation: side.id for side in game.sides for nation in side.nations}
    return replace(game, map=build_map(document, game.edition.id, probe, side_of)), probe.findings


def _mtimes(documents: list[Document]) -> tuple:
    """Modification times of the game's files (of an unsaved text, the text): a cached game is reused only while
    none changed."""
    stamps = []
    for document in documents:
        text = unsaved_text(document.path)
        if text is not None:
            stamps.append(("unsaved", len(text), hash(text)))
            continue
        try:
            stamps.append(document.path.stat().st_mtime_ns)
        except OSError:
            stamps.append(None)
    return tuple(stamps)


#: The keys of the core scenario schema; any other top-level key is a game's own section.
CORE_KEYS = frozenset({
    "kind", "game", "id", "title", "variant", "edition", "start_turn", "source", "reconstructed", "notes", "extends", "map",
    "optional_rules", "remove_optional_rules", "control", "setup", "remove", "markers", "turn_track", "remove_turn_track", "sunk",
})


class _Built:
    """What the files of a chain read so far give (the scenario before its next file), and the findings they made
    (a plain class: no dataclass is made when the module is imported)."""

    __slots__ = ("info", "optional", "control", "setup", "markers", "turn_track", "sunk", "removals", "sections", "findings", "stages")

    def __init__(self, info=None, optional=None, control=None, setup=None, markers=None, turn_track=None, sunk=None,
                 removals=None, sections=None, findings=None, stages=None):
        self.info: dict = {} if info is None else info
        self.optional: set = set() if optional is None else optional
        self.control: dict = {} if control is None else control  # base -> ControlEntry
        self.setup: list = [] if setup is None else setup
        self.markers: dict = {} if markers is None else markers
        self.turn_track: list = [] if turn_track is None else turn_track
        self.sunk: list = [] if sunk is None else sunk
        self.removals: list = [] if removals is None else removals  # every file's remove: and remove_turn_track: entries (a check may point at one)
        self.sections: dict = {} if sections is None else sections
        self.findings: list = [] if findings is None else findings
        self.stages: list = [] if stages is None else stages  # Stage, ...: what each file read so far left

    def copy(self) -> "_Built":
        """A copy the next file may change (every record in it is immutable; the containers are new)."""
        return _Built(dict(self.info), set(self.optional), dict(self.control), list(self.setup), dict(self.markers),
                      list(self.turn_track), list(self.sunk), list(self.removals), dict(self.sections), list(self.findings),
                      list(self.stages))


def _build_scenario(chain: list[Document], game: Game, loaded: Loaded, **more) -> Scenario:
    """The scenario of ``chain`` (the root base first), built onto its bases' set-up; ``more`` sets its other fields."""
    built = _bases_built(chain[:-1], game).copy()
    _apply(chain[-1], chain[0], built, game)
    loaded.findings.extend(built.findings)
    info, last = built.info, chain[-1]
    return Scenario(
        id=info.get("id") or last.path.stem, title=info.get("title") or last.path.stem, edition=game.edition.id,
        start_turn=info.get("start_turn", 1), optional_rules=frozenset(built.optional), control=tuple(built.control.values()),
        setup=tuple(built.setup), removals=tuple(built.removals), markers=built.markers, turn_track=tuple(built.turn_track),
        sunk=tuple(built.sunk), path=last.path, at=last.locate(()), variant=bool(info.get("variant", False)), notes=info.get("notes", ""),
        files=tuple(d.name for d in chain), sections=built.sections, stages=tuple(built.stages), **more,
    )


def _bases_built(bases: list[Document], game: Game) -> _Built:
    """What a variant's chain of bases gives before the variant's own file: every variant of a base shares it, so a
    session builds it once (its memo ``scenario-bases``), keyed by each base file's name, path and content (its digest)
    and by the game itself (held, so a new game that reuses a freed id is never mistaken for it). Never changed:
    :func:`_build_scenario` applies the variant to a copy."""
    if not bases:
        return _Built()
    key = (tuple((d.name, str(d.path), d.digest) for d in bases), id(game))
    held = remembered("scenario-bases", key, lambda: (game, _built_from(bases, game)))
    return held[1] if held[0] is game else _built_from(bases, game)


def _built_from(bases: list[Document], game: Game) -> _Built:
    built = _Built()
    for doc in bases:
        _apply(doc, bases[0], built, game)
    return built


def _apply(doc: Document, first: Document, built: _Built, game: Game) -> None:
    """Read one file of the chain (``first`` is the root base) into ``built``: it overrides, adds and removes."""
    counters = game.counters
    edition = game.edition.id
    places, boxes, hexes = game.map.places, game.map.boxes, game.map.hexes
    info, optional, control, setup, markers = built.info, built.optional, built.control, built.setup, built.markers
    turn_track, sunk, removals, sections = built.turn_track, built.sunk, built.removals, built.sections
    loaded = Loaded(built.findings)  # the findings of this file join those of the files before it
    data = doc.data
    for key in data:
        if key not in CORE_KEYS:  # the game's own section (its overlay validated it): the latest file's wins
            sections[key] = Section(key, data[key], doc)
    for key in ("id", "title", "start_turn", "variant", "notes"):
        if key in data:
            info[key] = data[key]
    info.setdefault("id", data.get("id"))
    # Optional rules are kept in the edition's own numbering: a v1.1 scenario checked with
    # --edition 2nd names 18.2.5, which is the 2nd edition's 16.2.5.
    for j, number in enumerate(data.get("optional_rules", [])):
        own = game.edition.optional_number(str(number))
        if own is None:
            message = f"optional rule {number} does not exist in {game.edition.citation}{suggest(number, game.edition.optional_rules)}"
            loaded.findings.append(Finding(OPTIONAL_UNKNOWN.severity, OPTIONAL_UNKNOWN.code, message, doc.locate(("optional_rules", j)),
                                           game.edition.cite(OPTIONAL_UNKNOWN.rule)))
        else:
            optional.add(own)
    for j, number in enumerate(data.get("remove_optional_rules", [])):
        own = optional_number(str(number), game.edition)
        if own not in optional:
            message = f"optional rule {number} is not in use in the base scenario; removing it changes nothing"
            loaded.findings.append(Finding("warning", "VARIANT-REMOVE", message, doc.locate(("remove_optional_rules", j))))
        optional.discard(own)
    for j, record in enumerate(data.get("control", [])):
        base = record["base"]
        at = doc.locate(("control", j))
        if base not in places:
            loaded.findings.append(Finding("error", "REF-PLACE", f"control names {base!r}, which is no base on the map{suggest(base, places)}", doc.locate(("control", j, "base"))))
            continue
        if doc is not first and base in control and record["side"] == places[base].printed_control:
            del control[base]  # a variant restoring the printed flag undoes its base's change
            continue
        control[base] = ControlEntry(base, record["side"], at)
    # Removals first: they take units out of the base's set-up, never out of this file's own additions.
    for section, target in (("remove", None), ("setup", setup)):
        for j, record in enumerate(data.get(section, [])):
            where = record["at"]
            if where not in places and where not in boxes and where not in hexes:
                named = [*places, *boxes, *game.map.area_kinds]  # an area map's zones are places too
                loaded.findings.append(Finding("error", "REF-PLACE", f"{where!r} is no place, box or hex on the map{suggest(where, named)}",
                                               doc.locate((section, j, "at"))))
                continue
            units = build_units(doc, (section, j, "units"), record["units"], counters, loaded, edition, game.edition)
            placement = Placement(where, record["side"], units, doc.locate((section, j)))
            if target is not None:
                target.append(placement)
            else:
                removals.append(placement)
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
    for j, record in enumerate(data.get("remove_turn_track", [])):  # removals first, as for the set-up
        units = build_units(doc, ("remove_turn_track", j, "units"), record["units"], counters, loaded, edition, game.edition)
        removal = Placement("Turn Record Track", record["side"], units, doc.locate(("remove_turn_track", j)))
        removals.append(removal)  # a check may point at it, as at a remove: entry
        _remove_from_track(turn_track, record["turn"], removal, loaded, doc, j)
    for j, record in enumerate(data.get("turn_track", [])):
        units = build_units(doc, ("turn_track", j, "units"), record["units"], counters, loaded, edition, game.edition)
        turn_track.append((record["turn"], Placement("Turn Record Track", record["side"], units, doc.locate(("turn_track", j)))))
    sunk.extend(build_units(doc, ("sunk",), data.get("sunk", []), counters, loaded, edition, game.edition))
    built.stages.append(Stage(doc.name, info.get("start_turn", 1), dict(sections), tuple(setup), tuple(turn_track)))


def _remove_from_track(turn_track: list, turn: int, removal: Placement, loaded: Loaded, doc: Document, j: int):
    """Take a variant's removals off one box of the base's Turn Record Track, reporting what is not there."""
    indices = [i for i, (t, _) in enumerate(turn_track) if t == turn]
    placements = [turn_track[i][1] for i in indices]
    _remove(placements, removal, loaded, doc, ("remove_turn_track", j))
    first = indices[0] if indices else len(turn_track)  # the box's entries stay where its first one was
    others = [(t, p) for t, p in turn_track if t != turn]
    turn_track[:] = others[:first] + [(turn, p) for p in placements] + others[first:]


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
                noun = "step" if unit.steps else "unit"
                message = f"cannot remove {counted(asked, noun)} of {what} at {removal.where} ({removal.side}): the base scenario has only {asked - remaining}"
            loaded.findings.append(Finding("error", "VARIANT-REMOVE", message, unit.at))
    setup[:] = [p for p in setup if p.units]
