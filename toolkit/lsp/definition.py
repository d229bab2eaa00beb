"""Go to definition: ``extends:`` and ``map:`` to the file they name (resolved as the loader resolves them, inside
the same allowed folders), a counter id to its line in ``counters.yaml``, a place (or hex) to its line in
``map.yaml``, a record id (a ship, an aircraft type) to its entry."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from toolkit.findings import Location
from toolkit.load.extends import resolve_relative
from toolkit.lsp.documents import Checked
from toolkit.lsp.lookup import named
from toolkit.lsp.text import node_at, uri_of, value_at
from toolkit.model.build_scenario import allowed_roots, base_of
from toolkit.session import Opened

__all__ = ["definition"]

_START = types.Range(types.Position(0, 0), types.Position(0, 0))


def definition(checked: Checked, model: Opened | None, position: types.Position) -> types.Location | None:
    """Where the value under ``position`` is defined, or None."""
    document = checked.document
    if document is None or checked.path is None:
        return None
    found = node_at(document, checked.lines, position.line, position.character)
    if found is None:
        return None
    path, _is_key = found
    value = value_at(document.data, path)
    roots = allowed_roots(checked.path)
    if path == ("extends",):
        target, _problem = base_of(document, roots)
        return types.Location(uri_of(target), _START) if target is not None else None
    if path == ("map",):
        target, _problem = resolve_relative(document, "map", roots, "the map file", "REF-MAP", "map file", "the map beside the scenario")
        return types.Location(uri_of(target), _START) if target is not None else None
    if not isinstance(value, str):
        return None
    thing = named(value, model, [*(model.documents if model else []), document])
    if thing is None or thing.at is None or not thing.at.file:
        return None
    return _location(thing.at)


def _location(at: Location) -> types.Location:
    line, column = max(at.line - 1, 0), max(at.column - 1, 0)
    return types.Location(uri_of(Path(at.file)), types.Range(types.Position(line, column), types.Position(line, column)))
