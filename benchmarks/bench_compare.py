"""Chartroom against check-jsonschema, what issue 22's table (``bench_table.py``) leaves out (issue 12; run on demand).

check-jsonschema comes with the ``test`` extra (else it is installed in the benchmark's own environment,
``benchmarks/.venv``, made on first run from ``benchmarks/requirements-compare.txt``). It validates the same
file against Chartroom's own core scenario schema as users give it (``--schemafile schemas/scenario.schema.json
--base-uri file://…``). Here: ``check`` with an empty cache, the imports of ``check``, and two figures in one
process (a new variant after the game is loaded, a repeat check); ``bench_table.py`` measures the rest, and
helps itself to this script's functions (the peer, the CPU of a process, paired runs, variants).

Every figure is the whole process's CPU time (user + system, from ``wait4``), so that the
other work on a shared machine counts as little as possible; the runs of the two tools are
paired and interleaved (the order alternates), and the ratio printed is the median of the
pairs' ratios. Both trees are byte-compiled first (as ``pip install`` of a wheel does):
where ``PYTHONDONTWRITEBYTECODE`` is set an editable checkout would otherwise compile every
module on every run.

    .venv/bin/python benchmarks/bench_compare.py [--runs N] [--tree PATH] [--smoke]

``--tree`` measures another checkout's ``toolkit`` (an older commit's, from ``git archive``)
with this venv, for before/after figures. The in-process figures (one variant after the
game is loaded, a repeat check with the disk cache off) are medians of many calls (``--smoke``: of a few).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from machine import describe  # noqa: E402

BENCH_ENV = ROOT / "benchmarks" / ".venv"
REQUIREMENTS = ROOT / "benchmarks" / "requirements-compare.txt"
GAME = "fire-in-the-sky"
SHORT = f"scenarios/{GAME}/short-campaign.yaml"


def check_jsonschema() -> Path:
    """check-jsonschema beside this Python (the ``test`` extra installs it), else the benchmark's own venv (made on first use)."""
    beside = Path(sys.executable).parent / "check-jsonschema"
    if beside.exists():
        return beside
    exe = BENCH_ENV / "bin" / "check-jsonschema"
    if not exe.exists():
        print(f"installing check-jsonschema into {BENCH_ENV} (once)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(BENCH_ENV)], check=True)
        subprocess.run([str(BENCH_ENV / "bin" / "pip"), "install", "--quiet", "-r", str(REQUIREMENTS)], check=True)
    return exe


def version_of(exe: Path) -> str:
    out = subprocess.run([str(exe), "--version"], capture_output=True, text=True).stdout.strip()
    return out or "unknown"


def plain_schemas(tree: Path, into: Path) -> Path:
    """Chartroom's core schemas without ``$id``: check-jsonschema then resolves ``defs.schema.json`` beside them."""
    into.mkdir(parents=True, exist_ok=True)
    for path in (tree / "schemas").glob("*.schema.json"):
        contents = json.loads(path.read_text(encoding="utf-8"))
        contents.pop("$id", None)
        (into / path.name).write_text(json.dumps(contents), encoding="utf-8")
    return into / "scenario.schema.json"


def cpu(command: list[str], env: dict, cwd: Path, expect: tuple[int, ...] = (0,)) -> float:
    """User + system CPU seconds of one run of ``command`` (and its children)."""
    process = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if process.returncode not in expect:
        raise SystemExit(f"{' '.join(command[:4])}... exited {process.returncode}: {error[-800:]}")
    return usage.ru_utime + usage.ru_stime


def paired(first, second, runs: int, warm: bool = True) -> tuple[float, float, float]:
    """Medians of ``first()`` and ``second()`` over interleaved runs, and the median of their ratios."""
    a, b, ratios = [], [], []
    if warm:
        first(), second()  # warm the file system cache; not counted
    for index in range(runs):
        if index % 2:
            y = second()
            x = first()
        else:
            x = first()
            y = second()
        a.append(x)
        b.append(y)
        ratios.append(x / y)
    return statistics.median(a), statistics.median(b), statistics.median(ratios)


class Chartroom:
    """``chartroom`` from a tree (this checkout or ``--tree``), run with this venv's Python through the tree's own
    console-script entry point (``[project.scripts]`` in its pyproject.toml), as the installed command runs."""

    def __init__(self, tree: Path):
        self.tree = tree
        self.python = sys.executable
        scripts = tomllib.loads((tree / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
        self.module, self.function = scripts["chartroom"].split(":")

    def command(self, *args: str) -> list[str]:
        boot = (f"import sys; sys.path.insert(0, {str(self.tree)!r}); from {self.module} import {self.function}; "
                f"sys.exit({self.function}())")
        return [self.python, "-c", boot, *args]


def make_variants(tree: Path, folder: Path, count: int) -> list[Path]:
    """A copy of the game folder with ``count`` small variants of the Short Campaign in ``variants-bench/``."""
    game = folder / GAME
    shutil.copytree(tree / "scenarios" / GAME, game)
    out = game / "variants-bench"
    out.mkdir()
    paths = []
    for n in range(1, count + 1):
        path = out / f"variant-{n:03d}.yaml"
        path.write_text(
            "kind: scenario\n"
            f"game: {GAME}\n"
            f"id: bench-variant-{n}\n"
            f'title: "Short Campaign, benchmark variant {n}"\n'
            "variant: true\n"
            "edition: v1.1\n"
            'extends: "../short-campaign.yaml"\n'
            f'reconstructed: "A benchmark variant ({n} of {count}): the Short Campaign with its own notes."\n'
            f'notes: "Variant {n}: nothing changes but this text, so every file is new to the cache."\n',
            encoding="utf-8",
        )
        paths.append(path)
    return paths


def in_process(tree: Path, variants: list[Path], repeat: int) -> dict:
    """Medians of CPU time in one process, disk cache off: one new variant after the game is loaded; a repeat check of the Short Campaign.

    Run in a child process so that the tree measured is the one imported.
    """
    script = f"""
import json, os, statistics, sys, time
os.environ["CHARTROOM_CACHE"] = "off"
sys.path.insert(0, {str(tree)!r})
from pathlib import Path
from toolkit.session import Session
session = Session()
short = Path({str(tree / SHORT)!r})
variants = [Path(p) for p in {[str(p) for p in variants]!r}]
session.check([short]); session.check([variants[0]])
one = []
for path in variants[1:]:
    start = time.process_time(); session.check([path]); one.append(time.process_time() - start)
again = []
for _ in range({repeat}):
    start = time.process_time(); session.check([short]); again.append(time.process_time() - start)
# what check-jsonschema does for each file, in process: ruamel's safe load and jsonschema's iter_errors, validator built once
from ruamel.yaml import YAML
from jsonschema import Draft202012Validator
from toolkit.schema import validator
v = validator("scenario")
loader = YAML(typ="safe")
plain = []
for path in variants[1:]:
    start = time.process_time(); list(v.iter_errors(loader.load(path.read_text()))); plain.append(time.process_time() - start)
print(json.dumps({{"one_variant": statistics.median(one), "repeat": statistics.median(again), "jsonschema_one": statistics.median(plain)}}))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def import_figures(ours: "Chartroom", env: dict, cwd: Path, runs: int) -> tuple[float, int, bool]:
    """``python -X importtime`` of ``chartroom check`` on the Short Campaign: median total ms, modules, networkx imported."""
    totals, count, networkx = [], 0, False
    for _ in range(runs):
        command = ours.command("check", str(ours.tree / SHORT))
        done = subprocess.run([command[0], "-X", "importtime", *command[1:]], env=env, cwd=cwd, capture_output=True, text=True)
        rows = [line.split("|") for line in done.stderr.splitlines() if line.startswith("import time:") and "self [us]" not in line]
        totals.append(sum(int(r[0].split(":")[1]) for r in rows) / 1000)
        count = len(rows)
        networkx = any(r[2].strip() == "networkx" for r in rows)
    return statistics.median(totals), count, networkx


def row(label: str, ours: float, theirs: float, ratio: float, target: str = "") -> None:
    print(f"{label:<58} {ours * 1000:8.0f} ms {theirs * 1000:8.0f} ms {ratio:7.2f}x  {target}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="paired runs per figure (default 9)")
    parser.add_argument("--tree", default=str(ROOT), help="the checkout whose toolkit is measured (default this one)")
    parser.add_argument("--smoke", action="store_true", help="one run of each figure, 5 variants in process (the test suite's run)")
    args = parser.parse_args()
    tree = Path(args.tree).resolve()
    runs = 1 if args.smoke else args.runs
    theirs_exe = check_jsonschema()
    compileall.compile_dir(str(tree / "toolkit"), quiet=1)
    ours = Chartroom(tree)
    print(f"{describe()}; {version_of(theirs_exe)}" + (f"; tree {tree}" if tree != ROOT else ""))
    print("whole-process CPU, medians of paired interleaved runs; ratio = Chartroom / check-jsonschema (median of the pairs' ratios);")
    print("the peer as users give it: --schemafile schemas/scenario.schema.json --base-uri file://...")
    print(f"{'':<58} {'Chartroom':>11} {'check-js':>11} {'ratio':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        schema = tree / "schemas" / "scenario.schema.json"
        short = str(tree / SHORT)

        def theirs(*files: str):
            command = [str(theirs_exe), "--schemafile", str(schema), "--base-uri", schema.as_uri(), *files]
            return lambda: cpu(command, dict(os.environ), tmp, expect=(0, 1))

        counter = iter(range(10**6))

        def empty_cache():  # a new, empty cache folder for every run: the parse cache and verdicts are written
            folder = tmp / f"cache-{next(counter)}"
            return cpu(ours.command("check", short), dict(os.environ, CHARTROOM_CACHE=str(folder)), tmp)

        row("check, empty cache (parse + validate + write the cache)", *paired(empty_cache, theirs(short), runs, warm=not args.smoke), "target <= 1.0x")
        filled = tmp / "cache-filled"
        env_filled = dict(os.environ, CHARTROOM_CACHE=str(filled))
        cpu(ours.command("check", short), env_filled, tmp)
        total, modules, networkx = import_figures(ours, env_filled, tmp, runs)
        print(f"{'imports of check, python -X importtime (sum of self times)':<58} {total:8.0f} ms  {modules} modules, "
              f"networkx {'imported' if networkx else 'not imported'}")

        variants = make_variants(tree, tmp / "games", 6 if args.smoke else 61)
        figures = in_process(tree, variants, 2 if args.smoke else 200)
        print(f"{'one new variant after the game is loaded, in process':<58} {figures['one_variant'] * 1000:8.1f} ms "
              f"{figures['jsonschema_one'] * 1000:8.1f} ms {figures['one_variant'] / figures['jsonschema_one']:7.2f}x  "
              "(jsonschema in process: safe load + iter_errors)")
        print(f"{'repeat check of the Short Campaign in process, cache off':<58} {figures['repeat'] * 1000:8.2f} ms"
              f"{'':>21}  target <= 2 ms")
    return 0


if __name__ == "__main__":
    start = time.monotonic()
    status = main()
    print(f"(benchmark took {time.monotonic() - start:.0f} s)")
    sys.exit(status)
