"""Issue 12, item 2: the compiled yes/no verdict and the verdict memo never change an answer.

Every YAML file under scenarios/ (the three bundled games) and tests/ is validated twice:
with ``CHARTROOM_VALIDATOR=jsonschema`` (jsonschema alone) and with the default (jsonschema-rs
first, jsonschema for the messages when it does not say valid); the findings must be identical.
jsonschema-rs and jsonschema must give the same verdict on every file and on mutated copies of
the bundled data. The memo of "valid" verdicts is kept in process with the disk cache off, and
is keyed by the document's content and the schemas' content, per kind and game.
"""

from __future__ import annotations

import copy
import functools
import os
import re
import shutil
from pathlib import Path

import pytest

from toolkit import schema
from toolkit.findings import ChartroomError
from toolkit.load import load_file
from toolkit.load.memo import BoundedMemo, SessionMemos
from toolkit.model.reading import document_game_root

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("fire-in-the-sky", "pacific-fury", "fire-from-the-skies")

jsonschema_rs = pytest.importorskip("jsonschema_rs", reason="no compiled validator (jsonschema-rs) installed")

FILES = sorted(p for folder in ("scenarios", "tests") for p in (ROOT / folder).rglob("*") if p.suffix in (".yaml", ".yml"))


#: A file's ``kind:`` line, read without parsing it: collection (by every test worker) stays cheap.
KIND_LINE = re.compile(r"^kind:\s*[\"']?([A-Za-z-]+)[\"']?\s*(?:#.*)?$", re.MULTILINE)


def _names_a_kind(path: Path) -> bool:
    found = KIND_LINE.search(path.read_text(encoding="utf-8", errors="replace"))
    return found is not None and found.group(1) in schema.KINDS


#: Every file that names a document kind (a few of them do not load: a duplicate key, a tab).
PATHS = [path for path in FILES if _names_a_kind(path)]


@functools.lru_cache(maxsize=None)
def _document(path: Path):
    """(document, kind, game root) of a file that loads and names a document kind, or None."""
    try:
        document = load_file(path)
    except ChartroomError:
        return None
    kind = document.data.get("kind") if isinstance(document.data, dict) else None
    if not (isinstance(kind, str) and kind in schema.KINDS):
        return None
    return document, kind, document_game_root(document)


def documents():
    """(path, document, kind, game root) of every file that loads and names a document kind."""
    return [(path, *_document(path)) for path in PATHS if _document(path) is not None]


@pytest.fixture(autouse=True, scope="module")
def one_session():
    """The module's validations share one session's memos, as one `chartroom check` does: each game's overlays,
    registries and validators are built once (the verdicts themselves are not kept: see ``fresh_memo``)."""
    with SessionMemos().active():
        yield


@pytest.fixture
def fresh_memo(monkeypatch):
    monkeypatch.setattr(schema, "_valid_in_process", BoundedMemo(4096))


def test_every_bundled_game_is_in_the_corpus():
    games = {d.data.get("game") for _, d, _, _ in documents()}
    assert set(GAMES) <= games
    assert any(schema.validate(d, k, r) for _, d, k, r in documents())  # invalid examples are there too


@pytest.mark.parametrize("path", PATHS, ids=[str(p.relative_to(ROOT)) for p in PATHS])
def test_same_findings_with_and_without_the_compiled_validator(path, monkeypatch, fresh_memo):
    if _document(path) is None:  # it names a kind but does not load: a located error, and nothing reaches a validator
        with pytest.raises(ChartroomError, match=r":\d+:\d+"):
            load_file(path)
        return
    document, kind, root = _document(path)
    monkeypatch.setenv("CHARTROOM_VALIDATOR", "jsonschema")
    pure = schema.validate(document, kind, root)
    monkeypatch.setattr(schema, "_valid_in_process", BoundedMemo(4096))
    monkeypatch.delenv("CHARTROOM_VALIDATOR")
    fast = schema.validate(document, kind, root)
    assert fast == pure
    assert schema._fast_verdict(document.data, kind, root) == (not pure)  # the compiled verdict agrees on every file


def _leaves(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, path + (index,))
    else:
        yield path, data


def _mutations(value):
    if isinstance(value, bool):
        return ["true", None]
    if isinstance(value, (int, float)):
        return [str(value), -1 - abs(value), 0.5, None]
    if isinstance(value, str):
        return [7, "", value + "\n", value.upper() + "?", None]
    return ["x", 1]


def _set(data, path, value):
    target = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value


def test_compiled_and_jsonschema_verdicts_agree_on_mutated_game_data():
    """Every leaf of a sample of the bundled data changed in type, range and form: jsonschema-rs never says valid where
    jsonschema does not (only its "valid" is trusted). The other way round happens, and is harmless: a text ending in a
    newline matches ``^...$`` in Python's regular expressions and not in Rust's, and jsonschema then gives the verdict."""
    compared = missed = 0
    for path, document, kind, root in documents():
        if "scenarios" not in path.parts:
            continue
        leaves = list(_leaves(document.data))
        step = max(1, len(leaves) // 6)
        pure = schema.validator(kind, root)
        fast = schema._fast_validator_for(schema._overlay_root(kind, root), kind,
                                          schema._overlay_signature(Path(schema._overlay_root(kind, root))) if schema._overlay_root(kind, root) else ())
        assert fast is not None, path
        for leaf, value in leaves[::step]:
            if not leaf:
                continue
            for mutated in _mutations(value):
                data = copy.deepcopy(document.data)
                _set(data, leaf, mutated)
                compared += 1
                if fast.is_valid(data) and not pure.is_valid(data):
                    missed += 1
                    print("valid to jsonschema-rs only:", path.name, leaf, repr(mutated))
        extra = copy.deepcopy(document.data)
        extra["no_such_key"] = 1
        compared += 1
        missed += fast.is_valid(extra) and not pure.is_valid(extra)
    assert compared > 500 and missed == 0


def test_a_failing_compiled_validator_falls_back_to_jsonschema(monkeypatch, fresh_memo):
    class Broken:
        def is_valid(self, data):
            raise ValueError("cannot convert")

    bad = next(d for p, d, k, r in documents() if p.name == "counter-mix-fail.yaml")
    monkeypatch.setenv("CHARTROOM_VALIDATOR", "jsonschema")
    expected = [(p, schema.validate(d, k, r)) for p, d, k, r in documents()[:40]]
    monkeypatch.delenv("CHARTROOM_VALIDATOR")
    monkeypatch.setattr(schema, "_valid_in_process", BoundedMemo(4096))
    monkeypatch.setattr(schema, "_fast_validator_for", lambda *args: Broken())
    assert [(p, schema.validate(d, k, r)) for p, d, k, r in documents()[:40]] == expected
    assert bad is not None


def test_verdicts_are_kept_in_process_with_the_disk_cache_off(monkeypatch, fresh_memo, write):
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    good = load_file(write("good.yaml", "kind: errata\ngame: g\nedition: v1.1\nerrata: []\n"))
    assert schema.validate(good, "errata") == []

    def fail(*args):
        raise AssertionError("validated again")

    monkeypatch.setattr(schema, "_fast_verdict", fail)
    monkeypatch.setattr(schema, "validator", fail)
    assert schema.validate(good, "errata") == []  # remembered by content, no disk involved


def test_an_edited_file_of_the_same_size_is_validated_again(monkeypatch, fresh_memo, tmp_path):
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    path = tmp_path / "e.yaml"
    path.write_text("kind: errata\ngame: g\nedition: v1.1\nerrata: []\n")
    stat = path.stat()
    assert schema.validate(load_file(path), "errata") == []
    path.write_text("kind: errata\ngame: g\nedition: v1.1\nerrata: 55\n")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size
    found = schema.validate(load_file(path), "errata")
    assert [f.code for f in found] == ["SCHEMA-TYPE"]


def test_a_verdict_for_one_game_is_not_another_games(monkeypatch, fresh_memo):
    """The same document, valid against one game's overlay, is checked afresh against another's."""
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    short = load_file(ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml")
    fits, pf = ROOT / "scenarios" / "fire-in-the-sky", ROOT / "scenarios" / "pacific-fury"
    assert schema.validate(short, "scenario", fits) == []
    after = schema.validate(short, "scenario", pf)
    monkeypatch.setattr(schema, "_valid_in_process", BoundedMemo(4096))
    monkeypatch.setenv("CHARTROOM_VALIDATOR", "jsonschema")
    assert after and after == schema.validate(short, "scenario", pf)


def test_an_edited_overlay_is_used_even_with_its_size_and_time_put_back(monkeypatch, fresh_memo, tmp_path):
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    game = tmp_path / "fire-in-the-sky"
    shutil.copytree(ROOT / "scenarios" / "fire-in-the-sky", game)
    scenario = load_file(game / "short-campaign.yaml")
    session = SessionMemos()  # one session (a language server's), two pieces of work: the overlay is edited between them
    with session.active():
        assert schema.validate(scenario, "scenario", game) == []
    overlay = game / "schemas" / "scenario.schema.json"
    text, stat = overlay.read_text(), overlay.stat()
    assert '"japan"' in text
    overlay.write_text(text.replace('"japan"', '"nihon"', 1))
    os.utime(overlay, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert overlay.stat().st_size == stat.st_size and overlay.stat().st_mtime_ns == stat.st_mtime_ns
    with session.active():
        assert schema.validate(scenario, "scenario", game) != []
