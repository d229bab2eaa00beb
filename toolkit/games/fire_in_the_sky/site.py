"""Fire in the Sky's own pages on the docs site: the guides to its commands (``docs/odds.md``, ``docs/plan.md``)."""

from __future__ import annotations

from typing import Mapping

from toolkit.model import Game
from toolkit.render.sitepages import guides_dir

__all__ = ["site_pages", "GUIDES"]

#: (stem, label, file in docs/): the hand-written guides shown among the game's pages.
GUIDES = (("odds", "Battle odds", "odds.md"), ("plan", "Operations plan", "plan.md"))


def _guide(name: str) -> str:
    """A guide without its title (the site page has its own), or "" where it is not installed."""
    path = guides_dir() / name
    if not path.is_file():
        return ""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(lines[1:] if lines and lines[0].startswith("# ") else lines).lstrip("\n")


def site_pages(games: Mapping[str, Game]) -> tuple[tuple[str, str, str], ...]:
    """``(stem, label, markdown)`` for each guide that is there."""
    return tuple((stem, label, text) for stem, label, name in GUIDES if (text := _guide(name)))
