"""A set-up drawing cut into sheets that each fit one printed page at full size, labelled so they join.

Printed at its own size (1 pixel of the drawing = 1/96 inch) the drawing's smallest text is 7 pt
(:data:`toolkit.render.svgsetup.MIN_FONT`); shrinking it to fit a page would make it smaller. So a
drawing larger than the page's room is cut into a grid of equal sheets, each the whole drawing seen
through a window (its ``viewBox``), named by row and column (A1, A2, B1...) and saying which sheets
join it on each side.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from toolkit.render.svgwindow import within

__all__ = ["Sheet", "sheets", "MM_PER_PX", "SHEET_AREA_MM"]

MM_PER_PX = 25.4 / 96
#: Room for one sheet on a landscape page, in mm: the page less its margins, the aid's padding, its
#: header or the sheet's heading, and the line saying which sheets join it.
SHEET_AREA_MM = {"a4": (262.0, 146.0), "letter": (244.0, 152.0)}
_SIZE = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)" width="[\d.]+" height="[\d.]+"')


@dataclass(frozen=True)
class Sheet:
    """One sheet: its name (``A1``), where it lies in the grid, the sheets it joins and its drawing."""

    name: str
    row: int
    column: int
    joins: tuple[str, ...]
    svg: str


def _name(row: int, column: int) -> str:
    return f"{chr(ord('A') + row)}{column + 1}"


def sheets(svg: str, area_mm: tuple[float, float]) -> list[Sheet]:
    """The drawing cut into the fewest equal sheets that fit ``area_mm`` at full size (one when it fits)."""
    found = _SIZE.search(svg)
    if found is None:
        raise ValueError("the drawing gives no viewBox and size to cut")
    width, height = float(found.group(1)), float(found.group(2))
    columns = max(1, math.ceil(width * MM_PER_PX / area_mm[0] - 1e-9))
    rows = max(1, math.ceil(height * MM_PER_PX / area_mm[1] - 1e-9))
    w, h = width / columns, height / rows
    out = []
    for row in range(rows):
        for column in range(columns):
            joins = []
            for dr, dc, side in ((-1, 0, "above"), (0, 1, "right"), (1, 0, "below"), (0, -1, "left")):
                if 0 <= row + dr < rows and 0 <= column + dc < columns:
                    joins.append(f"{_name(row + dr, column + dc)} {side}")
            window = (f'viewBox="{column * w:.1f} {row * h:.1f} {w:.1f} {h:.1f}" width="{w * MM_PER_PX:.1f}mm" '
                      f'height="{h * MM_PER_PX:.1f}mm" data-sheet="{_name(row, column)}"')
            seen = svg if rows * columns == 1 else within(svg, (column * w, row * h, w, h))  # only what shows through it
            out.append(Sheet(_name(row, column), row, column, tuple(joins), _SIZE.sub(window, seen, count=1)))
    return out
