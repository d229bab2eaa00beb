"""Acceptance tests from example files: each file in tests/checks/ is a small variant of the
Short Campaign with a header line `# expect: CODE@LINE ...` (or `# expect: clean`).

The findings of `chartroom check` on it must be exactly those codes at those lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, SHORT, expected_findings
from toolkit.check import check_paths
from toolkit.games import game_module

CHECKS = game_module("fire_in_the_sky").checks()  # the registry the game builds (no import side effects)

EXAMPLES = sorted((Path(__file__).parent / "checks").glob("*.yaml"))


expected = expected_findings


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([path.relative_to(ROOT)])
    got = {(f.code, f.location.line) for f in findings if f.location.file.endswith(path.name)}
    assert got == expected(path), [f"{f.location}: {f.code} {f.message}" for f in findings]
    # Everything found is in the example file itself: a variant's finding points at the variant.
    assert all(f.location.file.endswith(path.name) for f in findings), findings


def test_findings_name_their_rule(monkeypatch):
    monkeypatch.chdir(ROOT)
    for path in EXAMPLES:
        findings, _ = check_paths([path.relative_to(ROOT)])
        for f in findings:
            if not f.code.startswith(("YAML-", "SCHEMA", "REF-", "LOAD-")):
                assert f.rule.startswith("FitS v1.1 "), (path.name, f)


def test_every_check_has_a_failing_example():
    assert len(CHECKS) > 20, "the registry is built by the game, not filled by imports"
    failing = {code for path in EXAMPLES for code, _ in expected(path)}
    missing = sorted(c.code for c in CHECKS if c.code not in failing)
    assert not missing, f"checks without a failing example in tests/checks/: {missing}"


def test_bundled_short_campaign_checks_clean(monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([SHORT.relative_to(ROOT)])
    assert findings == [], [f"{f.location}: {f.code} {f.message}" for f in findings]


def test_every_check_cites_a_rule_both_editions_define():
    from toolkit.model.build import bundled_scenarios, load_game
    for edition in ("v1.1", "2nd"):
        game = load_game(bundled_scenarios() / "fire-in-the-sky", edition).game
        for check in CHECKS:
            assert check.rule in game.edition.rules, (edition, check.code, check.rule)
