"""Text and JSON for a plan's :class:`~toolkit.games.fire_in_the_sky.plan.Ledger` (read only)."""

from __future__ import annotations

from pathlib import Path

from toolkit.games.fire_in_the_sky.plan import Ledger
from toolkit.render.env import environment

__all__ = ["as_text", "as_data", "as_html", "error_line"]


def _num(x: float):
    x = float(x)
    return int(x) if x.is_integer() else round(x, 4)


def error_line(ledger: Ledger, locate) -> str:
    e = ledger.error
    rule = f" ({e.rule})" if e.rule else ""
    return f"{locate(e.path)}: error {e.code}: step {ledger.error_step}: {e.message}{rule}"


def _tp(row) -> str:
    """The TP of a row: an Allied plan's as US/British (v1.1 2.1.2.1: each nationality its own track)."""
    return f"{_num(row.tp)}/{_num(row.british_tp)}" if row.british_tp is not None else str(_num(row.tp))


def as_text(ledger: Ledger, locate) -> str:
    two = any(r.british_tp is not None for r in ledger.rows)
    width = 11 if two else 6
    lines = [f"{ledger.title} ({ledger.edition}, {ledger.side}, Turn {ledger.turn})",
             f"{'step':>4}  {'line':<6} {'TP US/Br' if two else 'TP':>{width}} {'Oil':>6}  operation"]
    for row in ledger.rows:
        where = str(locate(row.path).line) if row.step else ""
        rule = f" ({row.rule})" if row.rule else ""
        lines.append(f"{row.step:>4}  {where:<6} {_tp(row):>{width}} {_num(row.oil):>6}  {row.text}{rule}")
    if ledger.error is None:
        tp = f"Transport Points {_num(ledger.rows[-1].tp)}" + (f" (US), {_num(ledger.rows[-1].british_tp)} (British)" if two else "")
        lines.append(f"ok: {len(ledger.rows) - 1} steps legal; {tp}, Oil {_num(ledger.rows[-1].oil)} at the end")
    else:
        lines.append(error_line(ledger, locate))
    return "\n".join(lines) + "\n"


def as_data(ledger: Ledger, locate) -> dict:
    out = {"title": ledger.title, "edition": ledger.edition, "side": ledger.side, "turn": ledger.turn,
           "ledger": [{"step": r.step, "line": locate(r.path).line if r.step else None, "op": r.op, "text": r.text,
                       "paid": {"tp": _num(r.paid_tp), "oil": _num(r.paid_oil)},
                       "tp": _num(r.tp), "oil": _num(r.oil), "rule": r.rule}
                      | ({"tp_britain": _num(r.british_tp)} if r.british_tp is not None else {}) for r in ledger.rows],
           "ok": ledger.error is None, "error": None}
    if ledger.error is not None:
        e, loc = ledger.error, locate(ledger.error.path)
        out["error"] = {"step": ledger.error_step, "code": e.code, "message": e.message, "rule": e.rule,
                        "file": loc.file, "line": loc.line, "column": loc.column}
    return out


def as_html(ledger: Ledger, locate, plan_name: str, side_name: str) -> str:
    """A printable ledger page (templates/fits_ledger.html), the same numbers as the text."""
    data = as_data(ledger, locate)
    rows = [{**r, "line": r["line"] or "", "tp": f"{r['tp']}/{r['tp_britain']}" if "tp_britain" in r else r["tp"],
             "paid_tp": r["paid"]["tp"] if r["paid"]["tp"] else "",
             "paid_oil": (r["paid"]["oil"] if r["paid"]["oil"] > 0 else f"+{-r['paid']['oil']}") if r["paid"]["oil"] else ""} for r in data["ledger"]]
    env = environment(str(Path(__file__).resolve().parent / "templates"))
    return env.get_template("fits_ledger.html").render(ledger=ledger, rows=rows, error=data["error"], plan_name=plan_name,
                                                       side=side_name, page_size="A4", orientation="portrait")
