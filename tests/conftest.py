"""Shared fixtures: the repository root and a helper that writes small YAML files."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

# Tests parse for real; the on-disk parse cache is tested on its own (test_load.py).
os.environ["CHARTROOM_CACHE"] = "off"

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "scenarios" / "fire-in-the-sky"
SHORT = GAME / "short-campaign.yaml"


@pytest.fixture
def write(tmp_path):
    """write(name, text) -> Path: a dedented file in a temporary folder."""

    def _write(name: str, text: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return _write
