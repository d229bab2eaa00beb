"""Every section and key of a document kind, read from the core schema and a game's overlay.

The authoring reference of each game (its site page, ``tests/test_authoring_reference.py``) is
made from these rows, so it cannot drift from what ``chartroom check`` accepts. A key's row
carries what its schema node says, following ``$ref``, ``$dynamicRef`` (a game's overlay binds
the core's hooks to its vocabulary), ``allOf`` and the branches of ``anyOf``/``oneOf``/``if``:

- meaning: the key's ``description`` (its own first, else the one of the shape it refers to);
- unit: ``x-unit`` (the project's annotation for the unit of a number: ``game turn``, ``hex``);
- allowed values: ``const``, ``enum``, the JSON type with its bounds, or the description of the
  shared shape it refers to (``place``: a base by name or a hex id);
- example: the schema's ``examples``, else the first value the game's own files give the key
  (:func:`examples_from`);
- rule: ``x-rule``, else the game overlay's ``x-rules`` entry for the key's path (the rule of a core key
  in that game: ``{"setup": "PF 3.1, 3.2"}``), else the citations of the game found in the meaning
  (``FFTS 7.4.1``).

Pure functions over schema documents (plain JSON), read from disk once per call.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urldefrag, urljoin

from toolkit.records import field, lazy_dataclass
from toolkit.schema import overlay_dir, schema_dir

__all__ = ["KeyRow", "Section", "document_kinds", "reference", "examples_from", "cited_rules"]

#: Document kinds in the order a designer meets them (``defs`` is the shared shapes, no document).
ORDER = ("scenario", "plan", "map", "counters", "edition", "charts", "schedule", "errata", "game")


@lazy_dataclass(frozen=True)
class KeyRow:
    """One key of a section: its name, the path of its section, and what the schema says of it."""

    key: str
    required: bool
    meaning: str
    unit: str
    allowed: str
    example: str
    rule: str


@lazy_dataclass(frozen=True)
class Section:
    """The keys of one mapping of a document: ``path`` is ``""`` at the top, ``task_forces[]`` for
    each entry of a list, ``ratings`` for a mapping inside, ``tables.<name>`` for a mapping's values."""

    kind: str
    path: str
    meaning: str
    rows: tuple[KeyRow, ...] = field(default=())


class _Schemas:
    """The core schemas and a game's overlays by URI, with the overlay's dynamic anchors (its vocabulary)."""

    def __init__(self, game_root: Path | None):
        self.docs: dict[str, dict] = {}
        self.paths: dict[str, Path] = {}
        folders = [schema_dir()] + ([overlay_dir(game_root)] if game_root is not None else [])
        for folder in folders:
            for path in sorted(Path(folder).glob("*.schema.json")):
                doc = json.loads(path.read_text(encoding="utf-8"))
                uri = doc.get("$id") or path.resolve().as_uri()
                self.docs[uri] = doc
                self.paths[uri] = path

    def root(self, kind: str, game_root: Path | None) -> tuple[dict, str] | None:
        for uri, path in self.paths.items():
            if path.name == f"{kind}.schema.json" and (game_root is None or path.parent == overlay_dir(game_root)):
                return self.docs[uri], uri
        for uri, path in self.paths.items():
            if path.name == f"{kind}.schema.json":
                return self.docs[uri], uri
        return None

    def pointer(self, ref: str, base: str) -> tuple[dict, str] | None:
        uri, frag = urldefrag(urljoin(base, ref))
        doc = self.docs.get(uri)
        if doc is None:
            return None
        node = doc
        for part in [p for p in frag.split("/") if p]:
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or part not in node:
                return None
            node = node[part]
        return node, uri

    def dynamic(self, anchor: str, scope: tuple[str, ...], base: str) -> tuple[dict, str] | None:
        """The outermost resource of the dynamic scope that binds ``anchor`` (the overlay), else ``base``'s own."""
        for uri in scope + (base,):
            found = _find_anchor(self.docs.get(uri), anchor)
            if found is not None:
                return found, uri
        return None


def _find_anchor(node, anchor: str):
    if isinstance(node, dict):
        if node.get("$dynamicAnchor") == anchor:
            return node
        for value in node.values():
            found = _find_anchor(value, anchor)
            if found is not None:
                return found
    elif isinstance(node, list):
        for value in node:
            found = _find_anchor(value, anchor)
            if found is not None:
                return found
    return None


class _Facets:
    """A schema node with every node it stands for (its references and its parts), in reading order."""

    def __init__(self, schemas: _Schemas, node: dict, base: str, scope: tuple[str, ...]):
        self.nodes: list[tuple[dict, str]] = []   # (node, base uri): the node first, then what it refers to
        self.referred: list[dict] = []             # the shapes reached through $ref / $dynamicRef
        self.always: list[dict] = []               # the nodes that hold in every case (not a branch of anyOf, oneOf, if)
        self._collect(schemas, node, base, scope, 0, referred=False, branch=False)

    def _collect(self, schemas, node, base, scope, depth, referred, branch):
        if not isinstance(node, dict) or depth > 12 or any(n is node for n, _ in self.nodes):
            return
        base = node.get("$id", base)
        self.nodes.append((node, base))
        if referred:
            self.referred.append(node)
        if not branch:
            self.always.append(node)
        for key in ("$ref", "$dynamicRef"):
            if key in node:
                target = (schemas.pointer(node[key], base) if key == "$ref"
                          else schemas.dynamic(node[key].lstrip("#"), scope, base))
                if target is not None:
                    self._collect(schemas, target[0], target[1], scope, depth + 1, referred=True, branch=branch)
        for part in node.get("allOf") or []:
            self._collect(schemas, part, base, scope, depth + 1, referred=referred, branch=branch)
        for key in ("anyOf", "oneOf"):
            for part in node.get(key) or []:
                self._collect(schemas, part, base, scope, depth + 1, referred=referred, branch=True)
        for key in ("then", "else"):
            if isinstance(node.get(key), dict):
                self._collect(schemas, node[key], base, scope, depth + 1, referred=referred, branch=True)

    def first(self, key: str, default=None):
        return next((n[key] for n, _ in self.nodes if key in n), default)

    def properties(self) -> dict[str, list[tuple[dict, str]]]:
        """Each key with every shape the node's parts give it (a map's ``places`` differ by map kind)."""
        out: dict[str, list[tuple[dict, str]]] = {}
        for node, base in self.nodes:
            for name, prop in (node.get("properties") or {}).items():
                if isinstance(prop, dict):
                    out.setdefault(name, []).append((prop, base))
        return out

    def required(self) -> set[str]:
        """What every case requires (a branch of ``anyOf`` may require one key or another)."""
        return {name for node in self.always for name in (node.get("required") or [])}

    def types(self) -> list[str]:
        out: list[str] = []
        for node, _ in self.nodes:
            t = node.get("type")
            for one in ([t] if isinstance(t, str) else t or []):
                if one not in out:
                    out.append(one)
        return out


_TYPE_WORDS = {"string": "text", "integer": "whole number", "number": "number", "boolean": "true or false",
               "object": "mapping", "array": "list", "null": "nothing (null)"}


def _allowed(schemas: _Schemas, facets: _Facets, scope) -> str:
    """The values a key takes, in words: a constant, a list, a type with its bounds, or the shared shape's description."""
    const = facets.first("const", _MISSING)
    if const is not _MISSING:
        return f"always {json.dumps(const)}"
    enum = facets.first("enum")
    types = facets.types()
    if enum:
        words = "one of " + ", ".join(json.dumps(v) if not isinstance(v, str) else v for v in enum)
        return words + ", or a mapping" if "object" in types else words
    if "array" in types:
        items = facets.first("items")
        inner = _allowed(schemas, _Facets(schemas, items, _base_of(facets, "items"), scope), scope) if isinstance(items, dict) else ""
        words = "list"
        low, high = facets.first("minItems"), facets.first("maxItems")
        if low and high and low == high:
            words = f"list of {low}"
        elif low:
            words = f"list of at least {low}"
        if facets.first("uniqueItems"):
            words += ", each once"
        return f"{words}: {inner}" if inner and inner != "mapping" else words
    words = " or ".join(_TYPE_WORDS.get(t, t) for t in types)
    low = facets.first("minimum", facets.first("exclusiveMinimum"))
    high = facets.first("maximum", facets.first("exclusiveMaximum"))
    if low is not None and high is not None:
        words += f", {low} to {high}"
    elif low is not None:
        words += f", at least {low}" if facets.first("minimum") is not None else f", more than {low}"
    elif high is not None:
        words += f", at most {high}"
    shape = next((n.get("description") for n in facets.referred if n.get("description")), "")
    if shape and types in ([], ["string"]):
        return shape
    if shape and types == ["integer"] and low is None and high is None:
        return f"{words}: {shape}"
    return words or (shape or "any value")


_MISSING = object()


def _base_of(facets: _Facets, key: str) -> str:
    return next((base for node, base in facets.nodes if key in node), "")


_NUMBER = r"[0-9]+(?:\.[0-9]+)*"


def cited_rules(text: str, citation: str | None, editions: tuple[str, ...] = ()) -> str:
    """The citations of a game in a text, each with the game's prefix: ``(FFTS 3.3, 7.4.1)`` gives
    ``FFTS 3.3, 7.4.1``; with editions, ``(FitS v1.1 2.1.1.1; 2nd 3.1.2)`` and ``(v1.1 5.1; 2nd 5.1)`` give
    ``FitS v1.1 2.1.1.1; FitS 2nd 3.1.2`` and ``FitS v1.1 5.1; FitS 2nd 5.1``."""
    if not citation or not text:
        return ""
    edition = "|".join(re.escape(e) for e in sorted(editions, key=len, reverse=True))
    head = rf"(?:{re.escape(citation)} (?:(?:{edition}) )?|(?<![\w.])(?:{edition}) )" if edition else rf"{re.escape(citation)} (?:[0-9.]*[A-Za-z][A-Za-z0-9.]* )?"
    found = []
    for match in re.finditer(rf"(?<![\w-]){head}{_NUMBER}(?:(?:, | and |-){_NUMBER})*", text):
        cite = match.group(0)
        found.append(cite if cite.startswith(citation + " ") else f"{citation} {cite}")
    return "; ".join(dict.fromkeys(found))


def _text(value) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def reference(kind: str, game_root: Path | None = None, citation: str | None = None,
              examples: dict[str, object] | None = None, editions: tuple[str, ...] = ()) -> list[Section]:
    """The sections of a document ``kind`` (the game's overlay where it has one), top level first.

    ``examples`` maps a key's path (``task_forces[].zone``) to a value from the game's files
    (:func:`examples_from`); ``citation`` is the game's citation prefix and ``editions`` its edition ids,
    for the rule column.
    """
    schemas = _Schemas(game_root)
    found = schemas.root(kind, game_root)
    if found is None:
        return []
    doc, uri = found
    walk = _Walk(schemas, (uri,), kind, citation, examples or {}, doc.get("x-rules") or {}, tuple(editions))
    walk.section(doc, uri, "", doc.get("description", ""))
    return [Section(kind, path, meaning, tuple(rows.values())) for path, (meaning, rows) in walk.sections.items()]


class _Walk:
    """Sections by path, each key once (its first shape with a meaning gives its row)."""

    def __init__(self, schemas: _Schemas, scope: tuple[str, ...], kind: str, citation: str | None, examples: dict, rules: dict,
                 editions: tuple[str, ...]):
        self.schemas, self.scope, self.kind, self.citation, self.examples, self.rules = schemas, scope, kind, citation, examples, rules
        self.editions = editions
        self.sections: dict[str, tuple[str, dict[str, KeyRow]]] = {}
        self.seen: set = set()

    def section(self, node: dict, base: str, path: str, meaning: str) -> None:
        if (id(node), path) in self.seen or path.count(".") + path.count("[]") > 8:
            return
        self.seen.add((id(node), path))
        facets = _Facets(self.schemas, node, base, self.scope)
        props = facets.properties()
        if not props:
            return
        required = facets.required()
        _, rows = self.sections.setdefault(path, (meaning, {}))
        for name, shapes in props.items():
            key_path = f"{path}.{name}" if path else name
            every = [_Facets(self.schemas, prop, prop_base, self.scope) for prop, prop_base in shapes]
            if name not in rows:
                pf = next((f for f in every if f.first("description")), every[0])
                rows[name] = self.row(name, key_path, name in required, pf)
            for (prop, prop_base), pf in zip(shapes, every):
                self.children(pf, prop, prop_base, key_path, rows[name].meaning)

    def row(self, name: str, key_path: str, required: bool, pf: _Facets) -> KeyRow:
        description = pf.first("description", "")
        example = pf.first("examples")
        if isinstance(example, list) and example:
            example = _text(example[0])
        else:
            same = next((p for p in _same_shape(key_path) if p in self.examples), None)
            example = _text(self.examples[same]) if same is not None else ""
        rule = pf.first("x-rule") or self.rules.get(key_path) or cited_rules(description, self.citation, self.editions)
        return KeyRow(name, required, description, pf.first("x-unit", ""), _allowed(self.schemas, pf, self.scope), example, rule)

    def children(self, pf: _Facets, prop: dict, base: str, key_path: str, meaning: str) -> None:
        if pf.properties():
            self.section(prop, base, key_path, meaning)
        for node, node_base in pf.nodes:
            items = node.get("items")
            if isinstance(items, dict):
                self.section(items, node_base, key_path + "[]", meaning)
            values = node.get("additionalProperties")
            if isinstance(values, dict):
                self.section(values, node_base, key_path + ".<name>", meaning)
            for pattern in (node.get("patternProperties") or {}).values():
                if isinstance(pattern, dict):
                    self.section(pattern, node_base, key_path + ".<name>", meaning)


#: A variant's removals have the shape of the additions they undo: their example is the addition's.
_SAME_SHAPE = (("remove_turn_track", "turn_track"), ("remove_optional_rules", "optional_rules"), ("remove[]", "setup[]"))


def _same_shape(path: str) -> tuple[str, ...]:
    """The path, then the path of the addition a removal undoes (``remove[].at`` -> ``setup[].at``)."""
    for removal, addition in _SAME_SHAPE:
        if path == removal or path.startswith((removal + ".", removal + "[")):
            return (path, addition + path[len(removal):])
    return (path,)


def examples_from(documents) -> dict[str, object]:
    """The first scalar value each key path takes in ``documents`` (plain data, files in reading order):
    ``{"task_forces[].zone": "central-pacific", ...}``. A mapping whose keys are names (a table by its
    name) is read under ``<name>`` as well, so ``tables.<name>.rows`` finds its example."""
    out: dict[str, object] = {}

    def visit(value, path):
        if isinstance(value, dict):
            for key, inner in value.items():
                key = str(key)
                visit(inner, f"{path}.{key}" if path else key)
                if path:
                    visit(inner, f"{path}.<name>")
        elif isinstance(value, list):
            scalars = [v for v in value if not isinstance(v, (dict, list))]
            if scalars and path and path not in out:
                out[path] = scalars[:3] if len(scalars) > 1 else scalars
            for inner in value:
                visit(inner, path + "[]")
        elif path and path not in out and value is not None:
            out[path] = value

    for document in documents:
        visit(document, "")
    return out


def document_kinds(game_root: Path | None = None, manifest: dict | None = None) -> list[str]:
    """The kinds a game's files are written in: its manifest's files and its overlays, scenarios and the
    manifest itself always; with no game, every kind the core has a schema for."""
    core = {p.name[: -len(".schema.json")] for p in schema_dir().glob("*.schema.json")} - {"defs"}
    if game_root is None:
        kinds = core
    else:
        files = (manifest or {}).get("files") or {}
        named = {{"editions": "edition", "schedules": "schedule", "scenarios": "scenario"}.get(k, k) for k in files}
        overlays = {p.name[: -len(".schema.json")] for p in overlay_dir(game_root).glob("*.schema.json")}
        kinds = (named | overlays | {"scenario", "game"}) & core
    return [k for k in ORDER if k in kinds] + sorted(kinds - set(ORDER))
