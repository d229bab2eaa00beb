"""Issue 22 item 5: the benchmark scripts cannot rot unnoticed: each one this session mended runs once, end to end.

No figure is asserted (speed targets live in ``benchmarks/``, not in tests): a script that no longer runs against
the toolkit (a renamed function, a memo without ``clear``) fails here instead of on the day someone runs ``make bench``.
"""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT


def run(*argv: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, CHARTROOM_CACHE="off")
    return subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_the_check_benchmark_runs():
    done = run("benchmarks/bench_check.py")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "YAML parsing (no cache)" in done.stdout and "cold check from the shell" in done.stdout


def test_the_table_against_check_jsonschema_runs_once_and_is_dated():
    # The peer comes with the test extra (pyproject.toml), so this never needs the network or skips.
    done = run("benchmarks/bench_table.py", "--runs", "1")
    assert done.returncode == 0, done.stderr[-2000:]
    first, *rows = done.stdout.splitlines()
    assert first[:4].isdigit() and "CPUs" in first and "check-jsonschema" in first
    assert sum("x" in row.split()[-1] for row in rows if row.endswith("x")) == 8
