"""An aid's HTML as WeasyPrint is given it: each drawing as an image, not inline (issue 22 item 4).

An aid shows its drawings (the map, the set-up sheets, a plotting sheet, the zones) as inline
``<svg>``, so that a browser can show each counter's title when it is pointed at. WeasyPrint draws
an inline SVG exactly as it draws the same SVG given as an image, but it first reads every element
of it with its HTML parser (pure Python, a character at a time) and styles each one with the page's
CSS, which nothing in a drawing uses: nine tenths of the CPU of laying out the map aid. So the PDF is
made from the HTML with each top-level ``<svg>`` written as an ``<img>`` of the same drawing (a
``data:`` URL, read by an XML parser in C); the PDF is the same bytes. The image keeps the drawing's
``class`` and gets the class :data:`IMAGE_CLASS`, so the aids' CSS gives it the drawing's box (its
rules name ``svg, img.drawing``). A drawing that is not well-formed XML by itself stays inline.
The image leaves out the drawing's ``<title>`` elements, which only a browser shows (a counter's name when it is
pointed at): WeasyPrint draws nothing for them but styles each one, about a sixth of the CPU of the map aids' PDFs.
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from html import escape

__all__ = ["drawings_as_images", "IMAGE_CLASS"]

#: The class of an ``<img>`` standing for an inline drawing (the aids' CSS styles ``img.drawing`` as ``svg``).
IMAGE_CLASS = "drawing"

_SVG_TAG = re.compile(r"<(/?)svg\b[^>]*?(/?)>")
_CLASS = re.compile(r'\sclass="([^"]*)"')
_LABEL = re.compile(r'\saria-label="([^"]*)"')
#: A title within a drawing (a counter's or a hex's name, shown by a browser when pointed at): paper shows none, and
#: WeasyPrint draws nothing for it, yet styles each one; the image is given the drawing without them (the same PDF).
_TITLE = re.compile(r"<title>[^<]*</title>")


def drawings_as_images(html: str) -> str:
    """``html`` with each top-level ``<svg>...</svg>`` written as an ``<img>`` of the same drawing."""
    out = []
    done = 0
    depth = 0
    start = 0
    for tag in _SVG_TAG.finditer(html):
        closing, empty = tag.group(1), tag.group(2)
        if closing:
            depth -= 1
            if depth == 0:
                out.append(html[done:start])
                out.append(_image(html[start:tag.end()]))
                done = tag.end()
        elif not empty:
            if depth == 0:
                start = tag.start()
            depth += 1
    if depth != 0 or not out:  # unbalanced, or no drawing: as it is
        return html
    out.append(html[done:])
    return "".join(out)


def _image(svg: str) -> str:
    """One drawing as an ``<img>``; the drawing itself when an XML parser cannot read it alone."""
    try:
        ET.fromstring(svg)
    except ET.ParseError:
        return svg
    head = svg[:svg.index(">") + 1]
    found = _CLASS.search(head)
    classes = f"{found.group(1)} {IMAGE_CLASS}" if found else IMAGE_CLASS
    label = _LABEL.search(head)
    alt = label.group(1) if label else ""  # already escaped as an attribute
    data = base64.b64encode(_TITLE.sub("", svg).encode("utf-8")).decode("ascii")
    return f'<img class="{escape(classes)}" alt="{alt}" src="data:image/svg+xml;base64,{data}">'
