"""WeasyPrint's SVG text drawn a run at a time, not a letter at a time (issue 22 item 4).

WeasyPrint 62-70 lays out and draws every letter of an SVG ``<text>`` on its own, so that each
letter can take its own ``x``, ``y``, ``dx``, ``dy`` or ``rotate``: a text of ten letters costs
eleven Pango layouts and ten text objects in the PDF. The aids' drawings (maps, set-up sheets,
plotting sheets) hold hundreds of short texts that use none of that: each is at one place, in one
line. :func:`install` gives WeasyPrint a text function that lays such a text out once and draws it
as one run; any other text goes to WeasyPrint's own function, as before.

The letters stand where they stood: the run is laid out without kerning and ligatures, as the letters
laid out one by one were, so each letter's advance is its own width and the run is as wide as the
letters were together (its bounding box, which ``text-anchor`` centres, is the same). Only the PDF's
operators differ: one text object where there were as many as letters.

A one-run text anchored in the middle or at the end (``text-anchor``) is drawn at once where it lands, shifted
back by half or all of its width, instead of into a form of its own that is then measured and drawn shifted:
the same place, without a thousand forms in a set-up map's PDF (its file a sixth of the size, and quicker
to write and to join). The pages look the same (anti-aliasing aside: compared at 60 and 150 dpi).

WeasyPrint is reached through its own modules (``weasyprint.svg``, ``weasyprint.svg.text``); where they
are not as expected (another version), nothing is changed.
"""

from __future__ import annotations

import sys
from math import inf
from types import SimpleNamespace

__all__ = ["install"]

#: Attributes that place or space letters one by one: a text carrying any of them is WeasyPrint's to draw.
LETTER_BY_LETTER = ("dx", "dy", "rotate", "textLength", "lengthAdjust", "display-anchor", "dominant-baseline",
                    "alignment-baseline", "direction")


#: What the run-at-a-time function takes from WeasyPrint, by module: all loaded with ``weasyprint``.
NEEDED = {"weasyprint.svg.text": ("text", "TextBox", "Style", "extend_bounding_box", "size", "normalize"),
          "weasyprint.css.properties": ("INITIAL_VALUES",), "weasyprint.draw.text": ("draw_first_line", "draw_emojis"),
          "weasyprint.matrix": ("Matrix",), "weasyprint.text.line_break": ("split_first_line",)}


def install() -> bool:
    """Give WeasyPrint's SVG renderer the run-at-a-time text function; True when done (or done before)."""
    svg = sys.modules.get("weasyprint.svg")
    tags = getattr(svg, "TAGS", None)
    if not isinstance(tags, dict):
        return False
    if getattr(tags.get("text"), "chartroom", False):
        return True
    found = {name: getattr(sys.modules.get(module), name, None) for module, names in NEEDED.items() for name in names}
    original = found["text"]
    if any(value is None for value in found.values()) or tags.get("text") is not original or getattr(svg, "text", None) is not original:
        return False
    weasy = SimpleNamespace(**found)

    def text(svg_image, node, font_size):
        if not _one_run(svg_image, node, font_size):
            return original(svg_image, node, font_size)
        return _draw_run(weasy, svg_image, node, font_size)

    text.chartroom = True
    text.__doc__ = original.__doc__
    for tag, function in list(tags.items()):
        if function is original:  # text, tspan, textPath: draw_node compares them with svg.text
            tags[tag] = text
    svg.text = text
    svg_class = getattr(svg, "SVG", None)
    draw_node = getattr(svg_class, "draw_node", None)
    if draw_node is not None and not getattr(draw_node, "chartroom", False):
        svg_class.draw_node = _anchored_in_place(draw_node, weasy)
    return True


#: The ``text-anchor`` values that shift a run back by part of its width (left to right): middle by half, end by all.
ANCHOR_SHARE = {"middle": 0.5, "end": 1.0}


def _anchored_in_place(draw_node, weasy):
    """WeasyPrint's ``SVG.draw_node``, with a one-run text anchored in the middle or at the end drawn where it lands.

    WeasyPrint draws such a text into a group of its own (a form in the PDF, a stream of its own), measures
    the group, and draws the group shifted back by half or all of its width. The run's width is known
    before it is drawn (it is one line), so the run is drawn at once at the shifted place, with the same
    width as the group's: the page looks the same, without a form per text (a set-up map has a thousand).
    """

    def anchored(self, node, font_size, fill_stroke=True, context=None):
        share = ANCHOR_SHARE.get(node.get("text-anchor", "start")) if node.tag == "text" else None
        if share is None or node.get("direction", "ltr") != "ltr" or not node.display:
            return draw_node(self, node, font_size, fill_stroke, context)
        own_size = weasy.size(node.get("font-size", "1em"), font_size, font_size)
        if not _one_run(self, node, own_size):
            return draw_node(self, node, font_size, fill_stroke, context)
        anchor = node.attrib.get("text-anchor")
        node.chartroom_laid = laid = _laid_out(weasy, self, node, own_size)  # drawn from this layout, not laid out again
        node.chartroom_shift = -laid[1][3] * share  # the run's width
        node.attrib["text-anchor"] = "start"  # no group: the run is shifted as it is drawn
        try:
            return draw_node(self, node, font_size, fill_stroke, context)
        finally:
            if anchor is None:
                del node.attrib["text-anchor"]
            else:
                node.attrib["text-anchor"] = anchor
            del node.chartroom_shift, node.chartroom_laid

    anchored.chartroom = True
    anchored.__doc__ = draw_node.__doc__
    return anchored


#: Runs kept per font configuration at most, then started afresh (a drawing's distinct texts).
MAX_RUNS = 10_000


def _laid_out(weasy, svg_image, node, font_size):
    """The text laid out as one run (WeasyPrint's ``split_first_line``: layout, length, resume, width, height, baseline),
    with its style; the same text in the same font, style, weight and size drawn before gets the same run and style."""
    try:
        key = (node.text, node.get("font-family", "sans-serif"), node.get("font-style", "normal"), node.get("font-weight", 400),
               font_size)
        runs = svg_image.font_config.__dict__.setdefault("chartroom_runs", {})
        found = runs.get(key)
    except (TypeError, AttributeError):  # a value that cannot be a key, no font configuration: laid out afresh
        runs, found = None, None
    if found is None:
        style = _style(weasy, svg_image, node, font_size)
        found = style, weasy.split_first_line(node.text, style, svg_image.context, inf, 0)
        if runs is not None:
            if len(runs) >= MAX_RUNS:
                runs.clear()
            runs[key] = found
    return found


def _one_run(svg_image, node, font_size) -> bool:
    """The text is one run at one place: its own letters, one ``x`` and one ``y`` at most, nothing set letter by letter."""
    element = getattr(node, "_etree_node", None)
    if not node.text or node.tag != "text" or element is None or len(element):  # no tspan in it
        return False
    attrib = node.attrib
    if any(name in attrib for name in LETTER_BY_LETTER):
        return False
    if any(node.get(name) is not None for name in ("display-anchor", "dominant-baseline", "alignment-baseline", "direction")):
        return False
    if svg_image.length(node.get("letter-spacing"), font_size):
        return False
    return all(len(attrib.get(name, "0").replace(",", " ").split()) == 1 for name in ("x", "y"))


def _style(weasy, svg_image, node, font_size):
    """The text's style as WeasyPrint's own function makes it, without kerning and ligatures (letters as laid out alone)."""
    style = weasy.Style()
    style.update(weasy.INITIAL_VALUES)
    style.font_config = svg_image.font_config
    style["font_family"] = [font.strip("\"'") for font in node.get("font-family", "sans-serif").split(",")]
    style["font_style"] = node.get("font-style", "normal")
    weight = node.get("font-weight", 400)
    if weight == "normal":
        weight = 400
    elif weight == "bold":
        weight = 700
    else:
        try:
            weight = int(weight)
        except ValueError:
            weight = 400
    style["font_weight"] = weight
    style["font_size"] = font_size
    style["font_kerning"] = "none"
    style["font_variant_ligatures"] = "none"
    return style


def _draw_run(weasy, svg_image, node, font_size):
    """Lay the text out once and draw it as one run where its first letter stood."""
    laid = getattr(node, "chartroom_laid", None) or _laid_out(weasy, svg_image, node, font_size)
    style, (layout, _, _, width, height, baseline) = laid
    size, normalize = weasy.size, weasy.normalize
    x = size(normalize(node.attrib["x"]).strip(), font_size, svg_image.inner_width) if "x" in node.attrib else None
    y = size(normalize(node.attrib["y"]).strip(), font_size, svg_image.inner_height) if "y" in node.attrib else None
    if x:  # as WeasyPrint's function: a given x (other than 0) ends the shift of an earlier dx
        svg_image.cursor_d_position[0] = 0
    if y:
        svg_image.cursor_d_position[1] = 0
    x = svg_image.cursor_position[0] if x is None else x
    y = svg_image.cursor_position[1] if y is None else y
    svg_image.cursor_position = x + width, y
    x_position = x + svg_image.cursor_d_position[0] + getattr(node, "chartroom_shift", 0)  # anchored in place
    y_position = y + svg_image.cursor_d_position[1]
    points = ((x_position, y_position - baseline), (x_position + width, y_position - baseline + height))
    node.text_bounding_box = weasy.extend_bounding_box(node.text_bounding_box, points)

    svg_image.stream.push_state()
    fill, stroke = svg_image.set_graphical_state(node, font_size)
    svg_image.stream.begin_text()
    if not getattr(layout, "chartroom_drawn", False):  # made ready to draw once; drawing it again reads it as it is
        layout.reactivate(style)
        layout.chartroom_drawn = True
    svg_image.fill_stroke(fill, stroke, text=True)
    text_box = weasy.TextBox(layout, style)
    text_box.baseline = baseline
    emojis = weasy.draw_first_line(svg_image.stream, text_box, "none", "none", weasy.Matrix(a=1, d=-1, e=x_position, f=y_position))
    svg_image.stream.end_text()
    svg_image.stream.pop_state()
    weasy.draw_emojis(svg_image.stream, style, x, y, emojis)
