"""YAML text to plain data with a position for every node.

ruamel.yaml's parser turns the text into events (an iterative state machine: no
recursion, however deep the input). We compose those events into a small node
tree ourselves instead of using ruamel's constructors, so that every hostile
construct is caught where it arises and reported with its line and column:

- nesting deeper than ``MAX_DEPTH`` (ruamel's composer would recurse);
- aliases that refer to themselves (cycles) or to unknown anchors;
- alias bombs: the size of the expanded document is computed on the node DAG
  (each alias is charged the size of what it repeats, in nodes and in characters
  of scalar text) before anything is expanded, and refused at the alias that takes
  it over ``MAX_NODES`` nodes or :func:`expanded_chars_limit` characters (16 times
  the file's size, at least 1 MiB and at most 8 MiB);
- escapes of lone UTF-16 surrogates (``"\\ud800"``), which no encoding can hold;
- tags outside YAML's core set (``!!python/...``, ``!Custom``);
- scalars an explicit tag cannot hold (``!!bool maybe``, ``!!int x``);
- integers longer than ``MAX_INT_DIGITS`` digits;
- duplicate keys and non-scalar keys.

Scalars are resolved with the YAML 1.2 core schema; timestamps stay strings.
Merge keys (``<<``) are supported; a merged key keeps the position of the node
it was merged from.

The events come from ruamel's C parser (``ruamel.yaml.clib``) when it is installed,
about ten times faster than the pure-Python one and, once a plain scalar's style is
normalised, the same events at the same marks. Whenever that fast path fails in any
way (a syntax or reader error, a composer finding, anything unexpected) the text is
parsed again with the pure parser, so every error and its position are the pure
parser's. Where the two parsers are known to disagree the pure parser decides:
texts holding a tab, YAML 1.1 line breaks and a few other constructs (``_PURE_ONLY``)
go to it directly, and an empty plain scalar
(``key:`` with no value, an empty document) sends the text to it, because the two
parsers place an empty value at different marks.
``CHARTROOM_YAML=pure`` in the environment forces the pure parser.

ruamel.yaml loads with the first text parsed (:func:`toolkit.lazy.ruamel_yaml`): a document the
cache serves never imports it.
"""

from __future__ import annotations

import math
import os
import re
from typing import TYPE_CHECKING

from toolkit.errors import InternalError
from toolkit.lazy import ruamel_yaml
from toolkit.load.types import Parsed, YamlProblem

if TYPE_CHECKING:  # an annotation
    from ruamel.yaml.error import MarkedYAMLError

MAX_DEPTH = 64
MAX_NODES = 200_000
EXPANSION_FACTOR = 16  # aliases may repeat at most this many times the file's own size ...
MIN_EXPANDED_CHARS = 1024 * 1024  # ... or this many characters in a small file ...
MAX_EXPANDED_CHARS = 8 * 1024 * 1024  # ... and never more than this
MAX_INT_DIGITS = 30

_CORE = "tag:yaml.org,2002:"
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT10 = re.compile(r"^[-+]?[0-9]+$")
_INT8 = re.compile(r"^0o[0-7]+$")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")
_SURROGATE = re.compile("[\ud800-\udfff]")
# Texts the C parser reads differently, found by comparing the two (tests/test_fast_parse.py):
# tabs (accepted before a value or comment), NEL/U+2028/U+2029 (line breaks in YAML 1.1 only),
# a BOM inside the text (counted in columns), an anchor or alias name running on into
# ?:%@` (YAML 1.1 names stop there, YAML 1.2 names do not), a block scalar header followed
# at once by # (a comment for the C parser, an error for the pure one).
# One character class first, then what must follow it (the lookbehind says which character it was): the
# regular-expression engine then skips to the next of these characters at C speed instead of trying three
# alternatives at every character of the text (a sixth of the time: 8 ms to 1.3 ms over the bundled files).
_PURE_ONLY = re.compile("[\t\x85\u2028\u2029\ufeff&*|>]"
                        "(?:(?<=[\t\x85\u2028\u2029\ufeff])|(?<=[&*])[0-9A-Za-z_-]+[?:%@`]|(?<=[|>])[-+0-9]{0,2}#)")
# One escape (an escaped backslash is consumed whole); compiled only to locate a bad one (``re`` keeps it, issue 22).
_ESCAPE = r"\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|.)"


class Node:
    """A node of the composer's graph (aliases share theirs), for the texts :func:`single_pass` leaves to the composer.

    A plain class, not a dataclass: it is made for every value of those texts only, and a dataclass's methods are
    compiled when its module loads, in every command that parses YAML (issue 22).
    """

    __slots__ = ("kind", "line", "column", "tag", "value", "text", "anchor", "items")

    def __init__(self, kind: str, line: int, column: int, tag: str | None = None, value: object = None, text: str = "",
                 anchor: str | None = None):
        self.kind = kind  # "scalar" | "seq" | "map"
        self.line = line
        self.column = column
        self.tag = tag
        self.value = value  # scalar: the resolved value
        self.text = text  # scalar source text
        self.anchor = anchor
        self.items: list = []  # seq: list[Node]; map: list[(Node, Node)]


def _mark(event) -> tuple[int, int]:
    m = event.start_mark
    return m.line, m.column


#: The plain words that are not text; any other plain scalar starting with a letter is text (no number starts with one).
_WORDS = frozenset(("null", "Null", "NULL", *_BOOL))


def _resolve_plain(text: str):
    if text[:1].isalpha() and text not in _WORDS and text[-1] != "\n":  # most scalars: names, ids, notes (one test instead of seven patterns)
        return text
    if _NULL.match(text):
        return None
    if text in _BOOL:
        return _BOOL[text]
    if _INT10.match(text):
        return ("int", text)
    if _INT8.match(text) or _INT16.match(text):
        return ("int", text)
    if _FLOAT.match(text) or _INF.match(text) or _NAN.match(text):
        return ("float", text)
    return text


def _to_int(text: str, line: int, column: int) -> int:
    digits = text.lstrip("+-")
    if len(digits) > MAX_INT_DIGITS:
        raise YamlProblem(line, column, f"integer has {len(digits)} digits; at most {MAX_INT_DIGITS} are allowed", "YAML-VALUE")
    if digits.startswith("0o"):
        return int(text.replace("0o", ""), 8)
    if digits.startswith("0x"):
        return int(text.replace("0x", ""), 16)
    return int(text, 10)


def _to_float(text: str, line: int, column: int) -> float:
    if _INF.match(text):
        return -math.inf if text.startswith("-") else math.inf
    if _NAN.match(text):
        return math.nan
    if len(text) > 64:
        raise YamlProblem(line, column, "number is too long", "YAML-VALUE")
    return float(text)


def _scalar(event, source: str = "") -> Node:
    line, column = _mark(event)
    tag, value, text = _resolved(event, source, line, column)
    return Node("scalar", line, column, tag, value, text, event.anchor)


def _resolved(event, source: str, line: int, column: int) -> tuple[str | None, object, str]:
    """(tag, value, text) of a scalar event at ``line``, ``column``: the tag as the node keeps it (None for a plain
    untagged scalar), the value under the YAML 1.2 core schema, the text (fold marks removed); raises :class:`YamlProblem`."""
    text = event.value
    if event.style == ">":
        # ruamel's round-trip scanner marks fold points with BEL; a literal BEL cannot occur here.
        text = text.replace("\x07", "")
    elif event.style == '"' and _SURROGATE.search(text):
        line, column = _surrogate_escape(event, source)
        raise YamlProblem(line, column, "escape of a lone UTF-16 surrogate (U+D800 to U+DFFF) is not a character; "
                          "write the character itself, or \\U followed by its 8 hex digits", "YAML-CHAR")
    tag = event.tag
    plain_implicit = event.implicit[0] if event.implicit else False
    if tag in (None, "!") and plain_implicit and event.style is None:
        resolved = _resolve_plain(text)
        if isinstance(resolved, tuple):
            kind, raw = resolved
            resolved = _to_int(raw, line, column) if kind == "int" else _to_float(raw, line, column)
        return None, resolved, text
    if tag in (None, "!", _CORE + "str"):
        return tag, text, text
    if tag == _CORE + "int":
        if not (_INT10.match(text) or _INT8.match(text) or _INT16.match(text)):
            raise YamlProblem(line, column, f"{text!r} is not an integer (tag !!int)", "YAML-VALUE")
        return tag, _to_int(text, line, column), text
    if tag == _CORE + "float":
        if not (_FLOAT.match(text) or _INF.match(text) or _NAN.match(text)):
            raise YamlProblem(line, column, f"{text!r} is not a number (tag !!float)", "YAML-VALUE")
        return tag, _to_float(text, line, column), text
    if tag == _CORE + "bool":
        if text not in _BOOL:
            raise YamlProblem(line, column, f"{text!r} is not a boolean (tag !!bool); write true or false", "YAML-VALUE")
        return tag, _BOOL[text], text
    if tag == _CORE + "null":
        if not _NULL.match(text):
            raise YamlProblem(line, column, f"{text!r} is not null (tag !!null)", "YAML-VALUE")
        return tag, None, text
    if tag == _CORE + "timestamp":
        return tag, text, text
    raise YamlProblem(line, column, f"tag {_short_tag(tag)} is not supported; Chartroom reads plain YAML values only", "YAML-TAG")


def _surrogate_escape(event, source: str) -> tuple[int, int]:
    """The 0-based line and column of the first escape in a double-quoted scalar that names a surrogate."""
    start, end = event.start_mark.index, event.end_mark.index
    for match in re.compile(_ESCAPE, re.DOTALL).finditer(source, start, end):
        digits = match.group(1) or match.group(2)
        if digits and 0xD800 <= int(digits, 16) <= 0xDFFF:
            return _offset_to_line_col(source, match.start())
    return _mark(event)


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def _check_collection_tag(event, expected: str):
    tag = event.tag
    if tag in (None, "!", _CORE + expected):
        return
    line, column = _mark(event)
    raise YamlProblem(line, column, f"tag {_short_tag(tag)} is not supported; Chartroom reads plain YAML values only", "YAML-TAG")


def expanded_chars_limit(text: str) -> int:
    """How many characters of scalar text a document of ``text`` may hold once its aliases are expanded."""
    return min(MAX_EXPANDED_CHARS, max(MIN_EXPANDED_CHARS, EXPANSION_FACTOR * len(text)))


def pure_events(text: str):
    """The events of ``text`` from ruamel's pure-Python parser."""
    # the events are the same as the round-trip parser's, without its comment bookkeeping
    return ruamel_yaml().YAML(typ="safe", pure=True).parse(text)


def fast_events(text: str):
    """The events of ``text`` from ruamel's C parser, normalised to the pure parser's.

    The C parser gives a plain scalar the style ``''`` where the pure parser gives
    ``None``; an empty plain scalar, which the two parsers place differently, raises
    :class:`FastPathRefused` (the caller then asks the pure parser).
    """
    events = ruamel_yaml().events
    ScalarEvent, StreamEndEvent = events.ScalarEvent, events.StreamEndEvent
    get_event = _c_parser()(text).get_event
    while True:
        event = get_event()
        cls = event.__class__
        if cls is ScalarEvent:
            if not event.style:
                if not event.value:
                    raise FastPathRefused("empty plain scalar")
                event.style = None
        elif cls is StreamEndEvent:
            yield event
            return
        yield event


class FastPathRefused(InternalError):
    """The C parser's events for this text might not be the pure parser's."""


def _c_parser():
    """ruamel's C event parser (ruamel.yaml.clib, a libyaml build; same events as the pure parser), or None without it."""
    return getattr(getattr(ruamel_yaml(), "cyaml", None), "CParser", None)


def fast_parser_available() -> bool:
    return _c_parser() is not None


def fast_wanted(text: str) -> bool:
    """Whether the C parser may read ``text`` (not turned off, the text has nothing it reads otherwise, and it is installed)."""
    return os.environ.get("CHARTROOM_YAML") != "pure" and not _PURE_ONLY.search(text) and _c_parser() is not None


_fast_wanted = fast_wanted


def compose(text: str, events=pure_events) -> Node | None:
    """Compose the single document in ``text`` into a node graph (aliases shared).

    While composing, the size of the document once every alias is expanded is kept
    up to date, in nodes and in characters of scalar text (an alias adds the size of
    the node it repeats, computed once per anchor on the DAG); the alias that takes
    it over :data:`MAX_NODES` or :func:`expanded_chars_limit` is refused where it stands.
    """
    return _compose(text, events)[0]


def _compose(text: str, events) -> tuple[Node | None, int]:
    """:func:`compose`, and the number of nodes once every alias is expanded (:func:`expanded_size` of the root: each node
    counted as it is read, and each alias adding the expanded size of the node it repeats)."""
    anchors: dict[str, Node] = {}
    open_anchors: set[str] = set()
    stack: list[tuple[Node, list]] = []  # (collection node, pending key for maps)
    root: Node | None = None
    documents = 0
    nodes = chars = 0
    chars_limit = expanded_chars_limit(text)
    weights: dict[int, tuple[int, int]] = {}
    ruamel = ruamel_yaml()
    ev = ruamel.events
    ScalarEvent, AliasEvent, DocumentStartEvent = ev.ScalarEvent, ev.AliasEvent, ev.DocumentStartEvent
    SequenceStartEvent, SequenceEndEvent = ev.SequenceStartEvent, ev.SequenceEndEvent
    MappingStartEvent, MappingEndEvent = ev.MappingStartEvent, ev.MappingEndEvent

    def attach(node: Node):
        nonlocal root
        if not stack:
            root = node
            return
        parent, pending = stack[-1]
        if parent.kind == "seq":
            parent.items.append(node)
        elif pending:
            parent.items.append((pending.pop(), node))
        else:
            pending.append(node)

    try:
        for event in events(text):
            cls = event.__class__
            if cls is ScalarEvent:
                node = _scalar(event, text)
                nodes = _counted(nodes, event)  # the value budget stops a huge document while it is read
                chars += len(node.text)
                if event.anchor:
                    anchors[event.anchor] = node
                attach(node)
            elif cls is SequenceStartEvent or cls is MappingStartEvent:
                is_seq = cls is SequenceStartEvent
                _check_collection_tag(event, "seq" if is_seq else "map")
                line, column = _mark(event)
                if len(stack) >= MAX_DEPTH:
                    raise YamlProblem(line, column, f"nesting is deeper than {MAX_DEPTH} levels", "YAML-DEPTH")
                node = Node("seq" if is_seq else "map", line, column, event.tag, anchor=event.anchor)
                nodes = _counted(nodes, event)
                attach(node)
                if event.anchor:
                    anchors[event.anchor] = node
                    open_anchors.add(event.anchor)
                stack.append((node, []))
            elif cls is SequenceEndEvent or cls is MappingEndEvent:
                node, _ = stack.pop()
                if node.anchor:
                    open_anchors.discard(node.anchor)
            elif cls is AliasEvent:
                line, column = _mark(event)
                if event.anchor in open_anchors:
                    raise YamlProblem(line, column, f"alias *{event.anchor} refers to the node that contains it", "YAML-ALIAS")
                if event.anchor not in anchors:
                    raise YamlProblem(line, column, f"alias *{event.anchor} names no anchor defined before it", "YAML-ALIAS")
                target = anchors[event.anchor]
                more_nodes, more_chars = _weight(target, weights)
                nodes += more_nodes
                chars += more_chars
                if nodes > MAX_NODES:
                    raise YamlProblem(line, column, f"aliases expand this document to more than {MAX_NODES} nodes (at alias *{event.anchor})", "YAML-ALIAS")
                if chars > chars_limit:
                    raise YamlProblem(line, column, f"aliases expand this document to more than {chars_limit} characters of text "
                                      f"(at alias *{event.anchor}, which repeats {more_chars} characters)", "YAML-ALIAS")
                attach(target)
            elif cls is DocumentStartEvent:
                documents += 1
                if documents > 1:
                    line, column = _mark(event)
                    raise YamlProblem(line, column, "a file holds one YAML document; found a second one", "YAML-SYNTAX")
    except YamlProblem:
        raise
    except ruamel.error.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line, mark.column) if mark else (0, 0)
        raise YamlProblem(line, column, _syntax_message(exc, text, line, column)) from None
    except ruamel.reader.ReaderError as exc:
        line, column = _offset_to_line_col(text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        raise YamlProblem(line, column, f"control character U+{char:04X} is not allowed in YAML", "YAML-CHAR") from None
    except ruamel.error.YAMLError as exc:
        raise YamlProblem(0, 0, f"YAML error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    return root, nodes


def _counted(nodes: int, event) -> int:
    """One more value, list or mapping; beyond :data:`MAX_NODES` the document is refused where it stands."""
    nodes += 1
    if nodes > MAX_NODES:
        _too_many(event)
    return nodes


def _too_many(event):
    line, column = _mark(event)
    raise YamlProblem(line, column, f"the document holds more than {MAX_NODES} values, lists and mappings; "
                      f"Chartroom reads no more (split the file)", "YAML-SIZE")


def _weight(node: Node, weights: dict) -> tuple[int, int]:
    """(nodes, characters of scalar text) of ``node`` with every alias expanded; memoized on the DAG, iterative."""
    known = weights.get(id(node))
    if known is not None:
        return known
    todo = [(node, False)]
    while todo:
        current, ready = todo.pop()
        if id(current) in weights:
            continue
        if current.kind == "scalar":
            weights[id(current)] = (1, len(current.text))
            continue
        children = _children(current)
        if ready:
            count, chars = 1, 0
            for child in children:
                more = weights[id(child)]
                count += more[0]
                chars += more[1]
            weights[id(current)] = (count, chars)
        else:
            todo.append((current, True))
            todo.extend((child, False) for child in children if id(child) not in weights)
    return weights[id(node)]


def _offset_to_line_col(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    line = before.count("\n")
    column = offset - (before.rfind("\n") + 1)
    return line, column


def _syntax_message(exc: MarkedYAMLError, text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    here = lines[line][column:column + 1] if line < len(lines) else ""
    if here == "\t" or (exc.problem and "\\t" in exc.problem):
        return "tab character: YAML indents with spaces only"
    problem = (exc.problem or "").strip()
    context = (exc.context or "").strip()
    hint = _plain_hint(problem, context, exc.context_mark, lines, line, column)
    if hint:
        return f"YAML syntax: {hint} (the parser says: {problem}{', ' + context if context else ''})"
    jargon = f"{problem} ({context})" if context and problem else (problem or context or "invalid YAML")
    return f"YAML syntax: {jargon}"


_CLOSERS = {"flow mapping": ("{", "}"), "flow sequence": ("[", "]")}


def _plain_hint(problem: str, context: str, opened, lines: list[str], line: int, column: int) -> str:
    """What a parser message most likely means, in plain words (empty when there is no good guess).

    ``opened`` is the parser's context mark: where the collection, quote or key it was reading began.
    """
    at = f"line {opened.line + 1} column {opened.column + 1}" if opened is not None else ""
    for what, (opener, closer) in _CLOSERS.items():
        if context.endswith(what) and problem.startswith(f"expected ',' or '{closer}'"):
            if opened is not None and opened.line < line:
                return (f"the '{opener}' at {at} is not closed: add '{closer}' at the end of line {opened.line + 1} "
                        f"(YAML notices a missing '{closer}' only on a later line)")
            return (f"inside '{opener} {closer}' separate the entries with ', ' and close with '{closer}'; "
                    f"put a value holding , : [ ] {{ or }} in quotes")
    if "quoted scalar" in context and "end of stream" in problem:
        return f"the quotation mark at {at} is never closed" if at else "a quotation mark is never closed"
    if problem.startswith("expected <block end>, but found"):
        before = lines[line][:column] if line < len(lines) else ""
        if "'<scalar>'" in problem and ("'" in before or '"' in before):
            return ("text goes on after its closing quote: inside '...' write '' for an apostrophe, "
                    "or put the whole text in double quotes")
        if "'-'" in problem or "<block sequence start>" in problem:
            return ("a list item ('- ') where the lines above expect a key: indent the list under the key that holds it, "
                    "with every dash of one list in the same column")
        return ("the indentation of this line does not fit the lines above it: the keys of one mapping start in the same "
                "column (in a list item, the column of the first key after '- '), and so do the dashes of one list")
    if problem.startswith("mapping values are not allowed here"):
        return ("a second ': ' on one line: put a value that holds ': ' in quotes, or, if this is a key, "
                "indent it like the keys above it (not further in)")
    if problem.startswith("could not find expected ':'"):
        return (f"a key without ':' (the text at {at} is read as a key): end each key with ': ', "
                "and put a text that spans lines in quotes") if at else "a key without ':'"
    if "cannot start any token" in problem:
        return "a value cannot start with this character: put the value in quotes"
    return ""


def expanded_size(root: Node | None) -> int:
    """Number of nodes once every alias is expanded, computed on the DAG in linear time."""
    if root is None:
        return 0
    sizes: dict[int, int] = {}
    # Iterative post-order over the DAG (the graph has no cycles: compose refuses them).
    todo = [(root, False)]
    while todo:
        node, ready = todo.pop()
        key = id(node)
        if key in sizes:
            continue
        children = _children(node)
        if ready or not children:
            total = 1
            for child in children:
                total += sizes[id(child)]
                if total > MAX_NODES * 1000:
                    break
            sizes[key] = total
        else:
            todo.append((node, True))
            todo.extend((child, False) for child in children if id(child) not in sizes)
    return sizes[id(root)]


def _children(node: Node) -> list[Node]:
    if node.kind == "seq":
        return list(node.items)
    if node.kind == "map":
        return [n for pair in node.items for n in pair]
    return []


def to_data(root: Node | None) -> Parsed:
    """Expand the node graph into plain data with positions (after :func:`expanded_size` is checked)."""
    values: dict = {}
    keys: dict = {}

    def build(node: Node, path: tuple):
        values[path] = (node.line, node.column)
        if node.kind == "scalar":
            return node.value
        if node.kind == "seq":
            return [build(child, path + (i,)) for i, child in enumerate(node.items)]
        result: dict = {}
        merged: list[tuple[Node, Node]] = []
        for key_node, value_node in node.items:
            if key_node.kind != "scalar":
                raise YamlProblem(key_node.line, key_node.column, "a mapping key must be a plain value, not a list or mapping", "YAML-KEY")
            if key_node.text == "<<" and key_node.tag is None and key_node.value == "<<":
                sources = value_node.items if value_node.kind == "seq" else [value_node]
                for source in sources:
                    if source.kind != "map":
                        raise YamlProblem(source.line, source.column, "a merge key (<<) takes a mapping or a list of mappings", "YAML-MERGE")
                    merged.extend(source.items)
                continue
            key = key_node.value
            if not isinstance(key, (str, int, float, bool)) and key is not None:
                raise YamlProblem(key_node.line, key_node.column, "a mapping key must be a plain value", "YAML-KEY")
            key = str(key) if not isinstance(key, str) else key
            if key in result:
                first = keys[path + (key,)]
                raise YamlProblem(key_node.line, key_node.column, f"duplicate key {key!r} (first defined at line {first[0] + 1})", "YAML-DUPLICATE")
            keys[path + (key,)] = (key_node.line, key_node.column)
            result[key] = build(value_node, path + (key,))
        for key_node, value_node in merged:
            key = key_node.value if isinstance(key_node.value, str) else str(key_node.value)
            if key in result:
                continue
            keys[path + (key,)] = (key_node.line, key_node.column)
            result[key] = build(value_node, path + (key,))
        return result

    data = build(root, ()) if root is not None else None
    return Parsed(data, values, keys)


class NeedsComposer(InternalError):
    """The single pass leaves this text to the composer: an anchor or alias it cannot repeat as the composer does, a
    merge key, or any problem (the composer then reports it, at the same place and in the same words)."""


#: Deepest data the single pass builds (aliases can nest an anchor's data inside another's); deeper, the composer
#: decides (its recursive :func:`to_data` may refuse it as nested too deeply).
_SINGLE_PASS_DEPTH = 200
#: Most values the single pass repeats for aliases; more, and the composer decides, refusing an alias bomb before it
#: expands anything (the single pass copies what an alias repeats as it reads it).
_SINGLE_PASS_REPEATED = 10_000


def single_pass(text: str) -> Parsed:
    """:func:`parse_with` of the C parser's events (:func:`fast_events`) in one pass: the data and the positions built
    straight from the events, with no node graph.

    Gives what the composer and :func:`to_data` give for the texts it reads: the same data (an alias repeats a fresh
    copy of what its anchor holds, with the anchor's positions under the alias's path), the same value and key
    positions, the same size budgets. A merge key (``<<``), an alias used as a key, a duplicate or non-scalar key, a tag
    or nesting the composer refuses, anything unusual, raises :class:`NeedsComposer` (or the composer's own
    :class:`YamlProblem`) and the caller asks the composer, which says what is wrong; only the value budget
    (``YAML-SIZE``) is final here, as it counts the same events.
    """
    ev = ruamel_yaml().events
    reading = _SinglePass(text)
    handlers = {ev.MappingStartEvent: reading.mapping, ev.SequenceStartEvent: reading.sequence, ev.MappingEndEvent: reading.end,
                ev.SequenceEndEvent: reading.end, ev.AliasEvent: reading.alias, ev.DocumentStartEvent: reading.document}
    ScalarEvent, StreamEndEvent, scalar = ev.ScalarEvent, ev.StreamEndEvent, reading.scalar
    get_event = _c_parser()(text).get_event
    while True:
        event = get_event()
        cls = event.__class__
        if cls is ScalarEvent:  # most events
            scalar(event)
            continue
        handler = handlers.get(cls)
        if handler is not None:
            handler(event)
        elif cls is StreamEndEvent:
            return Parsed(reading.root, dict(reading.values), dict(reading.keys))


class _SinglePass:
    """What :func:`single_pass` knows while it reads: the data, the positions, the open collections and the anchors."""

    def __init__(self, text: str):
        self.text = text
        self.values: list = []  # (path, (line, column)) in the order to_data records them
        self.keys: list = []
        self.anchors: dict = {}  # name -> ("scalar", value, text, position) or ("collection", data, path, values, keys, nodes, chars, height)
        self.open_anchors: set = set()
        # one frame per open collection: [data, path, is_map, pending key, its position, anchor, values at start,
        # keys at start, nodes before it, characters before it, height of its data]
        self.stack: list = []
        self.root = None
        self.documents = self.nodes = self.chars = self.repeated = 0
        self.chars_limit = expanded_chars_limit(text)

    def place(self, value, position, height=0) -> tuple:
        """Put a value read at ``position`` into the open collection (or make it the root); its path."""
        if not self.stack:
            self.root = value
            self.values.append(((), position))
            return ()
        frame = self.stack[-1]
        if frame[2]:
            key = frame[3]
            if key is None:
                raise NeedsComposer("a collection or an alias as a mapping key")
            path = frame[1] + (key,)
            self.keys.append((path, frame[4]))
            frame[0][key] = value
            frame[3] = None
        else:
            path = frame[1] + (len(frame[0]),)
            frame[0].append(value)
        self.values.append((path, position))
        if height >= frame[10]:
            frame[10] = height + 1
        return path

    def expecting_key(self) -> bool:
        stack = self.stack
        return bool(stack) and stack[-1][2] and stack[-1][3] is None

    def scalar(self, event):
        mark = event.start_mark
        position = (mark.line, mark.column)
        style = event.style
        if not style:  # a plain scalar, normalised as fast_events does (the C parser says '', the pure one None)
            if not event.value:
                raise FastPathRefused("empty plain scalar")
            event.style = style = None
        text = event.value
        if style is None and event.ctag is None and event.implicit[0]:  # most scalars: plain and untagged
            if text[:1].isalpha() and text not in _WORDS and text[-1] != "\n":  # text (as _resolve_plain's first test)
                value = text
            else:
                value = _resolve_plain(text)
                if value.__class__ is tuple:
                    kind, raw = value
                    value = _to_int(raw, *position) if kind == "int" else _to_float(raw, *position)
        else:
            _, value, text = _resolved(event, self.text, *position)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            _too_many(event)
        self.chars += len(text)
        if event.anchor:
            self.anchors[event.anchor] = ("scalar", value, text, position)
        stack = self.stack
        if not stack:
            self.place(value, position)
            return
        frame = stack[-1]
        if not frame[2]:  # an item of a list (place, inlined: most scalars)
            self.values.append((frame[1] + (len(frame[0]),), position))
            frame[0].append(value)
        elif frame[3] is not None:  # the value of a key
            path = frame[1] + (frame[3],)
            self.keys.append((path, frame[4]))
            self.values.append((path, position))
            frame[0][frame[3]] = value
            frame[3] = None
        else:  # a key
            if text == "<<":
                raise NeedsComposer("a merge key")
            key = value if value.__class__ is str else str(value)
            if key in frame[0]:
                raise NeedsComposer("a duplicate key")
            frame[3], frame[4] = key, position
            return
        if not frame[10]:
            frame[10] = 1

    def mapping(self, event):
        self.collection(event, True)

    def sequence(self, event):
        self.collection(event, False)

    def collection(self, event, is_map: bool):
        if event.tag not in (None, "!", _CORE + ("map" if is_map else "seq")) or len(self.stack) >= MAX_DEPTH:
            raise NeedsComposer("a tag or a depth the composer refuses")
        before = self.nodes
        self.nodes += 1
        if self.nodes > MAX_NODES:
            _too_many(event)
        data: dict | list = {} if is_map else []
        path = self.place(data, _mark(event))
        anchor = event.anchor
        if anchor:
            self.anchors.pop(anchor, None)
            self.open_anchors.add(anchor)
        self.stack.append([data, path, is_map, None, None, anchor, len(self.values) - 1, len(self.keys), before, self.chars, 0])

    def end(self, event):
        frame = self.stack.pop()
        if frame[3] is not None:
            raise NeedsComposer("a key without its value")
        height = frame[10]
        if self.stack and height >= self.stack[-1][10]:
            self.stack[-1][10] = height + 1
        anchor = frame[5]
        if anchor:
            self.open_anchors.discard(anchor)
            self.anchors[anchor] = ("collection", frame[0], frame[1], self.values[frame[6]:], self.keys[frame[7]:],
                                    self.nodes - frame[8], self.chars - frame[9], height)

    def alias(self, event):
        name = event.anchor
        target = self.anchors.get(name)
        if target is None or name in self.open_anchors or self.expecting_key():
            raise NeedsComposer("an alias the composer refuses, or an alias as a mapping key")
        if target[0] == "scalar":
            _, value, text, position = target
            self.count(1, len(text))
            self.place(value, position)
            return
        _, data, origin, its_values, its_keys, more_nodes, more_chars, height = target
        if len(self.stack) + height > _SINGLE_PASS_DEPTH:
            raise NeedsComposer("data nested deeper than the single pass builds")
        self.count(more_nodes, more_chars)
        path = self.place(_fresh(data), its_values[0][1], height)
        cut = len(origin)
        self.values.extend((path + sub[cut:], at) for sub, at in its_values[1:])
        self.keys.extend((path + sub[cut:], at) for sub, at in its_keys)

    def count(self, nodes: int, chars: int):
        """An alias's repeated values and characters, within the composer's budgets and the single pass's own."""
        self.nodes += nodes
        self.chars += chars
        self.repeated += nodes
        if self.nodes > MAX_NODES or self.chars > self.chars_limit or self.repeated > _SINGLE_PASS_REPEATED:
            raise NeedsComposer("aliases over the size budget")

    def document(self, event):
        self.documents += 1
        if self.documents > 1:
            raise NeedsComposer("a second document")


def _fresh(data):
    """A copy of ``data`` with new lists and mappings (the composer builds an alias's data anew each time)."""
    if data.__class__ is dict:
        return {key: _fresh(value) for key, value in data.items()}
    if data.__class__ is list:
        return [_fresh(value) for value in data]
    return data


def parse(text: str) -> Parsed:
    """Parse YAML ``text`` safely: raises :class:`YamlProblem` with a 0-based position.

    With the C parser first when it is there and wanted; any failure on that path is
    left to the pure parser to report, so errors read exactly as the pure path's.
    """
    if _fast_wanted(text):
        try:
            return _fast_parse(text)
        except YamlProblem as problem:
            if problem.code == "YAML-SIZE":  # the budget counts the same events: never read it all again
                raise
        except Exception:  # noqa: BLE001 - the pure parser below says what is wrong, and where
            pass
    return parse_with(text, pure_events)


def _fast_parse(text: str) -> Parsed:
    """The C parser's events in a single pass, or composed when the single pass leaves the text to the composer."""
    try:
        return single_pass(text)
    except NeedsComposer:
        return parse_with(text, fast_events)


def parse_with(text: str, events) -> Parsed:
    """Parse ``text`` from the events of ``events`` (:func:`pure_events` or :func:`fast_events`)."""
    root, nodes = _compose(text, events)
    # The count kept while composing is the expanded size (an alias adds its target's, computed once per anchor on
    # the DAG), so no second walk over the graph is needed (issue 22).
    if nodes > MAX_NODES:
        line, column = (root.line, root.column) if root else (0, 0)
        raise YamlProblem(line, column, f"the document holds more than {MAX_NODES} values, lists and mappings once aliases are expanded", "YAML-ALIAS")
    return to_data(root)
