"""A `playaid build --watch` process driven from a test: the lines it prints, read as they come."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

HANG_GUARD = 300  # seconds: catches a watch that never answers, not a slow one


class Watcher:
    """A `playaid build --watch` process run in `folder` (its cache in `folder/cache`) and the
    lines it prints, read as they come."""

    def __init__(self, folder: Path, *args: str) -> None:
        env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "generator", "build", *args, "--watch"],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout or ():
            self.lines.put(line.rstrip("\n"))

    def until(self, start: str, timeout: float = HANG_GUARD) -> list[str]:
        """The lines printed up to and including the next one that starts with `start`; fails
        (queue.Empty) when no line comes for `timeout` seconds."""
        taken = []
        while True:
            line = self.lines.get(timeout=timeout)
            taken.append(line)
            self.seen.append(line)
            if line.startswith(start):
                return taken

    def quiet(self, seconds: float) -> list[str]:
        """The lines printed in the next `seconds` (none, when the watch only waits)."""
        taken = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                taken.append(self.lines.get(timeout=left))
            except queue.Empty:
                break
        self.seen.extend(taken)
        return taken

    def stop(self) -> int:
        """Ctrl-C, and the exit code."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=HANG_GUARD)


def edit(path: Path, old: str, new: str) -> None:
    """Save the file with one change, as an editor would (a new modification time)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
