"""The code passes the project's own ruff settings (pyproject.toml: line length, import order, complexity)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

pytest.importorskip("ruff", reason="needs ruff (the test extra)")


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "concise", "toolkit", "tests", "benchmarks", "site"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
