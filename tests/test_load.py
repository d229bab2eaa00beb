"""The loader: every problem located at file:line:col, hostile input refused quickly."""

from __future__ import annotations

import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toolkit.load
from conftest import examples
from toolkit.findings import ChartroomError
from toolkit.load import MAX_FILE_BYTES, load_file, load_text, yamlpos
from toolkit.load.memo import BoundedMemo


def error_of(text: str):
    with pytest.raises(ChartroomError) as info:
        load_text(text, "t.yaml")
    return info.value


def test_positions_are_one_based_for_values_and_keys():
    doc = load_text("a: 1\nb:\n  c: [x, 'y']\n", "t.yaml")
    assert doc.data == {"a": 1, "b": {"c": ["x", "y"]}}
    assert str(doc.locate(("b", "c", 1))) == "t.yaml:3:10"
    assert str(doc.locate(("b", "c"), key=True)) == "t.yaml:3:3"
    # A path that does not exist falls back to its nearest ancestor.
    assert str(doc.locate(("b", "missing"))) == "t.yaml:3:3"


def test_core_schema_scalars():
    doc = load_text("i: 0712\nf: 1.5\nb: true\nn: ~\nd: 2001-13-45\ny: yes\nh: 0x1F\n", "t.yaml")
    # Unquoted 0712 is the integer 712 (why ids are strings by schema); dates stay text.
    assert doc.data == {"i": 712, "f": 1.5, "b": True, "n": None, "d": "2001-13-45", "y": "yes", "h": 31}


def test_merge_key_keeps_source_position():
    doc = load_text("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  y: 3\n", "t.yaml")
    assert doc.data["c"] == {"y": 3, "x": 1}
    assert doc.locate(("c", "x")).line == 1


@pytest.mark.parametrize(
    "text, code, line, column, words",
    [
        ("a: 1\nb: 2\na: 3\n", "YAML-DUPLICATE", 3, 1, "duplicate key 'a'"),
        ("a:\n\tb: 1\n", "YAML-SYNTAX", 2, 1, "tab"),
        ("a: &x [1, *x]\n", "YAML-ALIAS", 1, 11, "refers to the node that contains it"),
        ("a: *nope\n", "YAML-ALIAS", 1, 4, "no anchor"),
        ("a: !!bool maybe\n", "YAML-VALUE", 1, 4, "not a boolean"),
        ("a: !!int x\n", "YAML-VALUE", 1, 4, "not an integer"),
        ("a: " + "9" * 5000 + "\n", "YAML-VALUE", 1, 4, "5000 digits"),
        ("a: !!python/object:os.system x\n", "YAML-TAG", 1, 4, "!!python/object:os.system"),
        ("a: !Custom x\n", "YAML-TAG", 1, 4, "!Custom"),
        ("a: !!set {x}\n", "YAML-TAG", 1, 4, "!!set"),
        ("a: 1\n---\nb: 2\n", "YAML-SYNTAX", 2, 1, "one YAML document"),
        ("a: \x07\n", "YAML-CHAR", 1, 4, "U+0007"),
        ("a: [1, 2\nb: 3\n", "YAML-SYNTAX", 2, 2, "YAML syntax"),
        ("? [a]\n: 1\n", "YAML-KEY", 1, 3, "mapping key"),
        ("a: [" * 100 + "]" * 100 + "\n", "YAML-DEPTH", 1, None, "deeper than"),
    ],
)
def test_hostile_yaml_is_located(text, code, line, column, words):
    error = error_of(text)
    assert error.code == code
    assert error.location.line == line
    if column is not None:
        assert error.location.column == column
    assert words in error.message
    assert "\n" not in error.message


def test_alias_bomb_refused_before_expansion():
    # 432 bytes that would expand to 9**7 (about 4.8 million) nodes.
    lines = ["a: &a [x,x,x,x,x,x,x,x,x]"]
    for prev, name in zip("abcdef", "bcdefg"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    text = "\n".join(lines) + "\n"
    tracemalloc.start()
    try:
        error = error_of(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert error.code == "YAML-ALIAS" and "expand" in error.message
    assert peak < 20_000_000, peak  # the expansion would hold millions of nodes (hundreds of MB); refusing holds a few KB


def test_non_utf8_byte_located(write):
    path = write("bad.yaml", b"a: 1\nb: caf\xe9\n")
    with pytest.raises(ChartroomError) as info:
        load_file(path)
    assert (info.value.location.line, info.value.location.column) == (2, 7)
    assert "0xe9" in info.value.message


def test_bom_is_accepted(write):
    path = write("bom.yaml", b"\xef\xbb\xbfa: 1\n")
    assert load_file(path).data == {"a": 1}


def test_oversized_file_refused_before_parsing(write):
    path = write("big.yaml", b"a: " + b"x" * (MAX_FILE_BYTES + 10) + b"\n")
    with pytest.raises(ChartroomError) as info:
        load_file(path)
    assert info.value.code == "LOAD-SIZE"


@pytest.mark.parametrize("name", ["missing.yaml", "."])
def test_unreadable_paths(tmp_path, name):
    with pytest.raises(ChartroomError) as info:
        load_file(tmp_path / name)
    assert info.value.code == "LOAD-FILE"


def test_loading_never_writes(write):
    path = write("keep.yaml", "# comment\na:   1   # spaced\n")
    before = path.read_bytes(), path.stat().st_mtime_ns
    load_file(path)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


@pytest.fixture(autouse=True)
def every_text_cached(monkeypatch):
    """The parse cache's tests use texts of a line or two: here every text is kept (see the next test for the limit)."""
    monkeypatch.setattr(toolkit.load, "MIN_CACHED_CHARS", 0)


def test_a_short_text_is_parsed_again_and_a_longer_one_kept(tmp_path, monkeypatch, write):
    """Issue 22: a text shorter than MIN_CACHED_CHARS costs less to parse than a new entry in the cache folder."""
    monkeypatch.setattr(toolkit.load, "MIN_CACHED_CHARS", 1024)
    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    short = write("short.yaml", "a: [1, 2]\n")
    longer = write("longer.yaml", "".join(f"key{n}: value {n}\n" for n in range(100)))
    load_file(short)
    assert not list((tmp_path / "cache").glob("*.parse"))
    load_file(longer)
    assert len(list((tmp_path / "cache").glob("*.parse"))) == 1


def test_disk_cache_reuses_a_parse_by_content(tmp_path, monkeypatch, write):
    from toolkit import load
    from toolkit.load import yamlpos

    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    path = write("c.yaml", "a: [1, 2]\n")
    first = load_file(path)
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))

    def no_parse(text):
        raise AssertionError("parsed again")

    monkeypatch.setattr(yamlpos, "parse", no_parse)
    second = load_file(path)
    assert second.data == first.data and second.locate(("a", 1)) == first.locate(("a", 1))
    # A changed file is a different key: parsed afresh (and here, refused by the stub).
    path.write_text("a: [1, 3]\n")
    with pytest.raises(AssertionError):
        load_file(path)


COMPACT = """\
base: &b {x: 1, y: [2, {z: 3}]}
list:
  - {a: 1}
  - [b, c, [d]]
  - ''
c:
  <<: *b
  y: 4
empty: {}
nothing: []
"""


def test_a_cached_parse_keeps_every_position_and_stores_no_paths(tmp_path, monkeypatch, write):
    """Issue 22 item 3: each node's position stored once (no path per node), read back exactly, aliases and merges included."""
    from toolkit import load
    from toolkit.load import yamlpos

    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    path = write("compact.yaml", COMPACT)
    first = load_file(path)
    (entry,) = (tmp_path / "cache").glob("*.parse")
    nodes = len(first.parsed.values) + len(first.parsed.keys)
    assert b'"list"' in entry.read_bytes() and b'["list"' not in entry.read_bytes()  # the data once; no path is written
    assert entry.stat().st_size < 300 + len(COMPACT) * 2 + 8 * nodes
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    monkeypatch.setattr(yamlpos, "parse", lambda text: pytest.fail("parsed again"))
    second = load_file(path)
    assert second.data == first.data and list(second.data) == list(first.data)
    assert second.parsed.values == first.parsed.values and second.parsed.keys == first.parsed.keys


@pytest.mark.parametrize("damage", [lambda raw: raw[:-8], lambda raw: raw + b"\0" * 8, lambda raw: raw[:-3]])
def test_a_cached_parse_with_too_few_or_too_many_positions_is_a_miss(tmp_path, monkeypatch, write, damage):
    """Positions that do not match the data node for node are a miss (re-parsed), even under a seal that matches."""
    from toolkit import load
    from toolkit.load import cache

    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    path = write("compact.yaml", COMPACT)
    first = load_file(path)
    (entry,) = (tmp_path / "cache").glob("*.parse")
    key, sha = entry.name[: -len(cache.SUFFIX)], first.digest
    payload = cache.unseal(entry.read_bytes(), key, sha)
    entry.write_bytes(cache.seal(damage(payload), key, sha))  # resealed: only the shape check can refuse it
    assert cache.get(key, sha) is None
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    assert load_file(path).parsed.values == first.parsed.values


def test_corrupt_cache_entry_falls_back_to_parsing(tmp_path, monkeypatch, write):
    from toolkit import load

    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    path = write("c.yaml", "a: 1\n")
    load_file(path)
    entries = sorted((tmp_path / "cache").glob("*.parse"))
    assert entries
    for entry in entries:
        entry.write_text("{not json")
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    assert load_file(path).data == {"a": 1}


def test_folded_scalars_fold_without_markers():
    doc = load_text("a: >-\n  one two\n  three four\n\n  five\nb: plain\n  multi line\n", "t.yaml")
    assert doc.data == {"a": "one two three four\nfive", "b": "plain multi line"}


def test_schema_verdict_cached_only_for_valid_documents(tmp_path, monkeypatch, write):
    from toolkit import load, schema

    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    monkeypatch.setattr(schema, "_valid_in_process", BoundedMemo(8))
    good = load_file(write("good.yaml", "kind: errata\ngame: g\nedition: v1.1\nerrata: []\n"))
    bad = load_file(write("bad.yaml", "kind: errata\ngame: g\nedition: v1.1\nerrata: 5\n"))
    assert schema.validate(good, "errata") == []
    assert schema.validate(bad, "errata") != []
    verdicts = sorted(p.name for p in (tmp_path / "cache").glob("valid-*"))
    assert len(verdicts) == 1
    # A second validation of the bad document still reports it: only valid verdicts are kept.
    assert schema.validate(bad, "errata") != []


def test_a_short_text_found_valid_gets_no_marker_on_disk(tmp_path, monkeypatch, write):
    """A variant of a few lines is validated faster than a marker file is written (200 variants wrote 200 markers):
    like its parse, its verdict is kept in process only; a text of MIN_CACHED_CHARS or more gets its marker."""
    from toolkit import load, schema

    monkeypatch.setattr(load, "MIN_CACHED_CHARS", 1024)
    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    monkeypatch.setattr(schema, "_valid_in_process", BoundedMemo(8))
    text = "kind: errata\ngame: g\nedition: v1.1\nerrata: []\n"
    short = load_file(write("short.yaml", text))
    assert short.chars == len(text) < load.MIN_CACHED_CHARS
    assert schema.validate(short, "errata") == [] and schema.validate(short, "errata") == []
    assert list((tmp_path / "cache").glob("valid-*")) == []
    longer = load_file(write("long.yaml", text + "#" * (load.MIN_CACHED_CHARS - len(text) - 1) + "\n"))
    assert longer.chars == load.MIN_CACHED_CHARS
    assert schema.validate(longer, "errata") == []
    assert len(list((tmp_path / "cache").glob("valid-*"))) == 1


def test_the_value_budget_stops_a_huge_flow_list_while_it_is_read(tmp_path, capsys, monkeypatch):
    """Issue 21 item 5: 250,000 items in a 500 KB flow list were refused only after both parsers read it (7-8 s)."""
    from conftest import run_cli
    from toolkit.load import yamlpos

    def second_reading(*args, **kwargs):
        raise AssertionError("the pure parser read the document again after the budget refused it")

    text = "k: [" + ",".join(["1"] * 250_000) + "]\n"
    if yamlpos.fast_wanted(text):  # when the C parser reads it, the refusal must not hand the text to the pure one
        monkeypatch.setattr(yamlpos, "pure_events", second_reading)
    path = tmp_path / "flow.yaml"
    path.write_text(text, encoding="utf-8")
    status, out, err = run_cli(capsys, "check", path)
    assert status == 2 and "YAML-SIZE" in out and "more than 200000" in out
    # Refused where the budget runs out (the mapping, "k" and the list count too: the 199,998th "1", at column
    # 4 + 2 * 199,997 + 1), not at the end of the 500,003-character line.
    assert "flow.yaml:1:399999:" in out, out


@pytest.mark.parametrize("text", ["a: 1\n", "a: &x [1, 2]\nb: *x\nc: *x\n", "a: &x {k: &y [1, 2], m: *y}\nb: *x\nc: [*x, *x]\n",
                                  "- &a [1]\n- &b [*a, *a]\n- [*b, *b, *a]\n", "base: &b {x: 1}\nmerged: {<<: *b, y: 2}\n"])
def test_the_count_kept_while_composing_is_the_expanded_size(text):
    """Issue 22: the loader refuses an alias bomb by the count it keeps while composing, with no second walk."""
    root, nodes = yamlpos._compose(text, yamlpos.pure_events)
    assert nodes == yamlpos.expanded_size(root)


def _resolved_by_the_patterns(text: str):
    """What a plain scalar resolves to by the seven patterns alone (the loader's answer before the one-test shortcut)."""
    if yamlpos._NULL.match(text):
        return None
    if text in yamlpos._BOOL:
        return yamlpos._BOOL[text]
    if yamlpos._INT10.match(text) or yamlpos._INT8.match(text) or yamlpos._INT16.match(text):
        return ("int", text)
    if yamlpos._FLOAT.match(text) or yamlpos._INF.match(text) or yamlpos._NAN.match(text):
        return ("float", text)
    return text


@settings(max_examples=examples(300))
@given(st.text(min_size=1, max_size=8) | st.sampled_from(["null", "Null", "True", "FALSE", "nulls", "e5", "Inf", "null\n", "Ω1", "x 1"]))
def test_a_plain_word_resolves_as_the_patterns_say(text):
    """Issue 22: a plain scalar starting with a letter is taken as text after one test; the same answer as the patterns."""
    assert yamlpos._resolve_plain(text) == _resolved_by_the_patterns(text)
