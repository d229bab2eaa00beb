"""Facts the Fire in the Sky rulebooks state, checked where no other test named them (issue i27).

Each test cites the edition and rule it reproduces. Fixtures are small variants of the Short
Campaign in ``tests/facts/fire-in-the-sky/`` (the 2nd-edition ones: ``tests/checks/`` holds
only v1.1 examples) and ``tests/checks/`` (v1.1), each with its ``# expect:`` header.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, expected_findings
from toolkit.check import check_paths

FACTS = Path(__file__).parent / "facts" / "fire-in-the-sky"
EXAMPLES = sorted(FACTS.glob("*.yaml"))


def findings_of(path: Path, monkeypatch) -> set[tuple[str, int]]:
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([path.relative_to(ROOT)])
    assert all(f.location.file.endswith(path.name) for f in findings), findings
    return {(f.code, f.location.line) for f in findings}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_fact_example(path, monkeypatch):
    """Every fixture here finds exactly what its header expects."""
    assert findings_of(path, monkeypatch) == expected_findings(path)


# --- counter mix and sunk ships -----------------------------------------------------------------


def test_v11_13_1_a_sunk_destroyer_goes_back_to_the_counter_mix(monkeypatch):
    """FitS v1.1 13.1: only Japanese CV/CVL and both sides' BB are removed for good; any other sunk
    ship is recycled, so the British DD the Short Campaign lists as sunk (19.0) holds no counter and
    all three British DD counters may be in play. The 2nd edition (11.3.1) removes every sunk ship:
    the same three DDs are one too many there."""
    recycled = ROOT / "tests" / "checks" / "counter-mix-sunk-recycled-pass.yaml"
    assert findings_of(recycled, monkeypatch) == set()
    assert findings_of(FACTS / "counter-mix-sunk-removed-2nd-fail.yaml", monkeypatch) == {("COUNTER-MIX", 15)}
