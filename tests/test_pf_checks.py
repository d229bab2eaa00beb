"""Pacific Fury's checks against their example files (tests/checks/pacific-fury/).

Each file is a small variant of the campaign, or of the designer's situation
``situation-pass.yaml`` (Turn 2, between two operations), with a header line
``# expect: CODE@LINE ...`` or ``# expect: clean``. Every check has a failing example and a
passing one named after its code (``PF-TF-BOXES``: ``tf-boxes-fail.yaml``, ``tf-boxes-pass.yaml``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, expected_findings
from toolkit.check import check_paths
from toolkit.games import game_module
from toolkit.model.build import bundled_scenarios, load_scenario

CHECKS = game_module("pacific_fury").checks()
FOLDER = Path(__file__).parent / "checks" / "pacific-fury"
EXAMPLES = sorted(FOLDER.glob("*.yaml"))
GAME = bundled_scenarios() / "pacific-fury"


expected = expected_findings


def stem(code: str) -> str:
    return code.removeprefix("PF-").lower()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([path.relative_to(ROOT)])
    got = {(f.code, f.location.line) for f in findings}
    assert got == expected(path), [f"{f.location}: {f.code} {f.message}" for f in findings]
    # A variant's finding points at the variant, never at its base.
    assert all(f.location.file.endswith(path.name) for f in findings), [str(f.location) for f in findings]


def test_findings_cite_pf_rules(monkeypatch):
    monkeypatch.chdir(ROOT)
    for path in EXAMPLES:
        findings, _ = check_paths([path.relative_to(ROOT)])
        for f in findings:
            if f.code.startswith("PF-"):
                assert f.rule.startswith("PF "), (path.name, f)


def test_every_check_has_a_failing_and_a_passing_example():
    assert len(CHECKS) >= 20, "the registry is built by the game, not filled by imports"
    failing = {code for path in EXAMPLES for code, _ in expected(path)}
    names = {p.stem for p in EXAMPLES}
    missing = sorted(c.code for c in CHECKS if c.code not in failing)
    assert not missing, f"checks without a failing example: {missing}"
    no_pass = sorted(c.code for c in CHECKS if f"{stem(c.code)}-pass" not in names)
    assert not no_pass, f"checks without a passing example: {no_pass}"
    for check in CHECKS:
        assert expected(FOLDER / f"{stem(check.code)}-pass.yaml") == set(), check.code


def test_every_check_cites_a_rule_of_the_edition():
    from toolkit.model.build import load_game

    game = load_game(GAME, "english").game
    for check in CHECKS:
        assert check.rule in game.edition.rules, (check.code, check.rule)
        assert game.edition.cite(check.rule).startswith("PF "), check.code


def test_the_campaign_checks_clean(monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([(GAME / "campaign.yaml").relative_to(ROOT)])
    assert findings == [], [f"{f.location}: {f.code} {f.message}" for f in findings]


def test_task_forces_of_the_situation(monkeypatch):
    """One task force per Operation Box, one per set-up entry at sea (two in Ironbottom Sound); types by PF 8.3."""
    monkeypatch.chdir(ROOT)
    loaded = load_scenario(FOLDER / "situation-pass.yaml")
    ctx = game_module("pacific_fury").context(loaded.game, loaded.scenario)
    forces = [(tf.side, tf.where, tf.type, tf.air_strike, tf.anti_air) for tf in ctx.task_forces]
    assert forces == [
        ("japan", "Japanese Operation Box 3", "A", 0, 2),
        ("japan", "Japanese Operation Box 4", "B", 0, 2),
        ("us", "US Operation Box 4", "B", 0, 1),
        ("japan", "Eastern Solomons", "C", 4, 1),
        ("japan", "The Slot", "B", 0, 1),
        ("us", "South Pacific Ocean", "C", 4, 0),
        ("us", "Ironbottom Sound", "B", 0, 1),
        ("us", "Ironbottom Sound", "B", 0, 1),
    ]
    assert ctx.initiative_side == "us" and ctx.phase == "operations"


@pytest.mark.parametrize("box, side", [("US 1", "us"), ("0", "us"), ("Japan 1", "japan"), ("US 5", "us"), ("Japan 5", "japan")])
def test_initiative_side_by_box(box, side, monkeypatch):
    """PF 6.1: the side whose +1 box or more holds the marker; box 0 the US."""
    monkeypatch.chdir(ROOT)
    loaded = load_scenario(GAME / "campaign.yaml")
    ctx = game_module("pacific_fury").context(loaded.game, loaded.scenario)
    monkeypatch.setattr(type(ctx), "initiative", property(lambda self: {"box": box, "henderson_field": "operational"}))
    assert ctx.initiative_side == side


def test_a_variant_takes_hornet_off_the_turn_record_track(monkeypatch):
    """remove_turn_track (core): the early-Hornet example has nothing left on the track."""
    monkeypatch.chdir(ROOT)
    loaded = load_scenario(FOLDER / "start-hornet-pass.yaml")
    assert loaded.scenario.turn_track == ()
    assert [p.where for p in loaded.scenario.setup if any(e.counter == "us-cv-hornet" for e in p.units)] == ["Espiritu Santo"]


def test_permanent_removal():
    """PF 10.7: sunk Transports return next turn; PF 7.2: a sunk US CV may come back; other sunk ships are gone."""
    from toolkit.model.build import load_game

    game = load_game(GAME, "english").game
    module = game_module("pacific_fury")
    removed = {cid: module.permanently_removed(c, game.edition) for cid, c in game.counters.items()}
    assert removed["jp-transports"] is False and removed["us-transports"] is False
    assert removed["us-cv-hornet"] is False and removed["jp-cv-zuikaku"] is True and removed["us-ca-chicago"] is True
    assert removed["initiative"] is False


def _context_at(monkeypatch, **initiative):
    monkeypatch.chdir(ROOT)
    loaded = load_scenario(FOLDER / "events-turn-landing-pass.yaml")
    ctx = game_module("pacific_fury").context(loaded.game, loaded.scenario)
    monkeypatch.setattr(type(ctx), "initiative", property(lambda self: dict(initiative)))
    return ctx


@pytest.mark.parametrize("initiative, side", [
    ({"box": "Japan 1"}, "us"),  # Japan rolled Turn 2's event; two landings carry US 1 to Japan 1 (PF 6.0, 9.3, 9.6)
    ({"box": "Japan 2"}, "us"),  # from box 0, where the US holds the initiative (PF 6.1)
    ({"box": "Japan 3"}, "japan"),  # three spaces: more than two Transports can land
    ({"box": "Japan 1", "turn_start": "US 1"}, "us"),
    ({"box": "US 1", "turn_start": "Japan 1"}, "japan"),  # written down, it decides
])
def test_the_initiative_is_fixed_for_the_turn(initiative, side, monkeypatch):
    """PF 6.0: the side fixed at the start of the turn, not the marker's box after landings moved it."""
    assert _context_at(monkeypatch, henderson_field="disrupted", **initiative).initiative_side == side


def test_where_the_initiative_marker_can_begin_a_turn(monkeypatch):
    """Worked by hand from US 1 (PF 3.3): on Turn 1 the US holds the initiative; Japan lands 0-2 (US 1, 0, Japan 1),
    then the Return Phase moves one toward the US or none, and none after two landings (11.0): Turn 2 begins on
    US 2, US 1, 0 or Japan 1."""
    from toolkit.games.pacific_fury.checks.markers import boxes_at_turn_start

    ctx = _context_at(monkeypatch, box="US 1", henderson_field="operational")
    assert boxes_at_turn_start(ctx, 1) == {"US 1"}
    assert boxes_at_turn_start(ctx, 2) == {"US 2", "US 1", "0", "Japan 1"}
    assert "US 5" in boxes_at_turn_start(ctx, 5) and "US 5" not in boxes_at_turn_start(ctx, 4)


def test_messages_name_a_side_by_its_adjective(monkeypatch):
    """PF 3.1, 3.2 speak of the Japanese player and the US player; the edition's side_adjectives say so. Before, messages
    put the side's name where its adjective belongs: 'the Japan task force in Ironbottom Sound', 'a Japan ship'."""
    monkeypatch.chdir(ROOT)
    messages = {f.code: f.message for f in check_paths([(FOLDER / "tf-a-landing-fail.yaml").relative_to(ROOT)])[0]}
    assert messages["PF-TF-A-LANDING"].startswith("the Japanese task force in Ironbottom Sound: ")
    messages = {f.code: f.message for f in check_paths([(FOLDER / "damage-return-fail.yaml").relative_to(ROOT)])[0]}
    assert messages["PF-DAMAGE-RETURN"].startswith("Nagato, a Japanese ship damaged on turn 2")
    messages = [f.message for path in ("sortie-zone-fail.yaml", "side-fail.yaml", "tf-boxes-fail.yaml")
                for f in check_paths([(FOLDER / path).relative_to(ROOT)])[0]]
    assert any(m.startswith("the US task force in The Slot: a TF-B of the US player") for m in messages)
    assert not [m for m in messages if "Japan " in m], messages  # "Japan holds the initiative" would be right: none here


def test_henderson_disrupted_names_the_side_by_its_adjective(monkeypatch):
    """PF-HENDERSON-DISRUPTED (PF 6.2) said 'the non-initiative player (Japan)' and 'move Japan's Operation marker on';
    PF 3.1 speaks of the Japanese player and his Operation marker."""
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([(FOLDER / "henderson-disrupted-fail.yaml").relative_to(ROOT)])
    message = next(f.message for f in findings if f.code == "PF-HENDERSON-DISRUPTED")
    assert "the non-initiative player (the Japanese player) needs" in message, message
    assert message.endswith("or move the Japanese Operation marker on"), message
