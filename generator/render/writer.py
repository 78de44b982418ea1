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
import re
import secrets
import signal
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.errors import UserError
from generator.limits import shown_name

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
            raise WriteError(
                f"{shown_name(target)} is a folder; playaid will not replace it with a file"
            )
        temporary, descriptor = create_temporary(folder, target.name)
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
                raise WriteError(f"{_reason(error)}; nothing was changed") from error
            raise
        try:
            with _interrupts_deferred():
                _move_all(self.root, entries)
                journal.unlink(missing_ok=True)
                _sync_folder(self.root)
        except OSError as error:
            raise WriteError(
                f"{_reason(error)}; the next build into this folder finishes moving the files"
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
        raise UserError("output-not-a-folder", path=root, reason=_reason(error)) from error
    for name in (LOCK, JOURNAL):
        kind = _kind(root / name)
        if kind == "directory":
            raise UserError("output-in-the-way", path=root / name)
        if kind in ("link", "other"):  # replaced, never followed (a FIFO would block)
            (root / name).unlink()
    path = root / LOCK
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    except OSError as error:
        raise UserError("output-not-a-folder", path=root, reason=_reason(error)) from error
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
    kind = _kind(journal)
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
            if name.startswith(".") and name.endswith(PARTIAL):
                (Path(folder) / name).unlink(missing_ok=True)
    return finished


JOURNAL_BYTES = 16 * 1024 * 1024


def _journal_entries(journal: Path) -> list[dict[str, str]] | None:
    """The moves a journal lists, or None when it is not what playaid writes (the journal is a
    file in a folder anyone may have written to): a list of temporary and target paths, each
    temporary one a `.partial` file. A torn journal (cut short by a kill: not JSON) lists no
    moves, since they never began."""
    from generator.fingerprint import read_regular

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


def is_regular_file(path: Path) -> bool:
    """Whether `path` is a regular file itself, not a link to one."""
    return _kind(path) == "file"


def _move_all(root: Path, entries: list[dict[str, Any]], *, recovering: bool = False) -> None:
    """Rename each staged file over its target, in order; one already moved is skipped. While
    recovering from a journal (a file anyone may have written), a move that fails is skipped
    too: the temporary file is then removed with the others."""
    for entry in entries:
        try:
            temporary = _inside(root, entry["temporary"])
            target = _inside(root, entry["target"])
            if temporary is None or target is None or _kind(temporary) != "file":
                continue
            if _kind(target) == "directory":  # a folder in the way is never replaced
                continue
            os.replace(temporary, target)
        except (OSError, ValueError):
            if not recovering:
                raise


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
    except (FileNotFoundError, NotADirectoryError):
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "directory"
    return "file" if stat.S_ISREG(mode) else "other"


def create_temporary(folder: Path, name: str) -> tuple[Path, int]:
    """A new temporary file for `name` in `folder`, open for writing, named
    `.<name>.<pid>-<token>.partial`: created exclusively and never through a link (O_EXCL |
    O_NOFOLLOW). A link or other file already standing at the chosen name (planted there) is
    removed, never followed, and another name is chosen. The process id in the name lets a later
    process remove what a killed one left (remove_stale_temporaries)."""
    for _ in range(TEMPORARY_ATTEMPTS):
        temporary = folder / f".{name}.{os.getpid()}-{secrets.token_hex(6)}{PARTIAL}"
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
            return temporary, os.open(temporary, flags, 0o644)
        except FileExistsError:
            if _kind(temporary) != "directory":
                temporary.unlink(missing_ok=True)
    raise WriteError(
        f"{shown_name(folder)}: could not create a temporary file for {shown_name(name)}"
    )


TEMPORARY_ATTEMPTS = 16
# The names of the temporary files playaid writes (create_temporary: `.<name>.<pid>-<12 hex>
# .partial`) and of those it wrote before (`<font>-<16 hex>.<pid>.tmp`), and no others.
_STALE = re.compile(
    r"\..+\.(?P<pid>[1-9][0-9]{0,9})-[0-9a-f]{12}\.partial"
    r"|.+-[0-9a-f]{16}\.(?P<old>[1-9][0-9]{0,9})\.tmp"
)


def remove_stale_temporaries(folder: Path) -> None:
    """Remove the temporary files that processes which are gone left in a cache folder (killed
    between creating and renaming them); a running process's own are left alone. Only regular
    files named as playaid names its temporary files are removed: never a link (nor anything
    through one), a folder, or a file of another name."""
    if _kind(folder) != "directory":
        return
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = _STALE.fullmatch(name)
        if match is None or _kind(folder / name) != "file":
            continue
        pid = int(match.group("pid") or match.group("old"))
        if pid == os.getpid() or _alive(pid):
            continue
        with contextlib.suppress(OSError):
            (folder / name).unlink()


def _alive(pid: int) -> bool:
    """Whether a process with this id is running (one of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def write_atomically(
    path: Path, data: bytes, *, mode: int | None = None, durable: bool = True
) -> None:
    """Replace `path` with `data` in one step, never writing through a link standing there;
    `mode` gives the new file those permission bits (a file edited in place keeps its own).
    Unless `durable` is False, the file and the rename reach the disk before this returns; a
    cache entry, sealed and checked whenever it is read, is written without that wait (one a
    crash tore is made again)."""
    temporary, descriptor = create_temporary(path.parent, path.name)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:  # a full disk, or Ctrl-C: no partial file is left behind
        temporary.unlink(missing_ok=True)
        raise
    if durable:
        _sync_folder(path.parent)


def _reason(error: BaseException) -> str:
    """An OS error in words."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}" + (f" ({error.filename})" if error.filename else "")
    return str(error)


def cache_folder(name: str) -> Path:
    """`$XDG_CACHE_HOME/playaid/<name>` as a real folder, made when missing: a link (or a file)
    standing there is removed, never followed, and a folder made in its place, so that no cache
    is written, and nothing removed, through a link to somewhere else."""
    from generator.places import cache_root

    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    return _real_folder(root, root / name)


def is_real_folder(path: Path) -> bool:
    """Whether `path` is a folder itself, not a link to one."""
    return _kind(path) == "directory"


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
