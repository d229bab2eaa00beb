"""Run every benchmark in this folder (`make bench`)."""

import runpy
import sys
from pathlib import Path

for path in sorted(Path(__file__).parent.glob("bench_*.py")):
    print(f"== {path.name}")
    sys.argv = [str(path)]
    runpy.run_path(str(path), run_name="__main__")
    print()
