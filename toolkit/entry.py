"""The ``chartroom`` command's entry point (``[project.scripts]`` in pyproject.toml).

A check whose answer the cache holds, with nothing it depends on changed (:func:`toolkit.answers.recall`),
is answered here without importing the rest of Chartroom (and a check that runs once does without the cyclic
garbage collector); every other command line goes to
:func:`toolkit.cli.main`, loaded by name only then (as the other commands' modules are, see
:func:`toolkit.cli._command_module`).

A check or ``aids`` that runs once, as the whole process, ends the process itself once its report is written and
flushed (:func:`_end`): the interpreter's shutdown would tear down every module and free, one by one, every
document, model and schema the check read, about 6% of a cold check's instructions, and every laid-out page,
font and stylesheet of the aids, 0.27-0.37 s of the Short Campaign's ``aids --pdf --jobs 1`` (issue 22), for a
process that has nothing left to clean up (its files are written and closed, its worker processes ended and
WeasyPrint's font folder removed, :func:`toolkit.render.pdf.write_pdfs`; it registers nothing to run at exit).
mypy ends its process the same way.
"""

from __future__ import annotations

import errno
import gc
import importlib
import os
import sys

from toolkit.answers import recall

__all__ = ["main"]

#: toolkit.exits.EXIT_INPUT (tests/test_answers.py holds them equal), written here so that a question answered from the cache
#: imports nothing more (toolkit.exits brings the findings).
EXIT_INPUT = 2

#: toolkit.cli.OUTPUT_REFUSED (tests/test_answers.py holds them equal): what the system says when output cannot be kept.
OUTPUT_REFUSED = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})

#: The commands that, run as the whole process (and without ``--watch``), end it once their output is flushed (:func:`_end`).
ENDS_WITH_THE_PROCESS = (["check"], ["aids"])


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's own, as the installed ``chartroom`` does)."""
    whole_process = argv is None
    argv = sys.argv[1:] if argv is None else list(argv)
    if sys.stdout is None:  # started with standard output closed (``chartroom check x >&-``): nowhere to answer
        if sys.stderr is not None:
            print("chartroom: standard output is closed: there is nowhere to write the answer "
                  "(redirect it to a file, or to /dev/null to keep only the exit status)", file=sys.stderr)
        return EXIT_INPUT
    if whole_process:
        _escape_what_cannot_be_shown()
    once = whole_process and argv[:1] in ENDS_WITH_THE_PROCESS and "--watch" not in argv  # the process ends with this command
    known = recall(argv)
    if known is None:
        if once and argv[:1] == ["check"]:
            # The process ends with the check: what it makes is freed by reference counting (200 variants leave about
            # 3,000 objects in cycles, freed at exit), so the cyclic collector's passes (6% of a check's CPU) are saved.
            gc.disable()
        status = importlib.import_module("toolkit.cli").main(argv)
        return _end(status) if once else status
    output, status = known
    try:
        sys.stdout.write(output)
        sys.stdout.flush()
    except BrokenPipeError:  # as toolkit.cli.main: the reader left, nothing is wrong (toolkit.exits.EXIT_OK)
        return 0
    except OSError as error:  # as toolkit.cli.main: a full disk (> /dev/full), a failing device: one line
        if error.errno not in OUTPUT_REFUSED:
            raise
        print(f"chartroom: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return EXIT_INPUT
    return _end(status) if once else status


def _escape_what_cannot_be_shown() -> None:
    """Standard output and error in an encoding without some character of the answer (a Windows code page when output is
    redirected, ``PYTHONIOENCODING=ascii``) write it as an escape (``\\u014d``), not fail with UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (getattr(stream, "encoding", "") or "").lower().replace("-", "") != "utf8":
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # a stream that cannot change: left as it is
                pass


def _end(status: int) -> int:
    """End the process with ``status`` once standard output and error are flushed, without the interpreter's shutdown
    (the module docstring says why); if flushing fails, return ``status`` and let the interpreter end as it always did."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:  # None when the process was started with the stream closed
                stream.flush()
    except (OSError, ValueError):
        return status
    os._exit(status)


if __name__ == "__main__":
    sys.exit(main())
