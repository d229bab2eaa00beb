"""``chartroom audit``: how many records of each data file are sourced and how many reconstructed."""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.findings import ChartroomError
from toolkit.load import display_path, load_file

__all__ = ["audit_game", "audit_document", "render_audit"]


def _records(node, in_list=False):
    """Records are the mappings that stand in a list or as a value of a keyed table."""
    if isinstance(node, dict):
        if in_list or "source" in node or "reconstructed" in node:
            yield node
        for key, value in node.items():
            if key in ("source", "reconstructed"):
                continue
            yield from _records(value, in_list=isinstance(value, dict) and key in ("parameters", "rules"))
            if isinstance(value, dict) and key in ("parameters", "rules"):
                for inner in value.values():
                    if isinstance(inner, dict):
                        yield inner
                        for k, v in inner.items():
                            if k not in ("source", "reconstructed"):
                                yield from _records(v)
    elif isinstance(node, list):
        for item in node:
            if isinstance(item, dict):
                yield from _records(item, in_list=True)


def audit_document(data) -> dict:
    counts = {"records": 0, "sourced": 0, "reconstructed": 0, "both": 0, "missing": 0}
    seen = set()
    for record in _records(data):
        if id(record) in seen or not any(k in record for k in ("source", "reconstructed")) and _is_inline_ref(record):
            continue
        seen.add(id(record))
        counts["records"] += 1
        has_s, has_r = "source" in record, "reconstructed" in record
        if has_s and has_r:
            counts["both"] += 1
        elif has_s:
            counts["sourced"] += 1
        elif has_r:
            counts["reconstructed"] += 1
        else:
            counts["missing"] += 1
    return counts


def _is_inline_ref(record: dict) -> bool:
    """Unit entries and edition-limited hex entries inherit the provenance of the record that holds them."""
    return set(record) <= {"counter", "count", "steps", "reduced", "optional_rule", "task_force", "hex", "editions", "name", "neighbours"}


def audit_game(game: str):
    from toolkit.model.build import bundled_scenarios

    folder = Path(game)
    if not (folder / "game.yaml").is_file():
        folder = bundled_scenarios() / game
    if not (folder / "game.yaml").is_file():
        return f"no game {game!r}: give a game id or a folder holding game.yaml"
    rows = []
    for path in sorted(folder.rglob("*.yaml")):
        try:
            document = load_file(path)
        except ChartroomError as error:
            return str(error)
        counts = audit_document(document.data)
        counts["file"] = display_path(path)
        counts["kind"] = document.data.get("kind") if isinstance(document.data, dict) else None
        rows.append(counts)
    return rows


def render_audit(rows: list[dict], fmt: str = "text") -> str:
    if fmt == "json":
        return json.dumps(rows, indent=2) + "\n"
    width = max((len(r["file"]) for r in rows), default=4)
    lines = [f"{'file':<{width}}  {'records':>7}  {'sourced':>7}  {'reconstructed':>13}  {'both':>4}  {'missing':>7}"]
    totals = {k: 0 for k in ("records", "sourced", "reconstructed", "both", "missing")}
    for r in rows:
        lines.append(f"{r['file']:<{width}}  {r['records']:>7}  {r['sourced']:>7}  {r['reconstructed']:>13}  {r['both']:>4}  {r['missing']:>7}")
        for k in totals:
            totals[k] += r[k]
    lines.append(f"{'total':<{width}}  {totals['records']:>7}  {totals['sourced']:>7}  {totals['reconstructed']:>13}  {totals['both']:>4}  {totals['missing']:>7}")
    return "\n".join(lines) + "\n"
