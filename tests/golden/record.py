"""Record (or compare) the output of every README command on the bundled Fire in the Sky data.

The outputs were recorded before the game-module move (issue "One core, many games") and must
stay byte-identical: ``python tests/golden/record.py`` rewrites them, ``tests/test_golden.py``
compares. Each command is recorded as a user runs it, in a subprocess from the repository's root; the test
compares most of them run in process (``chartroom``'s own ``main``, same folder, same environment), which
gives the same bytes without starting a Python per command, and a few in a subprocess (``SUBPROCESS``).
Files a command writes (aids, site, new) are recorded as a sorted list of sha256 digests.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import io
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent / "fire-in-the-sky"
GAME = "scenarios/fire-in-the-sky"
SCENARIOS = ["short-campaign.yaml", "campaign.yaml", "variants/i-want-it-all.yaml", "variants/ranger-early.yaml",
             "variants/wake-relieved.yaml"]
SHORT = f"{GAME}/short-campaign.yaml"

# name -> arguments; {tmp} is a scratch folder made for the command.
COMMANDS: dict[str, str] = {
    "rules": "rules",
    "rules-json": "rules --format json",
    "rules-markdown": "rules --format markdown",
    "audit": "audit fire-in-the-sky",
    "audit-json": "audit fire-in-the-sky --format json",
    "check-game": f"check {GAME}/",
    "check-game-json": f"check {GAME}/ --format json",
    "check-short-2nd": f"check {SHORT} --edition 2nd",
    "check-short-github": f"check {SHORT} --format github",
    "check-tests-checks-json": "check tests/checks/*.yaml --format json",
    "check-tests-checks": "check tests/checks/*.yaml",
    "distance-sea": "map distance Kure Singapore --sea",
    "distance": "map distance Truk Rabaul",
    "supply": f"supply {SHORT} --side allied --to Brisbane",
    "supply-json": f"supply {SHORT} --side japan --to Rabaul --format json",
    "zoc-japan": f"zoc {SHORT} --side japan",
    "zoc-allied-json": f"zoc {SHORT} --side allied --format json",
    "reach-sea": f"reach {SHORT} --unit jp-dd --at Kure --mode sea-deployment",
    "reach-operational-json": f"reach {SHORT} --unit jp-dd --at Kure --mode operational --format json",
    "reach-one-hex": f"reach {SHORT} --unit jp-dd --at Kure --mode one-hex",
    "reach-reaction-2nd": f"reach {SHORT} --unit jp-dd --at Kure --mode reaction --edition 2nd",
    "cost-operational": "cost operational --units jp-ca jp-dd --hexes 6",
    "cost-operational-too-far": "cost operational --units jp-ca jp-dd --hexes 60",
    "cost-sea-deployment": "cost sea-deployment --help",
    "cost-oil-transport": f"cost oil-transport {SHORT}",
    "map-export": "map export",
    "schema-kinds": "schema nosuchkind",
    "diff": f"diff {SHORT} {GAME}/variants/ranger-early.yaml",
    "diff-json": f"diff {SHORT} {GAME}/variants/wake-relieved.yaml --format json",
    "fmt-check": f"fmt --check {GAME}",
    "new": f"new {{tmp}}/my-variant.yaml --from {SHORT}",
    "new-by-name": "new {tmp}/my-variant.yaml --from fire-in-the-sky/short-campaign",
    "new-blank": "new {tmp}/my-scenario.yaml --game fire-in-the-sky",
    "list": "list",
    "list-game-json": "list fire-in-the-sky --format json",
    "aids": f"aids {SHORT} -o {{tmp}}/aids",
    "site": "site -o {tmp}/site",
    "aids-2nd-variant": f"aids {GAME}/variants/i-want-it-all.yaml -o {{tmp}}/aids",
}
for _name in SCENARIOS:
    _stem = Path(_name).stem
    COMMANDS[f"check-{_stem}-json"] = f"check {GAME}/{_name} --format json"
    COMMANDS[f"check-{_stem}-2nd-json"] = f"check {GAME}/{_name} --edition 2nd --format json"


def chartroom() -> list[str]:
    return [sys.executable, "-m", "toolkit.cli"] if os.environ.get("GOLDEN_IN_PLACE") else [str(Path(sys.executable).parent / "chartroom")]


#: Compared in a subprocess by the test too (the others in process): one of each kind of output.
SUBPROCESS = ("check-short-github", "check-game", "new", "supply")
#: The environment every command runs in.
ENVIRONMENT = {"CHARTROOM_CACHE": "off", "COLUMNS": "100"}


def run(name: str, in_process: bool = False) -> str:
    """The recorded form of one command: exit status, stdout, stderr and the files it wrote."""
    (ROOT / "out").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "out", prefix="golden-") as tmp:  # inside the working folder
        args = [part for word in shlex.split(COMMANDS[name].replace("{tmp}", tmp))
                for part in (sorted(glob.glob(word, root_dir=ROOT)) if "*" in word else [word])]
        if in_process:
            status, stdout, stderr = _in_process(args)
        else:
            done = subprocess.run(chartroom() + args, cwd=ROOT, capture_output=True, text=True,
                                  env=dict(os.environ, **ENVIRONMENT), timeout=600)
            status, stdout, stderr = done.returncode, done.stdout, done.stderr
        relative = os.path.relpath(tmp, ROOT)
        lines = [f"$ chartroom {COMMANDS[name]}", f"exit {status}",
                 "--- stdout", stdout.replace(tmp, "{tmp}").replace(relative, "{tmp}"),
                 "--- stderr", _timeless(stderr.replace(tmp, "{tmp}").replace(relative, "{tmp}"))]
        written = sorted(p for p in Path(tmp).rglob("*") if p.is_file())
        if written:
            lines.append("--- files")
            for path in written:
                content = path.read_bytes().replace(tmp.encode(), b"{tmp}").replace(relative.encode(), b"{tmp}")
                lines.append(f"{hashlib.sha256(content).hexdigest()}  {path.relative_to(tmp)}")
        return "\n".join(lines) + "\n"


def _in_process(args: list[str]) -> tuple[int, str, str]:
    """``chartroom ARGS`` run by its ``main`` in this process, from the repository's root with ``ENVIRONMENT``."""
    from toolkit.cli import main

    saved = {key: os.environ.get(key) for key in ENVIRONMENT}
    here = os.getcwd()
    out, err = io.StringIO(), io.StringIO()
    try:
        os.environ.update(ENVIRONMENT)
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(args)
            except SystemExit as stop:  # argparse's own refusal
                status = stop.code
    finally:
        os.chdir(here)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return status, out.getvalue(), err.getvalue()


PROGRESS = re.compile(r"^chartroom: (rendering aids of|wrote \d+ files to|site written to|loading the site|generating pages|building the site|PDF \d+/|"
                      r"writing PDF|joining)")


def _timeless(text: str) -> str:
    """What depends on the clock is left out: progress lines (shown only after a second) and durations."""
    kept = [line for line in text.splitlines(keepends=True) if not PROGRESS.match(line)]
    return re.sub(r"in [0-9.]+ s\b", "in N s", "".join(kept))


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in COMMANDS:
        (OUT / f"{name}.txt").write_text(run(name), encoding="utf-8")
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
