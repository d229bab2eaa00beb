"""The plain result types every layer shares: a location in a file and a finding.

Reporters only read these; checks only create them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.errors import ChartroomError, InputError

__all__ = ["Location", "Finding", "LoadError", "ChartroomError", "SEVERITIES"]

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True, order=True)
class Location:
    """A place in a user's file, 1-based line and column (0 when unknown)."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return self.file


@dataclass(frozen=True)
class Finding:
    """One problem found in the data or in a set-up.

    ``rule`` is the citation (``"FitS v1.1 2.2.2.1"``) or ``""`` for problems of
    form (YAML syntax, schema) that no game rule governs.
    """

    severity: str
    code: str
    message: str
    location: Location
    rule: str = ""
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    def sort_key(self):
        loc = self.location
        return (loc.file, loc.line, loc.column, self.code, self.message)

    def as_json(self) -> dict:
        record = {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "file": self.location.file,
            "line": self.location.line,
            "column": self.location.column,
            "rule": self.rule,
        }
        # A variant's finding moved out of its base (toolkit.inherited): where it was, and what to write.
        record.update({key: self.extra[key] for key in ("inherited_from", "fix", "base_own") if key in self.extra})
        return record


class LoadError(InputError):
    """An input that cannot be read at all: reported as one located line, exit status 2."""

    def __init__(self, location: Location, message: str, code: str = "LOAD"):
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message
        self.code = code

    def finding(self) -> Finding:
        return Finding("error", self.code, self.message, self.location)
