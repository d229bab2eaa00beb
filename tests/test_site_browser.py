"""The docs site and the aids in a real browser (Debian's chromium driven by playwright).

Skipped when /usr/bin/chromium (or ``CHARTROOM_CHROMIUM``) or playwright is missing, with the
reason in the summary; under ``CI=true`` they fail instead (see ``conftest.missing_tool``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import GAME, SHORT, require_browser, serve, settle

EVIL_TITLE = 'Evil <script>alert(1)</script> "quoted" & co'

@pytest.fixture(scope="module", autouse=True)
def _tools():
    """Before the module's other fixtures: the browser and playwright are there, or every test skips (fails under CI)."""
    require_browser()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from toolkit.cli import main

    root = tmp_path_factory.mktemp("web")
    evil = root / "evil.yaml"
    evil.write_text(
        "kind: scenario\ngame: fire-in-the-sky\nid: evil\n"
        f"title: '{EVIL_TITLE}'\n"
        "edition: v1.1\nstart_turn: 2\nsource: \"FitS v1.1 19.0\"\n"
        "notes: 'Notes <script>alert(2)</script> and <b>bold</b>'\n"
        "setup:\n  - at: Truk\n    side: japan\n    units:\n      - {counter: jp-ca, count: 2}\n    source: \"FitS v1.1 19.0\"\n",
        encoding="utf-8")
    # Built as a user builds them: the commands, in process.
    assert main(["site", "-o", str(root / "site"), "--scenario", str(evil)]) == 0
    assert main(["aids", str(SHORT), "-o", str(root / "aids")]) == 0
    assert main(["aids", str(evil), "-o", str(root / "evil-aids")]) in (0, 1)
    for base in serve(root):
        yield base, root
    shutil.rmtree(root, ignore_errors=True)


def _hex_count() -> int:
    from toolkit.model.build import load_game

    return len(load_game(GAME).game.map.hexes)


def test_pages_load_without_console_errors(served, page):
    base, _ = served
    for path in ("site/", "site/games/fire-in-the-sky/", "site/scenarios/fire-in-the-sky/short-campaign.html",
                 "site/reference/rules.html", "site/reference/cli.html", "site/reference/schemas.html", "site/games/fire-in-the-sky/editions.html",
                 "aids/index.html", "aids/setup-japan.html", "aids/schedule-allied.html", "aids/charts.html", "aids/map.html"):
        response = page.goto(f"{base}/{path}")
        assert response is not None and response.ok, path
        settle(page)
    assert page.errors == []


def test_map_shows_every_hex(served, page):
    base, _ = served
    expected = _hex_count()
    for path in ("site/games/fire-in-the-sky/", "site/scenarios/fire-in-the-sky/short-campaign.html", "aids/map.html"):
        page.goto(f"{base}/{path}")
        assert page.locator("svg.chartroom-map polygon.cr-hex").count() == expected, path
        box = page.locator("svg.chartroom-map").first.bounding_box()
        assert box is not None and box["width"] > 600, path
    assert page.errors == []


def _open_scenarios_of(page, game: str) -> None:
    """Unfold a game's group in the Scenarios section of the navigation (the scenarios are grouped by game)."""
    scenarios = page.locator("nav.md-nav[data-md-level='1']", has=page.locator("label.md-nav__title", has_text="Scenarios"))
    page.locator("li.md-nav__item--nested", has=scenarios).locator("label.md-nav__link", has_text=game).first.click()


def test_navigation_reaches_a_scenario_page(served, page):
    base, _ = served
    page.goto(f"{base}/site/")
    _open_scenarios_of(page, "Fire in the Sky")
    page.locator("nav.md-nav a", has_text="Short Campaign Game").first.click()
    page.wait_for_url("**/scenarios/fire-in-the-sky/short-campaign.html")
    assert page.locator("h1").first.inner_text().strip() == "Short Campaign Game"
    assert page.locator("table.cr-report, p.cr-clean").count() >= 1
    assert page.errors == []


def test_search_finds_a_base(served, page):
    base, _ = served
    page.goto(f"{base}/site/")
    box = page.locator("input.md-search__input")
    box.click()  # on a wide window the search box sits in the header
    box.press_sequentially("Yokosuka", delay=30)  # material searches on key events
    results = page.locator(".md-search-result__item")
    results.first.wait_for(state="visible", timeout=15000)
    assert results.count() >= 1
    assert page.errors == []


def test_markup_in_title_renders_as_text(served, page):
    base, root = served
    pages = sorted(p.relative_to(root / "site") for p in (root / "site" / "scenarios" / "extra").rglob("*.html"))
    assert len(pages) == 1
    page.goto(f"{base}/site/{pages[0].as_posix()}")
    assert page.locator("h1").first.inner_text().strip() == EVIL_TITLE
    assert page.locator(".scenario-notes").first.inner_text().startswith("Notes <script>alert(2)</script>")
    assert page.locator("svg.chartroom-map title").first.text_content() == f"Fire in the Sky - {EVIL_TITLE}"
    page.goto(f"{base}/evil-aids/index.html")
    assert page.locator("h1 + .sub .scenario-title").inner_text() == EVIL_TITLE
    assert page.locator("div.scenario-notes b").count() == 0
    page.goto(f"{base}/evil-aids/map.html")
    assert page.dialogs == []
    assert page.errors == []


# --- the site opened from disk (file://), as a reader who downloaded it opens it ---------------

def _site_links(page) -> list[str]:
    """Every link of the page to another page of the site (resolved, without #fragment or ?query)."""
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    return sorted({h.split("#")[0].split("?")[0] for h in hrefs if h.startswith("file://")})


def test_the_site_opened_from_disk_has_working_links_and_no_remote_requests(served, page):
    from urllib.parse import unquote, urlparse

    _, root = served
    site = root / "site"
    remote = []
    page.on("request", lambda r: remote.append(r.url) if not r.url.startswith(("file:", "data:", "blob:", "about:")) else None)
    start = (site / "index.html").as_uri()
    seen, todo = set(), [start]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        path = Path(unquote(urlparse(url).path))
        assert path.is_file() and path.suffix == ".html", f"a link leads to {path}, not a page (a folder shows a listing from disk)"
        response = page.goto(url)
        assert response is None or response.ok, url
        assert page.locator("h1").count() >= 1 and "Index of" not in page.title(), url
        todo.extend(link for link in _site_links(page) if link.startswith(site.as_uri()) and link not in seen)
    assert len(seen) >= 20  # home, guides, the game's pages, every scenario, the reference
    for game in ("fire-in-the-sky", "pacific-fury", "fire-from-the-skies"):  # every bundled game's own pages, from disk too
        assert any(f"/games/{game}/" in url for url in seen), game
    assert remote == []
    assert page.errors == []


def test_navigation_from_disk_reaches_a_scenario_page(served, page):
    _, root = served
    page.goto((root / "site" / "index.html").as_uri())
    _open_scenarios_of(page, "Fire in the Sky")
    page.locator("nav.md-nav a", has_text="Short Campaign Game").first.click()
    page.wait_for_url("**/scenarios/fire-in-the-sky/short-campaign.html")
    assert page.locator("h1").first.inner_text().strip() == "Short Campaign Game"
    page.goto((root / "site" / "games" / "fire-in-the-sky" / "index.html").as_uri())
    page.locator("article a", has_text="counter mix").first.click()
    page.wait_for_url("**/games/fire-in-the-sky/counters.html")
    assert page.errors == []


def test_search_works_from_disk(served, page):
    _, root = served
    page.goto((root / "site" / "scenarios" / "fire-in-the-sky" / "short-campaign.html").as_uri())
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("Yokosuka", delay=30)
    results = page.locator(".md-search-result__item")
    results.first.wait_for(state="visible", timeout=15000)
    assert results.count() >= 1
    results.locator("a").first.click()
    page.wait_for_load_state()
    assert page.url.startswith((root / "site").as_uri()) and ".html" in page.url
    assert page.errors == []
