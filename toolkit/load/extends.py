"""``extends:`` and ``map:``: where a variant's base scenario or a scenario's own map is, with containment
(no path leaves the allowed folders)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Sequence

from toolkit.findings import Finding
from toolkit.load import Document, resolved
from toolkit.load.memo import while_working

__all__ = ["resolve_extends", "resolve_relative", "MAX_EXTENDS", "Root"]

MAX_EXTENDS = 16  # scenarios in one chain of bases

#: A folder ``extends:`` may reach, and what it is (for messages): ``(path, "the working folder")``.
Root = tuple[Path, str]


def resolve_extends(document: Document, roots: Sequence[Root | Path]) -> tuple[Path | None, Finding | None]:
    """The base scenario's path (``extends:``), refused if absolute, with backslashes, or outside the allowed roots."""
    return resolve_relative(document, "extends", roots, "the base scenario", "EXTENDS-PATH", "scenario file", "the base beside the variant")


def resolve_relative(document: Document, key: str, roots: Sequence[Root | Path], what: str, code: str,
                     noun: str, beside: str) -> tuple[Path | None, Finding | None]:
    """The file a path under ``key`` names, refused if absolute, with backslashes, or outside the allowed roots.

    The path is resolved from the variant's own folder and walked one part at a time: every
    step must stay inside an allowed root or on a root's own parent folders, so a path never
    enters (and so never probes) a folder outside; the target must then lie inside a root both
    as written and with symbolic links followed. Any path that leaves the roots gets the same
    message, whether or not something exists there. Messages show the path as resolved, the
    folder it was resolved from and the folders allowed.
    """
    raw = document.data.get(key)
    at = document.locate((key,))
    if not isinstance(raw, str) or not raw.strip():
        return None, Finding("error", code, f"{key}: give {what}'s path relative to this file", at)
    if "\\" in raw or raw.startswith(("/", "~")) or (len(raw) > 1 and raw[1] == ":") or os.path.isabs(raw):
        return None, Finding("error", code, f"{key}: use a relative path with forward slashes", at)
    named = [root if isinstance(root, tuple) else (Path(root), "an allowed folder") for root in roots]
    start = resolved(document.path).parent
    # Every variant of a folder names the same base: one command walks each path once (what the file system says).
    walked = while_working(("relative path", raw, str(start), tuple(path for path, _ in named)),
                           lambda: _walk(raw, start, [path for path, _ in named]))
    here, written, target, here_inside, written_inside, target_inside, is_file = walked
    if here_inside and written_inside and target_inside and is_file:
        return target, None
    whence = f"{key}: {raw!r} resolves to {written} (from {start}, this file's folder)"
    # Containment before existence: the message says nothing about files outside.
    if not (here_inside and written_inside):
        passing = "" if not written_inside else f" but passes through {here}"
        return None, Finding("error", code, f"{whence}{passing}, outside the folders Chartroom may read for this check: "
                                                      f"{_described(named)}; check from a folder holding both files, or keep "
                                                      f"{beside}", at)
    if not target_inside:
        return None, Finding("error", code, f"{whence}, a symbolic link that leads outside the folders Chartroom may "
                                                      f"read for this check: {_described(named)}", at)
    return None, Finding("error", code, f"{whence}: no {noun} there", at)


def _walk(raw: str, start: Path, folders: list[Path]) -> tuple:
    """The path ``raw`` from ``start`` walked one part at a time, never leaving ``folders`` or their parents: where the
    walk stopped, the path as written, its target (links followed), whether each of the three is inside ``folders``,
    and whether the target is a file (asked only when all are)."""
    def inside(path: Path) -> bool:
        return any(_within(path, root) for root in folders)

    here = start
    for part in raw.split("/"):
        here = here.parent if part == ".." else here if part in ("", ".") else here / part
        if not (inside(here) or any(_within(root, here) for root in folders)):
            break
    written = Path(os.path.normpath(start / raw))  # as written: no link followed, nothing probed
    target = resolved(start / raw)
    here_inside, written_inside = inside(here), inside(written)
    target_inside = here_inside and written_inside and inside(target)
    return here, written, target, here_inside, written_inside, target_inside, target_inside and target.is_file()


def _within(path: Path, root: Path) -> bool:
    """``path == root or root in path.parents``, comparing the one parent that could be ``root`` (not making them all).

    >>> _within(Path("/a/b/c"), Path("/a")), _within(Path("/a"), Path("/a")), _within(Path("/a"), Path("/a/b")), _within(Path("/ab"), Path("/a"))
    (True, True, False, False)
    """
    extra = len(path.parts) - len(root.parts)
    return path == root if extra == 0 else extra > 0 and path.parents[extra - 1] == root


def _described(roots: list[Root]) -> str:
    seen: dict[Path, str] = {}
    for path, what in roots:
        seen.setdefault(path, what)
    return ", ".join(f"{what} {path}" for path, what in seen.items())
