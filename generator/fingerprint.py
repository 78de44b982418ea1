"""Fingerprints for caches: of files read safely, and of playaid's own code and catalogs."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from generator import __version__, limits
from generator.places import CODE, PROJECT

CODE_BYTES = 16 * 1024 * 1024


def code_digest() -> str:
    """A fingerprint of this playaid: its version, every module and every message catalog."""
    digest = hashlib.sha256(f"playaid {__version__}\n".encode())
    paths = sorted([*CODE.rglob("*.py"), *(PROJECT / "locales").rglob("*.po")])
    for path in paths:
        digest.update(f"{path.relative_to(PROJECT).as_posix()} ".encode())
        digest.update(f"{file_digest(path, CODE_BYTES) or 'unreadable'}\n".encode())
    return digest.hexdigest()


def file_digest(path: Path, limit: int) -> str | None:
    """The SHA-256 of a regular file's bytes, or None."""
    raw = read_regular(path, limit)
    return None if raw is None else hashlib.sha256(raw).hexdigest()


def read_regular(path: Path, limit: int) -> bytes | None:
    """A regular file's bytes when it is at most `limit` bytes; None for anything else (missing,
    a folder, a FIFO, a device, a link to one of those, too large, unreadable). Never blocks."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    chunks: list[bytes] = []
    size = 0
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size > limit:
            return None
        while size <= limit:
            chunk = os.read(descriptor, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return b"".join(chunks) if size <= limit else None


def yaml_files(root: Path) -> tuple[list[Path], list[Path]]:
    """Every `*.yaml` and `*.yml` entry below `root` (sorted), and the folders found deeper than
    limits.FOLDER_DEPTH, which are not entered. The walk is a loop, not a recursion (a folder
    1,500 deep crashed a recursive one), and never enters a link to a folder. Entries are listed
    whatever they are (a link, a folder or a FIFO named `*.yaml` is the reader's finding)."""
    found: list[Path] = []
    too_deep: list[Path] = []
    pending: list[tuple[Path, int]] = [(root, 0)]
    while pending:
        folder, depth = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            path = Path(entry.path)
            if entry.name.endswith((".yaml", ".yml")):
                found.append(path)
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if not is_folder:
                continue
            if depth + 1 > limits.FOLDER_DEPTH:
                too_deep.append(path)
            else:
                pending.append((path, depth + 1))
    return sorted(found), sorted(too_deep)
