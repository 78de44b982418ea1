"""What the benchmark's parts share: where playaid is, how it is run, and timing helpers."""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# playaid is run as `python -m generator` with this interpreter, so the console script's own start
# (its import of importlib.metadata and entry point lookup) is not mixed into the figures.
PLAYAID = [sys.executable, "-m", "generator"]
INVOCATION = f"{sys.executable} -m generator"
YARDSTICK = [sys.executable, "-c", "import yaml"]
# The benchmark's own harness processes (run.py `_record …`, `_bare …`).
HARNESS = [sys.executable, str(Path(__file__).with_name("run.py"))]


def summary(values: Sequence[float]) -> dict[str, Any]:
    """Median, min, max and count of some measurements."""
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "n": len(values),
    }


def environment(cache: Path) -> dict[str, str]:
    """This process's environment with playaid's caches under `cache`."""
    return {**os.environ, "XDG_CACHE_HOME": str(cache)}


def new_folder(parent: Path, name: str) -> Path:
    """A fresh empty folder under `parent`."""
    return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=parent))


def timed(command: list[str], cache: Path) -> tuple[float, str]:
    """Run a command to its end with caches under `cache`; its wall-clock seconds and stdout."""
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=ROOT, env=environment(cache), capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    return seconds, done.stdout


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    """numerator / denominator, or None when either is missing."""
    if numerator is None or not denominator:
        return None
    return numerator / denominator


def cache_counts(stdout: str) -> dict[str, Any]:
    """The build's line about the cache, verbatim, and the counts it gives (or None)."""
    lines = [line for line in stdout.splitlines() if "cache" in line.lower()]
    lines = [line for line in lines if not line.startswith(("Japanese font", "日本語フォント"))]
    line = lines[-1].strip() if lines else None
    found = re.search(r"rendered (\d+), reused (\d+)", line or "")
    return {
        "cache_line": line,
        "rendered": int(found.group(1)) if found else None,
        "reused": int(found.group(2)) if found else None,
    }
