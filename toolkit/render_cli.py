"""``chartroom aids`` and ``chartroom site``: player aids and the docs site (wiring only).

Errors are one line on stderr, never a traceback; builds that take more than a second
report their progress on stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

__all__ = ["register", "HANDLERS", "cmd_aids", "cmd_site", "Progress"]

from toolkit.exits import EXIT_FINDINGS, EXIT_INPUT, EXIT_OK, UNREADABLE
from toolkit.pathnames import scenario_file_problem
from toolkit.render.build import build_aids
from toolkit.render.pdf import default_jobs
from toolkit.render.site import build_site


class Progress:
    """Progress lines on stderr, only once the build has run for more than ``after`` seconds."""

    def __init__(self, after: float = 1.0, stream=None):
        self.start = time.monotonic()
        self.after = after
        self.stream = stream or sys.stderr
        self.pending: str | None = None
        self.spoke = False

    def __call__(self, message: str) -> None:
        if time.monotonic() - self.start > self.after:
            if self.pending and not self.spoke:
                self._say(self.pending)
            self._say(message)
        else:
            self.pending = message

    def _say(self, message: str) -> None:
        self.spoke = True
        print(f"chartroom: {message}", file=self.stream, flush=True)

    def done(self, message: str) -> None:
        elapsed = time.monotonic() - self.start
        if elapsed > self.after:
            self._say(f"{message} in {elapsed:.1f} s")


def register(subparsers) -> None:
    p = subparsers.add_parser("aids", help="write printable player aids (HTML, and PDF with --pdf) for a scenario")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file")
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="folder to write the aids to (created if missing)")
    p.add_argument("--pdf", action="store_true", help="also write PDFs (needs the pdf extra: WeasyPrint)")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="page size for printing (default a4)")
    p.add_argument("--jobs", type=_jobs, metavar="N", help="processes laying out the PDFs (default: CHARTROOM_JOBS, else the CPUs; 1: none)")
    p.add_argument("--edition", help="make the aids for this edition instead of the scenario's ({editions})")
    p.add_argument("--force", action="store_true",
                   help="write into a folder holding files Chartroom did not write (same-named files are replaced, others kept)")

    p = subparsers.add_parser("site", help="build the documentation site (mkdocs, offline, strict): serve it, or open its index.html from disk")
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="folder to write the site to")
    p.add_argument("--scenario", action="append", default=[], metavar="PATH",
                   help="also give this scenario a page (repeatable)")
    p.add_argument("--config", metavar="FILE", help="mkdocs.yml to build (default: the bundled site/mkdocs.yml)")
    p.add_argument("--force", action="store_true",
                   help="write into a folder holding files Chartroom did not write (same-named files are replaced, others kept)")


def _jobs(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of processes, 1 or more, got {text!r}")
    return int(text)


def _error(message: str) -> None:
    text = " ".join(str(message).split())
    print(f"chartroom: {text}", file=sys.stderr)


def _warning(message: str) -> None:
    _error(f"warning: {message}")


def cmd_aids(args) -> int:
    scenario = Path(args.scenario)
    problem = scenario_file_problem(scenario)
    if problem:
        _error(f"{scenario}: {problem}")
        return EXIT_INPUT
    jobs = args.jobs
    if args.pdf and jobs is None:
        try:
            jobs = default_jobs()
        except ValueError as exc:  # CHARTROOM_JOBS that is no number of processes
            _error(exc)
            return EXIT_INPUT
    progress = Progress()
    opened = args.session.open_scenario(scenario, args.edition)
    if opened.game is None or opened.scenario is None:
        first = next(iter(opened.errors()), None)
        detail = f"{first.location}: {first.code} {first.message}" if first else "the scenario could not be loaded"
        unreadable = first is None or first.code.startswith(UNREADABLE) or first.code == "REF-EDITION"
        _error(f"cannot make aids: {detail} (see chartroom check)")
        return EXIT_INPUT if unreadable else EXIT_FINDINGS
    try:  # OutputError, AidsError, PdfUnavailable: one line and their exit status (toolkit.cli, toolkit.exits.for_error)
        written = build_aids(opened, Path(args.output), pdf=args.pdf, paper=args.paper, progress=progress,
                             force=args.force, jobs=jobs, warn=_warning)
    except OSError as exc:
        _error(f"cannot write the aids: {exc.strerror or exc}")
        return EXIT_INPUT
    if written.get("errors"):
        _error(f"warning: {written['errors']} error finding(s), first {written['first_error']}; the aids leave out what could "
               f"not be resolved (see chartroom check {scenario})")
    progress.done(f"wrote {len(written['html']) + len(written['pdf'])} files to {args.output}")
    for name in written["html"] + written["pdf"]:
        print(Path(args.output) / name)
    return EXIT_OK


def cmd_site(args) -> int:
    progress = Progress()
    build_site(Path(args.output), args.session, args.parser, extra_scenarios=[Path(p) for p in args.scenario],
               config=Path(args.config) if args.config else None, progress=progress, force=args.force,
               warn=_warning)
    progress.done(f"site written to {args.output}")
    print(Path(args.output) / "index.html")
    return EXIT_OK


HANDLERS = {"aids": cmd_aids, "site": cmd_site}
