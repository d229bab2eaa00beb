"""``extends:`` semantics and safety: chains, cycles, paths that leave the allowed folders, and
findings caused by a variant's change located at the variant's own line."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from conftest import SHORT
from toolkit.check import check_scenario
from toolkit.model.build import load_scenario

pytestmark = pytest.mark.skipif(not SHORT.exists(), reason="bundled scenario not written yet")

HEAD = "kind: scenario\ngame: fire-in-the-sky\nvariant: true\n"


@pytest.fixture
def work(tmp_path, monkeypatch):
    """A working folder (an allowed root) beside an ``outside`` folder that is not one."""
    folder = tmp_path / "work"
    folder.mkdir()
    (tmp_path / "outside").mkdir()
    monkeypatch.chdir(folder)
    return folder


def short_from(folder: Path) -> str:
    """The bundled Short Campaign's path relative to ``folder``, with forward slashes."""
    return Path(os.path.relpath(SHORT, folder.resolve())).as_posix()


def variant(folder: Path, name: str, body: str = "", extends: str | None = None) -> Path:
    path = folder / name
    # The folder in a comment keeps texts distinct across tests (the loader caches by name and content).
    path.write_text(f"# {folder}\n" + HEAD + f'id: {path.stem}\nextends: "{extends or short_from(folder)}"\n' + textwrap.dedent(body), encoding="utf-8")
    return path


def codes(findings, severity="error"):
    return [f.code for f in findings if f.severity == severity]


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


# --- chains ------------------------------------------------------------------------------

def test_a_chain_of_variants_applies_each_file_in_order(work):
    variant(work, "first.yaml", "start_turn: 3\noptional_rules: [\"18.2.5\"]\nmarkers:\n  oil_points: {value: 20, reconstructed: \"more oil\"}\n")
    second = variant(work, "second.yaml", "remove_optional_rules: [\"18.2.5\"]\nmarkers:\n  transport_points: {us: 10, reconstructed: \"fewer\"}\n", extends="first.yaml")
    loaded = load_scenario(second)
    assert loaded.ok, loaded.findings
    scenario = loaded.scenario
    assert scenario.start_turn == 3
    assert "18.2.5" not in scenario.optional_rules
    assert scenario.marker("oil_points").value == 20
    assert scenario.marker("transport_points", "us").value == 10
    assert scenario.marker("transport_points", "japan").value == 4  # the other nations are kept
    assert [Path(f).name for f in scenario.files] == ["short-campaign.yaml", "first.yaml", "second.yaml"]


def test_remove_takes_units_from_the_base_and_setup_adds(work):
    path = variant(work, "v.yaml", """\
        remove:
          - {at: Kure, side: japan, units: [{counter: jp-ca, count: 2}], reconstructed: "two cruisers elsewhere"}
        setup:
          - {at: Truk, side: japan, units: [{counter: jp-ca, count: 2}], reconstructed: "at Truk"}
        """)
    scenario = load_scenario(path).scenario
    by_place = {(p.where, u.counter): u.count for p in scenario.setup for u in p.units}
    assert by_place[("Kure", "jp-ca")] == 3
    assert by_place[("Truk", "jp-ca")] == 2
    assert codes(check_scenario(path)) == []


def test_remove_never_takes_from_the_same_file_additions(work):
    path = variant(work, "v.yaml", """\
        setup:
          - {at: Truk, side: japan, units: [{counter: jp-bb-yamato-musashi}], reconstructed: "added"}
        remove:
          - {at: Truk, side: japan, units: [{counter: jp-bb-yamato-musashi}], reconstructed: "not in the base"}
        """)
    findings = load_scenario(path).findings
    assert codes(findings) == ["VARIANT-REMOVE"]
    assert findings[0].location.file.endswith("v.yaml") and findings[0].location.line == line_of(path, "not in the base")


def test_removing_more_than_the_base_has_says_how_many(work):
    path = variant(work, "v.yaml", 'remove:\n  - {at: Kure, side: japan, units: [{counter: jp-ca, count: 7}], reconstructed: "too many"}\n')
    finding = next(f for f in load_scenario(path).findings if f.code == "VARIANT-REMOVE")
    assert "only 5" in finding.message and finding.location.line == line_of(path, "too many")


def test_control_override_back_to_the_printed_flag_undoes_the_base_change(work):
    path = variant(work, "v.yaml", 'control:\n  - {base: Wake, side: allied, reconstructed: "Wake holds"}\n')
    loaded = load_scenario(path)
    assert loaded.game.control_of(loaded.scenario, "Wake") == "allied"
    # What the variant's override makes wrong in its base (Japanese units at an Allied Wake, the Victory
    # Points) is reported at its control: line, as inherited findings (toolkit/inherited.py); nothing else.
    mine = [f for f in check_scenario(path) if f.location.file.endswith("v.yaml")]
    assert sorted(f.code for f in mine) == ["CONTROL-OCCUPIED", "MARKER-VP"]
    assert all("inherited_from" in f.extra and "(this variant's control: leads to it)" in f.message for f in mine)


def test_removing_an_optional_rule_not_in_use_is_a_warning_at_the_variant(work):
    path = variant(work, "v.yaml", 'remove_optional_rules: ["18.1.5"]\n')
    findings = load_scenario(path).findings
    assert codes(findings, "warning") == ["VARIANT-REMOVE"] and findings[0].location.line == line_of(path, "18.1.5")


# --- cycles ------------------------------------------------------------------------------

def test_a_file_extending_itself_is_a_cycle_at_its_extends_line(work):
    path = variant(work, "self.yaml", extends="self.yaml")
    findings = load_scenario(path).findings
    assert codes(findings) == ["EXTENDS-CYCLE"]
    assert (findings[0].location.file, findings[0].location.line) == ("self.yaml", line_of(path, "extends:"))


def test_a_two_file_cycle_is_reported_at_the_checked_variant(work):
    a = variant(work, "a.yaml", extends="b.yaml")
    variant(work, "b.yaml", extends="a.yaml")
    findings = load_scenario(a).findings
    assert codes(findings) == ["EXTENDS-CYCLE"]
    assert findings[0].location.file == "a.yaml" and findings[0].location.line == line_of(a, "extends:")
    assert "a.yaml -> b.yaml -> a.yaml" in findings[0].message


def test_a_loop_further_down_the_chain_names_it(work):
    top = variant(work, "top.yaml", extends="b.yaml")
    variant(work, "b.yaml", extends="c.yaml")
    variant(work, "c.yaml", extends="b.yaml")
    finding = load_scenario(top).findings[0]
    assert finding.code == "EXTENDS-CYCLE" and finding.location.file == "top.yaml"
    assert "top.yaml -> b.yaml -> c.yaml -> b.yaml" in finding.message


def test_an_overlong_chain_is_refused(work):
    previous = None
    for i in range(20):
        previous = variant(work, f"v{i}.yaml", extends=previous.name if previous else None)
    assert "EXTENDS-CYCLE" in codes(load_scenario(previous).findings)


# --- paths -------------------------------------------------------------------------------

@pytest.mark.parametrize("raw", ["/etc/passwd", "~/base.yaml", "C:/base.yaml", "..\\\\short-campaign.yaml", "sub\\\\base.yaml"])
def test_absolute_paths_and_backslashes_are_refused(work, raw):
    path = variant(work, "v.yaml", extends=raw)
    findings = [f for f in load_scenario(path).findings if f.severity == "error"]
    assert len(findings) == 1 and findings[0].location.line == line_of(path, "extends:")
    assert findings[0].code == ("SCHEMA-FORM" if "\\" in raw else "EXTENDS-PATH")  # the schema refuses backslashes first


def _outside_message(work, target: str) -> str:
    """The message refusing ``target``, with the path as written and as resolved masked: all that may differ."""
    path = variant(work, "v.yaml", extends=target)
    findings = [f for f in load_scenario(path).findings if f.severity == "error"]
    assert [f.code for f in findings] == ["EXTENDS-PATH"], findings
    message = findings[0].message
    assert f"extends: {target!r} resolves to {os.path.normpath(work / target)} (from {work}, this file's folder)" in message
    return message.replace(repr(target), "WRITTEN").replace(os.path.normpath(work / target), "RESOLVED")


def test_outside_paths_get_the_same_message_whether_or_not_the_file_exists(work):
    outside = work.parent / "outside"
    (outside / "secret.yaml").write_text(SHORT.read_text(encoding="utf-8"), encoding="utf-8")
    existing = _outside_message(work, "../outside/secret.yaml")
    missing = _outside_message(work, "../outside/missing.yaml")
    folder_missing = _outside_message(work, "../nowhere/missing.yaml")
    assert existing == missing == folder_missing
    assert "secret" not in existing and "missing" not in existing and "outside/" not in existing
    assert f"outside the folders Chartroom may read for this check: the working folder {work}, the bundled games " in existing


def test_a_path_that_leaves_and_comes_back_is_refused_the_same_way(work):
    message = _outside_message(work, "../outside/../work/v.yaml")
    assert message.replace("/outside", "/X") == _outside_message(work, "../nowhere/../work/v.yaml").replace("/nowhere", "/X")
    assert f"but passes through {work.parent / 'outside'}, outside the folders" in message


def test_a_symbolic_link_leading_outside_is_refused_the_same_way(work):
    outside = work.parent / "outside"
    (outside / "secret.yaml").write_text(SHORT.read_text(encoding="utf-8"), encoding="utf-8")
    (work / "link.yaml").symlink_to(outside / "secret.yaml")
    (work / "dangling.yaml").symlink_to(outside / "missing.yaml")
    linked = _outside_message(work, "link.yaml")
    assert linked == _outside_message(work, "dangling.yaml")
    assert "a symbolic link that leads outside the folders" in linked and "secret" not in linked


def test_a_missing_base_inside_is_named(work):
    path = variant(work, "v.yaml", extends="missing.yaml")
    message = load_scenario(path).findings[0].message
    assert message == f"extends: 'missing.yaml' resolves to {work / 'missing.yaml'} (from {work}, this file's folder): no scenario file there"


def test_the_bundled_game_is_reachable_through_parent_folders(work):
    assert load_scenario(variant(work, "v.yaml")).ok


# --- findings caused by a variant point at the variant ----------------------------------

def test_one_battleship_too_many_points_at_the_variant_line(work):
    path = variant(work, "v.yaml", """\
        setup:
          - at: Truk
            side: japan
            units:
              - {counter: jp-bb-mutsu-nagato}
            reconstructed: "a second Mutsu/Nagato"
        """)
    findings = [f for f in check_scenario(path) if f.severity == "error"]
    assert [f.code for f in findings] == ["COUNTER-MIX"]
    assert (findings[0].location.file, findings[0].location.line) == ("v.yaml", line_of(path, "jp-bb-mutsu-nagato"))


def test_a_unit_over_an_atoll_land_capacity_points_at_the_variant_line(work):
    path = variant(work, "v.yaml", """\
        setup:
          - at: Wake
            side: japan
            units:
              - {counter: jp-land-4}
            reconstructed: "one 4-strength unit onto Wake, which holds the SNLF already"
        remove:
          - {at: Kure, side: japan, units: [{counter: jp-land-4}], reconstructed: "from Kure"}
        """)
    findings = [f for f in check_scenario(path) if f.severity == "error"]
    assert [f.code for f in findings] == ["STACK-LAND"]
    assert (findings[0].location.file, findings[0].location.line) == ("v.yaml", line_of(path, "jp-land-4}"))


def test_a_variant_without_changes_checks_like_its_base(work):
    path = variant(work, "v.yaml")
    assert codes(check_scenario(path)) == codes(check_scenario(SHORT))
