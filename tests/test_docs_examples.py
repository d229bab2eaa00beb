"""Every command shown with its output in the docs gives that output today.

A ``console`` block in ``docs/*.md`` holding one ``$ chartroom ...`` line followed by output is
run in process from the checkout and compared line by line (trailing spaces ignored), so a
change to the data or the code that changes an answer changes the docs with it. Blocks with
several commands, or with no output shown, are illustrations and are not run. A line that is
only ``...`` in the shown output stands for any lines the docs leave out.
"""

from __future__ import annotations

import doctest
import re
import shlex

import pytest

from conftest import ROOT
from toolkit.cli import main

BLOCK = re.compile(r"```console\n(.*?)```", re.S)
PYCON = re.compile(r"```pycon\n(.*?)```", re.S)


def examples():
    found = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        for block in BLOCK.findall(doc.read_text(encoding="utf-8")):
            lines = block.rstrip("\n").splitlines()
            commands = [line for line in lines if line.startswith("$ ")]
            if len(commands) != 1 or not lines[0].startswith("$ chartroom ") or len(lines) < 2:
                continue
            found.append(pytest.param(lines[0][2:], lines[1:], id=f"{doc.stem}: {lines[0][2:60]}"))
    return found


@pytest.mark.parametrize("command, shown", examples())
def test_the_docs_show_what_the_command_prints(command, shown, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    words = shlex.split(command.split("  #")[0])
    main(words[1:])
    out = capsys.readouterr().out
    got = [line.rstrip() for line in out.rstrip("\n").splitlines()]
    assert matches(got, [line.rstrip() for line in shown]), "\n".join(got)


def matches(got: list[str], shown: list[str]) -> bool:
    """``shown`` equals ``got``, where a ``...`` line stands for any run of lines (none included)."""
    if not shown:
        return not got
    if shown[0].strip() == "...":
        return any(matches(got[i:], shown[1:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == shown[0] and matches(got[1:], shown[1:])


def test_the_elision_matcher():
    assert matches(["a", "b", "c"], ["a", "...", "c"]) and matches(["a", "c"], ["a", "  ...", "c"])
    assert not matches(["a", "b"], ["a", "...", "c"]) and not matches(["a", "b"], ["a"])


def python_pages():
    return [pytest.param(doc, id=doc.stem) for doc in sorted((ROOT / "docs").glob("*.md")) if PYCON.search(doc.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("doc", python_pages())
def test_the_docs_python_examples_run(doc, monkeypatch):
    """Every ``pycon`` block of a page, run in order as one doctest from the checkout (names carry over between blocks)."""
    monkeypatch.chdir(ROOT)
    text = "\n".join(PYCON.findall(doc.read_text(encoding="utf-8")))
    test = doctest.DocTestParser().get_doctest(text, {}, doc.stem, str(doc), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0
