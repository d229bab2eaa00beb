"""Many variants of one base in one session: what depends only on the base chain (its built set-up, a scenario's own
map) is built once a session, keyed by the files' content, and a base or map changed on disk between two checks of one
session gives the new answer, the same one a new session gives. A damaged cache folder changes no answer either."""

from __future__ import annotations

import shutil

import pytest

from conftest import ROOT
from toolkit import schema
from toolkit.load import load_file
from toolkit.load.memo import BoundedMemo
from toolkit.model.reading import document_game_root
from toolkit.rules import Context
from toolkit.session import Session

VARIANT = """kind: scenario
game: {game}
id: memo-variant-{n}
title: "Memo variant {n}"
variant: true
edition: {edition}
extends: "../{base}"
reconstructed: "A test variant: the base with its own notes."
notes: "Variant {n}."
"""

GAMES = {"fire-in-the-sky": ("short-campaign.yaml", "v1.1"), "pacific-fury": ("campaign.yaml", "english"),
         "fire-from-the-skies": ("midway.yaml", "supplement")}


@pytest.fixture
def variants(tmp_path, monkeypatch):
    """A copy of a bundled game with three small variants of its base in ``variants/``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))

    def make(game: str) -> list:
        base, edition = GAMES[game]
        folder = tmp_path / game
        shutil.copytree(ROOT / "scenarios" / game, folder)
        (folder / "variants-memo").mkdir()
        paths = []
        for n in (1, 2, 3):
            path = folder / "variants-memo" / f"v{n}.yaml"
            path.write_text(VARIANT.format(game=game, n=n, edition=edition, base=base), encoding="utf-8")
            paths.append(path)
        return paths
    return make


def _answer(session: Session, paths) -> list[tuple]:
    findings, files = session.check(list(paths))
    return [(str(f.location), f.severity, f.code, f.message, f.rule) for f in findings] + [("files", files)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_variant_of_a_base_is_built_from_the_base_once(variants, game):
    paths = variants(game)
    session = Session()
    assert _answer(session, paths) == _answer(Session(), paths)  # the same answer as three sessions of one variant each
    assert [_answer(Session(), [p]) for p in paths] == [_answer(session, [p]) for p in paths]
    assert len(session.memos["scenario-bases"]) == 1, "the three variants share one built base"


def test_a_base_changed_on_disk_between_two_checks_of_one_session_gives_the_new_answer(variants):
    paths = variants("fire-in-the-sky")
    base = paths[0].parent.parent / "short-campaign.yaml"
    session = Session()
    before = _answer(session, paths[:1])
    text = base.read_text(encoding="utf-8")
    assert "{counter: jp-cv-akagi-kaga}" in text
    base.write_text(text.replace("{counter: jp-cv-akagi-kaga}", "{counter: jp-cv-akagi-kaga-typo}", 1), encoding="utf-8")
    after = _answer(session, paths[1:2])
    assert after != before and any(code == "REF-COUNTER" for _, _, code, *_ in after[:-1])
    assert after == _answer(Session(), paths[1:2])
    assert _answer(session, paths[:1]) == _answer(Session(), paths[:1])
    base.write_text(text, encoding="utf-8")  # and back: the first answer again
    assert _answer(session, paths[:1]) == before


def test_a_scenario_map_changed_on_disk_between_two_checks_of_one_session_gives_the_new_answer(variants):
    paths = variants("fire-from-the-skies")
    sheet = paths[0].parent.parent / "midway-sheet.yaml"
    session = Session()
    before = _answer(session, paths[:1])
    assert len(session.memos["scenario-maps"]) == 1
    text = sheet.read_text(encoding="utf-8")
    assert "\n  columns: 14\n" in text
    sheet.write_text(text.replace("\n  columns: 14\n", "\n  columns: 9\n", 1), encoding="utf-8")  # Midway (1009) off the sheet
    after = _answer(session, paths[1:2])
    assert after != before and any(code == "MAP-OUTSIDE" for _, _, code, *_ in after[:-1])
    assert after == _answer(Session(), paths[1:2])


def test_a_damaged_cache_folder_changes_no_answer(variants, tmp_path):
    paths = variants("fire-in-the-sky")
    clean = _answer(Session(), paths)
    entries = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert entries, "the first check kept entries"
    for n, entry in enumerate(entries):  # every entry damaged, one way or another
        raw = entry.read_bytes()
        entry.write_bytes(b"" if n % 3 == 0 else raw[: len(raw) // 2] if n % 3 == 1 else raw.replace(b"0", b"1"))
    assert _answer(Session(), paths) == clean
    shutil.rmtree(tmp_path / "cache")
    assert _answer(Session(), paths) == clean


def test_a_variant_with_its_own_section_reads_its_own_records_after_variants_that_share_the_base(variants):
    """Fire from the Skies reads a scenario's sections once for every variant that shares its base's (read_shared);
    a variant writing its own ships: is read afresh, and the same session then gives the plain variants' answer again."""
    paths = variants("fire-from-the-skies")
    text = (paths[0].parent.parent / "midway.yaml").read_text(encoding="utf-8")
    ships = text.split("\nships:\n")[1].split("\naircraft:")[0]
    assert "af_capacity: 30" in ships
    own = paths[2].read_text(encoding="utf-8") + "ships:\n" + ships.replace("af_capacity: 30", "af_capacity: 1") + "\n"
    paths[2].write_text(own, encoding="utf-8")
    session = Session()
    plain = _answer(session, paths[:2])
    assert len(session.memos["ffts-scenario-data"]) == 2, "two plain variants read their base's sections once (and the base checked alone)"
    changed = _answer(session, paths[2:])
    assert any(code == "FFTS-AIR-CAPACITY" for _, _, code, *_ in changed[:-1])
    assert not any(code == "FFTS-AIR-CAPACITY" for _, _, code, *_ in plain[:-1])
    assert changed == _answer(Session(), paths[2:])
    assert _answer(session, paths[1:2]) == _answer(Session(), paths[1:2])


def test_a_variant_with_its_own_optional_rules_gets_its_own_units(variants):
    """A context resolves the set-up's units once a session for the very placements and optional rules in use; a variant
    adding an optional rule (v1.1 18.2.5 places Hosho and Ryujo) gets the unit its base leaves out."""
    paths = variants("fire-in-the-sky")
    paths[2].write_text(paths[2].read_text(encoding="utf-8") + 'optional_rules: ["18.2.5"]\n', encoding="utf-8")
    session = Session()
    plain = _answer(session, paths[:2])
    assert len(session.memos["context-units"]) == 1, "two plain variants resolve their base's units once"
    changed = _answer(session, paths[2:])
    assert len(session.memos["context-units"]) == 2
    assert changed == _answer(Session(), paths[2:])
    assert plain == _answer(Session(), paths[:2])
    opened = [session.open_scenario(path) for path in paths]
    counted = [sum(unit.counter.id == "jp-hosho-ryujo" for unit in Context(o.game, o.scenario).units) for o in opened]
    assert counted == [0, 0, 1]


def test_a_forged_verdict_for_a_short_variant_is_never_read(variants, tmp_path, monkeypatch):
    """A short text's verdict is kept in process only: a "valid" marker planted for an invalid variant, sealed as the
    schema layer seals its own, changes nothing (and a long text's marker is still read: test_hardening)."""
    paths = variants("fire-in-the-sky")
    broken = paths[0]
    broken.write_text(broken.read_text(encoding="utf-8").replace("id: memo-variant-1", "id: 5"), encoding="utf-8")
    clean = _answer(Session(), [broken])
    assert any(code.startswith("SCHEMA") for _, _, code, *_ in clean[:-1])
    document = load_file(broken)
    key = schema._verdict_key(document, "scenario", document_game_root(document))
    (tmp_path / "cache").mkdir(exist_ok=True)
    (tmp_path / "cache" / schema._marker_name(key)).write_bytes(schema._verdict_marker(key))
    monkeypatch.setattr(schema, "_valid_in_process", BoundedMemo(8))  # a new process: nothing judged in memory
    assert _answer(Session(), [broken]) == clean
