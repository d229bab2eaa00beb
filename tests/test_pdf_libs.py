"""toolkit.render.pdflibs: WeasyPrint's libraries loaded by their sonames, the same ones, without a process per name tried.

Each case imports WeasyPrint in a fresh interpreter (the test process may have imported it already).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import import_or_missing

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sonames are Linux's")

#: WeasyPrint imported in a fresh interpreter: the processes its import started, the files of the libraries loaded, its output.
IMPORT = r'''
import json, resource, sys
QUICK = sys.argv[1] == "quick"
FAIL_SONAME = sys.argv[2]
if FAIL_SONAME:  # this soname cannot be loaded while find_library searches nothing (a system without it)
    import ctypes.util, cffi
    from toolkit.render import pdflibs
    dlopen = cffi.FFI.dlopen
    def failing(self, name, *args):
        if name == FAIL_SONAME and ctypes.util.find_library is pdflibs._found_nowhere:
            raise OSError(f"cannot load {name}")
        return dlopen(self, name, *args)
    cffi.FFI.dlopen = failing
from toolkit import lazy
from toolkit.render import pdflibs
weasyprint = pdflibs.import_quickly(lazy.weasyprint) if QUICK else lazy.weasyprint()
import weasyprint.text.ffi
with open("/proc/self/maps", encoding="ascii", errors="replace") as maps:
    libraries = sorted({line.split()[-1] for line in maps if any(part in line for part in ("libpango", "libgobject", "libharfbuzz", "libfontconfig"))})
children = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"processes_cpu": children.ru_utime + children.ru_stime, "libraries": libraries,
                  "subset": weasyprint.text.ffi.harfbuzz_subset is not None}))
'''


def _imported(way: str, fail_soname: str = "") -> tuple[dict, str]:
    done = subprocess.run([sys.executable, "-c", IMPORT, way, fail_soname], capture_output=True, text=True, check=True)
    *printed, last = done.stdout.strip().splitlines()
    return json.loads(last), "\n".join(printed)


@pytest.fixture(scope="module")
def as_weasyprint_imports_itself():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    return _imported("as-itself")


def test_the_same_libraries_are_loaded_without_starting_a_process(as_weasyprint_imports_itself):
    itself, _ = as_weasyprint_imports_itself
    quick, printed = _imported("quick")
    assert quick["libraries"] == itself["libraries"] and any("libpango" in path for path in quick["libraries"])
    assert quick["subset"] == itself["subset"]
    assert quick["processes_cpu"] == 0.0  # no ldconfig, no compiler
    assert printed == ""


def test_weasyprint_as_it_imports_itself_starts_processes(as_weasyprint_imports_itself):
    # What import_quickly saves: find_library runs ldconfig and the compiler for the names it cannot find.
    itself, _ = as_weasyprint_imports_itself
    if itself["processes_cpu"] == 0.0:
        pytest.skip("find_library started no process here (no ldconfig or compiler?)")
    assert itself["processes_cpu"] > 0.0


def test_a_soname_that_cannot_be_loaded_imports_weasyprint_as_it_imports_itself(as_weasyprint_imports_itself):
    itself, _ = as_weasyprint_imports_itself
    fallen_back, printed = _imported("quick", "libpango-1.0.so.0")
    assert fallen_back["libraries"] == itself["libraries"]  # found by find_library's search, as before
    assert "could not import some external libraries" not in printed  # the first try's message is not shown


def test_find_library_searches_again_after_the_import_and_after_a_failed_one(monkeypatch):
    import ctypes.util

    from toolkit.render import pdflibs

    modules = {name: module for name, module in sys.modules.items() if not name.startswith("weasyprint")}
    monkeypatch.setattr(sys, "modules", modules)  # WeasyPrint not loaded yet, as far as import_quickly can tell
    searching = []

    def importer():
        searching.append(ctypes.util.find_library is not pdflibs._found_nowhere)
        if len(searching) == 1 and failing:
            raise OSError("cannot load libpango-1.0.so.0")
        return "weasyprint"

    failing = False
    assert pdflibs.import_quickly(importer) == "weasyprint" and searching == [False]
    assert ctypes.util.find_library is not pdflibs._found_nowhere
    failing, searching[:] = True, []
    assert pdflibs.import_quickly(importer) == "weasyprint" and searching == [False, True]  # imported afresh, searching
    assert ctypes.util.find_library is not pdflibs._found_nowhere


def test_weasyprint_loaded_already_is_imported_as_it_is(monkeypatch):
    import ctypes.util

    from toolkit.render import pdflibs

    monkeypatch.setitem(sys.modules, "weasyprint.text.ffi", sys.modules.get("weasyprint.text.ffi", object()))
    searching = []
    assert pdflibs.import_quickly(lambda: searching.append(ctypes.util.find_library is not pdflibs._found_nowhere)) is None
    assert searching == [True]
