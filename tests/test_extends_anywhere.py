"""``extends:`` from anywhere (issue 11 item 19): a variant kept in its own folder or repository checks the
same from any working folder, escapes are still refused, and messages show the resolved path and its origin."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from conftest import GAME, ROOT, SHORT
from toolkit.cli import main

VARIANT = """\
kind: scenario
game: fire-in-the-sky
id: {id}
title: A variant kept elsewhere
variant: true
edition: v1.1
extends: "{extends}"
reconstructed: "a test variant"
markers:
  oil_points: {{value: 20, reconstructed: "more oil"}}
"""


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A designer's own repository (``mine``) with a base scenario of its own, and an unrelated working folder."""
    mine = tmp_path / "mine"
    (mine / "sub").mkdir(parents=True)
    shutil.copy(SHORT, mine / "base.yaml")
    (mine / "variant.yaml").write_text(VARIANT.format(id="variant", extends="base.yaml"), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "outside").mkdir()
    monkeypatch.chdir(elsewhere)
    return mine


def check(capsys, *args):
    status = main(["check", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_variant_in_its_own_folder_checks_from_another_working_folder(repo, capsys):
    status, out, _ = check(capsys, str(repo / "variant.yaml"))
    assert (status, out) == (0, "ok: 1 file checked, no findings\n")


def test_the_same_from_a_subprocess_in_an_unrelated_folder(repo):
    done = subprocess.run([sys.executable, "-m", "toolkit.cli", "check", str(repo / "variant.yaml")], cwd=repo.parent / "elsewhere",
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT), CHARTROOM_CACHE="off"), timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "ok: 1 file checked, no findings\n", "")


def test_a_copy_of_a_game_folder_checks_from_anywhere(tmp_path, capsys, monkeypatch):
    copy = tmp_path / "games" / "fits"
    shutil.copytree(GAME, copy)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    status, out, _ = check(capsys, str(copy / "variants" / "ranger-early.yaml"))  # extends: ../short-campaign.yaml
    assert (status, out) == (0, "ok: 1 file checked, no findings\n")
    status, out, _ = check(capsys, str(copy))
    assert status == 0 and out.endswith("ok: 15 files checked, no findings\n")


def test_a_variant_moved_into_a_subfolder_says_where_the_path_was_resolved_from(repo, capsys):
    moved = repo / "sub" / "variant.yaml"
    moved.write_text(VARIANT.format(id="moved", extends="base.yaml"), encoding="utf-8")
    status, out, _ = check(capsys, str(moved))
    assert status == 1
    assert (f"{moved}:7:10: error EXTENDS-PATH extends: 'base.yaml' resolves to {repo / 'sub' / 'base.yaml'} "
            f"(from {repo / 'sub'}, this file's folder): no scenario file there") in out


def test_a_path_out_of_the_allowed_folders_is_refused_naming_them(repo, capsys):
    outside = repo.parent / "outside"
    shutil.copy(SHORT, outside / "base.yaml")
    escaping = repo / "sub" / "escape.yaml"
    escaping.write_text(VARIANT.format(id="escape", extends="../../outside/base.yaml"), encoding="utf-8")
    status, out, _ = check(capsys, str(escaping))
    assert status == 1
    assert (f"error EXTENDS-PATH extends: '../../outside/base.yaml' resolves to {outside / 'base.yaml'} (from {repo / 'sub'}, "
            f"this file's folder), outside the folders Chartroom may read for this check: the working folder {repo.parent / 'elsewhere'}, "
            f"the bundled games {(ROOT / 'scenarios').resolve()}, the folder of escape.yaml {repo / 'sub'}; check from a folder "
            "holding both files, or keep the base beside the variant") in out


def test_a_base_in_a_parent_folder_is_reachable_when_checked_from_the_repository(repo, capsys, monkeypatch):
    nested = repo / "sub" / "nested.yaml"
    nested.write_text(VARIANT.format(id="nested", extends="../variant.yaml"), encoding="utf-8")
    assert check(capsys, str(nested))[0] == 1  # from elsewhere: the parent folder is not allowed
    monkeypatch.chdir(repo)
    status, out, _ = check(capsys, "sub/nested.yaml")
    assert (status, out) == (0, "ok: 1 file checked, no findings\n")


def test_a_symbolic_link_out_of_the_allowed_folders_is_refused(repo, capsys):
    (repo / "link.yaml").symlink_to(repo.parent / "outside" / "base.yaml")
    linked = repo / "linked.yaml"
    linked.write_text(VARIANT.format(id="linked", extends="link.yaml"), encoding="utf-8")
    status, out, _ = check(capsys, str(linked))
    assert status == 1
    assert f"extends: 'link.yaml' resolves to {repo / 'link.yaml'} (from {repo}, this file's folder), a symbolic link that leads outside" in out


def test_new_writes_a_variant_that_checks_from_elsewhere(repo, capsys, monkeypatch):
    monkeypatch.chdir(repo)
    assert main(["new", "sub/mine.yaml", "--from", "base.yaml"]) == 0
    capsys.readouterr()
    monkeypatch.chdir(repo.parent / "elsewhere")
    status, out, _ = check(capsys, str(repo / "sub" / "mine.yaml"))
    assert status == 1 and "resolves to" in out  # ../base.yaml leaves the variant's folder: refused, with the origin
    monkeypatch.chdir(repo)
    assert check(capsys, "sub/mine.yaml")[0] == 0
