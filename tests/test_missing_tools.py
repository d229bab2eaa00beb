"""A missing browser or PDF reader is never a silent green (issue 11 item 17).

Under ``CI=true`` the tests that need chromium or poppler fail; locally they skip and the summary
says why (``-rs`` in the pytest options of pyproject.toml). Each case runs pytest for real on the
project's own test files, with the tool taken away.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT, import_or_missing


def pytest_run(tmp_path, *args, ci: bool, **env):
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")}
    clean.update(env, CHARTROOM_CACHE="off")
    if ci:
        clean["CI"] = "true"
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=ROOT, env=clean,
                          capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


def test_addopts_show_skip_reasons():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'addopts = "-q --doctest-modules -rs"' in text


@pytest.mark.parametrize("ci", [True, False], ids=["ci", "local"])
def test_a_missing_chromium(tmp_path, ci):
    status, out = pytest_run(tmp_path, "tests/test_site_browser.py", ci=ci, CHARTROOM_CHROMIUM=str(tmp_path / "no-chromium"))
    reason = f"needs Debian's chromium at {tmp_path / 'no-chromium'} (apt-get install chromium)"
    if ci:
        assert status == 1, out
        assert f"CI=true and {reason}" in out and " passed" not in out
    else:
        assert status == 0, out
        assert "SKIPPED [" in out and reason in out  # the reason in the short summary


@pytest.mark.parametrize("ci", [True, False], ids=["ci", "local"])
def test_a_missing_pdf_reader(tmp_path, ci):
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries (apt-get install libpango-1.0-0 libpangoft2-1.0-0)")
    empty = tmp_path / "bin"
    empty.mkdir()  # a PATH without pdftotext and pdfinfo (pytest runs from sys.executable's absolute path)
    hidden = tmp_path / "hide" / "pypdf"  # and pypdf, which the pdf extra installs, taken away too
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text('raise ImportError("pypdf taken away by the test")\n')
    status, out = pytest_run(tmp_path, "tests/test_render.py", "-k", "test_pdf_pages_and_text", ci=ci, PATH=str(empty),
                             PYTHONPATH=str(hidden.parent))
    reason = "needs pdftotext and pdfinfo (apt-get install poppler-utils) or pypdf to read PDFs"
    if ci:
        assert status == 1, out
        assert f"CI=true and {reason}" in out
    else:
        assert status == 0, out
        assert "SKIPPED [" in out and reason in out
