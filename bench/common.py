"""What the benchmark's parts share: where playaid is, how it is run, and timing helpers."""

from __future__ import annotations

import os
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
