"""``chartroom check``: load each path, validate it and run the rules checks over scenarios."""

from __future__ import annotations

from pathlib import Path

from toolkit.findings import ChartroomError, Finding, Location
from toolkit.load import display_path, load_file

__all__ = ["check_paths", "check_scenario"]


def check_scenario(path: Path, edition: str | None = None) -> list[Finding]:
    """Every finding for one scenario: loading, schema, references, then the rules checks."""
    from toolkit.model.build import load_scenario
    from toolkit.rules import run_checks

    loaded = load_scenario(path, edition)
    findings = list(loaded.findings)
    if loaded.ok and loaded.game is not None and loaded.scenario is not None:
        findings.extend(run_checks(loaded.game, loaded.scenario))
    return findings


def _check_game(folder: Path) -> tuple[list[Finding], int]:
    from toolkit.model.build import Loaded, _read, load_game

    probe = Loaded()
    manifest = _read(folder / "game.yaml", "game", probe, folder)
    if manifest is None:
        return probe.findings, 1
    findings: list[Finding] = []
    files: set[str] = set()
    for edition in [e["id"] for e in manifest.data.get("editions", [])]:
        loaded = load_game(folder, edition)
        findings.extend(loaded.findings)
        files.update(d.name for d in loaded.documents)
    for scenario in manifest.data.get("files", {}).get("scenarios", []):
        findings.extend(check_scenario(folder / scenario))
        files.add(display_path(folder / scenario))
    return findings, len(files)


def check_paths(paths: list[Path], edition: str | None = None) -> tuple[list[Finding], int]:
    """Check every path: a game folder, a scenario, or any other data file (schema only)."""
    from toolkit.model.build import Loaded, _read, document_game_root

    findings: list[Finding] = []
    files = 0
    for path in paths:
        if path.is_dir():
            if not (path / "game.yaml").is_file():
                findings.append(Finding("error", "LOAD-FILE", "folder has no game.yaml", Location(display_path(path))))
                continue
            more, count = _check_game(path)
            findings.extend(more)
            files += count
            continue
        files += 1
        try:
            document = load_file(path)
        except ChartroomError as error:
            findings.append(error.finding())
            continue
        kind = document.data.get("kind") if isinstance(document.data, dict) else None
        if kind == "scenario":
            findings.extend(check_scenario(path, edition))
        else:
            probe = Loaded()
            _read(path, None, probe, document_game_root)
            findings.extend(probe.findings)
    unique = {(f.location, f.code, f.message): f for f in findings}
    return sorted(unique.values(), key=Finding.sort_key), files
