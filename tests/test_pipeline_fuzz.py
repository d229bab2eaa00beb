"""Property: random and mutated documents through the whole pipeline (load, schema, model,
checks) give only Chartroom's own one-line located findings: never a traceback, never a hang."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import GAME, SHORT, examples
from toolkit.check import check_paths
from toolkit.cli import main
from toolkit.session import Session

SESSION = Session()  # one session for the whole run, as one long-lived process would keep (games rebuilt when a file changes)
pytestmark = pytest.mark.skipif(not SHORT.exists(), reason="bundled scenario not written yet")

SETTINGS = settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

YAML_BITS = st.sampled_from([
    "\t", ":", "- ", "&a ", "*a", "!!bool x", "!Tag ", "{", "}", "[", "]", "'", '"', "\n", "  ", "<<: *a\n",
    "0712", "2001-13-45", "~", "null", "9" * 60, "\x07", "é", "\u0085", "---\n", "? ", "#", "%YAML 1.1\n",
])


def _assert_clean(findings):
    for finding in findings:
        assert finding.location.file
        assert "\n" not in finding.message and finding.message
        assert finding.severity in ("error", "warning", "info")


@st.composite
def mutated(draw, text: str):
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "duplicate", "swap", "replace-char"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if op == "insert":
            col = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:col] + draw(YAML_BITS) + lines[i][col:]
        elif op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "replace-char" and lines[i]:
            col = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:col] + draw(st.characters(codec="utf-8")) + lines[i][col + 1:]
    return "\n".join(lines)


@SETTINGS
@given(data=st.data())
def test_mutated_scenario_gives_located_findings(tmp_path_factory, data):
    text = data.draw(mutated(SHORT.read_text(encoding="utf-8")))
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "short.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    findings, _ = check_paths([path], session=SESSION)
    _assert_clean(findings)


@SETTINGS
@given(data=st.data(), name=st.sampled_from(["map.yaml", "counters.yaml", "editions/v1.1.yaml", "game.yaml"]))
def test_mutated_game_data_gives_located_findings(tmp_path_factory, data, name):
    folder = tmp_path_factory.mktemp("game") / "fire-in-the-sky"
    shutil.copytree(GAME, folder)
    target = folder / name
    target.write_text(data.draw(mutated(target.read_text(encoding="utf-8"))), encoding="utf-8", errors="surrogatepass")
    findings, _ = check_paths([folder / "short-campaign.yaml"], session=SESSION)
    _assert_clean(findings)


@SETTINGS
@given(text=st.text(max_size=300))
def test_random_text_through_the_cli(tmp_path_factory, text, capsys):
    path = tmp_path_factory.mktemp("rand") / "x.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    status = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert status in (0, 1, 2), err
    assert "Traceback" not in out + err
