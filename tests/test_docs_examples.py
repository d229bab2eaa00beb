"""Every command shown with its output in the docs gives that output today.

A ``console`` block in ``docs/*.md`` holding one ``$ chartroom ...`` line followed by output is
run in process from the checkout and compared line by line (trailing spaces ignored), so a
change to the data or the code that changes an answer changes the docs with it. Blocks with
several commands, or with no output shown, are illustrations and are not run. A line that is
only ``...`` in the shown output stands for any lines the docs leave out.
"""

from __future__ import annotations

import doctest
import json
import re
import shlex

import pytest
import yaml

from conftest import ROOT
from toolkit.cli import main
from toolkit.render.authoring import authoring_reference

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


# --- worked examples (issue 19 item 6) -------------------------------------------------------------

EXAMPLES = ROOT / "docs" / "examples"
#: Each worked example, the guide that walks through it and the game whose keys it uses.
WORKED = {"pf-task-force-at-sea.yaml": ("pacific-fury.md", "pacific-fury"),
          "ffts-first-air-strike.yaml": ("fire-from-the-skies.md", "fire-from-the-skies"),
          "fits-first-variant.yaml": ("designing-a-variant.md", "fire-in-the-sky")}


def _keys(value, depth=0, limit=3):
    """The keys a YAML document writes, to ``limit`` levels of mappings (lists looked through)."""
    out = set()
    if depth >= limit:
        return out
    if isinstance(value, dict):
        for key, inner in value.items():
            out.add(str(key))
            out |= _keys(inner, depth + 1, limit)
    elif isinstance(value, list):
        for inner in value:
            out |= _keys(inner, depth, limit)
    return out


def test_every_worked_example_is_listed_and_exists():
    assert {p.name for p in EXAMPLES.glob("*.yaml")} == set(WORKED)


@pytest.mark.parametrize("name", sorted(WORKED))
def test_a_worked_example_checks_clean_and_its_guide_walks_through_its_keys(name, capsys, monkeypatch):
    """``chartroom check`` finds no error in it (warnings are its empty slots), and every key it writes, to
    three levels, is shown in the guide that names it: in a YAML block or as inline code."""
    monkeypatch.chdir(ROOT)
    path = EXAMPLES / name
    guide, _ = WORKED[name]
    assert main(["check", str(path.relative_to(ROOT)), "--format", "json"]) == 0
    findings = json.loads(capsys.readouterr().out)
    assert [f for f in findings if f["severity"] == "error"] == []
    text = (ROOT / "docs" / guide).read_text(encoding="utf-8")
    assert f"docs/examples/{name}" in text
    shown = set(re.findall(r"`([a-z_]+)(?::[^`]*)?`", text)) | set(re.findall(r"(?:^|[{\s,])([a-z_]+):", "\n".join(YAML_BLOCK.findall(text)), re.M))
    assert _keys(yaml.safe_load(path.read_text(encoding="utf-8"))) - shown == set()


YAML_BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)
KEY_WORD = re.compile(r"`([a-z][a-z_]*):`")


@pytest.mark.parametrize("guide, gid", [("pacific-fury.md", "pacific-fury"), ("fire-from-the-skies.md", "fire-from-the-skies"),
                                         ("designing-a-variant.md", "fire-in-the-sky"), ("authoring.md", "fire-in-the-sky"),
                                         ("plan.md", "fire-in-the-sky"), ("odds.md", "fire-in-the-sky")])
def test_the_words_a_guide_writes_as_keys_are_keys_of_its_game(guide, gid):
    """A guide that writes `word:` means a key: it must be one of the game's files' keys (the FFTS guide once said
    `carrier:` for `at:` and `from:`), read from the game's authoring reference."""
    root = ROOT / "scenarios" / gid
    manifest = yaml.safe_load((root / "game.yaml").read_text(encoding="utf-8"))
    keys = {row.key for k in authoring_reference(root, manifest) for s in k.sections for row in s.rows}
    assert written_keys((ROOT / "docs" / guide).read_text(encoding="utf-8")) - keys == set()


def written_keys(text: str) -> set[str]:
    """The words a guide writes as keys: `word:` inline, and each key of its YAML blocks (not the pre-commit configuration)."""
    blocks = [b for b in YAML_BLOCK.findall(text) if "\nrepos:" not in "\n" + b]
    return set(KEY_WORD.findall(text)) | set(re.findall(r"^\s*-?\s*([a-z_]+):", "\n".join(blocks), re.M))


def test_a_word_that_is_no_key_is_found():
    """The reproducer of issue 19: the Fire from the Skies guide wrote `carrier:` where the keys are `at:` and `from:`."""
    root = ROOT / "scenarios" / "fire-from-the-skies"
    keys = {row.key for k in authoring_reference(root, yaml.safe_load((root / "game.yaml").read_text(encoding="utf-8")))
            for s in k.sections for row in s.rows}
    wrong = "Each air group names its `carrier:`.\n\n```yaml\nair_groups:\n  - carrier: yorktown\n    fuelled: true\n```\n"
    assert written_keys(wrong) - keys == {"carrier", "fuelled"}
    right = "Each air group names its carrier with `at:`.\n\n```yaml\nair_groups:\n  - at: yorktown\n    fueled: true\n```\n"
    assert written_keys(right) - keys == set()
