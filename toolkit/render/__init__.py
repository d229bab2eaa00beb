"""Player aids (HTML, PDF), the SVG map and the docs site: the only output besides the reports.

:func:`toolkit.render.build.build_aids` writes every aid of a scenario; the pieces live in
:mod:`toolkit.render.aids` (data for the templates), :mod:`toolkit.render.svgmap` (the map),
:mod:`toolkit.render.pdf` (WeasyPrint, optional) and :mod:`toolkit.render.site` (mkdocs).
Importing this package imports neither jinja2 (:mod:`toolkit.lazy`) nor the PDF workers.
"""

from __future__ import annotations

from toolkit.render.aids import AidsError
from toolkit.render.env import environment

__all__ = ["AidsError", "environment"]
