"""Does every page of a PDF aid hold what it should? Read from the PDF, not judged by eye.

Two readings of each page of ``<stem>.pdf`` (next to the ``<stem>.html`` it was made from):

- its text (poppler's pdftotext, or pypdf), less the footer: a page whose text is only headings or captions of the aid
  (``h1``-``h6``, the aid's header, ``figcaption``, ``caption``) is a heading or caption left alone;
- its picture (poppler's ``pdftoppm``, grey, at a low resolution): the page's margins, outside the
  content area the aid's ``@page`` rule sets, are blank above the footer line. A table or drawing
  too tall or too wide for its page is drawn on into the margin (WeasyPrint does not clip it), so
  ink there is a cut or an overflow.

:func:`page_problems` gives one line per fault; the tests assert it is empty. :func:`fill` gives how
much of each page's content area is used, top to last ink, for the "nearly empty page" rule.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["Page", "read_pages", "page_problems", "PAGE_MARGIN", "INK"]

MM_PER_INCH = 25.4
#: A grey below this is ink (white paper is 255; the lightest shading in the aids is #f1f1f1, 241).
INK = 250
#: The footer's line of text sits in the middle of the bottom margin; this much either side of it is its own.
FOOTER_HALF_HEIGHT_MM = 2.5
#: Anti-aliasing spills a pixel or so past an edge: the bands start this far inside the margin.
EDGE_MM = 0.8
PAGE_MARGIN = re.compile(r"@page\s*\{[^}]*?margin:\s*([\d.]+)mm\s+([\d.]+)mm\s+([\d.]+)mm\s+([\d.]+)mm")
FOOTER = re.compile(r"Chartroom player aid|page \d+ of \d+")


class _Headings(HTMLParser):
    """The texts of an aid's headings and captions, each whitespace-free."""

    TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "header", "figcaption", "caption"}

    def __init__(self):
        super().__init__()
        self.open: list[list[str]] = []
        self.texts: set[str] = set()
        self.depth: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.TAGS:
            self.open.append([])
            self.depth.append(tag)

    def handle_endtag(self, tag):
        if self.depth and tag == self.depth[-1]:
            self.depth.pop()
            text = _squeeze("".join(self.open.pop()))
            if text:
                self.texts.add(text)
                for outer in self.open:  # a heading inside the header is the header's text too
                    outer.append(text)

    def handle_data(self, data):
        if self.open and not self.depth[-1:] == ["style"]:
            self.open[-1].append(data)


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@dataclass
class Page:
    """One page of an aid: its number (from 1), its text less the footer, and its grey picture."""

    number: int
    text: str
    width: int
    height: int
    pixels: bytes
    dpi: float

    def px(self, mm: float) -> int:
        return round(mm * self.dpi / MM_PER_INCH)

    def ink(self, x0: int, y0: int, x1: int, y1: int) -> int:
        """How many pixels of the box [x0, x1) x [y0, y1) are ink."""
        count = 0
        for y in range(max(0, y0), min(self.height, y1)):
            row = self.pixels[y * self.width + max(0, x0): y * self.width + min(self.width, x1)]
            count += sum(1 for value in row if value < INK)
        return count

    def last_ink_row(self, x0: int, x1: int, below: int) -> int | None:
        """The lowest row above ``below`` with ink between columns x0 and x1."""
        for y in range(min(below, self.height) - 1, -1, -1):
            if any(value < INK for value in self.pixels[y * self.width + x0: y * self.width + x1]):
                return y
        return None


def _pgm(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and grey bytes of a binary PGM (``P5``) as pdftoppm writes it."""
    fields = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    width, height = int(fields.group(1)), int(fields.group(2))
    return width, height, data[fields.end(): fields.end() + width * height]


def page_texts(pdf: Path) -> list[str]:
    """Each page's text: from poppler's ``pdftotext`` (a form feed ends each page), which reads in C what
    pypdf reads in Python at a few times the CPU; from pypdf where pdftotext is missing."""
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True, capture_output=True).stdout.decode("utf-8")
        return text.split("\f")[:-1]
    from pypdf import PdfReader  # the pdf extra: optional, so asked for only here (callers check it first)

    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages]


def read_pages(pdf: Path, dpi: float = 30) -> list[Page]:
    """Every page of ``pdf``: its text (:func:`page_texts`) less the footer, picture from ``pdftoppm -gray`` at ``dpi``."""
    texts = [FOOTER.sub("", text) for text in page_texts(pdf)]
    pages = []
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(pdf), f"{folder}/p"], check=True, capture_output=True)
        pictures = sorted(Path(folder).glob("p*.pgm"), key=lambda p: int(p.stem.rsplit("-", 1)[-1]))
        for number, (text, picture) in enumerate(zip(texts, pictures, strict=True), 1):
            width, height, pixels = _pgm(picture.read_bytes())
            pages.append(Page(number, text, width, height, pixels, dpi))
    return pages


def margins_mm(html: str) -> tuple[float, float, float, float]:
    """Top, right, bottom, left page margins of an aid, in mm, from its ``@page`` rule."""
    found = PAGE_MARGIN.search(html)
    assert found, "the aid has no @page margin in mm"
    return tuple(float(v) for v in found.groups())


def headings(html: str) -> set[str]:
    parser = _Headings()
    parser.feed(re.sub(r"<style.*?</style>", "", html, flags=re.S))
    return parser.texts


def heading_only(page: Page, titles: set[str]) -> bool:
    """The page's text, less every heading and caption of its aid, is nothing (an empty page counts too)."""
    rest = _squeeze(page.text)
    for title in sorted(titles, key=len, reverse=True):
        rest = rest.replace(title, "")
    return rest == ""


def margin_ink(page: Page, margins: tuple[float, float, float, float]) -> list[str]:
    """Where ink crosses into the page's margins above the footer line: 'bottom', 'left', 'right'."""
    top, right, bottom, left = margins
    footer_top = page.height - page.px(bottom / 2 + FOOTER_HALF_HEIGHT_MM)
    bands = {
        "bottom": (0, page.height - page.px(bottom - EDGE_MM), page.width, footer_top),
        "left": (0, 0, page.px(left - EDGE_MM), footer_top),
        "right": (page.width - page.px(right - EDGE_MM), 0, page.width, footer_top),
    }
    return [f"{name} margin ({page.ink(*box)} pixels)" for name, box in bands.items() if page.ink(*box)]


def fill(page: Page, margins: tuple[float, float, float, float]) -> float:
    """The share of the content area's height used, from its top to the last ink in it (0 for an empty page)."""
    top, right, bottom, left = margins
    y0, y1 = page.px(top), page.height - page.px(bottom)
    last = page.last_ink_row(page.px(left), page.width - page.px(right), y1)
    if last is None or last < y0:
        return 0.0
    return min(1.0, (last - y0 + 1) / (y1 - y0))


def page_problems(folder: Path, stem: str, pages: list[Page] | None = None) -> list[str]:
    """One line per page of ``<stem>.pdf`` that holds only a heading or caption, or has ink in its margins.

    ``pages``: the PDF's pages if already read (:func:`read_pages`)."""
    html = (folder / f"{stem}.html").read_text(encoding="utf-8")
    margins, titles = margins_mm(html), headings(html)
    problems = []
    for page in pages if pages is not None else read_pages(folder / f"{stem}.pdf"):
        where = f"{stem}.pdf page {page.number}"
        if heading_only(page, titles):
            problems.append(f"{where}: holds only a heading or caption: {' '.join(page.text.split())[:80]!r}")
        problems += [f"{where}: ink in the {band}: a table or drawing cut by the page or running into the footer"
                     for band in margin_ink(page, margins)]
    return problems
