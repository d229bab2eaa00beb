"""A drawing's lengths, number lists and references read once per text in the PDFs (toolkit.render.pdfsvgvalues, issue 22 item 4).

The drawing is laid out by WeasyPrint as installed (in its own process, nothing of Chartroom's loaded but the
fonts' subsetting) and by the aids' PDF writer, which keeps each answer of ``size``, ``normalize`` and
``parse_url``: the PDF is the same bytes. The drawing reads the same texts many times over and each kind of
length (em, px, %, pt, a bare number), dash arrays, a gradient and a clip path by ``url(#...)``, and paths.
"""

from __future__ import annotations

import base64

import pytest

from conftest import import_or_missing, pdf_as_installed

pytestmark = pytest.mark.pdf

_SHAPES = "".join(
    f'<rect x="{i % 7 * 12}" y="{i // 7 * 12}" width="10" height="1em" font-size="{8 + i % 3}px" stroke-width="{i % 3 + 1}px" '
    f'stroke="#1a1a1a" fill="{"url(#shade)" if i % 4 == 0 else "#f2f2f2"}" stroke-dasharray="{"2,1" if i % 2 else "none"}"/>'
    for i in range(60))
SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="80mm" viewBox="0 0 100 80">
<defs><linearGradient id="shade"><stop offset="0%" stop-color="#fff"/><stop offset="100%" stop-color="#888"/></linearGradient>
<clipPath id="window"><rect x="0" y="0" width="90%" height="70"/></clipPath></defs>
<g clip-path="url(#window)" transform="translate(2, 3) scale(0.95)">{_SHAPES}
<polygon points="10,10 20,5 30,10 30,20 20,25 10,20" fill="none" stroke="#d00000" stroke-width="0.5pt"/>
<path d="M 40 40 L 60 40 L 60 60 Z" fill="#ffe9a8" stroke="#555555" stroke-width="1.4"/>
<circle cx="80" cy="20" r="2em" font-size="4" fill="none" stroke="#111111" stroke-width="1e0"/></g></svg>"""
IMAGE = base64.b64encode(SVG.encode()).decode("ascii")
HTML = (f'<!DOCTYPE html><html lang="en"><head><style>@page {{ size: A6; margin: 8mm; }} img {{ display: block; }}</style></head>'
        f'<body><img src="data:image/svg+xml;base64,{IMAGE}"><img src="data:image/svg+xml;base64,{IMAGE}"></body></html>')


def test_values_read_once_give_the_same_pdf():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    import sys

    from toolkit.render import pdf

    installed = pdf_as_installed(HTML)
    fonts = pdf._weasyprint().text.fonts.FontConfiguration()
    ours, pages, _ = pdf._pdf_bytes(HTML, fonts, {})
    assert ours == installed and pages == 2  # the drawing twice, a page each
    svg = sys.modules["weasyprint.svg"]
    assert all(getattr(getattr(svg, name), "chartroom", False) for name in ("size", "normalize", "parse_url"))
    again, _, _ = pdf._pdf_bytes(HTML, fonts, {})  # every answer known now
    assert again == installed


def test_each_answer_is_asked_once_and_given_again():
    from toolkit.render import pdfsvgvalues

    calls = []

    def size(string, font_size=None, percentage_reference=None):
        calls.append(string)
        return float(string.removesuffix("px")) * 2

    kept = pdfsvgvalues._kept(size)
    assert [kept("9.4px", 12.0, None) for _ in range(3)] == [18.8] * 3
    assert calls == ["9.4px"]
    assert kept("9.4px", 10.0, None) == 18.8 and calls == ["9.4px", "9.4px"]  # another font size: asked again
    assert kept("1px", font_size=12.0) == 2.0 and kept("1px", font_size=12.0) == 2.0  # by name: always asked
    assert calls[-2:] == ["1px", "1px"]
    assert kept.__name__ == "size" and kept.chartroom and kept.original is size


def test_arguments_that_cannot_be_a_key_are_asked_afresh(monkeypatch):
    from toolkit.render import pdfsvgvalues

    calls = []
    kept = pdfsvgvalues._kept(lambda value: calls.append(value) or len(value))
    assert kept(["1", "2"]) == 2 and kept(["1", "2"]) == 2
    assert len(calls) == 2
    monkeypatch.setattr(pdfsvgvalues, "MAX_ANSWERS", 2)
    for text in ("a", "bb", "ccc", "a"):
        kept(text)
    assert calls[2:] == ["a", "bb", "ccc", "a"]  # at the limit the answers start afresh: "a" asked again


def test_install_is_done_once():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    import sys

    from toolkit.render import pdf, pdfsvgvalues

    pdf._weasyprint()
    before = sys.modules["weasyprint.svg.utils"].size
    assert pdfsvgvalues.install() and sys.modules["weasyprint.svg.utils"].size is before
    assert before.chartroom and not getattr(before.original, "chartroom", False)


def test_a_colour_is_given_as_a_copy_of_its_own():
    from toolkit.render import pdfsvgvalues

    class Colour:
        def __init__(self, alpha):
            self.alpha = alpha

    calls = []
    kept = pdfsvgvalues._kept(lambda text: calls.append(text) or Colour(1.0), copied="color" in pdfsvgvalues.COPIED)
    first = kept("#1a1a1a")
    first.alpha *= 0.5  # as WeasyPrint sets a fill's opacity on the colour it is given
    second = kept("#1a1a1a")
    assert second.alpha == 1.0 and second is not first and calls == ["#1a1a1a"]
    assert kept("#1a1a1a") is not second
