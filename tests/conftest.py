"""Shared fixtures: the repository root and a helper that writes small YAML files."""

from __future__ import annotations

import functools
import http.server
import importlib
import os
import textwrap
import threading
from pathlib import Path

import pytest

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


def run_cli(capsys, *args):
    """``chartroom ARGS`` in process: (exit status, stdout, stderr); argparse's own refusal counts as its exit status."""
    from toolkit.cli import main

    try:
        status = main([str(a) for a in args])
    except SystemExit as stop:  # argparse: bad arguments
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err
