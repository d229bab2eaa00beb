"""HTML aids to PDF with WeasyPrint, in process (the ``pdf`` extra).

WeasyPrint and pypdf are imported lazily (:mod:`toolkit.lazy`): they are optional, and slow to import. The map stays SVG
inside the HTML (WeasyPrint draws SVG; it ignores CSS clip-path, so nothing here uses it).

Each page is painted once. Every aid is laid out and painted into its own PDF; the combined
``aids.pdf`` joins those PDFs (pypdf, part of the ``pdf`` extra) instead of painting every page
a second time. Without pypdf the combined PDF is painted from the laid-out pages as before.
The aids share one font configuration and one image cache, so fonts and the map's images are
loaded once per command (per worker process).

The aids are independent documents, so with more than one CPU they are laid out in worker
processes (``jobs``; default the CPUs this process may use, ``CHARTROOM_JOBS`` or ``--jobs``
to change it, 1 for none). Each aid's bytes do not depend on where it was made, and the files
are written by this process in the aids' order: the same aids give the same files either way.

WeasyPrint subsets the fonts it embeds with libharfbuzz-subset, or, where that system library is
missing, with fontTools (and warns, at import, that it will be required one day). fontTools stamps
each subset font with the time it was made; :func:`_fixed_font_dates` fixes that stamp, so the
bytes do not depend on the clock on either path, and the warning is expected, not an error. On that
path fontTools is given each font without the tables WeasyPrint drops anyway (:mod:`toolkit.render.pdffonts`),
which halves what writing a PDF costs there. A drawing's texts are drawn a run at a time, not a letter at
a time (:mod:`toolkit.render.pdfsvgtext`), and its drawings are given to WeasyPrint as images
(:mod:`toolkit.render.pdfhtml`). What WeasyPrint works out again and again with the same answer is kept: a text's
lines (:mod:`toolkit.render.pdfmeasure`), a style's strut (:mod:`toolkit.render.pdfstrut`), a box's used lengths
(:mod:`toolkit.render.pdfpercent`). A laid-out aid is freed by reference counting (:mod:`toolkit.render.pdfcontext`).
"""

from __future__ import annotations

import io
import logging
import multiprocessing
import os
import pickle
import shutil
import signal
import sys
import warnings
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from toolkit import lazy
from toolkit.errors import InputError
from toolkit.outputs import BUILD_DATE_EPOCH, fixed_build_date
from toolkit.render import pdfcontext, pdffonts, pdflibs, pdfmeasure, pdfpercent, pdfstrut, pdfsvgtext, pdfsvgvalues, pdftexts
from toolkit.render.pdfgc import collect_aid, fewer_collections, start_collecting_less
from toolkit.render.pdfhtml import drawings_as_images
from toolkit.render.pdfimports import deferred_font_tools
from toolkit.render.pdfsheet import shared_sheets
from toolkit.stackroom import with_stack_room

__all__ = ["PdfUnavailable", "html_to_pdf", "write_pdfs", "join_pdfs", "default_jobs"]


class PdfUnavailable(InputError):
    """WeasyPrint or its system libraries (pango) are missing."""


#: WeasyPrint's warning, at import, on a machine without libharfbuzz-subset (Debian: libharfbuzz-subset0).
#: The PDFs are the same either way (see the module's docstring), so it is not passed on.
HARFBUZZ_SUBSET_WARNING = "HarfBuzz-Subset will be required"


def _weasyprint():
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=HARFBUZZ_SUBSET_WARNING, category=DeprecationWarning)
            with deferred_font_tools():  # fontTools' subsetter imported when first used, if ever (pdfimports)
                weasyprint = pdflibs.import_quickly(lazy.weasyprint)  # its libraries loaded by their sonames (pdflibs)
    except ImportError as exc:  # missing package, or OSError-wrapped missing pango in some versions
        raise PdfUnavailable("PDF output needs WeasyPrint: pip install 'chartroom[pdf]'") from exc
    except OSError as exc:
        raise PdfUnavailable(f"WeasyPrint cannot load its system libraries (install pango): {exc}") from exc
    for name in ("weasyprint", "fontTools", "pypdf"):
        logging.getLogger(name).setLevel(logging.ERROR)
    # weasyprint.pdf.fonts is loaded with weasyprint.text.fonts; its fontTools path made cheaper (pdffonts)
    pdffonts.install(sys.modules.get("weasyprint.pdf.fonts"))
    pdfsvgtext.install()  # a drawing's texts drawn a run at a time, not a letter at a time
    pdfsvgvalues.install()  # a drawing's lengths and number lists read once per text
    pdfmeasure.install()  # a text measured for a table's column widths once per text and style
    pdftexts.install()  # a text made ready to draw once per text and style
    pdfstrut.install()  # a style's line height and baseline found by its values, not by their printed form
    pdfpercent.install()  # a box's used margins, paddings and sizes worked out once per style and containing block
    pdfcontext.install()  # a document's layout freed by reference counting once laid out (pdfcontext.untie)
    return weasyprint


def html_to_pdf(html: str, base_url: str | Path | None = None, *, font_config=None, cache=None):
    """A rendered WeasyPrint document of one aid.

    Without ``base_url`` links between aids stay relative (``setup-red.html``), so the PDF does
    not depend on the folder it was built in. ``font_config`` and ``cache`` (a dict) may be shared
    by the aids of one command. Its drawings are given as images (:mod:`toolkit.render.pdfhtml`: the same
    PDF, laid out at a fraction of the CPU), and its stylesheets parsed once per command (:mod:`toolkit.render.pdfsheet`).
    """
    weasyprint = _weasyprint()
    options = {} if cache is None else {"cache": cache}
    printed, sheets = shared_sheets(drawings_as_images(html), weasyprint.CSS, font_config)  # stylesheets parsed once
    try:
        return weasyprint.HTML(string=printed, base_url=str(base_url) if base_url is not None else None).render(
            font_config=font_config, stylesheets=sheets, **options)
    finally:
        pdfpercent.forget()  # the document's styles are its own
        pdfcontext.untie()  # and what its layout kept is freed when nothing holds it, not by a collector pass


#: Worker processes by default at most: eleven aids gain little from more, and each worker holds its own fonts.
MAX_DEFAULT_JOBS = 8


def default_jobs() -> int:
    """Worker processes for the PDFs: ``CHARTROOM_JOBS`` if set, else the CPUs this process may use (at most 8).

    Raises ValueError when ``CHARTROOM_JOBS`` is not a whole number of 1 or more, as ``--jobs`` would.
    """
    wanted = os.environ.get("CHARTROOM_JOBS", "").strip()
    if wanted:
        if not wanted.isdigit() or int(wanted) < 1:
            raise ValueError(f"CHARTROOM_JOBS: expected a whole number of processes, 1 or more, got {wanted!r}")
        return int(wanted)
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    quota = _cpu_quota()
    return max(1, min(cpus, quota or cpus, MAX_DEFAULT_JOBS))


#: A container's CPU quota (cgroup v2): "max 100000", or "200000 100000" for two CPUs.
CGROUP_CPU_MAX = Path("/sys/fs/cgroup/cpu.max")


def _cpu_quota() -> int | None:
    """The CPUs a container's quota allows (rounded up), or None when there is none or it cannot be read."""
    try:
        quota, period = CGROUP_CPU_MAX.read_text(encoding="ascii").split()[:2]
        return max(1, -(-int(quota) // int(period)))
    except (OSError, ValueError, ZeroDivisionError):
        return None  # "max", no cgroup v2, or unreadable: the CPUs the process may use


_WORKER: dict = {}  # one worker process's font configuration and image cache


#: The date fontTools writes into the fonts it subsets: the outputs' fixed build date (toolkit.outputs).
FONT_DATE_EPOCH = BUILD_DATE_EPOCH
_fixed_font_dates = fixed_build_date  # while PDFs are written, subset fonts carry that date, not the clock's


def _pdf_bytes(html: str, font_config=None, cache=None) -> tuple[bytes, int, object]:
    """One aid as PDF bytes, its page count, and the laid-out document (no dates in its metadata or fonts)."""
    document = html_to_pdf(html, font_config=font_config, cache=cache)
    document.metadata.created = None
    document.metadata.modified = None
    with _fixed_font_dates():
        return document.write_pdf(), len(document.pages), document


def _worker_start() -> None:
    """A worker leaves Ctrl-C to the command, which stops the workers itself; it lays aids out only, with fewer
    collector passes (:mod:`toolkit.render.pdfgc`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    start_collecting_less()
    # run as the worker ends (multiprocessing's exit, which frees nothing): WeasyPrint's font folder removed
    multiprocessing.util.Finalize(None, lambda: remove_font_folder(_WORKER.get("font_config")), exitpriority=0)
    signal.signal(signal.SIGTERM, _worker_stopped)  # and when the command stops it (an aid failed, Ctrl-C: _stop)


def _worker_stopped(signal_number, frame) -> None:
    """A worker stopped by the command (:func:`_stop`) removes WeasyPrint's font folder, then ends as the signal ends it.
    Before, each worker stopped while a page's own fonts were in use left one in the temporary folder."""
    remove_font_folder(_WORKER.get("font_config"))
    signal.signal(signal_number, signal.SIG_DFL)
    os.kill(os.getpid(), signal_number)


def _worker_pdf(html: str):
    """``(bytes, pages)`` of one aid, or ``(None, exception)``: the exception as raised, or as text where it cannot travel."""
    try:
        if not _WORKER:
            _WORKER.update(font_config=_weasyprint().text.fonts.FontConfiguration(), cache={})
        data, pages, _ = with_stack_room(_pdf_bytes, html, _WORKER["font_config"], _WORKER["cache"])
        collect_aid()
        return data, pages
    except Exception as error:  # noqa: BLE001 - sent back to the command, which raises it
        try:
            pickle.dumps(error)
        except Exception:  # noqa: BLE001 - an exception that cannot be pickled travels as its text
            error = RuntimeError(f"{type(error).__name__}: {error}")
        return None, error


def remove_font_folder(font_config) -> None:
    """Remove the folder WeasyPrint wrote a page's ``@font-face`` fonts to (made on first use, an outside game's
    stylesheet say; never with Chartroom's own). WeasyPrint removes it when the font configuration is freed, which
    a worker process never does, nor a command that ends without the interpreter's shutdown (:mod:`toolkit.entry`):
    so once the PDFs are written, here. Before, each worker left one in the temporary folder."""
    folder = getattr(font_config, "_folder", None)  # weasyprint.text.fonts.FontConfiguration's, None until a font is added
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        font_config._folder = None


def _fork_context():
    """Workers are forked (they inherit the loaded aids and WeasyPrint), on Linux only: elsewhere fork is
    unsafe or missing, and the PDFs are made in process."""
    if not sys.platform.startswith("linux"):
        return None
    if multiprocessing.current_process().daemon:  # a daemon (a pool's worker, say) may have no children
        return None
    try:
        return multiprocessing.get_context("fork")
    except ValueError:
        return None


def write_pdfs(aids, out, combined_name: str = "aids.pdf", progress=None, jobs: int | None = None) -> dict[str, int]:
    """Write ``<stem>.pdf`` for every aid and one combined PDF; return page counts by file name.

    ``out`` is a :class:`toolkit.outputs.OutputFolder`. PDF metadata carries no creation date and
    links carry no absolute path, so the same aids give the same bytes wherever they are built.
    ``jobs`` worker processes lay the aids out (default :func:`default_jobs`; 1: in this process).
    The collector makes fewer passes meanwhile (:mod:`toolkit.render.pdfgc`).
    """
    _weasyprint()
    fonts: list = []  # the font configuration of the aids laid out here, if any
    try:
        with fewer_collections():  # and the layout's deep calls on one chunk of frame stack (toolkit.stackroom)
            return with_stack_room(_write_pdfs, aids, out, combined_name, progress, jobs, fonts)
    finally:
        for font_config in fonts:
            remove_font_folder(font_config)


def _write_pdfs(aids, out, combined_name: str, progress, jobs: int | None, fonts: list) -> dict[str, int]:
    """:func:`write_pdfs`, the collector set as it wants; the font configuration it lays aids out with put in ``fonts``."""
    jobs = max(1, min(jobs or default_jobs(), len(aids)))
    context = _fork_context() if jobs > 1 else None
    counts: dict[str, int] = {}
    parts: list[bytes] = []
    documents = []
    results = None
    if context is not None and _has_pypdf():  # without pypdf the combined PDF needs the laid-out pages here
        if progress:
            progress(f"PDF of {len(aids)} aids in {jobs} processes")
        results = _in_workers(aids, jobs, context)
    if results is None:
        font_config, cache = _weasyprint().text.fonts.FontConfiguration(), {}
        fonts.append(font_config)
        results = []
        keep = not _has_pypdf()  # the laid-out pages are painted again into the combined PDF only without pypdf
        for index, aid in enumerate(aids, 1):
            if progress:
                progress(f"PDF {index}/{len(aids)}: {aid.stem}")
            data, pages, document = _pdf_bytes(aid.html, font_config, cache)
            results.append((data, pages))
            documents.append(document if keep and aid.stem != "index" else None)
            del document
            collect_aid()
    for aid, (data, pages) in zip(aids, results):
        out.write(f"{aid.stem}.pdf", data)
        counts[f"{aid.stem}.pdf"] = pages
        if aid.stem != "index":
            parts.append(data)
    if parts:
        if progress:
            progress(f"joining {len(parts)} PDFs into {combined_name}")
        combined = join_pdfs(parts)
        if combined is None:  # no pypdf: paint the laid-out pages once more
            laid_out = [doc for doc in documents if doc is not None]
            joined = laid_out[0].copy([page for doc in laid_out for page in doc.pages])
            joined.metadata.created = None
            joined.metadata.modified = None
            with _fixed_font_dates():
                combined = joined.write_pdf()
        out.write(combined_name, combined)
        counts[combined_name] = sum(pages for aid, (_, pages) in zip(aids, results) if aid.stem != "index")
    return counts


def _in_workers(aids, jobs: int, context) -> list[tuple[bytes, int]] | None:
    """Every aid's PDF bytes and pages from ``jobs`` forked workers, in the aids' order; None when
    worker processes cannot be had here, whatever the reason (no shared memory for their queues, a
    daemon process, a limit on processes, a worker that died): then in process (issue 21 item 5).

    The first aid that fails stops the others and its error is raised, as in process; so does Ctrl-C.
    """
    # The longest aids first (their HTML's length stands for their layout time), so no worker is
    # left with a long aid at the end; the results are taken back in the aids' order.
    order = sorted(range(len(aids)), key=lambda i: -len(aids[i].html))
    pool = None
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_start)
        futures = {i: pool.submit(_worker_pdf, aids[i].html) for i in order}
    except (OSError, AssertionError, RuntimeError, ValueError, BrokenProcessPool):
        # no process may be started here (a daemon, no shared memory, a limit on processes): in process
        if pool is not None:
            _stop(pool)
        return None
    results = []
    try:
        for i in range(len(aids)):
            try:
                data, pages = futures[i].result()
            except BrokenProcessPool:  # a worker could not start or died (out of memory?): all in process
                _stop(pool)
                return None
            if data is None:
                raise pages
            results.append((data, pages))
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return results


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the workers now, not after the aids they are laying out."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)


def _has_pypdf() -> bool:
    try:
        lazy.pypdf()
    except ImportError:
        return False
    return True


def join_pdfs(parts: list[bytes]) -> bytes | None:
    """One PDF of every page of ``parts`` in order, with their outlines and links; None without pypdf.

    The document information (title, producer) is the first part's; the result depends only on
    the parts' bytes (no date, a file identifier derived from the content).
    """
    try:
        pypdf = lazy.pypdf()
    except ImportError:
        return None
    PdfReader, PdfWriter = pypdf.PdfReader, pypdf.PdfWriter
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(parts[0])))
    for data in parts[1:]:
        writer.append(PdfReader(io.BytesIO(data)))
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
