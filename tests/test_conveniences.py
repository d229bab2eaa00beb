"""A newcomer's conveniences (issue 19 items 3, 4 and 9): bundled scenarios by name from any folder, ``chartroom list``,
a blank scenario per game (``new --game``), ``check --watch`` and shell completion for bash, zsh and fish."""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from conftest import ROOT, missing_tool, run_cli
from toolkit.schema.reference import reference

GAMES = ("fire-in-the-sky", "pacific-fury", "fire-from-the-skies")
RIDGELINE = ROOT / "tests" / "games" / "ridgeline"
CHARTROOM = Path(sys.executable).parent / "chartroom"

run = run_cli


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A working folder outside the repository, as after ``pip install``."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- item 3: bundled scenarios by name ------------------------------------------------------------

def test_new_from_a_bundled_name_works_outside_the_repository(capsys, elsewhere):
    status, out, err = run(capsys, "new", "mine.yaml", "--from", "fire-in-the-sky/short-campaign")
    assert (status, err) == (0, ""), err
    text = (elsewhere / "mine.yaml").read_text(encoding="utf-8")
    assert 'extends: "fire-in-the-sky/short-campaign"' in text  # the name, not a path into the install
    assert run(capsys, "check", "mine.yaml")[:2] == (0, "ok: 1 file checked, no findings\n")
    status, out, _ = run(capsys, "diff", "fire-in-the-sky/short-campaign", "mine.yaml")
    assert status == 0 and out.endswith("no differences\n")


def test_a_path_still_works_and_a_misspelt_name_is_one_line_with_the_names(capsys, elsewhere):
    status, _, err = run(capsys, "new", "mine.yaml", "--from", "fire-in-the-sky/short-campain")
    assert status == 2 and err.count("\n") == 1 and "did you mean 'fire-in-the-sky/short-campaign'?" in err and "pacific-fury/campaign" in err
    assert not (elsewhere / "mine.yaml").exists()
    status, _, err = run(capsys, "new", "mine.yaml", "--from", "scenarios/fire-in-the-sky/short-campaign.yaml")
    assert status == 2 and "LOAD-FILE" in err  # a path is a path: relative to the working folder


@pytest.mark.parametrize("name", ["pacific-fury/campaign", "fire-from-the-skies/midway", "fire-in-the-sky/variants/ranger-early"])
def test_extends_by_name_in_a_variant_of_each_game(capsys, elsewhere, name):
    game = name.split("/")[0]
    (elsewhere / "v.yaml").write_text(f"kind: scenario\ngame: {game}\nid: v\ntitle: V\nvariant: true\nextends: {name}\n", encoding="utf-8")
    status, out, err = run(capsys, "check", "v.yaml", "--format", "json")
    assert "EXTENDS-PATH" not in out and "REF-GAME" not in out and status in (0, 1), out + err


def test_extends_an_unknown_name_is_located_with_the_names_and_the_rule(capsys, elsewhere):
    (elsewhere / "v.yaml").write_text("kind: scenario\ngame: pacific-fury\nid: v\ntitle: V\nvariant: true\nextends: pacific-fury/campain\n",
                                      encoding="utf-8")
    status, out, _ = run(capsys, "check", "v.yaml")
    assert status == 1
    assert out.startswith("v.yaml:6:10: error EXTENDS-PATH extends: no bundled scenario named 'pacific-fury/campain'; "
                          "did you mean 'pacific-fury/campaign'?")
    assert "(a path to a file ends in .yaml)" in out


def test_list_shows_games_editions_and_scenarios_by_name(capsys, elsewhere):
    status, out, err = run(capsys, "list")
    assert (status, err) == (0, "")
    for game in GAMES:
        assert f"\n{game}  " in "\n" + out
    assert "    fire-in-the-sky/short-campaign  " in out and "v1.1 (Rules v1.1" in out and "pacific-fury/variants/hornet-early" in out
    data = json.loads(run(capsys, "list", "--format", "json")[1])
    names = {s["name"] for g in data["games"] for s in g["scenarios"]}
    assert {"fire-from-the-skies/coral-sea", "pacific-fury/campaign", "fire-in-the-sky/campaign"} <= names
    assert "counters" not in data["games"][0]


@pytest.mark.parametrize("game, counter, place, question", [
    ("fire-in-the-sky", "jp-cv-akagi-kaga", "Midway", "strike"),
    ("pacific-fury", "jp-cv-zuikaku", "The Slot", "air-strike"),
    ("fire-from-the-skies", "us-aircraft", "Tulagi", "search"),
])
def test_list_game_shows_counters_places_and_questions(capsys, elsewhere, game, counter, place, question):
    data = json.loads(run(capsys, "list", game, "--format", "json")[1])["games"][0]
    counters = {c["id"]: c for c in data["counters"]}
    assert counter in counters and "ratings" in counters[counter] and "count" in counters[counter]
    assert place in {p["name"] for p in data["places"]} | set(data["boxes"]) | {a["name"] for a in data["areas"]}
    assert question in {q["name"] for q in data["questions"]}
    status, out, _ = run(capsys, "list", "--game", game)
    assert status == 0 and f"    {counter} " in out and place in out and f"    {question} " in out


def test_list_a_game_folder_from_outside(capsys, elsewhere, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tests"))
    status, out, err = run(capsys, "list", str(RIDGELINE))
    assert (status, err) == (0, "")
    assert "dawn-attack.yaml  Dawn Attack on the Ridge" in out and "north-rifles    3" in out and "movement-cost" in out
    assert run(capsys, "list", "nosuchgame")[0] == 2


# --- item 4: a blank start for every game ---------------------------------------------------------

def _uncommented(text: str) -> str:
    """The skeleton with every key uncommented (the header's prose dropped)."""
    lines = [line[2:] if line.startswith("# ") else line for line in text.splitlines() if not line.startswith("# ") or line[2:3] in (" ", "-")
             or ":" in line.split("#")[1][:40]]
    return "\n".join(line for line in lines if not line.startswith(("yaml-language-server", "A blank", "each with", "  chartroom", "Editions")))


@pytest.mark.parametrize("game", GAMES)
def test_new_game_writes_a_skeleton_with_every_key_that_checks_without_errors(capsys, elsewhere, game):
    status, out, err = run(capsys, "new", "blank.yaml", "--game", game)
    assert (status, err) == (0, ""), err
    text = (elsewhere / "blank.yaml").read_text(encoding="utf-8")
    status, out, _ = run(capsys, "check", "blank.yaml", "--format", "json")
    findings = json.loads(out)
    assert status == 0 and all(f["severity"] == "info" for f in findings), out  # DATA-MISSING at most: no schema error
    for section in reference("scenario", ROOT / "scenarios" / game):
        for row in section.rows:  # every section and key, with its meaning
            assert re.search(rf"^[#\s-]*{re.escape(row.key)}:", text, re.M), (section.path, row.key)
            assert row.meaning.split(".")[0][:30] in text
    whole = YAML(typ="safe").load(_uncommented(text))  # uncommented, it is still YAML
    assert whole["kind"] == "scenario" and "setup" in whole
    assert run(capsys, "new", "blank.yaml", "--game", game)[2] == "chartroom: blank.yaml already exists; not overwritten\n"


def test_new_game_shows_units_and_examples(capsys, elsewhere):
    run(capsys, "new", "blank.yaml", "--game", "fire-from-the-skies")
    text = (elsewhere / "blank.yaml").read_text(encoding="utf-8")
    assert "# start_turn: 1" in text and "[game-turn (20 minutes)]" in text and "rule: FFTS 3.3" in text
    assert "#   - id: " in text  # a list section's entries, each key under it


def test_new_game_for_a_folder_from_outside_is_written_in_its_folder(capsys, elsewhere, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tests"))
    folder = elsewhere / "ridgeline"
    shutil.copytree(RIDGELINE, folder)
    status, _, err = run(capsys, "new", "blank.yaml", "--game", str(folder))
    assert status == 2 and "write it in" in err and not (elsewhere / "blank.yaml").exists()
    assert run(capsys, "new", "ridgeline/blank.yaml", "--game", "ridgeline/")[0] == 0
    assert run(capsys, "check", "ridgeline/blank.yaml")[:2] == (0, "ok: 1 file checked, no findings\n")


def test_new_needs_a_base_or_a_game(capsys, elsewhere):
    status, _, err = run(capsys, "new", "x.yaml")
    assert status == 2 and "one of the arguments --from --game is required" in err


# --- item 9: check --watch ------------------------------------------------------------------------

def _lines(stream) -> queue.Queue:
    """The lines of ``stream``, read by a thread: a test waits for each with a timeout, never for ever."""
    found: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [found.put(line) for line in iter(stream.readline, "")], daemon=True).start()
    return found


def _read_until(lines_of: queue.Queue, count: int, marker: str, deadline: float) -> list[str]:
    lines: list[str] = []
    while sum(marker in line for line in lines) < count:
        try:
            lines.append(lines_of.get(timeout=max(0.1, deadline - time.monotonic())))
        except queue.Empty:
            pytest.fail(f"no {marker!r} line before the deadline; read: {lines}")
    return lines


def test_check_watch_checks_again_on_every_save_and_ctrl_c_ends_it_with_130(tmp_path):
    variant = tmp_path / "v.yaml"
    assert subprocess.run([CHARTROOM, "new", "v.yaml", "--from", "fire-in-the-sky/short-campaign"], cwd=tmp_path).returncode == 0
    with subprocess.Popen([CHARTROOM, "check", "--watch", "v.yaml"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, env=dict(os.environ, CHARTROOM_CACHE="off")) as process:
        deadline = time.monotonic() + 60
        output = _lines(process.stdout)
        try:
            first = _read_until(output, 1, "watching", deadline)
            assert first[0] == "ok: 1 file checked, no findings\n"
            original = variant.read_text(encoding="utf-8")
            threading.Timer(0.5, lambda: variant.write_text(original + "bogus: 1\n", encoding="utf-8")).start()  # a save, as an editor makes it
            broken = _read_until(output, 1, "file checked", deadline)
            assert broken[0] == "--- changed: v.yaml; checking again\n" and "error SCHEMA-KEY unknown key 'bogus'" in broken[1]
            threading.Timer(0.5, lambda: variant.write_text(original, encoding="utf-8")).start()
            # A save may reach the watcher as two changes (the file emptied, then written): a check of the broken text
            # may still be queued; the restored text's check comes after it and is clean.
            fixed = _read_until(output, 1, "ok: 1 file checked", deadline)
            assert fixed[-1] == "ok: 1 file checked, no findings\n"
            assert all(" error(s), " in line for line in fixed[:-1] if "file checked" in line), fixed  # those of the broken text
            process.send_signal(signal.SIGINT)  # Ctrl-C
            assert process.wait(timeout=30) == 130
            assert process.stderr.read() == "chartroom: interrupted\n"
        finally:
            if process.poll() is None:
                process.kill()


def test_a_plain_check_never_imports_the_watching_library():
    code = "import sys; from toolkit.cli import main; main(['check', 'scenarios/fire-in-the-sky/short-campaign.yaml']); print('watchfiles' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.endswith("False\n")


# --- item 9: shell completion ---------------------------------------------------------------------

def test_the_helper_offers_commands_options_games_scenarios_counters_and_places(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)

    def complete(*words: str) -> list[str]:
        """``chartroom __complete WORDS`` run in process (the shell tests below run the program itself)."""
        status, out, err = run_cli(capsys, "__complete", *words)
        assert status == 0 and err == ""
        return out.splitlines()

    assert "list" in complete("li") and "completion" in complete("co") and not any(c.startswith("_") for c in complete(""))
    assert complete("check", "--w") == ["--watch"]
    assert complete("check", "--format", "") == ["github", "json", "text"]
    assert complete("list", "pa") == ["pacific-fury"]
    assert complete("new", "x.yaml", "--from", "fire-in-the-sky/sh") == ["fire-in-the-sky/short-campaign"]
    assert "jp-cv-zuikaku" in complete("calc", "pacific-fury", "air-strike", "--ship", "jp-cv")
    assert complete("calc", "fire-in-the-sky", "strike", "--at", "Pea") == ["Pearl Harbor"]
    assert "The Slot" in complete("map", "distance", "--game", "pacific-fury", "The")
    assert complete("check", "sc") == []  # a path: the shell completes file names


def _shell(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        missing_tool(f"{name} is not installed (apt-get install {name})")
    return found


def _path_env() -> dict:
    return dict(os.environ, PATH=f"{CHARTROOM.parent}{os.pathsep}{os.environ['PATH']}")


def test_the_bash_script_completes_in_bash(tmp_path):
    bash = _shell("bash")
    script = 'source <(chartroom completion bash); COMP_WORDS=(chartroom new x.yaml --from pacific-fury/ca); COMP_CWORD=4; ' \
             '_chartroom_complete; printf "%s\\n" "${COMPREPLY[@]}"; complete -p chartroom'
    done = subprocess.run([bash, "-c", script], capture_output=True, text=True, env=_path_env(), cwd=tmp_path)
    assert done.stdout == "pacific-fury/campaign\ncomplete -o default -F _chartroom_complete chartroom\n", done.stderr
    script = 'source <(chartroom completion bash); COMP_WORDS=(chartroom calc fire-in-the-sky strike --at Pearl); COMP_CWORD=5; ' \
             '_chartroom_complete; printf "%s\\n" "${COMPREPLY[@]}"'
    assert subprocess.run([bash, "-c", script], capture_output=True, text=True, env=_path_env()).stdout == "Pearl\\ Harbor\n"


def test_the_zsh_script_loads_and_completes_in_zsh(tmp_path):
    zsh = _shell("zsh")
    script = 'eval "$(chartroom completion zsh)"; print -r -- ${_comps[chartroom]}; ' \
             'compadd() { shift; print -rl -- "${(@P)1}" }; words=(chartroom list pa); CURRENT=3; _chartroom'
    done = subprocess.run([zsh, "-f", "-c", script], capture_output=True, text=True, env=dict(_path_env(), HOME=str(tmp_path)))
    assert done.stdout == "_chartroom\npacific-fury\n", done.stderr


def test_the_fish_script_completes_in_fish(tmp_path):
    fish = _shell("fish")
    done = subprocess.run([fish, "--no-config", "-c", "chartroom completion fish | source; complete -C 'chartroom list pa'"],
                          capture_output=True, text=True, env=dict(_path_env(), HOME=str(tmp_path)))
    assert done.stdout == "pacific-fury\n", done.stderr


def test_completion_refuses_another_shell(capsys):
    status, _, err = run(capsys, "completion", "powershell")
    assert status == 2 and "invalid choice: 'powershell'" in err
