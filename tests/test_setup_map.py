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

from conftest import CHROMIUM, ROOT, import_or_missing, run_cli, settle
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


TYPOS = (("fire-in-the-sky/short-campaign.yaml", "counter: us-cl}", "counter: us-cll}", "no counter 'us-cll'"),
         ("pacific-fury/campaign.yaml", "counter: us-ca-portland", "counter: us-ca-portlnd", "no counter 'us-ca-portlnd'"),
         ("fire-from-the-skies/midway.yaml", "ships: [enterprise, hornet]", "ships: [enterprise, hornett]", "no ship 'hornett'"))


@pytest.mark.parametrize("bundled, right, wrong, said", TYPOS, ids=lambda v: v.split("/")[0] if "/" in v else "")
def test_a_scenario_with_errors_is_drawn_and_the_first_error_said(bundled, right, wrong, said, tmp_path, capsys):
    """An entry naming no counter or ship is left out of the drawing: the command says so on standard error, located,
    and still draws (exit 0); --findings draws the findings (exit 1); the bundled scenario draws without a word."""
    source = ROOT / "scenarios" / bundled
    text = source.read_text(encoding="utf-8")
    assert right in text
    # in a copy of the game's folder, so its map: and game resolve as they do, and never in scenarios/ itself, where the
    # tests that list the bundled scenarios (on other xdist workers) would meet it
    game = shutil.copytree(source.parent, tmp_path / source.parent.name)
    copy = game / f"zz-typo-{source.name}"
    copy.write_text(text.replace(right, wrong, 1), encoding="utf-8")
    line = next(i for i, row in enumerate(copy.read_text(encoding="utf-8").splitlines(), 1) if wrong in row)
    status, _, err = run_cli(capsys, "map", "draw", copy, "-o", tmp_path / "typo.svg")
    assert status == 0 and "warning:" in err and f"{copy.name}:{line}:" in err and said in err, err
    assert run_cli(capsys, "map", "draw", copy, "-o", tmp_path / "typo.svg", "--findings")[0] == 1
    status, _, err = run_cli(capsys, "map", "draw", source, "-o", tmp_path / "clean.svg")
    assert status == 0 and "warning" not in err, err


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
        settle(page)
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


# --- findings about boxes, task forces and tracks: ringed at the box ------------------------------------

def variant_beside(tmp_path, scenario: Path, name: str, text: str) -> Path:
    """A copy of ``scenario``'s game folder with one more file, ``name``, holding ``text``."""
    folder = tmp_path / scenario.parent.name
    if not folder.is_dir():
        shutil.copytree(scenario.parent, folder)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def rectangles(root) -> dict[str, list[tuple[float, float, float, float]]]:
    """Every box's drawn rectangle: a box on the map (``data-box``), a display in a panel (``data-display``), a track's box."""
    found: dict[str, list] = {}
    for e in root.iter():
        rect = None
        if e.tag == f"{SVG}g" and e.get("data-box"):
            key, rect = e.get("data-box"), e.find(f"{SVG}rect")
        elif e.tag == f"{SVG}rect" and e.get("data-display"):
            key, rect = e.get("data-display"), e
        elif e.tag == f"{SVG}g" and e.get("data-track-box"):
            key, rect = f"{e.get('data-track')}: {e.get('data-track-box')}", e.find(f"{SVG}rect")
        if rect is not None:
            found.setdefault(key, []).append(tuple(float(rect.get(k)) for k in ("x", "y", "width", "height")))
    return found


def ring_centres(root, at: str) -> list[tuple[str, float, float]]:
    out = []
    for g in root.iter(f"{SVG}g"):
        if g.get("data-finding") is None or g.get("data-at") != at:
            continue
        for shape in g:
            if shape.tag == f"{SVG}circle":
                out.append((g.get("data-finding"), float(shape.get("cx")), float(shape.get("cy"))))
            elif shape.tag == f"{SVG}rect":
                out.append((g.get("data-finding"), float(shape.get("x")) + float(shape.get("width")) / 2, float(shape.get("y")) + float(shape.get("height")) / 2))
    return out


FITS_BOX = ("kind: scenario\ngame: fire-in-the-sky\nid: boxed\ntitle: Boxed\nvariant: true\nextends: short-campaign.yaml\nreconstructed: test\n"
            "setup:\n  - at: West Coast USA\n    side: japan\n    units:\n      - {counter: jp-land-2}\n    reconstructed: test\n")
PF_BOX = ("kind: scenario\ngame: pacific-fury\nid: boxed\ntitle: Boxed\nvariant: true\nextends: campaign.yaml\nreconstructed: test\n"
          "setup:\n  - at: Truk\n    side: us\n    units:\n      - {counter: us-ca-chester}\n    reconstructed: test\n")
PF_TRACK = ("kind: scenario\ngame: pacific-fury\nid: tracked\ntitle: Tracked\nvariant: true\nextends: campaign.yaml\nreconstructed: test\n"
            "operations: {japan: 3, us: 1, reconstructed: test}\n")


def _ffts_box(scenario: Path) -> str:
    """Coral Sea with an Allied destroyer moved into the Japanese task force A."""
    text = scenario.read_text(encoding="utf-8").replace("id: coral-sea", "id: boxed", 1)
    return text.replace("hammann, russell]", "hammann]", 1).replace("ships: [shokaku, zuikaku,", "ships: [shokaku, zuikaku, russell,", 1)


BOX_CASES = [
    ("fire-in-the-sky", SHORT, FITS_BOX, "West Coast USA", "PLACE-OFF-MAP", 2),  # the off-map box on the map, and its display beside it
    ("pacific-fury", ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", PF_BOX, "Truk", "PF-SIDE", 1),
    ("pacific-fury-track", ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", PF_TRACK, "Operation Track: 3", "PF-OPERATIONS", 1),
    ("fire-from-the-skies", ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml", None, "A", "FFTS-TF-SHIP", 1),  # + the marker's hex
]


@pytest.mark.parametrize(("case", "scenario", "text", "box", "code", "boxes"), BOX_CASES, ids=[c[0] for c in BOX_CASES])
def test_a_finding_about_a_box_is_ringed_on_that_box(case, scenario, text, box, code, boxes, tmp_path, capsys):
    variant = variant_beside(tmp_path, scenario, "boxed.yaml", text if text is not None else _ffts_box(scenario))
    status, _, err = run_cli(capsys, "map", "draw", variant, "--findings", "-o", tmp_path / "b.svg")
    assert status == 1, err
    root = ET.fromstring((tmp_path / "b.svg").read_text(encoding="utf-8"))
    drawn_boxes = rectangles(root)[box]
    assert len(drawn_boxes) == boxes
    rings = [(codes, x, y) for codes, x, y in ring_centres(root, box) if code in codes.split()]
    inside = {rect for rect in drawn_boxes for _, x, y in rings if rect[0] <= x <= rect[0] + rect[2] and rect[1] <= y <= rect[1] + rect[3]}
    assert inside == set(drawn_boxes), (rings, drawn_boxes)  # a ring on every drawing of the box
    status, _, err = run_cli(capsys, "map", "draw", scenario, "--findings", "-o", tmp_path / "clean.svg")
    assert not ring_centres(ET.fromstring((tmp_path / "clean.svg").read_text(encoding="utf-8")), box)  # the clean set-up: no ring there


def test_a_finding_on_a_turn_record_is_ringed_at_that_turns_reinforcements(tmp_path, capsys):
    text = ("kind: scenario\ngame: pacific-fury\nid: early\ntitle: Early\nvariant: true\nextends: campaign.yaml\nreconstructed: test\n"
            "turn_track:\n  - turn: 3\n    side: us\n    units:\n      - {counter: us-cv-hornet}\n    reconstructed: test\n")
    variant = variant_beside(tmp_path, ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", "early.yaml", text)
    status, out, _ = run_cli(capsys, "check", variant)
    run_cli(capsys, "map", "draw", variant, "--findings", "-o", tmp_path / "t.svg")
    root = ET.fromstring((tmp_path / "t.svg").read_text(encoding="utf-8"))
    rings = {g.get("data-at") for g in root.iter(f"{SVG}g") if g.get("data-finding")}
    assert status == 1 and rings & {"Turn 2", "Turn 3"}, (out, rings)


# --- the aid's sheets: the map as a grid whose edges say what joins them, the panel cut only between its displays ---

def _window(svg_element) -> tuple[float, float, float, float]:
    return tuple(float(v) for v in svg_element.get("viewBox").split())


def _panel_things(root, panel_x: float) -> list[tuple[str, float, float]]:
    """(what, top, bottom) of every glyph, display frame and track box beside the map: none may be cut."""
    things = []
    for e in root.iter():
        if e.get("class") == "cr-counter":
            x, y = map(float, re.match(r"translate\(([-\d.]+),([-\d.]+)\)", e.get("transform")).groups())
            if x >= panel_x:
                things.append((e.get("data-counter"), y, y + 46.0))
        elif e.tag == f"{SVG}rect" and (e.get("data-display") or "cr-track-cell" in (e.get("class") or "")):
            if float(e.get("x")) >= panel_x:
                things.append((e.get("data-display") or "track box", float(e.get("y")), float(e.get("y")) + float(e.get("height"))))
    return things


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("path", [SHORT, ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"],
                         ids=lambda p: p.parent.name)
def test_the_aid_cuts_the_map_where_its_edges_say_and_the_panel_only_between_its_displays(path, paper):
    from toolkit.render.setupsheets import MM_PER_PX, SHEET_AREA_MM, sheets

    opened = Session().open_scenario(path, checks=False)
    module = opened.module
    drawing = render_setup_svg(opened.game, opened.scenario, module.setup_pieces(opened.game, opened.scenario), module.map_style(opened.game),
                               reinforcements=False)
    root = ET.fromstring(drawing)
    mx, my, mw, mh = map(float, root.get("data-map-area").split())
    px, py, pw, ph = map(float, root.get("data-panel-area").split())
    area_w, area_h = SHEET_AREA_MM[paper]
    cut = sheets(drawing, (area_w, area_h))
    maps, panels = [s for s in cut if s.kind == "map"], [s for s in cut if s.kind == "panel"]
    assert maps and panels and len(cut) > 1  # none of the three fits one page with its panel
    by_name = {s.name: s for s in maps}
    assert sum(s.window[2] * s.window[3] for s in maps) == pytest.approx(mw * mh, rel=1e-3)  # the map's sheets tile it
    for s in maps:
        x, y, w, h = s.window
        assert w * MM_PER_PX <= area_w + 0.1 and h * MM_PER_PX <= area_h + 0.1
        assert _window(ET.fromstring(s.svg)) == pytest.approx(s.window, abs=0.06)
        edges = {e.get("data-joins"): (float(e.get("x")), float(e.get("y"))) for e in ET.fromstring(s.svg).iter() if e.get("data-joins")}
        for join in s.joins:  # the sheet it names lies against that edge, and the edge says so
            other, side = join.split()
            ox, oy, ow, oh = by_name[other].window
            assert {"right": (ox, oy) == pytest.approx((x + w, y), abs=0.2), "left": (ox + ow, oy) == pytest.approx((x, y), abs=0.2),
                    "below": (ox, oy) == pytest.approx((x, y + h), abs=0.2), "above": (ox, oy + oh) == pytest.approx((x, y), abs=0.2)}[side], join
            ex, ey = edges[other]
            assert x <= ex <= x + w and y <= ey <= y + h
            assert {"right": ex > x + w * 0.8, "left": ex < x + w * 0.2, "below": ey > y + h * 0.8, "above": ey < y + h * 0.2}[side]
    pieces = [_window(e) for s in panels for e in ET.fromstring(s.svg) if e.tag == f"{SVG}svg"]
    assert sum(h for _, _, _, h in pieces) == pytest.approx(ph, abs=0.5)  # the panel's pieces cover it, top to bottom
    for _, _, w, h in pieces:
        assert w * MM_PER_PX <= area_w and h * MM_PER_PX <= area_h + 0.1
    for s in panels:
        outer = ET.fromstring(s.svg)
        assert float(outer.get("width").removesuffix("mm")) <= area_w + 0.1 and float(outer.get("height").removesuffix("mm")) <= area_h + 0.1
    things = _panel_things(root, px)
    assert things
    split = [(what, top, bottom) for what, top, bottom in things for _, y, _, h in pieces if top < y + h - 0.05 < bottom]
    assert split == []  # no glyph, box, stack, task force or track cut between two sheets


def test_a_panel_taller_than_a_page_is_cut_at_its_breaks_into_even_pieces():
    from toolkit.render.setupsheets import _chunks

    assert _chunks(0.0, 100.0, [30.0, 60.0, 90.0], 120.0) == [(0.0, 100.0)]
    assert _chunks(0.0, 100.0, [30.0, 60.0, 90.0], 70.0) == [(0.0, 60.0), (60.0, 100.0)]  # cut at a break, never at 70
    assert _chunks(0.0, 100.0, [10.0, 50.0, 95.0], 96.0) == [(0.0, 50.0), (50.0, 100.0)]  # even, not 95 and 5
    forced = _chunks(0.0, 100.0, [], 40.0)  # no break: cut where it must, in three even pieces
    assert len(forced) == 3 and [b - a for a, b in forced] == pytest.approx([100 / 3] * 3, abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("path", [SHORT, ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"],
                         ids=lambda p: p.parent.name)
def test_the_aids_text_is_7_pt_or_more_as_printed(path, paper, tmp_path, capsys, page):
    """Each text's font size read back from the aid's sheets, times the sheet's printed scale (its size in mm over its viewBox)."""
    assert run_cli(capsys, "aids", path, "-o", tmp_path, "--paper", paper)[0] == 0
    page.emulate_media(media="print")
    page.goto((tmp_path / "map-setup.html").as_uri())
    sizes = page.evaluate("""() => [...document.querySelectorAll('svg[data-sheet] text')].filter(t => t.textContent.trim()).map(t => {
        const ctm = t.getScreenCTM();
        return [t.textContent, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b) * 0.75];
    })""")
    assert len(sizes) > 100
    small = [(text, round(pt, 2)) for text, pt in sizes if pt < 7.0 - 0.05]
    assert not small, small[:5]
    assert min(pt for _, pt in sizes) == pytest.approx(7.05, abs=0.01)  # the glyphs' 9.4 px at 96 to the inch
    assert "Names shortened on the counters" in {text for text, _ in sizes}
    assert not page.errors


# --- names on the counters: whole, squeezed or shortened, never cut blind; the key gives them whole --------------

def test_a_name_is_whole_squeezed_or_shortened_to_fit_its_glyph():
    from toolkit.render.svgsetup import ROOM, _abbreviated, _short
    from toolkit.render.textwidth import text_width

    assert _abbreviated("Chester", ROOM) == "Chester"  # fits as it is
    assert _abbreviated("Enterprise", ROOM) == "Enterprise"  # 48 px: squeezed to 42, not cut
    assert _abbreviated("Salt Lake City", ROOM) == "S. L. City"
    assert _abbreviated("North Carolina", ROOM) == "N. Carolin."
    assert _abbreviated("Indianapolis", ROOM) == "Indianap."
    assert _abbreviated("8-Combat Strength", ROOM) == "8-CS"  # a designation: its initials
    assert _abbreviated("Shokaku+", ROOM) == "Shokaku+" and _abbreviated("Massachusetts+", ROOM) == "Massach."
    for text in ("Salt Lake City", "Massachusetts+", "Supercalifragilistic", "W" * 30):
        assert text_width(_abbreviated(text, ROOM), 9.4) * 0.85 <= ROOM
    assert _short("Japanese 8-Combat Strength land unit", "land", "Japan", "Japan") == "8-Combat Strength"  # side and class by colour and band
    assert _short("US Marine air unit", "air", "Allies", "United States") == "Marine"
    assert _short("Australia", "CA", "US", "Australia") == "Australia"  # a ship named as its nation keeps its name
    assert _short("Transports", "Transports", "US", "United States") == ""  # the band says it
    assert _short("CV (Akagi, Kaga)", "CV") == "Akagi+"


@pytest.mark.parametrize("path", [SHORT, ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"],
                         ids=lambda p: p.parent.name)
def test_every_glyphs_text_fits_its_glyph_and_the_key_gives_each_shortened_name_whole(path, tmp_path, capsys, page):
    run_cli(capsys, "map", "draw", path, "-o", tmp_path / "s.svg")
    svg = (tmp_path / "s.svg").read_text(encoding="utf-8")
    page.goto((tmp_path / "s.svg").as_uri())
    widths = page.evaluate("() => [...document.querySelectorAll('.cr-counter text')].filter(t => t.textContent.trim())"
                           ".map(t => [t.textContent, t.getBBox().width])")
    assert widths and not [(text, w) for text, w in widths if w > 46.0 - 2.0], "a text wider than its glyph"
    assert not [text for text, _ in widths if "\u2026" in text]  # never cut blind with an ellipsis
    root = ET.fromstring(svg)
    key = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "cr-panel-text"]
    shortened = 0
    for glyph in (e for e in root.iter() if e.get("data-counter") is not None):
        name = [t.text for t in glyph.iter(f"{SVG}text") if t.get("class") == "cr-g-name"][0] or ""
        title = glyph.find(f"{SVG}title").text  # the whole name and the id, for hover
        if name.endswith("."):  # shortened: the key says what it stands for, whole
            shortened += 1
            whole = title[:title.index(f" ({glyph.get('data-counter')})")]
            assert any(line.startswith(f"{name}: {whole.split()[0]}") for line in key), (name, whole)
        assert glyph.get("data-counter") in title
    assert shortened


def test_every_scenario_page_of_the_site_loads_clean_and_tells_a_counter_on_hover(site, page):
    """Done when of issue 24, end to end: each bundled scenario's page (every game, variants too) in Chromium."""
    from conftest import serve

    pages = sorted(p.relative_to(site).as_posix() for p in (site / "site" / "scenarios").rglob("*.html"))
    assert len(pages) >= 6
    for base in serve(site):
        for path in pages:
            page.goto(f"{base}/{path}")
            settle(page)
            view = page.locator(".cr-setup-view")
            glyph = view.locator("svg [data-counter]").first
            glyph.scroll_into_view_if_needed()
            glyph.hover()
            view.locator(".cr-setup-tip").wait_for(state="visible")
            assert glyph.get_attribute("data-counter") in view.locator(".cr-setup-tip").inner_text(), path
            page.mouse.move(0, 0)
        assert page.errors == []
