"""A scenario's set-up drawn on its map: counters where they stand, stacks, boxes, task forces, reinforcements, findings.

Any map kind: the map is drawn by its own renderer (:func:`toolkit.render.svgmap.render_map_svg` for a hex
grid or areas, :func:`toolkit.render.svgsheet.render_sheet_svg` for a plotting sheet) and nested in this
drawing; where each hex, area and box lies is read back from that drawing (its ``data-hex``,
``data-area`` and ``data-box`` elements), so this module needs no geometry of its own.

Each counter glyph is one ``<g class="cr-counter">`` carrying ``data-counter`` (the counter id),
``data-at`` (where it stands, as the scenario writes it), ``data-count`` when it stands for several
copies and ``data-turn`` for a reinforcement. A place with more pieces than fit on it shows a pile
(``cr-stack``, no ``data-counter``) and its pieces are drawn in the Stacks panel; pieces in boxes and task
forces are drawn in their display beside the map. Legends and panels carry no ``data-counter``. With
findings, each one tied to a place is a ring and its code there (``data-finding``), and every finding
is listed in a panel. Every text is at least :data:`MIN_FONT` pixels (7 pt when printed at 100%); every
name from the data is escaped. Deterministic: the same inputs give the same bytes.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from html import escape

from toolkit.findings import Finding
from toolkit.model import Game, Scenario
from toolkit.model.mapstyle import MapStyle
from toolkit.model.setup import Piece, SetUp, TrackDisplay, where_finding
from toolkit.records import lazy_dataclass
from toolkit.render.svgareas import SIDE_COLOURS, render_area_map_svg
from toolkit.render.svgframe import r
from toolkit.render.svgmap import render_map_svg
from toolkit.render.svgsheet import render_sheet_svg
from toolkit.render.textwidth import text_width

__all__ = ["render_setup_svg", "MIN_FONT", "GLYPH"]

MIN_FONT = 9.4  # pixels: 7 pt at 96 pixels to the inch, the smallest text a printed aid may have
GLYPH = 46.0  # a counter's side
ROOM = GLYPH - 4.0  # the width a glyph's line of text may take
SQUEEZE = 0.85  # a text too wide is drawn narrower, down to this share of its width (its letters keep their 7 pt height)
CELL = GLYPH + 6.0
COLUMNS = 7
PANEL_W = COLUMNS * CELL + 24.0
GAP = 16.0
BASE_CLASS = "cr-setup-base"  # the nested map's class: not the map drawing's own (``chartroom-map``), which pages count
SVG = "{http://www.w3.org/2000/svg}"
#: The band of a side's second, third... nation (its first nation's band is the side's colour, darker).
NATION_COLOURS = ("#1b5e20", "#8d4f00", "#4a148c", "#005662", "#3e2723", "#37474f")

CSS = f"""
.cr-setup text{{font-family:"DejaVu Sans",Verdana,sans-serif}}
.cr-setup .cr-hexnum,.cr-setup .cr-box-sub,.cr-setup .cr-vp-text,.cr-setup .cr-supply,.cr-setup .cr-split-label,.cr-setup .cr-note,
.cr-setup .cr-legend,.cr-setup .cr-name,.cr-setup .cr-name-halo{{font-size:{MIN_FONT}px}}
.cr-glyph{{stroke:#1a1a1a;stroke-width:1}}
.cr-band{{stroke:none}}
.cr-g-label{{font-size:{MIN_FONT}px;font-weight:bold;fill:#ffffff;text-anchor:middle}}
.cr-g-name,.cr-g-rating{{font-size:{MIN_FONT}px;fill:#111111;text-anchor:middle}}
.cr-g-rating{{font-weight:bold}}
.cr-badge{{fill:#ffffff;stroke:#1a1a1a;stroke-width:1}}
.cr-badge-text{{font-size:{MIN_FONT}px;font-weight:bold;fill:#111111;text-anchor:middle}}
.cr-at-name,.cr-at-halo{{font-size:{MIN_FONT}px;font-weight:bold;text-anchor:middle;fill:#111111}}
.cr-at-halo{{fill:#ffffff;stroke:#ffffff;stroke-width:2.6px;stroke-linejoin:round}}
.cr-pile{{fill:#f2f2f2;stroke:#1a1a1a;stroke-width:1}}
.cr-panel-title{{font-size:12px;font-weight:bold;fill:#111111}}
.cr-panel-head{{font-size:10px;font-weight:bold;fill:#111111}}
.cr-panel-text{{font-size:{MIN_FONT}px;fill:#222222}}
.cr-panel-frame{{fill:#fbf6e6;stroke:#555555;stroke-width:1}}
.cr-track-cell{{fill:#ffffff;stroke:#555555;stroke-width:1}}
.cr-track-marked{{fill:#ffe9a8;stroke:#1a1a1a;stroke-width:1.4}}
.cr-tf-marker{{stroke:#1a1a1a;stroke-width:1.2}}
.cr-tf-text{{font-size:{MIN_FONT}px;font-weight:bold;fill:#ffffff;text-anchor:middle}}
.cr-ring{{fill:none;stroke:#d00000;stroke-width:3}}
.cr-ring-code{{font-size:{MIN_FONT}px;font-weight:bold;fill:#d00000}}
.cr-ring-halo{{font-size:{MIN_FONT}px;font-weight:bold;fill:#ffffff;stroke:#ffffff;stroke-width:3px;stroke-linejoin:round}}
.cr-clean{{font-size:11px;font-weight:bold;fill:#1b5e20}}
.cr-counter:hover .cr-glyph{{stroke:#d00000;stroke-width:2}}
"""


@lazy_dataclass(frozen=True)
class _Anchor:
    """Where something of the map lies in the drawing: a box around it (a hex's, an area's or a box's)."""

    x: float
    y: float
    w: float
    h: float
    kind: str  # hex | area | box

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


def _anchors(svg: str) -> dict[tuple[str, str], _Anchor]:
    """Every hex, area and box the map drawing shows, by (kind, id), read from its data attributes."""
    root = ET.fromstring(svg)
    found: dict[tuple[str, str], _Anchor] = {}
    for element in root.iter():
        tag = element.tag.replace(SVG, "")
        if tag == "polygon" and element.get("data-hex") and ("hex", element.get("data-hex")) not in found:
            points = [tuple(map(float, p.split(","))) for p in element.get("points", "").split()]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            found[("hex", element.get("data-hex"))] = _Anchor(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), "hex")
        elif tag == "rect" and element.get("data-area"):
            found[("area", element.get("data-area"))] = _Anchor(*(float(element.get(k)) for k in ("x", "y", "width", "height")), "area")
        elif tag == "g" and element.get("data-box"):
            rect = element.find(f"{SVG}rect")
            if rect is not None:
                found[("box", element.get("data-box"))] = _Anchor(*(float(rect.get(k)) for k in ("x", "y", "width", "height")), "box")
    return found


def _size(svg: str) -> tuple[float, float]:
    box = ET.fromstring(svg).get("viewBox", "0 0 0 0").split()
    return float(box[2]), float(box[3])


def _tint(colour: str, amount: float = 0.78) -> str:
    """``colour`` mixed with white (a counter's face: light, so its text reads)."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in (red, green, blue))


def _shade(colour: str, amount: float = 0.35) -> str:
    """``colour`` darkened (a nation's band over its side's light face)."""
    return "#" + "".join(f"{round(int(colour[i:i + 2], 16) * (1 - amount)):02x}" for i in (1, 3, 5))


def _fits(text: str, room: float, bold: bool = False) -> bool:
    return text_width(text, MIN_FONT, bold) * SQUEEZE <= room


def _initial(word: str, dot: bool) -> str:
    """A word's initial (``Carolina``: C.); of a hyphenated word, each part's, numbers whole (``8-Combat``: 8-C)."""
    if "-" in word:
        return "-".join(part if part.isdigit() else part[:1] for part in word.split("-") if part)
    return word[:1] + ("." if dot else "")


def _cut(text: str, room: float, bold: bool) -> str:
    """``text`` cut with a full stop where it fits (``Kirish.``)."""
    while len(text) > 1 and not _fits(text + ".", room, bold):
        text = text[:-1].rstrip(" .")
    return text + "."


def _abbreviated(text: str, room: float, bold: bool = False, initials: bool = True) -> str:
    """``text`` as it fits ``room`` pixels at the glyphs' size, squeezed at most to :data:`SQUEEZE`: whole when it fits;
    else (``initials``) the leading words' initials and the last word (``S. L. City``), that cut (``N. Caroli.``), or
    all initials (``SF``); else cut with a full stop (``Kirish.``). A trailing ``+`` (more ships on the counter) is
    kept when there is room. The whole name is in the glyph's tooltip and in the key of names beside the map."""
    if not text or _fits(text, room, bold):
        return text
    if text.endswith("+") and len(text) > 1:
        more = _abbreviated(text[:-1], room - text_width("+", MIN_FONT, bold) * SQUEEZE, bold, initials)
        return more + "+" if more == text[:-1] or not more.endswith(".") else _abbreviated(text[:-1], room, bold, initials)
    words = text.split()
    named = [w for w in words[:-1] if not w.islower()]
    acronym = "".join(_initial(w, False) for w in words)
    if initials and named and any(c.isdigit() for c in text) and _fits(acronym, room, bold):
        return acronym  # a designation (8-Combat Strength: 8-CS)
    if initials and named:
        dotted = " ".join(_initial(w, True) for w in named) + " " + words[-1]
        if _fits(dotted, room, bold):
            return dotted
        cut = _cut(dotted, room, bold)
        if len(cut.rsplit(" ", 1)[-1]) >= 5:  # four letters of the last word and the stop
            return cut
        if _fits(acronym, room, bold):
            return acronym
    return _cut(text, room, bold)


def _text(cls: str, x: float, y: float, text: str, room: float, bold: bool = False) -> str:
    """One line of a glyph or a box, centred at ``x``: squeezed to ``room`` when wider (its letters keep their height)."""
    width = text_width(text, MIN_FONT, bold)
    squeeze = f' textLength="{r(room)}" lengthAdjust="spacingAndGlyphs"' if width > room else ""
    return f'<text class="{cls}" x="{r(x)}" y="{r(y)}"{squeeze}>{escape(text)}</text>'


def _short(name: str, *shown: str) -> str:
    """What a glyph has room for of a counter's name: the first name in its brackets (``CV (Akagi, Kaga)``: Akagi+),
    else the name less the words the glyph already shows: its class (``shown[0]``), and its side's and nation's names
    (by its colours), as nouns, adjectives (Japan: Japanese) or initials (United States: US); and the word unit."""
    if "(" in name and ")" in name:
        inner = name[name.index("(") + 1:name.rindex(")")]
        first = inner.split(",")[0].strip()
        return first + ("+" if "," in inner else "") if first else name
    known = {word.casefold() for word in shown if word} | {"unit"}
    known |= {"".join(w[:1] for w in word.split()).casefold() for word in shown if word and len(word.split()) > 1}
    stems = {word.casefold()[:4] for word in shown if word and len(word) >= 4}
    words = name.split()
    if len(words) == 1:  # a ship named as its nation (Australia) keeps its name
        return "" if shown and name.casefold() == (shown[0] or "").casefold() else name
    return " ".join(w for w in words if w.casefold() not in known and not (len(w) >= 4 and w.casefold()[:4] in stems))


def _wrap(text: str, width: float, size: float = MIN_FONT) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and text_width(f"{line} {word}", size) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


class _Drawing:
    """The set-up layer being built: glyphs, piles, panel groups and rings, as SVG lines."""

    def __init__(self, game: Game, style: MapStyle):
        self.game = game
        self.side_colour = {side: style.side_colours.get(side, SIDE_COLOURS[i % len(SIDE_COLOURS)]) for i, side in enumerate(game.side_ids)}
        self.nation_colour: dict[str, str] = {}
        self.shortened: dict[str, set[str]] = {}  # a text a glyph shows shortened: the whole names it stands for
        others = iter(NATION_COLOURS * 4)
        for side in game.sides:
            for j, nation in enumerate(side.nations):
                self.nation_colour[nation] = _shade(self.side_colour.get(side.id, "#8c8c8c")) if j == 0 else next(others, "#37474f")

    def glyph(self, piece: Piece, x: float, y: float) -> str:
        """One counter: a square in its side's colour, its nation's band with its class, its name and main ratings."""
        side = self.side_colour.get(piece.side, "#8c8c8c")
        band = self.nation_colour.get(piece.nation, side)
        attrs = f'data-counter="{escape(piece.counter)}" data-at="{escape(piece.at)}"'
        if piece.count > 1:
            attrs += f' data-count="{piece.count}"'
        if piece.turn is not None:
            attrs += f' data-turn="{piece.turn}"'
        title = f"{piece.name} ({piece.counter}) at {piece.at}" + "".join(f"; {d}" for d in piece.details)
        short = _short(piece.name, piece.label, self.game.side_name(piece.side), self.game.nations.get(piece.nation, ""))
        badge = 14.0 if piece.count > 1 else 0.0  # the count's badge covers the band's right end
        name, label, ratings = _abbreviated(short, ROOM), _abbreviated(piece.label, ROOM - badge, bold=True), _abbreviated(piece.ratings, ROOM, bold=True, initials=False)
        for shown, given, whole in ((name, short, piece.name), (label, piece.label, piece.label), (ratings, piece.ratings, piece.ratings)):
            if shown != given:  # abbreviated: the key of names beside the map gives the whole
                self.shortened.setdefault(shown, set()).add(whole)
        parts = [f'<g class="cr-counter" {attrs} transform="translate({r(x)},{r(y)})"><title>{escape(title)}</title>',
                 f'<rect class="cr-glyph" x="0" y="0" width="{r(GLYPH)}" height="{r(GLYPH)}" rx="3" fill="{_tint(side)}"/>',
                 f'<rect class="cr-band" x="0.5" y="0.5" width="{r(GLYPH - 1)}" height="12" rx="2.5" fill="{band}"/>',
                 _text("cr-g-label", (GLYPH - badge) / 2, 10, label, ROOM - badge, bold=True), _text("cr-g-name", GLYPH / 2, 24, name, ROOM),
                 _text("cr-g-rating", GLYPH / 2, 36, ratings, ROOM, bold=True)]
        if piece.count > 1:
            parts.append(f'<circle class="cr-badge" cx="{r(GLYPH - 1)}" cy="1" r="8"/>'
                         f'<text class="cr-badge-text" x="{r(GLYPH - 1)}" y="4.5">{piece.count if piece.count < 100 else "99+"}</text>')
        return "".join(parts) + "</g>"

    def pile(self, at: str, pieces: list[Piece], x: float, y: float) -> str:
        """A stack too big for its place: a pile with the number of counters (its pieces are in the Stacks panel)."""
        count = sum(p.count for p in pieces)
        side = self.side_colour.get(pieces[0].side, "#8c8c8c")
        sides = sorted({self.game.side_name(p.side) for p in pieces})
        title = f"{at}: {count} counters ({', '.join(sides)}), listed in the Stacks panel"
        out = [f'<g class="cr-stack" data-stack="{escape(at)}" data-pieces="{len(pieces)}"><title>{escape(title)}</title>']
        for k in (2, 1):
            out.append(f'<rect class="cr-pile" x="{r(x + 3 * k)}" y="{r(y - 3 * k)}" width="{r(GLYPH)}" height="{r(GLYPH)}" rx="3"/>')
        out.append(f'<rect class="cr-glyph" x="{r(x)}" y="{r(y)}" width="{r(GLYPH)}" height="{r(GLYPH)}" rx="3" fill="{_tint(side)}"/>')
        out.append(f'<text class="cr-g-rating" x="{r(x + GLYPH / 2)}" y="{r(y + 17)}">{count}</text>')
        out.append(f'<text class="cr-g-name" x="{r(x + GLYPH / 2)}" y="{r(y + 31)}">stack</text></g>')
        return "".join(out)


class _Column:
    """A panel filled from the top: headings, lines of text, grids of glyphs (``columns`` a row)."""

    def __init__(self, drawing: _Drawing, x: float, y: float, columns: int, indent: float = 0.0):
        self.d, self.x, self.y, self.columns, self.indent = drawing, x, y, max(1, columns), indent
        self.out: list[str] = []
        self.breaks: list[float] = []  # where the panel may be cut between sheets: above a heading, between lines of text
        self._headed = False

    def heading(self, text: str, cls: str = "cr-panel-title") -> None:
        if not self._headed:  # a heading stays with the one under it
            self.breaks.append(self.y)
        self.out.append(f'<text class="{cls}" x="{r(self.x)}" y="{r(self.y + 12)}">{escape(text)}</text>')
        self.y += 18.0
        self._headed = True

    def text(self, lines: list[str]) -> None:
        for i, line in enumerate(lines):
            if i > 0:
                self.breaks.append(self.y)
            self.out.append(f'<text class="cr-panel-text" x="{r(self.x)}" y="{r(self.y + 10)}">{escape(line)}</text>')
            self.y += 13.0
            self._headed = False
        self.y += 6.0 if lines else 0.0

    def grid(self, pieces: list[Piece], framed: bool = False, label: str = "", shows: str = "") -> _Anchor:
        """The glyphs in rows; ``label`` (a turn) written left of the first row, the glyphs indented.

        Returns the rectangle the glyphs take (a finding about what they stand in is ringed there); a
        framed grid's frame carries ``data-display`` with ``shows`` (the box or task force it draws).
        """
        rows = max(1, math.ceil(len(pieces) / self.columns))
        x0 = self.x + (self.indent if label else 0.0)
        if label:
            self.out.append(f'<text class="cr-panel-head" x="{r(self.x)}" y="{r(self.y + 6 + GLYPH / 2 + 4)}">{escape(label)}</text>')
        area = _Anchor(x0 - 4, self.y, max(1, min(len(pieces), self.columns)) * CELL + 8, rows * CELL + 8, "display")
        if framed:
            shown = f' data-display="{escape(shows)}"' if shows else ""
            self.out.append(f'<rect class="cr-panel-frame"{shown} x="{r(area.x)}" y="{r(area.y)}" width="{r(area.w)}" height="{r(area.h)}" rx="4"/>')
        for i, piece in enumerate(pieces):
            row, col = divmod(i, self.columns)
            self.out.append(self.d.glyph(piece, x0 + 2 + col * CELL, self.y + 6 + row * CELL))
        self.y += rows * CELL + 12.0
        self._headed = False
        return area


def _base_map(game: Game, scenario: Scenario, style: MapStyle, title: str) -> str:
    """The map of the scenario's game, drawn by its kind's renderer, with room for counters and readable print."""
    m = game.map
    if m.kind == "plotting-sheet":
        marks: dict[str, str] = {}
        for name, place in sorted(m.places.items()):
            marks[place.hex] = f"{marks[place.hex]}, {name}" if place.hex in marks else name
        return render_sheet_svg(m, title, marks=marks, scale=30.0, min_font=MIN_FONT, css_class=BASE_CLASS)
    if m.kind == "areas":
        return render_area_map_svg(game, scenario, title=title, room=CELL + 4.0, css_class=BASE_CLASS)
    return render_map_svg(game, scenario, overlays=("control",), title=title, style=style, css_class=BASE_CLASS)


def render_setup_svg(game: Game, scenario: Scenario, setup: SetUp, style: MapStyle | None = None,
                     findings: list[Finding] | None = None, css_class: str = "chartroom-setup", reinforcements: bool = True) -> str:
    """The set-up of ``scenario`` on its map as a standalone SVG document string (see the module's docstring).

    ``findings`` (None: not asked) are marked at the places they concern and listed in a panel;
    ``reinforcements=False`` leaves out the panel of arrivals (an aid whose schedules list them).
    """
    style = style or MapStyle()
    turn_words = f"turn {setup.turn}" + (" (start)" if setup.turn == scenario.start_turn else "")
    title = f"{game.title} - {scenario.title}: set-up, {turn_words}"
    base = _base_map(game, scenario, style, title)
    map_w, map_h = _size(base)
    heading = title
    if 24.0 + text_width(title, 18.0, bold=True) + 8.0 > map_w:  # a title wider than its map: without the game's name
        heading = f"{scenario.title}: set-up, {turn_words}"
        base = _base_map(game, scenario, style, heading)
    map_w = max(map_w, 24.0 + text_width(heading, 18.0, bold=True) + 8.0)  # the map's title (18 px bold at x 24) stays clear of the panel
    plan = _Plan(game, setup, _anchors(base), _Drawing(game, style))
    layer = plan.counters()
    side = _Column(plan.d, map_w + GAP, 40.0, COLUMNS)
    plan.beside(side)
    width = map_w + GAP + PANEL_W
    below = _Column(plan.d, 24.0, map_h + 8.0, int((map_w - 48 - 70) // CELL), indent=70.0)  # under the map, clear of the panel beside it
    if reinforcements:
        plan.under(below, map_w)
    plan.key(side)
    rings = plan.findings(side, findings) if findings is not None else []
    height = max(side.y, below.y) + 16.0
    # where a printed aid may cut the drawing into sheets: the map (with what is under it) as a grid, the panel beside it
    # only above a heading or between lines (toolkit.render.setupsheets)
    map_h = max(map_h, below.y if reinforcements else map_h) + 8.0
    panel_x = map_w + GAP / 2
    panel_y = side.breaks[0] - 4.0 if side.breaks else 0.0
    breaks = " ".join(r(y) for y in [*side.breaks, side.y + 8.0])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" viewBox="0 0 {r(width)} {r(height)}" width="{r(width)}" '
           f'height="{r(height)}" role="img" aria-label="{escape(title)}" data-map-area="0.0 0.0 {r(map_w)} {r(map_h)}" '
           f'data-panel-area="{r(panel_x)} {r(panel_y)} {r(width - panel_x)} {r(side.y + 8.0 - panel_y)}" data-panel-breaks="{breaks}">',
           f"<title>{escape(title)}</title>", f"<style>{CSS}</style>",
           f'<g class="cr-setup"><rect x="0" y="0" width="{r(width)}" height="{r(height)}" fill="#ffffff"/>',
           _nested(base), '<g class="cr-layer-counters">', *layer, "</g>",
           '<g class="cr-panel">', *side.out, *below.out, "</g>"]
    if findings is not None:
        out += ['<g class="cr-layer-findings">', *rings, "</g>"]
    out += ["</g>", "</svg>"]
    return "\n".join(out) + "\n"


class _Plan:
    """Where each piece of a set-up goes: on the map (a glyph, or a pile when too many), in a box or task force, or nowhere."""

    def __init__(self, game: Game, setup: SetUp, anchors: dict, drawing: _Drawing):
        self.game, self.m, self.setup, self.anchors, self.d = game, game.map, setup, anchors, drawing
        self.task_forces = {tf.id: tf for tf in setup.task_forces}
        self.on_map: dict[str, list[Piece]] = {}
        self.held: dict[str, list[Piece]] = {}  # boxes and task forces, drawn beside the map
        self.lost: list[Piece] = []
        self.stacks: list[tuple[str, list[Piece]]] = []
        self.displays: dict[str, list[_Anchor]] = {}  # where the panels draw a place's, box's or task force's pieces, or a turn's
        for piece in setup.pieces:
            if piece.at in self.task_forces or piece.at in self.m.boxes:
                self.held.setdefault(piece.at, []).append(piece)
            elif self.anchor_of(piece.at) is not None:
                self.on_map.setdefault(piece.at, []).append(piece)
            else:
                self.lost.append(piece)

    def anchor_of(self, at: str) -> _Anchor | None:
        """Where ``at`` lies on the drawing: a place's hex or area, a hex, an area; a task force's marker."""
        if at in self.task_forces:
            return self.anchor_of(self.task_forces[at].at)
        if at in self.m.places:
            at = self.m.places[at].hex
        return self.anchors.get(("hex", at)) or self.anchors.get(("area", at))

    def marks_of(self, at: str) -> list[_Anchor]:
        """Every rectangle the drawing gives ``at``: its hex, area or box on the map, and its display in a panel."""
        on_map = self.anchors.get(("box", at)) if at in self.m.boxes else self.anchor_of(at)
        return ([on_map] if on_map is not None else []) + self.displays.get(at, [])

    def shown(self, at: str, area: _Anchor) -> None:
        self.displays.setdefault(at, []).append(area)

    def counters(self) -> list[str]:
        """The glyphs and piles on the map, top to bottom, and each task force's marker."""
        layer: list[str] = []
        for at in sorted(self.on_map, key=lambda a: (self.anchor_of(a).y, self.anchor_of(a).x, a)):
            a, pieces = self.anchor_of(at), self.on_map[at]
            if a.kind == "area":  # a row along the bottom of the area
                fits, x0, y0 = max(1, int((a.w - 12) // CELL)), a.x + 8, a.y + a.h - CELL
            else:  # one glyph on a hex, over its centre
                fits, x0, y0 = 1, a.x + (a.w - GLYPH) / 2, a.y + (a.h - GLYPH) / 2 - 4
            if len(pieces) <= fits:
                layer += [self.d.glyph(p, x0 + CELL * i, y0) for i, p in enumerate(pieces)]
            else:
                layer.append(self.d.pile(at, pieces, x0, y0))
                self.stacks.append((at, pieces))
            place = (self.m.places.get(at) or self.m.place_at(at)) if a.kind == "hex" else None
            if place is not None:  # the glyph covers the place's own label: its name again, under the glyph
                nx, ny, name = a.x + a.w / 2, y0 + GLYPH + MIN_FONT + 1, escape(place.name)
                layer.append(f'<text class="cr-at-halo" x="{r(nx)}" y="{r(ny)}">{name}</text><text class="cr-at-name" x="{r(nx)}" y="{r(ny)}">{name}</text>')
        for tf in self.setup.task_forces:
            a = self.anchor_of(tf.id)
            if a is None:
                continue
            (cx, cy), colour = a.centre, self.d.side_colour.get(tf.side, "#8c8c8c")
            layer.append(f'<g class="cr-tf" data-task-force="{escape(tf.id)}" data-hex="{escape(tf.at)}"><title>{escape(tf.title)} at {escape(tf.at)}</title>'
                         f'<rect class="cr-tf-marker" x="{r(cx - 24)}" y="{r(cy - 4)}" width="48" height="16" rx="3" fill="{colour}"/>'
                         + _text("cr-tf-text", cx, cy + 8, _abbreviated(f"TF {tf.id}", ROOM, bold=True), ROOM, bold=True) + "</g>")
        return layer

    def beside(self, side: _Column) -> None:
        """Beside the map: stacks too big for their place, boxes, task forces, pieces the map has no place for, notes."""
        m = self.m
        if self.stacks:
            side.heading("Stacks")
            for at, pieces in self.stacks:
                where = m.places[at].hex if at in m.places else ""
                side.heading(f"{at}" + (f" ({where})" if where and where != at else "") + f": {sum(p.count for p in pieces)} counters", "cr-panel-head")
                self.shown(at, side.grid(pieces))
        boxes = sorted((at for at in self.held if at in m.boxes), key=lambda b: list(m.boxes).index(b))
        if boxes:
            side.heading("Boxes")
        for at in boxes:
            box = m.boxes[at]
            kind = {"off-map": "off-map box", "holding": f"holding box of {box.of}" if box.of else "holding box"}.get(box.kind, "box")
            side.heading(f"{at} ({kind})", "cr-panel-head")
            self.shown(at, side.grid(self.held[at], framed=True, shows=at))
        if self.setup.task_forces:
            side.heading("Task forces")
        for tf in self.setup.task_forces:
            side.heading(f"{tf.title} ({self.game.side_name(tf.side)}), at {tf.at}", "cr-panel-head")
            top = side.y - 18.0
            side.text(list(tf.notes))
            if self.held.get(tf.id):
                area = side.grid(self.held[tf.id], framed=True, shows=tf.id)
                self.shown(tf.id, _Anchor(area.x, top, area.w, area.y + area.h - top, "display"))
        for track in self.setup.tracks:
            self.track(side, track)
        if self.lost:
            side.heading("Not on the map")
            side.text(["The set-up names these places, which the map does not have:"])
            side.grid(self.lost)
        notes = [n for n in self.setup.notes if not self.setup.arrived]
        if notes:
            side.heading("Notes")
            side.text([line for note in notes for line in _wrap(note, PANEL_W - 20)])

    def key(self, side: _Column) -> None:
        """The names the glyphs show shortened, each with the whole name (the tooltips have them too, but not on paper)."""
        shortened = self.d.shortened
        reduced = any("reduced" in p.details for p in (*self.setup.pieces, *self.setup.reinforcements, *self.setup.arrived))
        if not shortened and not reduced:
            return
        side.heading("Names shortened on the counters")
        lines = [f"{shown}: {' / '.join(sorted(shortened[shown]))}" for shown in sorted(shortened, key=str.casefold)]
        if reduced:
            lines.append("r after the ratings: a reduced counter")
        side.text([part for line in lines for part in _wrap(line, PANEL_W - 20)])

    def track(self, side: _Column, track: TrackDisplay) -> None:
        """A track printed on the map, its boxes in rows, each marker written in its box (the box filled)."""
        side.heading(track.id, "cr-panel-head")
        on: dict[str, list[str]] = {}
        for box, marker in track.markers:
            on.setdefault(box, []).append(marker)
        lines = max([len(m) for m in on.values()] + [0])
        height, top = 16.0 + 12.0 * lines + 4.0, side.y
        for i, box in enumerate(track.boxes):
            row, col = divmod(i, side.columns)
            x, y = side.x + col * CELL, top + row * (height + 6.0)
            marked = box in on
            title = f"{track.id}, box {box}" + (f": {', '.join(on[box])}" if marked else "")
            cell = [f'<g class="cr-track-box" data-track="{escape(track.id)}" data-track-box="{escape(box)}"><title>{escape(title)}</title>',
                    f'<rect class="cr-track-cell{" cr-track-marked" if marked else ""}" x="{r(x)}" y="{r(y)}" width="{r(CELL - 4)}" height="{r(height)}" rx="3"/>',
                    _text("cr-g-name", x + (CELL - 4) / 2, y + 12, _abbreviated(box, CELL - 8), CELL - 8)]
            cell += [_text("cr-g-rating", x + (CELL - 4) / 2, y + 25 + 12 * k, _abbreviated(m, CELL - 8, bold=True), CELL - 8, bold=True)
                     for k, m in enumerate(on.get(box, ()))]
            side.out.append("".join(cell) + "</g>")
            self.shown(track.at(box), _Anchor(x, y, CELL - 4, height, "display"))
        rows = max(1, math.ceil(len(track.boxes) / side.columns))
        self.shown(track.id, _Anchor(side.x, top, min(len(track.boxes), side.columns) * CELL - 4, rows * (height + 6.0) - 6.0, "display"))
        side.y = top + rows * (height + 6.0) + 8.0
        side._headed = False

    def under(self, below: _Column, width: float) -> None:
        """Under the map: reinforcements that arrived before the turn drawn, and those still to come, by turn."""
        setup = self.setup
        if setup.arrived:
            below.heading(f"Arrived by the start of turn {setup.turn}")
            below.text([line for note in setup.notes for line in _wrap(note, width - 60)])
            area = below.grid(list(setup.arrived), framed=True, shows="arrived")
            for turn in sorted({p.turn for p in setup.arrived}):
                self.shown(f"Turn {turn}", area)
        below.heading("Reinforcements")
        if not setup.reinforcements:
            below.text(["None: nothing arrives after the set-up."])
        for turn in setup.turns:
            self.shown(f"Turn {turn}", below.grid([p for p in setup.reinforcements if p.turn == turn], label=f"Turn {turn}"))

    def findings(self, side: _Column, findings: list[Finding]) -> list[str]:
        """Every finding listed beside the map; a ring and the codes at each place a finding concerns."""
        side.heading("Findings")
        if not findings:
            side.out.append(f'<text class="cr-clean" x="{r(side.x)}" y="{r(side.y + 12)}" data-findings="0">No findings: this set-up passes every check.</text>')
            side.y += 20.0
        marked: dict[str, list[Finding]] = {}
        for f in findings:
            at = where_finding(self.setup, f)
            if at is not None and self.marks_of(at):
                marked.setdefault(at, []).append(f)
            file = f.location.file.rsplit("/", 1)[-1]
            side.text(_wrap(f"{f.severity} {f.code} at {at or (f'{file}:{f.location.line}' if f.location.line else file)}: {f.message}", PANEL_W - 20))
        rings = []
        for at in sorted(marked):
            codes = sorted({f.code for f in marked[at]})
            label, title = escape(", ".join(codes)), escape("; ".join(f.message for f in marked[at]))
            for a in self.marks_of(at):
                if a.kind in ("hex", "area"):
                    (cx, cy), radius = a.centre, max(min(a.w, a.h) / 2, 26.0) if a.kind == "hex" else 30.0
                    ring, tx, ty = f'<circle class="cr-ring" cx="{r(cx)}" cy="{r(cy)}" r="{r(radius)}"/>', cx + radius * 0.7, cy - radius * 0.8
                else:  # a box or a panel's display: a frame around its rectangle, the codes over its top edge
                    ring = f'<rect class="cr-ring" x="{r(a.x - 3)}" y="{r(a.y - 3)}" width="{r(a.w + 6)}" height="{r(a.h + 6)}" rx="5"/>'
                    tx, ty = a.x + 4, a.y + 4
                rings.append(f'<g class="cr-finding" data-finding="{escape(" ".join(codes))}" data-at="{escape(at)}"><title>{title}</title>{ring}'
                             f'<text class="cr-ring-halo" x="{r(tx)}" y="{r(ty)}">{label}</text><text class="cr-ring-code" x="{r(tx)}" y="{r(ty)}">{label}</text></g>')
        return rings


def _nested(svg: str) -> str:
    """The map's own drawing as a nested ``<svg>`` at the top left, in the same units."""
    svg = svg.strip()
    if svg.startswith("<?xml"):
        svg = svg.split("?>", 1)[1].strip()
    return svg.replace("<svg ", '<svg x="0" y="0" overflow="visible" ', 1)
