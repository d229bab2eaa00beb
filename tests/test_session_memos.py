"""The session owns what a game folder's files decide: an overlay schema changed between two sessions of one
process is read again, and nothing about a game folder is kept outside a session.

Process-wide, only pure functions of immutable input are kept (the core schemas shipped with the
package, content-keyed documents and verdicts): see the docstrings of toolkit.session and toolkit.schema.
"""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import ROOT
from toolkit import schema
from toolkit.load.memo import SessionMemos, remembered, session_memo
from toolkit.session import Session

TINY = ROOT / "tests" / "games" / "tiny"


@pytest.fixture
def tiny_copy(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tests"))  # the tiny game's module (games.tiny_module)
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    monkeypatch.chdir(tmp_path)
    return folder


def _codes(session: Session, path) -> list[str]:
    findings, _ = session.check([path])
    return [f.code for f in findings]


def test_an_overlay_changed_between_two_sessions_is_read_again(tiny_copy):
    scenario = tiny_copy / "skirmish.yaml"
    first = Session()
    assert _codes(first, scenario) == []
    assert len(first.memos["schema-overlay-digests"]) > 0, "the overlay's digest is kept by the session"
    overlay = tiny_copy / "schemas" / "scenario.schema.json"
    data = json.loads(overlay.read_text(encoding="utf-8"))
    data["$defs"]["side"]["enum"] = ["red", "green"]  # blue is no longer a side of this game
    overlay.write_text(json.dumps(data, indent=2), encoding="utf-8")
    second = Session()
    assert len(second.memos["schema-overlay-digests"]) == 0, "a new session starts with nothing remembered"
    assert "SCHEMA-ENUM" in _codes(second, scenario)


def test_outside_a_session_nothing_about_a_game_folder_is_kept(tiny_copy):
    assert session_memo("schema-validators") is None
    calls = []
    remembered("schema-validators", "key", lambda: calls.append(1))
    remembered("schema-validators", "key", lambda: calls.append(1))
    assert len(calls) == 2
    with SessionMemos().active():
        remembered("schema-validators", "key", lambda: calls.append(1))
        remembered("schema-validators", "key", lambda: calls.append(1))
    assert len(calls) == 3


def test_the_core_schemas_are_kept_once_a_process_by_their_folder(monkeypatch, tmp_path):
    """The core's cache is keyed by the schema folder, so CHARTROOM_SCHEMAS pointing elsewhere is honoured."""
    core = schema.schemas()
    assert schema.schemas() is core
    folder = tmp_path / "schemas"
    folder.mkdir()
    shutil.copy(ROOT / "schemas" / "defs.schema.json", folder)
    monkeypatch.setenv("CHARTROOM_SCHEMAS", str(folder))
    assert sorted(schema.schemas()) == ["defs"]


def test_memo_doctests():
    import doctest

    import toolkit.load.memo

    result = doctest.testmod(toolkit.load.memo)
    assert result.attempted > 0 and result.failed == 0
