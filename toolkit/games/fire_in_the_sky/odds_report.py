"""Text and JSON for an :class:`~toolkit.games.fire_in_the_sky.odds.OddsResult` (read only; no computation)."""

from __future__ import annotations

from fractions import Fraction

from toolkit.exact import as_json, chance, shown
from toolkit.games.fire_in_the_sky.odds import READINGS, OddsResult
from toolkit.simulate import Estimate

__all__ = ["as_text", "as_data"]


def _cell(value):
    if isinstance(value, Fraction):
        return shown(value)
    return str(value)


def _json_cell(value):
    if isinstance(value, Fraction):
        return as_json(value)
    return value


def _chance(value) -> str:
    """An exact chance as :func:`toolkit.exact.chance`; a simulated one as ``p ± two standard errors``."""
    return str(value) if isinstance(value, Estimate) else chance(value)


def _shown(value) -> str:
    return str(value) if isinstance(value, Estimate) else shown(value)


def _json_value(value) -> dict:
    """Exact: fraction and decimal; simulated: the estimate and two standard errors."""
    if isinstance(value, Estimate):
        return {"estimate": round(value.value, 6), "error": round(value.error, 6)}
    return as_json(value)


def _unit(unit: str, count: int) -> str:
    """``1 ship``, ``2 ships``: the unit label of a distribution, singular for one."""
    return unit[:-1] if count == 1 and unit.endswith("s") else unit


def as_text(result: OddsResult) -> str:
    lines = [f"{result.title} ({', '.join(dict.fromkeys(result.rules))}; edition {result.edition})"]
    for label, items in result.forces.items():
        lines.append(f"  {label}: " + ("; ".join(items) if items else "none"))
    for roll, mods in result.modifiers:
        if mods:
            lines.append(f"  modifiers, {roll}: " + "; ".join(f"{v if isinstance(v, str) else f'{v:+d}'} {c}" for v, c in mods))
        else:
            lines.append(f"  modifiers, {roll}: none apply")
    if result.simulation:
        sim = result.simulation
        lines.append(f"simulated, not exact: {sim['why']}; {sim['trials']:,} trials (seed {sim['seed']}), each answer ± two "
                     "standard errors")
    for name, dist, unit in result.distributions:
        lines.append(f"{name}, chance of each count:")
        for k, p in dist.items():
            lines.append(f"  {k:>3} {_unit(unit, k):<{max(len(unit), 9)}}  {chance(p)}")
    if result.tables:
        for name, columns, rows in result.tables:
            lines.append(f"{name}:")
            cells = [list(columns)] + [[_cell(c) for c in row] for row in rows]
            widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
            lines += ["  " + "  ".join(f"{c:<{w}}" for c, w in zip(r, widths)).rstrip() for r in cells]
    if result.chances:
        lines.append("chances (0 never, 1 certain):")
        width = max(len(n) for n, _ in result.chances)
        lines += [f"  {n:<{width}}  {_chance(p)}" for n, p in result.chances]
    if result.expected:
        lines.append("expected (the mean count over every roll):")
        width = max(len(n) for n, _ in result.expected)
        lines += [f"  {n:<{width}}  {_shown(v)}" for n, v in result.expected]
    if result.readings:
        lines.append("readings taken where the rules are open:")
        lines += [f"  - {READINGS[k]}" for k in dict.fromkeys(result.readings)]
    return "\n".join(lines) + "\n"


def as_data(result: OddsResult) -> dict:
    return {
        "kind": result.kind,
        "title": result.title,
        "edition": result.edition,
        "rules": list(dict.fromkeys(result.rules)),
        "forces": result.forces,
        "modifiers": [{"roll": roll, "applied": [{"value": v, "condition": c} for v, c in mods]} for roll, mods in result.modifiers],
        "distributions": [{"name": name, "unit": unit, "values": [{"value": k, **as_json(p)} for k, p in dist.items()]}
                          for name, dist, unit in result.distributions],
        "tables": [{"name": name, "columns": columns, "rows": [[_json_cell(c) for c in row] for row in rows]}
                   for name, columns, rows in result.tables],
        "chances": [{"name": n, **_json_value(p)} for n, p in result.chances],
        "expected": [{"name": n, **_json_value(v)} for n, v in result.expected],
        "readings": [{"key": k, "text": READINGS[k]} for k in dict.fromkeys(result.readings)],
    } | ({"simulated": dict(result.simulation)} if result.simulation else {})
