"""Chartroom: scenario authoring and rules validation for Pacific War hex-and-counter games."""

__version__ = "0.1.0"
