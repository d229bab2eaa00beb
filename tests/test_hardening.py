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


# --- item 6: only regular files are read ------------------------------------------------------

@pytest.mark.parametrize("command", [["check"], ["fmt"], ["fmt", "--check"]])
def test_a_fifo_is_refused_not_waited_on(tmp_path, capsys, command):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    status, out, err = run(capsys, *command, fifo)
    assert status == 2
    assert_one_line_naming(out + err, "pipe.yaml")
    assert "LOAD-FILE" in out + err and "is not a regular file" in out + err


@pytest.mark.parametrize("command", [["check"], ["fmt", "--check"]])
def test_a_device_is_refused_not_read_until_memory_runs_out(capsys, command):
    status, out, err = run(capsys, *command, "/dev/zero")
    assert status == 2
    assert_one_line_naming(out + err, "/dev/zero")
    assert "is not a regular file" in out + err


def test_at_most_the_size_limit_is_read_even_when_stat_lies(write, monkeypatch):
    from toolkit import load
    from toolkit.findings import ChartroomError

    path = write("big.yaml", "a: " + "x" * 200 + "\n")
    real_fstat = os.fstat

    class Lying:
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 0

    monkeypatch.setattr(load, "MAX_FILE_BYTES", 100)
    monkeypatch.setattr(load.os, "fstat", lambda fd: Lying(real_fstat(fd)))
    reads = []
    real_read = os.read
    monkeypatch.setattr(load.os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(ChartroomError) as info:
        load.load_file(path)
    assert info.value.code == "LOAD-SIZE" and sum(reads) <= 101
