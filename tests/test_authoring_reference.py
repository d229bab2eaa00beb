"""Issue 19 item 6: each game's authoring reference has every key of every kind of file, with its meaning.

The reference is read from the schemas (``toolkit.schema.reference``); these tests read the schema files
on their own, key by key, and fail when a key is missing from the reference or has no meaning, so the
reference cannot drift from what ``chartroom check`` accepts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, serve
from toolkit.render.authoring import authoring_reference
from toolkit.render.sitepages import game_pages
from toolkit.schema import schema_dir
from toolkit.schema.reference import cited_rules, document_kinds, examples_from, reference
from toolkit.session import Session

SCENARIOS = ROOT / "scenarios"
GAMES = sorted(p.parent.name for p in SCENARIOS.glob("*/game.yaml"))


def schema_keys(path: Path) -> set[str]:
    """Every key a schema file names under ``properties``, wherever it is."""
    found: set[str] = set()

    def visit(node):
        if isinstance(node, dict):
            for name, value in node.items():
                if name == "properties" and isinstance(value, dict):
                    found.update(value)
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(json.loads(path.read_text(encoding="utf-8")))
    return found


def unreferenced(kind: str, game_root: Path | None) -> tuple[set[str], set[str]]:
    """(keys of the game's overlay of ``kind`` the reference leaves out, keys of the reference with no meaning)."""
    sections = reference(kind, game_root)
    keys = {row.key for section in sections for row in section.rows}
    unmeant = {f"{section.path}.{row.key}".lstrip(".") for section in sections for row in section.rows if not row.meaning.strip()}
    overlay = game_root / "schemas" / f"{kind}.schema.json" if game_root is not None else None
    wanted = schema_keys(overlay) if overlay is not None and overlay.is_file() else set()
    return wanted - keys, unmeant


def manifest(gid: str) -> dict:
    return yaml.safe_load((SCENARIOS / gid / "game.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("gid", GAMES)
def test_every_key_of_every_kind_of_a_game_is_in_its_reference_with_a_meaning(gid):
    root = SCENARIOS / gid
    kinds = document_kinds(root, manifest(gid))
    assert {"scenario", "map", "counters", "edition", "game"} <= set(kinds), kinds
    for kind in kinds:
        missing, unmeant = unreferenced(kind, root)
        assert missing == set(), (kind, missing)
        assert unmeant == set(), (kind, unmeant)


def test_every_key_of_the_core_schemas_is_in_some_reference():
    """A core key may be replaced by a game's own shape (Pacific Fury's markers), so the core's are
    looked for in the reference without a game and in every game's."""
    for path in sorted(schema_dir().glob("*.schema.json")):
        kind = path.name.split(".")[0]
        if kind == "defs":
            continue
        found = {row.key for root in [None] + [SCENARIOS / g for g in GAMES] for s in reference(kind, root) for row in s.rows}
        assert schema_keys(path) - found == set(), kind


def test_a_key_without_a_meaning_or_left_out_is_found(tmp_path):
    """The failing case: an overlay key with no description, and a key the walk cannot reach."""
    game = tmp_path / "tiny-reference"
    (game / "schemas").mkdir(parents=True)
    overlay = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://chartroom.invalid/scenarios/tiny-reference/schemas/scenario.schema.json",
        "$ref": "../../../schemas/scenario.schema.json",
        "$defs": {
            "sections": {"$dynamicAnchor": "sections",
                         "properties": {"convoys": {"type": "array", "description": "Convoys at sea.",
                                                    "items": {"type": "object", "properties": {"speed": {"type": "integer"}}}}}},
            "unused": {"type": "object", "properties": {"orphan": {"type": "string", "description": "Reached by nothing."}}},
        },
    }
    (game / "schemas" / "scenario.schema.json").write_text(json.dumps(overlay), encoding="utf-8")
    missing, unmeant = unreferenced("scenario", game)
    assert missing == {"orphan"}
    assert unmeant == {"convoys[].speed"}
    # and the passing case: described and reachable
    overlay["$defs"]["sections"]["properties"]["convoys"]["items"]["properties"]["speed"]["description"] = "Knots."
    del overlay["$defs"]["unused"]
    (game / "schemas" / "scenario.schema.json").write_text(json.dumps(overlay), encoding="utf-8")
    assert unreferenced("scenario", game) == (set(), set())


def test_a_row_says_unit_allowed_values_example_and_rule():
    root = SCENARIOS / "fire-from-the-skies"
    sections = {s.path: {r.key: r for r in s.rows} for k in authoring_reference(root, manifest("fire-from-the-skies"))
                if k.kind == "scenario" for s in k.sections}
    clock = sections["clock"]
    assert clock["first_turn"].required and clock["first_turn"].unit == "game-turn (20 minutes)"
    assert clock["first_turn"].allowed.startswith("whole number, 1 to 72")
    assert clock["last_turn"].rule == "FFTS 18.3"
    assert clock["time_of_first_turn"].example  # from the bundled Coral Sea
    groups = sections["air_groups[].aircraft[]"]
    assert groups["fueled"].meaning and groups["afs"].unit.startswith("AFs")
    assert "air_groups[]" in sections and {"at", "from"} & set(sections["air_groups[]"])
    assert sections[""]["kind"].allowed == 'always "scenario"'
    # Pacific Fury: a task force at sea is a set-up entry at a sea zone, its ships marked task_force
    pf = {s.path: {r.key: r for r in s.rows} for s in reference("scenario", SCENARIOS / "pacific-fury", "PF")}
    assert {"at", "side", "units"} <= set(pf["setup[]"]) and "task_force" in pf["setup[].units[]"]
    assert pf["operations"]["japan"].rule == "PF 3.3, 9.0" and pf["operations"]["japan"].unit


def test_rules_are_read_from_the_meaning_with_the_games_citation():
    assert cited_rules("Turns of night (FFTS 6.12.6, 13.2).", "FFTS") == "FFTS 6.12.6, 13.2"
    assert cited_rules("Stacking (FitS v1.1 2.2.2.1) and FitS 2nd 3.3.1.", "FitS") == "FitS v1.1 2.2.2.1; FitS 2nd 3.3.1"
    assert cited_rules("No rule here, see PF 3.0.", "FFTS") == ""
    # an edition named without the game's prefix, after a semicolon or alone, gets the prefix
    editions = ("v1.1", "2nd")
    assert cited_rules("A naval unit's ratings (FitS v1.1 2.1.1.1; 2nd 3.1.2).", "FitS", editions) == "FitS v1.1 2.1.1.1; FitS 2nd 3.1.2"
    assert cited_rules("Ship N Oil Points (v1.1 5.1; 2nd 5.1).", "FitS", editions) == "FitS v1.1 5.1; FitS 2nd 5.1"
    assert cited_rules("A rule number such as 18.2.5, version v1.1.2.", "FitS", editions) == ""


def test_examples_are_the_first_value_each_key_path_takes():
    docs = [{"kind": "scenario", "task_forces": [{"id": "tf-1", "units": ["a", "b"]}], "tables": {"cap": {"rows": [1]}}},
            {"kind": "scenario", "task_forces": [{"id": "tf-2"}]}]
    got = examples_from(docs)
    assert got["task_forces[].id"] == "tf-1" and got["task_forces[].units"] == ["a", "b"]
    assert got["tables.<name>.rows"] == [1] and got["kind"] == "scenario"


def test_each_game_declares_its_reference_page_and_it_has_every_kind(tmp_path):
    session = Session()
    for gid in GAMES:
        part = game_pages(SCENARIOS / gid, session)
        page = part.pages.get(f"games/{gid}/reference.md")
        assert page is not None, gid
        assert ("Authoring reference", f"games/{gid}/reference.md") in part.entries
        for kind in document_kinds(SCENARIOS / gid, manifest(gid)):
            assert f"\n## {kind}\n" in page, (gid, kind)
        # a table per section, or a link to the table of a section of the same keys (each rating's empty slot)
        sections = sum(len(k.sections) for k in authoring_reference(SCENARIOS / gid, manifest(gid)))
        tables, same = page.count('<table class="cr-keys">'), page.count("has the keys of <a href=")
        assert tables + same == sections and tables > same, (tables, same, sections)


def test_the_reference_page_in_chromium_fits_the_page_width(page, built_site):
    """The tables of the reference fit the content column (no table wider than the page) and each key
    of Pacific Fury's set-up entries has its row."""
    for base in serve(built_site):  # chartroom site -o FOLDER, built once per test session (conftest)
        narrow = {}
        for width in (700, 1280):  # a tablet held upright, a desktop
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{base}/games/pacific-fury/reference.html")
            narrow[width], keys = _measure(page)
        widths = narrow[700] + narrow[1280]
        ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map(e => e.id)")
    assert widths and all(table <= article + 1 for table, article in widths), widths
    assert {"at", "side", "units", "source", "reconstructed"} <= set(keys), keys
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)  # a link to a section lands on one place


def _measure(page):
    widths = page.evaluate("""() => [...document.querySelectorAll('table.cr-keys')].map(t =>
        [t.getBoundingClientRect().width, t.closest('article').getBoundingClientRect().width])""")
    keys = page.evaluate("""() => [...document.querySelectorAll('#keys-scenario-setup + table tbody tr td:first-child code')]
        .map(c => c.textContent)""")
    return widths, keys


@pytest.mark.parametrize("gid", GAMES)
def test_an_overlays_rules_for_core_keys_name_keys_that_exist(gid):
    """``x-rules`` gives the game's rule of a core key by its path: a path that names no key is stale."""
    for overlay in sorted((SCENARIOS / gid / "schemas").glob("*.schema.json")):
        rules = json.loads(overlay.read_text(encoding="utf-8")).get("x-rules") or {}
        kind = overlay.name.split(".")[0]
        sections = reference(kind, SCENARIOS / gid, manifest(gid)["citation"])
        paths = {f"{s.path}.{r.key}".lstrip("."): r.rule for s in sections for r in s.rows}
        assert set(rules) <= set(paths), (overlay.name, set(rules) - set(paths))
        assert all(paths[path] == rule for path, rule in rules.items())
        assert all(rule.startswith(manifest(gid)["citation"] + " ") for rule in rules.values())
