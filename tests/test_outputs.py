"""Issue 11: safe with any input and any folder: what ``aids``, ``site``, ``fmt`` and ``new`` write."""

from __future__ import annotations

import os

import pytest

from conftest import SHORT, import_or_missing, run_cli

run = run_cli


# --- item 3: aids wrote through symbolic links and over the user's files ----------------------

def test_aids_never_write_through_a_symbolic_link(tmp_path, capsys):
    victim = tmp_path / "victim.svg"
    victim.write_text("precious", encoding="utf-8")
    out = tmp_path / "aids"
    out.mkdir()
    (out / "map.svg").symlink_to(victim)
    (out / ".chartroom-aids").write_text("map.svg\n", encoding="utf-8")  # even in a folder it "built"
    status, _, err = run(capsys, "aids", SHORT, "-o", out)
    problems = [line for line in err.splitlines() if not line.startswith("chartroom: rendering aids")]  # progress, after 1 s
    assert status == 2 and "map.svg" in err and "symbolic link" in err and len(problems) == 1
    assert victim.read_text(encoding="utf-8") == "precious"


def test_aids_refuse_a_symbolic_link_as_the_folder(tmp_path, capsys):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    status, _, err = run(capsys, "aids", SHORT, "-o", tmp_path / "link")
    assert status == 2 and "symbolic link" in err and list(real.iterdir()) == []


def test_aids_keep_the_users_files_unless_forced(tmp_path, capsys):
    out = tmp_path / "aids"
    out.mkdir()
    (out / "index.html").write_text("mine", encoding="utf-8")
    (out / "notes.txt").write_text("notes", encoding="utf-8")
    status, _, err = run(capsys, "aids", SHORT, "-o", out)
    assert status == 2 and "--force" in err and len(err.splitlines()) == 1
    assert (out / "index.html").read_text(encoding="utf-8") == "mine"
    status, _, err = run(capsys, "aids", SHORT, "-o", out, "--force")
    assert status == 0, err
    assert (out / "index.html").read_text(encoding="utf-8") != "mine"  # asked for: same-named file replaced
    assert (out / "notes.txt").read_text(encoding="utf-8") == "notes"  # never deleted


def test_aids_rerun_into_their_own_folder_needs_no_force(tmp_path, capsys):
    out = tmp_path / "aids"
    assert run(capsys, "aids", SHORT, "-o", out)[0] == 0
    manifest = (out / ".chartroom-aids").read_text(encoding="utf-8")
    assert "map.svg" in manifest and "index.html" in manifest
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    status, _, err = run(capsys, "aids", SHORT, "-o", out)
    assert status == 0, err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # no temporary file left
    (out / "later.txt").write_text("added", encoding="utf-8")
    assert run(capsys, "aids", SHORT, "-o", out)[0] == 2  # a file added since is the user's


# --- item 2: site deleted files it did not write ----------------------------------------------

def test_site_never_deletes_files_it_did_not_write(tmp_path, capsys, small_site):
    pytest.importorskip("mkdocs")
    out = tmp_path / "site"
    out.mkdir()
    for name in ("index.html", "404.html", "sitemap.xml"):
        (out / name).write_text("old", encoding="utf-8")
    (out / "about.html").write_text("mine", encoding="utf-8")
    status, _, err = run(capsys, "site", "-o", out)
    assert status == 2 and "--force" in err and len(err.splitlines()) == 1
    assert (out / "about.html").read_text(encoding="utf-8") == "mine"
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    status, _, err = run(capsys, "site", "-o", out, "--force")
    assert status == 0, err
    assert (out / "about.html").read_text(encoding="utf-8") == "mine"
    assert (out / "index.html").read_text(encoding="utf-8") != "old"
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # the build folder beside it is gone
    # files added later to a folder it built are kept too
    (out / "later.html").write_text("added", encoding="utf-8")
    status, _, err = run(capsys, "site", "-o", out, "--force")
    assert status == 0, err
    assert (out / "later.html").read_text(encoding="utf-8") == "added"
    assert (out / "about.html").read_text(encoding="utf-8") == "mine"


def test_site_rebuilds_its_own_folder_without_force_and_never_writes_through_links(tmp_path, capsys, small_site):
    pytest.importorskip("mkdocs")
    out = tmp_path / "site"
    status, _, err = run(capsys, "site", "-o", out)
    assert status == 0, err
    assert "404.html" in (out / ".chartroom-site").read_text(encoding="utf-8")
    victim = tmp_path / "victim.html"
    victim.write_text("precious", encoding="utf-8")
    (out / "404.html").unlink()
    (out / "404.html").symlink_to(victim)
    status, _, err = run(capsys, "site", "-o", out)
    assert status == 2 and "404.html" in err and "symbolic link" in err
    assert victim.read_text(encoding="utf-8") == "precious"
    (out / "404.html").unlink()
    status, _, err = run(capsys, "site", "-o", out)
    assert status == 0, err
    assert (out / "404.html").is_file() and not (out / "404.html").is_symlink()


def test_new_never_writes_through_a_dangling_link(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.yaml").symlink_to(tmp_path / "target.yaml")
    status, _, err = run(capsys, "new", "v.yaml", "--from", SHORT)
    assert status == 2 and "already exists" in err
    assert not (tmp_path / "target.yaml").exists()
    status, _, err = run(capsys, "new", "w.yaml", "--from", SHORT)
    assert status == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v.yaml", "w.yaml"]
    assert oct((tmp_path / "w.yaml").stat().st_mode & 0o777) == oct(0o666 & ~_umask())


@pytest.mark.parametrize("dangling", [False, True])
def test_map_draw_never_replaces_or_writes_through_a_link(tmp_path, capsys, dangling):
    victim = tmp_path / "victim.svg"
    if not dangling:
        victim.write_text("precious", encoding="utf-8")
    (tmp_path / "map.svg").symlink_to(victim)
    status, out, err = run(capsys, "map", "draw", SHORT, "-o", tmp_path / "map.svg")
    assert status == 2 and "map.svg" in err and "symbolic link" in err and len(err.splitlines()) == 1 and out == ""
    assert (tmp_path / "map.svg").is_symlink() and (victim.read_text(encoding="utf-8") == "precious" if not dangling else not victim.exists())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask



# --- item 12: output depended on the folder it was built in ------------------------------------

def test_pdf_links_are_relative_and_the_same_wherever_built(tmp_path, monkeypatch):
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries (apt-get install libpango-1.0-0 libpangoft2-1.0-0)")
    from toolkit.outputs import OutputFolder
    from toolkit.render.aids import render_aids
    from toolkit.render.pdf import write_pdfs
    from toolkit.session import Session

    opened = Session().open_scenario(SHORT)
    index = [aid for aid in render_aids(opened.game, opened.scenario, opened.module) if aid.stem == "index"]
    built = []
    for where in ("one", "two/deeper"):
        folder = tmp_path / where
        folder.mkdir(parents=True)
        monkeypatch.chdir(folder)
        out = OutputFolder(folder / "aids", ".chartroom-aids")
        out.prepare()
        write_pdfs(index, out)
        built.append((folder / "aids" / "index.pdf").read_bytes())
    assert built[0] == built[1]
    assert b"file:" not in built[0]


def test_site_pages_are_the_same_wherever_built(tmp_path, monkeypatch, capsys, small_site):
    pytest.importorskip("mkdocs")
    from test_tiny_game import SKIRMISH, TESTS

    monkeypatch.syspath_prepend(str(TESTS))
    sites = []
    for index, where in enumerate((TESTS, tmp_path)):  # the scenario inside the working folder, then outside it
        monkeypatch.chdir(where)
        out = tmp_path / f"site{index}"
        status, _, err = run(capsys, "site", "-o", out, "--scenario", SKIRMISH)
        assert status == 0, err
        sites.append({p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
    assert sites[0].keys() == sites[1].keys()
    assert [name for name in sites[0] if sites[0][name] != sites[1][name]] == []
    page = next(text for text in sites[0].values() if b"Skirmish at the Crossroads" in text and b"<code>tiny/skirmish.yaml</code>" in text)
    assert str(tmp_path).encode() not in page and str(TESTS).encode() not in page
    # nor on the day: the sitemap's gzip header carries the fixed build date, not the clock's (the golden changed at midnight)
    import datetime
    import gzip

    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat().encode()
    assert today not in sites[0]["sitemap.xml"]
    assert gzip.decompress(sites[0]["sitemap.xml.gz"]) == sites[0]["sitemap.xml"] and sites[0]["sitemap.xml.gz"][4:8] == bytes(4)
    assert "SOURCE_DATE_EPOCH" not in os.environ


# --- item 8: paths the operating system rejects crashed (exit 3) --------------------------------

LONG = "a" * 300  # over the 255 bytes a name may have


@pytest.mark.parametrize("args", [
    ["check", f"{LONG}.yaml"], ["fmt", f"{LONG}.yaml"], ["aids", f"{LONG}.yaml", "-o", "out"],
    ["aids", SHORT, "-o", LONG], ["new", f"{LONG}.yaml", "--from", SHORT],
    ["supply", f"{LONG}.yaml", "--side", "japan", "--to", "Kure"], ["zoc", f"{LONG}.yaml", "--side", "japan"],
    ["reach", f"{LONG}.yaml", "--unit", "x", "--mode", "operational"], ["audit", LONG], ["site", "-o", LONG],
    ["check", "a\0b.yaml"], ["fmt", "a\0b.yaml"], ["new", "x\ny.yaml", "--from", SHORT],
], ids=lambda a: " ".join(str(x)[:12] for x in a))
def test_paths_the_system_rejects_are_exit_2_naming_the_path(args, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, *args)
    assert status == 2, err
    assert len(err.splitlines()) == 1 and "internal error" not in err
    assert LONG in err or "\\x00" in err or "\\n" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written


def test_a_file_in_a_folder_that_cannot_be_entered_is_exit_2(tmp_path, capsys, monkeypatch):
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # root enters every folder: make the system say EACCES as it would for a user
        import toolkit.outputs

        real = os.lstat

        def lstat(path, *a, **k):
            if "locked" in str(path):
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, *a, **k)

        monkeypatch.setattr(toolkit.outputs.os, "lstat", lstat)
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "s.yaml").write_text(SHORT.read_text(encoding="utf-8"), encoding="utf-8")
    locked.chmod(0)
    try:
        for args in (["check", locked / "s.yaml"], ["fmt", locked / "s.yaml"], ["aids", locked / "s.yaml", "-o", tmp_path / "o"]):
            status, _, err = run(capsys, *args)
            assert status == 2 and "s.yaml" in err and "ermission denied" in err and len(err.splitlines()) == 1, err
    finally:
        locked.chmod(0o755)


# --- issue 21 item 1: a planted manifest deleted files outside the folder ----------------------

def _planted(tmp_path):
    """An output folder with a manifest naming a file beside it, an absolute path and a file through a link."""
    outside = tmp_path / "outside"
    outside.mkdir()
    beside, absolute, linked = (outside / n for n in ("beside.txt", "absolute.txt", "linked.txt"))
    for path in (beside, absolute, linked):
        path.write_text("precious", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "via").symlink_to(outside)
    return out, (beside, absolute, linked), f"../outside/beside.txt\n{absolute}\nvia\nvia/linked.txt\n"


@pytest.mark.parametrize("command", ["site", "aids"])
def test_a_planted_manifest_deletes_nothing_outside_its_folder(tmp_path, capsys, command, small_site):
    if command == "site":
        pytest.importorskip("mkdocs")
    out, victims, entries = _planted(tmp_path)
    manifest = ".chartroom-site" if command == "site" else ".chartroom-aids"
    (out / manifest).write_text(entries, encoding="utf-8")
    args = ["site", "-o", out] if command == "site" else ["aids", SHORT, "-o", out]
    status, _, err = run(capsys, *args)
    assert status == 2 and len(err.splitlines()) == 1, err
    assert manifest in err and "../outside/beside.txt" in err and "not a plain relative name" in err
    assert all(path.read_text(encoding="utf-8") == "precious" for path in victims)
    status, _, err = run(capsys, *args, "--force")  # asked to write beside them: still nothing deleted
    assert status == 0, err
    assert [line for line in err.splitlines() if "left alone" in line] and "3 more" in err
    assert all(path.read_text(encoding="utf-8") == "precious" for path in victims)
    assert (out / "via").is_symlink()


def test_a_manifest_deletes_only_files_whose_content_it_wrote(tmp_path):
    from toolkit.outputs import OutputError, OutputFolder

    out = OutputFolder(tmp_path / "out", ".m")
    out.prepare()
    out.write("a.html", "a")
    out.write("sub/b.html", "b")
    out.finish()
    assert "  sub/b.html" in (tmp_path / "out" / ".m").read_text(encoding="utf-8")
    (tmp_path / "out" / "a.html").write_text("edited by the user", encoding="utf-8")
    again = OutputFolder(tmp_path / "out", ".m")
    with pytest.raises(OutputError, match="content changed since Chartroom wrote it"):
        again.prepare()
    forced = OutputFolder(tmp_path / "out", ".m", force=True)
    forced.prepare()
    assert "a.html" in forced.left_alone and list(forced.previous) == ["sub/b.html"]
    forced.write("c.html", "c")
    forced.finish(prune=True)  # b.html was Chartroom's and unchanged: pruned; a.html is the user's now
    assert not (tmp_path / "out" / "sub" / "b.html").exists()
    assert (tmp_path / "out" / "a.html").read_text(encoding="utf-8") == "edited by the user"
    listed = (tmp_path / "out" / ".m").read_text(encoding="utf-8")
    assert "c.html" in listed and "a.html" not in listed


def test_a_manifest_without_digests_is_not_trusted(tmp_path):
    from toolkit.outputs import OutputError, OutputFolder

    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "a.html").write_text("a", encoding="utf-8")
    (tmp_path / "out" / ".m").write_text("a.html\n", encoding="utf-8")
    with pytest.raises(OutputError, match="without the digest"):
        OutputFolder(tmp_path / "out", ".m").prepare()


# --- issue 21 item 5: a site built from outside the checkout named the machine's absolute paths ------

def test_outputs_name_no_absolute_path_of_the_machine(tmp_path, capsys, monkeypatch):
    pytest.importorskip("mkdocs")
    from conftest import ROOT

    monkeypatch.chdir(tmp_path)  # outside the checkout: locations are shown absolute there
    pf = ROOT / "scenarios" / "pacific-fury" / "campaign.yaml"
    assert run(capsys, "aids", pf, "-o", tmp_path / "aids")[0] == 0
    assert run(capsys, "site", "-o", tmp_path / "site")[0] == 0
    for path in sorted((tmp_path / "aids").rglob("*")) + sorted((tmp_path / "site").rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            assert str(ROOT).encode() not in data and str(tmp_path).encode() not in data, path
    page = (tmp_path / "site" / "games" / "pacific-fury" / "zones.html").read_text(encoding="utf-8")
    assert "read as not adjacent (map.yaml:" in page
