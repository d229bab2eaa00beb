"""Issue 20, point 4: the citation table of every game is generated from the code and cannot drift.

`chartroom site` builds *Rules cross-reference* (``reference/rules.md``) from :mod:`toolkit.render.citations`:
one row per check code of each game, the clause it enforces and the rule it cites in each edition, with the
more precise rules its findings may cite. Here every finding the checks report over every example and
bundled scenario (and over the examples read in another edition) must cite a rule its row lists, and must
have a row: a finding the core reports with a rule (``toolkit.findings.CORE_CODES``) as much as a check's;
every row is a check the game registers or a core code.
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from toolkit.check import check_paths
from toolkit.findings import CORE_CODES
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


#: Examples read in another edition than their own too (``check --edition``), for the findings only that reading reports.
OTHER_EDITION = [(ROOT / "tests/checks/marker-vp-pass.yaml", "2nd"), (bundled_scenarios() / "fire-in-the-sky/campaign.yaml", "2nd")]


@pytest.fixture(scope="module")
def findings():
    found = []
    for path, edition in [(p, None) for p in EXAMPLES] + OTHER_EDITION:
        try:
            got, _ = check_paths([path], edition)
        except SystemExit:  # pragma: no cover - a file the checker refuses outright
            continue
        found.extend(got)
    return found


def _row_for(tables, finding):
    """(row, edition index, prefix) of the finding's code in the table whose edition its citation names (row None when that
    table has no row for the code); None when the finding cites no game's rule (a problem of form: YAML, schema)."""
    for table in tables:
        for index, prefix in sorted(enumerate(table.editions), key=lambda e: -len(e[1])):
            if finding.rule == prefix or finding.rule.startswith(prefix + " "):
                return next((r for r in table.rows if r.code == finding.code), None), index, prefix
    return None


def test_every_game_has_a_table_with_one_row_per_check(tables):
    assert [t.title for t in tables] == ["Fire from the Skies", "Fire in the Sky", "Pacific Fury: Guadalcanal 1942"]
    for table in tables:
        codes = [r.code for r in table.rows]
        # every row's code is a registered check or a core code, and every check and core code has a row
        assert codes == sorted([c.code for c in table.module.checks()] + [c.code for c in CORE_CODES]), table.title
        assert {r.code for r in table.rows if r.core} == {c.code for c in CORE_CODES}
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
    unlisted, rowless, seen = [], [], set()
    for f in findings:
        found = _row_for(tables, f)
        if found is None:
            assert not f.rule, f"{f.location}: {f.code} cites {f.rule!r}, which names no game's edition"
            continue
        row, index, prefix = found
        if row is None:  # a finding citing a rule with no row in its game's table: a core code left out of CORE_CODES
            rowless.append(f"{f.location}: {f.code} cites {f.rule}")
            continue
        seen.add(row.code)
        cited = {n.strip() for n in f.rule[len(prefix):].split(",") if n.strip()}
        if not cited <= row.numbers(index):
            unlisted.append(f"{f.location}: {f.code} cites {f.rule}; its row lists {sorted(row.numbers(index))}")
    assert unlisted == []
    assert rowless == []
    assert len(seen) > 60  # the examples reach most checks of the three games
    assert {c.code for c in CORE_CODES} <= seen  # the core's own codes are reached too


def test_the_generated_page_lists_every_code(tables):
    page = rules_reference(GAME_FOLDERS, Session())
    for table in tables:
        for row in table.rows:
            assert f"<code>{row.code}</code>" in page
    assert "7.4.5 Planning Searches; also 7.4.6, 7.4.8" in page
    ids = re.findall(r'<tr id="(check-[^"]+)"', page)  # a core code is in every game's table: each row keeps its own id
    assert len(ids) == sum(len(t.rows) for t in tables) == len(set(ids))
    assert "check-pacific-fury-optional-unknown" in ids


def test_core_findings_have_each_games_rule(tables):
    """OPTIONAL-UNKNOWN cites the edition's optional rules section; EDITION-OTHER the rule its numbers rest on, where a game
    has two editions (n/a in a game of one)."""
    by_game = {t.title: {r.code: r for r in t.rows} for t in tables}
    assert by_game["Fire in the Sky"]["OPTIONAL-UNKNOWN"].cells == ("18.0 Optional Rules", "16.0 Optional Rules")
    assert by_game["Pacific Fury: Guadalcanal 1942"]["OPTIONAL-UNKNOWN"].cells == ("9.6 Tokyo Express",)
    assert by_game["Fire from the Skies"]["OPTIONAL-UNKNOWN"].cells == ("16 Aircraft Damage (Optional)",)
    other = by_game["Fire in the Sky"]["EDITION-OTHER"]
    assert other.core and other.severity == "info" and all(c != "n/a" for c in other.cells)
    assert by_game["Pacific Fury: Guadalcanal 1942"]["EDITION-OTHER"].cells == ("n/a",)
    assert by_game["Fire from the Skies"]["EDITION-OTHER"].cells == ("n/a",)
