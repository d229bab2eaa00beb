"""The ``chartroom`` command's entry point (``[project.scripts]`` in pyproject.toml).

A check whose answer the cache holds, with nothing it depends on changed (:func:`toolkit.answers.recall`),
is answered here without importing the rest of Chartroom (and a check that runs once does without the cyclic
garbage collector); every other command line goes to
:func:`toolkit.cli.main`, loaded by name only then (as the other commands' modules are, see
:func:`toolkit.cli._command_module`).
"""

from __future__ import annotations

import gc
import importlib
import sys

from toolkit.answers import recall

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's own, as the installed ``chartroom`` does)."""
    whole_process = argv is None
    argv = sys.argv[1:] if argv is None else list(argv)
    known = recall(argv)
    if known is None:
        if whole_process and argv[:1] == ["check"] and "--watch" not in argv:
            # The process ends with the check: what it makes is freed by reference counting (200 variants leave about
            # 3,000 objects in cycles, freed at exit), so the cyclic collector's passes (6% of a check's CPU) are saved.
            gc.disable()
        return importlib.import_module("toolkit.cli").main(argv)
    output, status = known
    try:
        sys.stdout.write(output)
        sys.stdout.flush()
    except BrokenPipeError:  # as toolkit.cli.main: the reader left, nothing is wrong (toolkit.exits.EXIT_OK)
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
