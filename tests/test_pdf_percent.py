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

from conftest import pdf_ours_and_installed

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
