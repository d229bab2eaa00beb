"""Benchmark: ``fmt`` of large generated files, in CPU seconds (issue 21 item 5; run on demand).

Three shapes of about 450 KB each: 30,000 top-level keys with the kind last, one mapping of 30,000
keys, and a list of 15,000 two-key records. Each is formatted by ``format_text`` with the parse cache
off; the figure is the median CPU time of ``--repeat`` runs (no wall time: the machine is shared).
The time grows linearly with the size: ``--scale`` prints a quarter, a half and the whole of each.

    .venv/bin/python benchmarks/bench_fmt.py [--repeat N] [--scale] [--tree PATH] [--smoke]

``--smoke`` formats 600 keys once per shape (the test suite's run: the script still works).

``--tree`` measures another checkout's ``toolkit`` (e.g. an older commit's, from ``git worktree add``).
Issue 21 made it faster by reading the C parser's events where the text has nothing only the pure scanner
keeps, and by no second pass when the first changed only the order.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SHAPES = {
    "top-level keys": lambda n: "".join(f"key{i}: {i}\n" for i in range(n)) + "kind: counters\n",
    "nested keys": lambda n: "kind: scenario\nnotes:\n" + "".join(f"  key{i}: {i}\n" for i in range(n)),
    "list of records": lambda n: "kind: counters\ngame: g\ncounters:\n" + "".join(f"  - id: c{i}\n    strength: {i % 9}\n" for i in range(n // 2)),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keys", type=int, default=30_000)
    parser.add_argument("--scale", action="store_true", help="also a quarter and a half of --keys: linear time shows as doubling")
    parser.add_argument("--tree", default=str(ROOT))
    parser.add_argument("--smoke", action="store_true", help="600 keys, once (the test suite's run)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat, args.keys = 1, 600
    os.environ["CHARTROOM_CACHE"] = "off"
    sys.path.insert(0, args.tree)
    from toolkit.fmt import format_text

    sizes = [args.keys // 4, args.keys // 2, args.keys] if args.scale else [args.keys]
    for label, make in SHAPES.items():
        for keys in sizes:
            spent = []
            for run in range(args.repeat):
                text = make(keys).replace("kind:", f"run{run}: 0\nkind:", 1)  # a new text each run: nothing remembered
                start = time.process_time()
                format_text(text, "bench.yaml")
                spent.append(time.process_time() - start)
            print(f"fmt {label:16} {keys:>7,} keys {len(text) / 1024:6.0f} KB {statistics.median(spent):7.2f} s CPU")


if __name__ == "__main__":
    main()
