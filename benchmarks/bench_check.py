"""Benchmark: `chartroom check` on the Short Campaign (run on demand, not a test).

Prints the time split into YAML parsing, schema validation, model building and
checks; the warm in-process time (caches filled); and the cold time from the
shell, with and without the on-disk parse cache. CPU time throughout (user + system
of the process; least of the runs). Targets (issue 2): warm under 50 ms, cold under 0.5 s.

    .venv/bin/python benchmarks/bench_check.py [--smoke]

``--smoke`` times each figure once (the test suite's run: the script still works, the figures mean little).
"""

from __future__ import annotations

import argparse
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
    """Least and median CPU seconds of ``repeat`` calls (CPU, not wall: the machine is shared)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        func()
        times.append(time.process_time() - start)
    return min(times), statistics.median(times)


def shell(command: list, env: dict) -> float:
    """CPU seconds (user + system) of one process running ``command``."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(map(str, command))} exited {os.waitstatus_to_exitcode(status)}")
    return usage.ru_utime + usage.ru_stime


def times(repeat: int, scale: float) -> int:
    return max(1, round(repeat * scale))


def phases(scale: float = 1.0):
    os.environ["CHARTROOM_CACHE"] = "off"
    from toolkit import load, schema
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
    t_parse, _ = best(parse, times(3, scale))

    def judge():  # as in a cold check: a new session (its validators built) and no verdict remembered in process
        schema._valid_in_process.clear()
        with Session().memos.active():
            return [validate(d, d.data["kind"], game) for d in documents]

    t_schema, _ = best(judge, times(3, scale))

    def model():  # a new session: its games and memos start empty (parses and verdicts stay kept by content)
        return Session().open_scenario(SCENARIO, checks=False)

    t_model_total, _ = best(model, times(3, scale))  # parse is cached in process here: this is schema + build
    loaded = model()
    t_checks, _ = best(lambda: run_checks(loaded.module.checks(), loaded.module.context(loaded.game, loaded.scenario)), times(7, scale))
    t_warm, t_warm_median = best(lambda: check_scenario(SCENARIO), times(20, scale))
    print(f"data read: {len(files)} files, {size / 1024:.0f} KB")
    print(f"YAML parsing (no cache):      {t_parse * 1000:7.1f} ms")
    print(f"schema validation:            {t_schema * 1000:7.1f} ms  (validators built, every document judged)")
    print(f"model building:               {t_model_total * 1000:7.1f} ms  (a new session; parses and verdicts remembered)")
    print(f"rules checks:                 {t_checks * 1000:7.1f} ms")
    print(f"warm check (in process):      {t_warm * 1000:7.1f} ms best, {t_warm_median * 1000:.1f} ms median  (target < 50 ms)")


def cold(scale: float = 1.0):
    exe = ROOT / ".venv" / "bin" / "chartroom"
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, CHARTROOM_CACHE=cache)
        shell([exe, "check", SCENARIO], env)  # fill the parse cache
        with_cache = min(shell([exe, "check", SCENARIO], env) for _ in range(times(5, scale)))
    env = dict(os.environ, CHARTROOM_CACHE="off")
    without = min(shell([exe, "check", SCENARIO], env) for _ in range(times(3, scale)))
    print(f"cold check from the shell:    {with_cache * 1000:7.1f} ms with the parse cache (target < 500 ms)")
    print(f"                              {without * 1000:7.1f} ms with CHARTROOM_CACHE=off")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="each figure timed once")
    scale = 0.0 if parser.parse_args().smoke else 1.0
    phases(scale)
    cold(scale)
