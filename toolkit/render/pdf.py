"""HTML aids to PDF with WeasyPrint, in process (the ``pdf`` extra).

WeasyPrint is imported lazily: it is optional, and slow to import. The map stays SVG
inside the HTML (WeasyPrint draws SVG; it ignores CSS clip-path, so nothing here uses it).
"""

from __future__ import annotations

import logging
from pathlib import Path

__all__ = ["PdfUnavailable", "html_to_pdf", "write_pdfs"]


class PdfUnavailable(Exception):
    """WeasyPrint or its system libraries (pango) are missing."""


def _weasyprint():
    try:
        import weasyprint  # noqa: PLC0415
    except ImportError as exc:  # missing package, or OSError-wrapped missing pango in some versions
        raise PdfUnavailable("PDF output needs WeasyPrint: pip install 'chartroom[pdf]'") from exc
    except OSError as exc:
        raise PdfUnavailable(f"WeasyPrint cannot load its system libraries (install pango): {exc}") from exc
    for name in ("weasyprint", "fontTools"):
        logging.getLogger(name).setLevel(logging.ERROR)
    return weasyprint


def html_to_pdf(html: str, base_url: str | Path | None = None):
    """A rendered WeasyPrint document of one aid.

    Without ``base_url`` links between aids stay relative (``setup-red.html``), so the PDF does
    not depend on the folder it was built in.
    """
    weasyprint = _weasyprint()
    return weasyprint.HTML(string=html, base_url=str(base_url) if base_url is not None else None).render()


def write_pdfs(aids, out, combined_name: str = "aids.pdf", progress=None) -> dict[str, int]:
    """Write ``<stem>.pdf`` for every aid and one combined PDF; return page counts by file name.

    ``out`` is a :class:`toolkit.outputs.OutputFolder`. PDF metadata carries no creation date and
    links carry no absolute path, so the same aids give the same bytes wherever they are built.
    """
    counts: dict[str, int] = {}
    documents = []
    for index, aid in enumerate(aids, 1):
        if progress:
            progress(f"PDF {index}/{len(aids)}: {aid.stem}")
        document = html_to_pdf(aid.html)
        document.metadata.created = None
        document.metadata.modified = None
        out.write(f"{aid.stem}.pdf", document.write_pdf())
        counts[f"{aid.stem}.pdf"] = len(document.pages)
        if aid.stem != "index":
            documents.append(document)
    if documents:
        first = documents[0]
        pages = [page for doc in documents for page in doc.pages]
        combined = first.copy(pages)
        combined.metadata.created = None
        combined.metadata.modified = None
        out.write(combined_name, combined.write_pdf())
        counts[combined_name] = len(pages)
    return counts
