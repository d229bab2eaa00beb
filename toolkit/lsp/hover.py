"""Hover: what the name under the cursor is in the game (a counter, a place, hex or zone, a record of the
scenario), and for a finding's code (written in the file, or of a diagnostic under the cursor) the rule's
summary with its number in the scenario's edition."""

from __future__ import annotations

from lsprotocol import types

from toolkit.lsp.documents import Checked
from toolkit.lsp.lookup import Named, check_codes, counter_use, named
from toolkit.lsp.text import node_at, value_at
from toolkit.session import Opened

__all__ = ["hover"]


def hover(checked: Checked, model: Opened | None, position: types.Position, published: list[types.Diagnostic]) -> types.Hover | None:
    """The hover text at ``position``, or None where there is nothing to say."""
    parts = []
    word = _word(checked, position)
    codes = check_codes(model)
    if word is not None:
        found = named(word, model, [*(model.documents if model else []), checked.document])
        if found is not None:
            parts.append(_describe(found, model))
        elif word in codes:
            parts.append(_rule(codes[word], model))
    for diagnostic in published:
        if _inside(position, diagnostic.range) and diagnostic.code in codes:
            text = _rule(codes[diagnostic.code], model)
            if text not in parts:
                parts.append(text)
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, "\n\n---\n\n".join(parts))) if parts else None


def _word(checked: Checked, position: types.Position) -> str | None:
    if checked.document is None:
        return None
    found = node_at(checked.document, checked.lines, position.line, position.character)
    if found is not None:
        path, is_key = found
        value = path[-1] if is_key and path else value_at(checked.document.data, path)
        return value if isinstance(value, str) else None
    line = checked.lines[position.line] if position.line < len(checked.lines) else ""
    if position.character > len(line):  # a stale position past the line's end: no word under it
        return None
    start = end = position.character  # a word in a comment: a finding's code (``# expect: COUNTER-MIX@12``)
    while start > 0 and (line[start - 1].isalnum() or line[start - 1] == "-"):
        start -= 1
    while end < len(line) and (line[end].isalnum() or line[end] == "-"):
        end += 1
    return line[start:end] or None


def _inside(position: types.Position, where: types.Range) -> bool:
    return (where.start.line, where.start.character) <= (position.line, position.character) <= (where.end.line, where.end.character)


def _rule(check, model: Opened) -> str:
    edition = model.game.edition
    cited = edition.cite(check.rule) if check.applies_to(edition.id) else f"not checked in edition {edition.id}"
    title = (edition.rules.get(check.rule) or {}).get("title", "")
    return f"**{check.code}** ({check.severity}): {check.summary}\n\nRule: {cited}{' ' + title if title else ''} (edition {edition.id})"


def _rating(value) -> str:
    if isinstance(value, dict) and set(value) == {"empty"}:
        return f"(empty slot: {value['empty']})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)


def _ratings(ratings: dict) -> str:
    return ", ".join(f"{name.replace('_', ' ')} {_rating(value)}" for name, value in ratings.items()) or "none stated"


def _describe(found: Named, model: Opened | None) -> str:
    if found.kind == "counter":
        c = found.value
        side = model.game.side_name(c.side) if model is not None else c.side
        nation = model.game.nations.get(c.nation, c.nation) if model is not None else c.nation
        lines = [f"**{c.name}** (`{c.id}`): {c.type}{' ' + c.cls if c.cls else ''} counter of {nation}, side: {side}",
                 f"Ratings: {_ratings(c.ratings)}",
                 f"Counter mix: {'unlimited' if c.unlimited else c.count}"]
        if c.optional_rule:
            lines.append(f"Optional rule: {c.optional_rule}")
        if model is not None and model.scenario is not None:
            setup, track = counter_use(model, c.id)
            lines.append(f"Used in this scenario: {setup} in the set-up, {track} on the Turn Record Track")
        return "\n\n".join(lines)
    if found.kind == "place":
        p = found.value
        capacities = ", ".join(f"{name} {value}" for name, value in p.extra if isinstance(value, (int, float)) and not isinstance(value, bool))
        marks = "".join(f", {name}" for name, value in p.extra if value is True)
        lines = [f"**{p.name}**: {p.kind}{marks}, hex {p.hex}", f"Capacities: {capacities or 'none stated'}"]
        if p.vp:
            lines.append(f"Victory points: {p.vp}")
        lines.append(f"Controlled at the start by: {_controller(p, model)}")
        return "\n\n".join(lines)
    if found.kind == "box":
        b = found.value
        lines = [f"**{b.name}**: {b.kind} box" + (f" of {model.game.nations.get(b.nation, b.nation)}" if b.nation else "")
                 + (f", connects to {b.connects_to}" if b.connects_to else "")]
        if b.side:
            lines.append(f"Held by: {model.game.side_name(b.side)}")
        return "\n\n".join(lines + _adjacent(b.name, model))
    if found.kind == "area":
        return "\n\n".join([f"**{found.value}**: {model.game.map.area_kinds[found.value]} of the map"] + _adjacent(found.value, model))
    if found.kind == "hex":
        return f"hex **{found.value}** of the map"
    section, entry = found.value
    shown = ", ".join(f"{k}: {v}" for k, v in entry.items() if k not in ("id", "source", "reconstructed") and not isinstance(v, (dict, list)))
    ratings = entry.get("ratings")
    text = f"**{entry.get('name', entry['id'])}** (`{entry['id']}`), an entry of {section}: {shown}"
    return text + (f"\n\nRatings: {_ratings(ratings)}" if isinstance(ratings, dict) else "")


def _adjacent(name: str, model: Opened) -> list[str]:
    """The areas listed as adjacent to ``name`` on an area map (none on a hex grid)."""
    near = sorted(other for pair in model.game.map.adjacency if name in pair for other in pair if other != name)
    return [f"Adjacent: {', '.join(near)}"] if near else []


def _controller(place, model: Opened | None) -> str:
    """Who holds the place when the scenario starts (the printed flag, then the scenario's ``control:``)."""
    if model is not None and model.scenario is not None:
        return model.game.side_name(model.game.control_of(model.scenario, place.name))
    if model is not None and place.side:
        return f"{model.game.side_name(place.side)} (its printed flag)"
    return "nobody (no flag printed)"
