"""Types the loader shares with its cache, free of any YAML import."""

from __future__ import annotations

from toolkit.errors import InputError
from toolkit.records import lazy_dataclass


class YamlProblem(InputError):
    """A problem at a 0-based (line, column) of the text."""

    def __init__(self, line: int, column: int, message: str, code: str = "YAML-SYNTAX"):
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message
        self.code = code


@lazy_dataclass
class Parsed:
    """Plain data plus positions, keyed by the path of each node (a tuple of keys and indices)."""

    data: object
    values: dict  # path -> (line, column) of the value, 0-based
    keys: dict  # path -> (line, column) of the mapping key that holds the value, 0-based
