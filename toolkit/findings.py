"""The plain result types every layer shares: a location in a file and a finding.

Reporters only read these; checks only create them.
"""

from __future__ import annotations

from toolkit.errors import ChartroomError, InputError
from toolkit.pathnames import shown
from toolkit.records import field, lazy_dataclass

__all__ = ["Location", "Finding", "LoadError", "ChartroomError", "SEVERITIES", "CoreCode", "CORE_CODES", "OPTIONAL_UNKNOWN", "EDITION_OTHER"]

SEVERITIES = ("error", "warning", "info")


@lazy_dataclass(frozen=True, order=True)
class Location:
    """A place in a user's file, 1-based line and column (0 when unknown)."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        file = self.file if self.file.isprintable() else shown(self.file)  # a line break in a name: one line all the same
        if self.line:
            return f"{file}:{self.line}:{self.column}"
        return file


@lazy_dataclass(frozen=True)  # a clean check makes none (toolkit.records)
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


@lazy_dataclass(frozen=True)
class CoreCode:
    """A finding the core reports (not a game's check) that cites a game's rule, declared for the citation table.

    ``rule`` is the key of the rule in each edition's rules table; ``module_rules`` instead names the game
    module's attribute whose values are the rule keys it may cite (the first is the row's own). It runs
    only in a game with at least ``editions`` editions.
    """

    code: str
    severity: str
    clause: str
    rule: str | None = None
    module_rules: str | None = None
    editions: int = 1


#: An optional rule a scenario names that its edition does not have: the edition's optional rules section.
OPTIONAL_UNKNOWN = CoreCode("OPTIONAL-UNKNOWN", "error", "A scenario names an optional rule its edition does not have.", rule="optional-rules")
#: A scenario checked in another edition than its own: the rule of the first edition parameter its numbers rest on.
EDITION_OTHER = CoreCode("EDITION-OTHER", "info", "A scenario checked in another edition than the one it was written for: "
                         "the rules its numbers rest on that differ.", module_rules="scenario_parameters", editions=2)
#: Every core finding that cites a rule: each has a row in every game's citation table (toolkit.render.citations).
CORE_CODES = (EDITION_OTHER, OPTIONAL_UNKNOWN)
