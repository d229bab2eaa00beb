"""``extends:``: where a variant's base scenario is, with containment (no path leaves the allowed folders)."""

from __future__ import annotations

import os
from pathlib import Path

from toolkit.findings import Finding
from toolkit.load import Document, resolved

__all__ = ["resolve_extends", "MAX_EXTENDS"]

MAX_EXTENDS = 16  # scenarios in one chain of bases


def resolve_extends(document: Document, roots: list[Path]) -> tuple[Path | None, Finding | None]:
    """The base scenario's path, refused if absolute, with backslashes, or outside the allowed roots.

    The path is walked one part at a time from the variant's folder: every step
    must stay inside an allowed root or on a root's own parent folders, so a
    path never enters (and so never probes) a folder outside; the target must
    then lie inside a root both as written and with symbolic links followed.
    Any path that leaves the roots gets the same message, whether or not
    something exists there.
    """
    raw = document.data.get("extends")
    at = document.locate(("extends",))
    if not isinstance(raw, str) or not raw.strip():
        return None, Finding("error", "EXTENDS-PATH", "extends: give the base scenario's path relative to this file", at)
    if "\\" in raw or raw.startswith(("/", "~")) or (len(raw) > 1 and raw[1] == ":") or os.path.isabs(raw):
        return None, Finding("error", "EXTENDS-PATH", "extends: use a relative path with forward slashes", at)

    def inside(path: Path) -> bool:
        return any(path == root or root in path.parents for root in roots)

    here = resolved(document.path).parent
    for part in raw.split("/"):
        here = here.parent if part == ".." else here if part in ("", ".") else here / part
        if not (inside(here) or any(here == root or here in root.parents for root in roots)):
            break
    target = resolved(resolved(document.path).parent / raw)
    # Containment before existence: the message says nothing about files outside.
    if not (inside(here) and inside(target)):
        return None, Finding("error", "EXTENDS-PATH", "extends: the path leaves the folders Chartroom may read (the working folder and the bundled scenarios)", at)
    if not target.is_file():
        return None, Finding("error", "EXTENDS-PATH", f"extends: no scenario file at {raw!r}", at)
    return target, None
