"""Benchmark: `chartroom check` on the Short Campaign (run on demand, not a test).

Prints the time split into YAML parsing, schema validation, model building and
checks; the warm in-process time (caches filled); and the cold time from the
shell, with and without the on-disk parse cache. Targets (issue 2): warm under
50 ms, cold under 0.5 s.

    .venv/bin/python benchmarks/bench_check.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml"
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)


def best(func, repeat=7):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def phases():
    os.environ["CHARTROOM_CACHE"] = "off"
    from toolkit import load
    from toolkit.check import check_scenario
    from toolkit.rules import run_checks
    from toolkit.schema import validate
    from toolkit.session import Session

    game = ROOT / "scenarios" / "fire-in-the-sky"
    files = [game / "game.yaml", game / "map.yaml", game / "counters.yaml", game / "editions" / "v1.1.yaml",
             *sorted((game / "schedules").glob("*.yaml")), *sorted((game / "errata").glob("*.yaml")),
             *sorted((game / "charts").glob("*.yaml")), SCENARIO]
    size = sum(f.stat().st_size for f in files)

    def parse():
        load._cache.clear()
        return [load.load_file(f) for f in files]

    documents = parse()
    t_parse, _ = best(parse, 3)
    with Session().memos.active():  # a session's memos: the game's overlays are read and judged once, as in a check
        t_schema, _ = best(lambda: [validate(d, d.data["kind"], game) for d in documents], 3)

    def model():  # a new session: its games and memos start empty (parses and verdicts stay kept by content)
        return Session().open_scenario(SCENARIO, checks=False)

    t_model_total, _ = best(model, 3)  # parse is cached in process here: this is schema + build
    loaded = model()
    t_checks, _ = best(lambda: run_checks(loaded.module.checks(), loaded.module.context(loaded.game, loaded.scenario)), 7)
    t_warm, t_warm_median = best(lambda: check_scenario(SCENARIO), 20)
    print(f"data read: {len(files)} files, {size / 1024:.0f} KB")
    print(f"YAML parsing (no cache):      {t_parse * 1000:7.1f} ms")
    print(f"schema validation:            {t_schema * 1000:7.1f} ms")
    print(f"model building (excl. schema): {max(0.0, t_model_total - t_schema) * 1000:6.1f} ms")
    print(f"rules checks:                 {t_checks * 1000:7.1f} ms")
    print(f"warm check (in process):      {t_warm * 1000:7.1f} ms best, {t_warm_median * 1000:.1f} ms median  (target < 50 ms)")


def cold():
    exe = ROOT / ".venv" / "bin" / "chartroom"
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, CHARTROOM_CACHE=cache)
        subprocess.run([exe, "check", SCENARIO], env=env, capture_output=True)  # fill the parse cache
        with_cache, _ = best(lambda: subprocess.run([exe, "check", SCENARIO], env=env, capture_output=True), 5)
    env = dict(os.environ, CHARTROOM_CACHE="off")
    without, _ = best(lambda: subprocess.run([exe, "check", SCENARIO], env=env, capture_output=True), 3)
    print(f"cold check from the shell:    {with_cache * 1000:7.1f} ms with the parse cache (target < 500 ms)")
    print(f"                              {without * 1000:7.1f} ms with CHARTROOM_CACHE=off")


if __name__ == "__main__":
    phases()
    cold()
