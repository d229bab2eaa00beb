"""An SVG drawing as PNG, through resvg (the ``pdf`` extra's resvg-py: a wheel with no system library)."""

from __future__ import annotations

from toolkit import lazy
from toolkit.errors import InputError

__all__ = ["svg_to_png", "PngUnavailable"]


class PngUnavailable(InputError):
    """resvg-py is not installed."""


def svg_to_png(svg: str, zoom: float = 1.0) -> bytes:
    """The PNG image of ``svg`` on a white ground, ``zoom`` times its size in pixels."""
    try:
        resvg = lazy.resvg_py()
    except ImportError as exc:
        raise PngUnavailable("PNG output needs resvg-py: pip install 'chartroom[pdf]' (or write an .svg file)") from exc
    return bytes(resvg.svg_to_bytes(svg_string=svg, background="#ffffff", zoom=zoom))
