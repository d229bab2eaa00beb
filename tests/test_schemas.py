"""The schemas themselves: valid against the 2020-12 meta-schema, described, offline."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from conftest import ROOT
from toolkit.schema import schema_dir, schemas

SCHEMA_FILES = sorted(schema_dir().glob("*.schema.json"))


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


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_property_is_described(path):
    schema = json.loads(path.read_text())
    missing = [where for where, sub in _properties(schema) if isinstance(sub, dict) and not sub.get("description")]
    assert not missing, missing


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
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
        assert target.startswith("#") or (ROOT / "schemas" / target.split("#")[0]).is_file(), target


def test_yaml_files_declare_their_schema_for_editors():
    """Every bundled YAML file starts with a yaml-language-server line whose path resolves offline."""
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=", 1)[1].strip()).resolve()
        assert target.is_file(), (path, target)
