"""A cache of parsed YAML on disk, keyed by the file's content.

ruamel.yaml's pure-Python parser reads about 250 KB/s; the parsed form (data and
positions) loads from JSON in a fraction of that time. The cache is only an
accelerator: a miss, a corrupt entry or an unusable folder falls back to
parsing. ``CHARTROOM_CACHE=off`` turns it off; ``CHARTROOM_CACHE=DIR`` moves it.

The folder is trusted only when it is a folder of the current user that no one
else can write (it is created with mode 0700); otherwise the cache is skipped.
Even then an entry is used only when it is a regular file sealed by :func:`seal`:
its first line carries the SHA-256 of the rest of the entry and of the inputs it
was computed from (the key, the text's SHA-256), both checked on every read
(:func:`unseal`), so a flipped bit or an entry copied under another name is a
miss, never an answer (issue 21 item 2); and whose shape is what :func:`put`
writes. The key covers the parser's version, Chartroom's, ruamel.yaml's and
Python's, so an upgrade never reads an old parse.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import stat
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import toolkit
from toolkit.load.types import Parsed

__all__ = ["FORMAT", "seal", "unseal", "MAX_ENTRY_BYTES", "cache_dir", "usable_dir", "entry_key", "versions", "read_entry", "write_entry", "get", "put"]

FORMAT = "chartroom-parse-3"
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


@lru_cache(maxsize=1)
def versions() -> str:
    """Chartroom's, ruamel.yaml's and Python's versions, as part of every cache key.

    Kept once a process: a pure function of the installed versions, which do not change while it runs.
    """
    return f"chartroom {toolkit.__version__}; ruamel.yaml {_ruamel_version()}; python {sys.version.split()[0]} {sys.implementation.name}"


def _ruamel_version() -> str:
    module = sys.modules.get("ruamel.yaml")
    if module is not None:
        return str(getattr(module, "__version__", "unknown"))
    try:  # without importing it (a warm cache never needs the parser)
        spec = importlib.util.find_spec("ruamel.yaml")
        text = Path(spec.origin).read_text(encoding="utf-8") if spec and spec.origin else ""
    except (ImportError, OSError, ValueError):
        return "unknown"
    found = re.search(r"__version__\s*=\s*['\"]([^'\"]+)['\"]", text)
    return found.group(1) if found else "unknown"


def entry_key(*parts: str) -> str:
    """A file name for a cache entry: the SHA-256 of ``parts`` and :func:`versions`."""
    return hashlib.sha256("\0".join((*parts, versions())).encode("utf-8", "surrogatepass")).hexdigest()


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
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, limit + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        return None if total > limit else b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def write_entry(name: str, content: bytes) -> None:
    """Write the entry ``name`` atomically (mode 0600) in a trusted cache folder; any failure is ignored."""
    if len(content) > MAX_ENTRY_BYTES:
        return
    folder = usable_dir(create=True)
    if folder is None:
        return
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-")
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


def get(key: str, sha256: str) -> Parsed | None:
    """The cached parse stored under ``key`` of the text whose SHA-256 is ``sha256``, or None."""
    raw = unseal(read_entry(f"{key}.json"), key, sha256)
    if raw is None:
        return None
    try:
        entry = json.loads(raw)
        if not isinstance(entry, dict) or entry.get("format") != FORMAT or entry.get("key") != key or entry.get("sha256") != sha256:
            return None
        return Parsed(entry["data"], _positions(entry["values"]), _positions(entry["keys"]))
    except Exception:  # noqa: BLE001 - any malformed entry is a miss, never an error
        return None


def _positions(rows) -> dict:
    if not isinstance(rows, list):
        raise ValueError("positions")
    positions = {}
    for row in rows:
        path, line, column = row
        if not isinstance(path, list) or type(line) is not int or type(column) is not int:
            raise ValueError("position")
        positions[tuple(path)] = (line, column)
    return positions


def put(key: str, sha256: str, parsed: Parsed) -> None:
    """Store ``parsed`` under ``key``, naming the key and the text's SHA-256 inside the entry."""
    if cache_dir() is None:
        return
    payload = {
        "format": FORMAT,
        "key": key,
        "sha256": sha256,
        "data": parsed.data,
        "values": [[list(path), line, column] for path, (line, column) in parsed.values.items()],
        "keys": [[list(path), line, column] for path, (line, column) in parsed.keys.items()],
    }
    try:
        content = json.dumps(payload, separators=(",", ":")).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError, RecursionError):
        return
    write_entry(f"{key}.json", seal(content, key, sha256))
