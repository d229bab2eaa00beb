"""Findings a variant inherits from its base scenario, placed where the designer can act.

A variant (``extends:``) is checked as the merged scenario, so a check may point at a line of
the base file, which the designer of the variant does not edit. Each such finding is sorted out
here, for every game alike:

- the base's own (the base checked alone, in the same edition, has it at the same line): it
  stays at the base's line and says so;
- made by the variant (the base alone is clean there): it moves into the variant, to the key
  whose removal makes it go away (``events_used:``), else to the ``extends:`` line, saying
  "inherited from campaign.yaml:19:9" and what to write in the variant (a ``remove:`` entry,
  an override), as YAML to paste.

Nothing here reads files or runs checks itself: the session passes ``alone`` and ``recheck``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Callable

from toolkit.findings import Finding, Location
from toolkit.load import Document
from toolkit.records import replace

__all__ = ["place_inherited", "flow_yaml", "node_path"]

#: A variant's keys that name it rather than change the scenario (never the cause of a finding).
IDENTITY = frozenset({"kind", "game", "id", "title", "variant", "notes", "source", "reconstructed", "extends"})

#: What a fix written for the designer says where the provenance belongs.
WHY = "what this variant changes and why"

def place_inherited(findings: list[Finding], variant: Document, bases: list[Document], edition: str,
                    alone: Callable[[Path], list[Finding] | None],
                    recheck: Callable[[Callable[[Document], Document]], list[Finding] | None]) -> list[Finding]:
    """``findings`` with those located in a base file marked as the base's own or moved into the variant.

    ``alone(path)`` gives the findings of a base checked on its own (None when it cannot be checked);
    ``recheck(edit)`` those of the variant with ``edit`` applied to its document.
    """
    by_name = {d.name: d for d in bases}
    inherited = [i for i, f in enumerate(findings) if f.location.file in by_name]
    if not inherited:
        return findings
    own: dict[str, set | None] = {}  # per base file: the (code, location) of its own findings
    for name in sorted({findings[i].location.file for i in inherited}):
        found = alone(by_name[name].path)
        own[name] = None if found is None else {(g.code, g.location) for g in found}
    caused = [i for i in inherited if own[findings[i].location.file] is not None
              and (findings[i].code, findings[i].location) not in own[findings[i].location.file]]
    causes = _causes([findings[i] for i in caused], variant, recheck)
    units = _units_together([findings[i] for i in caused], by_name)
    out = list(findings)
    for i in inherited:
        f = findings[i]
        if own[f.location.file] is None:
            continue
        if i in caused:
            out[i] = _moved(f, causes.get((f.code, f.location)), variant, by_name[f.location.file], units)
        else:
            note = f" (the base scenario's own finding: {f.location.file} checked alone in edition {edition} has it too)"
            out[i] = replace(f, message=f.message + note, extra={**f.extra, "base_own": True, "original": f.message})
    return out


def _units_together(caused: list[Finding], by_name: dict) -> dict:
    """For each placement of a base (file, section, index) that several moved findings point into, the
    indexes of their units: one removal entry then takes them all out."""
    together: dict = {}
    for f in caused:
        path = node_path(by_name[f.location.file], f.location)
        if path and len(path) >= 4 and path[0] in ("setup", "turn_track") and path[2] == "units":
            together.setdefault((f.location.file, path[0], path[1]), set()).add(path[3])
    return together


def _causes(caused: list[Finding], variant: Document, recheck) -> dict:
    """For each finding (by code and location), the keys of the variant without which it goes away, in file order."""
    wanted = {(f.code, f.location) for f in caused}
    causes: dict = {}
    if not wanted or not isinstance(variant.data, dict):
        return causes
    for key in [k for k in variant.data if k not in IDENTITY]:
        found = recheck(_without(key))
        if found is None:
            continue
        still = {(g.code, g.location) for g in found}
        for seen in wanted - still:
            causes.setdefault(seen, []).append(key)
    return causes


def _without(key: str) -> Callable[[Document], Document]:
    def edit(document: Document) -> Document:
        return replace(document, data={k: v for k, v in document.data.items() if k != key})
    return edit


def _moved(f: Finding, causes: list[str] | None, variant: Document, base: Document, together: dict) -> Finding:
    at = variant.locate((causes[0],), key=True) if causes else variant.locate(("extends",), key=True)
    fix = _fix(base, f.location, variant.data if isinstance(variant.data, dict) else {}, together)
    keys = " and ".join(f"{key}:" for key in causes or [])
    why = f"this variant's {keys} lead{'s' if len(causes or []) == 1 else ''} to it" if causes else "this variant's changes together lead to it"
    message = f"{f.message}; inherited from {f.location} ({why}); {fix}"
    extra = {**f.extra, "inherited_from": str(f.location), "fix": fix, "original": f.message}
    return Finding(f.severity, f.code, message, at, f.rule, extra)


def node_path(document: Document, location: Location) -> tuple | None:
    """The path of the shortest node of ``document`` at ``location`` (its value, else its key)."""
    where = (location.line - 1, location.column - 1)
    for table in (document.parsed.values, document.parsed.keys):
        paths = [p for p, pos in table.items() if tuple(pos) == where]
        if paths:
            return min(paths, key=lambda p: (len(p), str(p)))
    return None


def _fix(base: Document, location: Location, variant: dict, together: dict | None = None) -> str:
    """What to write in the variant to change the base's node at ``location``, as YAML to paste.

    ``together`` (see :func:`_units_together`) makes one removal entry for every unit of a base's
    placement that a moved finding points at.
    """
    path = node_path(base, location)
    data = base.data
    if not path:
        return f"to change it, override the key in this variant or edit a copy of {base.name}"
    top = path[0]
    record = data.get(top)
    if top in ("setup", "turn_track") and len(path) >= 2 and isinstance(record, list):
        placement = record[path[1]]
        units = placement.get("units", [])
        count = 1
        if len(path) >= 4 and path[2] == "units":
            indexes = sorted((together or {}).get((base.name, top, path[1]), {path[3]}))
            units, count = [units[j] for j in indexes], len(indexes)
        entry = {"turn": placement["turn"]} if top == "turn_track" else {"at": placement["at"]}
        entry.update({"side": placement["side"], "reconstructed": WHY,
                      "units": [{k: u[k] for k in ("counter", "count", "steps", "reduced") if k in u} for u in units]})
        section = "remove" if top == "setup" else "remove_turn_track"
        purpose = "to take it out of the base, " if count == 1 else f"to take it and the {count - 1} other{'s' if count > 2 else ''} found there out of the base, "
        return _add(section, entry, variant, purpose) + f"; then place {'it' if count == 1 else 'them'} where {'it belongs' if count == 1 else 'they belong'} under setup:"
    if top == "optional_rules" and len(path) >= 2:
        return _add("remove_optional_rules", record[path[1]], variant, "to leave the rule out, ")
    if top == "control" and len(path) >= 2:
        entry = {"base": record[path[1]]["base"], "side": record[path[1]]["side"], "reconstructed": WHY}
        return _add("control", entry, variant, "to override it (with the side it should have), ")
    if top == "markers" and len(path) >= 2:
        marker = record[path[1]]
        value = {"value": marker["value"]} if isinstance(marker, dict) and "value" in marker else \
            {path[2]: marker[path[2]]} if len(path) >= 3 and isinstance(marker, dict) else marker
        if isinstance(value, dict) and any(k in marker for k in ("source", "reconstructed")):
            value["reconstructed"] = WHY
        return f"to override it (with the value it should have), write in this variant: markers: {flow_yaml({path[1]: value})}"
    if top in ("sunk",) or top.startswith("remove"):
        return f"a variant cannot take this back: extend a copy of {base.name} instead"
    if isinstance(record, (list, dict)):
        which = f" and change {_entry(record, path[1])} there" if len(path) >= 2 else ""
        return f"copy {top}: from {base.name} into this variant{which} (this variant's {top}: replaces the base's)"
    return f"to override it (with the value it should have), write in this variant: {top}: {flow_yaml(record)}"


def _entry(record, key) -> str:
    """A record of a game's own section as a designer finds it: by its id, else by its number."""
    if isinstance(key, int) and isinstance(record[key], dict) and "id" in record[key]:
        return f"its entry with id: {flow_yaml(record[key]['id'])}"
    return f"its entry {key + 1}" if isinstance(key, int) else f"its {key}:"


def _add(section: str, entry, variant: dict, purpose: str) -> str:
    if section in variant:
        return f"{purpose}add under this variant's {section}: - {flow_yaml(entry)}"
    return f"{purpose}write in this variant: {section}: [{flow_yaml(entry)}]"


#: Text written plain in flow YAML (compiled on first use: ``re`` keeps it; a check writes no YAML, issue 22).
_PLAIN = r"[A-Za-z][A-Za-z0-9 ._/()-]*[A-Za-z0-9.)]|[A-Za-z]"
_KEYWORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}


def flow_yaml(value) -> str:
    """``value`` as one line of YAML in flow style: ``{at: Truk, units: [{counter: jp-ca-tone}]}``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow_yaml(k)}: {flow_yaml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow_yaml(v) for v in value) + "]"
    if isinstance(value, str):
        plain = re.fullmatch(_PLAIN, value) and value.lower() not in _KEYWORDS and ": " not in value
        return value if plain else json.dumps(value, ensure_ascii=False)
    return json.dumps(value)
