"""``build_aids(opened, out_dir)``: every aid of a scenario written as HTML (and PDF) into a folder.

Its own module, apart from :mod:`toolkit.render`, because it imports :mod:`toolkit.render.pdf` (the
process pool of the PDF workers: multiprocessing, about 40 ms to import), which a game's aids and
site pages, loaded by ``chartroom check`` with the game, never need.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import Callable

from toolkit.outputs import OutputFolder
from toolkit.render.aids import AidsFindingsError, map_svg, render_aids
from toolkit.render.pdf import _weasyprint, write_pdfs
from toolkit.render.pdfgc import fewer_collections

__all__ = ["build_aids", "AIDS_MANIFEST"]

#: The manifest of what ``chartroom aids`` wrote into a folder (see :mod:`toolkit.outputs`).
AIDS_MANIFEST = ".chartroom-aids"


def build_aids(opened, out_dir: str | Path, *, pdf: bool = False, paper: str = "a4",
               progress: Callable[[str], None] | None = None, force: bool = False, jobs: int | None = None,
               warn: Callable[[str], None] | None = None) -> dict:
    """Write every aid of an opened scenario to ``out_dir`` as HTML (and PDF); return what was written.

    ``opened`` is what :meth:`toolkit.session.Session.open_scenario` gave (game, scenario, module,
    findings, documents). The result maps ``"html"`` and ``"pdf"`` to lists of file names and
    ``"pages"`` to the PDF page counts by file name. Raises :class:`AidsError` when the game's own
    data has errors, and :class:`toolkit.render.pdf.PdfUnavailable` when PDF output is asked for
    without WeasyPrint, and :class:`toolkit.outputs.OutputError` when the folder is not safe to
    write (a symbolic link, or files Chartroom did not write there, unless ``force``). ``jobs``:
    processes laying out the PDFs (see :func:`toolkit.render.pdf.write_pdfs`). ``warn`` is told,
    in one line, of manifest entries left alone (see :class:`toolkit.outputs.OutputFolder`).
    """
    out = Path(out_dir)
    # An error in the game's own data (map, counters, editions) makes every aid suspect: refuse, naming it.
    game_errors = opened.game_errors()
    if game_errors:
        first = game_errors[0]
        raise AidsFindingsError(f"{first.location}: {first.message} (the game data has errors; see chartroom check {opened.game.root})")
    with fewer_collections() if pdf else nullcontext():  # the PDFs' objects, few of them garbage (toolkit.render.pdfgc)
        return _build(opened, out, pdf, paper, progress, force, jobs, warn)


def _build(opened, out: Path, pdf: bool, paper: str, progress, force: bool, jobs, warn) -> dict:
    """:func:`build_aids` once the game's data is known to be sound."""
    if pdf:  # fail before writing anything when WeasyPrint is missing
        _weasyprint()
    if progress:
        progress(f"rendering aids of {opened.scenario.title} ({opened.game.edition.citation})")
    aids = render_aids(opened.game, opened.scenario, opened.module, paper=paper)
    folder = OutputFolder(out, AIDS_MANIFEST, force=force, what="aids")
    folder.prepare()
    if folder.left_alone and warn:
        warn(folder.left_alone)
    errors = opened.errors()
    written = {"html": [], "pdf": [], "pages": {}, "errors": len(errors),
               "first_error": f"{errors[0].location}: {errors[0].message}" if errors else ""}
    for aid in aids:
        folder.write(f"{aid.stem}.html", aid.html)
        written["html"].append(f"{aid.stem}.html")
    if any(aid.stem == "map" for aid in aids):  # the map aid's drawing, as a file of its own
        folder.write("map.svg", map_svg(opened.game, opened.scenario, opened.module))
        written["html"].append("map.svg")
    if pdf:
        try:
            pages = write_pdfs(aids, folder, progress=progress, jobs=jobs)
        finally:
            folder.finish()
        written["pdf"] = list(pages)
        written["pages"] = pages
    else:
        folder.finish()
    return written
