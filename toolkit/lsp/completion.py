"""Completion: the keys the game's schema allows at the cursor, and values by the key they follow: counter ids,
place names and hex ids (boxes and zones too), edition ids, optional rule numbers, records of the scenario."""

from __future__ import annotations

import re

from lsprotocol import types

from toolkit.findings import LoadError
from toolkit.load import load_text
from toolkit.lsp.documents import Checked
from toolkit.lsp.keys import allowed_keys
from toolkit.lsp.lookup import records_by_id
from toolkit.lsp.text import value_at
from toolkit.model.reading import find_game_root
from toolkit.session import Opened

__all__ = ["complete", "VALUE_KEYS"]

#: Keys whose values name a counter, a place (or box, zone, hex), an edition, an optional rule.
VALUE_KEYS = {"counter": "counter", "at": "place", "base": "place", "where": "place", "place": "place", "hex": "place",
              "zone": "place", "box": "place", "edition": "edition", "written_for": "edition",
              "optional_rule": "optional", "optional_rules": "optional", "remove_optional_rules": "optional"}

_VALUE = re.compile(r"(?:^|[\s{,\[-])(?P<key>[A-Za-z_][\w-]*):\s*\[?(?:[^\[\],:#]*,\s*)*(?P<typed>[^,:\[\]{}#]*)$")
_KEY = re.compile(r"^(?P<indent>\s*)(?P<dash>-\s+)?(?P<typed>[A-Za-z_][\w-]*)?$")
_ITEM = re.compile(r"^(?P<indent>\s*)-\s+(?P<typed>[^:#]*)$")
_PARENT = re.compile(r"^(?P<indent>\s*)(?:-\s+)?(?P<key>[A-Za-z_][\w-]*):\s*(?:#.*)?$")


def complete(checked: Checked, model: Opened | None, position: types.Position) -> list[types.CompletionItem]:
    lines = checked.lines
    line = lines[position.line] if position.line < len(lines) else ""
    before = line[:position.character]
    value = _VALUE.search(before)
    if value is not None:
        return _values(VALUE_KEYS.get(value["key"]), model, checked, value["typed"].strip(" \"'"))
    item = _ITEM.match(before)
    if item is not None:  # a list item under a key: optional_rules, say
        parent = _parent_key(lines, position.line, len(item["indent"]))
        if parent in VALUE_KEYS:
            return _values(VALUE_KEYS[parent], model, checked)
    key = _KEY.match(before)
    if key is not None and position.line < len(lines):  # a stale position past the text: no line there to complete
        return _keys(checked, model, position.line, len(key["indent"]) + len(key["dash"] or ""), bool(key["dash"]))
    return []


def _parent_key(lines: list[str], line: int, indent: int) -> str | None:
    for above in range(line - 1, -1, -1):
        found = _PARENT.match(lines[above])
        if found and len(found["indent"]) <= indent:
            return found["key"]
        stripped = lines[above].strip()
        if stripped and not stripped.startswith("#") and len(lines[above]) - len(lines[above].lstrip()) < indent:
            return None
    return None


def _values(what: str | None, model: Opened | None, checked: Checked, typed: str = "") -> list[types.CompletionItem]:
    if what is None or model is None or model.game is None:
        return []
    game = model.game
    kind = types.CompletionItemKind
    if what == "counter":
        return [types.CompletionItem(c.id, kind=kind.Value, detail=f"{c.name} ({c.side}, {c.type}{' ' + c.cls if c.cls else ''})")
                for c in game.counters.values()]
    if what == "edition":
        return [types.CompletionItem(e, kind=kind.EnumMember, detail="this edition" if e == game.edition.id else "edition") for e in game.editions]
    if what == "optional":
        return [types.CompletionItem(number, kind=kind.EnumMember, detail=str(title))
                for number, title in sorted(game.edition.optional_rules.items())]
    items = [types.CompletionItem(p.name, kind=kind.Value, detail=f"{p.kind}, hex {p.hex}") for p in game.map.places.values()]
    items += [types.CompletionItem(p.hex, kind=kind.Value, detail=p.name) for p in game.map.places.values() if p.hex and p.hex != p.name]
    items += [types.CompletionItem(b.name, kind=kind.Value, detail=f"{b.kind} box") for b in game.map.boxes.values()]
    items += [types.CompletionItem(a, kind=kind.Value, detail=k) for a, k in game.map.area_kinds.items() if a not in game.map.boxes]
    if typed[:1].isdigit():  # a hex id being typed: every hex of the map that begins so
        items += [types.CompletionItem(h, kind=kind.Value, detail="hex") for h in sorted(game.map.hexes) if h.startswith(typed)]
    documents = [*model.documents, checked.document] if checked.document is not None else model.documents
    items += [types.CompletionItem(rid, kind=kind.Reference, detail=f"{section}: {entry.get('name', rid)}")
              for rid, (entry, _at, section) in records_by_id(documents).items()]
    seen, unique = set(), []
    for one in items:
        if one.label not in seen:
            seen.add(one.label)
            unique.append(one)
    return unique


def _keys(checked: Checked, model: Opened | None, line: int, column: int, new_item: bool) -> list[types.CompletionItem]:
    """The keys the schema allows in the mapping the cursor's line belongs to (the line being typed left out)."""
    lines = list(checked.lines)
    lines[line] = ""
    try:
        document = load_text("\n".join(lines), "completion")
    except LoadError:
        return []
    data = document.data if isinstance(document.data, dict) else {}
    kind = data.get("kind") if isinstance(data.get("kind"), str) else None
    if kind is None:
        return []
    game = data.get("game") if isinstance(data.get("game"), str) else None
    root = model.game.root if model is not None and model.game is not None else \
        find_game_root(checked.path, game) if checked.path is not None else None
    parent = _mapping_path(document, line, column, new_item)
    if parent is None:
        return []
    present = value_at(data, parent) if not new_item else {}
    allowed = allowed_keys(kind, root, parent)
    return [types.CompletionItem(key, kind=types.CompletionItemKind.Property, detail=description[:120] or None, insert_text=f"{key}: ")
            for key, description in allowed.items() if not (isinstance(present, dict) and key in present)]


def _mapping_path(document, line: int, column: int, new_item: bool) -> tuple | None:
    """The path of the mapping whose keys start at ``column`` near ``line``: a sibling key's, or for a new list
    item (``- ``) the next index of the list whose items start there."""
    if column == 0:
        return ()
    siblings = [(at[0], path) for path, at in document.parsed.keys.items() if at[1] == column and path]
    above = [one for one in siblings if one[0] < line]
    below = [one for one in siblings if one[0] > line]
    nearest = max(above) if above else (min(below) if below else None)
    if nearest is None:
        return None
    parent = nearest[1][:-1]
    if new_item and parent and isinstance(parent[-1], int):
        return parent[:-1] + (parent[-1] + 1,)
    return parent
