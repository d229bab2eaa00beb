"""`chartroom audit fire-from-the-skies`: provenance for every record, and every empty slot listed with where to fill it."""

from __future__ import annotations

import json

from toolkit.cli import main


def _audit(capsys, *argv):
    assert main(["audit", "fire-from-the-skies", *argv]) == 0
    return capsys.readouterr().out


def test_every_record_has_provenance_and_the_slots_are_listed(capsys):
    rows = json.loads(_audit(capsys, "--format", "json"))
    assert all(r["missing"] == 0 for r in rows)
    by_file = {r["file"].rsplit("/", 1)[-1]: r for r in rows}
    coral = by_file["coral-sea.yaml"]
    # 10 tables, 2 US CVs and 2 Japanese CVs with 7 slots each, 21 other ships with 2, 6 aircraft types with 2 (night
    # training, ready time) and the TBD's search range: 10 + 28 + 42 + 12 + 1.
    assert coral["empty"] == len(coral["empty_slots"]) == 93
    paths = {s["path"]: s for s in coral["empty_slots"]}
    assert paths["tables.strike_sighting_table"]["fill"] == "FFTS Strike Sighting Table (12.5)"
    assert paths["aircraft[2].ratings.search_range"]["fill"] == "scenario set's air operations form (7.4.2)"


def test_a_slot_shared_through_an_alias_is_located_at_its_record(capsys):
    rows = json.loads(_audit(capsys, "--format", "json"))
    coral = next(r for r in rows if r["file"].endswith("coral-sea.yaml"))
    lines = {s["path"]: s["at"] for s in coral["empty_slots"]}
    assert lines["ships[0].ratings.fotw_speed"].split(":")[1] != lines["ships[1].ratings.fotw_speed"].split(":")[1]


def test_text_lists_each_slot_with_its_location(capsys):
    total = sum(r.get("empty", 0) for r in json.loads(_audit(capsys, "--format", "json")))
    out = _audit(capsys)
    assert f"empty slots: {total} (" in out and total == 93 + 38        # the Midway trial: 4 carriers with 7, and 10 tables
    assert "coral-sea.yaml:" in out and ": tables.hit_tables: fill from FFTS hit tables (15.2)" in out


def test_a_game_without_slots_reports_as_before(capsys):
    out = json.loads(_audit_game(capsys, "fire-in-the-sky"))
    assert all("empty_slots" not in r for r in out)


def _audit_game(capsys, game):
    assert main(["audit", game, "--format", "json"]) == 0
    return capsys.readouterr().out
