"""``chartroom fmt``: the canonical layout of Chartroom YAML.

The layout is ruamel.yaml's round trip (``YAML(typ="rt")``, quotes preserved)
with these settings, which the bundled files already follow:

- mappings indented 2 spaces;
- block sequences indented 4 with the dash at offset 2, so a list sits two
  spaces inside its key (``setup:`` then ``  - at: Kure`` then ``    side: japan``);
- a line width of 4096, so long strings are never re-wrapped;
- top-level keys in a canonical order per kind (:data:`LEAD`, then the kind's
  schema property order, then keys the schema does not know, in their order).
  Nested keys keep their order. Comment lines at column 0 directly above a
  top-level key move with it; the lines before the first key stay at the top.

The file keeps its line ending (LF or CRLF) and its byte-order mark. Formatting
is refused, and nothing written, unless Chartroom's loader reads the formatted
text as data equal to the original's, every comment is still there, and
formatting the result again changes nothing. A file is written atomically
(a temporary file in the same folder, fsync, ``os.replace``, the original
owner, group and permissions) and only when its bytes change. A read-only file,
a symbolic link (never written through) and a file with several hard links are
refused, not rewritten; a folder is walked
without following symbolic links and without entering hidden folders.
"""

from __future__ import annotations

import io
import math
import os
import re
import stat
from collections import Counter
from functools import lru_cache
from pathlib import Path

from toolkit.errors import InputError
from toolkit.findings import LoadError
from toolkit.lazy import ruamel_yaml
from toolkit.load import decode, display_path, load_text, read_bytes, yaml_files
from toolkit.load.yamlpos import FastPathRefused, fast_events, fast_wanted, pure_events
from toolkit.outputs import write_atomically as _write_atomically
from toolkit.records import lazy_dataclass
from toolkit.schema import schemas

__all__ = ["LEAD", "FmtResult", "format_text", "format_path", "canonical_order", "yaml_files"]

LEAD = ("kind", "game", "id", "title", "variant", "edition", "start_turn", "extends", "map", "source", "reconstructed", "notes")
WIDTH = 4096
BOM = b"\xef\xbb\xbf"


class FmtRefused(InputError):
    """The text cannot be formatted safely; the message says why (one line)."""


@lazy_dataclass(frozen=True)
class FmtResult:
    """What formatting one file did: ``status`` is unchanged, changed (or would change), skipped or error."""

    name: str
    status: str
    message: str = ""


# --- ordering ---------------------------------------------------------------------------

def canonical_order(kind: object, keys: list) -> list:
    """The top-level keys of a document of ``kind`` in canonical order."""
    schema = schemas().get(kind) if isinstance(kind, str) else None
    known = list(LEAD) + [k for k in (schema or {}).get("properties", {}) if k not in LEAD]
    rank = {key: i for i, key in enumerate(known)}
    position = {key: i for i, key in enumerate(keys)}  # not keys.index: linear in the number of keys (issue 21 item 5)
    return sorted(keys, key=lambda k: (rank.get(k, len(rank)), position[k] if k not in rank else 0))


def _reorder_text(text: str, data) -> str:
    """Move each top-level key's block of lines (with the comments just above it) into canonical order."""
    if not isinstance(data, ruamel_yaml().comments.CommentedMap) or getattr(data, "merge", None):
        return text
    keys = list(data.keys())
    wanted = canonical_order(data.get("kind"), keys)
    if wanted == keys:
        return text
    return _reorder_lines(text, keys, wanted, [data.lc.key(k) for k in keys])


def _reorder_lines(text: str, keys: list, wanted: list, starts: list) -> str:
    """Move the block of each key (starting at its 0-based line, column) into the order ``wanted``."""
    if any(column != 0 for _, column in starts) or [s for s, _ in starts] != sorted({s for s, _ in starts}):
        return text  # keys not one per line at column 0: leave the order alone
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    begin = [_block_start(lines, line, previous) for (line, _), previous in zip(starts, [None] + [s for s, _ in starts[:-1]])]
    begin[0] = starts[0][0]
    ends = begin[1:] + [len(lines)]
    bodies, gaps = {}, []
    for key, first, end in zip(keys, begin, ends):
        last = end
        while last > first + 1 and not lines[last - 1].strip():
            last -= 1
        bodies[key] = "".join(lines[first:last])
        gaps.append("".join(lines[last:end]))  # blank lines after a block stay where they are
    return "".join(lines[: begin[0]]) + "".join(bodies[k] + gap for k, gap in zip(wanted, gaps))


def _reorder_by_loader(text: str, document) -> str:
    """:func:`_reorder_text` with the top-level keys' lines from Chartroom's loader (no extra ruamel.yaml load).

    Text with a top-level merge key (``<<:``) is left to ruamel's pass, as before.
    """
    data = document.data
    if not isinstance(data, dict) or re.search(r"^<<\s*:", text, re.MULTILINE):
        return text
    keys = list(data)
    if canonical_order(data.get("kind"), keys) == keys:
        return text
    starts = [document.parsed.keys.get((key,)) for key in keys]
    if any(start is None for start in starts):
        return text
    return _reorder_lines(text, keys, canonical_order(data.get("kind"), keys), starts)


def _block_start(lines: list[str], key_line: int, previous: int | None) -> int:
    """The first line of a key's block: the column-0 comment lines (and blank lines among them) above it."""
    start = key_line
    line = key_line - 1
    while previous is not None and line > previous and (not lines[line].strip() or lines[line].startswith("#")):
        if lines[line].startswith("#"):
            start = line
        line -= 1
    return start


# --- one pass ---------------------------------------------------------------------------

def _yaml():
    yaml = ruamel_yaml().YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = WIDTH
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


#: What ruamel's round trip keeps from its pure scanner only: a comment, a blank line (kept as a comment) and a
#: block scalar's indicator (its folds). A text with none of them has the same round trip from the C parser's events.
_SCANNER_ONLY = re.compile(r"#|(?:^|\n)[ \t]*\n|\n[ \t]+\Z|[>|][-+1-9]*[ \t]*(?:\n|\Z)")


class _Events:
    """ruamel's parser as its round-trip composer asks it, over events already parsed (the C parser's)."""

    def __init__(self, events: list):
        self._events, self._at = events, 0

    def check_event(self, *choices) -> bool:
        if self._at >= len(self._events):
            return False
        return not choices or isinstance(self._events[self._at], choices)

    def peek_event(self):
        return self._events[self._at]

    def get_event(self):
        self._at += 1
        return self._events[self._at - 1]

    def dispose(self) -> None:
        pass


def _load(yaml, text: str):
    """ruamel's round-trip data of ``text``; from the C parser's events when the text has no comment to keep.

    The pure parser (scanner and all, in Python) is most of a pass's time; a text without comments, blank
    lines or block scalars (:data:`_SCANNER_ONLY`) has nothing for its scanner to keep, and the C parser gives
    the same events several times sooner (issue 21 item 5).
    """
    if not _SCANNER_ONLY.search(text) and fast_wanted(text):
        try:
            events = list(fast_events(text))
        except (ruamel_yaml().error.YAMLError, FastPathRefused, ValueError, TypeError, RecursionError):
            events = None
        if events is not None:
            yaml.doc_infos.append(ruamel_yaml().main.DocInfo(requested_version=None))
            yaml.tags = {}
            yaml._parser = _Events(events)
            try:
                return yaml.constructor.get_single_data()
            finally:
                del yaml._parser
    return yaml.load(text)


def _one_pass(text: str) -> str:
    YAMLError = ruamel_yaml().error.YAMLError
    yaml = _yaml()
    try:
        data = _load(yaml, text)
        reordered = _reorder_text(text, data)
        if reordered != text:
            data = _load(yaml, reordered)
        out = io.StringIO()
        yaml.dump(data, out)
    except (YAMLError, ValueError, TypeError, AttributeError, RecursionError) as exc:
        alias = re.match(r"found undefined alias '([^']+)'", str(getattr(exc, "problem", None) or ""))
        if alias is not None:  # the file loaded as written (format_text): the canonical order moved an alias above its anchor
            name = alias.group(1)
            raise FmtRefused(f"putting the top-level keys in their canonical order would put the alias *{name} above its "
                             f"anchor &{name}; write the anchor under a key that comes first in that order, or the value in full") from None
        raise FmtRefused(f"ruamel.yaml cannot round-trip it ({type(exc).__name__})") from None
    return _keep_spelling(reordered, out.getvalue())


@lru_cache(maxsize=4)  # one format_text asks for the same few texts' spans more than once; a pure function of the text (a str)
def _scalar_spans(text: str) -> tuple[tuple, list] | None:
    """The kinds of every parser event of ``text``, and the (start, end) offsets of each scalar, in order."""
    ruamel = ruamel_yaml()
    events = None
    if fast_wanted(text):  # the C parser: the same events and offsets, about ten times sooner (issue 21 item 5)
        try:
            events = list(fast_events(text))
        except (ruamel.error.YAMLError, FastPathRefused, ValueError, TypeError, RecursionError):
            events = None
    if events is None:
        try:
            events = list(pure_events(text))
        except (ruamel.error.YAMLError, ValueError, TypeError, RecursionError):
            return None
    kinds = tuple(type(event).__name__ for event in events)
    return kinds, [(e.start_mark.index, e.end_mark.index) for e in events if isinstance(e, ruamel.events.ScalarEvent)]


def _keep_spelling(before: str, after: str) -> str:
    """``after`` (ruamel's layout of ``before``) with each one-line scalar spelled as in ``before``.

    ruamel.yaml respells some scalars (``.Inf`` as ``.inf``, ``~`` and ``Null`` as ``null``,
    ``TRUE`` as ``true``, ``"caf\\u00e9"`` as ``"café"``); the layout is about indentation and
    order, not spelling, so a scalar written on one line is put back as it was written.
    Scalars spanning lines (block scalars, folded plain text) keep ruamel's layout.
    """
    if before == after:
        return after
    old, new = _scalar_spans(before), _scalar_spans(after)
    if old is None or new is None or old[0] != new[0]:
        return after  # not the same event structure: leave ruamel's text (the data check still guards it)
    pieces, last = [], 0
    for (a0, a1), (b0, b1) in zip(old[1], new[1]):
        written, respelled = before[a0:a1], after[b0:b1]
        if written == respelled or a1 == a0 or "\n" in written or "\r" in written:
            continue
        if b1 > b0:
            pieces += [after[last:b0], written]
            last = b1
            continue
        # ruamel wrote an empty value (``a: ~`` as ``a:``): put the spelling back after the ``:`` or ``-``.
        at = b0
        while at > last and after[at - 1] in " \n":
            at -= 1
        if at > last and after[at - 1] in ":-":
            pieces += [after[last:at], " ", written]
            last = at
    return "".join(pieces) + after[last:] if pieces else after


def _comments(text: str) -> Counter:
    """Every comment line in ``text`` (stripped), counted.

    A comment is a ``#`` at the start of a line or after white space that is not inside a
    scalar (YAML 1.2, 6.6): found from the scalars' spans the parser already gave, or, when
    the text does not parse, with ruamel's scanner.
    """
    spans = _scalar_spans(text)
    if spans is None:
        return _scanned_comments(text)
    inside = bytearray(len(text))
    for start, end in spans[1]:
        inside[start:end] = b"\1" * (end - start)
    found: Counter = Counter()
    at = text.find("#")
    while at >= 0:
        if not inside[at] and (at == 0 or text[at - 1] in " \t\n\r"):
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            found[text[at:end].strip()] += 1
            at = text.find("#", end)
        else:
            at = text.find("#", at + 1)
    return found


def _scanned_comments(text: str) -> Counter:
    """Every comment line in ``text`` (stripped), counted, as ruamel's scanner sees them."""
    CommentToken = ruamel_yaml().tokens.CommentToken
    found: Counter = Counter()

    def collect(value):
        if isinstance(value, CommentToken):
            for line in value.value.splitlines():
                if line.strip():
                    found[line.strip()] += 1
        elif isinstance(value, (list, tuple)):
            for item in value:
                collect(item)

    for token in _yaml().scan(text):
        collect(getattr(token, "_comment", None))
    return found


def _same(a, b) -> bool:
    """Data equality strict about types (``1`` is not ``true`` or ``1.0``) and with NaN equal to itself."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return a == b


def format_text(text: str, name: str = "<text>") -> str:
    """The canonical layout of ``text`` (decoded, LF or CRLF); raises :class:`FmtRefused`.

    ``text`` must already load with Chartroom's loader (raises LoadError otherwise).
    """
    document = load_text(text, name)
    original = document.data
    crlf = "\r\n" in text and text.count("\r\n") == text.count("\n")
    if "\r" in text and not crlf:
        raise FmtRefused("mixed or bare-CR line endings; save the file with LF or CRLF endings throughout")
    lf = text.replace("\r\n", "\n") if crlf else text
    ordered = _reorder_by_loader(lf, document)
    result = _one_pass(ordered)
    if result == lf:
        return text  # already canonical: formatting it changes nothing
    # A pass that changed nothing but the top-level order proved its output a fixed point (the pass is a pure
    # function of its text): the second pass, half of the work, is only needed when the layout moved (issue 21 item 5).
    again = result if result == ordered else _one_pass(result)
    if again != result:
        result, again = again, _one_pass(again)
        if again != result:
            raise FmtRefused("the layout does not settle (formatting it again changes it)")
    try:
        reloaded = load_text(result, name).data
    except LoadError:
        reloaded = ...
    if not _same(original, reloaded):
        raise FmtRefused("the formatted text would read as different data (a scalar ruamel.yaml cannot keep as written)")
    if _comments(lf) != _comments(result):
        raise FmtRefused("a comment would be lost or changed")
    return result.replace("\n", "\r\n") if crlf else result


# --- files ------------------------------------------------------------------------------


def _read_bytes(path: Path, name: str) -> bytes:
    """The file's bytes, read once (a regular file within the size limit), then checked by the loader."""
    raw = read_bytes(path, name)
    load_text(decode(raw, name), name, path)  # every loader problem is reported as the loader reports it
    return raw


def format_path(path: Path, check: bool = False) -> FmtResult:
    """Format one file in place (or, with ``check``, only tell whether it would change)."""
    name = display_path(path)
    try:
        raw = _read_bytes(path, name)
        bom = raw.startswith(BOM)
        text = decode(raw, name)
        kind = _kind(text, name)
        if kind is None:
            return FmtResult(name, "skipped", "not a Chartroom document (no kind: of a Chartroom schema)")
        formatted = format_text(text, name)
    except LoadError as error:
        return FmtResult(name, "error", f"{error.location}: error {error.code} {error.message}")
    except FmtRefused as refusal:
        return FmtResult(name, "error", f"{name}: not formatted: {refusal}")
    new = (BOM if bom else b"") + formatted.encode("utf-8")
    if new == raw:
        return FmtResult(name, "unchanged")
    if check:
        return FmtResult(name, "changed", f"{name}: would be reformatted")
    refusal = _unwritable(path)
    if refusal:
        return FmtResult(name, "error", f"{name}: not formatted: {refusal}")
    try:
        write_atomically(path, new)
    except OSError as exc:
        return FmtResult(name, "error", f"{name}: cannot write: {exc.strerror or exc}")
    return FmtResult(name, "changed", f"{name}: reformatted")


def _kind(text: str, name: str):
    data = load_text(text, name).data
    kind = data.get("kind") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) and kind in schemas() else None


def _unwritable(path: Path) -> str:
    """Why formatting must not rewrite the file (empty when it may).

    A read-only file (no write permission for its owner, or none for the current user)
    is left as it is, even for root. A file with more than one hard link is left as it
    is too: replacing it would break the links, and rewriting it in place is not atomic.
    """
    if os.path.islink(path):
        return "it is a symbolic link; fmt never writes through a link: format the file it points to"
    try:
        info = os.stat(path)
    except OSError as exc:
        return f"cannot read its permissions: {exc.strerror or exc}"
    if not info.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
        return "the file is read-only; make it writable to format it"
    if info.st_nlink > 1:
        return f"the file has {info.st_nlink} hard links and rewriting it would break them; format a copy and move it into place"
    return ""


def write_atomically(path: Path, content: bytes) -> None:
    """Replace the file's content at once: temporary file beside it, fsync, rename; owner, group and permissions kept."""
    target = Path(path)
    if os.path.islink(target):  # never written through (issue 21 item 5); _unwritable says so first
        raise IsADirectoryError(f"{path} is a symbolic link")
    info = target.stat()
    mode = stat.S_IMODE(info.st_mode)
    _write_atomically(target, content, mode, owner=(info.st_uid, info.st_gid))
    _fsync_folder(target.parent)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
