"""What ``chartroom list`` shows: the games, their editions and scenarios, and for one game its counters (with their
ratings and counts), places and questions, as data (:func:`catalogue`, :func:`game_detail`) and as text or JSON.

A bundled scenario is listed by the name ``chartroom new --from`` and ``extends:`` take (``fire-in-the-sky/short-campaign``);
a scenario of a game folder from outside by its path. Nothing here prints.
"""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.errors import InputError
from toolkit.load import display_path, resolved
from toolkit.model.reading import bundled_scenarios
from toolkit.surface import questions

__all__ = ["catalogue", "game_detail", "render_listing", "scenario_names"]


def scenario_names(root: Path, manifest: dict) -> list[tuple[str, Path]]:
    """The scenarios a game's manifest lists (``files.scenarios``), each by its bundled name or, outside the package, its path."""
    files = (manifest.get("files") or {}).get("scenarios") or []
    bundled = resolved(bundled_scenarios())
    out = []
    for file in files if isinstance(files, list) else []:
        path = root / str(file)
        inside = resolved(root).parent == bundled and str(file).endswith(".yaml")
        out.append((f"{root.name}/{str(file)[: -len('.yaml')]}" if inside else display_path(path), path))
    return out


def _game(session, root: Path) -> dict:
    manifest, probe = session.game_manifest(root)
    if manifest is None:
        raise InputError(probe.first_error(f"cannot read {display_path(root / 'game.yaml')}"))
    editions = [{"id": str(e.get("id")), "title": str(e.get("title", ""))} for e in manifest.get("editions") or [] if isinstance(e, dict)]
    scenarios = []
    for name, path in scenario_names(root, manifest):
        data = session.read_file(path).data if path.is_file() else {}
        scenarios.append({"name": name, "title": str(data.get("title", "")), "edition": str(data.get("edition", "")),
                          "variant": bool(data.get("variant", False))})
    return {"game": str(manifest.get("game", "")), "title": str(manifest.get("title", "")), "folder": display_path(root),
            "citation": str(manifest.get("citation", "")), "editions": editions, "scenarios": scenarios}


def catalogue(session, roots: list[Path]) -> list[dict]:
    """Each game in ``roots``: its id, title, folder, editions and scenarios."""
    return [_game(session, root) for root in roots]


def game_detail(session, root: Path, edition: str | None = None) -> dict:
    """One game as :func:`catalogue` gives it, with its counters, places and questions (in ``edition``, default its first)."""
    out = _game(session, root)
    opened = session.open_game(root, edition)
    if opened.game is None:
        raise InputError(opened.first_error(f"cannot load {display_path(root)}"))
    game = opened.game
    out["edition"] = game.edition.id
    out["counters"] = [{"id": c.id, "name": c.name, "side": c.side, "nation": c.nation, "type": c.type, "class": c.cls,
                        "count": None if c.unlimited else c.count, "ratings": {k: v for k, v in c.ratings.items()}}
                       for c in game.counters.values()]
    out["places"] = [{"name": p.name, "at": p.hex, "kind": p.kind, "vp": p.vp, "flag": p.flag}
                     for p in sorted(game.map.places.values(), key=lambda p: p.name)]
    out["boxes"] = sorted(game.map.boxes)
    out["areas"] = [{"name": name, "kind": kind} for name, kind in game.map.area_kinds.items()]  # an area map's zones, boxes, tracks
    module = session.module_of(root)
    out["questions"] = [{"name": name, "summary": summary} for name, summary in questions(module, "calc")] if module else []
    return out


def render_listing(games: list[dict], fmt: str) -> str:
    """``games`` (from :func:`catalogue`, or one from :func:`game_detail`) as text or JSON."""
    if fmt == "json":
        return json.dumps({"games": games}, indent=2, ensure_ascii=False, default=str) + "\n"
    lines: list[str] = []
    for game in games:
        lines.append(f"{game['game']}  {game['title']}  ({game['folder']})")
        lines.append("  editions: " + ", ".join(f"{e['id']} ({e['title']})" if e["title"] else e["id"] for e in game["editions"]))
        lines.append("  scenarios (chartroom new my-variant.yaml --from NAME):")
        width = max((len(s["name"]) for s in game["scenarios"]), default=0)
        for s in game["scenarios"]:
            about = ", ".join([s["edition"]] * bool(s["edition"]) + ["variant"] * s["variant"])
            lines.append(f"    {s['name']:<{width}}  {s['title']}" + (f" ({about})" if about else ""))
        if "counters" in game:
            lines += _detail(game)
        lines.append("")
    if not any("counters" in g for g in games):
        lines.append("a game's counters, places and questions: chartroom list GAME")
    return "\n".join(lines).rstrip("\n") + "\n"


def _detail(game: dict) -> list[str]:
    lines = [f"  counters in {game['edition']} ({len(game['counters'])}; count: copies in the counter mix, - unlimited):"]
    width = max((len(c["id"]) for c in game["counters"]), default=0)
    for c in game["counters"]:
        ratings = " ".join(f"{k}={_value(v)}" for k, v in c["ratings"].items())
        count = "-" if c["count"] is None else c["count"]
        lines.append(f"    {c['id']:<{width}}  {count:>3}  {c['side']:<8} {c['type']:<6} {c['class'] or '':<10} {c['name']}"
                     + (f"  [{ratings}]" if ratings else ""))
    lines.append(f"  places ({len(game['places'])}; name, where, kind, Victory Points, flag):")
    width = max((len(p["name"]) for p in game["places"]), default=0)
    for p in game["places"]:
        lines.append(f"    {p['name']:<{width}}  {p['at']:<10} {p['kind']:<12} {p['vp']:>2}  {p['flag']}")
    if game["areas"]:
        lines.append(f"  areas ({len(game['areas'])}): " + ", ".join(f"{a['name']} ({a['kind']})" for a in game["areas"]))
    if game["boxes"]:
        lines.append(f"  boxes ({len(game['boxes'])}): {', '.join(game['boxes'])}")
    lines.append(f"  questions (chartroom calc {game['game']} NAME --help):")
    width = max((len(q["name"]) for q in game["questions"]), default=0)
    lines += [f"    {q['name']:<{width}}  {q['summary']}" for q in game["questions"]] or ["    none"]
    return lines


def _value(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) if isinstance(value, (dict, list)) else str(value)
