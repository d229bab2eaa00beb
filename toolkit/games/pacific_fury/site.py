"""Pacific Fury's pages on the docs site: zones, tracks, tables and odds, events, rosters (PF 2.1-11.0).

The same data and templates as the player aids (:mod:`toolkit.games.pacific_fury.aids`): each
page is the card's part template (``templates/pf_parts/``) rendered as one HTML block of a
Markdown page, autoescaped, with no blank lines so Markdown leaves it whole. The core joins
them to the game's part of the site navigation (:func:`toolkit.render.sitepages.game_pages`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from toolkit.games import SiteData, SitePage, SiteSection
from toolkit.games.pacific_fury.aids import event_card, planning_sheet, roster, sequence_card, track_sheet, zone_card
from toolkit.games.pacific_fury.aids_odds import combat_card, odds_card
from toolkit.render.env import environment
from toolkit.render.guides import guide_text

__all__ = ["TEMPLATES", "site_pages", "scenario_sections", "part"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
#: The guide to the game, in the hand-written docs (``docs/``).
GUIDE = "pacific-fury.md"

#: Styles of the card classes on the site (the aids carry theirs in pf.css).
SITE_STYLE = ("<style>.chartroom .pf-blank{display:inline-block;min-width:1.6rem;height:0.9rem;border:1px dashed #222;vertical-align:middle}"
              ".chartroom .pf-ph{color:#8a1c1c;font-weight:bold}.chartroom .pf-start{background:#fff3c4;font-weight:bold}"
              ".chartroom .pf-cite{font-size:0.62rem;color:#555}.chartroom .pf-callout{border:2px solid #b35900;background:#fff6ec;padding:0.3rem 0.6rem;margin:0.5rem 0}"
              ".chartroom .pf-zones svg{width:100%;height:auto;max-width:60rem}.chartroom .pf-odds td{text-align:right;white-space:nowrap}"
              ".chartroom .pf-odds td .dec{display:block;color:#666;font-size:0.58rem}.chartroom .pf-odds td.zero{color:#aaa}"
              ".chartroom .pf-strip{display:flex;gap:0.3rem}.chartroom .pf-strip .pf-cell{flex:1;border:1px solid #222;padding:0.2rem;text-align:center;font-size:0.65rem}"
              ".chartroom .pf-loop{display:inline-block;border:1px solid #777;padding:0 0.2rem;margin:0 0.1rem;font-size:0.6rem}</style>")


def part(name: str, card: dict, edition: str) -> str:
    """One card's part template as an HTML block for a Markdown page."""
    text = environment(str(TEMPLATES)).get_template(f"pf_parts/{name}.html").render(card=card, edition=edition)
    lines = [line for line in text.splitlines() if line.strip()]
    return '<div class="chartroom pf-card">\n' + SITE_STYLE + "\n" + "\n".join(lines) + "\n</div>\n"


def _rules_list(card: dict) -> str:
    rules = card["rules"].values() if isinstance(card.get("rules"), Mapping) else card.get("rules", ())
    return "".join(f"- {r['cite']} {r['title']}\n" for r in rules)


def site_pages(data: SiteData) -> tuple[SitePage, ...]:
    """The game's pages, from its first edition (PF has one) and the start of its campaign (PF 3.0-3.3),
    which the core opened (``site_scenario``; ``None`` when it does not load: the cards then show no start)."""
    game = data.game
    edition = game.edition.citation
    start = data.scenario
    intro = ("Generated from the game's data by Chartroom, like the player aids "
             "(`chartroom aids scenarios/pacific-fury/campaign.yaml -o DIR`).\n\n")
    zones = zone_card(game, None)
    tracks = track_sheet(game, start)
    combat, odds = combat_card(game, None), odds_card(game, None)
    events = event_card(game, None)
    sequence = sequence_card(game, None)
    pages = [
        SitePage("zones", "Sea zones", intro + part("zones", zones, edition) + "\nRules: \n\n" + _rules_list(zones)),
        SitePage("tracks", "Tracks and Operation Boxes", intro + part("tracks", tracks, edition) + "\n## Task-force planning\n\n"
         + "".join(f"### {game.side_name(side)}\n\n" + part("planning", planning_sheet(game, None, side), edition) + "\n"
                   for side in game.side_ids)),
        SitePage("tables", "Combat tables and odds", intro + "## Combat\n\n" + part("combat", combat, edition)
         + "\n## Odds\n\n" + part("odds", odds, edition)),
        SitePage("events", "Events and sequence of play", intro + "## Event Tables\n\n" + part("events", events, edition)
         + "\n## Sequence of play\n\n" + part("sequence", sequence, edition)),
        SitePage("rosters", "Ship rosters", intro + "".join(f"## {game.side_name(side)}\n\n" + part("roster", roster(game, start, side), edition) + "\n"
                                                    for side in game.side_ids)),
    ]
    guide = guide_text(GUIDE)
    if guide:
        pages.insert(0, SitePage("guide", "Using Pacific Fury with Chartroom", guide))
    return tuple(pages)



def scenario_sections(game, scenario) -> tuple[SiteSection, ...]:
    """What a scenario's page shows of the game's own cards: the Initiative and Turn Record Tracks with its start
    and arrivals (PF 3.3-3.6), and each side's ship roster with where each ship starts."""
    edition = game.edition.citation
    return (SiteSection("Tracks and Operation Boxes", part("tracks", track_sheet(game, scenario), edition)),
            *(SiteSection(f"Ship roster: {game.side_name(side)}", part("roster", roster(game, scenario, side), edition))
              for side in game.side_ids))
