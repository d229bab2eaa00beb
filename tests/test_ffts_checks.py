"""Fire from the Skies' checks from example files: each file in tests/ffts_checks/ is a variant of the
Coral Sea demonstration with a header `# expect: CODE@LINE ...` (or `# expect: clean`).

The findings in the example file must be exactly those; the base scenario's EMPTY-SLOT warnings
stay in the base file, and no error is reported anywhere else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from toolkit.check import check_paths
from toolkit.games import game_module

CHECKS = game_module("fire_from_the_skies").checks()
EXAMPLES = sorted((Path(__file__).parent / "ffts_checks").glob("*.yaml"))
DEMO = ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"


def expected(path: Path) -> set[tuple[str, int]]:
    """The (code, line) pairs of the file's `# expect:` header."""
    for line in path.read_text(encoding="utf-8").splitlines()[:3]:
        if line.startswith("# expect:"):
            words = line.split(":", 1)[1].split()
            return set() if words == ["clean"] else {(w.split("@")[0], int(w.split("@")[1])) for w in words}
    raise AssertionError(f"{path.name} has no '# expect:' line")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([path.relative_to(ROOT)])
    got = {(f.code, f.location.line) for f in findings if f.location.file.endswith(path.name)}
    assert got == expected(path), [f"{f.location}: {f.code} {f.message}" for f in findings]
    elsewhere = [f for f in findings if not f.location.file.endswith(path.name)]
    assert all(f.code == "EMPTY-SLOT" and f.location.file.endswith("coral-sea.yaml") for f in elsewhere), elsewhere


def test_every_check_has_a_failing_and_a_passing_example():
    failing = {code for path in EXAMPLES if path.stem.endswith("-fail") for code, _ in expected(path)}
    assert sorted(c.code for c in CHECKS if c.code not in failing) == []
    stems = {p.stem for p in EXAMPLES}
    assert all(stem.replace("-fail", "-pass") in stems for stem in stems if stem.endswith("-fail"))


def test_findings_cite_the_rulebook(monkeypatch):
    monkeypatch.chdir(ROOT)
    for path in EXAMPLES:
        findings, _ = check_paths([path.relative_to(ROOT)])
        assert all(f.rule.startswith("FFTS ") for f in findings if not f.code.startswith(("YAML-", "SCHEMA", "REF-", "LOAD-"))), path.name


def test_the_demonstration_checks_clean_but_for_its_empty_slots(monkeypatch):
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([DEMO.relative_to(ROOT)])
    assert not [f for f in findings if f.severity == "error"], findings
    assert {f.code for f in findings} == {"EMPTY-SLOT"}
    messages = " ".join(f.message for f in findings)
    for slot in ("ship Lexington: ratings fotw_speed, aa_strength, handling_points", "aircraft TBD-1: ratings search_range",
                 "table strike_sighting_table", "table speed_translation_chart"):
        assert slot in messages
    # every ship, the six aircraft types (each has an empty slot) and the ten tables
    assert len(findings) == 25 + 6 + 10
