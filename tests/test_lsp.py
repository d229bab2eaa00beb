"""Issue 23: ``chartroom lsp`` driven end to end over stdio by an LSP test client (pytest-lsp), for every game.

One server runs for the module (started as ``python -m toolkit.cli lsp``); each test opens its own documents,
written as real files: a variant of a bundled scenario of each game, broken on purpose.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import run_cli

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.asyncio(loop_scope="module")

#: A broken variant of each game: what `chartroom check` finds in it is what the editor must show.
BROKEN = {
    "fits-names": """kind: scenario
game: fire-in-the-sky
extends: fire-in-the-sky/short-campaign
reconstructed: "test fixture: a misspelled counter and place"
setup:
  - at: Yokosuka
    side: japan
    source: "fixture"
    units:
      - {counter: jp-bb-mutsu-nagato}
      - {counter: jp-cv-akagi-kagga}
  - at: Trukk
    side: japan
    source: "fixture"
    units:
      - {counter: jp-bb-yamato}
""",
    "fits-mix": """kind: scenario
game: fire-in-the-sky
extends: fire-in-the-sky/short-campaign
reconstructed: "test fixture: too many battleships"
setup:
  - at: Yokosuka
    side: japan
    source: "fixture"
    units:
      - {counter: jp-bb-mutsu-nagato, count: 3}
""",
    "pf-names": """kind: scenario
game: pacific-fury
extends: pacific-fury/campaign
reconstructed: "test fixture: a misspelled zone"
setup:
  - at: Trukk
    side: japan
    reconstructed: "fixture"
    units:
      - {counter: jp-cv-zuikaku}
""",
    "pf-mix": """kind: scenario
game: pacific-fury
extends: pacific-fury/campaign
reconstructed: "test fixture: a named ship placed twice"
setup:
  - at: Truk
    side: japan
    reconstructed: "fixture"
    units:
      - {counter: jp-cv-zuikaku}
""",
    "ffts": """kind: scenario
game: fire-from-the-skies
extends: fire-from-the-skies/coral-sea
reconstructed: "test fixture: 31 AFs on a carrier of capacity 30, an unknown aircraft type"
air_groups:
  - at: lexington
    side: allied
    aircraft:
      - {type: sbd-3, afs: 6, state: deck-aft, fueled: true, weapon: bomb-500lb}
      - {type: f4f-3, afs: 6, state: hangar}
      - {type: sbd-3, afs: 19, state: hangar}
    reconstructed: "test fixture"
  - at: zuikaku
    side: japanese
    aircraft:
      - {type: b5n2, afs: 2, state: deck-aft, fueled: true}
      - {type: a6m2, afs: 5, state: hangar}
      - {type: d3a1, afs: 6, state: hangar}
      - {type: b5n3, afs: 3, state: hangar}
    reconstructed: "test fixture"
""",
}


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "toolkit.cli", "lsp", "--debounce", "20"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=REPO.as_uri()))
    yield
    await lsp_client.shutdown_session()


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    here = tmp_path_factory.mktemp("lsp")
    for name, text in BROKEN.items():
        (here / f"{name}.yaml").write_text(text, encoding="utf-8")
    return here


async def _until(condition, what: str):
    for _ in range(3000):  # a guard against a server that never answers, not a time limit on an answer
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the server never {what}")


async def open_document(client: LanguageClient, path: Path, text: str | None = None) -> list[types.Diagnostic]:
    uri = path.absolute().as_uri()
    client.diagnostics.pop(uri, None)
    text = path.read_text(encoding="utf-8") if text is None else text
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "yaml", 1, text)))
    await _until(lambda: uri in client.diagnostics, f"published diagnostics for {path.name}")
    return list(client.diagnostics[uri])


def close_document(client: LanguageClient, path: Path) -> None:
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(path.absolute().as_uri())))


def check_json(capsys, path: Path) -> list[dict]:
    status, out, _err = run_cli(capsys, "check", path, "--format", "json")
    assert status in (0, 1, 2)  # 2: a file that cannot be read, reported as a finding all the same
    return json.loads(out)


def expected(found: list[dict], path: Path) -> list[tuple]:
    """What the editor shows for ``chartroom check``'s findings: the document's own where they are, the errors of
    other files on its first line."""
    out = []
    for f in found:
        if Path(f["file"]).resolve() == path.resolve():
            out.append((f["code"], f["severity"], f["line"] - 1, f["column"] - 1, f["rule"]))
        elif f["severity"] == "error":
            out.append((f["code"], f["severity"], 0, 0, f["rule"]))
    return sorted(out)


SEVERITY = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning", types.DiagnosticSeverity.Information: "info"}


def shown(diagnostics: list[types.Diagnostic]) -> list[tuple]:
    out = []
    for d in diagnostics:
        rule = d.message.rsplit(" [", 1)[1][:-1] if d.message.endswith("]") and " [" in d.message else ""
        out.append((d.code, SEVERITY[d.severity], d.range.start.line, d.range.start.character, rule))
    return sorted(out)


# --- 1. diagnostics ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(BROKEN))
async def test_diagnostics_equal_what_check_finds(client, folder, capsys, name):
    path = folder / f"{name}.yaml"
    found = check_json(capsys, path)
    assert any(f["severity"] == "error" for f in found), "each fixture is broken"
    diagnostics = await open_document(client, path)
    close_document(client, path)
    assert shown(diagnostics) == expected(found, path)
    for d in diagnostics:  # a range from the value's start to its end, on its line
        assert d.range.end.line == d.range.start.line and d.range.end.character > d.range.start.character
        assert d.source == "chartroom"


async def test_a_range_ends_where_the_value_ends(client, folder):
    diagnostics = await open_document(client, folder / "fits-names.yaml")
    close_document(client, folder / "fits-names.yaml")
    place = next(d for d in diagnostics if d.code == "REF-PLACE")
    assert (place.range.start.line, place.range.start.character, place.range.end.character) == (11, 8, 13)  # Trukk
    counter = next(d for d in diagnostics if d.code == "REF-COUNTER")
    assert BROKEN["fits-names"].split("\n")[10][counter.range.start.character:counter.range.end.character] == "jp-cv-akagi-kagga"


async def test_a_variant_finding_in_its_base_is_shown_in_the_variant_with_the_base_line(client, folder):
    diagnostics = await open_document(client, folder / "ffts.yaml")
    close_document(client, folder / "ffts.yaml")
    moved = next(d for d in diagnostics if d.code == "FFTS-AF-ABOARD")
    assert moved.related_information and moved.related_information[0].location.uri.endswith("fire-from-the-skies/coral-sea.yaml")
    assert "[FFTS 6.3.3]" in moved.message


async def test_a_counter_mix_finding_names_the_counter_line(client, folder):
    diagnostics = await open_document(client, folder / "fits-mix.yaml")
    close_document(client, folder / "fits-mix.yaml")
    mix = next(d for d in diagnostics if d.code == "COUNTER-MIX")
    related = mix.related_information[0].location
    assert related.uri.endswith("fire-in-the-sky/counters.yaml")
    counters = (REPO / "scenarios/fire-in-the-sky/counters.yaml").read_text(encoding="utf-8").split("\n")
    assert "jp-bb-mutsu-nagato" in counters[related.range.start.line]


@pytest.mark.parametrize("game", ["fire-in-the-sky", "pacific-fury", "fire-from-the-skies"])
async def test_a_file_that_does_not_parse_gets_one_diagnostic_at_the_parser_position(client, folder, capsys, game):
    path = folder / f"unparsable-{game}.yaml"
    path.write_text(f"kind: scenario\ngame: {game}\nsetup: [\n  - at: x\n", encoding="utf-8")
    found = check_json(capsys, path)
    diagnostics = await open_document(client, path)
    close_document(client, path)
    assert len(diagnostics) == 1 and shown(diagnostics) == expected(found, path)
    assert diagnostics[0].code.startswith("YAML")


async def test_diagnostics_follow_unsaved_changes_and_saves(client, folder):
    path = folder / "edited.yaml"
    path.write_text(BROKEN["fits-mix"], encoding="utf-8")
    uri = path.absolute().as_uri()
    assert [d.code for d in await open_document(client, path)] == ["COUNTER-MIX"]
    client.diagnostics.pop(uri)
    fixed = BROKEN["fits-mix"].split("setup:")[0]  # the set-up taken out: nothing left to find
    whole = types.Range(types.Position(0, 0), types.Position(len(BROKEN["fits-mix"].split("\n")), 0))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=uri), [types.TextDocumentContentChangePartial(whole, fixed)]))
    await _until(lambda: uri in client.diagnostics, "published after a change")
    assert list(client.diagnostics[uri]) == []  # from the unsaved text: the file on disk still has the excess
    client.diagnostics.pop(uri)
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)))
    await _until(lambda: uri in client.diagnostics, "published on save")
    assert list(client.diagnostics[uri]) == []
    close_document(client, path)


# --- 2. robustness: the server answers or says why, and never exits ----------------------------------------------

async def still_answers(client: LanguageClient, folder: Path) -> None:
    """A hover on a counter is answered after whatever came before."""
    path = folder / "fits-mix.yaml"
    await open_document(client, path)
    answer = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(path.absolute().as_uri()),
                                                                      types.Position(9, 20)))
    close_document(client, path)
    assert answer is not None and "Mutsu" in answer.contents.value


async def test_malformed_input_and_unknown_requests_are_answered_and_the_server_stays(client, folder):
    client._server.stdin.write(b"Content-Length: 12\r\n\r\n{not json!!}")  # not JSON at all
    client._server.stdin.write(b'Content-Length: 27\r\n\r\n{"jsonrpc": "2.0", "id": 1}')  # no method
    with pytest.raises(JsonRpcMethodNotFound):  # a method no server has: refused with an error, not a crash
        await client.protocol.send_request_async("chartroom/no-such-method", {})
    before = len(client.log_messages)  # a hover on a document never opened: no answer, and the log says why
    assert await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier("file:///nowhere/x.yaml"), types.Position(0, 0))) is None
    await _until(lambda: any("not open in the editor" in m.message for m in client.log_messages[before:]), "logged why")
    await still_answers(client, folder)
    assert client._server.returncode is None


async def test_a_document_outside_any_game_folder_is_named_in_the_log_not_checked(client, tmp_path):
    path = tmp_path / "workflow.yaml"
    path.write_text("on: push\njobs: {}\n", encoding="utf-8")
    before = len(client.log_messages)
    assert await open_document(client, path) == []
    close_document(client, path)
    await _until(lambda: any("not a Chartroom data file" in m.message for m in client.log_messages[before:]), "logged why")


async def test_a_scenario_naming_no_known_game_says_so(client, capsys, tmp_path):
    path = tmp_path / "lost.yaml"
    path.write_text("kind: scenario\ngame: no-such-game\nid: lost\ntitle: Lost\nedition: v1\nstart_turn: 1\nreconstructed: x\n", encoding="utf-8")
    found = check_json(capsys, path)
    diagnostics = await open_document(client, path)
    close_document(client, path)
    assert shown(diagnostics) == expected(found, path) and diagnostics


async def test_a_ten_megabyte_document_gets_one_diagnostic(client, folder, tmp_path):
    path = tmp_path / "huge.yaml"
    text = "kind: scenario\nnotes: " + "x" * (10 * 1024 * 1024) + "\n"
    diagnostics = await open_document(client, path, text)
    close_document(client, path)
    assert [d.code for d in diagnostics] == ["LOAD-SIZE"]
    await still_answers(client, folder)


async def test_rapid_edits_end_with_the_diagnostics_of_the_last_text(client, folder):
    path = folder / "fits-mix.yaml"
    uri = path.absolute().as_uri()
    await open_document(client, path)
    text = BROKEN["fits-mix"]
    for version in range(2, 42):  # forty edits in a row, without waiting: the last one has the excess back
        count = 3 if version == 41 else 1 + version % 2
        now = BROKEN["fits-mix"].replace("count: 3}", f"count: {count}}}")
        whole = types.Range(types.Position(0, 0), types.Position(len(text.split("\n")), 0))
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=version, uri=uri), [types.TextDocumentContentChangePartial(whole, now)]))
        text = now
    client.diagnostics.pop(uri, None)
    await _until(lambda: any("4 counters used" in d.message for d in client.diagnostics.get(uri, [])), "checked the last text")
    close_document(client, path)
    assert client._server.returncode is None


async def test_a_game_folder_edited_while_open(client, tmp_path):
    game = tmp_path / "fire-in-the-sky"
    shutil.copytree(REPO / "scenarios/fire-in-the-sky", game)
    path = game / "more-battleships.yaml"
    path.write_text(BROKEN["fits-mix"].replace("fire-in-the-sky/short-campaign", "short-campaign.yaml"), encoding="utf-8")
    uri = path.absolute().as_uri()
    assert [d.code for d in await open_document(client, path)] == ["COUNTER-MIX"]
    counters = game / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace('    name: "BB (Mutsu, Nagato)"\n', '    name: "BB (Mutsu, Nagato)"\n    count: 4\n'),
                        encoding="utf-8")  # another program gives the counter mix four of them
    client.diagnostics.pop(uri)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([types.FileEvent(counters.as_uri(), types.FileChangeType.Changed)]))
    await _until(lambda: uri in client.diagnostics, "checked again after the game changed")
    assert list(client.diagnostics[uri]) == []
    counters.write_text("kind: counters\ncounters: [", encoding="utf-8")  # broken on disk: said, not a crash
    client.diagnostics.pop(uri)
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)))
    await _until(lambda: uri in client.diagnostics, "checked again on save")
    diagnostics = list(client.diagnostics[uri])
    close_document(client, path)
    assert diagnostics and all(d.range.start.line == 0 for d in diagnostics) and "counters.yaml" in diagnostics[0].message
