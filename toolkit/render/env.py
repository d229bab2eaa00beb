"""The Jinja2 environment of the player aids and the map.

Autoescaping is on for ``.html``, ``.svg`` and ``.xml`` templates (``select_autoescape``
covers only html/htm/xml unless told) and for templates built from strings. Undefined
names are errors, so a template typo fails the build instead of printing nothing.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from markupsafe import Markup

from toolkit.lazy import jinja2

if TYPE_CHECKING:  # an annotation: jinja2 itself loads with the first environment (toolkit.lazy)
    from jinja2 import Environment

__all__ = ["environment", "TEMPLATES", "fmt_number", "side_label", "nation_label", "AUTOESCAPE_EXTENSIONS"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
AUTOESCAPE_EXTENSIONS = ("html", "htm", "svg", "xml")

# Labels every game shares; a side's or nation's own name comes from its game's manifest.
SIDES = {"none": "Uncontrolled", "both": "Both players", "phasing": "Phasing player"}
NATIONS = {"none": "none"}


def fmt_number(value) -> str:
    """7.5, 8, 0.25 as players write them; anything else as text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return f"{value:g}"
    return "" if value is None else str(value)


def side_label(side) -> str:
    """A side or player role as players say it: the shared labels, else the word capitalised (``initiative`` -> ``Initiative``)."""
    text = str(side)
    return SIDES.get(text, text[:1].upper() + text[1:])


def nation_label(nation) -> str:
    return NATIONS.get(str(nation), str(nation))


def humanize(key) -> str:
    """``air_zoc_effects`` -> ``Air zoc effects``; ``sea-deployment`` -> ``Sea deployment``."""
    text = str(key).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def _tojson_script(value) -> Markup:
    """JSON for a <script> block: the characters that could close it are escaped."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=True)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").replace("'", "\\u0027")
    return Markup(text)


@lru_cache(maxsize=8)
def environment(game_templates: str | None = None) -> Environment:
    """The environment of the core templates, with a game's own templates first when it has some.

    A game's template may extend the core's (``{% extends "aid.html" %}``) and include its parts.

    Kept once a process per templates folder: jinja's loader checks each template file's time
    before using its compiled form (``auto_reload``), so a changed template is read again.
    """
    j2 = jinja2()
    loader = j2.FileSystemLoader(str(TEMPLATES))
    if game_templates:
        loader = j2.ChoiceLoader([j2.FileSystemLoader(game_templates), loader])
    env = j2.Environment(
        loader=loader,
        autoescape=j2.select_autoescape(enabled_extensions=AUTOESCAPE_EXTENSIONS, default_for_string=True, default=True),
        undefined=j2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["num"] = fmt_number
    env.filters["side"] = side_label
    env.filters["nation"] = nation_label
    env.filters["humanize"] = humanize
    env.filters["tojson"] = _tojson_script
    return env
