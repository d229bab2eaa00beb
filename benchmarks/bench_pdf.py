"""Benchmark: ``chartroom aids --pdf`` of the Short Campaign, pages per second (issue 12, item 4; run on demand).

Each run is a whole ``chartroom aids SCENARIO -o DIR --pdf`` process; the figures are its CPU
time (user + system) and its wall time, medians of ``--runs``. With ``--against TREE`` the same
command from another checkout's ``toolkit`` (an older commit's, from ``git archive``) runs
interleaved with this one's, with this venv, and the ratio of each pair is printed: the
before/after figure on the same machine.

    .venv/bin/python benchmarks/bench_pdf.py [--runs N] [--against TREE]
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHORT = "scenarios/fire-in-the-sky/short-campaign.yaml"


def run(tree: Path, out: Path) -> tuple[float, float]:
    """CPU seconds and wall seconds of one ``aids --pdf`` process."""
    boot = f"import sys; sys.path.insert(0, {str(tree)!r}); from toolkit.cli import main; sys.exit(main())"
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", boot, "aids", str(tree / SHORT), "-o", str(out), "--pdf", "--force"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=dict(os.environ, CHARTROOM_CACHE="off"))
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"aids --pdf failed with {tree}")
    return usage.ru_utime + usage.ru_stime, wall


def pages(out: Path) -> tuple[int, int]:
    """Pages of the aids' own PDFs, and of aids.pdf."""
    from pypdf import PdfReader

    own = sum(len(PdfReader(str(p)).pages) for p in out.glob("*.pdf") if p.name != "aids.pdf")
    return own, len(PdfReader(str(out / "aids.pdf")).pages)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", help="another checkout to compare with (before/after)")
    args = parser.parse_args()
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        print("PDF: skipped (WeasyPrint not installed: pip install -e '.[pdf]')")
        return 0
    trees = [ROOT] + ([Path(args.against).resolve()] if args.against else [])
    for tree in trees:
        compileall.compile_dir(str(tree / "toolkit"), quiet=1)
    print(f"machine: {os.cpu_count()} CPUs (shared), Python {sys.version.split()[0]}; aids --pdf of the Short Campaign, "
          f"medians of {args.runs} interleaved runs")
    figures = {tree: [] for tree in trees}
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(args.runs):
            for tree in (trees if index % 2 == 0 else trees[::-1]):
                figures[tree].append(run(tree, Path(tmp) / f"{tree.name}-{index}"))
                if index == 0 and tree == ROOT:
                    own, combined = pages(Path(tmp) / f"{tree.name}-{index}")
    print(f"pages: {own} in the aids' own PDFs, {combined} in aids.pdf ({own + combined} written)")
    for tree, rows in figures.items():
        cpu = statistics.median(r[0] for r in rows)
        wall = statistics.median(r[1] for r in rows)
        print(f"{str(tree):<40} cpu {cpu:6.2f} s  wall {wall:6.2f} s  {(own + combined) / wall:5.2f} pages written per second "
              f"({own / wall:.2f} aid pages per second)")
    if args.against:
        ours, theirs = figures[ROOT], figures[trees[1]]
        cpu_ratio = statistics.median(a[0] / b[0] for a, b in zip(ours, theirs))
        wall_ratio = statistics.median(a[1] / b[1] for a, b in zip(ours, theirs))
        print(f"this tree / {trees[1]}: cpu {cpu_ratio:.2f}x, wall {wall_ratio:.2f}x (medians of the pairs' ratios); "
              f"{(1 - cpu_ratio) * 100:.0f}% less CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
