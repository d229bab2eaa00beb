"""Benchmark: the loader and ``fmt`` on large inputs under the size cap (issue 11, item 11; run on demand).

Generates, in a temporary folder, a 500 KB flow list (``[0, 0, ...]``), a 500 KB block
list of records, and a 100 KB file for ``fmt``; prints the CPU seconds (best of
``--repeat``) of ``load_text`` and of ``format_text`` on each, with the parse cache off.

    .venv/bin/python benchmarks/bench_load.py [--repeat N] [--tree PATH] [--smoke]

``--smoke`` reads inputs a fiftieth of the size, once (the test suite's run: the script still works).

``--tree`` measures another checkout's ``toolkit`` (e.g. an older commit's, from
``git worktree add``) on the same inputs, for before/after figures.

``--parsers`` instead reports the YAML parse speed (KB/s, best of ``--repeat``) of the
bundled game data with the C parser first (the default) and with ``CHARTROOM_YAML=pure``.
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
    parser.add_argument("--parsers", action="store_true", help="KB/s of the C and pure YAML paths on the bundled data")
    parser.add_argument("--smoke", action="store_true", help="inputs a fiftieth of the size, once (the test suite's run)")
    args = parser.parse_args()
    scale = 50 if args.smoke else 1
    if args.smoke:
        args.repeat = 1
    if args.parsers:
        parsers(args.repeat)
        return
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
        (f"load flow list {500 // scale} KB", load(flow_list(500_000 // scale), "flow.yaml")),
        (f"load block records {500 // scale} KB", load(block_records(500_000 // scale), "block.yaml")),
        (f"fmt block records {100 // scale} KB", fmt(messy(100_000 // scale))),
    ]
    for label, func in cases:
        spent = cpu(func, args.repeat)
        print(f"{label:32} {spent:7.2f} s CPU")


def parsers(repeat: int) -> None:
    from toolkit.load import yamlpos

    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "scenarios").rglob("*.yaml"))]
    kb = sum(len(t.encode("utf-8")) for t in texts) / 1024
    print(f"bundled game data: {len(texts)} files, {kb:.0f} KB; C parser installed: {yamlpos.fast_parser_available()}")
    for mode in ("default", "pure"):
        if mode == "pure":
            os.environ["CHARTROOM_YAML"] = "pure"
        else:
            os.environ.pop("CHARTROOM_YAML", None)
        best = None
        for _ in range(repeat):
            start = time.process_time()
            for text in texts:
                yamlpos.parse(text)
            spent = time.process_time() - start
            best = spent if best is None else min(best, spent)
        print(f"parse {mode:8} {best:7.3f} s CPU  {kb / best:8.0f} KB/s")
    os.environ.pop("CHARTROOM_YAML", None)


if __name__ == "__main__":
    main()
