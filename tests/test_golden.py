"""Fire in the Sky's outputs stay byte-identical: every README command, recorded in tests/golden/.

Recorded before the game-module move; ``python tests/golden/record.py`` records them again
when a change of output is intended (and the diff then shows it in review).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("golden_record", Path(__file__).parent / "golden" / "record.py")
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


@pytest.mark.parametrize("name", sorted(record.COMMANDS))
def test_output_unchanged(name):
    expected = (record.OUT / f"{name}.txt").read_text(encoding="utf-8")
    assert record.run(name) == expected
