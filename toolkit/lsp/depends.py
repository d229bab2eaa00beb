"""What an open document's check reads besides the document itself, and so which open documents a change touches.

A scenario's check reads its chain of bases (``extends:``, each base's own ``extends:`` in turn), the map files the
chain names (``map:``) and its game's data files (the folder holding ``game.yaml``). A change to any of them, saved
or not, changes what the scenario finds: the server checks it again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from toolkit.findings import LoadError
from toolkit.load import Document, load_file, resolved
from toolkit.load.extends import MAX_EXTENDS, resolve_relative
from toolkit.model.build_scenario import allowed_roots, base_of
from toolkit.session import GAME_KINDS

__all__ = ["linked_files", "inside", "depends_on"]


def linked_files(document: Document) -> dict[Path, str]:
    """The bases and map files the chain of ``document`` reads (resolved paths), each with the key of ``document``
    that leads to it: ``map`` for the map it names itself, ``extends`` for every file reached through its base.

    Read as the check reads them (an open document's unsaved text while :func:`toolkit.load.unsaved` holds it); a
    link that does not resolve ends the walk (the check says why).
    """
    out: dict[Path, str] = {}
    roots = allowed_roots(document.path)
    current = document
    for _ in range(MAX_EXTENDS):
        data = current.data if isinstance(current.data, dict) else {}
        if "map" in data:
            path, _problem = resolve_relative(current, "map", roots, "the map file", "REF-MAP", "map file", "the map beside the scenario")
            if path is not None:
                out.setdefault(resolved(path), "map" if current is document else "extends")
        if "extends" not in data:
            break
        base, _problem = base_of(current, roots)
        if base is None or resolved(base) in out or resolved(base) == resolved(document.path):
            break
        out[resolved(base)] = "extends"
        try:
            current = load_file(base)
        except LoadError:
            break
    return out


def inside(path: Path, folder: Path | None) -> bool:
    """Whether ``path`` (resolved) lies in ``folder`` or below it."""
    if folder is None:
        return False
    folder = resolved(folder)
    return folder == path or folder in path.parents


def depends_on(changed: Path, kind: str | None, links: Iterable[Path], root: Path | None) -> bool:
    """Whether a document whose chain reads ``links`` and whose game folder is ``root`` is touched by a change to
    ``changed`` (of ``kind``, None when it cannot be told: a file that does not parse, or is gone): a file of its
    chain, or a game data file (or one of no known kind) in its game folder."""
    changed = resolved(changed)
    if changed in links:
        return True
    return (kind is None or kind in GAME_KINDS) and inside(changed, root)
