"""A blank scenario of a game (``chartroom new x.yaml --game GAME``): every section and key of its scenario schema,
commented, each with its meaning, unit, allowed values, rule and an example value.

Made from :func:`toolkit.schema.reference.reference` (the rows of the authoring reference), so it names exactly the
keys ``chartroom check`` accepts. Only the keys that say which game and scenario it is are written uncommented: the
file parses and checks as it stands, and the designer uncomments what the scenario needs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from toolkit.schema.reference import KeyRow, Section, examples_from, reference

__all__ = ["skeleton"]

#: A comment's allowed values are shown when shorter than this; longer ones are the reference page's to give.
_SHORT = 70


def skeleton(root: Path, manifest: dict, documents: list, schema: str, scenario_id: str, title: str, name: str) -> str:
    """The text of a blank scenario of the game in ``root`` (its ``manifest``); ``documents`` are its scenarios' data,
    read for example values; ``schema`` the path of its scenario schema from the new file's folder."""
    editions = [str(e.get("id")) for e in manifest.get("editions") or [] if isinstance(e, dict) and e.get("id")]
    sections = {s.path: s for s in reference("scenario", root, manifest.get("citation"), examples_from(documents), tuple(editions))}
    written = {"kind": "scenario", "game": str(manifest.get("game", "")), "id": scenario_id, "title": title}
    if editions:
        written["edition"] = editions[0]
    lines = [f"# yaml-language-server: $schema={schema}",
             "#",
             f"# A blank scenario of {manifest.get('title') or manifest.get('game')}: every section and key its schema knows, commented out,",
             "# each with its meaning, [unit], allowed values and rule, and an example value from the game's own files.",
             f"#   chartroom check {name}    checks it (uncomment what the scenario needs, then check again)",
             f"#   chartroom list {written['game']}    the game's counters, places and questions",
             f"# Editions: {', '.join(editions) or 'none declared'}.",
             ""]
    top = sections.get("", Section("scenario", "", ""))
    for row in top.rows:
        if row.key in written:
            lines.append(f"{row.key}: {written[row.key]}".ljust(40) + f"  # {_gloss(row)}")
    for row in top.rows:
        if row.key not in written:
            lines.append("")
            lines += _key(row, "", sections, 0, "")
    return "\n".join(lines) + "\n"


def _gloss(row: KeyRow) -> str:
    parts = [row.meaning.strip().rstrip(".") or row.key]
    if row.unit:
        parts.append(f"[{row.unit}]")
    if row.allowed and len(row.allowed) < _SHORT and row.allowed not in ("list", "mapping", "text"):
        parts.append(f"({row.allowed})")
    if row.rule:
        parts.append(f"rule: {row.rule}")
    if row.required:
        parts.append("required")
    return " ".join(" ".join(parts).split())


def _key(row: KeyRow, parent: str, sections: dict[str, Section], indent: int, dash: str) -> list[str]:
    """The commented lines of one key at ``indent`` spaces (``dash`` ``"- "`` for a list entry's first key)."""
    path = f"{parent}.{row.key}" if parent else row.key
    pad = " " * indent + dash
    deeper = indent + len(dash) + 2
    if f"{path}[]" in sections:
        lines = [f"# {pad}{row.key}:".ljust(40) + f"  # {_gloss(row)}"]
        lines += _mapping(sections[f"{path}[]"], f"{path}[]", sections, deeper, list_entry=True)
    elif path in sections and sections[path].rows:
        lines = [f"# {pad}{row.key}:".ljust(40) + f"  # {_gloss(row)}"]
        lines += _mapping(sections[path], path, sections, deeper, list_entry=False)
    elif f"{path}.<name>" in sections:
        lines = [f"# {pad}{row.key}:".ljust(40) + f"  # {_gloss(row)}", f"# {' ' * deeper}NAME:".ljust(40) + "  # each by its name"]
        lines += _mapping(sections[f"{path}.<name>"], f"{path}.<name>", sections, deeper + 2, list_entry=False)
    else:
        lines = [f"# {pad}{row.key}: {_example(row)}".rstrip().ljust(40) + f"  # {_gloss(row)}"]
    return lines


#: Text that YAML reads as something else when written plain: quoted in an example.
_UNSAFE = re.compile(r": |\s#|:$|^[\[\]{}&*!|>'\"%@`,?:-]")


def _example(row: KeyRow) -> str:
    """The row's example when short enough for one line; else one read from its allowed values (the first choice, the
    lowest number, ``false``); else nothing.

    >>> _example(KeyRow("side", True, "", "", "one of allied, japanese", "", "")), _example(KeyRow("n", False, "", "", "whole number, 1 to 72", "", ""))
    ('allied', '1')
    """
    if row.example and len(row.example) <= _SHORT and "\n" not in row.example:
        plain = row.example.startswith(("[", "{")) or not _UNSAFE.search(row.example)
        return row.example if plain else json.dumps(row.example, ensure_ascii=False)
    choice = re.match(r"one of ([^,]+)", row.allowed)
    number = re.match(r"(?:whole )?number, (-?[0-9.]+) to", row.allowed)
    if choice:
        return choice.group(1)
    if number:
        return number.group(1)
    return "false" if row.allowed == "true or false" else ""


def _mapping(section: Section, path: str, sections: dict[str, Section], indent: int, list_entry: bool) -> list[str]:
    lines: list[str] = []
    for index, row in enumerate(section.rows):
        if list_entry:
            lines += _key(row, path, sections, indent, "- " if index == 0 else "  ")
        else:
            lines += _key(row, path, sections, indent, "")
    return lines
