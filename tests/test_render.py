"""Player aids and the SVG map: every aid written, set-up complete, forfeits, determinism, escaping, PDF."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import ROOT, SHORT, import_or_missing, written_by
from toolkit.games import BaseGame
from toolkit.model import Box, Counter, Edition, Game, Map, Place, Placement, Scenario, ScheduleTurn, UnitEntry, steps_to_counters
from toolkit.model.build import load_scenario
from toolkit.render.aids import aids_of, schedule, setup_card
from toolkit.render.build import build_aids as _build_aids
from toolkit.render.env import environment
from toolkit.render.svgmap import render_map_svg
from toolkit.session import Session  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
AIDS = aids_of(load_scenario(SHORT).game, Session().open_scenario(SHORT).module)  # the core aids and the game's (odds card)


def build_aids(scenario, out, **options):
    """Aids of a scenario file, opened as ``chartroom aids`` opens it."""
    return _build_aids(Session().open_scenario(scenario), out, **options)
EVIL_TITLE = 'Evil <script>alert(1)</script> "quoted" & co'
EVIL_NOTES = 'Notes <script>alert(1)</script> with "quotes" and <b>bold</b>'


@pytest.fixture(scope="module")
def short_aids(tmp_path_factory):
    out = tmp_path_factory.mktemp("aids")
    written = build_aids(SHORT, out)
    return out, written


@pytest.fixture
def evil(write):
    return write("evil.yaml", f"""\
        kind: scenario
        game: fire-in-the-sky
        id: evil
        title: '{EVIL_TITLE}'
        edition: v1.1
        start_turn: 2
        source: "FitS v1.1 19.0"
        notes: '{EVIL_NOTES}'
        setup:
          - at: Truk
            side: japan
            units:
              - {{counter: jp-ca, count: 2}}
            source: "FitS v1.1 19.0"
        """)


def test_every_aid_is_written(short_aids):
    out, written = short_aids
    for stem, _, _ in AIDS:
        assert (out / f"{stem}.html").is_file(), stem
        assert (out / f"{stem}.html").stat().st_size > 500
    assert (out / "map.svg").is_file()
    assert sorted(written["html"]) == sorted([f"{s}.html" for s, _, _ in AIDS] + ["map.svg"])


def test_setup_card_lists_every_unit_of_the_scenario(short_aids):
    from toolkit.games.fire_in_the_sky.checks import FitSContext

    out, _ = short_aids
    loaded = load_scenario(SHORT)
    ctx = FitSContext(loaded.game, loaded.scenario)
    for side in ("japan", "allied"):
        html = (out / f"setup-{side}.html").read_text(encoding="utf-8")
        units = [u for u in ctx.units if u.side == side]
        assert units
        for unit in units:
            assert f'data-counter="{unit.counter.id}"' in html, unit.counter.id
            assert f'data-location="{unit.placement.where}"' in html, unit.placement.where
        expected = sum(steps_to_counters(u.steps, u.counter.steps or 2) if u.counter.type == "air" else u.entry.count for u in units)
        card = setup_card(loaded.game, loaded.scenario, side, Session().open_scenario(SHORT).module)
        assert card["counter_total"] == expected
        # One tick box per counter at the locations (the track, sunk and markers add their own).
        located = html.split("<h2>")[0]
        assert located.count('class="tick"') == expected


def test_setup_card_heads_each_location_in_its_table_and_notes_air_steps(short_aids):
    """Each location's heading is its table's header (repeated where a location goes on in the next column or page);
    the Short Campaign's cards place air units by steps, and say so."""
    out, _ = short_aids
    html = (out / "setup-japan.html").read_text(encoding="utf-8")
    assert html.count('<div class="loc"') == html.count('<thead><tr><th class="loc-head">') == 12
    assert '<thead><tr><th class="loc-head">Kure <span class="where">hex 1203' in html
    assert "47 counters at 12 locations. Air units are placed by steps" in html


def _tiny_game(count=2, unlimited=False, withdraw=False):
    places = {"Truk": Place("Truk", "0101", "base", vp=1, flag="japan", extra={"air": 4, "port": 6}),
              "Kure": Place("Kure", "0102", "base", vp=5, flag="japan", extra={"air": 4, "port": 10, "home_base": "japan"})}
    m = Map(frozenset({"0101", "0102", "0201"}), places, (), frozenset(),
            {"West Coast USA": Box("West Coast USA", "off-map", "us", None, ("0201",), side="allied", extra={"home_base": "us"})})
    ca = Counter("jp-ca", "Japanese CA", "japan", "japan", "naval", "CA", count=count, ratings={"transport": 1}, unlimited=unlimited)
    edition = Edition("v1.1", "FitS v1.1", {"reinforcement-forfeit": {"number": "7.1"}, "counter-mix": {"number": "2.1"}}, {}, {})
    data3 = {"turn": 3, "submarine_points": 2}
    if withdraw:
        data3["withdrawals"] = [{"counter": "jp-ca", "count": 1}]
    schedules = (
        ScheduleTurn("japan", 3, (UnitEntry("jp-ca", 1),) if not withdraw else (), data3),
        ScheduleTurn("japan", 4, (UnitEntry("jp-ca", 2),), {"turn": 4}),
        ScheduleTurn("japan", 1, (UnitEntry("jp-ca", 1),), {"turn": 1}),  # before the start: ignored
    )
    game = Game("tiny", "Tiny", Path("."), edition, m, {"jp-ca": ca}, schedules, (), ("v1.1",))
    scenario = Scenario("s", "Tiny scenario", "v1.1", 2, frozenset(), (),
                        (Placement("Kure", "japan", (UnitEntry("jp-ca", 1),)),), {}, (), (), Path("s.yaml"))
    return game, scenario


def test_schedule_forfeits_arrivals_the_counter_mix_cannot_supply():
    game, scenario = _tiny_game(count=2)
    sched = schedule(game, scenario, "japan", BaseGame())
    turns = {row["turn"]: row for row in sched["turns"]}
    assert sorted(turns) == [3, 4]
    # One CA in the set-up, one free: turn 3's arrives, both of turn 4's are forfeited.
    assert turns[3]["arrivals"][0]["forfeited"] == 0
    assert turns[4]["arrivals"][0]["arrive"] == 0 and turns[4]["arrivals"][0]["forfeited"] == 2
    assert sched["forfeits"] == 2
    assert sched["forfeit_rule"] == "FitS v1.1 7.1"
    html = environment().get_template("schedule.html").render(
        game=game, scenario=scenario, edition="FitS v1.1", page_size="A4", orientation="portrait",
        aids=[], stem="schedule-japan", title="Schedule", sched=sched)
    assert "FORFEITED: 2 of 2" in html and 'data-forfeited="2"' in html


def test_withdrawal_frees_a_counter_and_unlimited_counters_never_forfeit():
    game, scenario = _tiny_game(count=2, withdraw=True)
    turns = {row["turn"]: row for row in schedule(game, scenario, "japan", BaseGame())["turns"]}
    assert turns[3]["withdrawals"][0]["name"] == "Japanese CA"
    assert turns[4]["arrivals"][0]["arrive"] == 2 and turns[4]["arrivals"][0]["forfeited"] == 0
    game, scenario = _tiny_game(count=1, unlimited=True)
    assert schedule(game, scenario, "japan", BaseGame())["forfeits"] == 0


def test_aids_are_deterministic(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    build_aids(SHORT, a)
    build_aids(SHORT, b)
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir())
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_map_svg_parses_and_has_one_polygon_per_hex(short_aids):
    out, _ = short_aids
    game = load_scenario(SHORT).game
    root = ET.parse(out / "map.svg").getroot()
    polygons = root.findall(f".//{SVG}polygon")
    assert len(polygons) == len(game.map.hexes)
    assert {p.get("data-hex") for p in polygons} == set(game.map.hexes)
    assert all("cr-hex" in p.get("class") for p in polygons)
    drawn = {g.get("data-place") for g in root.iter(f"{SVG}g") if g.get("data-place")}
    assert drawn == {p.name for p in game.map.places.values() if p.hex in game.map.hexes}


def test_flat_topped_odd_q_geometry():
    from toolkit.render.svgmap import hex_center

    # Even-numbered columns sit half a hex lower; columns 1.5 radii apart.
    x1, y1 = hex_center("0101")
    x2, y2 = hex_center("0201")
    x3, y3 = hex_center("0301")
    assert y2 > y1 and y3 == y1 and x2 - x1 == x3 - x2 == pytest.approx(45.0)


def test_markup_in_title_and_notes_is_text_everywhere(evil, tmp_path):
    out = tmp_path / "aids"
    build_aids(evil, out)
    for path in sorted(out.iterdir()):
        text = path.read_text(encoding="utf-8")
        assert "<script>alert" not in text, path.name
        assert "<b>bold" not in text, path.name
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Evil &lt;script&gt;alert(1)&lt;/script&gt; &#34;quoted&#34; &amp; co" in index
    assert "Notes &lt;script&gt;alert(1)&lt;/script&gt;" in index
    root = ET.parse(out / "map.svg").getroot()
    assert root.find(f"{SVG}title").text == f"Fire in the Sky - {EVIL_TITLE}"
    assert root.get("aria-label") == f"Fire in the Sky - {EVIL_TITLE}"
    loaded = load_scenario(evil)
    ET.fromstring(render_map_svg(loaded.game, loaded.scenario, title=EVIL_TITLE))


def test_autoescape_covers_svg_and_html_templates():
    env = environment()
    for name in ("map.svg", "aid.html", "x.xml"):
        assert env.autoescape(name) is True, name
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"


def test_letter_paper_sets_the_page_size(tmp_path):
    build_aids(SHORT, tmp_path, paper="letter")
    assert "size: letter portrait" in (tmp_path / "setup-japan.html").read_text(encoding="utf-8")
    assert "size: letter landscape" in (tmp_path / "map.html").read_text(encoding="utf-8")


def test_cli_aids_errors_are_one_line(tmp_path, capsys):
    from toolkit.cli import main

    assert main(["aids", str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: scenario\ngame: [\n", encoding="utf-8")
    assert main(["aids", str(bad), "-o", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert main(["aids", str(SHORT), "-o", str(tmp_path / "o")]) == 0
    assert (tmp_path / "o" / "index.html").is_file()


def _pdf_text(path: Path) -> str:
    if shutil.which("pdftotext"):
        return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    pypdf = import_or_missing("pypdf", "needs pdftotext (apt-get install poppler-utils) or pypdf to read PDFs")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(str(path)).pages)


def _pdf_pages(path: Path) -> int:
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
        return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    pypdf = import_or_missing("pypdf", "needs pdfinfo (apt-get install poppler-utils) or pypdf to read PDFs")
    return len(pypdf.PdfReader(str(path)).pages)


def test_pdf_pages_and_text(built_aids):
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries (apt-get install libpango-1.0-0 libpangoft2-1.0-0)")
    if not (shutil.which("pdftotext") and shutil.which("pdfinfo")):  # before the slow rendering
        import_or_missing("pypdf", "needs pdftotext and pdfinfo (apt-get install poppler-utils) or pypdf to read PDFs")
    folder = built_aids(SHORT)  # built once per test session (conftest), with build_aids as here
    pages = written_by(folder)["pages"]
    assert sorted(pages) == sorted([f"{s}.pdf" for s, _, _ in AIDS] + ["aids.pdf"])
    for name, count in pages.items():
        assert _pdf_pages(folder / name) == count, name
    assert pages["map.pdf"] == 1
    assert pages["index.pdf"] == 1
    assert pages["aids.pdf"] == sum(n for name, n in pages.items() if name not in ("aids.pdf", "index.pdf"))
    title = load_scenario(SHORT).scenario.title
    for name in ("setup-japan.pdf", "setup-allied.pdf", "aids.pdf"):
        assert title in " ".join(_pdf_text(folder / name).split()), name


@pytest.mark.parametrize("game, heading, repeat", [
    ("pacific-fury", "Initiative player turn", True),  # player roles, and the IV/V pair seven times (PF 5.0)
    ("fire-from-the-skies", "Game turn (both players)", False),  # one game turn both players share (no phasing side)
])
def test_the_sequence_of_play_shows_roles_shared_turns_and_repeats(game, heading, repeat):
    from toolkit.render.aids import sequence_of_play
    from toolkit.render.env import environment
    from toolkit.session import Session

    opened = Session().open_game(ROOT / "scenarios" / game)
    html = environment().get_template("parts/sequence.html").render(sop=sequence_of_play(opened.game))
    assert f"<h2>{heading}" in html
    assert ("Repeat 7 times." in html) is repeat
