"""JSON Schema validation of documents, with every error located at file:line:col.

The core schemas live in ``schemas/`` (one per document kind, draft 2020-12, sharing
``defs.schema.json``); they are game-agnostic. A game narrows them with overlay schemas in
its folder (``<game>/schemas/<kind>.schema.json``): each ``$ref``s the core schema of its
kind and binds the core's ``$dynamicAnchor`` hooks (side, control, nation, flag, turn,
source, citation) to the game's vocabulary, adding its own shapes where it has them. All are
registered with a ``referencing`` registry that has no retriever, so a ``$ref`` never
reaches the network; a game's overlays are read and judged first (:mod:`toolkit.schema.overlay`:
regular files in the game folder, valid JSON Schemas whose ``$ref``s name only the core and the
game's schemas), and every ``pattern`` runs in linear time (:mod:`toolkit.schema.patterns`). A validation error's path is translated into the
position of the YAML node that caused it, and its message into one line a
designer can act on.

What is kept between calls, and for how long: the core schemas ship with the package and do not
change while a process runs, so what depends on them alone is a pure function of immutable input,
kept process-wide (:func:`_core`, keyed by the schema folder). A game folder's overlay schemas may
change between two sessions of one process (a test, a language server), so what depends on them
is kept in the memos of the session at work (:func:`toolkit.load.memo.remembered`), keyed by the
overlay files' signature too, and not at all outside a session. A "valid" verdict is keyed by
the content of the document and of every schema, so it is a pure function of its key.
"""

from __future__ import annotations

import ast
import difflib
import hashlib
import json
import math
import os
import re
from functools import lru_cache
from pathlib import Path

from toolkit import lazy
from toolkit.findings import Finding, Location
from toolkit.load import cache, display_path, resolved, worth_keeping
from toolkit.load.memo import BoundedMemo, remembered, while_working, within_a_session
from toolkit.schema import patterns
from toolkit.schema.overlay import OverlayProblem, judge_overlays, read_overlay_files, schema_files

__all__ = ["schema_dir", "schemas", "schema_path", "overlay_dir", "validate", "validator", "KINDS"]

#: The ``toolkit`` folder, symbolic links followed (a constant: the package does not move while Chartroom runs).
_PACKAGE = Path(__file__).resolve().parents[1]

KINDS = ("game", "map", "counters", "edition", "schedule", "errata", "charts", "scenario")
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


def schema_dir() -> Path:
    """The ``schemas/`` folder: ``$CHARTROOM_SCHEMAS`` or the one beside the package."""
    env = os.environ.get("CHARTROOM_SCHEMAS")
    if env:
        return Path(env)
    package = _PACKAGE
    for candidate in (package.parent / "schemas", package / "schemas"):  # a checkout, then an installed wheel
        if candidate.is_dir():
            return candidate
    return package.parent / "schemas"


def schema_path(kind: str, game_root: Path | None = None) -> Path:
    """The schema a document of ``kind`` is checked against: the game's overlay if it has one, else the core's."""
    if game_root is not None:
        overlay = overlay_dir(game_root) / f"{kind}.schema.json"
        if overlay.is_file():
            return overlay
    return schema_dir() / f"{kind}.schema.json"


def overlay_dir(game_root: Path) -> Path:
    """Where a game keeps its overlay schemas: ``<game folder>/schemas/``."""
    return Path(game_root) / "schemas"


def schemas() -> dict[str, dict]:
    """Every core schema in ``schemas/`` by file stem (``map.schema`` -> ``map``)."""
    return _core(str(schema_dir())).schemas


class _Core:
    """The core schemas of one folder, each file read once, and what is built from them alone: their digest,
    their registries and validators."""

    def __init__(self, folder: str):
        self.folder = Path(folder)
        self.schemas: dict[str, dict] = {}
        #: (uri, contents) of every core schema: under its ``$id`` and under its file URI, so a relative ``$ref``
        #: resolves whether the base is the ``$id`` or the file (as editors use).
        self.resources: list[tuple[str, dict]] = []
        for path in schema_files(self.folder):
            contents = json.loads(path.read_text(encoding="utf-8"))
            self.schemas[path.name[: -len(".schema.json")]] = contents
            if "$id" in contents:
                self.resources.append((contents["$id"], contents))
            self.resources.append((path.resolve().as_uri(), contents))
        self._built: dict = {}  # (what, kind) -> validator or digest, built on first use

    def _once(self, key, build):
        if key not in self._built:
            self._built[key] = build()
        return self._built[key]

    def validator(self, kind: str):
        return self._once(("jsonschema", kind), lambda: _build_validator(None, kind, ()))

    def fast_validator(self, kind: str):
        return self._once(("jsonschema-rs", kind), lambda: _build_fast_validator(None, kind, ()))

    def digest(self) -> str:
        return self._once(("digest", None), self._digest)

    def _digest(self) -> str:
        digest = hashlib.sha256()
        for path in schema_files(self.folder):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        return digest.hexdigest()


@lru_cache(maxsize=4)
def _core(folder: str) -> _Core:
    """Kept once a process by folder, a pure function of immutable input: the core schemas ship with the package
    and do not change while it runs (``CHARTROOM_SCHEMAS`` naming another folder is another key)."""
    return _Core(folder)


def _overlay_signature(game_root: Path | None) -> tuple:
    """(name, size, mtime) of each overlay file of the game: a changed overlay is read again (looked at once a command)."""
    if game_root is None:
        return ()
    return while_working(("overlay-signature", os.fspath(game_root)), lambda: _read_overlay_signature(game_root))


def _read_overlay_signature(game_root: Path) -> tuple:
    folder = overlay_dir(game_root)
    if not folder.is_dir():
        return ()
    out = []
    for path in schema_files(folder):
        try:
            stat = path.stat()
        except OSError:  # a dangling link, say: read_overlays names it
            out.append((path.name, -1, 0, 0, 0))
            continue
        # The change time and inode too: an overlay rewritten to the same size with its modification time put back is still new.
        out.append((path.name, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino))
    return tuple(out)


def _checked_overlays(root: str, signature: tuple):
    """The game's overlays read and judged (:func:`toolkit.schema.overlay.read_overlays`), kept for the session
    by the files' signature: ``(overlays, None)``, or ``(None, problem)`` for the first bad one."""
    return remembered("schema-overlays", (root, signature), lambda: _read_checked(root))


def _read_checked(root: str):
    """Read the overlays; judge them unless a sealed marker says these very bytes, in this folder, with these core
    schemas, were judged sound before (the judging costs more than the rest of a check served by the cache)."""
    try:
        overlays = read_overlay_files(Path(root))
        inputs = (root, _overlays_digest(overlays), _core_digest())
        if not _known_judged(inputs):
            judge_overlays(overlays, dict(_resources(schema_dir())))
            cache.write_entry(_judged_name(inputs), _judged_marker(inputs))
        return overlays, None
    except OverlayProblem as problem:
        return None, problem


_JUDGED = b"chartroom-overlays-judged-1\n"


def _judged_name(inputs: tuple) -> str:
    return f"judged-{cache.entry_key('judged', *inputs)}"


def _judged_marker(inputs: tuple) -> bytes:
    return cache.seal(_JUDGED, "judged", *inputs)


def _known_judged(inputs: tuple) -> bool:
    """Whether a marker sealed by exactly ``inputs`` says the overlays were judged sound (a tampered marker is a miss)."""
    return cache.unseal(cache.read_entry(_judged_name(inputs), limit=512), "judged", *inputs) == _JUDGED


def _overlays(root: str):
    """The checked overlays of the game folder ``root``; raise its :class:`toolkit.schema.overlay.OverlayProblem`."""
    overlays, problem = _checked_overlays(root, _overlay_signature(Path(root)))
    if problem is not None:
        raise problem
    return overlays


def _resources(folder: Path):
    """(uri, contents) of every core schema in ``folder`` (read once a process, :class:`_Core`)."""
    return _core(str(folder)).resources


def _schema_set(root: str | None) -> dict:
    """Every schema a document of a game may be checked against, by URI: the core's and, with ``root``, the game's
    overlays (read and judged once a session). The one set each registry below is built from."""
    found = dict(_resources(schema_dir()))
    if root:
        found.update(_overlays(root).resources())
    return found


def _target(found: dict, kind: str, root: str | None) -> str:
    """The URI of the schema a document of ``kind`` is checked against (the overlay's, else the core's): its ``$id``."""
    path = schema_path(kind, Path(root) if root else None)
    return found[path.resolve().as_uri()].get("$id") or path.resolve().as_uri()


def _validator_for(root: str | None, kind: str, signature: tuple):
    """A validator of ``kind``: the core schema, or the game's overlay with the core registered beside it.

    The core's is built once a process (:class:`_Core`); an overlay's once a session per
    (game root, kind, overlay files' signature).
    """
    if root is None:
        return _core(str(schema_dir())).validator(kind)
    return remembered("schema-validators", (root, kind, signature), lambda: _build_validator(root, kind, signature))


def _build_validator(root: str | None, kind: str, signature: tuple):
    """A jsonschema validator of ``kind`` over the schema set's one registry (:func:`_registry`)."""
    if kind not in schemas():
        raise KeyError(kind)
    # jsonschema and referencing cost about 0.15 s to import (toolkit.lazy): only a document
    # without a remembered verdict pays for them.
    Draft202012Validator = lazy.jsonschema().Draft202012Validator
    found, registry = _registry(root, signature)
    # The root is a one-line $ref to the schema: jsonschema adds its root to the registry
    # uncrawled, and re-crawls it at every dynamic reference; a root without subschemas is cheap.
    return Draft202012Validator({"$schema": DRAFT_2020_12, "$ref": _target(found, kind, root)}, registry=registry)


def _registry(root: str | None, signature: tuple):
    """``(schemas by URI, crawled referencing registry)`` of the schema set, built once for every kind: once a process
    for the core, once a session per game folder and overlay signature (the caller's key)."""
    if root is None:
        return _core(str(schema_dir()))._once(("jsonschema-registry", None), lambda: _build_registry(None))
    return remembered("schema-registries", (root, signature), lambda: _build_registry(root))


def _build_registry(root: str | None):
    """The registry has no retriever, so a ``$ref`` that names nothing registered fails instead of reaching the network."""
    referencing = lazy.referencing()
    Registry, Resource, DRAFT202012 = referencing.Registry, referencing.Resource, referencing.jsonschema.DRAFT202012
    found = _schema_set(root)
    patterns.install()  # jsonschema's pattern keywords search in linear time
    registry = Registry().with_resources(
        (uri, Resource.from_contents(contents, default_specification=DRAFT202012)) for uri, contents in found.items()
    ).crawl()  # anchors found once: an uncrawled registry crawls again at every dynamic reference
    return found, registry


def _fast_wanted() -> bool:
    return os.environ.get("CHARTROOM_VALIDATOR") != "jsonschema"


def _fast_verdict(data, kind: str, game_root: Path | None = None, signature: tuple | None = None) -> bool:
    """True when a compiled validator (jsonschema-rs) finds ``data`` valid against the same schemas.

    Only a "valid" is trusted; anything else (invalid, no compiled validator installed,
    ``CHARTROOM_VALIDATOR=jsonschema``, a schema or value it cannot take) is False, and
    jsonschema then gives the verdict and the located messages, exactly as without it.
    """
    if not _fast_wanted():
        return False
    root = _overlay_root(kind, game_root)
    if root is None:
        signature = ()
    elif signature is None:
        signature = _overlay_signature(Path(root))
    compiled = _fast_validator_for(root, kind, signature)
    if compiled is None:
        return False
    try:
        return compiled.is_valid(data) is True
    except BaseException as error:  # noqa: BLE001 - a value it cannot convert, or a panic in the extension: ask jsonschema
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return False


def _fast_validator_for(root: str | None, kind: str, signature: tuple):
    """The jsonschema-rs validator of ``kind`` for the same schemas as :func:`_validator_for`, or None.

    Kept as :func:`_validator_for` keeps its validators: once a process for the core, once a session for an overlay.
    """
    if root is None:
        return _core(str(schema_dir())).fast_validator(kind)
    return remembered("schema-fast-validators", (root, kind, signature), lambda: _build_fast_validator(root, kind, signature))


def _build_fast_validator(root: str | None, kind: str, signature: tuple):
    """The jsonschema-rs validator of ``kind``: a one-line ``$ref`` to its schema over the schema set's one registry
    (:func:`_fast_registry`), or None (no compiled validator, or a schema it refuses: then the pure path answers)."""
    if kind not in schemas():
        return None
    built = _fast_registry(root, signature)
    if built is None:
        return None
    jsonschema_rs, found, registry = built
    try:
        return jsonschema_rs.Draft202012Validator({"$schema": DRAFT_2020_12, "$ref": _target(found, kind, root)},
                                                  registry=registry, validate_formats=False, retriever=_offline,
                                                  pattern_options=patterns.OPTIONS())
    except BaseException as error:  # noqa: BLE001 - a schema it refuses (or a panic in the extension): the pure path only
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return None


def _fast_registry(root: str | None, signature: tuple):
    """``(jsonschema_rs, schemas by URI, registry)`` of the schema set, built once for every kind (as :func:`_registry`),
    or None when jsonschema-rs is not installed or refuses the set."""
    if root is None:
        return _core(str(schema_dir()))._once(("jsonschema-rs-registry", None), lambda: _build_fast_registry(None))
    return remembered("schema-fast-registries", (root, signature), lambda: _build_fast_registry(root))


def _build_fast_registry(root: str | None):
    """The registry holds each schema once, under its ``$id`` (else its file URI), with no retriever and offline: a
    ``$ref`` that names nothing registered makes building a validator fail, and then the pure path answers."""
    try:
        jsonschema_rs = lazy.jsonschema_rs()
    except ImportError:
        return None
    found = _schema_set(root)
    unique = {}
    for uri, contents in found.items():
        unique[contents.get("$id") or uri] = contents
    try:
        return jsonschema_rs, found, jsonschema_rs.Registry(list(unique.items()), draft=jsonschema_rs.Draft202012, retriever=_offline)
    except BaseException as error:  # noqa: BLE001 - a schema it refuses (or a panic in the extension): the pure path only
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return None


def _offline(uri: str):
    """The compiled validator's retriever: nothing is fetched, from the network or a file."""
    raise ValueError(f"{uri}: Chartroom resolves only the core schemas and the game's own, offline")


def _overlay_root(kind: str, game_root: Path | None) -> str | None:
    """The resolved game folder when the game has an overlay of ``kind``, else None (the core schema)."""
    if game_root is None or schema_path(kind, game_root) == schema_dir() / f"{kind}.schema.json":
        return None
    return str(resolved(game_root))


def _declared_sections(root: str | None, kind: str, signature: tuple = ()) -> tuple[str, ...]:
    """The top-level sections a game's overlay declares through the core ``#sections`` hook (kept for the
    session, read again when the overlay files' ``signature`` changes)."""
    if root is None:
        return ()
    return remembered("schema-sections", (root, kind, signature), lambda: _read_sections(root, kind))


def _read_sections(root: str, kind: str) -> tuple[str, ...]:
    contents = _overlays(root).contents.get(f"{kind}.schema.json") or {}
    return tuple(key for definition in (contents.get("$defs") or {}).values()
                 if isinstance(definition, dict) and definition.get("$dynamicAnchor") == "sections"
                 for key in definition.get("properties") or {})


def validator(kind: str, game_root: Path | None = None):
    """The jsonschema validator of ``kind``: the game's overlay when ``game_root`` has one, else the core."""
    root = _overlay_root(kind, game_root)
    return _validator_for(root, kind, _overlay_signature(Path(root)) if root else ())


def validate(document, kind: str, game_root: Path | None = None) -> list[Finding]:
    """Validate ``document`` (a :class:`toolkit.load.Document`) against the schema of ``kind``.

    With ``game_root`` (the folder of a game's ``game.yaml``) whose ``schemas/<kind>.schema.json``
    exists, the document is checked against that overlay (the core schema narrowed to the game's
    vocabulary); else against the core schema.

    A document already found valid against the same schemas is not validated again: the
    verdict is kept in the parse cache folder, keyed by the document's content and the
    schemas' content, overlays included (so jsonschema is not even imported on a warm cache).
    """
    with within_a_session():  # the overlays read once for the verdict's key and the check, even outside a session
        return _validate(document, kind, game_root)


def _validate(document, kind: str, game_root: Path | None) -> list[Finding]:
    signature = _overlay_signature(game_root)  # read once: the overlays' names, sizes and times
    if signature:  # a game's overlays are read and judged before anything is built from them
        _overlays, problem = _checked_overlays(str(resolved(game_root)), signature)
        if problem is not None:
            return [problem.finding()]
    key = _verdict_key(document, kind, game_root, signature)
    if key and _known_valid(key, worth_keeping(document)):
        return []
    non_finite = _non_finite(document)
    if non_finite:  # no verdict is kept: a document with one is never found valid
        return non_finite
    if _fast_verdict(document.data, kind, game_root, signature):  # valid: jsonschema and its messages are not needed
        if key:
            _remember_valid(key, document)
        return []
    findings = []
    Unresolvable = lazy.referencing().exceptions.Unresolvable  # only once validation is needed
    try:
        errors = list(validator(kind, game_root).iter_errors(document.data))
    except Unresolvable as error:  # what read_overlays did not foresee: still the game's schema, located at it
        return [Finding("error", "LOAD-SCHEMA", f"a $ref in the schema cannot be resolved: {_short(' '.join(str(error).split()), 160)}",
                        Location(display_path(schema_path(kind, game_root)), 1, 1))]
    # A game's section that fails its overlay is also "unevaluated" to the core: report only its own error.
    # And one failing section leaves every section unevaluated (the hook's annotations are dropped
    # together): a section the overlay declares is never an unknown key.
    failing = [tuple(e.absolute_path) for e in errors if e.validator != "unevaluatedProperties"]
    root = _overlay_root(kind, game_root)
    sections = _declared_sections(root, kind, signature if root else ())
    if failing:
        failing += [(key,) for key in sections]
    for error in errors:
        findings.extend(_translate(error, document, failing, sections))
    unique = {(f.location, f.message): f for f in findings}
    if not unique and key:
        _remember_valid(key, document)
    return sorted(unique.values(), key=Finding.sort_key)


def _non_finite(document) -> list[Finding]:
    """``.nan``, ``.inf`` and numbers too large for a float (``1e999``) wherever they stand: every number Chartroom
    reads is finite (issue 21 item 4); jsonschema lets NaN through every bound (NaN < 0 and NaN > 0 are both false)."""
    if not _holds_non_finite(document.data):  # the usual case, found without making a path for every node
        return []
    findings = []
    stack = [((), document.data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            written = "not a number (.nan)" if math.isnan(value) else "infinite (.inf or a number too large)"
            dotted = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path).lstrip(".") or "the document"
            findings.append(Finding("error", "SCHEMA-NUMBER", f"{dotted}: {written}; give a finite number",
                                    document.locate(path)))
        elif isinstance(value, dict):
            stack.extend(((*path, key), item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in enumerate(value))
    return sorted(findings, key=Finding.sort_key)


def _holds_non_finite(data) -> bool:
    """Whether a number that is not finite stands anywhere in ``data``."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, float):
            if not math.isfinite(value):
                return True
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def _core_digest() -> str:
    return _core(str(schema_dir())).digest()


def _overlay_digest(root: str, signature: tuple) -> str:
    """The overlay files' content, as one digest (kept for the session, by the files' signature)."""
    return remembered("schema-overlay-digests", (root, signature), lambda: _read_overlay_digest(root, signature))


def _read_overlay_digest(root: str, signature: tuple) -> str:
    overlays, _problem = _checked_overlays(root, signature)
    return _overlays_digest(overlays)


def _overlays_digest(overlays) -> str:
    """The overlay files' names and bytes, as one digest."""
    digest = hashlib.sha256()
    for name, data in sorted((overlays.raw if overlays else {}).items()):
        digest.update(name.encode() + b"\0" + data)
    return digest.hexdigest()


def _schemas_digest(game_root: Path | None = None, signature: tuple | None = None) -> str:
    """The content of the core schemas and of the game's overlay schemas, as one digest."""
    core = _core_digest()
    signature = _overlay_signature(game_root) if signature is None else signature
    if not signature:
        return core
    return f"{core}+{_overlay_digest(str(resolved(game_root)), signature)}"


def _verdict_key(document, kind: str, game_root: Path | None = None, signature: tuple | None = None) -> tuple | None:
    """The inputs of a "valid" verdict: the document's bytes (digest), the kind, every schema's bytes (core
    and overlay, one digest); None when the document has no digest (then no verdict is kept)."""
    if not getattr(document, "digest", None):
        return None  # verdicts are kept by content, in process and, where the cache folder is usable, on disk
    return (document.digest, kind, _schemas_digest(game_root, signature))


# Verdicts found valid in this process: the inputs name the content of the document and of every schema
# (core and overlay), so a verdict is a pure function of them; a changed file is new inputs.
_valid_in_process = BoundedMemo(4096)


def _verdict_marker(inputs: tuple) -> bytes:
    """A verdict marker: sealed by the exact inputs it judged (issue 21 item 2), checked on every read."""
    document, kind, schemas = inputs
    return cache.seal(f"chartroom-valid-3 {kind}\n".encode(), "valid", document, kind, schemas)


def _marker_name(inputs: tuple) -> str:
    return f"valid-{cache.entry_key('valid', *inputs)}"


def _known_valid(inputs: tuple, on_disk: bool = True) -> bool:
    """Whether a verdict for ``inputs`` is known in process or (``on_disk``) as a marker: a regular file in a trusted
    folder sealed by those inputs (a short text has none: :func:`_remember_valid`)."""
    if inputs in _valid_in_process:
        return True
    if not on_disk:
        return False
    document, kind, schemas = inputs
    if cache.unseal(cache.read_entry(_marker_name(inputs), limit=512), "valid", document, kind, schemas) == f"chartroom-valid-3 {kind}\n".encode():
        _valid_in_process.put(inputs, True)
        return True
    return False


def _remember_valid(inputs: tuple, document=None) -> None:
    """Keep a "valid" verdict in process and, for a text the parse cache keeps too, as a marker on disk: a short text
    (a variant of a few lines) is validated in 0.03 ms once the validator is built, and a new marker file costs
    0.3-0.7 ms to write (200 variants checked with an empty cache wrote 200 of them)."""
    _valid_in_process.put(inputs, True)
    if document is None or worth_keeping(document):
        cache.write_entry(_marker_name(inputs), _verdict_marker(inputs))


# --- translation -----------------------------------------------------------------

_TYPE_NAMES = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
               "object": "a mapping", "array": "a list", "null": "nothing"}


def _describe(value) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"text {_short(value)!r}"
    return f"{type(value).__name__} {value!r}"


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _subject(path) -> str:
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return "document"


def _suggest(word: str, choices) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, [c for c in choices if isinstance(c, str)], n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _unknown_key(key, allowed, properties: dict) -> str:
    """What follows "unknown key 'x' in y": the closest allowed keys, by spelling (``fuelled``: ``fueled``) or by
    what they mean (``carrier``: ``at``, whose description names a carrier), then every allowed key."""
    if not isinstance(key, str):
        return ""
    close = difflib.get_close_matches(key, [c for c in allowed if isinstance(c, str)], n=3, cutoff=0.6)
    word = re.compile(rf"\b{re.escape(key.lower().replace('_', ' '))}", re.IGNORECASE)
    for name in allowed:
        described = properties.get(name, {}).get("description", "") if isinstance(properties.get(name), dict) else ""
        if name not in close and len(key) > 2 and word.search(described):
            close.append(name)
    hint = "; did you mean " + " or ".join(repr(c) for c in close) + "?" if close else ""
    listed = ", ".join(sorted(str(a) for a in allowed))
    return f"{hint}; allowed keys: {listed}" if allowed else hint


def _is_provenance(error) -> bool:
    return any(
        isinstance(s, dict) and s.get("required") in (["source"], ["reconstructed"])
        for s in error.validator_value or []
    ) if error.validator in ("anyOf", "oneOf") else False


def _deepest(error):
    """The most specific error under an anyOf/oneOf: the branch that got furthest."""
    best = error
    while best.context:
        # A branch of another type than the value (text, where the value is a mapping) says least: the branch of the
        # value's own type, failing further in ({counter: jp-dd, count: 0}: count below 1), says what to change.
        fitting = [e for e in best.context if not (e.validator == "type" and not e.relative_path)]
        candidate = lazy.jsonschema().exceptions.best_match(fitting or best.context)
        if candidate is None:
            break
        best = candidate
    return best


def _translate(error, document, failing=(), sections=()) -> list[Finding]:
    path = tuple(error.absolute_path)
    where = document.locate(path)
    subject = _subject(path)
    keyword = error.validator
    instance = error.instance
    schema = error.schema if isinstance(error.schema, dict) else {}

    def finding(message, location=where, code="SCHEMA"):
        return Finding("error", code, message, location)

    if keyword == "additionalProperties" and isinstance(instance, dict):
        allowed = list(schema.get("properties", {}))
        patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
        out = []
        for key in instance:
            if key in allowed or any(p.search(key) for p in patterns):
                continue
            out.append(finding(f"unknown key {key!r} in {subject}{_unknown_key(key, allowed, schema.get('properties', {}))}",
                               document.locate(path + (key,), key=True), "SCHEMA-KEY"))
        return out or [finding(error.message)]
    if keyword == "unevaluatedProperties" and isinstance(instance, dict):
        # A core schema open to a game's sections: jsonschema names the keys nothing evaluated.
        named = _unexpected_keys(error.message)
        if path and any(f[: len(path)] == path for f in failing):
            # A record whose game fields (an overlay hook) fail is "unevaluated" as a whole: its own error says what to fix.
            return []
        unexpected = {k for k in named if not any(f[: len(path) + 1] == path + (k,) for f in failing)}
        allowed = list(schema.get("properties", {})) + (list(sections) if not path else [])
        out = [finding(f"unknown key {key!r} in {subject}{_unknown_key(key, allowed, schema.get('properties', {}))}",
                       document.locate(path + (key,), key=True), "SCHEMA-KEY")
               for key in instance if key in unexpected]
        return out or ([] if named else [finding(error.message)])
    if keyword == "required" and isinstance(instance, dict):
        missing = [k for k in error.validator_value if k not in instance]
        return [finding(f"{subject} is missing the required key {k!r}", code="SCHEMA-REQUIRED") for k in missing]
    if keyword in ("anyOf", "oneOf") and _is_provenance(error):
        return [finding(f"{subject}: every record says where it comes from: add `source:` (edition + rule) or `reconstructed:` (the reasoning)",
                        code="SCHEMA-PROVENANCE")]
    if keyword in ("anyOf", "oneOf") and error.context:
        inner = _deepest(error)
        if inner is not error:
            return _translate(inner, document)
    if keyword == "type":
        expected = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        names = " or ".join(_TYPE_NAMES.get(t, t) for t in expected)
        hint = ""
        if "string" in expected and isinstance(instance, int) and not isinstance(instance, bool) and instance >= 0:  # digits
            hint = " (put it in quotes: YAML reads unquoted digits as a number and drops leading zeros)"
        return [finding(f"{subject}: expected {names}, got {_describe(instance)}{hint}", code="SCHEMA-TYPE")]
    if keyword == "enum":
        options = ", ".join(str(v) for v in error.validator_value)
        return [finding(f"{subject}: {_describe(instance)} is not one of: {options}{_suggest(instance, error.validator_value)}",
                        code="SCHEMA-ENUM")]
    if keyword == "const":
        return [finding(f"{subject}: must be {error.validator_value!r}, got {_describe(instance)}", code="SCHEMA-ENUM")]
    if keyword == "pattern":
        form = schema.get("x-form") or _pattern_form(error.validator_value)
        if instance == "":  # not "text '' is not plain text without control characters", of a text holding none
            return [finding(f"{subject}: is empty; {'write the text' if form == _PLAIN else 'give ' + form}", code="SCHEMA-FORM")]
        return [finding(f"{subject}: {_describe(instance)} is not {form}", code="SCHEMA-FORM")]
    rule = f" ({schema['x-bound-rule']})" if isinstance(schema, dict) and isinstance(schema.get("x-bound-rule"), str) else ""  # the bound's rule (issue 21)
    if keyword in ("minimum", "exclusiveMinimum"):
        return [finding(f"{subject}: {instance!r} is below the smallest allowed value {error.validator_value!r}{rule}", code="SCHEMA-RANGE")]
    if keyword in ("maximum", "exclusiveMaximum"):
        return [finding(f"{subject}: {instance!r} is above the largest allowed value {error.validator_value!r}{rule}", code="SCHEMA-RANGE")]
    if keyword == "minLength" and instance == "" and _refuses_empty(schema.get("pattern")):
        return []  # its pattern's finding says it is empty: one finding for one empty value
    if keyword in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"):
        limit = error.validator_value
        what = {"minItems": f"at least {limit} item(s)", "maxItems": f"at most {limit} item(s)",
                "minLength": f"at least {limit} character(s)", "maxLength": f"at most {limit} character(s)",
                "minProperties": f"at least {limit} key(s)", "maxProperties": f"at most {limit} key(s)"}[keyword]
        return [finding(f"{subject}: needs {what}", code="SCHEMA-RANGE")]
    if keyword == "uniqueItems":
        return [finding(f"{subject}: items must not repeat", code="SCHEMA-RANGE")]
    if keyword == "multipleOf":
        return [finding(f"{subject}: {instance!r} must be a multiple of {error.validator_value!r}", code="SCHEMA-RANGE")]
    if keyword == "not":
        return [finding(f"{subject}: this combination of keys is not allowed", code="SCHEMA")]
    message = error.message.splitlines()[0]
    return [finding(f"{subject}: {_short(message, 160)}")]


_KNOWN_FORMS = {
    r"^[0-9]{4}$": "a hex id of four digits CCRR, in quotes (e.g. \"0712\")",
    r"^[a-z0-9][a-z0-9-]*$": "an id of lower-case letters, digits and hyphens",
}


#: A citation's pattern: an edition's prefix (``FFTS``; ``FitS`` then ``v1.1`` or ``2nd``), then optional text.
_CITATION = re.compile(r"^\^(?P<head>[A-Za-z]+)(?: \((?P<alternatives>[^()]*)\))?\( \[\^")


def _pattern_form(pattern: str) -> str:
    if pattern in _KNOWN_FORMS:
        return _KNOWN_FORMS[pattern]
    cited = _CITATION.match(pattern)
    if cited:  # "FitS v1.1 2.2.3": say the prefixes, not "plain text" (the text after them is)
        alternatives = (cited["alternatives"] or "").replace("\\.", ".").split("|") if cited["alternatives"] else [""]
        prefixes = [f"{cited['head']} {a}".strip() for a in alternatives]
        return (f"a citation: {' or '.join(repr(p) for p in prefixes)}, then the rule, section or chart "
                f"(e.g. '{prefixes[0]} 2.1')")
    if "\\u0000" in pattern or "\\x00" in pattern:
        return _PLAIN
    return f"of the form {pattern}"


_PLAIN = "plain text without control characters"


def _refuses_empty(pattern) -> bool:
    try:
        return isinstance(pattern, str) and re.search(pattern, "") is None
    except re.error:
        return False


def _unexpected_keys(message: str) -> set:
    """The keys an ``unevaluatedProperties`` message names (``('a', 'b' were unexpected)``)."""
    match = re.search(r"\((.*) (?:was|were) unexpected\)$", message, re.S)
    if not match:
        return set()
    try:
        keys = ast.literal_eval(f"({match.group(1)},)")
    except (ValueError, SyntaxError):
        return set()
    return {k for k in keys if isinstance(k, str)}
