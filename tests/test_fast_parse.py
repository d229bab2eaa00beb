"""Issue 12, item 1: the C event parser gives the same documents, positions and findings.

Every YAML file under scenarios/ and tests/, a set of hostile texts (alias bombs,
duplicate keys, bad indentation, tabs, surrogates...) and the constructs on which the
two parsers are known to disagree are parsed twice: with ``CHARTROOM_YAML=pure`` and
with the default (C parser first); data, value and key positions, and located errors
(code, line, column, message) must be identical.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.load import yamlpos
from toolkit.load.types import YamlProblem

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not yamlpos.fast_parser_available(), reason="no C YAML parser (ruamel.yaml.clib) installed")

FILES = sorted(p for folder in ("scenarios", "tests") for p in (ROOT / folder).rglob("*") if p.suffix in (".yaml", ".yml"))

BOMB = "\n".join(["a: &a [x,x,x,x,x,x,x,x,x]"] + [f"{n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]" for p, n in zip("abcdef", "bcdefg")]) + "\n"

HOSTILE = [
    "a: 1\nb: 2\na: 3\n",  # duplicate key
    "a:\n\tb: 1\n",  # tab indentation
    "a: \t1\n",  # a tab the C parser accepts and the pure one refuses
    "a: 1 \t# c\n",
    "a: &x [1, *x]\n",
    "a: *nope\n",
    BOMB,
    "a: !!bool maybe\n",
    "a: !!int x\n",
    "a: " + "9" * 5000 + "\n",
    "a: !!python/object:os.system x\n",
    "a: !Custom x\n",
    "a: !!set {x}\n",
    "a: 1\n---\nb: 2\n",
    "a: \x07\n",
    "a: [1, 2\nb: 3\n",
    "? [a]\n: 1\n",
    "a: [" * 100 + "]" * 100 + "\n",
    'a: "\\ud800"\n',  # surrogate escape
    'a: "x\\uDFFFy"\n',
    "a:\n  - 1\n - 2\n",  # bad indentation
    "a:\n    b: 1\n  c: 2\n",
    "a: b: c\n",
    "a: @b\n",
    "[a:b]\n",
    # empty values: the parsers place them differently
    "a:\nb: 1\n", "a:", "a:   ", "? a", "{a: }", "[a: ]", "---\n", "# c\n---", "a:\n  b:\n  c:\n", "a: {? }", "{: a}",
    # YAML 1.1 line breaks, BOMs, anchors running on, block scalar headers
    "a: 1\n\x85b: 2\n", "a\u2028b: 1\n", "\ufeffa: 1\n", "\n  \ufeffa: 1\n", "a: &x1:*x\n", "a: &xb:\\ *x`\n", "a: >#{? \n",
    # ordinary constructs
    "a: 'it''s'\nb: \"line\\\n  cont\"\nc: |\n  é\n  ü\nd: >\n  folded\n  text\n\n  para\n",
    "<<: {a: 1}\nb: 2\n", "base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  y: 3\n", "# é\na: \"ü\"\nb: 日本 c\n",
    "a: 0o17\nb: 0x1F\nc: 1e3\nd: .inf\ne: ~\nf: .NaN\n", "a: 1\r\nb: 2\r\n", "%YAML 1.2\n---\na: 1\n", "%YAML 2.0\n---\na: 1\n",
]


def outcome(text: str, monkeypatch, mode: str | None):
    if mode is None:
        monkeypatch.delenv("CHARTROOM_YAML", raising=False)
    else:
        monkeypatch.setenv("CHARTROOM_YAML", mode)
    try:
        parsed = yamlpos.parse(text)
    except YamlProblem as problem:
        return ("problem", problem.code, problem.line, problem.column, str(problem))
    return ("data", _comparable(parsed.data), parsed.values, parsed.keys)


def _comparable(value):
    # NaN != NaN: compare its text instead
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    if isinstance(value, list):
        return [_comparable(v) for v in value]
    if isinstance(value, dict):
        return {k: _comparable(v) for k, v in value.items()}
    return value


def test_there_are_files_to_compare():
    assert len(FILES) > 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_both_paths_agree_on_every_file(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    assert outcome(text, monkeypatch, None) == outcome(text, monkeypatch, "pure")


@pytest.mark.parametrize("text", HOSTILE)
def test_both_paths_agree_on_hostile_text(text, monkeypatch):
    assert outcome(text, monkeypatch, None) == outcome(text, monkeypatch, "pure")


def test_bundled_files_take_the_fast_path(monkeypatch):
    """The comparison above would pass trivially if every text fell back to the pure parser."""
    monkeypatch.delenv("CHARTROOM_YAML", raising=False)
    taken = [p for p in FILES if "scenarios" in p.parts and yamlpos._fast_wanted(p.read_text(encoding="utf-8"))]
    assert taken
    for path in taken:
        text = path.read_text(encoding="utf-8")
        assert yamlpos.parse_with(text, yamlpos.fast_events).values == yamlpos.parse_with(text, yamlpos.pure_events).values


#: The texts left to the pure parser, as three alternatives (how :data:`toolkit.load.yamlpos._PURE_ONLY` was first
#: written; it is now one character class and lookbehinds, which the engine scans for at C speed, issue 22).
PURE_ONLY_ALTERNATIVES = re.compile("[\t\x85\u2028\u2029\ufeff]|[&*][0-9A-Za-z_-]+[?:%@`]|[|>][-+0-9]{0,2}#")


def _spans(pattern, text):
    return [m.span() for m in pattern.finditer(text)]


@pytest.mark.parametrize("text", [*HOSTILE, "a: *x?\n", "a: &anchor:\n", "b: |+2#\n", "c: >-#\n", "d: |#\n", "e: >12#\n", "f: & x\n",
                                  "g: * y@\n", "h: |+-#\n", "i: a|b#c\n", "j: 'x>#'\n", "k: \t\n", "plain text only\n", ""])
def test_the_pure_only_pattern_finds_what_the_three_alternatives_find(text):
    assert _spans(yamlpos._PURE_ONLY, text) == _spans(PURE_ONLY_ALTERNATIVES, text)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="&*|>#?:%@`-+09aZ_ \n\t\x85\u2028\u2029\ufeffx", max_size=40))
def test_the_pure_only_pattern_matches_where_the_alternatives_match(text):
    assert _spans(yamlpos._PURE_ONLY, text) == _spans(PURE_ONLY_ALTERNATIVES, text)


def test_the_pure_only_pattern_leaves_every_bundled_file_as_before():
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert _spans(yamlpos._PURE_ONLY, text) == _spans(PURE_ONLY_ALTERNATIVES, text), path


def test_pure_is_forced_by_the_environment(monkeypatch):
    def refuse(text):
        raise AssertionError("the C parser was used")

    monkeypatch.setattr(yamlpos, "fast_events", refuse)
    monkeypatch.setenv("CHARTROOM_YAML", "pure")
    assert yamlpos.parse("a: 1\n").data == {"a": 1}


#: Anchors and aliases as the single pass repeats them (issue 22): redefined names, nested anchors, scalars anchored as
#: keys, aliases in flow and block collections, keys that are not text.
ALIASES = [
    "a: &x [1, {k: v}]\nb: *x\nc: {d: *x, e: [*x, *x]}\n",
    "a: &x [1]\nb: &x [2]\nc: *x\n",
    "a: &x [&x [1], *x]\n",
    "a: &x [&x y, *x]\n",
    "&k key: value\nother: *k\n",
    "- &s 5\n- *s\n- {n: *s}\n",
    "a: &m {x: &n {y: [1, 2]}, z: *n}\nb: *m\nc: [*m, *n]\n",
    "1: a\ntrue: b\nnull: c\n1.5: d\n0x1F: e\n",
    "a: &x {}\nb: &y []\nc: [*x, *y]\n",
    "? *k\n: 1\n", "a: &k b\n*k : c\n", "a: {*x : 1}\n",
    "x: &a [1]\ny: &b [*a, *a, *a]\nz: &c [*b, *b, *b]\nw: [*c, *c]\n",
]


@pytest.mark.parametrize("text", FILES_TEXTS := [p.read_text(encoding="utf-8") for p in FILES] + HOSTILE + ALIASES,
                         ids=[str(p.relative_to(ROOT)) for p in FILES] + [f"text{n}" for n in range(len(HOSTILE) + len(ALIASES))])
def test_the_single_pass_gives_what_the_composer_gives(text):
    """Issue 22: data and positions built straight from the events, or the text left to the composer (which reports)."""
    if not yamlpos.fast_wanted(text):
        return
    try:
        single = yamlpos.single_pass(text)
    except (yamlpos.NeedsComposer, yamlpos.FastPathRefused):
        return
    except YamlProblem as problem:  # a problem the composer finds at the same event, in the same words
        with pytest.raises(YamlProblem) as composed:
            yamlpos.parse_with(text, yamlpos.fast_events)
        assert (problem.code, problem.line, problem.column, str(problem)) == (composed.value.code, composed.value.line,
                                                                              composed.value.column, str(composed.value))
        return
    except Exception as exc:  # the C parser's own error: the composer meets it too, and the pure parser reports it
        with pytest.raises((YamlProblem, type(exc))):
            yamlpos.parse_with(text, yamlpos.fast_events)
        return
    composed = yamlpos.parse_with(text, yamlpos.fast_events)
    assert _comparable(single.data) == _comparable(composed.data)
    assert list(single.values.items()) == list(composed.values.items())
    assert list(single.keys.items()) == list(composed.keys.items())


@pytest.mark.parametrize("text", ALIASES)
def test_both_paths_agree_on_aliases(text, monkeypatch):
    assert outcome(text, monkeypatch, None) == outcome(text, monkeypatch, "pure")


def test_the_bundled_files_take_the_single_pass():
    """The comparison above would pass trivially if every text were left to the composer."""
    for path in FILES:
        if "scenarios" in path.parts:
            yamlpos.single_pass(path.read_text(encoding="utf-8"))  # raises NeedsComposer if it were left to the composer


@pytest.mark.parametrize("text", ["<<: {a: 1}\nb: 2\n", "a: 1\na: 2\n", "? [a]\n: 1\n", "a: &k b\n*k : c\n", "a: !!set {x}\n", "a: 1\n---\nb: 2\n"])
def test_the_single_pass_leaves_what_it_does_not_repeat_to_the_composer(text):
    with pytest.raises(yamlpos.NeedsComposer):
        yamlpos.single_pass(text)


def test_an_alias_repeats_a_fresh_copy():
    data = yamlpos.single_pass("a: &x {k: [1]}\nb: *x\n").data
    assert data["a"] == data["b"] and data["a"] is not data["b"] and data["a"]["k"] is not data["b"]["k"]
