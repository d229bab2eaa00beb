"""Prove the seam: a third game (tests/games/tiny, an area map) and a renamed copy of Fire in the Sky.

Every case runs the real command in process on real files. The tiny game's module is
``games.tiny_module`` (tests/games/tiny_module/), importable once ``tests/`` is on sys.path.
"""

from __future__ import annotations

import re
import shutil

import pytest

from conftest import GAME, ROOT, run_cli

TESTS = ROOT / "tests"
TINY = TESTS / "games" / "tiny"
SKIRMISH = TINY / "skirmish.yaml"
FITS_CODES = {"STACK-LAND", "STACK-AIR", "STACK-PORT", "COUNTER-MIX", "PLACE-LAND", "PLACE-SEA"}


run = run_cli


@pytest.fixture
def tiny(monkeypatch):
    """The tiny game's module importable (as pytest's rootdir insertion does, made explicit)."""
    monkeypatch.syspath_prepend(str(TESTS))
    return TINY


@pytest.fixture
def tiny_copy(tiny, tmp_path, monkeypatch):
    """A copy of the tiny game in a temporary working folder (variants may not leave it)."""
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    monkeypatch.chdir(tmp_path)
    return folder


def scenario(folder, name, setup, side_word="red"):
    """A tiny scenario file in ``folder`` with the set-up lines ``setup`` (YAML, indented by 2)."""
    path = folder / name
    path.write_text(
        "# yaml-language-server: $schema=schemas/scenario.schema.json\n"
        "kind: scenario\ngame: tiny\nid: fixture\ntitle: Fixture\nedition: standard\n"
        f'reconstructed: "test fixture"\nsetup:\n{setup}', encoding="utf-8")
    return path


# --- the game loads and is clean ---------------------------------------------------------

def test_tiny_game_folder_is_clean(tiny, capsys):
    status, out, err = run(capsys, "check", TINY)
    assert (status, err) == (0, "")
    assert out.endswith("ok: 6 files checked, no findings\n")


def test_tiny_game_loads_an_area_map(tiny):
    from toolkit.graph import adjacency_graph
    from toolkit.session import Session

    opened = Session().open_scenario(SKIRMISH)
    assert opened.ok, opened.findings
    game = opened.game
    assert game.map.kind == "areas" and opened.module.map_kind == "areas"
    assert game.map.hexes == {"North", "Middle", "South"}
    assert game.map.area_kinds == {"North": "zone", "Middle": "zone", "South": "zone"}
    assert sorted(tuple(sorted(e)) for e in adjacency_graph(game.map).edges()) == [("Middle", "North"), ("Middle", "South")]
    assert {p.name: p.hex for p in game.map.places.values()} == {
        "Red Keep": "North", "Crossroads": "Middle", "Blue Keep": "South", "Old Mill": "Middle"}
    assert game.control_of(opened.scenario, "Crossroads") == "red"
    assert game.edition.cite("stacking") == "Tiny standard 4.1"


def test_tiny_scenario_validates_against_its_overlay(tiny_copy, capsys):
    good = scenario(tiny_copy, "good.yaml", "  - {at: Middle, side: red, units: [{counter: red-tank}], reconstructed: \"fixture\"}\n")
    assert run(capsys, "check", good)[0] == 0
    bad = scenario(tiny_copy, "bad.yaml", "  - {at: Middle, side: japan, units: [{counter: red-tank}], reconstructed: \"fixture\"}\n")
    status, out, _ = run(capsys, "check", bad)
    assert status == 1
    assert "tiny/bad.yaml:9:24: error SCHEMA-ENUM side: text 'japan' is not one of: red, blue" in out


def test_area_map_errors_are_located(tiny_copy, capsys):
    """An area map names its areas; the hex grid's keys and patterns are no part of it."""
    path = tiny_copy / "map.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("hex: Middle, kind: base", "hex: Midle, kind: base")
                    .replace("[Middle, South]", "[Middle, Soth]")
                    .replace("adjacency:", "grid: {layout: flat-top}\nadjacency:"), encoding="utf-8")
    status, out, _ = run(capsys, "check", "tiny/map.yaml")
    assert status == 1
    assert "tiny/map.yaml:8:1: error SCHEMA-KEY unknown key 'grid' in document" in out
    path.write_text(text.replace("hex: Middle, kind: base", "hex: Midle, kind: base").replace("[Middle, South]", "[Middle, Soth]"), encoding="utf-8")
    status, out, _ = run(capsys, "check", "tiny")
    assert status == 1
    assert "tiny/map.yaml:10:24: error REF-PLACE adjacency names 'Soth', which is no area of the map; did you mean 'South'?" in out
    assert "tiny/map.yaml:13:29: error REF-PLACE Crossroads lies in 'Midle', which is no area of the map; did you mean 'Middle'?" in out


def test_area_defined_twice_is_located(tiny_copy, capsys):
    path = tiny_copy / "map.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - {name: South, kind: zone", "  - {name: Middle, kind: box, reconstructed: \"again\"}\n  - {name: South, kind: zone"), encoding="utf-8")
    status, out, _ = run(capsys, "check", "tiny")
    assert status == 1
    assert "tiny/map.yaml:7:12: error MAP-DUPLICATE area 'Middle' is defined twice" in out


def test_tiny_overlays_bind_the_manifests_vocabulary():
    """Each overlay is a valid 2020-12 schema on the core of its kind, with the manifest's sides, nations, turns, citation."""
    import json

    from jsonschema import Draft202012Validator
    from ruamel.yaml import YAML

    game = YAML(typ="safe").load((TINY / "game.yaml").read_text(encoding="utf-8"))
    overlays = sorted((TINY / "schemas").glob("*.schema.json"))
    assert [p.name.split(".")[0] for p in overlays] == ["counters", "edition", "map", "scenario"]
    for path in overlays:
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        assert schema["$ref"] == f"../../../../schemas/{path.name}"
        bound = schema["$defs"]
        assert bound["side"]["enum"] == [s["id"] for s in game["sides"]]
        assert bound["nation"]["enum"] == [n["id"] for n in game["nations"]]
        assert (bound["turn"]["minimum"], bound["turn"]["maximum"]) == (game["turns"]["first"], game["turns"]["last"])
        assert bound["citation"]["enum"] == [f"{game['citation']} {e['id']}" for e in game["editions"]]


# --- its own check, with its own citation ----------------------------------------------

OVER = ("  - {at: North, side: red, units: [{counter: red-infantry, count: 2}], reconstructed: \"fixture\"}\n"
        "  - {at: Red Keep, side: red, units: [{counter: red-tank}], reconstructed: \"fixture\"}\n"
        "  - {at: North, side: blue, units: [{counter: blue-tank}], reconstructed: \"fixture\"}\n")


def test_tiny_check_fires_with_its_citation(tiny_copy, capsys):
    status, out, _ = run(capsys, "check", scenario(tiny_copy, "over.yaml", OVER))
    assert status == 1
    assert ("tiny/over.yaml:10:39: error TINY-STACK 3 Red counters in North; at most 2 of one side may stand in an area: "
            "move 1 elsewhere [Tiny standard 4.1]") in out
    assert out.count("TINY-STACK") == 1


def test_tiny_check_quiet_at_the_limit(tiny_copy, capsys):
    status, out, _ = run(capsys, "check", scenario(tiny_copy, "limit.yaml", OVER.split("\n", 1)[0] + "\n"))
    assert status == 0, out
    status, out, _ = run(capsys, "check", tiny_copy / "variants" / "reinforced.yaml")
    assert status == 0, out


def test_no_fire_in_the_sky_check_runs_for_it(tiny_copy, capsys, monkeypatch):
    """A scenario that breaks Fire in the Sky's rules (10 land units in one place, counters beyond the
    mix, units outside any base) gets only the tiny game's checks."""
    import toolkit.session
    from toolkit.games import game_module

    ran: list[set[str]] = []
    real = toolkit.session.run_checks

    def recording(registry, ctx, only=None):
        ran.append({c.code for c in registry.for_edition(ctx.edition.id)})
        return real(registry, ctx, only)

    monkeypatch.setattr(toolkit.session, "run_checks", recording)
    lines = "  - {at: Middle, side: blue, units: [{counter: blue-infantry, count: 9}, {counter: blue-tank}], reconstructed: \"fixture\"}\n"
    status, out, _ = run(capsys, "check", scenario(tiny_copy, "fits-breaker.yaml", lines))
    assert status == 1
    codes = set(re.findall(r" (?:error|warning) ([A-Z][A-Z-]+) ", out))
    assert codes == {"TINY-STACK"}
    fits = {c.code for c in game_module("fire_in_the_sky").checks()}
    assert FITS_CODES <= fits and not codes & fits
    assert ran == [{c.code for c in game_module("games.tiny_module").checks()}] == [{"TINY-STACK"}]


# --- aids and site -----------------------------------------------------------------------------

def test_aids_build_for_the_tiny_game(tiny, tmp_path, capsys):
    status, out, err = run(capsys, "aids", SKIRMISH, "-o", tmp_path / "aids")
    assert status == 0, err
    svg = (tmp_path / "aids" / "map.svg").read_text(encoding="utf-8")
    assert 'data-area-count="3"' in svg
    assert len(re.findall(r'<rect class="cr-area ', svg)) == 3
    assert re.findall(r'data-between="([^"]+)"', svg) == ["Middle - North", "Middle - South"]
    assert '<polygon class="cr-hex' not in svg
    assert "Crossroads (1 VP)" in svg and "Old Mill" in svg
    card = (tmp_path / "aids" / "setup-red.html").read_text(encoding="utf-8")
    assert "Red Keep" in card


def test_area_map_shows_control_per_side(tiny):
    from toolkit.render.svgareas import SIDE_COLOURS
    from toolkit.render.svgmap import render_map_svg
    from toolkit.session import Session

    opened = Session().open_scenario(SKIRMISH)
    printed = render_map_svg(opened.game)
    at_start = render_map_svg(opened.game, opened.scenario)
    swatch = r'<title>Crossroads \(Middle\)[^<]*</title>\s*<rect class="cr-swatch" [^>]*fill="([^"]+)"'
    assert re.search(swatch, printed).group(1) == "#8c8c8c"  # printed: no flag
    assert re.search(swatch, at_start).group(1) == SIDE_COLOURS[0]  # red holds it at the start
    assert render_map_svg(opened.game, opened.scenario) == at_start  # deterministic


def test_site_builds_the_tiny_scenario_page(tiny, tmp_path, capsys, small_site):
    status, out, err = run(capsys, "site", "-o", tmp_path / "site", "--scenario", SKIRMISH)
    assert status == 0, err
    pages = [p for p in (tmp_path / "site").rglob("*.html") if "Skirmish at the Crossroads" in p.read_text(encoding="utf-8")]
    assert pages, "no page for the tiny scenario"
    assert any('data-area-count="3"' in p.read_text(encoding="utf-8") for p in pages)


# --- a manifest naming a missing module -----------------------------------------------------

def test_missing_game_module_is_a_located_finding(tiny_copy, capsys):
    manifest = tiny_copy / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("rules_module: games.tiny_module", "rules_module: nosuch"), encoding="utf-8")
    line = text[: text.index("rules_module:")].count("\n") + 1
    status, out, err = run(capsys, "check", "tiny")
    assert status == 1
    assert "Traceback" not in out + err and "internal error" not in err
    assert f"tiny/game.yaml:{line}:15: error GAME-MODULE rules_module: no game module 'nosuch'" in out
    status, out, err = run(capsys, "check", "tiny/skirmish.yaml")
    assert status == 1 and f"tiny/game.yaml:{line}:15: error GAME-MODULE" in out


# --- Fire in the Sky with its editions renamed ---------------------------------------------------

RENAME = {"v1.1": "first", "2nd": "second"}
_EDITION_WORD = re.compile(r"(?<![\w./-])(v1\.1|2nd)(?![\w-])(?!\.yaml)")


def _rename_editions(folder):
    """Every edition id and citation in the copy: manifest, edition files, charts and errata keys,
    ``editions:`` lists, sources, and the overlays' citation enums and source patterns."""
    for path in sorted(folder.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        path.write_text(_EDITION_WORD.sub(lambda m: RENAME[m.group(1)], text), encoding="utf-8")
    for path in sorted((folder / "schemas").glob("*.schema.json")):
        text = path.read_text(encoding="utf-8").replace("(v1\\\\.1|2nd)", "(first|second)")  # the source pattern
        path.write_text(_EDITION_WORD.sub(lambda m: RENAME[m.group(1)], text), encoding="utf-8")


@pytest.fixture
def renamed(tmp_path, monkeypatch):
    folder = tmp_path / "fire-in-the-sky"
    shutil.copytree(GAME, folder)
    _rename_editions(folder)
    monkeypatch.chdir(tmp_path)
    return folder


def test_renamed_editions_keep_the_game_clean(renamed, capsys):
    manifest = (renamed / "game.yaml").read_text(encoding="utf-8")
    assert "{first: editions/v1.1.yaml, second: editions/2nd.yaml}" in manifest
    assert "v1.1" not in (renamed / "schemas" / "scenario.schema.json").read_text(encoding="utf-8")
    status, out, _ = run(capsys, "check", renamed / "short-campaign.yaml")
    assert status == 0, out


def test_renamed_editions_keep_every_check_running(renamed, capsys):
    text = (TESTS / "checks" / "stack-land-fail.yaml").read_text(encoding="utf-8")
    assert "extends: ../../scenarios/fire-in-the-sky/short-campaign.yaml" in text
    text = text.replace("# yaml-language-server: $schema=../../schemas/scenario.schema.json",
                        "# yaml-language-server: $schema=schemas/scenario.schema.json")
    text = text.replace("extends: ../../scenarios/fire-in-the-sky/short-campaign.yaml", "extends: short-campaign.yaml\nedition: first")
    line = int(re.search(r"# expect: STACK-LAND@(\d+)", text).group(1)) + 1  # one line added above the unit
    (renamed / "stack-land-fail.yaml").write_text(text, encoding="utf-8")
    status, out, _ = run(capsys, "check", renamed / "stack-land-fail.yaml")
    assert status == 1
    assert re.search(rf"stack-land-fail\.yaml:{line}:\d+: error STACK-LAND .*\[FitS first 2\.2\.2\.1\]", out), out
    status, out, _ = run(capsys, "check", renamed / "stack-land-fail.yaml", "--edition", "second")
    assert status == 1
    assert re.search(r"error STACK-LAND .*\[FitS second [0-9.]+\]", out), out


def _with_weather_section(folder):
    """The tiny game's scenario overlay, opened to one game section: ``weather`` (rain or shine)."""
    import json

    overlay = folder / "schemas" / "scenario.schema.json"
    schema = json.loads(overlay.read_text(encoding="utf-8"))
    schema["$defs"]["sections"] = {"$dynamicAnchor": "sections", "properties": {"weather": {"enum": ["rain", "shine"]}, "tide": {"enum": ["high", "low"]}}}
    overlay.write_text(json.dumps(schema, indent=2), encoding="utf-8")


def test_a_game_section_is_validated_by_the_overlay_and_kept_with_its_location(tiny_copy, capsys):
    from toolkit.session import Session

    _with_weather_section(tiny_copy)
    scenario = tiny_copy / "skirmish.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8") + "weather: rain\n", encoding="utf-8")
    opened = Session().open_scenario(scenario)
    assert opened.errors() == []
    assert opened.scenario.section("weather") == "rain"
    line = scenario.read_text(encoding="utf-8").splitlines().index("weather: rain") + 1
    assert opened.scenario.sections["weather"].locate().line == line
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("weather: rain", "weather: snow"), encoding="utf-8")
    status, out, _ = run(capsys, "check", scenario)
    assert status == 1 and f"skirmish.yaml:{line}:" in out and "SCHEMA-ENUM" in out


def test_one_bad_section_is_reported_alone_and_a_misspelt_one_gets_a_suggestion(tiny_copy, capsys):
    # One failing section drops the hook's annotations for all: the others are declared, never "unknown".
    _with_weather_section(tiny_copy)
    scenario = tiny_copy / "skirmish.yaml"
    base = scenario.read_text(encoding="utf-8")
    scenario.write_text(base + "tide: low\nweather: snow\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", scenario)
    line = len(base.splitlines()) + 2
    assert status == 1 and f"skirmish.yaml:{line}:" in out and "SCHEMA-ENUM" in out, out
    assert "SCHEMA-KEY" not in out and "'tide'" not in out, out
    scenario.write_text(base + "tide: low\nwether: rain\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", scenario)
    assert status == 1 and f"skirmish.yaml:{line}:1: error SCHEMA-KEY unknown key 'wether' in document; did you mean 'weather'?" in out, out
    scenario.write_text(base + "tide: neap\nwether: rain\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", scenario)
    assert "unknown key 'wether'" in out and "SCHEMA-ENUM" in out and "unknown key 'tide'" not in out, out


def test_a_section_the_overlay_does_not_declare_is_an_unknown_key_at_its_line(tiny_copy, capsys):
    scenario = tiny_copy / "skirmish.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8") + "weather: rain\n", encoding="utf-8")
    line = len(scenario.read_text(encoding="utf-8").splitlines())
    status, out, _ = run(capsys, "check", scenario)
    assert status == 1 and f"skirmish.yaml:{line}:1: error SCHEMA-KEY unknown key 'weather'" in out


def test_the_map_keeps_every_listed_pair_adjacent_or_not(tiny_copy):
    from toolkit.session import Session

    game_map = tiny_copy / "map.yaml"
    text = game_map.read_text(encoding="utf-8")
    text = text.replace("adjacency:                        # every adjacent pair, listed explicitly\n",
                        "adjacency:\n  - {between: [North, South], adjacent: false, open: true, reconstructed: \"test fixture: the rules leave it open\"}\n")
    game_map.write_text(text, encoding="utf-8")
    opened = Session().open_game(tiny_copy)
    assert opened.errors() == []
    m = opened.game.map
    assert frozenset({"North", "South"}) not in m.adjacency
    pair = m.pair("South", "North")
    assert pair is not None and pair.open and not pair.adjacent and pair.at.line == text.splitlines().index(next(x for x in text.splitlines() if "open: true" in x)) + 1
    assert m.pair("North", "Middle").adjacent and m.pair("North", "Nowhere") is None
    game_map.write_text(text.replace("adjacent: false, ", ""), encoding="utf-8")
    assert frozenset({"North", "South"}) in Session().open_game(tiny_copy).game.map.adjacency


# --- a game's own aids and site pages ------------------------------------------------------

def test_a_game_chooses_its_core_aids_and_adds_its_own_from_its_templates(tiny, tmp_path, capsys):
    out = tmp_path / "aids"
    status, _, err = run(capsys, "aids", SKIRMISH, "-o", out)
    assert status == 0, err
    written = sorted(p.name for p in out.glob("*.html"))
    assert written == ["index.html", "manifest.html", "map.html", "roster.html", "sequence.html", "setup-blue.html", "setup-red.html"]
    roster = (out / "roster.html").read_text(encoding="utf-8")
    assert "<h1>Roster</h1>" in roster and "<td>Red tank</td><td class=\"num\">3</td>" in roster
    assert 'href="roster.html"' in (out / "index.html").read_text(encoding="utf-8")


def test_a_game_adds_its_own_site_pages(tiny):
    from toolkit.render.sitepages import game_pages
    from toolkit.session import Session

    part = game_pages(TINY, Session())
    assert part.entries[-1] == ("Roster", "games/tiny/roster.md")
    assert "| Blue | Blue tank | 3 |" in part.pages["games/tiny/roster.md"]


def test_areas_are_drawn_where_their_positions_say_and_open_pairs_are_dashed(tiny_copy):
    import re as _re

    from toolkit.render.svgareas import render_area_map_svg
    from toolkit.session import Session

    game_map = tiny_copy / "map.yaml"
    text = game_map.read_text(encoding="utf-8")
    text = (text.replace("{name: North, kind: zone,", "{name: North, kind: zone, position: [1, 0],")
                .replace("{name: Middle, kind: zone,", "{name: Middle, kind: zone, position: [0, 1],")
                .replace("{name: South, kind: zone,", "{name: South, kind: zone, position: [1, 2],")
                .replace("adjacency:                        # every adjacent pair, listed explicitly\n",
                         "adjacency:\n  - {between: [North, South], adjacent: false, open: true, reconstructed: \"test fixture: left open\"}\n"))
    game_map.write_text(text, encoding="utf-8")
    opened = Session().open_game(tiny_copy)
    assert opened.errors() == []
    svg = render_area_map_svg(opened.game)
    rects = {m.group(3): (float(m.group(1)), float(m.group(2)))
             for m in _re.finditer(r'<rect class="cr-area cr-zone" x="([\d.]+)" y="([\d.]+)"[^>]*data-area="(\w+)"', svg)}
    assert rects["Middle"][0] < rects["North"][0] == rects["South"][0]  # column 0 left of column 1
    assert rects["North"][1] < rects["Middle"][1] < rects["South"][1]  # rows top to bottom
    assert svg.count('class="cr-adj cr-adj-open"') == 1 and "North - South: left open by the rules; read as not adjacent (map.yaml:" in svg  # relative to the game folder (issue 21)
    assert svg.count('<line class="cr-adj" ') == 2


def test_positions_for_some_areas_only_are_a_finding(tiny_copy):
    from toolkit.session import Session

    game_map = tiny_copy / "map.yaml"
    text = game_map.read_text(encoding="utf-8").replace("{name: North, kind: zone,", "{name: North, kind: zone, position: [0, 0],")
    game_map.write_text(text, encoding="utf-8")
    findings = Session().open_game(tiny_copy).errors()
    assert [(f.code, f.location.line) for f in findings] == [("MAP-POSITION", 6)], findings
    assert "'Middle' has no position" in findings[0].message


# --- a scenario's own map (map:) ---------------------------------------------------------------

def _second_map(folder, name="river.yaml", game="tiny"):
    """A second map of the tiny game: the same areas, and a Ford where the Old Mill stood."""
    text = (folder / "map.yaml").read_text(encoding="utf-8").replace("game: tiny", f"game: {game}")
    text = text.replace("{name: Old Mill, hex: Middle, kind: land", "{name: Ford, hex: Middle, kind: land")
    (folder / name).write_text(text, encoding="utf-8")


def _river_with(folder, old, new):
    """The second map (river.yaml) with one edit; its path."""
    _second_map(folder)
    river = folder / "river.yaml"
    text = river.read_text(encoding="utf-8")
    assert old in text
    river.write_text(text.replace(old, new), encoding="utf-8")
    return river


def _with_map(folder, line, at="Old Mill"):
    scenario = folder / "skirmish.yaml"
    text = scenario.read_text(encoding="utf-8").replace("start_turn: 1\n", f"start_turn: 1\n{line}")
    text = text.replace("  - at: Middle\n", f"  - at: {at}\n")
    scenario.write_text(text, encoding="utf-8")
    return scenario


def test_a_scenario_plays_on_its_own_map_when_it_names_one(tiny_copy, capsys):
    from toolkit.session import Session

    _second_map(tiny_copy)
    scenario = _with_map(tiny_copy, "map: river.yaml\n", at="Ford")
    opened = Session().open_scenario(scenario)
    assert opened.errors() == [], opened.errors()
    assert "Ford" in opened.game.map.places and "Old Mill" not in opened.game.map.places
    assert "Old Mill" in Session().open_game(tiny_copy).game.map.places  # the game's own map is untouched
    # A place of the game's map only is no place of the scenario's: reported at its line.
    text = scenario.read_text(encoding="utf-8").replace("  - at: Ford\n", "  - at: Old Mill\n")
    scenario.write_text(text, encoding="utf-8")
    line = text.splitlines().index("  - at: Old Mill") + 1
    status, out, _ = run(capsys, "check", scenario)
    assert status == 1 and f"skirmish.yaml:{line}:9: error REF-PLACE 'Old Mill' is no place" in out, out
    # Without map: the same file is the game's map again, and the Old Mill is known.
    scenario.write_text(text.replace("map: river.yaml\n", ""), encoding="utf-8")
    assert run(capsys, "check", scenario)[0] == 0


def test_a_variant_inherits_its_base_map_and_may_name_its_own(tiny_copy):
    from toolkit.session import Session

    _second_map(tiny_copy)
    _with_map(tiny_copy, "map: river.yaml\n", at="Ford")
    variant = tiny_copy / "variants" / "river-variant.yaml"
    variant.write_text("kind: scenario\ngame: tiny\nid: river-variant\nvariant: true\nextends: ../skirmish.yaml\n"
                       "reconstructed: \"test fixture\"\n", encoding="utf-8")
    opened = Session().open_scenario(variant)
    assert opened.errors() == [] and "Ford" in opened.game.map.places
    (tiny_copy / "variants" / "dry.yaml").write_text((tiny_copy / "map.yaml").read_text(encoding="utf-8").replace("Old Mill", "Dry Bed"), encoding="utf-8")
    variant.write_text(variant.read_text(encoding="utf-8") + "map: dry.yaml\n", encoding="utf-8")  # relative to the variant
    opened = Session().open_scenario(variant)
    assert "Dry Bed" in opened.game.map.places and "Ford" not in opened.game.map.places
    # The base's placement at the Ford is checked on the variant's map: the variant's map: makes it wrong, so it is
    # reported at that line, inherited from the base's (toolkit/inherited.py), with the remove: to write.
    (error,) = opened.errors()
    assert error.code == "REF-PLACE" and error.location.file.endswith("river-variant.yaml") and error.location.line == 7
    assert "inherited from tiny/skirmish.yaml:" in error.message and "(this variant's map: leads to it)" in error.message


@pytest.mark.parametrize("line, code, words", [
    ("map: nowhere.yaml\n", "REF-MAP", "no map file there"),
    ("map: ../../outside.yaml\n", "REF-MAP", "outside the folders Chartroom may read"),
    ("map: /etc/passwd\n", "REF-MAP", "use a relative path with forward slashes"),
    ("map: counters.yaml\n", "REF-MAP", "map: 'counters.yaml' is no map file (its kind is 'counters')"),
    ("map: skirmish.yaml\n", "REF-MAP", "is no map file (its kind is 'scenario')"),
    ("map: other.yaml\n", "REF-GAME", "is a map of 'other', not of this game ('tiny')"),
    ("map: alien.yaml\n", "REF-GAME", "is a map of 'fire-in-the-sky', not of this game ('tiny')"),
])
def test_a_map_the_scenario_cannot_use_is_one_located_finding(tiny_copy, capsys, line, code, words):
    _second_map(tiny_copy, "other.yaml", game="other")
    # Another game's real map: said at the map: line, not as that map's every clash with this game's schema.
    (tiny_copy / "alien.yaml").write_text((ROOT / "scenarios" / "fire-in-the-sky" / "map.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    scenario = _with_map(tiny_copy, line)
    status, out, err = run(capsys, "check", scenario)
    assert status == 1 and err == "", err
    assert code in out and words in out, out
    map_line = scenario.read_text(encoding="utf-8").splitlines().index(line.strip()) + 1
    assert f"skirmish.yaml:{map_line}:" in out and "error(s)" in out and out.count(" error ") == 1, out


def test_a_broken_scenario_map_is_reported_in_the_map_file(tiny_copy, capsys):
    river = _river_with(tiny_copy, "kind: land, reconstructed", "kind: lnd, reconstructed")
    scenario = _with_map(tiny_copy, "map: river.yaml\n", at="Ford")
    status, out, _ = run(capsys, "check", scenario)
    line = river.read_text(encoding="utf-8").splitlines().index(next(x for x in river.read_text(encoding="utf-8").splitlines() if "lnd" in x)) + 1
    assert status == 1 and re.search(rf"river\.yaml:{line}:\d+: error SCHEMA-", out), out


def test_checking_the_game_folder_counts_a_scenario_map_as_used_not_unnamed(tiny_copy, capsys):
    _second_map(tiny_copy)
    _second_map(tiny_copy, "stray.yaml")
    _with_map(tiny_copy, "map: river.yaml\n", at="Ford")
    status, out, _ = run(capsys, "check", tiny_copy)
    assert status == 0, out
    assert "other data files not named in game.yaml: stray.yaml" in out and "river.yaml" not in out.split("not named")[-1], out


def test_naming_the_games_own_map_changes_nothing(tiny_copy, capsys):
    from toolkit.session import Session

    scenario = _with_map(tiny_copy, "map: map.yaml\n", at="Middle")
    opened = Session().open_scenario(scenario)
    assert opened.errors() == [] and opened.scenario.map_file == ""
    plain = tiny_copy / "plain.yaml"
    plain.write_text(scenario.read_text(encoding="utf-8").replace("map: map.yaml\n", ""), encoding="utf-8")
    status, out, _ = run(capsys, "diff", plain, scenario)
    assert status == 0 and out.endswith("no differences\n"), out


def test_a_scenario_map_with_an_unknown_edition_says_so(tiny_copy, capsys):
    _river_with(tiny_copy, "{name: Ford, hex: Middle, kind: land,", "{name: Ford, hex: Middle, kind: land, editions: [deluxe],")
    scenario = _with_map(tiny_copy, "map: river.yaml\n", at="Ford")
    status, out, _ = run(capsys, "check", scenario)
    assert status == 1 and "river.yaml:" in out and "REF-EDITION edition 'deluxe' is not one of this game's editions" in out, out
    assert "REF-PLACE" not in out, out


def test_errors_in_a_scenario_map_are_the_scenarios_not_the_games(tiny_copy):
    from toolkit.session import Session

    _river_with(tiny_copy, "{name: Ford, hex: Middle,", "{name: Ford, hex: Nowhere,")
    opened = Session().open_scenario(_with_map(tiny_copy, "map: river.yaml\n", at="Middle"))
    assert opened.errors() and all(f.location.file.endswith("river.yaml") for f in opened.errors()), opened.errors()
    assert opened.game_errors() == []
