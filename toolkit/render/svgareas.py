"""An area map as SVG: areas as labelled rounded boxes, adjacency as lines, places listed inside.

The counterpart of :mod:`toolkit.render.svgmap` for a map of kind ``areas`` (zones, boxes and
tracks joined by listed adjacency): there is no geometry in the data, so the areas are drawn
where the map's ``position`` hints put them ([column, row]), or else in the order the map
lists them, row by row (one row for up to four areas, else a near square grid). A pair the
rules leave open (``open: true``) is a dashed ``<line class="cr-adj cr-adj-open">`` whether
the chosen reading makes it adjacent or not, so the reader sees which link is a reading. Each area is exactly one ``<rect class="cr-area ...">`` with ``data-area``; each
listed adjacency is one ``<line class="cr-adj">``. A base's swatch shows who holds it (the
printed flag, or control at the start of the scenario); sides take colours in the order the
manifest lists them. Output is deterministic: listed order, fixed precision.
"""

from __future__ import annotations

import math
from pathlib import Path

from toolkit.model import Game, Scenario
from toolkit.render.env import environment
from toolkit.render.svgframe import headings, page_size
from toolkit.render.svgframe import r as _r

__all__ = ["render_area_map_svg", "SIDE_COLOURS"]

MARGIN = 24.0
TITLE_BAND = 46.0
AREA_W = 210.0
GAP_X = 70.0
GAP_Y = 50.0
LINE = 14.0
LEGEND_BAND = 60.0
#: Fill of a side's swatch, by the side's position in the manifest; uncontrolled is grey.
SIDE_COLOURS = ("#c8102e", "#1f4e9c", "#2e7d32", "#ef8a00", "#6a1b9a", "#00838f")
NEUTRAL = "#8c8c8c"




def _where(at, game: Game) -> str:
    """A location as the game's own file names it (``map.yaml:23:5``): an output names no absolute path of the
    machine that built it (issue 21 item 5)."""
    file = Path(at.file)
    try:
        file = file.resolve().relative_to(Path(game.root).resolve())
    except (ValueError, OSError, RuntimeError):
        file = Path(file.name)
    return f"{file.as_posix()}:{at.line}:{at.column}" if at.line else file.as_posix()


def _columns(n: int) -> int:
    return max(1, n if n <= 4 else math.ceil(math.sqrt(n)))


def render_area_map_svg(game: Game, scenario: Scenario | None = None, overlays=("control",), title: str | None = None,
                        css_class: str = "chartroom-map", fit_mm: tuple[float, float] | None = None, room: float = 0.0) -> str:
    """The area map of ``game`` (and control at the start of ``scenario``) as a standalone SVG document string.

    ``room`` adds that much height at the bottom of every area (a set-up drawing puts its counters there).
    """
    m = game.map
    names = list(m.area_kinds) or sorted(m.hexes)
    sides = list(game.side_ids)
    colour = {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(sides)}
    show_control = scenario is not None and "control" in overlays

    inside: dict[str, list] = {name: [] for name in names}
    for place in m.places.values():  # places in listed order (the map's order)
        if place.hex in inside:
            inside[place.hex].append(place)

    if m.area_positions and all(name in m.area_positions for name in names):
        cells = {name: (m.area_positions[name][1], m.area_positions[name][0]) for name in names}  # (row, column)
        columns = max(c for _, c in cells.values()) + 1
        rows = max(r for r, _ in cells.values()) + 1
    else:
        columns = _columns(len(names))
        rows = math.ceil(len(names) / columns) if names else 0
        cells = {name: divmod(i, columns) for i, name in enumerate(names)}
    heights = [0.0] * rows
    for name in names:
        row = cells[name][0]
        heights[row] = max(heights[row], 34.0 + LINE * max(1, len(inside[name])) + room)
    tops = []
    y = MARGIN + TITLE_BAND
    for h in heights:
        tops.append(y)
        y += h + GAP_Y
    boxes, centre = [], {}
    for name in names:
        row, col = cells[name]
        x, top, h = MARGIN + col * (AREA_W + GAP_X), tops[row], heights[row]
        centre[name] = (x + AREA_W / 2, top + h / 2)
        lines = []
        for j, place in enumerate(inside[name]):
            ly = top + 36.0 + LINE * j
            entry = {"name": place.name, "x": _r(x + 26.0), "y": _r(ly), "sx": _r(x + 10.0), "sy": _r(ly - 9.0), "vp": place.vp,
                     "fill": "", "control": ""}
            if place.is_base:
                holder = game.control_of(scenario, place.name) if show_control else place.printed_control
                entry.update({"fill": colour.get(holder, NEUTRAL), "control": game.side_name(holder) if holder in colour else "uncontrolled"})
            lines.append(entry)
        boxes.append({"name": name, "kind": m.area_kinds.get(name, "zone"), "x": _r(x), "y": _r(top), "w": _r(AREA_W), "h": _r(h),
                      "tx": _r(x + AREA_W / 2), "ty": _r(top + 18.0), "places": lines})
    links = []
    open_pairs = {frozenset((p.a, p.b)): p for p in m.pair_records.values() if p.open}
    for a, b in m.adjacent_pairs():
        if a in centre and b in centre and frozenset((a, b)) not in open_pairs:
            (x1, y1), (x2, y2) = centre[a], centre[b]
            links.append({"x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2), "between": f"{a} - {b}", "open": False, "note": ""})
    for key in sorted(open_pairs, key=lambda k: sorted(k)):
        pair = open_pairs[key]
        if pair.a in centre and pair.b in centre:
            (x1, y1), (x2, y2) = centre[pair.a], centre[pair.b]
            reading = "adjacent" if pair.adjacent else "not adjacent"
            links.append({"x1": _r(x1), "y1": _r(y1), "x2": _r(x2), "y2": _r(y2), "between": f"{pair.a} - {pair.b}", "open": True,
                          "note": f"{pair.a} - {pair.b}: left open by the rules; read as {reading} ({_where(pair.at, game)})",
                          "mx": _r((x1 + x2) / 2), "my": _r((y1 + y2) / 2)})

    width = MARGIN * 2 + max(columns * AREA_W + (columns - 1) * GAP_X, 420.0)
    legend_y = y - GAP_Y + 24.0 if rows else MARGIN + TITLE_BAND
    height = legend_y + LEGEND_BAND
    legend = [{"label": game.side_name(side), "fill": colour[side], "x": _r(130.0 * i)} for i, side in enumerate(sides)]
    legend.append({"label": "uncontrolled", "fill": NEUTRAL, "x": _r(130.0 * len(sides))})
    heading, sub = headings(game, scenario, title, len(names), "areas")
    size_w, size_h = page_size(width, height, fit_mm)
    return environment().get_template("area_map.svg").render(
        width=_r(width), height=_r(height), size_w=size_w, size_h=size_h, css_class=css_class, heading=heading, subheading=sub,
        areas=boxes, links=links, legend=legend, legend_x=MARGIN, legend_y=_r(legend_y), show_control=show_control,
        area_count=len(names), has_open=any(link["open"] for link in links),
    )
