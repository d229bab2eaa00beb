"""Pacific Fury's site pages as the core joins them (fast; the built site and the browser are in test_pf_site_browser.py)."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from toolkit.render.sitepages import game_pages
from toolkit.session import Session

PF = ROOT / "scenarios" / "pacific-fury"


@pytest.fixture(scope="module")
def pages():
    return game_pages(PF, Session())


def test_the_game_adds_its_pages_to_its_part_of_the_site(pages):
    assert [label for label, _ in pages.entries] == ["Counter mix", "Authoring reference", "Using Pacific Fury with Chartroom", "Sea zones", "Tracks and Operation Boxes",
                                                     "Combat tables and odds", "Events and sequence of play", "Ship rosters"]
    for _, path in pages.entries:
        assert path in pages.pages and path.startswith("games/pacific-fury/")
    assert ("scenarios/pacific-fury/campaign.md", "Guadalcanal, August to November 1942") in pages.scenarios


def test_overview_says_zones_and_boxes_for_an_area_map(pages):
    overview = pages.pages["games/pacific-fury/index.md"]
    assert "<td>4 zones, 17 boxes</td>" in overview and "Hexes" not in overview
    assert '<a href="rosters.html">ship rosters</a>' in overview
    fits = game_pages(ROOT / "scenarios" / "fire-in-the-sky", Session()).pages["games/fire-in-the-sky/index.md"]
    assert re.search(r"<td>\d+ hexes, \d+ bases</td>", fits)


def test_pages_hold_the_cards_with_the_campaign_start(pages):
    generated = pages.pages
    tracks = generated["games/pacific-fury/tracks.md"]
    assert re.findall(r'<td class="pf-arrivals">([^<]*)</td>', tracks) == ["-", "Hornet (US)", "-", "-"]
    assert tracks.count("At most 7 task forces") == 2  # both planning sheets
    assert "Japanese Reserve" in generated["games/pacific-fury/rosters.md"]
    assert '<td class="num pf-chance">0.8333 (5/6)</td>' in generated["games/pacific-fury/tables.md"]
    assert "pf-open-pair" in generated["games/pacific-fury/zones.md"]
    guide = generated["games/pacific-fury/guide.md"]
    assert guide.startswith("# Pacific Fury") and guide.count("\n# ") == 0  # one title
    assert "## Reconstructed, and placeholders" in guide
    for text in generated.values():
        for block in re.findall(r'<div class="chartroom pf-card">(.*?)\n</div>', text, re.S):
            assert "\n\n" not in block  # one HTML block: Markdown leaves it whole
