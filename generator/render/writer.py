"""Write build results so that no kill, full disk or second build can leave a torn folder.

A build writes in three steps under a lock on the output folder:

1. stage: every file goes to a temporary file beside its target, created exclusively (never
   following a link), written and fsynced;
2. journal: the list of (temporary, target) pairs, the manifest last, is written atomically to
   `.playaid-journal.json`;
3. move: each temporary file is renamed over its target (a link or a FIFO in the way is replaced,
   never followed), then the journal is removed.

A rename is atomic, so every PDF in the folder is at any instant a complete PDF, old or new. A kill
before the journal leaves only temporary files, which the next build removes; a kill after it is
finished by the next build (`recover`), which then leaves a manifest that matches the files.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import secrets
import signal
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

JOURNAL = ".playaid-journal.json"
LOCK = ".playaid.lock"
PARTIAL = ".partial"


class WriteError(Exception):
    """The output folder cannot take a file; what was already there is untouched."""


class Writer:
    """Stages files under one folder, then moves them all into place."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.staged: list[tuple[Path, Path]] = []
        self.targets: set[Path] = set()

    def stage(self, relative: str, data: bytes) -> None:
        """Write `data` to a temporary file beside root/relative."""
        target = self.root / relative
        if target in self.targets:
            raise ValueError(f"two documents would be written to {relative}")
        self.targets.add(target)
        folder = _real_folder(self.root, target.parent)
        in_the_way = _kind(target)
        if in_the_way == "directory":
            raise WriteError(f"{target} is a folder; playaid will not replace it with a file")
        temporary = folder / f".{target.name}.{secrets.token_hex(6)}{PARTIAL}"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
        self.staged.append((temporary, target))

    def commit(self) -> None:
        """Record the journal, move every staged file into place, forget the journal."""
        journal = self.root / JOURNAL
        entries = [
            {
                "temporary": str(temp.relative_to(self.root)),
                "target": str(target.relative_to(self.root)),
            }
            for temp, target in self.staged
        ]
        write_atomically(journal, json.dumps({"moves": entries}, indent=1).encode())
        with _interrupts_deferred():
            _move_all(self.root, entries)
            journal.unlink(missing_ok=True)
            _sync_folder(self.root)
        self.staged = []

    def discard(self) -> None:
        """Remove every staged file (a build that failed before moving anything)."""
        for temporary, _ in self.staged:
            temporary.unlink(missing_ok=True)
        self.staged = []


@contextlib.contextmanager
def locked(root: Path) -> Iterator[None]:
    """Hold the output folder's lock: one build writes into a folder at a time, and an
    interrupted build is finished before anything else is written."""
    root.mkdir(parents=True, exist_ok=True)
    path = root / LOCK
    if os.path.islink(path):
        path.unlink()
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        recover(root)
        yield
    finally:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
        os.close(descriptor)


def recover(root: Path) -> bool:
    """Finish a build that was stopped while moving its files, and remove temporary files a build
    left behind. Return whether there was an interrupted build to finish."""
    journal = root / JOURNAL
    finished = False
    if journal.is_file() and not journal.is_symlink():
        try:
            entries = json.loads(journal.read_text(encoding="utf-8"))["moves"]
        except (OSError, ValueError, KeyError, TypeError):
            entries = []  # a torn journal: the moves never began
        _move_all(root, entries)
        journal.unlink(missing_ok=True)
        finished = bool(entries)
    elif journal.is_symlink():
        journal.unlink()
    for folder, _, names in os.walk(root):  # links to folders are not followed
        for name in names:
            if name.startswith(".") and name.endswith(PARTIAL):
                (Path(folder) / name).unlink(missing_ok=True)
    return finished


def is_regular_file(path: Path) -> bool:
    """Whether `path` is a regular file itself, not a link to one."""
    return _kind(path) == "file"


def _move_all(root: Path, entries: list[dict[str, Any]]) -> None:
    """Rename each staged file over its target, in order; one already moved is skipped."""
    for entry in entries:
        temporary = _inside(root, entry["temporary"])
        target = _inside(root, entry["target"])
        if temporary is None or target is None or not temporary.is_file():
            continue
        os.replace(temporary, target)


def _inside(root: Path, relative: str) -> Path | None:
    """root/relative when its folder stays inside root (a journal is a file like any other); the
    last part is not resolved, so that a link standing there is replaced, not followed."""
    path = root / relative
    folder = path.parent.resolve(strict=False)
    return folder / path.name if folder.is_relative_to(root.resolve()) else None


def _real_folder(root: Path, folder: Path) -> Path:
    """`folder` below `root` as real directories: a link or a file in the way is replaced by a
    directory, so nothing is ever written through a link to somewhere else."""
    relative = folder.relative_to(root)
    current = root
    current.mkdir(parents=True, exist_ok=True)
    for part in relative.parts:
        current = current / part
        kind = _kind(current)
        if kind == "directory":
            continue
        if kind is not None:
            current.unlink()
        current.mkdir()
    return current


def _kind(path: Path) -> str | None:
    """What stands at `path`, links not followed: directory, file, link, other, or None."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "directory"
    return "file" if stat.S_ISREG(mode) else "other"


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` in one step, never writing through a link standing there."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}{PARTIAL}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:  # a full disk, or Ctrl-C: no partial file is left behind
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the renames in a folder durable."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.EBADF):
            raise
    finally:
        os.close(descriptor)


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Let Ctrl-C wait until the moves are done (a kill is still finished by `recover`)."""
    caught: list[int] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    except ValueError:  # not the main thread: nothing to defer
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def sha256(data: bytes) -> str:
    """Hex digest of some bytes."""
    return hashlib.sha256(data).hexdigest()
