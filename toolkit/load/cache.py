"""A cache of parsed YAML on disk, keyed by the file's content.

ruamel.yaml's pure-Python parser reads about 250 KB/s; the parsed form (data and
positions) loads from JSON in a fraction of that time. The cache is only an
accelerator: a miss, a corrupt entry or an unwritable folder falls back to
parsing. ``CHARTROOM_CACHE=off`` turns it off; ``CHARTROOM_CACHE=DIR`` moves it.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from toolkit.load.types import Parsed

FORMAT = "chartroom-parse-1"


def cache_dir() -> Path | None:
    setting = os.environ.get("CHARTROOM_CACHE", "")
    if setting.lower() in ("off", "0", "no", "false"):
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "chartroom"


def get(digest: str) -> Parsed | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        raw = json.loads((folder / f"{digest}.json").read_text(encoding="utf-8"))
        if raw.get("format") != FORMAT:
            return None
        values = {tuple(entry[0]): (entry[1], entry[2]) for entry in raw["values"]}
        keys = {tuple(entry[0]): (entry[1], entry[2]) for entry in raw["keys"]}
        return Parsed(raw["data"], values, keys)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def put(digest: str, parsed: Parsed) -> None:
    folder = cache_dir()
    if folder is None:
        return
    payload = {
        "format": FORMAT,
        "data": parsed.data,
        "values": [[list(path), line, column] for path, (line, column) in parsed.values.items()],
        "keys": [[list(path), line, column] for path, (line, column) in parsed.keys.items()],
    }
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(payload, handle, separators=(",", ":"))
        os.replace(tmp, folder / f"{digest}.json")
    except (OSError, TypeError, ValueError):
        try:
            os.unlink(tmp)  # noqa: F821 - only defined when mkstemp succeeded
        except (OSError, NameError, UnboundLocalError):
            pass
