"""fontTools' subsetter and variable-font instancer, imported by WeasyPrint only when a PDF first needs them (issue 22 item 4).

WeasyPrint's PDF fonts module imports ``fontTools.subset`` and ``fontTools.varLib.instancer`` when it is
imported itself: with their OpenType table definitions, about 70 ms of CPU, a third of what importing WeasyPrint
costs. Neither is used where libharfbuzz-subset subsets the fonts (the subsetter is WeasyPrint's fallback when that
library is missing; the instancer is for variable fonts, which the aids' DejaVu Sans is not). While WeasyPrint is
imported, :func:`deferred_font_tools` puts a stand-in for each in ``sys.modules``: the subsetter's stand-in imports
the real module the first time one of its names is read; the instancer's stand-in function imports the real one
and calls it. Once WeasyPrint is imported the stand-ins leave ``sys.modules``, so any later import gets fontTools'
own modules. Nothing WeasyPrint does changes: the same functions run, later; the PDFs are the same bytes.
"""

from __future__ import annotations

import importlib
import sys
import types
from contextlib import contextmanager
from typing import Iterator

__all__ = ["deferred_font_tools", "DEFERRED"]

#: The modules WeasyPrint's ``weasyprint/pdf/fonts.py`` imports and uses only when a font is subset by fontTools
#: or is variable, with the names it takes from each by ``from ... import`` (read at once, so stood in for).
DEFERRED = {"fontTools.subset": (), "fontTools.varLib.instancer": ("instantiateVariableFont",)}


def _real(name: str) -> types.ModuleType:
    """fontTools' own module ``name``, imported now if it was not (a stand-in still in ``sys.modules`` is dropped)."""
    if isinstance(sys.modules.get(name), _StandIn):
        del sys.modules[name]
    return importlib.import_module(name)


class _StandIn(types.ModuleType):
    """A module that imports the real one the first time a name is read from it."""

    def __getattr__(self, attribute: str):
        if attribute.startswith("__"):  # what the import system itself asks of a module
            raise AttributeError(attribute)
        return getattr(_real(self.__name__), attribute)


def _called_later(module: str, function: str):
    """A function that imports ``module`` when it is called and calls its ``function``."""

    def later(*args, **kwargs):
        return getattr(_real(module), function)(*args, **kwargs)

    later.__name__ = later.__qualname__ = function
    return later


@contextmanager
def deferred_font_tools() -> Iterator[None]:
    """Within (WeasyPrint being imported): the modules of :data:`DEFERRED` are stand-ins; as before after.

    Nothing is stood in for once one of them or WeasyPrint's fonts module is loaded already.
    """
    if "weasyprint.pdf.fonts" in sys.modules or any(name in sys.modules for name in DEFERRED):
        yield
        return
    stand_ins = {}
    for name, functions in DEFERRED.items():
        stand_in = _StandIn(name)
        for function in functions:
            setattr(stand_in, function, _called_later(name, function))
        stand_ins[name] = sys.modules[name] = stand_in
    try:
        yield
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
