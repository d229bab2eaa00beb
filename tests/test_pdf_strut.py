"""A style's strut found by its font values, not by their printed form (toolkit.render.pdfstrut, issue 22 item 4).

The case is laid out by WeasyPrint as installed (in its own process, nothing of Chartroom's loaded but the fonts'
subsetting) and by the aids' PDF writer: the PDF is the same bytes. It holds line heights of every kind (normal, a
number, a length, a percentage, an em, a calc), font sizes down to zero, bold, italic, small capitals, another
language and several font families, each on many lines, so most struts are found from the kept ones.
"""

from __future__ import annotations

import pytest

from conftest import pdf_ours_and_installed

pytestmark = pytest.mark.pdf

KINDS = ("normal", "1.4", "11pt", "130%", "1.2em", "calc(1em + 2pt)", "2")
LINES = "".join(f"<p style='line-height: {kind}'>Kure <b>1203</b> <i>base</i> <span class='caps'>Japan</span> "
                f"<span lang='fr'>contrôle</span> <code>12.3.{i % 3}</code> <small>unit {i}</small></p>"
                for i in range(40) for kind in KINDS[i % len(KINDS):i % len(KINDS) + 1])
HTML = f"""<!DOCTYPE html><html lang="en"><head><style>@page {{ size: A6; margin: 8mm; }}
body {{ font-family: "DejaVu Sans"; font-size: 8pt; }} .caps {{ font-variant: small-caps; }}
code {{ font-family: "DejaVu Sans Mono"; }} .zero {{ font-size: 0; }} .serif {{ font-family: "DejaVu Serif"; line-height: 2; }}
</style></head><body>{LINES}<p class="zero">gone <span>from sight</span></p>
<div class="serif">Two <b>lines</b> of serif<br>in a block whose line height is a number</div>
<table><tr><td style="line-height: 2px">tight</td><td style="line-height: 2">loose</td></tr></table></body></html>"""


def test_struts_found_by_values_give_the_same_pdf():
    ours, pages, fonts, installed = pdf_ours_and_installed(HTML)
    assert pages > 1 and ours == installed
    kept = fonts.chartroom_struts
    assert 10 < len(kept) < 200  # far fewer struts made than asked for
    assert {key[1] for key in kept} >= {str, float}  # "normal" and a number kept apart from lengths


def test_a_strut_is_asked_of_weasyprint_once_per_values():
    from toolkit.render import pdfstrut

    asked = []

    def original(style):
        asked.append(style["line_height"])
        return 10.0, 8.0

    strut = pdfstrut._found_by_values(original)

    class Style(dict):
        font_config = type("Fonts", (), {})()

    def style(**values):
        return Style({name: values.get(name, "normal") for name in pdfstrut.STRUT_OF})

    assert strut(style(font_size=8.0)) == (10.0, 8.0)
    assert strut(style(font_size=8.0)) == (10.0, 8.0)
    strut(style(font_size=9.0))
    strut(style(font_size=8.0, line_height=2.0))
    assert asked == ["normal", "normal", 2.0]  # the repeat found, each new value asked
    strut(style(font_size=8.0, line_height=[2]))  # a value that cannot be a key: asked each time
    strut(style(font_size=8.0, line_height=[2]))
    assert asked[-2:] == [[2], [2]]
