"""Issue 21 item 4: every number read is finite: NaN and infinity in a game's data, a plan or a scenario are findings, never exit 3."""

from __future__ import annotations

import shutil

import pytest

from conftest import GAME, ROOT, run_cli

PF = ROOT / "scenarios" / "pacific-fury"
PLAN = GAME / "plans" / "example-of-play-2nd.yaml"


def _copy(tmp_path, source):
    folder = tmp_path / source.name
    shutil.copytree(source, folder)
    return folder


def _replace(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("spelling", [".nan", ".inf", "-.Inf", "1e999"])
def test_a_non_finite_edition_parameter_is_located(tmp_path, capsys, spelling):
    game = _copy(tmp_path, PF)
    path = game / "editions" / "english.yaml"
    _replace(path, "last_turn: {value: 4,", f"last_turn: {{value: {spelling},")
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "last_turn: {value:" in text)
    status, out, err = run_cli(capsys, "check", game / "campaign.yaml")
    assert status == 1 and "internal error" not in err
    assert f"english.yaml:{line}:" in out and "SCHEMA-NUMBER parameters.last_turn.value" in out and "finite" in out
    status, _, err = run_cli(capsys, "calc", "pacific-fury", "sink", "--hits", "1", "--df", "3", "--data", game)
    assert status == 2 and f"english.yaml:{line}:" in err and len(err.splitlines()) == 1


def test_a_counters_infinite_transport_is_located(tmp_path, capsys):
    game = _copy(tmp_path, GAME)
    _replace(game / "counters.yaml", "movement: 8, transport: 2,", "movement: 8, transport: .inf,")
    status, out, err = run_cli(capsys, "check", game / "short-campaign.yaml")
    assert status == 1 and "internal error" not in err
    assert "counters.yaml:13:" in out and "transport: infinite" in out


@pytest.mark.parametrize("old, new, where", [
    ("  oil: 24\n", "  oil: .nan\n", "start.oil"),
    ("  tp: 8\n", "  tp: .nan\n", "start.tp"),
    ("{op: oil-transport, oil: 4}", "{op: oil-transport, oil: .inf}", "steps[0].oil"),
])
def test_a_plans_non_finite_value_is_located(tmp_path, capsys, old, new, where):
    plans = tmp_path / "game" / "plans"
    shutil.copytree(GAME, tmp_path / "game")
    path = plans / PLAN.name
    _replace(path, old, new)
    status, out, err = run_cli(capsys, "plan", path)
    assert status == 2 and not out and len(err.splitlines()) == 1 and "internal error" not in err
    assert f"{PLAN.name}:" in err and f"{where}: " in err and "finite number" in err


def test_finite_numbers_still_pass(capsys):
    assert run_cli(capsys, "plan", PLAN)[0] == 0
    assert run_cli(capsys, "check", PF / "campaign.yaml")[0] == 0


# --- exact answers have a work budget ---------------------------------------------------------------

def test_exact_answers_refuse_questions_beyond_the_work_budget():
    from fractions import Fraction

    from toolkit.exact import MAX_EXACT_DICE, TooBig, total
    from toolkit.games.fire_in_the_sky.dice import dice

    assert sum(dice(MAX_EXACT_DICE, Fraction(1, 3)).values()) == 1
    with pytest.raises(TooBig, match="9999 dice: too many to answer exactly"):
        dice(9999, Fraction(1, 3))
    with pytest.raises(TooBig, match="too big to answer exactly"):
        total([{0: Fraction(1, 6), 1: Fraction(1, 3), 2: Fraction(1, 2)}] * 400)


# --- the reproducers on the command line: one line, exit 2, in bounded time -----------------------------

@pytest.mark.parametrize("argv, said", [
    (["odds", "convoy", "--asw-dice", "9999", "--sub-points", "1"], "--asw-dice: '9999': ASW dice must be from 0 to 33 (FitS v1.1 6.1, 2nd 5.3"),
    (["odds", "land", "--attacker", "jp-land-4", "--defender", "us-land-2", "--attacker-air-points", "9999"],
     "'9999': Air Points must be from 0 to 2000 (no rule bounds it: exact up to 300, simulated beyond"),
    # 600 dice are simulated now (tests/test_fits_odds_simulated.py); 4 + 2,000 + 2,000 + 2 are too many even for that
    (["odds", "land", "--attacker", "jp-land-4", "--defender", "us-land-2", "--attacker-air-points", "2000", "--attacker-firepower", "2000"],
     "4006 dice a trial: too many even to simulate (at most 2000); lower the number of dice"),
    (["odds", "air", "--attacker", "jp-air:5", "--defender", "us-air:1000000"], "us-air:1000000: a side's air steps must be from 1 to 30 (FitS 2nd 2.0"),
    (["calc", "pacific-fury", "fire", "--cf", *["5"] * 3000], "3000 counts to add: too many even to simulate (at most 2000)"),
    (["calc", "fire-from-the-skies", "search", "--from", "0505", "--arc", "nan", "720", "--range", "3", "--launch", "1"],
     "--arc: 'nan' is not a finite number"),
    (["calc", "fire-from-the-skies", "search", "--from", "0505", "--arc", "0", "inf", "--range", "3", "--launch", "1"],
     "--arc: 'inf' is not a finite number"),
])
def test_huge_and_non_finite_arguments_are_one_line_exit_2(capsys, argv, said):
    import time

    started = time.process_time()
    status, out, err = run_cli(capsys, *argv)
    assert time.process_time() - started < 5
    assert status == 2 and said in err and len(err.strip().splitlines()) == 1 and "internal error" not in err


def test_questions_within_the_budget_are_still_answered(capsys):
    status, out, _ = run_cli(capsys, "odds", "convoy", "--asw-dice", "12", "--sub-points", "3")
    assert status == 0 and "/" in out
    status, out, _ = run_cli(capsys, "calc", "pacific-fury", "fire", "--cf", *["5"] * 20)
    assert status == 0


def test_a_sum_beyond_the_work_budget_is_simulated_with_its_error_and_seed(capsys):
    """Issue 21 item 4: 400 firing units are too many to add exactly; the answer is simulated, seeded, and the same every run."""
    argv = ("calc", "pacific-fury", "fire", "--cf", *["5"] * 400)
    status, out, err = run_cli(capsys, *argv)
    assert status == 0 and not err
    assert "total of 400 units: the sum is too big to answer exactly (more than 100,000 products of chances, the work budget); " \
           "simulated over 10,000 trials (seed 20261126)" in out
    assert "mean 999.97 ± 0.68 hits" in out and "at least 1000 hits: 0.502 ± 0.010" in out  # 400 x 2.5 = 1000 within the error
    assert run_cli(capsys, *argv)[1] == out
    status, out, _ = run_cli(capsys, *argv, "--format", "json")
    assert status == 0 and '"seed": 20261126' in out and '"trials": 10000' in out


def test_a_calculation_called_from_python_refuses_non_finite_numbers():
    from toolkit.games import CalcInputError
    from toolkit.session import Session

    session = Session()
    opened = session.open_game(session.game_root("fire-from-the-skies"))
    search = opened.module.calculations()["search"]
    with pytest.raises(CalcInputError, match="arc: nan is not a finite number"):
        search(opened.game, origin="0505", arc=(float("nan"), 720.0), range=3, launch=1)
