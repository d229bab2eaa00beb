"""HTML aids to PDF with WeasyPrint, in process (the ``pdf`` extra).

WeasyPrint is imported lazily: it is optional, and slow to import. The map stays SVG
inside the HTML (WeasyPrint draws SVG; it ignores CSS clip-path, so nothing here uses it).

Each page is painted once. Every aid is laid out and painted into its own PDF; the combined
``aids.pdf`` joins those PDFs (pypdf, part of the ``pdf`` extra) instead of painting every page
a second time. Without pypdf the combined PDF is painted from the laid-out pages as before.
The aids share one font configuration and one image cache, so fonts and the map's images are
loaded once per command.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

__all__ = ["PdfUnavailable", "html_to_pdf", "write_pdfs", "join_pdfs"]


class PdfUnavailable(Exception):
    """WeasyPrint or its system libraries (pango) are missing."""


def _weasyprint():
    try:
        import weasyprint  # noqa: PLC0415
    except ImportError as exc:  # missing package, or OSError-wrapped missing pango in some versions
        raise PdfUnavailable("PDF output needs WeasyPrint: pip install 'chartroom[pdf]'") from exc
    except OSError as exc:
        raise PdfUnavailable(f"WeasyPrint cannot load its system libraries (install pango): {exc}") from exc
    for name in ("weasyprint", "fontTools", "pypdf"):
        logging.getLogger(name).setLevel(logging.ERROR)
    return weasyprint


def html_to_pdf(html: str, base_url: str | Path | None = None, *, font_config=None, cache=None):
    """A rendered WeasyPrint document of one aid.

    Without ``base_url`` links between aids stay relative (``setup-red.html``), so the PDF does
    not depend on the folder it was built in. ``font_config`` and ``cache`` (a dict) may be shared
    by the aids of one command.
    """
    weasyprint = _weasyprint()
    options = {} if cache is None else {"cache": cache}
    return weasyprint.HTML(string=html, base_url=str(base_url) if base_url is not None else None).render(font_config=font_config, **options)


def write_pdfs(aids, out, combined_name: str = "aids.pdf", progress=None) -> dict[str, int]:
    """Write ``<stem>.pdf`` for every aid and one combined PDF; return page counts by file name.

    ``out`` is a :class:`toolkit.outputs.OutputFolder`. PDF metadata carries no creation date and
    links carry no absolute path, so the same aids give the same bytes wherever they are built.
    """
    _weasyprint()
    from weasyprint.text.fonts import FontConfiguration

    font_config, cache = FontConfiguration(), {}
    counts: dict[str, int] = {}
    parts: list[bytes] = []
    documents = []
    for index, aid in enumerate(aids, 1):
        if progress:
            progress(f"PDF {index}/{len(aids)}: {aid.stem}")
        document = html_to_pdf(aid.html, font_config=font_config, cache=cache)
        document.metadata.created = None
        document.metadata.modified = None
        data = document.write_pdf()
        out.write(f"{aid.stem}.pdf", data)
        counts[f"{aid.stem}.pdf"] = len(document.pages)
        if aid.stem != "index":
            parts.append(data)
            documents.append(document)
    if parts:
        if progress:
            progress(f"joining {len(parts)} PDFs into {combined_name}")
        combined = join_pdfs(parts)
        if combined is None:  # no pypdf: paint the laid-out pages once more
            joined = documents[0].copy([page for doc in documents for page in doc.pages])
            joined.metadata.created = None
            joined.metadata.modified = None
            combined = joined.write_pdf()
        out.write(combined_name, combined)
        counts[combined_name] = sum(len(doc.pages) for doc in documents)
    return counts


def join_pdfs(parts: list[bytes]) -> bytes | None:
    """One PDF of every page of ``parts`` in order, with their outlines and links; None without pypdf.

    The document information (title, producer) is the first part's; the result depends only on
    the parts' bytes (no date, a file identifier derived from the content).
    """
    try:
        from pypdf import PdfReader, PdfWriter
    except ImportError:
        return None
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(parts[0])))
    for data in parts[1:]:
        writer.append(PdfReader(io.BytesIO(data)))
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
