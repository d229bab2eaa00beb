"""A plotting sheet as SVG: every hex with its id, the named places, a bearing rose, and overlays of sectors.

Game-free: a map of kind ``plotting-sheet`` (:class:`toolkit.model.Map`), the sheet's north, and
overlays a caller gives (a label, the hexes to shade, and optionally a sector's origin and bounding
bearings to draw). Geometry is :mod:`toolkit.graph.arcs` (circumradius 1, y down); bearings are
degrees clockwise from the sheet's north. Deterministic: the same inputs give the same bytes.
"""

from __future__ import annotations

import math
from html import escape

from toolkit.graph.arcs import corners, hex_centre
from toolkit.model import Map
from toolkit.records import field, lazy_dataclass
from toolkit.render.svgframe import r

__all__ = ["SheetOverlay", "render_sheet_svg", "COLOURS"]

SCALE = 22.0  # pixels per unit of circumradius
COLOURS = ("#1f5fa8", "#b3261e", "#2e7d32", "#8e44ad", "#c77700", "#00838f")


@lazy_dataclass(frozen=True)
class SheetOverlay:
    """Hexes to shade, with a label; ``origin`` and ``lines`` (bearings) draw a sector's bounding lines to ``range`` hexes."""

    label: str
    hexes: frozenset = frozenset()
    origin: str | None = None
    lines: tuple[float, ...] = ()
    range: int = 0
    marks: dict = field(default_factory=dict)  # hex -> short text written in the hex


def _point(angle_from_top: float, length: float, x: float, y: float) -> tuple[float, float]:
    a = math.radians(angle_from_top)
    return x + length * math.sin(a), y - length * math.cos(a)


def render_sheet_svg(sheet_map: Map, title: str, overlays=(), marks: dict | None = None, css_class: str = "chartroom-sheet",
                     scale: float = SCALE, min_font: float = 0.0) -> str:
    """The sheet as one ``<svg>`` element; ``marks`` writes short texts into hexes (task forces, places).

    ``scale`` is pixels per unit of circumradius; ``min_font`` raises every text to that size (a drawing
    printed at its own size, read at 7 pt or more).
    """
    SCALE = scale  # noqa: N806 (the module's default, for this drawing)

    def font(size: float) -> str:
        return f"{max(size, min_font):g}"

    grid, north = sheet_map.grid, sheet_map.north
    hexes = sorted(sheet_map.hexes)
    polys, xs, ys = {}, [], []
    for h in hexes:
        q, rr, _ = grid.to_cube(h)
        pts = [(x * SCALE, y * SCALE) for x, y in corners(grid.layout, q, rr)]
        polys[h] = pts
        xs += [p[0] for p in pts]
        ys += [p[1] for p in pts]
    pad, rose_w, head = 10.0, 210.0, 34.0
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    width = (maxx - minx) + 2 * pad + rose_w
    height = max((maxy - miny) + 2 * pad, 170.0) + head
    ox, oy = pad - minx, pad - miny + head

    def at(h):
        x, y = hex_centre(grid, h)
        return x * SCALE + ox, y * SCALE + oy

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" viewBox="0 0 {r(width)} {r(height)}" width="{r(width)}" height="{r(height)}" role="img" aria-label="{escape(title)}">',
           f'<title>{escape(title)}</title>',
           f'<text x="{r(pad)}" y="20" font-size="{font(14)}" font-weight="bold">{escape(title)}</text>',
           f'<text x="{r(pad)}" y="32" font-size="{font(9)}">{len(hexes)} hexes, {sheet_map.sheet.columns if sheet_map.sheet else ""} columns by '
           f'{sheet_map.sheet.rows if sheet_map.sheet else ""} rows; north {north:g} degrees clockwise from the top</text>']
    shade: dict[str, list[int]] = {}
    for i, overlay in enumerate(overlays):
        for h in overlay.hexes:
            shade.setdefault(h, []).append(i)
    out.append('<g class="hexes">')
    for h in hexes:
        pts = " ".join(f"{r(x + ox)},{r(y + oy)}" for x, y in polys[h])
        fill = "#ffffff"
        if h in shade:
            fill = COLOURS[shade[h][0] % len(COLOURS)]
        opacity = ' fill-opacity="0.22"' if h in shade else ""
        out.append(f'<polygon data-hex="{h}" points="{pts}" fill="{fill}"{opacity} stroke="#777" stroke-width="0.6"/>')
        cx, cy = at(h)
        out.append(f'<text x="{r(cx)}" y="{r(cy - SCALE * 0.5)}" font-size="{font(6)}" text-anchor="middle" fill="#666">{h}</text>')
    out.append("</g>")
    for i, overlay in enumerate(overlays):
        if overlay.origin is None or not overlay.lines:
            continue
        colour = COLOURS[i % len(COLOURS)]
        x0, y0 = at(overlay.origin)
        length = overlay.range * math.sqrt(3) * SCALE
        out.append(f'<g class="sector" data-label="{escape(overlay.label)}">')
        for b in overlay.lines:
            x1, y1 = _point(north + b, length, x0, y0)
            out.append(f'<line x1="{r(x0)}" y1="{r(y0)}" x2="{r(x1)}" y2="{r(y1)}" stroke="{colour}" stroke-width="1.6"/>')
            lx, ly = _point(north + b, length + 8, x0, y0)
            out.append(f'<text x="{r(lx)}" y="{r(ly)}" font-size="{font(8)}" text-anchor="middle" fill="{colour}">{b:g}</text>')
        out.append("</g>")
    for h, text in sorted((marks or {}).items()):
        if h in polys:
            cx, cy = at(h)
            out.append(f'<text class="mark" x="{r(cx)}" y="{r(cy + 3)}" font-size="{font(8)}" font-weight="bold" text-anchor="middle">{escape(text)}</text>')
    # the bearing rose: 0 is north, bearings clockwise, every 30 degrees (the search arcs' steps)
    rx, ry, rad = width - rose_w / 2, head + 75.0, 52.0
    out.append(f'<g class="rose"><circle cx="{r(rx)}" cy="{r(ry)}" r="{r(rad)}" fill="none" stroke="#222"/>')
    for b in range(0, 360, 10):
        inner = rad - (9 if b % 30 == 0 else 4)
        x1, y1 = _point(north + b, inner, rx, ry)
        x2, y2 = _point(north + b, rad, rx, ry)
        out.append(f'<line x1="{r(x1)}" y1="{r(y1)}" x2="{r(x2)}" y2="{r(y2)}" stroke="#222" stroke-width="{"1.2" if b % 30 == 0 else "0.5"}"/>')
        if b % 30 == 0:
            lx, ly = _point(north + b, rad + 9, rx, ry)
            out.append(f'<text x="{r(lx)}" y="{r(ly + 3)}" font-size="{font(8)}" text-anchor="middle">{"N" if b == 0 else b}</text>')
    nx, ny = _point(north, rad - 12, rx, ry)
    out.append(f'<line x1="{r(rx)}" y1="{r(ry)}" x2="{r(nx)}" y2="{r(ny)}" stroke="#b3261e" stroke-width="2"/></g>')
    ly = ry + rad + 26
    for i, overlay in enumerate(overlays):
        colour = COLOURS[i % len(COLOURS)]
        out.append(f'<rect x="{r(rx - 95)}" y="{r(ly - 7)}" width="9" height="9" fill="{colour}" fill-opacity="0.4" stroke="{colour}"/>'
                   f'<text x="{r(rx - 83)}" y="{r(ly)}" font-size="{font(7)}">{escape(overlay.label)}</text>')
        ly += 12
    out.append("</svg>")
    return "\n".join(out) + "\n"
