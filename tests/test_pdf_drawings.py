"""WeasyPrint is given each drawing of an aid as an image (issue 22 item 4): the same PDF, less CPU.

``toolkit.render.pdfhtml.drawings_as_images`` writes each top-level inline ``<svg>`` as an ``<img>``
of the same drawing; a drawing an XML parser cannot read alone stays inline. The PDF of a drawing
aid of each game (the map, Pacific Fury's zones, a Fire from the Skies plotting sheet, each game's
set-up sheets) is the same bytes either way, so the aids' CSS gives the image the drawing's box, and
the image may leave out the drawing's titles (tooltips in a browser, nothing on paper).
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from conftest import ROOT, import_or_missing
from toolkit.render.pdfhtml import IMAGE_CLASS, drawings_as_images

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" class="chartroom-map" viewBox="0 0 100 50" width="100.0mm" height="50.0mm" '
       'role="img" aria-label="A &amp; B"><title>A &amp; B</title>\n<svg x="0" y="0" viewBox="0 0 10 10" width="10" height="10">'
       '<rect width="5" height="5"/></svg>\n<text x="5" y="20">Kure</text></svg>')


def images(html: str) -> list[str]:
    return re.findall(r"<img [^>]*>", html)


def test_a_drawing_becomes_one_image_of_the_same_drawing_with_its_class_and_label():
    html = f'<p>before</p><div class="mapbox">{SVG}</div><p>after</p>'
    printed = drawings_as_images(html)
    (img,) = images(printed)
    assert printed == html.replace(SVG, img)
    assert f'class="chartroom-map {IMAGE_CLASS}"' in img and 'alt="A &amp; B"' in img
    data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', img).group(1)
    # the nested drawing inside it too; its title, which only a browser shows when pointed at, left out
    assert base64.b64decode(data).decode("utf-8") == SVG.replace("<title>A &amp; B</title>", "")


def test_every_top_level_drawing_becomes_an_image():
    html = f'<div class="mapbox">{SVG}</div><div class="mapbox">{SVG}</div>'
    assert len(images(drawings_as_images(html))) == 2


@pytest.mark.parametrize("html", [
    '<div><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="1" y="1">a&nbsp;b</text></svg></div>',  # not XML alone
    '<div><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="1" height="1"/></div>',  # never closed
    "<p>no drawing</p>",
])
def test_what_cannot_be_read_as_a_drawing_stays_as_it_is(html):
    assert drawings_as_images(html) == html


AIDS = [("fire-in-the-sky/short-campaign.yaml", "map"), ("fire-in-the-sky/short-campaign.yaml", "map-setup"),
        ("pacific-fury/campaign.yaml", "zones"), ("fire-from-the-skies/midway.yaml", "plotting-sheet")]


#: Each drawing aid on A4; on Letter too where the paper changes the drawing (the set-up map's sheets are cut to it).
CASES = [(scenario, stem, "a4") for scenario, stem in AIDS] + [(scenario, stem, "letter") for scenario, stem in AIDS if stem == "map-setup"]


@pytest.mark.pdf
@pytest.mark.parametrize(("scenario", "stem", "paper"), CASES, ids=lambda v: Path(v).parent.name if "/" in v else v)
def test_a_drawing_aid_makes_the_same_pdf_as_with_its_drawings_inline(scenario, stem, paper):
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf
    from toolkit.render.aids import render_aids
    from toolkit.session import Session

    opened = Session().open_scenario(ROOT / "scenarios" / scenario, checks=False)
    (aid,) = [a for a in render_aids(opened.game, opened.scenario, opened.module, paper=paper) if a.stem == stem]
    assert "<svg" in aid.html
    weasyprint = pdf._weasyprint()
    inline = weasyprint.HTML(string=aid.html).render()  # as the aid was given before: drawings inline
    inline.metadata.created = inline.metadata.modified = None
    with pdf._fixed_font_dates():
        inline_bytes = inline.write_pdf()
    assert pdf._pdf_bytes(aid.html)[0] == inline_bytes
