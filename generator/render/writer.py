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
import fcntl
import hashlib
import json
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.core.errors import UserError
from generator.core.files import (
    PARTIAL,
    WriteError,
    create_temporary,
    is_abandoned_temporary,
    kind_of,
    os_reason,
    real_folder,
    sync_folder,
    write_atomically,
)
from generator.core.limits import shown_name

JOURNAL = ".playaid-journal.json"
LOCK = ".playaid.lock"
MANIFEST = "manifest.json"  # a build's list of its documents with their SHA-256 (builder.write)
MAX_LOCKED_FOLDERS = 64  # nested output folders locked together, at most


class Writer:
    """Stages files under one folder, then moves them all into place."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.staged: list[tuple[Path, Path]] = []
        self.targets: set[Path] = set()

    def stage(self, relative: str, data: bytes, *, mode: int | None = None) -> None:
        """Write `data` to a temporary file beside root/relative (with the permission bits
        `mode`, where given: a file edited in place keeps its own)."""
        target = self.root / relative
        if target in self.targets:
            raise ValueError(f"two documents would be written to {relative}")
        self.targets.add(target)
        folder = real_folder(self.root, target.parent)
        in_the_way = kind_of(target)
        if in_the_way == "directory":
            raise WriteError(
                f"{shown_name(target)} is a folder; playaid will not replace it with a file"
            )
        temporary, descriptor = create_temporary(folder, target.name)
        try:
            with os.fdopen(descriptor, "wb") as handle:
                if mode is not None:
                    os.fchmod(handle.fileno(), mode)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
        self.staged.append((temporary, target))

    def commit(self) -> None:
        """Record the journal, move every staged file into place, forget the journal.

        A journal that cannot be written (a full disk) removes every staged file and raises
        WriteError: nothing was changed. A move that fails after it leaves the journal, so that
        the next build into the folder finishes the moves."""
        journal = self.root / JOURNAL
        entries = [
            {
                "temporary": str(temp.relative_to(self.root)),
                "target": str(target.relative_to(self.root)),
            }
            for temp, target in self.staged
        ]
        try:
            write_atomically(journal, json.dumps({"moves": entries}, indent=1).encode())
        except BaseException as error:
            self.discard()
            if isinstance(error, OSError):
                raise WriteError(f"{os_reason(error)}; nothing was changed") from error
            raise
        try:
            with _interrupts_deferred():
                _move_all(self.root, entries)
                journal.unlink(missing_ok=True)
                sync_folder(self.root)
        except OSError as error:
            raise WriteError(
                f"{os_reason(error)}; the next build into this folder finishes moving the files"
            ) from error
        self.staged = []

    def discard(self) -> None:
        """Remove every staged file (a build that failed before moving anything)."""
        for temporary, _ in self.staged:
            temporary.unlink(missing_ok=True)
        self.staged = []


@contextlib.contextmanager
def locked(root: Path) -> Iterator[None]:
    """Hold the output folder's lock: one build writes into a folder at a time, and an
    interrupted build is finished before anything else is written. An output folder that is a
    file, or a folder standing where the lock or the journal goes, is a UserError."""
    if os.path.lexists(root) and not root.is_dir():
        raise UserError("output-not-a-folder", path=root, reason="word:not-a-folder")
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserError("output-not-a-folder", path=root, reason=os_reason(error)) from error
    for name in (LOCK, JOURNAL):
        kind = kind_of(root / name)
        if kind == "directory":
            raise UserError("output-in-the-way", path=root / name)
        if kind in ("link", "other"):  # replaced, never followed (a FIFO would block)
            (root / name).unlink()
    with contextlib.ExitStack() as held:
        for lock in _tree_locks(root):
            descriptor = _open_lock(lock, required=lock.parent == root)
            if descriptor is None:
                continue
            held.callback(os.close, descriptor)
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            held.callback(fcntl.flock, descriptor, fcntl.LOCK_UN)
            recover(lock.parent)
        yield


def _tree_locks(root: Path) -> list[Path]:
    """The locks a writer into `root` takes: its own, and those of the output folders it is
    nested in or that are nested in it (where playaid has written before), so that a build into
    `output/` and a `site` into `output/site/` never write at once. In one order for every
    process (by path), so that no two wait on each other."""
    root = Path(os.path.abspath(root))
    locks = {root / LOCK}
    locks.update(parent / LOCK for parent in root.parents if kind_of(parent / LOCK) == "file")
    for folder, folders, names in os.walk(root):  # links to folders are not followed
        folders.sort()
        if LOCK in names and kind_of(Path(folder) / LOCK) == "file":
            locks.add(Path(folder) / LOCK)
        if len(locks) > MAX_LOCKED_FOLDERS:
            break
    return sorted(locks, key=lambda lock: lock.parts)


def _open_lock(path: Path, *, required: bool) -> int | None:
    """The lock file opened (made where missing, never through a link); None for another
    folder's lock that cannot be opened (another user's), a UserError for the folder's own."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    except OSError as error:
        if not required:
            return None
        raise UserError("output-not-a-folder", path=path.parent, reason=os_reason(error)) from error


def recover(root: Path) -> bool:
    """Finish a build that was stopped while moving its files, and remove temporary files a build
    left behind. Return whether there was an interrupted build to finish."""
    journal = root / JOURNAL
    finished = False
    kind = kind_of(journal)
    if kind == "file":
        entries = _journal_entries(journal)
        if entries is None:  # not a journal playaid wrote: no move is made from it
            print(
                f"playaid: {journal} is not a journal playaid wrote; it was removed and no file"
                " was moved from it",
                file=sys.stderr,
            )
            entries = []
        _move_all(root, entries, recovering=True)
        journal.unlink(missing_ok=True)
        finished = bool(entries)
    elif kind in ("link", "other"):
        journal.unlink()
    for folder, _, names in os.walk(root):  # links to folders are not followed
        for name in names:
            if is_abandoned_temporary(Path(folder), name):
                (Path(folder) / name).unlink(missing_ok=True)
    if finished:
        rehash_manifest(root)
    return finished


def rehash_manifest(root: Path) -> None:
    """After a recovery, the manifest's SHA-256 of each document as the file on disk is (a move
    the recovery could not make leaves the file another writer put there); an entry whose file
    is gone is dropped. A manifest that is not what playaid writes is left alone."""
    from generator.core.fingerprint import read_regular

    raw = read_regular(root / MANIFEST, JOURNAL_BYTES)
    try:
        entries = json.loads(raw.decode("utf-8"))["documents"] if raw else None
    except (UnicodeDecodeError, ValueError, RecursionError, KeyError, TypeError):
        return
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        return
    kept = []
    for entry in entries:
        path = _inside(root, str(entry.get("path", "")))
        data = read_regular(path, 1 << 34) if path is not None else None
        if data is not None:
            kept.append(entry | {"sha256": sha256(data)})
    text = json.dumps({"documents": kept}, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
    write_atomically(root / MANIFEST, text.encode())


JOURNAL_BYTES = 16 * 1024 * 1024


def _journal_entries(journal: Path) -> list[dict[str, str]] | None:
    """The moves a journal lists, or None when it is not what playaid writes (the journal is a
    file in a folder anyone may have written to): a list of temporary and target paths, each
    temporary one a `.partial` file. A torn journal (cut short by a kill: not JSON) lists no
    moves, since they never began."""
    from generator.core.fingerprint import read_regular

    raw = read_regular(journal, JOURNAL_BYTES)
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return []
    moves = data.get("moves") if isinstance(data, dict) else None
    if not isinstance(moves, list):
        return None
    for entry in moves:
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("temporary"), str)
            or not isinstance(entry.get("target"), str)
            or not Path(entry["temporary"]).name.startswith(".")
            or not entry["temporary"].endswith(PARTIAL)
            or "\0" in entry["temporary"] + entry["target"]
        ):
            return None
    return moves


def _move_all(root: Path, entries: list[dict[str, Any]], *, recovering: bool = False) -> None:
    """Rename each staged file over its target, in order; one already moved is skipped. While
    recovering from a journal (a file anyone may have written), a move that fails is skipped
    too: the temporary file is then removed with the others."""
    for entry in entries:
        try:
            temporary = _inside(root, entry["temporary"])
            target = _inside(root, entry["target"])
            if temporary is None or target is None or kind_of(temporary) != "file":
                if recovering:
                    continue
                raise WriteError(_vanished(root, entry))
            if kind_of(target) == "directory":  # a folder in the way is never replaced
                continue
            os.replace(temporary, target)
        except (OSError, ValueError):
            if not recovering:
                raise


def _vanished(root: Path, entry: dict[str, Any]) -> str:
    """Why a move failed: its staged file is gone (another program removed it)."""
    staged = shown_name(root / entry["temporary"])
    return (
        f"the staged file {staged} for {shown_name(root / entry['target'])} vanished before it"
        " was moved into place (another program removed it); the files moved before it are"
        " new, the rest are as they were: build again"
    )


def _inside(root: Path, relative: str) -> Path | None:
    """root/relative when its folder stays inside root (a journal is a file like any other); the
    last part is not resolved, so that a link standing there is replaced, not followed."""
    path = root / relative
    folder = path.parent.resolve(strict=False)
    return folder / path.name if folder.is_relative_to(root.resolve()) else None


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
