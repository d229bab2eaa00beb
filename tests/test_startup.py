"""Issue 12, item 3: a command imports only what it uses.

``chartroom check`` runs in a fresh interpreter and the modules it imported are inspected:
no networkx, no jinja2, no WeasyPrint, no pypdf, no mkdocs, no PDF workers (multiprocessing) and
no other command's module; and when every document is valid and jsonschema-rs is installed, no
jsonschema either. Issue 18, item 9: imports sit at the top of every module; a game's parts that only
some commands use (aids, site pages, calculations, map questions, command lines) are loaded by name
through ``BaseGame.part`` when a command asks for them, so ``check`` loads none of them, and a heavy
library is asked of :mod:`toolkit.lazy` where it is used.
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

NEVER = ("networkx", "jinja2", "weasyprint", "pypdf", "mkdocs", "multiprocessing", "toolkit.render.build", "toolkit.render.pdf",
         "toolkit.render.site", "toolkit.calc_cli", "toolkit.map_cli", "toolkit.render_cli", "toolkit.variant_cli",
         # each game's parts that check has no use for (BaseGame.part loads them for the commands that do)
         "toolkit.games.fire_in_the_sky.aids_odds", "toolkit.games.fire_in_the_sky.site", "toolkit.games.fire_in_the_sky.parsers",
         "toolkit.games.fire_in_the_sky.map_questions", "toolkit.games.fire_in_the_sky.overlays", "toolkit.games.fire_in_the_sky.state",
         "toolkit.games.pacific_fury.aids", "toolkit.games.pacific_fury.site",
         "toolkit.games.pacific_fury.calculations", "toolkit.games.pacific_fury.map_questions", "toolkit.games.fire_from_the_skies.aids",
         "toolkit.games.fire_from_the_skies.site", "toolkit.games.fire_from_the_skies.calcs", "toolkit.games.fire_from_the_skies.map_questions",
         # issue 22: the set-up drawn on the map (map draw, aids) and the writing of files (tempfile) are not a check's
         "toolkit.games.setup", "toolkit.model.setup", "toolkit.games.pacific_fury.setup_map", "toolkit.outputs", "tempfile",
         # nor shutil (argparse's help width is found without it, toolkit.cli.terminal_columns) and its compressors
         "shutil", "bz2", "lzma")


def imported(*args: str, cache: str = "off") -> tuple[int, set[str]]:
    env = dict(os.environ, CHARTROOM_CACHE=cache)
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, env=env, check=True).stdout
    answer = json.loads(out.strip().splitlines()[-1])
    return answer["status"], set(answer["modules"])


def _under(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


@pytest.mark.parametrize("target", [
    "scenarios/fire-in-the-sky/short-campaign.yaml",
    "scenarios/fire-in-the-sky",
    "scenarios/pacific-fury",
    "scenarios/fire-from-the-skies",
])
def test_check_imports_no_graph_library(target):
    code, modules = imported("check", target)
    assert code == 0
    for package in NEVER:
        assert not _under(modules, package), package


@pytest.mark.parametrize("argv, library", [
    (["map", "distance", "Truk", "Rabaul"], "networkx"),
    (["map", "draw", "--game", "pacific-fury", "--output", "{tmp}/map.svg"], "jinja2"),
])
def test_the_library_loads_when_the_command_needs_it(argv, library, tmp_path):
    """The other side of the lazy imports: the command that uses the library gets it (toolkit.lazy)."""
    code, modules = imported(*[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 0 and library in modules


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


#: What Fire in the Sky's ``odds`` never imports (issue 22 item 2): another game, the graph library, the renderer's
#: aids, map drawing and PDF workers, the variant tools, the other commands' modules, the JSON Schema messages.
ODDS_NEVER = ("networkx", "jinja2", "multiprocessing", "jsonschema", "referencing", "toolkit.games.pacific_fury",
              "toolkit.games.fire_from_the_skies", "toolkit.render.aids", "toolkit.render.svgmap", "toolkit.render.pdf",
              "toolkit.render.build", "toolkit.variant", "toolkit.fmt", "toolkit.map_cli", "toolkit.render_cli",
              "toolkit.variant_cli", "toolkit.shell_cli", "toolkit.games.maps", "toolkit.model.mapstyle")
#: What a ``check`` never imports besides :data:`NEVER` (issue 22 item 2): the map questions and drawing, the
#: calculations and their exact arithmetic, the graph helpers, the formatter.
CHECK_NEVER = NEVER + ("toolkit.games.maps", "toolkit.games.calculation", "toolkit.model.mapstyle", "toolkit.graph",
                       "toolkit.exact", "toolkit.fmt", "toolkit.render",
                       "toolkit.games.fire_in_the_sky.bases", "toolkit.games.fire_in_the_sky.map_style",
                       "toolkit.games.fire_from_the_skies.map_style", "toolkit.games.fire_from_the_skies.calcs_ops")


def test_fire_in_the_skys_odds_imports_only_its_game_and_what_it_needs():
    code, modules = imported("odds", "air", "--attacker", "jp-air:4", "--defender", "us-air:4")
    assert code == 0
    assert [package for package in ODDS_NEVER if _under(modules, package)] == []
    assert "toolkit.games.fire_in_the_sky.odds" in modules  # and it did answer from its own module


@pytest.mark.parametrize("target", ["scenarios/fire-in-the-sky/short-campaign.yaml", "scenarios/pacific-fury/campaign.yaml",
                                    "scenarios/fire-from-the-skies/midway.yaml"])
def test_check_imports_none_of_the_other_commands_parts(target):
    code, modules = imported("check", target)
    assert code == 0
    never = CHECK_NEVER
    if "fire-from-the-skies" in target:  # FFTS-STRIKE-SIGHTED (7.2) needs the search arcs of toolkit.graph.arcs
        never = tuple(package for package in CHECK_NEVER if package != "toolkit.graph")
        assert "toolkit.graph.arcs" in modules
    assert [package for package in never if _under(modules, package)] == []


def test_a_warm_check_imports_no_json_schema_library(tmp_path):
    """Issue 22: with every verdict, parse and overlay judgement in the cache, check loads no validator at all."""
    for _ in range(2):
        code, modules = imported("check", "scenarios/fire-in-the-sky/short-campaign.yaml", cache=str(tmp_path / "cache"))
    assert code == 0
    assert [m for m in ("jsonschema_rs", "jsonschema", "referencing", "ruamel.yaml", "toolkit.load.yamlpos") if _under(modules, m)] == []
