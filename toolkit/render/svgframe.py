"""What every map drawing shares, whatever its kind: numbers as SVG writes them, the title, the page size."""

from __future__ import annotations

from toolkit.model import Game, Scenario

__all__ = ["r", "headings", "page_size"]


def r(value: float) -> str:
    """A coordinate to one decimal, never ``-0.0`` (the same drawing gives the same bytes)."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def headings(game: Game, scenario: Scenario | None, title: str | None, count: int, noun: str) -> tuple[str, str]:
    """The drawing's title and the line under it (edition, start turn, how many hexes or areas)."""
    heading = title if title is not None else (f"{game.title} - {scenario.title}" if scenario else f"{game.title} - map")
    sub = f"{game.edition.citation}" + (f", turn {scenario.start_turn} set-up" if scenario is not None else "") + f"; {count} {noun}"
    return heading, sub


def page_size(width: float, height: float, fit_mm: tuple[float, float] | None) -> tuple[str, str]:
    """The SVG's width and height: pixels of the drawing, or millimetres fitting ``fit_mm`` (for print)."""
    if fit_mm is None:
        return r(width), r(height)
    scale = min(fit_mm[0] / width, fit_mm[1] / height)
    return f"{r(width * scale)}mm", f"{r(height * scale)}mm"
