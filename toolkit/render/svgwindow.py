"""A drawing seen through a window, without what lies wholly outside it (issue 22 item 4).

A set-up sheet (:mod:`toolkit.render.setupsheets`) is the whole drawing seen through its ``viewBox``;
everything outside that window is clipped away when the sheet is shown or printed, yet it still costs
its parsing, styling and painting, on every sheet (four times over on a map cut into four sheets).
:func:`within` drops the elements that cannot show through the window, so a sheet looks the same and
carries about its own share of the drawing.

The drawings are written one element to a line, so this works on lines, and leaves every line it
keeps as it is (the same bytes). A line is dropped only when it is sure to be out of sight: balanced
(whatever it opens it closes), made only of shapes whose extent it can read (``rect``, ``circle``,
``ellipse``, ``line``, ``polygon``, ``polyline``, ``text``, ``title``, groups moved by a ``translate``),
with no ``id`` another element could refer to, and lying, with a margin for strokes and for text of
any length, outside the window. Anything else (a ``path``, another transform, a nested drawing at
another scale and everything inside it) is kept.
"""

from __future__ import annotations

import re
from html import unescape

__all__ = ["within"]

#: Room around a shape for what its coordinates do not say: strokes, halos, round caps (pixels).
STROKE_MARGIN = 8.0
#: A text's extent from its anchor, per character, whatever its anchor and size (pixels: 0.7 em of 20 px).
TEXT_PER_CHAR = 14.0
#: A text's height above and below its baseline (pixels: text up to 20 px).
TEXT_ABOVE, TEXT_BELOW = 20.0, 8.0

_TAG = re.compile(r"<(/?)([a-zA-Z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>")
_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSLATE = re.compile(r"\s*translate\(\s*(-?[\d.]+)\s*[, ]\s*(-?[\d.]+)\s*\)\s*")
_SHAPES = {"rect", "circle", "ellipse", "line", "polygon", "polyline", "text", "title", "g", "tspan"}


def within(svg: str, window: tuple[float, float, float, float]) -> str:
    """``svg`` without the lines that lie wholly outside ``window`` (x, y, width, height in the drawing's units)."""
    x0, y0, width, height = window
    box = (x0, y0, x0 + width, y0 + height)
    kept = []
    frames: list[tuple[float, float] | None] = []  # the offset of each open element's content; None: not known
    for line in svg.split("\n"):
        offset = frames[-1] if frames else (0.0, 0.0)
        tags = list(_TAG.finditer(line))
        if frames and offset is not None and _balanced(tags) and _outside(line, tags, offset, box):
            continue
        kept.append(line)
        for tag in tags:
            closing, name, attrs, empty = tag.groups()
            if closing:
                if frames:
                    frames.pop()
            elif not empty:
                current = frames[-1] if frames else (0.0, 0.0)
                frames.append(_content_offset(name, attrs, current, top=not frames))
    return "\n".join(kept)


def _balanced(tags) -> bool:
    """The line closes what it opens, and closes nothing it did not open."""
    depth = 0
    for tag in tags:
        closing, _, _, empty = tag.groups()
        if closing:
            depth -= 1
            if depth < 0:
                return False
        elif not empty:
            depth += 1
    return depth == 0 and bool(tags)


def _content_offset(name: str, attrs: str, offset, top: bool):
    """Where the content of an element opened here has its origin, or None when it is not a plain shift."""
    if offset is None:
        return None
    values = dict(_ATTR.findall(attrs))
    if name == "svg":
        if top:
            return (0.0, 0.0)  # the drawing's own units: the window's
        return _nested_offset(values, offset)
    transform = values.get("transform")
    if transform is None:
        return offset
    shift = _TRANSLATE.fullmatch(transform)
    if shift is None:
        return None
    return (offset[0] + float(shift.group(1)), offset[1] + float(shift.group(2)))


def _nested_offset(values: dict, offset):
    """A nested ``<svg>`` drawn at its own size (its viewBox as large as its width and height): a shift; else None."""
    try:
        vx, vy, vw, vh = (float(v) for v in values["viewBox"].replace(",", " ").split())
        x, y = float(values.get("x", 0)), float(values.get("y", 0))
        if abs(float(values["width"]) - vw) > 1e-6 or abs(float(values["height"]) - vh) > 1e-6:
            return None
    except (KeyError, ValueError):
        return None
    return (offset[0] + x - vx, offset[1] + y - vy)


def _outside(line: str, tags, offset, box) -> bool:
    """Every shape of the line lies, with its margins, outside ``box``; False when any cannot be measured."""
    frames = [offset]
    extent = None
    for tag in tags:
        closing, name, attrs, empty = tag.groups()
        if closing:
            frames.pop()
            continue
        if name not in _SHAPES:
            return False
        values = dict(_ATTR.findall(attrs))
        if "id" in values:
            return False
        here = frames[-1]
        if name == "g":
            frames.append(_content_offset(name, attrs, here, top=False))
            if frames[-1] is None:
                return False
            continue
        if "transform" in values:
            return False
        if not empty:
            frames.append(here)
        shape = _extent(name, values, line, tag.end())
        if shape is False:
            return False
        if shape is not None:
            left, top, right, bottom = shape
            shape = (left + here[0], top + here[1], right + here[0], bottom + here[1])
            extent = shape if extent is None else (min(extent[0], shape[0]), min(extent[1], shape[1]),
                                                   max(extent[2], shape[2]), max(extent[3], shape[3]))
    if extent is None:
        return False
    m = STROKE_MARGIN
    return extent[2] + m < box[0] or extent[0] - m > box[2] or extent[3] + m < box[1] or extent[1] - m > box[3]


def _extent(name: str, values: dict, line: str, end: int):
    """(left, top, right, bottom) of one shape in its own units; None for what draws nothing; False when unknown."""
    try:
        if name in ("title", "tspan"):
            return None if name == "title" else False
        if name == "rect":
            x, y = float(values.get("x", 0)), float(values.get("y", 0))
            return (x, y, x + float(values["width"]), y + float(values["height"]))
        if name in ("circle", "ellipse"):
            cx, cy = float(values.get("cx", 0)), float(values.get("cy", 0))
            rx = float(values["r"] if name == "circle" else values["rx"])
            ry = float(values["r"] if name == "circle" else values["ry"])
            return (cx - rx, cy - ry, cx + rx, cy + ry)
        if name == "line":
            xs = (float(values.get("x1", 0)), float(values.get("x2", 0)))
            ys = (float(values.get("y1", 0)), float(values.get("y2", 0)))
            return (min(xs), min(ys), max(xs), max(ys))
        if name in ("polygon", "polyline"):
            numbers = [float(n) for n in _NUMBER.findall(values["points"])]
            if not numbers or len(numbers) % 2:
                return False
            return (min(numbers[0::2]), min(numbers[1::2]), max(numbers[0::2]), max(numbers[1::2]))
        if name == "text":
            x, y = float(values["x"]), float(values["y"])
            close = line.find("</text>", end)
            if close < 0 or "<" in line[end:close]:
                return False
            reach = TEXT_PER_CHAR * len(unescape(line[end:close]))
            return (x - reach, y - TEXT_ABOVE, x + reach, y + TEXT_BELOW)
    except (KeyError, ValueError):
        return False
    return False
