"""The ships Torpedo Hit(s) and a Submarine Attack take (PF 7.1, 7.2): the clauses the example files cannot reach alone.

The example files (tests/checks/pacific-fury/event-ijn-torpedo-*.yaml, event-usn-submarine-*.yaml) hold a failing and
a passing case of each clause; these tests cover where a ship was in an Event Phase, turn by turn, and the edition's
other reading of Torpedo Hit(s).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from conftest import ROOT
from toolkit.games import game_module
from toolkit.games.pacific_fury.checks.event_ships import is_ship, off_base, torpedo_hits
from toolkit.model.build import load_scenario

FOLDER = Path(__file__).parent / "checks" / "pacific-fury"


def _context(monkeypatch, name: str):
    monkeypatch.chdir(ROOT)
    loaded = load_scenario(FOLDER / name)
    return game_module("pacific_fury").context(loaded.game, loaded.scenario)


def test_hornet_is_on_the_turn_record_track_until_turn_2s_task_force_phase(monkeypatch):
    """PF 3.2, 8.1: Hornet enters after Turn 2's Event Phase, so torpedoes can reach it from Turn 3 only."""
    ctx = _context(monkeypatch, "situation-pass.yaml")
    assert "Turn Record Track until turn 2" in off_base(ctx, "us-cv-hornet", 2)
    assert off_base(ctx, "us-cv-hornet", 3) is None


def test_the_reserve_is_in_truk_from_the_turn_after_its_release(monkeypatch):
    """PF 3.1, 7.1: released on Turn 2 (the situation), Yamato is in Truk for a Submarine Attack from Turn 3."""
    ctx = _context(monkeypatch, "situation-pass.yaml")
    assert "Reserve" in off_base(ctx, "jp-bb-yamato", 2)
    assert off_base(ctx, "jp-bb-yamato", 3) is None


def test_a_damaged_ship_is_on_the_track_until_its_return(monkeypatch):
    """PF 10.7: Chicago, two hits on Turn 1, returns in Turn 3's Task Force Phase: off base in the Event Phases of 2 and 3."""
    ctx = _context(monkeypatch, "situation-pass.yaml")
    assert "until turn 3" in off_base(ctx, "us-ca-chicago", 2)
    assert "until turn 3" in off_base(ctx, "us-ca-chicago", 3)
    assert off_base(ctx, "us-ca-chicago", 4) is None


def test_transports_are_not_ships(monkeypatch):
    """The reading: PF 10.5 counts ship units and Transports units apart; the Tokyo Express is a marker."""
    ctx = _context(monkeypatch, "situation-pass.yaml")
    assert is_ship(ctx, "us-ca-portland", "us") and not is_ship(ctx, "us-ca-portland", "japan")
    assert not is_ship(ctx, "us-transports", "us") and not is_ship(ctx, "jp-tokyo-express", "japan")


def _torpedo_findings(ctx, compulsory: bool, monkeypatch):
    monkeypatch.setitem(ctx.edition.parameters, "torpedo_hits_compulsory", compulsory)
    i, record = next((i, r) for i, r in enumerate(ctx.events_used) if r["event"] == "torpedo-hits")
    return [message for message, *_ in torpedo_hits(ctx, i, record)]


def test_fewer_hits_than_the_die_only_under_the_other_reading(monkeypatch):
    """torpedo_hits_compulsory true (chosen): a roll of 2 gives two hits; false: at most two, one is legal."""
    ctx = _context(monkeypatch, "event-ijn-torpedo-count-fail.yaml")
    assert any("put exactly 2" in m for m in _torpedo_findings(ctx, True, monkeypatch))
    assert _torpedo_findings(ctx, False, monkeypatch) == []


def test_no_hit_recorded_only_under_the_other_reading(monkeypatch):
    """Without targets and with no US ship damaged or sunk: an error when the hits are compulsory, nothing otherwise."""
    ctx = _context(monkeypatch, "event-ijn-torpedo-fail.yaml")
    assert len(_torpedo_findings(ctx, True, monkeypatch)) == 1
    assert _torpedo_findings(ctx, False, monkeypatch) == []


def test_the_chain_start_is_its_last_file_at_the_set_up_of_turn_1(monkeypatch):
    """The situation extends the campaign: its start is the campaign's file; the what-if's is the what-if's own."""
    ctx = _context(monkeypatch, "situation-pass.yaml")
    assert [stage.start_turn for stage in ctx.scenario.stages] == [1, 2]
    assert ctx.chain_start is ctx.scenario.stages[0] and ctx.chain_start.file.endswith("campaign.yaml")
    early = _context(monkeypatch, "event-ijn-torpedo-hornet-early-pass.yaml")
    assert [stage.file.rsplit("/", 1)[-1] for stage in early.scenario.stages][-2:] == ["hornet-early.yaml", "event-ijn-torpedo-hornet-early-pass.yaml"]
    assert early.chain_start.file.endswith("hornet-early.yaml")


def test_late_arrivals_and_the_reserve_as_the_chain_start_has_them(monkeypatch):
    """PF 3.1, 3.2: published, Hornet waits for Turn 2 and three ships wait in the Reserve; the what-ifs move them."""
    published = _context(monkeypatch, "situation-pass.yaml")
    assert published.late_arrivals == {"us-cv-hornet": 2}
    assert published.reserve_ships == ("jp-bb-yamato", "jp-junyo", "jp-hiyo")
    assert _context(monkeypatch, "event-ijn-torpedo-hornet-early-pass.yaml").late_arrivals == {}
    at_once = _context(monkeypatch, "reserve-released-at-once-pass.yaml")
    assert at_once.reserve_ships == () and at_once.late_arrivals == {"us-cv-hornet": 2}
    assert off_base(at_once, "jp-bb-yamato", 1) is None  # a Turn 1 Submarine Attack may draw it (PF 7.2)
    assert "Reserve" in off_base(published, "jp-bb-yamato", 1)


def test_hornet_in_base_from_the_start_can_take_a_turn_2_torpedo(monkeypatch):
    """hornet-early: Hornet never waits on the track, so off_base finds nothing on Turn 2; published, it waits."""
    assert off_base(_context(monkeypatch, "event-ijn-torpedo-hornet-early-pass.yaml"), "us-cv-hornet", 2) is None
    assert "until turn 2" in off_base(_context(monkeypatch, "event-ijn-torpedo-hornet-fail.yaml"), "us-cv-hornet", 2)


def test_a_chain_with_no_file_at_turn_1_reads_the_edition(monkeypatch):
    """No file of the chain at the set-up of Turn 1: the printed arrivals and Reserve (the edition's parameters) stand."""
    whole = _context(monkeypatch, "situation-pass.yaml")
    later = dataclasses.replace(whole.scenario, stages=whole.scenario.stages[1:])
    ctx = game_module("pacific_fury").context(whole.game, later)
    assert ctx.chain_start is None
    assert ctx.late_arrivals == {"us-cv-hornet": 2} and "jp-bb-yamato" in ctx.reserve_ships
