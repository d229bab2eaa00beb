"""Fuzzing every kind of file a game folder holds, and the files Chartroom leaves behind (issue 21 item 6).

Each run takes a fresh copy of one of the three bundled games, spoils one of its files (an
overlay schema, the edition parameters, the counters, the map, the manifest, a scenario, a
plan, a chart, or a planted output manifest) and asks Chartroom about it: ``check`` of a
scenario, then one of the game's own questions read from the parser (a command taking
``--data``/``--game``, given the spoiled folder) or ``aids -o`` into a folder with the planted
manifest. Every run must end with exit 0, 1 or 2, no traceback or "internal error", within
:data:`SLOW` seconds of CPU, and a planted manifest must leave the files outside its folder alone.

Spoiling is byte flips, truncations, hostile JSON for overlays (network and device ``$ref``s,
non-schemas, backtracking patterns), and numbers swapped for ``.nan``, ``.inf``, ``1e999`` and
huge or negative ones. The suite runs a small seeded sample; a longer run::

    CHARTROOM_FUZZ_SEED=7 CHARTROOM_INPUT_FUZZ_RUNS=2000 CHARTROOM_FUZZ_REPORT=fuzz.json \\
        .venv/bin/python -m pytest tests/test_input_fuzz.py -q -p no:randomly

writes the counts (runs by kind and exit status, internal errors, runs over :data:`SLOW` s) as JSON.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import time
from collections import Counter
from pathlib import Path

from test_cli_fuzz import arguments, leaves

from conftest import ROOT
from toolkit.cli import build_parser, main

SEED = int(os.environ.get("CHARTROOM_FUZZ_SEED", "20261126"))
RUNS = int(os.environ.get("CHARTROOM_INPUT_FUZZ_RUNS", "36"))
SLOW = float(os.environ.get("CHARTROOM_FUZZ_SLOW", "10"))  # seconds of CPU for one command

GAMES = {
    "fire-in-the-sky": {"scenario": "short-campaign.yaml", "plan": "plans/example-of-play.yaml"},
    "pacific-fury": {"scenario": "campaign.yaml"},
    "fire-from-the-skies": {"scenario": "coral-sea.yaml"},
}
KINDS = ["overlay", "parameters", "counters", "map", "game", "scenario", "plan", "charts", "manifest"]

NUMBERS = [".nan", ".NaN", ".inf", "-.inf", "1e999", "-1", "0", "99999999", "1000000", "4300", "0.5", "1e-300"]
HOSTILE_SCHEMAS = [
    "{", "[]", "null", '{"type": "bogus"}', '{"properties": 3}', '{"$ref": 5}', '{"pattern": "(a"}',
    '{"$ref": "https://example.com/x.json"}', '{"$ref": "file:///dev/zero"}', '{"$ref": "/etc/passwd"}',
    '{"$ref": "#/$defs/none"}', '{"$dynamicRef": "#nothing"}', '{"minimum": NaN}', '{"maximum": 1e999}',
    '{"properties": {"title": {"pattern": "^(a|aa)+$"}}}', '{"patternProperties": {"(?=x)": {}}}',
    '{"allOf": [{"$ref": "../counters.yaml"}]}', '{"$id": "urn:x", "$ref": "urn:y"}', '{"items": {"$ref": "#"}}',
]


def _files(folder: Path, kind: str, game: str) -> list[Path]:
    """The files of ``kind`` in the game's copy (none: the kind is not in this game)."""
    if kind == "overlay":
        return sorted((folder / "schemas").glob("*.schema.json"))
    if kind == "parameters":
        return sorted((folder / "editions").glob("*.yaml"))
    if kind == "charts":
        return sorted((folder / "charts").glob("*.yaml"))
    if kind == "plan":
        return sorted((folder / "plans").glob("*.yaml")) if (folder / "plans").is_dir() else []
    if kind == "scenario":
        return sorted(p for p in folder.rglob("*.yaml") if "kind: scenario" in p.read_text(encoding="utf-8", errors="replace"))
    return [folder / f"{kind}.yaml"] if (folder / f"{kind}.yaml").is_file() else []


def spoil(rng: random.Random, path: Path) -> str:
    """Spoil ``path`` in place; return how (for the record)."""
    data = path.read_bytes()
    how = rng.choice(["numbers", "numbers", "flip", "truncate", "hostile"] if path.suffix == ".json" else
                     ["numbers", "numbers", "numbers", "flip", "truncate"])
    if how == "numbers":
        text = data.decode("utf-8")
        spots = [m for m in re.finditer(r"(?<![\w.#-])-?\d+(\.\d+)?(?![\w.:-])", text)]
        if spots:
            for match in sorted(rng.sample(spots, min(len(spots), rng.randint(1, 3))), key=lambda m: -m.start()):
                swapped = rng.choice(NUMBERS)
                if path.suffix == ".json":
                    swapped = {".nan": "NaN", ".NaN": "NaN", ".inf": "Infinity", "-.inf": "-Infinity"}.get(swapped, swapped)
                text = text[:match.start()] + swapped + text[match.end():]
            path.write_text(text, encoding="utf-8")
            return how
        how = "flip"
    if how == "flip" and data:
        spoilt = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            spoilt[rng.randrange(len(spoilt))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(spoilt))
    elif how == "truncate":
        path.write_bytes(data[: rng.randrange(len(data) + 1)])
    else:  # a hostile overlay: the whole file, or one subschema of the real one
        hostile = rng.choice(HOSTILE_SCHEMAS)
        try:
            schema = json.loads(data)
            if rng.random() < 0.6 and isinstance(schema, dict) and hostile.startswith('{"'):
                schema.setdefault("allOf", []).append(json.loads(hostile))
                hostile = json.dumps(schema)
        except ValueError:
            pass
        path.write_text(hostile, encoding="utf-8")
        how = "hostile"
    return how


def plant_manifest(rng: random.Random, out: Path, victims: list[Path]) -> str:
    """An output folder whose manifest names files outside it, through a link, or changed since written."""
    out.mkdir()
    (out / "via").symlink_to(victims[0].parent)
    (out / "mine.html").write_text("the user's", encoding="utf-8")
    entries = [f"../{victims[0].parent.name}/{victims[0].name}", str(victims[1]), f"via/{victims[2].name}", "via",
               "0" * 64 + "  mine.html", "mine.html", "/", "..", "", "\x00", "a/../../x", "é" * 300]
    rng.shuffle(entries)
    name = rng.choice([".chartroom-aids", ".chartroom-site"])
    (out / name).write_text("\n".join(entries[: rng.randint(1, len(entries))]) + "\n", encoding="utf-8", errors="surrogatepass")
    return name


def _run(argv: list[str], capsys) -> tuple[int, str, float]:
    started = time.process_time()
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 2
    spent = time.process_time() - started
    out, err = capsys.readouterr()
    return status, out + err, spent


def _game_commands() -> list[tuple[tuple, list]]:
    """The leaf commands that read a game folder (a ``--data`` or ``--game`` option), from the parser itself."""
    found = []
    for command, actions in leaves(build_parser()):
        if command[0] in ("site", "new", "lsp") or ("aids",) == command[:1]:
            continue
        if any(a.dest in ("data", "game") for a in actions) or command[0] in ("plan", "check", "diff", "fmt"):
            found.append((command, actions))
    return found


def _report(done: int, counts: Counter, failures: list, slow: list) -> None:
    report = os.environ.get("CHARTROOM_FUZZ_REPORT")
    if report:
        with open(report, "w", encoding="utf-8") as handle:
            json.dump({"seed": SEED, "runs": RUNS, "done": done, "commands": sum(counts.values()), "internal_errors": len(failures),
                       "over_slow": len(slow), "slow_seconds": SLOW, "failures": failures[:50], "slow": slow[:50],
                       "by_kind_and_status": {f"{k} -> {s}": n for (k, s), n in sorted(counts.items())}}, handle, indent=1)


def test_spoiled_game_folders_and_planted_manifests(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    rng = random.Random(SEED)
    commands = _game_commands()
    counts: Counter = Counter()
    failures, slow = [], []
    for run in range(RUNS):
        game = list(GAMES)[run % len(GAMES)]
        kind = KINDS[(run // len(GAMES)) % len(KINDS)] if run < len(GAMES) * len(KINDS) else rng.choice(KINDS)
        where = tmp_path / f"run{run}"
        folder = where / game
        shutil.copytree(ROOT / "scenarios" / game, folder)
        scenario = folder / GAMES[game]["scenario"]
        runs = []
        if kind == "manifest":
            victims = []
            for name in ("beside.txt", "absolute.txt", "linked.txt"):
                victims.append(where / "outside" / name)
                victims[-1].parent.mkdir(exist_ok=True)
                victims[-1].write_text("precious", encoding="utf-8")
            out = where / "out"
            how = plant_manifest(rng, out, victims)
            runs.append(["aids", str(scenario), "-o", str(out)] + (["--force"] if rng.random() < 0.5 else []))
        else:
            files = _files(folder, kind, game)
            if not files:
                continue
            target = rng.choice(files)
            how = f"{target.relative_to(folder)} {spoil(rng, target)}"
            runs.append(["check", str(scenario)])
            command, actions = rng.choice(commands)
            paths = [str(p) for p in (scenario, folder, *files)] + [game]
            argv = arguments(rng, command, actions, paths, where)
            argv = [str(folder) if previous in ("--data", "--game") else a for previous, a in zip([None, *argv], argv)]
            runs.append(argv)
        for argv in runs:
            status, text, spent = _run(argv, capsys)
            counts[(kind, status)] += 1
            if status not in (0, 1, 2) or "Traceback" in text or "internal error" in text:
                failures.append(f"run {run} ({game}, {how}): {argv!r}: exit {status}: {text.strip()[-300:]}")
            if spent > SLOW:
                slow.append(f"run {run} ({game}, {how}): {argv!r}: {spent:.1f} s of CPU")
        if kind == "manifest":
            assert all(v.read_text(encoding="utf-8") == "precious" for v in victims), how
            assert (where / "out" / "mine.html").read_text(encoding="utf-8") == "the user's"
        shutil.rmtree(where, ignore_errors=True)
        if (run + 1) % 100 == 0 or run + 1 == RUNS:  # a long run stopped early still leaves its figures
            _report(run + 1, counts, failures, slow)
    assert failures == []
    assert slow == []
