"""PDFs are the same bytes whichever way WeasyPrint subsets its fonts (issue 19).

With libharfbuzz-subset (Debian: libharfbuzz-subset0) WeasyPrint subsets with HarfBuzz; without it,
with fontTools, which stamps each subset font with the clock's time, and WeasyPrint warns at import.
A machine without the library is simulated in a subprocess: WeasyPrint's ``dlopen`` of it fails, as
it does there, and the clock fontTools reads moves on between the two PDFs.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from conftest import ROOT, import_or_missing

SIMULATION = textwrap.dedent('''
    import hashlib, itertools, sys
    import cffi

    real_dlopen = cffi.FFI.dlopen

    def dlopen(self, name, *args, **kwargs):  # this machine has no libharfbuzz-subset
        if "subset" in str(name):
            raise OSError(f"simulated: no {name}")
        return real_dlopen(self, name, *args, **kwargs)

    cffi.FFI.dlopen = dlopen
    from toolkit.render import pdf   # -W error: the import warning must not stop it
    weasyprint = pdf._weasyprint()
    from weasyprint.text import ffi
    assert ffi.harfbuzz_subset is None, "the simulation did not hide libharfbuzz-subset"

    import fontTools.misc.timeTools as timeTools

    class Clock:  # each reading of the clock one hour after the last
        ticks = itertools.count(1_800_000_000, 3600)
        def time(self):
            return next(self.ticks)

    timeTools.time = Clock()
    html = "<h1>Lexington</h1><p>Air-operations log, turn 0600</p>"
    ours = [hashlib.sha256(pdf._pdf_bytes(html)[0]).hexdigest() for _ in range(2)]
    plain = []
    for _ in range(2):  # WeasyPrint alone, for contrast: the clock gets into the bytes
        document = weasyprint.HTML(string=html).render()
        document.metadata.created = document.metadata.modified = None
        plain.append(hashlib.sha256(document.write_pdf()).hexdigest())
    print("ours", "same" if ours[0] == ours[1] else "differ")
    print("plain", "same" if plain[0] == plain[1] else "differ")

    # fontTools was handed each font without the tables WeasyPrint drops (toolkit/render/pdffonts.py) ...
    import io
    from fontTools.ttLib import TTFont
    from pypdf import PdfReader
    from toolkit.render import pdffonts
    handed = [TTFont(io.BytesIO(data)) for data in pdffonts._WITHOUT.values()]
    print("handed", len(handed) > 0, sorted({tag for font in handed for tag in pdffonts.DROPPED_TABLES if tag in font}),
          all("glyf" in font and "cmap" in font for font in handed))
    # ... and the text is still there, in the glyphs it was drawn with
    print("text", " ".join(PdfReader(io.BytesIO(pdf._pdf_bytes(html)[0])).pages[0].extract_text().split()))
''')


def test_without_harfbuzz_subset_the_pdfs_are_byte_identical_and_the_warning_is_no_error():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    done = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", SIMULATION], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == ["ours same", "plain differ"], done.stdout
    # the fonts fontTools subsets come without GSUB, GPOS and SVG, the text drawn is the same (issue 22 item 4)
    assert done.stdout.split("\n")[2:4] == ["handed True [] True", "text Lexington Air-operations log, turn 0600"], done.stdout


def test_install_is_done_once_and_leaves_another_weasyprint_alone():
    from toolkit.render import pdffonts

    class Font:
        def _fonttools_subset(self, to_unicode, hinting):
            return "subset"

    class Module:
        TTFont = object

    Module.Font = Font
    assert pdffonts.install(Module) is True
    wrapped = Font._fonttools_subset
    assert pdffonts.install(Module) is True and Font._fonttools_subset is wrapped  # not wrapped twice
    font = Font()
    font.index, font.file_content = 1, b"not touched: a font of a collection"
    assert font._fonttools_subset({}, False) == "subset" and font.file_content == b"not touched: a font of a collection"

    class Other:  # a WeasyPrint without that method: nothing to do
        Font = type("Font", (), {})
        TTFont = object

    assert pdffonts.install(Other) is False and pdffonts.install(None) is False


def test_the_font_date_is_fixed_only_while_writing_and_a_callers_own_is_kept(monkeypatch):
    from toolkit.render import pdf

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    with pdf._fixed_font_dates():
        assert pdf.os.environ["SOURCE_DATE_EPOCH"] == pdf.FONT_DATE_EPOCH
    assert "SOURCE_DATE_EPOCH" not in pdf.os.environ
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    with pdf._fixed_font_dates():
        assert pdf.os.environ["SOURCE_DATE_EPOCH"] == "1700000000"
    assert pdf.os.environ["SOURCE_DATE_EPOCH"] == "1700000000"


# --- cffi arrays asked for by their element type (toolkit.render.pdffonts.ArraysByType) ---------------

class _Recording:
    """A stand-in for cffi's FFI that records what it is asked for."""

    def __init__(self):
        self.asked = []

    def new(self, cdecl, init=None):
        self.asked.append(cdecl)
        return list(init or ())

    def sizeof(self, cdecl):
        return 4


def test_an_array_sized_by_its_content_is_asked_for_by_its_type_alone():
    from toolkit.render.pdffonts import ArraysByType

    ffi = _Recording()
    arrays = ArraysByType(ffi)
    assert arrays.new("hb_codepoint_t[3]", (5, 6, 7)) == [5, 6, 7]
    assert arrays.new("hb_codepoint_t[412]", range(412))[-1] == 411
    assert ffi.asked == ["hb_codepoint_t[]", "hb_codepoint_t[]"]  # one type for cffi to parse, whatever the length


def test_other_requests_go_to_cffi_as_they_are():
    from toolkit.render.pdffonts import ArraysByType

    ffi = _Recording()
    arrays = ArraysByType(ffi)
    arrays.new("hb_codepoint_t[4]", (1, 2, 3))  # longer than its content: the rest is zeros, so left as asked
    arrays.new("char *")
    arrays.new("int[2][2]", ((1, 2), (3, 4)))
    assert ffi.asked == ["hb_codepoint_t[4]", "char *", "int[2][2]"]
    assert arrays.sizeof("int") == 4


def test_the_aids_pdf_writer_gives_weasyprint_fonts_the_arrays_by_type():
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf
    from toolkit.render.pdffonts import ArraysByType

    pdf._weasyprint()
    assert isinstance(sys.modules["weasyprint.pdf.fonts"].ffi, ArraysByType)
