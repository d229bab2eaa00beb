"""Benchmark: ``chartroom aids --pdf`` of the Short Campaign, CPU in all and per aid (issues 12 and 22; run on demand).

Each run is a whole ``chartroom aids SCENARIO -o DIR --pdf`` process, started as the installed command starts (the tree's
console-script entry point), which ends the process without the interpreter's shutdown; the figures are its CPU
time (user + system) and its wall time, medians of ``--runs``. With ``--against TREE`` the same
command from another checkout's ``toolkit`` (an older commit's, from ``git archive``) runs
interleaved with this one's, with this venv, and the ratio of each pair is printed: the
before/after figure on the same machine. This tree runs twice per round: with its default worker
processes (one per CPU) and with ``--jobs 1`` (everything in one process), so the CPU the
layout itself costs is measured apart from what the workers save on the wall clock.

Then, per aid (issue 22 item 4): the CPU of laying it out (``html_to_pdf``, as the command does) and of writing its PDF
(``write_pdf``: painting, and subsetting the fonts), in one process per run, medians of ``--runs``;
with ``--against`` the other tree's figures beside them, runs interleaved.

    .venv/bin/python benchmarks/bench_pdf.py [--runs N] [--against TREE] [--scenario PATH] [--aids STEM,...] [--smoke]

``--smoke`` (the test suite's run) makes one run of ``--jobs 1`` only, of Fire from the Skies' Midway, and the per-aid table of
two small aids.
The system CPU is mostly memory being mapped, unmapped and faulted in. Python 3.11 keeps its frames on a stack
of 16 KB chunks and gives a chunk back to the system as soon as the call at its start returns; the next call maps
and faults a new one in (CPython issue gh-142183, fixed in March 2026 on CPython's main branch and backported to 3.14
and 3.13: a spare chunk is kept). WeasyPrint's layout calls deep enough to cross such a boundary tens of thousands of times an aids run:
the command lays its aids out with room reserved on that stack (``toolkit.stackroom``), which keeps them on one chunk
(the Short Campaign: 33,637 chunks unmapped before, about 400 after; half the page faults).
The faults printed are the minor page faults of the process and its workers.

The wall time printed depends on what else the machine runs (the workers save wall time only where a CPU is
idle): the CPU is the figure to compare.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_compare import Chartroom  # noqa: E402
from machine import describe  # noqa: E402

SHORT = "scenarios/fire-in-the-sky/short-campaign.yaml"
MIDWAY = "scenarios/fire-from-the-skies/midway.yaml"  # the smoke run's: fewer and shorter aids


def run(tree: Path, out: Path, extra: tuple = (), scenario: str = SHORT) -> tuple[float, float, tuple[float, float, int]]:
    """CPU seconds (its worker processes included) and wall seconds of one ``aids --pdf`` process, and the parts of
    its CPU: user seconds, system seconds and minor page faults."""
    line = Chartroom(tree).command("aids", str(tree / scenario), "-o", str(out), "--pdf", "--force", *extra)  # as the installed command
    start = time.perf_counter()
    process = subprocess.Popen(line,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=dict(os.environ, CHARTROOM_CACHE="off"))
    _, status, usage = os.wait4(process.pid, 0)  # its rusage counts the workers it waited for
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"aids --pdf failed with {tree}")
    return usage.ru_utime + usage.ru_stime, wall, (usage.ru_utime, usage.ru_stime, usage.ru_minflt)


#: One process: every aid of a scenario laid out and written, CPU seconds of each step by aid (JSON on stdout).
PER_AID = r'''
import json, sys, time
sys.path.insert(0, sys.argv[1])
from toolkit.render.aids import render_aids
from toolkit.render.pdf import _weasyprint, html_to_pdf
from toolkit.session import Session
opened = Session().open_scenario(sys.argv[2])
wanted = set(sys.argv[3].split(",")) if sys.argv[3] else None
aids = [aid for aid in render_aids(opened.game, opened.scenario, opened.module) if wanted is None or aid.stem in wanted]
weasyprint = _weasyprint()
fonts, cache = weasyprint.text.fonts.FontConfiguration(), {}
weasyprint.HTML(string="<p>warm</p>").render(font_config=fonts, cache=cache).write_pdf()
figures = {}
try:  # the command lays its aids out with room on the frame stack (toolkit.stackroom); an older tree without
    from toolkit.stackroom import with_stack_room
except ImportError:
    def with_stack_room(function, *args):
        return function(*args)

def measure(aid):
    start = time.process_time()
    document = html_to_pdf(aid.html, font_config=fonts, cache=cache)  # as the command lays it out
    laid = time.process_time()
    document.write_pdf()
    figures[aid.stem] = [laid - start, time.process_time() - laid, len(document.pages)]

for aid in aids:
    with_stack_room(measure, aid)
print(json.dumps(figures))
'''


def per_aid(tree: Path, scenario: str, aids: str = "") -> dict[str, list]:
    """CPU seconds of laying out and of writing each aid of ``scenario`` (those named in ``aids``, else all) with ``tree``'s toolkit.

    ``{stem: [layout, write, pages]}``.
    """
    done = subprocess.run([sys.executable, "-c", PER_AID, str(tree), scenario, aids], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, CHARTROOM_CACHE="off", SOURCE_DATE_EPOCH="0"), check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def print_per_aid(trees: list[tuple[str, Path]], scenario: str, runs: int, aids: str = "") -> None:
    """The per-aid table: layout and write CPU (medians of ``runs``, trees interleaved), and the totals."""
    series = {label: [] for label, _ in trees}
    for index in range(runs):
        for label, tree in (trees if index % 2 == 0 else trees[::-1]):
            series[label].append(per_aid(tree, scenario, aids))
    print(f"\nper aid, CPU seconds in one process (layout = html_to_pdf, write = write_pdf), medians of {runs}: {scenario}")
    print(f"{'aid':<24}" + "".join(f"{label[-28:]:>34}" for label, _ in trees))
    totals = {label: [0.0, 0.0] for label, _ in trees}
    for stem in series[trees[0][0]][0]:
        cells = []
        for label, _ in trees:
            rows = [run[stem] for run in series[label] if stem in run]
            if not rows:
                cells.append(f"{'-':>34}")
                continue
            layout, write = statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)
            totals[label][0] += layout
            totals[label][1] += write
            cells.append(f"{layout:>10.3f} + {write:5.3f} = {layout + write:5.3f} ({rows[0][2]}p)")
        print(f"{stem:<24}" + "".join(cells))
    print(f"{'all aids':<24}" + "".join(f"{t[0]:>10.3f} + {t[1]:5.3f} = {sum(t):5.3f}     " for t in totals.values()))


def pages(out: Path) -> tuple[int, int]:
    """Pages of the aids' own PDFs, and of aids.pdf."""
    from pypdf import PdfReader

    own = sum(len(PdfReader(str(p)).pages) for p in out.glob("*.pdf") if p.name != "aids.pdf")
    return own, len(PdfReader(str(out / "aids.pdf")).pages)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", help="another checkout to compare with (before/after)")
    parser.add_argument("--scenario", help="the scenario (default: the Short Campaign; with --smoke, the shorter Midway)")
    parser.add_argument("--aids", default="", help="the per-aid table of these aids only (stems, comma-separated; default all)")
    parser.add_argument("--smoke", action="store_true", help="one run, --jobs 1 only, two aids in the per-aid table (the test suite's run)")
    args = parser.parse_args()
    if args.smoke:
        args.runs, args.aids = 1, args.aids or "index,sequence"
    args.scenario = args.scenario or (MIDWAY if args.smoke else SHORT)
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        print("PDF: skipped (WeasyPrint not installed: pip install -e '.[pdf]')")
        return 0
    series = [("this tree --jobs 1", ROOT, ("--jobs", "1"))] if args.smoke else [("this tree", ROOT, ()), ("this tree --jobs 1", ROOT, ("--jobs", "1"))]
    if args.against:
        series.append((str(Path(args.against).resolve()), Path(args.against).resolve(), ()))
    for tree in {tree for _, tree, _ in series}:
        compileall.compile_dir(str(tree / "toolkit"), quiet=1)
    print(f"{describe()}; aids --pdf of {args.scenario}, "
          f"medians of {args.runs} interleaved runs; CPU includes the worker processes")
    figures = {label: [] for label, _, _ in series}
    counted: dict[str, tuple[int, int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(args.runs):
            for label, tree, extra in (series if index % 2 == 0 else series[::-1]):
                out = Path(tmp) / f"{len(figures[label])}-{label.replace('/', '_').replace(' ', '_')}"
                figures[label].append(run(tree, out, extra, args.scenario))
                counted.setdefault(label, pages(out))  # an older tree may make fewer aids
    for label, rows in figures.items():
        own, combined = counted[label]
        cpu = statistics.median(r[0] for r in rows)
        wall = statistics.median(r[1] for r in rows)
        user, system, faults = (statistics.median(r[2][part] for r in rows) for part in range(3))
        print(f"{label:<40} {own} aid pages + {combined} in aids.pdf; cpu {cpu:6.2f} s ({cpu / own:.2f} s per aid page)  "
              f"wall {wall:6.2f} s (on this machine at its load)")
        print(f"{'':<40} of the cpu: user {user:.2f} s, system {system:.2f} s; {faults:,.0f} minor page faults")
    if args.against:
        theirs, their_pages = figures[series[-1][0]], counted[series[-1][0]][0]
        for label in [label for label, _, _ in series[:-1]]:
            ours, scale = figures[label], their_pages / counted[label][0]  # per aid page: the same work
            cpu_ratio = statistics.median(a[0] / b[0] for a, b in zip(ours, theirs))
            wall_ratio = statistics.median(a[1] / b[1] for a, b in zip(ours, theirs))
            print(f"{label} / {series[-1][0]}: cpu {cpu_ratio:.2f}x, wall {wall_ratio:.2f}x (medians of the pairs' ratios); "
                  f"per aid page: cpu {cpu_ratio * scale:.2f}x, wall {wall_ratio * scale:.2f}x")
    trees = [("this tree", ROOT)] + ([(str(Path(args.against).resolve()), Path(args.against).resolve())] if args.against else [])
    print_per_aid(trees, args.scenario, args.runs, args.aids)
    return 0


if __name__ == "__main__":
    sys.exit(main())
