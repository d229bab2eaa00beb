"""Issue 20 item 4, second audit: the Pacific Fury and Fire from the Skies findings whose citation was corrected cite the
rule broken, per clause (old citation in each test's docstring)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from toolkit.check import check_paths

PF = Path("tests/checks/pacific-fury")
FFTS = Path("tests/ffts_checks")


def _rules(path: Path, code: str) -> set[str]:
    findings, _ = check_paths([path])
    return {f.rule for f in findings if f.code == code}


@pytest.mark.parametrize("name, code, rules", [
    # was PF 3.1 for both sides: each side's own set-up gives its Transports
    ("counter-mix-low-fail.yaml", "PF-COUNTER-MIX-LOW", {"PF 3.1"}),
    ("counter-mix-low-us-fail.yaml", "PF-COUNTER-MIX-LOW", {"PF 3.2"}),
    # was PF 2.0 (Components): a side's Transports are its set-up's (3.1), the one Tokyo Express is 9.6's
    ("counter-mix-transports-fail.yaml", "PF-COUNTER-MIX", {"PF 3.1"}),
    ("counter-mix-tokyo-fail.yaml", "PF-COUNTER-MIX", {"PF 3.1", "PF 9.6"}),
    # a named ship twice stays PF 2.0 (the counter sheet)
    ("counter-mix-fail.yaml", "PF-COUNTER-MIX", {"PF 2.0"}),
])
def test_pacific_fury_citations(name, code, rules, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert _rules(PF / name, code) == rules


@pytest.mark.parametrize("name, rules", [
    ("tf-move-fail.yaml", {"FFTS 10.1"}),
    ("tf-move-order-fail.yaml", {"FFTS 10.1"}),
    ("tf-move-plot-fail.yaml", {"FFTS 10.2"}),
    ("tf-move-away-fail.yaml", {"FFTS 10.3"}),
])
def test_task_force_moves_cite_the_clause(name, rules, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert _rules(FFTS / name, "FFTS-TF-MOVE") == rules


def test_an_unknown_optional_rule_cites_the_optional_rules_section(monkeypatch):
    """Was FitS v1.1 18.2.5 ("I want it all!", one optional rule among many): the section that lists them."""
    monkeypatch.chdir(ROOT)
    assert _rules(Path("tests/checks/optional-unknown-fail.yaml"), "OPTIONAL-UNKNOWN") == {"FitS v1.1 18.0"}
