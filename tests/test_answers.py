"""Issue 22: the answer of ``chartroom check`` kept in the cache (toolkit/answers.py, toolkit/entry.py).

A check of the same line is answered from the cache only while nothing it depends on changed; any change of an
input, a damaged or forged entry, or an answer with an error runs the check in full, with the same answer as
without a cache.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit.cli
from conftest import import_or_missing
from toolkit import entry
from toolkit.exits import EXIT_INPUT
from toolkit.sealed import seal, unseal

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def game(tmp_path, monkeypatch):
    """A copy of Pacific Fury's folder, the cache in its own folder, and the working folder beside them."""
    folder = tmp_path / "pacific-fury"
    shutil.copytree(ROOT / "scenarios" / "pacific-fury", folder)
    (tmp_path / "cache").mkdir(mode=0o700)  # made by the first check, it would change the working folder while it runs
    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return folder


@pytest.fixture
def full_checks(monkeypatch):
    """How many lines ran the whole command (toolkit.cli.main) instead of being answered from the cache."""
    calls = []
    real = toolkit.cli.main

    def counted(argv=None):
        calls.append(argv)
        return real(argv)

    monkeypatch.setattr(toolkit.cli, "main", counted)
    return calls


def run(capsys, *args) -> tuple[int, str, str]:
    status = entry.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def answers(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.answer"))


def test_an_unchanged_check_is_answered_from_the_cache(game, full_checks, capsys):
    first = run(capsys, "check", game / "campaign.yaml")
    assert first[0] == 0 and "no findings" in first[1]
    assert len(answers(game.parent / "cache")) == 1
    again = run(capsys, "check", game / "campaign.yaml")
    assert again == first
    assert len(full_checks) == 1  # the second was answered from the cache


@pytest.mark.parametrize("change", ["scenario", "map", "overlay schema", "new file beside the schemas", "new folder in the game"])
def test_a_change_to_anything_the_check_read_runs_it_again(game, full_checks, capsys, change):
    run(capsys, "check", game / "campaign.yaml")
    if change == "scenario":
        path = game / "campaign.yaml"
        path.write_text(path.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    elif change == "map":
        path = game / "map.yaml"
        path.write_text(path.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    elif change == "overlay schema":
        path = next((game / "schemas").glob("*.schema.json"))
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    elif change == "new file beside the schemas":
        (game / "schemas" / "notes.txt").write_text("notes\n", encoding="utf-8")
    else:
        (game / "more").mkdir()
    again = run(capsys, "check", game / "campaign.yaml")
    assert again[0] == 0
    assert len(full_checks) == 2


def test_an_edit_that_brings_an_error_is_seen(game, full_checks, capsys):
    run(capsys, "check", game / "campaign.yaml")
    path = game / "campaign.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("kind: scenario", "kind: scenario\nunknown_key: 1", 1), encoding="utf-8")
    status, out, _ = run(capsys, "check", path)
    assert status == 1 and "unknown_key" in out


def test_an_answer_with_an_error_is_never_kept(game, full_checks, capsys):
    path = game / "campaign.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("kind: scenario", "kind: scenario\nunknown_key: 1", 1), encoding="utf-8")
    first = run(capsys, "check", path)
    assert first[0] == 1
    assert answers(game.parent / "cache") == []
    assert run(capsys, "check", path) == first
    assert len(full_checks) == 2


def test_a_new_scenario_in_a_checked_folder_is_seen(game, full_checks, capsys):
    first = run(capsys, "check", game)
    assert first[0] == 0
    (game / "variants" / "extra.yaml").write_text((game / "campaign.yaml").read_text(encoding="utf-8").replace(
        "id: campaign", "id: extra", 1), encoding="utf-8")
    status, out, _ = run(capsys, "check", game)
    assert "extra.yaml" in out and out != first[1]
    assert len(full_checks) == 2


@pytest.mark.parametrize("damage", ["flipped byte", "truncated", "forged digest under a new seal", "forged output under a new seal"])
def test_a_damaged_or_forged_entry_gives_the_same_answer(game, full_checks, capsys, damage):
    path = game / "campaign.yaml"
    first = run(capsys, "check", path)
    [entry_file] = answers(game.parent / "cache")
    raw = entry_file.read_bytes()
    key = entry_file.name.split(".")[0]
    if damage == "flipped byte":
        raw = raw[:-10] + bytes([raw[-10] ^ 1]) + raw[-9:]
    elif damage == "truncated":
        raw = raw[: len(raw) // 2]
    else:
        stored = json.loads(unseal(raw, key))
        if damage.startswith("forged digest"):
            stored["files"][str(path.resolve())] = "0" * 64  # as if the file had other content: it no longer matches
        else:
            # an answer for other inputs: forged, it must still match every input's digest; here the scenario changed
            stored["output"] = "forged\n"
            path.write_text(path.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
        raw = seal(json.dumps(stored).encode(), key)
    entry_file.write_bytes(raw)
    again = run(capsys, "check", path)
    assert again == first
    assert len(full_checks) == 2


def test_the_cache_off_keeps_no_answer(game, full_checks, capsys, monkeypatch):
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    run(capsys, "check", game / "campaign.yaml")
    run(capsys, "check", game / "campaign.yaml")
    assert len(full_checks) == 2
    assert answers(game.parent / "cache") == []


def test_another_line_or_working_folder_is_another_answer(game, full_checks, capsys, monkeypatch):
    run(capsys, "check", game / "campaign.yaml")
    json_status, json_out, _ = run(capsys, "check", game / "campaign.yaml", "--format", "json")
    assert json_status == 0 and json_out.startswith("[")
    monkeypatch.chdir(game)
    status, out, _ = run(capsys, "check", "campaign.yaml")
    assert status == 0
    assert len(full_checks) == 3


PROBE = """
import json, sys
from toolkit.entry import main
status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def test_an_answered_check_imports_no_loader_schema_model_or_game(tmp_path):
    (tmp_path / "cache").mkdir(mode=0o700)
    env = dict(os.environ, CHARTROOM_CACHE=str(tmp_path / "cache"))
    line = [sys.executable, "-c", PROBE, "check", "scenarios/fire-in-the-sky/short-campaign.yaml"]
    runs = [subprocess.run(line, capture_output=True, text=True, cwd=ROOT, env=env, check=True).stdout for _ in range(2)]
    assert runs[0].splitlines()[0] == runs[1].splitlines()[0] == "ok: 1 file checked, no findings"
    full, answered = (set(json.loads(out.splitlines()[-1])["modules"]) for out in runs)
    assert {"toolkit.session", "toolkit.games.fire_in_the_sky"} <= full
    assert not {m for m in answered if m.startswith(("toolkit.session", "toolkit.load", "toolkit.schema", "toolkit.model", "toolkit.games",
                                                      "ruamel", "jsonschema", "networkx"))}


def test_a_whole_process_check_goes_without_the_cyclic_collector_and_a_call_keeps_it(capsys, monkeypatch):
    """toolkit.entry: the installed command's check (argv from the process) turns the collector off for its short life;
    a call with a command line (tests, the language server's neighbours) leaves the process's collector as it was."""
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    # the collector's state seen by the command itself (a whole-process check ends the process in toolkit.entry.main)
    code = ("import gc, sys, toolkit.cli; from toolkit.entry import main; sys.argv = ['chartroom', *sys.argv[1:]]; "
            "command = toolkit.cli.main; toolkit.cli.main = lambda argv: print('collector', gc.isenabled()) or command(argv); "
            "status = main(); print(gc.isenabled(), status)")
    done = subprocess.run([sys.executable, "-c", code, "check", "scenarios/fire-in-the-sky/short-campaign.yaml"], capture_output=True,
                          text=True, cwd=ROOT, check=True)
    assert done.stdout.splitlines()[0] == "collector False"
    done = subprocess.run([sys.executable, "-c", code, "rules"], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.splitlines()[0] == "collector True" and done.stdout.splitlines()[-1] == "True 0"
    assert entry.main(["check", str(ROOT / "scenarios/fire-in-the-sky/short-campaign.yaml")]) == 0
    assert gc.isenabled()


WHOLE = ("import sys, atexit; from toolkit.entry import main; atexit.register(print, 'shut down', flush=True); "
         "sys.argv = ['chartroom', *sys.argv[1:]]; status = main(); print('returned', status); sys.exit(status)")


@pytest.mark.parametrize("cache", ["off", "folder"])
def test_a_whole_process_check_ends_the_process_with_its_report_and_status(cache, tmp_path, capsys, monkeypatch):
    """toolkit.entry._end: the installed command's check ends the process itself once its report is flushed (no interpreter
    shutdown: nothing registered to run at exit runs), with the report and the exit status the check gives in a call;
    other command lines, and a call with a command line, return as before."""
    scenario = tmp_path / "bad.yaml"
    scenario.write_text((ROOT / "scenarios/fire-in-the-sky/short-campaign.yaml").read_text(encoding="utf-8").replace("start_turn: 2", "start_turn: 0"),
                        encoding="utf-8")
    (tmp_path / "cache").mkdir(mode=0o700)
    monkeypatch.setenv("CHARTROOM_CACHE", "off" if cache == "off" else str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)  # the paths shown are relative to the working folder, in the process and in the call
    env = dict(os.environ)
    for target, expected in (("scenarios/fire-from-the-skies/midway.yaml", 0), (str(scenario), 1)):
        for _ in range(2):  # with a cache folder the second is answered from the cache (an answer is kept for a clean check only)
            done = subprocess.run([sys.executable, "-c", WHOLE, "check", target], capture_output=True, text=True, cwd=ROOT, env=env)
            assert done.returncode == expected and "returned" not in done.stdout and "shut down" not in done.stdout
            called = run(capsys, "check", target)
            assert (done.returncode, done.stdout, done.stderr) == called
    done = subprocess.run([sys.executable, "-c", WHOLE, "rules"], capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 0 and done.stdout.splitlines()[-2:] == ["returned 0", "shut down"]
    done = subprocess.run([sys.executable, "-c", WHOLE, "check", "--bogus"], capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 2 and done.stdout.splitlines() == ["shut down"]  # argparse's refusal ends as it always did


@pytest.mark.parametrize("scenario", ["scenarios/fire-in-the-sky/short-campaign.yaml", "scenarios/pacific-fury/campaign.yaml",
                                      "scenarios/fire-from-the-skies/midway.yaml"])
def test_whole_process_aids_end_the_process_with_their_files_and_status(scenario, tmp_path, capsys, monkeypatch):
    """toolkit.entry._end: the installed command's ``aids`` ends the process itself once its files are written and its
    output flushed (no interpreter shutdown), with the same files, output and status as a call; a refusal too."""
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    monkeypatch.chdir(ROOT)
    done = subprocess.run([sys.executable, "-c", WHOLE, "aids", scenario, "-o", str(tmp_path / "process")], capture_output=True,
                          text=True, cwd=ROOT, env=dict(os.environ))
    assert done.returncode == 0 and "returned" not in done.stdout and "shut down" not in done.stdout
    status, out, err = run(capsys, "aids", scenario, "-o", str(tmp_path / "call"))
    assert (done.returncode, done.stdout.replace("/process/", "/call/")) == (status, out)
    assert done.stderr == err
    made = {p.name: p.read_bytes() for p in (tmp_path / "process").iterdir()}
    assert made == {p.name: p.read_bytes() for p in (tmp_path / "call").iterdir()} and len(made) > 5
    refused = subprocess.run([sys.executable, "-c", WHOLE, "aids", "missing.yaml", "-o", str(tmp_path / "none")], capture_output=True,
                             text=True, cwd=ROOT)
    assert refused.returncode == EXIT_INPUT and refused.stdout == "" and "missing.yaml" in refused.stderr


#: A PDF writer whose every aid fails (an internal error), in the process and in each forked worker.
FAILING_AID = "import toolkit.render.pdf as pdf\ndef fails(*args, **kwargs): raise RuntimeError('an aid failed')\npdf._pdf_bytes = fails\n"


@pytest.mark.pdf
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_whole_process_aids_whose_pdf_fails_end_as_a_call_does(jobs, tmp_path):
    """toolkit.entry._end on an error path: ``aids --pdf`` whose aid fails (in the process, or in a worker that is then
    stopped) ends the process with the status, the last line and the files a call gives, and leaves nothing in the
    temporary folder (no worker, no temporary file outlives it)."""
    import_or_missing("weasyprint", "PDF output needs the pdf extra (WeasyPrint) and the pango libraries")
    ended = {}
    for way, code in (("process", WHOLE), ("call", "import sys; from toolkit.cli import main; sys.exit(main(sys.argv[1:]))")):
        (tmp_path / way / "tmp").mkdir(parents=True)
        env = dict(os.environ, CHARTROOM_CACHE="off", TMPDIR=str(tmp_path / way / "tmp"))
        done = subprocess.run([sys.executable, "-c", FAILING_AID + code, "aids", "scenarios/fire-in-the-sky/short-campaign.yaml",
                               "-o", str(tmp_path / way / "out"), "--pdf", "--jobs", jobs], capture_output=True, text=True, cwd=ROOT, env=env)
        files = {p.name: p.read_bytes() for p in (tmp_path / way / "out").iterdir()}
        ended[way] = (done.returncode, done.stdout, done.stderr.splitlines()[-1:], files, list((tmp_path / way / "tmp").iterdir()))
    assert ended["process"][0] == 3 and ended["process"][2] == ["chartroom: internal error: RuntimeError: an aid failed (please report this)"]
    assert ended["process"] == ended["call"] and not ended["process"][4] and "index.html" in ended["process"][3]


@pytest.mark.parametrize("argv", [("check", "scenarios/fire-from-the-skies/midway.yaml"), ("rules",), ("calc", "pacific-fury", "zones")])
def test_a_process_started_without_standard_output_says_so_in_one_line(monkeypatch, argv):
    """Started with stdout closed (``>&-``), a command has nowhere to answer: one line saying so and the input status (2).
    Before, it was an internal error (exit 3, AttributeError, "please report this")."""
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    done = subprocess.run([sys.executable, "-c", WHOLE, *argv], stdin=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, cwd=ROOT, preexec_fn=lambda: os.close(1))
    assert done.returncode == EXIT_INPUT == entry.EXIT_INPUT and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == ["chartroom: standard output is closed: there is nowhere to write the answer "
                                        "(redirect it to a file, or to /dev/null to keep only the exit status)"]


@pytest.fixture
def fits(tmp_path, monkeypatch):
    """A copy of Fire in the Sky's folder, with the cache and the working folder as in ``game``."""
    folder = tmp_path / "fire-in-the-sky"
    shutil.copytree(ROOT / "scenarios" / "fire-in-the-sky", folder)
    (tmp_path / "cache").mkdir(mode=0o700)
    monkeypatch.setenv("CHARTROOM_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return folder


def test_a_games_question_and_a_distance_are_answered_again_until_the_map_changes(fits, full_checks, capsys):
    short = fits / "short-campaign.yaml"
    lines = [("supply", short, "--side", "allied", "--to", "Brisbane"), ("zoc", short, "--side", "japan"),
             ("map", "distance", "Truk", "Rabaul", "--game", fits)]
    first = [run(capsys, *line) for line in lines]
    assert [answer[0] for answer in first] == [0, 0, 0] and first[0][1].startswith("supplied: ")
    assert [run(capsys, *line) for line in lines] == first
    assert len(full_checks) == 3  # each asked in full once
    path = fits / "map.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    assert [run(capsys, *line) for line in lines] == first
    assert len(full_checks) == 6


def test_calc_and_odds_questions_are_answered_again_until_the_tables_change(fits, full_checks, capsys):
    """Issue 22: a ``calc`` or ``odds`` question keeps its answer as a game's own command does."""
    lines = [("odds", "air", "--attacker", "jp-air:4", "--defender", "us-air:4", "--game", fits),
             ("calc", "fire-in-the-sky", "air", "--attacker", "jp-air:4", "--defender", "us-air:4", "--game", fits)]
    first = [run(capsys, *line) for line in lines]
    assert [answer[0] for answer in first] == [0, 0] and "Air-to-air combat" in first[0][1]
    assert [run(capsys, *line) for line in lines] == first
    assert len(full_checks) == 2  # each asked in full once
    tables = sorted((fits / "charts").glob("*.yaml"))[0]
    tables.write_text(tables.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    assert [run(capsys, *line) for line in lines] == first
    assert len(full_checks) == 4


def test_a_line_that_writes_a_file_or_fails_is_never_kept(fits, full_checks, capsys, tmp_path):
    for line in [("map", "draw", "--game", fits, "-o", tmp_path / "map.svg"), ("supply", fits / "short-campaign.yaml", "--side", "allied",
                                                                             "--to", "Nowhere-at-all")]:
        run(capsys, *line)
        run(capsys, *line)
    assert len(full_checks) == 4
    assert answers(tmp_path / "cache") == []


def test_a_check_from_a_removed_working_folder_answers_as_without_the_cache(game, full_checks, capsys, monkeypatch, tmp_path):
    """No working folder (removed under the command): nothing is kept or read from the cache, the check runs as ever."""
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    with_cache = run(capsys, "check", game / "campaign.yaml")
    monkeypatch.setenv("CHARTROOM_CACHE", "off")
    assert run(capsys, "check", game / "campaign.yaml") == with_cache
