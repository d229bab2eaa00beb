"""An aid's layout freed by reference counting once it is laid out (toolkit.render.pdfcontext, issue 22 item 4).

WeasyPrint's layout context holds its image loader, which holds the context: without :func:`untie` all the layout
kept waits for a pass of the cyclic collector. The cases are laid out with the collector off: the context is
gone as soon as the document no longer needs it, and is kept for as long as a drawing given as an image (whose
texts are drawn with it, and whose own images are loaded through it) does. The PDF is the same bytes as WeasyPrint's own.
"""

from __future__ import annotations

import base64
import gc

import pytest

from conftest import import_or_missing, pdf_ours_and_installed

pytestmark = pytest.mark.pdf

TABLE = "".join(f"<tr><td>{i}</td><td>row {i} of a table laid out and kept by the layout</td></tr>" for i in range(40))
PLAIN = f"""<!DOCTYPE html><html lang="en"><head><style>@page {{ size: A6; margin: 8mm; }}
body {{ font-family: "DejaVu Sans"; font-size: 8pt; }} .cols {{ column-count: 2; }}</style></head>
<body><div class="cols"><table>{TABLE}</table></div></body></html>"""

DOT = base64.b64encode(b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><circle cx="2" cy="2" r="2"/></svg>').decode()
DRAWING = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="80">'
           '<text x="10" y="30" font-family="DejaVu Sans" font-size="12">Kure 1203</text>'
           f'<image x="150" y="20" width="20" height="20" xlink:href="data:image/svg+xml;base64,{DOT}"/></svg>')
WITH_DRAWING = PLAIN.replace("<body>", f"<body><img src=\"data:image/svg+xml;base64,{base64.b64encode(DRAWING.encode()).decode()}\">")


def _contexts() -> list:
    return [thing for thing in gc.get_objects() if type(thing).__name__ == "LayoutContext"]


@pytest.fixture
def no_collector():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    yield
    if was:
        gc.enable()


def test_a_laid_out_documents_context_is_freed_without_the_collector(no_collector):
    from toolkit.render import pdf

    before = len(_contexts())
    document = pdf.html_to_pdf(PLAIN)
    assert len(document.pages) > 1
    assert len(_contexts()) == before  # before: the context and all its layout kept, waiting for a collector pass
    document.write_pdf()


def test_a_drawing_keeps_the_context_it_draws_its_texts_and_images_with(no_collector):
    from toolkit.render import pdf

    before = _contexts()
    document = pdf.html_to_pdf(WITH_DRAWING)
    (context,) = [one for one in _contexts() if not any(one is old for old in before)]  # the drawing's image holds it
    assert context.get_image_from_uri.context() is context  # a weak reference, to the same context
    data = document.write_pdf()  # its text and its own image drawn through it
    assert data.startswith(b"%PDF")
    del document, context
    gc.collect()  # the image it is loaded with is kept with the others in the image cache the loader holds: a cycle
    assert len(_contexts()) == len(before)


@pytest.mark.parametrize("html", [PLAIN, WITH_DRAWING], ids=["tables", "drawing"])
def test_the_same_pdf_as_with_the_loader_holding_its_context(html, monkeypatch):
    from toolkit.render import pdf, pdfcontext

    ours = pdf._pdf_bytes(html)[0]
    monkeypatch.setattr(pdfcontext, "untie", lambda: None)
    assert ours == pdf._pdf_bytes(html)[0]


def test_the_same_pdf_as_weasyprint_alone():
    ours, pages, _, installed = pdf_ours_and_installed(PLAIN)  # (a drawing's texts are drawn a run at a time: pdfsvgtext)
    assert pages > 1 and ours == installed


def test_a_context_whose_loader_is_not_weasyprints_partial_is_left_as_it_is():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf, pdfcontext

    pdf._weasyprint()
    from weasyprint.layout import LayoutContext

    context = LayoutContext.__new__(LayoutContext)
    loader = context.get_image_from_uri = object()
    pdfcontext._MADE.add(context)
    pdfcontext.untie()
    assert context.get_image_from_uri is loader and context not in pdfcontext._MADE


#: A drawing that stays inline (an entity an XML parser cannot read alone: toolkit.render.pdfhtml), whose own image,
#: itself a drawing with an image, is loaded while the PDF is written, after the layout, and kept in the image cache.
RED = base64.b64encode(bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415478da63f8cfc000000301010018dd8db00000000049454e44ae426082")).decode()
NESTED = base64.b64encode((
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="80" height="30">'
    f'<rect width="30" height="30" fill="blue"/><image x="40" y="0" width="30" height="30" xlink:href="data:image/png;base64,{RED}"/></svg>'
).encode()).decode()
INLINE = ('<!DOCTYPE html><html lang="en"><body><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
          f'width="100" height="40"><desc>a&nbsp;b</desc><image width="80" height="30" xlink:href="data:image/svg+xml;base64,{NESTED}"/>'
          '</svg></body></html>')
AS_IMAGE = f'<!DOCTYPE html><html lang="en"><body><p>b</p><img src="data:image/svg+xml;base64,{NESTED}"></body></html>'


def test_an_image_loaded_while_writing_draws_its_own_images_in_a_later_aid(monkeypatch):
    """The aids share an image cache: a drawing loaded while an aid's PDF is written (an inline drawing's own image)
    is kept there and drawn again by a later aid, with its own images loaded through the context it was loaded with.
    Before, that context was reached weakly, gone with its aid: the later aid's drawing lost its images (a red square
    here), silently (WeasyPrint logs a drawing that fails and leaves it out)."""
    from toolkit.render import pdf, pdfcontext

    def later_aid() -> bytes:
        fonts, cache = pdf._weasyprint().text.fonts.FontConfiguration(), {}
        pdf._pdf_bytes(INLINE, fonts, cache)
        gc.collect()
        return pdf._pdf_bytes(AS_IMAGE, fonts, cache)[0]

    ours = later_aid()
    monkeypatch.setattr(pdfcontext, "untie", lambda: None)
    assert ours == later_aid()
