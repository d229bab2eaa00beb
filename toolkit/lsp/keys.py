"""The keys a game's schema allows at a place in a document: the game's overlay schema (or the core's) walked along
the document's path, through ``$ref``, ``allOf``, ``anyOf`` and ``oneOf``, with each key's description."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from toolkit.schema import schema_dir, schema_path

__all__ = ["allowed_keys"]


@lru_cache(maxsize=32)
def _read(path: str) -> dict:
    """A schema file (read once per process: schema files ship with the package or a game folder)."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _follow(ref: str, base: Path) -> tuple[dict, Path] | None:
    """The schema a ``$ref`` names, and the file it is in."""
    where, _, pointer = ref.partition("#")
    if where.startswith("https://chartroom.invalid/"):
        own = _read(str(base)).get("$id", "")
        if own != where:
            return None
        where = ""
    target = base if not where else (base.parent / where).resolve()
    if where and not target.is_file():
        target = schema_dir() / Path(where).name  # an installed package keeps the core schemas in one folder
    node = _read(str(target))
    for part in [p for p in pointer.split("/") if p]:
        node = node.get(part, {}) if isinstance(node, dict) else {}
    return node, target


def _dynamic(name: str, top: Path, base: Path) -> tuple[dict, Path] | None:
    """What a ``$dynamicRef: "#name"`` means: the game overlay's ``$dynamicAnchor`` of that name, else the file's own."""
    for where in (top, base):
        for node in (_read(str(where)).get("$defs") or {}).values():
            if isinstance(node, dict) and node.get("$dynamicAnchor") == name:
                return node, where
    return None


def _referred(node: dict, base: Path, top: Path) -> list[tuple[dict, Path]]:
    """The schemas a node refers to or combines with."""
    out = []
    if "$ref" in node:
        out.append(_follow(node["$ref"], base))
    if isinstance(node.get("$dynamicRef"), str):
        out.append(_dynamic(node["$dynamicRef"].lstrip("#"), top, base))
    for combined in ("allOf", "anyOf", "oneOf"):
        out.extend((sub, base) for sub in node.get(combined) or [])
    return [one for one in out if one is not None]


def _properties(node: dict, base: Path, top: Path, depth: int = 0) -> dict[str, tuple[dict, Path]]:
    """Every property a schema node allows (its own, and those of what it refers to or combines)."""
    found: dict = {}
    if not isinstance(node, dict) or depth > 12:
        return found
    for key, sub in (node.get("properties") or {}).items():
        found.setdefault(key, (sub, base))
    for sub, where in _referred(node, base, top):
        for key, value in _properties(sub, where, top, depth + 1).items():
            found.setdefault(key, value)
    return found


def _items(node: dict, base: Path, top: Path, depth: int = 0) -> tuple[dict, Path] | None:
    if not isinstance(node, dict) or depth > 12:
        return None
    if isinstance(node.get("items"), dict):
        return node["items"], base
    for sub, where in _referred(node, base, top):
        found = _items(sub, where, top, depth + 1)
        if found:
            return found
    return None


def _description(node: dict, base: Path, depth: int = 0) -> str:
    if isinstance(node, dict) and node.get("description"):
        return str(node["description"])
    if isinstance(node, dict) and "$ref" in node and depth < 12:
        followed = _follow(node["$ref"], base)
        return _description(*followed, depth + 1) if followed else ""
    return ""


def allowed_keys(kind: str, game_root: Path | None, path: tuple) -> dict[str, str]:
    """The keys the schema of ``kind`` (the game's overlay when it has one) allows in the mapping at ``path``, with
    their descriptions; {} where the path leaves the schema."""
    base = schema_path(kind, game_root)
    node: tuple[dict, Path] | None = (_read(str(base)), base)
    for part in path:
        if node is None:
            return {}
        if isinstance(part, int):
            node = _items(*node, base)
        else:
            node = _properties(*node, base).get(part)
    if node is None:
        return {}
    return {key: _description(*value) for key, value in sorted(_properties(*node, base).items())}
