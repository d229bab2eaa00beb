"""Issue 12, item 4: ``aids --pdf`` paints every page once, and its PDFs stay valid and deterministic.

aids.pdf joins the per-aid PDFs (pypdf) instead of painting their pages again: it has every
page of every aid but the index, in order, with the same text and the aids' outlines; two runs
give the same bytes for every file, whether the aids were laid out in this process (``--jobs 1``)
or in worker processes (``--jobs 2``).

The Short Campaign's aids are laid out twice here: in this process, pages counted, and in two workers (the
session's shared build, conftest ``built_aids``). The ways out of the workers (none may start, a daemon, workers
that die) are each tried on three short aids, whose PDFs must be those bytes again.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SHORT, import_or_missing
from toolkit.cli import main
from toolkit.outputs import OutputFolder
from toolkit.render.aids import render_aids
from toolkit.render.build import AIDS_MANIFEST
from toolkit.session import Session

#: Every test here lays out PDFs or reads them (left out by make test-fast).
pytestmark = pytest.mark.pdf

#: Three short aids: work for two workers, and the index, which aids.pdf leaves out.
FEW = ("index", "schedule-japan", "sequence")


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory, built_aids):
    weasyprint = import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries (apt-get install libpango-1.0-0 libpangoft2-1.0-0)")
    import_or_missing("pypdf", "aids.pdf is joined with pypdf (the pdf extra)")
    painted = []
    original = weasyprint.document.Page.paint

    def counting(self, *args, **kwargs):
        painted.append(self)
        return original(self, *args, **kwargs)

    first = tmp_path_factory.mktemp("pdf-a")
    weasyprint.document.Page.paint = counting
    try:  # in this process, so the paints are counted here
        assert main(["aids", str(SHORT), "-o", str(first), "--pdf", "--jobs", "1"]) == 0
    finally:
        weasyprint.document.Page.paint = original
    second = built_aids(SHORT)  # --jobs 2: forked workers
    return first, second, len(painted)


def _write_few(folder, jobs=2) -> dict[str, int]:
    """The :data:`FEW` aids' PDFs written into ``folder`` by ``write_pdfs`` (as ``aids --pdf`` does); their page counts."""
    from toolkit.render.pdf import write_pdfs

    opened = Session().open_scenario(SHORT)
    aids = [aid for aid in render_aids(opened.game, opened.scenario, opened.module) if aid.stem in FEW]
    assert [aid.stem for aid in aids] == list(FEW)
    out = OutputFolder(folder, AIDS_MANIFEST)
    out.prepare()
    counts = write_pdfs(aids, out, jobs=jobs)
    out.finish()
    return counts


def _same_as(first, folder) -> None:
    """The FEW aids' PDFs in ``folder`` are the bytes of those of the whole run ``first``; aids.pdf joins the two others."""
    for stem in FEW:
        assert (folder / f"{stem}.pdf").read_bytes() == (first / f"{stem}.pdf").read_bytes(), stem
    combined = _reader(folder / "aids.pdf")
    expected = [page.get_contents().get_data() for stem in FEW[1:] for page in _reader(first / f"{stem}.pdf").pages]
    assert [page.get_contents().get_data() for page in combined.pages] == expected


def _reader(path):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(path.read_bytes()))


def _parts(folder):
    return [p for p in sorted(folder.glob("*.pdf")) if p.name not in ("aids.pdf", "index.pdf")]


def test_every_page_is_painted_once(two_runs):
    first, _, painted = two_runs
    pages = sum(len(_reader(p).pages) for p in first.glob("*.pdf") if p.name != "aids.pdf")
    assert painted == pages


def test_pdfs_are_byte_identical_on_two_runs_in_process_and_in_workers(two_runs):
    first, second, _ = two_runs
    names = sorted(p.name for p in first.glob("*.pdf"))
    assert "aids.pdf" in names and names == sorted(p.name for p in second.glob("*.pdf"))
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_the_combined_pdf_holds_every_aid_in_order(two_runs):
    first, _, _ = two_runs
    combined = _reader(first / "aids.pdf")
    stems = re.findall(r'<li><a href="([^"/]+)\.html"', (first / "index.html").read_text(encoding="utf-8"))  # the aids, in order
    parts = [_reader(first / f"{stem}.pdf") for stem in stems]
    assert len(parts) == len(_parts(first))
    # every page drawn as in its aid's PDF: the same content stream (pypdf's text extraction of every page cost seconds)
    expected = [page.get_contents().get_data() for part in parts for page in part.pages]
    assert [page.get_contents().get_data() for page in combined.pages] == expected
    assert combined.pages[0].extract_text() == parts[0].pages[0].extract_text()  # and the text read back the same
    assert combined.pages[-1].extract_text() == parts[-1].pages[-1].extract_text()
    assert len(combined.outline) == sum(len(part.outline) for part in parts)
    assert combined.metadata.title == parts[0].metadata.title


def test_without_worker_processes_the_pdfs_are_made_in_process_alike(two_runs, tmp_path, monkeypatch):
    from toolkit.render import pdf

    asked = []

    def refused(*args, **kwargs):
        asked.append(kwargs.get("max_workers"))
        raise OSError(38, "Function not implemented")  # no shared memory for the pool's queues

    monkeypatch.setattr(pdf, "ProcessPoolExecutor", refused)
    monkeypatch.setenv("CHARTROOM_JOBS", "2")
    _write_few(tmp_path, jobs=None)  # the default: CHARTROOM_JOBS
    first, _, _ = two_runs
    _same_as(first, tmp_path)
    assert asked == [2]  # the workers were asked for, refused, and the same PDFs made here


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_jobs_must_be_a_whole_number_of_processes(value, tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["aids", str(SHORT), "-o", str(tmp_path), "--pdf", "--jobs", value])
    assert exit_.value.code == 2 and "--jobs: expected a whole number of processes" in capsys.readouterr().err


def test_chartroom_jobs_sets_the_default(monkeypatch, tmp_path, capsys):
    from toolkit.render.pdf import MAX_DEFAULT_JOBS, default_jobs

    monkeypatch.setenv("CHARTROOM_JOBS", "3")
    assert default_jobs() == 3
    monkeypatch.delenv("CHARTROOM_JOBS")
    assert 1 <= default_jobs() <= MAX_DEFAULT_JOBS
    for bad in ("many", "0"):
        monkeypatch.setenv("CHARTROOM_JOBS", bad)
        assert main(["aids", str(SHORT), "-o", str(tmp_path / bad), "--pdf"]) == 2
        assert f"CHARTROOM_JOBS: expected a whole number of processes, 1 or more, got {bad!r}" in capsys.readouterr().err
        assert not (tmp_path / bad).exists()  # refused before anything is written


def _failing_render(self, *args, **kwargs):
    raise OSError(28, "No space left on device")


def test_an_aid_failing_in_a_worker_is_the_commands_error_not_a_retry(two_runs, tmp_path, monkeypatch, capsys):
    import weasyprint

    from toolkit.render import pdf

    in_process = []
    original = pdf._pdf_bytes

    def counted(*args, **kwargs):
        in_process.append(1)  # the workers' calls are counted in their own memory, not here
        return original(*args, **kwargs)

    monkeypatch.setattr(weasyprint.HTML, "render", _failing_render)  # forked workers inherit both
    monkeypatch.setattr(pdf, "_pdf_bytes", counted)
    status = main(["aids", str(SHORT), "-o", str(tmp_path), "--pdf", "--jobs", "2"])
    assert status == 2 and "cannot write the aids: No space left on device" in capsys.readouterr().err
    assert in_process == []  # not laid out again in process after the workers' error
    status = main(["aids", str(SHORT), "-o", str(tmp_path / "one"), "--pdf", "--jobs", "1"])
    assert status == 2 and in_process == [1]  # in process the first aid fails the same way


def test_an_error_that_cannot_travel_arrives_as_its_text():
    from toolkit.render import pdf

    class Local(Exception):
        pass

    def broken(*args, **kwargs):
        raise Local("the fonts are gone")

    original = pdf._pdf_bytes
    pdf._pdf_bytes = broken
    try:
        data, error = pdf._worker_pdf("<p>x</p>")
    finally:
        pdf._pdf_bytes = original
    assert data is None and isinstance(error, RuntimeError) and str(error) == "Local: the fonts are gone"


@pytest.mark.parametrize("text, expected", [("max 100000\n", None), ("200000 100000\n", 2), ("150000 100000", 2), ("50000 100000", 1),
                                            ("garbage", None), ("0 0", None)])
def test_a_containers_cpu_quota_bounds_the_default_workers(tmp_path, monkeypatch, text, expected):
    from toolkit.render import pdf

    quota = tmp_path / "cpu.max"
    quota.write_text(text, encoding="ascii")
    monkeypatch.setattr(pdf, "CGROUP_CPU_MAX", quota)
    monkeypatch.delenv("CHARTROOM_JOBS", raising=False)
    assert pdf._cpu_quota() == expected
    monkeypatch.setattr(pdf.os, "sched_getaffinity", lambda pid: set(range(16)))
    assert pdf.default_jobs() == min(expected or 16, pdf.MAX_DEFAULT_JOBS)


def _aids_in_a_daemon(out):
    import os

    try:
        _write_few(out, jobs=2)
    except BaseException:  # noqa: BLE001 - the parent sees the exit status
        os._exit(3)
    os._exit(0)


def test_a_daemon_process_lays_the_pdfs_out_in_process(two_runs, tmp_path):
    """Issue 21 item 5: a daemon (a pool's worker) may not have children; it was exit 3."""
    import multiprocessing

    process = multiprocessing.get_context("fork").Process(target=_aids_in_a_daemon, args=(tmp_path,), daemon=True)
    process.start()
    process.join(timeout=300)
    assert process.exitcode == 0
    first, _, _ = two_runs
    _same_as(first, tmp_path)


def test_workers_that_cannot_start_leave_the_pdfs_to_this_process(two_runs, tmp_path, monkeypatch):
    import os

    from toolkit.render import pdf

    monkeypatch.setattr(pdf, "_worker_start", lambda: os._exit(1))  # every worker dies as it starts
    _write_few(tmp_path, jobs=2)
    first, _, _ = two_runs
    _same_as(first, tmp_path)


#: A stylesheet with its own font (an outside game's might have one; Chartroom's own have none): WeasyPrint writes it to a
#: folder of its own in the temporary folder, removed when its font configuration is freed.
FONT_FACE = """
import os, sys
from pathlib import Path
from types import SimpleNamespace
from toolkit.outputs import OutputFolder
from toolkit.render.pdf import write_pdfs
font, jobs, out, end = Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
html = ("<html><head><style>@font-face { font-family: Own; src: url(%s); } p { font-family: Own; }</style></head>"
        "<body><p>Own font</p></body></html>" % font.as_uri())
folder = OutputFolder(out, ".chartroom-aids")
folder.prepare()
write_pdfs([SimpleNamespace(stem=stem, html=html) for stem in ("index", "a", "b")], folder, jobs=jobs)
folder.finish()
print(sorted(os.listdir(os.environ["TMPDIR"])), flush=True)
if end == "exit":  # as the command ends (toolkit.entry): no interpreter shutdown, nothing freed
    os._exit(0)
"""


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("end", ["exit", "shutdown"])
def test_the_folder_weasyprint_writes_a_pages_own_fonts_to_is_removed_when_the_pdfs_are_written(jobs, end, tmp_path):
    """toolkit.render.pdf.remove_font_folder: WeasyPrint removes that folder when its font configuration is freed, which
    a worker never did (each left one behind: two a command with two workers) and a command that ends without the
    interpreter's shutdown never does; now it is removed once the PDFs are written, in the command and in each worker."""
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    font = subprocess.run(["fc-match", "-f", "%{file}", "DejaVuSans"], capture_output=True, text=True).stdout.strip()
    if not font or not Path(font).is_file():
        pytest.skip("no font file to give a stylesheet (Debian: fonts-dejavu-core)")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = dict(os.environ, TMPDIR=str(temporary), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", FONT_FACE, font, str(jobs), str(tmp_path / "aids"), end], capture_output=True,
                          text=True, cwd=ROOT, env=env, check=True)
    assert done.stdout.splitlines() == ["[]"]  # none left once the PDFs are written
    assert list(temporary.iterdir()) == []  # nor after the process
    pypdf = import_or_missing("pypdf", "aids.pdf is joined with pypdf (the pdf extra)")
    for stem in ("a", "b"):  # the page's own font, embedded
        page = pypdf.PdfReader(str(tmp_path / "aids" / f"{stem}.pdf")).pages[0]
        assert [font["/BaseFont"].split("+")[-1] for font in page["/Resources"]["/Font"].values()] == ["Own"]


#: FONT_FACE's aids and one more whose layout fails (after a second: the other aids are laid out meanwhile).
FAILING_FONT_FACE = FONT_FACE.replace('write_pdfs([SimpleNamespace(stem=stem, html=html) for stem in ("index", "a", "b")], folder, jobs=jobs)', """
import time
from toolkit.render import pdf
made = pdf._pdf_bytes
def fails(html, *args, **kwargs):
    if "Fails" in html:
        time.sleep(1)
        raise RuntimeError("an aid failed")
    return made(html, *args, **kwargs)
pdf._pdf_bytes = fails
aids = [SimpleNamespace(stem=stem, html=html) for stem in ("index", "a", "b")] + [SimpleNamespace(stem="c", html=html.replace("Own font", "Fails"))]
try:
    write_pdfs(aids, folder, jobs=jobs)
except RuntimeError as error:
    print(error)
""")


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_font_folder_is_removed_when_an_aid_fails_and_the_workers_are_stopped(jobs, tmp_path):
    """toolkit.render.pdf._worker_stopped: an aid that fails stops the other workers (as Ctrl-C does); each removes its
    WeasyPrint font folder as it is stopped. Before, every worker stopped that way left its folder in the temporary folder."""
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    font = subprocess.run(["fc-match", "-f", "%{file}", "DejaVuSans"], capture_output=True, text=True).stdout.strip()
    if not font or not Path(font).is_file():
        pytest.skip("no font file to give a stylesheet (Debian: fonts-dejavu-core)")
    assert "Fails" in FAILING_FONT_FACE and "jobs=jobs)\nfolder.finish()" not in FAILING_FONT_FACE  # the failing aids written instead
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = dict(os.environ, TMPDIR=str(temporary), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", FAILING_FONT_FACE, font, str(jobs), str(tmp_path / "aids"), "shutdown"],
                          capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    assert done.stdout.splitlines() == ["an aid failed", "[]"] and list(temporary.iterdir()) == []
