"""Issue 11, "safe with any input, any folder and any cache": one regression test per defect.

Every test runs the command in process (``toolkit.cli.main``) on real files and asserts
no internal error (exit 3), no traceback, and one-line messages that name the file.
"""

from __future__ import annotations

import os
import stat

import pytest

from conftest import SHORT
from toolkit.cli import main


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_naming(text: str, name: str):
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines, "expected a message"
    assert "Traceback" not in text and "internal error" not in text
    assert any(name in line for line in lines), text


# --- item 9: a kind that is not text ---------------------------------------------------------

@pytest.mark.parametrize("kind", ["[]", "{a: 1}", "[scenario]"])
def test_kind_that_is_not_text_is_a_finding(write, capsys, kind):
    path = write("k.yaml", f"kind: {kind}\ngame: fire-in-the-sky\n")
    status, out, err = run(capsys, "check", path)
    assert status == 1, (out, err)
    assert "SCHEMA-KIND" in out and "k.yaml:1:7" in out
    assert "internal error" not in err
