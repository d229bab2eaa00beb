"""Issue 23: ``chartroom lsp`` driven end to end over stdio by an LSP test client (pytest-lsp), for every game.

One server runs for the module (started as ``python -m toolkit.cli lsp``); each test opens its own documents,
written as real files: a variant of a bundled scenario of each game, broken on purpose.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import run_cli
from toolkit.findings import LoadError
from toolkit.load import MAX_FILE_BYTES, load_file, unsaved
from toolkit.lsp.depends import depends_on

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
    """What the editor shows for ``chartroom check``'s findings, every one of them: the document's own where they
    are, those of its base at its ``extends:`` value, those of the game's data on its first line."""
    lines = path.read_text(encoding="utf-8").split("\n") if path.stat().st_size < 1_000_000 else []
    extends = next(((i, len("extends: ")) for i, line in enumerate(lines) if line.startswith("extends: ")), (0, 0))
    out = []
    for f in found:
        if Path(f["file"]).resolve() == path.resolve():
            out.append((f["code"], f["severity"], f["line"] - 1, f["column"] - 1, f["rule"]))
        else:
            base = Path(f["file"]).suffix == ".yaml" and "kind: scenario" in Path(f["file"]).read_text(encoding="utf-8")
            out.append((f["code"], f["severity"], *(extends if base else (0, 0)), f["rule"]))
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


# --- 3. hover, completion, definition, quick fixes on every game -------------------------------------------------

FEATURES = {
    "fits-reduce": """kind: scenario
game: fire-in-the-sky
extends: fire-in-the-sky/short-campaign
reconstructed: "test fixture: three of a carrier the mix has once"
optional_rules:
  - "18.1.5"
setup:
  - at: Yokosuka
    side: japan
    source: "fixture"
    units:
      - {counter: jp-cv-taiho, count: 3}
""",
    "ffts-key": """kind: scenario
game: fire-from-the-skies
extends: fire-from-the-skies/coral-sea
reconstructed: "test fixture: a misspelled key"
air_groups:
  - at: lexington
    side: allied
    aircraft:
      - {type: sbd-3, afs: 6, state: deck-aft, fueld: true, weapon: bomb-500lb}
    reconstructed: "test fixture"
""",
}


@pytest.fixture(scope="module")
def features(folder) -> Path:
    for name, text in FEATURES.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


async def hover_at(client, path: Path, line: int, character: int) -> str:
    answer = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(path.absolute().as_uri()),
                                                                      types.Position(line, character)))
    return answer.contents.value if answer is not None else ""


@pytest.mark.parametrize("name, line, character, says", [
    ("fits-mix", 9, 20, ["BB (Mutsu, Nagato)", "side: Japan", "firepower 3", "Counter mix: 1", "Used in this scenario: 4 in the set-up"]),
    ("fits-mix", 5, 9, ["Yokosuka", "base, hex 1303", "air 12, port 20", "Controlled at the start by: Japan"]),
    ("fits-mix", 9, 9, ["COUNTER-MIX", "More units of a counter than the counter mix holds", "FitS v1.1 2.1"]),
    ("pf-mix", 9, 20, ["Zuikaku", "naval CV", "aircraft 2", "Counter mix: 1", "Used in this scenario: 2 in the set-up"]),
    ("pf-mix", 5, 9, ["Truk", "box"]),
    ("pf-mix", 9, 9, ["PF-COUNTER-MIX", "PF 2.0"]),
    ("ffts", 5, 9, ["Lexington", "an entry of ships", "class: CV", "af capacity 30"]),
    ("ffts", 8, 16, ["SBD-3", "dive-bomber"]),
    ("ffts", 5, 4, ["FFTS-AIR-CAPACITY", "FFTS 6.4.2"]),
])
async def test_hover(client, folder, name, line, character, says):
    path = folder / f"{name}.yaml"
    await open_document(client, path)
    text = await hover_at(client, path, line, character)
    close_document(client, path)
    for words in says:
        assert words in text


async def test_hover_on_a_hex_id_and_on_a_code_written_in_a_comment(client, tmp_path):
    path = tmp_path / "hex.yaml"
    text = "# expect: COUNTER-MIX\n" + BROKEN["fits-mix"].replace("at: Yokosuka", 'at: "1303"')
    await open_document(client, path, text)
    place = await hover_at(client, path, 6, 10)
    code = await hover_at(client, path, 0, 13)
    close_document(client, path)
    assert "Yokosuka" in place and "hex 1303" in place
    assert "COUNTER-MIX" in code and "FitS v1.1 2.1" in code


async def complete_at(client, path: Path, text: str, line: int, character: int | None = None) -> dict[str, str]:
    uri = path.absolute().as_uri()
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=uri),
        [types.TextDocumentContentChangeWholeDocument(text)]))
    character = len(text.split("\n")[line]) if character is None else character
    answer = await client.text_document_completion_async(types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, character)))
    items = answer.items if isinstance(answer, types.CompletionList) else answer
    return {item.label: item.detail or "" for item in items}


@pytest.mark.parametrize("game, base, counter, place, edition, key", [
    ("fire-in-the-sky", "fire-in-the-sky/short-campaign", "jp-bb-mutsu-nagato", "Yokosuka", "2nd", "turn_track"),
    ("pacific-fury", "pacific-fury/campaign", "jp-cv-zuikaku", "Truk", "english", "operations"),
    ("fire-from-the-skies", "fire-from-the-skies/coral-sea", "us-ship", "lexington", "supplement", "air_groups"),
])
async def test_completion(client, tmp_path, game, base, counter, place, edition, key):
    path = tmp_path / f"typing-{game}.yaml"
    start = f"kind: scenario\ngame: {game}\nextends: {base}\nreconstructed: fixture\n"
    await open_document(client, path, start)
    lines = start + "setup:\n  - at: \n"
    assert place in await complete_at(client, path, lines, 5)
    lines = start + "setup:\n  - at: x\n    units:\n      - {counter: "
    assert counter in await complete_at(client, path, lines, 7)
    assert edition in await complete_at(client, path, start + "edition: ", 4)
    keys = await complete_at(client, path, start + "st", 4)  # a key being typed: the text does not parse as it stands
    assert key in keys and "start_turn" in keys and "kind" not in keys  # kind: is written already
    unit_keys = await complete_at(client, path, start + "setup:\n  - at: x\n    units:\n      - counter: x\n        ", 8)
    assert "count" in unit_keys and "counter" not in unit_keys
    close_document(client, path)


async def test_completion_of_optional_rule_numbers_and_a_game_section_keys(client, tmp_path):
    path = tmp_path / "rules.yaml"
    start = "kind: scenario\ngame: fire-in-the-sky\nextends: fire-in-the-sky/short-campaign\nreconstructed: fixture\n"
    await open_document(client, path, start)
    numbers = await complete_at(client, path, start + "optional_rules:\n  - ", 5)
    assert "18.1.5" in numbers and numbers["18.1.5"]  # with its title
    hexes = await complete_at(client, path, start + "setup:\n  - at: 130", 5)
    assert {"1301", "1302", "1303"} <= set(hexes) and hexes["1303"] == "Yokosuka" and hexes["1301"] == "hex"  # every hex, places named
    close_document(client, path)
    path = tmp_path / "clock.yaml"
    start = "kind: scenario\ngame: fire-from-the-skies\nextends: fire-from-the-skies/coral-sea\nreconstructed: fixture\nclock:\n  first_turn: 1\n"
    await open_document(client, path, start)
    keys = await complete_at(client, path, start + "  ", 6)
    close_document(client, path)
    assert {"last_turn", "time_of_first_turn"} <= set(keys) and "first_turn" not in keys and "setup" not in keys


async def definition_at(client, path: Path, line: int, character: int) -> tuple[str, int]:
    answer = await client.text_document_definition_async(types.DefinitionParams(types.TextDocumentIdentifier(path.absolute().as_uri()),
                                                                                types.Position(line, character)))
    answer = answer[0] if isinstance(answer, list) else answer
    return answer.uri, answer.range.start.line


@pytest.mark.parametrize("name, line, character, file, written", [
    ("fits-mix", 2, 12, "fire-in-the-sky/short-campaign.yaml", None),
    ("fits-mix", 9, 20, "fire-in-the-sky/counters.yaml", "id: jp-bb-mutsu-nagato"),
    ("fits-mix", 5, 9, "fire-in-the-sky/map.yaml", "Yokosuka"),
    ("pf-mix", 2, 12, "pacific-fury/campaign.yaml", None),
    ("pf-mix", 9, 20, "pacific-fury/counters.yaml", "jp-cv-zuikaku"),
    ("pf-mix", 5, 9, "pacific-fury/map.yaml", "Truk"),
    ("ffts", 2, 12, "fire-from-the-skies/coral-sea.yaml", None),
    ("ffts", 5, 9, "fire-from-the-skies/coral-sea.yaml", "id: lexington"),
])
async def test_definition(client, folder, name, line, character, file, written):
    path = folder / f"{name}.yaml"
    await open_document(client, path)
    uri, at = await definition_at(client, path, line, character)
    close_document(client, path)
    assert uri.endswith(file)
    if written is not None:
        assert written in (REPO / "scenarios" / file).read_text(encoding="utf-8").split("\n")[at]


async def test_definition_of_a_scenario_map(client):
    path = REPO / "scenarios/fire-from-the-skies/midway.yaml"
    await open_document(client, path)
    line = path.read_text(encoding="utf-8").split("\n").index("map: midway-sheet.yaml")
    uri, _ = await definition_at(client, path, line, 8)
    close_document(client, path)
    assert uri.endswith("fire-from-the-skies/midway-sheet.yaml")


async def fixes(client, path: Path) -> tuple[list[types.Diagnostic], list[types.CodeAction]]:
    diagnostics = await open_document(client, path)
    uri = path.absolute().as_uri()
    whole = types.Range(types.Position(0, 0), types.Position(len(path.read_text(encoding="utf-8").split("\n")), 0))
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), whole, types.CodeActionContext(diagnostics=diagnostics)))
    close_document(client, path)
    return diagnostics, actions or []


def applied(text: str, action: types.CodeAction) -> str:
    (edit,) = next(iter(action.edit.changes.values()))
    lines = text.split("\n")
    start, end = edit.range.start, edit.range.end
    before = "\n".join(lines[:start.line] + [lines[start.line][:start.character]]) if start.line < len(lines) else text
    after = lines[end.line][end.character:] if end.line < len(lines) else ""
    return before + edit.new_text + "\n".join([after] + lines[end.line + 1:])


@pytest.mark.parametrize("name, old, new, misspelled", [
    ("fits-names", "{counter: jp-cv-akagi-kagga}", "{counter: jp-cv-akagi-kaga}", "jp-cv-akagi-kagga"),
    ("fits-names", "at: Trukk", "at: Truk", "Trukk"),
    ("pf-names", "at: Trukk", "at: Truk", "Trukk"),
    ("ffts-key", "fueld: true", "fueled: true", "fueld"),
])
async def test_quick_fix_did_you_mean(client, features, capsys, name, old, new, misspelled):
    path = features / f"{name}.yaml"
    _, actions = await fixes(client, path)
    text = path.read_text(encoding="utf-8")
    assert text.replace(old, new) in [applied(text, a) for a in actions]
    fixed = path.with_name(f"{name}-fixed.yaml")
    fixed.write_text(text.replace(old, new), encoding="utf-8")
    assert not [f for f in check_json(capsys, fixed) if misspelled in f["message"]]  # the fix answers the finding


@pytest.mark.parametrize("name, old, new", [
    ("fits-reduce", "{counter: jp-cv-taiho, count: 3}", "{counter: jp-cv-taiho, count: 1}"),  # lowered to the limit
    ("fits-mix", "      - {counter: jp-bb-mutsu-nagato, count: 3}\n", ""),  # the base uses the one there is: the entry goes
    ("pf-mix", "      - {counter: jp-cv-zuikaku}\n", ""),  # a named ship placed twice
])
async def test_quick_fix_counter_mix_excess(client, features, capsys, name, old, new):
    path = features / f"{name}.yaml"
    diagnostics, actions = await fixes(client, path)
    assert any(d.code in ("COUNTER-MIX", "PF-COUNTER-MIX") for d in diagnostics)
    text = path.read_text(encoding="utf-8")
    fixed = text.replace(old, new)
    assert fixed in [applied(text, a) for a in actions]
    if new:
        path.with_name(f"{name}-fixed.yaml").write_text(fixed, encoding="utf-8")
        assert not [f for f in check_json(capsys, path.with_name(f"{name}-fixed.yaml")) if f["code"] == "COUNTER-MIX"]


# --- the command ----------------------------------------------------------------------------------------------

async def test_the_command_is_listed_completed_and_checks_its_option(capsys):
    status, out, _ = run_cli(capsys, "--help")
    assert "lsp" in out and "language server" in out
    assert run_cli(capsys, "__complete", "ls")[1].split() == ["lsp"]
    assert "--debounce" in run_cli(capsys, "__complete", "lsp", "--")[1].split()
    status, _, err = run_cli(capsys, "lsp", "--debounce", "-5")
    assert status == 2 and "--debounce -5" in err


async def test_only_the_language_server_imports_pygls():
    code = "import sys; from toolkit.cli import main; main(['check', 'scenarios/fire-in-the-sky/short-campaign.yaml']); print('pygls' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.stdout.endswith("False\n")


# --- a game from outside the package (tests/games/ridgeline) ------------------------------------------------------

@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "toolkit.cli", "lsp", "--debounce", "20"],
    server_env={**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "tests"), os.environ.get("PYTHONPATH", "")])}))
async def outside(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=REPO.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def test_a_game_folder_from_outside_the_package(outside, capsys, tmp_path):
    game = tmp_path / "ridgeline"
    shutil.copytree(REPO / "tests/games/ridgeline", game)
    path = game / "dawn-attack.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{counter: north-rifles, count: 2}", "{counter: north-rifle, count: 2}"), encoding="utf-8")
    found = check_json(capsys, path)
    diagnostics = await open_document(outside, path)
    assert shown(diagnostics) == expected(found, path) and any(d.code == "REF-COUNTER" for d in diagnostics)
    line = path.read_text(encoding="utf-8").split("\n").index("      - {counter: south-scouts}")
    assert "south" in (await hover_at(outside, path, line, 20)).lower()
    uri, at = await definition_at(outside, path, line, 20)
    close_document(outside, path)
    assert uri.endswith("ridgeline/counters.yaml") and "south-scouts" in (game / "counters.yaml").read_text(encoding="utf-8").split("\n")[at]


@pytest.mark.parametrize("game", ["fire-in-the-sky", "pacific-fury", "fire-from-the-skies"])
async def test_a_game_data_file_and_a_plan_get_what_check_gives(client, capsys, tmp_path, game):
    copy = tmp_path / game
    shutil.copytree(REPO / "scenarios" / game, copy)
    counters = copy / "counters.yaml"
    text = counters.read_text(encoding="utf-8").replace(" side: ", " sied: ", 1)  # a misspelled key, unsaved
    diagnostics = await open_document(client, counters, text)
    close_document(client, counters)
    counters.write_text(text, encoding="utf-8")
    found = check_json(capsys, counters)
    assert shown(diagnostics) == expected(found, counters) and any(d.code == "SCHEMA-KEY" for d in diagnostics)
    for plan in sorted((REPO / "scenarios" / game).glob("plans/*.yaml")):
        assert shown(await open_document(client, plan)) == expected(check_json(capsys, plan), plan)
        close_document(client, plan)


async def test_the_loader_reads_an_unsaved_text_instead_of_the_file(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("on: disk\n", encoding="utf-8")
    with unsaved({path: "in: editor\n"}):
        assert load_file(path).data == {"in": "editor"}
        with unsaved({tmp_path / "nothing.yaml": "x: 1\n"}):  # a file not saved yet
            assert load_file(tmp_path / "nothing.yaml").data == {"x": 1}
    assert load_file(path).data == {"on": "disk"}
    with unsaved({path: "x" * (MAX_FILE_BYTES + 1)}), pytest.raises(LoadError, match="at most"):
        load_file(path)


# --- as real editors declare themselves (pytest-lsp checks every answer against what the client said it supports) ---

@pytest_lsp.fixture(scope="module", params=["neovim@v0.11.0", "visual-studio-code@v1.65.2", "emacs@v29.1"],
                    config=ClientServerConfig(server_command=[sys.executable, "-m", "toolkit.cli", "lsp", "--debounce", "20"]))
async def editor(lsp_client: LanguageClient, request):
    registered = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        registered.extend(r.method for r in params.registrations)

    lsp_client.registered = registered
    await lsp_client.initialize_session(types.InitializeParams(capabilities=pytest_lsp.client_capabilities(request.param), root_uri=REPO.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def test_real_editors_capabilities(editor, folder):
    path = folder / "fits-mix.yaml"
    diagnostics = await open_document(editor, path)
    assert [d.code for d in diagnostics] == ["COUNTER-MIX"]
    assert "Mutsu" in await hover_at(editor, path, 9, 20)
    uri = path.absolute().as_uri()
    answer = await editor.text_document_completion_async(types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(9, 20)))
    assert answer is not None
    actions = await editor.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), diagnostics[0].range, types.CodeActionContext(diagnostics=diagnostics)))
    assert actions
    close_document(editor, path)
    watching = editor.capabilities.workspace.did_change_watched_files
    if watching is not None and watching.dynamic_registration:
        await _until(lambda: types.WORKSPACE_DID_CHANGE_WATCHED_FILES in editor.registered, "asked to watch the data files")


async def test_an_unsaved_buffer_is_parsed_and_the_log_says_it_is_not_checked(client, folder):
    uri = "untitled:Untitled-1"
    for text, codes in (("kind: scenario\ngame: fire-in-the-sky\n", []), ("kind: [scenario\n", ["YAML-SYNTAX"])):
        client.diagnostics.pop(uri, None)
        before = len(client.log_messages)
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "yaml", 1, text)))
        await _until(lambda: uri in client.diagnostics, "published for an unsaved buffer")
        assert [d.code[:11] for d in client.diagnostics[uri]] == codes
        client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
        if not codes:
            await _until(lambda since=before: any("not a file on disk" in m.message for m in client.log_messages[since:]), "logged why")
    await still_answers(client, folder)


async def test_hover_on_a_zone_and_a_box_of_an_area_map(client, tmp_path):
    path = tmp_path / "zone.yaml"
    await open_document(client, path, BROKEN["pf-mix"].replace("at: Truk", "at: The Slot"))
    zone = await hover_at(client, path, 5, 10)
    close_document(client, path)
    await open_document(client, path, BROKEN["pf-mix"])
    box = await hover_at(client, path, 5, 9)
    close_document(client, path)
    assert "The Slot" in zone and "zone" in zone and "Adjacent: Ironbottom Sound" in zone
    assert "Truk" in box and "box of Japan" in box and "Held by: Japan" in box


# --- open documents read one another: unsaved bases and game data, dependents checked again -----------------------

#: Per game: the bundled base, a broken variant of it (BROKEN) and a line of the base whose removal changes what
#: the variant finds (the variant's excess counts that base's line).
BASES = {
    "fire-in-the-sky": ("short-campaign.yaml", "fits-mix", "      - {counter: jp-bb-mutsu-nagato}\n"),
    "pacific-fury": ("campaign.yaml", "pf-mix", "      - {counter: jp-cv-zuikaku}\n"),
    "fire-from-the-skies": ("coral-sea.yaml", "ffts", None),
}


def change_text(client: LanguageClient, path: Path, old: str, new: str, version: int) -> None:
    """The editor replaces the whole text of an open document (not saved)."""
    whole = types.Range(types.Position(0, 0), types.Position(len(old.split("\n")), 0))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=version, uri=path.absolute().as_uri()), [types.TextDocumentContentChangePartial(whole, new)]))


async def published_again(client: LanguageClient, path: Path, action) -> list[types.Diagnostic]:
    """The diagnostics the server pushes for ``path`` after ``action()``, which does not touch ``path`` itself."""
    uri = path.absolute().as_uri()
    client.diagnostics.pop(uri, None)
    action()
    await _until(lambda: uri in client.diagnostics, f"checked {path.name} again")
    return list(client.diagnostics[uri])


def variant_of(tmp_path: Path, game: str) -> tuple[Path, Path]:
    """A copy of the game's bundled base beside a broken variant extending it by its path (both on disk)."""
    name, broken, _ = BASES[game]
    base = tmp_path / name
    base.write_text((REPO / "scenarios" / game / name).read_text(encoding="utf-8"), encoding="utf-8")
    variant = tmp_path / "variant.yaml"
    variant.write_text(BROKEN[broken].replace(f"extends: {game}/{name[:-5]}", f"extends: {name}"), encoding="utf-8")
    return base, variant


@pytest.mark.parametrize("game", sorted(BASES))
async def test_a_variant_is_checked_against_its_base_as_the_editor_holds_it(client, capsys, tmp_path, game):
    base, variant = variant_of(tmp_path, game)
    first = await open_document(client, variant)
    assert shown(first) == expected(check_json(capsys, variant), variant) and first
    saved = base.read_text(encoding="utf-8")
    await open_document(client, base)
    broken = saved + "setup: [\n"  # typed in the base, not saved: it no longer parses
    now = await published_again(client, variant, lambda: change_text(client, base, saved, broken, 2))
    assert base.read_text(encoding="utf-8") == saved
    extends = next(i for i, line in enumerate(variant.read_text(encoding="utf-8").split("\n")) if line.startswith("extends: "))
    assert [(d.code, d.range.start.line, d.range.start.character) for d in now] == [("YAML-SYNTAX", extends, len("extends: "))]
    assert now[0].message.startswith(f"{base.name}:") or f"/{base.name}:" in now[0].message.split(" ")[0]
    assert "cannot be checked until it is fixed" in now[0].message
    assert now[0].related_information[0].location.uri == base.absolute().as_uri()
    # The base closed without saving: the variant is checked against the file again.
    again = await published_again(client, variant, lambda: close_document(client, base))
    close_document(client, variant)
    assert shown(again) == shown(first)


@pytest.mark.parametrize("game", ["fire-in-the-sky", "pacific-fury"])
async def test_a_line_taken_out_of_the_unsaved_base_changes_the_variants_counter_mix(client, capsys, tmp_path, game):
    base, variant = variant_of(tmp_path, game)
    before = [d.message for d in await open_document(client, variant)]
    saved = base.read_text(encoding="utf-8")
    line = BASES[game][2]
    assert line in saved
    await open_document(client, base)
    now = await published_again(client, variant, lambda: change_text(client, base, saved, saved.replace(line, "", 1), 2))
    close_document(client, base)
    close_document(client, variant)
    base.write_text(saved.replace(line, "", 1), encoding="utf-8")  # what check says once that base is saved
    assert shown(now) == expected(check_json(capsys, variant), variant)
    assert [d.message for d in now] != before


async def test_unsaved_counters_then_broken_counters_while_a_scenario_is_open(client, tmp_path):
    game = tmp_path / "fire-in-the-sky"
    shutil.copytree(REPO / "scenarios/fire-in-the-sky", game)
    variant = game / "more-battleships.yaml"
    variant.write_text(BROKEN["fits-mix"].replace("fire-in-the-sky/short-campaign", "short-campaign.yaml"), encoding="utf-8")
    assert [d.code for d in await open_document(client, variant)] == ["COUNTER-MIX"]
    counters = game / "counters.yaml"
    saved = counters.read_text(encoding="utf-8")
    await open_document(client, counters)
    four = saved.replace('    name: "BB (Mutsu, Nagato)"\n', '    name: "BB (Mutsu, Nagato)"\n    count: 4\n')
    assert await published_again(client, variant, lambda: change_text(client, counters, saved, four, 2)) == []
    broken = "kind: counters\ncounters: ["
    now = await published_again(client, variant, lambda: change_text(client, counters, four, broken, 3))
    assert len(now) == 1 and now[0].range.start.line == 0 and "counters.yaml" in now[0].message
    assert "cannot be checked until it is fixed" in now[0].message
    assert [d.code for d in client.diagnostics[counters.absolute().as_uri()]] == ["YAML-SYNTAX"]  # its own, where it is
    again = await published_again(client, variant, lambda: close_document(client, counters))
    close_document(client, variant)
    assert counters.read_text(encoding="utf-8") == saved and [d.code for d in again] == ["COUNTER-MIX"]


async def test_a_base_changed_on_disk_checks_its_open_variants_again(client, tmp_path):
    base, variant = variant_of(tmp_path, "fire-in-the-sky")
    assert any("4 counters used" in d.message for d in await open_document(client, variant))
    base.write_text(base.read_text(encoding="utf-8").replace(BASES["fire-in-the-sky"][2], "", 1), encoding="utf-8")  # a git checkout
    event = types.DidChangeWatchedFilesParams([types.FileEvent(base.as_uri(), types.FileChangeType.Changed)])
    now = await published_again(client, variant, lambda: client.workspace_did_change_watched_files(event))
    close_document(client, variant)
    assert any("3 counters used" in d.message for d in now)


async def test_a_warning_the_variant_causes_in_its_base_is_shown_in_the_variant_and_the_base_shows_its_own(client, capsys, tmp_path):
    base, _ = variant_of(tmp_path, "fire-in-the-sky")
    variant = tmp_path / "allied-truk.yaml"
    variant.write_text('kind: scenario\ngame: fire-in-the-sky\nextends: short-campaign.yaml\nreconstructed: "test fixture"\n'
                       'control:\n  - {base: Truk, side: allied, reconstructed: "fixture"}\n', encoding="utf-8")
    diagnostics = await open_document(client, variant)
    assert shown(diagnostics) == expected(check_json(capsys, variant), variant)
    marker = next(d for d in diagnostics if d.code == "MARKER-VP")  # the base's marker, wrong because of this control:
    assert marker.severity == types.DiagnosticSeverity.Warning and marker.range.start.line == 4
    related = marker.related_information[0].location
    assert related.uri == base.absolute().as_uri() and "victory_points" in base.read_text(encoding="utf-8").split("\n")[related.range.start.line]
    own = await open_document(client, base)  # the base open: what check gives for it alone (nothing here)
    close_document(client, base)
    close_document(client, variant)
    assert shown(own) == expected(check_json(capsys, base), base) == []


async def test_the_bases_own_findings_are_shown_at_extends_in_the_variant_and_at_their_lines_in_the_base(client, capsys, tmp_path):
    variant = tmp_path / "as-is.yaml"
    variant.write_text('kind: scenario\ngame: fire-from-the-skies\nextends: fire-from-the-skies/coral-sea\nreconstructed: "test fixture"\n',
                       encoding="utf-8")
    base = REPO / "scenarios/fire-from-the-skies/coral-sea.yaml"
    diagnostics = await open_document(client, variant)
    own = await open_document(client, base)
    close_document(client, base)
    close_document(client, variant)
    assert shown(diagnostics) == expected(check_json(capsys, variant), variant) and diagnostics
    assert all((d.range.start.line, d.range.start.character) == (2, len("extends: ")) for d in diagnostics)
    assert all("the base scenario's own finding" in d.message for d in diagnostics)
    # Each of the base's own findings (check gives one per line and code for a variant) points at its line in the base.
    assert {(d.code, d.related_information[0].location.range.start.line) for d in diagnostics} == {(d.code, d.range.start.line) for d in own}
    assert {d.related_information[0].location.uri for d in diagnostics} == {base.as_uri()}


async def test_which_open_documents_a_change_touches(tmp_path):
    base, counters, sibling = tmp_path / "base.yaml", tmp_path / "counters.yaml", tmp_path / "sibling.yaml"
    links, root = {base.resolve(): "extends"}, tmp_path
    assert depends_on(base, "scenario", links, root) and depends_on(base, None, links, root)
    assert depends_on(counters, "counters", links, root) and depends_on(counters, None, links, root)
    assert not depends_on(sibling, "scenario", links, root) and not depends_on(sibling, "plan", links, root)
    assert not depends_on(REPO / "scenarios/fire-in-the-sky/counters.yaml", "counters", links, root)  # another game's folder


# --- robustness once more: with documents that read one another -------------------------------------------------

async def test_rapid_edits_of_a_base_end_with_the_variant_checked_against_the_last_text(client, tmp_path):
    base, variant = variant_of(tmp_path, "fire-in-the-sky")
    await open_document(client, variant)
    saved = base.read_text(encoding="utf-8")
    line = BASES["fire-in-the-sky"][2]
    await open_document(client, base)
    uri = variant.absolute().as_uri()
    text = saved
    for version in range(2, 32):  # thirty edits without waiting: 4 or 5 Mutsu used, and the last one takes the base's out (3)
        now = saved.replace(line, "", 1) if version == 31 else saved.replace(line, line * (1 + version % 2), 1)
        change_text(client, base, text, now, version)
        text = now
    client.diagnostics.pop(uri, None)
    await _until(lambda: any("3 counters used" in d.message for d in client.diagnostics.get(uri, [])), "checked the variant against the last base")
    close_document(client, base)
    close_document(client, variant)
    assert client._server.returncode is None


async def test_requests_with_wrong_parameters_and_changes_to_unknown_documents_are_answered(client, folder, tmp_path):
    body = b'{"jsonrpc": "2.0", "id": 9001, "method": "textDocument/hover", "params": {"textDocument": {"uri": 5}, "position": {"line": 0}}}'
    client._server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)  # a hover whose document is a number
    ghost = (tmp_path / "never-opened.yaml").as_uri()  # a change, a save and a close of a document never opened
    before = len(client.log_messages)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=ghost), [types.TextDocumentContentChangeWholeDocument("kind: scenario\n")]))
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(ghost)))
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(ghost)))
    await _until(lambda: any("never-opened.yaml: not open in the editor" in m.message for m in client.log_messages[before:]), "logged why")
    assert not client.diagnostics.get(ghost)  # nothing found in a file that is not there (the close clears it: empty)
    path = folder / "fits-mix.yaml"  # a change past the end of the text
    await open_document(client, path)
    far = types.Range(types.Position(500, 3), types.Position(900, 0))
    uri = path.absolute().as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=uri), [types.TextDocumentContentChangePartial(far, "# added\n")]))
    await _until(lambda: uri in client.diagnostics, "checked after a change past the end")
    close_document(client, path)
    await still_answers(client, folder)
    assert client._server.returncode is None


async def test_positions_past_the_text_are_answered_with_nothing(client, folder):
    """A request whose position is past the end of its line or of the text (an editor's stale position, sent before
    the change that shortened the text is seen) has no word under it: no answer, not an error."""
    path = folder / "fits-mix.yaml"
    await open_document(client, path)
    document = types.TextDocumentIdentifier(path.absolute().as_uri())
    lines = len(BROKEN["fits-mix"].splitlines())
    for line, character in [(1, 400), (lines + 3, 0), (lines + 3, 4), (10**6, 10**6)]:
        position = types.Position(line, character)
        assert await client.text_document_hover_async(types.HoverParams(document, position)) is None
        completion = await client.text_document_completion_async(types.CompletionParams(document, position))
        assert completion is None or not (completion.items if isinstance(completion, types.CompletionList) else completion)
        assert not await client.text_document_definition_async(types.DefinitionParams(document, position))
    close_document(client, path)
    await still_answers(client, folder)


async def test_a_game_folder_deleted_while_a_scenario_is_open(client, tmp_path):
    game = tmp_path / "fire-in-the-sky"
    shutil.copytree(REPO / "scenarios/fire-in-the-sky", game)
    variant = game / "variants" / "more-battleships.yaml"
    text = BROKEN["fits-mix"].replace("fire-in-the-sky/short-campaign", "../short-campaign.yaml")
    variant.write_text(text, encoding="utf-8")
    assert [d.code for d in await open_document(client, variant)] == ["COUNTER-MIX"]
    shutil.rmtree(game)  # another branch checked out: the folder is gone, the editor still holds the variant's text
    event = types.DidChangeWatchedFilesParams([types.FileEvent((game / name).as_uri(), types.FileChangeType.Deleted)
                                               for name in ("game.yaml", "counters.yaml", "short-campaign.yaml")])
    now = await published_again(client, variant, lambda: client.workspace_did_change_watched_files(event))
    close_document(client, variant)
    assert now and now[0].severity == types.DiagnosticSeverity.Error and "short-campaign.yaml" in now[0].message


async def test_a_base_grown_to_ten_megabytes_in_the_editor_is_said_in_its_variant(client, folder, tmp_path):
    base, variant = variant_of(tmp_path, "pacific-fury")
    await open_document(client, variant)
    saved = base.read_text(encoding="utf-8")
    await open_document(client, base)
    huge = saved + "notes: " + "x" * (10 * 1024 * 1024) + "\n"  # pasted, not saved
    now = await published_again(client, variant, lambda: change_text(client, base, saved, huge, 2))
    assert [d.code for d in client.diagnostics[base.absolute().as_uri()]] == ["LOAD-SIZE"]
    close_document(client, base)
    close_document(client, variant)
    assert [d.code for d in now] == ["LOAD-SIZE"] and base.name in now[0].message and now[0].range.start.line == 2
    await still_answers(client, folder)


def _frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


async def test_malformed_messages_are_logged_in_one_line_each_without_a_traceback():
    """Messages no editor sends (a JSON number, nesting deeper than a parser's stack, parameters of the wrong types):
    the server says so on standard error, the editor's log, in one line each (pygls printed each one's traceback), and
    goes on to answer the next request."""
    hello = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}}
    messages = [json.dumps(hello).encode(), b'{"jsonrpc": "2.0", "method": "initialized", "params": {}}',
                b"42", b"[" * 100000 + b"]" * 100000,
                b'{"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {"textDocument": {"uri": 1}, "position": {"line": -1}}}',
                b'{"jsonrpc": "2.0", "id": 6, "method": "shutdown"}', b'{"jsonrpc": "2.0", "method": "exit"}']
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "toolkit.cli", "lsp"], input=b"".join(_frame(m) for m in messages),
                                   capture_output=True, cwd=REPO, timeout=120)
    assert b'"id": 6' in done.stdout  # the shutdown was answered
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and err.strip(), err
    assert all(line.startswith("chartroom lsp: ") for line in err.splitlines()), err
