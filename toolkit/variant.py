"""Designing variants: ``chartroom new`` writes a variant file, ``chartroom diff`` compares two scenarios.

A variant is a scenario that ``extends:`` another and lists only what differs
(see :func:`toolkit.model.build.load_scenario` for how the chain is resolved).
Nothing here prints; the command-line module renders and reports.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections import defaultdict
from pathlib import Path

from toolkit.errors import InputError
from toolkit.findings import Finding
from toolkit.load import display_path, load_text, resolved
from toolkit.model.build_scenario import allowed_roots, base_of
from toolkit.model.reading import bundled_names, bundled_scenario, bundled_scenarios, is_bundled_name, suggest
from toolkit.outputs import write_new
from toolkit.records import lazy_dataclass
from toolkit.render.skeleton import skeleton
from toolkit.schema import schema_path
from toolkit.session import Session

__all__ = ["VariantError", "new_variant", "variant_text", "Difference", "diff_scenarios", "render_diff"]


class VariantError(InputError):
    """A variant cannot be written or two scenarios cannot be compared; the message is one line."""


# --- chartroom new ----------------------------------------------------------------------

_TEMPLATE = """\
# yaml-language-server: $schema={schema}
#
# A variant of {base_title} ({base_name}); it lists only what differs.
#   chartroom check {name}    resolves the base and checks the result
#   chartroom diff {base_name} {name}    shows what this variant changes
#   chartroom fmt {name}    puts it in the canonical layout
# Uncomment and fill in the sections you need.
kind: scenario
game: {game}
id: {id}
title: {title}
variant: true
edition: {edition}
{start_turn}# the turn play begins on, if not the base's
extends: {extends}
# reconstructed: "The facts and reasoning behind the changes: which ships, dates and sources."
# notes: >-
#   The historical what-if, for players: what happened, what this variant changes and why.
#
{examples}"""


def _id_from(stem: str) -> str:
    text = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")
    return text or "variant"


def _title_from(stem: str) -> str:
    words = re.sub(r"[-_]+", " ", stem).split()
    return " ".join(w[:1].upper() + w[1:] for w in words)[:120] or "Variant"


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _relative(target: Path, start: Path) -> str:
    return Path(os.path.relpath(resolved(target), resolved(start))).as_posix()


def variant_text(path: Path, base: Path, session: Session, name: str | None = None) -> str:
    """The text of a new variant at ``path`` extending the scenario ``base`` (by its bundled ``name`` when given,
    else by its path relative to the variant); raises VariantError."""
    loaded = session.open_scenario(base, checks=False)
    if loaded.scenario is None or loaded.game is None:
        first = next((f for f in loaded.findings if f.severity == "error"), None)
        raise VariantError(f"cannot extend {display_path(base)}: {_one_line(first)}")
    scenario = loaded.scenario
    folder = resolved(path).parent
    text = _TEMPLATE.format(
        schema=_relative(schema_path("scenario", loaded.game.root), folder), base_title=scenario.title, base_name=name or display_path(base),
        name=display_path(path), game=loaded.game.id, id=_id_from(path.stem), title=_quoted(_title_from(path.stem)),
        edition=scenario.edition, start_turn=f"# start_turn: {scenario.start_turn}".ljust(36), extends=_quoted(name or _relative(base, folder)),
        examples=loaded.module.new_template if loaded.module is not None else "",
    )
    # The loader's memory cache is keyed by name and content: pin the document to this path.
    document = dataclasses.replace(load_text(text, display_path(path), path), path=path)
    target, problem = base_of(document, allowed_roots(path))
    if target is None:
        raise VariantError(f"cannot extend {display_path(base)} from {display_path(path)}: {_one_line(problem)}")
    return text


def _base(base: str) -> tuple[Path, str | None]:
    """The base's file, and its bundled name when it was given as one (an existing file of that name wins)."""
    if Path(base).exists() or not is_bundled_name(base):
        return Path(base), None
    found = bundled_scenario(base)
    if found is None:
        names = bundled_names()
        raise VariantError(f"{base}: no bundled scenario of that name{suggest(base, names)}; bundled scenarios: {', '.join(names) or 'none'} "
                           f"(chartroom list), or give a scenario file's path")
    return found, base


def blank_text(path: Path, game: str, session: Session) -> str:
    """The text of a blank scenario of ``game`` at ``path``: every section and key of its scenario schema, commented."""
    root = session.game_root(game)
    if root is None:
        raise VariantError(f"--game: {session.unknown_game(game)}")
    folder, home = resolved(path).parent, resolved(root)
    if home.parent != resolved(bundled_scenarios()) and folder != home and home not in folder.parents:
        raise VariantError(f"--game {game}: a scenario of a game from outside the package is found by its folder (game.yaml beside "
                           f"the scenario or above it): write it in {display_path(root)} or a folder inside it")
    manifest, probe = session.game_manifest(root)
    if manifest is None:
        raise VariantError(f"--game {game}: {probe.first_error('cannot read ' + display_path(root / 'game.yaml'))}")
    documents = [session.read_file(root / str(f)).data for f in (manifest.get("files") or {}).get("scenarios") or []
                 if (root / str(f)).is_file()]
    return skeleton(root, manifest, documents, _relative(schema_path("scenario", root), resolved(path).parent),
                    _id_from(path.stem), _quoted(_title_from(path.stem)), display_path(path))


def _one_line(finding: Finding | None) -> str:
    if finding is None:
        return "it is not a scenario"
    return f"{finding.location}: {finding.code} {finding.message}"


def new_variant(path: str | os.PathLike, base: str | os.PathLike | None, session: Session | None = None, game: str | None = None) -> Path:
    """Write a commented variant of ``base`` at ``path`` (a scenario file, or a bundled scenario's name such as
    ``fire-in-the-sky/short-campaign``), or with ``game`` (an id or a folder) a blank scenario of that game with every
    section and key commented; never overwrites (raises VariantError)."""
    session = session or Session()
    path = Path(path)
    if path.exists() or path.is_symlink():
        raise VariantError(f"{display_path(path)} already exists; not overwritten")
    if path.suffix not in (".yaml", ".yml"):
        raise VariantError(f"{display_path(path)}: a variant file's name ends in .yaml")
    if not path.parent.is_dir():
        raise VariantError(f"{display_path(path.parent)}: no such folder")
    if game is not None:
        text = blank_text(path, game, session)
    else:
        base_path, name = _base(str(base))
        text = variant_text(path, base_path, session, name)
    try:
        write_new(path, text.encode("utf-8"))  # atomic, and never through a link
    except FileExistsError:
        raise VariantError(f"{display_path(path)} already exists; not overwritten") from None
    except OSError as exc:
        raise VariantError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None
    return path


# --- chartroom diff ---------------------------------------------------------------------

SECTIONS = ("edition", "start_turn", "map", "optional_rules", "control", "markers", "setup", "turn_track", "sunk", "section")
#: Fields that name a record in a game's own section (a list of mappings), in the order tried.
RECORD_KEYS = ("id", "at", "place", "name")


@lazy_dataclass(frozen=True)
class Difference:
    """One thing that differs between scenario A and scenario B, after both are resolved."""

    section: str  # one of SECTIONS
    key: tuple  # what differs within the section (location, side, counter, ...)
    a: object  # the value in A (None when absent)
    b: object  # the value in B (None when absent)

    def as_json(self) -> dict:
        record = {"section": self.section}
        record.update(_key_fields(self.section, self.key))
        record.update({"a": self.a, "b": self.b})
        if isinstance(self.a, (int, float)) and isinstance(self.b, (int, float)) and self.section in ("setup", "turn_track", "sunk"):
            record["change"] = self.b - self.a
        return record

    def text(self) -> str:
        return _DESCRIBE[self.section](self)


def _key_fields(section: str, key: tuple) -> dict:
    if section in ("setup",):
        where, side, counter, reduced, measure = key
        return {"at": where, "side": side, "counter": counter, "reduced": reduced, "measure": measure}
    if section == "turn_track":
        turn, side, counter, reduced, measure = key
        return {"turn": turn, "side": side, "counter": counter, "reduced": reduced, "measure": measure}
    if section == "sunk":
        return {"counter": key[0]}
    if section == "control":
        return {"base": key[0]}
    if section == "markers":
        return {"marker": key[0], "nation": key[1]}
    if section == "optional_rules":
        return {"rule": key[0]}
    if section == "section":
        return {"name": key[0], "record": key[1]} if len(key) > 1 else {"name": key[0]}
    return {}


def _units_text(d: Difference, where: str) -> str:
    counter, reduced, measure = d.key[2], d.key[3], d.key[4]
    unit = (" step" if abs(d.b - d.a) == 1 else " steps") if measure == "steps" else ""
    return f"{where}: {d.b - d.a:+g}{unit} {counter}{' (reduced)' if reduced else ''} ({d.a:g} -> {d.b:g})"


def _marker_name(key: tuple) -> str:
    return f"{key[0]}.{key[1]}" if key[1] else key[0]


_DESCRIBE = {
    "edition": lambda d: f"edition: {d.a} -> {d.b}",
    "start_turn": lambda d: f"start_turn: {d.a} -> {d.b}",
    "map": lambda d: f"map: {d.a} -> {d.b}",
    "optional_rules": lambda d: f"optional_rules: {'+' if d.b else '-'}{d.key[0]}",
    "control": lambda d: f"control: {d.key[0]}: {d.a} -> {d.b}",
    "markers": lambda d: f"markers: {_marker_name(d.key)}: {_g(d.a)} -> {_g(d.b)}",
    "setup": lambda d: _units_text(d, f"setup: {d.key[0]} ({d.key[1]})"),
    "turn_track": lambda d: _units_text(d, f"turn_track: turn {d.key[0]} ({d.key[1]})"),
    "sunk": lambda d: f"sunk: {d.b - d.a:+g} {d.key[0]} ({d.a:g} -> {d.b:g})",
    "section": lambda d: _section_text(d),
}


def _section_text(d: "Difference") -> str:
    where = f"{d.key[0]}: {d.key[1]}" if len(d.key) > 1 else d.key[0]
    if d.a is None:
        return f"{where}: added"
    if d.b is None:
        return f"{where}: removed"
    if isinstance(d.a, dict) and isinstance(d.b, dict):
        fields = sorted(k for k in set(d.a) | set(d.b) if d.a.get(k) != d.b.get(k))
        return f"{where}: " + "; ".join(f"{k}: {_brief(d.a.get(k))} -> {_brief(d.b.get(k))}" for k in fields)
    return f"{where}: {_brief(d.a)} -> {_brief(d.b)}"


def _brief(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str) if value is not None else "(none)"
    return text if len(text) <= 60 else text[:57] + "..."


def _record_key(*lists) -> str | None:
    """The field naming each record of both lists, unique within each; None when there is none."""
    for key in RECORD_KEYS:
        if all(isinstance(item, dict) and key in item for items in lists for item in items) and \
                all(len({str(item[key]) for item in items}) == len(items) for items in lists):
            return key
    return None


def _section_differences(sa, sb) -> list["Difference"]:
    """What differs in the game's own sections (ships, missions, ...): records matched by id where they have one."""
    out = []
    names = sorted(set(sa.sections) | set(sb.sections))
    for name in names:
        a, b = sa.section(name), sb.section(name)
        if a == b:
            continue
        key = _record_key(a or [], b or []) if isinstance(a or [], list) and isinstance(b or [], list) else None
        if key is None:
            out.append(Difference("section", (name,), _plain_data(a), _plain_data(b)))
            continue
        ra = {str(item[key]): item for item in a or []}
        rb = {str(item[key]): item for item in b or []}
        for record in sorted(set(ra) | set(rb), key=str):
            if ra.get(record) != rb.get(record):
                out.append(Difference("section", (name, record), _plain_data(ra.get(record)), _plain_data(rb.get(record))))
    return out


def _plain_data(value):
    return json.loads(json.dumps(value, default=str)) if value is not None else None


def _g(value) -> str:
    return "(none)" if value is None else f"{value:g}" if isinstance(value, (int, float)) else str(value)


def _load(path: Path, session: Session):
    loaded = session.open_scenario(path, checks=False)
    problem = next((f for f in loaded.findings if f.severity == "error"), None)
    if problem is not None or loaded.scenario is None or loaded.game is None:
        raise VariantError(f"cannot compare {display_path(path)}: {_one_line(problem)}")
    return loaded.game, loaded.scenario


def _in_use(entry, scenario) -> bool:
    return entry.optional_rule is None or entry.optional_rule in scenario.optional_rules


def _unit_totals(placements, scenario) -> dict:
    """Units per (where, side, counter, reduced, measure): counts, or air steps where given by steps."""
    totals: dict = defaultdict(float)
    for where, placement in placements:
        for entry in placement.units:
            if not _in_use(entry, scenario):
                continue
            measure = "steps" if entry.steps else "count"
            totals[(where, placement.side, entry.counter, entry.reduced, measure)] += entry.steps or entry.count
    return totals


def _marker_values(scenario) -> dict:
    values = {}
    for name, marker in scenario.markers.items():
        if isinstance(marker, dict):
            for nation, value in marker.items():
                values[(name, nation)] = value.value
        else:
            values[(name, None)] = marker.value
    return values


def _changed(section: str, a: dict, b: dict, missing=None) -> list[Difference]:
    """A difference for each key whose value differs (``missing`` stands for an absent key)."""
    keys = sorted(set(a) | set(b), key=_sort_key)
    return [Difference(section, key, _plain(a.get(key, missing)), _plain(b.get(key, missing)))
            for key in keys if a.get(key, missing) != b.get(key, missing)]


def _sort_key(key: tuple) -> tuple:
    """Numbers (turns) in numeric order, everything else by its text."""
    return tuple((0, x, "") if isinstance(x, int) and not isinstance(x, bool) else (1, 0, "" if x is None else str(x)) for x in key)


def _plain(value):
    return int(value) if isinstance(value, float) and value.is_integer() else value


def diff_scenarios(a: str | os.PathLike, b: str | os.PathLike, session: Session | None = None) -> list[Difference]:
    """What differs between two scenarios (files, or bundled scenarios by name) once each is resolved (``extends:``
    applied); raises VariantError."""
    session = session or Session()
    game_a, sa = _load(_base(str(a))[0], session)
    game_b, sb = _load(_base(str(b))[0], session)
    if game_a.id != game_b.id:  # nothing of one game's set-up, control or markers means anything in another's
        raise VariantError(f"cannot compare scenarios of two games: {display_path(Path(a))} is of {game_a.id}, "
                           f"{display_path(Path(b))} of {game_b.id}")
    out: list[Difference] = []
    if sa.edition != sb.edition:
        out.append(Difference("edition", (), sa.edition, sb.edition))
    if sa.start_turn != sb.start_turn:
        out.append(Difference("start_turn", (), sa.start_turn, sb.start_turn))
    if sa.map_file != sb.map_file:  # "" is the game's own map
        out.append(Difference("map", (), sa.map_file or "the game's map", sb.map_file or "the game's map"))
    for rule in sorted(sa.optional_rules ^ sb.optional_rules, key=_rule_key):
        out.append(Difference("optional_rules", (rule,), rule in sa.optional_rules, rule in sb.optional_rules))
    bases = sorted({e.base for e in sa.control} | {e.base for e in sb.control})
    out += _changed("control", {(x,): game_a.control_of(sa, x) for x in bases}, {(x,): game_b.control_of(sb, x) for x in bases})
    out += _changed("markers", _marker_values(sa), _marker_values(sb))
    out += _changed("setup", _unit_totals(((p.where, p) for p in sa.setup), sa), _unit_totals(((p.where, p) for p in sb.setup), sb), 0)
    out += _changed("turn_track", _unit_totals(sa.turn_track, sa), _unit_totals(sb.turn_track, sb), 0)
    out += _changed("sunk", _sunk(sa), _sunk(sb), 0)
    out += _section_differences(sa, sb)
    return out


def _rule_key(number: str) -> tuple:
    return tuple(int(part) if part.isdigit() else 0 for part in number.split("."))


def _sunk(scenario) -> dict:
    totals: dict = defaultdict(int)
    for entry in scenario.sunk:
        totals[(entry.counter,)] += entry.count
    return totals


def render_diff(differences: list[Difference], a: str, b: str, fmt: str = "text") -> str:
    """The differences as text (one line each) or JSON."""
    if fmt == "json":
        payload = {"a": a, "b": b, "differences": [d.as_json() for d in differences]}
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
    lines = [f"--- {a}", f"+++ {b}"] + [d.text() for d in differences]
    count = len(differences)
    lines.append(f"{count} difference{'' if count == 1 else 's'}" if count else "no differences")
    return "\n".join(lines) + "\n"
