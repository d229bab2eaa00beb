"""Messages a newcomer can act on (issue 11 item 16): a loosely written edition names the game's editions and
how to quote one; YAML syntax errors carry a plain-language hint beside the parser's words."""

from __future__ import annotations

import os

import pytest

from conftest import GAME, SHORT
from toolkit.cli import main


def check(capsys, path):
    status = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out


def with_edition(tmp_path, written: str):
    text = SHORT.read_text(encoding="utf-8")
    assert "\nedition: v1.1\n" in text
    path = tmp_path / "edition.yaml"
    path.write_text(text.replace("\nedition: v1.1\n", f"\nedition: {written}\n", 1), encoding="utf-8")
    return path, text[: text.index("\nedition: v1.1\n")].count("\n") + 2


@pytest.mark.parametrize("written, described, guess, code", [
    ("2nd edition", "text '2nd edition'", "2nd", "SCHEMA-FORM"),
    ("V1.1", "text 'V1.1'", "v1.1", "SCHEMA-FORM"),
    ("1.1", "float 1.1", "v1.1", "SCHEMA-TYPE"),
    ("2", "int 2", "2nd", "SCHEMA-TYPE"),
])
def test_a_loosely_written_edition_lists_the_editions_and_the_quoting(tmp_path, capsys, written, described, guess, code):
    path, line = with_edition(tmp_path, written)
    status, out = check(capsys, path)
    assert status == 1
    first = out.splitlines()[0]
    assert first.startswith(f"{path}:{line}:10: error {code} edition: {described} is not an edition id; "
                            f"this game's editions are v1.1, 2nd; did you mean '{guess}'? "
                            f"Write the id as game.yaml gives it, in quotes: edition: \"{guess}\""), first
    assert ("YAML reads an unquoted number as a number" in first) == (written[0].isdigit() and " " not in written)


def test_an_edition_with_no_likely_meaning_still_lists_the_editions(tmp_path, capsys):
    path, _ = with_edition(tmp_path, "Second Edition Deluxe")
    status, out = check(capsys, path)
    assert status == 1
    assert "this game's editions are v1.1, 2nd. Write the id as game.yaml gives it, in quotes: edition: \"v1.1\"" in out


YAML_CASES = [
    # (name, text, line, column, the plain hint)
    ("indented-key", "kind: scenario\nsetup:\n  - at: Kure\n  side: japan\n", 4, 3,
     "the indentation of this line does not fit the lines above it"),
    ("indented-key-2", "kind: scenario\nsetup:\n  - at: Kure\n    side: japan\n   units: []\n", 5, 4,
     "the indentation of this line does not fit the lines above it"),
    ("missing-brace", "kind: scenario\nsetup:\n  - at: Kure\n    units:\n      - {counter: jp-ca, count: 2\n      - {counter: jp-dd}\n", 6, 9,
     "the '{' at line 5 column 9 is not closed: add '}' at the end of line 5 (YAML notices a missing '}' only on a later line)"),
    ("missing-bracket", "kind: scenario\noptional_rules: [\"18.2.5\"\ntitle: x\n", 3, 1,
     "the '[' at line 2 column 17 is not closed: add ']' at the end of line 2"),
    ("two-colons", "kind: scenario\ntitle: Kure: the base\n", 2, 12, "a second ': ' on one line: put a value that holds ': ' in quotes"),
    ("open-quote", "kind: scenario\ntitle: \"Kure\nid: x\n", 4, 1, "the quotation mark at line 2 column 8 is never closed"),
    ("apostrophe", "kind: scenario\ntitle: 'Nimitz's move'\n", 2, 16, "text goes on after its closing quote: inside '...' write '' for an apostrophe"),
    ("dash-under-mapping", "kind: scenario\nsetup:\n    - at: Kure\n  - at: Truk\n", 4, 3, "a list item ('- ') where the lines above expect a key"),
    ("at-sign", "kind: scenario\ntitle: @home\n", 2, 8, "a value cannot start with this character: put the value in quotes"),
]


@pytest.mark.parametrize("name, text, line, column, hint", YAML_CASES, ids=[c[0] for c in YAML_CASES])
def test_yaml_syntax_errors_have_a_plain_hint(tmp_path, capsys, name, text, line, column, hint):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    status, out = check(capsys, path)
    assert status == 2
    first = out.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{column}: error YAML-SYNTAX YAML syntax: {hint}"), first
    assert "(the parser says: " in first  # the parser's own words stay, for searching
    assert len(out.splitlines()) == 2


def test_a_source_that_is_no_citation_says_the_prefixes_a_citation_takes(tmp_path, capsys):
    """A plan's source: must cite the edition ('FitS v1.1 ...'): the refusal names the prefixes (it said 'not plain text
    without control characters', which the text was); a citation passes."""
    plan = (GAME / "plans" / "example-of-play.yaml").read_text(encoding="utf-8")
    assert '\nsource: "FitS v1.1 19.0 Example of Play"\n' in plan
    scenario = os.path.relpath(GAME / "short-campaign.yaml", tmp_path)
    for source, refused in (("a test plan", True), ("FitS 2nd 6.1", False)):
        path = tmp_path / "plan.yaml"
        path.write_text(plan.replace('\nsource: "FitS v1.1 19.0 Example of Play"\n', f'\nsource: "{source}"\n', 1)
                        .replace("scenario: ../short-campaign.yaml", f"scenario: {scenario}"), encoding="utf-8")
        status = main(["plan", str(path), "--format", "json"])
        out, err = capsys.readouterr()
        if refused:
            assert status == 2 and ("source: text 'a test plan' is not a citation: 'FitS v1.1' or 'FitS 2nd', then the rule, "
                                    "section or chart (e.g. 'FitS v1.1 2.1')") in err, err
        else:
            assert "not a citation" not in err, err


@pytest.mark.parametrize("key, written", [("title: Short Campaign Game", 'title: ""'), ("at: Kure", 'at: ""'),
                                          ("id: short-campaign", 'id: ""')])
def test_an_empty_text_is_said_to_be_empty(tmp_path, capsys, key, written):
    """An empty string where text, a place or an id goes is said to be empty (it was "text '' is not plain text without
    control characters", of a text that holds none)."""
    text = SHORT.read_text(encoding="utf-8")
    assert key in text
    path = tmp_path / "empty-value.yaml"
    path.write_text(text.replace(key, written, 1), encoding="utf-8")
    status, out = check(capsys, path)
    assert status == 1
    name = key.split(":")[0]
    assert f"error SCHEMA-FORM {name}: is empty; " in out.splitlines()[0] and "control characters" not in out, out


@pytest.mark.parametrize("written, said", [("count: 0", "count: 0 is below the smallest allowed value 1"),
                                           ("count: 2.5", "count: expected a whole number, got float 2.5"),
                                           ("cuont: 2", "unknown key 'cuont'")])
def test_a_unit_written_as_a_mapping_is_judged_as_one(tmp_path, capsys, monkeypatch, written, said):
    """A plan's unit is a counter id or a mapping {counter, count, steps}: a wrong count in the mapping is said of the
    count (it was "units: expected text, got a mapping", the other form's complaint)."""
    plan = (GAME / "plans" / "example-of-play.yaml").read_text(encoding="utf-8")
    assert "{counter: jp-dd, count: 2}" in plan
    path = tmp_path / "plan.yaml"
    path.write_text(plan.replace("{counter: jp-dd, count: 2}", "{counter: jp-dd, " + written + "}", 1)
                    .replace("scenario: ../short-campaign.yaml", f"scenario: {os.path.relpath(SHORT, tmp_path)}"), encoding="utf-8")
    for validator in ("fast", "jsonschema"):
        monkeypatch.setenv("CHARTROOM_VALIDATOR", validator)
        status = main(["plan", str(path)])
        out, err = capsys.readouterr()
        assert status == 2 and said in err and "expected text, got a mapping" not in err, (validator, err)


@pytest.mark.parametrize("written, hinted", [('at: 0203', True), ('at: -1', False)])
def test_the_quoting_hint_is_given_for_digits_only(tmp_path, capsys, written, hinted):
    """"Put it in quotes: YAML drops leading zeros" fits a hex id written unquoted (0203 read as 203), not a negative number."""
    text = SHORT.read_text(encoding="utf-8")
    path = tmp_path / "quoted.yaml"
    path.write_text(text.replace("at: Kure", written, 1), encoding="utf-8")
    status, out = check(capsys, path)
    assert status == 1 and "at: expected text, got int" in out
    assert ("drops leading zeros" in out) == hinted, out
