"""Texts broken into lines and measured once per text, style and width in the PDFs (toolkit.render.pdfmeasure, issue 22 item 4).

Each case is laid out by WeasyPrint as installed (in its own process, nothing of Chartroom's loaded) and by
the aids' PDF writer, which asks Pango once per text, style and width: the PDF is the same bytes. The cases
hold what makes WeasyPrint lay the same text out again: a table sized from its cells' texts, a two-column
block balanced by tries, rows moved to the next page, and texts hyphenated, justified and cut with an ellipsis.
"""

from __future__ import annotations

import sys

import pytest

from conftest import import_or_missing, pdf_as_installed

pytestmark = pytest.mark.pdf

ROWS = "".join(f"<tr><td>{i % 4}/6</td><td>allied</td><td>12.3.{i % 3}</td><td>Japanese Carrier Division {i % 5}</td></tr>"
               for i in range(60))
HTML = f"""<!DOCTYPE html><html lang="en"><head><style>@page {{ size: A6; margin: 8mm; }}
body {{ font-family: "DejaVu Sans"; font-size: 8pt; }} table {{ border-collapse: collapse; }} td {{ border: 0.2mm solid #999; }}
.cols2 {{ column-count: 2; column-gap: 4mm; }} .wide {{ hyphens: auto; width: 30mm; }} .just {{ text-align: justify; }}
.cut {{ white-space: nowrap; overflow: hidden; text-overflow: ellipsis; width: 25mm; }}</style></head><body>
<table>{ROWS}</table>
<div class="cols2">{"".join(f"<p>Kure hex 1203, base, Japan control, unit {i % 3}</p>" for i in range(30))}</div>
<p class="wide">Reconstructed unverified characteristically interchangeable counterattacks reconstructed unverified</p>
<p class="just">The Allied player may move a task force of carriers and cruisers each turn; the Japanese player answers.</p>
<p class="just">The Allied player may move a task force of carriers and cruisers each turn; the Japanese player answers.</p>
<div class="cut">Japanese Carrier Division one two three</div><div class="cut">Japanese Carrier Division one two three</div>
</body></html>"""

def test_lines_asked_once_give_the_same_pdf():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf

    installed = pdf_as_installed(HTML)
    fonts = pdf._weasyprint().text.fonts.FontConfiguration()
    ours, pages, _ = pdf._pdf_bytes(HTML, fonts, {})
    assert pages > 1  # rows moved to the next page
    assert ours == installed
    # the answers were kept and used: fewer than the lines laid out
    assert fonts.chartroom_measures and fonts.chartroom_lines
    again, _, _ = pdf._pdf_bytes(HTML, fonts, {})  # a second aid with the same texts: every answer known
    assert again == installed


def test_each_box_gets_its_own_layout_object():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf, pdfmeasure

    weasyprint = pdf._weasyprint()
    calls = []

    def original(text, style, context, max_width, justification_spacing, is_line_start=True, minimum=False):
        calls.append(text)
        return object(), len(text), None, 10.0, 5.0, 4.0

    once = pdfmeasure._once_per_text(original, keep_layout=True)

    class Style(dict):
        font_config = weasyprint.text.fonts.FontConfiguration()

    style = Style(sys.modules["weasyprint.css.properties"].INITIAL_VALUES, lang="en")
    first = once("Kure", style, None, 100.0, 0)
    second = once("Kure", style, None, 100.0, 0)
    other_width = once("Kure", style, None, 50.0, 0)
    assert calls == ["Kure", "Kure"]  # the same text, style and width asked once; another width asked again
    assert first[1:] == second[1:] == other_width[1:]
    assert first[0] is not second[0]


def test_a_layout_is_copied_as_copy_copy_copies_it_and_other_objects_by_copy_copy():
    """shallow_copy: an object of a plain class (WeasyPrint's Layout is one) is a new object of its class holding the same
    attributes, as ``copy.copy`` makes it; an object whose class copies or pickles itself its own way, has slots, or is a
    built-in is given to ``copy.copy``."""
    import copy

    from toolkit.render import pdf, pdfmeasure

    class Plain:
        def __init__(self):
            self.text, self.lines = "Kure", [1, 2]

    class Own(Plain):
        def __copy__(self):
            return "its own copy"

    class Restored(Plain):
        def __setstate__(self, state):
            self.__dict__.update(state, restored=True)

    class Slotted:
        __slots__ = ("text",)

        def __init__(self):
            self.text = "Kure"

    original = Plain()
    made = pdfmeasure.shallow_copy(original)
    assert type(made) is Plain and made is not original and vars(made) == vars(copy.copy(original))
    assert made.lines is original.lines  # shallow, as copy.copy
    made.text = "Truk"
    assert original.text == "Kure"  # its own attributes
    assert pdfmeasure.shallow_copy(Own()) == "its own copy"
    assert vars(pdfmeasure.shallow_copy(Restored())) == vars(copy.copy(Restored())) == {"text": "Kure", "lines": [1, 2], "restored": True}
    assert pdfmeasure.shallow_copy(Slotted()).text == "Kure"
    assert pdfmeasure.shallow_copy({"a": [1]}) == {"a": [1]} and pdfmeasure.shallow_copy([1, 2]) == [1, 2]
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    pdf._weasyprint()
    from weasyprint.text.line_break import Layout

    assert pdfmeasure._is_plain(Layout)  # copied directly, the cost this saves
    assert not any(pdfmeasure._is_plain(kind) for kind in (Own, Restored, Slotted, dict, list, object))
    assert type(pdfmeasure.shallow_copy(object())) is object  # no attributes to copy: copy.copy's


def test_an_object_whose_class_copyreg_knows_is_copied_as_copyreg_says():
    """shallow_copy: a class given its own reduction with ``copyreg.pickle`` is copied by ``copy.copy``, which asks
    copyreg's table before the class's own ``__reduce_ex__``. Before, it was copied directly, attributes and all."""
    import copy
    import copyreg

    from toolkit.render import pdfmeasure

    class Registered:
        def __init__(self, text="Kure"):
            self.text = text

    copyreg.pickle(Registered, lambda thing: (Registered, ("made anew",)))
    try:
        assert vars(pdfmeasure.shallow_copy(Registered("Truk"))) == vars(copy.copy(Registered("Truk"))) == {"text": "made anew"}
    finally:
        del copyreg.dispatch_table[Registered]
