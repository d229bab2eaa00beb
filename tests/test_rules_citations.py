"""Issue 20, point 4: the citation table of every game is generated from the code and cannot drift.

`chartroom site` builds *Rules cross-reference* (``reference/rules.md``) from :mod:`toolkit.render.citations`:
one row per check code of each game, the clause it enforces and the rule it cites in each edition, with the
more precise rules its findings may cite. Here every finding the checks report over every example and
bundled scenario must cite a rule its row lists, and every row must be a check the game registers.
"""

from __future__ import annotations

import pytest

from conftest import ROOT
from toolkit.check import check_paths
from toolkit.model.build import bundled_scenarios
from toolkit.render.citations import game_citations
from toolkit.render.sitepages import rules_reference
from toolkit.session import Session

GAME_FOLDERS = sorted(p.parent for p in bundled_scenarios().glob("*/game.yaml"))
EXAMPLES = sorted({*ROOT.glob("tests/checks/**/*.yaml"), *ROOT.glob("tests/ffts_checks/*.yaml"), *ROOT.glob("docs/examples/*.yaml"),
                   *(p for p in bundled_scenarios().glob("*/*.yaml") if "kind: scenario" in p.read_text(encoding="utf-8"))})


@pytest.fixture(scope="module")
def tables():
    return game_citations(GAME_FOLDERS, Session())


@pytest.fixture(scope="module")
def findings():
    found = []
    for path in EXAMPLES:
        try:
            got, _ = check_paths([path])
        except SystemExit:  # pragma: no cover - a file the checker refuses outright
            continue
        found.extend(got)
    return found


def _row_for(tables, finding):
    """(row, edition index) of the finding's code in the table whose edition its citation names; None when no game registers the code."""
    for table in tables:
        for index, prefix in sorted(enumerate(table.editions), key=lambda e: -len(e[1])):
            if finding.rule == prefix or finding.rule.startswith(prefix + " "):
                row = next((r for r in table.rows if r.code == finding.code), None)
                return (row, index, prefix) if row is not None else None
    return None


def test_every_game_has_a_table_with_one_row_per_check(tables):
    assert [t.title for t in tables] == ["Fire from the Skies", "Fire in the Sky", "Pacific Fury: Guadalcanal 1942"]
    for table in tables:
        codes = [r.code for r in table.rows]
        assert codes == sorted(c.code for c in table.module.checks()), table.title  # every row's code is a registered check, and every check has a row
        assert all(cell for r in table.rows for cell in r.cells), [r.code for r in table.rows if not all(r.cells)]  # every rule key is numbered
        assert all(r.clause for r in table.rows)


def test_fire_in_the_sky_gives_both_editions_rule_numbers(tables):
    fits = next(t for t in tables if t.title == "Fire in the Sky")
    assert fits.editions == ("FitS v1.1", "FitS 2nd")
    stack = next(r for r in fits.rows if r.code == "STACK-LAND")
    assert stack.cells[0].startswith("2.2.2.1 ") and not stack.cells[1].startswith("2.2.2.1 ")


def test_a_more_precise_citation_in_a_check_is_in_its_row(tables):
    ffts = next(t for t in tables if t.title == "Fire from the Skies")
    arc = next(r for r in ffts.rows if r.code == "FFTS-SEARCH-ARC")
    assert arc.cells == ("7.4.5 Planning Searches",) and arc.also == (("7.4.6", "7.4.8"),)


def test_every_finding_the_checks_report_cites_a_rule_its_row_lists(tables, findings):
    assert len(findings) > 300
    unlisted, seen = [], set()
    for f in findings:
        found = _row_for(tables, f)
        if found is None:
            continue
        row, index, prefix = found
        seen.add(row.code)
        cited = {n.strip() for n in f.rule[len(prefix):].split(",") if n.strip()}
        if not cited <= row.numbers(index):
            unlisted.append(f"{f.location}: {f.code} cites {f.rule}; its row lists {sorted(row.numbers(index))}")
    assert unlisted == []
    assert len(seen) > 60  # the examples reach most checks of the three games


def test_the_generated_page_lists_every_code(tables):
    page = rules_reference(GAME_FOLDERS, Session())
    for table in tables:
        for row in table.rows:
            assert f"<code>{row.code}</code>" in page
    assert "7.4.5 Planning Searches; also 7.4.6, 7.4.8" in page
