"""Fire from the Skies' pages on the docs site: the guide, the plotting sheet with the demonstration's search
plans, the tables card, the victory points, and the plane-handling limits beside the demonstration's carriers.

The same data and part templates as the player aids (:mod:`.aids`, ``templates/ffts_parts/``), each
rendered as one HTML block of a Markdown page with no blank lines, so Markdown leaves it whole.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.games import SiteData, SitePage, SiteSection
from toolkit.games.fire_from_the_skies.aids import TEMPLATES, air_ops_log, carriers, plotting_sheet, search_record, tables_card, victory_card
from toolkit.render.env import environment
from toolkit.render.guides import guide_text

__all__ = ["site_pages", "scenario_sections", "part", "GUIDE"]

GUIDE = "fire-from-the-skies.md"
STYLE = Path(TEMPLATES) / "ffts.css"


def part(name: str, **context) -> str:
    """One part template as an HTML block for a Markdown page."""
    text = environment(str(TEMPLATES)).get_template(f"ffts_parts/{name}.html").render(**context)
    lines = [line for line in text.splitlines() if line.strip()]
    style = " ".join(STYLE.read_text(encoding="utf-8").split())
    return '<div class="chartroom ffts-card">\n<style>' + style + "</style>\n" + "\n".join(lines) + "\n</div>\n"


def site_pages(data: SiteData) -> tuple[SitePage, ...]:
    """The pages, with the demonstration (the game's ``site_scenario``, opened by the core) on the game as it
    sees it: a scenario may bring its own plotting sheet (``map:``). Without it, the tables and victory points only."""
    game, demo = data.game, data.scenario
    intro = ("Generated from the game's data by Chartroom, like the player aids "
             "(`chartroom aids scenarios/fire-from-the-skies/coral-sea.yaml -o DIR`).\n\n")
    pages = [SitePage("tables", "Tables card", intro + part("tables", card=tables_card(game, demo))),
             SitePage("victory", "Victory points", intro + part("victory", card=victory_card(game, demo)))]
    if demo is not None:
        sheets = "".join(f"## {game.side_name(side)}\n\n" + _searches(game, demo, side) for side in game.side_ids)
        pages.insert(0, SitePage("searches", "Plotting sheet and searches", intro + "The demonstration's search plans (Coral Sea, 8 May 1942, "
                         "reconstructed) on its plotting sheet, with the bearing rose.\n\n" + sheets))
        pages.append(SitePage("carriers", "Air operations", intro + "".join(f"## {name}\n\n" + text for name, text in _air_operations(game, demo))))
    guide = guide_text(GUIDE)
    if guide:
        pages.insert(0, SitePage("guide", "Using Fire from the Skies with Chartroom", guide))
    return tuple(pages)


def _searches(game, scenario, side: str) -> str:
    """A side's search plan on the plotting sheet (FFTS 2.1, 7.4.9), and its search record."""
    return (part("sheet", card=plotting_sheet(game, scenario, side)) + "\n"
            + part("search", card=search_record(game, scenario, side)) + "\n")


def _air_operations(game, scenario) -> list[tuple[str, str]]:
    """Each carrier's (or air base's) air-operations log, by its name (FFTS 6.5-6.12)."""
    return [(log["name"], part("airops", c=log) + "\n") for log in (air_ops_log(game, scenario, h) for h in carriers(scenario))]


def scenario_sections(game, scenario) -> tuple[SiteSection, ...]:
    """What a scenario's page shows of the game's own aids: each side's searches on the plotting sheet, and the
    air-operations log of each carrier, as ``chartroom aids`` prints them."""
    sections = [SiteSection(f"Searches: {game.side_name(side)}", _searches(game, scenario, side)) for side in game.side_ids]
    logs = _air_operations(game, scenario)  # each log is headed by its carrier's name
    if logs:
        sections.append(SiteSection("Air operations", "".join(text for _, text in logs)))
    return tuple(sections)
