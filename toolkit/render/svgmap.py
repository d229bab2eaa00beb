"""The hex map as SVG, drawn from the data: hexes and their terrain, places, connections, boxes, overlays.

Geometry follows the map's :class:`~toolkit.model.hexes.HexGrid`: flat-topped hexes in
vertical columns (``odd-q`` or ``even-q``: which columns sit half a hex lower) or pointy-topped
hexes in horizontal rows (``odd-r`` or ``even-r``: which rows sit half a hex to the right);
column numbers grow east, rows south. Every hex of the playing area is exactly one
``<polygon class="hex">``; nothing else on the map is a polygon, so the hexes can be
counted. Output is deterministic: sorted iteration, fixed precision, no ids that
depend on anything but the data.

A map of kind ``areas`` is drawn by :func:`toolkit.render.svgareas.render_area_map_svg` instead.

What only one game records (capacities, marks on its places, notes of its boxes, hexes drawn
cut in parts, its legend) comes from the game's :class:`~toolkit.model.mapstyle.MapStyle`.
Overlays for a scenario: ``control`` (who holds each base at the start), and the node sets a
game module computes (``air_zoc``, ``supply``); without them the overlay is left out and the
legend says so.
"""

from __future__ import annotations

import math

from toolkit.model import Game, Scenario
from toolkit.model.hexes import HexGrid, parse_hex_id
from toolkit.model.mapstyle import TERRAIN_COLOURS, MapStyle
from toolkit.records import field, lazy_dataclass
from toolkit.render.env import environment, side_label
from toolkit.render.svgareas import SIDE_COLOURS, render_area_map_svg
from toolkit.render.svgframe import headings, page_size
from toolkit.render.svgframe import r as _r

__all__ = ["render_map_svg", "MapLayout", "hex_center", "OVERLAYS", "overlay_status"]

SIZE = 30.0  # centre to corner
HEIGHT = math.sqrt(3) * SIZE
MARGIN = 24.0
SIDE_BAND = 150.0  # room for off-map boxes left or right of the grid
TITLE_BAND = 46.0
MIN_WIDTH = 600.0
BOTTOM_BAND = 150.0
OVERLAYS = ("control", "air_zoc", "supply")

CONTROL_CLASS = {"none": "neutral"}  # a side's class is its id




@lazy_dataclass
class MapLayout:
    """Pixel geometry of one map: where each hex centre lies, for the grid's layout and offset.

    Neighbouring hexes' centres lie ``HEIGHT`` apart (the hexes touch along a whole hexside).
    """

    hexes: frozenset
    col_min: int = 1
    row_min: int = 1
    left: float = MARGIN
    top: float = MARGIN + TITLE_BAND
    cols: int = 0
    rows: int = 0
    grid: HexGrid = field(default_factory=HexGrid)

    @classmethod
    def of(cls, hexes, left: float, top: float, grid: HexGrid | None = None) -> "MapLayout":
        parsed = [parse_hex_id(h) for h in hexes] or [(1, 1)]
        cmin = min(c for c, _ in parsed)
        cmax = max(c for c, _ in parsed)
        rmin = min(r for _, r in parsed)
        rmax = max(r for _, r in parsed)
        return cls(frozenset(hexes), cmin, rmin, left, top, cmax - cmin + 1, rmax - rmin + 1, grid or HexGrid())

    @property
    def pointy(self) -> bool:
        return self.grid.layout == "pointy-top"

    def _shoved(self, line: int) -> bool:
        """Whether the 1-based column (flat-top) or row (pointy-top) ``line`` sits half a hex over."""
        odd = (line - 1) % 2 == 1
        return odd if self.grid.offset in ("odd-q", "odd-r") else not odd

    def center(self, hex_: str) -> tuple[float, float]:
        col, row = parse_hex_id(hex_)
        if self.pointy:  # rows of hexes; a shoved row sits half a hex to the right
            x = self.left + HEIGHT / 2 + HEIGHT * (col - self.col_min) + (HEIGHT / 2 if self._shoved(row) else 0.0)
            y = self.top + SIZE + 1.5 * SIZE * (row - self.row_min)
            return x, y
        x = self.left + SIZE + 1.5 * SIZE * (col - self.col_min)
        y = self.top + HEIGHT / 2 + HEIGHT * (row - self.row_min) + (HEIGHT / 2 if self._shoved(col) else 0.0)
        return x, y

    def corners(self, x: float, y: float, size: float = SIZE) -> list[tuple[float, float]]:
        return _corners(x, y, size, 30 if self.pointy else 0)

    def number_y(self, y: float) -> float:
        """Where a hex's number sits: under its top edge (flat-top) or its top corner (pointy-top)."""
        return y - SIZE + 12.5 if self.pointy else y - HEIGHT / 2 + 7.5

    @property
    def width(self) -> float:
        if self.pointy:
            return HEIGHT * self.cols + HEIGHT / 2
        return 1.5 * SIZE * (self.cols - 1) + 2 * SIZE

    @property
    def height(self) -> float:
        if self.pointy:
            return 1.5 * SIZE * (self.rows - 1) + 2 * SIZE
        return HEIGHT * self.rows + HEIGHT / 2


def hex_center(hex_: str, col_min: int = 1, row_min: int = 1, grid: HexGrid | None = None) -> tuple[float, float]:
    """Centre of a hex on an unshifted layout (for tests and callers that need geometry)."""
    return MapLayout(frozenset(), col_min, row_min, 0.0, 0.0, grid=grid or HexGrid()).center(hex_)


def _corners(x: float, y: float, size: float = SIZE, start: int = 0) -> list[tuple[float, float]]:
    return [(x + size * math.cos(math.radians(a)), y + size * math.sin(math.radians(a))) for a in range(start, 360 + start, 60)]


def _points(corners) -> str:
    return " ".join(f"{_r(px)},{_r(py)}" for px, py in corners)


def _path(corners) -> str:
    return "M" + " L".join(f"{_r(px)},{_r(py)}" for px, py in corners) + " Z"


def _edge(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float, float, float]:
    """The hexside shared by two adjacent hex centres: the segment across their midpoint."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length * SIZE / 2, dx / length * SIZE / 2
    return mx - px, my - py, mx + px, my + py


# --- overlays from the graph layer ----------------------------------------------------

def _hex_set(value, game: Game) -> set[str]:
    """Hex ids from what the graph layer returned: hex ids, half-hex nodes ("0511/west"), box names."""
    out = set()
    for item in value or ():
        head = str(item).split("/", 1)[0]
        if head in game.map.hexes:
            out.add(head)
    return out


def overlay_status() -> dict[str, bool]:
    """Which overlays the map can draw."""
    return {"control": True, "air_zoc": True, "supply": True}


# --- the drawing ------------------------------------------------------------------------

@lazy_dataclass
class _Box:
    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    cls: str
    lines: list = field(default_factory=list)
    links: list = field(default_factory=list)


def _label_lines(name: str, limit: int = 18) -> list[str]:
    words, lines, current = name.split(), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > limit:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    if current:
        lines.append(current)
    return lines or [name]


def render_map_svg(game: Game, scenario: Scenario | None = None, overlays=("control",), title: str | None = None,
                   css_class: str = "chartroom-map", fit_mm: tuple[float, float] | None = None, layers=None,
                   style: MapStyle | None = None) -> str:
    """The map of ``game`` (and the start of ``scenario``) as a standalone SVG document string.

    ``fit_mm`` (width, height) sizes the drawing to fit that area in millimetres, keeping its
    proportions (for print); without it the size is in pixels of the drawing. ``layers`` holds the
    node sets per side the game module computed for the overlays (``air_zoc``, ``supply``);
    ``style`` is the game's way of drawing its own fields (the game module's ``map_style``).
    Each map kind has its renderer: a hex grid here, areas in :mod:`toolkit.render.svgareas`.
    """
    if game.map.kind == "areas":  # no hexes to draw: areas, listed adjacency, places inside
        return render_area_map_svg(game, scenario, overlays=overlays, title=title, css_class=css_class, fit_mm=fit_mm)
    layers = layers or {}
    style = style or MapStyle()
    m = game.map
    overlays = tuple(o for o in overlays if o in OVERLAYS)
    left_boxes, right_boxes = _sides_of_the_grid(m)
    left = MARGIN + (SIDE_BAND if left_boxes else 0.0)
    layout = MapLayout.of(m.hexes, left, MARGIN + TITLE_BAND, m.grid)
    width = max(left + layout.width + (SIDE_BAND if right_boxes else 0.0) + MARGIN, MIN_WIDTH)  # a small grid keeps room for title and legend
    grid_bottom = layout.top + layout.height

    sides = game.side_ids
    zoc = {side: _hex_set(v, game) for side, v in layers["air_zoc"].items()} if "air_zoc" in overlays and "air_zoc" in layers else None
    supply = {side: _hex_set(v, game) for side, v in layers["supply"].items()} if "supply" in overlays and "supply" in layers else None
    show_control = scenario is not None and "control" in overlays
    boxes, entry_marks = _off_map_boxes(m, layout, left_boxes, right_boxes, style)
    strip, strip_bottom = _box_strip(m, grid_bottom, width)
    legend_y = (strip_bottom + 40.0) if strip else grid_bottom + 14.0
    notes: list[str] = []
    if scenario is not None and "air_zoc" in overlays and zoc is None and layers:  # a game that computes no overlays has nothing to miss
        notes.append("Air ZOC overlay not drawn: the game module computes none for this map.")
    if scenario is not None and "supply" in overlays and supply is None and layers:
        notes.append("Supply overlay not drawn: the game module computes none for this map.")
    height = max(grid_bottom + BOTTOM_BAND, legend_y + 80.0, legend_y + 96.0 + 12.0 * len(notes))
    heading, sub = headings(game, scenario, title, len(m.hexes), "hexes")
    size_w, size_h = page_size(width, height, fit_mm)
    terrains = sorted(set(m.terrain.values()))
    return environment(str(style.templates) if style.templates else None).get_template(style.template).render(
        width=_r(width), height=_r(height), size_w=size_w, size_h=size_h, css_class=css_class, heading=heading, subheading=sub,
        css=_css(game, style, terrains), hexes=_hex_cells(m, layout, style), zoc=_zoc_paths(m, layout, zoc, sides),
        supply_dots=_supply_dots(layout, supply, sides), impassable=_impassable_hexsides(m, layout),
        splits=_divided_hexes(m, layout, style), connections=_land_connections(m, layout),
        places=_places(game, scenario, layout, show_control, supply or {}, style), boxes=boxes,
        entry_marks=[entry_marks[k] for k in sorted(entry_marks)], strip=strip, legend=style.legend,
        legend_x=MARGIN, legend_y=_r(legend_y), notes=notes, show_zoc=bool(zoc), show_supply=supply is not None,
        show_control=show_control, status=overlay_status(), hex_count=len(m.hexes),
        sides=[{"id": side, "name": game.side_name(side)} for side in sides], terrains=terrains,
        has_impassable=bool(m.impassable), has_connections=bool(m.land_connections),
    )


def _css(game: Game, style: MapStyle, terrains: list[str]) -> list[str]:
    """Extra style rules: the style's own, or each side's colour (manifest order) and each terrain's fill."""
    if style.css is not None:
        return [line for line in style.css.splitlines() if line.strip()]
    rules = []
    for i, side in enumerate(game.side_ids):
        colour = style.side_colours.get(side, SIDE_COLOURS[i % len(SIDE_COLOURS)])
        rules += [f".cr-ctl-{side}{{fill:{colour}}}", f".cr-supply-{side}{{fill:{colour}}}",
                  f".cr-zoc-{side}{{fill:{colour};fill-opacity:0.16;stroke:{colour};stroke-width:1;stroke-dasharray:3 2}}"]
    rules += [f".cr-hex.cr-terrain-{t}{{fill:{style.terrain_colours.get(t, TERRAIN_COLOURS[i % len(TERRAIN_COLOURS)])}}}"
              for i, t in enumerate(terrains)]
    return rules


def _sides_of_the_grid(m) -> tuple[list, list]:
    """Off-map boxes drawn left or right of the grid, by where their Entry Hexes (or their base) lie."""
    probe = MapLayout.of(m.hexes, 0.0, 0.0, m.grid)
    mid_x = probe.width / 2
    left_boxes, right_boxes = [], []
    for box in sorted((b for b in m.boxes.values() if b.kind == "off-map"), key=lambda b: b.name):
        xs = [probe.center(h)[0] for h in box.entry_hexes if h in m.hexes]
        if not xs and box.connects_to in m.places:
            xs = [probe.center(m.places[box.connects_to].hex)[0]]
        (left_boxes if xs and sum(xs) / len(xs) < mid_x else right_boxes).append(box)
    return left_boxes, right_boxes


def _hex_cells(m, layout: MapLayout, style: MapStyle) -> list[dict]:
    by_hex = m.by_hex
    hexes = []
    for h in sorted(m.hexes):
        x, y = layout.center(h)
        place = by_hex.get(h)
        cls = "hex"
        if place is not None:
            cls += " land nonsea" if style.place_marks(place).inland else " land"
        if h in m.terrain:
            cls += f" terrain-{m.terrain[h]}"
        hexes.append({"id": h, "points": _points(layout.corners(x, y)), "cls": cls.strip(),
                      "nx": _r(x), "ny": _r(layout.number_y(y)), "terrain": m.terrain.get(h, "")})
    return hexes


def _zoc_paths(m, layout: MapLayout, zoc: dict | None, sides) -> list[dict]:
    """Each hex in an Air ZOC, shaded by the side exerting it (or ``both``)."""
    if not zoc:
        return []
    paths = []
    exerted = {h: [side for side in sides if h in zoc.get(side, set())] for h in set().union(*zoc.values())}
    for h in sorted(exerted):
        if h not in m.hexes:
            continue
        side = "both" if len(exerted[h]) > 1 else exerted[h][0]
        x, y = layout.center(h)
        paths.append({"d": _path(layout.corners(x, y, SIZE - 2.5)), "cls": f"zoc zoc-{side}", "hex": h})
    return paths


def _impassable_hexsides(m, layout: MapLayout) -> list[dict]:
    lines = []
    for pair in sorted(sorted(p) for p in m.impassable):
        if len(pair) != 2 or not all(h in m.hexes for h in pair):
            continue
        x1, y1, x2, y2 = _edge(layout.center(pair[0]), layout.center(pair[1]))
        lines.append({"x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2), "between": f"{pair[0]}-{pair[1]}"})
    return lines


def _divided_hexes(m, layout: MapLayout, style: MapStyle) -> list[dict]:
    """The line across a hex drawn cut in parts, and a letter in each part toward the hexes it faces."""
    splits = []
    for split in sorted(style.divided_hexes(m), key=lambda s: s.hex):
        if split.hex not in m.hexes:
            continue
        cx, cy = layout.center(split.hex)
        halves = []
        for half, reached in split.parts:
            pts = [layout.center(n) for n in reached if n in m.hexes]
            hx, hy = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)) if pts else (cx, cy)
            halves.append((half, hx - cx, hy - cy))
        if len(halves) < 2:
            continue
        dx, dy = halves[1][1] - halves[0][1], halves[1][2] - halves[0][2]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        px, py = -uy * HEIGHT / 2, ux * HEIGHT / 2
        labels = []
        for half, hx, hy in halves:
            hl = math.hypot(hx, hy) or 1.0
            labels.append({"text": half[:1].upper(), "x": _r(cx + hx / hl * SIZE * 0.55), "y": _r(cy + hy / hl * SIZE * 0.55 + 3)})
        splits.append({"hex": split.hex, "name": split.name, "x1": _r(cx - px), "y1": _r(cy - py), "x2": _r(cx + px), "y2": _r(cy + py),
                       "labels": labels})
    return splits


def _land_connections(m, layout: MapLayout) -> list[dict]:
    connections = []
    for conn in sorted(m.land_connections, key=lambda c: (c.a, c.b)):
        a = m.places[conn.a].hex if conn.a in m.places else conn.a
        b = m.places[conn.b].hex if conn.b in m.places else conn.b
        if a in m.hexes and b in m.hexes:
            (x1, y1), (x2, y2) = layout.center(a), layout.center(b)
            connections.append({"x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2), "between": f"{conn.a} - {conn.b}"})
    return connections


def _supply_dots(layout: MapLayout, supply: dict | None, sides) -> list[dict]:
    """A dot per side in each hex it can trace a Supply Line to, the sides side by side."""
    dots = []
    for side, dx in zip(sides, (-7.0, 7.0, 0.0)):
        for h in sorted((supply or {}).get(side, ())):
            x, y = layout.center(h)
            dots.append({"cx": _r(x + dx), "cy": _r(y + HEIGHT / 2 - 6.0), "side": side, "hex": h})
    return dots


def _places(game: Game, scenario: Scenario | None, layout: MapLayout, show_control: bool, supplied: dict, style: MapStyle) -> list[dict]:
    """Bases (the game's marks, VP, control at the start or the printed flag) and the other places."""
    m = game.map
    sides = game.side_ids
    places = []
    for place in sorted(m.places.values(), key=lambda p: (p.hex, p.name)):
        if place.hex not in m.hexes:
            continue
        x, y = layout.center(place.hex)
        info = {"name": place.name, "hex": place.hex, "x": _r(x), "y": _r(y), "base": place.is_base,
                "label": _label_lines(place.name, 12), "ly": _r(y + 10.5), "lx": _r(x)}
        marks = style.place_marks(place)
        if place.is_base:
            side = game.control_of(scenario, place.name) if show_control else place.printed_control
            bw = max(24.0, 6.4 * len(marks.caps) + 5.0)
            control = game.side_name(side) if side in sides else side_label(side)
            info.update({
                "cls": f"base ctl-{CONTROL_CLASS.get(side, side)}" + (" home" if marks.ring else ""),
                "sx": _r(x - bw / 2), "sy": _r(y - 16), "bw": _r(bw), "caps": marks.caps, "details": ", ".join((*marks.details, control)),
                "vp": place.vp, "classes": marks.classes, "dot": marks.dot, "ring": marks.ring,
                "control": control, "flag": place.flag,
                "supplied": sorted(s for s, hexes_ in supplied.items() if place.hex in hexes_),
            })
        else:
            info.update({"cls": "circle" + (" nonsea" if marks.inland else "")})
        places.append(info)
    return places


def _off_map_boxes(m, layout: MapLayout, left_boxes: list, right_boxes: list, style: MapStyle) -> tuple[list[dict], dict]:
    """Off-map boxes beside the grid, each linked to its Entry Hexes; the Entry Hex marks."""
    boxes = []
    entry_marks = {}
    for group, bx in ((left_boxes, MARGIN), (right_boxes, layout.left + layout.width + 14.0)):
        next_free = layout.top
        for box in group:
            ys = [layout.center(h)[1] for h in box.entry_hexes if h in m.hexes]
            lines = _label_lines(box.name, 16)
            h_box = 30.0 + 13.0 * len(lines)
            y = (sum(ys) / len(ys) if ys else layout.top + 40) - h_box / 2
            y = max(y, next_free)
            next_free = y + h_box + 12.0
            w = SIDE_BAND - 24.0
            item = _Box(box.name, box.kind, bx, y, w, h_box, f"box offmap nation-{box.nation or 'none'}", lines)
            anchor_x = bx + w if group is left_boxes else bx
            for h in box.entry_hexes:
                if h not in m.hexes:
                    continue
                ex, ey = layout.center(h)
                item.links.append({"x1": _r(anchor_x), "y1": _r(y + h_box / 2), "x2": _r(ex), "y2": _r(ey), "hex": h})
                entry_marks[h] = {"x": _r(ex - 6), "y": _r(ey - 6), "hex": h, "box": box.name}
            sub = list(style.box_notes(box))
            if box.connects_to:
                sub.append(f"to {box.connects_to}")
            boxes.append({"name": box.name, "x": _r(item.x), "y": _r(item.y), "w": _r(item.w), "h": _r(item.h), "cls": item.cls,
                          "lines": [{"text": t, "x": _r(item.x + w / 2), "y": _r(item.y + 16 + 13 * i)} for i, t in enumerate(lines)],
                          "sub": [{"text": t, "x": _r(item.x + w / 2), "y": _r(item.y + 16 + 13 * len(lines) + 11 * i)} for i, t in enumerate(sub)],
                          "links": item.links})
    return boxes, entry_marks


def _box_strip(m, grid_bottom: float, width: float) -> tuple[list[dict], float]:
    """Holding and special boxes in rows under the grid; the top of the last row."""
    strip = []
    bx, by = MARGIN, grid_bottom + 14.0
    for box in sorted((b for b in m.boxes.values() if b.kind != "off-map"), key=lambda b: (b.kind, b.name)):
        label = box.name + (f" (counts as {box.of})" if box.of else "")
        w = max(120.0, 6.4 * len(label) + 20)
        if bx + w > width - MARGIN:
            bx, by = MARGIN, by + 36.0
        strip.append({"name": box.name, "label": label, "kind": box.kind, "x": _r(bx), "y": _r(by), "w": _r(w), "h": "26.0",
                      "tx": _r(bx + w / 2), "ty": _r(by + 17)})
        bx += w + 10.0
    return strip, by
