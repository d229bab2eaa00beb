"""Pacific Fury's aids and site pages in a real browser (Debian's chromium driven by playwright), and the
site built with them by ``chartroom site``.

Skipped only when /usr/bin/chromium or playwright is missing (as tests/test_site_browser.py).
"""

from __future__ import annotations

import shutil

import pytest

from conftest import ROOT, import_or_missing, require_browser, serve, settle
from toolkit.model.build_game import load_game

CAMPAIGN = ROOT / "scenarios" / "pacific-fury" / "campaign.yaml"
AIDS = ("index", "setup-japan", "setup-us", "manifest", "sequence", "zones", "tracks", "task-forces-japan", "task-forces-us",
        "combat", "odds", "events", "roster-japan", "roster-us")
PAGES = ("guide", "zones", "tracks", "tables", "events", "rosters")



@pytest.fixture(scope="module", autouse=True)
def _tools():
    """Before the module's other fixtures: Chromium, playwright and mkdocs, or every test skips (fails under CI)."""
    require_browser()
    import_or_missing("mkdocs", "needs mkdocs (the site extra)")



@pytest.fixture(scope="module")
def served(tmp_path_factory, built_site):
    from toolkit.cli import main

    root = tmp_path_factory.mktemp("pf-web")
    (root / "site").symlink_to(built_site, target_is_directory=True)  # chartroom site -o FOLDER, built once per session
    assert main(["aids", str(CAMPAIGN), "-o", str(root / "aids")]) == 0
    for base in serve(root):
        yield base, root
    shutil.rmtree(root, ignore_errors=True)


def test_site_has_pacific_fury_beside_fire_in_the_sky(served):
    _, root = served
    site = root / "site"
    for gid in ("fire-in-the-sky", "pacific-fury"):
        assert (site / "games" / gid / "index.html").is_file(), gid
    for stem in PAGES:
        assert (site / "games" / "pacific-fury" / f"{stem}.html").is_file(), stem
    overview = (site / "games" / "pacific-fury" / "index.html").read_text(encoding="utf-8")
    assert "4 zones, 17 boxes" in overview and "<th>Map</th>" in overview
    assert '<a href="zones.html">sea zones</a>' in overview
    fits = (site / "games" / "fire-in-the-sky" / "index.html").read_text(encoding="utf-8")
    assert " hexes, " in fits and " bases</td>" in fits
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Pacific Fury: Guadalcanal 1942" in home and "Ship rosters" in home  # in the navigation


def test_aids_and_pages_load_without_console_errors(served, page):
    base, _ = served
    paths = [f"aids/{stem}.html" for stem in AIDS] + ["site/games/pacific-fury/index.html"] + [f"site/games/pacific-fury/{s}.html" for s in PAGES]
    paths.append("site/scenarios/pacific-fury/campaign.html")
    for path in paths:
        response = page.goto(f"{base}/{path}")
        assert response is not None and response.ok, path
        settle(page)
        assert page.locator("h1").count() >= 1, path
    assert page.errors == []


@pytest.mark.parametrize("path", ["aids/zones.html", "site/games/pacific-fury/zones.html"])
def test_zone_diagram_renders_four_separate_zones(served, page, path):
    base, _ = served
    page.goto(f"{base}/{path}")
    svg = page.locator("svg.pf-zones").first
    box = svg.bounding_box()
    assert box is not None and box["width"] > 500
    rects = [page.locator("svg.pf-zones rect.cr-area").nth(i).bounding_box() for i in range(page.locator("svg.pf-zones rect.cr-area").count())]
    assert len(rects) == 4
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
            assert apart, (a, b)
    assert page.locator("svg.pf-zones line.cr-adj-open").count() == 1
    assert page.locator(".pf-open-pair").first.inner_text().startswith("The Slot / South Pacific Ocean: left open by the rules.")
    assert page.errors == []


def test_odds_and_roster_pages_show_exact_values(served, page):
    base, _ = served
    page.goto(f"{base}/site/games/pacific-fury/tables.html")
    row = page.locator('table.pf-odds[data-cap="0"] tr[data-cf="4"] td')
    assert [row.nth(i).inner_text().split()[0] for i in range(7)] == ["1/3", "1/6", "1/6", "1/6", "1/6", "0", "0"]
    assert page.locator("td.pf-chance").all_inner_texts() == ["0.8333 (5/6)", "0.5000 (1/2)", "0.1667 (1/6)"]
    page.goto(f"{base}/site/games/pacific-fury/rosters.html")
    assert page.locator('tr[data-counter="us-cv-hornet"] td').nth(4).inner_text().strip() == "2"
    game = load_game(ROOT / "scenarios" / "pacific-fury", "english").game
    unstated = sum(c.count * len(c.unstated) for c in game.counters.values() if c.type == "naval")
    assert page.locator(".pf-blank[data-rating]").count() == unstated
    page.goto(f"{base}/site/games/pacific-fury/tracks.html")
    assert "Hornet (US)" in page.locator("td.pf-arrivals").all_inner_texts()
    assert page.errors == []
