"""Where and when a benchmark ran: the date and the machine, in one line every script and the page start with.

Not a benchmark itself (its name does not start with ``bench_``, so ``make bench`` does not run it).
"""

from __future__ import annotations

import datetime
import os
import platform
import sys
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name as the kernel gives it (``/proc/cpuinfo``), else what ``platform`` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def operating_system() -> str:
    try:
        name = platform.freedesktop_os_release().get("PRETTY_NAME", "")
    except OSError:
        name = ""
    return f"{platform.system()} {platform.release()}" + (f" ({name})" if name else "")


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.1f} (5 min: {five:.1f})"


def machine() -> str:
    """``AMD EPYC, 2 CPUs, x86_64; Python 3.11.7; Linux 6.18 (Debian 12)``: the CPU model and count, Python, the OS."""
    return f"{cpu_model()}, {os.cpu_count()} CPUs, {platform.machine()}; Python {sys.version.split()[0]}; {operating_system()}"


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def describe() -> str:
    """The date, the machine and its load in one line: ``2026-11-27 01:02 UTC; AMD EPYC, 2 CPUs, ...; load 7.2 (5 min: 4.6)``."""
    return f"{now()}; {machine()}; {load()}"


if __name__ == "__main__":
    print(describe())
