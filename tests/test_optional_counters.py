"""Optional counters against the rulebooks (issue 11 item 20).

FitS v1.1 19.0 sets up "[opt] CVL (Hosho, Ryujo)" (optional rule 18.2.5); FitS 2nd 16.2.5 has the
optional carriers "start the game on the map (CV Hōshō, Ryūjō)": a CV in the 2nd edition. A finding
about an optional counter cites the optional rule that counter belongs to: CV (Ranger) is v1.1 18.1.5 /
2nd 16.1.5 (Ranger to the Rescue), not 18.2.5 / 16.2.5 (I Want it All!).
"""

from __future__ import annotations

import json
import os

from conftest import GAME, SHORT
from toolkit.cli import main
from toolkit.model.build import load_game


def test_hosho_ryujo_is_a_cvl_in_v11_and_a_cv_in_the_2nd_edition():
    v11 = load_game(GAME, "v1.1").game.counters["jp-hosho-ryujo"]
    second = load_game(GAME, "2nd").game.counters["jp-hosho-ryujo"]
    assert (v11.name, v11.cls, v11.optional_rule) == ("CVL (Hosho, Ryujo)", "CVL", "18.2.5")
    assert (second.name, second.cls, second.optional_rule) == ("CV (Hosho, Ryujo)", "CV", "16.2.5")
    assert v11.ratings["transport"] == 1 and second.ratings["transport"] == 2  # CVL 1, CV 2 (v1.1 Example of Play)


def test_the_short_campaign_with_i_want_it_all_checks_clean_in_both_editions(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    variant = tmp_path / "all.yaml"
    variant.write_text(f'kind: scenario\ngame: fire-in-the-sky\nid: all\nvariant: true\nextends: "{SHORT}"\n'
                       'reconstructed: "test"\noptional_rules: ["18.2.5"]\n'.replace(f'"{SHORT}"', f'"{_relative(SHORT, tmp_path)}"'),
                       encoding="utf-8")
    for edition in ("v1.1", "2nd"):
        assert main(["check", str(variant), "--edition", edition, "--format", "json"]) == 0
        findings = json.loads(capsys.readouterr().out)
        # The variant declares no edition: it is its base's (v1.1); in the 2nd edition one note says so (2nd 3.3.10: VP start at 20).
        assert [f["code"] for f in findings] == ([] if edition == "v1.1" else ["EDITION-OTHER"])


def _relative(path, start) -> str:
    return os.path.relpath(path, start)


RANGER = """\
kind: scenario
game: fire-in-the-sky
id: ranger-without-its-rule
variant: true
extends: "{base}"
reconstructed: "test: Ranger on the Turn Record Track and at West Coast USA without optional rule 18.1.5"
turn_track:
  - turn: 3
    side: allied
    units:
      - {{counter: us-cv-ranger}}
    reconstructed: "test"
setup:
  - at: West Coast USA
    side: allied
    units:
      - {{counter: us-cv-ranger}}
    reconstructed: "test"
"""


def test_the_ranger_finding_cites_ranger_to_the_rescue(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "ranger.yaml"
    path.write_text(RANGER.format(base=_relative(SHORT, tmp_path)), encoding="utf-8")
    for edition, rule in (("v1.1", "FitS v1.1 18.1.5"), ("2nd", "FitS 2nd 16.1.5")):
        main(["check", str(path), "--edition", edition])
        lines = [line for line in capsys.readouterr().out.splitlines() if "COUNTER-OPTIONAL" in line]
        assert len(lines) == 2, lines
        for line in lines:
            number = rule.split()[-1]
            assert f"({number})" in line and line.endswith(f"[{rule}]"), line
            assert "18.2.5" not in line and "16.2.5" not in line


def test_an_i_want_it_all_counter_still_cites_i_want_it_all(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "bbv.yaml"
    path.write_text(f'kind: scenario\ngame: fire-in-the-sky\nid: bbv\nvariant: true\nextends: "{_relative(SHORT, tmp_path)}"\n'
                    'reconstructed: "test"\nsetup:\n  - {at: Yokosuka, side: japan, units: [{counter: jp-bbv-ise-hyuga}], reconstructed: "test"}\n',
                    encoding="utf-8")
    main(["check", str(path), "--edition", "2nd"])
    out = capsys.readouterr().out
    assert "COUNTER-OPTIONAL BBV (Ise, Hyuga) is an optional-rule counter (16.2.5)" in out and "[FitS 2nd 16.2.5]" in out
