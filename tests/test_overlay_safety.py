"""Issue 21 item 3: a game folder's overlay schemas are untrusted input: offline, inside the game, valid, linear-time patterns."""

from __future__ import annotations

import json
import os
import shutil
import socket

import pytest

from conftest import ROOT, run_cli
from toolkit.schema.overlay import schema_files

PF = ROOT / "scenarios" / "pacific-fury"


@pytest.fixture
def opened(monkeypatch):
    """The sockets a command tried to open (none can be)."""
    opened = []

    def refuse(*args, **kwargs):
        opened.append(args)
        raise AssertionError(f"a socket was opened: {args}")

    for name in ("socket", "create_connection", "getaddrinfo", "gethostbyname"):
        monkeypatch.setattr(socket, name, refuse)
    return opened


@pytest.fixture
def game(tmp_path, monkeypatch, opened):
    """A copy of Pacific Fury's folder to spoil, with the working folder in it and no socket to be had."""
    folder = tmp_path / "game"
    shutil.copytree(PF, folder)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    return folder


def spoil(game, text: str | bytes, name: str = "counters.schema.json"):
    path = game / "schemas" / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


HOSTILE = [
    ("{", "schemas/counters.schema.json:1:2", "not valid JSON"),
    ("[]", "schemas/counters.schema.json:1:1", "must be a JSON object"),
    ('{"type": "bogus"}', "schemas/counters.schema.json:1:10", "not a valid JSON Schema"),
    ('{"properties": 3}', "schemas/counters.schema.json:1:16", "not a valid JSON Schema"),
    ('{"$ref": 5}', "schemas/counters.schema.json:1:10", "not a valid JSON Schema"),
    ('{\n  "pattern": "(a"}', "schemas/counters.schema.json:2:14", "pattern '(a'"),
    ('{"patternProperties": {"(?<=a)b": {}}}', "schemas/counters.schema.json:1:35", "look-around"),
    ('{"minimum": NaN}', "schemas/counters.schema.json:1:1", "not a JSON number"),
    (b'{"title": "\xff"}', "schemas/counters.schema.json:1:12", "not UTF-8"),
    ('{"$schema": "https://json-schemc.org/draft/2020-12/schema"}', "schemas/counters.schema.json:1:13", "draft 2020-12 only"),
    ('{"$defs": {"a": {"$schema": "http://json-schema.org/draft-07/schema#"}}}', "schemas/counters.schema.json:1:29", "draft 2020-12 only"),
    ('{"$ref": "https://example.com/x.json"}', "schemas/counters.schema.json:1:10", "never reaches the network"),
    ('{"allOf": [{"$ref": "http://localhost:1/x.json#/a"}]}', "schemas/counters.schema.json:1:21", "never reaches the network"),
    ('{"$ref": "file:///dev/zero"}', "schemas/counters.schema.json:1:10", "outside the game folder"),
    ('{"$ref": "/etc/passwd"}', "schemas/counters.schema.json:1:10", "outside the game folder"),
    ('{"$ref": "../counters.yaml"}', "schemas/counters.schema.json:1:10", "names no schema of the game"),
    ('{"$ref": "urn:example:x"}', "schemas/counters.schema.json:1:10", "no schema Chartroom knows"),
    ('{"$ref": "#/$defs/nothing"}', "schemas/counters.schema.json:1:10", "names nothing"),
    ('{"$ref": "map.schema.json#nosuchanchor"}', "schemas/counters.schema.json:1:10", "no $anchor"),
]


@pytest.mark.parametrize("text, where, why", HOSTILE, ids=[str(h[0])[:30] for h in HOSTILE])
def test_a_hostile_overlay_is_one_located_line_offline(game, opened, capsys, text, where, why):
    spoil(game, text)
    status, out, err = run_cli(capsys, "check", ".")
    assert status == 2, out + err
    first = out.splitlines()[0]
    assert first.startswith(where) and "LOAD-SCHEMA" in first and why in first, first
    assert "internal error" not in err and not opened
    # and the game's own questions say the same, exit 2, never 3
    status, out, err = run_cli(capsys, "calc", "pacific-fury", "sink", "--hits", "1", "--df", "3", "--data", ".")
    assert status == 2 and where in err and len(err.splitlines()) == 1, err


def test_a_reference_to_a_fifo_or_an_overlay_that_is_one_does_not_hang(game, capsys):
    os.mkfifo(game / "pipe.json")
    spoil(game, '{"$ref": "../pipe.json"}')
    status, out, _ = run_cli(capsys, "check", ".")  # opening a FIFO for reading would wait for a writer forever
    assert status == 2 and "$ref '../pipe.json'" in out
    spoil(game, (PF / "schemas" / "counters.schema.json").read_bytes())
    os.mkfifo(game / "schemas" / "extra.schema.json")
    status, out, _ = run_cli(capsys, "check", ".")
    assert status == 2 and "schemas/extra.schema.json" in out and "not a regular file" in out


def test_an_overlay_linked_from_outside_the_game_is_refused(game, capsys, tmp_path):
    outside = tmp_path / "outside.schema.json"
    outside.write_text("{}")
    (game / "schemas" / "extra.schema.json").symlink_to(outside)
    status, out, _ = run_cli(capsys, "check", ".")
    assert status == 2 and "link leading outside the game folder" in out


def test_the_games_own_references_still_resolve(game, opened, capsys):
    extra = {"$id": "https://chartroom.invalid/x/extra.schema.json", "$defs": {"id": {"type": "string"}}}
    spoil(game, json.dumps(extra), "extra.schema.json")
    status, out, err = run_cli(capsys, "check", ".")
    assert status == 0, out + err
    assert not opened


def test_a_backtracking_pattern_runs_in_linear_time(game, capsys):
    path = game / "schemas" / "scenario.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema.setdefault("allOf", []).append({"properties": {"title": {"pattern": "^(a|aa)+$"}}})
    path.write_text(json.dumps(schema), encoding="utf-8")
    campaign = game / "campaign.yaml"
    lines = campaign.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    lines[at] = "title: " + "a" * 39 + "b"  # 14.7 s with a backtracking engine
    campaign.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", "campaign.yaml")
    assert status == 1 and f"campaign.yaml:{at + 1}:8" in out and "^(a|aa)+$" in out
    lines[at] = "title: " + "a" * 40
    campaign.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", "campaign.yaml")
    assert status == 0, out


def test_patterns_match_in_linear_time_everywhere():
    from toolkit.schema import patterns

    # A backtracking engine tries about 2**2500 ways to split 5,000 a's before saying no: it would never return.
    assert not patterns.search("^(a|aa)+$", "a" * 5000 + "b")
    assert patterns.search("^(a|aa)+$", "a" * 5000)
    assert patterns.problem("(a") and patterns.problem(r"(a)\1") and not patterns.problem("^[a-z0-9][a-z0-9-]*$")


def test_a_games_file_linked_from_outside_the_folder_is_refused(game, capsys, tmp_path):
    """Issue 21 item 5: every path a file names is contained (game.yaml's files: through a link)."""
    outside = tmp_path / "elsewhere.yaml"
    (game / "map.yaml").rename(outside)
    (game / "map.yaml").symlink_to(outside)
    status, out, _ = run_cli(capsys, "check", "campaign.yaml")
    assert status == 1 and "game.yaml:" in out and "REF-FILE files.map: 'map.yaml' leads outside the game folder" in out


def test_overlays_judged_sound_are_remembered_by_their_bytes_and_a_changed_one_is_judged_again(game, capsys, tmp_path, monkeypatch):
    """Issue 22: a check served by the cache does not judge the game's overlays again (no JSON Schema library), but the
    marker it keeps names the overlays' very bytes: a spoiled overlay is judged (and refused), a damaged marker is a miss."""
    from toolkit.schema import overlay

    folder = tmp_path / "cache"
    monkeypatch.setenv("CHARTROOM_CACHE", str(folder))
    judged = []
    real = overlay.judge_overlays
    monkeypatch.setattr("toolkit.schema.judge_overlays", lambda *args: judged.append(1) or real(*args))
    assert run_cli(capsys, "check", ".")[0] == 0 and judged == [1]
    assert run_cli(capsys, "check", ".")[0] == 0 and judged == [1], "remembered: not judged again"
    (marker,) = folder.glob("judged-*")
    marker.write_bytes(marker.read_bytes().replace(b"judged-1", b"judged-2"))
    assert run_cli(capsys, "check", ".")[0] == 0 and judged == [1, 1], "a damaged marker is a miss"
    spoil(game, '{"$ref": "https://example.com/x.json"}')
    status, out, _ = run_cli(capsys, "check", ".")
    assert status == 2 and "never reaches the network" in out and len(judged) == 3


def test_the_schema_files_are_what_the_glob_finds(tmp_path):
    """toolkit.schema.overlay.schema_files (issue 22): one listing of the folder, the same paths in the same order as
    ``sorted(folder.glob("*.schema.json"))``, a missing folder or a file giving none."""
    for name in (".schema.json", "B.schema.json", "a.schema.json", "x.schema.jsonx", "y.SCHEMA.json", "z.schema.json.bak", "é.schema.json"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    (tmp_path / "folder.schema.json").mkdir()
    (tmp_path / "dangling.schema.json").symlink_to(tmp_path / "nowhere")
    for folder in (tmp_path, tmp_path / "missing", tmp_path / "B.schema.json", ROOT / "schemas", ROOT / "scenarios" / "fire-in-the-sky" / "schemas"):
        assert schema_files(folder) == sorted(folder.glob("*.schema.json")), folder
    assert [p.name for p in schema_files(tmp_path)][:3] == [".schema.json", "B.schema.json", "a.schema.json"]
