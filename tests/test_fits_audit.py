"""Fire in the Sky rules-fidelity audit (issue 24): each test holds one rule clause, in both editions where they
differ, with a case the rule refuses and one it allows. v1.1 is the MMP rulebook, 2nd the Phalanx edition."""

from __future__ import annotations

import pytest
from ruamel.yaml import YAML

from conftest import GAME, run_cli

# --- cost: who may react, who pays TP, which rule prices the move ------------------------------------------------

@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 10.1"), ("2nd", "FitS 2nd 9.0")])
def test_only_naval_units_react_in_cost(capsys, edition, rule):
    # v1.1 10.1; 2nd 9.0: only the non-phasing player's naval units react; a land or air unit has no reaction price.
    status, out, err = run_cli(capsys, "cost", "operational", "--units", "jp-ca", "jp-land-4", "--hexes", "2", "--reaction",
                               "--edition", edition)
    assert (status, out) == (2, "") and err == f"chartroom: only naval units react, not jp-land-4 ({rule})\n"
    status, out, err = run_cli(capsys, "cost", "operational", "--units", "jp-ca", "--hexes", "2", "--reaction",
                               "--edition", edition)
    assert (status, err) == (0, "") and out.endswith(f"({rule})\n")


@pytest.mark.parametrize("edition, rule", [("v1.1", "FitS v1.1 17.4"), ("2nd", "FitS 2nd 15.4")])
def test_dutch_units_spend_no_transport_points_in_cost(capsys, edition, rule):
    # v1.1 17.4; 2nd 15.4: the Netherlands get no TP: no Dutch Sea Deployment, no Operational Movement of the ABDA unit.
    status, out, err = run_cli(capsys, "cost", "sea-deployment", "--unit", "nl-cl", "--edition", edition)
    assert (status, out) == (2, "") and "the Netherlands receive no Transport Points" in err and err.endswith(f"({rule})\n")
    status, out, err = run_cli(capsys, "cost", "operational", "--units", "nl-abda", "--hexes", "2", "--edition", edition)
    assert (status, out) == (2, "") and "nl-abda" in err and err.endswith(f"({rule})\n")
    # Dutch ships move operationally like any Allied naval unit: free (v1.1 9.3; 2nd 8.4).
    status, out, err = run_cli(capsys, "cost", "operational", "--units", "nl-cl", "nl-dd", "--hexes", "2", "--edition", edition)
    assert (status, out, err)[:2] == (0, f"0 TP, 0 Oil Points ({'FitS v1.1 9.3' if edition == 'v1.1' else 'FitS 2nd 8.4'})\n")
    # A British unit, with TP of its own, is priced as before.
    assert run_cli(capsys, "cost", "sea-deployment", "--unit", "br-dd", "--edition", edition)[0] == 0


@pytest.mark.parametrize("units, v11, second", [
    (["jp-land-4"], "4 TP, 0 Oil Points (FitS v1.1 9.2)", "8 TP, 0 Oil Points (FitS 2nd 8.2)"),
    (["jp-air"], "2 TP, 0 Oil Points (FitS v1.1 9.2)", "4 TP, 0 Oil Points (FitS 2nd 8.3)"),
    (["jp-ca", "jp-dd", "jp-land-4"], "4 TP, 1.5 Oil Points (FitS v1.1 9.2, 9.3)", "8 TP, 1.5 Oil Points (FitS 2nd 8.2, 8.4)"),
    (["jp-ca", "jp-air"], "2 TP, 1 Oil Point (FitS v1.1 9.2, 9.3)", "4 TP, 1 Oil Point (FitS 2nd 8.3, 8.4)"),
    (["jp-ca", "jp-dd"], "0 TP, 1.5 Oil Points (FitS v1.1 9.3)", "0 TP, 1.5 Oil Points (FitS 2nd 8.4)"),
])
def test_operational_cost_cites_the_rules_that_price_it(capsys, units, v11, second):
    # Land and air TP: v1.1 9.2 (x1, the 9.2 example: a 2-step air unit pays 2 TP); 2nd 8.2 (land) and 8.3 (air), x2.
    # Japanese naval Oil: v1.1 9.3; 2nd 8.4. The citation was 9.3 / 8.4 whatever the Task Force held.
    assert run_cli(capsys, "cost", "operational", "--units", *units, "--hexes", "4") == (0, v11 + "\n", "")
    assert run_cli(capsys, "cost", "operational", "--units", *units, "--hexes", "4", "--edition", "2nd") == (0, second + "\n", "")


# --- citations of the data --------------------------------------------------------------------------------------

def test_land_units_end_sea_movement_on_land_cites_2nd_3_2_3():
    # 2nd 3.2.3 (Land Hexes) says land units end their sea movement or One-hex Deployment in a land hex; 3.1.3 is the
    # land units' counters (full and reduced sides). v1.1 has no such clause (9.2.3: they land or go back to base).
    editions = {e: YAML(typ="safe").load((GAME / "editions" / f"{e}.yaml").read_text(encoding="utf-8"))["parameters"]
                for e in ("v1.1", "2nd")}
    second = editions["2nd"]["operational_land_units_end_on_land"]
    assert second["value"] is True and second["source"] == "FitS 2nd 3.2.3"
    assert editions["v1.1"]["operational_land_units_end_on_land"]["value"] is False
