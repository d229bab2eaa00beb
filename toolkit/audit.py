"""``chartroom audit``: how many records of each data file are sourced and how many reconstructed, and its empty slots.

An *empty slot* is a value written ``{empty: "where it is printed"}``: a value the rulebook leaves to
another source (a companion game's data sheets, a scenario set) that the data has not filled yet.
The audit lists each with its location and where to find the value; files without any report as before.
"""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.errors import InputError
from toolkit.findings import LoadError
from toolkit.load import display_path, load_file

__all__ = ["AuditError", "audit_game", "audit_document", "empty_slots", "render_audit"]


KEYED_TABLES = ("parameters", "rules")


def _records(node, path=(), is_record=False):
    """(path, record) for every record: each mapping in a list and each entry of a keyed
    table (``parameters``, ``rules``). What a record holds (table cells, a parameter's
    value) is part of it and shares its provenance."""
    if isinstance(node, dict):
        if is_record:
            yield path, node
            return
        for key, value in node.items():
            if key in KEYED_TABLES and isinstance(value, dict):
                for name, entry in value.items():
                    yield from _records(entry, path + (key, name), is_record=isinstance(entry, dict))
            else:
                yield from _records(value, path + (key,))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _records(item, path + (i,), is_record=isinstance(item, dict))


def _path_text(path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def empty_slots(node, path=()):
    """(path, where) of every empty slot, a mapping whose one key is ``empty``, in document order."""
    if isinstance(node, dict):
        if set(node) == {"empty"}:
            yield path, node["empty"]
            return
        for key, value in node.items():
            yield from empty_slots(value, path + (key,))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from empty_slots(item, path + (i,))


def _slot_location(locate, path):
    """Where a slot is written; a slot shared through a YAML alias is located at the record that uses the alias."""
    at = locate(path)
    for k in range(len(path) - 1, 0, -1):
        holder = locate(path[:k])
        if (holder.line or 0) > (at.line or 0):
            return holder
    return at


def audit_document(data, locate=None) -> dict:
    """Counts of records by provenance; with ``locate``, the locations of records missing it."""
    counts = {"records": 0, "sourced": 0, "reconstructed": 0, "both": 0, "missing": 0, "missing_at": []}
    top = [((), data)] if isinstance(data, dict) and ("source" in data or "reconstructed" in data) else []
    # A plan's steps are operations, not records of game data: they share the plan's provenance.
    inner = [] if isinstance(data, dict) and data.get("kind") == "plan" else list(_records(data))
    for path, record in [*top, *inner]:
        has_s, has_r = "source" in record, "reconstructed" in record
        if not (has_s or has_r) and _is_inline_ref(record):
            continue
        counts["records"] += 1
        if has_s and has_r:
            counts["both"] += 1
        elif has_s:
            counts["sourced"] += 1
        elif has_r:
            counts["reconstructed"] += 1
        else:
            counts["missing"] += 1
            if locate is not None:
                counts["missing_at"].append(str(locate(path)))
    return counts


def _is_inline_ref(record: dict) -> bool:
    """Parts that inherit the provenance of the record holding them: unit entries, entry hexes,
    the halves of a split hex."""
    keys = set(record)
    return "counter" in keys or ("hex" in keys and keys <= {"hex", "editions"}) or ("neighbours" in keys and keys <= {"name", "neighbours"})


class AuditError(InputError):
    """A data file of the game cannot be read; the message is one located line."""


def audit_game(folder: Path) -> list[dict]:
    """One row of counts per YAML file of the game in ``folder`` (raises :class:`AuditError`)."""
    rows = []
    for path in sorted(folder.rglob("*.yaml")):
        try:
            document = load_file(path)
        except LoadError as error:
            raise AuditError(str(error)) from None
        counts = audit_document(document.data, document.locate)
        counts["file"] = display_path(path)
        counts["kind"] = document.data.get("kind") if isinstance(document.data, dict) else None
        slots = [{"at": str(_slot_location(document.locate, p)), "path": _path_text(p), "fill": str(where)} for p, where in empty_slots(document.data)]
        if slots:  # only files that have them: the audit of a game without slots reads as it always did
            counts["empty"] = len(slots)
            counts["empty_slots"] = slots
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
    missing = [m for r in rows for m in r["missing_at"]]
    if missing:
        lines.extend(f"{m}: record without source: or reconstructed:" for m in missing)
    lines.append(f"{'total':<{width}}  {totals['records']:>7}  {totals['sourced']:>7}  {totals['reconstructed']:>13}  {totals['both']:>4}  {totals['missing']:>7}")
    slots = [slot for r in rows for slot in r.get("empty_slots", ())]
    if slots:
        lines.append(f"empty slots: {len(slots)} (values the rules leave to another source; fill each from where it says, Chartroom never does)")
        lines.extend(f"{slot['at']}: {slot['path']}: fill from {slot['fill']}" for slot in slots)
    return "\n".join(lines) + "\n"
