"""WeasyPrint's system libraries loaded by their sonames, without a compiler run for each name tried (issue 22 item 4).

WeasyPrint loads pango, gobject, harfbuzz and fontconfig when it is imported (``weasyprint/text/ffi.py``), trying
several names for each, for every platform: ``libgobject-2.0-0``, ``gobject-2.0-0``, ``gobject-2.0``, then the soname
``libgobject-2.0.so.0``. cffi hands each name that is no file's to ``ctypes.util.find_library``, which on Linux runs
``ldconfig -p`` and then the C compiler (and ``ld``) for every name it cannot find: 22 names and about 40 processes
for one import, 0.18 s of CPU in them and more to start them (the Short Campaign's ``aids --pdf``: a twentieth of its
CPU), until a name it finds (``gobject-2.0``) gives the soname, which cffi then loads.

While WeasyPrint is imported here, on Linux, :func:`import_quickly` has ``find_library`` find nothing, so WeasyPrint
goes on to the sonames it lists itself (``libgobject-2.0.so.0``) and the dynamic loader finds each one as it would
have found the soname ``find_library`` answered: the same libraries. Where a library cannot be loaded so, WeasyPrint
is imported again as it imports itself, its message (if any) printed as before.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import io
import sys
from typing import Callable, TypeVar

__all__ = ["import_quickly"]

T = TypeVar("T")


def _found_nowhere(name: str) -> None:
    """``ctypes.util.find_library`` while WeasyPrint is imported: no search (see the module's docstring)."""
    return None


@contextlib.contextmanager
def _no_library_search():
    """Within: ``ctypes.util.find_library`` finds nothing and starts no process; as before after."""
    searching = ctypes.util.find_library
    ctypes.util.find_library = _found_nowhere
    try:
        yield
    finally:
        ctypes.util.find_library = searching


def import_quickly(importer: Callable[[], T]) -> T:
    """``importer()`` (it imports WeasyPrint), its libraries loaded by their sonames on Linux; as WeasyPrint would elsewhere
    and once it is loaded, or when a library cannot be loaded by its soname (then WeasyPrint is imported afresh)."""
    if not sys.platform.startswith("linux") or "weasyprint.text.ffi" in sys.modules:
        return importer()
    try:
        with _no_library_search(), contextlib.redirect_stdout(io.StringIO()):  # WeasyPrint prints before it fails
            return importer()
    except OSError:
        for name in [name for name in sys.modules if name == "weasyprint" or name.startswith("weasyprint.")]:
            del sys.modules[name]  # half imported: imported afresh, with the search
        return importer()
