"""The errors Chartroom reports: one root, :class:`ChartroomError`, and a subclass per exit status.

Every error a command may meet is a subclass, so ``chartroom`` maps them to exit statuses in
one place (:func:`toolkit.exits.for_error`): input that cannot be used is 2, data with error
findings 1, a bug 3. The message is one line for the user (a location first, when known).
"""

from __future__ import annotations

__all__ = ["ChartroomError", "InputError", "FindingsError", "InternalError"]


class ChartroomError(Exception):
    """The root of every error Chartroom reports as one line on stderr (exit status 2 unless a subclass says otherwise)."""


class InputError(ChartroomError):
    """Input that cannot be read or used: a file, an argument, game data a question needs (exit status 2)."""


class FindingsError(ChartroomError):
    """The input has error findings, so the command cannot answer (exit status 1)."""


class InternalError(ChartroomError):
    """A state no input should reach (a bug): exit status 3, "please report this"."""
