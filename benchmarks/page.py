"""The benchmarks page (``site/docs/benchmarks.md``) in Markdown, from one run of every script (``run.py --page``).

Nothing on it is typed by hand: the date, the machine and its load come from the run, each section's title and
text from its script's docstring, its figures from what the script printed. Not a benchmark itself (its name does
not start with ``bench_``). This module only lays the page out; ``run.py`` runs the scripts and writes the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

#: The script whose output is already a Markdown table (``--markdown``): issue 22's table, first on the page.
TABLE = "bench_table.py"


@dataclass(frozen=True)
class Ran:
    """One script's run: the command line given to it, and what it printed."""

    script: Path
    argv: tuple[str, ...]
    output: str

    @property
    def command(self) -> str:
        return " ".join(["python", f"benchmarks/{self.script.name}", *self.argv])


@dataclass(frozen=True)
class Occasion:
    """When and where the run was: the command, its start and end (UTC), the machine, the load at the start and end."""

    command: str
    started: str
    ended: str
    machine: str
    cpus: int
    load_before: float
    load_after: float
    smoke: bool


def docstring_of(script: Path) -> str:
    text = script.read_text(encoding="utf-8")
    found = re.match(r'\s*(?:"""|\'\'\')(.*?)(?:"""|\'\'\')', text, re.S)
    return found.group(1).strip() if found else script.stem


def title_of(doc: str) -> str:
    """The docstring's first line without its "Benchmark:" and "(run on demand, not a test)"."""
    first = doc.splitlines()[0].strip().rstrip(".")
    first = re.sub(r"^Benchmark:\s*", "", first)
    first = re.sub(r"\s*\([^()]*run on demand[^()]*\)", "", first).replace("``", "`")
    return first[:1].upper() + first[1:]


def about(doc: str) -> str:
    """The docstring's paragraphs after its first line, as Markdown: no usage line, no note on the smoke run."""
    paragraphs = re.split(r"\n\s*\n", doc.split("\n", 1)[1] if "\n" in doc else "")
    kept = [p.strip("\n") for p in paragraphs if p.strip() and not p.startswith("    ") and "--smoke" not in p]
    return "\n\n".join(kept).replace("``", "`")


def load_note(occasion: Occasion) -> str:
    worst = max(occasion.load_before, occasion.load_after)
    load = (f"the load average was {occasion.load_before:.1f} when the run started and {occasion.load_after:.1f} when it ended, "
            f"on {occasion.cpus} CPUs")
    if worst < occasion.cpus / 2:
        return f"The machine was quiet: {load}."
    return (f"**The machine was shared with other work while this ran**: {load}. Absolute times carry that noise (the "
            "scripts measure CPU time, user + system, not wall time, which keeps most of it out); the ratios to "
            "check-jsonschema are medians of paired, interleaved runs, which the load moves much less. Run the command "
            "again on a quiet machine for steadier figures.")


def page(occasion: Occasion, runs: list[Ran]) -> str:
    """The whole page: a header saying when, where and how, then one section per script, issue 22's table first."""
    ordered = sorted(runs, key=lambda ran: (ran.script.name != TABLE, ran.script.name))
    lines = ["# Benchmarks", "",
             f"Every figure on this page comes from one run of `{occasion.command}`, which ran each script in `benchmarks/` "
             "once, one after the other (each section names its command; issue 22's table comes first). Nothing here is typed by hand: to bring the page up to date, run "
             "`make bench-page` (or that command) again. `make bench` runs the same scripts and prints their figures without writing "
             "the page. They are not tests: a timing depends on the machine, so no test fails on one (the test suite runs "
             "each script once, at its smallest, and checks what it prints).", "",
             f"- **Run:** {occasion.started} to {occasion.ended}.",
             f"- **Machine:** {occasion.machine}.", "",
             load_note(occasion), ""]
    if occasion.smoke:
        lines += ["!!! warning \"A smoke run\"", "    Every script ran once at its smallest (`--smoke`): the figures show that the "
                  "scripts work, not how fast Chartroom is.", ""]
    for ran in ordered:
        doc = docstring_of(ran.script)
        lines += [f"## {title_of(doc)}", "", f"`{ran.command}`", "", about(doc), ""]
        if ran.script.name == TABLE:
            lines += [ran.output.strip(), ""]
        else:
            lines += ["```text", ran.output.rstrip("\n"), "```", ""]
    return "\n".join(lines)
