"""The generated pages of the docs site, as Markdown text by page path.

Pure functions over the data and the model: ``site/hooks.py`` turns the result into
mkdocs ``File.generated`` objects. User strings never reach a page unescaped: tables
and lists are HTML fragments from autoescaping templates, and the few strings that go
into Markdown (headings, link text) pass through :func:`md` first.
"""

from __future__ import annotations

import argparse
import dataclasses
import html
import importlib
import json
import pkgutil
import re
from pathlib import Path

from toolkit.findings import Finding
from toolkit.model.build import bundled_scenarios
from toolkit.records import field, lazy_dataclass
from toolkit.render.aids import base_directory, manifest_rows, schedule, sequence_of_play, setup_card
from toolkit.render.authoring import authoring_reference
from toolkit.render.citations import game_citations
from toolkit.render.env import environment, fmt_number, humanize
from toolkit.render.guides import guide_text, guides_dir
from toolkit.render.svgmap import render_map_svg
from toolkit.render.svgsetup import render_setup_svg
from toolkit.render.svgsheet import render_sheet_svg
from toolkit.schema import schema_dir
from toolkit.words import counted

__all__ = ["guide_text", "guides_dir", "md", "nav_title", "generate_pages", "game_pages", "GamePart", "scenario_page", "reference_pages",
           "copied_docs", "slug", "map_picture", "home_games"]



_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")


def md(text) -> str:
    """Plain text made safe for Markdown: HTML-escaped, Markdown punctuation backslash-escaped, one line."""
    one_line = " ".join(str(text).split())
    return html.escape(_MD_SPECIAL.sub(r"\\\1", one_line), quote=False)


def nav_title(text) -> str:
    """A user string as a navigation title, safe in every theme template.

    Themes print navigation titles unescaped and pass page titles through ``striptags``,
    which unescapes entities inside ``<title>``; so angle brackets become the look-alike
    quotation marks and the rest is HTML-escaped.
    """
    one_line = " ".join(str(text).split())
    return html.escape(one_line.replace("<", "\u2039").replace(">", "\u203a"), quote=True)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-") or "page"


def fragment(template: str, **context) -> str:
    """An HTML block for a Markdown page (autoescaped; no blank lines, so Markdown leaves it whole)."""
    text = environment().get_template(template).render(**context)
    lines = [line for line in text.splitlines() if line.strip()]
    return '<div class="chartroom">\n' + "\n".join(lines) + "\n</div>\n"


def _page(title: str, *parts: str) -> str:
    return f"# {md(title)}\n\n" + "\n".join(p if p.endswith("\n") else p + "\n" for p in parts)


def _games(root: Path) -> list[Path]:
    return sorted(p.parent for p in root.glob("*/game.yaml"))


# --- per game -------------------------------------------------------------------------

#: The core pages of a game's part of the site, in navigation order, with their labels (see ``CORE_PAGES``).
PAGE_LABELS = (("bases", "Bases"), ("counters", "Counter mix"), ("schedules", "Reinforcement schedules"),
               ("editions", "Editions compared"), ("sequence", "Sequence of play"), ("errata", "Errata"),
               ("reference", "Authoring reference"))


@lazy_dataclass
class GamePart:
    """A game's part of the site: its pages by path, its scenarios as (path, title), every page after the
    overview as (label, path) in navigation order, and what the home page shows of it."""

    gid: str
    title: str
    pages: dict[str, str] = field(default_factory=dict)
    scenarios: list[tuple[str, str]] = field(default_factory=list)
    entries: list[tuple[str, str]] = field(default_factory=list)
    pitch: str = ""
    picture: str = ""  # the map as a standalone SVG document, or "" when the game did not load


def _first_problem(*opened) -> Finding | None:
    return next((f for o in opened for f in o.findings if f.severity == "error"), None)


def game_pages(folder: Path, session) -> GamePart:
    """The pages of one game: its overview, the core pages its module declares (``core_pages``) where its
    data has something for them, its scenarios' pages, and the pages its module adds (``site_pages``).

    Every file is opened through ``session``; a game that does not load gets an overview saying why.
    """
    info, probe = session.game_manifest(folder)
    gid = (info or {}).get("game", folder.name)
    title = (info or {}).get("title", gid)
    part = GamePart(gid, title)
    base = f"games/{gid}"
    editions = [e["id"] for e in (info or {}).get("editions", [])]
    loaded = {ed: session.open_game(folder, ed) for ed in editions}
    games = {ed: opened.game for ed, opened in loaded.items() if opened.game is not None}
    module = next((opened.module for opened in loaded.values() if opened.module is not None), None)
    if info is None or not games or module is None:
        problem = _first_problem(probe, *loaded.values())
        part.pages[f"{base}/index.md"] = _page(title, fragment("site/problem.html", problem=problem))
        return part
    first_game = games[editions[0]] if editions[0] in games else next(iter(games.values()))
    part.pitch, part.picture = module.pitch, map_picture(first_game, title, module.map_style(first_game))
    declared = set(module.core_pages)
    core = [(stem, label, text) for stem, label in PAGE_LABELS if stem in declared
            and (text := _core_page(stem, title, folder, info, games, loaded, module)) is not None]
    added = [(stem, label, _page(f"{title}: {label}", text)) for stem, label, text in module.site_pages(session.site_data(folder, module, games))]
    scenarios = []
    for rel in info.get("files", {}).get("scenarios", []):
        scenarios.append({"file": rel, "exists": (folder / rel).is_file(), "slug": slug(Path(rel).stem)})
    for stem, label, text in core + added:
        part.pages[f"{base}/{stem}.md"] = text
        part.entries.append((label, f"{base}/{stem}.md"))
    overview = [fragment("site/game.html", info=info, editions=info.get("editions", []), gid=gid, scenarios=scenarios, pitch=module.pitch,
                         counts={ed: {"map": _map_size(g), "counters": len(g.counters)} for ed, g in games.items()},
                         pages=[{"stem": stem, "label": label} for stem, label, _ in core + added])]
    if "map" in declared:
        overview += ["## Map\n", fragment("site/map.html", svg=part.picture)]
    part.pages[f"{base}/index.md"] = _page(title, *overview)
    for s in scenarios:
        if s["exists"]:
            page, stitle = scenario_page(folder / s["file"], f"scenarios/{gid}/{s['slug']}.md", session)
            part.pages.update(page)
            part.scenarios.append((f"scenarios/{gid}/{s['slug']}.md", stitle))
    return part


def _core_page(stem: str, title: str, folder: Path, info: dict, games: dict, loaded: dict, module) -> str | None:
    """A core page of a game, or ``None`` where its data has nothing for it (never an empty table)."""
    if stem == "bases":
        with_bases = [g for g in games.values() if any(p.is_base for p in g.map.places.values())]
        return _page(f"{title}: bases", *[f"## {md(g.edition.citation)}\n\n" + fragment("parts/bases.html", directory=base_directory(g, None, module))
                                          for g in with_bases]) if with_bases else None
    if stem == "counters":
        with_counters = [g for g in games.values() if g.counters]
        return _page(f"{title}: counter mix", *[f"## {md(g.edition.citation)}\n\n" + fragment("site/counters.html", rows=manifest_rows(g))
                                                for g in with_counters]) if with_counters else None
    if stem == "schedules":
        if not any(g.schedules for g in games.values()):
            return None
        return _page(f"{title}: reinforcement schedules", *[
            f"## {md(g.edition.citation)}, {md(g.side_name(side))}\n\n"
            + (fragment("site/schedule.html", turns=rows) if (rows := _schedule_rows(g, side, module))
               else f"No reinforcements are scheduled for {md(g.side_name(side))} in {md(g.edition.citation)}.\n")
            for g in games.values() for side in g.side_ids])
    if stem == "editions":  # a comparison needs two editions
        return _page(f"{title}: editions and how they differ", _editions_fragment(info, loaded)) if len(games) > 1 else None
    if stem == "errata":
        errata = [(g.edition.citation, list(g.errata)) for g in games.values()]
        return _page(f"{title}: errata", fragment("site/errata.html", errata=errata)) if any(items for _, items in errata) else None
    if stem == "sequence":
        with_sequence = [g for g in games.values() if g.edition.sequence_of_play]
        return _page(f"{title}: sequence of play", *[f"## {md(g.edition.citation)}\n\n" + fragment("parts/sequence.html", sop=sequence_of_play(g))
                                                     for g in with_sequence]) if with_sequence else None
    if stem == "reference":
        return _authoring_page(title, folder, info)
    raise ValueError(f"no core page {stem!r}")


def _authoring_page(title: str, folder: Path, info: dict) -> str | None:
    """Every section and key of every kind of file of the game, from its schemas (``chartroom schema KIND --game``).

    The page has no side table of contents (the tables need the width): each kind lists its sections instead.
    """
    kinds = authoring_reference(folder, info, guides_dir() / "examples")
    if not kinds:
        return None
    gid = slug(info.get("game", folder.name))
    parts = [f"Every key {md(title)} reads, by kind of file and section, from the game's schemas: what `chartroom check` "
             "accepts. A key marked *required* must be written; the example is from the bundled files where they have one. "
             f"`chartroom schema KIND --game {gid}` prints the schema of a kind, for your editor. "
             "A variant is a scenario file with `extends:` and writes only the keys that differ.\n",
             "Kinds: " + ", ".join(f"[{md(k.kind)}](#{slug(k.kind)})" for k in kinds) + ".\n"]
    for k in kinds:
        anchors = {section.path: "keys-" + slug(f"{k.kind} {section.path or 'top'}") for section in k.sections}  # not a heading's id
        parts.append(f"## {md(k.kind)}\n")
        parts.append(f"{md(k.description)}\n" if k.description else "")
        parts.append("Sections: " + ", ".join(f"[`{path or 'top level'}`](#{a})" for path, a in anchors.items()) + ".\n")
        shapes: dict[tuple, str] = {}  # the rows of a section already shown -> its path
        for section in k.sections:
            heading = f"`{section.path}`" if section.path else "top level"
            parts.append(f"### {md(k.kind)}: {heading}\n")
            shape = tuple((row.key, row.required, row.meaning, row.unit, row.allowed) for row in section.rows)
            if shape in shapes:  # an empty slot of each rating, a removal shaped as its addition: one table, linked
                first = shapes[shape]
                parts.append(f'<div class="chartroom">\n<p class="cr-keys-path" id="{anchors[section.path]}">Each <code>{html.escape(section.path)}</code> '
                             f'has the keys of <a href="#{anchors[first]}"><code>{html.escape(first or "top level")}</code></a>.</p>\n</div>\n')
                continue
            shapes[shape] = section.path
            rows = [{"row": row, "example": _short(row.example),
                     "inner": next(((p, anchors[p]) for p in _inner_paths(section.path, row.key) if p in anchors), None)}
                    for row in section.rows]
            parts.append(fragment("site/authoring.html", s=section, rows=rows, anchor=anchors[section.path], top=not section.path))
    return "---\nhide:\n  - toc\n---\n\n" + _page(f"{title}: authoring reference", *parts)


def _inner_paths(path: str, key: str) -> tuple[str, ...]:
    """The sections a key's value may have: a mapping, the entries of a list, the values of a mapping by name."""
    at = f"{path}.{key}" if path else key
    return (at, at + "[]", at + ".<name>")


def _short(text: str, limit: int = 48) -> str:
    """An example cut to one short line (a scenario's notes are paragraphs)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def map_picture(game, title: str, style=None) -> str:
    """The game's map as a standalone SVG, drawn by the renderer of its map's kind (hex grid, areas,
    plotting sheet): the picture on the home page and on the game's overview; a hex grid in the
    game's ``style`` (its module's ``map_style``)."""
    if game.map.kind == "plotting-sheet":
        return render_sheet_svg(game.map, f"{title} - plotting sheet ({game.edition.citation})",
                                marks={place.hex: place.name for place in game.map.places.values() if place.hex})
    return render_map_svg(game, None, title=f"{title} - map ({game.edition.citation})", style=style)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "es" if word.endswith(("x", "s")) else "s")


def _map_size(game) -> str:
    """The map in a few words: hexes and bases of a hex grid; areas by kind, boxes and bases of an area map."""
    m = game.map
    bases = sum(1 for p in m.places.values() if p.is_base)
    if m.kind == "areas":
        kinds: dict[str, int] = {}
        for kind in m.area_kinds.values():
            kinds[kind] = kinds.get(kind, 0) + 1
        parts = [_plural(n, kind) for kind, n in sorted(kinds.items())] or [_plural(len(m.hexes), "area")]
        parts += [_plural(len(m.boxes), "box")] if m.boxes else []
    else:
        parts = [_plural(len(m.hexes), "hex")]
    return ", ".join(parts + ([_plural(bases, "base")] if bases else []))


def _schedule_rows(game, side: str, module) -> list[dict]:
    """Every turn of a side's schedule as the data writes it; a value an optional rule takes away says which rule
    (the game's ``schedule_notes`` with every optional rule of the edition in use)."""
    withheld = module.schedule_notes(game, side, frozenset(game.edition.optional_rules)).withheld
    rows = []
    for st in sorted((t for t in game.schedules if t.side == side), key=lambda t: t.turn):
        units = []
        for entry in st.units:
            counter = game.counters.get(entry.counter)
            name = counter.name if counter else entry.counter
            qty = counted(entry.steps, "step") if entry.steps else f"x{entry.count}"
            units.append(name + " " + qty + (f" (optional rule {entry.optional_rule})" if entry.optional_rule else ""))
        points = [f"{humanize(k)} {fmt_number(v)}" + (f" (not with optional rule {withheld[st.turn, k]})" if (st.turn, k) in withheld else "")
                  for k, v in sorted(st.data.items())
                  if (k.endswith("_points") or k.endswith("_steps")) and isinstance(v, (int, float)) and not isinstance(v, bool)]
        withdrawals = [str(w.get("counter")) for w in st.data.get("withdrawals") or [] if isinstance(w, dict)]
        rows.append({"turn": st.turn, "units": units, "points": points, "withdrawals": withdrawals,
                     "source": st.data.get("source", ""), "reconstructed": bool(st.data.get("reconstructed"))})
    return rows


def _value_text(value) -> str:
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value_text(v) for v in value)
    return fmt_number(value)


def _editions_fragment(info: dict, loaded: dict) -> str:
    """The editions side by side: parameters, rule numbers and optional rules, from each edition's file as opened."""
    docs = {}
    for ed in (info.get("files", {}).get("editions") or {}):
        opened = loaded.get(ed)
        document = next((d for d in opened.documents if isinstance(d.data, dict) and d.data.get("kind") == "edition"
                         and d.data.get("edition") == ed), None) if opened is not None else None
        if document is not None:
            docs[ed] = document.data
    eds = list(docs)
    params, rules, optional = [], [], []
    names = sorted({n for d in docs.values() for n in (d.get("parameters") or {})})
    for name in names:
        cells, summaries = [], []
        for ed in eds:
            record = (docs[ed].get("parameters") or {}).get(name)
            value = record.get("value") if isinstance(record, dict) else record
            cells.append("" if record is None else _value_text(value))
            if isinstance(record, dict) and record.get("summary"):
                summaries.append(record["summary"])
        params.append({"name": name, "cells": cells, "differs": len(set(cells)) > 1, "summary": summaries[0] if summaries else ""})
    for key in sorted({k for d in docs.values() for k in (d.get("rules") or {})}):
        cells = []
        for ed in eds:
            r = (docs[ed].get("rules") or {}).get(key)
            cells.append(f"{r.get('number', '')} {r.get('title', '')}".strip() if isinstance(r, dict) else "")
        rules.append({"name": key, "cells": cells, "differs": len({c.split(' ')[0] for c in cells}) > 1})
    for ed in eds:
        for r in docs[ed].get("optional_rules") or []:
            optional.append({"edition": ed, "number": r.get("number", ""), "title": r.get("title", ""),
                             "favours": r.get("favours", ""), "counterpart": r.get("counterpart", ""), "summary": r.get("summary", "")})
    return fragment("site/editions.html", editions=[docs[e].get("citation", e) for e in eds],
                    titles=[docs[e].get("title", e) for e in eds], params=params, rules=rules, optional=optional,
                    differing=sum(1 for p in params if p["differs"]))


# --- per scenario ------------------------------------------------------------------------

def _portable_names(loaded, path: Path) -> dict[str, str]:
    """Each document's name as shown to the user -> its path relative to the folder holding the
    game folder (else to the scenario's folder, else its bare name): never where the site was built."""
    bases = ([loaded.game.root.resolve().parent] if loaded.game is not None else []) + [path.resolve().parent]
    names = {}
    for document in loaded.documents:
        target = Path(document.path).resolve()
        names[document.name] = next((target.relative_to(base).as_posix() for base in bases if target.is_relative_to(base)),
                                    target.name)
    return names


def _portable(finding, names: dict[str, str]):
    message = finding.message
    for shown, portable in sorted(names.items(), key=lambda item: -len(item[0])):
        message = message.replace(shown, portable)
    location = dataclasses.replace(finding.location, file=names.get(finding.location.file, finding.location.file))
    return dataclasses.replace(finding, message=message, location=location)


def scenario_page(path: Path, uri: str, session) -> tuple[dict[str, str], str]:
    """The page of one scenario: map with overlays, the set-up cards and reinforcement schedules the game
    has (its module's ``core_aids``: ``setup``, ``schedule``), the sections its module adds
    (``scenario_sections``), and the validation report.

    Files are named relative to the game's folder, so the page is the same wherever it is built.
    """
    loaded = session.open_scenario(path)
    names = _portable_names(loaded, path)
    findings = sorted((_portable(f, names) for f in loaded.findings), key=lambda f: f.sort_key())
    report = fragment("site/report.html", findings=findings)
    if loaded.game is None or loaded.scenario is None or loaded.module is None:
        title = loaded.scenario.title if loaded.scenario is not None else path.stem
        return {uri: _page(title, "The scenario could not be loaded.\n", "## Validation report\n", report)}, title
    game, scenario, module = loaded.game, loaded.scenario, loaded.module
    overlays = module.overlays(game, scenario) if loaded.ok else {}
    parts = [
        fragment("site/scenario.html", scenario=scenario, game=game, edition=game.edition.citation,
                 files=[names.get(f, f) for f in scenario.files],
                 errors=sum(1 for f in findings if f.severity == "error"), warnings=sum(1 for f in findings if f.severity == "warning")),
        "## Map at the start\n",
        fragment("site/map.html", svg=render_map_svg(game, scenario, overlays=("control", "air_zoc", "supply"), layers=overlays,
                                                       style=module.map_style(game))),
    ]
    if "setup-map" in module.core_aids:  # the counters where they stand, zoomable, details on hover (issue 24)
        own = sorted(loaded.findings, key=lambda f: f.sort_key())  # located in the files read, to find their places (the panel names files only)
        drawing = render_setup_svg(game, scenario, module.setup_pieces(game, scenario), module.map_style(game), findings=own)
        parts += ["## Set-up map\n", fragment("site/setup-map.html", svg=drawing)]
    if "setup" in module.core_aids:
        for side in game.side_ids:
            card = setup_card(game, scenario, side, module)
            parts.append(f"## Set-up: {md(card['label'])}\n")
            parts.append(fragment("parts/setup.html", card=card, scenario=scenario) if any(card[k] for k in ("locations", "track", "sunk", "markers"))
                         else f"{md(card['label'])} sets up no units in this scenario.\n")
    if "schedule" in module.core_aids:
        for side in game.side_ids:
            sched = schedule(game, scenario, side, module)
            parts.append(f"## Reinforcements: {md(game.side_name(side))}\n")
            parts.append(fragment("parts/schedule.html", sched=sched, scenario=scenario) if sched["turns"]
                         else f"No reinforcements arrive for {md(game.side_name(side))} from turn {scenario.start_turn}.\n")
    if not loaded.game_errors():  # the game's own aids read its data, as chartroom aids does
        for heading, text in module.scenario_sections(game, scenario):
            parts += [f"## {md(heading)}\n", text]
    parts += ["## Validation report\n", report]
    return {uri: _page(scenario.title, *parts)}, scenario.title


# --- reference -----------------------------------------------------------------------------

def _schema_rows(schema: dict) -> list[dict]:
    rows = []
    required = set(schema.get("required") or [])
    for name, prop in (schema.get("properties") or {}).items():
        rows.append({"name": name, "required": name in required, "description": prop.get("description", ""),
                     "type": _schema_type(prop)})
    return rows


def _schema_type(prop: dict) -> str:
    if "const" in prop:
        return f"constant {json.dumps(prop['const'])}"
    if "enum" in prop:
        return "one of " + ", ".join(json.dumps(v) for v in prop["enum"])
    if "$ref" in prop:
        return prop["$ref"].split("/")[-1]
    t = prop.get("type", "")
    if isinstance(t, list):
        t = " or ".join(t)
    if t == "array" and isinstance(prop.get("items"), dict):
        return f"list of {_schema_type(prop['items']) or 'items'}"
    return t


def schema_reference(schemas_dir: Path) -> str:
    entries = []
    for path in sorted(schemas_dir.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        defs = [{"name": n, "description": d.get("description", ""), "type": _schema_type(d), "rows": _schema_rows(d)}
                for n, d in sorted((schema.get("$defs") or {}).items())]
        entries.append({"file": path.name, "kind": path.name.split(".")[0], "title": schema.get("title", path.name),
                        "description": schema.get("description", ""), "rows": _schema_rows(schema), "defs": defs})
    parts = ["Every document kind has a JSON Schema (draft 2020-12) in `schemas/`. "
             "`chartroom schema KIND` prints the path of one, for your editor.\n"]
    for e in entries:
        parts.append(f"## {md(e['kind'])}\n")
        parts.append(fragment("site/schema.html", e=e))
    return _page("Schema reference", *parts)


def cli_reference(parser: argparse.ArgumentParser) -> str:
    commands = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                args = []
                for a in sub._actions:
                    if isinstance(a, argparse._HelpAction):
                        continue
                    flags = ", ".join(a.option_strings) or a.metavar or a.dest
                    args.append({"flags": flags, "help": sub._get_formatter()._get_help_string(a) or "", "choices": ", ".join(map(str, a.choices)) if a.choices else "",
                                 "default": "" if a.default in (None, False, [], argparse.SUPPRESS) or not a.option_strings else str(a.default),
                                 "required": bool(a.required or not a.option_strings)})
                commands.append({"name": name, "help": helps.get(name, ""), "usage": " ".join(sub.format_usage().split()), "args": args})
    intro = ("Exit status: 0 clean, 1 an error finding, 2 input that cannot be read or parsed (or bad arguments), "
             "3 an internal error. Errors are one line on stderr.\n")
    parts = [intro]
    for c in commands:
        parts.append(f"## chartroom {md(c['name'])}\n")
        parts.append(fragment("site/command.html", c=c))
    return _page("Command-line reference", *parts)


def _query_citations(module, game) -> list[dict]:
    """The game module's rule queries whose module docstring cites rules (``<citation> <edition> x.y``)."""
    package = importlib.import_module(type(module).__module__)
    editions = "|".join(re.escape(e) for e in game.editions)
    pattern = re.compile(rf"(?:{re.escape(game.citation)} )?({editions}) ([0-9][0-9.]*[0-9])")
    out = []
    for info in sorted(pkgutil.iter_modules(getattr(package, "__path__", [])), key=lambda m: m.name):
        if info.ispkg:
            continue
        mod = importlib.import_module(f"{package.__name__}.{info.name}")
        doc = (mod.__doc__ or "").strip()
        first = doc.splitlines()[0] if doc else ""
        cites = sorted(set(pattern.findall(doc)))
        functions = [name for name in getattr(mod, "__all__", []) if callable(getattr(mod, name, None))]
        if not cites or not functions:
            continue
        out.append({"module": mod.__name__, "summary": first, "functions": functions,
                    "cites": [", ".join(n for e, n in cites if e == ed) for ed in game.editions]})
    return out


def rules_reference(game_folders: list[Path], session) -> str:
    parts = ["Every check `chartroom check` runs, in every game, with the clause it enforces and the rule it cites in each "
             "edition; a finding cites the rule of the scenario's edition. *Also cites* lists the more precise rules some of "
             "its findings cite instead. The table is generated from the code (each check's registration, its edition's "
             "rules table and the citations in its source, `toolkit/render/citations.py`), so it cannot drift from what "
             "the checks report. Findings the core reports while reading a scenario that cite a rule (an unknown optional "
             "rule, a scenario checked in another edition) have a row too, marked *core*, with each game's rule.\n"]
    queries = []
    tables = game_citations(game_folders, session)
    for table in tables:
        rows = [{"code": r.code, "severity": r.severity, "summary": ("core: " if r.core else "") + r.clause, "rule": r.rule,
                 "cells": [c + (f"; also {', '.join(a)}" if a else "") for c, a in zip(r.cells, r.also)]} for r in table.rows]
        if len(game_folders) > 1:
            parts.append(f"## {md(table.title)}\n")
        anchor = f"{table.game.id}-" if len(tables) > 1 else ""  # one id per row of the page: a code may be in every game's table
        parts.append(fragment("site/rules.html", rows=rows, editions=list(table.editions), anchor=anchor))
        queries.append((table.game, _query_citations(table.module, table.game)))
    parts.append("## Rule queries\n")
    parts.append("The rule queries of each game module (map graphs, supply, zones of control, movement, costs), "
                 "with the rules their documentation cites.\n")
    for game, rows in queries:
        parts.append(fragment("site/graph.html", rows=rows, editions=list(game.editions)))
    return _page("Rules cross-reference", *parts)


def reference_pages(session, cli_parser) -> dict[str, str]:
    games = _games(bundled_scenarios())
    return {
        "reference/schemas.md": schema_reference(schema_dir()),
        "reference/cli.md": cli_reference(cli_parser),
        "reference/rules.md": rules_reference(games, session),
    }


def copied_docs(guides: Path | None = None) -> dict[str, str]:
    """Hand-written docs kept in ``docs/``: copied into the site, not moved."""
    out = {}
    for name in ("authoring.md", "data-format.md", "designing-a-variant.md", "adding-a-game.md", "python-api.md", "editor.md"):
        path = (guides or guides_dir()) / name
        if path.is_file():  # a picture of the site's assets, linked from docs/ as it is in the repository
            out[f"guide/{name}"] = path.read_text(encoding="utf-8").replace("](../site/docs/assets/", "](../assets/")
    return out


def home_games(parts: list[GamePart]) -> str:
    """The games on the home page: each with its picture, its pitch and where to go next (``site/hooks.py``
    puts it into the hand-written home page at its marker line)."""
    games = [{"gid": p.gid, "title": p.title, "pitch": p.pitch, "picture": bool(p.picture),
              "first": next(({"page": path.rsplit("/", 1)[-1].removesuffix(".md"), "title": title} for path, title in p.scenarios), None),
              "scenarios": len(p.scenarios)} for p in parts]
    return fragment("site/home.html", games=games)


def generate_pages(session, cli_parser, extra_scenarios=()) -> tuple[dict[str, str], dict]:
    """Every generated page by its path under the docs folder (and each game's map picture,
    ``games/<game>/map.svg``), and the navigation of the generated part with the home page's list of games."""
    pages: dict[str, str] = {}
    nav_games, nav_scenarios, parts = [], [], []
    for folder in _games(bundled_scenarios()):
        part = game_pages(folder, session)
        parts.append(part)
        pages.update(part.pages)
        if part.picture:
            pages[f"games/{part.gid}/map.svg"] = part.picture
        entries = [{"Overview": f"games/{part.gid}/index.md"}] + [{nav_title(label): path} for label, path in part.entries]
        nav_games.append({nav_title(part.title): entries})
        if part.scenarios:
            nav_scenarios.append({nav_title(part.title): [{nav_title(t): p} for p, t in part.scenarios]})
    extra = []
    for i, path in enumerate(extra_scenarios):
        uri = f"scenarios/extra/{slug(Path(path).stem)}-{i + 1}.md"
        page, title = scenario_page(Path(path), uri, session)
        pages.update(page)
        extra.append({nav_title(title): uri})
    if extra:
        nav_scenarios.append({"Given to chartroom site": extra})
    pages.update(reference_pages(session, cli_parser))
    pages.update(copied_docs())
    nav = {"home": home_games(parts), "games": nav_games, "scenarios": nav_scenarios,
           "guides": [{label: p} for label, p in (("Designing a variant", "guide/designing-a-variant.md"),
                                                  ("Your editor (language server)", "guide/editor.md")) if p in pages],
           "developers": [{label: p} for label, p in (("Adding a game", "guide/adding-a-game.md"), ("Data format", "guide/data-format.md"),
                                                      ("Asking from Python", "guide/python-api.md")) if p in pages],
           "reference": [{"Schemas": "reference/schemas.md"}, {"Command line": "reference/cli.md"}, {"Rules cross-reference": "reference/rules.md"}]}
    return pages, nav
