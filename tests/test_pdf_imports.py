"""toolkit.render.pdfimports: fontTools' subsetter and instancer imported when a PDF first needs them, not with WeasyPrint.

Each case imports WeasyPrint in a fresh interpreter (the test process may have imported fontTools already).
"""

from __future__ import annotations

import json
import subprocess
import sys
import types

import pytest

from tests.conftest import ROOT, import_or_missing

pytestmark = pytest.mark.pdf

#: WeasyPrint imported as the aids import it, in a fresh interpreter; what was imported, then what its names reach.
IMPORT = r'''
import json, sys
from toolkit.render import pdf
pdf._weasyprint()
import weasyprint.pdf.fonts as fonts
loaded = {name: name in sys.modules for name in ("fontTools.subset", "fontTools.varLib.instancer", "fontTools.varLib")}
options = fonts.subset.Options  # the first name read: fontTools' own subsetter is imported now
import fontTools.subset, fontTools.varLib.instancer
print(json.dumps({"loaded": loaded, "real": options is fontTools.subset.Options,
                  "stand_in_left": type(sys.modules["fontTools.subset"]).__name__,
                  "instancer": fonts.instantiateVariableFont.__name__}))
'''


def test_weasyprint_is_imported_without_the_subsetter_which_comes_when_first_used():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    ran = subprocess.run([sys.executable, "-c", IMPORT], capture_output=True, text=True, cwd=ROOT, check=True)
    found = json.loads(ran.stdout)
    assert found["loaded"] == {"fontTools.subset": False, "fontTools.varLib.instancer": False, "fontTools.varLib": False}
    assert found["real"] and found["stand_in_left"] == "module"  # later imports get fontTools' own module
    assert found["instancer"] == "instantiateVariableFont"


def test_a_stand_in_reaches_the_real_module_and_leaves_sys_modules(monkeypatch):
    from toolkit.render import pdfimports

    real = types.ModuleType("chartroom_test_deferred")
    real.answer = 42
    real.double = lambda value: 2 * value
    monkeypatch.setattr(pdfimports, "DEFERRED", {"chartroom_test_deferred": ("double",)})
    monkeypatch.delitem(sys.modules, "weasyprint.pdf.fonts", raising=False)  # as before WeasyPrint's first import
    monkeypatch.setattr(pdfimports.importlib, "import_module", lambda name: sys.modules.setdefault(name, real))
    with pdfimports.deferred_font_tools():
        stand_in = sys.modules["chartroom_test_deferred"]
        assert stand_in is not real and "answer" not in vars(stand_in)
        imported = __import__("chartroom_test_deferred", fromlist=["double"])  # as `from M import double` does
        double = imported.double
    assert "chartroom_test_deferred" not in sys.modules  # gone once the import is over
    assert double(21) == 42 and stand_in.answer == 42  # each imports the real module when used
    assert sys.modules.pop("chartroom_test_deferred") is real


def test_nothing_is_stood_in_for_once_the_real_module_is_loaded(monkeypatch):
    from toolkit.render import pdfimports

    real = types.ModuleType("chartroom_test_loaded")
    monkeypatch.setattr(pdfimports, "DEFERRED", {"chartroom_test_loaded": ()})
    monkeypatch.setitem(sys.modules, "chartroom_test_loaded", real)
    with pdfimports.deferred_font_tools():
        assert sys.modules["chartroom_test_loaded"] is real
    assert sys.modules["chartroom_test_loaded"] is real
