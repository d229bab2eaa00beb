"""Installing Chartroom and following its README and docs as a newcomer does (issue 11 item 21)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
import zipfile

import pytest

from conftest import GAME, ROOT
from toolkit.cli import main

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _names(requirements) -> set[str]:
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requirements}


# --- what pip install gives ------------------------------------------------------------------

def test_the_site_comes_with_the_base_install_and_only_pdf_is_an_extra():
    base = _names(PYPROJECT["project"]["dependencies"])
    assert {"mkdocs", "mkdocs-material", "jinja2", "jsonschema"} <= base
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert _names(extras["pdf"]) == {"weasyprint", "pypdf", "resvg-py"} and "weasyprint" not in base  # pypdf joins the aids into aids.pdf; resvg-py: map draw -o FILE.png
    assert "jsonschema-rs" in base  # the compiled yes/no verdict (toolkit/schema)
    assert extras.get("site", []) == []  # kept only so that '.[site]' still installs


def test_aids_pdf_without_weasyprint_names_the_extra(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import weasyprint raises ImportError
    status = main(["aids", str(GAME / "short-campaign.yaml"), "-o", str(tmp_path / "aids"), "--pdf"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err == "chartroom: PDF output needs WeasyPrint: pip install 'chartroom[pdf]'\n"
    assert not (tmp_path / "aids").exists()


PACKAGED = {"toolkit.render": ROOT / "toolkit" / "render", "toolkit.site": ROOT / "site", "toolkit.guides": ROOT / "docs",
            "toolkit.schemas": ROOT / "schemas", "toolkit.games": ROOT / "toolkit" / "games"}  # every game package, too


def test_every_shipped_folder_with_an_importable_name_is_listed_in_packages():
    """setuptools warns (a block of ~25 lines each, ~150 lines in `make demo`) for every folder of package data
    whose dotted name is importable but absent from `packages`."""
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    missing = []
    for package, folder in PACKAGED.items():
        for here, folders, files in os.walk(folder):
            folders[:] = [f for f in folders if not f.startswith((".", "_"))]
            rel = os.path.relpath(here, folder)
            parts = [] if rel == "." else rel.split(os.sep)
            name = ".".join([package, *parts])
            if files and all(p.isidentifier() for p in parts) and name not in listed:
                missing.append(name)
    assert missing == []


def test_building_the_package_prints_no_setuptools_warnings(tmp_path):
    source = tmp_path / "source"  # a copy: building leaves build/ and *.egg-info beside pyproject.toml
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, source / name)
    for name in ("toolkit", "schemas", "scenarios", "site", "docs"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-cache-dir", "-w", str(tmp_path / "wheel"), str(source)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    if done.returncode != 0 and re.search(r"(?i)could not find a version|connection|network|resolve", done.stdout + done.stderr):
        pytest.skip("building the package needs setuptools from a package index, which is not reachable here")
    assert done.returncode == 0, done.stderr[-2000:]
    log = done.stdout + done.stderr
    assert "absent from" not in log and "BuildBackendWarning" not in log and "SetuptoolsDeprecationWarning" not in log
    wheel = next((tmp_path / "wheel").glob("chartroom-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for shipped in ("toolkit/render/templates/site/game.html", "toolkit/render/templates/parts/setup.html", "toolkit/site/mkdocs.yml",
                    "toolkit/site/docs/assets/javascripts/iframe-worker-shim.js", "toolkit/guides/authoring.md",
                    "toolkit/bundled/fire-in-the-sky/short-campaign.yaml", "toolkit/schemas/scenario.schema.json"):
        assert shipped in names, shipped


# --- the README ----------------------------------------------------------------------------------

def _readme_commands() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split(" #")[0].strip()
            if line.startswith("chartroom "):
                commands.append(shlex.split(line))
    return commands


def test_the_readme_never_uses_a_file_before_a_command_makes_it():
    made: set[str] = set()
    commands = _readme_commands()
    assert len(commands) >= 15
    for words in commands:
        if words[1] == "new":
            made.add(words[2])
        for word in words[2:]:
            if word.endswith((".yaml", ".yml")) and word not in made:
                assert (ROOT / word).is_file(), f"README: {' '.join(words)} names {word}, which no earlier command makes"


def test_files_the_readme_writes_into_the_checkout_are_ignored_by_git():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    written = [w[w.index(">") + 1] if ">" in w else w[2] for w in _readme_commands() if ">" in w or w[1] == "new"]
    written += [w[w.index("-o") + 1] for w in _readme_commands() if "-o" in w]  # aids, site, map draw
    assert "map.json" in written and "my-variant.yaml" in written
    for name in written:
        done = subprocess.run(["git", "check-ignore", "-q", name], cwd=ROOT)
        assert done.returncode == 0, f"{name} is written into the checkout by a README example but not in .gitignore"


def test_the_readme_links_the_authoring_guide_in_docs():
    assert (ROOT / "docs" / "authoring.md").is_file()
    assert "docs/authoring.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert not (ROOT / "site" / "docs" / "authoring.md").exists()  # one copy, in docs/, put on the site by `chartroom site`
    from toolkit.render.sitepages import copied_docs

    assert "guide/authoring.md" in copied_docs()


# --- docs/data-format.md: the examples check when copied -----------------------------------------

def _yaml_block_after(heading: str) -> str:
    text = (ROOT / "docs" / "data-format.md").read_text(encoding="utf-8")
    return re.search(r"```yaml\n(.*?)```", text[text.index(heading):], re.S).group(1)


def test_the_scenario_example_checks_clean_when_copied(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "example.yaml").write_text(_yaml_block_after("## Scenarios (kind: scenario)"), encoding="utf-8")
    status = main(["check", "example.yaml"])
    assert (status, capsys.readouterr().out) == (0, "ok: 1 file checked, no findings\n")


def test_the_variant_example_checks_without_errors_beside_the_short_campaign(tmp_path, capsys, monkeypatch):
    game = tmp_path / "fits"
    shutil.copytree(GAME, game)
    (game / "variants" / "my-variant.yaml").write_text(_yaml_block_after("### Variants"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status = main(["check", "fits/variants/my-variant.yaml"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert " error " not in out
