"""Benchmark: the loader and ``fmt`` on large inputs under the size cap (issue 11, item 11; run on demand).

Generates, in a temporary folder, a 500 KB flow list (``[0, 0, ...]``), a 500 KB block
list of records, and a 100 KB file for ``fmt``; prints the CPU seconds (best of
``--repeat``) of ``load_text`` and of ``format_text`` on each, with the parse cache off.

    .venv/bin/python benchmarks/bench_load.py [--repeat N] [--tree PATH]

``--tree`` measures another checkout's ``toolkit`` (e.g. an older commit's, from
``git worktree add``) on the same inputs, for before/after figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def flow_list(size: int) -> str:
    count = (size - 20) // 3
    return "kind: map\nitems: [" + ", ".join(["0"] * count) + "]\n"


def block_records(size: int) -> str:
    lines = ["kind: counters", "game: g", "counters:"]
    total, number = 0, 0
    while total < size:
        record = [f"  - id: c-{number}", f'    name: "Counter {number}"', f"    strength: {number % 9}", "    source: v1.1 2.2"]
        lines += record
        total += sum(len(line) + 1 for line in record)
        number += 1
    return "\n".join(lines) + "\n"


def messy(size: int) -> str:
    body = block_records(size).replace("kind: counters\n", "")
    return body + "kind: counters\n"  # out of canonical order: fmt has work to do


def cpu(func, repeat: int) -> float:
    best = None
    import toolkit.load

    for _ in range(repeat):
        toolkit.load._cache.clear()  # the in-process memory of parsed documents
        start = time.process_time()
        func()
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--tree", default=str(ROOT))
    args = parser.parse_args()
    os.environ["CHARTROOM_CACHE"] = "off"
    sys.path.insert(0, args.tree)
    from toolkit.findings import ChartroomError
    from toolkit.fmt import format_text
    from toolkit.load import load_text

    def load(text, name):
        def run():
            try:
                load_text(text, name)
            except ChartroomError as error:  # e.g. over the node limit: still the time it took to say so
                print(f"   ({error.code}: {error.message})")
        return run

    def fmt(text):
        return lambda: format_text(text, "bench.yaml")

    cases = [
        ("load flow list 500 KB", load(flow_list(500_000), "flow.yaml")),
        ("load block records 500 KB", load(block_records(500_000), "block.yaml")),
        ("fmt block records 100 KB", fmt(messy(100_000))),
    ]
    for label, func in cases:
        spent = cpu(func, args.repeat)
        print(f"{label:32} {spent:7.2f} s CPU")


if __name__ == "__main__":
    main()
