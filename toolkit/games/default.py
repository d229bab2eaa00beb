"""Defaults for games without a rules module of their own."""

from __future__ import annotations


def permanently_removed(counter, edition) -> bool:
    """Whether a sunk counter leaves the game for good (default: yes)."""
    return True
