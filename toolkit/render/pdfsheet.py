"""The aids' stylesheets parsed once per command, not once per aid (issue 22 item 4).

Every aid carries the same stylesheet in its head (``print.css``, for a browser as for the PDF), and a game's
aids one of the game's own; WeasyPrint would parse them, check every declaration and index every selector
again for each aid. :func:`shared_sheets` takes them out of the page given to WeasyPrint and hands them over
parsed (``weasyprint.CSS``), each made once per stylesheet text and font configuration. Handed over so, they
are the user's stylesheets, not the page's, in the page's order: the cascade is the same whenever they were
all the page's stylesheets (they still override WeasyPrint's defaults, the later one wins a tie, and they
yield to a ``style`` attribute) and none marks anything ``!important``; otherwise the page is left as it is.
The PDF is the same bytes (tests/test_pdf_sheet.py).
"""

from __future__ import annotations

import re

__all__ = ["shared_sheets", "MAX_SHEETS"]

_STYLE = re.compile(r"<style>(.*?)</style>", re.S)

#: What a stylesheet handed over as the user's may not hold: a cascade that would differ, or a reference to resolve.
NOT_SHARED = ("!important", "@import", "@font-face", "url(")

#: Parsed stylesheets kept per font configuration at most (one per paper size and orientation in practice).
MAX_SHEETS = 16


def shared_sheets(html: str, css_class, font_config) -> tuple[str, list]:
    """``html`` without its stylesheets, and those parsed, in the page's order (``[css_class(...), ...]``); ``(html, [])``
    when the page has another (a link, a ``style`` with attributes, one in a drawing) or one holds what
    :data:`NOT_SHARED` names."""
    found = list(_STYLE.finditer(html))
    if not found or html.count("<style") != len(found) or "<svg" in html or "<link rel=\"stylesheet\"" in html:
        return html, []
    texts = [one.group(1) for one in found]
    if any(word in text for text in texts for word in NOT_SHARED):
        return html, []
    sheets = font_config.__dict__.setdefault("chartroom_sheets", {}) if font_config is not None else {}
    parsed = []
    for text in texts:
        css = sheets.get(text)
        if css is None:
            if len(sheets) >= MAX_SHEETS:
                sheets.clear()
            css = sheets[text] = css_class(string=text, font_config=font_config)
        parsed.append(css)
    kept, done = [], 0
    for one in found:
        kept.append(html[done:one.start()])
        done = one.end()
    kept.append(html[done:])
    return "".join(kept), parsed
