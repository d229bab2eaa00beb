"""A page's texts made ready to draw once per text and style (toolkit.render.pdftexts, issue 22 item 4).

Each case is laid out by WeasyPrint as installed (in its own process, nothing of Chartroom's loaded but the fonts'
subsetting) and by the aids' PDF writer, which draws every box of the same text and style from one layout made
ready once: the PDF is the same bytes. The cases hold the same texts many times over, in several styles (bold,
small, underlined, spaced words), justified lines (whose spacing differs line by line), and lines cut with an
ellipsis (which WeasyPrint draws from a layout it changes: those are drawn as WeasyPrint draws them).
"""

from __future__ import annotations

import pytest

from conftest import import_or_missing, pdf_ours_and_installed

pytestmark = pytest.mark.pdf

ROWS = "".join(f"<tr><td>{i % 4}</td><td><strong>allied</strong></td><td class='small'>12.3.{i % 3}</td><td><u>Kure</u> {i % 2}</td>"
               f"<td class='spaced'>Japanese Carrier Division</td></tr>" for i in range(40))
JUSTIFIED = "<p class='just'>The Allied player may move a task force of carriers and cruisers each turn; the Japanese player answers.</p>"
CUT = "<div class='cut'>Japanese Carrier Division one two three</div>"
HTML = f"""<!DOCTYPE html><html lang="en"><head><style>@page {{ size: A6; margin: 8mm; }}
body {{ font-family: "DejaVu Sans"; font-size: 8pt; }} table {{ border-collapse: collapse; }} td {{ border: 0.2mm solid #999; }}
.small {{ font-size: 6.5pt; }} .spaced {{ word-spacing: 1mm; }} .just {{ text-align: justify; }}
.cut {{ white-space: nowrap; overflow: hidden; text-overflow: ellipsis; width: 25mm; }}</style></head><body>
<table>{ROWS}</table>{JUSTIFIED * 3}{CUT * 3}</body></html>"""


def test_texts_made_ready_once_give_the_same_pdf():
    from toolkit.render import pdf

    ours, pages, fonts, installed = pdf_ours_and_installed(HTML)
    assert pages > 1 and ours == installed
    kept = fonts.chartroom_drawn
    assert 10 < len(kept) < 200  # far fewer layouts than the table's 200 cells and the paragraphs' lines
    assert not any("\u2026" in key[0] or key[0].startswith("Japanese Carrier Division one") for key in kept)  # cut lines: WeasyPrint's
    again, _, _ = pdf._pdf_bytes(HTML, fonts, {})  # a second aid with the same texts: every layout ready
    assert again == installed


def test_a_kept_layout_is_made_ready_once_and_never_let_go():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf, pdfmeasure, pdftexts

    pdf._weasyprint()
    calls = []

    class Layout:
        text, justification_spacing = "Kure", 0

        def reactivate(self, style):
            calls.append("ready")
            self.layout = object()

        def deactivate(self):
            calls.append("let go")
            del self.layout

    class Style(dict):
        font_config = type("Fonts", (), {})()

    style = Style({name: 0 for name in pdfmeasure.MEASURED_BY})
    drawn = []

    def draw_text(stream, textbox, offset_x, text_overflow, block_ellipsis):
        textbox.pango_layout.reactivate(textbox.style)
        drawn.append(textbox.pango_layout)
        textbox.pango_layout.deactivate()

    once = pdftexts._ready_once(draw_text)
    boxes = [type("TextBox", (), {"style": style, "pango_layout": Layout()})() for _ in range(3)]
    for box in boxes:
        once(None, box, 0, "clip", "none")
    assert calls == ["ready"] and len({id(layout) for layout in drawn}) == 1  # the first box's, kept ready
    assert all(isinstance(box.pango_layout, Layout) and "layout" not in box.pango_layout.__dict__ for box in boxes)
    once(None, boxes[0], 0, "ellipsis", "none")  # a line cut with an ellipsis: WeasyPrint's own way
    assert calls == ["ready", "ready", "let go"]
