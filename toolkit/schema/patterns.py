"""Regular expressions of schemas, matched in linear time (issue 21 item 3).

A game folder's overlay schemas are user data: a ``pattern`` such as ``^(a|aa)+$`` makes a
backtracking engine (Python's ``re``) take seconds to minutes on a short title. Every pattern a
schema holds is therefore matched by the Rust ``regex`` engine that comes with jsonschema-rs
(:class:`jsonschema_rs.RegexOptions`: no look-around, no back-references, linear time), in the
compiled validator and in jsonschema's messages alike, so both read a pattern the same way.

:func:`problem` says why a pattern cannot be used (it is then refused where the overlay names it);
:func:`install` makes jsonschema's keywords (``pattern``, ``patternProperties`` and the property
lookups of ``additionalProperties`` / ``unevaluatedProperties``) search with :func:`search`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from toolkit import lazy

__all__ = ["search", "problem", "install", "OPTIONS"]


def OPTIONS():
    """The regex options every Chartroom validator is built with: the linear-time engine."""
    return lazy.jsonschema_rs().RegexOptions()


@lru_cache(maxsize=1024)
def _matcher(pattern: str):
    """Kept once a process: a pure function of the pattern text."""
    return lazy.jsonschema_rs().validator_for({"type": "string", "pattern": pattern}, pattern_options=OPTIONS())


def problem(pattern) -> str:
    """Why ``pattern`` cannot be used ("" when it can): not text, or not a regular expression the engine runs."""
    if not isinstance(pattern, str):
        return "a pattern must be text"
    try:
        _matcher(pattern)
    except ValueError:  # jsonschema_rs.ValidationError is a ValueError
        return ("not a regular expression Chartroom can run (ECMA 262 syntax, without look-around or "
                "back-references, matched in linear time)")
    return ""


def search(pattern: str, text: str) -> bool:
    """Whether ``pattern`` matches somewhere in ``text``, in time linear in the text.

    >>> search("^(a|aa)+$", "a" * 39 + "b"), search("^[a-z]+$", "abc")
    (False, True)
    """
    return _matcher(pattern).is_valid(text)


class _LinearRe:
    """Stands for the ``re`` module inside jsonschema: ``search`` goes to :func:`search`, the rest to ``re``."""

    def search(self, pattern, string, flags=0):
        if flags or not isinstance(pattern, str) or not isinstance(string, str):
            return re.search(pattern, string, flags)
        return True if search(pattern, string) else None

    def __getattr__(self, name):
        return getattr(re, name)


_LINEAR = _LinearRe()


def install() -> None:
    """Make jsonschema's keywords search with :func:`search` (every use there is ``re.search(pattern, text)``).

    Idempotent; done before a validator is built. jsonschema imports ``re`` as a module global in
    ``_keywords`` (``pattern``, ``patternProperties``) and ``_utils`` (the property lookups).
    """
    jsonschema = lazy.jsonschema()
    for module in (jsonschema._keywords, jsonschema._utils):
        if getattr(module, "re", None) is not _LINEAR:
            module.re = _LINEAR
