"""Run every benchmark in this folder (`make bench`), or write the benchmarks page from that one run (`make bench-page`).

Each ``bench_*.py`` runs in its own process, one after the other; the exit status is 1 when any of them failed
(each failure named), else 0.

    .venv/bin/python benchmarks/run.py [--runs N] [--smoke] [--only NAME ...] [--page PATH]

``--page PATH`` writes the page (``site/docs/benchmarks.md``) from this run: the date, the machine and every figure
come from it. ``--runs N`` gives N repetitions to the scripts that take a count (fewer: quicker, noisier).
``--smoke`` runs every script once at its smallest (the test suite's run).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from machine import machine, now  # noqa: E402
from page import TABLE, Occasion, Ran, page  # noqa: E402

#: The option by which each script takes its count of repetitions (``--runs``); the others keep their own.
RUNS_FLAG = {"bench_table.py": "--runs", "bench_compare.py": "--runs", "bench_pdf.py": "--runs", "bench_graph.py": "--runs",
             "bench_scale.py": "--repeat", "bench_fmt.py": "--repeat", "bench_load.py": "--repeat"}


def scripts(only: list[str]) -> list[Path]:
    every = sorted(HERE.glob("bench_*.py"))
    if not only:
        return every
    wanted = {name if name.endswith(".py") else f"{name}.py" for name in only}
    return [path for path in every if path.name in wanted or path.name.removeprefix("bench_") in wanted]


def argv_for(script: Path, runs: int | None, smoke: bool, markdown: bool) -> list[str]:
    argv = ["--smoke"] if smoke else []
    if runs and not smoke and script.name in RUNS_FLAG:
        argv += [RUNS_FLAG[script.name], str(runs)]
    if markdown and script.name == TABLE:
        argv.append("--markdown")
    return argv


def run(script: Path, argv: list[str]) -> tuple[int, str]:
    """Run one script, its output shown as it comes; its exit status and its standard output."""
    process = subprocess.Popen([sys.executable, str(script), *argv], cwd=HERE.parent, stdout=subprocess.PIPE, text=True)
    lines = []
    for line in process.stdout:
        print(line, end="", flush=True)
        lines.append(line)
    return process.wait(), "".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, help="repetitions for the scripts that take a count (default: each script's own)")
    parser.add_argument("--smoke", action="store_true", help="every script once, at its smallest (the test suite's run)")
    parser.add_argument("--only", nargs="+", default=[], metavar="NAME", help="these scripts only (e.g. bench_graph or graph)")
    parser.add_argument("--page", type=Path, help="write the benchmarks page (Markdown) from this run")
    args = parser.parse_args(argv)
    chosen = scripts(args.only)
    if not chosen:
        print(f"run.py: no benchmark named {' '.join(args.only)} in {HERE}", file=sys.stderr)
        return 2
    started, load_before = now(), os.getloadavg()[0]
    ran, failed = [], []
    for script in chosen:
        given = argv_for(script, args.runs, args.smoke, markdown=args.page is not None)
        print(f"== {script.name} {' '.join(given)}".rstrip(), flush=True)
        status, output = run(script, given)
        print(flush=True)
        if status != 0:
            failed.append(f"{script.name} exited {status}")
        ran.append(Ran(script, tuple(given), output))
    if failed:
        print("run.py: " + "; ".join(failed) + (" (the page is not written)" if args.page else ""), file=sys.stderr)
        return 1
    if args.page:
        command = " ".join(["python benchmarks/run.py", *(argv if argv is not None else sys.argv[1:])])
        occasion = Occasion(command=command, started=started, ended=now(), machine=machine(), cpus=os.cpu_count() or 1,
                            load_before=load_before, load_after=os.getloadavg()[0], smoke=args.smoke)
        args.page.write_text(page(occasion, ran), encoding="utf-8")
        print(f"run.py: page written to {args.page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
