"""Quick fixes (code actions): a finding that says "did you mean 'X'?" replaces the value with X (one action per
name offered); a counter-mix excess ("... remove N") lowers the entry's ``count:`` to the limit, or takes the
entry out when it holds no more than the excess."""

from __future__ import annotations

import re

from lsprotocol import types

from toolkit.findings import Location
from toolkit.inherited import node_path
from toolkit.lsp.documents import Checked
from toolkit.lsp.text import value_at, value_end

__all__ = ["quick_fixes", "MIX_CODES"]

#: The findings of a counter-mix limit (each game's spelling).
MIX_CODES = ("COUNTER-MIX", "PF-COUNTER-MIX")

_MEANT = re.compile(r"did you mean ((?:'[^']*'(?:, | or )?)+)\?")
_NAME = re.compile(r"'([^']*)'")
_EXCESS = re.compile(r"; remove (\d+)\b")
_KEEP_ONE = re.compile(r"; keep one\b")  # a named ship placed twice: this entry is the one too many


def quick_fixes(checked: Checked, uri: str, diagnostics: list[types.Diagnostic]) -> list[types.CodeAction]:
    actions = []
    for diagnostic in diagnostics:
        if diagnostic.source != "chartroom":
            continue
        meant = _MEANT.search(diagnostic.message)
        if meant and diagnostic.range.start != diagnostic.range.end:
            actions += [_replace(uri, diagnostic, name, checked) for name in _NAME.findall(meant[1])]
        excess = _EXCESS.search(diagnostic.message)
        keep_one = _KEEP_ONE.search(diagnostic.message)
        if diagnostic.code in MIX_CODES and (excess or keep_one) and checked.document is not None:
            fix = _reduce(checked, uri, diagnostic, int(excess[1]) if excess else None)
            if fix is not None:
                actions.append(fix)
    return actions


def _edit(uri: str, title: str, diagnostic: types.Diagnostic, where: types.Range, text: str) -> types.CodeAction:
    return types.CodeAction(title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic], is_preferred=True,
                            edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(where, text)]}))


def _replace(uri: str, diagnostic: types.Diagnostic, name: str, checked: Checked) -> types.CodeAction:
    start = diagnostic.range.start
    line = checked.lines[start.line] if start.line < len(checked.lines) else ""
    written = line[start.character:diagnostic.range.end.character]
    quote = written[:1] if written[:1] in "\"'" else ""
    return _edit(uri, f"Change to '{name}'", diagnostic, diagnostic.range, f"{quote}{name}{quote}")


def _reduce(checked: Checked, uri: str, diagnostic: types.Diagnostic, excess: int | None) -> types.CodeAction | None:
    """``count: N`` lowered by the excess, or the entry's line taken out when it holds no more than that (or when
    ``excess`` is None: the whole entry is the one too many)."""
    start = diagnostic.range.start
    location = Location(checked.document.name, start.line + 1, start.character + 1)
    path = node_path(checked.document, location)
    entry = value_at(checked.document.data, path) if path is not None else None
    if not isinstance(entry, dict) or not isinstance(entry.get("counter"), str):
        return None
    count = entry.get("count", 1)
    if excess is not None and isinstance(count, int) and count > excess:
        at = checked.document.parsed.values.get(path + ("count",))
        if at is None:
            return None
        line = checked.lines[at[0]]
        where = types.Range(types.Position(at[0], at[1]), types.Position(at[0], value_end(line, at[1])))
        return _edit(uri, f"Reduce the count to {count - excess} (the counter mix's limit)", diagnostic, where, str(count - excess))
    line = checked.lines[start.line]
    if not line.lstrip().startswith("- ") or value_end(line, start.character) < len(line.split(" #")[0].rstrip()):
        return None  # an entry written over several lines: taking it out is left to the designer
    where = types.Range(types.Position(start.line, 0), types.Position(start.line + 1, 0))
    return _edit(uri, f"Remove this entry of {entry['counter']} (the counter mix holds no more)", diagnostic, where, "")
