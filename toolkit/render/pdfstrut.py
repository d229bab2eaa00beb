"""A style's strut (its line height and baseline) found by its font values themselves, not by their printed form (issue 22 item 4).

WeasyPrint asks for the strut of a box's style each time it lays out a line, an inline box or a text box: 15,000
times for the Short Campaign's aids. It keeps the answers per font configuration, but finds one by a key that
it prints anew at every call (``str()`` of fourteen font properties, then the size and the line height) and
imports two functions within each call: most of what a strut costs once it is known. :func:`install` gives
WeasyPrint's modules a ``strut`` that looks the answer up by the same values as a tuple, once made, and asks
WeasyPrint's own ``strut`` for every style whose values it has not met. The values WeasyPrint's key is made of
(:data:`STRUT_OF`) are the only ones its ``strut`` reads, so two styles with the same values have the same strut:
the PDF is the same bytes (the tests compare them with WeasyPrint's own). Where WeasyPrint is not as expected
(another version), nothing is changed.
"""

from __future__ import annotations

import sys
from operator import itemgetter

__all__ = ["install", "STRUT_OF"]

#: The style properties WeasyPrint's ``strut`` reads (weasyprint/text/line_break.py, 62-70): its cache key's
#: font properties (``_font_style_cache_key``), the font size and the line height.
STRUT_OF = ("font_family", "font_style", "font_stretch", "font_weight", "font_variant_ligatures", "font_variant_position",
            "font_variant_caps", "font_variant_numeric", "font_variant_alternates", "font_variant_east_asian",
            "font_feature_settings", "font_variation_settings", "font_language_override", "lang", "font_size", "line_height")

_strut_of = itemgetter(*STRUT_OF)

#: The modules that call ``strut`` by the name they imported it under.
CALLERS = ("weasyprint.text.line_break", "weasyprint.layout.inline", "weasyprint.css.units", "weasyprint.css.computed_values")

#: Struts kept per font configuration at most (a style's values are few: a few dozen an aid), then started afresh.
MAX_STRUTS = 10_000


def install() -> bool:
    """Give WeasyPrint's modules the ``strut`` found by its values; True when done (or done before)."""
    line_break = sys.modules.get("weasyprint.text.line_break")
    original = getattr(line_break, "strut", None)
    if original is None or not hasattr(line_break, "_font_style_cache_key"):
        return False
    if not getattr(original, "chartroom", False):
        found_by_values = _found_by_values(original)
        for name in CALLERS:
            module = sys.modules.get(name)
            if getattr(module, "strut", None) is original:
                module.strut = found_by_values
    return True


def _found_by_values(original):
    """``original`` (WeasyPrint's ``strut``) asked once per font configuration and values of :data:`STRUT_OF`."""

    def strut(style):
        try:
            values = _strut_of(style)
            key = (values, type(values[-1]))  # a line height of 2 (a number) is not one of 2 px: kept apart
            hash(key)
            struts = style.font_config.__dict__.setdefault("chartroom_struts", {})
        except (TypeError, KeyError, AttributeError):  # a value that cannot be a key, a style unlike 62-70's
            return original(style)
        found = struts.get(key)
        if found is None:
            found = original(style)
            if len(struts) >= MAX_STRUTS:
                struts.clear()
            struts[key] = found
        return found

    strut.chartroom = True
    strut.__doc__ = original.__doc__
    return strut
