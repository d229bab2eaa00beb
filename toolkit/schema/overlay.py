"""A game folder's overlay schemas, read as the untrusted input they are (issue 21 item 3).

Every ``<game>/schemas/*.schema.json`` is read and judged before any validator is built from it:

- a regular file inside the game folder (no link leading out, no FIFO or device), of at most
  :data:`MAX_OVERLAY_BYTES`, in UTF-8, holding one JSON object (no ``NaN``);
- a valid JSON Schema (draft 2020-12 and no other ``$schema``, checked against the metaschema) whose ``pattern`` and
  ``patternProperties`` compile in the linear-time engine (:mod:`toolkit.schema.patterns`);
- whose every ``$ref`` and ``$dynamicRef`` names the core schemas, the game's own overlay
  schemas, or a place inside the file: never the network, never a file elsewhere. Validators are
  built offline with only these registered, so nothing else can be fetched.

Anything else is an :class:`OverlayProblem`: one line at the overlay's file:line:col naming
what is wrong (and the ``$ref``), reported as the finding ``LOAD-SCHEMA`` (exit 2).
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

from toolkit import lazy
from toolkit.findings import LoadError, Location
from toolkit.load import decode, display_path, read_bytes, resolved
from toolkit.records import lazy_dataclass
from toolkit.schema import patterns

__all__ = ["MAX_OVERLAY_BYTES", "Overlays", "OverlayProblem", "read_overlays", "read_overlay_files", "judge_overlays", "json_location",
           "schema_files"]

#: An overlay schema larger than this is refused (Chartroom's own are under 40 KB).
MAX_OVERLAY_BYTES = 256 * 1024
#: The metaschema an overlay may name in ``$schema``: any other would have to be fetched.
DRAFT_2020_12 = ("https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema#")


class OverlayProblem(LoadError):
    """An overlay schema that cannot be used; one line at its file:line:col (the finding ``LOAD-SCHEMA``, exit 2)."""

    def __init__(self, location: Location, message: str):
        super().__init__(location, message, "LOAD-SCHEMA")


@lazy_dataclass(frozen=True)
class Overlays:
    """The overlay schemas of one game folder, read and judged: contents and bytes by file name."""

    folder: Path
    contents: dict  # file name -> the schema (a dict)
    raw: dict  # file name -> the file's bytes

    def resources(self):
        """(uri, contents) of every overlay: under its ``$id`` and its file URI (as editors resolve)."""
        for name in sorted(self.contents):
            contents = self.contents[name]
            if isinstance(contents.get("$id"), str):
                yield contents["$id"], contents
            yield (self.folder / name).as_uri(), contents


def read_overlays(game_root: Path, core: dict) -> Overlays:
    """Read every overlay schema of ``game_root`` and judge it; raise :class:`OverlayProblem` at the first bad one.

    ``core`` maps the core schemas' URIs (``$id`` and file URI) to their contents: what a ``$ref`` may name besides
    the game's own overlays.
    """
    overlays = read_overlay_files(game_root)
    judge_overlays(overlays, core)
    return overlays


def schema_files(folder: Path) -> list[Path]:
    """The ``*.schema.json`` files of ``folder``, sorted, as ``sorted(folder.glob("*.schema.json"))`` gives them, from one
    listing of the folder (pathlib's pattern matching costs about 0.2 ms a call, four calls a check: issue 22); none when
    the folder is missing, not a folder or cannot be read."""
    try:
        names = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError, PermissionError):
        return []
    return [folder / name for name in sorted(names) if name.endswith(".schema.json")]


def read_overlay_files(game_root: Path) -> Overlays:
    """Read every overlay schema of ``game_root`` as a file and as JSON (the first half of :func:`read_overlays`, which
    needs no JSON Schema library); raise :class:`OverlayProblem` at the first that cannot be read."""
    root = resolved(game_root)
    folder = root / "schemas"
    names = [path.name for path in schema_files(folder)]  # as the signature lists them
    contents, raw = {}, {}
    for name in names:
        path = folder / name
        shown = display_path(path)
        if not _inside(resolved(path), root):
            raise OverlayProblem(Location(shown), "is a link leading outside the game folder; an overlay schema must be a file in it")
        try:
            data = read_bytes(path, shown)
        except LoadError as error:
            raise OverlayProblem(error.location, f"overlay schema {error.message}") from None
        if len(data) > MAX_OVERLAY_BYTES:
            raise OverlayProblem(Location(shown), f"overlay schema is {len(data)} bytes; Chartroom reads overlay schemas of at most {MAX_OVERLAY_BYTES} bytes")
        try:
            text = decode(data, shown)
        except LoadError as error:
            raise OverlayProblem(error.location, f"overlay schema: {error.message}") from None
        raw[name] = data
        contents[name] = _parse(text, shown)
    return Overlays(folder, contents, raw)


def judge_overlays(overlays: Overlays, core: dict) -> None:
    """Judge every overlay read by :func:`read_overlay_files` (the second half of :func:`read_overlays`): its metaschema,
    patterns and references; raise :class:`OverlayProblem` at the first fault."""
    folder = overlays.folder
    known = dict(core)
    known.update(overlays.resources())
    for name in sorted(overlays.contents):
        path = folder / name
        shown = display_path(path)
        _judge(overlays.contents[name], decode(overlays.raw[name], shown), shown, path.as_uri(), known, folder.parent)


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _parse(text: str, shown: str) -> dict:
    try:
        contents = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise OverlayProblem(Location(shown, error.lineno, error.colno), f"overlay schema is not valid JSON: {error.msg}") from None
    except ValueError as error:
        raise OverlayProblem(Location(shown, 1, 1), f"overlay schema is not valid JSON: {error}") from None
    except RecursionError:
        raise OverlayProblem(Location(shown, 1, 1), "overlay schema is nested too deeply") from None
    if not isinstance(contents, dict):
        raise OverlayProblem(Location(shown, 1, 1), "an overlay schema must be a JSON object ({...}) holding a schema")
    return contents


def _judge(contents: dict, text: str, shown: str, uri: str, known: dict, root: Path) -> None:
    """The metaschema, the patterns and the references of one overlay; raise :class:`OverlayProblem` at the first fault."""
    jsonschema_rs = lazy.jsonschema_rs()  # only when an overlay is read
    for node in _keyed(contents, "$schema"):  # another metaschema would be fetched: refuse it first
        if node["$schema"] not in DRAFT_2020_12:
            raise OverlayProblem(json_location(text, shown, (*_path_of(contents, node), "$schema")),
                                 f"$schema {node['$schema']!r}: Chartroom reads JSON Schema draft 2020-12 only ({DRAFT_2020_12[0]}), offline")
    try:
        jsonschema_rs.meta.validate(contents)
    except jsonschema_rs.ValidationError as error:
        path = tuple(getattr(error, "instance_path", ()) or ())
        message = " ".join(str(getattr(error, "message", error)).split())
        raise OverlayProblem(json_location(text, shown, path), f"not a valid JSON Schema (draft 2020-12): {message}") from None
    except (ValueError, RecursionError) as error:
        raise OverlayProblem(Location(shown, 1, 1), f"not a valid JSON Schema (draft 2020-12): {error}") from None
    base = contents.get("$id") if isinstance(contents.get("$id"), str) else uri
    anchors: dict[int, frozenset] = {}  # id(document) -> its anchors, found once for every reference into it
    # In document order; a node's path is looked for only when it is at fault (_path_of).
    stack: list = [(contents, base)]
    while stack:
        node, base = stack.pop()
        if isinstance(node, list):
            stack.extend([(item, base) for item in reversed(node) if isinstance(item, (dict, list))])
            continue
        if isinstance(node.get("$id"), str) and node is not contents:
            base = urljoin(base, node["$id"])
        for keyword in ("$ref", "$dynamicRef"):
            if isinstance(node.get(keyword), str):
                why = _reference_problem(node[keyword], base, contents, known, root, anchors)
                if why:
                    raise OverlayProblem(json_location(text, shown, (*_path_of(contents, node), keyword)), f"{keyword} {node[keyword]!r}: {why}")
        if isinstance(node.get("pattern"), str):
            why = patterns.problem(node["pattern"])
            if why:
                raise OverlayProblem(json_location(text, shown, (*_path_of(contents, node), "pattern")), f"pattern {node['pattern']!r}: {why}")
        if isinstance(node.get("patternProperties"), dict):
            for pattern in node["patternProperties"]:
                why = patterns.problem(pattern)
                if why:
                    raise OverlayProblem(json_location(text, shown, (*_path_of(contents, node), "patternProperties", pattern)),
                                         f"patternProperties {pattern!r}: {why}")
        stack.extend([(value, base) for value in reversed(node.values()) if isinstance(value, (dict, list))])


def _keyed(contents, key: str):
    """Every mapping holding ``key`` in the JSON ``contents``, at any depth."""
    stack = [contents]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if key in node:
                yield node
            stack.extend([v for v in node.values() if isinstance(v, (dict, list))])
        elif isinstance(node, list):
            stack.extend([v for v in node if isinstance(v, (dict, list))])


def _path_of(contents, target) -> tuple:
    """The path from ``contents`` to the node ``target`` (the very object: JSON parsing shares none)."""
    stack: list = [((), contents)]
    while stack:
        path, node = stack.pop()
        if node is target:
            return path
        if isinstance(node, dict):
            stack.extend(((*path, k), v) for k, v in node.items() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend(((*path, i), v) for i, v in enumerate(node) if isinstance(v, (dict, list)))
    return ()


@lru_cache(maxsize=1024)
def _split_reference(base: str, ref: str) -> tuple[str, str, bool]:
    """``(target document URI, fragment, whether it is the base's own document)`` of ``ref`` read against ``base``:
    a pure function of two strings, kept once a process (an overlay repeats the same few references hundreds of times)."""
    target, fragment = urldefrag(urljoin(base, ref))
    return target, fragment, not target or target == urldefrag(base)[0] or ref.startswith("#")


def _reference_problem(ref: str, base: str, contents: dict, known: dict, root: Path, anchors: dict | None = None) -> str:
    """Why ``ref`` (read against ``base``) names nothing Chartroom may resolve, or "" (``anchors`` keeps each
    document's anchors between calls)."""
    target, fragment, own = _split_reference(base, ref)
    if own:
        document = contents
    elif target in known:
        document = known[target]
    else:
        scheme = urlsplit(target).scheme
        if scheme in ("http", "https", "ftp", "ws", "wss"):
            return "names a schema on the network; Chartroom never reaches the network: copy it into the game's schemas/ folder"
        if scheme == "file":
            path = Path(unquote(urlsplit(target).path))
            if not _inside(resolved(path), root):
                return "names a file outside the game folder; only the core schemas and the game's schemas/*.schema.json are resolved"
            return "names no schema of the game; only the core schemas and the game's schemas/*.schema.json are resolved"
        return "names no schema Chartroom knows; only the core schemas and the game's schemas/*.schema.json are resolved"
    if fragment.startswith("/"):
        if not _pointer_resolves(document, fragment):
            return f"the JSON pointer #{fragment} names nothing in {target or 'this file'}"
    elif fragment:
        found = anchors.get(id(document)) if anchors is not None else None
        if found is None:
            found = _anchors(document)
            if anchors is not None:
                anchors[id(document)] = found
        if fragment not in found:
            return f"no $anchor or $dynamicAnchor {fragment!r} in {target or 'this file'}"
    return ""


def _pointer_resolves(document, pointer: str) -> bool:
    node = document
    for part in unquote(pointer).split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


def _anchors(document) -> frozenset:
    """Every ``$anchor`` and ``$dynamicAnchor`` name in ``document``, at any depth."""
    found = set()
    stack = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            found.update(node[key] for key in ("$anchor", "$dynamicAnchor") if isinstance(node.get(key), str))
            stack.extend([v for v in node.values() if isinstance(v, (dict, list))])
        elif isinstance(node, list):
            stack.extend([v for v in node if isinstance(v, (dict, list))])
    return frozenset(found)


# --- where a JSON node is -------------------------------------------------------------------

#: JSON whitespace; compiled when an error is located (``re`` keeps it), not when the module loads (issue 22).
_SPACE = r"[ \t\n\r]*"


def json_location(text: str, shown: str, path: tuple) -> Location:
    """The file:line:col of the value at ``path`` in the JSON ``text`` (as far down the path as it goes)."""
    offset = _offset(text, path)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return Location(shown, line, column)


def _offset(text: str, path: tuple) -> int:
    decoder = json.JSONDecoder()
    space = re.compile(_SPACE).match
    at = space(text, 0).end()
    try:
        for step in path:
            start = at
            if text.startswith("{", at):
                at = space(text, at + 1).end()
                while not text.startswith("}", at):
                    key, at = json.decoder.scanstring(text, at + 1)
                    at = space(text, at).end() + 1  # the colon
                    at = space(text, at).end()
                    if key == step:
                        break
                    at = _skip(decoder, text, at)
                else:
                    return start
            elif text.startswith("[", at) and isinstance(step, int):
                at = space(text, at + 1).end()
                for _ in range(step):
                    if text.startswith("]", at):
                        return start
                    at = _skip(decoder, text, at)
                if text.startswith("]", at):
                    return start
            else:
                return start
    except (ValueError, RecursionError, IndexError):
        return 0
    return at


def _skip(decoder, text: str, at: int) -> int:
    """Past one value and the comma after it."""
    _, at = decoder.raw_decode(text, at)
    space = re.compile(_SPACE).match
    at = space(text, at).end()
    if text.startswith(",", at):
        at = space(text, at + 1).end()
    return at
