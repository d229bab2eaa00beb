"""Benchmark: the player aids and the docs site (run on demand, not a test).

Prints the time to render every aid of the Short Campaign as HTML (cold: first call in
the process, then warm), the SVG map alone, the PDFs with WeasyPrint (when installed) and
their page counts, and the strict mkdocs build of the site (when mkdocs is installed).

    .venv/bin/python benchmarks/bench_render.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml"
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)


def timed(func):
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def median_of(func, repeat=5):
    times = [timed(func)[0] for _ in range(repeat)]
    return statistics.median(times)


def main() -> None:
    from toolkit.render.aids import render_aids
    from toolkit.render.build import build_aids
    from toolkit.render.svgmap import render_map_svg
    from toolkit.session import Session

    opened = Session().open_scenario(SCENARIO, checks=False)

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        cold, _ = timed(lambda: build_aids(opened, tmp / "cold"))
        print(f"aids, HTML + SVG, cold (load + render + write): {cold * 1000:8.0f} ms")
        warm = median_of(lambda: build_aids(opened, tmp / "warm"))
        print(f"aids, HTML + SVG, warm (median of 5):          {warm * 1000:8.0f} ms")
        render = median_of(lambda: render_aids(opened.game, opened.scenario, opened.module))
        print(f"  of which rendering the templates:            {render * 1000:8.0f} ms")
        svg = median_of(lambda: render_map_svg(opened.game, opened.scenario, overlays=("control", "air_zoc", "supply")))
        print(f"  the SVG map with every overlay:              {svg * 1000:8.0f} ms")
        try:
            import weasyprint  # noqa: F401
        except (ImportError, OSError):
            print("PDF: skipped (WeasyPrint not installed: pip install -e '.[pdf]')")
        else:
            seconds, written = timed(lambda: build_aids(opened, tmp / "pdf", pdf=True))
            pages = written["pages"]
            print(f"aids, HTML + PDF:                              {seconds * 1000:8.0f} ms")
            print("  PDF pages: " + ", ".join(f"{name} {count}" for name, count in pages.items()))
        try:
            import mkdocs  # noqa: F401
        except ImportError:
            print("site: skipped (mkdocs not installed: pip install -e .)")
        else:
            from toolkit.cli import build_parser
            from toolkit.render.site import build_site

            seconds, _ = timed(lambda: build_site(tmp / "site", Session(), build_parser()))
            files = sum(1 for p in (tmp / "site").rglob("*.html"))
            print(f"site, strict mkdocs build:                     {seconds * 1000:8.0f} ms ({files} HTML pages)")


if __name__ == "__main__":
    main()
