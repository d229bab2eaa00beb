"""A box's used lengths worked out once per style and containing block (toolkit.render.pdfpercent, issue 22 item 4).

The case is laid out by WeasyPrint as installed (in its own process, nothing of Chartroom's loaded but the fonts'
subsetting) and by the aids' PDF writer: the PDF is the same bytes. It holds what the used lengths are made of:
margins, paddings, widths and heights with their limits in px, em, percentages, calc() and auto; the three
box-sizings; tables whose borders collapse (each cell's widths resolved between cells) and tables whose borders
don't; pages whose margins are percentages (of the page's height, for a page); a grid and a flexible box, whose
items' styles WeasyPrint changes while laying them out; balanced columns, laid out again at each height tried;
floats and absolutely placed boxes; each repeated, so most lengths are found from the kept ones.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples, import_or_missing, pdf_ours_and_installed

pytestmark = pytest.mark.pdf

SIZINGS = ("content-box", "border-box", "padding-box")
BLOCKS = "".join(
    f"<div style='box-sizing: {SIZINGS[i % 3]}; margin: {i % 4}% {i}px 1em auto; padding: {i % 5}px 2% 0.5em {i % 3}mm;"
    f" border: {i % 3}px solid #444; width: {['auto', '60%', '40mm', 'calc(50% - 3mm)'][i % 4]};"
    f" min-height: {['auto', '5mm', '10%'][i % 3]}; max-width: {['none', '80%', '70mm'][i % 3]}'>Block {i} <b>bold</b></div>"
    for i in range(24))
ROWS = "".join(f"<tr><td style='border-width: {r % 3}px'>{r}</td><td style='padding: {r % 4}%'>cell {r}</td>"
               f"<td style='width: {10 + r % 3 * 10}%; border: {r % 4}px solid #222'>{'long text ' * (r % 3)}</td></tr>"
               for r in range(30))
HTML = f"""<!DOCTYPE html><html lang="en"><head><style>@page {{ size: A6; margin: 4% 6% 5% 3%; }}
body {{ font-family: "DejaVu Sans"; font-size: 7pt; }}
table.c {{ border-collapse: collapse; width: 100%; }} table.c td {{ border: 1px solid #999; }}
table.s {{ border-collapse: separate; border-spacing: 2px; }} table.s td {{ border: 2px solid #555; padding: 1mm; }}
.grid {{ display: grid; grid-template-columns: max-content 1fr 20%; gap: 2mm; }}
.flex {{ display: flex; }} .flex > div {{ flex: 1 1 30%; padding: 2%; margin: 1mm; border: 1px solid #777; }}
.cols {{ column-count: 2; column-gap: 4mm; }} .cols p {{ margin: 1mm 0; padding: 0 2%; }}
.float {{ float: right; width: 30%; margin: 0 0 2mm 2mm; padding: 1mm; }}
.abs {{ position: absolute; top: 10%; left: 5%; width: 20%; height: 5%; border: 1px solid red; }}
.tall {{ display: flex; height: 30mm; }} .tall > div {{ height: 50%; min-height: 20%; padding: 3% 5%; border: 1px solid #333; }}
.area {{ display: grid; grid-template-columns: 30% 1fr; grid-template-rows: 12mm 20mm; }} .area > div {{ height: 60%; padding: 4%; }}
.fixed {{ height: 25mm; width: 60%; }} .fixed > div {{ height: 40%; max-height: 80%; width: 50%; padding: 10%; }}
</style></head><body>{BLOCKS}
<table class="c">{ROWS}</table><table class="s">{ROWS}</table>
<div class="grid">{"".join(f"<div style='padding: {i % 3}%'>grid {i}</div>" for i in range(18))}</div>
<div class="flex">{"".join(f"<div>flex {i}</div>" for i in range(4))}</div><div class="flex"><div>one</div><div>two</div></div>
<div class="cols">{"".join(f"<p>column text {i} {'and more ' * (i % 4)}</p>" for i in range(40))}</div>
<div class="tall"><div>half</div><div>of the</div><div>height</div></div>
<div class="area"><div>a</div><div>b</div><div>c</div><div>d</div></div>
<div class="fixed"><div>forty per cent</div></div><div class="fixed" style="height: 35mm"><div>of another height</div></div>
<div class="float">floated</div><p>beside the float</p><div class="abs">placed</div>
{BLOCKS}</body></html>"""


def test_lengths_kept_per_style_give_the_same_pdf():
    ours, pages, _, installed = pdf_ours_and_installed(HTML)
    assert pages > 3 and ours == installed


def test_lengths_are_asked_of_weasyprint_once_per_style_containing_block_class_and_borders():
    from toolkit.render import pdfpercent

    asked = []

    class Box:
        pass

    class PageBox(Box):
        pass

    def original(box, containing_block):
        asked.append((box.style["width"], containing_block))
        for name in pdfpercent.SET:
            if not (box.style["border_collapse"] == "collapse" and name in pdfpercent.BORDERS and hasattr(box, name)):
                setattr(box, name, (box.style["width"], containing_block, name))

    resolve = pdfpercent._kept_per_style(original, Box)

    def box(style, kind=Box, **borders):
        made = kind()
        made.style = style
        made.__dict__.update(borders)
        return made

    def style(**values):
        return {name: values.get(name, 0) for name in pdfpercent.READ}

    pdfpercent.forget()
    plain, collapsed = style(width=5), style(width=6, border_collapse="collapse")
    first, second = box(plain), box(plain)
    resolve(first, (100, 200))
    resolve(second, (100, 200))  # found: the same style and containing block
    assert asked == [(5, (100, 200))] and {n: getattr(second, n) for n in pdfpercent.SET} == {n: getattr(first, n) for n in pdfpercent.SET}
    resolve(box(plain), (100, 300))  # another containing block
    resolve(box(plain, PageBox), (100, 200))  # another class: a page's margins refer to its height
    block = Box()
    block.width, block.height = 100, 200
    resolve(box(plain), block)  # a containing block given as a box: its width and height
    assert len(asked) == 3
    plain["width"] = 7  # a style changed while laid out (a grid item's): asked again, with its new value
    changed = box(plain)
    resolve(changed, (100, 200))
    assert asked[-1] == (7, (100, 200)) and changed.width == (7, (100, 200), "width")
    resolve(box(collapsed, border_top_width=1), (100, 200))
    held = box(collapsed, border_top_width=3)  # borders resolved between cells: the box's own are kept
    resolve(held, (100, 200))
    assert len(asked) == 6 and held.border_top_width == 3
    again = box(collapsed, border_top_width=3)
    resolve(again, (100, 200))
    assert len(asked) == 6 and again.border_top_width == 3 and again.width == (6, (100, 200), "width")
    unhashable = style(width=[1])  # a value that cannot be a key: asked each time
    resolve(box(unhashable), [[1], 2])
    resolve(box(unhashable), [[1], 2])
    assert len(asked) == 8
    pdfpercent.forget()
    resolve(box(style(width=5)), (100, 200))
    assert len(asked) == 9  # forgotten with its document


# --- Generated cases: lengths kept or worked out each time give the same PDF ---------------------------------------------

LENGTHS = st.sampled_from(["auto", "0", "10%", "50%", "3mm", "1.5em", "1rem", "2lh", "2vw", "calc(20% - 2mm)", "calc(1em + 2%)",
                           "calc(3vh + 1px)", "min(40%, 30mm)", "max(5%, 1em)"])
TEXTS = st.lists(st.sampled_from(["Kure", "Truk", "carrier", "strike", "1203", "naval", "base"]), min_size=1, max_size=10).map(" ".join)


@st.composite
def boxes(draw, depth=0):
    """One box of a generated page: its lengths any of :data:`LENGTHS`, in any of the layouts that lay boxes out again."""
    style = (f"margin: {draw(LENGTHS)} {draw(LENGTHS)}; padding: {draw(st.sampled_from(['0', '5%', '1mm', 'calc(2% + 1px)', '0.3em']))};"
             f" box-sizing: {draw(st.sampled_from(SIZINGS))}; border: {draw(st.integers(0, 3))}px solid; width: {draw(LENGTHS)};"
             f" height: {draw(st.sampled_from(['auto', '20%', '8mm', 'calc(10% + 1mm)']))}; min-height: {draw(st.sampled_from(['auto', '10%', '4mm']))};"
             f" max-width: {draw(st.sampled_from(['none', '90%', '60mm']))}")
    text = draw(TEXTS)
    inner = "" if depth > 1 else "".join(draw(st.lists(boxes(depth + 1), max_size=2)))
    item, paragraph = f'<li style="padding-left: 2%">{text}</li>', f'<p style="margin: 1mm 0; padding: 0 2%">{text}</p>'
    kind = draw(st.sampled_from(["block", "table", "flex", "grid", "float", "absolute", "fixed", "list", "columns", "inline", "footnote"]))
    if kind == "table":
        cells = st.builds(lambda border, padding, width, span, rows, words: f"<td style='border: {border}px solid; padding: {padding}; width: {width}'"
                          f"{span}{rows}>{words}</td>", st.integers(0, 4), st.sampled_from(["0", "1%", "1mm"]), st.sampled_from(["auto", "20%", "15mm"]),
                          st.sampled_from(["", " colspan=2"]), st.sampled_from(["", " rowspan=2"]), TEXTS)
        rows = draw(st.lists(st.lists(cells, min_size=1, max_size=4).map(lambda row: f"<tr>{''.join(row)}</tr>"), min_size=1, max_size=20))
        return (f"<table style='border-collapse: {draw(st.sampled_from(['collapse', 'separate']))}; {style}'><thead><tr>"
                f"<th colspan=2 style='border: 2px solid'>H</th></tr></thead>{''.join(rows)}</table>")
    return {"block": f"<div class='first' style='{style}'>{text}{inner}</div>",
            "flex": f"<div style='display: flex; flex-wrap: wrap; {style}'><div style='flex: 1 1 30%; padding: 2%'>{text}</div><div>{inner or text}</div></div>",
            "grid": f"<div style='display: grid; grid-template-columns: 30% 1fr max-content; {style}'><div>{text}</div><div style='height: 50%; padding: 3%'>{inner}</div><div>x</div></div>",
            "float": f"<div style='float: right; {style}'>{text}</div>",
            "absolute": f"<div style='position: relative; height: 20mm'><div style='position: absolute; top: 10%; left: 5%; {style}'>{text}</div></div>",
            "fixed": f"<div style='position: fixed; bottom: 5%; right: 3%; {style}'>{text}</div>",
            "list": f"<ul style='{style}'>{item * 3}</ul>",
            "columns": f"<div style='column-count: 2; {style}'>{paragraph * 8}</div>",
            "inline": f"<p>{text} <span style='display: inline-block; {style}'>{text}</span> <span style='padding: 0 5%; margin: 0 2%'>{text}</span></p>",
            "footnote": f"<p>{text}<span style='float: footnote; padding: 1%'>{text}</span></p>"}[kind]


PAGES = st.builds(lambda size, margin, top, parts: (
    f"<!DOCTYPE html><html lang='en'><head><style>@page {{ size: {size}; margin: {margin}; @top-center {{ content: 'Top'; padding: 1%;"
    f" width: 40%; border: 1px solid; }} @bottom-right {{ content: counter(page); margin: 2%; }} }} @page :first {{ margin-top: {top}; }}"
    " body { font-family: 'DejaVu Sans'; font-size: 7pt; } p::first-line { font-size: 120%; }"
    " div.first::first-letter { font-size: 200%; padding: 2%; margin: 1%; }</style></head><body>" + "".join(parts) + "</body></html>"),
    st.sampled_from(["A6", "A7", "80mm 60mm"]), st.sampled_from(["5%", "8mm", "3% 6%", "calc(2% + 3mm)"]), st.sampled_from(["10%", "12mm"]),
    st.lists(boxes(), min_size=2, max_size=6))


class _NothingKept(dict):
    """An answers table that keeps nothing: every box's lengths worked out by WeasyPrint's own resolve_percentages."""

    def get(self, key, default=None):
        return default

    def __setitem__(self, key, value):
        pass


@settings(max_examples=examples(10))
@given(PAGES)
def test_generated_pages_are_the_same_with_the_lengths_kept_or_worked_out_each_time(html):
    """Margins, paddings and sizes in every unit (%, em, rem, lh, vw, vh, calc(), min(), max()) on blocks, tables whose cells
    span rows and columns (borders collapsed or not, split across pages), flexible boxes and grids (whose items' styles
    WeasyPrint changes), floats, absolutely and fixed placed boxes, lists, columns, inline blocks, footnotes, ::first-line and
    ::first-letter, and pages with margin boxes and a first page of its own: the same bytes with the kept answers as
    without them."""
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf, pdfpercent

    def made() -> bytes | str:  # the PDF, or the error WeasyPrint stops with (a column box whose width is a calc(), say)
        try:
            return pdf._pdf_bytes(html)[0]
        except (AttributeError, TypeError, ValueError) as error:
            return f"{type(error).__name__}: {error}"

    kept = made()
    answers, pdfpercent._ANSWERS = pdfpercent._ANSWERS, _NothingKept()
    try:
        assert kept == made()
    finally:
        pdfpercent._ANSWERS = answers
