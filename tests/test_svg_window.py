"""A set-up sheet carries only what shows through its window (issue 22 item 4: PDF layout CPU).

``toolkit.render.svgwindow.within`` drops the lines of a drawing that lie wholly outside a window;
each clause of its rule has a case that is dropped and one that is kept. The sheets of every game's
set-up map are then shown in headless Chromium with and without the lines dropped: the same pixels.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT
from toolkit.render import setupsheets
from toolkit.render.setupsheets import SHEET_AREA_MM, sheets
from toolkit.render.svgsetup import render_setup_svg
from toolkit.render.svgwindow import within
from toolkit.session import Session

WINDOW = (100.0, 100.0, 200.0, 100.0)  # x 100..300, y 100..200
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000" width="1000" height="1000">'


def drawing(*lines: str) -> str:
    return "\n".join([HEAD, '<g class="layer">', *lines, "</g>", "</svg>"])


def kept(*lines: str) -> list[str]:
    """Which of ``lines`` are left by :func:`within` of :data:`WINDOW`."""
    left = within(drawing(*lines), WINDOW).split("\n")
    return [line for line in lines if line in left]


@pytest.mark.parametrize("line", [
    '<rect x="400" y="120" width="20" height="20"/>',  # right of the window
    '<circle cx="150" cy="20" r="10"/>',  # above it
    '<line x1="0" y1="300" x2="900" y2="320"/>',  # below it
    '<polygon points="10,10 20,10 15,30"/>',  # left of it, above
    '<text x="150" y="400">Midway</text>',  # below, however wide the text
    '<g class="cr-counter" transform="translate(600,150)"><rect x="0" y="0" width="46" height="46"/><text x="23" y="10">CV</text></g>',
])
def test_a_shape_wholly_outside_the_window_is_dropped(line):
    assert kept(line) == []


@pytest.mark.parametrize("line", [
    '<rect x="280" y="120" width="40" height="20"/>',  # across the right edge
    '<rect x="305" y="120" width="20" height="20"/>',  # just outside: its stroke may show
    '<text x="340" y="150">Pearl Harbor</text>',  # its anchor outside, its letters may reach in
    '<circle cx="150" cy="150" r="10"/>',  # inside
    '<g class="cr-counter" transform="translate(80,150)"><rect x="0" y="0" width="46" height="46"/></g>',  # moved across its left edge
])
def test_a_shape_in_or_near_the_window_is_kept(line):
    assert kept(line) == [line]


@pytest.mark.parametrize("line", [
    '<path d="M 900 900 L 950 950"/>',  # no extent read from a path
    '<rect id="far" x="900" y="900" width="10" height="10"/>',  # another element may refer to it
    '<rect x="900" y="900" width="10" height="10" transform="rotate(45)"/>',  # not a plain shift
    '<g transform="scale(2)"><rect x="900" y="900" width="10" height="10"/></g>',
    '<text x="900" y="900">a<tspan>b</tspan></text>',  # a text with parts
    '<rect x="900" y="900" width="10"',  # not a whole element
])
def test_what_cannot_be_measured_is_kept_however_far_it_looks(line):
    assert kept(line) == [line]


def test_inside_a_group_that_is_not_a_plain_shift_everything_is_kept():
    far = '<rect x="900" y="900" width="10" height="10"/>'
    svg = "\n".join([HEAD, '<g transform="rotate(180 500 500)">', far, "</g>", "</svg>"])
    assert far in within(svg, WINDOW).split("\n")
    shifted = "\n".join([HEAD, '<g transform="translate(-800,-800)">', far, "</g>", "</svg>"])  # moved onto the window
    assert far in within(shifted, WINDOW).split("\n")
    away = "\n".join([HEAD, '<g transform="translate(50,50)">', far, "</g>", "</svg>"])
    assert far not in within(away, WINDOW).split("\n")


def test_a_nested_drawing_at_its_own_size_is_a_shift_and_at_another_scale_is_kept_whole():
    far = '<rect x="900" y="900" width="10" height="10"/>'
    same = '<svg x="0" y="0" viewBox="0 0 1000 1000" width="1000" height="1000">'
    scaled = '<svg x="0" y="0" viewBox="0 0 1000 1000" width="100" height="100">'
    assert far not in within("\n".join([HEAD, same, far, "</svg>", "</svg>"]), WINDOW).split("\n")
    assert far in within("\n".join([HEAD, scaled, far, "</svg>", "</svg>"]), WINDOW).split("\n")


def test_titles_styles_and_the_frame_are_kept_and_kept_lines_are_the_same_bytes():
    svg = "\n".join([HEAD, "<title>Set-up</title>", "<style>", ".x{fill:red}", "</style>", '<g class="a">',
                     '<rect x="900" y="900" width="10" height="10"/>', '<rect x="120" y="120" width="10" height="10"/>', "</g>", "</svg>"])
    assert within(svg, WINDOW) == svg.replace('<rect x="900" y="900" width="10" height="10"/>\n', "")


SCENARIOS = [ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml", ROOT / "scenarios" / "pacific-fury" / "campaign.yaml",
             ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"]


def setup_drawing(path: Path) -> str:
    """The set-up drawing of the map-setup aid (toolkit.render.aids)."""
    opened = Session().open_scenario(path, checks=False)
    module = opened.module
    return render_setup_svg(opened.game, opened.scenario, module.setup_pieces(opened.game, opened.scenario), module.map_style(opened.game),
                            reinforcements=False)


def counters(svg: str) -> set[str]:
    return set(re.findall(r'data-counter="([^"]+)"', svg))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.parent.name)
@pytest.mark.parametrize("paper", sorted(SHEET_AREA_MM))
def test_each_sheet_carries_less_than_the_whole_drawing_and_every_counter_is_on_some_sheet(path, paper, monkeypatch):
    whole = setup_drawing(path)
    cut = sheets(whole, SHEET_AREA_MM[paper])
    monkeypatch.setattr(setupsheets, "within", lambda svg, window: svg)
    uncut = sheets(whole, SHEET_AREA_MM[paper])
    assert len(cut) > 1 and all(len(a.svg) < len(b.svg) for a, b in zip(cut, uncut))
    assert sum(len(s.svg) for s in cut) < 0.6 * sum(len(s.svg) for s in uncut)
    assert set().union(*(counters(s.svg) for s in cut)) == counters(whole)


@pytest.mark.browser
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.parent.name)
def test_every_sheet_looks_the_same_with_and_without_what_lies_outside_it(path, page, monkeypatch):
    whole = setup_drawing(path)
    cut = sheets(whole, SHEET_AREA_MM["a4"])
    monkeypatch.setattr(setupsheets, "within", lambda svg, window: svg)  # each sheet as the whole drawing through its window
    uncut = sheets(whole, SHEET_AREA_MM["a4"])
    assert [s.name for s in cut] == [s.name for s in uncut] and all(len(a.svg) < len(b.svg) for a, b in zip(cut, uncut))
    for sheet, full in zip(cut, uncut):
        shots = []
        for svg in (sheet.svg, full.svg):
            page.set_content(f'<!DOCTYPE html><html><body style="margin:0">{svg}</body></html>')
            shots.append(page.locator("svg").first.screenshot())
        assert shots[0] == shots[1], sheet.name
    assert not page.errors
