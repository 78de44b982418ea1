"""Write build results atomically: each file goes to a temporary name and is renamed into place."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


class Writer:
    """Writes files under one folder, refusing to write the same path twice in a build."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: set[Path] = set()

    def write(self, relative: str, data: bytes) -> Path:
        """Write `data` to root/relative atomically; return the final path."""
        target = (self.root / relative).resolve()
        if target in self.written:
            raise ValueError(f"two documents would be written to {relative}")
        self.written.add(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f".{target.name}.partial")
        with partial.open("wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        partial.replace(target)
        return target


def sha256(data: bytes) -> str:
    """Hex digest of some bytes."""
    return hashlib.sha256(data).hexdigest()
