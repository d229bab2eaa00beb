"""``chartroom check``: every finding for a scenario, a game folder or a data file (see :class:`toolkit.session.Session`)."""

from __future__ import annotations

from pathlib import Path

from toolkit.findings import Finding
from toolkit.session import Session

__all__ = ["check_paths", "check_scenario"]


def check_scenario(path: Path, edition: str | None = None, session: Session | None = None) -> list[Finding]:
    """Every finding for one scenario: loading, schema, references, then the rules checks."""
    return (session or Session()).open_scenario(path, edition).findings


def check_paths(paths: list[Path], edition: str | None = None, session: Session | None = None,
                found: list[str] | None = None) -> tuple[list[Finding], int]:
    """Check every path: a game folder, a scenario, or any other data file (schema only).

    ``found`` (a list) receives one line per game folder naming the files it held.
    """
    return (session or Session()).check(paths, edition, found)
