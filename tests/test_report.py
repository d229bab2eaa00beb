"""Exact output of each reporter."""

from __future__ import annotations

import json

from toolkit.findings import Finding, Location
from toolkit.report import render

FINDINGS = [
    Finding("warning", "MARKER-VP", "Victory Points are 4 but the bases captured give 5", Location("s.yaml", 30, 3), "FitS v1.1 16.0"),
    Finding("error", "STACK-LAND", "Wake is an atoll, 100% full, a:b,c", Location("s.yaml", 12, 9), "FitS v1.1 2.2.2.1"),
    Finding("error", "YAML-DUPLICATE", "duplicate key 'a'", Location("m.yaml", 3, 1)),
]


def test_text_reporter_exact():
    assert render(FINDINGS, "text", files=2) == (
        "m.yaml:3:1: error YAML-DUPLICATE duplicate key 'a'\n"
        "s.yaml:12:9: error STACK-LAND Wake is an atoll, 100% full, a:b,c [FitS v1.1 2.2.2.1]\n"
        "s.yaml:30:3: warning MARKER-VP Victory Points are 4 but the bases captured give 5 [FitS v1.1 16.0]\n"
        "2 error(s), 1 warning(s) in 2 files checked\n"
    )


def test_text_reporter_clean():
    assert render([], "text", files=1) == "ok: 1 file checked, no findings\n"


def test_json_reporter_exact_keys_and_order():
    out = json.loads(render(FINDINGS, "json"))
    assert [f["code"] for f in out] == ["YAML-DUPLICATE", "STACK-LAND", "MARKER-VP"]
    assert out[1] == {"severity": "error", "code": "STACK-LAND", "message": "Wake is an atoll, 100% full, a:b,c",
                      "file": "s.yaml", "line": 12, "column": 9, "rule": "FitS v1.1 2.2.2.1"}
    assert render([], "json") == "[]\n"


def test_github_reporter_escapes_properties_and_data():
    assert render(FINDINGS[1:2], "github") == (
        "::error file=s.yaml,line=12,col=9,title=STACK-LAND FitS v1.1 2.2.2.1::Wake is an atoll, 100%25 full, a:b,c\n"
    )
    odd = Finding("error", "X", "two\nlines", Location("a,b:c.yaml", 1, 1))
    assert render([odd], "github") == "::error file=a%2Cb%3Ac.yaml,line=1,col=1,title=X::two%0Alines\n"
