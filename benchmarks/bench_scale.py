"""Benchmark: scale (issue 12, item 6; run on demand, not a test).

In a temporary copy of Fire in the Sky's folder:

* the Short Campaign's set-up repeated k times (k = 1 ... 50): ``check``
  in process with the disk cache off, the game already loaded, and the time per unit;
* the map grown to m times its hexes (m = 1 ... 10: new columns and rows of sea east and south
  of the printed map): loading and checking the Short Campaign on it (a new session), and the
  Supply Line status of every hex and the Air ZOC of both sides.

A curve is linear when the time per unit (per hex) stays flat as k (m) grows.

    .venv/bin/python benchmarks/bench_scale.py [--repeat N] [--smoke]

CPU time (``time.process_time``), medians of ``--repeat``. ``--smoke`` (the test suite's run) times the
two smallest of each once: the script still works, the curve means little.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from machine import describe  # noqa: E402

sys.path.insert(0, str(ROOT))
os.environ["CHARTROOM_CACHE"] = "off"
GAME = "fire-in-the-sky"


def median_ms(func, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        func()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def scaled_scenario(game: Path, k: int) -> Path:
    """The Short Campaign with its set-up list repeated ``k`` times."""
    lines = (game / "short-campaign.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("setup:")) + 1
    end = next(i for i in range(start, len(lines)) if re.match(r"^[a-z_]+:", lines[i]))
    block = lines[start:end]
    text = "".join(lines[:start] + block * k + lines[end:]).replace("id: short-campaign", f"id: short-campaign-x{k}", 1)
    path = game / f"short-campaign-x{k}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def units_in(scenario) -> int:
    return sum(entry.count for placement in scenario.setup for entry in placement.units)


def grow_map(game: Path, m: int) -> int:
    """Add sea hexes to the map until it has about ``m`` times its hexes; return the new grid's hex count."""
    path = game / "map.yaml"
    text = path.read_text(encoding="utf-8")
    columns = int(re.search(r"^  columns: (\d+)$", text, re.M).group(1))
    rows = int(re.search(r"^  rows: (\d+)$", text, re.M).group(1))
    hexes = 143
    extra = (m - 1) * hexes
    if extra == 0:
        return hexes
    new_rows = 40
    new_columns = math.ceil(extra / new_rows)
    text = text.replace(f"  columns: {columns}\n", f"  columns: {columns + new_columns}\n", 1)
    text = text.replace(f"  rows: {rows}\n", f"  rows: {new_rows}\n", 1)
    added = "".join(f'  - {{column: {c}, rows: [1, {new_rows}], reconstructed: "benchmark: open sea added to scale the map"}}\n'
                    for c in range(columns + 1, columns + new_columns + 1))
    text = text.replace("playing_area:\n", "playing_area:\n" + added, 1)
    path.write_text(text, encoding="utf-8")
    return hexes + new_columns * new_rows


def scenario_curve(repeat: int, sizes=(1, 5, 10, 25, 50)) -> None:
    from toolkit import load, schema
    from toolkit.load.memo import BoundedMemo
    from toolkit.session import Session

    print("scenario scale: check in process, game loaded, disk cache off (median ms)")
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / GAME
        shutil.copytree(ROOT / "scenarios" / GAME, game)
        session = Session()
        session.check([game / "short-campaign.yaml"])
        for k in sizes:
            path = scaled_scenario(game, k)
            opened = session.open_scenario(path)
            units = units_in(opened.scenario) if opened.scenario else 0
            findings = len(opened.findings)

            def fresh(path=path):
                load._cache = BoundedMemo(512)  # parse and validate the scenario again each time; the game stays loaded
                schema._valid_in_process = BoundedMemo(4096)
                session.check([path])

            ms = median_ms(fresh, repeat)
            print(f"  x{k:<3} {units:5d} units {findings:6d} findings  {ms:8.1f} ms  {ms / units * 1000:7.1f} us per unit")


def map_curve(repeat: int, sizes=(1, 2, 5, 10)) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_graph import supply_every_hex

    from toolkit import load, schema
    from toolkit.games.fire_in_the_sky.air_zoc import air_zoc
    from toolkit.games.fire_in_the_sky.state import GameState
    from toolkit.load.memo import BoundedMemo
    from toolkit.session import Session

    print("map scale: check of the Short Campaign, nothing remembered (parse, validate, build); Supply Line status of every hex and Air ZOC, both sides (median ms)")
    for m in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            game = Path(tmp) / GAME
            shutil.copytree(ROOT / "scenarios" / GAME, game)
            hexes = grow_map(game, m)
            short = game / "short-campaign.yaml"
            def check(short=short):  # nothing remembered: the grown map is parsed, validated and built each time
                load._cache = BoundedMemo(512)
                schema._valid_in_process = BoundedMemo(4096)
                Session().check([short])

            check_ms = median_ms(check, repeat)
            opened = Session().open_scenario(short)
            if opened.scenario is None:
                print(f"  x{m}: the grown map did not load: {opened.first_error()}")
                continue
            assert len(opened.game.map.hexes) == hexes, (len(opened.game.map.hexes), hexes)
            supply_ms = median_ms(lambda opened=opened: supply_every_hex(GameState.from_scenario(opened.game, opened.scenario)), repeat)

            def zoc(opened=opened):
                state = GameState.from_scenario(opened.game, opened.scenario)
                return [air_zoc(state, side) for side in opened.game.side_ids]

            zoc_ms = median_ms(zoc, repeat)
            print(f"  x{m:<3} {hexes:5d} hexes  check {check_ms:7.1f} ms ({check_ms / hexes * 1000:6.1f} us/hex)  "
                  f"supply {supply_ms:7.1f} ms ({supply_ms / hexes * 1000:6.1f} us/hex)  zoc {zoc_ms:6.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--smoke", action="store_true", help="the two smallest sizes of each, once (the test suite's run)")
    args = parser.parse_args()
    print(f"{describe()}")
    if args.smoke:
        scenario_curve(1, (1, 2))
        map_curve(1, (1, 2))
    else:
        scenario_curve(args.repeat)
        map_curve(args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
