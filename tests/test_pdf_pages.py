"""Every PDF aid of every game fits its pages, on A4 and on Letter (issue 18, point 4).

Read from the PDFs (tests/pagefill.py): no page holds only a heading or a caption; nothing is drawn
into a page's margins (a table or drawing cut by the page edge, or running into the footer); no page
after an aid's first is a spill of a few lines; a plotting sheet is one page and a carrier's
air-operations log one page. One scenario per game holds every kind of aid the game has (the other
bundled scenarios give the same aids with other contents); each is built once per paper and test session
(the ``built_aids`` fixture of conftest.py, shared with the other tests that read these PDFs).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pagefill import fill, margins_mm, page_problems, read_pages

from conftest import ROOT, import_or_missing, missing_tool

#: Every test here lays out PDFs or reads them (left out by make test-fast).
pytestmark = pytest.mark.pdf

SCENARIOS = {
    "fire-in-the-sky": "short-campaign.yaml",
    "pacific-fury": "campaign.yaml",
    "fire-from-the-skies": "coral-sea.yaml",  # the longer day: 36 turns in each carrier's log
}
PAPERS = ("a4", "letter")
CASES = [(game, paper) for game in SCENARIOS for paper in PAPERS]
#: A page after an aid's first uses at least this share of its content area's height, or it is a spill.
LEAST_FILL = 0.10


def _tools():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    import_or_missing("pypdf", "reading the PDFs' text needs pypdf (the pdf extra)")
    if not shutil.which("pdftoppm"):
        missing_tool("needs pdftoppm to look at the pages (apt-get install poppler-utils)")


class Built:
    """One game's aids on one paper: the folder, and each aid's pages, read once."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.stems = sorted(p.stem for p in folder.glob("*.pdf") if p.stem != "aids")
        self.pages = {stem: read_pages(folder / f"{stem}.pdf") for stem in self.stems}

    def margins(self, stem: str):
        return margins_mm((self.folder / f"{stem}.html").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def aids(built_aids):
    """aids(game, paper) -> :class:`Built`, read once for the module; the PDFs are built once per session (conftest)."""
    built: dict[tuple[str, str], Built] = {}

    def _aids(game: str, paper: str) -> Built:
        _tools()
        if (game, paper) not in built:
            built[game, paper] = Built(built_aids(ROOT / "scenarios" / game / SCENARIOS[game], paper))
        return built[game, paper]

    return _aids


@pytest.mark.parametrize(("game", "paper"), CASES)
def test_no_heading_or_caption_alone_and_nothing_in_the_margins(aids, game, paper):
    built = aids(game, paper)
    assert [line for stem in built.stems for line in page_problems(built.folder, stem, built.pages[stem])] == []


@pytest.mark.parametrize(("game", "paper"), CASES)
def test_no_page_is_a_spill_of_a_few_lines(aids, game, paper):
    built = aids(game, paper)
    spills = [f"{stem}.pdf page {page.number}: {fill(page, built.margins(stem)):.0%} of the page: {' '.join(page.text.split())[:60]!r}"
              for stem in built.stems for page in built.pages[stem][1:] if fill(page, built.margins(stem)) < LEAST_FILL]
    assert spills == []


@pytest.mark.parametrize("paper", PAPERS)
def test_a_plotting_sheet_is_one_page_and_each_carriers_log_one_page(aids, paper):
    built = aids("fire-from-the-skies", paper)
    sheets = [stem for stem in built.stems if stem.startswith("plotting-sheet")]
    assert len(sheets) == 3
    assert {stem: len(built.pages[stem]) for stem in sheets} == {stem: 1 for stem in sheets}
    carriers = (built.folder / "air-operations.html").read_text(encoding="utf-8").count('class="ffts-page" data-carrier=')
    assert carriers == 4
    assert len(built.pages["air-operations"]) == carriers


# --- the checks themselves fail where they should: small hand-made pages ---------------------------------

PAGE = "<style>@page { size: A4; margin: 11mm 11mm 13mm 11mm; @bottom-left { content: 'Chartroom player aid'; font-size: 7pt; } }</style>"


def _pdf(tmp_path: Path, stem: str, body: str) -> Path:
    _tools()
    from toolkit.render.pdf import _pdf_bytes

    html = f"<!DOCTYPE html><html lang='en'><head>{PAGE}</head><body>{body}</body></html>"
    (tmp_path / f"{stem}.html").write_text(html, encoding="utf-8")
    (tmp_path / f"{stem}.pdf").write_bytes(_pdf_bytes(html)[0])
    return tmp_path


def test_a_clean_page_has_no_problem(tmp_path):
    folder = _pdf(tmp_path, "clean", "<h1>Tables card</h1><table><tr><td>Fuel</td><td>1-2</td></tr></table>")
    assert page_problems(folder, "clean") == []


def test_a_heading_alone_and_a_caption_alone_are_found(tmp_path):
    body = ("<h1>Plotting sheet</h1><div style='break-after: page'></div><p>The sheet itself</p>"
            "<div style='break-after: page'></div><figure><figcaption>16 columns by 14 rows</figcaption></figure>")
    problems = page_problems(_pdf(tmp_path, "alone", body), "alone")
    assert [p.split(":")[0] for p in problems] == ["alone.pdf page 1", "alone.pdf page 3"]
    assert all("holds only a heading or caption" in p for p in problems)


def test_a_drawing_taller_than_the_page_and_a_table_wider_than_it_are_found(tmp_path):
    tall = "<h1>Sheet</h1><svg xmlns='http://www.w3.org/2000/svg' width='150mm' height='300mm'><rect width='100%' height='100%' fill='#777'/></svg>"
    problems = page_problems(_pdf(tmp_path, "tall", tall), "tall")  # Fire from the Skies' plotting sheets before
    assert problems[0].startswith("tall.pdf page 1: holds only a heading or caption: 'Sheet'"), problems
    assert any("page 2: ink in the bottom margin" in p for p in problems), problems
    wide = "<h1>Charts</h1><table><tr>" + "<td style='white-space: nowrap'>Transport Cost Chart</td>" * 12 + "</tr></table>"
    problems = page_problems(_pdf(tmp_path, "wide", wide), "wide")
    assert any("page 1: ink in the right margin" in p for p in problems), problems
