"""Issue 12, item 3: a command imports only what it uses.

``chartroom check`` runs in a fresh interpreter and the modules it imported are inspected:
no networkx, no graph module (Fire from the Skies' search-arc checks use the hex geometry of
``toolkit.graph.arcs``, which imports no networkx), no renderer, no jinja2, no WeasyPrint; and
when every document is valid and jsonschema-rs is installed, no jsonschema either.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, sys
from toolkit.cli import main
status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""

NEVER = ("networkx", "jinja2", "weasyprint", "toolkit.render", "toolkit.graph.adjacency", "toolkit.calc_cli", "toolkit.render_cli",
         "toolkit.variant_cli", "mkdocs")


def imported(*args: str, cache: str = "off") -> tuple[int, set[str]]:
    env = dict(os.environ, CHARTROOM_CACHE=cache)
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, env=env, check=True).stdout
    answer = json.loads(out.strip().splitlines()[-1])
    return answer["status"], set(answer["modules"])


def _under(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


@pytest.mark.parametrize("target, status, graph", [
    ("scenarios/fire-in-the-sky/short-campaign.yaml", 0, []),
    ("scenarios/fire-in-the-sky", 0, []),
    ("scenarios/pacific-fury", 0, []),
    ("scenarios/fire-from-the-skies", 0, []),
])
def test_check_imports_no_graph_library(target, status, graph):
    code, modules = imported("check", target)
    assert code == status
    for package in NEVER:
        assert not _under(modules, package), package
    assert _under(modules, "toolkit.graph") == graph


def test_a_valid_check_needs_no_jsonschema_with_the_compiled_validator():
    pytest.importorskip("jsonschema_rs", reason="no compiled validator (jsonschema-rs) installed")
    _, modules = imported("check", "scenarios/fire-in-the-sky/short-campaign.yaml")
    assert not _under(modules, "jsonschema") and not _under(modules, "referencing")
    assert "jsonschema_rs" in modules


def test_an_invalid_document_still_gets_jsonschemas_messages(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: errata\ngame: g\nedition: v1.1\nerrata: 5\n")
    code, modules = imported("check", str(bad))
    assert code == 1 and "jsonschema" in modules


def test_graph_commands_still_import_networkx():
    code, modules = imported("map", "distance", "Truk", "Rabaul")
    assert code == 0 and "networkx" in modules


def _games(modules: set[str]) -> set[str]:
    return {m.split(".")[2] for m in modules if m.startswith("toolkit.games.") and m.split(".")[2] in
            ("fire_in_the_sky", "pacific_fury", "fire_from_the_skies")}


SHORT = "scenarios/fire-in-the-sky/short-campaign.yaml"


@pytest.mark.parametrize("argv, game", [
    (["supply", SHORT, "--side", "allied", "--to", "Brisbane"], "fire_in_the_sky"),
    (["odds", "air", "--attacker", "jp-air:4", "--defender", "us-air:4"], "fire_in_the_sky"),
    (["odds", "fire-in-the-sky", "air", "--attacker", "jp-air:4", "--defender", "us-air:4"], "fire_in_the_sky"),
    (["calc", "supply", SHORT, "--side", "allied", "--to", "Brisbane"], "fire_in_the_sky"),
    (["map", "distance", "Truk", "Rabaul"], "fire_in_the_sky"),
    (["odds", "pacific-fury", "fire", "--cf", "4"], "pacific_fury"),
    (["calc", "zones", "--game", "pacific-fury"], "pacific_fury"),
    (["map", "distance", "The Slot", "Ironbottom Sound", "--game", "pacific-fury"], "pacific_fury"),
    (["calc", "fire-from-the-skies", "bearing", "--from", "0101", "--to", "0303"], "fire_from_the_skies"),
])
def test_a_game_command_imports_no_other_game(argv, game):
    """Issue 18, item 9: a command of one game imports only that game's module (and check no networkx, above)."""
    code, modules = imported(*argv)
    assert code == 0
    assert _games(modules) == {game}
