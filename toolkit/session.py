"""One session: open a path (a game folder, a scenario or variant, any data file) and get the
game, the scenario, its game module, the findings and a verdict.

Every command opens what it works on through a :class:`Session` and then only chooses a
reporter and an exit status. The session owns the caches of what it opened (bounded); a
cache never changes an answer, only how fast it comes:

- the games it built (:class:`~toolkit.model.build.GameCache`, reused while their files are unchanged);
- the game modules it imported;
- its memos (:class:`~toolkit.load.memo.SessionMemos`): what a game folder's files decide, such as
  the validators of its overlay schemas, kept while the session works (every public method below
  makes them the memos at work); what every variant of a base shares, built once: the bases' set-up
  (``scenario-bases``, keyed by each base file's content), a scenario's own map, the set-up's units,
  the checks' citations (each memo holds the objects it was built from, so a new one is never mistaken for them);
- what one command asks the file system again and again (a path's links, the folder holding ``game.yaml``,
  the files a cached game or a base checked alone read), answered once while its outermost method runs
  (:func:`~toolkit.load.memo.while_working`).

What stays process-wide is a pure function of immutable input, each saying so where it is kept:
the core schemas and what is built from them alone (they ship with the package), documents and
schema verdicts keyed by their content's digest, the package's own folder and versions, the
template environments (jinja re-reads a changed template), and Fire in the Sky's map graphs
(kept for as long as the immutable map they are built from).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Mapping

from toolkit.errors import InputError
from toolkit.exits import for_findings
from toolkit.findings import Finding, LoadError, Location
from toolkit.games import GameModule, GameModuleError, SiteData, command_clashes, default_module, game_module
from toolkit.inherited import place_inherited
from toolkit.load import Document, display_path, load_file, resolved, unsaved_text, yaml_files
from toolkit.load.memo import SessionMemos, remembered, while_working_on
from toolkit.model import Game
from toolkit.model.build import GameCache, Loaded, bundled_scenarios, document_game_root, load_game, load_scenario, read_document, suggest
from toolkit.model.reading import find_game_root, manifest_editions
from toolkit.records import lazy_dataclass
from toolkit.rules import run_checks
from toolkit.schema import validate
from toolkit.written_for import edition_note

__all__ = ["Session", "Opened", "GAME_KINDS"]

#: Document kinds that belong to a game's own data (an error in one makes every answer suspect).
GAME_KINDS = ("game", "map", "counters", "edition", "schedule", "errata", "charts")


@lazy_dataclass
class Opened(Loaded):
    """What opening a path gave: what loading gave (documents, findings, model) and the game's module."""

    module: GameModule | None = None
    checked: bool = False  # the rules checks ran (the scenario loaded without errors)

    @property
    def exit_status(self) -> int:
        return for_findings(self.findings)

    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    def game_errors(self) -> list[Finding]:
        """Errors in the game's own files (manifest, map, counters, editions, schedules, charts)."""
        own_map = self.scenario.map_file if self.scenario is not None else ""  # a scenario's own map is the scenario's data
        game_files = {d.name for d in self.documents if not (isinstance(d.data, dict) and d.data.get("kind") == "scenario") and d.name != own_map}
        return [f for f in self.errors() if f.location.file in game_files or f.code == "GAME-MODULE"]

    def map_errors(self) -> list[Finding]:
        """Errors in the map a scenario is played on, where it brings its own: a ``map:`` that names no map (REF-MAP),
        or an error in that map's file. The game's own map is :meth:`game_errors`'."""
        own_map = self.scenario.map_file if self.scenario is not None else ""
        return [f for f in self.errors() if f.code == "REF-MAP" or (own_map and f.location.file == own_map)]

    def first_error(self, fallback: str = "") -> str:
        errors = self.errors()
        return f"{errors[0].location}: {errors[0].message}" if errors else fallback

    def left_out(self) -> str:
        """For a command that answers from a scenario with errors (an unknown counter or place): the line saying how many,
        that the entries concerned are left out, and the first, located; "" when it has none."""
        errors = self.errors()
        if not errors:
            return ""
        return (f"warning: {len(errors)} error(s) in the scenario, the entries concerned are left out; "
                f"first: {errors[0].location}: {errors[0].message}")


def _with_memos(method):
    """Run a session method with the session's memos at work (:meth:`SessionMemos.active`)."""

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self.memos.active():
            return method(self, *args, **kwargs)

    return run


class Session:
    """Opens games and scenarios, remembering the games it built (at most ``cache_size``) and its memos."""

    def __init__(self, cache_size: int = 8):
        self.games = GameCache(cache_size)
        self.memos = SessionMemos()
        self._modules: dict[str, GameModule | GameModuleError] = {}
        self._alone: dict = {}  # (scenario path, edition) -> (file stamps, files read, findings): bases checked alone
        self._alone_size = 2 * cache_size

    # --- game modules ------------------------------------------------------------------

    def module_named(self, name: str | None) -> GameModule:
        """The game module ``name``; raises :class:`GameModuleError` (remembered: one import per session)."""
        key = str(name)
        if key not in self._modules:
            try:
                self._modules[key] = game_module(name)
            except GameModuleError as error:
                self._modules[key] = error
        found = self._modules[key]
        if isinstance(found, GameModuleError):
            raise found
        return found

    def _attach_module(self, opened: Opened, loaded: Loaded) -> None:
        """Find the game's module and check the edition has the parameters the module reads."""
        game = opened.game
        manifest = next((d for d in loaded.documents if isinstance(d.data, dict) and d.data.get("kind") == "game"), None)
        try:
            opened.module = self.module_named(game.rules_module)
        except GameModuleError as error:
            opened.findings.append(Finding("error", "GAME-MODULE", str(error), _manifest_at(manifest, game)))
            return
        for message in command_clashes(opened.module, {}).values():  # a game may not shadow a core command
            opened.findings.append(Finding("error", "GAME-MODULE", message, _manifest_at(manifest, game)))
        edition_doc = next((d for d in loaded.documents if isinstance(d.data, dict) and d.data.get("kind") == "edition"
                            and d.data.get("edition") == game.edition.id), None)
        at = edition_doc.locate(("parameters",), key=True) if edition_doc else game.edition.at
        for name, needed_by in opened.module.required_parameters.items():
            if game.edition.param(name) is None:
                opened.findings.append(Finding("error", "EDITION-PARAMETER", f"the edition defines no parameter {name!r}, which {needed_by} need", at))
        opened.findings.extend(self._data_findings(opened.module, game))  # the game's own fields, which the core does not read

    def _data_findings(self, module: GameModule, game) -> list[Finding]:
        """What ``module`` finds in the game's own fields: once a session for one built game (every variant of a folder
        shares its game; the memo holds the game itself, so a new game with a reused id is never mistaken for it)."""
        known = remembered("game-data-findings", (module.name, id(game)), lambda: (game, list(module.data_findings(game))))
        return list(known[1]) if known[0] is game else list(module.data_findings(game))

    # --- opening -----------------------------------------------------------------------

    @_with_memos
    def open_scenario(self, path: str | Path, edition: str | None = None, *, checks: bool = True) -> Opened:
        """A scenario (its ``extends:`` chain resolved) and its game; with ``checks``, the rules findings too.

        A variant's findings located in its base are marked as the base's own or moved into the
        variant with the fix to write there (:func:`toolkit.inherited.place_inherited`).
        """
        opened = self._open(path, edition, checks)
        scenario = opened.scenario
        if not checks or scenario is None or len(scenario.files) < 2:
            return opened
        chain = [next(d for d in opened.documents if d.name == name) for name in scenario.files]
        opened.findings = place_inherited(
            opened.findings, chain[-1], chain[:-1], scenario.edition,
            alone=lambda base: self._findings(base, scenario.edition),
            recheck=lambda edit: self._findings(path, scenario.edition, edit))
        return opened

    def _findings(self, path: str | Path, edition: str, edit=None) -> list[Finding] | None:
        """Every finding of a scenario as it stands (no inherited ones placed); None when it cannot be checked.

        A base checked alone is remembered (bounded, and only while none of the files it read changed):
        every variant of a folder asks for it.
        """
        key = (str(resolved(Path(path))), edition)
        if edit is None:
            known = self._alone.get(key)  # the files it read are looked at once a command (every variant asks)
            if known is not None and known[0] == while_working_on(known, "stamps", lambda: _stamps(known[1])):
                return known[2]
        opened = self._open(path, edition, True, edit)
        found = opened.findings if opened.checked else None
        if edit is None:
            paths = [d.path for d in opened.documents]
            self._alone.pop(key, None)
            while len(self._alone) >= self._alone_size:
                self._alone.pop(next(iter(self._alone)))
            self._alone[key] = (_stamps(paths), paths, found)
        return found

    def _open(self, path: str | Path, edition: str | None, checks: bool, edit=None) -> Opened:
        loaded = load_scenario(path, edition, games=self.games, edit=edit)
        opened = Opened(list(loaded.findings), list(loaded.documents), loaded.game, loaded.scenario)
        if opened.game is None:
            return opened
        self._attach_module(opened, loaded)
        if checks and opened.ok and opened.scenario is not None and opened.module is not None:
            ctx = opened.module.context(opened.game, opened.scenario)
            self._written_for(opened, ctx, loaded)
            opened.findings.extend(run_checks(opened.module.checks(), ctx))
            opened.checked = True
        return opened

    def _written_for(self, opened: Opened, ctx, loaded) -> None:
        """A scenario checked in another edition than its own: its checks read its numbers on its own
        edition's scale (``ctx.written_for``), and one note at its top says so (toolkit/written_for.py)."""
        scenario, game = opened.scenario, opened.game
        if scenario.written_for == scenario.edition or scenario.written_for not in game.editions:
            return
        own = self.open_game(game.root, scenario.written_for).game
        if own is None:
            return
        ctx.written_for = own.edition
        document = next(d for d in loaded.documents if d.name == scenario.files[-1])
        at = document.locate(("edition",)) if "edition" in document.data else document.locate(())
        opened.findings.append(edition_note(own.edition, game.edition, opened.module.scenario_parameters, at))

    def game_root(self, name: str | Path) -> Path | None:
        """A game folder (holding game.yaml) or the folder of a bundled game by id."""
        folder = Path(name)
        if (folder / "game.yaml").is_file():
            return folder
        bundled = bundled_scenarios() / str(name)
        return bundled if (bundled / "game.yaml").is_file() else None

    def bundled_games(self) -> list[str]:
        root = bundled_scenarios()
        return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file()) if root.is_dir() else []

    def default_game(self) -> str:
        """The id of the game a command answers when it names none (the module that says it is the default)."""
        module = default_module()
        if module is None:
            raise InputError("no default game: give --game GAME (a game id or folder)")
        return module.game_id

    def module_of(self, name: str | Path) -> GameModule | None:
        """The module of the game ``name`` (an id or a folder), or None when there is no such game or its manifest
        names no module that imports (``chartroom check`` says why)."""
        root = self.game_root(name)
        manifest = self.game_manifest(root)[0] if root is not None else None
        if manifest is None:
            return None
        try:
            return self.module_named(manifest.get("rules_module"))
        except GameModuleError:
            return None

    def module_location(self, module: GameModule) -> str:
        """Where the manifest of ``module``'s game names it (``game.yaml:LINE:COL``), or the module's name."""
        root = self.game_root(module.game_id)
        try:
            document = self.read_file(root / "game.yaml") if root is not None else None
        except LoadError:
            document = None
        return str(document.locate(("rules_module",))) if document is not None else f"game module {module.name}"

    def editions_help(self) -> str:
        """The editions of every bundled game, for the help of ``--edition``: ``game: a, b; other: c``."""
        return "; ".join(f"{game}: {', '.join(manifest_editions(self.game_root(game)))}" for game in self.bundled_games())

    def unknown_game(self, name: str) -> str:
        return f"no game {name!r}: give a game id or a folder holding game.yaml{suggest(name, self.bundled_games())}"

    @_with_memos
    def open_game(self, root: Path, edition: str | None = None) -> Opened:
        """The game in ``root`` for one edition (default: its first)."""
        loaded = self.games.get(root, edition) if edition else None
        if loaded is None:
            loaded = load_game(root, edition)
            if loaded.game is not None and edition:
                self.games.put(root, edition, loaded)
        opened = Opened(list(loaded.findings), list(loaded.documents), loaded.game)
        if opened.game is not None:
            self._attach_module(opened, loaded)
        return opened

    def site_data(self, root: Path, module: GameModule, games: Mapping[str, Game]) -> SiteData:
        """What a game's own site pages read: its editions' games and its ``site_scenario`` (opened for the
        first edition, without the rules checks; ``None`` when it has none or the scenario does not load)."""
        if not module.site_scenario:
            return SiteData(games)
        first = next(iter(games.values()))
        opened = self.open_scenario(Path(root) / module.site_scenario, first.edition.id, checks=False)
        return SiteData(games, opened.scenario, opened.game if opened.scenario is not None else None)

    @_with_memos
    def game_manifest(self, root: Path) -> tuple[dict | None, Opened]:
        """The manifest in ``root`` (None when it cannot be read or fails its schema), and its findings."""
        probe = Loaded()
        manifest = read_document(root / "game.yaml", "game", probe, root)
        return (manifest.data if manifest is not None else None), Opened(probe.findings, probe.documents)

    @_with_memos
    def read_file(self, path: Path) -> Document:
        """One data file as read (positions kept); raises :class:`~toolkit.findings.LoadError` when it cannot be read."""
        return load_file(path)

    @_with_memos
    def validate(self, document: Document, kind: str, root: Path | None) -> list[Finding]:
        """The error findings of ``document`` against the schema of ``kind`` (with the overlay of the game in ``root``)."""
        return [f for f in validate(document, kind, root) if f.severity == "error"]

    def root_of(self, path: Path) -> Path | None:
        """The folder of the game a data file belongs to: ``game.yaml`` beside or above it, else the bundled game it names."""
        return find_game_root(path, self.game_of(path))

    def game_of(self, path: Path) -> str | None:
        """The game a data file names (``game:``), or None when it names none or cannot be read."""
        try:
            data = self.read_file(path).data
        except LoadError:
            return None
        game = data.get("game") if isinstance(data, dict) else None
        return game if isinstance(game, str) else None

    @_with_memos
    def open_document(self, path: Path) -> Opened:
        """Any data file, validated against its kind's schema only."""
        probe = Loaded()
        read_document(path, None, probe, document_game_root)
        return Opened(probe.findings, probe.documents)

    # --- chartroom check ---------------------------------------------------------------

    def editions_of(self, folder: Path) -> list[str] | None:
        """The edition ids the manifest in ``folder`` lists (None when it cannot be read)."""
        manifest, _ = self.game_manifest(folder)
        if manifest is None:
            return None
        return [e["id"] for e in manifest.get("editions", [])]

    @_with_memos
    def check_game_folder(self, folder: Path, edition: str | None = None) -> tuple[list[Finding], int, str]:
        """The game in ``folder`` (every edition, or ``edition``) and every scenario file under it.

        The scenarios are those its manifest lists and every other file of ``kind: scenario``
        under the folder (an unlisted variant is checked too); a YAML file there that cannot
        be read is reported, and another Chartroom data file the manifest does not name is
        checked against its schema. Returns the findings, the number of files checked and
        one line saying what was found.
        """
        manifest, probe = self.game_manifest(folder)
        if manifest is None:
            return probe.findings, 1, ""
        findings: list[Finding] = []
        files: set[str] = set()
        editions = [e["id"] for e in manifest.get("editions", [])]
        for one in [edition] if edition else editions:
            opened = self.open_game(folder, one)
            findings.extend(opened.findings)
            files.update(d.name for d in opened.documents)
        listed, unlisted, others = self._folder_files(folder, manifest, findings)
        used: set[Path] = set()  # files the scenarios read besides the game's (a scenario's own map)
        for path in listed + unlisted:
            opened = self.open_scenario(path, edition)
            findings.extend(opened.findings)
            files.add(display_path(path))
            used |= {resolved(d.path) for d in opened.documents}
        for path in others:
            if resolved(path) in used:
                files.add(display_path(path))
                continue
            findings.extend(self.open_document(path).findings)
            files.add(display_path(path))
        others = [path for path in others if resolved(path) not in used]
        return findings, len(files), _found(folder, [edition] if edition else editions, listed, unlisted, others)

    def _folder_files(self, folder: Path, manifest: dict, findings: list[Finding]) -> tuple[list[Path], list[Path], list[Path]]:
        """The scenario files the manifest lists, the scenario files under ``folder`` it does not list, and other
        Chartroom data files it does not name; a YAML file that cannot be read is a finding."""
        named = manifest.get("files", {})
        listed = [folder / name for name in named.get("scenarios", [])]
        game_files = [named.get(role) for role in ("map", "counters")] + list((named.get("editions") or {}).values())
        game_files += [name for role in ("schedules", "errata", "charts") for name in named.get(role, [])]
        known = {resolved(folder / "game.yaml")} | {resolved(folder / n) for n in game_files if isinstance(n, str)}
        known |= {resolved(path) for path in listed}
        unlisted, others = [], []
        for path in yaml_files([folder]):
            if resolved(path) in known:
                continue
            try:
                document = load_file(path)
            except LoadError as error:  # a broken variant must not pass unseen
                findings.append(error.finding())
                continue
            kind = document.data.get("kind") if isinstance(document.data, dict) else None
            if kind == "scenario":
                unlisted.append(path)
            elif isinstance(kind, str) and kind in GAME_KINDS:
                others.append(path)
        return listed, unlisted, others

    @_with_memos
    def check(self, paths: list[Path], edition: str | None = None, found: list[str] | None = None) -> tuple[list[Finding], int]:
        """Check every path: a game folder, a scenario, or any other data file (schema only).

        ``found`` (a list) receives one line per game folder saying which files it held.
        """
        findings: list[Finding] = []
        files = 0
        given: set[Path] = set()
        for path in paths:
            key = resolved(path)
            if key in given:  # the same file or folder named twice (a.yaml ./a.yaml, overlapping globs): once
                continue
            given.add(key)
            if path.is_dir():
                if not (path / "game.yaml").is_file():
                    findings.append(Finding("error", "LOAD-FILE", "folder has no game.yaml", Location(display_path(path))))
                    continue
                more, count, summary = self.check_game_folder(path, edition)
                findings.extend(more)
                files += count
                if found is not None and summary:
                    found.append(summary)
                continue
            files += 1
            try:
                document = load_file(path)
            except LoadError as error:
                findings.append(error.finding())
                continue
            kind = document.data.get("kind") if isinstance(document.data, dict) else None
            if kind == "scenario":
                findings.extend(self.open_scenario(path, edition).findings)
            else:
                findings.extend(self.open_document(path).findings)
        unique: dict = {}
        for f in findings:  # a base's own finding, met again through a variant, is shown once (the base's own words first)
            unique.setdefault((f.location, f.code) if f.extra.get("base_own") else (f.location, f.code, f.message), f)
        for f in findings:
            if not f.extra.get("base_own") and (f.location, f.code) in unique and unique[(f.location, f.code)] is not f:
                unique.pop((f.location, f.code))
                unique[(f.location, f.code, f.message)] = f
        return sorted(unique.values(), key=Finding.sort_key), files


def _manifest_at(manifest, game) -> Location:
    """Where the manifest names the game's module (its ``rules_module:``)."""
    return manifest.locate(("rules_module",)) if manifest else Location(str(game.root / "game.yaml"))


def _stamps(paths: list[Path]) -> tuple:
    """Modification times and sizes of the files a check read (of an unsaved text, the text): what it remembers is
    reused only while they match."""
    out = []
    for path in paths:
        text = unsaved_text(path)
        if text is not None:
            out.append(("unsaved", len(text), hash(text)))
            continue
        try:
            stat = path.stat()
            out.append((stat.st_mtime_ns, stat.st_size))
        except OSError:
            out.append(None)
    return tuple(out)


def _found(folder: Path, editions: list[str], listed: list[Path], unlisted: list[Path], others: list[Path]) -> str:
    """What checking a game folder found: ``FOLDER: editions ...; N scenario files: ...; not listed in game.yaml: ...``."""
    def names(paths):
        return ", ".join(path.relative_to(folder).as_posix() for path in paths)

    count = len(listed) + len(unlisted)
    text = f"{display_path(folder)}: game data of edition{'s' if len(editions) > 1 else ''} {', '.join(editions)}; "
    text += f"{count} scenario file{'' if count == 1 else 's'}: {names(listed + unlisted) or 'none'}"
    if unlisted:
        text += f"; not listed in game.yaml: {names(unlisted)}"
    if others:
        text += f"; other data files not named in game.yaml: {names(others)}"
    return text
