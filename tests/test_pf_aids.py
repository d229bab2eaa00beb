"""Pacific Fury's player aids: written by the command, deterministic, and saying what the data and the
computations say (odds, Sunk Table, placeholders, arrivals, unstated ratings, the zone diagram's geometry)."""

from __future__ import annotations

import dataclasses
import html as htmllib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import ROOT
from toolkit.cli import main
from toolkit.games.pacific_fury import odds as pf_odds
from toolkit.games.pacific_fury.aids import PLACEHOLDER_NOTE, UNSTATED_NOTE, zone_card, zone_svg
from toolkit.games.pacific_fury.tables import Tables
from toolkit.model.build_game import load_game

PF = ROOT / "scenarios" / "pacific-fury"
CAMPAIGN = PF / "campaign.yaml"
OWN = ("sequence", "zones", "tracks", "task-forces-japan", "task-forces-us", "combat", "odds", "events", "roster-japan", "roster-us")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():
    return load_game(PF, "english").game


@pytest.fixture(scope="module")
def aids(tmp_path_factory):
    """The campaign's aids written twice by the command, in two folders."""
    first, second = tmp_path_factory.mktemp("pf-aids-1"), tmp_path_factory.mktemp("pf-aids-2")
    assert main(["aids", str(CAMPAIGN), "-o", str(first)]) == 0
    assert main(["aids", str(CAMPAIGN), "-o", str(second)]) == 0
    return first, second


def read(folder: Path, stem: str) -> str:
    return (folder / f"{stem}.html").read_text(encoding="utf-8")


def text(html: str) -> str:
    html = re.sub(r"<(style|svg)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_aids_are_written_and_byte_identical_on_two_runs(aids):
    first, second = aids
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    for stem in OWN + ("index", "setup-japan", "setup-us", "manifest"):
        assert f"{stem}.html" in names, stem
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_core_aids_are_chosen_for_an_area_game(aids):
    names = {p.name for p in aids[0].iterdir()}
    assert not {"schedule-japan.html", "schedule-us.html", "bases.html", "map.html", "map.svg", "charts.html"} & names
    index = text(read(aids[0], "index"))
    for title in ("Zone card", "Track sheet", "Task-force planning sheet: Japan", "Task-force planning sheet: US", "Combat card",
                  "Odds card", "Event card", "Sequence of play", "Ship roster: Japan", "Ship roster: US", "Set-up card: Japan"):
        assert title in index, title


def test_every_own_aid_cites_pf_rules(aids):
    for stem in OWN:
        cites = set(re.findall(r"PF \d+\.\d+", text(read(aids[0], stem))))
        assert len(cites) >= 3, (stem, cites)


def _odds_row(html: str, cap: int, cf: int) -> list[str]:
    table = re.search(rf'<table class="pf-odds" data-cap="{cap}">(.*?)</table>', html, re.S).group(1)
    row = re.search(rf'<tr data-cf="{cf}">(.*?)</tr>', table, re.S).group(1)
    return re.findall(r"<td[^>]*>([^<]*)<span", row)


@pytest.mark.parametrize("cap", [0, 1, 2])
def test_odds_card_cf4_row_is_the_odds_module_distribution(aids, cap):
    cells = _odds_row(read(aids[0], "odds"), cap, 4)
    dist = pf_odds.unit_hits(4, cap=cap)
    expected = [dist.get(h, Fraction(0)) for h in range(7)]
    assert [Fraction(c) for c in cells[:7]] == expected
    assert Fraction(cells[7]) == 1 - dist[0]  # any hit
    if cap == 0:  # PF 10.2 example: rolls 1-4 hit for 1-4, 5 and 6 miss
        assert cells[:7] == ["1/3", "1/6", "1/6", "1/6", "1/6", "0", "0"]


def test_odds_card_rows_run_cf_1_to_8_and_cap_0_to_2(aids):
    html = read(aids[0], "odds")
    assert re.findall(r'data-cap="(\d)"', html) == ["0", "1", "2"]
    for cap in (0, 1, 2):
        for cf in range(1, 9):
            cells = _odds_row(html, cap, cf)
            assert sum(Fraction(c) for c in cells[:7]) == 1, (cap, cf)


def test_sunk_table_probabilities(aids):
    combat = read(aids[0], "combat")
    chances = re.findall(r'<td class="num pf-chance">([^<]*)</td>', combat)
    assert chances == ["0.8333 (5/6)", "0.5000 (1/2)", "0.1667 (1/6)"]
    assert "Hornet (DF 2) with 3 hits sinks on 2-6" in text(combat)
    odds = text(read(aids[0], "odds"))
    assert "Chance a ship sinks" in odds


def test_henderson_placeholders_are_marked_and_footnoted(aids, game):
    boxes = Tables.of(game.charts).initiative_boxes()
    placeholders = sum(1 for b in boxes if b.placeholder)
    assert placeholders == len(boxes) == 11  # every CAP value is a placeholder today
    tracks = read(aids[0], "tracks")
    caps = re.findall(r'<td class="pf-cap">(\d+)(<span class="pf-ph">\*</span>)?</td>', tracks)
    assert [int(v) for v, _ in caps] == [b.cap_icons for b in boxes]
    assert sum(1 for _, mark in caps if mark) == placeholders
    assert PLACEHOLDER_NOTE in htmllib.unescape(tracks)
    assert "Placeholder: the CAP icons per box are not printed in the rules" in text(read(aids[0], "odds"))
    assert "Placeholder: the rules do not print the icons per box" in text(read(aids[0], "combat"))


def test_track_sheet_initiative_start_and_values(aids):
    tracks = read(aids[0], "tracks")
    assert re.search(r'<th class="pf-start">US 1</th>', tracks)
    assert "start (operational)" in text(tracks)
    assert "Japan: Operation marker starts on box 1; 7 operations a turn" in text(tracks)
    assert "operation 2 (other) leaves box 3: TF 2, box 4: TF 3" in text(tracks)  # the 9.7 example, computed


def test_hornet_arrives_on_turn_2_of_the_track_sheet(aids):
    tracks = read(aids[0], "tracks")
    arrivals = re.findall(r'<td class="pf-arrivals">([^<]*)</td>', tracks)
    assert arrivals == ["-", "Hornet (US)", "-", "-"]
    months = text(tracks)
    assert "Month August September October † November †" in months  # † months 3-4 reconstructed


def _roster_rows(html: str) -> dict[str, str]:
    return dict(re.findall(r'<tr data-counter="([^"]+)">(.*?)</tr>', html, re.S))


@pytest.mark.parametrize("side", ["japan", "us"])
def test_unstated_ratings_are_blank_boxes_never_numbers(aids, game, side):
    html = read(aids[0], f"roster-{side}")
    assert UNSTATED_NOTE in htmllib.unescape(html)
    rows = _roster_rows(html)
    ships = [c for c in game.counters.values() if c.side == side and c.type == "naval"]
    assert set(rows) == {c.id for c in ships}
    for counter in ships:
        blanks = re.findall(r'<span class="pf-blank" data-rating="(\w+)"', rows[counter.id])
        assert sorted(blanks) == sorted(r for r in ("combat", "aircraft", "defense") if r in counter.unstated), counter.id
        values = re.findall(r'<td class="num">([^<]*)</td>', rows[counter.id])
        for key in ("aircraft", "defense", "combat"):
            if key in counter.ratings:
                assert str(counter.ratings[key]) in values, (counter.id, key)


def test_roster_values_the_rules_state(aids):
    us = _roster_rows(read(aids[0], "roster-us"))
    assert re.findall(r'<td class="num">([^<]*)</td>', us["us-cv-hornet"]) == ["2", "2"]  # aircraft 2, DF 2 (PF 10.7 example)
    assert "Turn Record Track, turn 2" in us["us-cv-hornet"]
    japan = _roster_rows(read(aids[0], "roster-japan"))
    assert re.findall(r'<td class="num">([^<]*)</td>', japan["jp-cvl-ryujo"]) == ["1", "0"]  # CVL, DF 0
    assert "Japanese Reserve" in japan["jp-bb-yamato"]


def test_event_card_ticks_once_only_events_and_heavy_bombers_repeat(aids):
    html = read(aids[0], "events")
    rows = dict(re.findall(r'<tr data-event="([^"]+)">(.*?)</tr>', html, re.S))
    assert len(rows) == 6
    for event, row in rows.items():
        if event == "heavy-bombers":
            assert "pf-once" not in row and "repeatable" in row and row.count('class="tick"') == 3  # turns 2-4
        else:
            assert row.count("pf-once") == 1, event
    assert "0.5000 (1/2)" in rows["heavy-bombers"] and "0.5000 (1/2)" in rows["torpedo-hits"]


def test_sequence_card_shows_the_seven_operations_loop(aids):
    html = read(aids[0], "sequence")
    assert "repeat ×7" in html
    assert len(re.findall(r'<span class="pf-loop">', html)) == 7
    assert "IV. Initiative Player Operations Phase" in html and "V. Non-Initiative Player Operations Phase" in html


def test_planning_sheets_have_seven_boxes_and_the_constraints(aids):
    for side, other in (("japan", "Tokyo Express (9.6): only as the non-initiative player"), ("us", "The Tokyo Express is Japanese (9.6)")):
        html = read(aids[0], f"task-forces-{side}")
        assert len(re.findall(r'<td class="num"><strong>\d</strong></td>', html)) == 7
        body = text(html)
        assert "At most 7 task forces" in body and other in body
        assert "AS at least double AA, or AA 0: +2" in body
    assert "Tokyo Express (special TF-B): The Slot (non initiative)" in text(read(aids[0], "task-forces-japan"))
    assert "Espiritu Santo" in text(read(aids[0], "task-forces-us"))


def test_zone_card_calls_out_the_open_pair_with_its_record(aids):
    html = read(aids[0], "zones")
    callout = re.search(r'<div class="pf-callout pf-open-pair">(.*?)</div>', html, re.S).group(1)
    words = text(callout)
    assert "The Slot / South Pacific Ocean: left open by the rules" in words
    assert "map.yaml" not in words and "record at" not in words  # a player aid speaks to players, not to the data's authors
    assert "TF-C air-strike targets from South Pacific Ocean" in words
    assert "cr-adj-open" in html and "Ironbottom Sound: combined task forces" in text(html)
    assert "never formed" in text(html)  # no TF-A for the initiative player (PF 6.3, 8.3)


def test_zone_card_says_a_tf_a_enters_ironbottom_sound_only_to_land(aids, game, monkeypatch):
    """PF 9.2 with 9.3 as the edition reads it (PF-TF-A-LANDING, calc moves --type A): the card's move lists name
    Ironbottom Sound for a TF-A, so the card says it is entered only as a Landing; with the other reading, it does not."""
    words = text(read(aids[0], "zones"))
    assert "A TF-A moves into Ironbottom Sound only as a Landing" in words and "PF 9.3" in words
    monkeypatch.setitem(game.edition.parameters, "task_force_a_may_wait_in_landing_zone", True)
    assert zone_card(game, None)["tf_a_lands_only"] is False


# --- the zone diagram's geometry -------------------------------------------------------------------

def _segment_hits_rect(x1, y1, x2, y2, rect) -> bool:
    """Liang-Barsky: whether the segment passes through the (closed) rectangle."""
    left, top, right, bottom = rect
    t0, t1 = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def geometry_problems(svg: str) -> list[str]:
    """Zones that overlap, and adjacency lines that cross a zone they do not join."""
    root = ET.fromstring(svg)
    rects = {}
    for r in root.iter(f"{SVG}rect"):
        if "cr-area" in r.get("class", "") and r.get("data-area"):
            x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
            rects[r.get("data-area")] = (x, y, x + w, y + h)
    problems = []
    names = sorted(rects)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ra, rb = rects[a], rects[b]
            if ra[0] < rb[2] and rb[0] < ra[2] and ra[1] < rb[3] and rb[1] < ra[3]:
                problems.append(f"{a} overlaps {b}")
    for line in root.iter(f"{SVG}line"):
        if "cr-adj" not in line.get("class", ""):
            continue
        ends = set(line.get("data-between").split(" - "))
        coords = [float(line.get(k)) for k in ("x1", "y1", "x2", "y2")]
        for name, rect in rects.items():
            if name not in ends and _segment_hits_rect(*coords, rect):
                problems.append(f"the line {line.get('data-between')} crosses {name}")
    return problems


def test_zone_diagram_zones_do_not_overlap_and_no_line_crosses_a_zone(game):
    svg = zone_svg(game, None)
    root = ET.fromstring(svg)
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("data-area")]) == 4
    lines = {frozenset(line.get("data-between").split(" - ")) for line in root.iter(f"{SVG}line") if "cr-adj" in line.get("class", "")}
    assert lines == {frozenset(p) for p in (("The Slot", "Ironbottom Sound"), ("Ironbottom Sound", "Eastern Solomons"),
                                            ("Ironbottom Sound", "South Pacific Ocean"), ("Eastern Solomons", "South Pacific Ocean"),
                                            ("The Slot", "South Pacific Ocean"))}  # the last is the open pair, dashed
    assert geometry_problems(svg) == []


def test_the_geometry_check_catches_a_line_through_a_zone(game):
    # Without the position hints the four zones stand in one row and Ironbottom Sound - South Pacific Ocean crosses the Eastern Solomons.
    plain = dataclasses.replace(game, map=dataclasses.replace(game.map, area_positions={}))
    assert "the line Ironbottom Sound - South Pacific Ocean crosses Eastern Solomons" in geometry_problems(zone_svg(plain, None))


def test_map_positions_are_recorded_with_their_reasoning(game):
    positions = {name: tuple(pos) for name, pos in game.map.area_positions.items()}
    assert positions == {"The Slot": (0, 0), "Ironbottom Sound": (1, 0), "Eastern Solomons": (2, 0), "South Pacific Ocean": (1, 1)}
    assert (PF / "map.yaml").read_text(encoding="utf-8").count("is a drawing hint only") == 4


# --- print ---------------------------------------------------------------------------------------

def test_letter_paper_and_orientation(tmp_path):
    assert main(["aids", str(CAMPAIGN), "-o", str(tmp_path), "--paper", "letter"]) == 0
    assert "size: letter landscape" in read(tmp_path, "tracks")
    assert "size: letter portrait" in read(tmp_path, "zones")


def test_a_location_split_between_columns_is_headed_in_both(built_aids):
    """The US set-up card holds one location, Espiritu Santo, in two columns: its heading is its table's header, so the
    printed card heads the second column with it too (it went on without one); the HTML has it once."""
    folder = built_aids(CAMPAIGN)
    html = read(folder, "setup-us")
    assert html.count('<th class="loc-head">Espiritu Santo') == 1 and "<thead>" in html
    if not shutil.which("pdftotext"):
        pytest.skip("needs pdftotext (apt-get install poppler-utils) to read the PDF's text")
    page = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(folder / "setup-us.pdf"), "-"], check=True, capture_output=True, text=True).stdout
    assert page.count("Espiritu Santo") == 2, page


def test_set_up_card_counts_in_words_and_speaks_of_air_steps_only_where_there_are(aids):
    """'1 location', not '1 locations'; the note on air units placed by steps only on a card placing air by steps (FitS)."""
    us = text(read(aids[0], "setup-us"))
    assert "20 counters at 1 location." in us and "by steps" not in us


def test_pdf_aids_are_written_and_deterministic(built_aids):
    pytest.importorskip("weasyprint", reason="PDF output needs the pdf extra (WeasyPrint)")
    from toolkit.render.pdf import _pdf_bytes

    tmp_path = built_aids(CAMPAIGN)  # chartroom aids CAMPAIGN --pdf, built once per test session (conftest)
    for stem in OWN:
        assert (tmp_path / f"{stem}.pdf").stat().st_size > 1000, stem
    # the same aid rendered again by the command's writer, later in the session, gives the same bytes
    # (no dates in the metadata or in the fonts fontTools subsets where libharfbuzz-subset is missing)
    for stem in ("zones", "odds"):
        assert _pdf_bytes(read(tmp_path, stem))[0] == (tmp_path / f"{stem}.pdf").read_bytes(), stem
    if shutil.which("pdftotext"):
        zones = subprocess.run(["pdftotext", "-layout", str(tmp_path / "zones.pdf"), "-"], check=True, capture_output=True, text=True).stdout
        assert "Ironbottom Sound" in zones and "left open by the rules" in " ".join(zones.split())
        sunk = " ".join(subprocess.run(["pdftotext", str(tmp_path / "combat.pdf"), "-"], check=True, capture_output=True, text=True).stdout.split())
        assert "0.8333 (5/6)" in sunk and "0.1667 (1/6)" in sunk
