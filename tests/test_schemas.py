"""The schemas themselves: valid against the 2020-12 meta-schema, described, offline."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from conftest import GAME, ROOT
from toolkit.load.memo import BoundedMemo
from toolkit.schema import schema_dir, schemas

SCHEMA_FILES = sorted(schema_dir().glob("*.schema.json"))
OVERLAY_FILES = sorted((GAME / "schemas").glob("*.schema.json"))
ALL_FILES = SCHEMA_FILES + OVERLAY_FILES


def _name(path):
    return f"{path.parent.parent.name}/{path.name}" if path in OVERLAY_FILES else path.name


def test_every_document_kind_has_a_schema():
    for kind in ("game", "map", "counters", "edition", "schedule", "errata", "charts", "scenario", "defs"):
        assert kind in schemas(), kind


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_schema_is_valid_2020_12(path):
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://chartroom.invalid/schemas/{path.name}"


CONDITIONS = ("if", "then", "else", "not")


def _properties(node, where="#"):
    """Property declarations; properties named inside if/then/else/not only constrain them."""
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            yield f"{where}/properties/{name}", sub
        for key, value in node.items():
            if key not in CONDITIONS:
                yield from _properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _properties(item, f"{where}/{i}")


@pytest.mark.parametrize("path", OVERLAY_FILES, ids=_name)
def test_overlay_is_valid_2020_12_and_builds_on_the_core(path):
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://chartroom.invalid/scenarios/{GAME.name}/schemas/{path.name}"
    core = f"../../../schemas/{path.name}"
    assert schema.get("$ref") == core or schema["allOf"][0] == {"$ref": core}, "an overlay starts from the core schema of its kind"


@pytest.mark.parametrize("path", ALL_FILES, ids=_name)
def test_every_property_is_described(path):
    schema = json.loads(path.read_text())
    missing = [where for where, sub in _properties(schema) if isinstance(sub, dict) and not sub.get("description")]
    assert not missing, missing


@pytest.mark.parametrize("path", ALL_FILES, ids=_name)
def test_refs_stay_inside_the_project(path):
    """A $ref names a local definition or a sibling schema: nothing to fetch from the network."""
    refs = []

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                refs.append(node["$ref"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(path.read_text()))
    for target in refs:
        assert target.startswith("#") or (path.parent / target.split("#")[0]).is_file(), target


def test_yaml_files_declare_their_schema_for_editors():
    """Every bundled YAML file starts with a yaml-language-server line whose path resolves offline."""
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=", 1)[1].strip()).resolve()
        assert target.is_file(), (path, target)


def test_yaml_files_name_their_games_overlay():
    """A bundled file's modeline names the overlay of its kind, so editors check the game's vocabulary."""
    for path in sorted(GAME.rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        target = (path.parent / first.split("$schema=", 1)[1].strip()).resolve()
        assert target.parent == (GAME / "schemas").resolve(), path


def _constraints(node):
    """Every value of an enum, const or pattern keyword, and every property name the schema fixes."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("enum", "const", "pattern"):
                yield from (value if isinstance(value, list) else [value])
            elif key in ("properties", "patternProperties") and isinstance(value, dict):
                yield from value
            if key not in ("description", "title"):
                yield from _constraints(value)
    elif isinstance(node, list):
        for value in node:
            yield from _constraints(value)


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_core_schemas_name_no_game(path):
    """The core is game-agnostic: no side, nation, citation prefix or edition of a game in a constraint."""
    words = ("japan", "allied", "fits", "v1.1", "v1\\.1")
    found = [v for v in _constraints(json.loads(path.read_text())) if isinstance(v, str) and any(w in v.lower() for w in words)]
    assert not found, found


def test_overlay_vocabulary_matches_the_manifest():
    """The overlays' sides, nations, turns and citation prefix are the ones game.yaml declares."""
    from ruamel.yaml import YAML

    game = YAML(typ="safe").load((GAME / "game.yaml").read_text(encoding="utf-8"))
    editions = [e["id"] for e in game["editions"]]
    for path in OVERLAY_FILES:
        bound = json.loads(path.read_text())["$defs"]
        assert bound["side"]["enum"] == [s["id"] for s in game["sides"]], path.name
        assert bound["control"]["enum"] == [s["id"] for s in game["sides"]] + ["none"], path.name
        # Units come in four nations (v1.1 2.1.1); the manifest also lists the flag-only ones (2.2.3).
        assert set(bound["nation"]["enum"]) <= {n["id"] for n in game["nations"]}, path.name
        assert (bound["turn"]["minimum"], bound["turn"]["maximum"]) == (game["turns"]["first"], game["turns"]["last"]), path.name
        assert bound["citation"]["enum"] == [f"{game['citation']} {e}" for e in editions], path.name
        if "source" in bound:
            assert bound["source"]["pattern"].startswith(f"^{game['citation']} ("), path.name
    assert sorted(n for s in game["sides"] for n in s["nations"]) == sorted(n["id"] for n in game["nations"])


RED = """\
kind: scenario
game: fire-in-the-sky
control:
  - {base: Burma, side: red, source: "fixture"}
  - {base: Rabaul, side: japan, source: "fixture"}
"""


def test_overlay_narrows_what_the_core_allows(write):
    from toolkit.load import load_file
    from toolkit.schema import validate

    document = load_file(write("red.yaml", RED))
    assert validate(document, "scenario") == []                       # any side id is a side for the core
    findings = validate(document, "scenario", GAME)                   # Fire in the Sky has two sides
    assert [(f.code, f.location.line, f.message) for f in findings] == [
        ("SCHEMA-ENUM", 4, "side: text 'red' is not one of: japan, allied, none")]
    good = load_file(write("good.yaml", RED.replace("side: red", "side: allied")))
    assert validate(good, "scenario", GAME) == []


def test_a_data_file_checked_alone_uses_its_games_overlay(write, monkeypatch):
    from toolkit.check import check_paths

    monkeypatch.chdir(ROOT)
    path = write("schedule.yaml", "kind: schedule\ngame: fire-in-the-sky\nside: red\nturns: [{turn: 17, source: x-y-z}]\n")
    findings, _ = check_paths([path])
    assert sorted((f.code, f.location.line) for f in findings) == [("SCHEMA-ENUM", 3), ("SCHEMA-RANGE", 4)], findings


def test_schema_path_prefers_the_games_overlay():
    from toolkit.schema import schema_path

    assert schema_path("map") == schema_dir() / "map.schema.json"
    assert schema_path("map", GAME) == GAME / "schemas" / "map.schema.json"
    assert schema_path("defs", GAME) == schema_dir() / "defs.schema.json"   # the game has no defs overlay


def test_cli_schema_with_game_prints_the_overlay(capsys):
    from toolkit.cli import main

    assert main(["schema", "scenario", "--game", "fire-in-the-sky"]) == 0
    assert capsys.readouterr().out.strip() == str(GAME / "schemas" / "scenario.schema.json")
    assert main(["schema", "scenario"]) == 0
    assert capsys.readouterr().out.strip() == str(schema_dir() / "scenario.schema.json")
    assert main(["schema", "scenario", "--game", "fire-in-the-skies"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no game 'fire-in-the-skies'" in err and "did you mean 'fire-in-the-sky'" in err


def test_verdict_cache_forgets_a_valid_document_when_an_overlay_changes(tmp_path, monkeypatch, write):
    import shutil

    from toolkit import load, schema
    from toolkit.load import load_file

    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(load, "_cache", BoundedMemo(8))
    monkeypatch.setattr(schema, "_valid_in_process", BoundedMemo(8))
    game = tmp_path / "game"
    shutil.copytree(GAME / "schemas", game / "schemas")
    monkeypatch.setattr(load, "MIN_CACHED_CHARS", 0)  # a text of a few lines: its verdict kept on disk all the same
    document = load_file(write("red.yaml", RED.replace("side: red", "side: allied")))
    assert schema.validate(document, "scenario", game) == []
    assert len(list((tmp_path / "cache").glob("valid-*"))) == 1
    overlay = game / "schemas" / "scenario.schema.json"
    narrowed = json.loads(overlay.read_text())
    narrowed["$defs"]["control"]["enum"] = ["japan", "none"]     # the Allies lose their bases
    overlay.write_text(json.dumps(narrowed, indent=2) + "\n")
    findings = schema.validate(document, "scenario", game)
    assert [(f.code, f.location.line) for f in findings] == [("SCHEMA-ENUM", 4)]


def test_scenario_core_keys_are_the_core_schema_properties():
    """Any key outside the core scenario schema is a game's section: the model and the schema agree on which."""
    import json

    from toolkit.model.build_scenario import CORE_KEYS
    from toolkit.schema import schema_dir

    core = json.loads((schema_dir() / "scenario.schema.json").read_text(encoding="utf-8"))
    assert set(core["properties"]) == CORE_KEYS

