"""The hand-written guides of ``docs/`` that the site's pages include (a game's guide to its commands).

Apart from :mod:`toolkit.render.sitepages` so that a game's site module, loaded with the game by
``chartroom check``, imports the guide reader only, not the page generator.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["guide_text", "guides_dir"]


def guides_dir() -> Path:
    """The hand-written guides: ``docs/`` in a checkout, ``toolkit/guides`` when installed."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package.parent / "docs", package / "guides"):
        if candidate.is_dir():
            return candidate
    return package.parent / "docs"


def guide_text(name: str) -> str:
    """A guide of ``docs/`` without its title (the site page has its own), or "" where it is not installed."""
    path = guides_dir() / name
    if not path.is_file():
        return ""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(lines[1:] if lines and lines[0].startswith("# ") else lines).lstrip("\n")
