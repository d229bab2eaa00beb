"""Fire in the Sky's own pages on the docs site: the guides to its commands (``docs/odds.md``, ``docs/plan.md``)."""

from __future__ import annotations

from toolkit.games import SiteData, SitePage
from toolkit.render.guides import guide_text

__all__ = ["site_pages", "GUIDES"]

#: (stem, label, file in docs/): the hand-written guides shown among the game's pages.
GUIDES = (("odds", "Battle odds", "odds.md"), ("plan", "Operations plan", "plan.md"))


def site_pages(data: SiteData) -> tuple[SitePage, ...]:
    """A page for each guide that is there (the guides read no game data)."""
    return tuple(SitePage(stem, label, text) for stem, label, name in GUIDES if (text := guide_text(name)))
