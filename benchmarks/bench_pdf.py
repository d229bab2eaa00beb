"""Benchmark: ``chartroom aids --pdf`` of the Short Campaign, pages per second (issue 12, item 4; run on demand).

Each run is a whole ``chartroom aids SCENARIO -o DIR --pdf`` process; the figures are its CPU
time (user + system) and its wall time, medians of ``--runs``. With ``--against TREE`` the same
command from another checkout's ``toolkit`` (an older commit's, from ``git archive``) runs
interleaved with this one's, with this venv, and the ratio of each pair is printed: the
before/after figure on the same machine. This tree runs twice per round: with its default worker
processes (one per CPU) and with ``--jobs 1`` (everything in one process), so the CPU the
layout itself costs is measured apart from what the workers save on the wall clock.

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


def run(tree: Path, out: Path, extra: tuple = ()) -> tuple[float, float]:
    """CPU seconds (its worker processes included) and wall seconds of one ``aids --pdf`` process."""
    boot = f"import sys; sys.path.insert(0, {str(tree)!r}); from toolkit.cli import main; sys.exit(main())"
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", boot, "aids", str(tree / SHORT), "-o", str(out), "--pdf", "--force", *extra],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=dict(os.environ, CHARTROOM_CACHE="off"))
    _, status, usage = os.wait4(process.pid, 0)  # its rusage counts the workers it waited for
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
    series = [("this tree", ROOT, ()), ("this tree --jobs 1", ROOT, ("--jobs", "1"))]
    if args.against:
        series.append((str(Path(args.against).resolve()), Path(args.against).resolve(), ()))
    for tree in {tree for _, tree, _ in series}:
        compileall.compile_dir(str(tree / "toolkit"), quiet=1)
    print(f"machine: {os.cpu_count()} CPUs (shared), Python {sys.version.split()[0]}; aids --pdf of the Short Campaign, "
          f"medians of {args.runs} interleaved runs")
    figures = {label: [] for label, _, _ in series}
    counted: dict[str, tuple[int, int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(args.runs):
            for label, tree, extra in (series if index % 2 == 0 else series[::-1]):
                out = Path(tmp) / f"{len(figures[label])}-{label.replace('/', '_').replace(' ', '_')}"
                figures[label].append(run(tree, out, extra))
                counted.setdefault(label, pages(out))  # an older tree may make fewer aids
    for label, rows in figures.items():
        own, combined = counted[label]
        cpu = statistics.median(r[0] for r in rows)
        wall = statistics.median(r[1] for r in rows)
        print(f"{label:<40} {own} aid pages + {combined} in aids.pdf; cpu {cpu:6.2f} s  wall {wall:6.2f} s  "
              f"{(own + combined) / wall:5.2f} pages written per second ({own / wall:.2f} aid pages per second)")
    if args.against:
        theirs, their_pages = figures[series[2][0]], counted[series[2][0]][0]
        for label in ("this tree", "this tree --jobs 1"):
            ours, scale = figures[label], their_pages / counted[label][0]  # per aid page: the same work
            cpu_ratio = statistics.median(a[0] / b[0] for a, b in zip(ours, theirs))
            wall_ratio = statistics.median(a[1] / b[1] for a, b in zip(ours, theirs))
            print(f"{label} / {series[2][0]}: cpu {cpu_ratio:.2f}x, wall {wall_ratio:.2f}x (medians of the pairs' ratios); "
                  f"per aid page: cpu {cpu_ratio * scale:.2f}x, wall {wall_ratio * scale:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
