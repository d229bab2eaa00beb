"""Property: a value of the wrong type, an unknown key or a missing key anywhere in a document of any game never
gives an internal error.

Text-level mutations of Fire in the Sky's files are tests/test_pipeline_fuzz.py's; here the documents of all four
games (Fire in the Sky's scenario, variant, plan and schedule; Pacific Fury's and Fire from the Skies' scenarios,
variants, counters, maps and plotting sheet; Ridgeline's from outside the package) are changed node by node: a
value replaced by one of another type or out of range, a key the schema does not know added, a key removed. Each
mutated file, written beside the original in a copy of its game's folder, goes through ``check`` and the commands
that read that kind of file (``plan``, ``map draw``, ``diff``, Ridgeline's ``calc``): every one ends with exit 0, 1
or 2, every line of its stderr is one message, and a check's findings are located (``file:line:col:``).
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT, examples, run_cli
from toolkit.load import load_file

GAMES = {"fire-in-the-sky": ROOT / "scenarios" / "fire-in-the-sky", "pacific-fury": ROOT / "scenarios" / "pacific-fury",
         "fire-from-the-skies": ROOT / "scenarios" / "fire-from-the-skies", "ridgeline": ROOT / "tests" / "games" / "ridgeline"}
FILES = ["fire-in-the-sky/short-campaign.yaml", "fire-in-the-sky/variants/ranger-early.yaml", "fire-in-the-sky/plans/example-of-play.yaml",
         "fire-in-the-sky/schedules/allied.yaml", "pacific-fury/campaign.yaml", "pacific-fury/variants/hornet-early.yaml",
         "pacific-fury/counters.yaml", "pacific-fury/map.yaml", "fire-from-the-skies/midway.yaml", "fire-from-the-skies/coral-sea.yaml",
         "fire-from-the-skies/midway-sheet.yaml", "fire-from-the-skies/counters.yaml", "ridgeline/dawn-attack.yaml", "ridgeline/map.yaml"]
#: Values of every JSON type, empty, huge, negative, fractional, nested, and words that are names somewhere.
WRONG = [None, 0, -1, 1.5, 10**40, -0.0, 1e300, True, "", "xyz", "9" * 40, "Truk", "0101", "jp-cv-zuikaku",
         [], ["x"], [{}], [[[]]], {}, {"a": {"b": [1]}}]
LOCATED = re.compile(r"^\S.*?(:\d+:\d+)?: (error|warning|info) [A-Z][A-Z0-9-]+ \S")

SETTINGS = settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A copy of each game's folder, Ridgeline's module importable as its game.yaml names it."""
    root = tmp_path_factory.mktemp("hostile-structure")
    for name, folder in GAMES.items():
        shutil.copytree(folder, root / name)
    return root


def _paths(node, here=()):
    yield here
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*here, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*here, index))


@st.composite
def mutated(draw, data):
    """``data`` with one to three nodes changed: replaced by a value of :data:`WRONG`, given an unknown key, or removed."""
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(data))))
        change = draw(st.sampled_from(["replace", "replace", "unknown", "remove"]))
        if change == "replace":
            value = json.loads(json.dumps(draw(st.sampled_from(WRONG))))
            if not path:
                data = value
                continue
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if change == "replace":
            parent[path[-1]] = value
        elif change == "unknown" and isinstance(parent, dict):
            parent["zz_unknown"] = draw(st.sampled_from(WRONG))
        elif change == "remove" and path:
            del parent[path[-1]]
    return data


@pytest.fixture
def ridgeline_importable(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tests"))


@SETTINGS
@given(data=st.data(), name=st.sampled_from(FILES))
def test_wrong_types_unknown_and_missing_keys_never_give_an_internal_error(games, ridgeline_importable, capsys, tmp_path_factory, data, name):
    original = games / name
    document = data.draw(mutated(json.loads(json.dumps(load_file(original).data))))
    target = original.with_name(f"mutated-{original.name}")
    target.write_text(json.dumps(document, indent=1), encoding="utf-8")  # JSON is YAML: every node has a line and column
    kind = document.get("kind") if isinstance(document, dict) else None
    lines = [("check", target)]
    if kind == "plan":
        lines.append(("plan", target))
    if kind == "scenario":
        lines += [("map", "draw", target, "-o", tmp_path_factory.mktemp("draw") / "set-up.svg"), ("diff", original, target)]
    if name.startswith("ridgeline/"):
        lines.append(("calc", games / "ridgeline", "movement-cost", "Aldham", "Brenford"))
    for argv in lines:
        status, out, err = run_cli(capsys, *argv)
        assert status in (0, 1, 2), (argv, err)
        assert "Traceback" not in out + err and "internal error" not in err, (argv, err)
        if argv[0] == "check":
            assert all(LOCATED.match(line) for line in out.splitlines()[:-1]), out
        elif status == 2:
            assert all(line.startswith("chartroom: ") for line in err.splitlines()), err
