"""A box's used margins, paddings, sizes and borders worked out once per style and containing block (issue 22 item 4).

WeasyPrint works a box's used lengths out of its style (``resolve_percentages``: four margins, four paddings,
the width and height with their limits, four border widths, box-sizing) each time it lays the box out: every
line of every table cell, again for each try of a set-up card's column heights and each row moved to the next
page; 26,000 times for the Short Campaign's aids, for about 2,000 styles and containing blocks. What it sets
depends only on the style's values it reads (:data:`READ`), the containing block's width and height, the box's
class (a page's margins refer to its height) and, where borders collapse, the border widths the box holds
already. :func:`install` gives WeasyPrint's layout modules a ``resolve_percentages`` that, for a style it
has met with the same containing block, class and borders, and whose values are still those it read (WeasyPrint
changes a few styles while laying out, a grid item's width say), sets the lengths WeasyPrint's own set then;
for any other, it asks WeasyPrint's own. The boxes get the same values: the PDF is the same bytes (the tests compare
them with WeasyPrint's own). Answers are kept for one document (:func:`forget`, called by
:func:`toolkit.render.pdf.html_to_pdf`), so no style outlives its document here. Where WeasyPrint is not as
expected (another version), nothing is changed.
"""

from __future__ import annotations

import sys
from operator import itemgetter

__all__ = ["install", "forget", "READ", "SET"]

#: The style properties WeasyPrint's ``resolve_percentages`` reads (weasyprint/layout/percent.py, 62-70).
READ = ("margin_top", "margin_right", "margin_bottom", "margin_left", "padding_top", "padding_right", "padding_bottom",
        "padding_left", "width", "min_width", "max_width", "height", "min_height", "max_height", "border_collapse",
        "border_top_width", "border_right_width", "border_bottom_width", "border_left_width", "box_sizing")

#: The box attributes it sets: the used values.
SET = ("margin_top", "margin_right", "margin_bottom", "margin_left", "padding_top", "padding_right", "padding_bottom",
       "padding_left", "width", "min_width", "max_width", "height", "min_height", "max_height",
       "border_top_width", "border_right_width", "border_bottom_width", "border_left_width")

#: The border widths a box holds where borders collapse (WeasyPrint resolved them between cells; it keeps them).
BORDERS = SET[-4:]

_read = itemgetter(*READ)
_COLLAPSE = READ.index("border_collapse")
_NONE = object()  # a border width the box does not hold

#: The modules that call ``resolve_percentages`` by the name they imported it under.
CALLERS = ("weasyprint.layout.block", "weasyprint.layout.inline", "weasyprint.layout.table", "weasyprint.layout.page",
           "weasyprint.layout.column", "weasyprint.layout.float", "weasyprint.layout.absolute", "weasyprint.layout.grid",
           "weasyprint.layout.flex")

#: Answers kept at most (a document's styles and containing blocks: about 2,000 for the Short Campaign's), then started afresh.
MAX_ANSWERS = 20_000

_ANSWERS: dict = {}


def install() -> bool:
    """Give WeasyPrint's layout modules the ``resolve_percentages`` kept per style; True when done (or done before)."""
    percent = sys.modules.get("weasyprint.layout.percent")
    boxes = sys.modules.get("weasyprint.formatting_structure.boxes")
    original = getattr(percent, "resolve_percentages", None)
    if original is None or boxes is None:
        return False
    if not getattr(original, "chartroom", False):
        kept = _kept_per_style(original, boxes.Box)
        percent.resolve_percentages = kept
        for name in CALLERS:
            module = sys.modules.get(name)
            if getattr(module, "resolve_percentages", None) is original:
                module.resolve_percentages = kept
    return True


def forget() -> None:
    """Let go of the answers (and the styles they hold): a document is laid out."""
    _ANSWERS.clear()


def _kept_per_style(original, box_class):
    """``original`` (WeasyPrint's ``resolve_percentages``) asked once per style, containing block, box class and borders."""

    def resolve_percentages(box, containing_block):
        style = box.style
        try:
            if isinstance(containing_block, box_class):
                width, height = containing_block.width, containing_block.height
            else:
                width, height = containing_block
            values = _read(style)
            borders = ((getattr(box, "border_top_width", _NONE), getattr(box, "border_right_width", _NONE),
                        getattr(box, "border_bottom_width", _NONE), getattr(box, "border_left_width", _NONE))
                       if values[_COLLAPSE] == "collapse" else ())  # BORDERS, read without a generator's cost
            key = (id(style), box.__class__, width, height, borders)
            found = _ANSWERS.get(key)
        except (TypeError, KeyError, AttributeError, ValueError):  # a value that cannot be a key, a style unlike 62-70's
            return original(box, containing_block)
        if found is not None and found[0] is style and found[1] == values:
            box.__dict__.update(found[2])
            return None
        original(box, containing_block)
        if len(_ANSWERS) >= MAX_ANSWERS:
            _ANSWERS.clear()
        _ANSWERS[key] = (style, values, {name: getattr(box, name) for name in SET})  # the style held: its id stays its own
        return None

    resolve_percentages.chartroom = True
    resolve_percentages.__doc__ = original.__doc__
    return resolve_percentages
