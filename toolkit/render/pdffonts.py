"""WeasyPrint's fontTools way of subsetting fonts, made cheaper (issue 22 item 4).

Where libharfbuzz-subset is missing, WeasyPrint subsets every font of every PDF with fontTools,
and tells it to drop the layout tables (GSUB, GPOS, SVG) from the result. fontTools (4.6x) still
reads and converts those tables before it drops them: about 0.1 s per font per PDF for DejaVu Sans,
a third of the CPU of ``aids --pdf``. This module hands fontTools the font without those tables,
made once per font file and process, so the subset it makes has the same glyphs and outlines and
costs a fraction of the time. Text is shaped (kerning, ligatures) before any of this, from the
font as installed, so what is drawn does not change.

WeasyPrint is reached through what its fonts module already imported (``Font``, ``TTFont``): no
fontTools import of our own. Where WeasyPrint has no such method (another version), nothing is changed.

With libharfbuzz-subset, WeasyPrint asks cffi for arrays typed by their length (``hb_codepoint_t[412]``):
cffi parses each new length as C (with every declaration WeasyPrint made), a few milliseconds each,
twice per font per PDF. The fonts module is given a ``ffi`` that asks for the same arrays by their
element type alone (``hb_codepoint_t[]``, sized by their content), which cffi parses once.
"""

from __future__ import annotations

import hashlib
import io
import re

__all__ = ["install", "DROPPED_TABLES", "ArraysByType"]

#: The tables WeasyPrint drops from every font it subsets with fontTools (weasyprint/pdf/fonts.py).
DROPPED_TABLES = ("GSUB", "GPOS", "SVG ")

#: Fonts without their dropped tables, by the digest of the font file: one entry per font file a
#: command draws with (three or four), bounded all the same.
_WITHOUT: dict[bytes, bytes] = {}
_MAX_FONTS = 32


def _without_dropped_tables(content: bytes, ttfont_class) -> bytes:
    """``content`` (one font, not a collection) without :data:`DROPPED_TABLES`; the other tables copied as they are."""
    key = hashlib.sha256(content).digest()
    stripped = _WITHOUT.get(key)
    if stripped is None:
        font = ttfont_class(io.BytesIO(content), lazy=True, recalcTimestamp=False)  # else save() stamps the time: PDFs differ
        for tag in DROPPED_TABLES:
            if tag in font:
                del font[tag]
        buffer = io.BytesIO()
        font.save(buffer)
        stripped = buffer.getvalue()
        if len(_WITHOUT) >= _MAX_FONTS:
            _WITHOUT.clear()
        _WITHOUT[key] = stripped
    return stripped


_SIZED_ARRAY = re.compile(r"(\w+)\[(\d+)\]")


class ArraysByType:
    """A cffi ``FFI`` whose ``new("T[N]", items)`` with N items is ``new("T[]", items)``: one parse per type, not per length."""

    def __init__(self, ffi):
        self._ffi = ffi

    def new(self, cdecl, init=None):
        if isinstance(cdecl, str) and init is not None:
            sized = _SIZED_ARRAY.fullmatch(cdecl)
            if sized and int(sized.group(2)) == len(init):
                cdecl = f"{sized.group(1)}[]"
        return self._ffi.new(cdecl, init)

    def __getattr__(self, name):
        return getattr(self._ffi, name)


def install(fonts_module) -> bool:
    """Give WeasyPrint's ``Font._fonttools_subset`` the font without its dropped tables, and its fonts module
    :class:`ArraysByType`; True when done (or done before)."""
    ffi = getattr(fonts_module, "ffi", None)
    if ffi is not None and not isinstance(ffi, ArraysByType) and callable(getattr(ffi, "new", None)):
        fonts_module.ffi = ArraysByType(ffi)
    font_class = getattr(fonts_module, "Font", None)
    ttfont_class = getattr(fonts_module, "TTFont", None)
    subset = getattr(font_class, "_fonttools_subset", None)
    if subset is None or ttfont_class is None:
        return False
    if getattr(subset, "chartroom", False):
        return True

    def _fonttools_subset(self, to_unicode, hinting):
        if getattr(self, "index", None) == 0 and isinstance(getattr(self, "file_content", None), bytes):
            self.file_content = _without_dropped_tables(self.file_content, ttfont_class)
        return subset(self, to_unicode, hinting)

    _fonttools_subset.chartroom = True
    _fonttools_subset.__doc__ = subset.__doc__
    font_class._fonttools_subset = _fonttools_subset
    return True
