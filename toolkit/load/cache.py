"""A cache of parsed YAML on disk, keyed by the file's content.

ruamel.yaml's pure-Python parser reads about 250 KB/s; the parsed form (data as JSON,
and each node's position once, as numbers) loads in a fraction of that time. The cache is only an
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
import re
import sys
from array import array
from functools import lru_cache
from pathlib import Path

import toolkit
from toolkit.load.types import Parsed
from toolkit.sealed import MAX_ENTRY_BYTES, SEAL, cache_dir, read_entry, seal, unseal, usable_dir, write_entry

__all__ = ["FORMAT", "SEAL", "seal", "unseal", "MAX_ENTRY_BYTES", "cache_dir", "usable_dir", "entry_key", "versions", "read_entry", "write_entry", "get", "put"]

FORMAT = "chartroom-parse-4"
SUFFIX = ".parse"  # an entry's file name: its key and this


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


def get(key: str, sha256: str) -> Parsed | None:
    """The cached parse stored under ``key`` of the text whose SHA-256 is ``sha256``, or None."""
    raw = unseal(read_entry(f"{key}{SUFFIX}"), key, sha256)
    if raw is None:
        return None
    try:
        head, _, body = raw.partition(b"\n")
        form, entry_key_, entry_sha, size = head.decode("ascii").split(" ")
        if form != FORMAT or entry_key_ != key or entry_sha != sha256 or not size.isdigit() or (len(body) - int(size)) % 8:
            return None
        data = json.loads(body[: int(size)])
        values, keys = _positions(data, body[int(size):])
        return Parsed(data, values, keys)
    except Exception:  # noqa: BLE001 - any malformed entry is a miss, never an error
        return None


def _nodes(data):
    """``(path, node, keyed)`` of every node of ``data``, each once, in the one order :func:`put` writes positions in
    and :func:`_positions` reads them in (``keyed``: the node is a mapping's value, so its key has a position too)."""
    stack: list = [((), data, False)]
    while stack:
        path, node, keyed = stack.pop()
        yield path, node, keyed
        if type(node) is dict:
            stack.extend(((*path, key), value, True) for key, value in node.items())
        elif type(node) is list:
            stack.extend(((*path, index), value, False) for index, value in enumerate(node))


def _positions(data, packed: bytes) -> tuple[dict, dict]:
    """The positions of values and keys by path, from the ``(line, column)`` pairs ``packed`` in :func:`_nodes` order."""
    numbers = array("I")
    if numbers.itemsize != 4:
        raise ValueError("positions")
    numbers.frombytes(packed)
    if sys.byteorder == "big":
        numbers.byteswap()
    pairs = iter(zip(numbers[0::2], numbers[1::2]))
    values: dict = {}
    keys: dict = {}
    for path, _node, keyed in _nodes(data):
        values[path] = next(pairs)
        if keyed:
            keys[path] = next(pairs)
    if next(pairs, None) is not None:
        raise ValueError("positions left over")
    return values, keys


def put(key: str, sha256: str, parsed: Parsed) -> None:
    """Store ``parsed`` under ``key``, naming the key and the text's SHA-256 inside the entry.

    The entry holds a line ``FORMAT key sha256 size``, the data as JSON (``size`` bytes), and the position of each
    node once (its value's and, in a mapping, its key's line and column, as 32-bit numbers in :func:`_nodes` order):
    the paths are the data's own, so they are not stored (issue 22 item 3).
    """
    if cache_dir() is None:
        return
    try:
        body = json.dumps(parsed.data, separators=(",", ":")).encode("utf-8", "surrogatepass")
        numbers = array("I")
        for path, _node, keyed in _nodes(parsed.data):
            numbers.extend(parsed.values[path])
            if keyed:
                numbers.extend(parsed.keys[path])
    except (TypeError, ValueError, RecursionError, KeyError, OverflowError):
        return  # not JSON data, or a node without a position: not cached (parsed again next time)
    if sys.byteorder == "big":
        numbers.byteswap()
    head = f"{FORMAT} {key} {sha256} {len(body)}\n".encode("ascii")
    write_entry(f"{key}{SUFFIX}", seal(head + body + numbers.tobytes(), key, sha256))
