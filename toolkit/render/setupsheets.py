"""A set-up drawing cut into sheets that each fit one printed page at full size, labelled so they join.

Printed at its own size (1 pixel of the drawing = 1/96 inch) the drawing's smallest text is 7 pt
(:data:`toolkit.render.svgsetup.MIN_FONT`); shrinking it to fit a page would make it smaller. So a
drawing larger than the page's room is cut. The drawing says where it may be cut
(:func:`toolkit.render.svgsetup.render_setup_svg`): its map (``data-map-area``) is cut into a grid of
equal sheets named by row and column (A1, A2, B1...), each saying which sheets join it on each side
and written on its edges where it joins them; the panel beside the map (``data-panel-area``) goes on
sheets of its own (P1, P2...), cut only where ``data-panel-breaks`` allows (above a heading, between
lines of text), so that no box, stack or task force is split; its pieces stand side by side on a sheet
when the page is wide enough, read left to right. Each sheet is the drawing seen through a window (its
``viewBox``), without what lies wholly outside it (:func:`toolkit.render.svgwindow.within`: it would be
clipped away, yet cost its parsing and painting on every sheet). A drawing that says nothing of its
areas is cut as one grid.
"""

from __future__ import annotations

import math
import re

from toolkit.records import lazy_dataclass
from toolkit.render.svgwindow import within

__all__ = ["Sheet", "sheets", "MM_PER_PX", "SHEET_AREA_MM"]

MM_PER_PX = 25.4 / 96
#: Room for one sheet on a landscape page, in mm: the page less its margins, the aid's padding, its
#: header or the sheet's heading, and the line saying which sheets join it.
SHEET_AREA_MM = {"a4": (262.0, 146.0), "letter": (244.0, 152.0)}
_SIZE = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)" width="[\d.]+" height="[\d.]+"')
_AREA = re.compile(r'data-(map|panel)-area="([\d. ]+)"')
GUTTER = 24.0  # pixels between two pieces of the panel on one sheet
_BREAKS = re.compile(r'data-panel-breaks="([\d. ]*)"')
EDGE_CSS = ('<style>.cr-sheet-edge{font-family:"DejaVu Sans",Verdana,sans-serif;font-size:9.4px;font-weight:bold;fill:#7a0000}'
            '.cr-sheet-edge-halo{stroke:#ffffff;stroke-width:3px;stroke-linejoin:round;fill:#ffffff}</style>')


@lazy_dataclass(frozen=True)
class Sheet:
    """One sheet: its name (``A1``, or ``P1`` for the panel), where it lies, the sheets it joins and its drawing."""

    name: str
    row: int
    column: int
    joins: tuple[str, ...]
    svg: str
    window: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # x, y, width, height in the drawing's pixels
    kind: str = "map"  # map | panel


def _name(row: int, column: int) -> str:
    return f"{chr(ord('A') + row)}{column + 1}"


def _window(svg: str, name: str, x: float, y: float, w: float, h: float, edges: str = "", whole: bool = False) -> str:
    window = f'viewBox="{x:.1f} {y:.1f} {w:.1f} {h:.1f}" width="{w * MM_PER_PX:.1f}mm" height="{h * MM_PER_PX:.1f}mm" data-sheet="{name}"'
    cut = _SIZE.sub(window, svg if whole else within(svg, (x, y, w, h)), count=1)  # only what shows through it
    if edges:
        head, tail = cut.rstrip().rsplit("</svg>", 1)
        cut = f"{head}{edges}</svg>{tail}\n"
    return cut


def _edges(x: float, y: float, w: float, h: float, joins: list[tuple[str, str]]) -> str:
    """Each joining sheet's name written on the edge it joins (``A2 →`` on the right edge), over the map."""
    spots = {"right": (x + w - 4, y + h / 2, "end", "{} \u2192"), "left": (x + 4, y + h / 2, "start", "\u2190 {}"),
             "above": (x + w / 2, y + 14, "middle", "\u2191 {}"), "below": (x + w / 2, y + h - 6, "middle", "\u2193 {}")}
    out = []
    for name, side in joins:
        tx, ty, anchor, words = spots[side]
        text = words.format(name)
        for cls in ("cr-sheet-edge cr-sheet-edge-halo", "cr-sheet-edge"):
            out.append(f'<text class="{cls}" x="{tx:.1f}" y="{ty:.1f}" text-anchor="{anchor}" data-joins="{name}">{text}</text>')
    return f'<g class="cr-sheet-edges">{EDGE_CSS}{"".join(out)}</g>' if out else ""


def _grid(svg: str, x0: float, y0: float, width: float, height: float, area_mm: tuple[float, float], labels: bool) -> list[Sheet]:
    """The rectangle (x0, y0, width, height) cut into the fewest equal sheets that fit ``area_mm``."""
    columns = max(1, math.ceil(width * MM_PER_PX / area_mm[0] - 1e-9))
    rows = max(1, math.ceil(height * MM_PER_PX / area_mm[1] - 1e-9))
    w, h = width / columns, height / rows
    out = []
    for row in range(rows):
        for column in range(columns):
            joins = [(_name(row + dr, column + dc), side) for dr, dc, side in ((-1, 0, "above"), (0, 1, "right"), (1, 0, "below"), (0, -1, "left"))
                     if 0 <= row + dr < rows and 0 <= column + dc < columns]
            x, y = x0 + column * w, y0 + row * h
            edges = _edges(x, y, w, h, joins) if labels else ""
            out.append(Sheet(_name(row, column), row, column, tuple(f"{n} {s}" for n, s in joins), _window(svg, _name(row, column), x, y, w, h, edges),
                             (x, y, w, h)))
    return out


def _chunks(top: float, bottom: float, breaks: list[float], room: float) -> list[tuple[float, float]]:
    """The panel from ``top`` to ``bottom`` in the fewest pieces no taller than ``room``, cut only at ``breaks``
    (a stretch with no break that is taller than ``room`` is cut where it must), the pieces as even as may be."""
    points = sorted({b for b in breaks if top < b < bottom})

    def greedy(limit: float) -> list[tuple[float, float]]:
        pieces, start = [], top
        while bottom - start > limit + 1e-6:
            fitting = [p for p in points if start < p <= start + limit]
            end = fitting[-1] if fitting else start + limit
            pieces.append((start, end))
            start = end
        return pieces + [(start, bottom)]

    fewest = greedy(room)
    low, high = (bottom - top) / len(fewest), room  # the smallest limit that still gives as few pieces: the most even
    for _ in range(40):
        middle = (low + high) / 2
        low, high = (low, middle) if len(greedy(middle)) <= len(fewest) else (middle, high)
    return greedy(high)


def sheets(svg: str, area_mm: tuple[float, float]) -> list[Sheet]:
    """The drawing cut into sheets that fit ``area_mm`` at full size (one when it fits); see the module's docstring."""
    found = _SIZE.search(svg)
    if found is None:
        raise ValueError("the drawing gives no viewBox and size to cut")
    width, height = float(found.group(1)), float(found.group(2))
    if width * MM_PER_PX <= area_mm[0] + 1e-9 and height * MM_PER_PX <= area_mm[1] + 1e-9:
        return [Sheet("A1", 0, 0, (), _window(svg, "A1", 0.0, 0.0, width, height, whole=True), (0.0, 0.0, width, height))]
    areas = {kind: tuple(map(float, value.split())) for kind, value in _AREA.findall(svg)}
    if set(areas) != {"map", "panel"}:
        return _grid(svg, 0.0, 0.0, width, height, area_mm, labels=False)
    out = _grid(svg, *areas["map"], area_mm, labels=True)
    px, py, pw, ph = areas["panel"]
    found_breaks = _BREAKS.search(svg)
    breaks = [float(b) for b in (found_breaks.group(1) if found_breaks else "").split()]
    pieces = _chunks(py, py + ph, breaks, area_mm[1] / MM_PER_PX)
    across = max(1, int((area_mm[0] / MM_PER_PX + GUTTER) // (pw + GUTTER)))  # the panel's pieces side by side on a page
    pages = [pieces[i:i + across] for i in range(0, len(pieces), across)]
    for i, page in enumerate(pages):
        name = f"P{i + 1}"
        joins = tuple(f"P{j + 1} {side}" for j, side in ((i - 1, "before"), (i + 1, "after")) if 0 <= j < len(pages))
        out.append(Sheet(name, i, 0, joins, _columns(svg, name, px, pw, page), (px, page[0][0], pw, page[-1][1] - page[0][0]), "panel"))
    return out


def _columns(svg: str, name: str, x: float, w: float, pieces: list[tuple[float, float]]) -> str:
    """Pieces of the panel (``x``, ``w`` wide) side by side on one sheet, in reading order, each the drawing through its window."""
    tallest = max(bottom - top for top, bottom in pieces)
    width = len(pieces) * w + (len(pieces) - 1) * GUTTER
    inner = []
    for k, (top, bottom) in enumerate(pieces):
        window = f'x="{k * (w + GUTTER):.1f}" y="0" viewBox="{x:.1f} {top:.1f} {w:.1f} {bottom - top:.1f}" width="{w:.1f}" height="{bottom - top:.1f}"'
        drawing = svg.split("?>", 1)[-1].strip() if svg.startswith("<?xml") else svg.strip()
        inner.append(_SIZE.sub(window, within(drawing, (x, top, w, bottom - top)), count=1))  # only what shows through it
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="cr-setup-panel-sheet" viewBox="0 0 {width:.1f} {tallest:.1f}" '
            f'width="{width * MM_PER_PX:.1f}mm" height="{tallest * MM_PER_PX:.1f}mm" data-sheet="{name}">{"".join(inner)}</svg>\n')
