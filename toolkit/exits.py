"""Exit statuses of every ``chartroom`` command, in one place.

0 clean, 1 an error-severity finding (or ``fmt --check`` found a file to change),
2 input that cannot be read or parsed, or wrong arguments, 3 an internal error.
"""

from __future__ import annotations

from typing import Iterable

from toolkit.errors import ChartroomError, FindingsError, InternalError
from toolkit.findings import Finding

__all__ = ["EXIT_OK", "EXIT_FINDINGS", "EXIT_INPUT", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "UNREADABLE", "for_findings",
           "for_error"]

EXIT_OK, EXIT_FINDINGS, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED = 130
#: Finding codes that mean the input could not be read at all (exit 2, not 1).
UNREADABLE = ("YAML-", "LOAD-")


def for_findings(findings: Iterable[Finding]) -> int:
    """2 when an input could not be read, 1 for an error finding, else 0."""
    findings = list(findings)
    if any(f.code.startswith(UNREADABLE) for f in findings):
        return EXIT_INPUT
    return EXIT_FINDINGS if any(f.severity == "error" for f in findings) else EXIT_OK


def for_error(error: ChartroomError) -> int:
    """The exit status of an error (the one place that maps them): 1 for error findings, 3 for a bug, else 2."""
    if isinstance(error, FindingsError):
        return EXIT_FINDINGS
    if isinstance(error, InternalError):
        return EXIT_INTERNAL
    return EXIT_INPUT
