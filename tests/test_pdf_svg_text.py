"""A drawing's texts are drawn a run at a time in the PDFs (toolkit.render.pdfsvgtext, issue 22 item 4).

Each case is laid out twice, in two processes: by WeasyPrint as installed (every letter laid out
and drawn on its own) and by the aids' PDF writer. A text at one place is one run: the page looks
the same (compared at 150 dpi, anti-aliasing aside) and the PDF places it once, not once a letter. A text
placed letter by letter (``dx``, ``rotate``, a ``tspan``) is left to WeasyPrint: the same bytes.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import zlib

import pytest

from conftest import import_or_missing, missing_tool, pdf_as_installed

pytestmark = pytest.mark.pdf

HTML = """<!DOCTYPE html><html><head><style>@page {{ size: 120mm 60mm; margin: 5mm; }}</style></head><body>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 160" width="110mm" height="44mm"><style>
.name{{font-family:"DejaVu Sans";font-size:14px;font-weight:bold;text-anchor:middle}} .num{{font-family:"DejaVu Sans";font-size:9.4px;fill:#5b7fa3}}
</style>{texts}</svg></body></html>"""
ONE_RUN = ('<text class="name" x="200" y="40">AVATAR Te fi Wake</text><text class="num" x="20" y="90">1305</text>'
           '<text class="num" x="380" y="120" text-anchor="end">West Coast USA</text>')
LETTER_BY_LETTER = ('<text class="num" x="20" y="40" dx="0 2 4">Truk</text><text class="num" x="20" y="80" rotate="10">Kure</text>'
                    '<text class="num" x="20" y="120">Port <tspan font-weight="bold">Moresby</tspan></text>')

def _tools():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    if not shutil.which("pdftoppm"):
        missing_tool("needs pdftoppm to look at the pages (apt-get install poppler-utils)")


def both(texts: str) -> tuple[bytes, bytes]:
    """The PDF of a drawing holding ``texts``: (WeasyPrint as installed, the aids' writer)."""
    from toolkit.render import pdf

    html = HTML.format(texts=texts)
    installed = pdf_as_installed(html)
    return installed, pdf._pdf_bytes(html)[0]


def pixels(data: bytes):
    from PIL import Image

    png = subprocess.run(["pdftoppm", "-r", "150", "-png", "-singlefile", "-"], input=data, capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(png)).convert("L")


def placements(data: bytes) -> int:
    """Tm operators in the PDF's streams: where a run of glyphs is placed."""
    count = 0
    for chunk in data.split(b"stream\n")[1:]:
        body = chunk.split(b"\nendstream")[0]
        try:
            body = zlib.decompress(body)
        except zlib.error:
            pass
        count += body.count(b" Tm")
    return count


def test_a_text_at_one_place_is_one_run_and_looks_the_same():
    _tools()
    from PIL import ImageChops

    installed, ours = both(ONE_RUN)
    assert placements(installed) >= 30 and placements(ours) == 3  # a letter each, against one per text
    before, after = pixels(installed), pixels(ours)
    assert before.size == after.size
    difference = ImageChops.difference(before, after)
    assert difference.getextrema()[1] < 100  # anti-aliasing at most: no letter moved by a pixel
    assert ImageChops.difference(before, pixels(both(ONE_RUN.replace("AVATAR", "AVATAR AVATAR"))[1])).getbbox()  # it can fail


def test_a_text_placed_letter_by_letter_is_drawn_by_weasyprint_itself():
    _tools()
    installed, ours = both(LETTER_BY_LETTER)
    assert ours == installed


def forms(data: bytes) -> int:
    """Form XObjects in the PDF (WeasyPrint draws an anchored text into one of its own)."""
    return data.count(b"/Form")


def test_an_anchored_text_is_drawn_where_it_lands_without_a_form():
    _tools()
    from PIL import ImageChops

    installed, ours = both(ONE_RUN)  # one text anchored in the middle, one at the end, one at the start
    assert forms(installed) >= 2 and forms(ours) == 0
    difference = ImageChops.difference(pixels(installed), pixels(ours))
    assert difference.getextrema()[1] < 100  # anti-aliasing at most: no text moved by a pixel
    shifted = ONE_RUN.replace('x="200" y="40"', 'x="210" y="40"')  # it can fail: ten units further is seen
    assert ImageChops.difference(pixels(installed), pixels(both(shifted)[1])).getbbox()


MIDDLE = ' text-anchor="middle"'
REPEATED = "".join(f'<text class="num" x="{20 + 60 * (i % 6)}" y="{20 + 25 * (i // 6)}"{MIDDLE if i % 2 == 0 else ""}>'
                   f'{("1305", "West Coast USA", "Kure")[i % 3]}</text>' for i in range(30))


def test_a_text_drawn_again_in_the_same_font_reuses_its_run_and_the_page_is_the_same(monkeypatch):
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf, pdfsvgtext

    html = HTML.format(texts=REPEATED)
    fonts = pdf._weasyprint().text.fonts.FontConfiguration()
    reused, _, _ = pdf._pdf_bytes(html, fonts, {})
    assert len(fonts.chartroom_runs) == 3  # thirty texts, three runs (the anchor does not change the run)
    laid_out = pdfsvgtext._laid_out

    def afresh(weasy, svg_image, node, font_size):
        svg_image.font_config.__dict__.pop("chartroom_runs", None)  # each text laid out and made ready on its own
        return laid_out(weasy, svg_image, node, font_size)

    monkeypatch.setattr(pdfsvgtext, "_laid_out", afresh)
    fresh, _, _ = pdf._pdf_bytes(html, pdf._weasyprint().text.fonts.FontConfiguration(), {})
    assert reused == fresh and placements(reused) == 30
