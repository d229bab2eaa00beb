"""The answers of ``chartroom check`` kept in the cache, and given again only when nothing they depend on changed.

A check's answer (the text it prints and its exit status) is a function of the command line, the working
folder's name (the paths shown are relative to it), the settings in the environment that a check reads, the
code that ran, and what it read: files (by their content), folder listings, and the folders where it looked for
a file (by their modification times: making or removing a file in a folder changes the folder's time). While a
check runs, an audit hook (PEP 578, :func:`sys.addaudithook`) notes every file opened for reading and every
folder listed (:class:`Recording`); afterwards the entry stores the SHA-256 of each file, a signature of each
listing, the times of those folders, of the folders holding each file and, above a YAML file, of the folders up
to its game's folder (where a game's manifest is looked for), and the time and size of every module file imported
and of every file read under Python's own prefixes (the libraries' metadata, as Python checks its byte code).

:func:`recall` gives the answer again for the same command line only when every one of these is unchanged; a
difference, an entry that is missing, damaged (its seal, :mod:`toolkit.sealed`) or of another shape is a miss,
and the check runs in full. An answer is kept only when the check found no error and nothing it read changed
while it ran. The cache is an accelerator: it never changes an answer, only how fast it comes.
``CHARTROOM_CACHE=off`` turns it off.

Only the standard library and :mod:`toolkit.sealed` are imported here: an answered check imports nothing else.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import sys
from contextvars import ContextVar
from typing import Callable

import toolkit
from toolkit.sealed import cache_dir, read_entry, seal, unseal, usable_dir, write_entry

__all__ = ["FORMAT", "recall", "Recording", "answered"]

FORMAT = "chartroom-answer-1"
SUFFIX = ".answer"
#: The settings in the environment a check reads (the cache folder aside: it changes no answer).
SETTINGS = ("CHARTROOM_SCHEMAS", "CHARTROOM_VALIDATOR", "CHARTROOM_YAML")
#: Code: covered by the times and sizes of the modules imported, not read as input.
CODE_SUFFIXES = (".py", ".pyc", ".so", ".pyd", ".pth")
#: Data files, above which a check looks for a game's manifest (``game.yaml`` beside or above a scenario).
DATA_SUFFIXES = (".yaml", ".yml")


def _key(argv: list[str]) -> str:
    parts = [FORMAT, toolkit.__version__, sys.version, sys.executable, os.getcwd(), *(f"{n}={os.environ.get(n)}" for n in SETTINGS), *argv]
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _stamp(path: str) -> list[int] | None:
    """A file's or folder's modification time (ns) and size, or None when it is not there."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return [info.st_mtime_ns, info.st_size]


def _digest(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except (OSError, ValueError):
        return None


def _listing(path: str) -> str | None:
    """The names in a folder, each with its modification time when it is a folder (a file made inside changes it)."""
    try:
        with os.scandir(path) as entries:
            names = sorted(f"{e.name}/{e.stat().st_mtime_ns}" if e.is_dir() else e.name for e in entries)
    except (OSError, ValueError):
        return None
    return hashlib.sha256("\0".join(names).encode("utf-8", "surrogatepass")).hexdigest()


def recall(argv: list[str]) -> tuple[str, int] | None:
    """The text and exit status the command line ``argv`` gave, when the cache holds them and nothing they depend on changed
    (only a check and the questions :func:`answered` records are ever kept)."""
    if not argv or usable_dir() is None:
        return None
    try:
        key = _key(argv)
        payload = unseal(read_entry(f"{key}{SUFFIX}"), key)
        if payload is None:
            return None
        entry = json.loads(payload)
        if entry.get("format") != FORMAT or entry.get("key") != key:
            return None
        if any(_stamp(path) != stamp for path, stamp in entry["code"].items()):
            return None
        if any((_stamp(path) or [None])[0] != time for path, time in entry["folders"].items()):
            return None
        if any(_listing(path) != signature for path, signature in entry["listings"].items()):
            return None
        if any(_digest(path) != digest for path, digest in entry["files"].items()):
            return None
        output, status = entry["output"], entry["status"]
    except (ValueError, TypeError, KeyError, AttributeError, OSError, RecursionError):
        return None  # any malformed entry is a miss
    return (output, status) if isinstance(output, str) and status == 0 else None


_RECORDING: ContextVar["Recording | None"] = ContextVar("chartroom_answer_recording", default=None)
_EVENTS = frozenset(("open", "os.listdir", "os.scandir"))
_HOOKED: list[bool] = []  # the audit hook is added once a process (it cannot be removed): it does nothing outside a recording


def _audit(event: str, args: tuple) -> None:
    if event in _EVENTS:
        recording = _RECORDING.get()
        if recording is not None:
            try:
                recording.saw(event, args)
            except (OSError, ValueError, TypeError):  # never in the way of the check: its answer is only not kept
                recording.broken = True


class Recording:
    """What one check reads, noted while it runs; :meth:`keep` stores its answer with them.

    ``Recording.start(argv)`` is None when the cache is off or the line is no plain check. Use as
    ``with recording: ...`` around the check; then ``recording.keep(text, status)``.
    """

    def __init__(self, argv: list[str], folder: str):
        self.argv = list(argv)
        self.cache = folder
        self.files: dict[str, list[int] | None] = {}  # path -> stamp when first opened
        self.listed: dict[str, list[int] | None] = {}  # folder -> stamp when first listed
        self.folders: dict[str, list[int] | None] = {}  # folder -> stamp when first met
        self.broken = False
        self._token = None
        self._import_path = {os.path.abspath(entry) for entry in sys.path if isinstance(entry, str)}

    @classmethod
    def start(cls, argv: list[str]) -> "Recording | None":
        folder = cache_dir()
        if folder is None or not argv:
            return None
        try:
            where = os.path.abspath(folder)
            recording = cls(argv, where)
        except OSError:  # no working folder (removed while the command runs): nothing is kept
            return None
        if not _HOOKED:
            sys.addaudithook(_audit)
            _HOOKED.append(True)
        return recording

    def __enter__(self) -> "Recording":
        self._token = _RECORDING.set(self)
        return self

    def __exit__(self, *exc) -> None:
        _RECORDING.reset(self._token)
        if exc[0] is not None:
            self.broken = True

    def _folders_above(self, path: str) -> None:
        """The folders above a file read, each where a game's manifest may have been looked for, up to the first
        whose ``game.yaml`` was read (no manifest is looked for above a game's folder)."""
        here = os.path.dirname(path)
        while os.path.join(here, "game.yaml") not in self.files or self.files[os.path.join(here, "game.yaml")] is None:
            parent = os.path.dirname(here)
            if parent == here:
                return
            here = parent
            if here not in self.folders:
                self.folders[here] = _stamp(here)

    def saw(self, event: str, args: tuple) -> None:
        """An audit event while the check runs: a file opened, a folder listed."""
        path = args[0] if args else None
        if path is None and event != "open":
            path = "."
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, (str, os.PathLike)):
            return  # a file descriptor: what it reads was opened by path before
        path = os.path.abspath(path)
        if path == self.cache or path.startswith(self.cache + os.sep):
            return  # the cache's own entries change no answer
        if event == "open":
            mode, flags = args[1], args[2]
            reading = (flags & 3) == os.O_RDONLY if mode is None else not any(c in mode for c in "wax+")
            if not reading:
                self.broken = True  # a check writes nothing outside the cache: an answer that did is not kept
                return
            if path.endswith(CODE_SUFFIXES) or path in self.files:
                return
            self.files[path] = _stamp(path)
            folder = os.path.dirname(path)
            if folder not in self.folders:
                self.folders[folder] = _stamp(folder)
        elif path not in self.listed:
            if path not in self.folders:
                self.folders[path] = _stamp(path)
            if path not in self._import_path:  # the import system lists these; its modules' own times are kept
                self.listed[path] = self.folders[path]

    def keep(self, output: str, status: int) -> None:
        """Store the answer of a check that found no error, unless something it read changed while it ran.

        An answer with an error is not kept: an error may come of a file looked for and not found (an ``extends:``
        target, say) in a folder the check neither read nor listed, whose appearance nothing here would notice.
        """
        if self.broken or status != 0:
            return
        try:
            for path in list(self.files):
                if path.endswith(DATA_SUFFIXES):  # a game's manifest is looked for above a data file only
                    self._folders_above(path)
            files, code = {}, {}
            installed = tuple({os.path.join(prefix, "") for prefix in (sys.prefix, sys.base_prefix, sys.exec_prefix)})
            for path, stamp in self.files.items():
                if _stamp(path) != stamp:
                    return
                if path.startswith(installed):  # installed with Python and its libraries (their metadata): kept as code is
                    code[path] = stamp
                    continue
                files[path] = _digest(path) if stamp is not None else None
                if _stamp(path) != stamp:
                    return
            folders = {}
            for path, stamp in self.folders.items():
                if _stamp(path) != stamp:
                    return
                folders[path] = stamp[0] if stamp is not None else None
            listings = {path: _listing(path) for path in self.listed if not path.startswith(installed)}
            for module in list(sys.modules.values()):
                where = getattr(module, "__file__", None)
                if isinstance(where, str):
                    code[where] = _stamp(where)
            key = _key(self.argv)
            entry = {"format": FORMAT, "key": key, "output": output, "status": status, "files": files, "folders": folders,
                     "listings": listings, "code": code}
            write_entry(f"{key}{SUFFIX}", seal(json.dumps(entry, sort_keys=True).encode("utf-8", "surrogatepass"), key))
        except (OSError, ValueError, TypeError):
            return


class _Telling:
    """Standard error as it was, noting on the recording that something was written there (such an answer is not kept)."""

    def __init__(self, stream, recording: Recording):
        self._stream, self._recording = stream, recording

    def write(self, text: str) -> int:
        self._recording.broken = True
        return self._stream.write(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def answered(argv: list[str], run: Callable[[], int]) -> int:
    """``run()``, a command that answers a question on standard output, with its answer kept as a check's is (the map's
    distances, a game's own questions: their answers, too, depend only on the files they read and on the code)."""
    recording = Recording.start(argv)
    if recording is None:
        return run()
    out, err = sys.stdout, sys.stderr
    text = io.StringIO()
    status = None
    try:
        sys.stdout, sys.stderr = text, _Telling(err, recording)
        with recording:
            status = run()
    finally:
        sys.stdout, sys.stderr = out, err
        out.write(text.getvalue())
        out.flush()
    recording.keep(text.getvalue(), status)
    return status
