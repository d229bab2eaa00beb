"""Map graph timings on the Short Campaign, in process and warm (run on demand; not a test).

    .venv/bin/python benchmarks/bench_graph.py [--runs N] [--smoke]

* Supply Line status of every hex for both sides (target < 10 ms).
* Operational Movement reach of every unit on the map (target < 50 ms).

"Warm" means the map graphs are built (once per map) and the code is imported;
each run starts from a fresh GameState, so the per-state caches (Air ZOC,
supply chains, searches) are part of what is timed. CPU time (``time.process_time``),
median and least of ``--runs`` (default 30; ``--smoke``: 1, the test suite's run).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolkit.games.fire_in_the_sky.mapgraph import map_graph  # noqa: E402
from toolkit.games.fire_in_the_sky.movement import RuleError, operational_movement  # noqa: E402
from toolkit.games.fire_in_the_sky.state import GameState  # noqa: E402
from toolkit.games.fire_in_the_sky.supply import supplied_hexes  # noqa: E402
from toolkit.model.build import load_scenario  # noqa: E402

SCENARIO = ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml"


def fresh(game, scenario) -> GameState:
    return GameState.from_scenario(game, scenario)


def supply_every_hex(state: GameState) -> int:
    total = 0
    for side in ("japan", "allied"):
        every = supplied_hexes(state, side)
        total += sum(1 for h in state.map.hexes if h in every)
    return total


def reach_every_unit(state: GameState) -> int:
    total = 0
    for unit in state.units:
        if unit.at is None or unit.type not in ("naval", "air", "land"):
            continue
        try:
            total += len(operational_movement(state, unit))
        except RuleError:
            pass
    return total


def timed(label: str, func, states, target_ms: float) -> None:
    samples = []
    for state in states:
        t0 = time.process_time()
        func(state)
        samples.append((time.process_time() - t0) * 1000)
    median, best = statistics.median(samples), min(samples)
    verdict = "ok" if median < target_ms else "SLOW"
    print(f"{label:<58} median {median:7.2f} ms  best {best:7.2f} ms  target < {target_ms:g} ms  {verdict}")


def main(runs: int = 30) -> int:
    loaded = load_scenario(SCENARIO)
    if loaded.game is None or loaded.scenario is None:
        print("cannot load the Short Campaign:", "; ".join(f.message for f in loaded.findings[:3]))
        return 2
    game, scenario = loaded.game, loaded.scenario
    t0 = time.process_time()
    graph = map_graph(game.map)
    build_ms = (time.process_time() - t0) * 1000
    units = [u for u in fresh(game, scenario).units if u.at is not None]
    print(f"map: {len(game.map.hexes)} hexes, {graph.sea.number_of_nodes()} sea nodes, "
          f"{graph.grid.number_of_edges()} grid edges; graphs built in {build_ms:.1f} ms (once per map)")
    print(f"units on the map: {len(units)}")
    # warm up: imports, graph views, first-call costs
    supply_every_hex(fresh(game, scenario))
    reach_every_unit(fresh(game, scenario))
    print(f"hexes supplied (japan + allied): {supply_every_hex(fresh(game, scenario))}; "
          f"reach entries over all units: {reach_every_unit(fresh(game, scenario))}")
    timed("Supply Line status of every hex, both sides", supply_every_hex,
          [fresh(game, scenario) for _ in range(runs)], 10)
    timed("Operational Movement reach of every unit", reach_every_unit,
          [fresh(game, scenario) for _ in range(runs)], 50)
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="fresh states timed per figure (default 30)")
    parser.add_argument("--smoke", action="store_true", help="one run (the test suite's run)")
    args = parser.parse_args()
    sys.exit(main(1 if args.smoke else args.runs))
