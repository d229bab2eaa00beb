"""Paths as one printable line, and the paths the operating system rejects, for every command's arguments.

Apart from :mod:`toolkit.outputs` (which writes files, through :mod:`tempfile`), so that a command that writes
nothing, ``check`` first, does not import what writing needs (issue 22).
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

__all__ = ["path_problem", "scenario_file_problem", "shown", "why"]


def why(exc: BaseException) -> str:
    """The operating system's reason for an error, on one line."""
    return getattr(exc, "strerror", None) or " ".join(str(exc).split())


def shown(path) -> str:
    """A path as one printable line: control characters (a new-line, a NUL) written as escapes."""
    text = os.fsdecode(path) if isinstance(path, bytes) else str(path)
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def path_problem(path, new_file: bool = False) -> str:
    """Why ``path`` cannot be used at all (a one-line message naming it), or "" when it may be.

    A missing file is not a problem here (the command says so in its own words); a NUL, a name
    the file system finds too long, a folder that cannot be entered are. ``new_file``: the name
    of a file about to be made must not hold a line break or another control character.
    """
    text = os.fsdecode(path) if isinstance(path, bytes) else str(path)
    if "\0" in text:
        return f"{shown(text)}: a path cannot hold a NUL character"
    if new_file and any(not c.isprintable() for c in Path(text).name):
        return f"{shown(text)}: a new file's name cannot hold a line break or another control character"
    try:
        os.lstat(text)
    except (FileNotFoundError, NotADirectoryError):
        return ""
    except OSError as exc:
        return f"{shown(text)}: {why(exc)}"
    except ValueError as exc:
        return f"{shown(text)}: {why(exc)}"
    return ""


def scenario_file_problem(path) -> str:
    """Why ``path`` is no scenario file to read (what follows the path in a one-line message), or "" when it is a file.

    A folder (a game's, given where one of its scenarios goes) is said to be one, with where its scenarios are listed.
    """
    where = Path(path)
    if where.is_file():
        return ""
    if where.is_dir():
        return f"is a folder, not a scenario file: give one of its scenarios (chartroom list {shlex.quote(shown(path))} names them)"
    return "is not a regular file" if where.exists() else "no such scenario file"
