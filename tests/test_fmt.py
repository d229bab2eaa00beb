"""``chartroom fmt``: canonical layout, idempotence, comments kept, atomic writes, and the measured pitfalls."""

from __future__ import annotations

import os
import re
import stat

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import GAME, examples
from toolkit.cli import main
from toolkit.fmt import FmtRefused, format_text
from toolkit.load import load_text

MESSY = """\
# yaml-language-server: $schema=../schemas/scenario.schema.json
# A scenario written by hand.
setup:   # the set-up
- at: Kure
  side: japan
  units:
  - {counter: jp-ca, count: 2}   # two cruisers
  # a comment between units
  - counter: jp-dd
notes: "Long notes that go on and on well past eighty columns, so a formatter that wraps would break this line in two."
# the kind comes first in the canonical order
kind: scenario
id: messy
game: fire-in-the-sky
title: 'NO'
custom_b: 1
custom_a: 2
"""


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def comments(text: str) -> list[str]:
    return sorted(m.group(0).strip() for m in re.finditer(r"#[^\n]*", text))


def test_canonical_layout_of_a_messy_file():
    out = format_text(MESSY)
    keys = [line.split(":")[0] for line in out.splitlines() if re.match(r"^[a-z_]+:", line)]
    assert keys == ["kind", "game", "id", "title", "notes", "setup", "custom_b", "custom_a"]
    assert out.startswith("# yaml-language-server: $schema=../schemas/scenario.schema.json\n# A scenario written by hand.\n")
    assert "# the kind comes first in the canonical order\nkind: scenario\n" in out
    # Block sequences two spaces inside their key; ruamel re-spaces end-of-line comments and leaves
    # full-line comments in the column they were written in.
    assert "setup:   # the set-up\n  - at: Kure\n    side: japan\n    units:\n      - {counter: jp-ca, count: 2} # two cruisers\n" in out
    assert "title: 'NO'" in out
    assert comments(out) == comments(MESSY)
    assert load_text(out, "out").data == load_text(MESSY, "in").data
    assert format_text(out) == out


@pytest.mark.parametrize("path", sorted(GAME.rglob("*.yaml")), ids=lambda p: str(p.relative_to(GAME)))
def test_bundled_files_format_idempotently_keeping_data_and_comments(path):
    text = path.read_text(encoding="utf-8")
    out = format_text(text, path.name)
    assert format_text(out, path.name) == out
    assert load_text(out, "o").data == load_text(text, "i").data
    assert comments(out) == comments(text)


def test_already_formatted_file_is_byte_identical_and_not_rewritten(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(format_text(MESSY), encoding="utf-8")
    before = path.read_bytes()
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    assert run(capsys, "fmt", path) == (0, "", "")
    assert path.read_bytes() == before and path.stat().st_mtime_ns == 1_000_000_000


def test_check_exits_1_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(MESSY, encoding="utf-8")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    status, out, err = run(capsys, "fmt", "--check", path)
    assert status == 1 and "would be reformatted" in out and err == ""
    assert path.read_text(encoding="utf-8") == MESSY and path.stat().st_mtime_ns == 1_000_000_000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]


def test_write_is_atomic_and_keeps_permissions(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o640)
    inode = path.stat().st_ino
    assert run(capsys, "fmt", path)[0] == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert path.stat().st_ino != inode  # replaced by rename, not rewritten in place
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]  # no temporary file left
    assert path.read_text(encoding="utf-8") == format_text(MESSY)
    assert run(capsys, "fmt", "--check", path)[0] == 0


def test_fmt_never_writes_through_a_symbolic_link(tmp_path, capsys):
    """Issue 21 item 5: ``fmt LINK.yaml`` rewrote the link's target, wherever it was."""
    outside = tmp_path / "outside"
    outside.mkdir()
    real = outside / "real.yaml"
    real.write_text(MESSY, encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    link = folder / "link.yaml"
    link.symlink_to(real)
    status, out, err = run(capsys, "fmt", link)
    assert status in (1, 2) and "symbolic link" in out + err and len((out + err).strip().splitlines()) == 1
    assert link.is_symlink() and real.read_text(encoding="utf-8") == MESSY
    assert run(capsys, "fmt", "--check", link)[0] == 1  # reading through it to tell is harmless
    assert run(capsys, "fmt", real)[0] == 0 and real.read_text(encoding="utf-8") == format_text(MESSY)


def test_unloadable_files_are_reported_as_the_loader_reports_them(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("kind: scenario\nkind: map\n", encoding="utf-8")
    status, out, err = run(capsys, "fmt", path)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "bad.yaml:2:1: error YAML-DUPLICATE" in err
    assert path.read_text(encoding="utf-8") == "kind: scenario\nkind: map\n"


def test_non_chartroom_yaml_is_skipped(tmp_path, capsys):
    path = tmp_path / "other.yaml"
    path.write_text("name: ci\non: [push]\n", encoding="utf-8")
    assert run(capsys, "fmt", "--check", path) == (0, "", "")


# --- the measured pitfalls ----------------------------------------------------------------

def test_nel_escape_is_kept():
    text = 'kind: scenario\ngame: g\nnotes: "before\\Nafter"\n'
    out = format_text(text)
    assert load_text(out, "o").data["notes"] == "before\x85after"


def test_crlf_file_keeps_crlf_throughout(tmp_path, capsys):
    path = tmp_path / "crlf.yaml"
    path.write_bytes(MESSY.replace("\n", "\r\n").encode())
    assert run(capsys, "fmt", path)[0] == 0
    raw = path.read_bytes()
    assert raw.count(b"\r\n") == raw.count(b"\n") and raw.replace(b"\r\n", b"\n") == format_text(MESSY).encode()


def test_mixed_line_endings_are_refused(tmp_path, capsys):
    path = tmp_path / "mixed.yaml"
    path.write_bytes(b"game: g\r\nkind: scenario\n")
    status, out, err = run(capsys, "fmt", path)
    assert status == 2 and "mixed.yaml" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == b"game: g\r\nkind: scenario\n"


def test_bom_is_kept(tmp_path, capsys):
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + MESSY.encode())
    assert run(capsys, "fmt", path)[0] == 0
    assert path.read_bytes() == b"\xef\xbb\xbf" + format_text(MESSY).encode()


def test_quoted_no_stays_a_string():
    out = format_text("kind: scenario\ngame: g\ntitle: 'NO'\nid: \"yes\"\n")
    assert "title: 'NO'" in out and load_text(out, "o").data["title"] == "NO"


def test_long_strings_are_not_rewrapped():
    long = " ".join(["word"] * 400)
    out = format_text(f"kind: scenario\ngame: g\nnotes: {long}\n")
    assert f"notes: {long}\n" in out


def test_a_change_of_data_is_refused(monkeypatch):
    import toolkit.fmt as fmt

    monkeypatch.setattr(fmt, "_one_pass", lambda text: text.replace("value: 1", "value: 2"))
    with pytest.raises(FmtRefused, match="different data"):
        format_text("kind: scenario\ngame: g\nmarkers:\n  oil_points: {value: 1}\n")


def test_a_lost_comment_is_refused(monkeypatch):
    import toolkit.fmt as fmt

    monkeypatch.setattr(fmt, "_one_pass", lambda text: text.replace("  # gone\n", ""))
    with pytest.raises(FmtRefused, match="comment"):
        format_text("kind: scenario\ngame: g\nsetup:\n  # gone\n  - {at: Kure, side: japan, units: [{counter: x}]}\n")


# --- property: idempotent and data-preserving on scenario-like documents ------------------

KEYS = ["kind", "game", "id", "title", "notes", "setup", "markers", "zz_custom", "optional_rules", "edition", "source"]
SCALARS = st.one_of(
    st.integers(-1000, 1000), st.booleans(), st.none(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")) | st.sampled_from(["\x85", "\u2028", "\n", "'", '"', "#", ":"]), max_size=30),
    st.sampled_from(["NO", "yes", "on", "1.0", "0o17", "~", "null", "2001-01-01", "- x", "'quoted'", "# not a comment"]),
)


def _scalar(value) -> str:
    import json

    if isinstance(value, str):  # a JSON string is a YAML double-quoted scalar; \u escapes keep U+0085 as data
        return json.dumps(value, ensure_ascii="\x85" in value or "\u2028" in value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


@st.composite
def documents(draw) -> str:
    keys = draw(st.lists(st.sampled_from(KEYS), unique=True, min_size=1, max_size=8))
    lines = ["# yaml-language-server: $schema=schema.json"]
    for key in keys:
        if draw(st.booleans()):
            lines.append(f"# about {key}")
        shape = draw(st.sampled_from(["scalar", "list", "map", "flow"]))
        if key == "kind":
            lines.append("kind: scenario")
        elif shape == "scalar":
            lines.append(f"{key}: {_scalar(draw(SCALARS))}" + draw(st.sampled_from(["", "  # trailing"])))
        elif shape == "list":
            lines.append(f"{key}:")
            indent = draw(st.sampled_from(["", "  ", "    "]))
            for value in draw(st.lists(SCALARS, min_size=1, max_size=3)):
                lines.append(f"{indent}- {_scalar(value)}")
        elif shape == "map":
            lines.append(f"{key}:")
            for sub in draw(st.lists(st.sampled_from(["at", "side", "value", "b", "a"]), unique=True, min_size=1, max_size=3)):
                lines.append(f"   {sub}: {_scalar(draw(SCALARS))}")
        else:
            values = draw(st.lists(SCALARS, min_size=1, max_size=3))
            lines.append(f"{key}: {{{', '.join(f'k{i}: {_scalar(v)}' for i, v in enumerate(values))}}}")
    return "\n".join(lines) + "\n"


REFUSED: list[str] = []


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_property_fmt_is_idempotent_and_keeps_data(text):
    try:
        original = load_text(text, "gen").data
    except Exception:
        return  # not a document the loader reads: fmt would report it, not format it
    try:
        once = format_text(text, "gen")
    except FmtRefused:
        REFUSED.append(text)
        return  # refused, nothing written: safe by construction
    assert format_text(once, "gen") == once
    assert load_text(once, "gen").data == original
    assert comments(once) == comments(text) or "#" in str(original)


def test_fmt_is_linear_in_the_number_of_top_level_keys(tmp_path, capsys):
    """Issue 21 item 5: the canonical order looked each unknown key up in a list (quadratic)."""
    from toolkit.fmt import canonical_order

    class NoLookups(list):
        """Keys that refuse the linear-time lookups (``index``, ``in``, ``count``) a quadratic order would make."""

        def index(self, *args):
            raise AssertionError("keys.index: linear per key, quadratic in all")

        __contains__ = count = index

    keys = NoLookups([f"zz{i}" for i in range(100_000)] + ["title", "kind"])
    ordered = canonical_order("scenario", keys)
    assert ordered[:2] == ["kind", "title"] and ordered[2:5] == ["zz0", "zz1", "zz2"]


# --- a large file, in linear time (issue 21 item 5; the speed itself is benchmarks/bench_fmt.py) ---------------

def _big(keys: int) -> str:
    """A generated counters file: ``keys`` records' keys, badly indented, the kind last (fmt has work to do)."""
    records = "".join(f"  - id: c-{n}\n    name: \"Counter {n}\"\n    strength:   {n % 9}\n" for n in range(keys // 3))
    return "game: g\ncounters:\n" + records + "kind: counters\n"


def test_fmt_of_a_generated_big_file_is_correct_and_idempotent(tmp_path, capsys):
    text = _big(1500)  # 500 counters: the layout of a large file (benchmarks/bench_fmt.py times 30,000 keys)
    out = format_text(text, "big.yaml")
    assert out.startswith("kind: counters\ngame: g\ncounters:\n  - id: c-0\n    name: \"Counter 0\"\n    strength: 0\n")
    assert out.count("\n  - id: c-") == 500 and "strength:   " not in out
    assert load_text(out, "big.yaml").data == load_text(text, "big.yaml").data
    assert format_text(out, "big.yaml") == out
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["fmt", str(path)]) == 0 and path.read_text(encoding="utf-8") == out
    assert main(["fmt", "--check", str(path)]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("text", [
    "kind: counters\ngame: g\ncounters:\n- id: a\n  name: 'A'\n  flags: [x,  y]\n  v: .Inf\n",
    "b: {x: 1,   y: \"two\"}\nkind: scenario\na: [1, 2.50, ~, TRUE]\n",
    "kind: map\nhexes:\n    - id: '0101'\n      terrain: sea\n    - id: '0102'\n      terrain: land\n",
])
def test_the_c_parser_round_trip_lays_out_as_the_pure_one(monkeypatch, text):
    """A text without comments, blank lines or block scalars is read through the C parser's events: same layout."""
    from toolkit import fmt

    assert not fmt._SCANNER_ONLY.search(text)
    fast = fmt._one_pass(text)
    monkeypatch.setenv("CHARTROOM_YAML", "pure")
    assert fmt._one_pass(text) == fast


@pytest.mark.parametrize("text", ["a: 1\n\nb: 2\n", "a: 1  # note\n", "a: >-\n  folded\n  text\n", "a: |\n  kept\n"])
def test_comments_blank_lines_and_block_scalars_take_the_pure_scanner(text):
    from toolkit import fmt

    assert fmt._SCANNER_ONLY.search(text)


def test_an_alias_the_canonical_order_would_put_before_its_anchor_is_refused_saying_so(tmp_path, capsys):
    """``notes:`` comes after ``source:`` in the canonical order: moving it would put ``*n`` above ``&n``, which YAML cannot
    read. The file is left as it is and the one line says why, naming the anchor (it said "cannot round-trip it
    (ComposerError)")."""
    path = tmp_path / "anchored.yaml"
    text = ("kind: scenario\ngame: pacific-fury\nid: x\ntitle: X\nedition: english\nstart_turn: 1\n"
            "notes: &n 'PF 3.0, the set-up'\nsource: *n\n")
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "fmt", path)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "anchor &n" in err and "*n" in err and "ComposerError" not in err
    assert path.read_text(encoding="utf-8") == text
