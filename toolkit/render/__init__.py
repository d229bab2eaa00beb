"""Player aids (HTML, PDF), the SVG map and the docs site: the only output besides the reports.

``build_aids(scenario, out_dir)`` writes every aid of a scenario; the pieces live in
:mod:`toolkit.render.aids` (data for the templates), :mod:`toolkit.render.svgmap` (the map),
:mod:`toolkit.render.pdf` (WeasyPrint, optional) and :mod:`toolkit.render.site` (mkdocs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from toolkit.render.aids import AIDS, AidsError, prepare, render_aids
from toolkit.render.env import environment

__all__ = ["build_aids", "AidsError", "AIDS", "environment"]


def build_aids(scenario_path: str | Path, out_dir: str | Path, *, pdf: bool = False, paper: str = "a4",
               edition: str | None = None, progress: Callable[[str], None] | None = None) -> dict:
    """Write every aid of the scenario to ``out_dir`` as HTML (and PDF); return what was written.

    The result maps ``"html"`` and ``"pdf"`` to lists of file names and ``"pages"`` to the PDF
    page counts by file name. Raises :class:`AidsError` for a scenario that cannot be loaded,
    and :class:`toolkit.render.pdf.PdfUnavailable` when PDF output is asked for without WeasyPrint.
    """
    from toolkit.render.aids import map_svg

    out = Path(out_dir)
    prepared = prepare(scenario_path, edition)
    # An error in the game's own data (map, counters, editions) makes every aid suspect: refuse, naming it.
    game_files = {d.name for d in prepared.documents if not (isinstance(d.data, dict) and d.data.get("kind") == "scenario")}
    game_errors = [f for f in prepared.findings if f.severity == "error" and f.location.file in game_files]
    if game_errors:
        first = game_errors[0]
        raise AidsError(f"{first.location}: {first.message} (the game data has errors; see chartroom check {prepared.game.root})", 1)
    if pdf:  # fail before writing anything when WeasyPrint is missing
        from toolkit.render.pdf import _weasyprint

        _weasyprint()
    if progress:
        progress(f"rendering aids of {prepared.scenario.title} ({prepared.game.edition.citation})")
    aids = render_aids(prepared.game, prepared.scenario, paper=paper)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AidsError(f"cannot create {out}: {exc.strerror or exc}") from None
    errors = [f for f in prepared.findings if f.severity == "error"]
    written = {"html": [], "pdf": [], "pages": {}, "errors": len(errors),
               "first_error": f"{errors[0].location}: {errors[0].message}" if errors else ""}
    for aid in aids:
        (out / f"{aid.stem}.html").write_text(aid.html, encoding="utf-8", newline="\n")
        written["html"].append(f"{aid.stem}.html")
    (out / "map.svg").write_text(map_svg(prepared.game, prepared.scenario), encoding="utf-8", newline="\n")
    written["html"].append("map.svg")
    if pdf:
        from toolkit.render.pdf import write_pdfs

        pages = write_pdfs(aids, out, progress=progress)
        written["pdf"] = list(pages)
        written["pages"] = pages
    return written
