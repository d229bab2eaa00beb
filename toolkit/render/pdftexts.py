"""A page's texts made ready to draw once per text and style, not once per box (issue 22 item 4).

WeasyPrint 62-70 lays a text box out with Pango, lets the Pango objects go, and, to draw the box, makes them
again from the box's style and text (``weasyprint.draw.text.draw_text``: ``reactivate``, then ``deactivate``
once drawn): a Pango context, a font description and the shaped text, for each of the thousands of boxes of
an aid's tables, most of them the same few texts in the same style ("1", "allied", a rule number). What is
made depends only on the text, the justification spacing of its line and the style properties Pango reads
(:data:`toolkit.render.pdfmeasure.MEASURED_BY`), and drawing only reads it, unless the line ends in an
ellipsis (then WeasyPrint changes it): so :func:`install` gives WeasyPrint's drawing a function that keeps
the first box's layout, made ready, for each text and style, and draws every like box from it. The PDF is
the same bytes (tests/test_pdf_texts.py).

The layouts are kept with the font configuration the aids share (one per command, or per worker process).
WeasyPrint is reached through its own module (``weasyprint.draw``); where it is not as expected (another
version), nothing is changed.
"""

from __future__ import annotations

import copy
import sys

from toolkit.render.pdfmeasure import measured_by

__all__ = ["install", "MAX_KEPT"]

#: Layouts kept per font configuration at most, then started afresh (a long document's texts).
MAX_KEPT = 20_000


def install() -> bool:
    """Give WeasyPrint's drawing the once-per-text function; True when done (or done before)."""
    draw = sys.modules.get("weasyprint.draw")
    original = getattr(draw, "draw_text", None)
    if original is None:
        return False
    if not getattr(original, "chartroom", False):
        draw.draw_text = _ready_once(original)
    return True


def _ready_once(original):
    """``original`` (WeasyPrint's ``draw_text``) drawing each text box from the layout kept for its text and style."""

    def draw_text(stream, textbox, offset_x, text_overflow, *rest):
        layout = getattr(textbox, "pango_layout", None)
        if text_overflow != "clip" or (rest and rest[0] != "none") or layout is None:  # an ellipsis changes the layout
            return original(stream, textbox, offset_x, text_overflow, *rest)
        try:
            style = textbox.style
            key = (layout.text, layout.justification_spacing, *measured_by(style))
            hash(key)
            kept = style.font_config.__dict__.setdefault("chartroom_drawn", {})
        except (TypeError, KeyError, AttributeError):  # a value that cannot be a key, a style or layout unlike 62-70's
            return original(stream, textbox, offset_x, text_overflow, *rest)
        ready = kept.get(key)
        if ready is None:
            ready = copy.copy(layout)  # made ready by WeasyPrint as it draws the box, and kept so
            ready.deactivate = _kept_ready
            textbox.pango_layout = ready
            try:
                original(stream, textbox, offset_x, text_overflow, *rest)
            finally:
                textbox.pango_layout = layout
            if "layout" in ready.__dict__:  # made ready (an invisible box is not)
                ready.reactivate = _ready_already
                if len(kept) >= MAX_KEPT:
                    kept.clear()
                kept[key] = ready
            return None
        textbox.pango_layout = ready
        try:
            return original(stream, textbox, offset_x, text_overflow, *rest)
        finally:
            textbox.pango_layout = layout

    draw_text.chartroom = True
    draw_text.__doc__ = original.__doc__
    return draw_text


def _kept_ready() -> None:
    """A kept layout's ``deactivate``: its Pango objects are kept for the next box."""


def _ready_already(style) -> None:
    """A kept layout's ``reactivate``: it is ready."""
