"""Pacific Fury's tables as data: every number the rules state, the reconstructed and placeholder records,
and the charts overlay rejecting a record without provenance or with a wrong shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from toolkit.audit import audit_document
from toolkit.games.pacific_fury.tables import TABLE_NAMES, TableError, Tables
from toolkit.load import load_file, load_text
from toolkit.model.build_game import load_game
from toolkit.schema import validate

PF = ROOT / "scenarios" / "pacific-fury"
CHARTS = PF / "charts" / "english.yaml"


@pytest.fixture(scope="module")
def tables() -> Tables:
    loaded = load_game(Path(PF))
    assert loaded.game is not None, [str(f) for f in loaded.findings]
    return Tables.of(loaded.game.charts)


def test_charts_file_is_valid_and_every_record_has_provenance():
    document = load_file(CHARTS)
    assert validate(document, "charts", PF) == []
    counts = audit_document(document.data)
    assert counts["missing"] == 0 and counts["records"] > 40
    assert document.data["kind"] == "charts" and document.data["game"] == "pacific-fury" and document.data["edition"] == "english"
    assert CHARTS.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=../schemas/charts.schema.json\n")
    for name in TABLE_NAMES:
        assert name in document.data, name


def test_fire_and_modifiers_as_stated(tables):
    assert tables.die == 6
    assert tables.modifiers() == {"as-at-least-double-aa-or-no-aa": 2, "as-greater-than-aa": 1, "as-not-greater-than-aa": 0}
    assert tables.table("air_strike_modifier")["henderson_field"]["applies"] is False  # PF 10.6
    assert tables.cap_reductions() == {"cv": 2, "cvl": 1, "none": 0}
    assert tables.cap_minimum == 1 and tables.henderson_cap_minimum == 1


def test_henderson_field_as_stated(tables):
    assert tables.disruption_minimum == 1
    bombard, strike = tables.henderson("bombardment"), tables.henderson("air_strike")
    assert bombard["rounds"] == 2 and bombard["hits_carry_over"] is False and bombard["fires_back"] is False
    assert strike["fires_back_when_operational"] is True and strike["on_disrupted"] == "no-effect"
    assert strike["second_round_needs_a_carrier"] is True


def test_sunk_table_as_stated(tables):
    assert tables.sink_faces() == {"more-than-df": (2, 3, 4, 5, 6), "equal-to-df": (4, 5, 6), "fewer-than-df": (6,)}
    assert tables.sunk_automatically() == {"transports": 1, "tokyo-express": 1}


def test_damage_return_as_stated(tables):
    rows = {(r.side, r.min_hits, r.max_hits): r.turns_later for r in tables.return_rows()}
    assert rows == {("japan", 1, None): 2, ("us", 1, 1): 1, ("us", 2, None): 2}
    assert tables.last_turn == 4 and tables.transports_return_turns == 1


def test_tokyo_express_detection_as_stated(tables):
    assert tables.detection_rows() == {"detected": (1,), "detected-if-henderson-field-operational": (2,), "undetected": (3, 4, 5, 6)}


def test_event_tables_as_stated(tables):
    japan = {e.id: (e.faces, e.once) for e in tables.events("japan")}
    us = {e.id: (e.faces, e.once) for e in tables.events("us")}
    assert japan == {"torpedo-hits": ((1, 2, 3), True), "release-reserve": ((4, 5), True), "bomber-offensive": ((6,), True)}
    assert us == {"submarine-attack": ((1,), True), "heavy-bombers": ((2, 3, 4), False), "ijn-overestimated": ((5, 6), True)}
    for side in ("japan", "us"):  # each table covers the die once
        assert sorted(f for e in tables.events(side) for f in e.faces) == [1, 2, 3, 4, 5, 6]
    assert tables.table("events")["not_on_turn"] == 1
    with pytest.raises(TableError):
        tables.events("mars")


def test_initiative_track(tables):
    boxes = tables.initiative_boxes()
    assert [b.label for b in boxes] == ["Japan 5", "Japan 4", "Japan 3", "Japan 2", "Japan 1", "0", "US 1", "US 2", "US 3", "US 4", "US 5"]
    assert [b.value for b in boxes] == [5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5]
    assert [b.side for b in boxes][:5] == ["japan"] * 5 and boxes[5].side == "none" and {b.side for b in boxes[6:]} == {"us"}
    assert all(b.placeholder for b in boxes)  # the rules print no icon counts (PF 10.6)
    raw = load_file(CHARTS).data["initiative_track"]["boxes"]
    stated = {r["box"] for r in raw if "source" in r}
    assert stated == {"Japan 1", "0", "US 1", "US 2"}  # PF 3.3, 4.0, 6.1; the rest reconstructed
    assert tables.initiative_box("us1").label == "US 1" and tables.initiative_box("Japan 3").value == 3
    with pytest.raises(TableError):
        tables.initiative_box("US 9")


def test_sea_zones_and_sorties(tables):
    rules = tables.zone_rules()
    assert {z: r["combat"] for z, r in rules.items()} == {"The Slot": "surface", "Ironbottom Sound": "surface",
                                                         "Eastern Solomons": "carrier", "South Pacific Ocean": "carrier"}
    assert [z for z, r in rules.items() if "C" in r["may_enter"]] == ["Eastern Solomons", "South Pacific Ocean"]
    assert [z for z, r in rules.items() if r["combined_task_forces"]] == ["Ironbottom Sound"]
    assert set(rules) == {a for a, kind in load_game(Path(PF)).game.map.area_kinds.items() if kind == "zone"}
    assert {(r.side, r.zone, r.when) for r in tables.sortie_rows()} == {
        ("japan", "Eastern Solomons", "always"), ("japan", "The Slot", "always"), ("japan", "Ironbottom Sound", "initiative"),
        ("japan", "The Slot", "non-initiative"), ("us", "South Pacific Ocean", "always"), ("us", "Ironbottom Sound", "initiative")}


def test_turn_record_track(tables):
    assert tables.months() == {1: "August", 2: "September", 3: "October", 4: "November"}
    turns = load_file(CHARTS).data["turn_record_track"]["turns"]
    assert [("source" in t, "reconstructed" in t) for t in turns] == [(True, False), (True, False), (False, True), (False, True)]


def _charts_with(old: str, new: str):
    text = CHARTS.read_text(encoding="utf-8")
    assert old in text, old
    return load_text(text.replace(old, new, 1), "edited.yaml", PF / "charts" / "edited.yaml")


def test_overlay_rejects_a_record_without_provenance():
    document = _charts_with('{turn: 1, month: August, source: "PF 3.3 (the first box, August)"}', "{turn: 1, month: August}")
    codes = {f.code for f in validate(document, "charts", PF)}
    assert "SCHEMA-PROVENANCE" in codes


@pytest.mark.parametrize("old, new", [
    ("modifier: 2, source", "modifier: two, source"),
    ("sink_on: [6], source", "sink_on: [7], source"),
    ("when: initiative, source: \"PF 9.1 (the initiative player", "when: sometimes, source: \"PF 9.1 (the initiative player"),
    ("cap_icons: {value: 0, placeholder: true}", "cap_icons: {value: -1, placeholder: true}"),
    ('source: "PF 7.1"\n    - id: release-reserve', 'source: "FitS 7.1"\n    - id: release-reserve'),
])
def test_overlay_rejects_wrong_shapes(old, new):
    document = _charts_with(old, new)
    assert validate(document, "charts", PF), (old, new)


def test_a_corrected_placeholder_changes_the_answer_without_code():
    data = load_file(CHARTS).data
    boxes = [dict(b) for b in data["initiative_track"]["boxes"]]
    boxes[6] = {**boxes[6], "cap_icons": {"value": 2}}
    edited = Tables({**data, "initiative_track": {**data["initiative_track"], "boxes": boxes}})
    box = edited.initiative_box("US 1")
    assert (box.cap_icons, box.placeholder) == (2, False)
