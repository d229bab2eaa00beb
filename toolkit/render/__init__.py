"""Player aids (HTML, PDF), the SVG map and the docs site: the only output besides the reports.

:func:`toolkit.render.build.build_aids` writes every aid of a scenario; the pieces live in
:mod:`toolkit.render.aids` (data for the templates), :mod:`toolkit.render.svgmap` (the map),
:mod:`toolkit.render.pdf` (WeasyPrint, optional) and :mod:`toolkit.render.site` (mkdocs).
Importing this package imports neither jinja2 (:mod:`toolkit.lazy`) nor the PDF workers.
"""

from __future__ import annotations

import importlib

__all__ = ["AidsError", "environment"]

#: Where the names above are defined: loaded on first use (PEP 562), so that a module importing one part of the
#: renderer (the template environment, say, for a report) does not load the aids' data and the SVG map too.
_DEFINED_IN = {"AidsError": "toolkit.render.aids", "environment": "toolkit.render.env"}


def __getattr__(name: str):
    if name not in _DEFINED_IN:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_DEFINED_IN[name]), name)
