"""Findings as LSP diagnostics: the finding's code, a range from the start to the end of the offending value
(0-based), its severity, the rule cited in the message, and related locations in other files.

Every finding ``chartroom check FILE`` gives for the document is shown in it, of every severity, none dropped:

- A finding in the open document is shown where it is.
- A finding a variant causes in its base is already moved into the variant by the session
  (:mod:`toolkit.inherited`), to the key that leads to it; the base's line is its related location.
- A finding located in another file is shown on the line of the document that leads to that file: ``extends:``
  for a base (the base's own findings, which the check of the variant gives too, saying so), ``map:`` for the map
  it names, else the first line (the game's data); the file and line are its related location, and the message
  starts with them. An error there that stops the document from being checked says so.
- A finding on a unit entry names the counter's line in ``counters.yaml`` as a related location (the counter mix).

Related locations in an open document are read from the editor's text (``texts``), else from the file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Mapping

from lsprotocol import types

from toolkit.findings import Finding, Location
from toolkit.inherited import node_path
from toolkit.load import resolved
from toolkit.lsp.documents import Checked
from toolkit.lsp.text import uri_of, value_at, value_end
from toolkit.session import Opened

__all__ = ["diagnostics", "range_of", "SEVERITY", "same_file"]

SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
            "info": types.DiagnosticSeverity.Information}

_LOCATION = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<column>\d+)$")


def same_file(name: str, path: Path | None) -> bool:
    return path is not None and resolved(Path(name)) == resolved(path)


def range_of(location: Location, lines: list[str]) -> types.Range:
    """The range of the value a finding points at: its start, and its end on the same line."""
    if not location.line:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    line, column = location.line - 1, max(location.column - 1, 0)
    text = lines[line] if line < len(lines) else ""
    return types.Range(types.Position(line, column), types.Position(line, max(value_end(text, column), column)))


def _file_range(location: Location, texts: Mapping[Path, str]) -> types.Location:
    """A location in another file (its value's end read from the editor's text of it, else from the file)."""
    path = Path(location.file)
    text = texts.get(resolved(path))
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
    return types.Location(uri_of(path), range_of(location, text.split("\n")))


def _leading_to(checked: Checked, file: str) -> types.Range:
    """The value of the document's key that leads to ``file`` (``extends:`` or ``map:``), else its first line's start."""
    key = checked.links.get(resolved(Path(file))) if file else None
    if key is None or checked.document is None:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    return range_of(checked.document.locate((key,)), checked.lines)


def _message(f: Finding) -> str:
    return f"{f.message} [{f.rule}]" if f.rule else f.message


def diagnostics(checked: Checked, model: Callable[[], Opened | None] = lambda: None,
                texts: Mapping[Path, str] | None = None) -> list[types.Diagnostic]:
    """The diagnostics of one checked document (``model()`` gives the game, for the counter mix's lines; asked only
    when a finding points at a unit entry; ``texts``: the editor's open documents, path -> text)."""
    out = []
    lines = checked.lines
    texts = {resolved(path): text for path, text in (texts or {}).items()}
    for f in checked.findings:
        here = checked.path is None or same_file(f.location.file, checked.path) or not f.location.file
        related = []
        if here:
            where = range_of(f.location, lines)
            message = _message(f)
            inherited = _LOCATION.match(str(f.extra.get("inherited_from", "")))
            if inherited:
                at = Location(inherited["file"], int(inherited["line"]), int(inherited["column"]))
                related.append(types.DiagnosticRelatedInformation(_file_range(at, texts), "where the base scenario has it"))
            counter = _counter_of(checked, f.location, model)
            if counter is not None:
                related.append(types.DiagnosticRelatedInformation(_file_range(counter.at, texts), f"{counter.name} in the counter mix"))
        else:
            where = _leading_to(checked, f.location.file)
            message = f"{f.location}: {_message(f)}"
            if f.severity == "error" and not f.extra.get("base_own"):  # the base's own error does not stop the variant's checks
                message += " (this file cannot be checked until it is fixed)"
            related.append(types.DiagnosticRelatedInformation(_file_range(f.location, texts), _message(f)))
        out.append(types.Diagnostic(range=where, message=message, severity=SEVERITY.get(f.severity, types.DiagnosticSeverity.Error),
                                    code=f.code, source="chartroom", related_information=related or None))
    return out


def _counter_of(checked: Checked, location: Location, model: Callable[[], Opened | None]):
    """The counter of the unit entry (or ``counter:`` value) a finding points at, when the game is loaded."""
    if checked.document is None or not location.line:
        return None
    path = node_path(checked.document, location)
    if path is None:
        return None
    node = value_at(checked.document.data, path)
    counter_id = node.get("counter") if isinstance(node, dict) else node if path and path[-1] == "counter" else None
    opened = model() if isinstance(counter_id, str) else None
    return opened.game.counters.get(counter_id) if opened is not None else None
