"""Shared fixtures: the repository root and a helper that writes small YAML files."""

from __future__ import annotations

import functools
import http.server
import importlib
import inspect
import json
import linecache
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests judge answers, not speed (speed is measured in benchmarks/): no per-example deadline, which a
# loaded machine or a second test worker would turn into failures of correct code.
#: The suite runs a small sample of each property test, the same examples every run (derandomize: seeded by the
#: test); ``CHARTROOM_EXAMPLES=10`` runs ten times as many, drawn afresh each run (a longer search, see README).
EXAMPLES = float(os.environ.get("CHARTROOM_EXAMPLES", "1") or "1")
settings.register_profile("chartroom", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=EXAMPLES <= 1)
settings.load_profile("chartroom")


def examples(suite: int) -> int:
    """A property test's ``max_examples``: ``suite`` in the suite, scaled by ``CHARTROOM_EXAMPLES`` for a longer run."""
    return max(1, round(suite * EXAMPLES))

# Tests parse for real; the on-disk parse cache is tested on its own (test_load.py).
os.environ["CHARTROOM_CACHE"] = "off"

ROOT = Path(__file__).resolve().parents[1]

#: Under continuous integration (``CI=true``, as GitHub Actions and GitLab set it) a missing browser,
#: PDF reader or PDF writer fails the tests that need it instead of skipping them silently.
IN_CI = os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def missing_tool(reason: str) -> None:
    """A test cannot run without a tool (chromium, poppler, WeasyPrint): skip it locally, fail it under CI.

    Locally the reason shows in the summary (``-rs`` in the pytest options).
    """
    if IN_CI:
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


def import_or_missing(module: str, reason: str):
    """``pytest.importorskip`` that fails under CI (see :func:`missing_tool`)."""
    try:
        return importlib.import_module(module)
    except (ImportError, OSError):  # WeasyPrint raises OSError when the pango libraries are missing
        missing_tool(reason)
GAME = ROOT / "scenarios" / "fire-in-the-sky"
SHORT = GAME / "short-campaign.yaml"


@pytest.fixture
def write(tmp_path):
    """write(name, text) -> Path: a dedented file in a temporary folder."""

    def _write(name: str, text: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return _write


def expected_findings(path: Path) -> set[tuple[str, int]]:
    """The (code, line) pairs an example file's ``# expect: CODE@LINE ...`` header names (``# expect: clean``: none)."""
    for line in path.read_text(encoding="utf-8").splitlines()[:3]:
        if line.startswith("# expect:"):
            words = line.split(":", 1)[1].split()
            return set() if words == ["clean"] else {(w.split("@")[0], int(w.split("@")[1])) for w in words}
    raise AssertionError(f"{path.name} has no '# expect:' line")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder without logging every request."""

    def log_message(self, *args):
        pass


def serve(root: Path):
    """Serve ``root`` on a free local port for as long as the generator lives: yields the base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


#: Debian's chromium, driven by playwright (``CHARTROOM_CHROMIUM`` points elsewhere; the missing-tool tests use it).
CHROMIUM = Path(os.environ.get("CHARTROOM_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def require_browser():
    """playwright's sync API once Chromium and playwright are both there; else skip (fail under CI, :func:`missing_tool`)."""
    if not CHROMIUM.exists():
        missing_tool(f"needs Debian's chromium at {CHROMIUM} (apt-get install chromium)")
    return import_or_missing("playwright.sync_api", "needs playwright (the test extra)")


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for a test module."""
    with require_browser().sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    """A fresh page that records console errors, page errors and dialogs (``page.errors``, ``page.dialogs``)."""
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    pg = context.new_page()
    pg.errors = []
    pg.dialogs = []
    pg.on("console", lambda m: pg.errors.append(f"console: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(f"pageerror: {e}"))
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    pg.open_requests = set()  # the page's and its workers' requests not yet answered (see settle)
    pg.on("request", lambda r: pg.open_requests.add(r))
    pg.on("requestfinished", lambda r: pg.open_requests.discard(r))
    pg.on("requestfailed", lambda r: pg.open_requests.discard(r))
    yield pg
    context.close()


def settle(pg, quiet: float = 0.2, limit: float = 30.0) -> None:
    """Wait for ``pg``'s load event, then until none of its requests (its workers' included) has been open for ``quiet``
    seconds. Playwright's ``networkidle`` waits a fixed 500 ms after the last request, most of a local page's time."""
    pg.wait_for_load_state("load")
    deadline = time.monotonic() + limit
    calm_since = None
    while time.monotonic() < deadline:
        if pg.open_requests:
            calm_since = None
        elif calm_since is None:
            calm_since = time.monotonic()
        elif time.monotonic() - calm_since >= quiet:
            return
        pg.wait_for_timeout(25)  # lets playwright deliver the page's events
    raise AssertionError(f"{pg.url}: requests still open after {limit} s: {sorted(r.url for r in pg.open_requests)}")


#: One page of HTML made into a PDF by WeasyPrint as installed, untouched by Chartroom's layout speed-ups, with the aids'
#: fixed dates and their fonts: where libharfbuzz-subset is missing, fontTools subsets them as the aids' PDFs do
#: (toolkit.render.pdffonts, tested on its own), so the bytes compared differ only by the layout.
_PDF_AS_INSTALLED = r"""
import sys, weasyprint
from toolkit.outputs import fixed_build_date
from toolkit.render import pdffonts
pdffonts.install(sys.modules.get("weasyprint.pdf.fonts"))
document = weasyprint.HTML(string=sys.stdin.read()).render()
document.metadata.created = document.metadata.modified = None
with fixed_build_date():
    sys.stdout.buffer.write(document.write_pdf())
"""


def pdf_as_installed(html: str) -> bytes:
    """The PDF WeasyPrint as installed makes of ``html`` (in a process of its own, where of Chartroom's speed-ups only the fonts' is installed)."""
    return subprocess.run([sys.executable, "-c", _PDF_AS_INSTALLED], input=html.encode(), capture_output=True, cwd=ROOT,
                          check=True).stdout


def pdf_ours_and_installed(html: str):
    """``(ours, pages, fonts, installed)``: the aids' PDF writer's bytes of ``html``, its page count and the font configuration
    it kept its answers in, and :func:`pdf_as_installed`'s bytes of the same HTML."""
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from toolkit.render import pdf

    installed = pdf_as_installed(html)
    fonts = pdf._weasyprint().text.fonts.FontConfiguration()
    ours, pages, _ = pdf._pdf_bytes(html, fonts, {})
    return ours, pages, fonts, installed

# --- PDF aids built once per test session -------------------------------------------------------------

def written_by(folder: Path) -> dict:
    """What :func:`toolkit.render.build.build_aids` returned when it wrote a :func:`built_aids` folder."""
    return json.loads((folder.parent / f"{folder.name}.done").read_text(encoding="utf-8"))


#: Processes laying out the shared builds: two, so the forked workers are exercised whatever the machine's CPUs.
BUILD_JOBS = 2


@pytest.fixture(scope="session")
def built_aids(tmp_path_factory):
    """built_aids(scenario, paper="a4") -> the folder ``chartroom aids SCENARIO -o FOLDER --pdf --paper PAPER --jobs 2`` writes.

    What the build returned (files and page counts, :func:`toolkit.render.build.build_aids`) is :func:`written_by` the folder.

    Laying out a game's PDFs costs seconds of CPU, and several test files read the same ones (page fill,
    page counts and text, determinism): each (scenario, paper) is built once per test session and shared
    by the test workers of a ``pytest -n`` run (the first to ask builds it under a file lock; the others
    wait and read it). Tests only read the folder; a test that changes files copies it first.
    """
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    from filelock import FileLock

    from toolkit.render.build import build_aids
    from toolkit.session import Session

    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "chartroom-built-aids"
    shared.mkdir(exist_ok=True)

    def _built(scenario: str | Path, paper: str = "a4") -> Path:
        scenario = Path(scenario)
        name = f"{scenario.parent.name}-{scenario.stem}-{paper}"
        folder, done = shared / name, shared / f"{name}.done"
        with FileLock(str(shared / f"{name}.lock")):
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)  # a build that failed half-way is made again
                written = build_aids(Session().open_scenario(scenario), folder, pdf=True, paper=paper, jobs=BUILD_JOBS)
                done.write_text(json.dumps(written), encoding="utf-8")
        return folder

    return _built


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The folder ``chartroom site -o FOLDER`` writes (the bundled games, nothing added), built once per test session.

    A whole site costs seconds of CPU and several test files only read it (its pages, in Chromium too): the first
    test worker to ask builds it under a file lock and the others read it, as :func:`built_aids`. Tests only read
    it; one that changes files copies it first. A test of the command's own behaviour builds its own site.
    """
    import_or_missing("mkdocs", "needs mkdocs (the site extra)")
    from filelock import FileLock

    from toolkit.cli import main

    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "chartroom-built-site"
    shared.mkdir(exist_ok=True)
    folder, done = shared / "site", shared / "site.done"
    with FileLock(str(shared / "site.lock")):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a build that failed half-way is made again
            assert main(["site", "-o", str(folder)]) == 0
            done.write_text("built\n", encoding="utf-8")
    return folder


@pytest.fixture
def small_site(tmp_path_factory, monkeypatch):
    """`chartroom site` in this test builds no bundled game's pages (the guides and references only), for tests of what
    the command does with its output folder or with the scenarios it is given: the same code, a fraction of the time."""
    from toolkit.render import sitepages

    monkeypatch.setattr(sitepages, "bundled_scenarios", lambda: tmp_path_factory.mktemp("no-games"))


def run_cli(capsys, *args):
    """``chartroom ARGS`` in process: (exit status, stdout, stderr); argparse's own refusal counts as its exit status."""
    from toolkit.cli import main

    try:
        status = main([str(a) for a in args])
    except SystemExit as stop:  # argparse: bad arguments
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err



def cli_json(capsys, *args):
    """``chartroom ARGS --format json`` in process, which must answer (exit 0, nothing on stderr): its JSON."""
    status, out, err = run_cli(capsys, *args, "--format", "json")
    assert (status, err) == (0, ""), err
    return json.loads(out)


def cli_refused(capsys, *args) -> str:
    """``chartroom ARGS`` in process, which must refuse them as bad input: exit 2, nothing on stdout, one line on stderr
    (no traceback, no internal error); that line."""
    status, out, err = run_cli(capsys, *args)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, (status, out, err)
    assert "Traceback" not in err and "internal error" not in err
    return err

# --- what `make test-fast` leaves out ---------------------------------------------------------------

#: Marks given at collection: ``browser`` (headless Chromium), ``pdf`` (WeasyPrint PDFs), ``precommit``
#: (pre-commit builds a hook environment), ``site`` (a whole mkdocs build), ``bench`` (a benchmark's smoke run).
#: ``make test-fast`` deselects them; ``make test`` runs all.
SLOW_MARKS = {"browser": "drives headless Chromium", "pdf": "lays out PDFs with WeasyPrint",
              "precommit": "builds a pre-commit hook environment", "site": "builds the whole docs site with mkdocs",
              "bench": "runs a benchmark script once (benchmarks/)"}
#: A test builds the site when it runs ``chartroom site``, calls ``build_site`` or uses a fixture named ``site``.
_SITE_WORDS = ('"site", "-o"', "build_site(", '["site", "-o"')
_PDF_WORDS = ("--pdf", "weasyprint", "write_pdf", "pdf_aids")
#: Fixtures that lay PDFs out, whatever the test's own name and source say (test_pdf_once's were in make test-fast).
_PDF_FIXTURES = {"built_aids", "two_runs"}


def pytest_configure(config):
    for name, meaning in SLOW_MARKS.items():
        config.addinivalue_line("markers", f"{name}: {meaning} (left out by make test-fast)")


def _source(item) -> str:
    function = getattr(item, "function", None)
    return _source_of(function) if function is not None else ""


@functools.lru_cache(maxsize=None)
def _source_of(function) -> str:
    """A test function's source, read once (parametrized cases share it), cut from its file's lines from the first
    decorator to the last line its code spans (``co_positions``): ``inspect.getsource`` tokenizes the whole file for
    every function, a third of the collection's own time."""
    inner = getattr(getattr(function, "hypothesis", None), "inner_test", None)  # @given wraps the test
    code = getattr(inspect.unwrap(inner or function), "__code__", None)
    lines = linecache.getlines(code.co_filename) if code is not None else []
    if not lines:
        return ""
    return "".join(lines[code.co_firstlineno - 1:_last_line(code)])


def _last_line(code) -> int:
    """The last line of the source a code object (its nested functions included) was compiled from."""
    last = code.co_firstlineno
    for _start, end, _column, _end_column in code.co_positions():
        if end is not None and end > last:
            last = end
    for const in code.co_consts:
        if hasattr(const, "co_positions"):
            last = max(last, _last_line(const))
    return last


def _builds_the_site(name: str, source: str) -> bool:
    """A parametrized test builds it in the cases named after it; any other when its body runs a site build."""
    if "[" in name:
        return name.split("[", 1)[1].startswith("site")
    return any(word in source for word in _SITE_WORDS)


def pytest_collection_modifyitems(config, items):
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        module = Path(str(item.fspath)).name
        if fixtures & {"browser", "page"} or module.endswith("_browser.py") or "require_browser" in _source(item):
            item.add_marker(pytest.mark.browser)
        if module == "test_precommit.py":
            item.add_marker(pytest.mark.precommit)
        source = _source(item).lower()
        if ("pdf" in item.name.lower() or any(word in source for word in _PDF_WORDS) or any("pdf" in f for f in fixtures)
                or fixtures & _PDF_FIXTURES):
            item.add_marker(pytest.mark.pdf)
        if fixtures & {"site", "built_site", "small_site"} or _builds_the_site(item.name, source):
            item.add_marker(pytest.mark.site)
        if module == "test_benchmarks_smoke.py":
            item.add_marker(pytest.mark.bench)
    _longest_files_first(items)


#: The slow kinds of test, longest first: a file holding one is handed to a test worker before the others, so the
#: last files a worker takes are short ones and the two workers end together (``pytest -n 2 --dist loadfile``).
_FIRST = ("precommit", "pdf", "browser", "site", "bench")


def _longest_files_first(items) -> None:
    """Reorder ``items`` file by file (each file's tests keep their order), files with the slowest kinds first."""
    rank: dict[str, int] = {}
    for item in items:
        marks = {mark.name for mark in item.iter_markers()}
        here = min((_FIRST.index(name) for name in marks & set(_FIRST)), default=len(_FIRST))
        rank[item.nodeid.split("::")[0]] = min(rank.get(item.nodeid.split("::")[0], here), here)
    items.sort(key=lambda item: rank[item.nodeid.split("::")[0]])  # stable: the collection order within a rank
