"""Sealed entries in the cache folder: each a file whose first line names the SHA-256 of the rest and of its inputs.

The cache (``CHARTROOM_CACHE``: ``off``, a folder, or by default ``~/.cache/chartroom``) is only an accelerator:
a folder that cannot be trusted, a missing, damaged or foreign entry is a miss, never an answer. The parse cache
(:mod:`toolkit.load.cache`), the schema verdicts and the answers of ``chartroom check`` (:mod:`toolkit.answers`)
keep their entries here. Standard library only: a check answered from the cache imports little more than this.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

__all__ = ["SEAL", "MAX_ENTRY_BYTES", "cache_dir", "usable_dir", "read_entry", "write_entry", "seal", "unseal", "read_at_most"]

SEAL = b"chartroom-sealed-1"
MAX_ENTRY_BYTES = 64 * 1024 * 1024  # an entry is refused (not read, not written) beyond this


def cache_dir() -> Path | None:
    """The configured cache folder, or None when the cache is turned off (the folder may not exist)."""
    setting = os.environ.get("CHARTROOM_CACHE", "")
    if setting.lower() in ("off", "0", "no", "false"):
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "chartroom"


def usable_dir(create: bool = False) -> Path | None:
    """The cache folder if it can be trusted (created with mode 0700 when ``create``), else None.

    Trusted means: a folder (not a symbolic link) owned by the current user and not
    writable by group or others. Any failure to create or inspect it means no cache.
    """
    folder = cache_dir()
    if folder is None:
        return None
    try:
        if create:
            folder.parent.mkdir(parents=True, exist_ok=True)
            try:
                folder.mkdir(mode=0o700)
            except FileExistsError:
                pass
        info = os.lstat(folder)
    except (OSError, ValueError):
        return None
    if not stat.S_ISDIR(info.st_mode):
        return None
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return None
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    return folder


def read_entry(name: str, limit: int = MAX_ENTRY_BYTES) -> bytes | None:
    """The bytes of the entry ``name`` in a trusted cache folder, or None (missing, not a regular file, too big, unreadable)."""
    folder = usable_dir()
    if folder is None:
        return None
    try:
        fd = os.open(folder / name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        return read_at_most(fd, limit)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_at_most(fd: int, limit: int) -> bytes | None:
    """The bytes of the open file ``fd`` read to its end, or None once more than ``limit`` bytes come (a file that
    grows while it is read is caught too, not only one whose size said so)."""
    chunks, total = [], 0
    while total <= limit:
        chunk = os.read(fd, limit + 1 - total)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return None if total > limit else b"".join(chunks)


def write_entry(name: str, content: bytes) -> None:
    """Write the entry ``name`` atomically (a new file of mode 0600, then renamed) in a trusted cache folder; any failure is ignored."""
    if len(content) > MAX_ENTRY_BYTES:
        return
    folder = usable_dir(create=True)
    if folder is None:
        return
    temporary = None
    try:
        temporary = folder / f".tmp-{os.urandom(8).hex()}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
        os.replace(temporary, folder / name)
        temporary = None
    except (OSError, ValueError):
        pass
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _inputs_digest(inputs: tuple[str, ...]) -> str:
    return hashlib.sha256("\0".join(inputs).encode("utf-8", "surrogatepass")).hexdigest()


def seal(payload: bytes, *inputs: str) -> bytes:
    """``payload`` with a first line naming its own SHA-256 and that of ``inputs`` (what it was computed from).

    >>> unseal(seal(b"answer", "k"), "k"), unseal(seal(b"answer", "k"), "other")
    (b'answer', None)
    >>> unseal(seal(b"answer", "k").replace(b"answer", b"answeR"), "k") is None
    True
    """
    head = b"%s %s %s\n" % (SEAL, hashlib.sha256(payload).hexdigest().encode(), _inputs_digest(inputs).encode())
    return head + payload


def unseal(raw: bytes | None, *inputs: str) -> bytes | None:
    """The payload of a sealed entry when its digests match its content and ``inputs``, else None (a miss)."""
    if not raw:
        return None
    head, newline, payload = raw.partition(b"\n")
    parts = head.split(b" ")
    if not newline or len(parts) != 3 or parts[0] != SEAL:
        return None
    if parts[1] != hashlib.sha256(payload).hexdigest().encode() or parts[2] != _inputs_digest(inputs).encode():
        return None
    return payload
