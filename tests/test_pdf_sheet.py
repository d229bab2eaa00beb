"""The aids' stylesheets parsed once per command (toolkit.render.pdfsheet, issue 22 item 4).

A page's stylesheets handed to WeasyPrint parsed, as the user's, give the PDF WeasyPrint makes of the page as
it is (compared with WeasyPrint as installed, in its own process); a page whose cascade could differ is left as it is.
"""

from __future__ import annotations

import pytest

from conftest import import_or_missing, pdf_as_installed

pytestmark = pytest.mark.pdf

HTML = """<!DOCTYPE html><html lang="en"><head><style>
@page { size: A6 landscape; margin: 8mm; @bottom-right { content: "page " counter(page) " of " counter(pages); font-size: 7pt; } }
body { font-family: "DejaVu Sans"; font-size: 9pt; } p { color: #1f4e9c; margin: 2mm 0; } .mark { color: #8a1c1c; }
td { border: 0.3mm solid #999; padding: 1mm; } h2 { font-size: 12pt; }
</style></head><body><h2>Charts</h2><p>Kure <span class="mark">&dagger;</span></p>
<p style="color: #0a0">a style attribute wins over both sheets</p>
</header><style>.mark { color: #00a; font-weight: bold; } p { margin: 3mm 0; }</style>
<table><tr><td>1/6</td><td class="mark">allied</td></tr></table></body></html>"""

def test_stylesheets_handed_over_parsed_give_the_same_pdf():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf

    installed = pdf_as_installed(HTML)
    fonts = pdf._weasyprint().text.fonts.FontConfiguration()
    assert pdf._pdf_bytes(HTML, fonts, {})[0] == installed
    assert len(fonts.chartroom_sheets) == 2  # both sheets parsed, kept for the next aid
    kept = dict(fonts.chartroom_sheets)
    assert pdf._pdf_bytes(HTML, fonts, {})[0] == installed
    assert all(fonts.chartroom_sheets[text] is css for text, css in kept.items())  # not parsed again


@pytest.mark.parametrize("page", [
    HTML.replace("h2 { font-size: 12pt; }", "h2 { font-size: 12pt !important; }"),  # the user's !important outranks the page's
    HTML.replace("<body>", '<body><link rel="stylesheet" href="extra.css">'),  # another sheet of the page's
    HTML.replace("<style>.mark", '<style media="print">.mark'),  # a sheet with attributes
    HTML.replace("<body>", '<body><svg viewBox="0 0 1 1"><style>rect{fill:red}</style></svg>'),  # a drawing's own
])
def test_a_page_whose_cascade_could_differ_is_left_as_it_is(page):
    from toolkit.render.pdfsheet import shared_sheets

    assert shared_sheets(page, lambda **_: object(), None) == (page, [])
    assert shared_sheets(HTML, lambda **_: object(), None)[1]  # it can fail: the page as given is handed over
