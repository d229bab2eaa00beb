"""Reporters: findings to text, JSON or GitHub workflow annotations. The only place findings are written."""

from __future__ import annotations

import json

from toolkit.findings import Finding

__all__ = ["REPORTERS", "render"]


def _text(findings: list[Finding], files: int, notes=()) -> str:
    lines = []
    for f in findings:
        rule = f" [{f.rule}]" if f.rule else ""
        lines.append(f"{f.location}: {f.severity} {f.code} {f.message}{rule}")
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = sum(1 for f in findings if f.severity == "warning")
    infos = sum(1 for f in findings if f.severity == "info")
    noun = "file" if files == 1 else "files"
    lines.extend(f"checked {note}" for note in notes)
    if not findings:
        lines.append(f"ok: {files} {noun} checked, no findings")
    else:
        told = f", {infos} info" if infos else ""  # what did not run, or in which edition: counted, so it never reads "ok"
        lines.append(f"{errors} error(s), {warnings} warning(s){told} in {files} {noun} checked")
    return "\n".join(lines) + "\n"


def _json(findings: list[Finding], files: int, notes=()) -> str:
    return json.dumps([f.as_json() for f in findings], indent=2, ensure_ascii=False) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(findings: list[Finding], files: int, notes=()) -> str:
    levels = {"error": "error", "warning": "warning", "info": "notice"}
    lines = []
    for f in findings:
        loc = f.location
        props = [f"file={_escape_property(loc.file)}"]
        if loc.line:
            props += [f"line={loc.line}", f"col={loc.column}"]
        props.append(f"title={_escape_property(f.code + (' ' + f.rule if f.rule else ''))}")
        lines.append(f"::{levels.get(f.severity, 'error')} {','.join(props)}::{_escape_data(f.message)}")
    return "\n".join(lines) + ("\n" if lines else "")


REPORTERS = {"text": _text, "json": _json, "github": _github}


def render(findings: list[Finding], fmt: str = "text", files: int = 1, notes=()) -> str:
    """Findings in format ``fmt``; ``notes`` (lines saying what was checked) are shown by the text reporter only."""
    ordered = sorted(findings, key=Finding.sort_key)
    return REPORTERS[fmt](ordered, files, notes)
