"""The open documents, checked from their unsaved text, and the games kept loaded between edits.

One :class:`~toolkit.session.Session` serves every request: it keeps the games it built and its memos, so a
one-line edit of a scenario re-reads only that scenario. The session is replaced when a file of a game
folder in use changes on disk (a ``git checkout``, a save from another program): nothing read before is reused.

Every check reads the editor's text of every open document instead of its file (``open_texts``, path -> text):
a variant is checked against its base as the editor holds it, saved or not, and so against the counters and
the map being edited. What the session keeps is kept by those texts too (:func:`toolkit.load.unsaved_text`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from toolkit.findings import Finding, LoadError, Location
from toolkit.load import MAX_FILE_BYTES, Document, display_path, load_text, resolved, unsaved
from toolkit.lsp.depends import linked_files
from toolkit.model.reading import find_game_root
from toolkit.records import field, lazy_dataclass
from toolkit.session import Opened, Session

__all__ = ["Checked", "Documents"]

#: The files of a game folder whose change means the games built from it are rebuilt.
_DATA_SUFFIXES = (".yaml", ".yml", ".json")


@lazy_dataclass
class Checked:
    """One document as checked: its text, its parsed form (None when it does not parse) and the findings."""

    path: Path | None
    text: str
    document: Document | None = None
    findings: list[Finding] = field(default_factory=list)
    note: str = ""  # why it was not checked (not a Chartroom data file, not a file on disk), for the log
    root: Path | None = None  # its game folder
    links: dict[Path, str] = field(default_factory=dict)  # the bases and maps its chain reads -> the key leading there

    @property
    def kind(self) -> str | None:
        data = self.document.data if self.document is not None else None
        kind = data.get("kind") if isinstance(data, dict) else None
        return kind if isinstance(kind, str) else None

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")


class Documents:
    """Checks documents from their text; keeps the session (games loaded) while the game folders stay unchanged."""

    def __init__(self, open_texts: Callable[[], dict[Path, str]] = dict):
        self.open_texts = open_texts  # the editor's open documents: path -> text (saved or not)
        self.session = Session()
        self._stamps: dict[Path, tuple] = {}  # game folder -> stamps of its data files when last used
        self._models: dict[Path, tuple[tuple, Opened | None]] = {}  # path -> (its text's digest and the other open texts, the model)
        self._scenarios: dict[Path, Opened] = {}  # path -> the last model of it that held its scenario

    # --- checking ---------------------------------------------------------------------

    def parse(self, path: Path | None, text: str) -> Checked:
        """The document parsed from ``text``, not checked (its findings: only why it does not parse)."""
        checked = Checked(path, text)
        name = display_path(path) if path is not None else "untitled"
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_FILE_BYTES:  # as check says of such a file on disk, without parsing it
            checked.findings = [Finding("error", "LOAD-SIZE", f"file is {size} bytes; Chartroom reads YAML files of at most {MAX_FILE_BYTES} bytes",
                                        Location(name))]
            return checked
        try:
            checked.document = load_text(text, name, path)
        except LoadError as error:
            checked.findings = [error.finding()]
        return checked

    def check(self, path: Path | None, text: str) -> Checked:
        """The findings ``chartroom check PATH --format json`` gives for ``path`` holding ``text`` (not saved yet)."""
        checked = self.parse(path, text)
        if checked.document is None:
            return checked
        name = checked.document.name
        if path is None:
            checked.note = "not a file on disk: only parsed (save it to have it checked)"
            return checked
        data = checked.document.data
        root = self.game_root(checked.document)
        if not (isinstance(data, dict) and "kind" in data) and root is None:
            checked.note = f"{name}: not a Chartroom data file (no kind: and no game.yaml beside it or above it): not checked"
            return checked
        self._keep_fresh(root)
        checked.root = resolved(root) if root is not None else None
        with unsaved(self._texts(path, text)):
            checked.findings = self.session.check([path])[0]
            checked.links = linked_files(checked.document) if data.get("kind") == "scenario" else {}
        return checked

    def _texts(self, path: Path, text: str) -> dict[Path, str]:
        """The texts a check of ``path`` (holding ``text``) reads instead of files: every open document's."""
        texts = dict(self.open_texts())
        texts[path] = text
        return texts

    def _others(self, path: Path) -> tuple:
        """What the open documents other than ``path`` hold, in short: a model built from ``path`` is kept while it stays."""
        mine = resolved(path)
        return tuple(sorted((str(p), len(t), hash(t)) for p, t in self.open_texts().items() if resolved(p) != mine))

    def game_root(self, document: Document) -> Path | None:
        """The game folder of a document: ``game.yaml`` beside or above it, else the bundled game it names."""
        data = document.data
        game = data.get("game") if isinstance(data, dict) else None
        return find_game_root(document.path, game if isinstance(game, str) else None)

    def _keep_fresh(self, root: Path | None) -> None:
        """A new session when a data file of ``root`` changed on disk since the session last used it."""
        if root is None:
            return
        root = resolved(root)
        now = _stamps(root)
        if root in self._stamps and self._stamps[root] != now:
            self.session = Session()
            self._models.clear()
            self._scenarios.clear()
            self._stamps.clear()
        self._stamps[root] = now

    # --- the model under the text (hover, completion, definition) ----------------------

    def last_model(self, path: Path | None) -> Opened | None:
        """The model last built for ``path`` that held its scenario (while the text being typed does not load,
        completion still knows the game and the scenario's records)."""
        return self._scenarios.get(path) if path is not None else None

    def model(self, checked: Checked) -> Opened | None:
        """The game (and the scenario, for a scenario) the document belongs to, built from its text; None when none loads."""
        document, path = checked.document, checked.path
        if document is None or path is None:
            return None
        key = (document.digest, self._others(path))
        known = self._models.get(path)
        if known is not None and known[0] == key:
            return known[1]
        data = document.data if isinstance(document.data, dict) else {}
        opened = None
        with unsaved(self._texts(path, checked.text)):
            if data.get("kind") == "scenario":
                opened = self.session.open_scenario(path, checks=False)
            if opened is None or opened.game is None:
                root = self.game_root(document)
                edition = data.get("edition") if isinstance(data.get("edition"), str) else None
                opened = self.session.open_game(root, edition) if root is not None else None
                if opened is not None and opened.game is None and edition:
                    opened = self.session.open_game(root)
        if opened is not None and opened.game is None:
            opened = None
        self._models[path] = (key, opened)
        if opened is not None and opened.scenario is not None:
            self._scenarios[path] = opened
        for memo in (self._models, self._scenarios):
            while len(memo) > 16:
                memo.pop(next(iter(memo)))
        return opened


def _stamps(root: Path) -> tuple:
    """Names, modification times and sizes of the data files under ``root``."""
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix in _DATA_SUFFIXES:
            try:
                info = path.stat()
            except OSError:
                continue
            found.append((str(path), info.st_mtime_ns, info.st_size))
    return tuple(found)
