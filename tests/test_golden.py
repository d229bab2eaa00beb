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


def command_words(name: str) -> list[str]:
    return record.COMMANDS[name].split()


#: `chartroom site` builds the whole site: marked so that `make test-fast` leaves it out with the other site builds.
NAMES = [pytest.param(name, marks=pytest.mark.site) if command_words(name)[0] == "site" else name for name in sorted(record.COMMANDS)]


@pytest.mark.parametrize("name", NAMES)
def test_output_unchanged(name):
    expected = (record.OUT / f"{name}.txt").read_text(encoding="utf-8")
    assert record.run(name, in_process=True) == expected


@pytest.mark.parametrize("name", record.SUBPROCESS)
def test_output_unchanged_run_as_a_user_runs_it(name):
    """The recording's own way: ``chartroom`` started as a program (exit status, streams and files as a shell sees them)."""
    expected = (record.OUT / f"{name}.txt").read_text(encoding="utf-8")
    assert record.run(name) == expected
