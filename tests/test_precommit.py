"""The pre-commit hooks of .pre-commit-hooks.yaml, run by pre-commit in a scratch git repository.

The working tree is committed into a scratch repository once per module, and every test's
scratch project names that repository at that commit in its ``.pre-commit-config.yaml``, as a
consumer would: pre-commit builds the hooks' environment (chartroom installed from the snapshot)
once and every test reuses it. The test extra installs ``pre-commit-uv`` beside pre-commit, which
builds that environment with uv instead of pip (about 5 s instead of 16; the hooks and what they run
are the same). The tests need ``pre-commit``, ``git`` and a package index for the hook's dependencies;
they are skipped without them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SHORT

PRE_COMMIT = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")

pytestmark = [
    pytest.mark.skipif(PRE_COMMIT is None, reason="pre-commit is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
    pytest.mark.skipif(not SHORT.exists(), reason="bundled scenario not written yet"),
]


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """One pre-commit cache for the module: the hook environment is built once."""
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture(scope="module")
def hooks_repo(tmp_path_factory):
    """This working tree as committed files of a scratch repository (try-repo skips untracked files)."""
    copy = tmp_path_factory.mktemp("chartroom") / "chartroom"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", ".hypothesis", ".pytest_cache", "out", "*.egg-info"))
    git(copy, "init", "-q")
    git(copy, "add", "-A")
    git(copy, "-c", "user.email=test@example.invalid", "-c", "user.name=test", "commit", "-q", "-m", "snapshot")
    rev = subprocess.run(["git", "-C", str(copy), "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    return copy, rev


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path):
    """A scratch repository holding a variant of the bundled Short Campaign."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "test@example.invalid")
    git(repo, "config", "user.name", "test")
    shutil.copytree(SHORT.parent, repo / "fire-in-the-sky")
    (repo / "variant.yaml").write_text(
        'kind: scenario\ngame: fire-in-the-sky\nid: variant\nvariant: true\nextends: "fire-in-the-sky/short-campaign.yaml"\n', encoding="utf-8")
    git(repo, "add", "variant.yaml")
    return repo


def run_hook(repo: Path, home: Path, hook: str, schemas: bool = True) -> subprocess.CompletedProcess:
    """``pre-commit run HOOK`` on variant.yaml, the hooks taken from the snapshot at its commit (one environment for all)."""
    hooks, rev = HOOKS[0]
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n      - id: chartroom-check\n      - id: chartroom-fmt\n",
        encoding="utf-8")
    env = dict(os.environ, PRE_COMMIT_HOME=str(home))
    env.pop("CHARTROOM_SCHEMAS", None)
    if schemas:  # see test_installed_hook_finds_its_schemas: a pip-installed chartroom has no schemas/ yet
        env["CHARTROOM_SCHEMAS"] = str(hooks / "schemas")
    return subprocess.run([PRE_COMMIT, "run", hook, "--files", "variant.yaml"],
                          cwd=repo, env=env, capture_output=True, text=True, timeout=900)


HOOKS: list[tuple[Path, str]] = []


@pytest.fixture(autouse=True)
def _hooks(hooks_repo):
    HOOKS[:] = [hooks_repo]


def test_check_hook_passes_a_clean_variant_and_fails_a_broken_one(repo, home):
    result = run_hook(repo, home, "chartroom-check")
    assert result.returncode == 0, result.stdout + result.stderr
    with (repo / "variant.yaml").open("a", encoding="utf-8") as handle:
        handle.write('setup:\n  - {at: Truk, side: japan, units: [{counter: jp-bb-kongo-haruna}], reconstructed: "one too many"}\n')
    result = run_hook(repo, home, "chartroom-check")
    assert result.returncode == 1 and "variant.yaml:7:" in result.stdout and "COUNTER-MIX" in result.stdout


def test_fmt_hook_fails_until_the_file_is_formatted(repo, home):
    path = repo / "variant.yaml"
    path.write_text("game: fire-in-the-sky\n" + path.read_text(encoding="utf-8").replace("game: fire-in-the-sky\n", ""), encoding="utf-8")
    messy = path.read_text(encoding="utf-8")
    result = run_hook(repo, home, "chartroom-fmt")
    assert result.returncode == 1 and "would be reformatted" in result.stdout
    assert path.read_text(encoding="utf-8") == messy  # --check writes nothing
    subprocess.run([sys.executable, "-m", "toolkit.cli", "fmt", str(path)], check=True, cwd=ROOT, capture_output=True)
    assert run_hook(repo, home, "chartroom-fmt").returncode == 0


def test_installed_hook_finds_its_schemas(repo, home):
    result = run_hook(repo, home, "chartroom-check", schemas=False)
    assert result.returncode == 0, result.stdout
