"""Benchmark: the player aids and the docs site (run on demand, not a test).

Prints the CPU time to render every aid of the Short Campaign as HTML (cold: first call in
the process, then warm), the SVG map alone, and the strict mkdocs build of the site with its
count of pages. The PDFs are ``bench_pdf.py``'s.

    .venv/bin/python benchmarks/bench_render.py [--smoke]

``--smoke`` times each figure once (the test suite's run: the script still works).
"""

from __future__ import annotations

import argparse
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
    """CPU seconds of one call (the machine is shared: no wall time), and its result."""
    start = time.process_time()
    result = func()
    return time.process_time() - start, result


def median_of(func, repeat=5):
    times = [timed(func)[0] for _ in range(repeat)]
    return statistics.median(times)


def main(repeat: int = 5) -> None:
    from toolkit.render.aids import render_aids
    from toolkit.render.build import build_aids
    from toolkit.render.svgmap import render_map_svg
    from toolkit.session import Session

    opened = Session().open_scenario(SCENARIO, checks=False)

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        cold, _ = timed(lambda: build_aids(opened, tmp / "cold"))
        print(f"aids, HTML + SVG, cold (load + render + write): {cold * 1000:8.0f} ms")
        warm = median_of(lambda: build_aids(opened, tmp / "warm"), repeat)
        print(f"aids, HTML + SVG, warm (median of {repeat}):          {warm * 1000:8.0f} ms")
        render = median_of(lambda: render_aids(opened.game, opened.scenario, opened.module), repeat)
        print(f"  of which rendering the templates:            {render * 1000:8.0f} ms")
        svg = median_of(lambda: render_map_svg(opened.game, opened.scenario, overlays=("control", "air_zoc", "supply")), repeat)
        print(f"  the SVG map with every overlay:              {svg * 1000:8.0f} ms")
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="each figure timed once (the test suite's run)")
    main(1 if parser.parse_args().smoke else 5)
