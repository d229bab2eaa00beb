"""Issue 24: `chartroom map draw SCENARIO`: each scenario's set-up drawn on its map.

Every bundled scenario of the three games is drawn by the real command; its glyphs are read back
(``data-counter``, ``data-at``, ``data-count``, ``data-turn``) and compared one for one with what the
model says the set-up is, restated here from the model (placements, Turn Record Track, schedules; for
Fire from the Skies its task forces and air groups). Findings are drawn as rings at their places.
"""

from __future__ import annotations

import io
import re
import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from conftest import CHROMIUM, ROOT, import_or_missing, run_cli
from toolkit.model.setup import Piece, SetUp
from toolkit.render.svgsetup import MIN_FONT, render_setup_svg
from toolkit.session import Session

SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = sorted(p for game in ("fire-in-the-sky", "pacific-fury", "fire-from-the-skies") for p in (ROOT / "scenarios" / game).rglob("*.yaml")
                   if "kind: scenario" in p.read_text(encoding="utf-8"))
SHORT = ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml"
TESTS = ROOT / "tests"
RIDGELINE = TESTS / "games" / "ridgeline"


def glyphs(svg: str) -> list[dict]:
    return [dict(e.attrib) for e in ET.fromstring(svg).iter() if e.get("data-counter") is not None]


def drawn(svg: str) -> Counter:
    """(counter, at, count, turn) of every glyph."""
    return Counter((g["data-counter"], g["data-at"], int(g.get("data-count", 1)), int(g["data-turn"]) if "data-turn" in g else None) for g in glyphs(svg))


def expected(path: Path) -> Counter:
    """The set-up the model holds, restated from it (not from the drawing's own code)."""
    opened = Session().open_scenario(path, checks=False)
    game, scenario = opened.game, opened.scenario
    want: Counter = Counter()
    if game.map.kind == "plotting-sheet":
        tf_of = {}
        for tf in scenario.section("task_forces") or []:
            for ship in tf.get("ships") or ():
                tf_of[ship] = str(tf["id"])
                want[(ship, str(tf["id"]), 1, None)] += 1
        for group in scenario.section("air_groups") or []:
            for afs in group["aircraft"]:
                want[(afs["type"], tf_of.get(group["at"], group["at"]), afs["afs"], None)] += 1
        return want

    def in_use(entry):
        return entry.optional_rule is None or entry.optional_rule in scenario.optional_rules

    for placement in scenario.setup:
        for e in placement.units:
            if in_use(e):
                want[(e.counter, placement.where, e.count, None)] += 1
    for turn, placement in scenario.turn_track:
        for e in placement.units:
            if in_use(e) and turn >= scenario.start_turn:
                want[(e.counter, placement.where, e.count, turn)] += 1
    for record in game.schedules:
        for e in record.units:
            if in_use(e) and record.turn >= scenario.start_turn:
                want[(e.counter, "Reinforcement Schedule", e.count, record.turn)] += 1
    return want


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_scenario_is_drawn_one_glyph_per_entry_and_as_png(path, tmp_path, capsys):
    status, out, err = run_cli(capsys, "map", "draw", path, "-o", tmp_path / "setup.svg")
    assert status == 0, err
    svg = (tmp_path / "setup.svg").read_text(encoding="utf-8")
    assert drawn(svg) == expected(path)
    assert glyphs(svg), "a set-up with no counter drawn"
    status, _, err = run_cli(capsys, "map", "draw", path, "-o", tmp_path / "setup.png")
    assert status == 0, err
    image = import_or_missing("PIL.Image", "needs Pillow (WeasyPrint's, the pdf extra)").open(io.BytesIO((tmp_path / "setup.png").read_bytes()))
    image.load()
    width, height = image.size
    root = ET.fromstring(svg)
    assert abs(width - float(root.get("width"))) <= 1 and abs(height - float(root.get("height"))) <= 1  # the drawing's size (resvg rounds up)
    assert len(image.convert("L").resize((64, 64)).getcolors(4096)) > 8  # a drawing, not a blank


def test_the_same_scenario_gives_the_same_bytes(tmp_path, capsys):
    for name in ("a.svg", "b.svg"):
        assert run_cli(capsys, "map", "draw", SHORT, "-o", tmp_path / name)[0] == 0
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()


def test_panels_and_legends_carry_no_counter_and_stacks_are_piles_with_their_pieces_listed(tmp_path, capsys):
    run_cli(capsys, "map", "draw", SHORT, "-o", tmp_path / "s.svg")
    root = ET.fromstring((tmp_path / "s.svg").read_text(encoding="utf-8"))
    for element in root.iter():
        if element.get("data-counter") is not None:  # one element per glyph: nothing inside it is another glyph
            assert not [c for c in element.iter() if c is not element and c.get("data-counter") is not None]
        if element.get("data-stack") is not None or "legend" in (element.get("class") or ""):
            assert not [c for c in element.iter() if c.get("data-counter") is not None]
    kure = [g for g in glyphs((tmp_path / "s.svg").read_text(encoding="utf-8")) if g["data-at"] == "Kure"]
    pile = next(e for e in root.iter() if e.get("data-stack") == "Kure")
    assert int(pile.get("data-pieces")) == len(kure) > 1
    assert "28" in "".join(pile.itertext())  # 13 entries, 28 counters


def variant_of_short(tmp_path, name: str, body: str) -> Path:
    """A variant of the Short Campaign beside a copy of it (``extends:`` is a relative path)."""
    folder = tmp_path / "fits"
    if not folder.is_dir():
        shutil.copytree(SHORT.parent, folder)
    path = folder / name
    path.write_text(f"kind: scenario\ngame: fire-in-the-sky\nid: {path.stem}\ntitle: {path.stem}\nvariant: true\nextends: short-campaign.yaml\n"
                    f"reconstructed: test\n{body}", encoding="utf-8")
    return path


def test_a_counter_of_an_optional_rule_not_in_use_is_not_drawn(tmp_path, capsys):
    run_cli(capsys, "map", "draw", SHORT, "-o", tmp_path / "s.svg")
    assert "jp-hosho-ryujo" not in {g["data-counter"] for g in glyphs((tmp_path / "s.svg").read_text(encoding="utf-8"))}
    variant = variant_of_short(tmp_path, "with-optional.yaml", "optional_rules: ['18.2.5']\n")
    status, _, err = run_cli(capsys, "map", "draw", variant, "-o", tmp_path / "v.svg")
    assert status == 0, err
    assert ("jp-hosho-ryujo", "Kure") in {(g["data-counter"], g["data-at"]) for g in glyphs((tmp_path / "v.svg").read_text(encoding="utf-8"))}


def test_turn_draws_the_start_of_a_later_turn_and_refuses_one_before_the_scenario(tmp_path, capsys):
    status, _, err = run_cli(capsys, "map", "draw", SHORT, "--turn", "4", "-o", tmp_path / "t4.svg")
    assert status == 0, err
    svg = (tmp_path / "t4.svg").read_text(encoding="utf-8")
    turns = Counter(int(g["data-turn"]) for g in glyphs(svg) if "data-turn" in g)
    assert min(turns) == 2 and 3 in turns  # turns 2 and 3 arrived (drawn in their box), 4 on are still to come
    assert "Arrived by the start of turn 4" in svg
    assert drawn(svg) == expected(SHORT)  # nothing lost or doubled: only moved from one panel to the other
    status, _, err = run_cli(capsys, "map", "draw", SHORT, "--turn", "1", "-o", tmp_path / "t1.svg")
    assert status == 2 and "--turn 1" in err and "starts on turn 2" in err and "Traceback" not in err
    status, _, err = run_cli(capsys, "map", "draw", ROOT / "scenarios" / "fire-from-the-skies" / "midway.yaml", "--turn", "3")
    assert status == 2 and "--turn 3" in err


def test_bad_arguments_are_one_line_refusals(tmp_path, capsys):
    status, _, err = run_cli(capsys, "map", "draw", SHORT, "-o", tmp_path / "x.jpg")
    assert status == 2 and ".svg or .png" in err
    status, _, err = run_cli(capsys, "map", "draw", tmp_path / "none.yaml")
    assert status == 2 and "no such scenario file" in err
    status, _, err = run_cli(capsys, "map", "draw", "--findings")
    assert status == 2 and "only with a SCENARIO" in err


def test_names_from_the_data_are_escaped_never_markup():
    opened = Session().open_scenario(SHORT, checks=False)
    hostile = Piece('x"><script>alert(1)</script>', "<b>Kure</b>", "japan", "japan", "<i>CV</i>", "<script>alert(2)</script>", "1-2", 1,
                    ("<img src=x onerror=alert(3)>",))
    svg = render_setup_svg(opened.game, opened.scenario, SetUp(2, (hostile,)))
    root = ET.fromstring(svg)  # well-formed
    assert not [e for e in root.iter() if e.tag.replace(SVG, "") in ("script", "img", "b", "i")]
    glyph = next(e for e in root.iter() if e.get("data-counter") is not None)
    assert glyph.get("data-counter") == hostile.counter and glyph.get("data-at") == hostile.at


# --- findings on the map -----------------------------------------------------------------------------

def test_a_variant_with_an_error_shows_its_ring_at_the_place_and_exits_as_check(tmp_path, capsys):
    variant = variant_of_short(tmp_path, "crowded.yaml", "setup:\n  - at: Yokosuka\n    side: japan\n    units:\n      - {counter: jp-land-8}\n"
                               "    reconstructed: test\n")
    check_status, check_out, _ = run_cli(capsys, "check", variant)
    assert check_status == 1, check_out
    status, _, err = run_cli(capsys, "map", "draw", variant, "--findings", "-o", tmp_path / "f.svg")
    assert status == check_status, err
    root = ET.fromstring((tmp_path / "f.svg").read_text(encoding="utf-8"))
    rings = {e.get("data-at"): e.get("data-finding") for e in root.iter() if e.get("data-finding") is not None}
    codes = set(re.findall(r"error ([A-Z][A-Z0-9-]+)", check_out))
    assert "Yokosuka" in rings and set(rings["Yokosuka"].split()) & codes
    assert next(e for e in root.iter() if e.get("data-finding") is not None).find(f"{SVG}circle") is not None
    listed = " ".join(t for e in root.iter() if e.get("class") == "cr-panel" for t in e.itertext())
    assert all(code in listed for code in codes)


def test_the_fourth_game_draws_from_outside_and_a_clean_set_up_says_so(monkeypatch, tmp_path, capsys):
    monkeypatch.syspath_prepend(str(TESTS))
    status, _, err = run_cli(capsys, "map", "draw", RIDGELINE / "dawn-attack.yaml", "--findings", "-o", tmp_path / "r.svg")
    assert status == 0, err
    svg = (tmp_path / "r.svg").read_text(encoding="utf-8")
    assert drawn(svg) == Counter({("north-rifles", "Aldham", 2, None): 1, ("north-scouts", "0203", 1, None): 1,
                                  ("south-rifles", "Brenford", 3, None): 1, ("south-scouts", "Brenford", 1, None): 1})
    assert 'data-findings="0"' in svg and "No findings" in svg and "data-finding=" not in svg
    folder = tmp_path / "ridgeline"
    shutil.copytree(RIDGELINE, folder)
    crowded = folder / "crowded.yaml"
    crowded.write_text("kind: scenario\ngame: ridgeline\nid: crowded\ntitle: Crowded\nedition: field-manual\nreconstructed: test\n"
                       "setup:\n  - at: \"0203\"\n    side: north\n    units:\n      - {counter: north-rifles, count: 2}\n"
                       "    reconstructed: test\n", encoding="utf-8")
    status, _, err = run_cli(capsys, "map", "draw", crowded, "--findings", "-o", tmp_path / "c.svg")
    assert status == 1, err
    root = ET.fromstring((tmp_path / "c.svg").read_text(encoding="utf-8"))
    assert {(e.get("data-finding"), e.get("data-at")) for e in root.iter() if e.get("data-finding")} == {("RL-FOREST", "0203")}


# --- readable in print, in a browser ----------------------------------------------------------------

@pytest.mark.parametrize("path", [SHORT, ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"],
                         ids=lambda p: p.parent.name)
def test_no_text_under_7_pt_and_glyphs_tell_their_details_on_hover(path, tmp_path, capsys, page):
    assert CHROMIUM.exists()
    run_cli(capsys, "map", "draw", path, "--findings", "-o", tmp_path / "s.svg")
    page.goto((tmp_path / "s.svg").as_uri())
    sizes = page.evaluate("() => [...document.querySelectorAll('text')].filter(t => t.textContent.trim())"
                          ".map(t => [t.textContent, parseFloat(getComputedStyle(t).fontSize)])")
    small = [(text, size) for text, size in sizes if size < MIN_FONT - 0.05]
    assert not small, small[:5]
    assert MIN_FONT * 0.75 >= 7.0  # pixels at 96 to the inch: 7 pt
    glyph = page.locator("[data-counter]").first
    glyph.hover()
    assert glyph.locator("title").text_content()
    assert not page.errors


# --- the set-up map aid ------------------------------------------------------------------------------

def test_a_drawing_that_fits_is_one_sheet_and_a_larger_one_is_cut_into_sheets_that_join():
    from toolkit.render.setupsheets import MM_PER_PX, sheets

    small = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500.0 300.0" width="500.0" height="300.0"><rect width="10" height="10"/></svg>'
    (one,) = sheets(small, (262.0, 146.0))
    assert one.name == "A1" and one.joins == () and 'width="132.3mm"' in one.svg
    big = small.replace("500.0", "2000.0").replace("300.0", "1000.0")
    cut = sheets(big, (262.0, 146.0))
    assert [s.name for s in cut] == ["A1", "A2", "A3", "B1", "B2", "B3"]  # 529 mm by 265 mm: 3 columns of 262 mm, 2 rows of 146 mm
    assert cut[0].joins == ("A2 right", "B1 below") and cut[4].joins == ("A2 above", "B3 right", "B1 left")
    windows = [tuple(map(float, re.search(r'viewBox="([^"]+)"', s.svg).group(1).split())) for s in cut]
    assert sum(w * h for _, _, w, h in windows) == pytest.approx(2000 * 1000, rel=1e-3)  # the sheets tile the drawing, no gap or overlap
    assert all(w * MM_PER_PX <= 262 and h * MM_PER_PX <= 146 for _, _, w, h in windows)  # each at full size on its page


@pytest.mark.parametrize("path", [SHORT, ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"],
                         ids=lambda p: p.parent.name)
def test_every_game_has_the_set_up_map_aid_with_the_set_up_on_it(path, tmp_path, capsys):
    status, _, err = run_cli(capsys, "aids", path, "-o", tmp_path)
    assert status == 0, err
    html = (tmp_path / "map-setup.html").read_text(encoding="utf-8")
    assert re.search(r'<svg [^>]*data-sheet="A1"', html) and "data-counter=" in html
    assert 'href="map-setup.html"' in (tmp_path / "index.html").read_text(encoding="utf-8")


# --- the site: each scenario's page shows its set-up map -----------------------------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory, built_site):
    root = tmp_path_factory.mktemp("setup-site")
    (root / "site").symlink_to(built_site, target_is_directory=True)  # chartroom site -o FOLDER, built once per session
    return root


def test_every_scenario_page_shows_its_set_up_map(site):
    pages = sorted((site / "site" / "scenarios").rglob("*.html"))
    assert {p.parent.name for p in pages} >= {"fire-in-the-sky", "pacific-fury", "fire-from-the-skies"}
    for page_file in pages:
        html = page_file.read_text(encoding="utf-8")
        assert 'class="cr-setup-view"' in html and "data-counter=" in html, page_file
        assert "setup-map.js" in html


@pytest.mark.parametrize("game", ["fire-in-the-sky/short-campaign", "pacific-fury/campaign", "fire-from-the-skies/coral-sea"])
def test_the_set_up_map_zooms_and_tells_a_counters_details_on_hover(site, page, game):
    from conftest import serve

    for base in serve(site):
        page.goto(f"{base}/site/scenarios/{game}.html")
        page.wait_for_load_state("networkidle")
        view = page.locator(".cr-setup-view")
        tip = view.locator(".cr-setup-tip")
        assert tip.is_hidden()
        glyph = view.locator("svg [data-counter]").first
        glyph.scroll_into_view_if_needed()
        glyph.hover()
        tip.wait_for(state="visible")
        title = glyph.locator("title").text_content()
        assert tip.inner_text() == title and glyph.get_attribute("data-counter") in title
        before = view.locator(".cr-setup-scroll > svg").bounding_box()["width"]
        view.locator("button[data-zoom-by='1.25']").click()
        assert view.get_attribute("data-zoom") == "1.25"
        assert view.locator(".cr-setup-scroll > svg").bounding_box()["width"] == pytest.approx(before * 1.25, rel=0.02)
        view.locator("button[data-zoom-to='1']").click()
        assert view.get_attribute("data-zoom") == "1"
        assert page.errors == []


def test_without_the_rasteriser_a_png_is_refused_in_one_line_and_completion_offers_the_options(monkeypatch, tmp_path, capsys):
    from toolkit import lazy

    def missing():
        raise ImportError("No module named 'resvg_py'")

    monkeypatch.setattr(lazy, "resvg_py", missing)
    status, _, err = run_cli(capsys, "map", "draw", SHORT, "-o", tmp_path / "s.png")
    assert status == 2 and "pip install 'chartroom[pdf]'" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "s.png").exists()
    status, out, _ = run_cli(capsys, "__complete", "map", "draw", "--")
    assert status == 0 and {"--turn", "--findings", "--output"} <= set(out.split())
