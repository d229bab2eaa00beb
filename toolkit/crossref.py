"""The rules cross-reference: every check with its code, severity and rule number in each edition."""

from __future__ import annotations

import json

__all__ = ["crossref", "render_crossref"]


def crossref(game: str = "fire-in-the-sky") -> list[dict]:
    """One row per registered check, citing the rule in every edition of ``game``."""
    from toolkit.model.build import bundled_scenarios, load_game
    from toolkit.rules import CHECKS, load_checks

    load_checks()
    root = bundled_scenarios() / game
    editions = {}
    for edition in ("v1.1", "2nd"):
        loaded = load_game(root, edition)
        if loaded.game is not None:
            editions[edition] = loaded.game.edition
    rows = []
    for check in sorted(CHECKS, key=lambda c: c.code):
        row = {"code": check.code, "severity": check.severity, "rule": check.rule, "summary": check.summary}
        for edition_id, edition in editions.items():
            row[edition_id] = edition.cite(check.rule) if edition_id in check.editions else ""
            row[f"{edition_id}_title"] = (edition.rules.get(check.rule) or {}).get("title", "")
        rows.append(row)
    return rows


def render_crossref(rows: list[dict], fmt: str = "text") -> str:
    if fmt == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    if fmt == "markdown":
        lines = ["| code | severity | what it finds | v1.1 | 2nd |", "| --- | --- | --- | --- | --- |"]
        for r in rows:
            lines.append(f"| `{r['code']}` | {r['severity']} | {r['summary']} | {r.get('v1.1', '')} {r.get('v1.1_title', '')} | {r.get('2nd', '')} {r.get('2nd_title', '')} |")
        return "\n".join(lines) + "\n"
    width = max(len(r["code"]) for r in rows)
    return "".join(f"{r['code']:<{width}}  {r['severity']:<7}  {r.get('v1.1', ''):<18}  {r.get('2nd', ''):<16}  {r['summary']}\n" for r in rows)
