"""Positions in a document's text: where a YAML value ends, which node is under the cursor, file paths from URIs.

LSP counts lines and columns from 0 (columns in UTF-16 code units; Chartroom's findings count characters from 1:
the two agree for every character of the Basic Multilingual Plane, which is all the games' data uses).
"""

from __future__ import annotations

from pathlib import Path

from pygls.uris import to_fs_path

from toolkit.load import Document

__all__ = ["value_end", "node_at", "path_of", "uri_of", "value_at"]

_CLOSING = {"[": "]", "{": "}"}


def path_of(uri: str) -> Path | None:
    """The file a ``file:`` URI names (drive letters and shares too, as pygls reads them), or None for another
    scheme (an unsaved ``untitled:`` buffer)."""
    path = to_fs_path(uri)
    return Path(path) if path else None


def uri_of(path: Path) -> str:
    """The ``file:`` URI of ``path`` (made absolute)."""
    return Path(path).absolute().as_uri()


def _quoted_end(line: str, start: int) -> int:
    quote, i = line[start], start + 1
    while i < len(line):
        if quote == '"' and line[i] == "\\":
            i += 2
            continue
        if line[i] == quote:
            if quote == "'" and line[i + 1:i + 2] == "'":  # '' is a quote inside single quotes
                i += 2
                continue
            return i + 1
        i += 1
    return len(line)


def _flow_end(line: str, start: int) -> int:
    depth, i = 0, start
    while i < len(line):
        ch = line[i]
        if ch in "\"'":
            i = _quoted_end(line, i)
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(line)


def _in_flow(line: str, column: int) -> bool:
    """Whether ``column`` lies inside a ``[...]`` or ``{...}`` opened earlier on the line."""
    depth, i = 0, 0
    while i < column:
        ch = line[i]
        if ch in "\"'":
            i = _quoted_end(line, i)
            continue
        depth += 1 if ch in "[{" else -1 if ch in "]}" else 0
        i += 1
    return depth > 0


def value_end(line: str, column: int) -> int:
    """The 0-based column just after the YAML value (or key) that starts at ``column`` of ``line``, on that line.

    >>> value_end("  - {counter: jp-bb-mutsu, count: 2}  # two", 4), value_end("at: Gilbert Islands  # x", 4)
    (36, 19)
    >>> value_end('edition: "v1.1"', 9), value_end("units: [a, b]", 8), value_end("kind: scenario", 0)
    (15, 9, 4)
    """
    if column >= len(line):
        return column
    ch = line[column]
    if ch in "\"'":
        return _quoted_end(line, column)
    if ch in _CLOSING:
        return _flow_end(line, column)
    if ch in "|>":
        return column + 1
    flow = _in_flow(line, column)
    end = column
    while end < len(line):
        ch = line[end]
        if ch == "#" and end > column and line[end - 1] in " \t":
            break
        if ch == ":" and (end + 1 == len(line) or line[end + 1] in " \t" or (flow and line[end + 1] in ",]}")):
            break
        if flow and ch in ",]}":
            break
        end += 1
    return len(line[:end].rstrip()) if end > column else end


def node_at(document: Document, lines: list[str], line: int, character: int) -> tuple[tuple, bool] | None:
    """The path of the innermost scalar (or key, the flag says which) under 0-based (``line``, ``character``), or None."""
    best = None
    for is_key, table in ((False, document.parsed.values), (True, document.parsed.keys)):
        for path, (at_line, at_column) in table.items():
            if at_line != line or at_column > character or line >= len(lines):
                continue
            if not is_key and isinstance(value_at(document.data, path), (dict, list)):
                continue
            if character <= value_end(lines[line], at_column) and (best is None or at_column > best[2]):
                best = (path, is_key, at_column)
    return (best[0], best[1]) if best else None


def value_at(data, path: tuple):
    """The value at ``path`` in ``data`` (None when the path leads nowhere)."""
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data
