"""Fire from the Skies' player aids and site pages: deterministic, numbers equal to the data and the calculations,
empty slots printed as blanks, PDFs where WeasyPrint is installed, and real headless Chromium opens them cleanly."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, serve
from toolkit.cli import main
from toolkit.games import SiteData
from toolkit.games.fire_from_the_skies.aids import air_ops_log, search_plan, tables_card, victory_card
from toolkit.games.fire_from_the_skies.site import site_pages
from toolkit.model.build_scenario import load_scenario

CORAL = ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"
OWN = ("air-operations", "search-record-allied", "search-record-japanese", "plotting-sheet", "plotting-sheet-allied",
       "plotting-sheet-japanese", "tables", "victory")
AIDS = ("index", "sequence", *OWN, "map-setup")  # map-setup: the set-up drawn on its sheet (issue 24)


@pytest.fixture(scope="module")
def loaded():
    result = load_scenario(CORAL)
    return result.game, result.scenario


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("ffts-aids")
    assert main(["aids", str(CORAL), "-o", str(out / "a")]) == 0
    assert main(["aids", str(CORAL), "-o", str(out / "b")]) == 0
    return out


def read(folder: Path, stem: str) -> str:
    return (folder / f"{stem}.html").read_text(encoding="utf-8")


def test_the_aids_are_the_games_own_and_the_sequence(built):
    names = sorted(p.stem for p in (built / "a").glob("*.html"))
    assert names == sorted(AIDS)                       # no set-up cards, schedules, manifest or base directory


def test_two_runs_give_the_same_bytes(built):
    for stem in AIDS:
        assert read(built / "a", stem) == read(built / "b", stem), stem


def test_air_operations_log_numbers_equal_the_data(loaded, built):
    game, scenario = loaded
    lex = air_ops_log(game, scenario, "lexington")
    assert lex["total"] == 21 and [(s["state"], s["total"]) for s in lex["states"]] == [("deck-aft", 6), ("hangar", 15)]
    assert [m["id"] for m in lex["missions"]] == ["lexington-dawn-search"]
    assert lex["missions"][0]["types"][0]["last"] == 22                      # launch 2 + SBD-3 500 lb endurance 20 (4.2)
    assert lex["log"][1] == {"turn": 2, "time": "0620", "launch": "lexington-dawn-search: 6 AF", "land": ""}
    assert len(lex["log"]) == 36 and lex["log"][-1]["time"] == "1740"
    york = air_ops_log(game, scenario, "yorktown")
    assert {t["type"]: t["last"] for t in york["missions"][0]["types"] if t["load"] != "bomb-1000lb"} == {
        "F4F-3": 23, "SBD-3": 30, "TBD-1": 24}                                 # FFTS 4.6's example
    html = read(built / "a", "air-operations")
    assert html.count('class="ffts-page" data-carrier=') == 4
    assert "Launch 12 AFs an AOS without catapults, 4 with one, 8 with two" in html and "Land 6 AFs an AOS" in html
    # every empty rating of a carrier is a blank box, never a number: 4 carriers with 6 empty ratings each
    assert html.count('<span class="ffts-blank"></span> <span class="ffts-fill">empty slot') == 24


def test_search_records_print_both_readings_and_the_coverage(loaded, built):
    game, scenario = loaded
    plan = {s["id"]: s for s in search_plan(game, scenario)}
    lex = plan["lexington-dawn-search"]
    assert lex["record"] == "2:0-360:4-22" and lex["record_7_4_7"] == "3:0-360:4-22"
    assert lex["hex_count"] == 61 and lex["home"] == 10            # all round to 4 hexes: 1 + 6 + 12 + 18 + 24; out 4, back 4
    html = read(built / "a", "search-record-allied")
    assert "2:0-360:4-22" in html and "3:0-360:4-22" in html and "japanese" not in html.split("<h1>")[1].split("</h1>")[0].lower()


def test_the_plotting_sheet_draws_every_hex_the_rose_and_the_overlay(built):
    blank = read(built / "a", "plotting-sheet")
    assert blank.count("<polygon data-hex=") == 16 * 14
    assert 'class="rose"' in blank and "fill-opacity" not in blank
    allied = read(built / "a", "plotting-sheet-allied")
    assert len(re.findall(r'<polygon data-hex="[0-9]{4}" points="[^"]+" fill="#[0-9a-f]{6}" fill-opacity', allied)) == 61
    assert ">TF 17<" in allied and ">TF A<" not in allied          # a player's sheet shows his own task forces only
    japanese = read(built / "a", "plotting-sheet-japanese")
    assert 'data-label="zuikaku-dawn-search' in japanese and "stroke-width=\"1.6\"" in japanese   # the 150-270 arc's lines


def test_tables_and_victory_cards_equal_the_charts(loaded, built):
    game, scenario = loaded
    card = tables_card(game, scenario)
    assert [r["accident_on"] for r in card["landing"]["rows"]][:3] == [[1], [1], [1, 2]]
    assert card["slot_count"] == 10
    vp = victory_card(game, scenario)
    assert vp["rows"][-1] == {"classes": "CV", "points": [2, 4, 8, 16]}
    assert vp["potential"]["worst-column"] == [{"side": "Allied", "total": 60, "balancing": 28}, {"side": "Japanese", "total": 88, "balancing": 0}]
    html = read(built / "a", "victory")
    assert "the worst column only" in html and html.count("&#9744;") == 4 * 25     # a box per state per ship


def test_site_pages(loaded):
    game, scenario = loaded
    pages = {stem: (label, text) for stem, label, text in site_pages(SiteData({"supplement": game}, scenario, game))}
    assert list(pages) == ["guide", "searches", "tables", "victory", "carriers"]
    # Without its demonstration (the core could not open it), the cards that need no scenario only.
    assert [page.stem for page in site_pages(SiteData({"supplement": game}))] == ["guide", "tables", "victory"]
    assert "## The plotting-sheet map kind" in pages["guide"][1]
    assert pages["searches"][1].count('class="rose"') == 2
    for stem in ("searches", "tables", "victory", "carriers"):      # each card one HTML block: no blank line inside it
        for block in pages[stem][1].split('<div class="chartroom ffts-card">')[1:]:
            assert "\n\n" not in block.split("\n</div>\n")[0], stem


def test_pdfs_build(built_aids):
    pytest.importorskip("weasyprint", reason="PDF output needs the pdf extra (WeasyPrint)")
    tmp_path = built_aids(CORAL)  # chartroom aids CORAL --pdf, built once per test session (conftest)
    for stem in OWN:
        assert (tmp_path / f"{stem}.pdf").stat().st_size > 1000, stem


def test_chromium_opens_the_aids_and_pages_without_errors(built, tmp_path, page, built_site):
    (tmp_path / "site").symlink_to(built_site, target_is_directory=True)  # chartroom site -o FOLDER, built once per session
    shutil.copytree(built / "a", tmp_path / "aids")
    paths = [f"aids/{s}.html" for s in AIDS] + [f"site/games/fire-from-the-skies/{s}.html" for s in ("guide", "searches", "tables", "victory", "carriers")]
    for base in serve(tmp_path):
        for path in paths:
            response = page.goto(f"{base}/{path}")
            assert response is not None and response.ok, path
            assert page.locator("h1").count() >= 1, path
        page.goto(f"{base}/aids/plotting-sheet-allied.html")
        box = page.locator("svg.chartroom-sheet").bounding_box()
        assert box is not None and box["width"] > 500
        assert page.locator("svg.chartroom-sheet polygon[fill-opacity]").count() == 61
        assert page.errors == []


def test_the_log_lands_6_afs_an_aos_and_the_rest_in_the_next():
    """FFTS 6.12: a strike of 12 AFs that begins to land on turn 21 lands 6 on turn 21 and 6 on turn 22 (the checks count the same)."""
    loaded = load_scenario(ROOT / "tests" / "ffts_checks" / "land-rate-pass.yaml")
    log = {row["turn"]: row for row in air_ops_log(loaded.game, loaded.scenario, "yorktown")["log"]}
    assert (log[21]["land"], log[22]["land"], log[23]["land"]) == ("yorktown-strike-1: 6 AF", "yorktown-strike-1: 6 AF", "")
    assert log[23]["launch"] == "yorktown-cap: 2 AF"
