"""``chartroom check --watch``: the files a check reads, watched, and each save reported as the paths that changed.

The watching is :mod:`watchfiles` (a maintained library over the system's file events), imported only here and only
by ``--watch``, so a plain ``chartroom check`` never loads it. Editors that save by writing a new file and renaming it
over the old one are seen too: the folders holding the files are watched, and events are kept for the files the check
reads (the paths named, anything under a folder named, and the data of a scenario's game from outside the package).
Nothing here checks or prints; :func:`toolkit.cli.cmd_check` does both on each round.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from toolkit import lazy
from toolkit.load import resolved

__all__ = ["watched", "changes"]

#: What a check reads: data files.
_SUFFIXES = (".yaml", ".yml", ".json")


def watched(paths: Iterable[Path], game_roots: Iterable[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """The folders to watch, the files and the folders whose changes count (``paths`` as named, ``game_roots`` the games
    of the scenarios checked that are not bundled)."""
    files, folders = [], []
    for path in paths:
        (folders if path.is_dir() else files).append(resolved(path))
    folders += [resolved(root) for root in game_roots]
    watch = sorted({f.parent for f in files} | set(folders))
    return watch, files, folders


def changes(paths: Iterable[Path], game_roots: Iterable[Path] = ()) -> Iterator[list[Path]]:
    """Each batch of saves to the files a check of ``paths`` reads, as the sorted paths changed; ends on Ctrl-C
    (``KeyboardInterrupt``, which ``chartroom`` turns into exit 130)."""
    watchfiles = lazy.watchfiles()  # only --watch loads the file-watching library

    watch, files, folders = watched(list(paths), list(game_roots))

    def counts(_change, name: str) -> bool:
        path = Path(name)
        return path.suffix in _SUFFIXES and (path in files or any(folder == path.parent or folder in path.parents for folder in folders))

    for batch in watchfiles.watch(*watch, watch_filter=counts, debounce=200, step=50, raise_interrupt=True):
        yield sorted({Path(name) for _, name in batch})
