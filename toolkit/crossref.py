"""The rules cross-reference: every check of a game with its code, severity and rule number in each edition."""

from __future__ import annotations

import json
from typing import Mapping

from toolkit.model import Edition
from toolkit.rules import CheckRegistry

__all__ = ["crossref", "render_crossref", "render_crossrefs"]


def crossref(registry: CheckRegistry, editions: Mapping[str, Edition]) -> list[dict]:
    """One row per check of ``registry``, citing its rule in every edition (``""`` where it does not apply)."""
    rows = []
    for check in sorted(registry, key=lambda c: c.code):
        row = {"code": check.code, "severity": check.severity, "rule": check.rule, "summary": check.summary}
        for edition_id, edition in editions.items():
            row[edition_id] = edition.cite(check.rule) if check.applies_to(edition_id) else ""
            row[f"{edition_id}_title"] = (edition.rules.get(check.rule) or {}).get("title", "")
        rows.append(row)
    return rows


def render_crossref(rows: list[dict], editions: list[str], fmt: str = "text", game: str = "") -> str:
    """The rows as text or markdown under a heading naming ``game`` and its editions, with a header row naming the
    columns (JSON: see :func:`render_crossrefs`)."""
    if fmt == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    heading = f"{game} (editions: {', '.join(editions)})" if game else ""
    if fmt == "markdown":
        lines = ([f"## {heading}", ""] if heading else []) + [
            "| code | severity | what it finds | " + " | ".join(editions) + " |", "| --- " * (3 + len(editions)) + "|"]
        for r in rows:
            cells = " | ".join(f"{r.get(e, '')} {r.get(e + '_title', '')}" for e in editions)
            lines.append(f"| `{r['code']}` | {r['severity']} | {r['summary']} | {cells} |")
        return "\n".join(lines) + "\n"
    if not rows:
        return ""
    header = {"code": "code", "severity": "severity", **{e: f"rule ({e})" for e in editions}, "summary": "what it finds"}
    table = [header, *rows]
    width = max(len(r["code"]) for r in table)
    # Each edition's column is one wider than its longest citation (or its header).
    widths = {e: max(len(r.get(e, "")) for r in table) + 1 for e in editions}
    body = "".join(f"{r['code']:<{width}}  {r['severity']:<8}  " + "".join(f"{r.get(e, ''):<{widths[e]}}  " for e in editions)
                   + f"{r['summary']}\n" for r in table)
    return (f"{heading}\n" if heading else "") + body


def render_crossrefs(games: list[tuple[str, list[dict], list[str]]], fmt: str = "text") -> str:
    """Several games' cross-references, one after the other with a blank line between them; JSON is one array
    whose rows each name their ``game``."""
    if fmt == "json":
        return json.dumps([{"game": game, **row} for game, rows, _ in games for row in rows], indent=2, ensure_ascii=False) + "\n"
    return "\n".join(render_crossref(rows, editions, fmt, game) for game, rows, editions in games)
