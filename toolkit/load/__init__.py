"""Loading YAML files into documents that remember where every value came from.

Nothing else in Chartroom touches YAML. Every problem becomes a
:class:`~toolkit.findings.LoadError` located at ``file:line:col`` (1-based).
Files are only read, never written.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import stat
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from types import ModuleType

from toolkit.findings import LoadError, Location
from toolkit.load import cache
from toolkit.load.memo import BoundedMemo, while_working
from toolkit.load.types import Parsed, YamlProblem
from toolkit.records import field, lazy_dataclass
from toolkit.sealed import read_at_most

MAX_FILE_BYTES = 512 * 1024
#: A shorter text is parsed every time, not kept in the parse cache: parsing it costs less than writing an entry
#: (a variant of a few lines: 0.2 ms to parse, a new file in the cache folder about 1 ms; 200 variants checked with
#: an empty cache wrote 200 entries).
MIN_CACHED_CHARS = 1024
_PARSER_VERSION = "1"  # bump when the parser's output changes, to retire cached parses

__all__ = ["Document", "load_file", "load_text", "worth_keeping", "read_bytes", "display_path", "resolved", "unsaved", "unsaved_text", "yaml_files", "MAX_FILE_BYTES"]


def resolved(path: str | os.PathLike) -> Path:
    """The absolute path with symbolic links followed, never raising.

    ``Path.resolve()`` raises ``RuntimeError`` on a symbolic link loop (Python 3.11);
    ``os.path.realpath`` leaves the looping part as it is, so reading the file then
    fails as an ordinary located ``LOAD-FILE`` problem. Asked again while one command runs, the answer is the first
    one (a check asks for the same few paths over and over: the variant, its base, the game's folder).
    """
    key = os.fspath(path)
    if not os.path.isabs(key):
        return Path(os.path.realpath(key))
    return while_working(("resolved", key), lambda: Path(os.path.realpath(key)))


def display_path(path: Path) -> str:
    """The path as the user should see it: relative to the working folder when inside it, else absolute (asked again
    while one command runs, the first answer: every variant's base is shown by the same name)."""
    return while_working(("display path", os.getcwd(), os.fspath(path)), lambda: _displayed(path))


def _displayed(path: Path) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(resolved(path)) if relative.startswith("..") else relative


@lazy_dataclass(frozen=True)
class Document:
    """A parsed YAML file: plain data plus the position of each node."""

    path: Path
    name: str  # as shown to the user
    data: object
    parsed: Parsed
    digest: str
    #: The text's length in characters (None when not known): a short text is not worth a cache entry (MIN_CACHED_CHARS).
    chars: int | None = field(default=None, compare=False)

    def locate(self, path: tuple = (), *, key: bool = False) -> Location:
        """The location of the node at ``path`` (or of its key), else of its nearest ancestor."""
        path = tuple(path)
        while True:
            if key and path in self.parsed.keys:
                line, column = self.parsed.keys[path]
                return Location(self.name, line + 1, column + 1)
            if path in self.parsed.values:
                line, column = self.parsed.values[path]
                return Location(self.name, line + 1, column + 1)
            if not path:
                return Location(self.name, 1, 1)
            path = path[:-1]
            key = False


# Parsed documents by path, name and content digest, kept process-wide: a document is a pure function of
# that key (the SHA-256 of the file's text), so a file changed between two sessions is a new key.
_cache = BoundedMemo(512)


def _parser() -> ModuleType:
    """The YAML parser (:mod:`toolkit.load.yamlpos`), loaded with the first text that is not in the cache: a command
    served by the cache never loads it (nor ruamel.yaml, :mod:`toolkit.lazy`)."""
    return importlib.import_module("toolkit.load.yamlpos")


def load_text(text: str, name: str, path: Path | None = None) -> Document:
    """Parse ``text`` (already decoded) as the file ``name``."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    key_path = str(resolved(path)) if path is not None else name
    cached = _cache.get((key_path, name, digest))
    if cached is not None:
        return cached
    key = cache.entry_key("parse", digest, _PARSER_VERSION)
    kept = len(text) >= MIN_CACHED_CHARS
    parsed = cache.get(key, digest) if kept else None
    if parsed is not None:
        document = Document(path or Path(name), name, parsed.data, parsed, digest, len(text))
        _cache.put((key_path, name, digest), document)
        return document
    try:  # ruamel.yaml loads here, with the first text parsed (toolkit.lazy): a document served from the cache never pays for it
        parsed = _parser().parse(text)
    except YamlProblem as problem:
        raise LoadError(Location(name, problem.line + 1, problem.column + 1), problem.message, problem.code) from None
    except RecursionError:
        raise LoadError(Location(name, 1, 1), "the document is nested too deeply", "YAML-DEPTH") from None
    if kept:
        cache.put(key, digest, parsed)
    document = Document(path or Path(name), name, parsed.data, parsed, digest, len(text))
    _cache.put((key_path, name, digest), document)
    return document


def worth_keeping(document: Document) -> bool:
    """Whether what is found from ``document`` is worth an entry in the cache folder: a text shorter than
    ``MIN_CACHED_CHARS`` is parsed and validated again faster than an entry is written (a text of unknown length is)."""
    chars = getattr(document, "chars", None)  # a document made elsewhere (a test, a language server) may not say
    return chars is None or chars >= MIN_CACHED_CHARS


#: Texts of files not saved yet (a language server's open documents), by resolved path: read instead of the disk
#: while :func:`unsaved` is at work.
_UNSAVED: ContextVar[dict | None] = ContextVar("chartroom_unsaved_texts", default=None)


@contextmanager
def unsaved(texts: dict):
    """While the block runs, :func:`load_file` reads each path of ``texts`` (path -> text) from there, not from disk
    (the same size limit applies)."""
    token = _UNSAVED.set({resolved(path): text for path, text in texts.items()})
    try:
        yield
    finally:
        _UNSAVED.reset(token)


def unsaved_text(path: str | os.PathLike) -> str | None:
    """The text :func:`unsaved` holds for ``path`` while its block runs; None for any other path and outside it.

    What is kept because a file is unchanged (a game built from it) is kept by this text too, not only by the
    file's modification time: an unsaved edit is a change.
    """
    texts = _UNSAVED.get()
    return texts.get(resolved(path)) if texts else None


def load_file(path: str | os.PathLike) -> Document:
    """Read and parse one YAML file; raise :class:`LoadError` on any problem."""
    path = Path(path)
    name = display_path(path)
    text = unsaved_text(path)
    if text is not None:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_FILE_BYTES:
            raise LoadError(Location(name), _too_big(size), "LOAD-SIZE")
        return load_text(text, name, path)
    return load_text(decode(read_bytes(path, name), name), name, path)


def read_bytes(path: Path, name: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``MAX_FILE_BYTES``; raise :class:`LoadError` otherwise.

    The file is opened without blocking and checked on the open descriptor, so a FIFO, a
    device or a socket is refused instead of hanging or reading for ever, and at most
    ``MAX_FILE_BYTES + 1`` bytes are read even when the size ``stat`` reports is wrong.
    """
    name = display_path(path) if name is None else name
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise LoadError(Location(name), "no such file", "LOAD-FILE") from None
    except IsADirectoryError:
        raise LoadError(Location(name), "is a folder, not a YAML file", "LOAD-FILE") from None
    except PermissionError:
        raise LoadError(Location(name), "permission denied", "LOAD-FILE") from None
    except OSError as exc:
        raise LoadError(Location(name), f"cannot read: {exc.strerror or exc}", "LOAD-FILE") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise LoadError(Location(name), "is a folder, not a YAML file", "LOAD-FILE")
        if not stat.S_ISREG(info.st_mode):
            raise LoadError(Location(name), "is not a regular file", "LOAD-FILE")
        if info.st_size > MAX_FILE_BYTES:
            raise LoadError(Location(name), _too_big(info.st_size), "LOAD-SIZE")
        data = read_at_most(fd, MAX_FILE_BYTES)  # a file grown since fstat is caught too
        if data is None:
            raise LoadError(Location(name), _too_big(MAX_FILE_BYTES + 1, at_least=True), "LOAD-SIZE")
        return data
    except BlockingIOError:
        raise LoadError(Location(name), "is not a regular file", "LOAD-FILE") from None
    except IsADirectoryError:
        raise LoadError(Location(name), "is a folder, not a YAML file", "LOAD-FILE") from None
    except OSError as exc:
        raise LoadError(Location(name), f"cannot read: {exc.strerror or exc}", "LOAD-FILE") from None
    finally:
        os.close(fd)


def _too_big(size: int, at_least: bool = False) -> str:
    more = "more than " if at_least else ""
    return f"file is {more}{size - 1 if at_least else size} bytes; Chartroom reads YAML files of at most {MAX_FILE_BYTES} bytes"


def decode(raw: bytes, name: str) -> str:
    """UTF-8 (with or without BOM) to text; a bad byte is reported at its line and column."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8", "replace")
        line = good.count("\n") + 1
        column = len(good) - (good.rfind("\n") + 1) + 1
        raise LoadError(Location(name, line, column), f"byte 0x{raw[exc.start]:02x} is not UTF-8; save the file as UTF-8", "LOAD-ENCODING") from None
    if "\x00" in text:
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        raise LoadError(Location(name, line, column), "NUL character: this is not a text file", "LOAD-ENCODING")
    return text


def yaml_files(paths: list[Path]) -> list[Path]:
    """The YAML files of ``paths``: each file given, and every ``*.yaml``/``*.yml`` under each folder given.

    A folder is walked without following symbolic links (to folders or to files: a link's
    target is outside the walk or reached by it anyway) and without entering hidden
    folders (``.git``, ``.venv``) or taking hidden files.
    """
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(_walk(path))
        else:
            found.append(path)
    return found


def _walk(folder: Path) -> list[Path]:
    found = []
    for here, folders, files in os.walk(folder, followlinks=False):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and not os.path.islink(os.path.join(here, f)))
        for name in sorted(files):
            full = Path(here) / name
            if name.startswith(".") or full.suffix not in (".yaml", ".yml"):
                continue
            try:
                info = os.lstat(full)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                found.append(full)
    return sorted(found)
